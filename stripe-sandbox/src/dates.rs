//! Calendar arithmetic for billing periods: a month after the 31st of January is the last day
//! of February, as Stripe bills it.

/// Days since 1970-01-01 → (year, month, day) (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(year: i64, month: i64) -> i64 {
    let next = if month == 12 {
        days_from_civil(year + 1, 1, 1)
    } else {
        days_from_civil(year, month + 1, 1)
    };
    next - days_from_civil(year, month, 1)
}

/// A Unix time's UTC (year, month, day).
pub fn civil(time: i64) -> (i64, i64, i64) {
    civil_from_days(time.div_euclid(86_400))
}

/// The same time of day `anchor_day` days into the month after `time`'s (the day clamped to
/// the month's length); `anchor_day` is the billing cycle anchor's day of month.
pub fn next_month(time: i64, anchor_day: i64) -> i64 {
    let (year, month, _) = civil(time);
    let (year, month) = if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    };
    let day = anchor_day.min(days_in_month(year, month));
    days_from_civil(year, month, day) * 86_400 + time.rem_euclid(86_400)
}

/// "November 26, 2026".
pub fn long_date(time: i64) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let (year, month, day) = civil(time);
    format!("{} {day}, {year}", MONTHS[(month - 1) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_after_january_31st_is_the_end_of_february() {
        let jan31 = days_from_civil(2027, 1, 31) * 86_400 + 3600;
        assert_eq!(civil(next_month(jan31, 31)), (2027, 2, 28));
        let feb28 = next_month(jan31, 31);
        assert_eq!(civil(next_month(feb28, 31)), (2027, 3, 31));
        assert_eq!(next_month(jan31, 31) % 86_400, 3600);
        assert_eq!(long_date(jan31), "January 31, 2027");
    }
}
