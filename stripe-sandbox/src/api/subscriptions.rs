//! `/v1/subscriptions`: one item (one price) each, charged when created, switched with
//! proration, canceled now or at the period end.

use axum::extract::{Path, State as Extract};
use serde_json::json;

use super::{Answer, Params, answer, page};
use crate::cards::Outcome;
use crate::error::ApiError;
use crate::form::Form;
use crate::store::{State, Subscription, new_id};
use crate::webhook::event;
use crate::{Sandbox, dates, money, render};

/// `payment_behavior`: what happens when the first payment cannot be made.
fn payment_behavior(form: &Form) -> Result<&str, ApiError> {
    match form.str("payment_behavior")?.unwrap_or("allow_incomplete") {
        behavior @ ("allow_incomplete" | "error_if_incomplete" | "default_incomplete") => {
            Ok(behavior)
        }
        other => Err(ApiError::invalid(
            "payment_behavior",
            format!(
                "The sandbox supports payment_behavior allow_incomplete, error_if_incomplete and default_incomplete, not '{other}'."
            ),
        )),
    }
}

fn proration_behavior(form: &Form, path: &str) -> Result<String, ApiError> {
    match form.str(path)?.unwrap_or("create_prorations") {
        behavior @ ("create_prorations" | "always_invoice" | "none") => Ok(behavior.to_string()),
        other => Err(ApiError::invalid(
            "proration_behavior",
            format!(
                "Invalid proration_behavior: must be one of create_prorations, always_invoice or none, not '{other}'."
            ),
        )),
    }
}

/// The one item's price (`items[0][price]`), which must exist.
fn item_price(state: &State, form: &Form, path: &str) -> Result<Option<String>, ApiError> {
    let Some(items) = form.get(path) else {
        return Ok(None);
    };
    if items.children.keys().any(|k| k != "0") {
        return Err(ApiError::invalid(
            "items",
            "The sandbox supports one item per subscription.",
        ));
    }
    match form.str(&format!("{path}.0.price"))? {
        Some(price) if state.prices.contains_key(price) => Ok(Some(price.to_string())),
        Some(price) => Err(ApiError::no_such("price", price, Some("items[0][price]"))),
        None => Ok(None),
    }
}

/// A default payment method given by id: it must be the customer's (a `pm_card_*` test id
/// makes a card and attaches it).
fn customer_payment_method(
    state: &mut State,
    customer: &str,
    pm: &str,
    events: &mut Vec<crate::webhook::Event>,
) -> Result<String, ApiError> {
    let id = money::methods::resolve_payment_method(state, pm, "default_payment_method")?;
    if crate::cards::test_payment_method(pm).is_some() {
        money::methods::attach(state, &id, customer, events)?;
    }
    if state.payment_methods[&id].customer.as_deref() != Some(customer) {
        return Err(ApiError::invalid(
            "default_payment_method",
            format!(
                "The customer does not have a payment method with the ID {pm}. The payment method must be attached to the customer."
            ),
        ));
    }
    Ok(id)
}

pub async fn create(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.mutate(|state, events| {
        let customer = form.required("customer")?.to_string();
        state.require_customer(&customer, "customer")?;
        let price = item_price(state, &form, "items")?.ok_or_else(|| ApiError::missing("items[0][price]"))?;
        let behavior = payment_behavior(&form)?;
        let default_payment_method = match form.str("default_payment_method")? {
            Some(pm) => Some(customer_payment_method(state, &customer, pm, events)?),
            None => None,
        };
        let paying = default_payment_method.clone().or_else(|| state.customers[&customer].default_payment_method.clone());
        let Some(paying) = paying else {
            return Err(ApiError::state(
                "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
            ));
        };
        if behavior == "error_if_incomplete" {
            match state.payment_methods[&paying].behaviour.on_charge(false) {
                Outcome::Failed(error) => return Err(error),
                Outcome::RequiresAction => {
                    return Err(ApiError::card(
                        "authentication_required",
                        Some("authentication_required"),
                        "Your card was declined. This transaction requires authentication.",
                        None,
                    ));
                }
                Outcome::Succeeded => {}
            }
        }
        let now = state.now_for(&customer);
        let end = dates::next_month(now, dates::civil(now).2);
        let subscription = Subscription {
            id: new_id("sub"),
            created: now,
            customer: customer.clone(),
            status: "incomplete".to_string(),
            item_id: new_id("si"),
            price: price.clone(),
            current_period_start: now,
            current_period_end: end,
            cancel_at_period_end: false,
            canceled_at: None,
            ended_at: None,
            cancellation_reason: None,
            default_payment_method,
            latest_invoice: None,
            metadata: crate::limits::metadata(&form, "metadata")?.unwrap_or_default(),
            pending_lines: Vec::new(),
        };
        let id = subscription.id.clone();
        state.subscriptions.insert(id.clone(), subscription);
        let line = money::period_line(state, &price, now, end);
        let invoice = money::create_invoice(state, &customer, Some(&id), vec![line], "subscription_create")?;
        state.subscriptions.get_mut(&id).expect("just made").latest_invoice = Some(invoice.clone());
        // The created event goes first, as Stripe sends it; paying may add an update.
        let mut later = Vec::new();
        money::pay_invoice(state, &invoice, false, &mut later);
        let rendered = render::subscriptions::subscription(state, &state.subscriptions[&id]);
        events.push(event("customer.subscription.created", rendered.clone(), None));
        events.extend(later.into_iter().filter(|e| e["type"] != "customer.subscription.updated"));
        answer(state, rendered, &form)
    })
}

pub async fn list(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.read(|state| {
        let customer = form.str("customer")?;
        let status = form.str("status")?;
        let subscriptions = state
            .subscriptions
            .values()
            .filter(|s| customer.is_none_or(|c| s.customer == c))
            .filter(|s| match status {
                None => !s.ended(),
                Some("all") => true,
                Some(status) => s.status == status,
            })
            .map(|s| {
                (
                    s.created,
                    s.id.clone(),
                    render::subscriptions::subscription(state, s),
                )
            })
            .collect();
        let list = page("/v1/subscriptions", subscriptions, &form)?;
        answer(state, list, &form)
    })
}

pub async fn update(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let s = state
            .subscriptions
            .get(&id)
            .cloned()
            .ok_or_else(|| ApiError::no_such("subscription", &id, None))?;
        if s.ended() {
            return Err(ApiError::state(
                "A canceled subscription can only update its cancellation_details and metadata.",
            ));
        }
        if let Some(item) = form.str("items.0.id")?
            && item != s.item_id
        {
            return Err(ApiError::no_such(
                "subscription_item",
                item,
                Some("items[0][id]"),
            ));
        }
        let behavior = payment_behavior(&form)?;
        let proration = proration_behavior(&form, "proration_behavior")?;
        let mut updated = s.clone();
        let mut previous = serde_json::Map::new();
        if let Some(cancel) = form.bool("cancel_at_period_end")? {
            previous.insert("cancel_at_period_end".into(), json!(s.cancel_at_period_end));
            updated.cancel_at_period_end = cancel;
            updated.canceled_at = cancel.then(|| state.now_for(&s.customer));
        }
        if let Some(pm) = form.str("default_payment_method")? {
            previous.insert(
                "default_payment_method".into(),
                json!(s.default_payment_method),
            );
            updated.default_payment_method =
                Some(customer_payment_method(state, &s.customer, pm, events)?);
        }
        if let Some(metadata) = crate::limits::metadata(&form, "metadata")? {
            previous.insert("metadata".into(), json!(s.metadata));
            updated.metadata.extend(metadata);
            updated.metadata.retain(|_, v| !v.is_empty());
        }
        let mut invoice_now = None;
        if let Some(price) = item_price(state, &form, "items")?
            && price != s.price
        {
            let now = state.now_for(&s.customer);
            let lines = if proration == "none" {
                Vec::new()
            } else {
                money::proration_lines(state, &s, &price, now)
            };
            previous.insert(
                "items".into(),
                json!({ "data": [{ "price": { "id": s.price } }] }),
            );
            updated.price = price;
            if proration == "always_invoice" {
                let due = (lines.iter().map(|l| l.amount).sum::<i64>()
                    + state.customers[&s.customer].balance)
                    .max(0);
                let paying = updated
                    .default_payment_method
                    .clone()
                    .or_else(|| state.customers[&s.customer].default_payment_method.clone());
                if behavior == "error_if_incomplete" && due > 0 {
                    let outcome = paying
                        .and_then(|pm| state.payment_methods.get(&pm))
                        .map(|pm| pm.behaviour.on_charge(true));
                    if let Some(Outcome::Failed(error)) = outcome {
                        return Err(error);
                    }
                }
                invoice_now = Some(lines);
            } else {
                updated.pending_lines.extend(lines);
            }
        }
        state.subscriptions.insert(id.clone(), updated);
        if let Some(lines) = invoice_now {
            let invoice =
                money::create_invoice(state, &s.customer, Some(&id), lines, "subscription_update")?;
            state
                .subscriptions
                .get_mut(&id)
                .expect("present")
                .latest_invoice = Some(invoice.clone());
            let rendered = render::subscriptions::subscription(state, &state.subscriptions[&id]);
            events.push(event(
                "customer.subscription.updated",
                rendered,
                Some(previous.clone().into()),
            ));
            money::pay_invoice(state, &invoice, true, events);
        } else if !previous.is_empty() {
            let rendered = render::subscriptions::subscription(state, &state.subscriptions[&id]);
            events.push(event(
                "customer.subscription.updated",
                rendered,
                Some(previous.into()),
            ));
        }
        answer(
            state,
            render::subscriptions::subscription(state, &state.subscriptions[&id]),
            &form,
        )
    })
}

pub async fn cancel(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let s = state
            .subscriptions
            .get(&id)
            .ok_or_else(|| ApiError::no_such("subscription", &id, None))?;
        if s.ended() {
            return Err(ApiError::state(format!(
                "This subscription has already been canceled: {id}"
            )));
        }
        let now = state.now_for(&s.customer);
        money::end_subscription(state, &id, now, "cancellation_requested", events);
        answer(
            state,
            render::subscriptions::subscription(state, &state.subscriptions[&id]),
            &form,
        )
    })
}
