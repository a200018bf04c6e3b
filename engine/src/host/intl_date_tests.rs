//! Tests of `intl_date.rs`.

use super::*;
use icu_datetime::fieldsets::builder::DateFields;
use icu_datetime::options::TimePrecision;
use icu_locale_core::Locale;

#[test]
fn pattern_fields_count_widths_and_skip_quoted_text() {
    assert_eq!(
        pattern_fields("dd.MM.y, HH:mm 'at' h"),
        [('d', 2), ('M', 2), ('y', 1), ('H', 2), ('m', 2), ('h', 1)]
    );
}

#[test]
fn a_date_and_time_has_the_whole_year_and_plain_spaces() {
    let request = NumericDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Second),
        hour_choice: None,
        padded: false,
    };
    // 2026-11-26T20:05:09Z
    let text = request.format(1_795_723_509_000.0);
    assert_eq!(text.as_deref(), Some("11/26/2026, 8:05:09 PM"));
}

#[test]
fn the_first_and_last_instants_are_written_with_the_eras_year_and_no_era() {
    let request = |tag: &str| NumericDateTime {
        locale: Locale::try_from_str(tag).expect("a tag"),
        date_fields: Some(DateFields::YMD),
        time_precision: None,
        hour_choice: None,
        padded: false,
    };
    // As `TZ=UTC node -e` writes `new Date(±8.64e15).toLocaleDateString(tag)`.
    assert_eq!(
        request("en-US").format(8.64e15).as_deref(),
        Some("9/13/275760")
    );
    assert_eq!(
        request("en-US").format(-8.64e15).as_deref(),
        Some("4/20/271822")
    );
    assert_eq!(
        request("ru").format(-8.64e15).as_deref(),
        Some("20.04.271822")
    );
}

#[test]
fn hour12_false_in_en_us_is_v8s_h24_with_midnight_as_24() {
    let request = NumericDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Second),
        hour_choice: Some(HourChoice::Twelve(false)),
        padded: false,
    };
    assert_eq!(request.format(0.0).as_deref(), Some("1/1/1970, 24:00:00"));
    assert_eq!(
        request.format(13.5 * 3_600_000.0).as_deref(),
        Some("1/1/1970, 13:30:00")
    );
}

#[test]
fn two_digit_month_day_and_hour_are_padded_together() {
    let request = NumericDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Minute),
        hour_choice: None,
        padded: true,
    };
    // 2026-01-05T08:05:00Z, as `TZ=UTC node -e` writes it with month, day and hour '2-digit'.
    assert_eq!(
        request.format(1_767_600_300_000.0).as_deref(),
        Some("01/05/2026, 08:05 AM")
    );
}
