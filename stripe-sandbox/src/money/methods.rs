//! Payment methods: made from a card, attached to a customer, and the one a payment uses.

use crate::cards::{Outcome, TestCard};
use crate::dates;
use crate::error::ApiError;
use crate::render;
use crate::store::{PaymentMethod, State, new_id, now};
use crate::webhook::{Event, event};
use serde_json::json;
use std::collections::BTreeMap;

/// Payment methods are referenced by id, or by one of Stripe's `pm_card_*` test ids, which
/// makes a new card each time (as Stripe does).
pub fn resolve_payment_method(
    state: &mut State,
    id: &str,
    param: &str,
) -> Result<String, ApiError> {
    if let Some(card) = crate::cards::test_payment_method(id) {
        let (year, _, _) = dates::civil(now());
        return Ok(create_payment_method(
            state,
            card,
            12,
            year + 5,
            render::billing_details(None)?,
        ));
    }
    if state.payment_methods.contains_key(id) {
        Ok(id.to_string())
    } else {
        Err(ApiError::no_such("PaymentMethod", id, Some(param)))
    }
}

pub fn create_payment_method(
    state: &mut State,
    card: TestCard,
    exp_month: i64,
    exp_year: i64,
    billing_details: serde_json::Value,
) -> String {
    let id = new_id("pm");
    // Stripe's fingerprint is the same for the same number; the behaviour and last four
    // digits stand in for the number, which is never kept.
    let fingerprint = format!("{:?}{}{}", card.behaviour, card.brand, card.last4)
        .bytes()
        .fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    state.payment_methods.insert(
        id.clone(),
        PaymentMethod {
            id: id.clone(),
            created: now(),
            customer: None,
            brand: card.brand.to_string(),
            last4: card.last4,
            exp_month,
            exp_year,
            fingerprint: format!("{fingerprint:016x}"),
            behaviour: card.behaviour,
            billing_details,
            metadata: BTreeMap::new(),
        },
    );
    id
}

/// Attaches a payment method to a customer (the declined test card refuses).
pub fn attach(
    state: &mut State,
    pm: &str,
    customer: &str,
    events: &mut Vec<Event>,
) -> Result<(), ApiError> {
    let method = state
        .payment_methods
        .get(pm)
        .ok_or_else(|| ApiError::no_such("PaymentMethod", pm, None))?;
    match &method.customer {
        Some(owner) if owner == customer => return Ok(()),
        Some(_) => {
            return Err(ApiError::state(
                "The payment method you provided has already been attached to a customer.",
            ));
        }
        None => {}
    }
    if let Outcome::Failed(error) = method.behaviour.on_attach(false) {
        return Err(error);
    }
    set_customer(state, pm, Some(customer), events);
    Ok(())
}

/// Sets or clears a payment method's customer and reports it.
pub fn set_customer(state: &mut State, pm: &str, customer: Option<&str>, events: &mut Vec<Event>) {
    let Some(method) = state.payment_methods.get_mut(pm) else {
        return;
    };
    let previous = method.customer.clone();
    method.customer = customer.map(str::to_string);
    let kind = if customer.is_some() {
        "payment_method.attached"
    } else {
        "payment_method.detached"
    };
    events.push(event(
        kind,
        render::payment_method(method),
        Some(json!({ "customer": previous })),
    ));
}
