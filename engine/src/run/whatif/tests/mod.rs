//! The what-if tools' tests: goal seeks here, tables in `sweep.rs`.

mod sweep;

use serde_json::{Map, Value, json};

use super::seek::{GoalSeek, SEEK_TIMEOUT_MESSAGE, SeekAnswer};
use crate::dates::CivilDate;
use crate::eval::{Engine, EngineOptions};
use crate::model::CalcDoc;

/// A loan: amount, years and yearly rate in per cent give the monthly payment (2 places)
/// and, so that a failing calculation can be tried, a rate below -50 % throws.
fn loan() -> CalcDoc {
    CalcDoc::from_json_value(json!({
        "script": "'use strict';\nif (inputs.rate < -50) throw new Error('rate too low');\nconst r = inputs.rate / 100 / 12, n = inputs.years * 12;\nconst payment = r === 0 ? inputs.amount / n : inputs.amount * r / (1 - Math.pow(1 + r, -n));\nreturn { payment, total: payment * n, label: 'x' };\n",
        "metaInputs": [
            {"id": 1, "name": "amount", "type": "number"},
            {"id": 2, "name": "years", "type": "number"},
            {"id": 3, "name": "rate", "type": "number"},
            {"id": 4, "name": "note", "type": "string"}
        ],
        "metaOutputs": [
            {"id": 1, "name": "payment", "type": "value", "decimalPlaces": 2, "currencySign": "$"},
            {"id": 2, "name": "total", "type": "value", "decimalPlaces": 2},
            {"id": 3, "name": "label", "type": "value"},
            {"id": 4, "name": "rows", "type": "table", "metaOutputs": []}
        ],
        "defaults": {"1": 300000, "2": 30, "3": 5}
    }))
    .expect("a calculator")
}

fn engine() -> Engine {
    Engine::new(EngineOptions {
        today: CivilDate::parse_iso("2026-11-25"),
        ..EngineOptions::default()
    })
    .expect("an engine")
}

fn seek(doc: &CalcDoc, spec: Value) -> SeekAnswer {
    let spec = GoalSeek::from_json(&spec).expect("a spec");
    engine().goal_seek(doc, &Map::new(), &spec)
}

fn payment(rate: f64) -> f64 {
    let (r, n) = (rate / 100.0 / 12.0, 360.0);
    300_000.0 * r / (1.0 - (1.0 + r).powf(-n))
}

#[test]
fn a_rate_is_found_for_a_payment_outward_from_the_current_rate() {
    let answer = seek(
        &loan(),
        json!({"output": "payment", "target": 2000, "input": "rate"}),
    );
    let SeekAnswer::Found {
        value,
        output,
        display,
        evaluations,
        tolerance,
    } = answer
    else {
        panic!("not found: {answer:?}");
    };
    let rate = value.as_f64().expect("a number");
    assert!((payment(rate) - 2000.0).abs() <= 2e-6, "rate {rate}");
    assert!((output.as_f64().expect("a number") - 2000.0).abs() <= 2e-6);
    assert_eq!(display, "$2,000.00");
    assert!((tolerance - 2e-6).abs() < 1e-15, "{tolerance}");
    assert!(evaluations < 40, "{evaluations} calculations");
}

#[test]
fn a_payment_of_1798_65_is_six_per_cent_within_bounds() {
    let answer = seek(
        &loan(),
        json!({"output": "payment", "target": 1798.65, "input": "rate", "min": 0, "max": 20}),
    );
    let SeekAnswer::Found { value, .. } = answer else {
        panic!("not found: {answer:?}");
    };
    assert!(
        (value.as_f64().expect("a number") - 6.0).abs() < 1e-4,
        "{value}"
    );
}

#[test]
fn a_target_out_of_reach_within_the_bounds_says_what_the_output_does_there() {
    let answer = seek(
        &loan(),
        json!({"output": "payment", "target": 100, "input": "rate", "min": 0, "max": 10}),
    );
    assert_eq!(
        answer,
        SeekAnswer::NotFound {
            error: "No value of rate from 0 to 10 gives payment = 100: it stays between $833.33 and $2,632.71 there.".to_owned(),
            at: None,
            evaluations: 34,
        }
    );
}

#[test]
fn a_failing_calculation_is_the_reason_with_the_value_that_failed() {
    // Below -50 % the script throws: every point between -80 and -55 fails.
    let answer = seek(
        &loan(),
        json!({"output": "payment", "target": 1, "input": "rate", "min": -80, "max": -55}),
    );
    let SeekAnswer::NotFound { error, at, .. } = answer else {
        panic!("found: {answer:?}");
    };
    assert_eq!(
        error,
        "At rate = -55, the calculation fails: Error: rate too low (line 2)"
    );
    assert_eq!(at, Some(json!(-55)));
}

#[test]
fn points_that_fail_are_stepped_over_when_a_crossing_lies_elsewhere() {
    // A payment of $1 a month needs a rate of about -29 %; at -80 % the script throws.
    let answer = seek(
        &loan(),
        json!({"output": "payment", "target": 1, "input": "rate", "min": -80, "max": 5}),
    );
    let SeekAnswer::Found { value, .. } = answer else {
        panic!("not found: {answer:?}");
    };
    assert!((payment(value.as_f64().expect("a number")) - 1.0).abs() < 1e-6);
}

#[test]
fn the_spec_must_name_a_number_input_and_a_value_output() {
    let doc = loan();
    let error = |spec: Value| match seek(&doc, spec) {
        SeekAnswer::NotFound {
            error,
            evaluations: 0,
            ..
        } => error,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        error(json!({"output": "pay", "target": 1, "input": "rate"})),
        "No output is named \"pay\"."
    );
    assert_eq!(
        error(json!({"output": "rows", "target": 1, "input": "rate"})),
        "\"rows\" is a table: choose a value output."
    );
    assert_eq!(
        error(json!({"output": "payment", "target": 1, "input": "note"})),
        "\"note\" is not a number input."
    );
    assert_eq!(
        error(json!({"output": "payment", "target": 1, "input": "rate", "min": 5, "max": 5})),
        "The lowest value to try (5) must be below the highest (5)."
    );
    assert_eq!(
        GoalSeek::from_json(&json!({"output": "payment", "target": "x", "input": "rate"})),
        Err("target must be a number".to_owned())
    );
    assert_eq!(
        GoalSeek::from_json(&json!({"output": "payment", "input": "rate"})),
        Err("The target must be a number.".to_owned())
    );
}

#[test]
fn an_output_that_is_not_a_number_stops_the_seek_where_it_is_not() {
    let answer = seek(
        &loan(),
        json!({"output": "label", "target": 1, "input": "rate"}),
    );
    assert_eq!(
        answer,
        SeekAnswer::NotFound {
            error: "At rate = 5, label is not a number (x).".to_owned(),
            at: Some(json!(5)),
            evaluations: 1,
        }
    );
}

#[test]
fn a_step_in_the_output_is_reported_as_a_jump() {
    let doc = CalcDoc::from_json_value(json!({
        "script": "return { y: inputs.x < 3 ? 0 : 10 };",
        "metaInputs": [{"id": 1, "name": "x", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "y", "type": "value"}],
        "defaults": {"1": 0}
    }))
    .expect("a calculator");
    let SeekAnswer::NotFound { error, .. } = seek(
        &doc,
        json!({"output": "y", "target": 5, "input": "x", "min": 0, "max": 10}),
    ) else {
        panic!("found");
    };
    assert_eq!(
        error,
        "y jumps past 5 at x ≈ 3 (from 0 to 10): no value gives it exactly."
    );
}

#[test]
fn a_seek_shares_one_time_limit() {
    let doc = CalcDoc::from_json_value(json!({
        "script": "if (inputs.x > 1) { while (true) {} }\nreturn { y: inputs.x };",
        "metaInputs": [{"id": 1, "name": "x", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "y", "type": "value"}],
        "defaults": {"1": 0}
    }))
    .expect("a calculator");
    let started = std::time::Instant::now();
    let answer = seek(&doc, json!({"output": "y", "target": 50, "input": "x"}));
    assert!(
        matches!(answer, SeekAnswer::NotFound { ref error, .. } if error == SEEK_TIMEOUT_MESSAGE),
        "{answer:?}"
    );
    // One limit for the whole seek, not one a calculation.
    assert!(started.elapsed() < std::time::Duration::from_secs(9));
}

#[test]
fn a_test_case_pins_a_goal_seek_both_ways() {
    let mut doc = loan();
    doc.extra.insert(
        "tests".to_owned(),
        json!([
            {"name": "6 % costs 1,798.65", "values": {"3": 6}, "expected": {"payment": 1798.6515754582708},
             "seek": {"output": "payment", "target": 1798.65, "input": "rate", "value": 6, "tolerance": 0.0001}},
            {"name": "a wrong pin", "values": {"3": 6},
             "seek": {"output": "payment", "target": 1798.65, "input": "rate", "value": 7}},
            {"name": "out of reach", "values": {"3": 6},
             "seek": {"output": "payment", "target": 1, "input": "rate", "value": 1, "min": 0, "max": 1}}
        ]),
    );
    let report = engine().run_tests(&doc);
    assert_eq!((report.passed, report.failed), (1, 2));
    let wrong = &report.tests[1];
    assert_eq!(wrong.differences.len(), 1);
    assert_eq!(wrong.differences[0].output, "goal seek: rate");
    assert_eq!(wrong.differences[0].expected, json!(7));
    let found = wrong.differences[0].actual.as_f64().expect("a number");
    assert!((found - 6.0).abs() < 1e-4);
    assert_eq!(
        report.tests[2].error.as_deref(),
        Some(
            "Goal seek for rate: No value of rate from 0 to 1 gives payment = 1: it stays between $833.33 and $964.92 there."
        )
    );
}
