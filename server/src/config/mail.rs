//! The mail queue's clocks and the caps on "E-mail me my results" (docs/submissions.md,
//! "E-mail"). Tests shorten the clocks; production keeps the defaults.

use std::time::Duration;

use super::analytics::Clock;
use super::env::{count, milliseconds};

/// How queued mail is sent, retried and summed up.
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `CALCSMITH_MAIL_POLL_MS` (10000): how often the worker looks for due mail when
    /// nothing woke it (mail queued by another instance, a retry coming due).
    pub poll: Duration,
    /// `CALCSMITH_MAIL_RETRY_MS` (30000): the wait after the first failed attempt; each
    /// further failure doubles it, up to `CALCSMITH_MAIL_RETRY_MAX_MS` (3600000).
    pub retry_first: Duration,
    pub retry_max: Duration,
    /// `CALCSMITH_MAIL_ATTEMPTS` (30): attempts before a message goes to the outbox (about
    /// a day with the default waits).
    pub attempts: u32,
    /// `CALCSMITH_MAIL_LEASE_MS` (600000): how long an instance holds a message it is
    /// sending; one that died holding it frees it after this.
    pub lease: Duration,
    /// `CALCSMITH_MAIL_DIGEST_MS` (900000): how often the daily digests are looked for.
    pub digest_every: Duration,
    /// `CALCSMITH_MAIL_RESULTS_PER_ADDRESS` (5): copies of results one address may be
    /// sent a day (UTC), times `CALCSMITH_RATE_LIMIT_SCALE`.
    pub results_per_address_day: i64,
    /// `CALCSMITH_MAIL_RESULTS_PER_CALCULATOR` (50): copies of results one calculator may
    /// send an hour, times `CALCSMITH_RATE_LIMIT_SCALE`.
    pub results_per_calculator_hour: i64,
    /// Which day it is for the digests (a test moves it on).
    pub clock: Clock,
}

impl Default for MailConfig {
    fn default() -> Self {
        MailConfig {
            poll: Duration::from_secs(10),
            retry_first: Duration::from_secs(30),
            retry_max: Duration::from_secs(3600),
            attempts: 30,
            lease: Duration::from_secs(600),
            digest_every: Duration::from_secs(900),
            results_per_address_day: 5,
            results_per_calculator_hour: 50,
            clock: Clock::default(),
        }
    }
}

impl MailConfig {
    pub(super) fn from_env() -> Result<MailConfig, String> {
        let defaults = MailConfig::default();
        let at_least = |d: Duration| d.max(Duration::from_millis(10));
        let cap = |name: &str, default: i64| -> Result<i64, String> {
            let n = count(name, usize::try_from(default).unwrap_or(1))?;
            Ok(i64::try_from(n).unwrap_or(i64::MAX))
        };
        Ok(MailConfig {
            poll: at_least(milliseconds("CALCSMITH_MAIL_POLL_MS", 10_000)?),
            retry_first: at_least(milliseconds("CALCSMITH_MAIL_RETRY_MS", 30_000)?),
            retry_max: at_least(milliseconds("CALCSMITH_MAIL_RETRY_MAX_MS", 3_600_000)?),
            attempts: u32::try_from(count("CALCSMITH_MAIL_ATTEMPTS", 30)?)
                .unwrap_or(u32::MAX)
                .max(1),
            lease: at_least(milliseconds("CALCSMITH_MAIL_LEASE_MS", 600_000)?),
            digest_every: at_least(milliseconds("CALCSMITH_MAIL_DIGEST_MS", 900_000)?),
            results_per_address_day: cap(
                "CALCSMITH_MAIL_RESULTS_PER_ADDRESS",
                defaults.results_per_address_day,
            )?,
            results_per_calculator_hour: cap(
                "CALCSMITH_MAIL_RESULTS_PER_CALCULATOR",
                defaults.results_per_calculator_hour,
            )?,
            clock: Clock::default(),
        })
    }

    /// The wait after `failures` failed attempts (1 or more): the first wait, doubled
    /// for each failure after the first, at most `retry_max`.
    pub fn backoff(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(30);
        self.retry_first
            .saturating_mul(1u32 << doublings)
            .min(self.retry_max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failure_doubles_the_wait_up_to_the_longest() {
        let config = MailConfig::default();
        assert_eq!(config.backoff(1), Duration::from_secs(30));
        assert_eq!(config.backoff(2), Duration::from_secs(60));
        assert_eq!(config.backoff(5), Duration::from_secs(480));
        assert_eq!(config.backoff(8), Duration::from_secs(3600));
        assert_eq!(config.backoff(u32::MAX), Duration::from_secs(3600));
    }
}
