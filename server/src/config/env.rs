//! Reading the environment: a variable (unset and empty alike are absent), a count, a
//! duration in seconds or milliseconds, each with its default and a message naming the
//! variable when it is not a number.

use std::time::Duration;

/// A whole number from `name`, or `default` when unset.
pub(super) fn count(name: &str, default: usize) -> Result<usize, String> {
    var(name).map_or(Ok(default), |n| {
        n.parse()
            .map_err(|_| format!("{name} must be a number, not \"{n}\""))
    })
}

pub(super) fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// A duration in whole seconds (at least 1) from `name`, or `default`.
pub(super) fn seconds(name: &str, default: u64) -> Result<Duration, String> {
    let value = var(name)
        .map(|n| {
            n.parse::<u64>()
                .map_err(|_| format!("{name} must be a number of seconds, not \"{n}\""))
        })
        .transpose()?
        .unwrap_or(default);
    Ok(Duration::from_secs(value.max(1)))
}

/// A duration in milliseconds (0 allowed) from `name`, or `default`.
pub(super) fn milliseconds(name: &str, default: u64) -> Result<Duration, String> {
    let value = var(name)
        .map(|n| {
            n.parse::<u64>()
                .map_err(|_| format!("{name} must be a number of milliseconds, not \"{n}\""))
        })
        .transpose()?
        .unwrap_or(default);
    Ok(Duration::from_millis(value))
}
