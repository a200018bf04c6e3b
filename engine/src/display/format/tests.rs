//! Tests of `format.rs`.

use super::*;
use Locale::{En, Ru};

fn style(places: Option<u32>, percent: bool, sign: Option<&str>) -> NumberStyle {
    let mut style = NumberStyle::default();
    (style.decimal_places, style.percent) = (places, percent);
    style.currency_sign = sign.map(String::from);
    style
}

fn num(value: f64, places: Option<u32>, locale: Locale) -> String {
    format_number(value, &style(places, false, None), locale)
}

/// Percent on, with a currency sign that must not show.
fn percent(value: f64, places: Option<u32>, locale: Locale) -> String {
    format_number(value, &style(places, true, Some("$")), locale)
}

fn money(value: f64, places: Option<u32>, sign: &str, locale: Locale) -> String {
    format_number(value, &style(places, false, Some(sign)), locale)
}

fn day_ms(year: i32, month: u32, day: u32) -> f64 {
    CivilDate { year, month, day }.to_epoch_ms()
}

#[test]
fn locale_parses_by_language_ignoring_case_and_region() {
    assert_eq!(Locale::parse("en"), Some(En));
    assert_eq!(Locale::parse("EN-us"), Some(En));
    assert_eq!(Locale::parse("ru-RU"), Some(Ru));
    assert_eq!(Locale::parse("Ru"), Some(Ru));
    for bad in ["", "de", "eng", "r", "-en", "english"] {
        assert_eq!(Locale::parse(bad), None, "{bad}");
    }
    assert_eq!((Locale::default(), En.code(), Ru.code()), (En, "en", "ru"));
}

#[test]
fn english_groups_with_commas_and_uses_a_decimal_point() {
    assert_eq!(num(1234.567, Some(2), En), "1,234.57");
    assert_eq!(num(1234567.891, None, En), "1,234,567.891");
    assert_eq!(num(123.0, None, En), "123");
}

#[test]
fn russian_groups_with_no_break_spaces_and_uses_a_decimal_comma() {
    assert_eq!(num(1234.567, Some(2), Ru), "1\u{a0}234,57");
    assert_eq!(num(1234567.891, None, Ru), "1\u{a0}234\u{a0}567,891");
    assert_eq!(num(0.5, None, Ru), "0,5");
}

#[test]
fn four_digit_numbers_are_grouped_in_both_locales() {
    assert_eq!(num(1234.0, None, En), "1,234");
    assert_eq!(num(1234.0, None, Ru), "1\u{a0}234");
    assert_eq!(num(12345.0, None, En), "12,345");
    assert_eq!(num(123456.0, None, En), "123,456");
}

#[test]
fn very_large_numbers_show_all_their_digits_grouped() {
    assert_eq!(num(1e21, None, En), "1,000,000,000,000,000,000,000");
    assert!(num(f64::MAX, Some(1), En).starts_with("179,769,313,486,231,570,000,"));
}

#[test]
fn fixed_decimal_places_pad_with_zeros() {
    assert_eq!(num(1.5, Some(3), En), "1.500");
    assert_eq!(num(7.0, Some(2), Ru), "7,00");
    assert_eq!(num(1234.4, Some(0), En), "1,234");
}

#[test]
fn default_shows_at_most_three_digits_and_drops_trailing_zeros() {
    assert_eq!(num(0.1 + 0.2, None, En), "0.3");
    assert_eq!(num(1.23456, None, En), "1.235");
    assert_eq!(num(2.0, None, En), "2");
    assert_eq!(num(1.9996, None, En), "2");
    assert_eq!(num(0.0004, None, En), "0");
    assert_eq!(num(0.0005, None, En), "0.001");
    assert_eq!(num(5e-324, None, En), "0");
}

#[test]
fn rounding_is_half_away_from_zero_on_the_shortest_decimal_digits() {
    assert_eq!(num(1.005, Some(2), En), "1.01");
    assert_eq!(num(2.5, Some(0), En), "3");
    assert_eq!(num(-2.5, Some(0), En), "-3");
    assert_eq!(num(0.125, Some(2), En), "0.13");
    assert_eq!(num(1.0049, Some(2), En), "1.00");
}

#[test]
fn rounding_carries_into_new_integer_digits_and_groups() {
    assert_eq!(num(999.9995, None, En), "1,000");
    assert_eq!(num(9.995, Some(2), En), "10.00");
    assert_eq!(num(99999.5, Some(0), Ru), "100\u{a0}000");
}

#[test]
fn negative_numbers_have_a_leading_hyphen_minus() {
    assert_eq!(num(-1234.5, Some(2), En), "-1,234.50");
    assert_eq!(num(-1234.5, Some(2), Ru), "-1\u{a0}234,50");
}

#[test]
fn results_that_round_to_zero_have_no_minus_sign() {
    assert_eq!(num(-0.0001, None, En), "0");
    assert_eq!(num(-0.0, None, En), "0");
    assert_eq!(num(-0.004, Some(2), Ru), "0,00");
    assert_eq!(money(-0.0, Some(2), "$", En), "$0.00");
}

#[test]
fn huge_decimal_place_counts_are_capped_at_100() {
    let hundred_zeros = "0".repeat(100);
    assert_eq!(num(1.0, Some(u32::MAX), En), format!("1.{hundred_zeros}"));
}

#[test]
fn percent_output_is_multiplied_by_100() {
    assert_eq!(percent(0.125, Some(1), En), "12.5%");
    assert_eq!(percent(0.07, None, En), "7%");
    assert_eq!(percent(-0.5, None, En), "-50%");
    assert_eq!(percent(12.34, None, En), "1,234%");
    assert_eq!(percent(1e21, None, En), "100,000,000,000,000,000,000,000%");
    assert_eq!(percent(5e-324, Some(2), En), "0.00%");
}

#[test]
fn percent_moves_the_decimal_point_of_the_shortest_decimal_form() {
    // 0.145 * 100 is 14.499999999999998 in binary; a person and ICU say 15%.
    assert_eq!(percent(0.145, Some(0), En), "15%");
    assert_eq!(percent(0.01005, Some(2), En), "1.01%");
    assert_eq!(percent(0.0005, None, En), "0.05%");
    assert_eq!(percent(-0.00004, Some(2), En), "0.00%");
    assert_eq!(percent(0.995, Some(0), En), "100%");
}

#[test]
fn russian_percent_has_a_no_break_space_before_the_sign() {
    assert_eq!(percent(0.29, None, Ru), "29\u{a0}%");
    assert_eq!(percent(0.125, Some(1), Ru), "12,5\u{a0}%");
    assert_eq!(percent(-12.34, None, Ru), "-1\u{a0}234\u{a0}%");
    assert_eq!(percent(f64::INFINITY, None, Ru), "∞\u{a0}%");
}

#[test]
fn currency_sign_is_a_prefix_after_the_minus_sign() {
    assert_eq!(money(1234.5, Some(2), "$", En), "$1,234.50");
    assert_eq!(money(-5.0, Some(2), "$", En), "-$5.00");
    assert_eq!(money(-1234.5, Some(2), "€", Ru), "-€1\u{a0}234,50");
    assert_eq!(money(5.0, None, "", En), "5");
}

fn units(value: f64, prefix: &str, suffix: &str, locale: Locale) -> String {
    let mut style = style(None, false, None);
    (style.prefix, style.suffix) = (Some(prefix.into()), Some(suffix.into()));
    format_number(value, &style, locale)
}

#[test]
fn a_unit_or_currency_suffix_follows_the_number_after_a_no_break_space() {
    assert_eq!(units(1200.0, "", "₽", Ru), "1\u{a0}200\u{a0}₽");
    assert_eq!(units(75.0, "", "кг", Ru), "75\u{a0}кг");
    assert_eq!(units(75.5, "", " kg ", En), "75.5\u{a0}kg");
    assert_eq!(units(-3.0, "", "€", En), "-3\u{a0}€");
}

#[test]
fn symbols_that_hug_their_number_get_no_space() {
    assert_eq!(units(20.0, "", "°C", En), "20°C");
    assert_eq!(units(9.99, "", "/mo", En), "9.99/mo");
    assert_eq!(units(5.0, "≈", "", En), "≈5");
    assert_eq!(units(-5.0, "~", "", En), "~-5");
}

#[test]
fn a_word_prefix_is_set_off_and_comes_before_the_sign_and_currency() {
    assert_eq!(units(1234.5, "USD", "", En), "USD\u{a0}1,234.5");
    assert_eq!(units(-2.0, "от", "", Ru), "от\u{a0}-2");
    let mut both = style(Some(2), false, Some("$"));
    (both.prefix, both.suffix) = (Some("≈".into()), Some("per kg".into()));
    assert_eq!(format_number(-1.5, &both, En), "≈-$1.50\u{a0}per kg");
    let mut percent = style(Some(1), true, None);
    percent.suffix = Some("годовых".into());
    assert_eq!(
        format_number(0.125, &percent, Ru),
        "12,5\u{a0}%\u{a0}годовых"
    );
}

#[test]
fn blank_units_show_nothing() {
    assert_eq!(units(5.0, "  ", "", En), "5");
    assert_eq!(units(f64::NAN, "", "kg", En), "NaN\u{a0}kg");
}

#[test]
fn non_finite_numbers_are_nan_and_infinity_signs_with_the_same_decorations() {
    assert_eq!(num(f64::NAN, Some(2), En), "NaN");
    assert_eq!(num(f64::INFINITY, Some(2), Ru), "∞");
    assert_eq!(num(f64::NEG_INFINITY, None, En), "-∞");
    assert_eq!(percent(f64::INFINITY, None, En), "∞%");
    assert_eq!(percent(f64::NAN, None, En), "NaN%");
    assert_eq!(money(f64::INFINITY, Some(2), "$", En), "$∞");
    assert_eq!(money(f64::NEG_INFINITY, Some(2), "$", En), "-$∞");
    assert_eq!(money(f64::NAN, None, "$", En), "$NaN");
}

#[test]
fn dates_use_the_medium_english_format() {
    assert_eq!(format_date(day_ms(2026, 11, 25), En), "Nov 25, 2026");
    let last_ms_of_day = day_ms(2026, 11, 26) - 1.0;
    assert_eq!(format_date(last_ms_of_day, En), "Nov 25, 2026");
    assert_eq!(format_date(0.0, En), "Jan 1, 1970");
    assert_eq!(format_date(-1.0, En), "Dec 31, 1969");
    assert_eq!(format_date(day_ms(2024, 9, 5), En), "Sep 5, 2024");
}

#[test]
fn dates_use_genitive_month_abbreviations_in_russian() {
    assert_eq!(format_date(day_ms(2026, 11, 25), Ru), "25 нояб. 2026 г.");
    assert_eq!(format_date(0.0, Ru), "1 янв. 1970 г.");
    assert_eq!(format_date(day_ms(2024, 2, 29), Ru), "29 февр. 2024 г.");
    assert_eq!(format_date(day_ms(2024, 5, 9), Ru), "9 мая 2024 г.");
    assert_eq!(format_date(day_ms(2024, 9, 1), Ru), "1 сент. 2024 г.");
}

#[test]
fn invalid_instants_show_invalid_date() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 8.64e15 + 1.0] {
        assert_eq!(format_date(bad, En), "Invalid Date");
        assert_eq!(format_date(bad, Ru), "Invalid Date");
    }
}

#[test]
fn booleans_read_yes_and_no_in_each_locale() {
    let yes_no = |locale| [format_bool(true, locale), format_bool(false, locale)];
    assert_eq!(yes_no(En), ["Yes", "No"]);
    assert_eq!(yes_no(Ru), ["Да", "Нет"]);
}

#[test]
fn plain_text_is_returned_as_is() {
    let long = "a very long piece of text that is not a link at all";
    let ftp = "ftp://example.com/a/very/long/path/to/a/file";
    for text in [long, ftp, "", "http://", "https://é"] {
        assert_eq!(format_text(text), text);
    }
}

#[test]
fn long_urls_are_cut_to_30_characters_and_an_ellipsis() {
    let url = "https://example.com/a/very/long/path";
    assert_eq!(format_text(url), "https://example.com/a/very/lon…");
    let upper = "HTTP://EXAMPLE.COM/A/VERY/LONG/PATH";
    assert_eq!(format_text(upper), "HTTP://EXAMPLE.COM/A/VERY/LONG…");
    let cyrillic = "hTTps://пример.рф/очень/длинный/путь";
    assert_eq!(format_text(cyrillic), "hTTps://пример.рф/очень/длинны…");
    let accented = "http://é-a-long-address-with-accents";
    assert_eq!(format_text(accented), "http://é-a-long-address-with-a…");
}

#[test]
fn urls_of_30_characters_or_with_whitespace_are_kept_whole() {
    let thirty = "https://example.com/abcdefghij";
    assert_eq!(thirty.chars().count(), 30);
    assert_eq!(format_text(thirty), thirty);
    assert_eq!(format_text(&format!("{thirty}k")), format!("{thirty}…"));
    let spaced = "https://example.com/a/very/long path";
    assert_eq!(format_text(spaced), spaced);
}

fn decimal(text: &str, places: Option<u32>, locale: Locale) -> String {
    format_decimal_text(text, &style(places, false, None), locale)
}

#[test]
fn a_decimal_shows_every_digit_a_double_would_lose() {
    let text = "12345678901234567890.123";
    assert_eq!(decimal(text, Some(3), En), "12,345,678,901,234,567,890.123");
    // The same value as a double shows what the double kept.
    assert_eq!(
        num(12345678901234567890.123, Some(3), En),
        "12,345,678,901,234,567,000.000"
    );
    assert_eq!(decimal("0.3", None, Ru), "0,3");
}

#[test]
fn a_decimal_rounds_half_away_from_zero_on_its_own_digits() {
    // 1.005 as a double is 1.00499999999999989…, and its shortest form rounds up too; the
    // decimal's digits are exactly 1.005.
    assert_eq!(decimal("1.005", Some(2), En), "1.01");
    assert_eq!(decimal("-2.0049999999999999999999", Some(2), En), "-2.00");
    assert_eq!(decimal("-0.0004", Some(2), En), "0.00");
    assert_eq!(decimal("-123.4500", None, En), "-123.45");
    assert_eq!(decimal("999.9996", Some(3), Ru), "1\u{a0}000,000");
}

#[test]
fn a_decimal_takes_the_outputs_decoration() {
    let percent = format_decimal_text("0.145", &style(Some(1), true, Some("$")), Ru);
    assert_eq!(percent, "14,5\u{a0}%");
    assert_eq!(
        format_decimal_text("-1234.5", &style(Some(2), false, Some("$")), En),
        "-$1,234.50"
    );
}

#[test]
fn a_decimal_that_is_not_finite_shows_as_a_number_would() {
    assert_eq!(decimal("NaN", Some(2), En), "NaN");
    assert_eq!(decimal("Infinity", None, En), "∞");
    assert_eq!(decimal("-Infinity", None, Ru), "-∞");
    assert_eq!(decimal("1e5", None, En), "NaN");
}

/// `style` with a rounding rule: `mode` to a multiple of `step`.
fn rule(mut style: NumberStyle, mode: RoundingMode, step: f64) -> NumberStyle {
    style.rounding_mode = mode;
    style.rounding_step = RoundingStep::parse(&serde_json::Number::from_f64(step).unwrap());
    style
}

#[test]
fn a_csv_cell_is_the_number_as_shown_in_plain_digits() {
    let dollars = style(Some(2), false, Some("$"));
    assert_eq!(
        plain_number(1234567.5, &dollars).as_deref(),
        Some("1234567.50")
    );
    assert_eq!(
        format_number(1234567.5, &dollars, Ru),
        "$1\u{a0}234\u{a0}567,50"
    );
    assert_eq!(plain_number(0.1 + 0.2, &dollars).as_deref(), Some("0.30"));
    assert_eq!(plain_number(-1.005, &dollars).as_deref(), Some("-1.01"));
    assert_eq!(plain_number(-0.001, &dollars).as_deref(), Some("0.00"));
    let cash = rule(dollars, RoundingMode::HalfEven, 0.05);
    assert_eq!(
        plain_number(2.6250000000000004, &cash).as_deref(),
        Some("2.65")
    );
    assert_eq!(plain_decimal_text("2.625", &cash).as_deref(), Some("2.60"));
    let thousands = rule(style(None, false, None), RoundingMode::Floor, 1000.0);
    assert_eq!(
        plain_number(-12001.0, &thousands).as_deref(),
        Some("-13000")
    );
}

#[test]
fn a_percent_csv_cell_is_the_fraction_shown() {
    assert_eq!(
        plain_number(0.145, &style(Some(0), true, None)).as_deref(),
        Some("0.15")
    );
    assert_eq!(
        plain_number(0.12345, &style(Some(1), true, None)).as_deref(),
        Some("0.123")
    );
    assert_eq!(
        plain_number(12.5, &style(None, true, None)).as_deref(),
        Some("12.5")
    );
    assert_eq!(
        plain_number(-0.07, &style(Some(0), true, None)).as_deref(),
        Some("-0.07")
    );
    assert_eq!(
        plain_number(0.0, &style(Some(2), true, None)).as_deref(),
        Some("0")
    );
}

#[test]
fn a_csv_cell_has_no_number_for_nan_or_infinity() {
    let dollars = style(Some(2), false, Some("$"));
    assert_eq!(plain_number(f64::NAN, &dollars), None);
    assert_eq!(plain_number(f64::NEG_INFINITY, &dollars), None);
    assert_eq!(plain_decimal_text("Infinity", &dollars), None);
    assert_eq!(plain_decimal_text("1e5", &dollars), None);
}
