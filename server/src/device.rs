//! Device cookies (OWASP's "device cookie" defence against account lockout): after a
//! successful sign-in the browser gets a cookie naming the user it signed in, signed with
//! the server's secret. A sign-in from such a known device skips the per-account
//! throttle, so strangers guessing passwords cannot lock the owner out; it still counts
//! against the per-address limits and has a failure budget of its own.

use axum::http::HeaderMap;

use crate::auth::cookie;
use crate::state::AppState;
use crate::tokens::{random_token, sign, verify};

/// The device cookie's name.
pub const DEVICE_COOKIE: &str = "calcsmith_device";

/// How long a device stays known (one year).
const DEVICE_SECONDS: i64 = 365 * 24 * 3600;

/// A browser in which `user_id` has signed in before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    /// The user who signed in on it.
    pub user_id: i64,
    /// The device's random id (keys its own failure budget).
    pub id: String,
}

fn signed_text(user_id: i64, id: &str) -> String {
    format!("calcsmith-device:{user_id}:{id}")
}

/// The `Set-Cookie` value that marks this browser as a known device of `user_id`.
///
/// Only the sign-in endpoint reads it (`Path=/api/login`), and no other site can make the
/// browser send it (`SameSite=Strict`).
pub fn device_cookie(state: &AppState, user_id: i64) -> String {
    let secure = if state.config.cookie_secure {
        "; Secure"
    } else {
        ""
    };
    format!(
        "{DEVICE_COOKIE}={}; Path=/api/login; HttpOnly; SameSite=Strict; Max-Age={DEVICE_SECONDS}{secure}",
        new_value(&state.config.secret_key, user_id)
    )
}

/// The known device this request comes from, if its cookie carries a valid signature.
pub fn device_of(state: &AppState, headers: &HeaderMap) -> Option<Device> {
    parse(&state.config.secret_key, &cookie(headers, DEVICE_COOKIE)?)
}

/// `user_id.id.signature` for a new device.
fn new_value(secret: &str, user_id: i64) -> String {
    let id = &random_token()[..32];
    let signature = sign(secret, &signed_text(user_id, id));
    format!("{user_id}.{id}.{signature}")
}

fn parse(secret: &str, value: &str) -> Option<Device> {
    let mut parts = value.splitn(3, '.');
    let user_id: i64 = parts.next()?.parse().ok()?;
    let id = parts.next()?;
    let signature = parts.next()?;
    let valid = id.len() == 32
        && id.bytes().all(|b| b.is_ascii_hexdigit())
        && verify(secret, &signed_text(user_id, id), signature);
    valid.then(|| Device {
        user_id,
        id: id.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_value_names_its_user_under_the_same_secret_only() {
        let value = new_value("secret", 42);
        let device = parse("secret", &value).expect("valid");
        assert_eq!(device.user_id, 42);
        assert_eq!(device.id.len(), 32);
        assert_eq!(parse("another secret", &value), None);
    }

    #[test]
    fn a_device_value_for_another_user_does_not_verify() {
        let value = new_value("secret", 42);
        let forged = value.replacen("42.", "43.", 1);
        assert_eq!(parse("secret", &forged), None);
        assert_eq!(parse("secret", "42"), None);
        assert_eq!(parse("secret", ""), None);
    }
}
