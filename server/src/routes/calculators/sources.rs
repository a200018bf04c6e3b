//! The author's own calculators: read, save and delete a source, and its versions.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::PageQuery;
use crate::auth::CurrentUser;
use crate::domain::{CalcId, parse_json_text};
use crate::entities::calculator;
use crate::error::ApiError;
use crate::extract::{Query, ScriptBody};
use crate::paging::{self, Page};
use crate::services::calculators::{self, CHANGED_ELSEWHERE, SaveOutcome, SaveRequest};
use crate::services::versions::{self, ListedVersion, StoredTests, Version};
use crate::services::{analytics, rate_limit, submissions};
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody, ScriptJson};

/// A calculator's source as its owner saves it.
#[derive(Deserialize, ToSchema)]
pub struct SourceRequest {
    /// The calculator doc (spec §3): name, script, metaInputs, metaOutputs, defaults, …;
    /// its form fields (inputs' and outputs' `visibleWhen`, `validWhen`, `section`; the
    /// doc's `sections`, `steps`, `stepOutputs`, `presets`) as docs/engine.md describes.
    /// `privateScript: true` (Regular and Premium) keeps the script, tests and libraries
    /// from visitors; on the free plan such a save is a 400. `embedDomains` lists the sites
    /// allowed to embed it (at most 20 `[scheme://]host[:port]` entries such as
    /// `example.com`, `*.example.com`, `http://127.0.0.1:5174`; absent or empty: every
    /// site); a list with an entry that is not a site is a 400 naming it.
    doc: Value,
    #[serde(default)]
    #[schema(value_type = Option<Value>)]
    doc_style: Value,
    /// The revision this save is based on (from the last read or save). Needed to
    /// overwrite an existing calculator: a stale or missing one gets 409.
    #[serde(default)]
    revision: Option<i64>,
}

/// A calculator's source as its owner reads it.
#[derive(Serialize, ToSchema)]
pub struct Source {
    pub _id: String,
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
    /// Counts the saves; the next save sends it back.
    pub revision: i64,
    /// The number of the current version (`GET /api/source/{id}/versions/{number}`).
    pub version: i64,
    /// The number of the version visitors see: the current one, unless
    /// `doc.holdWhileTestsFail` holds the last one whose tests passed.
    pub published_version: i64,
    /// What the doc's tests gave when it was saved; null when it has none.
    pub tests: StoredTests,
}

/// The answer to a save.
#[derive(Serialize, ToSchema)]
pub struct Saved {
    pub message: &'static str,
    pub _id: String,
    /// The engine's error when the calculator was run with its defaults, if any.
    pub error: Option<String>,
    /// The calculator's revision after this save.
    pub revision: i64,
    /// The version that is now current (the same as before when the doc and style did not
    /// change).
    pub version: i64,
    /// The version visitors now see.
    pub published_version: i64,
    /// What the doc's tests gave; null when it has none. Failing tests do not stop a save.
    pub tests: StoredTests,
}

/// The owner's source of a calculator.
#[utoipa::path(get, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = Source), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
pub(super) async fn read_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<ScriptJson<Source>, ApiError> {
    let id = CalcId::parse(&id)?;
    let found = calculators::owned(&state, &id, &user).await?;
    Ok(ScriptJson(Source {
        doc: parse_json_text(&found.doc),
        doc_style: parse_json_text(&found.doc_style),
        private: found.is_private,
        revision: found.revision,
        version: found.version,
        published_version: found.published_version,
        tests: StoredTests::of(found.tests.as_deref()),
        _id: found.id,
    }))
}

/// A page of the owner's versions of a calculator, newest first (20 a page).
#[utoipa::path(get, path = "/api/source/{id}/versions", tag = "calculators", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("page" = Option<String>, Query, description = "1-based page number")),
    responses(
        (status = 200, body = Page<ListedVersion>),
        (status = 400, body = ErrorBody, description = "A bad id or page"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
pub(super) async fn list_versions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<ScriptJson<Page<ListedVersion>>, ApiError> {
    let id = CalcId::parse(&id)?;
    let page = paging::page(query.page.as_deref())?;
    let found = calculators::owned(&state, &id, &user).await?;
    Ok(ScriptJson(
        versions::page_of(&state.db, &found, page).await?,
    ))
}

/// One kept version of the owner's calculator.
#[utoipa::path(get, path = "/api/source/{id}/versions/{number}", tag = "calculators", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("number" = i64, Path, minimum = 1, description = "The version's number")),
    responses(
        (status = 200, body = Version),
        (status = 400, body = ErrorBody, description = "A bad id or number"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing (never kept, or dropped), \
            or someone else's")))]
pub(super) async fn read_version(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, number)): Path<(String, String)>,
) -> Result<ScriptJson<Version>, ApiError> {
    let id = CalcId::parse(&id)?;
    let number = versions::parse_number(&number)?;
    let found = calculators::owned(&state, &id, &user).await?;
    let version = versions::find(&state.db, &found, number)
        .await?
        .ok_or_else(ApiError::calculator_not_found)?;
    Ok(ScriptJson(versions::version_of(&found, version)))
}

/// Saves a calculator (the first save creates it, within the plan's limit) and runs it
/// with its defaults.
#[utoipa::path(post, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((SourceRequest = "application/json"))),
    responses(
        (status = 200, body = Saved),
        (status = 400, body = ErrorBody, description = "Not a calculator, or the plan's limit"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Changed elsewhere (with the \
            calculator's `revision` now), or a racing save"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub(super) async fn save_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    ScriptBody(body): ScriptBody<SourceRequest>,
) -> Result<Response, ApiError> {
    let id = CalcId::parse(&id)?;
    // Every save runs the calculator: a few a second per user, in bursts of up to 30.
    let key = format!("save:{}", user.id);
    rate_limit::hit_saying(&state, &key, 30, 10, rate_limit::SAVING_TOO_OFTEN).await?;
    let request = SaveRequest {
        doc: body.doc,
        doc_style: body.doc_style,
        revision: body.revision,
    };
    Ok(
        match calculators::save(&state, &id, &user, request).await? {
            SaveOutcome::Stored(saved) => ScriptJson(Saved {
                message: "Saved.",
                _id: saved.id,
                error: saved.error,
                revision: saved.revision,
                version: saved.version,
                published_version: saved.published_version,
                tests: StoredTests::of(saved.tests.as_deref()),
            })
            .into_response(),
            // The editor offers to reload theirs, overwrite it (saving again based on
            // `revision`) or save a copy.
            SaveOutcome::Stale { current } => (
                StatusCode::CONFLICT,
                Json(ErrorBody {
                    revision: Some(current),
                    ..ErrorBody::new(CHANGED_ELSEWHERE)
                }),
            )
                .into_response(),
        },
    )
}

/// Deletes the owner's calculator.
#[utoipa::path(delete, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<MessageBody>, ApiError> {
    delete_owned(&state, &id, &user).await
}

/// Deletes `id` if `user` owns it, with its versions, analytics and submissions
/// (`DELETE /api/source/{id}` and `DELETE /api/calc/{id}`).
pub(super) async fn delete_owned(
    state: &AppState,
    id: &str,
    user: &crate::entities::user::Model,
) -> Result<Json<MessageBody>, ApiError> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};
    let id = CalcId::parse(id)?;
    // One statement that checks the owner and deletes: a racing delete or save of the same
    // calculator leaves this one a 404, never a 500. Its versions go with it.
    let txn = state.db.begin().await?;
    let deleted = calculator::Entity::delete_many()
        .filter(calculator::Column::Id.eq(id.as_str()))
        .filter(calculator::Column::OwnerId.eq(user.id))
        .exec(&txn)
        .await?;
    if deleted.rows_affected == 0 {
        return Err(ApiError::calculator_not_found());
    }
    versions::delete_all(&txn, id.as_str()).await?;
    analytics::store::delete_calculator(&txn, id.as_str()).await?;
    submissions::removal::delete_calculator(&txn, id.as_str()).await?;
    crate::services::webhooks::removal::delete_calculator(&txn, id.as_str()).await?;
    txn.commit().await?;
    state.published.forget(id.as_str());
    state.analytics.forget(id.as_str());
    Ok(Json(MessageBody::new("Deleted.")))
}
