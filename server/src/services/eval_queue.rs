//! Fair admission to the evaluation pool. Each owner — a signed-in user, else a client
//! address — may have a few evaluations in the server ([`EvalLimits`]): `per_owner` of
//! them running or in line for a worker, `queued_per_owner` more waiting behind those,
//! and everyone together at most one per worker plus `queue`. One owner sending hostile
//! calculations therefore holds at most `per_owner` workers, and waiting is bounded:
//! past an owner's share the answer is 429, past the server's 503, both with
//! `Retry-After`.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::http::StatusCode;
use calcsmith_engine::limits::TIME_LIMIT;
use calcsmith_engine::worker::KILL_GRACE;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::EvalLimits;
use crate::error::ApiError;

/// The message when one owner has too many evaluations in the server.
pub const OWNER_BUSY_MESSAGE: &str =
    "Too many calculations at once. Please wait for the ones running to finish and try again.";

/// The message when the server's evaluation queue is full.
pub const SERVER_BUSY_MESSAGE: &str =
    "The server is busy calculating. Please try again in a few seconds.";

/// Who an evaluation counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A signed-in user, wherever they connect from.
    User(i64),
    /// An anonymous client's address; IPv6 by its /64, which one client usually holds whole.
    Address(IpAddr),
}

impl Owner {
    /// The user when signed in, else the peer address.
    pub fn of(user_id: Option<i64>, peer: IpAddr) -> Owner {
        match (user_id, peer.to_canonical()) {
            (Some(id), _) => Owner::User(id),
            (None, IpAddr::V6(v6)) => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                Owner::Address(IpAddr::V6(prefix.into()))
            }
            (None, v4) => Owner::Address(v4),
        }
    }
}

/// Why an evaluation was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Busy {
    /// This owner has its share in the server (429).
    Owner,
    /// The server's queue is full (503).
    Server,
}

/// When to try again: one calculation's hard limit, by which a running one has ended.
pub fn retry_after_seconds() -> u64 {
    (TIME_LIMIT + KILL_GRACE).as_secs_f64().ceil() as u64
}

impl From<Busy> for ApiError {
    fn from(busy: Busy) -> ApiError {
        let (status, message) = match busy {
            Busy::Owner => (StatusCode::TOO_MANY_REQUESTS, OWNER_BUSY_MESSAGE),
            Busy::Server => (StatusCode::SERVICE_UNAVAILABLE, SERVER_BUSY_MESSAGE),
        };
        ApiError::RetryLater {
            status,
            message: message.to_owned(),
            retry_after_seconds: retry_after_seconds(),
        }
    }
}

/// The admission counts, shared with every [`Turn`] so a dropped one gives its place back.
pub struct EvalQueue {
    limits: EvalLimits,
    /// Evaluations admitted at once, all owners together.
    capacity: usize,
    counts: Arc<Mutex<Counts>>,
}

#[derive(Default)]
struct Counts {
    admitted: usize,
    /// Only owners with an evaluation in the server, so the map cannot grow without bound.
    owners: HashMap<Owner, OwnerLine>,
}

struct OwnerLine {
    admitted: usize,
    /// `per_owner` permits: running or in line for a worker.
    turns: Arc<Semaphore>,
}

impl EvalQueue {
    /// Admission for a pool of `workers` under `limits`.
    pub fn new(workers: usize, limits: EvalLimits) -> EvalQueue {
        EvalQueue {
            limits,
            capacity: workers.saturating_add(limits.queue),
            counts: Arc::new(Mutex::new(Counts::default())),
        }
    }

    /// Waits until `owner` may run an evaluation; hold the [`Turn`] while it runs.
    ///
    /// # Errors
    /// [`Busy::Owner`] when `owner` already has its share in the server, [`Busy::Server`]
    /// when the server's queue is full; neither waits.
    pub async fn enter(&self, owner: Owner) -> Result<Turn, Busy> {
        let place = self.admit(owner)?;
        let permit = Arc::clone(&place.turns)
            .acquire_owned()
            .await
            .map_err(|_| Busy::Server)?;
        Ok(Turn {
            _permit: permit,
            _place: place,
        })
    }

    fn admit(&self, owner: Owner) -> Result<Place, Busy> {
        let mut counts = lock(&self.counts);
        let share = self
            .limits
            .per_owner
            .saturating_add(self.limits.queued_per_owner);
        if counts
            .owners
            .get(&owner)
            .is_some_and(|l| l.admitted >= share)
        {
            return Err(Busy::Owner);
        }
        if counts.admitted >= self.capacity {
            return Err(Busy::Server);
        }
        counts.admitted += 1;
        let per_owner = self.limits.per_owner;
        let line = counts.owners.entry(owner).or_insert_with(|| OwnerLine {
            admitted: 0,
            turns: Arc::new(Semaphore::new(per_owner)),
        });
        line.admitted += 1;
        let turns = Arc::clone(&line.turns);
        Ok(Place {
            counts: Arc::clone(&self.counts),
            owner,
            turns,
        })
    }

    /// Evaluations in the server now, all owners together (for tests and metrics).
    pub fn admitted(&self) -> usize {
        lock(&self.counts).admitted
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An admitted evaluation's place in the counts; given back when dropped.
struct Place {
    counts: Arc<Mutex<Counts>>,
    owner: Owner,
    turns: Arc<Semaphore>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = lock(&self.counts);
        counts.admitted = counts.admitted.saturating_sub(1);
        if let Some(line) = counts.owners.get_mut(&self.owner) {
            line.admitted = line.admitted.saturating_sub(1);
            if line.admitted == 0 {
                counts.owners.remove(&self.owner);
            }
        }
    }
}

/// An owner's turn to evaluate: hold it while the evaluation runs.
pub struct Turn {
    // Declared first so it is dropped first: the next of this owner's waiting
    // evaluations starts only after this one's place is given back.
    _permit: OwnedSemaphorePermit,
    _place: Place,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_owner: usize, queued_per_owner: usize, queue: usize) -> EvalLimits {
        EvalLimits {
            per_owner,
            queued_per_owner,
            queue,
        }
    }

    const ALICE: Owner = Owner::User(1);
    const BOB: Owner = Owner::User(2);

    #[tokio::test]
    async fn an_owner_past_its_share_is_refused_while_others_are_admitted() {
        let queue = EvalQueue::new(2, limits(1, 1, 10));
        let running = queue.enter(ALICE).await.expect("first");
        let waiting = queue.admit(ALICE).expect("second waits");
        assert_eq!(queue.admit(ALICE).err(), Some(Busy::Owner));
        let bob = queue.enter(BOB).await.expect("another owner");
        drop((running, waiting, bob));
        assert_eq!(queue.admitted(), 0);
        assert!(
            lock(&queue.counts).owners.is_empty(),
            "owners are forgotten"
        );
    }

    #[tokio::test]
    async fn a_full_server_is_refused_for_everyone() {
        let queue = EvalQueue::new(1, limits(1, 4, 1));
        let _a = queue.enter(ALICE).await.expect("a");
        let _b = queue.admit(ALICE).expect("b");
        assert_eq!(queue.admit(BOB).err(), Some(Busy::Server));
    }

    #[tokio::test]
    async fn an_owners_next_evaluation_waits_for_its_turn() {
        let queue = EvalQueue::new(2, limits(1, 1, 10));
        let first = queue.enter(ALICE).await.expect("first");
        let second = queue.enter(ALICE);
        tokio::pin!(second);
        assert!(poll_once(second.as_mut()).await.is_none(), "waits");
        drop(first);
        assert!(second.await.is_ok());
    }

    async fn poll_once<F: std::future::Future + Unpin>(future: F) -> Option<F::Output> {
        tokio::time::timeout(std::time::Duration::ZERO, future)
            .await
            .ok()
    }

    #[test]
    fn anonymous_owners_are_addresses_and_ipv6_counts_by_its_64_prefix() {
        let v4: IpAddr = "192.0.2.7".parse().expect("ip");
        assert_eq!(Owner::of(None, v4), Owner::Address(v4));
        assert_eq!(Owner::of(Some(9), v4), Owner::User(9));
        let a: IpAddr = "2001:db8:1:2::1".parse().expect("ip");
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().expect("ip");
        let other: IpAddr = "2001:db8:1:3::1".parse().expect("ip");
        assert_eq!(Owner::of(None, a), Owner::of(None, b));
        assert_ne!(Owner::of(None, a), Owner::of(None, other));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().expect("ip");
        assert_eq!(Owner::of(None, mapped), Owner::Address(v4));
    }

    #[test]
    fn clients_are_told_to_retry_after_one_hard_limit() {
        assert_eq!(retry_after_seconds(), 7);
    }
}
