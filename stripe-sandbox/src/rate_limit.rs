//! A limit on the calls a browser makes with the publishable key (cards, the 3-D Secure
//! step), per client address: the key is public, so without it anyone could fill the
//! sandbox's state as fast as they can send (issue 25, item 4).
//!
//! Each address has a bucket of `per_minute` calls that refills evenly over a minute, so a
//! person entering a card a few times never notices and a script is slowed to the refill
//! rate. IPv6 clients are counted by their /64 network, which one host usually owns whole.
//! Without a client address (the router served without `ConnectInfo`) every call shares
//! one bucket.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State as Extract};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::Sandbox;
use crate::error::ApiError;

/// Buckets kept before full (idle) ones are forgotten.
const MAX_BUCKETS: usize = 10_000;

/// The buckets of one sandbox.
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<Option<IpAddr>, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    /// Calls left; refills at `per_minute / 60` a second up to `per_minute`.
    tokens: f64,
    updated: Instant,
}

impl RateLimiter {
    /// `per_minute` calls per address; 0 turns the limit off.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a call from `client`'s bucket; `false` when it is empty.
    pub fn allow(&self, client: Option<IpAddr>, now: Instant) -> bool {
        if self.per_minute == 0 {
            return true;
        }
        let capacity = f64::from(self.per_minute);
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_BUCKETS {
            buckets.retain(|_, b| refilled(*b, capacity, now) < capacity);
        }
        let bucket = buckets.entry(client.map(network)).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        bucket.tokens = refilled(*bucket, capacity, now);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn refilled(bucket: Bucket, capacity: f64, now: Instant) -> f64 {
    let seconds = now.saturating_duration_since(bucket.updated).as_secs_f64();
    (bucket.tokens + seconds * capacity / 60.0).min(capacity)
}

/// The address a client is counted by: IPv4 whole, IPv6 by its /64.
fn network(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(bits))
            }
        },
    }
}

/// The middleware on the browser's routes: 429 with Stripe's `rate_limit` error once the
/// caller's bucket is empty. Calls with the secret key (the server's own) are not counted.
pub async fn limit_browser_calls(
    Extract(sandbox): Extract<Sandbox>,
    request: Request,
    next: Next,
) -> Response {
    let secret = sandbox.read(|s| s.keys.secret.clone());
    let with_secret = crate::wire::bearer(request.headers()) == Some(secret.as_str());
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    if with_secret || sandbox.inner.rate_limiter.allow(client, Instant::now()) {
        next.run(request).await
    } else {
        ApiError::rate_limited().into_response()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn an_address_gets_its_limit_then_one_call_per_refill_interval() {
        let limiter = RateLimiter::new(30);
        let start = Instant::now();
        let allowed = (0..40)
            .filter(|_| limiter.allow(ip("203.0.113.7"), start))
            .count();
        assert_eq!(allowed, 30);
        // 30 a minute: one more every 2 s.
        assert!(!limiter.allow(ip("203.0.113.7"), start + Duration::from_millis(1900)));
        assert!(limiter.allow(ip("203.0.113.7"), start + Duration::from_millis(2100)));
        assert!(!limiter.allow(ip("203.0.113.7"), start + Duration::from_millis(2200)));
    }

    #[test]
    fn addresses_have_buckets_of_their_own_and_ipv6_counts_by_64() {
        let limiter = RateLimiter::new(2);
        let now = Instant::now();
        for _ in 0..2 {
            assert!(limiter.allow(ip("2001:db8:1:2::1"), now));
        }
        assert!(!limiter.allow(ip("2001:db8:1:2::ffff"), now));
        assert!(limiter.allow(ip("2001:db8:1:3::1"), now));
        assert!(limiter.allow(ip("198.51.100.1"), now));
        assert!(limiter.allow(None, now));
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = RateLimiter::new(0);
        let now = Instant::now();
        assert!((0..1000).all(|_| limiter.allow(None, now)));
    }
}
