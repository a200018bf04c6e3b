//! Liveness and readiness.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::state::AppState;

/// `/livez` (the process answers) and `/readyz` (the database answers too).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/livez", get(live))
        .route("/readyz", get(ready))
}

async fn live() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({"status": "ok"}))),
        Err(e) => {
            tracing::warn!(error = %e, "database not ready");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({"status": "database unavailable"})),
            )
        }
    }
}
