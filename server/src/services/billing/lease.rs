//! One billing action per user at a time, across every instance sharing the database.
//!
//! Checkouts released together (a double-click, two tabs, a client retrying) would each
//! pass "already subscribed?" and each buy a subscription. So every action that changes
//! what a user buys or pays with first takes the user's row in `billing_leases`: an insert
//! that only one request wins, or the take-over of a lease whose holder died (it expires
//! after [`LEASE`]). The others wait for it, then find what the first one did. It lives
//! in the database, not in a process, because several instances serve one user.

use std::future::Future;
use std::time::Duration;

use axum::http::StatusCode;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use crate::entities::{billing_lease, user};
use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// How long a lease lasts when its holder never releases it (the process died): longer
/// than any billing action's Stripe calls take.
pub const LEASE: Duration = Duration::from_secs(60);

/// How long a request waits for another action of the same user before it gives up.
const WAIT: Duration = Duration::from_secs(20);

/// How often a waiting request looks again.
const POLL: Duration = Duration::from_millis(50);

/// The answer when another billing action of the user holds the lease for too long.
pub const BILLING_BUSY: &str =
    "Another change to your plan or cards is still in progress. Please try again in a moment.";

/// A held lease; released when dropped (in the background if [`Lease::release`] was not
/// awaited, e.g. because the client went away mid-request).
struct Lease {
    db: DatabaseConnection,
    user_id: i64,
    holder: Option<String>,
}

impl Lease {
    async fn release(mut self) -> Result<(), ApiError> {
        if let Some(holder) = self.holder.take() {
            delete(&self.db, self.user_id, &holder).await?;
        }
        Ok(())
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(holder) = self.holder.take() {
            let db = self.db.clone();
            let user_id = self.user_id;
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    let _ = delete(&db, user_id, &holder).await;
                });
            }
        }
    }
}

async fn delete(db: &DatabaseConnection, user_id: i64, holder: &str) -> Result<(), ApiError> {
    billing_lease::Entity::delete_many()
        .filter(billing_lease::Column::UserId.eq(user_id))
        .filter(billing_lease::Column::Holder.eq(holder))
        .exec(db)
        .await?;
    Ok(())
}

/// One attempt to take the user's lease: a new row, or an expired one taken over.
async fn try_take(db: &DatabaseConnection, user_id: i64, holder: &str) -> Result<bool, ApiError> {
    let now = now_ms();
    let expires_at = now + LEASE.as_millis() as i64;
    let inserted = billing_lease::Entity::insert(billing_lease::ActiveModel {
        user_id: Set(user_id),
        holder: Set(holder.to_owned()),
        expires_at: Set(expires_at),
    })
    .on_conflict(
        OnConflict::column(billing_lease::Column::UserId)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await;
    match inserted {
        Ok(rows) if rows > 0 => return Ok(true),
        Ok(_) | Err(sea_orm::DbErr::RecordNotInserted) => {}
        Err(e) => return Err(e.into()),
    }
    // Held: take it over only if its holder let it expire. On PostgreSQL a racing update
    // waits for the first and then sees the new expiry; SQLite runs writes one at a time.
    let taken = billing_lease::Entity::update_many()
        .col_expr(
            billing_lease::Column::Holder,
            sea_orm::sea_query::Expr::value(holder.to_owned()),
        )
        .col_expr(
            billing_lease::Column::ExpiresAt,
            sea_orm::sea_query::Expr::value(expires_at),
        )
        .filter(billing_lease::Column::UserId.eq(user_id))
        .filter(billing_lease::Column::ExpiresAt.lt(now))
        .exec(db)
        .await?;
    Ok(taken.rows_affected > 0)
}

async fn take(state: &AppState, user_id: i64) -> Result<Lease, ApiError> {
    let holder = random_token();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if try_take(&state.db, user_id, &holder).await? {
            return Ok(Lease {
                db: state.db.clone(),
                user_id,
                holder: Some(holder),
            });
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(ApiError::RetryLater {
                status: StatusCode::CONFLICT,
                message: BILLING_BUSY.to_owned(),
                retry_after_seconds: 2,
            });
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Runs `action` while holding `user`'s billing lease, with the user as stored once the
/// lease is held (an action that waited sees the customer the one before it created).
///
/// # Errors
/// 409 when another action holds the lease for longer than a request waits, 401 when the
/// account was deleted meanwhile, and whatever `action` answers.
pub async fn serialised<T, F, Fut>(
    state: &AppState,
    user: &user::Model,
    action: F,
) -> Result<T, ApiError>
where
    F: FnOnce(user::Model) -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let lease = take(state, user.id).await?;
    let fresh = user::Entity::find_by_id(user.id).one(&state.db).await?;
    let outcome = match fresh {
        Some(fresh) => action(fresh).await,
        None => Err(ApiError::Unauthorized),
    };
    lease.release().await?;
    outcome
}
