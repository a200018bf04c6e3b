//! Public calculators as `GET /api/calc/{id}` answers them, kept in memory for a moment.
//!
//! A published calculator is read far more often than it changes (every visit of an
//! embed reads it), and each read was a database query plus a parse and re-serialization
//! of its doc, style and result (docs/benchmarks.md, "Issue 15's server target"). This
//! keeps the serialized answer of a public calculator for [`Config::published_cache`]
//! (one second by default; zero turns the cache off).
//!
//! - Every change this process makes to a calculator forgets its entry before the change
//!   is answered (save, privacy, delete; an account's deletion forgets them all), so this
//!   instance never serves a stale answer after its own writes.
//! - A read that began before such a change cannot store what it read: each change moves
//!   a generation on, and an answer is only stored under the generation its read began
//!   in.
//! - Another instance on the same database does not tell this one: it may serve the old
//!   answer until the entry's time is up. That moment is the whole cost of the cache.
//! - Private calculators are never kept: only their owner may read them.
//!
//! [`Config::published_cache`]: crate::config::Config::published_cache

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;

/// At most this many bytes of answers are kept; past it, expired entries go, then all.
const MAX_BYTES: usize = 64 * 1024 * 1024;

/// The cache; one per process, shared by its handlers.
#[derive(Debug)]
pub struct PublishedCache {
    ttl: Duration,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    generation: u64,
    bytes: usize,
    entries: HashMap<String, Entry>,
}

#[derive(Debug)]
struct Entry {
    body: Bytes,
    stored: Instant,
}

/// Where a read that missed the cache began: pass it back to [`PublishedCache::store`].
#[derive(Debug, Clone, Copy)]
pub struct Ticket(u64);

impl PublishedCache {
    /// A cache that keeps answers for `ttl` (nothing when zero).
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            inner: Mutex::new(Inner::default()),
        }
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the map inconsistent (every update is
        // one insert or remove), so a poisoned lock is still usable.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The stored answer for `id` if it is still fresh; else a ticket for storing the
    /// answer about to be read from the database.
    pub fn get(&self, id: &str) -> Result<Bytes, Ticket> {
        let inner = self.inner();
        match inner.entries.get(id) {
            Some(entry) if entry.stored.elapsed() < self.ttl => Ok(entry.body.clone()),
            _ => Err(Ticket(inner.generation)),
        }
    }

    /// Keeps `body` as the answer for `id`, unless a calculator changed since `ticket`
    /// was given (the body may then be older than the change).
    pub fn store(&self, id: &str, body: Bytes, ticket: Ticket) {
        if self.ttl.is_zero() || body.len() > MAX_BYTES / 16 {
            return;
        }
        let mut inner = self.inner();
        if inner.generation != ticket.0 {
            return;
        }
        if inner.bytes + body.len() > MAX_BYTES {
            let ttl = self.ttl;
            inner
                .entries
                .retain(|_, entry| entry.stored.elapsed() < ttl);
            inner.bytes = inner.entries.values().map(|entry| entry.body.len()).sum();
            if inner.bytes + body.len() > MAX_BYTES {
                inner.entries.clear();
                inner.bytes = 0;
            }
        }
        inner.bytes += body.len();
        let entry = Entry {
            body,
            stored: Instant::now(),
        };
        if let Some(old) = inner.entries.insert(id.to_owned(), entry) {
            inner.bytes -= old.body.len();
        }
    }

    /// `id` is about to change (or has): its answer is read from the database again.
    pub fn forget(&self, id: &str) {
        let mut inner = self.inner();
        inner.generation += 1;
        if let Some(old) = inner.entries.remove(id) {
            inner.bytes -= old.body.len();
        }
    }

    /// Calculators this process cannot name changed (an account and all of its were
    /// deleted): every answer is read again.
    pub fn forget_all(&self) {
        let mut inner = self.inner();
        inner.generation += 1;
        inner.entries.clear();
        inner.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &'static str) -> Bytes {
        Bytes::from_static(text.as_bytes())
    }

    #[test]
    fn an_answer_is_kept_for_its_time_and_no_longer() {
        // A second: the read right after the store must come well within it, even on a
        // busy machine.
        let cache = PublishedCache::new(Duration::from_secs(1));
        let ticket = cache.get("a").unwrap_err();
        cache.store("a", body("one"), ticket);
        assert_eq!(cache.get("a").unwrap(), body("one"));
        std::thread::sleep(Duration::from_millis(1100));
        assert!(cache.get("a").is_err(), "expired");
    }

    #[test]
    fn a_read_that_began_before_a_change_is_not_kept() {
        let cache = PublishedCache::new(Duration::from_secs(60));
        let before_the_save = cache.get("a").unwrap_err();
        cache.forget("a"); // the save commits while the read is under way
        cache.store("a", body("old"), before_the_save);
        assert!(cache.get("a").is_err(), "the old answer was not kept");
        let after = cache.get("a").unwrap_err();
        cache.store("a", body("new"), after);
        assert_eq!(cache.get("a").unwrap(), body("new"));
        cache.forget_all();
        assert!(cache.get("a").is_err());
    }

    #[test]
    fn a_zero_time_keeps_nothing() {
        let cache = PublishedCache::new(Duration::ZERO);
        let ticket = cache.get("a").unwrap_err();
        cache.store("a", body("one"), ticket);
        assert!(cache.get("a").is_err());
    }

    #[test]
    fn the_bytes_kept_stay_bounded() {
        let cache = PublishedCache::new(Duration::from_secs(60));
        let big = Bytes::from(vec![b'x'; MAX_BYTES / 16]);
        for i in 0..40 {
            let id = format!("c{i}");
            let ticket = cache.get(&id).unwrap_err();
            cache.store(&id, big.clone(), ticket);
            assert!(cache.inner().bytes <= MAX_BYTES);
            assert!(cache.get(&id).is_ok(), "the newest answer is kept");
        }
        // Replacing an entry counts its bytes once.
        let ticket = Ticket(cache.inner().generation);
        cache.store("c39", body("small"), ticket);
        let inner = cache.inner();
        let sum: usize = inner.entries.values().map(|e| e.body.len()).sum();
        assert_eq!(inner.bytes, sum);
    }
}
