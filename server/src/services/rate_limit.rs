//! Fixed-window rate limits kept in the database, so they hold across instances.

use axum::http::StatusCode;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

use crate::auth::now;
use crate::error::ApiError;
use crate::state::AppState;

/// The 429's message from [`hit`].
pub const TOO_MANY_ATTEMPTS: &str = "Too many attempts. Please wait a minute and try again.";

/// The 429's message for a user saving faster than the save limit.
pub const SAVING_TOO_OFTEN: &str =
    "You are saving too often. Please wait a few seconds and try again.";

/// Counts one attempt under `key`; 429 once more than `limit` fall in one `window`.
///
/// # Errors
/// A 429 with `Retry-After` past the limit; a database failure otherwise.
pub async fn hit(
    state: &AppState,
    key: &str,
    limit: i64,
    window_seconds: i64,
) -> Result<(), ApiError> {
    hit_saying(state, key, limit, window_seconds, TOO_MANY_ATTEMPTS).await
}

/// [`hit`], with `message` in the 429.
///
/// # Errors
/// A 429 with `message` and `Retry-After` past the limit; a database failure otherwise.
pub async fn hit_saying(
    state: &AppState,
    key: &str,
    limit: i64,
    window_seconds: i64,
    message: &str,
) -> Result<(), ApiError> {
    let now = now();
    let window_start = now - now % window_seconds;
    let backend = state.db.get_database_backend();
    // One statement, so two instances counting at once cannot lose an attempt.
    let sql = match backend {
        DatabaseBackend::Postgres => {
            "INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1) \
             ON CONFLICT (key) DO UPDATE SET \
               count = CASE WHEN rate_limits.window_start = $2 THEN rate_limits.count + 1 ELSE 1 END, \
               window_start = $2 \
             RETURNING count"
        }
        _ => {
            "INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) \
             ON CONFLICT (key) DO UPDATE SET \
               count = CASE WHEN rate_limits.window_start = ?2 THEN rate_limits.count + 1 ELSE 1 END, \
               window_start = ?2 \
             RETURNING count"
        }
    };
    let row = state
        .db
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [key.into(), window_start.into()],
        ))
        .await?
        .ok_or_else(|| ApiError::Internal("rate limit: no row".to_owned()))?;
    let count: i64 = row.try_get("", "count")?;
    if count > limit.saturating_mul(state.config.rate_limit_scale) {
        return Err(ApiError::RetryLater {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.to_owned(),
            // The count starts again with the next window.
            retry_after_seconds: u64::try_from(window_start + window_seconds - now)
                .unwrap_or(1)
                .max(1),
        });
    }
    Ok(())
}
