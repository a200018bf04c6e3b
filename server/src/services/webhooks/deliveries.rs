//! Deliveries as the author sees and makes them: queued for each stored submission (in
//! its transaction, through `submissions::hooks::stored`), a test event, a redelivery of
//! an earlier one, and the endpoint's log, newest first, each with its attempts.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::payload::{WebhookPayload, doc_name};
use crate::entities::{
    calculator, calculator_version, submission, user, webhook_attempt, webhook_delivery,
    webhook_endpoint,
};
use crate::error::ApiError;
use crate::paging::{self, Page};
use crate::services::plans::Plan;
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// Deliveries a page of the log holds.
pub const PER_PAGE: u64 = 20;

/// The 404 for a delivery that is not this endpoint's.
pub const NOT_FOUND: &str = "Delivery not found.";

/// The 400 for a test or redelivery to an endpoint the server turned off.
pub const DISABLED: &str = "This webhook is turned off. Turn it back on first.";

/// Test events and redeliveries one account may ask for a minute.
pub const SENDS_PER_MINUTE: i64 = 30;

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryState {
    /// Not yet delivered; `next_attempt_at` says when it is tried (again).
    Pending,
    /// An attempt was answered with a 2xx status.
    Delivered,
    /// Retried for the whole failure window without success, or the endpoint was turned
    /// off; it can be redelivered.
    Failed,
}

impl DeliveryState {
    /// As stored.
    pub const fn name(self) -> &'static str {
        match self {
            DeliveryState::Pending => "pending",
            DeliveryState::Delivered => "delivered",
            DeliveryState::Failed => "failed",
        }
    }

    fn parse(stored: &str) -> DeliveryState {
        match stored {
            "delivered" => DeliveryState::Delivered,
            "failed" => DeliveryState::Failed,
            _ => DeliveryState::Pending,
        }
    }
}

/// What a delivery tells of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DeliveryEvent {
    /// A stored submission (`submission.created`).
    Submission,
    /// A test event.
    Test,
}

impl DeliveryEvent {
    /// As stored.
    pub const fn name(self) -> &'static str {
        match self {
            DeliveryEvent::Submission => "submission",
            DeliveryEvent::Test => "test",
        }
    }

    fn parse(stored: &str) -> DeliveryEvent {
        if stored == "test" {
            DeliveryEvent::Test
        } else {
            DeliveryEvent::Submission
        }
    }
}

/// One attempt of a delivery.
#[derive(Debug, Serialize, ToSchema)]
pub struct AttemptView {
    /// Unix milliseconds when it started.
    pub at: i64,
    /// The HTTP status the endpoint answered; null: no answer.
    pub status: Option<i32>,
    pub duration_ms: i64,
    /// The start of the answer's body (at most 500 characters).
    pub response_excerpt: Option<String>,
    /// Why it failed without an answer, or why the answer counts as a failure (a
    /// redirect is never followed).
    pub error: Option<String>,
}

/// One delivery in the endpoint's log.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryView {
    pub id: String,
    pub event: DeliveryEvent,
    /// The submission it tells of; null for a test event.
    pub submission_id: Option<String>,
    pub state: DeliveryState,
    /// Oldest first.
    pub attempts: Vec<AttemptView>,
    /// Unix milliseconds when it is tried next; null once delivered or failed.
    pub next_attempt_at: Option<i64>,
    /// Unix milliseconds.
    pub created_at: i64,
}

/// A delivery just queued (`202`).
#[derive(Debug, Serialize, ToSchema)]
pub struct QueuedDelivery {
    pub id: String,
}

fn new_id() -> String {
    random_token().chars().take(16).collect()
}

/// Inserts a pending delivery of `payload`, due now.
async fn insert(
    conn: &impl ConnectionTrait,
    endpoint_id: &str,
    event: DeliveryEvent,
    submission_id: Option<String>,
    payload: String,
) -> Result<String, DbErr> {
    let id = new_id();
    let now = now_ms();
    let row = webhook_delivery::ActiveModel {
        id: Set(id.clone()),
        endpoint_id: Set(endpoint_id.to_owned()),
        event: Set(event.name().to_owned()),
        submission_id: Set(submission_id),
        payload: Set(payload),
        state: Set(DeliveryState::Pending.name().to_owned()),
        attempts: Set(0),
        next_attempt_at: Set(Some(now)),
        lease_until: Set(None),
        lease_owner: Set(None),
        created_at: Set(now),
    };
    webhook_delivery::Entity::insert(row)
        .exec_without_returning(conn)
        .await?;
    Ok(id)
}

/// Queues a `submission.created` delivery to each enabled endpoint of the submission's
/// calculator, inside the transaction that stores it. A submission the owner's plan holds
/// back (past its monthly count) is not sent: the owner reads it after an upgrade.
///
/// # Errors
/// The database could not be written; the submission is then not stored either.
pub async fn queue_submission(
    txn: &DatabaseTransaction,
    row: &submission::Model,
) -> Result<(), DbErr> {
    let endpoints = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::CalculatorId.eq(row.calculator_id.as_str()))
        .filter(webhook_endpoint::Column::Enabled.eq(true))
        .all(txn)
        .await?;
    if endpoints.is_empty() {
        return Ok(());
    }
    let plan = user::Entity::find_by_id(row.owner_id)
        .one(txn)
        .await?
        .map_or(Plan::Free, |owner| Plan::parse(&owner.plan));
    if let Some(limit) = plan.monthly_submissions()
        && row.month_seq > i64::try_from(limit).unwrap_or(i64::MAX)
    {
        return Ok(());
    }
    let name = calculator_version::Entity::find_by_id((row.calculator_id.clone(), row.version))
        .one(txn)
        .await?
        .map(|version| doc_name(&version.doc))
        .unwrap_or_default();
    let body = WebhookPayload::submission(name, row).to_body();
    for endpoint in endpoints {
        insert(
            txn,
            &endpoint.id,
            DeliveryEvent::Submission,
            Some(row.id.clone()),
            body.clone(),
        )
        .await?;
    }
    Ok(())
}

fn check_enabled(endpoint: &webhook_endpoint::Model) -> Result<(), ApiError> {
    if endpoint.enabled {
        Ok(())
    } else {
        Err(ApiError::BadRequest(DISABLED.to_owned()))
    }
}

/// Queues a test event to `endpoint` of `calculator`, due now.
///
/// # Errors
/// 400 when the endpoint is turned off; 429 past the account's sends a minute.
pub async fn queue_test(
    state: &AppState,
    calculator: &calculator::Model,
    endpoint: &webhook_endpoint::Model,
) -> Result<QueuedDelivery, ApiError> {
    check_enabled(endpoint)?;
    let key = format!("webhook-send:{}", calculator.owner_id);
    crate::services::rate_limit::hit(state, &key, SENDS_PER_MINUTE, 60).await?;
    let name = calculator_version::Entity::find_by_id((
        calculator.id.clone(),
        calculator.published_version,
    ))
    .one(&state.db)
    .await?
    .map_or_else(|| doc_name(&calculator.doc), |v| doc_name(&v.doc));
    let payload =
        WebhookPayload::test(&calculator.id, name, calculator.published_version, now_ms());
    let id = insert(
        &state.db,
        &endpoint.id,
        DeliveryEvent::Test,
        None,
        payload.to_body(),
    )
    .await?;
    super::worker::wake();
    Ok(QueuedDelivery { id })
}

/// Queues delivery `delivery_id` of `endpoint` again: a new delivery with the same body
/// (the same event id), due now.
///
/// # Errors
/// 404 for a delivery that is not the endpoint's; 400 when the endpoint is turned off;
/// 429 past the account's sends a minute.
pub async fn redeliver(
    state: &AppState,
    endpoint: &webhook_endpoint::Model,
    delivery_id: &str,
) -> Result<QueuedDelivery, ApiError> {
    if !super::endpoints::plausible_id(delivery_id) {
        return Err(ApiError::NotFound(NOT_FOUND.to_owned()));
    }
    let earlier = webhook_delivery::Entity::find_by_id(delivery_id)
        .one(&state.db)
        .await?
        .filter(|d| d.endpoint_id == endpoint.id)
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.to_owned()))?;
    check_enabled(endpoint)?;
    let key = format!("webhook-send:{}", endpoint.owner_id);
    crate::services::rate_limit::hit(state, &key, SENDS_PER_MINUTE, 60).await?;
    let id = insert(
        &state.db,
        &endpoint.id,
        DeliveryEvent::parse(&earlier.event),
        earlier.submission_id,
        earlier.payload,
    )
    .await?;
    super::worker::wake();
    Ok(QueuedDelivery { id })
}

/// Page `page` of the endpoint's deliveries, newest first, each with its attempts.
///
/// # Errors
/// The database could not be read.
pub async fn page_of(
    state: &AppState,
    endpoint_id: &str,
    page: u64,
) -> Result<Page<DeliveryView>, ApiError> {
    let select = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
        .order_by_desc(webhook_delivery::Column::CreatedAt)
        .order_by_desc(webhook_delivery::Column::Id);
    let found = paging::fetch(select.paginate(&state.db, PER_PAGE), page, PER_PAGE).await?;
    let ids: Vec<String> = found.data.iter().map(|d| d.id.clone()).collect();
    let mut attempts = webhook_attempt::Entity::find()
        .filter(webhook_attempt::Column::DeliveryId.is_in(ids))
        .order_by_asc(webhook_attempt::Column::Id)
        .all(&state.db)
        .await?;
    Ok(found.map(|delivery| {
        let (mine, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut attempts)
            .into_iter()
            .partition(|a| a.delivery_id == delivery.id);
        attempts = rest;
        DeliveryView {
            id: delivery.id,
            event: DeliveryEvent::parse(&delivery.event),
            submission_id: delivery.submission_id,
            state: DeliveryState::parse(&delivery.state),
            attempts: mine
                .into_iter()
                .map(|a| AttemptView {
                    at: a.at,
                    status: a.status,
                    duration_ms: a.duration_ms,
                    response_excerpt: a.response_excerpt,
                    error: a.error,
                })
                .collect(),
            next_attempt_at: delivery.next_attempt_at,
            created_at: delivery.created_at,
        }
    }))
}
