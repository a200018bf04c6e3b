//! Counted events waiting in memory for the next flush: already reduced to what the
//! rollups keep (sums per calculator and day, the day's visitor hashes), so that a few
//! hundred events become a handful of upserts.

use std::collections::{HashMap, HashSet};

/// A calculator's day.
pub type CalcDay = (String, i64);

/// Views, submissions and errors of a calculator's day (visitors are counted at the flush,
/// from the hashes the database had not seen yet).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Sums {
    pub views: i64,
    pub submissions: i64,
    pub errors: i64,
}

/// Whose visit a visitor hash records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seen {
    Viewed = 0,
    Engaged = 1,
}

/// The events since the last flush.
#[derive(Debug, Default)]
pub struct Batch {
    /// How many events it holds.
    pub events: usize,
    pub sums: HashMap<CalcDay, Sums>,
    /// (calculator, day, visitor hash, what they did).
    pub visitors: HashSet<(String, i64, String, Seen)>,
    /// (calculator, day, kind, name) → count, for the referrer, site, device and language
    /// tables.
    pub counts: HashMap<(String, i64, &'static str, String), i64>,
    /// (calculator, day, message) → (count, last seen in Unix milliseconds).
    pub errors: HashMap<(String, i64, String), (i64, i64)>,
    /// How many flushes have failed with these events in it.
    pub failures: u32,
}

impl Batch {
    pub fn is_empty(&self) -> bool {
        self.events == 0
    }

    /// Adds `other`'s events to these (a failed flush's events back in line).
    pub fn absorb(&mut self, other: Batch) {
        self.events += other.events;
        self.failures = self.failures.max(other.failures);
        for (key, sums) in other.sums {
            let mine = self.sums.entry(key).or_default();
            mine.views += sums.views;
            mine.submissions += sums.submissions;
            mine.errors += sums.errors;
        }
        self.visitors.extend(other.visitors);
        for (key, count) in other.counts {
            *self.counts.entry(key).or_default() += count;
        }
        for (key, (count, last_seen)) in other.errors {
            let mine = self.errors.entry(key).or_default();
            mine.0 += count;
            mine.1 = mine.1.max(last_seen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_batch_adds_back_without_losing_or_doubling_anything() {
        let key = ("abcdefghijklmnop".to_owned(), 10);
        let mut waiting = Batch {
            events: 2,
            ..Batch::default()
        };
        waiting.sums.insert(
            key.clone(),
            Sums {
                views: 2,
                ..Sums::default()
            },
        );
        waiting
            .visitors
            .insert((key.0.clone(), 10, "h1".to_owned(), Seen::Viewed));
        let mut failed = Batch {
            events: 3,
            failures: 1,
            ..Batch::default()
        };
        failed.sums.insert(
            key.clone(),
            Sums {
                views: 1,
                submissions: 0,
                errors: 2,
            },
        );
        failed
            .visitors
            .insert((key.0.clone(), 10, "h1".to_owned(), Seen::Viewed));
        failed
            .errors
            .insert((key.0.clone(), 10, "boom".to_owned()), (2, 500));
        waiting.absorb(failed);
        assert_eq!(waiting.events, 5);
        assert_eq!(waiting.failures, 1);
        assert_eq!(
            waiting.sums[&key],
            Sums {
                views: 3,
                submissions: 0,
                errors: 2
            }
        );
        assert_eq!(waiting.visitors.len(), 1);
        assert_eq!(waiting.errors[&(key.0, 10, "boom".to_owned())], (2, 500));
    }
}
