//! The background worker that drains the mail queue: woken when a submission commits
//! (`queue::wake`) and otherwise looking every `CALCSMITH_MAIL_POLL_MS`. Each message it
//! leases is rendered and handed to the relay; a failure waits `CALCSMITH_MAIL_RETRY_MS`,
//! doubled each time up to `CALCSMITH_MAIL_RETRY_MAX_MS`, and after
//! `CALCSMITH_MAIL_ATTEMPTS` the message goes to the outbox (logged by its kind and row,
//! never its address). With no `SMTP_URL` every message goes to the outbox at once.
//!
//! The worker (and the digest task) hold the app's configuration only weakly and stop
//! once the app is gone, so a stopped instance stops mailing (tests start and stop
//! several in one process).

use std::sync::{Arc, Weak};

use sea_orm::DatabaseConnection;

use super::content::{Payload, render};
use super::transport::{Outgoing, deliver};
use super::{digest, queue};
use crate::config::Config;
use crate::entities::mail_queue;
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// Rows leased at a time.
const BATCH: u64 = 10;

/// Starts the queue's worker and the daily digests for the app of `state`.
pub fn spawn(state: &AppState) {
    let config = Arc::downgrade(&state.config);
    tokio::spawn(drain(state.db.clone(), config.clone()));
    digest::spawn(state.db.clone(), config);
}

async fn drain(db: DatabaseConnection, config: Weak<Config>) {
    let bell = queue::register();
    // One token per worker: its leases are its own.
    let token = random_token();
    loop {
        let Some(live) = config.upgrade() else {
            return;
        };
        let poll = live.mail.poll;
        let full = match send_due(&db, &live, &token).await {
            Ok(sent) => sent == BATCH,
            Err(error) => {
                tracing::warn!(%error, "mail queue not read");
                false
            }
        };
        drop(live);
        if !full {
            tokio::select! {
                () = bell.notified() => {}
                () = tokio::time::sleep(poll) => {}
            }
        }
    }
}

/// Sends one batch of due mail; how many rows it leased.
async fn send_due(
    db: &DatabaseConnection,
    config: &Config,
    token: &str,
) -> Result<u64, sea_orm::DbErr> {
    let lease = i64::try_from(config.mail.lease.as_millis()).unwrap_or(i64::MAX);
    let rows = queue::claim(db, token, lease, BATCH).await?;
    let leased = rows.len() as u64;
    for row in rows {
        let message = match serde_json::from_str::<Payload>(&row.payload) {
            Ok(payload) => render(config, &row.recipient, &payload),
            // Not ours to read (a newer instance's shape): kept for the operator as is.
            Err(_) => Outgoing {
                to: row.recipient.clone(),
                subject: format!("Calcsmith {} mail", row.kind),
                body: row.payload.clone(),
                headers: Vec::new(),
            },
        };
        settle(db, config, token, &row, &message).await?;
    }
    Ok(leased)
}

async fn settle(
    db: &DatabaseConnection,
    config: &Config,
    token: &str,
    row: &mail_queue::Model,
    message: &Outgoing,
) -> Result<(), sea_orm::DbErr> {
    let kind = row.kind.as_str();
    if config.smtp_url.is_none() {
        if queue::to_outbox(db, row.id, token, message).await? {
            metrics::counter!("mail_outbox_total", "kind" => kind.to_owned()).increment(1);
            tracing::info!(
                kind,
                id = row.id,
                "mail written to the outbox (no SMTP_URL)"
            );
        }
        return Ok(());
    }
    let failure = match deliver(config, message).await {
        Ok(()) => {
            if queue::delivered(db, row.id, token).await? {
                metrics::counter!("mail_sent_total", "kind" => kind.to_owned()).increment(1);
                tracing::info!(kind, id = row.id, "mail sent through SMTP");
            }
            return Ok(());
        }
        Err(failure) => failure,
    };
    let attempts = u32::try_from(row.attempts).unwrap_or(0).saturating_add(1);
    metrics::counter!("mail_failed_attempts_total", "kind" => kind.to_owned()).increment(1);
    if attempts >= config.mail.attempts {
        if queue::to_outbox(db, row.id, token, message).await? {
            metrics::counter!("mail_outbox_total", "kind" => kind.to_owned()).increment(1);
            tracing::error!(
                kind, id = row.id, attempts, %failure,
                "mail not delivered, its attempts spent: written to the outbox"
            );
        }
        return Ok(());
    }
    let wait = config.mail.backoff(attempts);
    let next_at = now_ms() + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX / 2);
    if queue::failed(db, row.id, token, next_at, &failure.0).await? {
        tracing::warn!(
            kind, id = row.id, attempts, %failure, retry_in_ms = wait.as_millis() as u64,
            "mail not delivered; it will be retried"
        );
    }
    Ok(())
}
