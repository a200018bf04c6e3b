//! What visitors use: a published calculator, its evaluation; and the owner's privacy
//! switch and list of "My Calculators".

use std::net::SocketAddr;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use calcsmith_engine::{EvalResult, js_text};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::PageQuery;
use super::sources::delete_owned;
use crate::auth::{CurrentUser, MaybeUser};
use crate::domain::CalcId;
use crate::error::ApiError;
use crate::extract::{Query, ScriptBody};
use crate::paging::{self, Page};
use crate::services::calculators::{self, ListedCalc, Published};
use crate::services::eval_queue::Owner;
use crate::services::rate_limit;
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody, ScriptJson};

/// A published calculator (private ones look missing to all but their owner). While
/// `doc.holdWhileTestsFail` holds it, this is the last version whose tests passed. With
/// `doc.privateScript: true` the doc comes without `script`, `tests` and `libraries`, to
/// everyone: it calculates through `POST /api/calc/{id}/eval`. The doc keeps its
/// `embedDomains` (the sites allowed to embed it), which the embed's origin checks read.
///
/// A public calculator's answer comes from the cache of the last moment when it is there
/// (`services::published_cache`): the same bytes as a read from the database.
#[utoipa::path(get, path = "/api/calc/{id}", tag = "calculators",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = Published), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn read_published(
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
    // The stored result's lone surrogates as `\udXXX` (calcsmith_engine::js_text).
    let body = js_text::to_json(&calculators::published(&shown))
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

/// Deletes the owner's calculator.
#[utoipa::path(delete, path = "/api/calc/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_published(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<MessageBody>, ApiError> {
    delete_owned(&state, &id, &user).await
}

/// `POST /api/calc/edit/`: the calculator, in the query, JSON or a form.
#[derive(Deserialize, ToSchema)]
pub struct PrivacyRequest {
    #[serde(rename = "calcId")]
    #[schema(value_type = String, required)]
    calc_id: Option<String>,
}

/// `calcId` from a JSON or form body.
fn calc_id_in(body: &[u8]) -> Option<String> {
    if let Ok(json) = serde_json::from_slice::<Value>(body) {
        return json.get("calcId")?.as_str().map(str::to_owned);
    }
    serde_urlencoded::from_bytes::<PrivacyRequest>(body)
        .ok()?
        .calc_id
}

/// Toggles a calculator's privacy (`calcId` in the query, JSON or a form).
#[utoipa::path(post, path = "/api/calc/edit/", tag = "calculators", security(("session" = [])),
    params(("calcId" = Option<String>, Query, description = "the calculator, if not in the body")),
    request_body(content(
        (PrivacyRequest = "application/json"),
        (PrivacyRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody),
        (status = 400, body = ErrorBody, description = "No or a bad id, or the plan has no \
            private calculators"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn toggle_privacy(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<PrivacyRequest>,
    body: Bytes,
) -> Result<Json<MessageBody>, ApiError> {
    let raw = query
        .calc_id
        .or_else(|| calc_id_in(&body))
        .ok_or_else(|| ApiError::BadRequest("calcId is required.".to_owned()))?;
    let id = CalcId::parse(&raw)?;
    let message = calculators::toggle_privacy(&state, &id, &user).await?;
    Ok(Json(MessageBody::new(message)))
}

/// A page of the user's calculators, newest first.
#[utoipa::path(put, path = "/api/calc/user/", tag = "calculators", security(("session" = [])),
    params(("page" = Option<String>, Query, description = "1-based page number")),
    responses(
        (status = 200, body = Page<ListedCalc>), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(super) async fn my_calculators(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<ScriptJson<Page<ListedCalc>>, ApiError> {
    let page = paging::page(query.page.as_deref())?;
    Ok(ScriptJson(calculators::page_of(&state, &user, page).await?))
}

/// `POST /api/calc/{id}/eval`.
#[derive(Deserialize, ToSchema)]
pub struct EvalRequest {
    /// Input values keyed by input id, like `doc.defaults`.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    values: Map<String, Value>,
    /// `en` (default) or `ru`.
    locale: Option<String>,
}

/// Runs a calculator the caller may see with the given values (rate-limited): the
/// published version's stored doc, so also one whose script is private.
#[utoipa::path(post, path = "/api/calc/{id}/eval", tag = "calculators",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((EvalRequest = "application/json"))),
    responses(
        (status = 200, body = EvalResult, description = "The engine's result; a failing \
            calculation is a result with `error` set; inputs that break their valid-when \
            rules are a 400 with `invalid`, the messages by input name"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
pub(super) async fn evaluate(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    ScriptBody(body): ScriptBody<EvalRequest>,
) -> Result<Response, ApiError> {
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
    if !result.invalid.is_empty() {
        return Err(ApiError::Invalid(result.invalid));
    }
    // Written as every face writes a result: a lone surrogate as `\udXXX`.
    let body = js_text::to_json(&result).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(json_body(Bytes::from(body)))
}
