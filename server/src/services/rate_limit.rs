//! Fixed-window rate limits kept in the database, so they hold across instances.

use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

use crate::auth::now;
use crate::error::ApiError;
use crate::state::AppState;

/// Counts one attempt under `key`; 429 once more than `limit` fall in one `window`.
///
/// # Errors
/// [`ApiError::TooManyRequests`] past the limit; a database failure otherwise.
pub async fn hit(
    state: &AppState,
    key: &str,
    limit: i64,
    window_seconds: i64,
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
        return Err(ApiError::TooManyRequests);
    }
    Ok(())
}
