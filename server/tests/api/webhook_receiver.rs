//! A webhook receiver for the tests: a tiny axum server on 127.0.0.1:0 (reached through
//! `CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK`'s switch) that keeps every request it gets and
//! answers as the test says — 200, 500, a redirect, or nothing for a long time. It checks
//! signatures with its own HMAC, not the server's code.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, post};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How the receiver answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Ok,
    Fail,
    /// 302 to `/elsewhere` (which counts the hits it gets: a followed redirect).
    Redirect,
    /// Nothing for a minute.
    Hang,
}

/// One request the receiver got.
#[derive(Debug, Clone)]
pub struct Received {
    pub signature: String,
    pub delivery: String,
    pub content_type: String,
    pub body: String,
}

#[derive(Default)]
struct Inner {
    answer: Mutex<Option<Answer>>,
    received: Mutex<Vec<Received>>,
    elsewhere: Mutex<usize>,
}

/// A running receiver.
pub struct Receiver {
    /// `http://127.0.0.1:PORT/hook`.
    pub url: String,
    inner: Arc<Inner>,
}

async fn hook(State(inner): State<Arc<Inner>>, headers: HeaderMap, body: Bytes) -> Response {
    let text = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    inner.received.lock().unwrap().push(Received {
        signature: text("calcsmith-signature"),
        delivery: text("calcsmith-delivery"),
        content_type: text("content-type"),
        body: String::from_utf8(body.to_vec()).expect("a UTF-8 body"),
    });
    let answer = inner.answer.lock().unwrap().unwrap_or(Answer::Ok);
    match answer {
        Answer::Ok => (StatusCode::OK, "thanks").into_response(),
        Answer::Fail => (StatusCode::INTERNAL_SERVER_ERROR, "receiver is down").into_response(),
        Answer::Redirect => (
            StatusCode::FOUND,
            [(header::LOCATION, "/elsewhere")],
            "moved",
        )
            .into_response(),
        Answer::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            (StatusCode::OK, "late").into_response()
        }
    }
}

async fn elsewhere(State(inner): State<Arc<Inner>>) -> &'static str {
    *inner.elsewhere.lock().unwrap() += 1;
    "followed"
}

impl Receiver {
    /// Starts a receiver answering `answer`.
    pub async fn start(answer: Answer) -> Receiver {
        let inner = Arc::new(Inner::default());
        *inner.answer.lock().unwrap() = Some(answer);
        let app = axum::Router::new()
            .route("/hook", post(hook))
            .route("/elsewhere", any(elsewhere))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let url = format!("http://{}/hook", listener.local_addr().expect("addr"));
        tokio::spawn(async move {
            axum::serve(listener, app).await.expect("receiver");
        });
        Receiver { url, inner }
    }

    /// Answers `answer` from now on.
    pub fn answer(&self, answer: Answer) {
        *self.inner.answer.lock().unwrap() = Some(answer);
    }

    /// Every request so far.
    pub fn received(&self) -> Vec<Received> {
        self.inner.received.lock().unwrap().clone()
    }

    /// Requests that reached `/elsewhere` (a followed redirect).
    pub fn elsewhere(&self) -> usize {
        *self.inner.elsewhere.lock().unwrap()
    }

    /// The requests once there are at least `count`.
    pub async fn wait_for(&self, count: usize) -> Vec<Received> {
        eventually(&format!("{count} requests at the receiver"), || async {
            let received = self.received();
            (received.len() >= count).then_some(received)
        })
        .await
    }
}

/// Whether `header` is `t=…,v1=…` with v1 the hex HMAC-SHA256 of "t.body" under `secret`.
pub fn signature_holds(secret: &str, header: &str, body: &str) -> bool {
    let mut t = None;
    let mut v1 = None;
    for part in header.split(',') {
        if let Some(value) = part.strip_prefix("t=") {
            t = Some(value);
        } else if let Some(value) = part.strip_prefix("v1=") {
            v1 = Some(value);
        }
    }
    let (Some(t), Some(v1)) = (t, v1) else {
        return false;
    };
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).expect("key");
    mac.update(format!("{t}.{body}").as_bytes());
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    expected == v1
}

/// Polls `check` until it gives a value; panics naming `what` after a minute (a deadline
/// for a hung test, not a timing being measured).
pub async fn eventually<T, F, Fut>(what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < deadline, "gave up waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
