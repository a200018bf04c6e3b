//! How analytics are batched, and the clock that says which day it is (a test moves it).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use super::env::{count, milliseconds};

/// `CALCSMITH_ANALYTICS_FLUSH_MS` (5000) and `CALCSMITH_ANALYTICS_BATCH` (300): counted
/// events wait in memory at most this long, or until this many have come, and are then
/// added to the database's daily rows in one transaction. An instance killed with -9
/// loses what waits (at most one batch).
#[derive(Debug, Clone)]
pub struct AnalyticsConfig {
    pub flush_every: Duration,
    pub batch: usize,
    /// Which day it is.
    pub clock: Clock,
}

impl Default for AnalyticsConfig {
    fn default() -> Self {
        AnalyticsConfig {
            flush_every: Duration::from_millis(5000),
            batch: 300,
            clock: Clock::default(),
        }
    }
}

impl AnalyticsConfig {
    pub(super) fn from_env() -> Result<AnalyticsConfig, String> {
        let defaults = AnalyticsConfig::default();
        Ok(AnalyticsConfig {
            flush_every: milliseconds("CALCSMITH_ANALYTICS_FLUSH_MS", 5000)?
                .max(Duration::from_millis(10)),
            batch: count("CALCSMITH_ANALYTICS_BATCH", defaults.batch)?.max(1),
            clock: Clock::default(),
        })
    }
}

/// The wall clock, or (in tests) a time set by hand, so that a test can live through
/// two days in a second.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    fixed_ms: Option<Arc<AtomicI64>>,
}

impl Clock {
    /// A clock that says `ms` (Unix milliseconds) until [`Clock::set`] moves it.
    pub fn fixed(ms: i64) -> Clock {
        Clock {
            fixed_ms: Some(Arc::new(AtomicI64::new(ms))),
        }
    }

    /// Moves a fixed clock (and every clone of it) to `ms`; the wall clock ignores it.
    pub fn set(&self, ms: i64) {
        if let Some(fixed) = &self.fixed_ms {
            fixed.store(ms, Ordering::SeqCst);
        }
    }

    /// Now, in Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        self.fixed_ms
            .as_ref()
            .map_or_else(crate::tokens::now_ms, |fixed| fixed.load(Ordering::SeqCst))
    }

    /// Today: days since 1970-01-01, UTC.
    pub fn today(&self) -> i64 {
        self.now_ms().div_euclid(86_400_000)
    }
}
