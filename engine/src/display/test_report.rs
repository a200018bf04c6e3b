//! What a run of a calculator's tests reports, and how large it may grow. The report is
//! stored with the calculator and every version of it and sent to the browser, and a
//! failing test's output can be as large as the script makes it, so the report keeps
//! within bounds of its own: each value shown at most [`MAX_VALUE_CHARS`] characters of
//! its JSON text, at most [`MAX_DIFFERENCES`] differences a test, and the whole report at
//! most [`MAX_REPORT_BYTES`]. The engine applies them, so the CLI, the server and the
//! browser all show the same shortened report.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A value of a difference whose JSON text is longer than this many characters is shown
/// as its first this many characters and its length ([`shown_value`]).
pub const MAX_VALUE_CHARS: usize = 200;

/// A test's error longer than this many characters is shortened as values are.
pub const MAX_ERROR_CHARS: usize = 1_000;

/// At most this many differences are reported for one test (a changed script can change
/// every cell of a long table; the first ones say enough); the rest are only counted
/// ([`TestOutcome::more_differences`]).
pub const MAX_DIFFERENCES: usize = 20;

/// The most bytes a report's compact JSON text may take. Past it, the later failing tests
/// keep only their name and status ([`TestOutcome::details_dropped`]).
pub const MAX_REPORT_BYTES: usize = 64 * 1024;

/// What running a doc's tests gave.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TestReport {
    pub passed: usize,
    pub failed: usize,
    /// One outcome per test, in the doc's order.
    pub tests: Vec<TestOutcome>,
}

impl TestReport {
    /// A report from the outcomes, counting them, with the later failing tests' details
    /// dropped when the whole would take more than [`MAX_REPORT_BYTES`].
    #[must_use]
    pub fn from_outcomes(mut tests: Vec<TestOutcome>) -> TestReport {
        let passed = tests.iter().filter(|t| t.passed).count();
        let failed = tests.len() - passed;
        drop_details_past_budget(&mut tests, passed, failed);
        TestReport {
            passed,
            failed,
            tests,
        }
    }

    /// Whether every test passed (also when there are none).
    #[must_use]
    pub fn all_passed(&self) -> bool {
        self.failed == 0
    }
}

/// One test's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TestOutcome {
    pub name: String,
    pub passed: bool,
    /// The outputs that differ from what was expected, at most [`MAX_DIFFERENCES`];
    /// omitted when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub differences: Vec<Difference>,
    /// How many differences there were past those in `differences`; omitted when none.
    #[serde(default, rename = "moreDifferences", skip_serializing_if = "is_zero")]
    pub more_differences: usize,
    /// The calculation's error (the script threw, returned something invalid, ran out
    /// of time), shortened past [`MAX_ERROR_CHARS`]; omitted when it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub error: Option<String>,
    /// True when this failed test's differences and error were left out to keep the
    /// report within [`MAX_REPORT_BYTES`]; omitted otherwise.
    #[serde(default, rename = "detailsDropped", skip_serializing_if = "is_false")]
    pub details_dropped: bool,
}

impl TestOutcome {
    /// A test that failed with `error` before anything could be compared.
    #[must_use]
    pub fn failed(name: &str, error: String) -> TestOutcome {
        TestOutcome {
            name: name.to_owned(),
            passed: false,
            differences: Vec::new(),
            more_differences: 0,
            error: Some(shortened_text(error, MAX_ERROR_CHARS)),
            details_dropped: false,
        }
    }

    /// A test that ran, with what [`DifferenceList`] found.
    #[must_use]
    pub fn compared(name: &str, found: DifferenceList) -> TestOutcome {
        TestOutcome {
            name: name.to_owned(),
            passed: found.shown.is_empty(),
            differences: found.shown,
            more_differences: found.more,
            error: None,
            details_dropped: false,
        }
    }

    fn has_details(&self) -> bool {
        !self.differences.is_empty() || self.more_differences > 0 || self.error.is_some()
    }
}

/// One output (or table cell, or table size) that is not what a test expected.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Difference {
    pub output: String,
    /// The table row, counted from 0; absent for a value output, and for a difference
    /// in the number of rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = usize))]
    pub row: Option<usize>,
    /// The table column's name; absent for a whole row or a whole output.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub column: Option<String>,
    /// The expected value, or when `expected_elided`, the text [`shown_value`] gives.
    pub expected: Value,
    /// The actual value, or when `actual_elided`, the text [`shown_value`] gives.
    pub actual: Value,
    /// True when `expected` is a shortened text to show as it is, not the value.
    #[serde(default, rename = "expectedElided", skip_serializing_if = "is_false")]
    pub expected_elided: bool,
    /// True when `actual` is a shortened text to show as it is, not the value.
    #[serde(default, rename = "actualElided", skip_serializing_if = "is_false")]
    pub actual_elided: bool,
}

impl Difference {
    /// The difference at `output` (`row`, `column`) between two values, each shortened
    /// by [`shown_value`].
    #[must_use]
    pub fn new(
        output: &str,
        row: Option<usize>,
        column: Option<&str>,
        expected: &Value,
        actual: &Value,
    ) -> Difference {
        let (expected, expected_elided) = shown_value(expected);
        let (actual, actual_elided) = shown_value(actual);
        Difference {
            output: output.to_owned(),
            row,
            column: column.map(str::to_owned),
            expected,
            actual,
            expected_elided,
            actual_elided,
        }
    }
}

impl Difference {
    /// A difference of state rather than value, each side a word or phrase shown as it
    /// is, as a shortened value is (`coIncome: expected hidden, got shown`).
    #[must_use]
    pub fn stated(name: &str, expected: &str, actual: &str) -> Difference {
        Difference {
            output: name.to_owned(),
            row: None,
            column: None,
            expected: Value::String(expected.to_owned()),
            actual: Value::String(actual.to_owned()),
            expected_elided: true,
            actual_elided: true,
        }
    }
}

/// The differences of one test as they are found: the first [`MAX_DIFFERENCES`] kept,
/// the rest only counted (so a table of a million differing cells costs no memory).
#[derive(Debug, Default)]
pub struct DifferenceList {
    shown: Vec<Difference>,
    more: usize,
}

impl DifferenceList {
    /// Adds a difference; `make` is only called when it will be shown.
    pub fn push(&mut self, make: impl FnOnce() -> Difference) {
        if self.shown.len() < MAX_DIFFERENCES {
            self.shown.push(make());
        } else {
            self.more += 1;
        }
    }

    /// Adds `other`'s differences after these.
    pub fn append(&mut self, other: DifferenceList) {
        for difference in other.shown {
            self.push(|| difference);
        }
        self.more += other.more;
    }

    /// How many differences were found in all.
    #[must_use]
    pub fn len(&self) -> usize {
        self.shown.len() + self.more
    }

    /// Whether none were found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `value` as a difference shows it: itself when its compact JSON text is at most
/// [`MAX_VALUE_CHARS`] characters; otherwise (with `true`) a string of the text's first
/// [`MAX_VALUE_CHARS`] characters followed by `… (1,048,578 characters)`, the whole
/// text's length. Characters are Unicode code points, so every face counts alike.
#[must_use]
pub fn shown_value(value: &Value) -> (Value, bool) {
    let mut text = PrefixAndLength::new(MAX_VALUE_CHARS);
    if serde_json::to_writer(&mut text, value).is_err() || text.chars <= MAX_VALUE_CHARS {
        return (value.clone(), false);
    }
    (Value::String(text.shortened()), true)
}

/// `text` itself when it has at most `limit` characters, otherwise its first `limit`
/// characters followed by `… (N characters)`.
#[must_use]
pub fn shortened_text(text: String, limit: usize) -> String {
    let mut counted = PrefixAndLength::new(limit);
    counted.take(text.as_bytes());
    if counted.chars <= limit {
        return text;
    }
    counted.shortened()
}

/// Keeps the first `limit` characters of UTF-8 written to it and counts all of them.
struct PrefixAndLength {
    limit: usize,
    prefix: Vec<u8>,
    chars: usize,
}

impl PrefixAndLength {
    fn new(limit: usize) -> PrefixAndLength {
        PrefixAndLength {
            limit,
            prefix: Vec::new(),
            chars: 0,
        }
    }

    fn take(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            // A byte that starts a character (not a continuation byte 0b10xx_xxxx).
            let starts = byte & 0xC0 != 0x80;
            if starts {
                self.chars += 1;
            }
            if self.chars <= self.limit {
                self.prefix.push(byte);
            }
        }
    }

    fn shortened(&self) -> String {
        let mut text = String::from_utf8_lossy(&self.prefix).into_owned();
        let _ = write!(text, "… ({} characters)", grouped(self.chars));
        text
    }
}

impl std::io::Write for PrefixAndLength {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.take(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `1048578` as `1,048,578`.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// Drops the differences and errors of failing tests, from the first whose details no
/// longer fit to the last, when the report's JSON text would take more than
/// [`MAX_REPORT_BYTES`]: the names, statuses and counts always stay.
fn drop_details_past_budget(tests: &mut [TestOutcome], passed: usize, failed: usize) {
    let size = |outcome: &TestOutcome| serde_json::to_vec(outcome).map_or(0, |json| json.len());
    let envelope = format!(r#"{{"passed":{passed},"failed":{failed},"tests":[]}}"#).len()
        + tests.len().saturating_sub(1);
    let whole: Vec<usize> = tests.iter().map(size).collect();
    if envelope + whole.iter().sum::<usize>() <= MAX_REPORT_BYTES {
        return;
    }
    let without: Vec<usize> = tests
        .iter()
        .map(|outcome| {
            if outcome.has_details() {
                size(&without_details(outcome))
            } else {
                size(outcome)
            }
        })
        .collect();
    // The most tests, from the first, that can keep their details while every later one
    // keeps only its name and status.
    let mut kept = 0;
    let mut used = envelope + without.iter().sum::<usize>();
    while kept < tests.len() && used - without[kept] + whole[kept] <= MAX_REPORT_BYTES {
        used = used - without[kept] + whole[kept];
        kept += 1;
    }
    for outcome in &mut tests[kept..] {
        if outcome.has_details() {
            *outcome = without_details(outcome);
        }
    }
}

fn without_details(outcome: &TestOutcome) -> TestOutcome {
    TestOutcome {
        name: outcome.name.clone(),
        passed: outcome.passed,
        differences: Vec::new(),
        more_differences: 0,
        error: None,
        details_dropped: true,
    }
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(value: &bool) -> bool {
    !value
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(value: &usize) -> bool {
    *value == 0
}

#[cfg(test)]
mod tests;
