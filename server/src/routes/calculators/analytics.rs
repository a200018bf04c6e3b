//! Analytics: the beacon published pages and embeds send, the owner's report and the
//! owner's switch.

use std::net::SocketAddr;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::{CurrentUser, MaybeUser};
use crate::domain::CalcId;
use crate::entities::calculator;
use crate::error::ApiError;
use crate::extract::{Body, Query};
use crate::services::analytics::{
    self, AnalyticsReport, BEACONS_PER_MINUTE, Event, EventType, visitors,
};
use crate::services::calculators;
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody};

/// A beacon: what happened on a published page or embed.
#[derive(Deserialize, ToSchema)]
pub struct EventRequest {
    #[serde(rename = "type")]
    kind: EventType,
    /// The error shown (for `error`; cut to 200 characters).
    message: Option<String>,
    /// The address of the page the visitor came from (`document.referrer`); only its host
    /// is kept.
    referrer: Option<String>,
    /// The address of the page that embeds the calculator (sent by the embed); only its
    /// host is kept.
    site: Option<String>,
}

/// The largest beacon read.
const BEACON_BYTES: usize = 8 * 1024;

/// The longest address kept long enough to take its host.
const ADDRESS_CHARS: usize = 2048;

/// The beacon's body as checked: JSON, whether sent as `application/json` or as the
/// `text/plain` that `navigator.sendBeacon` sends for a string.
fn parse_event(body: &[u8]) -> Result<Event, ApiError> {
    let request: EventRequest = serde_json::from_slice(body)
        .map_err(|e| ApiError::BadRequest(format!("Invalid event: {e}")))?;
    let message = request.message.as_deref().map(analytics::cut_message);
    if request.kind == EventType::Error && message.as_deref().is_none_or(str::is_empty) {
        return Err(ApiError::BadRequest(
            "An error event needs the message that was shown.".to_owned(),
        ));
    }
    let host = |address: Option<String>| -> Result<Option<String>, ApiError> {
        match address {
            Some(address) if address.len() > ADDRESS_CHARS => Err(ApiError::BadRequest(format!(
                "An address in an event may be at most {ADDRESS_CHARS} characters."
            ))),
            Some(address) => Ok(visitors::host_of(&address)),
            None => Ok(None),
        }
    };
    Ok(Event {
        kind: request.kind,
        message: if request.kind == EventType::Error {
            message
        } else {
            None
        },
        referrer: host(request.referrer)?,
        site: host(request.site)?,
    })
}

/// Counts a visitor's event. The answer is the same whether it is counted or not: not
/// with Do Not Track or Global Privacy Control, from a robot or an HTTP library, from the
/// calculator's owner, or when the owner turned analytics off.
#[utoipa::path(post, path = "/api/calc/{id}/events", tag = "analytics",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content(
        (EventRequest = "application/json"),
        (EventRequest = "text/plain"))),
    responses(
        (status = 202, description = "Accepted (counted or not)"),
        (status = 400, body = ErrorBody, description = "Not an event"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody, description = "Too many events from this address")))]
pub(super) async fn record_event(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let id = CalcId::parse(&id)?;
    let limit = BEACONS_PER_MINUTE.saturating_mul(state.config.rate_limit_scale);
    if !state.analytics.allow(peer.ip(), limit) {
        return Err(ApiError::RetryLater {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: "Too many events from this address. Please wait a minute.".to_owned(),
            retry_after_seconds: 60,
        });
    }
    if body.len() > BEACON_BYTES {
        return Err(ApiError::TooLarge(format!(
            "An event may be at most {} KB.",
            BEACON_BYTES / 1024
        )));
    }
    let event = parse_event(&body)?;
    let is_owner = |owner_id| viewer.as_ref().is_some_and(|user| user.id == owner_id);
    let known = state
        .analytics
        .known(&state.db, id.as_str())
        .await?
        .filter(|known| !known.private || is_owner(known.owner_id))
        .ok_or_else(ApiError::calculator_not_found)?;
    let counted =
        !known.off && !is_owner(known.owner_id) && visitors::not_counted(&headers).is_none();
    if counted {
        state
            .analytics
            .record(&state.db, id.as_str(), event, peer.ip(), &headers)
            .await?;
    }
    Ok(StatusCode::ACCEPTED)
}

/// `?days=` of the report.
#[derive(Deserialize)]
pub(super) struct ReportQuery {
    days: Option<String>,
}

/// The most days a report covers (ten years).
const MAX_DAYS: i64 = 3660;

/// The owner's analytics of a calculator over the last `days` days (30 when absent), as
/// far back as the plan keeps: free 30 days, Regular a year, Premium all.
#[utoipa::path(get, path = "/api/calc/{id}/analytics", tag = "analytics", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("days" = Option<i64>, Query, minimum = 1, maximum = 3660,
            description = "How many days back, today included (default 30)")),
    responses(
        (status = 200, body = AnalyticsReport),
        (status = 400, body = ErrorBody, description = "A bad id or number of days"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
pub(super) async fn read_analytics(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ReportQuery>,
) -> Result<Json<AnalyticsReport>, ApiError> {
    let id = CalcId::parse(&id)?;
    let days = match query.days.as_deref() {
        None => 30,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|days| (1..=MAX_DAYS).contains(days) && !text.starts_with(['+', '0']))
            .ok_or_else(|| {
                ApiError::BadRequest(format!("days must be a whole number from 1 to {MAX_DAYS}."))
            })?,
    };
    let found = calculators::owned(&state, &id, &user).await?;
    Ok(Json(analytics::report(&state, &found, &user, days).await?))
}

/// Turns a calculator's analytics on or off.
#[derive(Deserialize, ToSchema)]
pub struct AnalyticsSetting {
    /// Whether visits are counted.
    enabled: bool,
}

/// Turns counting on or off for the owner's calculator (what was counted stays).
#[utoipa::path(put, path = "/api/calc/{id}/analytics", tag = "analytics", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((AnalyticsSetting = "application/json"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
pub(super) async fn set_analytics(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Body(body): Body<AnalyticsSetting>,
) -> Result<Json<MessageBody>, ApiError> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};
    let id = CalcId::parse(&id)?;
    let changed = calculator::Entity::update_many()
        .col_expr(calculator::Column::AnalyticsOff, Expr::value(!body.enabled))
        .filter(calculator::Column::Id.eq(id.as_str()))
        .filter(calculator::Column::OwnerId.eq(user.id))
        .exec(&state.db)
        .await?;
    if changed.rows_affected == 0 {
        return Err(ApiError::calculator_not_found());
    }
    state.analytics.forget(id.as_str());
    Ok(Json(MessageBody::new(if body.enabled {
        "Analytics are on: visits to this calculator are counted."
    } else {
        "Analytics are off: visits to this calculator are not counted."
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beacon_keeps_only_hosts_and_a_short_message() {
        let long = "x".repeat(300);
        let body = format!(
            r#"{{"type":"error","message":"{long}","referrer":"https://www.search.example/?q=private"}}"#
        );
        let event = parse_event(body.as_bytes()).expect("an event");
        assert_eq!(event.message.map(|m| m.chars().count()), Some(200));
        assert_eq!(event.referrer.as_deref(), Some("search.example"));
    }

    #[test]
    fn an_error_without_its_message_is_refused() {
        assert!(parse_event(br#"{"type":"error"}"#).is_err());
        assert!(parse_event(br#"{"type":"click"}"#).is_err());
        assert!(parse_event(b"type=view").is_err());
    }
}
