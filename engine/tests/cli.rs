//! The `calc` command line: what it prints and how it exits.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{Value, json};

fn calc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_calc"))
        .args(args)
        .output()
        .expect("calc runs")
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("calc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temp file");
    path
}

fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

const DOC: &str = r#"{"script": "'use strict';\nreturn { d: inputs.d, n: inputs.n };",
  "metaInputs": [{"id": 1, "name": "d", "type": "date"}, {"id": 2, "name": "n", "type": "number"}],
  "metaOutputs": [{"id": 1, "name": "d", "type": "value"},
                  {"id": 2, "name": "n", "type": "value", "decimalPlaces": 1}],
  "defaults": {"2": 1234.5}}"#;

#[test]
fn eval_prints_the_result_with_values_locale_and_today() {
    let doc = temp_file("doc.json", DOC);
    let values = temp_file("values.json", r#"{"2": 9876.54}"#);
    let output = calc(&[
        "eval",
        path(&doc),
        "--values",
        path(&values),
        "--locale",
        "ru",
        "--today",
        "2026-02-03",
    ]);
    assert!(output.status.success());
    assert_eq!(
        stdout_json(&output),
        json!({
            "outputs": {"d": "2026-02-03T00:00:00.000Z", "n": 9876.54},
            "display": {"d": "3 февр. 2026 г.", "n": "9\u{a0}876,5"},
            "usedInputs": ["d", "n"],
            "error": null,
            "hiddenInputs": [],
            "hiddenOutputs": []
        })
    );
}

#[test]
fn a_source_record_is_accepted_as_the_doc() {
    let record = format!(r#"{{"_id": "abcdefghijklmnop", "doc": {DOC}, "doc_style": {{}}}}"#);
    let doc = temp_file("record.json", &record);
    let output = calc(&["eval", path(&doc), "--today", "2026-11-25"]);
    assert!(output.status.success());
    assert_eq!(stdout_json(&output)["display"]["n"], json!("1,234.5"));
}

#[test]
fn a_failing_calculation_still_exits_0_with_the_error_in_the_result() {
    let doc = temp_file("bad-script.json", r#"{"script": "return 5;"}"#);
    let output = calc(&["eval", path(&doc)]);
    assert!(output.status.success());
    assert_eq!(
        stdout_json(&output)["error"],
        json!("Outputs and table rows must be objects.")
    );
}

#[test]
fn a_calculation_that_kills_its_process_is_reported_not_crashed() {
    // One string of 1.2 GB passes the hard memory limit in one allocation: the worker
    // process aborts, and the CLI still answers with the memory message. (A string
    // doubled in a loop gets there too, but takes a second or more in a debug build,
    // close to the time limit on a busy machine.)
    let doc = temp_file(
        "bomb.json",
        r#"{"script": "var s = 'x'.repeat(600 * 1024 * 1024); return { s: s };"}"#,
    );
    let output = calc(&["eval", path(&doc)]);
    assert!(output.status.success());
    assert_eq!(
        stdout_json(&output)["error"],
        json!("Calculation used more than 256 MB of memory. Is there a loop that never ends?")
    );
}

#[test]
fn unreadable_or_invalid_input_exits_2_with_a_message() {
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["eval".into(), "/nonexistent/doc.json".into()],
            "cannot read /nonexistent/doc.json",
        ),
        (
            vec![
                "eval".into(),
                path(&temp_file("broken.json", "{not json")).into(),
            ],
            "is not valid JSON",
        ),
        (
            vec![
                "eval".into(),
                path(&temp_file("wrong.json", r#"{"metaInputs": 5}"#)).into(),
            ],
            "is not a calculator",
        ),
        (
            vec![
                "eval".into(),
                path(&temp_file("ok.json", "{}")).into(),
                "--locale".into(),
                "fr".into(),
            ],
            "unknown locale \"fr\"",
        ),
        (
            vec![
                "eval".into(),
                path(&temp_file("ok2.json", "{}")).into(),
                "--today".into(),
                "tomorrow".into(),
            ],
            "--today must be a date",
        ),
        (
            vec![
                "eval".into(),
                path(&temp_file("ok3.json", "{}")).into(),
                "--values".into(),
                path(&temp_file("arr.json", "[]")).into(),
            ],
            "must hold a JSON object",
        ),
        (vec!["frobnicate".into()], "usage: calc eval"),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = calc(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_missing_library_file_exits_2_and_names_the_file() {
    let doc = temp_file("lodash.json", r#"{"libraries": {"lodash": true}}"#);
    let output = calc(&["eval", path(&doc), "--lib-dir", "/nonexistent"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/lodash.js"));
}

#[test]
fn work_that_never_reaches_a_checkpoint_is_killed_at_the_hard_deadline() {
    // No loop statement anywhere: built-in forEach calls recurse 2^40 times, so neither
    // the budgeted run nor the loop checkpoint ever gets control back. The worker
    // process is killed instead, and the answer is still the time-out message.
    let doc = temp_file(
        "tree.json",
        r#"{"script": "function f(d) { if (d > 40) return; [1, 2].forEach(function () { f(d + 1); }); }\nf(0);\nreturn {};"}"#,
    );
    let output = calc(&["eval", path(&doc)]);
    assert!(output.status.success());
    assert_eq!(
        stdout_json(&output)["error"],
        json!("Calculation did not finish after 5 seconds. Is there an infinite loop?")
    );
}

/// A fixture of `tests/test-fixtures/` by its name.
fn test_fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/test-fixtures")
        .join(name)
}

#[test]
fn test_prints_a_line_per_test_the_differences_and_the_counts_and_exits_1_on_a_failure() {
    let fixture = test_fixture("tests-fail-with-differences.json");
    let output = calc(&["test", path(&fixture), "--today", "2026-11-25"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "✓ Passes\n\
         ✗ Wrong numbers\n    \
             payment: expected 610, got 600\n    \
             big: expected false, got true\n    \
             schedule: expected \"3 rows\", got \"2 rows\"\n    \
             schedule, row 2, left: expected 1, got 0\n    \
             total: expected 1200, got null\n\
         1 passed, 1 failed\n"
    );
    assert!(output.stderr.is_empty());
}

#[test]
fn test_prints_an_elided_value_as_the_report_has_it_and_what_the_report_left_out() {
    let huge = calc(&["test", path(&test_fixture("tests-huge-value.json"))]);
    let stdout = String::from_utf8_lossy(&huge.stdout);
    let elided = format!("\"{}… (1,048,578 characters)", "x".repeat(199));
    assert!(
        stdout.starts_with(&format!(
            "✗ A huge actual value\n    text: expected \"x\", got {elided}\n"
        )),
        "{stdout}"
    );
    let many = calc(&["test", path(&test_fixture("tests-many-differences.json"))]);
    let stdout = String::from_utf8_lossy(&many.stdout);
    assert!(
        stdout.contains("    squares, row 19, square: expected 0, got 324\n    and 11 more differences\n✗ Exactly 20 differences\n"),
        "{stdout}"
    );
    let large = calc(&["test", path(&test_fixture("tests-large-report.json"))]);
    let stdout = String::from_utf8_lossy(&large.stdout);
    assert!(
        stdout.ends_with(
            "✗ Test 100\n    (details left out: the report grew too large)\n0 passed, 100 failed\n"
        ),
        "{}",
        &stdout[stdout.len().saturating_sub(2000)..]
    );
}

#[test]
fn test_prints_the_scripts_error_under_a_failed_test() {
    let output = calc(&["test", path(&test_fixture("tests-error.json"))]);
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with(
            "✗ No months\n    error: RangeError: months must be above 0 (line 2)\n✓ Not a function\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("\n1 passed, 2 failed\n"), "{stdout}");
}

#[test]
fn test_exits_0_when_all_pass_and_says_when_there_are_no_tests() {
    let passing = calc(&[
        "test",
        path(&test_fixture("tests-pass.json")),
        "--today",
        "2026-11-25",
    ]);
    assert_eq!(passing.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&passing.stdout),
        "✓ Defaults\n✓ Two months\n✓ Only some columns\n3 passed, 0 failed\n"
    );
    let none = test_fixture("tests-none.json");
    let output = calc(&["test", path(&none)]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("No tests in {}.\n", none.display())
    );
}

#[test]
fn test_counts_relative_dates_from_each_tests_own_today() {
    let fixture = test_fixture("tests-own-today.json");
    let on_the_day = calc(&["test", path(&fixture), "--today", "2026-11-25"]);
    assert_eq!(
        String::from_utf8_lossy(&on_the_day.stdout),
        "✓ Made on 28 November\n✓ Made on a leap day\n✓ No day of its own\n3 passed, 0 failed\n"
    );
    let a_year_later = calc(&["test", path(&fixture), "--today", "2027-11-25"]);
    assert_eq!(a_year_later.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&a_year_later.stdout),
        "✓ Made on 28 November\n✓ Made on a leap day\n✗ No day of its own\n    \
             due: expected \"2026-12-25\", got \"2027-12-25\"\n\
         2 passed, 1 failed\n"
    );
}

#[test]
fn test_reads_an_exported_calculator_and_takes_the_locale() {
    // The export shape {_id, doc, doc_style}; ru changes no raw value, so it still passes.
    let fixture: Value = serde_json::from_str(
        &std::fs::read_to_string(test_fixture("tests-pass.json")).expect("fixture"),
    )
    .expect("JSON");
    let export = json!({"_id": "abcdefghijklmnop", "doc": fixture["doc"], "doc_style": {}});
    let file = temp_file("export.json", &export.to_string());
    let output = calc(&[
        "test",
        path(&file),
        "--today",
        "2026-11-25",
        "--locale",
        "ru",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stdout).ends_with("3 passed, 0 failed\n"));
}

#[test]
fn test_exits_2_on_unreadable_input_or_a_usage_error() {
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["test".into()], "usage: calc eval"),
        (
            vec!["test".into(), "/nonexistent/doc.json".into()],
            "cannot read /nonexistent/doc.json",
        ),
        (
            vec![
                "test".into(),
                path(&temp_file("t-broken.json", "{not json")).into(),
            ],
            "is not valid JSON",
        ),
        (
            vec![
                "test".into(),
                path(&temp_file("t-wrong.json", r#"{"tests": [{"values": 5}]}"#)).into(),
            ],
            "is not a calculator",
        ),
        (
            vec![
                "test".into(),
                path(&temp_file(
                    "t-tol.json",
                    r#"{"tests": [{"tolerance": -1}]}"#,
                ))
                .into(),
            ],
            "a test's tolerance must be a number of 0 or more",
        ),
        (
            vec![
                "test".into(),
                path(&temp_file("t-ok.json", "{}")).into(),
                "--values".into(),
                "v.json".into(),
            ],
            "unknown option --values",
        ),
        (
            vec![
                "test".into(),
                path(&temp_file("t-ok2.json", "{}")).into(),
                "--locale".into(),
                "fr".into(),
            ],
            "unknown locale \"fr\"",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = calc(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
