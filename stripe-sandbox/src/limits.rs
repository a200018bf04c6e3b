//! Stripe's size limits, so that nobody (the publishable key is public) can fill the sandbox's
//! state with large requests (issue 25, item 4). Where Stripe documents a limit the sandbox
//! uses it; where it does not, a Stripe-like one (docs/billing.md lists which is which).

use std::collections::BTreeMap;

use crate::error::ApiError;
use crate::form::Form;

/// The largest request body (and query string) taken; Stripe's requests are a few KB.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// Stripe's metadata limits (docs.stripe.com/metadata).
const METADATA_KEYS: usize = 50;
const METADATA_KEY_CHARS: usize = 40;
const METADATA_VALUE_CHARS: usize = 500;

/// Customer fields, as Stripe's API reference gives them.
pub const CUSTOMER_NAME: usize = 256;
pub const CUSTOMER_EMAIL: usize = 512;
pub const CUSTOMER_PHONE: usize = 20;
pub const DESCRIPTION: usize = 5000;
/// Stripe's limit for every address field (and most other strings).
pub const ADDRESS_FIELD: usize = 5000;
/// A card's billing details: Stripe gives no limit; the customer's, and a phone with room for
/// spaces and an extension.
pub const BILLING_NAME: usize = 256;
pub const BILLING_EMAIL: usize = 512;
pub const BILLING_PHONE: usize = 50;
/// A test clock's name (Stripe: 300).
pub const CLOCK_NAME: usize = 300;

/// The text at `path`, refused past `max` characters as Stripe refuses it.
///
/// # Errors
/// Not a plain value, or too long.
pub fn text<'a>(form: &'a Form, path: &str, max: usize) -> Result<Option<&'a str>, ApiError> {
    let value = form.str(path)?;
    if let Some(value) = value
        && value.chars().count() > max
    {
        let shown: String = value.chars().take(20).collect();
        return Err(ApiError::invalid(
            &crate::form::param(path),
            format!("Invalid string: {shown}...; must be at most {max} characters"),
        ));
    }
    Ok(value)
}

/// The `metadata` map at `path`, within Stripe's limits.
///
/// # Errors
/// Not a map of plain values, or past a limit.
pub fn metadata(form: &Form, path: &str) -> Result<Option<BTreeMap<String, String>>, ApiError> {
    let Some(map) = form.map(path)? else {
        return Ok(None);
    };
    let name = crate::form::param(path);
    if map.len() > METADATA_KEYS {
        return Err(ApiError::invalid(
            &name,
            format!(
                "You can specify up to {METADATA_KEYS} keys in metadata, but you passed in {}.",
                map.len()
            ),
        ));
    }
    for (key, value) in &map {
        let key_chars = key.chars().count();
        if key_chars > METADATA_KEY_CHARS {
            return Err(ApiError::invalid(
                &name,
                format!(
                    "Metadata keys can have up to {METADATA_KEY_CHARS} characters, but you passed in a key that is {key_chars} characters."
                ),
            ));
        }
        let value_chars = value.chars().count();
        if value_chars > METADATA_VALUE_CHARS {
            return Err(ApiError::invalid(
                &format!("{name}[{key}]"),
                format!(
                    "Metadata values can have up to {METADATA_VALUE_CHARS} characters, but you passed in a value that is {value_chars} characters."
                ),
            ));
        }
    }
    Ok(Some(map))
}
