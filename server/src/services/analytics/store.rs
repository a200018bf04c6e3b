//! The rollups in the database: a batch added as upserts, the daily salt, what the author
//! reads, and deletion (with a calculator, an account, or past the plan's history).
//!
//! Every write adds to what is there (`count = count + excluded.count`), so instances
//! sharing one database add up; each upsert also checks that the calculator still exists
//! with analytics on, so a batch never revives a deleted calculator's numbers. Rows are
//! written in one order (sorted keys, tables in turn) so two instances flushing at once
//! cannot deadlock on PostgreSQL.

use std::collections::{BTreeMap, HashMap};

use sea_orm::{
    ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, Statement, TransactionTrait, Value,
};

use super::batch::{Batch, CalcDay, Seen};
use crate::services::plans::Plan;

/// One SQL text per backend: PostgreSQL numbers its parameters `$n`, SQLite `?n`.
fn sql(backend: DatabaseBackend, text: &str) -> String {
    match backend {
        DatabaseBackend::Postgres => text.to_owned(),
        _ => text.replace('$', "?"),
    }
}

/// The upserts' guard: the calculator (`$1`) exists and counts.
const COUNTING: &str =
    "WHERE EXISTS (SELECT 1 FROM calculators WHERE id = $1 AND analytics_off = false)";

async fn run(conn: &impl ConnectionTrait, text: &str, values: Vec<Value>) -> Result<u64, DbErr> {
    let backend = conn.get_database_backend();
    let done = conn
        .execute_raw(Statement::from_sql_and_values(
            backend,
            sql(backend, text),
            values,
        ))
        .await?;
    Ok(done.rows_affected())
}

/// Adds `batch` to the rollups in one transaction: all of it or (on error) none.
///
/// # Errors
/// The database could not be written; nothing of the batch was.
pub async fn write(db: &DatabaseConnection, batch: &Batch) -> Result<(), DbErr> {
    let txn = db.begin().await?;
    // Visitors first: a hash the database has not seen today is a new unique.
    let mut visitors: Vec<_> = batch.visitors.iter().collect();
    visitors.sort();
    let mut new: HashMap<CalcDay, (i64, i64)> = HashMap::new();
    for (calc, day, visitor, seen) in visitors {
        let inserted = run(
            &txn,
            &format!(
                "INSERT INTO analytics_visitors (calculator_id, day, visitor, kind) \
                 SELECT $1, $2, $3, $4 {COUNTING} ON CONFLICT DO NOTHING"
            ),
            vec![
                calc.clone().into(),
                (*day).into(),
                visitor.clone().into(),
                (*seen as i16).into(),
            ],
        )
        .await?;
        if inserted > 0 {
            let entry = new.entry((calc.clone(), *day)).or_default();
            match seen {
                Seen::Viewed => entry.0 += 1,
                Seen::Engaged => entry.1 += 1,
            }
        }
    }
    let mut days: BTreeMap<&CalcDay, [i64; 5]> = BTreeMap::new();
    for (key, sums) in &batch.sums {
        let row = days.entry(key).or_default();
        row[0] += sums.views;
        row[3] += sums.submissions;
        row[4] += sums.errors;
    }
    for (key, (visitors, engaged)) in &new {
        let row = days.entry(key).or_default();
        row[1] += visitors;
        row[2] += engaged;
    }
    for ((calc, day), [views, visitors, engaged, submissions, errors]) in days {
        run(
            &txn,
            &format!(
                "INSERT INTO analytics_days \
                   (calculator_id, day, views, visitors, engaged, submissions, errors) \
                 SELECT $1, $2, $3, $4, $5, $6, $7 {COUNTING} \
                 ON CONFLICT (calculator_id, day) DO UPDATE SET \
                   views = analytics_days.views + excluded.views, \
                   visitors = analytics_days.visitors + excluded.visitors, \
                   engaged = analytics_days.engaged + excluded.engaged, \
                   submissions = analytics_days.submissions + excluded.submissions, \
                   errors = analytics_days.errors + excluded.errors"
            ),
            vec![
                calc.clone().into(),
                (*day).into(),
                views.into(),
                visitors.into(),
                engaged.into(),
                submissions.into(),
                errors.into(),
            ],
        )
        .await?;
    }
    let counts: BTreeMap<_, _> = batch.counts.iter().collect();
    for ((calc, day, kind, name), count) in counts {
        run(
            &txn,
            &format!(
                "INSERT INTO analytics_counts (calculator_id, day, kind, name, count) \
                 SELECT $1, $2, $3, $4, $5 {COUNTING} \
                 ON CONFLICT (calculator_id, day, kind, name) DO UPDATE SET \
                   count = analytics_counts.count + excluded.count"
            ),
            vec![
                calc.clone().into(),
                (*day).into(),
                (*kind).into(),
                name.clone().into(),
                (*count).into(),
            ],
        )
        .await?;
    }
    let errors: BTreeMap<_, _> = batch.errors.iter().collect();
    for ((calc, day, message), (count, last_seen)) in errors {
        run(
            &txn,
            &format!(
                "INSERT INTO analytics_errors (calculator_id, day, message, count, last_seen) \
                 SELECT $1, $2, $3, $4, $5 {COUNTING} \
                 ON CONFLICT (calculator_id, day, message) DO UPDATE SET \
                   count = analytics_errors.count + excluded.count, \
                   last_seen = CASE WHEN excluded.last_seen > analytics_errors.last_seen \
                     THEN excluded.last_seen ELSE analytics_errors.last_seen END"
            ),
            vec![
                calc.clone().into(),
                (*day).into(),
                message.clone().into(),
                (*count).into(),
                (*last_seen).into(),
            ],
        )
        .await?;
    }
    txn.commit().await
}

/// Today's salt (made by whichever instance asks first; every instance shares it), with
/// the salts and visitor hashes of earlier days deleted: once a day is over its visitors
/// cannot be recognised.
///
/// # Errors
/// The database could not be read or written.
pub async fn salt_of(db: &DatabaseConnection, day: i64) -> Result<String, DbErr> {
    run(
        db,
        "INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
        vec![day.into(), crate::tokens::random_token().into()],
    )
    .await?;
    let backend = db.get_database_backend();
    let row = db
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            sql(backend, "SELECT salt FROM analytics_salts WHERE day = $1"),
            [day.into()],
        ))
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("analytics salt".to_owned()))?;
    let salt: String = row.try_get("", "salt")?;
    run(
        db,
        "DELETE FROM analytics_salts WHERE day < $1",
        vec![day.into()],
    )
    .await?;
    run(
        db,
        "DELETE FROM analytics_visitors WHERE day < $1",
        vec![day.into()],
    )
    .await?;
    Ok(salt)
}

/// Deletes the rollups older than each plan keeps (free: 30 days, Regular: a year).
///
/// # Errors
/// The database could not be written.
pub async fn apply_retention(db: &DatabaseConnection, today: i64) -> Result<(), DbErr> {
    for plan in [Plan::Free, Plan::Regular] {
        let Some(history) = plan.analytics_days() else {
            continue;
        };
        // Any plan name not known is the free plan.
        let owners = match plan {
            Plan::Free => "u.plan NOT IN ('regular', 'premium')",
            _ => "u.plan = 'regular'",
        };
        for table in ["analytics_days", "analytics_counts", "analytics_errors"] {
            run(
                db,
                &format!(
                    "DELETE FROM {table} WHERE day <= $1 AND calculator_id IN \
                     (SELECT c.id FROM calculators c JOIN users u ON u.id = c.owner_id \
                      WHERE {owners})"
                ),
                vec![(today - history).into()],
            )
            .await?;
        }
    }
    Ok(())
}

/// The analytics tables a calculator has rows in.
const TABLES: [&str; 4] = [
    "analytics_visitors",
    "analytics_errors",
    "analytics_counts",
    "analytics_days",
];

/// Deletes a calculator's analytics.
///
/// # Errors
/// The database could not be written.
pub async fn delete_calculator(conn: &impl ConnectionTrait, id: &str) -> Result<(), DbErr> {
    for table in TABLES {
        run(
            conn,
            &format!("DELETE FROM {table} WHERE calculator_id = $1"),
            vec![id.into()],
        )
        .await?;
    }
    Ok(())
}

/// Deletes the analytics of every calculator of `owner_id`.
///
/// # Errors
/// The database could not be written.
pub async fn delete_owner(conn: &impl ConnectionTrait, owner_id: i64) -> Result<(), DbErr> {
    for table in TABLES {
        run(
            conn,
            &format!(
                "DELETE FROM {table} WHERE calculator_id IN \
                 (SELECT id FROM calculators WHERE owner_id = $1)"
            ),
            vec![owner_id.into()],
        )
        .await?;
    }
    Ok(())
}

/// A day's numbers as stored.
#[derive(Debug, Default, Clone, Copy)]
pub struct DayTotals {
    pub views: i64,
    pub visitors: i64,
    pub engaged: i64,
    pub submissions: i64,
    pub errors: i64,
}

/// A calculator's daily rows from `first_day` on.
///
/// # Errors
/// The database could not be read.
pub async fn days(
    db: &DatabaseConnection,
    id: &str,
    first_day: i64,
) -> Result<HashMap<i64, DayTotals>, DbErr> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql(
                backend,
                "SELECT day, views, visitors, engaged, submissions, errors FROM analytics_days \
                 WHERE calculator_id = $1 AND day >= $2",
            ),
            [id.into(), first_day.into()],
        ))
        .await?;
    let mut days = HashMap::new();
    for row in rows {
        days.insert(
            row.try_get::<i64>("", "day")?,
            DayTotals {
                views: row.try_get("", "views")?,
                visitors: row.try_get("", "visitors")?,
                engaged: row.try_get("", "engaged")?,
                submissions: row.try_get("", "submissions")?,
                errors: row.try_get("", "errors")?,
            },
        );
    }
    Ok(days)
}

/// The most frequent names of each kind (referrer, site, device, language) from
/// `first_day` on, most first, at most `top` of each.
///
/// # Errors
/// The database could not be read.
pub async fn counts(
    db: &DatabaseConnection,
    id: &str,
    first_day: i64,
    top: usize,
) -> Result<HashMap<String, Vec<(String, i64)>>, DbErr> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql(
                backend,
                "SELECT kind, name, CAST(SUM(count) AS BIGINT) AS total FROM analytics_counts \
                 WHERE calculator_id = $1 AND day >= $2 GROUP BY kind, name \
                 ORDER BY total DESC, name",
            ),
            [id.into(), first_day.into()],
        ))
        .await?;
    let mut counts: HashMap<String, Vec<(String, i64)>> = HashMap::new();
    for row in rows {
        let of_kind = counts.entry(row.try_get("", "kind")?).or_default();
        if of_kind.len() < top {
            of_kind.push((row.try_get("", "name")?, row.try_get("", "total")?));
        }
    }
    Ok(counts)
}

/// The errors visitors saw from `first_day` on: message, count and last seen (Unix
/// milliseconds), the most frequent first, at most `top`.
///
/// # Errors
/// The database could not be read.
pub async fn errors(
    db: &DatabaseConnection,
    id: &str,
    first_day: i64,
    top: u64,
) -> Result<Vec<(String, i64, i64)>, DbErr> {
    let backend = db.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql(
                backend,
                "SELECT message, CAST(SUM(count) AS BIGINT) AS total, \
                   MAX(last_seen) AS last_seen FROM analytics_errors \
                 WHERE calculator_id = $1 AND day >= $2 GROUP BY message \
                 ORDER BY total DESC, message LIMIT $3",
            ),
            [id.into(), first_day.into(), (top as i64).into()],
        ))
        .await?;
    rows.into_iter()
        .map(|row| -> Result<(String, i64, i64), DbErr> {
            Ok((
                row.try_get("", "message")?,
                row.try_get("", "total")?,
                row.try_get("", "last_seen")?,
            ))
        })
        .collect()
}

/// Views from `first_day` on of each of `ids` (those with none are absent).
///
/// # Errors
/// The database could not be read.
pub async fn views_since(
    db: &DatabaseConnection,
    ids: &[String],
    first_day: i64,
) -> Result<HashMap<String, i64>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let backend = db.get_database_backend();
    let marks: Vec<String> = (0..ids.len()).map(|i| format!("${}", i + 2)).collect();
    let mut values: Vec<Value> = vec![first_day.into()];
    values.extend(ids.iter().map(|id| Value::from(id.clone())));
    let rows = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            sql(
                backend,
                &format!(
                    "SELECT calculator_id, CAST(SUM(views) AS BIGINT) AS views \
                     FROM analytics_days WHERE day >= $1 AND calculator_id IN ({}) \
                     GROUP BY calculator_id",
                    marks.join(", ")
                ),
            ),
            values,
        ))
        .await?;
    rows.into_iter()
        .map(|row| -> Result<(String, i64), DbErr> {
            Ok((row.try_get("", "calculator_id")?, row.try_get("", "views")?))
        })
        .collect()
}
