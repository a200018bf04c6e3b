//! An offline Stripe: the part of Stripe's HTTP API that Calcsmith calls, served by an axum
//! [`Router`] so that sandbox mode and the tests drive the real async-stripe client against it
//! (docs/billing.md lists the endpoints and the test cards).
//!
//! State lives in a JSON snapshot and a journal of changes beside it (`store/journal.rs`), so
//! customers, cards, subscriptions and invoices survive restarts, and a change costs a line
//! however large the state has grown; the keys are generated on first start and kept there
//! too, and so are the webhook events not yet delivered (`outbox.rs`).

// The objects in render.rs are large `json!` literals.
#![recursion_limit = "256"]

mod api;
mod cards;
mod cleanup;
mod dates;
mod error;
mod form;
mod limits;
mod money;
mod outbox;
mod pdf;
mod rate_limit;
mod render;
mod store;
mod webhook;
mod wire;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::Router;
use tokio::sync::Notify;

use crate::error::ApiError;
use crate::store::State;
use crate::store::journal::Journal;
use crate::webhook::Event;

/// Where the sandbox keeps its state and whom it tells about changes.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// The JSON snapshot of every object and the keys (e.g. `data/stripe-sandbox.json`); the
    /// journal of later changes sits beside it (`data/stripe-sandbox.journal`).
    pub state_file: PathBuf,
    /// Where signed webhook events are posted (e.g. `http://127.0.0.1:8080/api/stripe/webhook`);
    /// empty: no webhooks.
    pub webhook_url: String,
    /// How browsers reach the sandbox (e.g. `http://127.0.0.1:8080/stripe-sandbox`); invoice PDF
    /// links start with it.
    pub public_url: String,
    /// Calls a client address may make per minute with the publishable key (cards, 3-D
    /// Secure); 0: no limit. The address is axum's `ConnectInfo<SocketAddr>`: behind a
    /// reverse proxy every browser shares the proxy's.
    pub browser_calls_per_minute: u32,
}

impl Default for SandboxConfig {
    /// `data/stripe-sandbox.json`, no webhooks, links on `http://127.0.0.1:8080`, and 30
    /// browser calls a minute per address.
    fn default() -> SandboxConfig {
        SandboxConfig {
            state_file: PathBuf::from("data/stripe-sandbox.json"),
            webhook_url: String::new(),
            public_url: "http://127.0.0.1:8080/stripe-sandbox".to_string(),
            browser_calls_per_minute: 30,
        }
    }
}

/// A running sandbox: cheap to clone, every clone shares the same state.
#[derive(Clone)]
pub struct Sandbox {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The keys stay out of logs.
        f.debug_struct("Sandbox")
            .field("state_file", &self.inner.config.state_file)
            .field("public_url", &self.inner.config.public_url)
            .finish_non_exhaustive()
    }
}

struct Inner {
    config: SandboxConfig,
    stored: Mutex<Stored>,
    /// None without a webhook URL: then no event is queued.
    webhooks: Option<webhook::Sender>,
    /// Wakes the delivery loop when events are queued, and when the sandbox is dropped.
    outbox_wake: Arc<Notify>,
    /// Counts the browser's (publishable-key) calls per client address.
    rate_limiter: rate_limit::RateLimiter,
    /// One lock per idempotency key in use, so requests sharing a key run one at a time.
    idempotency_turns: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// The state and the journal that keeps it, under one lock so changes are written in the
/// order they are made.
struct Stored {
    state: State,
    journal: Journal,
}

impl Drop for Inner {
    /// The delivery loop holds only a weak reference while it waits; woken, it finds the
    /// sandbox gone and ends.
    fn drop(&mut self) {
        self.outbox_wake.notify_one();
    }
}

impl Sandbox {
    /// Loads the state file, or creates it with fresh keys and the seeded plans.
    ///
    /// When called inside a Tokio runtime it also starts the task that renews subscriptions
    /// of customers without a test clock as real time passes, and the one that delivers
    /// webhook events, beginning with those the state file still holds.
    ///
    /// # Errors
    /// The state file exists but cannot be read or parsed, or a new one cannot be written.
    pub fn open(config: SandboxConfig) -> Result<Sandbox, String> {
        let (journal, mut state) = Journal::open(&config.state_file)?;
        state.public_url = config.public_url.trim_end_matches('/').to_string();
        outbox::due_now(&mut state.outbox, outbox::now_ms());
        let webhooks = (!config.webhook_url.is_empty())
            .then(|| webhook::Sender::new(&config.webhook_url, &state.keys.webhook_secret));
        let sandbox = Sandbox {
            inner: Arc::new(Inner {
                rate_limiter: rate_limit::RateLimiter::new(config.browser_calls_per_minute),
                webhooks,
                config,
                stored: Mutex::new(Stored { state, journal }),
                outbox_wake: Arc::new(Notify::new()),
                idempotency_turns: Mutex::new(HashMap::new()),
            }),
        };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            sandbox.renew_in_real_time(&runtime);
            outbox::start(&sandbox, &runtime);
        }
        Ok(sandbox)
    }

    /// Starts the task that checks every 30 s for subscriptions due in real time and for
    /// abandoned payment methods (`cleanup.rs`); it ends once the sandbox is dropped.
    fn renew_in_real_time(&self, runtime: &tokio::runtime::Handle) {
        let weak = Arc::downgrade(&self.inner);
        runtime.spawn(async move {
            let mut ticks = tokio::time::interval(std::time::Duration::from_secs(30));
            loop {
                ticks.tick().await;
                let Some(inner) = weak.upgrade() else { return };
                let sandbox = Sandbox { inner };
                sandbox.forget_abandoned_payment_methods(store::now());
                if !sandbox.read(money::clock::real_time_due) {
                    continue;
                }
                // A failure here (disk full) is retried on the next tick.
                let _ = sandbox.mutate(|state, events| {
                    money::clock::advance_real_time(state, events);
                    Ok(())
                });
            }
        });
    }

    /// The sandbox's HTTP API; the server nests it under `/stripe-sandbox`.
    pub fn router(&self) -> Router {
        api::router(self.clone())
    }

    /// The secret key (`sk_test_sandbox_…`) that async-stripe's client sends.
    pub fn secret_key(&self) -> String {
        self.read(|state| state.keys.secret.clone())
    }

    /// The publishable key (`pk_test_sandbox_…`) that the browser's card form sends.
    pub fn publishable_key(&self) -> String {
        self.read(|state| state.keys.publishable.clone())
    }

    /// The secret that webhook signatures are made with (`whsec_…`).
    pub fn webhook_secret(&self) -> String {
        self.read(|state| state.keys.webhook_secret.clone())
    }

    /// The lock that requests with idempotency key `key` take turns on.
    fn idempotency_turn(&self, key: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut turns = self
            .inner
            .idempotency_turns
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        turns.entry(key.to_string()).or_default().clone()
    }

    /// Forgets `key`'s lock once no request holds or waits for it.
    fn end_idempotency_turn(&self, key: &str, turn: Arc<tokio::sync::Mutex<()>>) {
        let mut turns = self
            .inner
            .idempotency_turns
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // Ours and the map's: nobody else has it.
        if Arc::strong_count(&turn) == 2 {
            turns.remove(key);
        }
    }

    fn read<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        let stored = self.inner.stored.lock().unwrap_or_else(|e| e.into_inner());
        f(&stored.state)
    }

    /// Runs a change and writes it to the journal with the events the change produced queued
    /// in its outbox (one line: a crash keeps both or neither), then wakes the delivery loop.
    fn mutate<T>(
        &self,
        f: impl FnOnce(&mut State, &mut Vec<Event>) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let mut events = Vec::new();
        let mut stored = self.inner.stored.lock().unwrap_or_else(|e| e.into_inner());
        let Stored { state, journal } = &mut *stored;
        let result = f(state, &mut events);
        let queued = self.inner.webhooks.is_some() && !events.is_empty();
        if queued {
            for event in &events {
                state.outbox_changed(&event["id"]);
            }
            outbox::queue(&mut state.outbox, events, outbox::now_ms());
        }
        let saved = journal.commit(state);
        drop(stored);
        if queued {
            self.inner.outbox_wake.notify_one();
        }
        saved.map_err(ApiError::internal)?;
        result
    }
}
