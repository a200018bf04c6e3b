//! Calendar months (UTC) as the monthly limit counts them, and the days a date filter
//! names.

use calcsmith_engine::dates::CivilDate;

use crate::error::ApiError;

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// Months since 1970-01 of the instant `ms` (Unix milliseconds), UTC.
pub fn month_of(ms: i64) -> i64 {
    let date = CivilDate::from_epoch_ms(ms as f64).unwrap_or(CivilDate {
        year: 1970,
        month: 1,
        day: 1,
    });
    (i64::from(date.year) - 1970) * 12 + i64::from(date.month) - 1
}

/// The start (Unix milliseconds) of a `YYYY-MM-DD` day, UTC, from a query's `name`.
///
/// # Errors
/// 400 naming `name` when it is not a calendar day written `YYYY-MM-DD`.
pub fn day_start(name: &str, raw: &str) -> Result<i64, ApiError> {
    CivilDate::parse_iso(raw)
        .map(|day| day.to_epoch_ms() as i64)
        .ok_or_else(|| ApiError::BadRequest(format!("{name} must be a day written YYYY-MM-DD.")))
}

/// An instant as people and spreadsheets read it: `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso_instant(ms: i64) -> String {
    let day = CivilDate::from_epoch_ms(ms as f64).map_or_else(String::new, CivilDate::to_iso);
    let seconds = ms.rem_euclid(DAY_MS) / 1000;
    format!(
        "{day}T{:02}:{:02}:{:02}Z",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_count_from_january_1970() {
        assert_eq!(month_of(0), 0);
        // 2026-11-28T12:00:00Z and 2026-12-01T00:00:00Z
        assert_eq!(month_of(1_795_867_200_000), 56 * 12 + 10);
        assert_eq!(month_of(1_796_083_200_000), 56 * 12 + 11);
    }

    #[test]
    fn a_day_filter_reads_calendar_days_only() {
        assert_eq!(day_start("from", "1970-01-02").ok(), Some(DAY_MS));
        assert!(day_start("from", "2026-02-30").is_err());
        assert!(day_start("from", "yesterday").is_err());
    }

    #[test]
    fn instants_read_as_utc_times() {
        assert_eq!(iso_instant(1_795_867_200_000), "2026-11-28T12:00:00Z");
    }
}
