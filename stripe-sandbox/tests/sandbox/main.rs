//! The sandbox served on a loopback port, driven through the real async-stripe client (and raw
//! HTTP where a browser would call it), with a webhook receiver that records what it is sent.

mod cards;
mod fixtures;
mod http;
mod limits;
mod rate_limit;
mod refunds;
mod storage;
mod subscriptions;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::http::HeaderMap;
use axum::routing::post;
use bytes::Bytes;
use calcsmith_stripe_sandbox::{Sandbox, SandboxConfig};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;

/// A webhook delivery as the receiver got it: the `Stripe-Signature` header and the body.
#[derive(Clone, Debug)]
pub struct Delivery {
    pub signature: String,
    pub body: String,
}

pub struct TestSandbox {
    pub sandbox: Sandbox,
    pub client: stripe::Client,
    /// `http://127.0.0.1:PORT/stripe-sandbox`, as the server mounts it.
    pub base: String,
    pub state_file: PathBuf,
    receiver: Receiver,
}

/// A webhook receiver on a port of its own that records what it is sent, after answering 500
/// to as many deliveries as it is told to refuse.
#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    deliveries: Arc<Mutex<Vec<Delivery>>>,
    refusals_left: Arc<AtomicUsize>,
    refused: Arc<AtomicUsize>,
}

impl Receiver {
    /// A receiver that refuses the first `failing` deliveries.
    pub async fn spawn(failing: usize) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let receiver = Receiver {
            url: format!("http://{}/hook", listener.local_addr().unwrap()),
            deliveries: Arc::new(Mutex::new(Vec::new())),
            refusals_left: Arc::new(AtomicUsize::new(failing)),
            refused: Arc::new(AtomicUsize::new(0)),
        };
        let app = Router::new().route(
            "/hook",
            post({
                let receiver = receiver.clone();
                move |headers: HeaderMap, body: String| {
                    let receiver = receiver.clone();
                    async move { receiver.receive(&headers, body) }
                }
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        receiver
    }

    fn receive(&self, headers: &HeaderMap, body: String) -> axum::http::StatusCode {
        let refuse = self
            .refusals_left
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if refuse {
            self.refused.fetch_add(1, Ordering::SeqCst);
            return axum::http::StatusCode::INTERNAL_SERVER_ERROR;
        }
        let signature = headers["stripe-signature"].to_str().unwrap().to_string();
        self.deliveries
            .lock()
            .unwrap()
            .push(Delivery { signature, body });
        axum::http::StatusCode::OK
    }

    /// From now on every delivery is answered 200.
    pub fn accept_all(&self) {
        self.refusals_left.store(0, Ordering::SeqCst);
    }

    /// Waits (up to 10 s) until the receiver has refused a delivery.
    pub async fn wait_for_a_refusal(&self) {
        for _ in 0..200 {
            if self.refused.load(Ordering::SeqCst) > 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("no webhook delivery was attempted");
    }

    /// The deliveries answered 200 so far.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.deliveries.lock().unwrap().clone()
    }
}

/// A fresh sandbox with its own state file and a webhook receiver.
pub async fn spawn() -> TestSandbox {
    spawn_with(fresh_state_file(), 0).await
}

pub fn fresh_state_file() -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "stripe-sandbox-test-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("state.json")
}

/// A sandbox on `state_file` whose webhook receiver answers 500 to the first
/// `failing_webhooks` deliveries.
pub async fn spawn_with(state_file: PathBuf, failing_webhooks: usize) -> TestSandbox {
    start(state_file, &Receiver::spawn(failing_webhooks).await)
}

/// A fresh sandbox taking `per_minute` browser calls per client address.
pub async fn spawn_limited(per_minute: u32) -> TestSandbox {
    start_configured(fresh_state_file(), &Receiver::spawn(0).await, per_minute)
}

/// A sandbox on `state_file` posting to `receiver`, served in the Tokio runtime the caller is
/// in.
fn start(state_file: PathBuf, receiver: &Receiver) -> TestSandbox {
    // High enough that no other test meets it.
    start_configured(state_file, receiver, 10_000)
}

/// As [`start`], served as the server serves it: nested, with each connection's address.
fn start_configured(state_file: PathBuf, receiver: &Receiver, per_minute: u32) -> TestSandbox {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
    let base = format!("http://{}/stripe-sandbox", listener.local_addr().unwrap());
    let sandbox = Sandbox::open(SandboxConfig {
        state_file: state_file.clone(),
        webhook_url: receiver.url.clone(),
        public_url: base.clone(),
        browser_calls_per_minute: per_minute,
    })
    .unwrap();
    let app = Router::new().nest_service("/stripe-sandbox", sandbox.router());
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await
        .unwrap()
    });
    let client = stripe::ClientBuilder::new(sandbox.secret_key())
        .url(format!("{base}/"))
        .build()
        .unwrap();
    TestSandbox {
        sandbox,
        client,
        base,
        state_file,
        receiver: receiver.clone(),
    }
}

/// A sandbox in a Tokio runtime of its own, as a `calcsmith serve` process runs it: stopping
/// it ends every task the sandbox started, as the end of the process would.
pub struct Process {
    pub app: TestSandbox,
    /// Taken by [`Process::stop`]; a `Runtime` may not be dropped while a test `await`s.
    runtime: Option<tokio::runtime::Runtime>,
}

impl Process {
    pub fn start(state_file: PathBuf, receiver: &Receiver) -> Process {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let app = {
            let _inside = runtime.enter();
            start(state_file, receiver)
        };
        Process {
            app,
            runtime: Some(runtime),
        }
    }

    /// Stops the runtime and waits until every task in it, in flight or waiting, has ended.
    pub async fn stop(mut self) {
        let runtime = self.runtime.take();
        tokio::task::spawn_blocking(move || drop(runtime))
            .await
            .unwrap();
    }
}

impl Drop for Process {
    /// A test that fails before [`Process::stop`] still ends the runtime, without waiting.
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl TestSandbox {
    /// A raw request; `key` goes in the bearer header. Answers the status and the JSON body.
    pub async fn raw(
        &self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: &str,
    ) -> (u16, Value) {
        let (status, bytes) = self.raw_bytes(method, path, key, body).await;
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (status, json)
    }

    pub async fn raw_bytes(
        &self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: &str,
    ) -> (u16, Vec<u8>) {
        let auth = key.map(|key| format!("Bearer {key}"));
        let headers: Vec<(&str, &str)> =
            auth.iter().map(|a| ("authorization", a.as_str())).collect();
        self.request(method, path, &headers, body).await
    }

    /// A raw request with the given headers.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, Vec<u8>) {
        self.request_from("127.0.0.1", method, path, headers, body)
            .await
    }

    /// A raw request from the local address `source` (any of 127.0.0.0/8 on Linux).
    pub async fn request_from(
        &self,
        source: &str,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, Vec<u8>) {
        let url = if path.starts_with("http") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        };
        let mut request = axum::http::Request::builder()
            .method(method)
            .uri(url)
            .header("content-type", "application/x-www-form-urlencoded");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = request
            .body(Full::new(Bytes::from(body.to_string())))
            .unwrap();
        let mut connector = HttpConnector::new();
        connector.set_local_address(Some(source.parse().unwrap()));
        let client = Client::builder(TokioExecutor::new()).build(connector);
        let response = client.request(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = response
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec();
        (status, bytes)
    }

    /// GET with the secret key.
    pub async fn get(&self, path: &str) -> Value {
        let (status, json) = self
            .raw("GET", path, Some(&self.sandbox.secret_key()), "")
            .await;
        assert_eq!(status, 200, "GET {path}: {json}");
        json
    }

    /// The id of the seeded Regular plan's price.
    pub async fn regular_price(&self) -> String {
        self.get("/v1/prices?lookup_keys[]=calcsmith_regular_monthly")
            .await["data"][0]["id"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// What a browser does on Stripe's 3-D Secure page.
    pub async fn authenticate(&self, client_secret: &str, outcome: &str) -> (u16, Value) {
        let body = format!("client_secret={client_secret}&outcome={outcome}");
        self.raw(
            "POST",
            "/sandbox/authenticate",
            Some(&self.sandbox.publishable_key()),
            &body,
        )
        .await
    }

    /// The webhook deliveries so far.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.receiver.deliveries()
    }

    /// Waits (up to 10 s) until an event of `kind` about object `id` has been delivered, and
    /// returns the deliveries of that kind about it.
    pub async fn wait_for_event(&self, kind: &str, id: &str) -> Vec<Value> {
        for _ in 0..200 {
            let found: Vec<Value> = self
                .deliveries()
                .iter()
                .map(|d| serde_json::from_str::<Value>(&d.body).unwrap())
                .filter(|e| e["type"] == kind && e["data"]["object"]["id"] == id)
                .collect();
            if !found.is_empty() {
                return found;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!(
            "no {kind} event about {id}; got {:?}",
            self.deliveries()
                .iter()
                .map(|d| d.body.clone())
                .collect::<Vec<_>>()
        );
    }
}

/// The Stripe error an async-stripe call failed with: (status, code, decline_code, message).
pub fn stripe_error(error: stripe::StripeError) -> (u16, String, String, String) {
    match error {
        stripe::StripeError::Stripe(error, status) => (
            status,
            error
                .code
                .map(|c| c.as_str().to_string())
                .unwrap_or_default(),
            error.decline_code.unwrap_or_default(),
            error.message.unwrap_or_default(),
        ),
        other => panic!("not a Stripe error: {other:?}"),
    }
}
