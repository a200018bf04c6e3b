//! Submissions: a visitor's submit, and the owner's list, CSV file and deletions. Every
//! owner route answers someone else's calculator as it answers an unknown one (404).

use std::net::SocketAddr;

use axum::Json;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, ORIGIN, REFERER};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use serde::Deserialize;
use serde_json::Value;

use crate::auth::{CurrentUser, MaybeUser};
use crate::domain::CalcId;
use crate::error::ApiError;
use crate::extract::{Query, ScriptBody};
use crate::paging;
use crate::services::calculators;
use crate::services::submissions::{
    self, Filter, SubmissionPage, SubmitRequest, Submitted, Visitor, export, removal,
};
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody, ScriptJson};

/// Sends a submission: the server computes the published version with `values` and stores
/// it with the contact fields. Outputs are never taken from the browser.
#[utoipa::path(post, path = "/api/calc/{id}/submit", tag = "submissions",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((SubmitRequest = "application/json"))),
    responses(
        (status = 201, body = Submitted, description = "Stored (or a honeypot caught: the same \
            answer, nothing stored)"),
        (status = 400, body = ErrorBody, description = "Not collecting, a bad or missing field, \
            an unknown field, `emailMe` where the calculator does not offer it or without an \
            email, no captcha, or the calculation failed (the engine's message)"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub(super) async fn submit(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ScriptBody(body): ScriptBody<Value>,
) -> Result<(StatusCode, ScriptJson<Submitted>), ApiError> {
    let id = CalcId::parse(&id)?;
    let request = SubmitRequest::from_json(body)?;
    let header = |name| headers.get(name).and_then(|v| v.to_str().ok());
    let visitor = Visitor {
        user: viewer.as_ref(),
        address: peer.ip(),
        referer: header(REFERER)
            .or_else(|| header(ORIGIN))
            .map(str::to_owned),
    };
    let submitted = submissions::submit::submit(&state, &id, visitor, request).await?;
    Ok((StatusCode::CREATED, ScriptJson(submitted)))
}

/// `?page=&q=&from=&to=` of the owner's list and file.
#[derive(Deserialize)]
pub(super) struct ListQuery {
    page: Option<String>,
    q: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

impl ListQuery {
    fn filter(self) -> Filter {
        Filter {
            q: self.q,
            from: self.from,
            to: self.to,
        }
    }
}

/// A page of the calculator's submissions, newest first; those on it are marked read.
/// Submissions past the plan's monthly limit are kept but held back (`heldBack`).
#[utoipa::path(get, path = "/api/calc/{id}/submissions", tag = "submissions",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("page" = Option<String>, Query, description = "1-based page number"),
        ("q" = Option<String>, Query, description = "a search in names and e-mails"),
        ("from" = Option<String>, Query, description = "the first day, YYYY-MM-DD (UTC)"),
        ("to" = Option<String>, Query, description = "the last day, YYYY-MM-DD (UTC)")),
    responses(
        (status = 200, body = SubmissionPage), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ListQuery>,
) -> Result<ScriptJson<SubmissionPage>, ApiError> {
    let id = CalcId::parse(&id)?;
    let page = paging::page(query.page.as_deref())?;
    calculators::owned(&state, &id, &user).await?;
    let filter = query.filter();
    let found = submissions::listing::page_of(&state, id.as_str(), &user, &filter, page).await?;
    Ok(ScriptJson(found))
}

/// The calculator's submissions (as the list filters them) as a CSV file.
#[utoipa::path(get, path = "/api/calc/{id}/submissions.csv", tag = "submissions",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("q" = Option<String>, Query, description = "a search in names and e-mails"),
        ("from" = Option<String>, Query, description = "the first day, YYYY-MM-DD (UTC)"),
        ("to" = Option<String>, Query, description = "the last day, YYYY-MM-DD (UTC)")),
    responses(
        (status = 200, content_type = "text/csv", body = String,
            description = "UTF-8 with a byte-order mark and a header row"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub(super) async fn csv(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ListQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let id = CalcId::parse(&id)?;
    calculators::owned(&state, &id, &user).await?;
    let text = export::csv_of(&state, id.as_str(), &user, &query.filter()).await?;
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                CONTENT_DISPOSITION,
                format!("attachment; filename=\"submissions-{}.csv\"", id.as_str()),
            ),
        ],
        text,
    ))
}

/// Deletes one submission.
#[utoipa::path(delete, path = "/api/calc/{id}/submissions/{sid}", tag = "submissions",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("sid" = String, Path, description = "the submission's id")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_one(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, sid)): Path<(String, String)>,
) -> Result<Json<MessageBody>, ApiError> {
    let id = CalcId::parse(&id)?;
    calculators::owned(&state, &id, &user).await?;
    if removal::delete_one(&state.db, id.as_str(), &sid).await? {
        Ok(Json(MessageBody::new("Deleted.")))
    } else {
        Err(ApiError::NotFound("Submission not found.".to_owned()))
    }
}

/// Deletes every submission of the calculator, held-back ones too.
#[utoipa::path(delete, path = "/api/calc/{id}/submissions", tag = "submissions",
    security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn delete_all(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<MessageBody>, ApiError> {
    let id = CalcId::parse(&id)?;
    calculators::owned(&state, &id, &user).await?;
    let deleted = removal::delete_calculator(&state.db, id.as_str()).await?;
    Ok(Json(MessageBody::new(match deleted {
        1 => "Deleted 1 submission.".to_owned(),
        n => format!("Deleted {n} submissions."),
    })))
}
