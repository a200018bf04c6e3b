//! Webhooks of a calculator, for its owner only: endpoints (add, list, delete, a new
//! secret, turn back on), a test event, the delivery log and redelivery. Someone else's
//! calculator is the same 404 as an unknown one; an endpoint or delivery that is not the
//! calculator's is a 404 too. The work is in `services::webhooks`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::CurrentUser;
use crate::domain::CalcId;
use crate::entities::{calculator, user, webhook_endpoint};
use crate::error::ApiError;
use crate::extract::{Body, Query};
use crate::paging::{self, Page};
use crate::services::calculators;
use crate::services::webhooks::deliveries::{self, DeliveryView, QueuedDelivery};
use crate::services::webhooks::endpoints::{
    self, CreatedEndpoint, EndpointList, EndpointView, NewEndpoint, SecretBody,
};
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody};

/// The webhook routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/calc/{id}/webhooks",
            get(list_webhooks).post(add_webhook),
        )
        .route("/api/calc/{id}/webhooks/{wid}", delete(delete_webhook))
        .route(
            "/api/calc/{id}/webhooks/{wid}/secret",
            post(rotate_webhook_secret),
        )
        .route("/api/calc/{id}/webhooks/{wid}/enable", post(enable_webhook))
        .route("/api/calc/{id}/webhooks/{wid}/test", post(send_test_event))
        .route(
            "/api/calc/{id}/webhooks/{wid}/deliveries",
            get(list_deliveries),
        )
        .route(
            "/api/calc/{id}/webhooks/{wid}/deliveries/{did}/redeliver",
            post(redeliver_webhook),
        )
}

/// `?page=` of the delivery log.
#[derive(Deserialize)]
pub(crate) struct PageQuery {
    page: Option<String>,
}

/// The user's calculator `id` (else 404).
async fn owned(
    state: &AppState,
    id: &str,
    user: &user::Model,
) -> Result<calculator::Model, ApiError> {
    calculators::owned(state, &CalcId::parse(id)?, user).await
}

/// The user's calculator `id` and its endpoint `wid` (else 404).
async fn owned_endpoint(
    state: &AppState,
    id: &str,
    wid: &str,
    user: &user::Model,
) -> Result<(calculator::Model, webhook_endpoint::Model), ApiError> {
    let calc = owned(state, id, user).await?;
    let endpoint = endpoints::find(state, &calc.id, wid).await?;
    Ok((calc, endpoint))
}

/// Adds an endpoint. Its address must be https and resolve only to public addresses
/// (checked again before every delivery). The secret is shown here and on rotation only.
#[utoipa::path(post, path = "/api/calc/{id}/webhooks", tag = "webhooks",
    security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((NewEndpoint = "application/json"))),
    responses(
        (status = 201, body = CreatedEndpoint),
        (status = 400, body = ErrorBody, description = "Not an https address, one that \
            leads to a private, loopback or reserved address, an unknown host, a second \
            endpoint at one address, or past the plan's endpoints"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub(crate) async fn add_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(body): Body<NewEndpoint>,
) -> Result<(StatusCode, Json<CreatedEndpoint>), ApiError> {
    let calc = owned(&state, &id, &user).await?;
    let created = endpoints::create(&state, &calc.id, &user, &body.url).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The calculator's endpoints, with the account's endpoints used and allowed.
#[utoipa::path(get, path = "/api/calc/{id}/webhooks", tag = "webhooks",
    operation_id = "list_webhooks", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = EndpointList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn list_webhooks(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<EndpointList>, ApiError> {
    let calc = owned(&state, &id, &user).await?;
    Ok(Json(endpoints::list(&state, &calc.id, &user).await?))
}

/// Deletes an endpoint with its delivery log.
#[utoipa::path(delete, path = "/api/calc/{id}/webhooks/{wid}", tag = "webhooks",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn delete_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid)): Path<(String, String)>,
) -> Result<Json<MessageBody>, ApiError> {
    let (_, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    endpoints::delete(&state, &endpoint).await?;
    Ok(Json(MessageBody::new("Deleted.")))
}

/// Gives the endpoint a new secret (shown only here); the old one signs nothing more.
#[utoipa::path(post, path = "/api/calc/{id}/webhooks/{wid}/secret", tag = "webhooks",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id")),
    responses(
        (status = 200, body = SecretBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn rotate_webhook_secret(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid)): Path<(String, String)>,
) -> Result<Json<SecretBody>, ApiError> {
    let (_, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    Ok(Json(endpoints::rotate(&state, &endpoint).await?))
}

/// Turns an endpoint the server turned off (it failed for the whole failure window) back
/// on.
#[utoipa::path(post, path = "/api/calc/{id}/webhooks/{wid}/enable", tag = "webhooks",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id")),
    responses(
        (status = 200, body = EndpointView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn enable_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid)): Path<(String, String)>,
) -> Result<Json<EndpointView>, ApiError> {
    let (_, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    Ok(Json(endpoints::enable(&state, &endpoint).await?))
}

/// Queues a `test` event to the endpoint.
#[utoipa::path(post, path = "/api/calc/{id}/webhooks/{wid}/test", tag = "webhooks",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id")),
    responses(
        (status = 202, body = QueuedDelivery, description = "Queued; its attempts show in \
            the delivery log"),
        (status = 400, body = ErrorBody, description = "The endpoint is turned off"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(crate) async fn send_test_event(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid)): Path<(String, String)>,
) -> Result<(StatusCode, Json<QueuedDelivery>), ApiError> {
    let (calc, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    let queued = deliveries::queue_test(&state, &calc, &endpoint).await?;
    Ok((StatusCode::ACCEPTED, Json(queued)))
}

/// The endpoint's deliveries, newest first, 20 a page, each with its attempts.
#[utoipa::path(get, path = "/api/calc/{id}/webhooks/{wid}/deliveries", tag = "webhooks",
    security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id"),
        ("page" = Option<String>, Query, description = "1-based page number")),
    responses(
        (status = 200, body = Page<DeliveryView>), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn list_deliveries(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid)): Path<(String, String)>,
    Query(query): Query<PageQuery>,
) -> Result<Json<Page<DeliveryView>>, ApiError> {
    let page = paging::page(query.page.as_deref())?;
    let (_, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    Ok(Json(deliveries::page_of(&state, &endpoint.id, page).await?))
}

/// Queues a delivery again: a new delivery with the same body (the same event id).
#[utoipa::path(post, path = "/api/calc/{id}/webhooks/{wid}/deliveries/{did}/redeliver",
    tag = "webhooks", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("wid" = String, Path, description = "the endpoint's id"),
        ("did" = String, Path, description = "the delivery's id")),
    responses(
        (status = 202, body = QueuedDelivery), (status = 400, body = ErrorBody,
            description = "The endpoint is turned off"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub(crate) async fn redeliver_webhook(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path((id, wid, did)): Path<(String, String, String)>,
) -> Result<(StatusCode, Json<QueuedDelivery>), ApiError> {
    let (_, endpoint) = owned_endpoint(&state, &id, &wid, &user).await?;
    let queued = deliveries::redeliver(&state, &endpoint, &did).await?;
    Ok((StatusCode::ACCEPTED, Json(queued)))
}
