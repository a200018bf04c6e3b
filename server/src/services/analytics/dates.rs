//! Days as the rollups keep them (days since 1970-01-01, UTC) and as people read them
//! (`YYYY-MM-DD`).

/// `YYYY-MM-DD` of day number `day` (proleptic Gregorian calendar).
pub fn date_of(day: i64) -> String {
    // Shift the epoch to 0000-03-01 so that leap days end each 400-year era's years.
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day_of_month = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day_of_month:02}")
}

#[cfg(test)]
mod tests {
    use super::date_of;

    #[test]
    fn day_numbers_read_as_calendar_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(59), "1970-03-01");
        assert_eq!(date_of(11_016), "2000-02-29");
        assert_eq!(date_of(11_017), "2000-03-01");
        assert_eq!(date_of(20_419), "2025-11-27");
        assert_eq!(date_of(-1), "1969-12-31");
    }
}
