//! Tests of `rounding.rs`, through `format_number` as outputs show numbers.

use serde_json::json;

use crate::format::{Locale, NumberStyle, format_number};
use crate::model::{RoundingMode, RoundingStep};
use Locale::{En, Ru};
use RoundingMode::{Ceil, Expand, Floor, HalfEven, HalfExpand, HalfTrunc, Trunc};

fn step(value: f64) -> RoundingStep {
    let serde_json::Value::Number(number) = json!(value) else {
        unreachable!("a finite step")
    };
    RoundingStep::parse(&number).expect("a positive step")
}

fn style(mode: RoundingMode, step_by: Option<f64>, places: Option<u32>) -> NumberStyle {
    NumberStyle {
        decimal_places: places,
        rounding_mode: mode,
        rounding_step: step_by.map(step),
        ..NumberStyle::default()
    }
}

/// `value` shown in English with `mode`, rounded to `step_by` (if any), at `places`.
fn shown(value: f64, mode: RoundingMode, step_by: Option<f64>, places: Option<u32>) -> String {
    format_number(value, &style(mode, step_by, places), En)
}

/// `values` each shown by `mode` with no decimals.
fn whole(mode: RoundingMode, values: &[f64]) -> Vec<String> {
    values
        .iter()
        .map(|&v| shown(v, mode, None, Some(0)))
        .collect()
}

#[test]
fn half_away_from_zero_is_the_default_and_todays_rule() {
    let values = [2.5, -2.5, 3.5, 2.4, 2.6, -2.6];
    assert_eq!(whole(HalfExpand, &values), ["3", "-3", "4", "2", "3", "-3"]);
    for value in [1.005, 2.675, 0.125, -1234.5, 1.23456, 0.0005, 999.9995] {
        for places in [None, Some(0), Some(2)] {
            assert_eq!(
                shown(value, HalfExpand, None, places),
                format_number(
                    value,
                    &NumberStyle {
                        decimal_places: places,
                        ..NumberStyle::default()
                    },
                    En
                ),
                "{value} at {places:?}"
            );
        }
    }
}

#[test]
fn half_even_sends_ties_to_the_even_neighbour() {
    let values = [2.5, -2.5, 3.5, -3.5, 2.6, 2.4, 0.5];
    assert_eq!(
        whole(HalfEven, &values),
        ["2", "-2", "4", "-4", "3", "2", "0"]
    );
    assert_eq!(shown(1.015, HalfEven, None, Some(2)), "1.02");
    assert_eq!(shown(1.0251, HalfEven, None, Some(2)), "1.03");
}

#[test]
fn half_toward_zero_sends_ties_toward_zero_only() {
    let values = [2.5, -2.5, 2.6, -2.6, 2.4];
    assert_eq!(whole(HalfTrunc, &values), ["2", "-2", "3", "-3", "2"]);
}

#[test]
fn up_and_down_follow_the_sign() {
    assert_eq!(whole(Ceil, &[2.1, -2.1, -2.9, 2.0]), ["3", "-2", "-2", "2"]);
    assert_eq!(
        whole(Floor, &[2.9, -2.1, -2.0, 2.0]),
        ["2", "-3", "-2", "2"]
    );
    assert_eq!(whole(Expand, &[2.1, -2.1, 2.0]), ["3", "-3", "2"]);
    assert_eq!(whole(Trunc, &[2.9, -2.9, 2.0]), ["2", "-2", "2"]);
}

#[test]
fn ties_are_read_on_the_shortest_decimal_form_in_every_mode() {
    // The double nearest 1.005 is 1.00499999999999989…; its shortest form is 1.005.
    let cent = Some(0.01);
    assert_eq!(shown(1.005, HalfExpand, cent, Some(2)), "1.01");
    assert_eq!(shown(1.005, HalfEven, cent, Some(2)), "1.00");
    assert_eq!(shown(1.005, HalfTrunc, cent, Some(2)), "1.00");
    assert_eq!(shown(1.005, Ceil, cent, Some(2)), "1.01");
    assert_eq!(shown(1.005, Trunc, cent, None), "1");
    // 0.15 / 0.05 is 2.9999999999999996 in binary: the step is never a binary division.
    assert_eq!(shown(0.15, Floor, Some(0.05), Some(2)), "0.15");
    assert_eq!(shown(0.1 + 0.2, Trunc, Some(0.1), None), "0.3");
}

#[test]
fn a_step_of_five_cents_rounds_to_multiples_of_it() {
    let nickel = Some(0.05);
    assert_eq!(shown(1.12, HalfExpand, nickel, Some(2)), "1.10");
    assert_eq!(shown(1.125, HalfExpand, nickel, Some(2)), "1.15");
    assert_eq!(shown(1.125, HalfEven, nickel, Some(2)), "1.10");
    assert_eq!(shown(1.175, HalfEven, nickel, Some(2)), "1.20");
    assert_eq!(shown(1.125, HalfTrunc, nickel, Some(2)), "1.10");
    assert_eq!(shown(1.101, Ceil, nickel, Some(2)), "1.15");
    assert_eq!(shown(1.149, Floor, nickel, Some(2)), "1.10");
    assert_eq!(shown(-1.125, HalfExpand, nickel, Some(2)), "-1.15");
    assert_eq!(shown(-1.125, Ceil, nickel, Some(2)), "-1.10");
    assert_eq!(shown(-1.125, Floor, nickel, Some(2)), "-1.15");
    assert_eq!(shown(1.12, HalfExpand, nickel, None), "1.1");
}

#[test]
fn a_step_of_a_quarter_rounds_to_quarters() {
    let quarter = Some(0.25);
    assert_eq!(shown(3.37, HalfExpand, quarter, None), "3.25");
    assert_eq!(shown(3.375, HalfExpand, quarter, None), "3.5");
    assert_eq!(shown(3.125, HalfExpand, quarter, None), "3.25");
    assert_eq!(shown(3.125, HalfEven, quarter, None), "3");
    assert_eq!(shown(3.375, HalfEven, quarter, Some(2)), "3.50");
    assert_eq!(shown(-3.01, Floor, quarter, Some(2)), "-3.25");
}

#[test]
fn a_step_of_a_thousand_rounds_whole_numbers() {
    let thousand = Some(1000.0);
    assert_eq!(shown(12_499.0, HalfExpand, thousand, None), "12,000");
    assert_eq!(shown(12_500.0, HalfExpand, thousand, None), "13,000");
    assert_eq!(shown(12_500.0, HalfEven, thousand, None), "12,000");
    assert_eq!(shown(13_500.0, HalfEven, thousand, None), "14,000");
    assert_eq!(shown(-12_500.0, HalfTrunc, thousand, None), "-12,000");
    assert_eq!(shown(12_001.0, Ceil, thousand, Some(2)), "13,000.00");
    assert_eq!(shown(-12_001.0, Floor, thousand, None), "-13,000");
    assert_eq!(shown(1999.99, Trunc, thousand, None), "1,000");
    assert_eq!(shown(400.0, HalfExpand, thousand, None), "0");
    assert_eq!(shown(400.0, Expand, thousand, None), "1,000");
    let big = 123_456_789_012_345_680_000.0;
    assert_eq!(
        shown(big, Trunc, thousand, None),
        "123,456,789,012,345,680,000"
    );
    assert_eq!(
        shown(big + 1e5, HalfEven, Some(1e6), None),
        "123,456,789,012,346,000,000"
    );
}

#[test]
fn the_step_comes_before_the_decimal_places() {
    // 1.125 → 1.15 (to the step), then 1.2 (to one place), both half away from zero.
    assert_eq!(shown(1.125, HalfExpand, Some(0.05), Some(1)), "1.2");
    assert_eq!(shown(1.125, HalfEven, Some(0.05), Some(1)), "1.1");
    assert_eq!(shown(7.0, HalfExpand, Some(0.3), None), "6.9");
    assert_eq!(shown(1.23456, Trunc, None, None), "1.234");
}

#[test]
fn numbers_that_round_to_zero_keep_no_minus_sign() {
    assert_eq!(shown(-0.001, HalfExpand, None, Some(2)), "0.00");
    assert_eq!(shown(-0.001, Ceil, None, Some(2)), "0.00");
    assert_eq!(shown(-0.001, Trunc, None, Some(2)), "0.00");
    assert_eq!(shown(-0.001, Floor, None, Some(2)), "-0.01");
    assert_eq!(shown(-0.001, Expand, None, Some(2)), "-0.01");
    assert_eq!(shown(-0.02, HalfExpand, Some(0.05), None), "0");
    assert_eq!(shown(-0.02, Floor, Some(0.05), None), "-0.05");
}

#[test]
fn a_percents_step_and_places_are_in_percent() {
    let percent = |value: f64, mode, step_by, places, locale| {
        let mut style = style(mode, step_by, places);
        style.percent = true;
        format_number(value, &style, locale)
    };
    assert_eq!(
        percent(0.12345, HalfExpand, Some(0.5), Some(1), En),
        "12.5%"
    );
    assert_eq!(percent(0.125, HalfEven, None, Some(0), En), "12%");
    assert_eq!(percent(0.135, HalfEven, None, Some(0), En), "14%");
    assert_eq!(percent(0.1201, Ceil, None, Some(0), Ru), "13\u{a0}%");
    assert_eq!(
        percent(-0.1299, Trunc, Some(0.25), None, Ru),
        "-12,75\u{a0}%"
    );
}

#[test]
fn currency_rounds_the_amount_and_keeps_the_sign_first() {
    let money = |value: f64, mode, step_by, places, locale| {
        let mut style = style(mode, step_by, places);
        style.currency_sign = Some("$".into());
        format_number(value, &style, locale)
    };
    assert_eq!(money(-1.125, Ceil, Some(0.05), Some(2), En), "-$1.10");
    assert_eq!(money(1234.5678, Trunc, None, Some(2), En), "$1,234.56");
    assert_eq!(money(1234.5, HalfEven, None, Some(0), Ru), "$1\u{a0}234");
    assert_eq!(
        money(987_654.0, Floor, Some(1000.0), None, Ru),
        "$987\u{a0}000"
    );
}

#[test]
fn non_finite_numbers_are_left_alone() {
    assert_eq!(shown(f64::NAN, Ceil, Some(0.05), Some(2)), "NaN");
    assert_eq!(shown(f64::NEG_INFINITY, Trunc, Some(1000.0), None), "-∞");
}
