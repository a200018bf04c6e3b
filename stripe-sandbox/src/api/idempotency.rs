//! `Idempotency-Key`: a POST retried with a key already seen gets the first answer again;
//! requests sharing a key run one at a time, so a concurrent retry replays too.

use axum::extract::{Request, State as Extract};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::Sandbox;
use crate::error::ApiError;
use crate::limits::MAX_BODY_BYTES;

/// How long an idempotency key's answer is kept (Stripe keeps them 24 hours).
const IDEMPOTENCY_WINDOW: i64 = 24 * 3600;

/// A POST with an `Idempotency-Key` already seen gets the first answer again (the same
/// object, not a second one); the same key with other parameters is an `idempotency_error`.
pub async fn idempotency(
    Extract(sandbox): Extract<Sandbox>,
    request: Request,
    next: Next,
) -> Response {
    let key = request
        .headers()
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let Some(key) = key.filter(|_| request.method() == Method::POST) else {
        return next.run(request).await;
    };
    // Requests with one key take turns, so a concurrent retry waits for the first answer
    // and replays it instead of making a second object.
    let turn = sandbox.idempotency_turn(&key);
    let my_turn = turn.lock().await;
    let response = idempotent(&sandbox, key.clone(), request, next).await;
    drop(my_turn);
    sandbox.end_idempotency_turn(&key, turn);
    response
}

/// Replays the answer stored for `key`, or runs the request and stores its answer.
async fn idempotent(sandbox: &Sandbox, key: String, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return ApiError::too_large(MAX_BODY_BYTES).into_response();
    };
    let fingerprint = format!("{} {}", parts.uri, String::from_utf8_lossy(&body));
    let seen = sandbox.read(|state| state.idempotency.get(&key).cloned());
    if let Some(replay) = seen.filter(|r| r.at + IDEMPOTENCY_WINDOW > crate::store::now()) {
        if replay.request != fingerprint {
            return ApiError::idempotency(&key).into_response();
        }
        let status =
            axum::http::StatusCode::from_u16(replay.status).unwrap_or(axum::http::StatusCode::OK);
        return (
            status,
            [
                ("content-type", "application/json"),
                ("idempotent-replayed", "true"),
            ],
            replay.body,
        )
            .into_response();
    }
    let response = next
        .run(Request::from_parts(parts, axum::body::Body::from(body)))
        .await;
    let (parts, body) = response.into_parts();
    let body = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    if !parts.status.is_server_error() {
        let replay = crate::store::Replay {
            request: fingerprint,
            status: parts.status.as_u16(),
            body: String::from_utf8_lossy(&body).into_owned(),
            at: crate::store::now(),
        };
        // Not stored (disk full) only means a retry is not recognised.
        let _ = sandbox.mutate(|state, _| {
            state
                .idempotency
                .retain(|_, r| r.at + IDEMPOTENCY_WINDOW > replay.at);
            state.idempotency.insert(key, replay);
            Ok(())
        });
    }
    Response::from_parts(parts, axum::body::Body::from(body))
}
