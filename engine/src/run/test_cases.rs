//! Test cases stored with a calculator (`doc.tests`): input values and the outputs they
//! must give. [`Engine::run_tests`] runs each like [`Engine::evaluate`] and compares; the
//! report is the same JSON from the CLI (`calc test`), the server and the browser.

use serde_json::{Map, Value};

use crate::eval::{Engine, EngineOptions};
use crate::model::{CalcDoc, OutputType};
use crate::output::EvalResult;
use crate::whatif::json_number;
use crate::whatif::seek::SeekAnswer;
// The report's types live in `test_report.rs` with its size limits; these paths are the
// ones hosts (the server, the CLI) have always imported them by.
pub use crate::test_report::{Difference, DifferenceList, TestOutcome, TestReport};
// A test as the doc holds it is a doc type (`test_case.rs`); here it is run.
pub use crate::test_case::{DEFAULT_TOLERANCE, TestCase};

/// At most this many tests of a doc are run; the server refuses a doc with more.
pub const MAX_TESTS: usize = 100;

impl Engine {
    /// Runs every test of `doc` (at most [`MAX_TESTS`]; later ones fail unrun), each like
    /// [`Engine::evaluate`] with its values and under the same limits, and compares the
    /// outputs with what it expects.
    pub fn run_tests(&mut self, doc: &CalcDoc) -> TestReport {
        self.run_tests_with(doc, &mut |_: &TestOutcome| {})
    }

    /// [`Engine::run_tests`], calling `progress` with each test's outcome as it ends.
    pub fn run_tests_with(
        &mut self,
        doc: &CalcDoc,
        progress: &mut dyn FnMut(&TestOutcome),
    ) -> TestReport {
        let tests = doc.tests().unwrap_or_default();
        let outcomes = tests
            .iter()
            .enumerate()
            .map(|(index, test)| {
                let outcome = self.run_test(doc, index, test);
                progress(&outcome);
                outcome
            })
            .collect();
        TestReport::from_outcomes(outcomes)
    }

    fn run_test(&mut self, doc: &CalcDoc, index: usize, test: &TestCase) -> TestOutcome {
        if index >= MAX_TESTS {
            return TestOutcome::failed(&test.name, too_many_message());
        }
        let result = self.evaluate_on(test.today, doc, &test.values);
        let mut judged = DifferenceList::default();
        compare_forms(doc, test, &result, &mut judged);
        match (result.error, result.outputs) {
            (Some(error), _) => TestOutcome::failed(&test.name, error),
            (None, outputs) => {
                let outputs = outputs.unwrap_or_default();
                let mut found = compare(doc, test, &outputs);
                found.append(judged);
                if let Some(seek) = &test.seek {
                    let options = self.options();
                    if test.today.is_some() {
                        self.set_options(EngineOptions {
                            today: test.today,
                            ..options
                        });
                    }
                    let answer = self.goal_seek(doc, &test.values, &seek.spec);
                    self.set_options(options);
                    match answer {
                        SeekAnswer::Found { value, .. } => {
                            let off = value
                                .as_f64()
                                .is_none_or(|v| (v - seek.value).abs() > seek.tolerance);
                            if off {
                                let name = format!("goal seek: {}", seek.spec.input);
                                found.push(|| {
                                    Difference::new(
                                        &name,
                                        None,
                                        None,
                                        &json_number(seek.value),
                                        &value,
                                    )
                                });
                            }
                        }
                        SeekAnswer::NotFound { error, .. } => {
                            return TestOutcome::failed(
                                &test.name,
                                format!("Goal seek for {}: {error}", seek.spec.input),
                            );
                        }
                    }
                }
                TestOutcome::compared(&test.name, found)
            }
        }
    }
}

/// The differences between what `test` expects hidden, shown and invalid and what the
/// rules decided in `result`, read like output differences (`coIncome: expected hidden,
/// got shown`).
fn compare_forms(doc: &CalcDoc, test: &TestCase, result: &EvalResult, found: &mut DifferenceList) {
    let state = |name: &str| -> &'static str {
        let (hidden, exists) = match name.strip_prefix("section:") {
            Some(id) => (
                result.hidden_sections.iter().any(|s| s == id),
                doc.extra
                    .get("sections")
                    .and_then(Value::as_array)
                    .is_some_and(|sections| {
                        sections
                            .iter()
                            .any(|s| s.get("id").and_then(Value::as_str) == Some(id))
                    }),
            ),
            None => (
                result
                    .hidden_inputs
                    .iter()
                    .chain(&result.hidden_outputs)
                    .any(|h| h == name),
                doc.inputs.iter().any(|i| i.name == name)
                    || doc.outputs.iter().any(|o| o.name == name),
            ),
        };
        match (exists, hidden) {
            (false, _) => "not in the calculator",
            (true, true) => "hidden",
            (true, false) => "shown",
        }
    };
    for (names, want) in [(&test.hidden, "hidden"), (&test.shown, "shown")] {
        for name in names {
            let got = state(name);
            if got != want {
                found.push(|| Difference::stated(name, want, got));
            }
        }
    }
    let Some(expected) = &test.invalid else {
        return;
    };
    let said = |message: Option<&Value>| match message.and_then(Value::as_str) {
        Some(message) => format!("invalid \"{message}\""),
        None => "valid".to_owned(),
    };
    let names = expected
        .keys()
        .chain(result.invalid.keys().filter(|k| !expected.contains_key(*k)));
    for name in names {
        let (want, got) = (expected.get(name), result.invalid.get(name));
        if want != got {
            found.push(|| Difference::stated(name, &said(want), &said(got)));
        }
    }
}

/// The error of a test past [`MAX_TESTS`].
#[must_use]
pub fn too_many_message() -> String {
    format!("Not run: a calculator runs at most {MAX_TESTS} tests.")
}

/// The differences between `test.expected` and the raw `outputs` of an evaluation: the
/// first [`crate::test_report::MAX_DIFFERENCES`] of them, and how many more.
#[must_use]
pub fn compare(doc: &CalcDoc, test: &TestCase, outputs: &Map<String, Value>) -> DifferenceList {
    let tolerance = test.tolerance();
    let mut found = DifferenceList::default();
    for (name, expected) in &test.expected {
        let Some(def) = doc.outputs.iter().find(|def| def.name == *name) else {
            found.push(|| Difference::new(name, None, None, expected, &Value::Null));
            continue;
        };
        let actual = outputs.get(name).unwrap_or(&Value::Null);
        match (def.kind, expected, actual) {
            (OutputType::Table, Value::Array(want), Value::Array(got)) => {
                compare_rows(name, want, got, tolerance, &mut found);
            }
            _ if agree(expected, actual, tolerance) => {}
            _ => found.push(|| Difference::new(name, None, None, expected, actual)),
        }
    }
    found
}

fn rows_text(n: usize) -> Value {
    Value::String(if n == 1 {
        "1 row".to_owned()
    } else {
        format!("{n} rows")
    })
}

fn compare_rows(
    name: &str,
    want: &[Value],
    got: &[Value],
    tolerance: f64,
    found: &mut DifferenceList,
) {
    if want.len() != got.len() {
        found.push(|| {
            Difference::new(
                name,
                None,
                None,
                &rows_text(want.len()),
                &rows_text(got.len()),
            )
        });
    }
    for (index, (want_row, got_row)) in want.iter().zip(got).enumerate() {
        let Value::Object(want_cells) = want_row else {
            if !agree(want_row, got_row, tolerance) {
                found.push(|| Difference::new(name, Some(index), None, want_row, got_row));
            }
            continue;
        };
        for (column, want_cell) in want_cells {
            let got_cell = got_row.get(column).unwrap_or(&Value::Null);
            if !agree(want_cell, got_cell, tolerance) {
                found
                    .push(|| Difference::new(name, Some(index), Some(column), want_cell, got_cell));
            }
        }
    }
}

/// Whether an expected value and an actual one agree: numbers within the relative
/// `tolerance`, anything else exactly (arrays and objects element by element).
#[must_use]
pub fn agree(expected: &Value, actual: &Value, tolerance: f64) -> bool {
    match (expected, actual) {
        (Value::Number(a), Value::Number(b)) => match (a.as_f64(), b.as_f64()) {
            (Some(a), Some(b)) => numbers_agree(a, b, tolerance),
            _ => a == b,
        },
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| agree(a, b, tolerance))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, a)| b.get(key).is_some_and(|b| agree(a, b, tolerance)))
        }
        _ => expected == actual,
    }
}

/// `a == b`, or `|a − b| ≤ tolerance × max(|a|, |b|)`.
#[must_use]
pub fn numbers_agree(a: f64, b: f64, tolerance: f64) -> bool {
    a == b || (a - b).abs() <= tolerance * a.abs().max(b.abs())
}

#[cfg(test)]
mod tests;
