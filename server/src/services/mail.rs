//! Outgoing mail: through SMTP when `SMTP_URL` is set, else into the `outbox` table for
//! the operator (and tests) to read. A message SMTP refuses goes to the outbox too, so
//! nothing is lost.

use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::{ActiveModelTrait, Set};

use crate::auth::now;
use crate::entities::outbox;
use crate::error::ApiError;
use crate::state::AppState;

/// Sends one plain-text message.
///
/// # Errors
/// The outbox could not be written.
pub async fn send(state: &AppState, to: &str, subject: &str, body: &str) -> Result<(), ApiError> {
    if let Some(url) = &state.config.smtp_url {
        match deliver(url, &state.config.smtp_from, to, subject, body).await {
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

async fn deliver(url: &str, from: &str, to: &str, subject: &str, body: &str) -> Result<(), String> {
    let from: Mailbox = from.parse().map_err(|e| format!("SMTP_FROM: {e}"))?;
    let to: Mailbox = to.parse().map_err(|e| format!("recipient: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject)
        .body(body.to_owned())
        .map_err(|e| e.to_string())?;
    let relay = SmtpRelay::parse(url)?;
    let mut builder =
        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(relay.host).port(relay.port);
    if let Some((user, password)) = relay.credentials {
        builder = builder.credentials(Credentials::new(user, password));
    }
    let transport = builder.build();
    transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// `smtp://[user:password@]host[:port]`: a plain SMTP relay (this build has no TLS).
struct SmtpRelay {
    host: String,
    port: u16,
    credentials: Option<(String, String)>,
}

impl SmtpRelay {
    fn parse(url: &str) -> Result<SmtpRelay, String> {
        let rest = url
            .strip_prefix("smtp://")
            .ok_or("SMTP_URL must start with smtp://")?
            .trim_end_matches('/');
        let (credentials, address) = match rest.rsplit_once('@') {
            Some((auth, address)) => {
                let (user, password) = auth.split_once(':').unwrap_or((auth, ""));
                (Some((user.to_owned(), password.to_owned())), address)
            }
            None => (None, rest),
        };
        let (host, port) = match address.rsplit_once(':') {
            Some((host, port)) => (host, port.parse().map_err(|_| "SMTP_URL has a bad port")?),
            None => (address, 25),
        };
        if host.is_empty() {
            return Err("SMTP_URL has no host".to_owned());
        }
        Ok(SmtpRelay {
            host: host.to_owned(),
            port,
            credentials,
        })
    }
}
