//! What a calculator shows to whom: a calculator visible to a viewer, what visitors are
//! shown of it (the published version), the owner's own, privacy, and the owner's list.

use calcsmith_engine::EvalResult;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::domain::{CalcId, parse_json_text, private_script};
use crate::entities::{calculator, user};
use crate::error::ApiError;
use crate::paging::{self, Page};
use crate::services::analytics;
use crate::services::plans::{PRIVATE_NEEDS_UPGRADE, Plan};
use crate::services::submissions::listing::unread_counts;
use crate::services::versions::{self, TestsSummary};
use crate::state::AppState;

/// How many calculators a page of "My Calculators" holds.
pub const PER_PAGE: u64 = 20;

/// The calculator if it exists and `viewer` may see it (its owner, or anyone when public).
///
/// # Errors
/// The database could not be read.
pub async fn visible(
    state: &AppState,
    id: &CalcId,
    viewer: Option<&user::Model>,
) -> Result<Option<calculator::Model>, ApiError> {
    let found = calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?;
    Ok(found.filter(|c| !c.is_private || viewer.is_some_and(|u| u.id == c.owner_id)))
}

/// What visitors are shown of a calculator: its published version's doc and style, and
/// what the engine said when that version was saved.
#[derive(Debug, Clone)]
pub struct Shown {
    pub doc: String,
    pub doc_style: String,
    pub error: Option<String>,
    pub initial_result: Option<String>,
    /// Whether visitors get the doc without its logic (`domain::private_script`): the
    /// published version's doc keeps its script private, or the current one does (an
    /// author who turns it on while an earlier version is held back hides that one's too).
    pub private_script: bool,
}

/// The published version of `found`: its current state, unless `doc.holdWhileTestsFail`
/// keeps an earlier version published while the current one's tests fail.
///
/// # Errors
/// The database could not be read.
pub async fn shown(state: &AppState, found: &calculator::Model) -> Result<Shown, ApiError> {
    let current_private = private_script::is_private(&parse_json_text(&found.doc));
    if found.published_version != found.version
        && let Some(held) = versions::find(&state.db, found, found.published_version).await?
    {
        return Ok(Shown {
            private_script: current_private
                || private_script::is_private(&parse_json_text(&held.doc)),
            doc: held.doc,
            doc_style: held.doc_style,
            error: held.error,
            initial_result: held.initial_result,
        });
    }
    Ok(Shown {
        private_script: current_private,
        doc: found.doc.clone(),
        doc_style: found.doc_style.clone(),
        error: found.error.clone(),
        initial_result: found.initial_result.clone(),
    })
}

/// What `GET /api/calc/{id}` answers (and what a published page gets preloaded): the
/// published version's doc, its style, and the error and result of running it with its
/// defaults when it was saved. A private script's doc comes without its script, tests and
/// libraries (`domain::private_script`).
pub fn published(shown: &Shown) -> Published {
    Published {
        doc: if shown.private_script {
            private_script::without_logic(parse_json_text(&shown.doc))
        } else {
            parse_json_text(&shown.doc)
        },
        doc_style: parse_json_text(&shown.doc_style),
        error: shown.error.clone(),
        result: shown.initial_result.as_deref().map(parse_json_text),
    }
}

/// What a published calculator shows: the doc, its style, and the result of the last
/// save's run with the defaults.
#[derive(Debug, Serialize, ToSchema)]
pub struct Published {
    pub doc: Value,
    pub doc_style: Value,
    pub error: Option<String>,
    /// The engine's result as it was stored.
    #[schema(value_type = Option<EvalResult>)]
    pub result: Option<Value>,
}

/// One calculator on a page of "My Calculators".
#[derive(Debug, Serialize, ToSchema)]
pub struct ListedCalc {
    pub _id: String,
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
    pub error: Option<String>,
    /// Null when the calculator has no tests.
    pub tests: Option<TestsSummary>,
    /// Views in the last 30 days, today included.
    pub views_30d: i64,
    /// Submissions the owner has not read yet, of those the plan lets them read.
    pub unread_submissions: u64,
}

/// The calculator if `owner` owns it; a 404 otherwise (someone else's looks missing).
///
/// # Errors
/// 404 when it does not exist or is not theirs.
pub async fn owned(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
) -> Result<calculator::Model, ApiError> {
    calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?
        .filter(|c| c.owner_id == owner.id)
        .ok_or_else(ApiError::calculator_not_found)
}

/// Toggles privacy; the message is for the UI to show.
///
/// # Errors
/// 404 for someone else's calculator, 400 on the free plan.
pub async fn toggle_privacy(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
) -> Result<String, ApiError> {
    let found = owned(state, id, owner).await?;
    let private = !found.is_private;
    if private && !Plan::parse(&owner.plan).allows_private() {
        return Err(ApiError::PlanRefused(PRIVATE_NEEDS_UPGRADE.to_owned()));
    }
    let mut model = found.into_active_model();
    model.is_private = Set(private);
    model.update(&state.db).await?;
    state.published.forget(id.as_str());
    Ok(if private {
        "The calculator is now private: only you can open it.".to_owned()
    } else {
        "The calculator is now public: anyone with the link can open it.".to_owned()
    })
}

/// One page of the owner's calculators, newest first.
///
/// # Errors
/// The database could not be read.
pub async fn page_of(
    state: &AppState,
    owner: &user::Model,
    page: u64,
) -> Result<Page<ListedCalc>, ApiError> {
    let paginator = calculator::Entity::find()
        .filter(calculator::Column::OwnerId.eq(owner.id))
        .order_by_desc(calculator::Column::CreatedAt)
        .order_by_desc(calculator::Column::Id)
        .paginate(&state.db, PER_PAGE);
    let found = paging::fetch(paginator, page.max(1), PER_PAGE).await?;
    let ids: Vec<String> = found.data.iter().map(|c| c.id.clone()).collect();
    let views =
        analytics::store::views_since(&state.db, &ids, state.analytics.today() - 29).await?;
    let unread = unread_counts(&state.db, owner, &ids).await?;
    Ok(found.map(|c| ListedCalc {
        doc: parse_json_text(&c.doc),
        doc_style: parse_json_text(&c.doc_style),
        private: c.is_private,
        tests: versions::tests_summary(c.tests.as_deref()),
        error: c.error,
        views_30d: views.get(&c.id).copied().unwrap_or(0),
        unread_submissions: unread.get(&c.id).copied().unwrap_or(0),
        _id: c.id,
    }))
}
