//! Security headers on every response, and the CSRF check for cookie-authenticated
//! writes: a browser's cross-site POST/PUT/DELETE to the API is refused.

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;

const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

/// Adds CSP, nosniff, referrer policy and framing rules; only `/embed/` may be framed.
pub async fn headers(request: Request, next: Next) -> Response {
    let embeddable = request.uri().path().starts_with("/embed/");
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    // The embed may be framed by any page, also `file:` and `data:` ones (where people
    // first try a pasted snippet), which `frame-ancestors *` would not match.
    let csp = if embeddable {
        CSP.to_owned()
    } else {
        format!("{CSP}; frame-ancestors 'none'")
    };
    if let Ok(csp) = HeaderValue::from_str(&csp) {
        headers.insert("content-security-policy", csp);
    }
    headers.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        "referrer-policy",
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    if !embeddable {
        headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    }
    response
}

/// Refuses state-changing API requests that a browser marks as cross-site.
pub async fn csrf(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let writes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if writes && request.uri().path().starts_with("/api/") && is_cross_site(&state, &request) {
        return ApiError::Forbidden("Cross-site requests are not allowed.".to_owned())
            .into_response();
    }
    next.run(request).await
}

fn is_cross_site(state: &AppState, request: &Request) -> bool {
    let headers = request.headers();
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    // Older browsers: compare Origin with where we are served.
    let Some(origin) = headers.get(ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let host = headers
        .get(HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let same_host = origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host);
    !(same_host || origin.trim_end_matches('/') == state.config.public_url)
}
