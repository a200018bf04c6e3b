//! How webhooks are delivered: the development switch for loopback receivers, the
//! attempt's time-out, the retry schedule and the failure window (short ones in tests).

use std::time::Duration;

use super::env::{count, milliseconds, var};

/// Three days, in milliseconds.
const THREE_DAYS_MS: u64 = 3 * 24 * 60 * 60 * 1000;

/// `CALCSMITH_WEBHOOKS_*` (docs/submissions.md, "Webhooks").
#[derive(Debug, Clone)]
pub struct WebhooksConfig {
    /// `CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK=1`: endpoints may be on 127.0.0.0/8 and ::1,
    /// also over plain http (local development and the tests). Off by default.
    pub allow_loopback: bool,
    /// `CALCSMITH_WEBHOOKS_TIMEOUT_MS` (10000): one attempt, connecting to the end of the
    /// answer's excerpt.
    pub timeout: Duration,
    /// `CALCSMITH_WEBHOOKS_RETRY_MS` (5000): the wait after a first failure; it doubles
    /// after each further one.
    pub retry_base: Duration,
    /// `CALCSMITH_WEBHOOKS_FAILURE_WINDOW_MS` (3 days): a delivery is retried this long;
    /// an endpoint failing this long is turned off and its author told by mail.
    pub failure_window: Duration,
    /// `CALCSMITH_WEBHOOKS_POLL_MS` (1000): how often the worker looks for due deliveries
    /// (a submission on this instance wakes it at once).
    pub poll: Duration,
    /// `CALCSMITH_WEBHOOKS_CONCURRENCY` (8): attempts one instance makes at once.
    pub concurrency: usize,
}

impl Default for WebhooksConfig {
    fn default() -> Self {
        WebhooksConfig {
            allow_loopback: false,
            timeout: Duration::from_millis(10_000),
            retry_base: Duration::from_millis(5_000),
            failure_window: Duration::from_millis(THREE_DAYS_MS),
            poll: Duration::from_millis(1_000),
            concurrency: 8,
        }
    }
}

impl WebhooksConfig {
    pub(super) fn from_env() -> Result<WebhooksConfig, String> {
        let defaults = WebhooksConfig::default();
        let allow_loopback = match var("CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK").as_deref() {
            None | Some("0" | "false" | "no") => false,
            Some("1" | "true" | "yes") => true,
            Some(other) => {
                return Err(format!(
                    "CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK must be 1 or 0, not \"{other}\""
                ));
            }
        };
        let at_least = |d: Duration, min_ms: u64| d.max(Duration::from_millis(min_ms));
        Ok(WebhooksConfig {
            allow_loopback,
            timeout: at_least(milliseconds("CALCSMITH_WEBHOOKS_TIMEOUT_MS", 10_000)?, 10),
            retry_base: at_least(milliseconds("CALCSMITH_WEBHOOKS_RETRY_MS", 5_000)?, 10),
            failure_window: milliseconds("CALCSMITH_WEBHOOKS_FAILURE_WINDOW_MS", THREE_DAYS_MS)?,
            poll: at_least(milliseconds("CALCSMITH_WEBHOOKS_POLL_MS", 1_000)?, 10),
            concurrency: count("CALCSMITH_WEBHOOKS_CONCURRENCY", defaults.concurrency)?.max(1),
        })
    }
}
