//! Tests of `money.rs`.

use super::*;
use std::collections::BTreeMap;

use super::clock::{advance_real_time, real_time_due};
use super::methods::{attach, resolve_payment_method};
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
