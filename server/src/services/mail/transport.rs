//! Handing one message to the SMTP relay (`SMTP_URL`), or writing it to the `outbox`
//! table for the operator (and tests) to read. [`deliver`] says whether the relay took
//! it, so the queue can retry; what a failure says never includes an address.

use lettre::message::Mailbox;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::transport::smtp::client::{CertificateStore, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, Set};
use url::Url;

use crate::config::{Config, SmtpCa};
use crate::entities::outbox;
use crate::tokens::now;

/// How long one SMTP command may wait for the relay.
const SMTP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// One plain-text message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// Extra header lines (`List-Unsubscribe`), name and value.
    pub headers: Vec<(&'static str, String)>,
}

/// Why the relay did not take a message, without its addresses or the relay's text (which
/// may quote them): `"transient 451"`, `"timeout"`, `"connection"`, `"recipient"`, …
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Sends `message` through the relay of `config.smtp_url` (which must be set).
///
/// # Errors
/// No relay is set up, the message cannot be built, or the relay refused or failed.
pub async fn deliver(config: &Config, message: &Outgoing) -> Result<(), Failure> {
    let url = config
        .smtp_url
        .as_deref()
        .ok_or_else(|| Failure("no SMTP_URL".to_owned()))?;
    let built = build(&config.smtp_from, message)?;
    transport(url, config.smtp_ca.as_ref())
        .map_err(|_| Failure("SMTP_URL".to_owned()))?
        .send(built)
        .await
        .map(|_| ())
        .map_err(|e| Failure(describe(&e)))
}

/// The lettre message: plain text, UTF-8, with the extra headers.
fn build(from: &str, message: &Outgoing) -> Result<Message, Failure> {
    let from: Mailbox = from.parse().map_err(|_| Failure("SMTP_FROM".to_owned()))?;
    let to: Mailbox = message
        .to
        .parse()
        .map_err(|_| Failure("recipient".to_owned()))?;
    let mut builder = Message::builder()
        .from(from)
        .to(to)
        .subject(one_line(&message.subject));
    for (name, value) in &message.headers {
        let name = HeaderName::new_from_ascii((*name).to_owned())
            .map_err(|_| Failure("header".to_owned()))?;
        builder = builder.raw_header(HeaderValue::new(name, one_line(value)));
    }
    builder
        .body(message.body.clone())
        .map_err(|_| Failure("message".to_owned()))
}

/// `text` with line breaks and other control characters as spaces (a header's value).
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A failure's kind and code, never the relay's words.
fn describe(error: &lettre::transport::smtp::Error) -> String {
    let code = error.status().map(|c| format!(" {c}")).unwrap_or_default();
    let kind = if error.is_transient() {
        "transient"
    } else if error.is_permanent() {
        "permanent"
    } else if error.is_timeout() {
        "timeout"
    } else if error.is_tls() {
        "tls"
    } else if error.is_response() {
        "response"
    } else if error.is_client() {
        "client"
    } else {
        "connection"
    };
    format!("{kind}{code}")
}

/// Writes `message` to the outbox (its extra headers are not kept).
///
/// # Errors
/// The database could not be written.
pub async fn write_outbox(conn: &impl ConnectionTrait, message: &Outgoing) -> Result<(), DbErr> {
    outbox::ActiveModel {
        recipient: Set(message.to.clone()),
        subject: Set(message.subject.clone()),
        body: Set(message.body.clone()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// The transport `url` describes, in lettre's URL syntax: `smtps://` is TLS from the
/// first byte; `smtp://…?tls=required` is STARTTLS or nothing; `?tls=opportunistic` is
/// STARTTLS when offered; plain `smtp://` is a relay without TLS. rustls checks the
/// server's certificate against the webpki roots, and also against `ca`'s when set.
fn transport(url: &str, ca: Option<&SmtpCa>) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map_err(|e| format!("SMTP_URL: {e}"))?
        .timeout(Some(SMTP_TIMEOUT));
    let Some(ca) = ca else {
        return Ok(builder.build());
    };
    // lettre's URL parser has no way to add roots, so the TLS it chose is replaced by the
    // same mode with parameters that trust them; the URL stays the one source of host,
    // port, credentials and mode.
    let url = Url::parse(url).map_err(|e| format!("SMTP_URL: {e}"))?;
    let (Some(mode), Some(host)) = (tls_mode(&url), url.host_str()) else {
        return Ok(builder.build());
    };
    let parameters = ca
        .tls_parameters(host.to_owned(), CertificateStore::Default)
        .map_err(|e| format!("SMTP_CA_FILE: {e}"))?;
    Ok(builder.tls(mode(parameters)).build())
}

/// How `url` asks for TLS, as the [`Tls`] variant to build, the way lettre reads it;
/// `None` for no TLS.
fn tls_mode(url: &Url) -> Option<fn(TlsParameters) -> Tls> {
    let tls = url
        .query_pairs()
        .find(|(key, _)| key == "tls")
        .map(|(_, value)| value.into_owned());
    match (url.scheme(), tls.as_deref()) {
        ("smtps", _) => Some(Tls::Wrapper),
        ("smtp", Some("required")) => Some(Tls::Required),
        ("smtp", Some("opportunistic")) => Some(Tls::Opportunistic),
        _ => None,
    }
}
