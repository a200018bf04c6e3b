//! A calculator's doc run in the worker pool: with its defaults and its tests on every
//! save (within one save's engine time), and a visitor's evaluation of the published
//! version.

use std::time::Duration;

use calcsmith_engine::limits::TIME_LIMIT;
use calcsmith_engine::test_cases::{MAX_TESTS, TestOutcome, TestReport};
use calcsmith_engine::worker::{WorkerRequest, raw_doc, raw_doc_text};
use calcsmith_engine::{EvalResult, Locale};
use serde_json::{Map, Value};

use super::reading::{Shown, shown, visible};
use crate::domain::CalcId;
use crate::entities::user;
use crate::error::ApiError;
use crate::services::eval_queue::Owner;
use crate::state::AppState;

/// Runs the calculator with its defaults in a worker, as every save does.
pub async fn run_defaults(state: &AppState, doc: &Value) -> Result<Value, ApiError> {
    let request = WorkerRequest {
        doc: raw_doc(doc),
        values: Map::new(),
        locale: None,
        today: None,
        tests: false,
    };
    let mut result = state
        .evaluator
        .evaluate(request)
        .await
        .map_err(ApiError::Internal)?;
    // The console is the author's, for the editor: stored results never carry it.
    result.console.clear();
    serde_json::to_value(result).map_err(|e| ApiError::Internal(e.to_string()))
}

/// How many tests `doc` has.
pub(super) fn test_count(doc: &Value) -> usize {
    doc.get("tests")
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// The 400 answer to a doc with more tests than a save runs.
pub fn too_many_tests(count: usize) -> String {
    format!("A calculator may have at most {MAX_TESTS} tests; this one has {count}.")
}

/// The engine time one save may use in all, its run with the defaults and its tests
/// together: one calculation's time limit, so a save never holds a worker longer than
/// one evaluation can.
pub const SAVE_ENGINE_TIME: Duration = TIME_LIMIT;

/// The error of every test not run to the end within [`SAVE_ENGINE_TIME`].
pub fn tests_out_of_time() -> String {
    format!(
        "Not run to the end: a save runs the calculator and its tests within {} seconds together.",
        SAVE_ENGINE_TIME.as_secs()
    )
}

/// Runs the doc's tests in a worker, as every save does (in the save's queue turn, each
/// test under the limits of one calculation); `None` when it has none. Tests still
/// running after `budget` are stopped (their worker killed), and every test then fails
/// with [`tests_out_of_time`]; with no budget left none runs.
///
/// # Errors
/// No worker could run them.
pub async fn run_tests(
    state: &AppState,
    doc: &Value,
    budget: Duration,
) -> Result<Option<Value>, ApiError> {
    if test_count(doc) == 0 {
        return Ok(None);
    }
    let request = WorkerRequest {
        doc: raw_doc(doc),
        values: Map::new(),
        locale: None,
        today: None,
        tests: true,
    };
    let ran = if budget.is_zero() {
        None
    } else {
        tokio::time::timeout(budget, state.evaluator.run_tests(request))
            .await
            .ok()
    };
    let report = match ran {
        Some(report) => report.map_err(ApiError::Internal)?,
        None => {
            let names = doc["tests"].as_array().into_iter().flatten();
            TestReport::from_outcomes(
                names
                    .map(|test| {
                        let name = test["name"].as_str().unwrap_or_default();
                        TestOutcome::failed(name, tests_out_of_time())
                    })
                    .collect(),
            )
        }
    };
    serde_json::to_value(report)
        .map(Some)
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// `POST /api/calc/{id}/eval`: a calculation of the published version with `values`, in
/// a worker, in `owner`'s turn of the queue.
///
/// # Errors
/// Not visible to `viewer` (404), an unknown locale (400), the queue's refusals, no
/// worker could run it.
pub async fn evaluate(
    state: &AppState,
    id: &CalcId,
    viewer: Option<&user::Model>,
    owner: Owner,
    values: Map<String, Value>,
    locale: Option<&str>,
) -> Result<EvalResult, ApiError> {
    let found = visible(state, id, viewer)
        .await?
        .ok_or_else(ApiError::calculator_not_found)?;
    let locale = parse_locale(locale)?;
    // Visitors run the published version.
    let shown = shown(state, &found).await?;
    run_published(state, &shown, owner, values, locale).await
}

/// The locale a visitor asked for (`None`: the engine's default).
///
/// # Errors
/// 400 for a locale the engine does not have.
pub fn parse_locale(locale: Option<&str>) -> Result<Option<Locale>, ApiError> {
    locale
        .map(|code| {
            Locale::parse(code).ok_or_else(|| {
                ApiError::BadRequest(format!("Unknown locale \"{code}\" (use en or ru)."))
            })
        })
        .transpose()
}

/// A calculation of what visitors are shown (`shown`, the published version) with
/// `values`, in a worker, in `owner`'s turn of the queue: the eval API's and a
/// submission's. The stored doc's text goes to the worker as it is.
///
/// # Errors
/// The queue's refusals (429, 503), no worker could run it.
pub async fn run_published(
    state: &AppState,
    shown: &Shown,
    owner: Owner,
    values: Map<String, Value>,
    locale: Option<Locale>,
) -> Result<EvalResult, ApiError> {
    let request = WorkerRequest {
        doc: raw_doc_text(&shown.doc).map_err(|e| ApiError::Internal(e.to_string()))?,
        values,
        locale,
        today: None,
        tests: false,
    };
    let _turn = state.evaluator.queue.enter(owner).await?;
    state
        .evaluator
        .evaluate(request)
        .await
        .map_err(ApiError::Internal)
}
