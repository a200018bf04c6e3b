//! Clocks, random tokens, hashes and HMAC signatures: the small primitives that
//! configuration, sessions and device cookies share. It depends on nothing else in the
//! crate, so `config`, `auth` and `state` can all use it without importing each other.

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

/// Now, in Unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Now, in Unix milliseconds (for ordering things made within one second).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// 32 random bytes as hex.
pub fn random_token() -> String {
    let bytes: [u8; 32] = rand::random();
    hex(&bytes)
}

/// Bytes as lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of a token, as stored in the database.
pub fn hash_token(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn mac(secret: &str, message: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length, so this cannot fail; the fallback keeps it total.
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| <Hmac<Sha256> as KeyInit>::new(&Default::default()));
    mac.update(message);
    mac
}

/// HMAC-SHA256 of `message` under `secret`, as hex.
pub fn sign(secret: &str, message: &str) -> String {
    hex(&mac(secret, message.as_bytes()).finalize().into_bytes())
}

/// Whether `signature` (hex) is [`sign`]`(secret, message)`; compared in constant time.
pub fn verify(secret: &str, message: &str, signature: &str) -> bool {
    verify_bytes(secret, message.as_bytes(), signature)
}

/// [`verify`] for a message of bytes (a webhook's raw body).
pub fn verify_bytes(secret: &str, message: &[u8], signature: &str) -> bool {
    let Some(bytes) = unhex(signature) else {
        return false;
    };
    mac(secret, message).verify_slice(&bytes).is_ok()
}

/// Whether two secrets are equal, in time that does not depend on where they differ.
pub fn same_secret(given: &str, expected: &str) -> bool {
    // Comparing digests keeps the time independent of the lengths too.
    let (a, b) = (
        Sha256::digest(given.as_bytes()),
        Sha256::digest(expected.as_bytes()),
    );
    a.iter()
        .zip(b.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_secret_and_message() {
        let signature = sign("secret", "device:1:abc");
        assert!(verify("secret", "device:1:abc", &signature));
        assert!(!verify("other", "device:1:abc", &signature));
        assert!(!verify("secret", "device:2:abc", &signature));
        assert!(!verify("secret", "device:1:abc", "zz"));
        assert!(!verify("secret", "device:1:abc", ""));
    }

    #[test]
    fn hmac_sha256_matches_rfc_4231_case_2() {
        assert_eq!(
            sign("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn same_secret_compares_whole_values() {
        assert!(same_secret("token", "token"));
        assert!(!same_secret("token", "toke"));
        assert!(!same_secret("", "token"));
    }
}
