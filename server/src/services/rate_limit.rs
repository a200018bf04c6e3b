//! Fixed-window rate limits kept in the database, so they hold across instances.

use axum::http::StatusCode;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};

use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::now;

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

/// Consecutive failures under one key (one account's wrong passwords) that pass without
/// delay; past them each further attempt waits twice as long as the one before.
pub const FREE_FAILURES: i64 = 10;

/// The longest wait between attempts (15 minutes).
const MAX_BACKOFF_SECONDS: i64 = 15 * 60;

/// Failures older than this (a day) are forgotten.
const FAILURE_MEMORY_SECONDS: i64 = 24 * 3600;

/// How long an attempt must wait after the last of `failures` consecutive failures, when
/// the first `free` pass without waiting: 30 s, 1 min, 2 min, … up to 15 minutes.
pub fn backoff_seconds(failures: i64, free: i64) -> i64 {
    if failures < free {
        return 0;
    }
    let doublings = (failures - free).min(20) as u32;
    (30i64 << doublings).min(MAX_BACKOFF_SECONDS)
}

/// One SQL text per backend: PostgreSQL numbers its parameters `$n`, SQLite `?n`.
fn for_backend(backend: DatabaseBackend, sql: &str) -> String {
    match backend {
        DatabaseBackend::Postgres => sql.to_owned(),
        _ => sql.replace('$', "?"),
    }
}

/// The wait [`backoff_seconds`] gives after `count` failures (an SQL expression over the
/// column `count`), spelled out step by step up to the longest wait.
fn backoff_sql(count: &str, free: i64) -> String {
    let mut sql = format!("CASE WHEN {count} < {free} THEN 0");
    let mut failures = free;
    loop {
        let wait = backoff_seconds(failures, free);
        if wait >= MAX_BACKOFF_SECONDS {
            break;
        }
        sql.push_str(&format!(" WHEN {count} = {failures} THEN {wait}"));
        failures += 1;
    }
    sql.push_str(&format!(" ELSE {MAX_BACKOFF_SECONDS} END"));
    sql
}

/// Takes one attempt under `key` as a failure to come (progressive delay; the key's rows
/// live in `rate_limits` with `window_start` = the last attempt): 429 while the failures
/// counted so far still call for waiting. The check and the count are one statement, so
/// attempts racing each other can never pass more often than one after another. A
/// success then forgets the failures ([`clear_failures`]).
///
/// # Errors
/// [`ApiError::TooManyRequests`] while waiting; a database failure otherwise.
pub async fn claim_attempt(state: &AppState, key: &str) -> Result<(), ApiError> {
    let free = FREE_FAILURES.saturating_mul(state.config.rate_limit_scale);
    // The failures are forgotten, still free, or their wait is over.
    let may_go = format!(
        "WHERE rate_limits.window_start <= $3 OR rate_limits.window_start + {} <= $2",
        backoff_sql("rate_limits.count", free)
    );
    if count_failure(state, key, &may_go).await? {
        Ok(())
    } else {
        Err(ApiError::TooManyRequests)
    }
}

/// Counts one more consecutive failure under `key` (a day after the last one, counting
/// starts again).
///
/// # Errors
/// The database could not be written.
pub async fn record_failure(state: &AppState, key: &str) -> Result<(), ApiError> {
    count_failure(state, key, "").await?;
    Ok(())
}

/// Counts one more failure under `key` in one statement, where the row is new or the
/// update's `condition` holds (`$2` is now, `$3` the oldest failure remembered); whether
/// it was counted.
async fn count_failure(state: &AppState, key: &str, condition: &str) -> Result<bool, ApiError> {
    let backend = state.db.get_database_backend();
    let sql = for_backend(
        backend,
        &format!(
            "INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1) \
             ON CONFLICT (key) DO UPDATE SET \
               count = CASE WHEN rate_limits.window_start > $3 THEN rate_limits.count + 1 ELSE 1 END, \
               window_start = $2 \
             {condition} RETURNING count"
        ),
    );
    let now = now();
    let counted = state
        .db
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [
                key.into(),
                now.into(),
                (now - FAILURE_MEMORY_SECONDS).into(),
            ],
        ))
        .await?;
    Ok(counted.is_some())
}

/// Forgets the failures under `key` (after a success).
///
/// # Errors
/// The database could not be written.
pub async fn clear_failures(state: &AppState, key: &str) -> Result<(), ApiError> {
    let backend = state.db.get_database_backend();
    let sql = for_backend(backend, "DELETE FROM rate_limits WHERE key = $1");
    state
        .db
        .execute_raw(Statement::from_sql_and_values(backend, sql, [key.into()]))
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sql_wait_is_the_same_ladder() {
        assert_eq!(
            backoff_sql("n", 10),
            "CASE WHEN n < 10 THEN 0 WHEN n = 10 THEN 30 WHEN n = 11 THEN 60 \
             WHEN n = 12 THEN 120 WHEN n = 13 THEN 240 WHEN n = 14 THEN 480 ELSE 900 END"
        );
    }

    #[test]
    fn the_first_failures_pass_then_each_wait_doubles_up_to_fifteen_minutes() {
        assert_eq!(backoff_seconds(0, 10), 0);
        assert_eq!(backoff_seconds(9, 10), 0);
        assert_eq!(backoff_seconds(10, 10), 30);
        assert_eq!(backoff_seconds(11, 10), 60);
        assert_eq!(backoff_seconds(14, 10), 480);
        assert_eq!(backoff_seconds(15, 10), 900);
        assert_eq!(backoff_seconds(i64::MAX, 10), 900);
    }
}
