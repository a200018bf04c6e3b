//! The author's endpoints of one calculator: adding one (an allowed address, within the
//! plan's count over the whole account), listing, deleting, a new secret, and turning one
//! the server disabled back on. Callers have checked that the calculator is the user's.

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::address::{self, WebhookUrl};
use super::signature::new_secret;
use crate::entities::{user, webhook_endpoint};
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// The 404 for an endpoint that is not this calculator's.
pub const NOT_FOUND: &str = "Webhook not found.";

/// The 400 for a second endpoint with the same address on one calculator.
pub const DUPLICATE: &str = "This calculator already sends webhooks to that address.";

/// `POST /api/calc/{id}/webhooks`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEndpoint {
    /// An https URL whose host resolves to public addresses only.
    pub url: String,
}

/// A new endpoint, with its secret: shown here and on rotation only.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedEndpoint {
    pub id: String,
    pub url: String,
    /// `whsec_…`: the key of the `Calcsmith-Signature` HMAC.
    pub secret: String,
    pub enabled: bool,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Unix milliseconds of the first failure since the last success; null: not failing.
    pub failing_since: Option<i64>,
}

/// An endpoint as listed (never its secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointView {
    pub id: String,
    pub url: String,
    /// False once the server turned it off (see `disabled_reason`).
    pub enabled: bool,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Unix milliseconds of the first failure since the last success; null: not failing.
    pub failing_since: Option<i64>,
    /// Why the server turned it off.
    pub disabled_reason: Option<String>,
}

impl EndpointView {
    fn of(row: webhook_endpoint::Model) -> EndpointView {
        EndpointView {
            id: row.id,
            url: row.url,
            enabled: row.enabled,
            created_at: row.created_at,
            failing_since: row.failing_since,
            disabled_reason: row.disabled_reason,
        }
    }
}

/// A calculator's endpoints, and the account's room for more.
#[derive(Debug, Serialize, ToSchema)]
pub struct EndpointList {
    pub data: Vec<EndpointView>,
    /// Endpoints the account's plan allows, over all its calculators.
    pub limit: u64,
    /// Endpoints the account has, over all its calculators.
    pub used: u64,
}

/// A new secret (`POST …/secret`).
#[derive(Debug, Serialize, ToSchema)]
pub struct SecretBody {
    /// `whsec_…`; the old one signs nothing from now on.
    pub secret: String,
}

/// Whether `id` could be an endpoint's or delivery's id: 16 ASCII letters and digits.
pub fn plausible_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// How many endpoints `owner_id` has.
async fn used(conn: &impl ConnectionTrait, owner_id: i64) -> Result<u64, ApiError> {
    Ok(webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
        .count(conn)
        .await?)
}

/// Takes the owner's write lock for the rest of `txn` (as saves do), so racing additions
/// cannot pass the plan's limit together; their plan as stored now.
async fn lock_owner(txn: &DatabaseTransaction, owner: &user::Model) -> Result<Plan, ApiError> {
    let locked = user::Entity::update_many()
        .col_expr(user::Column::Plan, Expr::col(user::Column::Plan))
        .filter(user::Column::Id.eq(owner.id))
        .exec(txn)
        .await?;
    if locked.rows_affected == 0 {
        return Err(ApiError::Unauthorized);
    }
    let plan = user::Entity::find_by_id(owner.id)
        .one(txn)
        .await?
        .map_or_else(|| owner.plan.clone(), |u| u.plan);
    Ok(Plan::parse(&plan))
}

/// Adds an endpoint at `raw_url` to calculator `calculator_id` of `owner`.
///
/// # Errors
/// 400 for an address that is not https, too long, unresolvable or not public (checked
/// now, and again at every attempt), one the calculator already has, or past the plan's
/// count.
pub async fn create(
    state: &AppState,
    calculator_id: &str,
    owner: &user::Model,
    raw_url: &str,
) -> Result<CreatedEndpoint, ApiError> {
    let allow_loopback = state.config.webhooks.allow_loopback;
    let bad = |e: address::AddressError| ApiError::BadRequest(e.to_string());
    let url = WebhookUrl::parse(raw_url, allow_loopback).map_err(bad)?;
    address::check(&url, allow_loopback).await.map_err(bad)?;
    let txn = state.db.begin().await?;
    let plan = lock_owner(&txn, owner).await?;
    let same = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::CalculatorId.eq(calculator_id))
        .filter(webhook_endpoint::Column::Url.eq(url.as_str()))
        .count(&txn)
        .await?;
    if same > 0 {
        return Err(ApiError::BadRequest(DUPLICATE.to_owned()));
    }
    if used(&txn, owner.id).await? >= plan.webhook_endpoints() {
        return Err(ApiError::PlanRefused(plan.webhook_limit_message()));
    }
    let row = webhook_endpoint::ActiveModel {
        id: Set(random_token().chars().take(16).collect()),
        calculator_id: Set(calculator_id.to_owned()),
        owner_id: Set(owner.id),
        url: Set(url.as_str().to_owned()),
        secret: Set(new_secret()),
        enabled: Set(true),
        failing_since: Set(None),
        disabled_reason: Set(None),
        created_at: Set(now_ms()),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(CreatedEndpoint {
        id: row.id,
        url: row.url,
        secret: row.secret,
        enabled: row.enabled,
        created_at: row.created_at,
        failing_since: row.failing_since,
    })
}

/// The calculator's endpoints, oldest first, with the account's count and limit.
///
/// # Errors
/// The database could not be read.
pub async fn list(
    state: &AppState,
    calculator_id: &str,
    owner: &user::Model,
) -> Result<EndpointList, ApiError> {
    let rows = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::CalculatorId.eq(calculator_id))
        .order_by_asc(webhook_endpoint::Column::CreatedAt)
        .order_by_asc(webhook_endpoint::Column::Id)
        .all(&state.db)
        .await?;
    let plan = user::Entity::find_by_id(owner.id)
        .one(&state.db)
        .await?
        .map_or_else(|| Plan::parse(&owner.plan), |u| Plan::parse(&u.plan));
    Ok(EndpointList {
        data: rows.into_iter().map(EndpointView::of).collect(),
        limit: plan.webhook_endpoints(),
        used: used(&state.db, owner.id).await?,
    })
}

/// Endpoint `id` of calculator `calculator_id`.
///
/// # Errors
/// 404 when the calculator has no such endpoint.
pub async fn find(
    state: &AppState,
    calculator_id: &str,
    id: &str,
) -> Result<webhook_endpoint::Model, ApiError> {
    // Ids are 16 letters and digits; anything else (a NUL, which PostgreSQL's text
    // refuses, among them) is no endpoint, without asking the database.
    if !plausible_id(id) {
        return Err(ApiError::NotFound(NOT_FOUND.to_owned()));
    }
    webhook_endpoint::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .filter(|e| e.calculator_id == calculator_id)
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.to_owned()))
}

/// Deletes an endpoint with its deliveries and their attempts.
///
/// # Errors
/// The database could not be written.
pub async fn delete(state: &AppState, endpoint: &webhook_endpoint::Model) -> Result<(), ApiError> {
    let txn = state.db.begin().await?;
    super::removal::delete_endpoint(&txn, &endpoint.id).await?;
    txn.commit().await?;
    Ok(())
}

/// Gives an endpoint a new secret; deliveries not yet sent are signed with it.
///
/// # Errors
/// 404 when it was deleted meanwhile.
pub async fn rotate(
    state: &AppState,
    endpoint: &webhook_endpoint::Model,
) -> Result<SecretBody, ApiError> {
    let secret = new_secret();
    let updated = webhook_endpoint::Entity::update_many()
        .col_expr(
            webhook_endpoint::Column::Secret,
            Expr::value(secret.clone()),
        )
        .filter(webhook_endpoint::Column::Id.eq(endpoint.id.as_str()))
        .exec(&state.db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(ApiError::NotFound(NOT_FOUND.to_owned()));
    }
    Ok(SecretBody { secret })
}

/// Turns an endpoint on again (the server turns off one that failed too long); it starts
/// afresh, not failing.
///
/// # Errors
/// 404 when it was deleted meanwhile.
pub async fn enable(
    state: &AppState,
    endpoint: &webhook_endpoint::Model,
) -> Result<EndpointView, ApiError> {
    let mut row: webhook_endpoint::ActiveModel = endpoint.clone().into();
    row.enabled = Set(true);
    row.failing_since = Set(None);
    row.disabled_reason = Set(None);
    let updated = row.update(&state.db).await.map_err(|e| match e {
        sea_orm::DbErr::RecordNotUpdated => ApiError::NotFound(NOT_FOUND.to_owned()),
        e => e.into(),
    })?;
    super::worker::wake();
    Ok(EndpointView::of(updated))
}
