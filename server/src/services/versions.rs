//! Version history: every save keeps a version of the calculator (the doc and style as
//! saved, when, the engine's error and the tests' outcome); its owner lists and reads
//! them, and the plan decides how many are kept.
//!
//! The calculator's own row holds its current version (number `calculator.version`);
//! visitors are shown `calculator.published_version`, which is the current one unless
//! `doc.holdWhileTestsFail` holds back the last version whose tests passed.

use std::collections::BTreeSet;

use calcsmith_engine::TestReport;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::parse_json_text;
use crate::entities::{calculator, calculator_version};
use crate::error::ApiError;
use crate::paging::{self, Page, positive_number};
use crate::services::plans::Plan;

/// How many versions a page of the history holds.
pub const PER_PAGE: u64 = 20;

/// A version number from the path.
///
/// # Errors
/// 400 for anything but a whole number from 1.
pub fn parse_number(raw: &str) -> Result<i64, ApiError> {
    positive_number(raw)
        .and_then(|n| i64::try_from(n).ok())
        .ok_or_else(|| ApiError::BadRequest("A version number is a whole number from 1.".into()))
}

/// How many of a calculator's tests passed and failed.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestsSummary {
    pub passed: u64,
    pub failed: u64,
}

/// The counts of a stored test report (`None` when there is none).
pub fn tests_summary(report: Option<&str>) -> Option<TestsSummary> {
    match report.map(parse_json_text) {
        Some(report @ Value::Object(_)) => Some(TestsSummary {
            passed: report["passed"].as_u64().unwrap_or(0),
            failed: report["failed"].as_u64().unwrap_or(0),
        }),
        _ => None,
    }
}

/// A stored test report (engine's [`TestReport`]) as it was stored, null when there is
/// none: sent on as JSON, never read into the type and printed again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = Option<TestReport>)]
pub struct StoredTests(Value);

impl StoredTests {
    pub fn of(report: Option<&str>) -> StoredTests {
        StoredTests(report.map_or(Value::Null, parse_json_text))
    }
}

/// One kept version on a page of a calculator's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListedVersion {
    pub number: i64,
    /// Unix milliseconds.
    pub created_at: i64,
    /// The engine's error when this version was run with its defaults, if any.
    pub error: Option<String>,
    /// Null when this version has no tests.
    pub tests: Option<TestsSummary>,
    /// This is the version the editor opens.
    pub current: bool,
    /// This is the version visitors see.
    pub published: bool,
}

/// One version of a calculator, as it was saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct Version {
    pub number: i64,
    /// Unix milliseconds.
    pub created_at: i64,
    pub doc: Value,
    pub doc_style: Value,
    pub error: Option<String>,
    /// Null when this version has no tests.
    pub tests: StoredTests,
    pub current: bool,
    pub published: bool,
}

/// Whether a version's tests let it be published while `holdWhileTestsFail` is on: it
/// has no tests, or none of them failed.
pub fn tests_pass(report: Option<&str>) -> bool {
    report.is_none_or(|report| parse_json_text(report)["failed"].as_u64().unwrap_or(0) == 0)
}

/// Whether the doc asks to keep the last passing version published while tests fail.
pub fn holds_while_tests_fail(doc: &Value) -> bool {
    doc.get("holdWhileTestsFail").and_then(Value::as_bool) == Some(true)
}

/// The version to publish once version `current` (with test report `tests`) of a doc is
/// saved: `current`, unless the doc holds while tests fail and they fail; then the newest
/// earlier version whose tests passed, or `current` when no kept version ever passed (a
/// calculator is never left with nothing to show).
///
/// # Errors
/// The database could not be read.
pub async fn version_to_publish(
    db: &impl ConnectionTrait,
    id: &str,
    doc: &Value,
    current: i64,
    tests: Option<&str>,
) -> Result<i64, ApiError> {
    if !holds_while_tests_fail(doc) || tests_pass(tests) {
        return Ok(current);
    }
    let earlier: Vec<(i64, Option<String>)> = calculator_version::Entity::find()
        .select_only()
        .column(calculator_version::Column::Number)
        .column(calculator_version::Column::Tests)
        .filter(calculator_version::Column::CalculatorId.eq(id))
        .filter(calculator_version::Column::Number.lt(current))
        .order_by_desc(calculator_version::Column::Number)
        .into_tuple()
        .all(db)
        .await?;
    Ok(earlier
        .into_iter()
        .find(|(_, tests)| tests_pass(tests.as_deref()))
        .map_or(current, |(number, _)| number))
}

/// Stores `stored`'s current state as its version `stored.version`, made at `now`.
///
/// # Errors
/// The database could not be written.
pub async fn insert_current(
    db: &impl ConnectionTrait,
    stored: &calculator::Model,
    now: i64,
) -> Result<(), ApiError> {
    calculator_version::ActiveModel {
        calculator_id: Set(stored.id.clone()),
        number: Set(stored.version),
        doc: Set(stored.doc.clone()),
        doc_style: Set(stored.doc_style.clone()),
        error: Set(stored.error.clone()),
        initial_result: Set(stored.initial_result.clone()),
        tests: Set(stored.tests.clone()),
        created_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Gives the current version what the engine said of it this time (a save of the same
/// doc and style keeps its version, but the run is the newest).
///
/// # Errors
/// The database could not be written.
pub async fn refresh_current(
    db: &impl ConnectionTrait,
    stored: &calculator::Model,
) -> Result<(), ApiError> {
    calculator_version::Entity::update_many()
        .col_expr(
            calculator_version::Column::Error,
            Expr::value(stored.error.clone()),
        )
        .col_expr(
            calculator_version::Column::InitialResult,
            Expr::value(stored.initial_result.clone()),
        )
        .col_expr(
            calculator_version::Column::Tests,
            Expr::value(stored.tests.clone()),
        )
        .filter(calculator_version::Column::CalculatorId.eq(stored.id.as_str()))
        .filter(calculator_version::Column::Number.eq(stored.version))
        .exec(db)
        .await?;
    Ok(())
}

/// Drops the oldest versions past the plan's limit, never the current nor the published
/// one.
///
/// # Errors
/// The database could not be read or written.
pub async fn apply_retention(
    db: &impl ConnectionTrait,
    stored: &calculator::Model,
    plan: Plan,
) -> Result<(), ApiError> {
    let Some(max) = plan.max_versions() else {
        return Ok(());
    };
    let max = usize::try_from(max).unwrap_or(usize::MAX);
    let numbers: Vec<i64> = calculator_version::Entity::find()
        .select_only()
        .column(calculator_version::Column::Number)
        .filter(calculator_version::Column::CalculatorId.eq(stored.id.as_str()))
        .order_by_desc(calculator_version::Column::Number)
        .into_tuple()
        .all(db)
        .await?;
    if numbers.len() <= max {
        return Ok(());
    }
    let mut kept = BTreeSet::from([stored.version, stored.published_version]);
    for number in &numbers {
        if kept.len() >= max {
            break;
        }
        kept.insert(*number);
    }
    let dropped: Vec<i64> = numbers.into_iter().filter(|n| !kept.contains(n)).collect();
    if !dropped.is_empty() {
        calculator_version::Entity::delete_many()
            .filter(calculator_version::Column::CalculatorId.eq(stored.id.as_str()))
            .filter(calculator_version::Column::Number.is_in(dropped))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Deletes every version of calculator `id` (the foreign key cascades too; this also
/// covers a SQLite connection without foreign keys, and versions left by such a one).
///
/// # Errors
/// The database could not be written.
pub async fn delete_all(db: &impl ConnectionTrait, id: &str) -> Result<(), ApiError> {
    calculator_version::Entity::delete_many()
        .filter(calculator_version::Column::CalculatorId.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// Version `number` of `calc`, if it is kept.
///
/// # Errors
/// The database could not be read.
pub async fn find(
    db: &impl ConnectionTrait,
    calc: &calculator::Model,
    number: i64,
) -> Result<Option<calculator_version::Model>, ApiError> {
    Ok(
        calculator_version::Entity::find_by_id((calc.id.clone(), number))
            .one(db)
            .await?,
    )
}

/// One page of `calc`'s versions, newest first, as `GET /api/source/{id}/versions` answers.
///
/// # Errors
/// The database could not be read.
pub async fn page_of(
    db: &impl ConnectionTrait,
    calc: &calculator::Model,
    page: u64,
) -> Result<Page<ListedVersion>, ApiError> {
    let paginator = calculator_version::Entity::find()
        .select_only()
        .column(calculator_version::Column::Number)
        .column(calculator_version::Column::CreatedAt)
        .column(calculator_version::Column::Error)
        .column(calculator_version::Column::Tests)
        .filter(calculator_version::Column::CalculatorId.eq(calc.id.as_str()))
        .order_by_desc(calculator_version::Column::Number)
        .into_tuple::<(i64, i64, Option<String>, Option<String>)>()
        .paginate(db, PER_PAGE);
    Ok(paging::fetch(paginator, page, PER_PAGE)
        .await?
        .map(|(number, created_at, error, tests)| ListedVersion {
            number,
            created_at,
            error,
            tests: tests_summary(tests.as_deref()),
            current: number == calc.version,
            published: number == calc.published_version,
        }))
}

/// A version as `GET /api/source/{id}/versions/{n}` answers it.
pub fn version_of(calc: &calculator::Model, version: calculator_version::Model) -> Version {
    Version {
        number: version.number,
        created_at: version.created_at,
        doc: parse_json_text(&version.doc),
        doc_style: parse_json_text(&version.doc_style),
        error: version.error,
        tests: StoredTests::of(version.tests.as_deref()),
        current: version.number == calc.version,
        published: version.number == calc.published_version,
    }
}
