//! Plans, checkout, the subscription, cards, invoices and Stripe's webhook
//! (docs/billing.md, "The server's API"); the logic is in `services::billing`.

use axum::extract::State;

use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::services::plans::Plan;
use crate::state::AppState;

pub(crate) mod payments;
pub(crate) mod subscription;

/// The billing routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/billing", get(plans))
        .route("/api/account/sub", put(subscription::subscription))
        .route("/api/account/sub/{id}", delete(subscription::cancel))
        .route("/api/account/sub/{id}/resume", post(subscription::resume))
        .route("/api/account/sub/{id}/preview", post(subscription::preview))
        .route(
            "/api/account/sub/{id}/plan",
            post(subscription::switch_plan),
        )
        .route(
            "/api/account/card",
            get(subscription::cards).post(subscription::edit_card),
        )
        .route(
            "/api/account/card/{id}",
            post(subscription::make_default).delete(subscription::delete_card),
        )
        .route("/api/checkout", post(payments::checkout))
        .route("/api/checkout/complete", post(payments::complete))
        .route("/api/account/invoice", get(payments::invoices))
        .route("/api/account/invoice/{id}/pdf", get(payments::invoice_pdf))
        .route("/api/stripe/webhook", post(payments::webhook))
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
    /// How many submissions a month the owner reads; null: no limit. Past it they are
    /// stored and held back until an upgrade.
    monthly_submissions: Option<u64>,
    /// How many webhook endpoints the account may have, over all its calculators.
    webhook_endpoints: u64,
}

/// The free plan's limits.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreePlan {
    max_calculators: Option<u64>,
    allows_private: bool,
    monthly_submissions: Option<u64>,
    webhook_endpoints: u64,
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
        monthly_submissions: plan.monthly_submissions(),
        webhook_endpoints: plan.webhook_endpoints(),
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
            monthly_submissions: Plan::Free.monthly_submissions(),
            webhook_endpoints: Plan::Free.webhook_endpoints(),
        },
    })
}
