//! What travels between a host and a `calc worker` process: one JSON line a request
//! ([`WorkerRequest`]) and one an answer ([`WorkerResponse`]), and how long a worker is
//! given to answer.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::test_cases::{TestOutcome, TestReport};
use crate::{CalcDoc, EvalResult, HostError, Library, Locale};

/// How long past the engine's own time limit a worker may take before it is killed.
pub const KILL_GRACE: Duration = Duration::from_secs(2);

/// Time allowed on top of a calculation's for a worker to load the libraries it does
/// not have yet (a debug build takes seconds for Math.js; a release build ~0.12 s).
pub const LIBRARY_LOAD_TIME: Duration = Duration::from_secs(10);

/// The message when a worker process ended without answering for another reason.
pub use crate::limits::CRASH_MESSAGE;

/// The error of the tests after one that stopped its worker process.
pub const NOT_RUN_MESSAGE: &str = "Not run: an earlier test stopped the calculation.";

/// A doc's JSON for a [`WorkerRequest`], from the JSON a host holds.
#[must_use]
pub fn raw_doc(doc: &Value) -> Box<RawValue> {
    // A `Value` always prints: it holds no non-finite number and only string keys.
    serde_json::value::to_raw_value(doc).unwrap_or_default()
}

/// A doc's JSON for a [`WorkerRequest`] from its stored text, sent on as it is.
///
/// # Errors
/// The text is not JSON.
pub fn raw_doc_text(text: &str) -> Result<Box<RawValue>, serde_json::Error> {
    RawValue::from_string(text.to_owned())
}

/// One calculation for a worker, or (with `tests`) a run of the doc's test cases.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorkerRequest {
    /// The doc's JSON as the host has it (a stored doc's text goes as it is stored).
    pub doc: Box<RawValue>,
    /// Ignored when `tests` is set: each test has its own values.
    #[serde(default)]
    pub values: Map<String, Value>,
    /// English when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<Locale>,
    /// `YYYY-MM-DD`; today (UTC) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub today: Option<String>,
    /// Run `doc.tests` ([`Engine::run_tests`]) instead of one calculation; the answer is
    /// [`WorkerResponse::Tests`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tests: bool,
}

impl WorkerRequest {
    /// The request's doc, read.
    ///
    /// # Errors
    /// It is not a calculator.
    pub fn calc_doc(&self) -> Result<CalcDoc, serde_json::Error> {
        serde_json::from_str(self.doc.get()).and_then(CalcDoc::from_json_value)
    }
}

/// A worker's answer: the result, the tests' report, or why the request itself was
/// unusable. A run of tests first sends each test's outcome as it ends (`Tested`), so the
/// host can give each test its own deadline, then the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkerResponse {
    /// Boxed: a result is several times the size of the other answers.
    Result(Box<EvalResult>),
    Tested(TestOutcome),
    Tests(TestReport),
    Invalid(String),
}

/// What [`WorkerProcess::run_tests`] fails with (as [`WorkerProcess::evaluate`] does).
pub type WorkerError = HostError;

/// The libraries `request`'s doc switches on (none when it is not a calculator: the
/// worker then refuses it without loading anything).
pub(super) fn wanted_libraries(request: &WorkerRequest) -> Vec<Library> {
    match request.calc_doc() {
        Ok(doc) => Library::ALL
            .into_iter()
            .filter(|library| library.enabled_in(&doc.libraries))
            .collect(),
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wanted_libraries_are_read_from_the_doc() {
        let request = WorkerRequest {
            doc: raw_doc(
                &serde_json::json!({"script": "return {};", "libraries": {"mathjs": true, "lodash": null}}),
            ),
            values: Map::new(),
            locale: None,
            today: None,
            tests: false,
        };
        assert_eq!(wanted_libraries(&request), vec![Library::Mathjs]);
        let not_a_doc = WorkerRequest {
            doc: raw_doc(&serde_json::json!(7)),
            ..request
        };
        assert_eq!(wanted_libraries(&not_a_doc), Vec::new());
    }
}
