//! Payment methods nobody attached are forgotten after an hour, so cards typed in and
//! abandoned (or made by a script with the public key) stop taking space. Stripe too only
//! lets an unattached payment method be used once, soon after it is made.

use std::collections::HashSet;

use crate::Sandbox;
use crate::store::State;

/// How long an unattached payment method is kept (Unix seconds).
pub const UNATTACHED_KEPT_FOR: i64 = 60 * 60;

/// The payment methods to forget at `now`: never attached, older than an hour, and named by
/// no intent, subscription or customer (a card detached after use stays, as its invoices'
/// payments name it).
pub fn abandoned_payment_methods(state: &State, now: i64) -> Vec<String> {
    let named: HashSet<&String> = state
        .setup_intents
        .values()
        .filter_map(|i| i.payment_method.as_ref())
        .chain(
            state
                .payment_intents
                .values()
                .filter_map(|i| i.payment_method.as_ref()),
        )
        .chain(
            state
                .subscriptions
                .values()
                .filter_map(|s| s.default_payment_method.as_ref()),
        )
        .chain(
            state
                .customers
                .values()
                .filter_map(|c| c.default_payment_method.as_ref()),
        )
        .collect();
    state
        .payment_methods
        .values()
        .filter(|pm| pm.customer.is_none() && pm.created + UNATTACHED_KEPT_FOR <= now)
        .filter(|pm| !named.contains(&pm.id))
        .map(|pm| pm.id.clone())
        .collect()
}

impl Sandbox {
    /// Forgets the payment methods abandoned by `now` (the real-time task calls it).
    pub(crate) fn forget_abandoned_payment_methods(&self, now: i64) {
        if self.read(|state| abandoned_payment_methods(state, now).is_empty()) {
            return;
        }
        // A failure here (disk full) is retried on the next tick.
        let _ = self.mutate(|state, _| {
            for id in abandoned_payment_methods(state, now) {
                state.payment_methods.remove(&id);
            }
            Ok(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SandboxConfig;
    use crate::money;
    use crate::store::{SetupIntent, now, random};

    fn card(state: &mut State, created: i64) -> String {
        let id = money::methods::resolve_payment_method(state, "pm_card_visa", "payment_method")
            .unwrap();
        state.payment_methods.get_mut(&id).unwrap().created = created;
        id
    }

    #[test]
    fn only_unattached_unused_cards_older_than_an_hour_are_forgotten() {
        let mut state = State::default();
        let now = now();
        let abandoned = card(&mut state, now - UNATTACHED_KEPT_FOR - 1);
        let _recent = card(&mut state, now - UNATTACHED_KEPT_FOR + 60);
        let attached = card(&mut state, now - 10 * UNATTACHED_KEPT_FOR);
        state.payment_methods.get_mut(&attached).unwrap().customer = Some("cus_a".into());
        let in_a_setup = card(&mut state, now - 10 * UNATTACHED_KEPT_FOR);
        state.setup_intents.insert(
            "seti_a".into(),
            SetupIntent {
                id: "seti_a".into(),
                created: now,
                customer: None,
                payment_method: Some(in_a_setup),
                status: "requires_action".into(),
                client_secret: String::new(),
                usage: "off_session".into(),
                last_error: None,
                metadata: Default::default(),
            },
        );
        assert_eq!(abandoned_payment_methods(&state, now), [abandoned]);
    }

    #[test]
    fn the_sandbox_forgets_them_when_their_hour_is_up() {
        let dir = std::env::temp_dir().join(format!("stripe-sandbox-cleanup-{}", random(12)));
        let sandbox = Sandbox::open(SandboxConfig {
            state_file: dir.join("state.json"),
            ..SandboxConfig::default()
        })
        .unwrap();
        let pm = sandbox
            .mutate(|state, _| {
                money::methods::resolve_payment_method(state, "pm_card_visa", "payment_method")
            })
            .unwrap();
        sandbox.forget_abandoned_payment_methods(now() + 60);
        assert!(sandbox.read(|state| state.payment_methods.contains_key(&pm)));
        sandbox.forget_abandoned_payment_methods(now() + UNATTACHED_KEPT_FOR + 1);
        assert!(!sandbox.read(|state| state.payment_methods.contains_key(&pm)));
        // And it stays forgotten after a restart.
        drop(sandbox);
        let reopened = Sandbox::open(SandboxConfig {
            state_file: dir.join("state.json"),
            ..SandboxConfig::default()
        })
        .unwrap();
        assert!(!reopened.read(|state| state.payment_methods.contains_key(&pm)));
    }
}
