//! Tests of `test_cases.rs`.

use serde_json::json;

use super::*;
use crate::EngineOptions;
use crate::dates::CivilDate;
use crate::test_case::BAD_TODAY;

fn loan(tests: Value) -> CalcDoc {
    CalcDoc::from_json_value(json!({
            "script": "'use strict';\n\
                if (inputs.n < 0) { throw new Error('negative months'); }\n\
                var rows = [];\n\
                for (var m = 1; m <= inputs.n; m++) { rows.push({ month: m, due: inputs.amount / inputs.n }); }\n\
                return { payment: inputs.amount / inputs.n, label: 'per month', schedule: rows };",
            "metaInputs": [
                {"id": 1, "name": "amount", "type": "number"},
                {"id": 2, "name": "n", "type": "number"}
            ],
            "metaOutputs": [
                {"id": 1, "name": "payment", "type": "value"},
                {"id": 2, "name": "label", "type": "value"},
                {"id": 3, "name": "schedule", "type": "table", "metaOutputs": [
                    {"id": 1, "name": "month", "type": "value"},
                    {"id": 2, "name": "due", "type": "value"}]}
            ],
            "defaults": {"1": 1200, "2": 3},
            "tests": tests
        }))
        .expect("test doc")
}

fn run(doc: &CalcDoc) -> Value {
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    serde_json::to_value(engine.run_tests(doc)).expect("json")
}

#[test]
fn tests_and_their_unknown_fields_round_trip_and_absent_tests_stay_absent() {
    let tests = json!([{"name": "a", "values": {"1": 5}, "expected": {"x": 1},
            "tolerance": 0.01, "note": {"kept": true}}, {"name": "b"}]);
    let doc = loan(tests.clone());
    let saved = serde_json::to_value(&doc).unwrap();
    assert_eq!(saved["tests"][0], tests[0]);
    assert_eq!(saved["tests"][1], json!({"name": "b"}));
    assert_eq!(
        CalcDoc::from_json_value(saved.clone()).unwrap(),
        doc,
        "a second round trip changes nothing"
    );
    let none = serde_json::to_value(CalcDoc::from_json_value(json!({})).unwrap()).unwrap();
    assert!(none.get("tests").is_none());
    let empty =
        serde_json::to_value(CalcDoc::from_json_value(json!({"tests": []})).unwrap()).unwrap();
    assert_eq!(empty["tests"], json!([]));
}

#[test]
fn a_bad_tolerance_is_refused_with_a_clear_message() {
    for bad in [json!(-1), json!("small")] {
        let error = CalcDoc::from_json_value(json!({"tests": [{"tolerance": bad}]}))
            .expect_err("refused")
            .to_string();
        assert!(
            error.contains("tolerance") || error.contains("f64"),
            "{error}"
        );
    }
    let zero = CalcDoc::from_json_value(json!({"tests": [{"tolerance": 0}]})).unwrap();
    assert_eq!(zero.tests().unwrap()[0].tolerance(), 0.0);
}

#[test]
fn a_test_of_the_wrong_shape_is_refused_in_words() {
    for (tests, words) in [
        (json!({"a": 1}), "tests must be a list"),
        (json!([3]), "a test must be an object"),
        (json!([{"name": 1}]), "a test's name must be text"),
        (
            json!([{"values": [1]}]),
            "a test's values must be an object",
        ),
        (
            json!([{"expected": "42"}]),
            "a test's expected must be an object",
        ),
    ] {
        let error = CalcDoc::from_json_value(json!({"tests": tests}))
            .expect_err("refused")
            .to_string();
        assert_eq!(error, words);
    }
    let nulls = json!({"name": null, "values": null, "expected": null, "tolerance": null});
    let doc = CalcDoc::from_json_value(json!({"tests": [nulls]})).unwrap();
    let test = &doc.tests().unwrap()[0];
    assert_eq!(
        (test.name.as_str(), test.tolerance()),
        ("", DEFAULT_TOLERANCE)
    );
}

/// A calculator whose output is the ISO day of a "Relative to today" input (today + 1).
fn due_date(tests: Value) -> CalcDoc {
    CalcDoc::from_json_value(json!({
        "script": "return { due: inputs.due.toISOString().slice(0, 10) };",
        "metaInputs": [{"id": 1, "name": "due", "type": "date"}],
        "metaOutputs": [{"id": 1, "name": "due", "type": "value"}],
        "defaults": {"1": {"type": "relative", "params": {"delta": 1, "units": "days"}}},
        "tests": tests
    }))
    .expect("test doc")
}

#[test]
fn a_test_counts_relative_dates_from_its_own_today() {
    let doc = due_date(json!([
        {"name": "made on the 28th", "today": "2026-11-28", "expected": {"due": "2026-11-29"}},
        {"name": "made at new year", "today": "2026-12-31", "expected": {"due": "2027-01-01"}}
    ]));
    let on_another_day = EngineOptions {
        today: CivilDate::parse_iso("2030-06-15"),
        ..EngineOptions::default()
    };
    let mut engine = Engine::new(on_another_day).expect("engine");
    let report = serde_json::to_value(engine.run_tests(&doc)).expect("json");
    assert_eq!(report["passed"], 2, "{report}");
    // The engine's own today is untouched by the tests' days.
    let after = engine.evaluate(&doc, &Map::new());
    assert_eq!(after.outputs.expect("outputs")["due"], "2030-06-16");
}

#[test]
fn a_test_without_today_keeps_the_engines_today() {
    let doc = due_date(json!([{"name": "no day", "expected": {"due": "2030-06-16"}}]));
    let options = EngineOptions {
        today: CivilDate::parse_iso("2030-06-15"),
        ..EngineOptions::default()
    };
    let mut engine = Engine::new(options).expect("engine");
    assert_eq!(engine.run_tests(&doc).passed, 1);
}

#[test]
fn a_test_whose_today_is_not_a_day_is_refused_in_words() {
    for bad in [json!("28.11.2026"), json!("2026-02-30"), json!(20261128)] {
        let error = CalcDoc::from_json_value(json!({"tests": [{"today": bad}]}))
            .expect_err("refused")
            .to_string();
        assert_eq!(error, BAD_TODAY);
    }
    let kept = json!({"tests": [{"today": "2026-11-28"}]});
    let doc = CalcDoc::from_json_value(kept.clone()).unwrap();
    assert_eq!(serde_json::to_value(&doc).unwrap()["tests"], kept["tests"]);
}

#[test]
fn no_tests_is_an_empty_passing_report() {
    assert_eq!(
        run(&loan(Value::Null)),
        json!({"passed": 0, "failed": 0, "tests": []})
    );
    assert_eq!(
        run(&loan(json!([]))),
        json!({"passed": 0, "failed": 0, "tests": []})
    );
}

#[test]
fn a_passing_test_uses_its_values_and_the_defaults_for_the_rest() {
    let doc = loan(json!([{"name": "Typical", "values": {"1": 600},
            "expected": {"payment": 200, "label": "per month",
                "schedule": [{"month": 1, "due": 200}, {"month": 2, "due": 200},
                    {"month": 3, "due": 200}]}}]));
    assert_eq!(
        run(&doc),
        json!({"passed": 1, "failed": 0, "tests": [{"name": "Typical", "passed": true}]})
    );
}

#[test]
fn a_failing_test_names_each_differing_output_row_and_column() {
    let doc = loan(json!([{"name": "Wrong", "values": {"2": 2},
            "expected": {"payment": 601, "label": "per month",
                "schedule": [{"month": 1, "due": 600}, {"month": 2, "due": 500}, {"month": 3}],
                "missing": 1}}]));
    assert_eq!(
        run(&doc),
        json!({"passed": 0, "failed": 1, "tests": [{"name": "Wrong", "passed": false,
        "differences": [
            {"output": "payment", "expected": 601, "actual": 600},
            {"output": "schedule", "expected": "3 rows", "actual": "2 rows"},
            {"output": "schedule", "row": 1, "column": "due", "expected": 500, "actual": 600},
            {"output": "missing", "expected": 1, "actual": null}
        ]}]})
    );
}

#[test]
fn only_the_columns_a_row_names_are_checked() {
    let doc = loan(json!([{"name": "t", "values": {"2": 1},
            "expected": {"schedule": [{"due": 1200}]}}]));
    assert_eq!(run(&doc)["passed"], json!(1));
}

#[test]
fn the_tolerance_is_relative_and_set_per_test() {
    // 1000 / 3 = 333.333…
    let doc = CalcDoc {
        defaults: json!({"1": 1000, "2": 3}).as_object().cloned().unwrap(),
        ..loan(json!([
            {"name": "default is tight", "expected": {"payment": 333.3333}},
            {"name": "loose", "expected": {"payment": 333.3333}, "tolerance": 1e-6},
            {"name": "tighter", "expected": {"payment": 333.3333}, "tolerance": 1e-8},
            {"name": "exact", "expected": {"payment": 333.333_333_333_333_3}, "tolerance": 0},
            {"name": "in a table", "expected": {"schedule": [{"due": 333.3333}]},
                "tolerance": 1e-6}
        ]))
    };
    let report = run(&doc);
    let passed: Vec<bool> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["passed"].as_bool().unwrap())
        .collect();
    assert_eq!(passed, [false, true, false, true, false], "{report}");
    assert_eq!(
        report["tests"][4]["differences"],
        json!([{"output": "schedule", "expected": "1 row", "actual": "3 rows"}])
    );
}

#[test]
fn numbers_agree_by_relative_tolerance() {
    assert!(numbers_agree(0.0, 0.0, 0.0));
    assert!(numbers_agree(100.0, 100.0001, 1e-6));
    assert!(!numbers_agree(100.0, 100.001, 1e-6));
    assert!(!numbers_agree(0.0, 1e-300, 1e-9));
    assert!(!agree(&json!(1), &json!("1"), 1.0));
    assert!(agree(&json!([1, {"a": 2}]), &json!([1.0, {"a": 2.0}]), 0.0));
    assert!(!agree(&json!({"a": 1}), &json!({"a": 1, "b": 2}), 0.0));
}

#[test]
fn an_error_fails_the_test_with_the_scripts_message() {
    let doc = loan(json!([{"name": "Negative", "values": {"2": -1},
            "expected": {"payment": 1}}, {"name": "Fine", "expected": {"payment": 400}}]));
    assert_eq!(
        run(&doc),
        json!({"passed": 1, "failed": 1, "tests": [
                {"name": "Negative", "passed": false, "error": "Error: negative months (line 2)"},
                {"name": "Fine", "passed": true}]})
    );
}

#[test]
fn tests_past_the_limit_fail_without_running() {
    let tests: Vec<Value> = (0..=MAX_TESTS)
        .map(|n| json!({"name": format!("t{n}"), "expected": {"payment": 400}}))
        .collect();
    let report = run(&loan(Value::Array(tests)));
    assert_eq!(report["passed"], json!(MAX_TESTS));
    assert_eq!(
        report["tests"][MAX_TESTS],
        json!({"name": "t100", "passed": false,
                "error": "Not run: a calculator runs at most 100 tests."})
    );
}

#[test]
fn running_tests_leaves_evaluation_unchanged() {
    let doc = loan(json!([{"name": "t", "values": {"1": 3}, "expected": {}}]));
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    let before = engine.evaluate(&doc, &Map::new());
    engine.run_tests(&doc);
    assert_eq!(engine.evaluate(&doc, &Map::new()), before);
}

#[test]
fn many_differing_cells_are_all_counted_and_the_first_ones_shown() {
    let want: Vec<Value> = (0..50).map(|_| json!({"a": 1, "b": 1})).collect();
    let got: Vec<Value> = (0..50).map(|_| json!({"a": 2, "b": 2})).collect();
    let mut found = DifferenceList::default();
    compare_rows("t", &want, &got, 0.0, &mut found);
    assert_eq!(found.len(), 100);
    let outcome = TestOutcome::compared("t", found);
    assert_eq!(
        (outcome.differences.len(), outcome.more_differences),
        (crate::test_report::MAX_DIFFERENCES, 80)
    );
}
