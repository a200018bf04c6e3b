//! Saving a calculator: the revision compared (`admit`), ownership and the plan's room
//! checked before anything runs, the doc run with its defaults and tests in the owner's
//! turn, and the calculator and its versions written in one transaction.

use std::time::Instant;

use calcsmith_engine::CalcDoc;
use calcsmith_engine::test_cases::MAX_TESTS;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr,
    EntityTrait, PaginatorTrait, QueryFilter, Set, SqlErr, TransactionTrait,
};
use serde_json::Value;

use super::runs::{SAVE_ENGINE_TIME, run_defaults, run_tests, test_count, too_many_tests};
use crate::domain::submission_settings::SubmissionSettings;
use crate::domain::{CalcId, embed_domains, parse_json_text, private_script};
use crate::entities::{calculator, user};
use crate::error::ApiError;
use crate::services::eval_queue::Owner;
use crate::services::plans::{PRIVATE_SCRIPT_NEEDS_UPGRADE, Plan};
use crate::services::versions;
use crate::state::AppState;
use crate::tokens::now_ms;

/// The 409 answer to a save not based on the stored revision (or on none, over a stored one).
pub const CHANGED_ELSEWHERE: &str = "This calculator was changed elsewhere since you opened it.";

/// What a save sends: the doc, its style, and the revision the editor loaded or last saved
/// (`None` for a calculator it never had from the server).
#[derive(Debug)]
pub struct SaveRequest {
    pub doc: Value,
    pub doc_style: Value,
    pub revision: Option<i64>,
}

/// What a save came to when the request itself was fine.
#[derive(Debug)]
pub enum SaveOutcome {
    /// Stored; the model carries the new revision.
    Stored(calculator::Model),
    /// Refused: the calculator is at revision `current`, which the save was not based on.
    Stale { current: i64 },
}

/// Why the stored state refuses a save.
enum Refusal {
    NotFound,
    Stale { current: i64 },
}

/// What a save does to the stored state.
enum Admission {
    Create,
    Update { revision: i64 },
}

/// Whether a save based on `revision` may go ahead, given what is stored under its id.
///
/// A save without a revision is a first save: over an existing calculator it would
/// overwrite edits its author never saw, so it is stale (old clients that never send a
/// revision can still create calculators). A revision of a calculator that is gone (deleted
/// meanwhile) is a 404 rather than a re-creation, so a stale tab cannot bring it back.
fn admit(
    existing: Option<&calculator::Model>,
    owner: &user::Model,
    revision: Option<i64>,
) -> Result<Admission, Refusal> {
    match (existing, revision) {
        (Some(found), _) if found.owner_id != owner.id => Err(Refusal::NotFound),
        (Some(found), Some(based_on)) if based_on == found.revision => Ok(Admission::Update {
            revision: found.revision,
        }),
        (Some(found), _) => Err(Refusal::Stale {
            current: found.revision,
        }),
        (None, Some(_)) => Err(Refusal::NotFound),
        (None, None) => Ok(Admission::Create),
    }
}

impl Refusal {
    fn into_outcome(self) -> Result<SaveOutcome, ApiError> {
        match self {
            Refusal::NotFound => Err(ApiError::calculator_not_found()),
            Refusal::Stale { current } => Ok(SaveOutcome::Stale { current }),
        }
    }
}

/// The doc as the engine reads it back, and the style (an object; `{}` when absent).
fn checked_source(doc: Value, doc_style: Value) -> Result<(Value, Value), ApiError> {
    let parsed = CalcDoc::from_json_value(doc)
        .map_err(|e| ApiError::BadRequest(format!("The calculator is not valid: {e}")))?;
    if let Some(problem) = parsed
        .crossed_bounds()
        .or_else(|| parsed.form_problem())
        .or_else(|| private_script::problem(parsed.extra.get(private_script::FIELD)))
        .or_else(|| embed_domains::problem(parsed.extra.get(embed_domains::FIELD)))
    {
        return Err(ApiError::BadRequest(format!(
            "The calculator is not valid: {problem}"
        )));
    }
    let style = match doc_style {
        Value::Null => Value::Object(serde_json::Map::new()),
        style @ Value::Object(_) => style,
        _ => {
            return Err(ApiError::BadRequest(
                "The calculator is not valid: doc_style must be an object".to_owned(),
            ));
        }
    };
    let doc = serde_json::to_value(&parsed).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok((doc, style))
}

/// 400 naming the plans that have it when `doc` keeps its script private on the free plan.
fn check_private_script(doc: &Value, plan: Plan) -> Result<(), ApiError> {
    if private_script::is_private(doc) && !plan.allows_private() {
        return Err(ApiError::PlanRefused(
            PRIVATE_SCRIPT_NEEDS_UPGRADE.to_owned(),
        ));
    }
    Ok(())
}

/// The retention the doc's `submissions` settings choose (`None`: for ever, or no settings).
///
/// # Errors
/// 400 naming the setting when the settings are not of their documented shape.
fn submissions_retention(doc: &Value) -> Result<Option<i32>, ApiError> {
    SubmissionSettings::of_doc(doc)
        .map(|settings| settings.and_then(|s| s.retention_days))
        .map_err(|e| ApiError::BadRequest(format!("The calculator is not valid: {e}")))
}

/// Takes the owner's write lock for the rest of `txn` and answers their current plan.
///
/// Every save of one owner goes through here, so their count-then-insert and
/// compare-then-update never interleave. The first statement is a write on purpose: on
/// PostgreSQL it locks the user's row until commit; on SQLite it takes the database's
/// write lock at once, before any read, so a deferred transaction cannot read a snapshot
/// that another writer then makes stale.
async fn lock_owner(txn: &DatabaseTransaction, owner: &user::Model) -> Result<Plan, ApiError> {
    let locked = user::Entity::update_many()
        .col_expr(user::Column::Plan, Expr::col(user::Column::Plan))
        .filter(user::Column::Id.eq(owner.id))
        .exec(txn)
        .await?;
    if locked.rows_affected == 0 {
        // The account was deleted while this save was on its way.
        return Err(ApiError::Unauthorized);
    }
    stored_plan(txn, owner).await
}

/// `owner`'s plan as stored now (as the request found it, if the row is gone).
async fn stored_plan<C: ConnectionTrait>(db: &C, owner: &user::Model) -> Result<Plan, ApiError> {
    let plan = user::Entity::find_by_id(owner.id)
        .one(db)
        .await?
        .map_or_else(|| owner.plan.clone(), |u| u.plan);
    Ok(Plan::parse(&plan))
}

/// 400 with the plan's message when `owner_id` has as many calculators as `plan` saves.
async fn check_plan_room<C: ConnectionTrait>(
    db: &C,
    owner_id: i64,
    plan: Plan,
) -> Result<(), ApiError> {
    if let Some(max) = plan.max_calculators() {
        let count = calculator::Entity::find()
            .filter(calculator::Column::OwnerId.eq(owner_id))
            .count(db)
            .await?;
        if count >= max {
            return Err(ApiError::PlanRefused(plan.limit_message()));
        }
    }
    Ok(())
}

/// Whether `owner`'s plan, as stored now, has room for one more calculator.
async fn check_room(db: &DatabaseConnection, owner: &user::Model) -> Result<(), ApiError> {
    check_plan_room(db, owner.id, stored_plan(db, owner).await?).await
}

/// Saves a calculator under `id` for `owner`: creates it on a first save (within the
/// plan's limit), updates it when the save is based on the stored revision, refuses
/// someone else's, and stores what the engine says of it.
///
/// The engine runs before the transaction; inside it, under the owner's lock, only the
/// checks and the write happen, so racing saves and deletes end as 200, 404 or 409.
///
/// # Errors
/// 400 for a doc that is not a calculator or a full plan, 404 for someone else's id or a
/// revision of a calculator deleted meanwhile.
pub async fn save(
    state: &AppState,
    id: &CalcId,
    owner: &user::Model,
    request: SaveRequest,
) -> Result<SaveOutcome, ApiError> {
    let (doc, style) = checked_source(request.doc, request.doc_style)?;
    let retention = submissions_retention(&doc)?;
    let count = test_count(&doc);
    if count > MAX_TESTS {
        return Err(ApiError::BadRequest(too_many_tests(count)));
    }
    // Refuse early what the transaction would refuse (someone else's, a stale revision,
    // a full plan), before the engine runs anything.
    let existing = calculator::Entity::find_by_id(id.as_str())
        .one(&state.db)
        .await?;
    match admit(existing.as_ref(), owner, request.revision) {
        Err(refusal) => return refusal.into_outcome(),
        Ok(Admission::Create) => check_room(&state.db, owner).await?,
        Ok(Admission::Update { .. }) => {}
    }
    check_private_script(&doc, stored_plan(&state.db, owner).await?)?;
    // The engine's work counts against the owner's share of the pool, as evaluations do.
    let turn = state.evaluator.queue.enter(Owner::User(owner.id)).await?;
    let started = Instant::now();
    let result = run_defaults(state, &doc).await?;
    let error = result["error"].as_str().map(str::to_owned);
    let budget = SAVE_ENGINE_TIME.saturating_sub(started.elapsed());
    let tests = run_tests(state, &doc, budget)
        .await?
        .map(|report| report.to_string());
    drop(turn);
    let now = now_ms();

    let txn = state.db.begin().await?;
    let plan = lock_owner(&txn, owner).await?;
    check_private_script(&doc, plan)?;
    let existing = calculator::Entity::find_by_id(id.as_str())
        .one(&txn)
        .await?;
    let admission = match admit(existing.as_ref(), owner, request.revision) {
        Ok(admission) => admission,
        Err(refusal) => return refusal.into_outcome(),
    };
    let stored = match admission {
        Admission::Create => {
            check_plan_room(&txn, owner.id, plan).await?;
            let created = calculator::ActiveModel {
                id: Set(id.as_str().to_owned()),
                owner_id: Set(owner.id),
                doc: Set(doc.to_string()),
                doc_style: Set(style.to_string()),
                is_private: Set(false),
                error: Set(error),
                initial_result: Set(Some(result.to_string())),
                created_at: Set(now),
                updated_at: Set(now),
                revision: Set(1),
                // The first version is published whatever its tests say: nothing passed
                // before it.
                version: Set(1),
                published_version: Set(1),
                tests: Set(tests),
                analytics_off: Set(false),
                submissions_retention_days: Set(retention),
            }
            .insert(&txn)
            .await;
            let created = match created {
                Ok(created) => created,
                // Another account created this id first (our own saves are serialised).
                Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                    return Err(ApiError::calculator_not_found());
                }
                Err(e) => return Err(e.into()),
            };
            // The id is ours now: versions still under it are a deleted calculator's.
            versions::delete_all(&txn, id.as_str()).await?;
            crate::services::analytics::store::delete_calculator(&txn, id.as_str()).await?;
            versions::insert_current(&txn, &created, now).await?;
            created
        }
        Admission::Update { revision } => {
            let found = existing
                .as_ref()
                .ok_or_else(ApiError::calculator_not_found)?;
            // Saving the current version's doc and style again makes no new version.
            let same =
                parse_json_text(&found.doc) == doc && parse_json_text(&found.doc_style) == style;
            let version = if same {
                found.version
            } else {
                found.version + 1
            };
            let published =
                versions::version_to_publish(&txn, id.as_str(), &doc, version, tests.as_deref())
                    .await?;
            let changed = calculator::ActiveModel {
                id: Set(id.as_str().to_owned()),
                doc: Set(doc.to_string()),
                doc_style: Set(style.to_string()),
                error: Set(error),
                initial_result: Set(Some(result.to_string())),
                updated_at: Set(now),
                revision: Set(revision + 1),
                version: Set(version),
                published_version: Set(published),
                tests: Set(tests),
                submissions_retention_days: Set(retention),
                ..Default::default()
            };
            let updated = match calculator::Entity::update(changed)
                .validate()?
                .filter(calculator::Column::Revision.eq(revision))
                .exec(&txn)
                .await
            {
                Ok(updated) => updated,
                // Deleted since it was read (a delete does not wait for the owner's lock).
                Err(DbErr::RecordNotUpdated) => return Err(ApiError::calculator_not_found()),
                Err(e) => return Err(e.into()),
            };
            if same {
                versions::refresh_current(&txn, &updated).await?;
            } else {
                versions::insert_current(&txn, &updated, now).await?;
            }
            versions::apply_retention(&txn, &updated, plan).await?;
            updated
        }
    };
    txn.commit().await?;
    state.published.forget(id.as_str());
    Ok(SaveOutcome::Stored(stored))
}
