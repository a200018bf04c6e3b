//! The user's subscription (read, cancel, resume, preview and switch its plan) and cards.

use axum::extract::{Path, State};

use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::extract::Body;
use crate::services::billing::{self, Card, Preview, SubscriptionView};

use crate::state::AppState;
use crate::wire::{Data, ErrorBody};

/// The user's subscription (null before the first); the plan is re-read from Stripe.
#[utoipa::path(put, path = "/api/account/sub", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = Data<Option<SubscriptionView>>), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached")))]
pub(super) async fn subscription(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Data<Option<SubscriptionView>>>, ApiError> {
    let subscription = billing::subscription(&state, &user).await?;
    Ok(Json(Data::new(subscription)))
}

/// Cancels at the end of the period (the plan stays until `currentPeriodEnd`).
#[utoipa::path(delete, path = "/api/account/sub/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    responses(
        (status = 200, body = Data<SubscriptionView>),
        (status = 400, body = ErrorBody, description = "The subscription has ended"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not the user's, or no such subscription"),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn cancel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Data<SubscriptionView>>, ApiError> {
    let subscription = billing::cancel_at_period_end(&state, &user, &id, true).await?;
    Ok(Json(Data::new(subscription)))
}

/// Undoes a cancellation before the period ends.
#[utoipa::path(post, path = "/api/account/sub/{id}/resume", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    responses(
        (status = 200, body = Data<SubscriptionView>), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn resume(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Data<SubscriptionView>>, ApiError> {
    let subscription = billing::cancel_at_period_end(&state, &user, &id, false).await?;
    Ok(Json(Data::new(subscription)))
}

/// `POST /api/account/sub/{id}/preview` and `/plan`.
#[derive(Deserialize, ToSchema)]
pub struct PlanRequest {
    /// `regular` or `premium`.
    plan: String,
}

/// What switching to another plan costs now (Stripe's proration), without switching.
#[utoipa::path(post, path = "/api/account/sub/{id}/preview", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    request_body(content((PlanRequest = "application/json"))),
    responses(
        (status = 200, body = Preview),
        (status = 400, body = ErrorBody, description = "Unknown plan, the same plan, or ended"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub(super) async fn preview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(choice): Body<PlanRequest>,
) -> Result<Json<Preview>, ApiError> {
    let plan = billing::paid_plan(&choice.plan)?;
    Ok(Json(
        billing::preview_switch(&state, &user, &id, plan).await?,
    ))
}

/// Switches to another plan with proration, invoiced and charged now.
#[utoipa::path(post, path = "/api/account/sub/{id}/plan", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    request_body(content((PlanRequest = "application/json"))),
    responses(
        (status = 200, body = Data<SubscriptionView>),
        (status = 400, body = ErrorBody, description = "Unknown plan, the same plan, or ended"),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "The card was declined (the provider's \
            message, with `code` and `declineCode`)"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn switch_plan(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(choice): Body<PlanRequest>,
) -> Result<Json<Data<SubscriptionView>>, ApiError> {
    let plan = billing::paid_plan(&choice.plan)?;
    let subscription = billing::switch_plan(&state, &user, &id, plan).await?;
    Ok(Json(Data::new(subscription)))
}

/// The user's cards, the default marked.
#[utoipa::path(get, path = "/api/account/card", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = Data<Vec<Card>>), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody)))]
pub(super) async fn cards(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    Ok(Json(Data::new(billing::cards(&state, &user).await?)))
}

/// `POST /api/account/card`: a card's new expiry.
#[derive(Deserialize, ToSchema)]
pub struct CardExpiryRequest {
    #[serde(rename = "cardId")]
    card_id: String,
    /// 1–12.
    exp_month: i64,
    /// 2020–2040.
    exp_year: i64,
}

/// Changes a card's expiry.
#[utoipa::path(post, path = "/api/account/card", tag = "billing", security(("session" = [])),
    request_body(content(
        (CardExpiryRequest = "application/json"),
        (CardExpiryRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = Data<Vec<Card>>),
        (status = 400, body = ErrorBody, description = "Month outside 1–12, year outside 2020–2040"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn edit_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(edit): Body<CardExpiryRequest>,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    let cards =
        billing::edit_card(&state, &user, &edit.card_id, edit.exp_month, edit.exp_year).await?;
    Ok(Json(Data::new(cards)))
}

/// Makes a card the default (also of the subscription).
#[utoipa::path(post, path = "/api/account/card/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The card's id (`pm_…`)")),
    responses(
        (status = 200, body = Data<Vec<Card>>), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn make_default(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    let cards = billing::set_default_card(&state, &user, &id).await?;
    Ok(Json(Data::new(cards)))
}

/// Deletes a card; not the one paying for a live subscription.
#[utoipa::path(delete, path = "/api/account/card/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The card's id (`pm_…`)")),
    responses(
        (status = 200, body = Data<Vec<Card>>),
        (status = 400, body = ErrorBody, description = "`This card pays for your subscription. \
            Make another card the default before deleting it.`"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
pub(super) async fn delete_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    let cards = billing::delete_card(&state, &user, &id).await?;
    Ok(Json(Data::new(cards)))
}
