//! Outgoing mail: through SMTP when `SMTP_URL` is set, else into the `outbox` table for
//! the operator (and tests) to read. A message SMTP refuses goes to the outbox too, so
//! nothing is lost.

use lettre::message::Mailbox;
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
    // lettre's URL syntax: `smtps://` is TLS from the first byte; `smtp://…?tls=required`
    // is STARTTLS or nothing; plain `smtp://` is a relay without TLS. rustls checks the
    // server's certificate against the webpki roots.
    let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
        .map_err(|e| format!("SMTP_URL: {e}"))?
        .build();
    transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}
