//! Submissions going away: one or all of a calculator's (the owner's choice), with their
//! calculator or account, and past the calculator's retention (a background task).

use std::time::Duration;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Statement,
};

use super::months::DAY_MS;
use crate::domain::submission_settings::RETENTION_DAYS;
use crate::entities::{submission, submission_month};
use crate::tokens::now_ms;

/// Deletes submission `id` of calculator `calculator_id`; whether there was one (an id
/// that is not 16 letters and digits never is).
///
/// # Errors
/// The database could not be written.
pub async fn delete_one(
    db: &DatabaseConnection,
    calculator_id: &str,
    id: &str,
) -> Result<bool, DbErr> {
    if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Ok(false);
    }
    let deleted = submission::Entity::delete_many()
        .filter(submission::Column::Id.eq(id))
        .filter(submission::Column::CalculatorId.eq(calculator_id))
        .exec(db)
        .await?;
    Ok(deleted.rows_affected > 0)
}

/// Deletes every submission of a calculator (held-back ones too); how many.
///
/// # Errors
/// The database could not be written.
pub async fn delete_calculator(
    conn: &impl ConnectionTrait,
    calculator_id: &str,
) -> Result<u64, DbErr> {
    let deleted = submission::Entity::delete_many()
        .filter(submission::Column::CalculatorId.eq(calculator_id))
        .exec(conn)
        .await?;
    Ok(deleted.rows_affected)
}

/// Deletes every submission of an owner's calculators, and their monthly counts.
///
/// # Errors
/// The database could not be written.
pub async fn delete_owner(conn: &impl ConnectionTrait, owner_id: i64) -> Result<(), DbErr> {
    submission::Entity::delete_many()
        .filter(submission::Column::OwnerId.eq(owner_id))
        .exec(conn)
        .await?;
    submission_month::Entity::delete_many()
        .filter(submission_month::Column::OwnerId.eq(owner_id))
        .exec(conn)
        .await?;
    Ok(())
}

/// Deletes the submissions older than their calculator's retention, as of `now` (Unix
/// milliseconds); how many. Several instances may run it at once: each statement only
/// deletes, so the second finds nothing left to do.
///
/// # Errors
/// The database could not be written.
pub async fn apply_retention(db: &DatabaseConnection, now: i64) -> Result<u64, DbErr> {
    let backend = db.get_database_backend();
    let mut deleted = 0;
    for days in RETENTION_DAYS {
        let sql = "DELETE FROM submissions WHERE created_at < $1 AND calculator_id IN \
                   (SELECT id FROM calculators WHERE submissions_retention_days = $2)";
        let sql = match backend {
            sea_orm::DatabaseBackend::Postgres => sql.to_owned(),
            _ => sql.replace('$', "?"),
        };
        let cutoff = now - i64::from(days) * DAY_MS;
        let result = db
            .execute_raw(Statement::from_sql_and_values(
                backend,
                sql,
                [cutoff.into(), days.into()],
            ))
            .await?;
        deleted += result.rows_affected();
    }
    Ok(deleted)
}

/// Enforces retention every `every`, first right away, for as long as the app runs.
pub fn spawn_retention(db: DatabaseConnection, every: Duration) {
    tokio::spawn(async move {
        loop {
            match apply_retention(&db, now_ms()).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "submissions past retention deleted"),
                Err(error) => tracing::warn!(%error, "submissions past retention not deleted"),
            }
            tokio::time::sleep(every).await;
        }
    });
}
