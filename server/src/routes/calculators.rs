//! Sources (the author's own calculators), published calculators, privacy, the list of
//! "My Calculators", and evaluation as a JSON API.

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use calcsmith_engine::EvalResult;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::auth::{CurrentUser, MaybeUser};
use crate::domain::{CalcId, parse_json_text};
use crate::entities::calculator;
use crate::error::ApiError;
use crate::extract::Body;
use crate::paging::{self, Page};
use crate::services::calculators::{self, CHANGED_ELSEWHERE, SaveOutcome, SaveRequest};
use crate::services::eval_queue::Owner;
use crate::services::{rate_limit, versions};
use crate::state::AppState;

/// The calculator routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/source/{id}",
            get(read_source).post(save_source).delete(delete_source),
        )
        .route(
            "/api/calc/{id}",
            get(read_published).delete(delete_published),
        )
        .route("/api/source/{id}/versions", get(list_versions))
        .route("/api/source/{id}/versions/{number}", get(read_version))
        .route("/api/calc/{id}/eval", post(evaluate))
        .route("/api/calc/edit/", post(toggle_privacy))
        .route("/api/calc/edit", post(toggle_privacy))
        .route("/api/calc/user/", put(my_calculators))
        .route("/api/calc/user", put(my_calculators))
}

#[derive(Deserialize)]
struct SourceBody {
    doc: Value,
    #[serde(default)]
    doc_style: Value,
    /// The revision the editor loaded or last saved; absent on a first save.
    #[serde(default)]
    revision: Option<i64>,
}

async fn read_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = CalcId::parse(&id)?;
    let found = calculators::owned(&state, &id, &user).await?;
    Ok(Json(json!({
        "_id": found.id,
        "doc": parse_json_text(&found.doc),
        "doc_style": parse_json_text(&found.doc_style),
        "private": found.is_private,
        "revision": found.revision,
        "version": found.version,
        "published_version": found.published_version,
        "tests": versions::tests_report(found.tests.as_deref()),
    })))
}

async fn list_versions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
) -> Result<Json<Page<Value>>, ApiError> {
    let id = CalcId::parse(&id)?;
    let page = paging::page(query.page.as_deref())?;
    let found = calculators::owned(&state, &id, &user).await?;
    Ok(Json(versions::page_of(&state.db, &found, page).await?))
}

async fn read_version(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, number)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let id = CalcId::parse(&id)?;
    let number = versions::parse_number(&number)?;
    let found = calculators::owned(&state, &id, &user).await?;
    let version = versions::find(&state.db, &found, number)
        .await?
        .ok_or_else(ApiError::calculator_not_found)?;
    Ok(Json(versions::version_json(&found, &version)))
}

async fn save_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(body): Body<SourceBody>,
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
            SaveOutcome::Stored(saved) => Json(json!({
                "message": "Saved.",
                "_id": saved.id,
                "error": saved.error,
                "revision": saved.revision,
                "version": saved.version,
                "published_version": saved.published_version,
                "tests": versions::tests_report(saved.tests.as_deref()),
            }))
            .into_response(),
            // The editor offers to reload theirs, overwrite it (saving again based on
            // `revision`) or save a copy.
            SaveOutcome::Stale { current } => (
                StatusCode::CONFLICT,
                Json(json!({"message": CHANGED_ELSEWHERE, "revision": current})),
            )
                .into_response(),
        },
    )
}

async fn delete_source(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    delete_owned(&state, &id, &user).await
}

async fn delete_owned(
    state: &AppState,
    id: &str,
    user: &crate::entities::user::Model,
) -> Result<Json<Value>, ApiError> {
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
    txn.commit().await?;
    state.published.forget(id.as_str());
    Ok(Json(json!({"message": "Deleted."})))
}

/// A public calculator's answer comes from the cache of the last moment when it is there
/// (`services::published_cache`): the same bytes as a read from the database.
async fn read_published(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = CalcId::parse(&id)?;
    let ticket = match state.published.get(id.as_str()) {
        Ok(body) => return Ok(json_body(body)),
        Err(ticket) => ticket,
    };
    let found = calculators::visible(&state, &id, viewer.as_ref())
        .await?
        .ok_or_else(ApiError::calculator_not_found)?;
    let shown = calculators::shown(&state, &found).await?;
    let body = serde_json::to_vec(&calculators::published_json(&shown))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let body = Bytes::from(body);
    if !found.is_private {
        state.published.store(id.as_str(), body.clone(), ticket);
    }
    Ok(json_body(body))
}

/// `body`, serialized JSON, answered as `Json` answers.
fn json_body(body: Bytes) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

async fn delete_published(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    delete_owned(&state, &id, &user).await
}

#[derive(Deserialize)]
struct PrivacyQuery {
    #[serde(rename = "calcId")]
    calc_id: Option<String>,
}

/// `calcId` from a JSON or form body.
fn calc_id_in(body: &[u8]) -> Option<String> {
    if let Ok(json) = serde_json::from_slice::<Value>(body) {
        return json.get("calcId")?.as_str().map(str::to_owned);
    }
    serde_urlencoded::from_bytes::<PrivacyQuery>(body)
        .ok()?
        .calc_id
}

async fn toggle_privacy(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<PrivacyQuery>,
    body: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let raw = query
        .calc_id
        .or_else(|| calc_id_in(&body))
        .ok_or_else(|| ApiError::BadRequest("calcId is required.".to_owned()))?;
    let id = CalcId::parse(&raw)?;
    let message = calculators::toggle_privacy(&state, &id, &user).await?;
    Ok(Json(json!({"message": message})))
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<String>,
}

async fn my_calculators(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<Page<Value>>, ApiError> {
    let page = paging::page(query.page.as_deref())?;
    Ok(Json(calculators::page_of(&state, &user, page).await?))
}

#[derive(Deserialize)]
struct EvalBody {
    #[serde(default)]
    values: Map<String, Value>,
    locale: Option<String>,
}

async fn evaluate(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Body(body): Body<EvalBody>,
) -> Result<Json<EvalResult>, ApiError> {
    let id = CalcId::parse(&id)?;
    rate_limit::hit(&state, &format!("eval:{}", peer.ip()), 60, 60).await?;
    let owner = Owner::of(viewer.as_ref().map(|user| user.id), peer.ip());
    let result = calculators::evaluate(
        &state,
        &id,
        viewer.as_ref(),
        owner,
        body.values,
        body.locale.as_deref(),
    )
    .await?;
    Ok(Json(result))
}
