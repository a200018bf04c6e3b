//! Webhook events: made for each change, signed as Stripe signs them (`Stripe-Signature:
//! t=…,v1=…`, HMAC-SHA256 of `t.payload`) and posted to the configured URL. Retries are the
//! outbox's (`outbox.rs`).

use std::time::Duration;

use bytes::Bytes;
use hmac::{Hmac, KeyInit, Mac};
use http_body_util::Full;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::wire::{API_VERSION, new_id, now};

/// An event object (`{"object": "event", "type", "data": {"object"}}`).
pub type Event = Value;

/// How long a receiver may take to answer before the attempt counts as failed: a receiver
/// that hangs must not hold up the events behind it for long.
const TIMEOUT: Duration = Duration::from_secs(10);

/// An event of `kind` about `object`; `previous` holds the changed keys' old values.
pub fn event(kind: &str, object: Value, previous: Option<Value>) -> Event {
    let mut data = json!({ "object": object });
    if let Some(previous) = previous {
        data["previous_attributes"] = previous;
    }
    json!({
        "id": new_id("evt"),
        "object": "event",
        "api_version": API_VERSION,
        "created": now(),
        "data": data,
        "livemode": false,
        "pending_webhooks": 1,
        "request": { "id": null, "idempotency_key": null },
        "type": kind,
    })
}

/// `t=…,v1=…` for `payload` signed at `timestamp`.
pub fn signature(secret: &str, timestamp: i64, payload: &str) -> String {
    // HMAC takes a key of any length, so this cannot fail; the fallback keeps it total.
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| <Hmac<Sha256> as KeyInit>::new(&Default::default()));
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={timestamp},v1={hex}")
}

/// Posts events to the webhook URL.
pub struct Sender {
    url: String,
    secret: String,
    client: Client<HttpConnector, Full<Bytes>>,
}

impl Sender {
    pub fn new(url: &str, secret: &str) -> Sender {
        Sender {
            url: url.to_string(),
            secret: secret.to_string(),
            client: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    /// Posts `event`, signed now.
    ///
    /// # Errors
    /// Why the receiver did not take it (its status, no connection, no answer in time); never
    /// the secret.
    pub async fn post(&self, event: &Event) -> Result<(), String> {
        let payload = event.to_string();
        let request = axum::http::Request::post(&self.url)
            .header("content-type", "application/json")
            .header("stripe-signature", signature(&self.secret, now(), &payload))
            .body(Full::new(Bytes::from(payload)))
            .map_err(|e| format!("bad webhook request: {e}"))?;
        match tokio::time::timeout(TIMEOUT, self.client.request(request)).await {
            Ok(Ok(response)) if response.status().is_success() => Ok(()),
            Ok(Ok(response)) => Err(format!("answered {}", response.status())),
            Ok(Err(error)) => Err(error.to_string()),
            Err(_) => Err(format!("no answer within {} s", TIMEOUT.as_secs())),
        }
    }
}
