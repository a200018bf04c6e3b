//! Outgoing mail: through SMTP when `SMTP_URL` is set, else into the `outbox` table for
//! the operator (and tests) to read. A message SMTP refuses goes to the outbox too, so
//! nothing is lost.

use lettre::message::Mailbox;
use lettre::transport::smtp::client::{CertificateStore, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::{ActiveModelTrait, Set};
use url::Url;

use crate::config::SmtpCa;
use crate::entities::outbox;
use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::now;

/// Sends one plain-text message.
///
/// # Errors
/// The outbox could not be written.
pub async fn send(state: &AppState, to: &str, subject: &str, body: &str) -> Result<(), ApiError> {
    if let Some(url) = &state.config.smtp_url {
        let ca = state.config.smtp_ca.as_ref();
        match deliver(url, ca, &state.config.smtp_from, to, subject, body).await {
            Ok(()) => {
                tracing::info!(subject, "mail sent through SMTP");
                return Ok(());
            }
            Err(e) => tracing::error!(error = %e, "SMTP failed; keeping the message in the outbox"),
        }
    }
    outbox::ActiveModel {
        recipient: Set(to.to_owned()),
        subject: Set(subject.to_owned()),
        body: Set(body.to_owned()),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    tracing::info!(subject, "mail written to the outbox");
    Ok(())
}

async fn deliver(
    url: &str,
    ca: Option<&SmtpCa>,
    from: &str,
    to: &str,
    subject: &str,
    body: &str,
) -> Result<(), String> {
    let from: Mailbox = from.parse().map_err(|e| format!("SMTP_FROM: {e}"))?;
    let to: Mailbox = to.parse().map_err(|e| format!("recipient: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject)
        .body(body.to_owned())
        .map_err(|e| e.to_string())?;
    transport(url, ca)?
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The transport `url` describes, in lettre's URL syntax: `smtps://` is TLS from the
/// first byte; `smtp://…?tls=required` is STARTTLS or nothing; `?tls=opportunistic` is
/// STARTTLS when offered; plain `smtp://` is a relay without TLS. rustls checks the
/// server's certificate against the webpki roots, and also against `ca`'s when set.
fn transport(url: &str, ca: Option<&SmtpCa>) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map_err(|e| format!("SMTP_URL: {e}"))?;
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
