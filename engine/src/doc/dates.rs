//! UTC calendar arithmetic on proleptic Gregorian dates (no time zones, no time of day).

use web_time::{SystemTime, UNIX_EPOCH};

const MS_PER_DAY: i64 = 86_400_000;
/// The largest distance from the epoch a JS `Date` can hold, in milliseconds.
const MAX_EPOCH_MS: f64 = 8.64e15;
/// Day numbers are clamped to the days whose year fits in an `i32`.
const MIN_DAY: i64 = days_from_civil(i32::MIN as i64, 1, 1);
const MAX_DAY: i64 = days_from_civil(i32::MAX as i64, 12, 31);

/// A calendar day in the proleptic Gregorian calendar, read in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CivilDate {
    /// Astronomical year: 1 BC is year 0, 2 BC is -1.
    pub year: i32,
    /// Month of the year, 1..=12.
    pub month: u32,
    /// Day of the month, 1..=31.
    pub day: u32,
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given date (month 1..=12, day 1..=31).
const fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    // Count years from March, so that the leap day is the last day of a year.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y.rem_euclid(400);
    let march_month = (month as i64 + 9) % 12;
    let day_of_year = (153 * march_month + 2) / 5 + day as i64 - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date (year, month 1..=12, day) that is `days` days after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let march_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * march_month + 2) / 5 + 1;
    let month = (march_month + 2) % 12 + 1;
    let year = era * 400 + year_of_era + i64::from(month <= 2);
    (year, month as u32, day as u32)
}

impl CivilDate {
    const fn ymd(year: i32, month: u32, day: u32) -> CivilDate {
        CivilDate { year, month, day }
    }

    fn from_day_number(days: i64) -> CivilDate {
        let (year, month, day) = civil_from_days(days.clamp(MIN_DAY, MAX_DAY));
        Self::ymd(year as i32, month, day)
    }

    fn day_number(self) -> i64 {
        days_from_civil(self.year.into(), self.month, self.day)
    }

    /// "YYYY-MM-DD" → date; None if malformed or not a real calendar day.
    ///
    /// Exactly four year digits and two each for month and day; no sign, no surrounding spaces.
    pub fn parse_iso(s: &str) -> Option<CivilDate> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let number = |digits: &[u8]| {
            digits.iter().try_fold(0u32, |acc, &c| {
                c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
            })
        };
        let (year, month, day) = (number(&b[..4])?, number(&b[5..7])?, number(&b[8..])?);
        let valid =
            (1..=12).contains(&month) && (1..=days_in_month(year.into(), month)).contains(&day);
        valid.then_some(Self::ymd(year as i32, month, day))
    }

    /// JSCalc's absolute date: params day, month (0–11), year as JS numbers (f64).
    ///
    /// Behaves like JS `Date.UTC(year, month, day)` truncated to a calendar day: month and day
    /// overflow roll over (month 12 → January next year, day 31 of February → March 2/3,
    /// day 0 → last day of previous month). Non-integer values are truncated toward zero, and,
    /// as in `Date.UTC`, a year 0..=99 (after truncation) means 1900..=1999. Returns None when
    /// any value is not finite or the result is outside years -9999..=9999.
    pub fn from_absolute(day: f64, month0: f64, year: f64) -> Option<CivilDate> {
        let (day, month0, year) = (day.trunc(), month0.trunc(), year.trunc());
        // V8's sanity bounds (plus one on day); they also keep the i64 math far from overflow.
        let finite = day.is_finite() && month0.is_finite() && year.is_finite();
        if !finite || year.abs() > 1e6 || month0.abs() > 1e7 || day.abs() > 1e9 {
            return None;
        }
        let mut year = year as i64;
        if (0..=99).contains(&year) {
            year += 1900;
        }
        let months = year * 12 + month0 as i64;
        let month = (months.rem_euclid(12) + 1) as u32;
        let first = days_from_civil(months.div_euclid(12), month, 1);
        let date = Self::from_day_number(first + day as i64 - 1);
        (-9999..=9999).contains(&date.year).then_some(date)
    }

    /// Moves `n` days forward (negative `n` goes back). Saturates at the `i32` year limits.
    pub fn add_days(self, n: i64) -> CivilDate {
        Self::from_day_number(self.day_number().saturating_add(n))
    }

    /// Adds calendar months; the day clamps to the target month's last day
    /// (Jan 31 + 1 month = Feb 28 or 29). Negative n goes back. Saturates at the `i32` year limits.
    pub fn add_months(self, n: i64) -> CivilDate {
        let months = i64::from(self.year) * 12 + i64::from(self.month) - 1;
        let lowest = i64::from(i32::MIN) * 12;
        let highest = i64::from(i32::MAX) * 12 + 11;
        let months = months.saturating_add(n).clamp(lowest, highest);
        let (year, month) = (months.div_euclid(12), (months.rem_euclid(12) + 1) as u32);
        Self::ymd(year as i32, month, self.day.min(days_in_month(year, month)))
    }

    /// Adds years; Feb 29 + 1 year = Feb 28.
    pub fn add_years(self, n: i64) -> CivilDate {
        self.add_months(n.saturating_mul(12))
    }

    /// Milliseconds since 1970-01-01T00:00:00Z of 00:00 UTC of this day.
    pub fn to_epoch_ms(self) -> f64 {
        self.day_number() as f64 * MS_PER_DAY as f64
    }

    /// The UTC calendar day containing this instant (floor, so negative ms work);
    /// None if not finite or out of range (|ms| > 8.64e15).
    pub fn from_epoch_ms(ms: f64) -> Option<CivilDate> {
        if !ms.is_finite() || ms.abs() > MAX_EPOCH_MS {
            return None;
        }
        Some(Self::from_day_number(
            (ms.floor() as i64).div_euclid(MS_PER_DAY),
        ))
    }

    /// Today's date in UTC, from `web_time::SystemTime` (works on wasm32 and natively).
    pub fn today_utc() -> CivilDate {
        let ms = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(since) => since.as_secs_f64() * 1000.0,
            Err(before) => -before.duration().as_secs_f64() * 1000.0,
        };
        Self::from_epoch_ms(ms).unwrap_or(Self::ymd(1970, 1, 1))
    }

    /// "YYYY-MM-DD" (a year before 0 gets a leading `-`, e.g. "-0044-03-15").
    pub fn to_iso(self) -> String {
        let sign = if self.year < 0 { "-" } else { "" };
        let (year, month, day) = (self.year.unsigned_abs(), self.month, self.day);
        format!("{sign}{year:04}-{month:02}-{day:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> CivilDate {
        CivilDate::parse_iso(s).unwrap_or_else(|| panic!("bad test date {s}"))
    }

    fn ymd(year: i32, month: u32, day: u32) -> CivilDate {
        CivilDate { year, month, day }
    }

    fn abs(day: f64, month0: f64, year: f64) -> Option<String> {
        CivilDate::from_absolute(day, month0, year).map(CivilDate::to_iso)
    }

    #[test]
    fn parse_iso_accepts_real_calendar_days() {
        assert_eq!(d("2024-02-29"), ymd(2024, 2, 29));
        assert_eq!(d("2000-02-29"), ymd(2000, 2, 29));
        assert_eq!(d("0000-01-01"), ymd(0, 1, 1));
        assert_eq!(d("9999-12-31"), ymd(9999, 12, 31));
    }

    #[test]
    fn parse_iso_rejects_days_that_do_not_exist() {
        for s in "2023-02-29 1900-02-29 2024-04-31 2024-13-01 2024-00-10 2024-01-00".split(' ') {
            assert_eq!(CivilDate::parse_iso(s), None, "{s}");
        }
    }

    #[test]
    fn parse_iso_rejects_malformed_text() {
        let bad =
            "|2024-1-01|20240101| 2024-01-01|2024-01-01x|+024-01-01|2024/01/01|２０２４-01-01";
        for s in bad.split('|') {
            assert_eq!(CivilDate::parse_iso(s), None, "{s}");
        }
    }

    #[test]
    fn to_iso_pads_fields_and_signs_negative_years() {
        assert_eq!(ymd(5, 3, 7).to_iso(), "0005-03-07");
        assert_eq!(ymd(-44, 3, 15).to_iso(), "-0044-03-15");
        assert_eq!(ymd(2026, 11, 25).to_iso(), "2026-11-25");
    }

    #[test]
    fn add_days_crosses_leap_days_months_and_years() {
        assert_eq!(d("2024-02-28").add_days(1).to_iso(), "2024-02-29");
        assert_eq!(d("2023-02-28").add_days(1).to_iso(), "2023-03-01");
        assert_eq!(d("1900-02-28").add_days(1).to_iso(), "1900-03-01");
        assert_eq!(d("2000-02-28").add_days(1).to_iso(), "2000-02-29");
        assert_eq!(d("2024-12-31").add_days(1).to_iso(), "2025-01-01");
        assert_eq!(d("2024-01-01").add_days(366).to_iso(), "2025-01-01");
    }

    #[test]
    fn add_days_goes_back_with_negative_deltas() {
        assert_eq!(d("2025-01-01").add_days(-1).to_iso(), "2024-12-31");
        assert_eq!(d("2024-03-01").add_days(-1).to_iso(), "2024-02-29");
        assert_eq!(d("1970-01-01").add_days(-365).to_iso(), "1969-01-01");
    }

    #[test]
    fn add_months_clamps_the_day_to_the_target_month() {
        assert_eq!(d("2024-01-31").add_months(1).to_iso(), "2024-02-29");
        assert_eq!(d("2023-01-31").add_months(1).to_iso(), "2023-02-28");
        assert_eq!(d("2024-05-31").add_months(1).to_iso(), "2024-06-30");
        assert_eq!(d("2024-03-31").add_months(-1).to_iso(), "2024-02-29");
    }

    #[test]
    fn add_months_rolls_over_years_both_ways() {
        assert_eq!(d("2024-11-15").add_months(3).to_iso(), "2025-02-15");
        assert_eq!(d("2024-01-15").add_months(-13).to_iso(), "2022-12-15");
        assert_eq!(d("2024-01-15").add_months(-24).to_iso(), "2022-01-15");
        assert_eq!(d("0000-01-15").add_months(-1).to_iso(), "-0001-12-15");
    }

    #[test]
    fn add_years_turns_feb_29_into_feb_28_in_common_years() {
        assert_eq!(d("2024-02-29").add_years(1).to_iso(), "2025-02-28");
        assert_eq!(d("2024-02-29").add_years(-1).to_iso(), "2023-02-28");
        assert_eq!(d("2024-02-29").add_years(4).to_iso(), "2028-02-29");
        assert_eq!(d("2000-02-29").add_years(-100).to_iso(), "1900-02-28");
    }

    #[test]
    fn huge_deltas_saturate_instead_of_panicking() {
        let date = d("2024-06-15");
        assert_eq!(date.add_days(i64::MAX).year, i32::MAX);
        assert_eq!(date.add_days(i64::MIN).year, i32::MIN);
        assert_eq!(date.add_months(i64::MIN).year, i32::MIN);
        assert_eq!(date.add_years(i64::MAX).year, i32::MAX);
    }

    #[test]
    fn from_absolute_takes_a_zero_based_month() {
        assert_eq!(abs(1.0, 0.0, 2024.0).as_deref(), Some("2024-01-01"));
        assert_eq!(abs(25.0, 10.0, 2026.0).as_deref(), Some("2026-11-25"));
    }

    #[test]
    fn from_absolute_rolls_over_months_and_days_like_date_utc() {
        assert_eq!(abs(15.0, 12.0, 2024.0).as_deref(), Some("2025-01-15"));
        assert_eq!(abs(1.0, -1.0, 2024.0).as_deref(), Some("2023-12-01"));
        assert_eq!(abs(31.0, 1.0, 2023.0).as_deref(), Some("2023-03-03"));
        assert_eq!(abs(31.0, 1.0, 2024.0).as_deref(), Some("2024-03-02"));
        assert_eq!(abs(0.0, 2.0, 2024.0).as_deref(), Some("2024-02-29"));
        assert_eq!(abs(0.0, 0.0, 2024.0).as_deref(), Some("2023-12-31"));
        assert_eq!(abs(366.0, 0.0, 2024.0).as_deref(), Some("2024-12-31"));
    }

    #[test]
    fn from_absolute_truncates_fractions_toward_zero() {
        assert_eq!(abs(10.9, 0.7, 2024.9).as_deref(), Some("2024-01-10"));
        assert_eq!(abs(-0.5, 2.0, 2024.0).as_deref(), Some("2024-02-29"));
        assert_eq!(abs(1.0, -0.9, 2024.0).as_deref(), Some("2024-01-01"));
    }

    #[test]
    fn from_absolute_maps_two_digit_years_to_the_1900s_like_date_utc() {
        assert_eq!(abs(1.0, 0.0, 99.0).as_deref(), Some("1999-01-01"));
        assert_eq!(abs(1.0, 0.0, 0.0).as_deref(), Some("1900-01-01"));
        assert_eq!(abs(1.0, 0.0, 100.0).as_deref(), Some("0100-01-01"));
        assert_eq!(abs(1.0, 0.0, -1.0).as_deref(), Some("-0001-01-01"));
    }

    #[test]
    fn from_absolute_rejects_non_finite_and_out_of_range_values() {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(abs(bad, 0.0, 2024.0), None);
            assert_eq!(abs(1.0, bad, 2024.0), None);
            assert_eq!(abs(1.0, 0.0, bad), None);
        }
        assert_eq!(abs(31.0, 11.0, 9999.0).as_deref(), Some("9999-12-31"));
        assert_eq!(abs(32.0, 11.0, 9999.0), None);
        assert_eq!(abs(1.0, 0.0, -9999.0).as_deref(), Some("-9999-01-01"));
        assert_eq!(abs(0.0, 0.0, -9999.0), None);
        assert_eq!(abs(1e300, 0.0, 2024.0), None);
        assert_eq!(abs(1.0, -1e300, 1e300), None);
    }

    #[test]
    fn epoch_ms_of_known_days() {
        assert_eq!(d("1970-01-01").to_epoch_ms(), 0.0);
        assert_eq!(d("2000-01-01").to_epoch_ms(), 946_684_800_000.0);
        assert_eq!(d("1969-12-31").to_epoch_ms(), -86_400_000.0);
        assert_eq!(d("1900-03-01").to_epoch_ms(), -2_203_891_200_000.0);
    }

    #[test]
    fn from_epoch_ms_floors_to_the_containing_utc_day() {
        let at = |ms: f64| CivilDate::from_epoch_ms(ms).map(CivilDate::to_iso);
        assert_eq!(at(86_399_999.0).as_deref(), Some("1970-01-01"));
        assert_eq!(at(-1.0).as_deref(), Some("1969-12-31"));
        assert_eq!(at(-0.5).as_deref(), Some("1969-12-31"));
        assert_eq!(at(-86_400_000.0).as_deref(), Some("1969-12-31"));
        assert_eq!(at(-86_400_001.0).as_deref(), Some("1969-12-30"));
        assert_eq!(at(8.64e15).as_deref(), Some("275760-09-13"));
        assert_eq!(at(-8.64e15).as_deref(), Some("-271821-04-20"));
    }

    #[test]
    fn from_epoch_ms_rejects_non_finite_and_out_of_range_instants() {
        for bad in [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            8.64e15 + 1.0,
            -8.7e15,
        ] {
            assert_eq!(CivilDate::from_epoch_ms(bad), None);
        }
    }

    #[test]
    fn epoch_round_trips_hold_before_and_after_1970() {
        let dates = [
            (-9999, 1, 1),
            (0, 2, 29),
            (1600, 2, 29),
            (1899, 12, 31),
            (1969, 7, 20),
        ];
        for (year, month, day) in dates.into_iter().chain([(2024, 2, 29), (9999, 12, 31)]) {
            let date = ymd(year, month, day);
            let ms = date.to_epoch_ms();
            assert_eq!(CivilDate::from_epoch_ms(ms), Some(date), "{date:?}");
            assert_eq!(CivilDate::from_epoch_ms(ms + 86_399_999.0), Some(date));
        }
    }

    #[test]
    fn consecutive_day_numbers_are_consecutive_calendar_days() {
        // Two full 400-year cycles around the epoch.
        let mut prev = civil_from_days(-146_097);
        for n in -146_096..146_097 {
            let (y, m, day) = civil_from_days(n);
            assert_eq!(days_from_civil(y, m, day), n);
            let next_day = day == prev.2 + 1 && m == prev.1 && y == prev.0;
            let next_month = day == 1 && prev.2 == days_in_month(prev.0, prev.1);
            assert!(next_day || (next_month && (m == prev.1 + 1 || (m == 1 && y == prev.0 + 1))));
            prev = (y, m, day);
        }
    }

    #[test]
    fn today_utc_is_a_plausible_date() {
        let today = CivilDate::today_utc();
        assert!(today.year >= 2024 && today.year < 2200, "{today:?}");
        assert_eq!(CivilDate::parse_iso(&today.to_iso()), Some(today));
    }
}
