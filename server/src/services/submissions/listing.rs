//! The owner's view of submissions: a page of them (newest first, searched by name or
//! e-mail, between two days), marked read once shown, without those the plan holds back
//! this month, and how many those are.

use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};
use std::collections::HashMap;

use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Select,
};
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::months::{DAY_MS, day_start};
use crate::domain::parse_json_text;
use crate::entities::{submission, user};
use crate::error::ApiError;
use crate::paging::{self, Paging};
use crate::services::plans::Plan;
use crate::state::AppState;

/// How many submissions a page holds.
pub const PER_PAGE: u64 = 50;

/// The longest search.
const SEARCH_CHARS: usize = 200;

/// Which submissions: a search on name and e-mail, and days (`YYYY-MM-DD`, both included).
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub q: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// One submission as the owner reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionView {
    pub id: String,
    /// Unix milliseconds.
    pub created_at: i64,
    /// The published version the server computed it with.
    pub version: i64,
    /// Input values by input name.
    #[schema(value_type = Object)]
    pub values: Value,
    /// Raw outputs by output name.
    #[schema(value_type = Object)]
    pub outputs: Value,
    /// Display text by output name, as the visitor saw it.
    #[schema(value_type = Object)]
    pub display: Value,
    /// The fields the visitor filled in (`consent`: whether the box was ticked).
    #[schema(value_type = Object)]
    pub contact: Map<String, Value>,
    /// The consent text as the visitor was shown it.
    pub consent_text: Option<String>,
    /// Host and path of the page it was sent from.
    pub page: Option<String>,
    pub locale: Option<String>,
    /// Whether the owner had seen it before this answer.
    pub read: bool,
}

impl SubmissionView {
    /// The stored row as the owner reads it.
    pub fn of(row: submission::Model) -> SubmissionView {
        let mut contact = Map::new();
        for (key, value) in [
            ("name", row.contact_name),
            ("email", row.contact_email),
            ("phone", row.contact_phone),
            ("company", row.contact_company),
            ("message", row.contact_message),
        ] {
            if let Some(value) = value {
                contact.insert(key.to_owned(), Value::String(value));
            }
        }
        if let Some(consent) = row.consent {
            contact.insert("consent".to_owned(), Value::Bool(consent));
        }
        SubmissionView {
            id: row.id,
            created_at: row.created_at,
            version: row.version,
            values: parse_json_text(&row.inputs),
            outputs: parse_json_text(&row.outputs),
            display: parse_json_text(&row.display),
            contact,
            consent_text: row.consent_text,
            page: row.page,
            locale: row.locale,
            read: row.is_read,
        }
    }
}

/// A page of submissions, and what the plan holds back.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionPage {
    pub data: Vec<SubmissionView>,
    pub paging: Paging,
    /// Submissions of this calculator stored past the plan's monthly limit: kept, not
    /// shown until the plan has room for them.
    #[serde(rename = "heldBack")]
    pub held_back: u64,
    /// The plan's submissions a month; null: no limit.
    #[serde(rename = "monthlyLimit")]
    pub monthly_limit: Option<u64>,
}

/// The calculator's submissions the owner's plan lets them read, filtered.
///
/// # Errors
/// 400 for a bad search or day.
pub fn readable(
    calculator_id: &str,
    owner: &user::Model,
    filter: &Filter,
) -> Result<Select<submission::Entity>, ApiError> {
    let mut select =
        submission::Entity::find().filter(submission::Column::CalculatorId.eq(calculator_id));
    if let Some(limit) = Plan::parse(&owner.plan).monthly_submissions() {
        select = select.filter(submission::Column::MonthSeq.lte(as_count(limit)));
    }
    if let Some(q) = filter.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        // PostgreSQL refuses a NUL in text: a control character is never searched for.
        if q.chars().any(char::is_control) {
            return Err(ApiError::BadRequest(
                "q cannot contain control characters.".to_owned(),
            ));
        }
        if q.chars().count() > SEARCH_CHARS {
            return Err(ApiError::BadRequest(format!(
                "q is too long (at most {SEARCH_CHARS} characters)."
            )));
        }
        // `!` escapes, so `%` and `_` are letters searched for (a backslash would read
        // differently on the two databases).
        let escaped = q
            .to_lowercase()
            .replace('!', "!!")
            .replace('%', "!%")
            .replace('_', "!_");
        let pattern = || LikeExpr::new(format!("%{escaped}%")).escape('!');
        let lower = |column: submission::Column| Expr::expr(Func::lower(Expr::col(column)));
        select = select.filter(
            Condition::any()
                .add(lower(submission::Column::ContactName).like(pattern()))
                .add(lower(submission::Column::ContactEmail).like(pattern())),
        );
    }
    if let Some(from) = filter.from.as_deref().filter(|d| !d.is_empty()) {
        select = select.filter(submission::Column::CreatedAt.gte(day_start("from", from)?));
    }
    if let Some(to) = filter.to.as_deref().filter(|d| !d.is_empty()) {
        select = select.filter(submission::Column::CreatedAt.lt(day_start("to", to)? + DAY_MS));
    }
    Ok(select
        .order_by_desc(submission::Column::CreatedAt)
        .order_by_desc(submission::Column::Id))
}

/// Page `page` of the calculator's readable submissions, newest first; the ones on it
/// are marked read (the answer says whether each was read before).
///
/// # Errors
/// 400 for a bad search or day; the database could not be read or written.
pub async fn page_of(
    state: &AppState,
    calculator_id: &str,
    owner: &user::Model,
    filter: &Filter,
    page: u64,
) -> Result<SubmissionPage, ApiError> {
    let paginator = readable(calculator_id, owner, filter)?.paginate(&state.db, PER_PAGE);
    let found = paging::fetch(paginator, page, PER_PAGE).await?;
    let unread: Vec<String> = found
        .data
        .iter()
        .filter(|s| !s.is_read)
        .map(|s| s.id.clone())
        .collect();
    if !unread.is_empty() {
        submission::Entity::update_many()
            .col_expr(submission::Column::IsRead, Expr::value(true))
            .filter(submission::Column::Id.is_in(unread))
            .exec(&state.db)
            .await?;
    }
    let limit = Plan::parse(&owner.plan).monthly_submissions();
    Ok(SubmissionPage {
        held_back: held_back(state, calculator_id, limit).await?,
        monthly_limit: limit,
        paging: found.paging,
        data: found.data.into_iter().map(SubmissionView::of).collect(),
    })
}

/// How many unread submissions each of `calculator_ids` has that the owner's plan lets
/// them read (held-back ones are not counted: the list would not show them). Calculators
/// without any are left out.
///
/// # Errors
/// The database could not be read.
pub async fn unread_counts(
    db: &DatabaseConnection,
    owner: &user::Model,
    calculator_ids: &[String],
) -> Result<HashMap<String, u64>, ApiError> {
    if calculator_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut select = submission::Entity::find()
        .select_only()
        .column(submission::Column::CalculatorId)
        .column_as(Expr::col(submission::Column::Id).count(), "unread")
        .filter(submission::Column::CalculatorId.is_in(calculator_ids.iter().cloned()))
        .filter(submission::Column::IsRead.eq(false));
    if let Some(limit) = Plan::parse(&owner.plan).monthly_submissions() {
        select = select.filter(submission::Column::MonthSeq.lte(as_count(limit)));
    }
    let rows: Vec<(String, i64)> = select
        .group_by(submission::Column::CalculatorId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, n)| (id, u64::try_from(n).unwrap_or(0)))
        .collect())
}

/// A limit as the database compares it (a BIGINT).
fn as_count(limit: u64) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}

/// How many of the calculator's submissions a plan of `limit` a month holds back.
///
/// # Errors
/// The database could not be read.
pub async fn held_back(
    state: &AppState,
    calculator_id: &str,
    limit: Option<u64>,
) -> Result<u64, ApiError> {
    let Some(limit) = limit else {
        return Ok(0);
    };
    Ok(submission::Entity::find()
        .filter(submission::Column::CalculatorId.eq(calculator_id))
        .filter(submission::Column::MonthSeq.gt(as_count(limit)))
        .count(&state.db)
        .await?)
}
