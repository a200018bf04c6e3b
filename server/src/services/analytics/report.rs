//! What the author reads: a calculator's days, tables and errors over a range of days,
//! no longer than the owner's plan keeps.

use serde::Serialize;
use utoipa::ToSchema;

use super::dates::date_of;
use super::store;
use crate::entities::{calculator, user};
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;

/// How many names each table shows.
const TOP_NAMES: usize = 20;

/// How many distinct errors the report shows.
const TOP_ERRORS: u64 = 50;

/// A calculator's analytics over the last `range_days` days, today included.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsReport {
    /// Each day of the range, oldest first, with zeros where nothing was counted.
    pub days: Vec<DayRow>,
    /// Hosts of the pages visitors came from, most first.
    pub referrers: Vec<NameCount>,
    /// Hosts of the pages that embed it, most first.
    pub sites: Vec<NameCount>,
    /// `phone`, `tablet` and `desktop` views.
    pub devices: Vec<NameCount>,
    /// The visitors' first languages (`en`, `ru`, … or `unknown`).
    pub languages: Vec<NameCount>,
    /// The errors visitors were shown, most frequent first.
    pub errors: Vec<ErrorRow>,
    /// Whether visits are counted now (the author can turn it off).
    pub enabled: bool,
    /// How many days the range covers (the request's, or fewer when the plan keeps fewer).
    pub range_days: i64,
    /// How many days of history the owner's plan keeps; null: all.
    pub history_days: Option<i64>,
}

/// One day.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayRow {
    /// `YYYY-MM-DD` (UTC).
    pub date: String,
    pub views: i64,
    /// Unique visitors of the day (one person on two days counts on each).
    pub visitors: i64,
    /// Unique visitors who used it: changed an input or ran it with values from the address.
    pub engaged: i64,
    pub submissions: i64,
    pub errors: i64,
}

/// A row of the referrer, site, device and language tables.
#[derive(Debug, Serialize, ToSchema)]
pub struct NameCount {
    pub name: String,
    pub count: i64,
}

/// An error visitors saw.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorRow {
    /// The message shown, cut to 200 characters.
    pub message: String,
    pub count: i64,
    /// When it was last seen, `YYYY-MM-DDTHH:MM:SSZ`.
    pub last_seen: String,
}

/// Unix milliseconds as `YYYY-MM-DDTHH:MM:SSZ`.
fn timestamp(ms: i64) -> String {
    let seconds = ms.div_euclid(1000);
    let of_day = seconds.rem_euclid(86_400);
    format!(
        "{}T{:02}:{:02}:{:02}Z",
        date_of(seconds.div_euclid(86_400)),
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

/// `found`'s analytics over the last `days` days (fewer when `owner`'s plan keeps fewer).
///
/// # Errors
/// The database could not be read.
pub async fn report(
    state: &AppState,
    found: &calculator::Model,
    owner: &user::Model,
    days: i64,
) -> Result<AnalyticsReport, ApiError> {
    let history = Plan::parse(&owner.plan).analytics_days();
    let range = history.map_or(days, |kept| days.min(kept));
    let today = state.analytics.today();
    let first_day = today - range + 1;
    let stored = store::days(&state.db, &found.id, first_day).await?;
    let mut counts = store::counts(&state.db, &found.id, first_day, TOP_NAMES).await?;
    let mut table = |kind: &str| {
        counts
            .remove(kind)
            .unwrap_or_default()
            .into_iter()
            .map(|(name, count)| NameCount { name, count })
            .collect()
    };
    Ok(AnalyticsReport {
        days: (first_day..=today)
            .map(|day| {
                let totals = stored.get(&day).copied().unwrap_or_default();
                DayRow {
                    date: date_of(day),
                    views: totals.views,
                    visitors: totals.visitors,
                    engaged: totals.engaged,
                    submissions: totals.submissions,
                    errors: totals.errors,
                }
            })
            .collect(),
        referrers: table("referrer"),
        sites: table("site"),
        devices: table("device"),
        languages: table("language"),
        errors: store::errors(&state.db, &found.id, first_day, TOP_ERRORS)
            .await?
            .into_iter()
            .map(|(message, count, last_seen)| ErrorRow {
                message,
                count,
                last_seen: timestamp(last_seen),
            })
            .collect(),
        enabled: !found.analytics_off,
        range_days: range,
        history_days: history,
    })
}

#[cfg(test)]
mod tests {
    use super::timestamp;

    #[test]
    fn last_seen_reads_as_a_utc_time() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(
            timestamp(1_764_288_000_000 + 3_723_000),
            "2025-11-28T01:02:03Z"
        );
    }
}
