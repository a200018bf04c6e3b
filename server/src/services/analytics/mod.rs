//! Analytics an author can trust, kept on our own server: published pages and embeds send
//! beacons (a view, an engaged visit, a submission, an error shown), which are counted
//! in memory (`batch.rs`) and added every few seconds, or every few hundred events, to
//! daily rollups in the database (`store.rs`). A visitor is a salted hash of the address
//! and user agent with a random salt made each day (`visitors.rs`); nothing personal is
//! kept. The author reads them back in `report.rs`. docs/analytics.md tells the whole.

mod batch;
pub mod dates;
mod report;
pub mod store;
pub mod visitors;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use sea_orm::{DatabaseConnection, DbErr, EntityTrait};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::config::AnalyticsConfig;
use crate::entities::calculator;
use batch::{Batch, Seen};
pub use report::{AnalyticsReport, DayRow, ErrorRow, NameCount, report};

/// The longest error message kept, in characters.
pub const MESSAGE_CHARS: usize = 200;

/// Beacons one address may send a minute (times `CALCSMITH_RATE_LIMIT_SCALE`), per
/// instance: a visitor sends a handful per page.
pub const BEACONS_PER_MINUTE: i64 = 120;

/// How long this instance trusts what it read of a calculator (exists, owner, analytics on).
const KNOWN_FOR: Duration = Duration::from_secs(10);

/// Failed writes after which a batch is given up (the database stayed away).
const MAX_FAILURES: u32 = 3;

/// What happened, as a beacon reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EventType {
    /// The calculator was shown.
    View,
    /// The visitor changed an input, or it ran with values from the address.
    Engaged,
    /// The visitor submitted it (when submissions exist).
    Submit,
    /// The visitor was shown an error.
    Error,
}

/// A beacon, as checked: the message cut to [`MESSAGE_CHARS`], only the hosts of the
/// referrer and embedding page.
#[derive(Debug, Clone)]
pub struct Event {
    pub kind: EventType,
    pub message: Option<String>,
    pub referrer: Option<String>,
    pub site: Option<String>,
}

/// What this instance read of a calculator.
#[derive(Debug, Clone, Copy)]
pub struct Known {
    pub owner_id: i64,
    pub private: bool,
    pub off: bool,
}

/// The counting service: the batch, the flusher's bell, the day's salt and the small
/// caches that keep a beacon off the database.
pub struct Analytics {
    config: AnalyticsConfig,
    batch: Mutex<Batch>,
    wake: tokio::sync::Notify,
    /// One flush at a time.
    flushing: tokio::sync::Mutex<()>,
    salt: tokio::sync::Mutex<Option<(i64, String)>>,
    known: Mutex<HashMap<String, (Option<Known>, Instant)>>,
    /// The minute and each address's beacons in it.
    limiter: Mutex<(i64, HashMap<IpAddr, i64>)>,
    retention_done: Mutex<Option<Instant>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding one of these leaves nothing half-done worth refusing.
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Analytics {
    pub fn new(config: AnalyticsConfig) -> Analytics {
        Analytics {
            config,
            batch: Mutex::default(),
            wake: tokio::sync::Notify::new(),
            flushing: tokio::sync::Mutex::new(()),
            salt: tokio::sync::Mutex::new(None),
            known: Mutex::default(),
            limiter: Mutex::default(),
            retention_done: Mutex::new(None),
        }
    }

    /// Today, by the configured clock.
    pub fn today(&self) -> i64 {
        self.config.clock.today()
    }

    /// Whether `address` may send one more beacon this minute (`limit` a minute).
    pub fn allow(&self, address: IpAddr, limit: i64) -> bool {
        let minute = self.config.clock.now_ms().div_euclid(60_000);
        let mut limiter = lock(&self.limiter);
        if limiter.0 != minute {
            *limiter = (minute, HashMap::new());
        }
        let count = limiter.1.entry(address).or_default();
        *count += 1;
        *count <= limit
    }

    /// The calculator as this instance last read it (at most [`KNOWN_FOR`] ago); `None`
    /// when it does not exist.
    ///
    /// # Errors
    /// The database could not be read.
    pub async fn known(&self, db: &DatabaseConnection, id: &str) -> Result<Option<Known>, DbErr> {
        if let Some((known, at)) = lock(&self.known).get(id)
            && at.elapsed() < KNOWN_FOR
        {
            return Ok(*known);
        }
        let known = calculator::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(|c| Known {
                owner_id: c.owner_id,
                private: c.is_private,
                off: c.analytics_off,
            });
        let mut cache = lock(&self.known);
        if cache.len() >= 10_000 {
            cache.clear();
        }
        cache.insert(id.to_owned(), (known, Instant::now()));
        Ok(known)
    }

    /// Forgets what this instance read of `id` (it changed here).
    pub fn forget(&self, id: &str) {
        lock(&self.known).remove(id);
    }

    /// The day's salt, from the database on the first beacon of a day.
    async fn salt(&self, db: &DatabaseConnection, today: i64) -> Result<String, DbErr> {
        let mut salt = self.salt.lock().await;
        if let Some((day, value)) = salt.as_ref()
            && *day == today
        {
            return Ok(value.clone());
        }
        let value = store::salt_of(db, today).await?;
        *salt = Some((today, value.clone()));
        Ok(value)
    }

    /// Counts `event` for calculator `id` from the visitor at `address` with `headers`:
    /// into the batch, never waiting on the database (but for the first beacon of a day,
    /// which reads the day's salt).
    ///
    /// # Errors
    /// The day's salt could not be read.
    pub async fn record(
        &self,
        db: &DatabaseConnection,
        id: &str,
        event: Event,
        address: IpAddr,
        headers: &HeaderMap,
    ) -> Result<(), DbErr> {
        let today = self.today();
        let visitor = match event.kind {
            EventType::View | EventType::Engaged => Some(visitors::visitor_hash(
                &self.salt(db, today).await?,
                &address.to_string(),
                headers,
            )),
            EventType::Submit | EventType::Error => None,
        };
        let now = self.config.clock.now_ms();
        let key = (id.to_owned(), today);
        let full = {
            let mut batch = lock(&self.batch);
            batch.events += 1;
            match event.kind {
                EventType::View => {
                    batch.sums.entry(key).or_default().views += 1;
                    if let Some(visitor) = visitor {
                        batch
                            .visitors
                            .insert((id.to_owned(), today, visitor, Seen::Viewed));
                    }
                    let mut count = |kind: &'static str, name: String| {
                        *batch
                            .counts
                            .entry((id.to_owned(), today, kind, name))
                            .or_default() += 1;
                    };
                    count("device", visitors::device_class(headers).to_owned());
                    count("language", visitors::language(headers));
                    if let Some(referrer) = event.referrer {
                        count("referrer", referrer);
                    }
                    if let Some(site) = event.site {
                        count("site", site);
                    }
                }
                EventType::Engaged => {
                    if let Some(visitor) = visitor {
                        batch
                            .visitors
                            .insert((id.to_owned(), today, visitor, Seen::Engaged));
                    }
                }
                EventType::Submit => batch.sums.entry(key).or_default().submissions += 1,
                EventType::Error => {
                    batch.sums.entry(key).or_default().errors += 1;
                    let message = event.message.unwrap_or_default();
                    let seen = batch
                        .errors
                        .entry((id.to_owned(), today, message))
                        .or_default();
                    seen.0 += 1;
                    seen.1 = seen.1.max(now);
                }
            }
            batch.events >= self.config.batch
        };
        if full {
            self.wake.notify_one();
        }
        Ok(())
    }

    /// Writes what waits in the batch; on failure it waits again for the next flush (up
    /// to [`MAX_FAILURES`] times). About once an hour it also deletes what the plans no
    /// longer keep.
    pub async fn flush(&self, db: &DatabaseConnection) {
        let _one = self.flushing.lock().await;
        let mut batch = std::mem::take(&mut *lock(&self.batch));
        if !batch.is_empty() {
            match store::write(db, &batch).await {
                Ok(()) => {
                    metrics::counter!("analytics_events_written_total")
                        .increment(batch.events as u64);
                }
                Err(error) => {
                    batch.failures += 1;
                    if batch.failures >= MAX_FAILURES {
                        tracing::error!(events = batch.events, %error, "analytics: a batch was dropped");
                    } else {
                        tracing::warn!(events = batch.events, %error, "analytics: a batch will be written again");
                        lock(&self.batch).absorb(batch);
                    }
                }
            }
        }
        let due = {
            let mut done = lock(&self.retention_done);
            let due = done.is_none_or(|at| at.elapsed() >= Duration::from_secs(3600));
            if due {
                *done = Some(Instant::now());
            }
            due
        };
        if due && let Err(error) = store::apply_retention(db, self.today()).await {
            tracing::warn!(%error, "analytics: old rows could not be deleted");
        }
    }

    /// Flushes every few seconds, or as soon as a batch is full, for as long as the app runs.
    pub fn spawn_flusher(self: &Arc<Self>, db: DatabaseConnection) {
        let analytics = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    () = tokio::time::sleep(analytics.config.flush_every) => {}
                    () = analytics.wake.notified() => {}
                }
                analytics.flush(&db).await;
            }
        });
    }
}

/// `message` cut to [`MESSAGE_CHARS`] characters.
pub fn cut_message(message: &str) -> String {
    message.trim().chars().take(MESSAGE_CHARS).collect()
}
