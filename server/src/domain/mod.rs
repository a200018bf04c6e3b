//! The parsed types at the bottom of the server: what a request's text must be before any
//! service uses it (a calculator id, an email address, a one-line text, a password), and
//! stored JSON text read back; a doc's submission settings (`submission_settings.rs`),
//! its private script (`private_script.rs`) and the sites allowed to embed it
//! (`embed_domains.rs`).
//! Services and routes import these; this imports nothing of theirs, so no two services
//! borrow from each other.

pub mod embed_domains;
pub mod private_script;
pub mod submission_settings;
pub mod template;

use serde_json::Value;

use crate::error::ApiError;

/// A calculator id: exactly 16 characters of [0-9A-Za-z].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalcId(String);

impl CalcId {
    /// Parses an id from a path or body.
    ///
    /// # Errors
    /// 400 when it is not 16 characters of [0-9A-Za-z].
    pub fn parse(raw: &str) -> Result<CalcId, ApiError> {
        if raw.len() == 16 && raw.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(CalcId(raw.to_owned()))
        } else {
            Err(ApiError::BadRequest(
                "A calculator id is 16 letters and digits.".to_owned(),
            ))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Stored JSON text back to JSON (null if it was somehow damaged).
pub fn parse_json_text(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// The longest name, phone, address and the like.
const TEXT_MAX: usize = 200;

/// An email address, trimmed and lower-cased, that looks like one.
///
/// # Errors
/// 400 when it is not an email address (also: longer than 320 bytes, control characters).
pub fn parse_email(raw: &str) -> Result<String, ApiError> {
    let email = raw.trim().to_lowercase();
    let valid = email.len() <= 320
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        })
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    if valid {
        Ok(email)
    } else {
        Err(ApiError::BadRequest(
            "Please enter a valid email address.".to_owned(),
        ))
    }
}

/// A one-line text field (name, phone, address, …), trimmed.
///
/// # Errors
/// 400 naming the field when it holds a control character (NUL, a line break) or more
/// than 200 characters.
pub fn parse_text(label: &str, raw: &str) -> Result<String, ApiError> {
    let text = raw.trim();
    if text.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(format!(
            "{label} cannot contain control characters."
        )));
    }
    if text.chars().count() > TEXT_MAX {
        return Err(ApiError::BadRequest(format!(
            "{label} is too long (at most {TEXT_MAX} characters)."
        )));
    }
    Ok(text.to_owned())
}

/// A password long enough to keep.
///
/// # Errors
/// 400 when it is shorter than 8 or longer than 1024 characters.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if (8..=1024).contains(&length) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(
            "The password must have at least 8 characters.".to_owned(),
        ))
    }
}
