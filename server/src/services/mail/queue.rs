//! The durable mail queue (`mail_queue`): a message is a row from the transaction that
//! made it until it is delivered, or written to the outbox once its attempts are spent.
//!
//! Instances sharing a database take turns by leasing rows: a claim marks due, unleased
//! rows with the claimant's token and a lease time in one statement (`FOR UPDATE SKIP
//! LOCKED` on PostgreSQL, so two claims never wait for or take the same row; on SQLite
//! the one statement runs under the database's single writer lock, which does the same).
//! Only the holder of the token settles a row; a holder that died frees it when the
//! lease runs out, and the mail is then sent by another (at least once, never lost).

use std::sync::{Arc, Mutex, Weak};

use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, EntityTrait,
    Set, Statement, TransactionTrait,
};
use tokio::sync::Notify;

use super::content::Payload;
use super::transport::{Outgoing, write_outbox};
use crate::entities::mail_queue;
use crate::tokens::now_ms;

/// The workers of this process (one per app; a test runs several).
static WORKERS: Mutex<Vec<Weak<Notify>>> = Mutex::new(Vec::new());

/// A new worker's bell, rung by [`wake`].
pub(super) fn register() -> Arc<Notify> {
    let bell = Arc::new(Notify::new());
    if let Ok(mut workers) = WORKERS.lock() {
        workers.retain(|w| w.strong_count() > 0);
        workers.push(Arc::downgrade(&bell));
    }
    bell
}

/// Tells this process's workers that mail was just committed, so it goes now rather
/// than at their next look (mail queued by another instance is found by that look).
pub fn wake() {
    if let Ok(workers) = WORKERS.lock() {
        for bell in workers.iter().filter_map(Weak::upgrade) {
            bell.notify_one();
        }
    }
}

/// Forgets the author's mail still waiting for `recipient` (notifications and digests),
/// in `conn`'s transaction: an account being deleted gets no more mail about its
/// calculators. Visitors' copies of their own results stay theirs.
///
/// # Errors
/// The database could not be written.
pub async fn forget_author_mail(conn: &impl ConnectionTrait, recipient: &str) -> Result<(), DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter};
    mail_queue::Entity::delete_many()
        .filter(mail_queue::Column::Recipient.eq(recipient))
        .filter(mail_queue::Column::Kind.is_in(["notify", "digest"]))
        .exec(conn)
        .await?;
    Ok(())
}

/// Queues `payload` for `recipient`, due now, on `conn` (the transaction that made it,
/// so the message commits with it or not at all).
///
/// # Errors
/// The database could not be written.
pub async fn enqueue(
    conn: &impl ConnectionTrait,
    recipient: &str,
    payload: &Payload,
) -> Result<(), DbErr> {
    let now = now_ms();
    mail_queue::ActiveModel {
        kind: Set(payload.kind().to_owned()),
        recipient: Set(recipient.to_owned()),
        payload: Set(serde_json::to_string(payload).unwrap_or_default()),
        attempts: Set(0),
        next_attempt_at: Set(now),
        lease_until: Set(None),
        lease_token: Set(None),
        last_error: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// One SQL text per backend: PostgreSQL numbers its parameters `$n`, SQLite `?n`.
fn for_backend(backend: DatabaseBackend, sql: &str) -> String {
    match backend {
        DatabaseBackend::Postgres => sql.to_owned(),
        _ => sql.replace('$', "?"),
    }
}

/// Leases up to `batch` due rows to `token` for `lease_ms`, oldest due first.
///
/// # Errors
/// The database could not be written.
pub async fn claim(
    db: &DatabaseConnection,
    token: &str,
    lease_ms: i64,
    batch: u64,
) -> Result<Vec<mail_queue::Model>, DbErr> {
    let backend = db.get_database_backend();
    let lock = match backend {
        DatabaseBackend::Postgres => " FOR UPDATE SKIP LOCKED",
        _ => "",
    };
    let sql = for_backend(
        backend,
        &format!(
            "UPDATE mail_queue SET lease_until = $1, lease_token = $2 WHERE id IN \
             (SELECT id FROM mail_queue WHERE next_attempt_at <= $3 \
              AND (lease_until IS NULL OR lease_until < $3) \
              ORDER BY next_attempt_at, id LIMIT $4{lock}) \
             RETURNING *"
        ),
    );
    let now = now_ms();
    let limit = i64::try_from(batch).unwrap_or(i64::MAX);
    mail_queue::Entity::find()
        .from_raw_sql(Statement::from_sql_and_values(
            backend,
            sql,
            [
                (now + lease_ms).into(),
                token.into(),
                now.into(),
                limit.into(),
            ],
        ))
        .all(db)
        .await
}

/// Deletes a delivered row that `token` holds; whether it still held it.
///
/// # Errors
/// The database could not be written.
pub async fn delivered(db: &DatabaseConnection, id: i64, token: &str) -> Result<bool, DbErr> {
    let backend = db.get_database_backend();
    let sql = for_backend(
        backend,
        "DELETE FROM mail_queue WHERE id = $1 AND lease_token = $2",
    );
    let done = db
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [id.into(), token.into()],
        ))
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a failed attempt of a row `token` holds and frees it until `next_at` (Unix
/// milliseconds); whether it still held it.
///
/// # Errors
/// The database could not be written.
pub async fn failed(
    db: &DatabaseConnection,
    id: i64,
    token: &str,
    next_at: i64,
    error: &str,
) -> Result<bool, DbErr> {
    let backend = db.get_database_backend();
    let sql = for_backend(
        backend,
        "UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = $1, \
         lease_until = NULL, lease_token = NULL, last_error = $2 \
         WHERE id = $3 AND lease_token = $4",
    );
    let done = db
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [next_at.into(), error.into(), id.into(), token.into()],
        ))
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a row `token` holds to the outbox as `message`, in one transaction; whether it
/// still held it.
///
/// # Errors
/// The database could not be written.
pub async fn to_outbox(
    db: &DatabaseConnection,
    id: i64,
    token: &str,
    message: &Outgoing,
) -> Result<bool, DbErr> {
    let txn = db.begin().await?;
    let backend = txn.get_database_backend();
    let sql = for_backend(
        backend,
        "DELETE FROM mail_queue WHERE id = $1 AND lease_token = $2",
    );
    let taken = txn
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [id.into(), token.into()],
        ))
        .await?;
    if taken.rows_affected() != 1 {
        return Ok(false);
    }
    write_outbox(&txn, message).await?;
    txn.commit().await?;
    Ok(true)
}
