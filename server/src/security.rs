//! Security headers on every response, and the CSRF check for cookie-authenticated
//! writes: a browser's cross-site POST/PUT/DELETE to the API is refused (and a cross-site
//! `GET /api/logout` signs nobody out, see `routes::account`).

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN, REFERER};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::domain::embed_domains::FrameAncestors;
use crate::error::ApiError;
use crate::state::AppState;

/// Stripe.js (live-mode card entry on the billing screens) comes from Stripe's origins, as
/// Stripe documents: its script, its card and 3-D Secure frames and its API.
const CSP: &str = "default-src 'self'; \
script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com https://*.js.stripe.com; \
frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
connect-src 'self' https://api.stripe.com; worker-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

/// Adds CSP, nosniff, referrer policy and framing rules; only `/embed/` may be framed, by
/// the sites its calculator lists when the page handler names them ([`FrameAncestors`]).
pub async fn headers(request: Request, next: Next) -> Response {
    let embeddable = request.uri().path().starts_with("/embed/");
    let mut response = next.run(request).await;
    let allowed = response.extensions_mut().remove::<FrameAncestors>();
    let headers = response.headers_mut();
    // Without a list the embed may be framed by any page, also `file:` and `data:` ones
    // (where people first try a pasted snippet), which `frame-ancestors *` would not match.
    let csp = match (embeddable, allowed) {
        (true, None) => CSP.to_owned(),
        (true, Some(allowed)) => format!("{CSP}; frame-ancestors {}", allowed.as_str()),
        (false, _) => format!("{CSP}; frame-ancestors 'none'"),
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
    if writes
        && request.uri().path().starts_with("/api/")
        && is_cross_site(&state, request.headers())
    {
        return ApiError::Forbidden("Cross-site requests are not allowed.".to_owned())
            .into_response();
    }
    next.run(request).await
}

/// Whether a browser sent this request on behalf of another site: `Sec-Fetch-Site` says
/// so, or else (older browsers) `Origin` or `Referer` names another origin. A request
/// with none of them (typed address, non-browser client) is not cross-site.
pub fn is_cross_site(state: &AppState, headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return !matches!(site, "same-origin" | "none");
    }
    let text = |name: HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let Some(origin) = text(ORIGIN).or_else(|| text(REFERER).map(origin_of)) else {
        return false;
    };
    let host = text(HOST).unwrap_or_default();
    let same_host = origin
        .split_once("://")
        .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host);
    !(same_host || origin.trim_end_matches('/') == state.config.public_url)
}

/// `scheme://host[:port]` of a URL (a Referer).
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::origin_of;

    #[test]
    fn the_origin_of_a_referer_is_its_scheme_and_host() {
        assert_eq!(
            origin_of("https://evil.example/page?x=1"),
            "https://evil.example"
        );
        assert_eq!(origin_of("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(
            origin_of("http://127.0.0.1:8080/#a"),
            "http://127.0.0.1:8080"
        );
    }
}
