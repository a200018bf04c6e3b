//! The HTTP surface: each area exposes `router()`, merged here.

use axum::Router;

use crate::state::AppState;

pub mod account;
pub mod billing;
pub mod calculators;
pub mod health;
pub mod pages;
mod share_meta;
pub mod webhooks;

/// Every route of the app.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(account::router())
        .merge(billing::router())
        .merge(calculators::router())
        .merge(health::router())
        .merge(pages::router())
        .merge(webhooks::router())
        .merge(crate::openapi::router())
}
