//! The delivery queue in the database, safe across instances sharing it. A worker
//! *leases* due deliveries (a time until which they are its own, and its token): on
//! PostgreSQL the candidates are picked `FOR UPDATE SKIP LOCKED`, so two instances never
//! pick the same row and neither waits for the other; SQLite runs one writing statement
//! at a time, so the same conditional `UPDATE` is enough there. Only the lease's holder
//! records an attempt's outcome (a holder that died leaves a lease that runs out, and the
//! delivery is tried again: a receiver may see an event twice, never an attempt lost).

use std::time::Duration;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr,
    EntityTrait, QueryFilter, Set, Statement, TransactionTrait,
};

use super::deliveries::DeliveryState;
use super::send::{Outcome, human};
use crate::config::WebhooksConfig;
use crate::entities::{webhook_attempt, webhook_delivery, webhook_endpoint};

/// Leases up to `count` deliveries due at `now` (Unix ms) to `holder` until `until`; their
/// ids, the longest waiting first. The outer `UPDATE` checks the row again, so a row
/// another worker leased between the pick and the write is left to it.
///
/// # Errors
/// The database could not be written.
pub async fn lease_due(
    db: &DatabaseConnection,
    holder: &str,
    count: usize,
    now: i64,
    until: i64,
) -> Result<Vec<String>, DbErr> {
    let backend = db.get_database_backend();
    let lock = match backend {
        DatabaseBackend::Postgres => " FOR UPDATE SKIP LOCKED",
        _ => "",
    };
    let sql = format!(
        "UPDATE webhook_deliveries SET lease_until = $1, lease_owner = $2 WHERE id IN \
         (SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= $3 \
         AND (lease_until IS NULL OR lease_until < $3) ORDER BY next_attempt_at LIMIT $4{lock}) \
         AND state = 'pending' AND (lease_until IS NULL OR lease_until < $3) RETURNING id"
    );
    let sql = match backend {
        DatabaseBackend::Postgres => sql,
        _ => sql.replace('$', "?"),
    };
    let count = i64::try_from(count).unwrap_or(i64::MAX);
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [until.into(), holder.into(), now.into(), count.into()],
        ))
        .await?;
    rows.iter()
        .map(|row| row.try_get::<String>("", "id"))
        .collect()
}

/// When a failed delivery is tried next, or `None` when its window is over: the retry
/// base doubled per failure so far, the last attempt at the window's end.
pub fn next_attempt(
    config: &WebhooksConfig,
    created_at: i64,
    attempts: i32,
    now: i64,
) -> Option<i64> {
    let window_end = created_at.saturating_add(ms(config.failure_window));
    if now >= window_end {
        return None;
    }
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 40)).unwrap_or(40);
    let wait = ms(config.retry_base).saturating_mul(1_i64 << doublings.min(40));
    Some(now.saturating_add(wait).min(window_end))
}

fn ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// What recording an attempt led to.
#[derive(Debug, Default)]
pub struct Recorded {
    /// The endpoint was turned off by this failure; the reason given.
    pub disabled: Option<String>,
}

/// Records `outcome` of the attempt `holder` made at `now` on `delivery` to `endpoint`:
/// the attempt in the log, the delivery delivered, retried later or failed, and the
/// endpoint's failing time, turning it off when it has failed for the whole window.
/// Nothing is written when the lease was lost (the delivery or endpoint deleted meanwhile,
/// or the lease ran out and another took it).
///
/// # Errors
/// The database could not be written.
pub async fn record(
    db: &DatabaseConnection,
    config: &WebhooksConfig,
    holder: &str,
    delivery: &webhook_delivery::Model,
    endpoint: &webhook_endpoint::Model,
    now: i64,
    outcome: &Outcome,
) -> Result<Recorded, DbErr> {
    let attempts = delivery.attempts.saturating_add(1);
    let (state, next) = if outcome.delivered() {
        (DeliveryState::Delivered, None)
    } else {
        match next_attempt(config, delivery.created_at, attempts, now) {
            Some(next) => (DeliveryState::Pending, Some(next)),
            None => (DeliveryState::Failed, None),
        }
    };
    let txn = db.begin().await?;
    let updated = webhook_delivery::Entity::update_many()
        .col_expr(webhook_delivery::Column::State, Expr::value(state.name()))
        .col_expr(webhook_delivery::Column::Attempts, Expr::value(attempts))
        .col_expr(webhook_delivery::Column::NextAttemptAt, Expr::value(next))
        .col_expr(
            webhook_delivery::Column::LeaseUntil,
            Expr::value(None::<i64>),
        )
        .col_expr(
            webhook_delivery::Column::LeaseOwner,
            Expr::value(None::<String>),
        )
        .filter(webhook_delivery::Column::Id.eq(delivery.id.as_str()))
        .filter(webhook_delivery::Column::LeaseOwner.eq(holder))
        .exec(&txn)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(Recorded::default());
    }
    webhook_attempt::ActiveModel {
        delivery_id: Set(delivery.id.clone()),
        at: Set(now),
        status: Set(outcome.status.map(i32::from)),
        error: Set(outcome.error.clone()),
        duration_ms: Set(outcome.duration_ms),
        response_excerpt: Set(outcome.excerpt.clone()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut recorded = Recorded::default();
    if outcome.delivered() {
        webhook_endpoint::Entity::update_many()
            .col_expr(
                webhook_endpoint::Column::FailingSince,
                Expr::value(None::<i64>),
            )
            .filter(webhook_endpoint::Column::Id.eq(endpoint.id.as_str()))
            .filter(webhook_endpoint::Column::FailingSince.is_not_null())
            .exec(&txn)
            .await?;
    } else {
        // Failing since the failed delivery was queued: its last attempt comes at the end
        // of its window, and then the endpoint has failed for the whole window.
        webhook_endpoint::Entity::update_many()
            .col_expr(
                webhook_endpoint::Column::FailingSince,
                Expr::value(delivery.created_at.min(now)),
            )
            .filter(webhook_endpoint::Column::Id.eq(endpoint.id.as_str()))
            .filter(webhook_endpoint::Column::FailingSince.is_null())
            .exec(&txn)
            .await?;
        let failing_since = webhook_endpoint::Entity::find_by_id(endpoint.id.as_str())
            .one(&txn)
            .await?
            .and_then(|e| e.failing_since)
            .unwrap_or(now);
        if now.saturating_sub(failing_since) >= ms(config.failure_window) {
            let reason = format!(
                "Every delivery failed for {}; the last: {}",
                window_words(config.failure_window),
                outcome.summary()
            );
            if disable(&txn, &endpoint.id, &reason).await? {
                recorded.disabled = Some(reason);
            }
        }
    }
    txn.commit().await?;
    Ok(recorded)
}

/// Turns the endpoint off with `reason` and fails its pending deliveries; whether this
/// call turned it off (it was on).
async fn disable(
    conn: &impl ConnectionTrait,
    endpoint_id: &str,
    reason: &str,
) -> Result<bool, DbErr> {
    let turned_off = webhook_endpoint::Entity::update_many()
        .col_expr(webhook_endpoint::Column::Enabled, Expr::value(false))
        .col_expr(
            webhook_endpoint::Column::DisabledReason,
            Expr::value(reason),
        )
        .filter(webhook_endpoint::Column::Id.eq(endpoint_id))
        .filter(webhook_endpoint::Column::Enabled.eq(true))
        .exec(conn)
        .await?;
    fail_pending(conn, endpoint_id).await?;
    Ok(turned_off.rows_affected > 0)
}

/// Fails the endpoint's pending deliveries that no worker holds (a held one is failed
/// when its holder finds the endpoint off).
async fn fail_pending(conn: &impl ConnectionTrait, endpoint_id: &str) -> Result<(), DbErr> {
    webhook_delivery::Entity::update_many()
        .col_expr(
            webhook_delivery::Column::State,
            Expr::value(DeliveryState::Failed.name()),
        )
        .col_expr(
            webhook_delivery::Column::NextAttemptAt,
            Expr::value(None::<i64>),
        )
        .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
        .filter(webhook_delivery::Column::State.eq(DeliveryState::Pending.name()))
        .filter(webhook_delivery::Column::LeaseOwner.is_null())
        .exec(conn)
        .await?;
    Ok(())
}

/// Fails a delivery `holder` leased without trying it (its endpoint is off or gone).
///
/// # Errors
/// The database could not be written.
pub async fn fail_unsent(
    db: &DatabaseConnection,
    delivery_id: &str,
    holder: &str,
) -> Result<(), DbErr> {
    webhook_delivery::Entity::update_many()
        .col_expr(
            webhook_delivery::Column::State,
            Expr::value(DeliveryState::Failed.name()),
        )
        .col_expr(
            webhook_delivery::Column::NextAttemptAt,
            Expr::value(None::<i64>),
        )
        .col_expr(
            webhook_delivery::Column::LeaseUntil,
            Expr::value(None::<i64>),
        )
        .col_expr(
            webhook_delivery::Column::LeaseOwner,
            Expr::value(None::<String>),
        )
        .filter(webhook_delivery::Column::Id.eq(delivery_id))
        .filter(webhook_delivery::Column::LeaseOwner.eq(holder))
        .exec(db)
        .await?;
    Ok(())
}

/// The failure window in words: "3 days", "2 hours", "1500 ms".
pub fn window_words(window: Duration) -> String {
    let seconds = window.as_secs();
    let plural = |n: u64, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    if window.subsec_millis() != 0 || seconds == 0 {
        human(window)
    } else if seconds.is_multiple_of(86_400) {
        plural(seconds / 86_400, "day")
    } else if seconds.is_multiple_of(3_600) {
        plural(seconds / 3_600, "hour")
    } else {
        plural(seconds, "second")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> WebhooksConfig {
        WebhooksConfig::default()
    }

    #[test]
    fn retries_start_after_five_seconds_and_double() {
        let c = config();
        assert_eq!(next_attempt(&c, 0, 1, 1_000), Some(6_000));
        assert_eq!(next_attempt(&c, 0, 2, 6_000), Some(16_000));
        assert_eq!(next_attempt(&c, 0, 3, 16_000), Some(36_000));
    }

    #[test]
    fn the_last_retry_is_at_the_end_of_three_days_and_then_none() {
        let c = config();
        let three_days = 3 * 86_400_000;
        let late = three_days - 1_000;
        assert_eq!(next_attempt(&c, 0, 15, late), Some(three_days));
        assert_eq!(next_attempt(&c, 0, 16, three_days), None);
        // Doubling never overflows.
        assert_eq!(next_attempt(&c, 0, i32::MAX, 1), Some(three_days));
    }

    #[test]
    fn the_window_reads_in_the_largest_whole_unit() {
        assert_eq!(window_words(Duration::from_secs(3 * 86_400)), "3 days");
        assert_eq!(window_words(Duration::from_secs(3_600)), "1 hour");
        assert_eq!(window_words(Duration::from_secs(90)), "90 seconds");
        assert_eq!(window_words(Duration::from_millis(1_500)), "1500 ms");
    }
}
