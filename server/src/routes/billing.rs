//! Plans, checkout, the subscription, cards, invoices and Stripe's webhook
//! (docs/billing.md, "The server's API"); the logic is in `services::billing`.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::LOCATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::extract::Body;
use crate::services::billing::{self, Checkout};
use crate::services::plans::Plan;
use crate::state::AppState;

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

/// The plans with their limits (from `services/plans.rs`), and how to reach Stripe.
async fn plans(State(state): State<AppState>) -> Json<Value> {
    let stripe = &state.stripe;
    let plans: Vec<Value> = [
        (Plan::Regular, "Regular", 990),
        (Plan::Premium, "Premium", 4990),
    ]
    .into_iter()
    .map(|(plan, name, price)| {
        json!({
            "id": plan.name(), "name": name, "price": price, "currency": "usd",
            "interval": "month", "maxCalculators": plan.max_calculators(),
            "allowsPrivate": plan.allows_private(),
        })
    })
    .collect();
    Json(json!({
        "mode": if stripe.is_live() { "live" } else { "sandbox" },
        "publishableKey": stripe.publishable_key,
        "sandboxUrl": stripe.sandbox_url,
        "supportUrl": stripe.support_url(),
        "plans": plans,
        "free": {
            "maxCalculators": Plan::Free.max_calculators(),
            "allowsPrivate": Plan::Free.allows_private(),
        },
    }))
}

async fn subscription(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Value>, ApiError> {
    let subscription = billing::subscription(&state, &user).await?;
    Ok(Json(json!({ "data": subscription })))
}

async fn cancel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let subscription = billing::cancel_at_period_end(&state, &user, &id, true).await?;
    Ok(Json(json!({ "data": subscription })))
}

async fn resume(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let subscription = billing::cancel_at_period_end(&state, &user, &id, false).await?;
    Ok(Json(json!({ "data": subscription })))
}

#[derive(Deserialize)]
struct PlanChoice {
    plan: String,
}

async fn preview(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(choice): Body<PlanChoice>,
) -> Result<Json<Value>, ApiError> {
    let plan = billing::paid_plan(&choice.plan)?;
    let preview = billing::preview_switch(&state, &user, &id, plan).await?;
    Ok(Json(json!(preview)))
}

async fn switch_plan(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(choice): Body<PlanChoice>,
) -> Result<Json<Value>, ApiError> {
    let plan = billing::paid_plan(&choice.plan)?;
    let subscription = billing::switch_plan(&state, &user, &id, plan).await?;
    Ok(Json(json!({ "data": subscription })))
}

async fn cards(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "data": billing::cards(&state, &user).await? }),
    ))
}

#[derive(Deserialize)]
struct CardExpiry {
    #[serde(rename = "cardId")]
    card_id: String,
    exp_month: i64,
    exp_year: i64,
}

async fn edit_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(edit): Body<CardExpiry>,
) -> Result<Json<Value>, ApiError> {
    let cards =
        billing::edit_card(&state, &user, &edit.card_id, edit.exp_month, edit.exp_year).await?;
    Ok(Json(json!({ "data": cards })))
}

async fn make_default(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let cards = billing::set_default_card(&state, &user, &id).await?;
    Ok(Json(json!({ "data": cards })))
}

async fn delete_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let cards = billing::delete_card(&state, &user, &id).await?;
    Ok(Json(json!({ "data": cards })))
}

#[derive(Deserialize)]
struct CheckoutRequest {
    #[serde(rename = "customerId")]
    customer_id: Option<String>,
    plan: Option<String>,
    #[serde(rename = "paymentMethod")]
    payment_method: String,
}

async fn checkout(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(request): Body<CheckoutRequest>,
) -> Result<Json<Value>, ApiError> {
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
    Ok(Json(json!(outcome)))
}

#[derive(Deserialize)]
struct CompleteRequest {
    #[serde(rename = "intentId")]
    intent_id: String,
}

async fn complete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Body(request): Body<CompleteRequest>,
) -> Result<Json<Value>, ApiError> {
    let outcome = billing::complete(&state, &user, &request.intent_id).await?;
    Ok(Json(json!(outcome)))
}

async fn invoices(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(
        json!({ "data": billing::invoices(&state, &user).await? }),
    ))
}

async fn invoice_pdf(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let pdf = billing::invoice_pdf(&state, &user, &id).await?;
    Ok((StatusCode::FOUND, [(LOCATION, pdf)]).into_response())
}

/// Stripe's events: the signature is checked over the body exactly as it came.
async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    let processed = billing::webhook(&state, signature, &body).await?;
    Ok(Json(json!({ "received": true, "duplicate": !processed })))
}
