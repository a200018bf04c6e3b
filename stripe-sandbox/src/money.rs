//! Money moving: payment methods attached and charged, invoices made and paid, subscriptions
//! created, switched with proration, renewed, retried and ended as their customer's clock
//! passes their period ends.

use serde_json::json;

use crate::cards::{Behaviour, Outcome};
use crate::dates;
use crate::error::ApiError;
use crate::render;
use crate::store::{
    Invoice, Line, PaymentIntent, State, Subscription, client_secret, new_id, now, random,
};
use crate::webhook::{Event, event};

pub mod clock;
pub mod methods;

/// Days after a failed attempt that the next one is made; after the last, the subscription is
/// canceled (Stripe's default: four attempts within about two weeks).
const RETRY_DAYS: [i64; 3] = [3, 5, 7];
/// An incomplete subscription whose first invoice is not paid in this time expires.
const INCOMPLETE_EXPIRES_AFTER: i64 = 23 * 3600;

/// The card a customer's subscription is charged to.
fn paying_method(state: &State, customer: &str, subscription: Option<&str>) -> Option<String> {
    subscription
        .and_then(|s| state.subscriptions.get(s))
        .and_then(|s| s.default_payment_method.clone())
        .or_else(|| {
            state
                .customers
                .get(customer)
                .and_then(|c| c.default_payment_method.clone())
        })
}

/// Makes (and stores) an invoice for `lines`, taking any credit balance into account.
pub fn create_invoice(
    state: &mut State,
    customer: &str,
    subscription: Option<&str>,
    lines: Vec<Line>,
    billing_reason: &str,
) -> Result<String, ApiError> {
    let created = state.now_for(customer);
    let c = state
        .customers
        .get_mut(customer)
        .ok_or_else(|| ApiError::no_such("customer", customer, Some("customer")))?;
    let subtotal: i64 = lines.iter().map(|l| l.amount).sum();
    let starting_balance = c.balance;
    c.balance = (subtotal + starting_balance).min(0);
    let number = format!("{}-{:04}", c.invoice_prefix, c.next_invoice_sequence);
    c.next_invoice_sequence += 1;
    let (period_start, period_end) = (
        lines
            .iter()
            .map(|l| l.period_start)
            .min()
            .unwrap_or(created),
        lines.iter().map(|l| l.period_end).max().unwrap_or(created),
    );
    let invoice = Invoice {
        id: new_id("in"),
        number,
        created,
        customer: customer.to_string(),
        subscription: subscription.map(str::to_string),
        billing_reason: billing_reason.to_string(),
        status: "open".to_string(),
        subtotal,
        starting_balance,
        amount_due: (subtotal + starting_balance).max(0),
        amount_paid: 0,
        attempt_count: 0,
        next_payment_attempt: None,
        payment_intent: None,
        period_start,
        period_end,
        paid_at: None,
        pdf_token: random(32),
        customer_name: c.name.clone(),
        customer_email: c.email.clone(),
        customer_phone: c.phone.clone(),
        customer_address: c.address.clone(),
        lines,
    };
    let id = invoice.id.clone();
    state.invoices.insert(id.clone(), invoice);
    Ok(id)
}

/// Tries to pay an open invoice with the customer's card; returns how it went.
pub fn pay_invoice(
    state: &mut State,
    invoice: &str,
    off_session: bool,
    events: &mut Vec<Event>,
) -> Outcome {
    let Some(inv) = state.invoices.get(invoice).cloned() else {
        return Outcome::Failed(ApiError::no_such("invoice", invoice, None));
    };
    if inv.amount_due == 0 {
        mark_paid(state, invoice, events);
        return Outcome::Succeeded;
    }
    let Some(pm) = paying_method(state, &inv.customer, inv.subscription.as_deref()) else {
        let error = ApiError::state(
            "This customer has no attached payment source or default payment method. Please consider adding a default payment method.",
        );
        payment_failed(state, invoice, &error, events);
        return Outcome::Failed(error);
    };
    let behaviour = state
        .payment_methods
        .get(&pm)
        .map_or(Behaviour::Declined, |m| m.behaviour);
    let outcome = behaviour.on_charge(off_session);
    let pi = PaymentIntent {
        id: new_id("pi"),
        created: state.now_for(&inv.customer),
        amount: inv.amount_due,
        customer: Some(inv.customer.clone()),
        payment_method: Some(pm),
        status: match &outcome {
            Outcome::Succeeded => "succeeded",
            Outcome::RequiresAction => "requires_action",
            Outcome::Failed(_) => "requires_payment_method",
        }
        .to_string(),
        client_secret: String::new(),
        invoice: Some(invoice.to_string()),
        description: Some(match inv.billing_reason.as_str() {
            "subscription_create" => "Subscription creation".to_string(),
            "subscription_update" => "Subscription update".to_string(),
            _ => "Subscription renewal".to_string(),
        }),
        last_error: match &outcome {
            Outcome::Failed(error) => Some(error.object()),
            _ => None,
        },
        amount_refunded: 0,
    };
    let pi = PaymentIntent {
        client_secret: client_secret(&pi.id),
        ..pi
    };
    if let Some(inv) = state.invoices.get_mut(invoice) {
        inv.payment_intent = Some(pi.id.clone());
    }
    state.payment_intents.insert(pi.id.clone(), pi);
    match &outcome {
        Outcome::Succeeded => mark_paid(state, invoice, events),
        Outcome::Failed(error) => payment_failed(state, invoice, error, events),
        Outcome::RequiresAction => {}
    }
    outcome
}

/// Marks an invoice paid; its subscription, if it was waiting for this, becomes active.
pub fn mark_paid(state: &mut State, invoice: &str, events: &mut Vec<Event>) {
    let Some(customer) = state.invoices.get(invoice).map(|i| i.customer.clone()) else {
        return;
    };
    let paid_at = state.now_for(&customer);
    let Some(inv) = state.invoices.get_mut(invoice) else {
        return;
    };
    inv.status = "paid".to_string();
    inv.amount_paid = inv.amount_due;
    inv.attempt_count += u64::from(inv.amount_due > 0);
    inv.next_payment_attempt = None;
    inv.paid_at = Some(paid_at);
    let subscription = inv.subscription.clone();
    let rendered = render::invoices::invoice(state, &state.invoices[invoice], &[]);
    events.push(event("invoice.paid", rendered, None));
    if let Some(sub) = subscription.as_deref()
        && state
            .subscriptions
            .get(sub)
            .is_some_and(|s| matches!(s.status.as_str(), "incomplete" | "past_due"))
    {
        set_status(state, sub, "active", events);
    }
}

/// Records a failed attempt: the next retry is scheduled, or the subscription ends.
fn payment_failed(state: &mut State, invoice: &str, _error: &ApiError, events: &mut Vec<Event>) {
    let now_time = state
        .invoices
        .get(invoice)
        .map(|i| state.now_for(&i.customer))
        .unwrap_or_else(now);
    let Some(inv) = state.invoices.get_mut(invoice) else {
        return;
    };
    inv.attempt_count += 1;
    let retry = RETRY_DAYS.get(inv.attempt_count as usize - 1);
    let subscription = inv.subscription.clone();
    let live = subscription
        .as_deref()
        .and_then(|s| state.subscriptions.get(s))
        .is_some_and(|s| matches!(s.status.as_str(), "active" | "past_due"));
    let inv = state.invoices.get_mut(invoice).expect("present above");
    inv.next_payment_attempt = if live {
        retry.map(|days| now_time + days * 86_400)
    } else {
        None
    };
    let exhausted = live && retry.is_none();
    let rendered = render::invoices::invoice(state, &state.invoices[invoice], &[]);
    events.push(event("invoice.payment_failed", rendered, None));
    if let Some(sub) = subscription.as_deref() {
        if exhausted {
            end_subscription(state, sub, now_time, "payment_failed", events);
        } else if live {
            set_status(state, sub, "past_due", events);
        }
    }
}

/// Changes a subscription's status and reports it (nothing when it is unchanged).
pub fn set_status(state: &mut State, sub: &str, status: &str, events: &mut Vec<Event>) {
    let Some(s) = state.subscriptions.get_mut(sub) else {
        return;
    };
    if s.status == status {
        return;
    }
    let previous = std::mem::replace(&mut s.status, status.to_string());
    let rendered = render::subscriptions::subscription(state, &state.subscriptions[sub]);
    events.push(event(
        "customer.subscription.updated",
        rendered,
        Some(json!({ "status": previous })),
    ));
}

/// Cancels a subscription now (`reason`: `cancellation_requested` or `payment_failed`).
pub fn end_subscription(
    state: &mut State,
    sub: &str,
    at: i64,
    reason: &str,
    events: &mut Vec<Event>,
) {
    let Some(s) = state.subscriptions.get_mut(sub) else {
        return;
    };
    if s.ended() {
        return;
    }
    s.status = if s.status == "incomplete" {
        "incomplete_expired"
    } else {
        "canceled"
    }
    .to_string();
    s.ended_at = Some(at);
    s.canceled_at.get_or_insert(at);
    s.cancellation_reason = Some(reason.to_string());
    let retrying: Vec<String> = state
        .invoices
        .values()
        .filter(|i| i.subscription.as_deref() == Some(sub) && i.next_payment_attempt.is_some())
        .map(|i| i.id.clone())
        .collect();
    for inv in retrying {
        if let Some(inv) = state.invoices.get_mut(&inv) {
            inv.next_payment_attempt = None;
        }
    }
    let rendered = render::subscriptions::subscription(state, &state.subscriptions[sub]);
    events.push(event("customer.subscription.deleted", rendered, None));
}

/// The line for a full period of `price`.
pub fn period_line(state: &State, price: &str, start: i64, end: i64) -> Line {
    let (amount, name) = price_and_name(state, price);
    Line {
        id: new_id("il"),
        description: format!(
            "1 × {name} (at ${}.{:02} / month)",
            amount / 100,
            amount % 100
        ),
        amount,
        price: price.to_string(),
        proration: false,
        period_start: start,
        period_end: end,
    }
}

fn price_and_name(state: &State, price: &str) -> (i64, String) {
    let p = state.prices.get(price);
    let name = p
        .and_then(|p| state.products.get(&p.product))
        .map_or_else(|| price.to_string(), |p| p.name.clone());
    (p.map_or(0, |p| p.unit_amount), name)
}

/// The two proration lines for switching `sub` to `new_price` at `at`: the unused time of the
/// old price credited, the rest of the period at the new price charged.
pub fn proration_lines(state: &State, sub: &Subscription, new_price: &str, at: i64) -> Vec<Line> {
    let (start, end) = (sub.current_period_start, sub.current_period_end);
    let (total, remaining) = ((end - start).max(1), (end - at).clamp(0, end - start));
    let share = |amount: i64| {
        ((amount as i128 * remaining as i128 + total as i128 / 2) / total as i128) as i64
    };
    let (old_amount, old_name) = price_and_name(state, &sub.price);
    let (new_amount, new_name) = price_and_name(state, new_price);
    let after = dates::long_date(at);
    vec![
        Line {
            id: new_id("il"),
            description: format!("Unused time on {old_name} after {after}"),
            amount: -share(old_amount),
            price: sub.price.clone(),
            proration: true,
            period_start: at,
            period_end: end,
        },
        Line {
            id: new_id("il"),
            description: format!("Remaining time on {new_name} after {after}"),
            amount: share(new_amount),
            price: new_price.to_string(),
            proration: true,
            period_start: at,
            period_end: end,
        },
    ]
}

#[cfg(test)]
mod tests;
