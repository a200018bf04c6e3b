//! Money moving: payment methods attached and charged, invoices made and paid, subscriptions
//! created, switched with proration, renewed, retried and ended as their customer's clock
//! passes their period ends.

use std::collections::BTreeMap;

use serde_json::json;

use crate::cards::{Behaviour, Outcome, TestCard};
use crate::dates;
use crate::error::ApiError;
use crate::render;
use crate::store::{
    Invoice, Line, PaymentIntent, PaymentMethod, State, Subscription, client_secret, new_id, now,
    random,
};
use crate::webhook::{Event, event};

/// Days after a failed attempt that the next one is made; after the last, the subscription is
/// canceled (Stripe's default: four attempts within about two weeks).
const RETRY_DAYS: [i64; 3] = [3, 5, 7];
/// An incomplete subscription whose first invoice is not paid in this time expires.
const INCOMPLETE_EXPIRES_AFTER: i64 = 23 * 3600;

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
    let rendered = render::invoice(state, &state.invoices[invoice], &[]);
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
    let rendered = render::invoice(state, &state.invoices[invoice], &[]);
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
    let rendered = render::subscription(state, &state.subscriptions[sub]);
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
    let rendered = render::subscription(state, &state.subscriptions[sub]);
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

/// When something next happens to a subscription by itself, and what.
enum Due {
    Renew(i64),
    Retry(i64, String),
    Expire(i64),
}

fn next_due(state: &State, s: &Subscription) -> Option<Due> {
    match s.status.as_str() {
        "incomplete" => Some(Due::Expire(s.created + INCOMPLETE_EXPIRES_AFTER)),
        "active" | "past_due" => {
            let retry = state
                .invoices
                .values()
                .filter(|i| i.subscription.as_deref() == Some(&s.id) && i.status == "open")
                .filter_map(|i| i.next_payment_attempt.map(|t| (t, i.id.clone())))
                .min();
            match retry {
                Some((at, invoice)) if at < s.current_period_end => Some(Due::Retry(at, invoice)),
                _ => Some(Due::Renew(s.current_period_end)),
            }
        }
        _ => None,
    }
}

fn due_time(due: &Due) -> i64 {
    match due {
        Due::Renew(t) | Due::Retry(t, _) | Due::Expire(t) => *t,
    }
}

/// Runs, in time order, everything due up to `until` for the subscriptions whose customers
/// `follows` picks; `set_time` moves those customers' clock as it goes.
fn run_due(
    state: &mut State,
    until: i64,
    follows: &dyn Fn(&State, &str) -> bool,
    set_time: &dyn Fn(&mut State, i64),
    events: &mut Vec<Event>,
) {
    // Each step moves a subscription past a due time, so this ends; the bound guards
    // against a mistake turning into a hang.
    for _ in 0..10_000 {
        let next = state
            .subscriptions
            .values()
            .filter(|s| follows(state, &s.customer))
            .filter_map(|s| next_due(state, s).map(|due| (due_time(&due), s.id.clone(), due)))
            .filter(|(time, _, _)| *time <= until)
            .min_by_key(|(time, id, _)| (*time, id.clone()));
        let Some((time, sub, due)) = next else { break };
        set_time(state, time);
        match due {
            Due::Expire(at) => end_subscription(state, &sub, at, "payment_failed", events),
            Due::Retry(_, invoice) => {
                let _ = pay_invoice_retry(state, &invoice, events);
            }
            Due::Renew(at) => renew(state, &sub, at, events),
        }
    }
    set_time(state, until);
}

fn pay_invoice_retry(state: &mut State, invoice: &str, events: &mut Vec<Event>) -> Outcome {
    if let Some(inv) = state.invoices.get_mut(invoice) {
        inv.next_payment_attempt = None;
    }
    pay_invoice(state, invoice, true, events)
}

/// A period end: the subscription ends (cancel at period end) or starts a new period with a
/// new invoice, charged off-session.
fn renew(state: &mut State, sub: &str, at: i64, events: &mut Vec<Event>) {
    let Some(s) = state.subscriptions.get(sub).cloned() else {
        return;
    };
    if s.cancel_at_period_end {
        end_subscription(state, sub, at, "cancellation_requested", events);
        return;
    }
    let anchor_day = dates::civil(s.created).2;
    let end = dates::next_month(at, anchor_day);
    let mut lines = s.pending_lines.clone();
    lines.push(period_line(state, &s.price, at, end));
    if let Some(s) = state.subscriptions.get_mut(sub) {
        s.current_period_start = at;
        s.current_period_end = end;
        s.pending_lines.clear();
    }
    let Ok(invoice) = create_invoice(state, &s.customer, Some(sub), lines, "subscription_cycle")
    else {
        return;
    };
    if let Some(s) = state.subscriptions.get_mut(sub) {
        s.latest_invoice = Some(invoice.clone());
    }
    let rendered = render::subscription(state, &state.subscriptions[sub]);
    events.push(event(
        "customer.subscription.updated",
        rendered,
        Some(json!({ "items": { "data": [{ "current_period_start": s.current_period_start, "current_period_end": s.current_period_end }] } })),
    ));
    pay_invoice(state, &invoice, true, events);
}

fn follows_real_time(state: &State, customer: &str) -> bool {
    state
        .customers
        .get(customer)
        .is_some_and(|c| c.test_clock.is_none())
}

/// Whether a renewal, retry or expiry of a customer without a test clock is due now.
pub fn real_time_due(state: &State) -> bool {
    let now = now();
    state
        .subscriptions
        .values()
        .filter(|s| follows_real_time(state, &s.customer))
        .any(|s| next_due(state, s).is_some_and(|due| due_time(&due) <= now))
}

/// Renewals and retries for customers without a test clock, as real time passes.
pub fn advance_real_time(state: &mut State, events: &mut Vec<Event>) {
    run_due(state, now(), &follows_real_time, &|_, _| {}, events);
}

/// Moves a test clock to `to`, running what falls due for its customers on the way.
pub fn advance_clock(state: &mut State, clock: &str, to: i64, events: &mut Vec<Event>) {
    let follows = |state: &State, customer: &str| {
        state
            .customers
            .get(customer)
            .and_then(|c| c.test_clock.as_deref())
            == Some(clock)
    };
    let set_time = |state: &mut State, time: i64| {
        if let Some(c) = state.clocks.get_mut(clock) {
            c.frozen_time = time;
        }
    };
    run_due(state, to, &follows, &set_time, events);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Customer;

    /// A customer without a test clock whose Regular subscription's period ended a day ago.
    fn overdue() -> State {
        let mut state = State::default();
        state.prices.insert(
            "price_r".into(),
            crate::store::Price {
                id: "price_r".into(),
                created: 0,
                product: "prod_r".into(),
                unit_amount: 990,
                lookup_key: "regular".into(),
                nickname: "Regular".into(),
            },
        );
        state.customers.insert(
            "cus_a".into(),
            Customer {
                id: "cus_a".into(),
                created: 0,
                email: None,
                name: None,
                phone: None,
                description: None,
                address: None,
                metadata: BTreeMap::new(),
                test_clock: None,
                default_payment_method: None,
                invoice_prefix: "ABCDEFGH".into(),
                next_invoice_sequence: 1,
                balance: 0,
                deleted: false,
            },
        );
        let pm = resolve_payment_method(&mut state, "pm_card_visa", "payment_method").unwrap();
        attach(&mut state, &pm, "cus_a", &mut Vec::new()).unwrap();
        let start = now() - 32 * 86_400;
        state.subscriptions.insert(
            "sub_a".into(),
            Subscription {
                id: "sub_a".into(),
                created: start,
                customer: "cus_a".into(),
                status: "active".into(),
                item_id: "si_a".into(),
                price: "price_r".into(),
                current_period_start: start,
                current_period_end: now() - 86_400,
                cancel_at_period_end: false,
                canceled_at: None,
                ended_at: None,
                cancellation_reason: None,
                default_payment_method: Some(pm),
                latest_invoice: None,
                metadata: BTreeMap::new(),
                pending_lines: Vec::new(),
            },
        );
        state
    }

    #[test]
    fn subscriptions_without_a_test_clock_renew_as_real_time_passes() {
        let mut state = overdue();
        assert!(real_time_due(&state));
        let mut events = Vec::new();
        advance_real_time(&mut state, &mut events);
        let s = &state.subscriptions["sub_a"];
        assert!(s.current_period_end > now());
        let invoice = &state.invoices[s.latest_invoice.as_ref().unwrap()];
        assert_eq!(
            (invoice.status.as_str(), invoice.amount_paid),
            ("paid", 990)
        );
        assert!(events.iter().any(|e| e["type"] == "invoice.paid"));
        assert!(!real_time_due(&state));
    }
}
