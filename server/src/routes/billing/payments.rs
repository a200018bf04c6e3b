//! Paying: checkout and its completion after 3-D Secure, invoices, and Stripe's webhook.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::LOCATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::extract::Body;
use crate::services::billing::{self, Checkout, CheckoutOutcome, InvoiceView};

use crate::state::AppState;
use crate::wire::{Data, ErrorBody};

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
pub(super) async fn checkout(
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
pub(super) async fn complete(
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
pub(super) async fn invoices(
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
pub(super) async fn invoice_pdf(
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
pub(super) async fn webhook(
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
