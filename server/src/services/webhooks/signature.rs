//! The signature every delivery carries, Stripe's scheme:
//! `Calcsmith-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
//! by the endpoint's secret. The receiver recomputes it over the body as received and
//! compares, and refuses an old `t` (a replay).

use crate::tokens::{random_token, sign};

/// The header's name.
pub const HEADER: &str = "Calcsmith-Signature";

/// What every secret starts with.
pub const SECRET_PREFIX: &str = "whsec_";

/// A new endpoint secret: `whsec_` and 32 random bytes as hex.
pub fn new_secret() -> String {
    format!("{SECRET_PREFIX}{}", random_token())
}

/// The header's value for `body` sent at `timestamp` (Unix seconds).
pub fn header_value(secret: &str, timestamp: i64, body: &str) -> String {
    let mac = sign(secret, &format!("{timestamp}.{body}"));
    format!("t={timestamp},v1={mac}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_hmac_sha256_of_the_timestamp_a_dot_and_the_body() {
        // Python: hmac.new(b'whsec_test', b'1700000000.{"type":"test"}', 'sha256').hexdigest()
        assert_eq!(
            header_value("whsec_test", 1_700_000_000, r#"{"type":"test"}"#),
            "t=1700000000,v1=5f32b1f20af8adf84aaaa8ffc92da0441bf4c05562faa71f5c27352c22b106a8"
        );
    }

    #[test]
    fn secrets_are_prefixed_and_random() {
        let (a, b) = (new_secret(), new_secret());
        assert!(a.starts_with("whsec_") && a.len() == 6 + 64, "{a}");
        assert_ne!(a, b);
    }
}
