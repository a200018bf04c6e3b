//! The daily digest (`submissions.notify: "daily"`): once a UTC day is over (and a few
//! minutes more, for submissions still committing), each owner whose calculators had
//! submissions that day gets one mail per calculator set to `daily` (and not
//! unsubscribed), listing the day's submissions. The task looks every
//! `CALCSMITH_MAIL_DIGEST_MS` on every instance; an owner's day is claimed by inserting
//! its `mail_digests` row in the transaction that queues the mail, so with several
//! instances exactly one makes it (the others' inserts conflict), and an instance that
//! dies before committing leaves the day to the next look.

use std::sync::Weak;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Statement, TransactionTrait,
};

use super::content::{Digest, Payload};
use super::display::submission_lines;
use super::messages::texts;
use super::notify::{calculator_locale, calculator_name, version_doc};
use super::{queue, unsubscribe};
use crate::config::Config;
use crate::domain::submission_settings::Notify;
use crate::entities::{calculator, submission, user};
use crate::services::plans::Plan;
use crate::tokens::now_ms;

const DAY_MS: i64 = 86_400_000;

/// How long after midnight (UTC) the day before is summed up.
const GRACE_MS: i64 = 5 * 60_000;

/// Submissions a digest lists; the rest are counted.
const LISTED: u64 = 50;

/// Days a made digest's claim is kept (only the last day's is ever looked at).
const CLAIMS_KEPT_DAYS: i64 = 7;

/// Looks for digests to make every `CALCSMITH_MAIL_DIGEST_MS`, first right away, until
/// the app is gone.
pub fn spawn(db: DatabaseConnection, config: Weak<Config>) {
    tokio::spawn(async move {
        loop {
            let Some(live) = config.upgrade() else {
                return;
            };
            let every = live.mail.digest_every;
            match make_due(&db, &live).await {
                Ok(0) => {}
                Ok(made) => {
                    super::queue::wake();
                    tracing::info!(made, "daily digests queued");
                }
                Err(error) => tracing::warn!(%error, "daily digests not made"),
            }
            drop(live);
            tokio::time::sleep(every).await;
        }
    });
}

/// Makes the digests of the last complete day not made yet; how many mails it queued.
///
/// # Errors
/// The database could not be read or written.
pub async fn make_due(db: &DatabaseConnection, config: &Config) -> Result<u64, DbErr> {
    let day = (config.mail.clock.now_ms() - GRACE_MS).div_euclid(DAY_MS) - 1;
    let backend = db.get_database_backend();
    let sql = "SELECT DISTINCT owner_id FROM submissions \
               WHERE created_at >= $1 AND created_at < $2 AND owner_id NOT IN \
               (SELECT owner_id FROM mail_digests WHERE day = $3)";
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => sql.to_owned(),
        _ => sql.replace('$', "?"),
    };
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [
                (day * DAY_MS).into(),
                ((day + 1) * DAY_MS).into(),
                day.into(),
            ],
        ))
        .await?;
    let mut made = 0;
    for row in rows {
        let owner_id: i64 = row.try_get("", "owner_id")?;
        made += make_for(db, owner_id, day).await?;
    }
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => "DELETE FROM mail_digests WHERE day < $1",
        _ => "DELETE FROM mail_digests WHERE day < ?1",
    };
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [(day - CLAIMS_KEPT_DAYS).into()],
    ))
    .await?;
    Ok(made)
}

/// Claims `owner_id`'s `day` and queues its digests, all in one transaction; how many.
async fn make_for(db: &DatabaseConnection, owner_id: i64, day: i64) -> Result<u64, DbErr> {
    let txn = db.begin().await?;
    let backend = txn.get_database_backend();
    let sql = "INSERT INTO mail_digests (owner_id, day, created_at) VALUES ($1, $2, $3) \
               ON CONFLICT (owner_id, day) DO NOTHING";
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => sql.to_owned(),
        _ => sql.replace('$', "?"),
    };
    let claimed = txn
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [owner_id.into(), day.into(), now_ms().into()],
        ))
        .await?;
    if claimed.rows_affected() != 1 {
        // Another instance made (or is making) it.
        return Ok(0);
    }
    let Some(owner) = user::Entity::find_by_id(owner_id).one(&txn).await? else {
        return Ok(0);
    };
    let of_day = || {
        submission::Entity::find()
            .filter(submission::Column::OwnerId.eq(owner_id))
            .filter(submission::Column::CreatedAt.gte(day * DAY_MS))
            .filter(submission::Column::CreatedAt.lt((day + 1) * DAY_MS))
    };
    let calculator_ids: Vec<String> = of_day()
        .select_only()
        .column(submission::Column::CalculatorId)
        .distinct()
        .into_tuple()
        .all(&txn)
        .await?;
    let mut queued = 0;
    for id in calculator_ids {
        let Some(calc) = calculator::Entity::find_by_id(id.clone()).one(&txn).await? else {
            continue;
        };
        let Some((doc, settings)) = version_doc(&txn, &calc, calc.published_version).await? else {
            continue;
        };
        if settings.notify != Notify::Daily || unsubscribe::opted_out(&txn, &calc.id).await? {
            continue;
        }
        let of_calculator = || of_day().filter(submission::Column::CalculatorId.eq(id.clone()));
        let limit = shown_up_to(&owner);
        let within = || {
            let query = of_calculator();
            match limit {
                Some(limit) => query.filter(submission::Column::MonthSeq.lte(limit)),
                None => query,
            }
        };
        let count = within().count(&txn).await?;
        let all = of_calculator().count(&txn).await?;
        let listed = within()
            .order_by_asc(submission::Column::CreatedAt)
            .limit(LISTED)
            .all(&txn)
            .await?;
        let locale = calculator_locale(&calc.doc_style);
        let payload = Payload::Digest(Digest {
            calculator_id: calc.id.clone(),
            calculator_name: calculator_name(&doc, &calc.id),
            owner_id,
            locale: locale.code().to_owned(),
            day,
            count,
            submissions: listed
                .iter()
                .map(|s| submission_lines(&doc, s, texts(locale)))
                .collect(),
            held_back: all - count,
        });
        queue::enqueue(&txn, &owner.email, &payload).await?;
        queued += 1;
    }
    txn.commit().await?;
    Ok(queued)
}

/// The last place in a month that `owner`'s plan shows (`None`: all).
fn shown_up_to(owner: &user::Model) -> Option<i64> {
    Plan::parse(&owner.plan)
        .monthly_submissions()
        .map(|limit| i64::try_from(limit).unwrap_or(i64::MAX))
}
