//! Liveness, readiness and Prometheus metrics. The metrics' labels come from fixed sets
//! (known methods, route templates, statuses), so no request can add series, and they
//! are served only with `METRICS_TOKEN` or, without one, only to this machine.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use serde::Serialize;

use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::same_secret;
use crate::wire::ErrorBody;

/// `/livez` (the process answers), `/readyz` (the database answers too) and `/metrics`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/livez", get(live))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
}

/// The process's one Prometheus recorder (a process can install only one). Call it before
/// serving, so counters from outside a request (timed-out connections) are kept.
pub fn install_metrics() -> Option<&'static PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| PrometheusBuilder::new().install_recorder().ok())
        .as_ref()
}

/// Where [`label_route`], inside the router, leaves the matched route for [`record`],
/// which runs outside it (and outside the request timeout, so it sees 408s as well).
#[derive(Clone, Default)]
struct RouteLabel(Arc<OnceLock<String>>);

/// The method as a label: one of the standard methods, else `OTHER`.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// Counts each request and its duration, by method, route template and status.
pub async fn record(mut request: Request, next: Next) -> Response {
    install_metrics();
    let method = method_label(request.method());
    let route = RouteLabel::default();
    request.extensions_mut().insert(route.clone());
    let started = Instant::now();
    let response = next.run(request).await;
    let route = route.0.get().map_or("unmatched", String::as_str).to_owned();
    let labels = [
        ("method", method.to_owned()),
        ("route", route),
        ("status", response.status().as_u16().to_string()),
    ];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    response
}

/// Notes the matched route's template (`/api/source/{id}`) for [`record`].
pub async fn label_route(request: Request, next: Next) -> Response {
    if let (Some(label), Some(path)) = (
        request.extensions().get::<RouteLabel>(),
        request.extensions().get::<MatchedPath>(),
    ) {
        let _ = label.0.set(path.as_str().to_owned());
    }
    next.run(request).await
}

/// Whether a reverse proxy passed this request on (it then only looks local).
fn proxied(headers: &HeaderMap) -> bool {
    ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|name| headers.contains_key(*name))
}

async fn metrics(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    match &state.config.metrics_token {
        Some(token) => {
            let given = headers
                .get(AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "));
            if !given.is_some_and(|given| same_secret(given.trim(), token)) {
                let body = Json(ErrorBody::new("The metrics need the metrics token."));
                return (
                    StatusCode::UNAUTHORIZED,
                    [(WWW_AUTHENTICATE, "Bearer realm=\"metrics\"")],
                    body,
                )
                    .into_response();
            }
        }
        None => {
            if !peer.ip().to_canonical().is_loopback() || proxied(&headers) {
                return ApiError::Forbidden(
                    "The metrics are served only to this machine (set METRICS_TOKEN to read them from elsewhere)."
                        .to_owned(),
                )
                .into_response();
            }
        }
    }
    let text = install_metrics()
        .map(PrometheusHandle::render)
        .unwrap_or_default();
    ([(CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response()
}

/// The answer of `/livez` and `/readyz`.
#[derive(Serialize)]
struct Health {
    status: &'static str,
}

async fn live() -> Json<Health> {
    Json(Health { status: "ok" })
}

async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(Health { status: "ok" })),
        Err(e) => {
            tracing::warn!(error = %e, "database not ready");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Health {
                    status: "database unavailable",
                }),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        let made_up = Method::from_bytes(b"XYZZY").expect("a token");
        assert_eq!(method_label(&made_up), "OTHER");
        assert_eq!(method_label(&Method::TRACE), "OTHER");
    }
}
