//! Stripe's webhook: the `Stripe-Signature` checked over the raw body, each event
//! processed once, and the customer's user made to follow their subscription as Stripe
//! has it now (so events may come in any order).

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::Value;

use super::customers::{follow, subscription_of};
use super::lease;
use crate::entities::{stripe_event, user};
use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::{now, verify_bytes};

/// How long a webhook's signature stays good (Stripe's default tolerance).
const WEBHOOK_TOLERANCE_SECONDS: i64 = 300;

/// Checks a webhook's `Stripe-Signature` (`t=…,v1=…`) over the raw body.
///
/// # Errors
/// 400: no or a wrong signature, or a timestamp more than five minutes away.
pub fn verify_signature(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<(), ApiError> {
    let bad = |why: &str| ApiError::BadRequest(format!("Invalid webhook signature: {why}."));
    let header = header.ok_or_else(|| bad("missing"))?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v1)) => signatures.push(v1),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or_else(|| bad("no timestamp"))?;
    if (now - timestamp).abs() > WEBHOOK_TOLERANCE_SECONDS {
        return Err(bad("the timestamp is too old"));
    }
    // Stripe signs `{t}.{body}` with HMAC-SHA256; any one `v1` may match.
    let signed = [timestamp.to_string().as_bytes(), b".", body].concat();
    if signatures
        .iter()
        .any(|signature| verify_bytes(secret, &signed, signature))
    {
        Ok(())
    } else {
        Err(bad("no match"))
    }
}

/// `POST /api/stripe/webhook`: verifies the event, processes each event id once, and
/// makes the customer's user follow their subscription as Stripe has it now (so events
/// may come in any order).
///
/// # Errors
/// A bad signature or body (400); Stripe unreachable (502, Stripe retries).
pub async fn webhook(
    state: &AppState,
    signature: Option<&str>,
    body: &[u8],
) -> Result<bool, ApiError> {
    verify_signature(&state.stripe.webhook_secret, signature, body, now())?;
    let event: Value = serde_json::from_slice(body)
        .map_err(|_| ApiError::BadRequest("The event is not JSON.".to_owned()))?;
    let (Some(id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(ApiError::BadRequest(
            "The event has no id or type.".to_owned(),
        ));
    };
    let fresh = match stripe_event::Entity::insert(stripe_event::ActiveModel {
        id: Set(id.to_owned()),
        event_type: Set(kind.to_owned()),
        received_at: Set(now()),
    })
    .on_conflict(
        sea_orm::sea_query::OnConflict::column(stripe_event::Column::Id)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&state.db)
    .await
    {
        Ok(rows) => rows > 0,
        Err(sea_orm::DbErr::RecordNotInserted) => false,
        Err(e) => return Err(e.into()),
    };
    if !fresh {
        return Ok(false);
    }
    let handled = handle_event(state, kind, &event["data"]["object"]).await;
    if handled.is_err() {
        // Not processed after all: Stripe's redelivery gets another try.
        stripe_event::Entity::delete_by_id(id.to_owned())
            .exec(&state.db)
            .await?;
    }
    handled.map(|()| true)
}

async fn handle_event(state: &AppState, kind: &str, object: &Value) -> Result<(), ApiError> {
    let concerns_plan = kind.starts_with("customer.subscription.")
        || kind == "invoice.paid"
        || kind == "invoice.payment_failed";
    if !concerns_plan {
        return Ok(());
    }
    let customer = match &object["customer"] {
        Value::String(id) => id.clone(),
        Value::Object(customer) => customer
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => String::new(),
    };
    if customer.is_empty() {
        return Ok(());
    }
    let Some(owner) = user::Entity::find()
        .filter(user::Column::CustomerId.eq(customer.as_str()))
        .one(&state.db)
        .await?
    else {
        return Ok(());
    };
    // Read and written under the user's billing lease: an event that read Stripe before a
    // checkout in progress finished (a first 3-D Secure attempt's failure) must not write
    // its older plan over the checkout's.
    lease::serialised(state, &owner, |owner| async move {
        let subscription = subscription_of(state, &customer).await?;
        follow(state, owner.id, subscription.as_ref()).await
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(secret: &str, t: i64, body: &[u8]) -> String {
        let body = std::str::from_utf8(body).expect("a text body");
        let v1 = crate::tokens::sign(secret, &format!("{t}.{body}"));
        format!("t={t},v1={v1}")
    }

    #[test]
    fn a_signature_over_the_body_with_the_secret_and_a_fresh_time_is_good() {
        let header = signed("whsec_x", 1000, b"{}");
        assert!(verify_signature("whsec_x", Some(&header), b"{}", 1100).is_ok());
        assert!(verify_signature("whsec_y", Some(&header), b"{}", 1100).is_err());
        assert!(verify_signature("whsec_x", Some(&header), b"{ }", 1100).is_err());
        assert!(verify_signature("whsec_x", Some(&header), b"{}", 1301).is_err());
        assert!(verify_signature("whsec_x", None, b"{}", 1000).is_err());
        assert!(verify_signature("whsec_x", Some("t=1000,v1=zz"), b"{}", 1000).is_err());
    }
}
