//! The webhook outbox: events not yet delivered, kept in the state's journal so that a
//! restart, a crash or a deploy loses none of them, and the one loop per sandbox that delivers them.
//!
//! The schedule: the first attempt right after the change that made the event; after the n-th
//! failure the next attempt comes 2ⁿ⁻¹ seconds later (1, 2, 4, … s: a receiver that was down
//! for a moment gets the event a moment later), at most an hour apart. An event still
//! undelivered three days after it was made is dropped with a warning, as Stripe gives up after
//! three days. On start-up every waiting event is tried at once: in sandbox mode the receiver
//! is the same process, so a restart is usually what mended it.

use std::sync::{Arc, Weak};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::Notify;

use crate::webhook::Event;
use crate::{Inner, Sandbox, Stored};

/// The longest wait between two attempts.
const MAX_INTERVAL_MS: i64 = 60 * 60 * 1000;

/// How long Stripe keeps trying to deliver an event.
const HORIZON_MS: i64 = 3 * 24 * 60 * 60 * 1000;

/// An event waiting to be delivered. Times are Unix milliseconds: the first retries are a
/// second apart, finer than the state's whole seconds.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pending {
    pub event: Event,
    /// Delivery attempts made so far.
    pub attempts: u32,
    /// When the change made it; the three days count from here.
    pub queued_at_ms: i64,
    pub next_attempt_ms: i64,
}

/// Appends `events` to the outbox, due at once.
pub fn queue(outbox: &mut Vec<Pending>, events: Vec<Event>, now_ms: i64) {
    outbox.extend(events.into_iter().map(|event| Pending {
        event,
        attempts: 0,
        queued_at_ms: now_ms,
        next_attempt_ms: now_ms,
    }));
}

/// Makes every waiting event due at once (on start-up).
pub fn due_now(outbox: &mut [Pending], now_ms: i64) {
    for pending in outbox {
        pending.next_attempt_ms = pending.next_attempt_ms.min(now_ms);
    }
}

/// The wait after `attempts` failed attempts: 1 s, doubling, at most [`MAX_INTERVAL_MS`].
fn retry_interval_ms(attempts: u32) -> i64 {
    let doublings = attempts.saturating_sub(1).min(31);
    (1000_i64 << doublings).min(MAX_INTERVAL_MS)
}

/// Counts a failed attempt and schedules the next one; `false` when that would fall past
/// Stripe's horizon and the event is to be dropped.
fn reschedule(pending: &mut Pending, now_ms: i64) -> bool {
    pending.attempts += 1;
    pending.next_attempt_ms = now_ms + retry_interval_ms(pending.attempts);
    pending.next_attempt_ms <= pending.queued_at_ms + HORIZON_MS
}

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Starts the delivery loop of `sandbox` on `runtime` (none without a webhook URL). The loop
/// holds the sandbox only while it delivers, so it ends once the last handle is dropped (whose
/// drop wakes it to notice).
pub fn start(sandbox: &Sandbox, runtime: &tokio::runtime::Handle) {
    if sandbox.inner.webhooks.is_none() {
        return;
    }
    let weak = Arc::downgrade(&sandbox.inner);
    let wake = sandbox.inner.outbox_wake.clone();
    runtime.spawn(deliver_forever(weak, wake));
}

/// Delivers what is due, then sleeps until the next attempt or until woken (new events, or the
/// sandbox dropped).
async fn deliver_forever(sandbox: Weak<Inner>, wake: Arc<Notify>) {
    loop {
        let next_attempt_ms = {
            let Some(inner) = sandbox.upgrade() else {
                return;
            };
            Sandbox { inner }.deliver_due().await
        };
        tokio::select! {
            () = wake.notified() => {}
            () = sleep_until(next_attempt_ms) => {}
        }
    }
}

/// Sleeps until the Unix millisecond `at`; with nothing scheduled, until woken otherwise.
async fn sleep_until(at: Option<i64>) {
    match at {
        Some(at) => {
            let wait = u64::try_from(at - now_ms()).unwrap_or(0);
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
        None => std::future::pending().await,
    }
}

impl Sandbox {
    /// Tries every due event, oldest first, once; answers when the next attempt is due.
    async fn deliver_due(&self) -> Option<i64> {
        let Some(sender) = &self.inner.webhooks else {
            return None;
        };
        let start_ms = now_ms();
        while let Some(event) = self.read(|state| oldest_due(&state.outbox, start_ms)) {
            let outcome = sender.post(&event).await;
            self.record(&event, outcome);
        }
        self.read(|state| state.outbox.iter().map(|p| p.next_attempt_ms).min())
    }

    /// Takes a delivered event out of the outbox, or reschedules (or drops) a failed one, and
    /// writes the state.
    fn record(&self, event: &Event, outcome: Result<(), String>) {
        let now_ms = now_ms();
        let mut stored = self.inner.stored.lock().unwrap_or_else(|e| e.into_inner());
        let Stored { state, journal } = &mut *stored;
        state.outbox_changed(&event["id"]);
        let Some(index) = state
            .outbox
            .iter()
            .position(|p| p.event["id"] == event["id"])
        else {
            return;
        };
        let (id, kind) = (&event["id"], &event["type"]);
        match outcome {
            Ok(()) => {
                state.outbox.remove(index);
            }
            Err(error) => {
                let pending = &mut state.outbox[index];
                if reschedule(pending, now_ms) {
                    let retry_in_s = (pending.next_attempt_ms - now_ms) / 1000;
                    tracing::warn!(%id, %kind, attempts = pending.attempts, retry_in_s, %error, "webhook not delivered; will retry");
                } else {
                    tracing::warn!(%id, %kind, attempts = pending.attempts, %error, "webhook dropped: undelivered for 3 days");
                    state.outbox.remove(index);
                }
            }
        }
        if let Err(error) = journal.commit(state) {
            // Memory is right; the journal catches up with the next commit (at worst an event
            // is delivered again after a restart, which receivers must accept from Stripe too).
            tracing::warn!(%error, "webhook outbox not saved");
        }
    }
}

/// The oldest event due by `now_ms`.
fn oldest_due(outbox: &[Pending], now_ms: i64) -> Option<Event> {
    outbox
        .iter()
        .find(|p| p.next_attempt_ms <= now_ms)
        .map(|p| p.event.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SandboxConfig;
    use crate::webhook::event;

    /// A sandbox on a fresh state file posting to `webhook_url` (port 9: nobody answers).
    fn sandbox(webhook_url: &str) -> Sandbox {
        let dir =
            std::env::temp_dir().join(format!("stripe-sandbox-outbox-{}", crate::wire::random(12)));
        Sandbox::open(SandboxConfig {
            state_file: dir.join("state.json"),
            webhook_url: webhook_url.to_string(),
            public_url: "http://127.0.0.1:9/stripe-sandbox".to_string(),
            ..SandboxConfig::default()
        })
        .unwrap()
    }

    /// A change that makes one event.
    fn change(sandbox: &Sandbox) {
        sandbox
            .mutate(|_, events| {
                events.push(event("customer.updated", serde_json::json!({}), None));
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn an_event_is_in_the_state_file_as_soon_as_its_change_is() {
        // Outside a runtime no loop starts, so the event stays queued.
        let sandbox = sandbox("http://127.0.0.1:9/hook");
        change(&sandbox);
        let (_, saved) =
            crate::store::journal::Journal::open(&sandbox.inner.config.state_file).unwrap();
        assert_eq!(saved.outbox.len(), 1);
        assert_eq!(saved.outbox[0].event["type"], "customer.updated");
    }

    #[test]
    fn without_a_webhook_url_nothing_is_queued() {
        let sandbox = sandbox("");
        change(&sandbox);
        assert!(sandbox.read(|state| state.outbox.is_empty()));
    }

    #[tokio::test]
    async fn the_delivery_loop_ends_when_the_sandbox_is_dropped() {
        let alive = || {
            tokio::runtime::Handle::current()
                .metrics()
                .num_alive_tasks()
        };
        let before = alive();
        let sandbox = sandbox("http://127.0.0.1:9/hook");
        // Both tasks (renewals, deliveries) start and go to sleep.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(alive(), before + 2);
        drop(sandbox);
        // The renewal task notices at its next 30 s tick; the delivery loop at once.
        for _ in 0..100 {
            if alive() == before + 1 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the delivery loop outlived its sandbox");
    }

    fn pending(queued_at_ms: i64) -> Pending {
        let mut outbox = Vec::new();
        queue(
            &mut outbox,
            vec![serde_json::json!({"id": "evt_1"})],
            queued_at_ms,
        );
        outbox.remove(0)
    }

    #[test]
    fn retries_start_a_second_apart_and_double_up_to_an_hour() {
        let waits: Vec<i64> = (1..=14).map(retry_interval_ms).collect();
        assert_eq!(
            waits,
            [
                1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600
            ]
            .map(|s| s * 1000)
        );
        assert_eq!(retry_interval_ms(u32::MAX), MAX_INTERVAL_MS);
    }

    #[test]
    fn an_event_is_dropped_once_its_next_attempt_would_pass_three_days() {
        let mut event = pending(0);
        let mut now = 0;
        while reschedule(&mut event, now) {
            now = event.next_attempt_ms;
        }
        assert!(event.next_attempt_ms > HORIZON_MS);
        assert!(now <= HORIZON_MS && now > HORIZON_MS - MAX_INTERVAL_MS);
        // About 12 attempts to reach the hourly cap, then hourly for the rest of the 3 days.
        assert!((80..90).contains(&event.attempts), "{}", event.attempts);
    }

    #[test]
    fn on_start_up_every_waiting_event_is_due_at_once() {
        let mut outbox = vec![pending(0), pending(0)];
        outbox[0].next_attempt_ms = 5_000;
        outbox[1].next_attempt_ms = 500;
        due_now(&mut outbox, 1_000);
        assert_eq!(
            outbox.iter().map(|p| p.next_attempt_ms).collect::<Vec<_>>(),
            [1_000, 500]
        );
    }

    #[test]
    fn the_oldest_due_event_goes_first() {
        let mut outbox = Vec::new();
        queue(&mut outbox, vec![serde_json::json!({"id": "evt_a"})], 0);
        queue(&mut outbox, vec![serde_json::json!({"id": "evt_b"})], 10);
        assert_eq!(oldest_due(&outbox, 5).unwrap()["id"], "evt_a");
        outbox[0].next_attempt_ms = 100;
        assert_eq!(oldest_due(&outbox, 50).unwrap()["id"], "evt_b");
        assert_eq!(oldest_due(&outbox, 5), None);
    }
}
