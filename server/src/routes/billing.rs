//! Plans, checkout, the subscription, cards, invoices and Stripe's webhook
//! (docs/billing.md, "The server's API"); the logic is in `services::billing`.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::LOCATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::extract::Body;
use crate::services::billing::{
    self, Card, Checkout, CheckoutOutcome, InvoiceView, Preview, SubscriptionView,
};
use crate::services::plans::Plan;
use crate::state::AppState;
use crate::wire::{Data, ErrorBody};

/// The billing routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/billing", get(plans))
        .route("/api/account/sub", put(subscription))
        .route("/api/account/sub/{id}", delete(cancel))
        .route("/api/account/sub/{id}/resume", post(resume))
        .route("/api/account/sub/{id}/preview", post(preview))
        .route("/api/account/sub/{id}/plan", post(switch_plan))
        .route("/api/account/card", get(cards).post(edit_card))
        .route(
            "/api/account/card/{id}",
            post(make_default).delete(delete_card),
        )
        .route("/api/checkout", post(checkout))
        .route("/api/checkout/complete", post(complete))
        .route("/api/account/invoice", get(invoices))
        .route("/api/account/invoice/{id}/pdf", get(invoice_pdf))
        .route("/api/stripe/webhook", post(webhook))
}

/// A plan on sale (`GET /api/billing`); the limits are those the server enforces.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanOnSale {
    /// `regular` or `premium`.
    id: &'static str,
    name: &'static str,
    /// In cents a month.
    price: i64,
    currency: &'static str,
    interval: &'static str,
    /// How many calculators it saves; null: no limit.
    max_calculators: Option<u64>,
    allows_private: bool,
}

/// The free plan's limits.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreePlan {
    max_calculators: Option<u64>,
    allows_private: bool,
}

/// `GET /api/billing`: how plans are sold here.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingInfo {
    /// `sandbox` (no real charges) or `live`.
    mode: &'static str,
    /// Stripe's publishable key (the sandbox's in sandbox mode).
    publishable_key: String,
    /// `/stripe-sandbox` in sandbox mode; null live.
    sandbox_url: Option<String>,
    /// Where `/pricing_fail` sends people.
    support_url: String,
    plans: Vec<PlanOnSale>,
    free: FreePlan,
}

/// How plans are sold: the mode (sandbox or live), the keys for the browser, the plans
/// with their limits (from `services/plans.rs`).
#[utoipa::path(get, path = "/api/billing", tag = "billing",
    responses((status = 200, body = BillingInfo)))]
async fn plans(State(state): State<AppState>) -> Json<BillingInfo> {
    let stripe = &state.stripe;
    let plans = [
        (Plan::Regular, "Regular", 990),
        (Plan::Premium, "Premium", 4990),
    ]
    .into_iter()
    .map(|(plan, name, price)| PlanOnSale {
        id: plan.name(),
        name,
        price,
        currency: "usd",
        interval: "month",
        max_calculators: plan.max_calculators(),
        allows_private: plan.allows_private(),
    })
    .collect();
    Json(BillingInfo {
        mode: if stripe.is_live() { "live" } else { "sandbox" },
        publishable_key: stripe.publishable_key.clone(),
        sandbox_url: stripe.sandbox_url.clone(),
        support_url: stripe.support_url().to_owned(),
        plans,
        free: FreePlan {
            max_calculators: Plan::Free.max_calculators(),
            allows_private: Plan::Free.allows_private(),
        },
    })
}

/// The user's subscription (null before the first); the plan is re-read from Stripe.
#[utoipa::path(put, path = "/api/account/sub", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = Data<Option<SubscriptionView>>), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached")))]
async fn subscription(
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
async fn cancel(
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
async fn resume(
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
async fn preview(
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
async fn switch_plan(
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
async fn cards(
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
async fn edit_card(
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
async fn make_default(
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
async fn delete_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    let cards = billing::delete_card(&state, &user, &id).await?;
    Ok(Json(Data::new(cards)))
}

/// `POST /api/checkout`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutRequest {
    /// The user's Stripe customer id; null before their first checkout.
    customer_id: Option<String>,
    /// `regular` or `premium`; absent: only add the card.
    plan: Option<String>,
    /// A payment method id from Stripe.js or the sandbox's card form (`pm_…`).
    payment_method: String,
}

/// Buys a plan with a card, or (no `plan`) adds the card.
#[utoipa::path(post, path = "/api/checkout", tag = "billing", security(("session" = [])),
    request_body(content((CheckoutRequest = "application/json"))),
    responses(
        (status = 200, body = CheckoutOutcome),
        (status = 400, body = ErrorBody, description = "Bad input, or already subscribed"),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "The card was declined (the provider's \
            message, with `code` and `declineCode`)"),
        (status = 404, body = ErrorBody, description = "Another user's customer id"),
        (status = 413, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
async fn checkout(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(request): Body<CheckoutRequest>,
) -> Result<Json<CheckoutOutcome>, ApiError> {
    let plan = request
        .plan
        .as_deref()
        .map(billing::paid_plan)
        .transpose()?;
    let outcome = billing::checkout(
        &state,
        &user,
        Checkout {
            customer_id: request.customer_id,
            plan,
            payment_method: request.payment_method,
        },
    )
    .await?;
    Ok(Json(outcome))
}

/// `POST /api/checkout/complete`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteRequest {
    /// The `intentId` of a `requires_action` answer.
    intent_id: String,
}

/// After 3-D Secure: the payment or card setup as Stripe has it now.
#[utoipa::path(post, path = "/api/checkout/complete", tag = "billing", security(("session" = [])),
    request_body(content((CompleteRequest = "application/json"))),
    responses(
        (status = 200, body = CheckoutOutcome), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "Authentication failed or the card was declined"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
async fn complete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(request): Body<CompleteRequest>,
) -> Result<Json<CheckoutOutcome>, ApiError> {
    Ok(Json(
        billing::complete(&state, &user, &request.intent_id).await?,
    ))
}

/// The user's invoices, newest first.
#[utoipa::path(get, path = "/api/account/invoice", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = Data<Vec<InvoiceView>>), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody)))]
async fn invoices(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Data<Vec<InvoiceView>>>, ApiError> {
    Ok(Json(Data::new(billing::invoices(&state, &user).await?)))
}

/// Redirects to the invoice's PDF.
#[utoipa::path(get, path = "/api/account/invoice/{id}/pdf", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The invoice id (`in_…`)")),
    responses(
        (status = 302, description = "To the PDF"), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
async fn invoice_pdf(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let pdf = billing::invoice_pdf(&state, &user, &id).await?;
    Ok((StatusCode::FOUND, [(LOCATION, pdf)]).into_response())
}

/// The answer to a Stripe event.
#[derive(Serialize, ToSchema)]
pub struct WebhookAnswer {
    received: bool,
    /// This event id was processed before; nothing was done.
    duplicate: bool,
}

/// Stripe's events, signed (`Stripe-Signature`); each event id is processed once. The
/// signature is checked over the body exactly as it came.
#[utoipa::path(post, path = "/api/stripe/webhook", tag = "billing",
    request_body(content((Value = "application/json"))),
    params(("Stripe-Signature" = Option<String>, Header, description = "`t=…,v1=…`")),
    responses(
        (status = 200, body = WebhookAnswer),
        (status = 400, body = ErrorBody, description = "A bad or stale signature, or not an event"),
        (status = 413, body = ErrorBody),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached; Stripe retries")))]
async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<WebhookAnswer>, ApiError> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    let processed = billing::webhook(&state, signature, &body).await?;
    Ok(Json(WebhookAnswer {
        received: true,
        duplicate: !processed,
    }))
}
