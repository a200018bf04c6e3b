//! The background worker that drains the delivery queue on each instance: it leases due
//! deliveries (`queue.rs`), makes up to `CALCSMITH_WEBHOOKS_CONCURRENCY` attempts at once
//! (`send.rs`), records each, and tells the author by mail when their endpoint was turned
//! off. A stored submission wakes it at once ([`wake`]); otherwise it looks every
//! `CALCSMITH_WEBHOOKS_POLL_MS` (for retries, and for deliveries other instances queued).

use std::sync::{Arc, LazyLock, Weak};
use std::time::Duration;

use hyper::header::HeaderName;
use sea_orm::EntityTrait;
use tokio::sync::Notify;
use tokio::task::JoinSet;

use super::address::WebhookUrl;
use super::payload::doc_name;
use super::queue;
use super::send::{self, Outcome};
use super::signature;
use crate::entities::{calculator, user, webhook_delivery, webhook_endpoint};
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// Wakes every worker of this process (a delivery was queued or an endpoint turned on).
static WAKE: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Wakes the workers of this process to look for due deliveries now.
pub fn wake() {
    WAKE.notify_waiters();
}

/// Held by the app that started a worker (a layer of its router): the worker stops, after
/// the attempts it is making, once every clone is gone — the app has stopped. (Tests stop
/// an app and start another on the same database in one process.)
#[derive(Clone)]
pub struct WorkerGuard {
    _alive: Arc<()>,
}

/// Starts this instance's worker; it runs while the returned guard lives.
pub fn spawn(state: AppState) -> WorkerGuard {
    let guard = Arc::new(());
    tokio::spawn(run(state, Arc::downgrade(&guard)));
    WorkerGuard { _alive: guard }
}

async fn run(state: AppState, alive: Weak<()>) {
    let config = state.config.webhooks.clone();
    // Longer than an attempt can take, so a lease never runs out under a live holder.
    let lease = config.timeout + Duration::from_secs(60);
    let holder = random_token();
    let mut running = JoinSet::new();
    while alive.strong_count() > 0 {
        let notified = WAKE.notified();
        tokio::pin!(notified);
        // Registered before looking, so a wake during the look is not missed.
        notified.as_mut().enable();
        let room = config.concurrency.saturating_sub(running.len());
        if room > 0 {
            let now = now_ms();
            let until = now.saturating_add(i64::try_from(lease.as_millis()).unwrap_or(i64::MAX));
            match queue::lease_due(&state.db, &holder, room, now, until).await {
                Ok(ids) => {
                    for id in ids {
                        running.spawn(attempt(state.clone(), id, holder.clone()));
                    }
                }
                Err(error) => tracing::warn!(%error, "webhook deliveries not leased"),
            }
        }
        tokio::select! {
            () = &mut notified => {}
            () = tokio::time::sleep(config.poll) => {}
            Some(_) = running.join_next(), if !running.is_empty() => {}
        }
    }
    while running.join_next().await.is_some() {}
}

/// Makes one attempt at delivery `id`, leased to `holder`, and records it.
async fn attempt(state: AppState, id: String, holder: String) {
    if let Err(error) = try_attempt(&state, &id, &holder).await {
        tracing::warn!(%error, delivery = %id, "webhook attempt not recorded");
    }
}

async fn try_attempt(state: &AppState, id: &str, holder: &str) -> Result<(), sea_orm::DbErr> {
    let Some(delivery) = webhook_delivery::Entity::find_by_id(id)
        .one(&state.db)
        .await?
    else {
        return Ok(());
    };
    if delivery.lease_owner.as_deref() != Some(holder) {
        return Ok(());
    }
    let endpoint = webhook_endpoint::Entity::find_by_id(delivery.endpoint_id.as_str())
        .one(&state.db)
        .await?;
    let Some(endpoint) = endpoint.filter(|e| e.enabled) else {
        return queue::fail_unsent(&state.db, id, holder).await;
    };
    let config = &state.config.webhooks;
    let now = now_ms();
    let outcome = match WebhookUrl::parse(&endpoint.url, config.allow_loopback) {
        Ok(url) => {
            let signed = signature::header_value(&endpoint.secret, now / 1000, &delivery.payload);
            let headers = vec![
                (HeaderName::from_static("calcsmith-signature"), signed),
                (
                    HeaderName::from_static("calcsmith-delivery"),
                    delivery.id.clone(),
                ),
            ];
            send::post(
                &url,
                headers,
                delivery.payload.clone(),
                config.timeout,
                config.allow_loopback,
            )
            .await
        }
        Err(error) => Outcome::refused(error.to_string()),
    };
    let result = if outcome.delivered() {
        "delivered"
    } else {
        "failed"
    };
    metrics::counter!("webhook_attempts_total", "result" => result).increment(1);
    tracing::info!(
        delivery = %delivery.id,
        endpoint = %endpoint.id,
        status = outcome.status,
        result,
        "webhook attempt"
    );
    let recorded = queue::record(
        &state.db, config, holder, &delivery, &endpoint, now, &outcome,
    )
    .await?;
    if let Some(reason) = recorded.disabled {
        tell_author(state, &endpoint, &reason).await;
    }
    Ok(())
}

/// Mails the author that `endpoint` was turned off, and why.
async fn tell_author(state: &AppState, endpoint: &webhook_endpoint::Model, reason: &str) {
    let owner = user::Entity::find_by_id(endpoint.owner_id)
        .one(&state.db)
        .await;
    let calc = calculator::Entity::find_by_id(endpoint.calculator_id.as_str())
        .one(&state.db)
        .await;
    let (Ok(Some(owner)), Ok(calc)) = (owner, calc) else {
        return;
    };
    let name = calc.map(|c| doc_name(&c.doc)).unwrap_or_default();
    let subject = format!("Webhook turned off: {name}");
    let body = format!(
        "Calcsmith has turned off a webhook of your calculator \"{name}\":\n\n  {url}\n\n\
         {reason}.\n\nFix the endpoint, then turn the webhook back on in the calculator's \
         settings ({public}/source/{id}); deliveries that failed can be sent again from its \
         delivery log.\n",
        url = endpoint.url,
        public = state.config.public_url,
        id = endpoint.calculator_id,
    );
    if let Err(error) = crate::services::mail::send(state, &owner.email, &subject, &body).await {
        tracing::warn!(?error, endpoint = %endpoint.id, "the author was not told of a turned-off webhook");
    }
}
