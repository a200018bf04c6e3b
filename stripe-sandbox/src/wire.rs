//! What every request and object of the sandbox carries, at the bottom of the crate: the
//! key a request names (`Authorization: Bearer …`), ids and client secrets in Stripe's
//! style, the time, and the API version the objects are shaped for. The store, the
//! webhook, the outbox, the routes and the rate limit use these without importing each
//! other.

use axum::http::HeaderMap;

/// The key of `Authorization: Bearer <key>`, if the request names one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
}

/// The API version the objects are shaped for.
pub const API_VERSION: &str = "2026-09-30.endive";

/// Now, in Unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// `n` random characters from `[0-9A-Za-z]` (about 5.95 bits each).
pub fn random(n: usize) -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    (0..n)
        .map(|_| ALPHABET[rand::random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// An id in Stripe's style: `cus_` and 24 random characters.
pub fn new_id(prefix: &str) -> String {
    format!("{prefix}_{}", random(24))
}

/// A client secret as Stripe makes them: the intent's id, `_secret_`, 43 random characters.
pub fn client_secret(intent: &str) -> String {
    format!("{intent}_secret_{}", random(43))
}
