//! Time passing for subscriptions: what falls due (a renewal, a retried payment, the end
//! of an incomplete subscription), on test clocks and in real time.

use crate::cards::Outcome;
use crate::dates;
use serde_json::json;

use super::{INCOMPLETE_EXPIRES_AFTER, create_invoice, end_subscription, pay_invoice, period_line};
use crate::render;
use crate::store::{State, Subscription, now};
use crate::webhook::{Event, event};

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
    let rendered = render::subscriptions::subscription(state, &state.subscriptions[sub]);
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
