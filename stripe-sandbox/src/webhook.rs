//! Webhook events: made for each change, signed as Stripe signs them (`Stripe-Signature:
//! t=…,v1=…`, HMAC-SHA256 of `t.payload`) and posted to the configured URL, retried with
//! back-off while the receiver fails.

use std::time::Duration;

use bytes::Bytes;
use hmac::{Hmac, KeyInit, Mac};
use http_body_util::Full;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::render::API_VERSION;
use crate::store::{new_id, now};

/// An event object (`{"object": "event", "type", "data": {"object"}}`).
pub type Event = Value;

/// The waits between delivery attempts; after the last one the event is dropped.
const BACKOFF: [u64; 6] = [1, 2, 4, 8, 16, 32];

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

    /// Delivers `event` in the background (outside a Tokio runtime, or with no URL: not at all).
    pub fn send(&self, event: Event) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if self.url.is_empty() {
            return;
        }
        let (url, secret, client) = (self.url.clone(), self.secret.clone(), self.client.clone());
        runtime.spawn(async move {
            let payload = event.to_string();
            for wait in std::iter::once(0).chain(BACKOFF) {
                tokio::time::sleep(Duration::from_secs(wait)).await;
                let request = axum::http::Request::post(&url)
                    .header("content-type", "application/json")
                    .header("stripe-signature", signature(&secret, now(), &payload))
                    .body(Full::new(Bytes::from(payload.clone())));
                let Ok(request) = request else { return };
                match client.request(request).await {
                    Ok(response) if response.status().is_success() => return,
                    Ok(response) => {
                        tracing::warn!(status = %response.status(), event = %event["type"], "webhook refused; retrying")
                    }
                    Err(error) => tracing::warn!(%error, event = %event["type"], "webhook not delivered; retrying"),
                }
            }
            tracing::warn!(event = %event["type"], "webhook dropped after retries");
        });
    }
}
