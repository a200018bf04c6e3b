//! Outgoing mail. Through SMTP when `SMTP_URL` is set, else into the `outbox` table for
//! the operator (and tests) to read (`transport.rs`).
//!
//! Account mail (password resets) is sent at once by [`send`]. Mail about submissions
//! (issue 29 §4, docs/submissions.md "E-mail") goes through a durable queue instead:
//! rows in `mail_queue` inserted in the transaction that stores the submission
//! (`queue.rs`), sent by a background worker after the visitor has the answer, leased
//! across instances and retried with backoff (`worker.rs`). What the rows say is in
//! `content.rs` (rendered with `messages.rs`, in English or Russian, and `display.rs`);
//! who gets what: the author of each submission (`notify.rs`), or a daily digest
//! (`digest.rs`), the visitor's copy of their results (`results.rs`), and the author's
//! one-click unsubscribe (`unsubscribe.rs`).

pub mod content;
pub mod digest;
pub mod display;
pub mod messages;
pub mod notify;
pub mod queue;
pub mod results;
pub mod transport;
pub mod unsubscribe;
pub mod worker;

use crate::error::ApiError;
use crate::state::AppState;
use transport::Outgoing;

/// Sends one plain-text message now: through SMTP when it is set up, else (or when the
/// relay fails) into the outbox, so nothing is lost.
///
/// # Errors
/// The outbox could not be written.
pub async fn send(state: &AppState, to: &str, subject: &str, body: &str) -> Result<(), ApiError> {
    let message = Outgoing {
        to: to.to_owned(),
        subject: subject.to_owned(),
        body: body.to_owned(),
        headers: Vec::new(),
    };
    if state.config.smtp_url.is_some() {
        match transport::deliver(&state.config, &message).await {
            Ok(()) => {
                tracing::info!(subject, "mail sent through SMTP");
                return Ok(());
            }
            Err(failure) => {
                tracing::error!(%failure, "SMTP failed; keeping the message in the outbox");
            }
        }
    }
    transport::write_outbox(&state.db, &message).await?;
    tracing::info!(subject, "mail written to the outbox");
    Ok(())
}
