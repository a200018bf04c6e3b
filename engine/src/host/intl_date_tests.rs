//! Tests of `intl_date.rs`.

use super::super::date_fields::Hourless;
use super::super::date_options::{Style, Styles, TextWidth, Widths};
use super::super::date_pattern::{second_alone, without_hour};
use super::super::date_zone::{Zone, ZoneName};
use super::*;
use icu_datetime::fieldsets::builder::DateFields;
use icu_datetime::options::{SubsecondDigits, TimePrecision};
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
    let request = IcuDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        time_zone: None,
        zone_name: None,
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Second),
        hour_choice: None,
        padded: false,
        bare_hour: false,
        text: Widths::default(),
        styles: Styles::default(),
        hourless: None,
    };
    // 2026-11-26T20:05:09Z
    let text = request.format(1_795_723_509_000.0);
    assert_eq!(text.as_deref(), Some("11/26/2026, 8:05:09 PM"));
}

#[test]
fn the_first_and_last_instants_are_written_with_the_eras_year_and_no_era() {
    let request = |tag: &str| IcuDateTime {
        locale: Locale::try_from_str(tag).expect("a tag"),
        time_zone: None,
        zone_name: None,
        date_fields: Some(DateFields::YMD),
        time_precision: None,
        hour_choice: None,
        padded: false,
        bare_hour: false,
        text: Widths::default(),
        styles: Styles::default(),
        hourless: None,
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
    let request = IcuDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        time_zone: None,
        zone_name: None,
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Second),
        hour_choice: Some(HourChoice::Twelve(false)),
        padded: false,
        bare_hour: false,
        text: Widths::default(),
        styles: Styles::default(),
        hourless: None,
    };
    assert_eq!(request.format(0.0).as_deref(), Some("1/1/1970, 24:00:00"));
    assert_eq!(
        request.format(13.5 * 3_600_000.0).as_deref(),
        Some("1/1/1970, 13:30:00")
    );
}

#[test]
fn two_digit_month_day_and_hour_are_padded_together() {
    let request = IcuDateTime {
        locale: Locale::try_from_str("en-US").expect("a tag"),
        time_zone: None,
        zone_name: None,
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Minute),
        hour_choice: None,
        padded: true,
        bare_hour: false,
        text: Widths::default(),
        styles: Styles::default(),
        hourless: None,
    };
    // 2026-01-05T08:05:00Z, as `TZ=UTC node -e` writes it with month, day and hour '2-digit'.
    assert_eq!(
        request.format(1_767_600_300_000.0).as_deref(),
        Some("01/05/2026, 08:05 AM")
    );
}

/// A request for the date and time with seconds in `tag`, in `zone`, with `name`.
fn zoned(tag: &str, zone: &str, name: Option<ZoneName>) -> IcuDateTime {
    IcuDateTime {
        locale: Locale::try_from_str(tag).expect("a tag"),
        time_zone: Some(Zone::named(zone).expect("a zone")),
        zone_name: name,
        date_fields: Some(DateFields::YMD),
        time_precision: Some(TimePrecision::Second),
        hour_choice: None,
        padded: false,
        bare_hour: false,
        text: Widths::default(),
        styles: Styles::default(),
        hourless: None,
    }
}

/// 2026-07-04T20:05:09Z, in summer time in New York.
const JULY: f64 = 1_783_195_509_000.0;
/// 2026-01-15T03:04:05Z, in standard time in New York and in Sydney's summer.
const JANUARY: f64 = 1_768_446_245_000.0;

#[test]
fn a_zone_moves_the_date_and_time_and_keeps_the_whole_year() {
    // As `TZ=UTC node -e` writes `d.toLocaleString(tag, { timeZone })`.
    let text = |tag, zone, at| zoned(tag, zone, None).format(at);
    assert_eq!(
        text("en-US", "America/New_York", JULY).as_deref(),
        Some("7/4/2026, 4:05:09 PM")
    );
    assert_eq!(
        text("en-US", "Asia/Kolkata", JULY).as_deref(),
        Some("7/5/2026, 1:35:09 AM")
    );
    assert_eq!(
        text("ru", "Europe/Moscow", JULY).as_deref(),
        Some("04.07.2026, 23:05:09")
    );
    assert_eq!(
        text("en-US", "america/new_york", JANUARY).as_deref(),
        Some("1/14/2026, 10:04:05 PM")
    );
}

#[test]
fn zone_names_follow_summer_time_and_fall_back_to_the_offset() {
    use ZoneName::{Long, LongOffset, Short, ShortOffset};
    let text = |tag, zone, name, at| zoned(tag, zone, Some(name)).format(at);
    for (tag, zone, name, at, expected) in [
        (
            "en-US",
            "America/New_York",
            Short,
            JULY,
            "7/4/2026, 4:05:09 PM EDT",
        ),
        (
            "en-US",
            "America/New_York",
            Short,
            JANUARY,
            "1/14/2026, 10:04:05 PM EST",
        ),
        (
            "en-US",
            "America/New_York",
            Long,
            JULY,
            "7/4/2026, 4:05:09 PM Eastern Daylight Time",
        ),
        (
            "en-US",
            "America/New_York",
            ShortOffset,
            JULY,
            "7/4/2026, 4:05:09 PM GMT-4",
        ),
        (
            "en-US",
            "America/New_York",
            LongOffset,
            JANUARY,
            "1/14/2026, 10:04:05 PM GMT-05:00",
        ),
        (
            "en-US",
            "Asia/Kolkata",
            Short,
            JULY,
            "7/5/2026, 1:35:09 AM GMT+5:30",
        ),
        (
            "en-US",
            "Asia/Kolkata",
            LongOffset,
            JULY,
            "7/5/2026, 1:35:09 AM GMT+05:30",
        ),
        (
            "en-US",
            "Australia/Sydney",
            Short,
            JANUARY,
            "1/15/2026, 2:04:05 PM GMT+11",
        ),
        (
            "en-US",
            "Europe/Moscow",
            Long,
            JULY,
            "7/4/2026, 11:05:09 PM Moscow Standard Time",
        ),
        (
            "ru",
            "Europe/Moscow",
            Long,
            JULY,
            "04.07.2026, 23:05:09 Москва, стандартное время",
        ),
        (
            "ru",
            "America/New_York",
            ShortOffset,
            JULY,
            "04.07.2026, 16:05:09 GMT-4",
        ),
        (
            "ru",
            "America/New_York",
            LongOffset,
            JANUARY,
            "14.01.2026, 22:04:05 GMT-05:00",
        ),
    ] {
        assert_eq!(
            text(tag, zone, name, at).as_deref(),
            Some(expected),
            "{tag} {zone} {name:?}"
        );
    }
}

#[test]
fn utc_is_named_as_v8_names_it() {
    let request = |tag: &str, name| IcuDateTime {
        time_zone: None,
        zone_name: Some(name),
        ..zoned(tag, "UTC", None)
    };
    assert_eq!(
        request("en-US", ZoneName::Short).format(JULY).as_deref(),
        Some("7/4/2026, 8:05:09 PM UTC")
    );
    assert_eq!(
        request("en-US", ZoneName::Long).format(JULY).as_deref(),
        Some("7/4/2026, 8:05:09 PM Coordinated Universal Time")
    );
    assert_eq!(
        request("ru", ZoneName::Long).format(JULY).as_deref(),
        Some("04.07.2026, 20:05:09 Всемирное координированное время")
    );
}

#[test]
fn the_zone_name_is_its_own_part_and_a_resolved_option() {
    let request = IcuDateTime {
        time_precision: None,
        ..zoned("en-US", "Asia/Kolkata", Some(ZoneName::Short))
    };
    let parts = request.format_to_parts(JULY).expect("parts");
    assert_eq!(parts.last(), Some(&("timeZoneName", "GMT+5:30".to_owned())));
    assert_eq!(request.format(JULY).as_deref(), Some("7/5/2026, GMT+5:30"));
    let resolved = request.resolved_fields().expect("fields");
    let names: Vec<_> = resolved.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["year", "month", "day", "timeZoneName"]);
    // The glue is the locale's, as V8 writes `d.toLocaleDateString('fr', { timeZoneName })`.
    let french = IcuDateTime {
        locale: Locale::try_from_str("fr").expect("a tag"),
        time_zone: None,
        ..request
    };
    assert_eq!(french.format(JULY).as_deref(), Some("04/07/2026 UTC"));
}

#[test]
fn unknown_zones_are_left_to_boa() {
    assert!(Zone::named("Mars/Olympus_Mons").is_none());
    assert_eq!(
        Zone::named("asia/kolkata").map(|zone| zone.identifier().to_owned()),
        Some("Asia/Kolkata".to_owned())
    );
}

/// 2026-11-26T15:04:05Z, a Thursday afternoon.
const NOVEMBER: f64 = 1_795_705_445_000.0;

/// A request in `tag`, in UTC, for `date_fields` and `time_precision` with `text`.
fn texts(
    tag: &str,
    date_fields: Option<DateFields>,
    time_precision: Option<TimePrecision>,
    text: Widths,
) -> IcuDateTime {
    IcuDateTime {
        date_fields,
        time_precision,
        text,
        ..zoned(tag, "UTC", None)
    }
}

#[test]
fn eras_are_written_as_wide_as_asked() {
    // As `TZ=UTC node -e` writes `d.toLocaleDateString(tag, options)`.
    let era = |width| Widths {
        era: Some(width),
        ..Widths::default()
    };
    let year = texts("en-US", Some(DateFields::Y), None, era(TextWidth::Short));
    assert_eq!(year.format(NOVEMBER).as_deref(), Some("2026 AD"));
    let long = Widths {
        month: Some(TextWidth::Long),
        ..era(TextWidth::Long)
    };
    let date = texts("en-US", Some(DateFields::YMD), None, long);
    assert_eq!(
        date.format(NOVEMBER).as_deref(),
        Some("November 26, 2026 Anno Domini")
    );
    let parts = date.format_to_parts(NOVEMBER).expect("parts");
    assert_eq!(parts.last(), Some(&("era", "Anno Domini".to_owned())));
}

#[test]
fn a_day_period_takes_the_place_of_am_and_pm() {
    let period = Widths {
        day_period: Some(TextWidth::Short),
        ..Widths::default()
    };
    let hour = |tag| texts(tag, None, Some(TimePrecision::Hour), period);
    assert_eq!(
        hour("en-US").format(NOVEMBER).as_deref(),
        Some("3 in the afternoon")
    );
    // A 24-hour locale has no AM/PM to replace.
    assert_eq!(hour("ru").format(NOVEMBER).as_deref(), Some("15"));
    let alone = texts("en-US", None, None, period);
    assert_eq!(alone.format(NOVEMBER).as_deref(), Some("in the afternoon"));
    let resolved = alone.resolved_fields().expect("fields");
    assert_eq!(resolved.len(), 1);
    assert_eq!(resolved[0].0, "dayPeriod");
}

#[test]
fn a_narrow_weekday_is_narrow_beside_other_fields_too() {
    let weekday = |width, month| Widths {
        weekday: Some(width),
        month,
        ..Widths::default()
    };
    let alone = texts(
        "ru-RU",
        Some(DateFields::E),
        None,
        weekday(TextWidth::Narrow, None),
    );
    assert_eq!(alone.format(NOVEMBER).as_deref(), Some("Ч"));
    let dated = texts(
        "en-US",
        Some(DateFields::MDE),
        None,
        weekday(TextWidth::Narrow, Some(TextWidth::Short)),
    );
    assert_eq!(dated.format(NOVEMBER).as_deref(), Some("T, Nov 26"));
    let tokyo = IcuDateTime {
        time_zone: Some(Zone::named("Asia/Tokyo").expect("a zone")),
        ..texts(
            "en-US",
            Some(DateFields::E),
            None,
            weekday(TextWidth::Narrow, None),
        )
    };
    // 15:04 UTC is Friday in Tokyo.
    assert_eq!(
        tokyo.format(NOVEMBER + 9.0 * 3_600_000.0).as_deref(),
        Some("F")
    );
}

#[test]
fn a_long_or_full_time_style_has_the_zones_name() {
    let style = |tag, zone, time| IcuDateTime {
        date_fields: None,
        styles: Styles {
            date: None,
            time: Some(time),
        },
        zone_name: Some(if time == Style::Full {
            ZoneName::Long
        } else {
            ZoneName::Short
        }),
        ..zoned(tag, zone, None)
    };
    let long = style("en-US", "America/New_York", Style::Long);
    assert_eq!(long.format(NOVEMBER).as_deref(), Some("10:04:05 AM EST"));
    let full = style("en-US", "America/New_York", Style::Full);
    assert_eq!(
        full.format(NOVEMBER).as_deref(),
        Some("10:04:05 AM Eastern Standard Time")
    );
    let resolved = long.resolved_fields().expect("fields");
    let names: Vec<_> = resolved.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["hourCycle", "hour12", "timeStyle"]);
}

#[test]
fn a_text_date_and_a_zone_are_glued_as_a_date_and_a_time() {
    let month = |tag, fields| IcuDateTime {
        date_fields: Some(fields),
        time_precision: None,
        text: Widths {
            month: Some(TextWidth::Long),
            ..Widths::default()
        },
        ..zoned(tag, "UTC", Some(ZoneName::Short))
    };
    assert_eq!(
        month("en-US", DateFields::MD).format(NOVEMBER).as_deref(),
        Some("November 26 at UTC")
    );
    assert_eq!(
        month("ru", DateFields::MD).format(NOVEMBER).as_deref(),
        Some("26 ноября в UTC")
    );
    let weekday = IcuDateTime {
        date_fields: Some(DateFields::E),
        time_precision: None,
        text: Widths {
            weekday: Some(TextWidth::Long),
            ..Widths::default()
        },
        ..zoned("en-US", "America/New_York", Some(ZoneName::Short))
    };
    assert_eq!(weekday.format(NOVEMBER).as_deref(), Some("Thursday, EST"));
}

#[test]
fn a_two_digit_year_and_fractions_of_a_second_are_written_as_asked() {
    let year = texts(
        "en-US",
        Some(DateFields::YMD),
        None,
        Widths {
            two_digit_year: true,
            ..Widths::default()
        },
    );
    let year = IcuDateTime {
        padded: true,
        bare_hour: false,
        ..year
    };
    assert_eq!(year.format(NOVEMBER).as_deref(), Some("11/26/26"));
    let digits = SubsecondDigits::try_from_int(2).expect("digits");
    let fraction = texts(
        "de",
        None,
        Some(TimePrecision::Subsecond(digits)),
        Widths::default(),
    );
    assert_eq!(
        fraction.format(NOVEMBER + 678.0).as_deref(),
        Some("15:04:05,67")
    );
    let parts = fraction.format_to_parts(NOVEMBER + 678.0).expect("parts");
    let kinds: Vec<_> = parts.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(
        kinds,
        [
            "hour",
            "literal",
            "minute",
            "literal",
            "second",
            "literal",
            "fractionalSecond"
        ]
    );
}

#[test]
fn minutes_and_seconds_leave_the_hour_out() {
    assert_eq!(without_hour("HH:mm:ss").as_deref(), Some("mm:ss"));
    assert_eq!(without_hour("H.mm.ss").as_deref(), Some("mm.ss"));
    let lap = IcuDateTime {
        hourless: Some(Hourless::MinuteSecond),
        ..texts(
            "en-US",
            None,
            Some(TimePrecision::Second),
            Widths::default(),
        )
    };
    // As `TZ=UTC node -e` writes `d.toLocaleTimeString('en-US', { minute, second })`.
    assert_eq!(lap.format(NOVEMBER).as_deref(), Some("04:05"));
}

#[test]
fn a_minute_or_a_second_alone_is_a_plain_number() {
    assert_eq!(second_alone("HH:mm:ss").as_deref(), Some("s"));
    assert_eq!(second_alone("HH:mm:ss,SS").as_deref(), Some("s,SS"));
    assert_eq!(
        second_alone("H 'h' mm 'min' ss,SSS 's'").as_deref(),
        Some("s,SSS")
    );
    let alone = |hourless, precision| IcuDateTime {
        hourless: Some(hourless),
        ..texts("ru", None, Some(precision), Widths::default())
    };
    // As `TZ=UTC node -e` writes `d.toLocaleTimeString('ru', { minute: '2-digit' })`, then
    // `{ second: '2-digit' }` and `{ second: 'numeric', fractionalSecondDigits: 2 }`.
    let minute = alone(Hourless::Minute, TimePrecision::Minute);
    assert_eq!(minute.format(NOVEMBER).as_deref(), Some("4"));
    let second = alone(Hourless::Second, TimePrecision::Second);
    assert_eq!(second.format(NOVEMBER).as_deref(), Some("5"));
    let hundredths = alone(
        Hourless::Second,
        TimePrecision::Subsecond(SubsecondDigits::S2),
    );
    assert_eq!(hundredths.format(NOVEMBER).as_deref(), Some("5,00"));
}
