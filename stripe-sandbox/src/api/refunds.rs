//! `/v1/refunds`: money back on a paid payment intent, in full or in part, never more than
//! was paid; listed per payment intent or charge.

use axum::extract::State as Extract;

use super::{Answer, Params, answer, page};
use crate::error::ApiError;
use crate::store::{Refund, new_id};
use crate::webhook::event;
use crate::{Sandbox, limits, render};

/// The payment intent a refund is for: `payment_intent=pi_…` or `charge=ch_…` (the sandbox's
/// charges are named after their intents).
fn payment_intent_param(form: &crate::form::Form) -> Result<(String, &'static str), ApiError> {
    if let Some(pi) = form.str("payment_intent")?.filter(|p| !p.is_empty()) {
        return Ok((pi.to_string(), "payment_intent"));
    }
    match form.str("charge")?.filter(|c| !c.is_empty()) {
        Some(charge) => Ok((charge.replacen("ch_", "pi_", 1), "charge")),
        None => Err(ApiError::state(
            "One of the following params should be provided for this request: payment_intent or charge.",
        )),
    }
}

pub async fn create(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.mutate(|state, events| {
        let (pi_id, param) = payment_intent_param(&form)?;
        let pi = state
            .payment_intents
            .get(&pi_id)
            .filter(|pi| pi.status == "succeeded")
            .ok_or_else(|| match param {
                "charge" => ApiError::no_such("charge", &render::charge_id(&pi_id), Some(param)),
                _ => ApiError::state(format!(
                    "This PaymentIntent ({pi_id}) does not have a successful charge to refund."
                )),
            })?;
        let left = pi.amount - pi.amount_refunded;
        let charge = render::charge_id(&pi.id);
        if left <= 0 {
            return Err(ApiError::coded(
                "charge_already_refunded",
                Some(param),
                format!("Charge {charge} has already been refunded."),
            ));
        }
        let amount = form.int("amount")?.unwrap_or(left);
        if amount <= 0 {
            return Err(ApiError::invalid(
                "amount",
                "Invalid positive integer: the amount must be greater than 0.",
            ));
        }
        if amount > left {
            return Err(ApiError::coded(
                "amount_too_large",
                Some("amount"),
                format!(
                    "Refund amount (${}) is greater than unrefunded amount on charge (${}).",
                    cents(amount),
                    cents(left)
                ),
            ));
        }
        let reason = match form.str("reason")? {
            None | Some("") => None,
            Some(r @ ("duplicate" | "fraudulent" | "requested_by_customer")) => Some(r.to_string()),
            Some(other) => {
                return Err(ApiError::invalid(
                    "reason",
                    format!(
                        "Invalid reason: must be one of duplicate, fraudulent or requested_by_customer, not '{other}'."
                    ),
                ));
            }
        };
        let refund = Refund {
            id: new_id("re"),
            created: pi
                .customer
                .as_deref()
                .map_or_else(crate::store::now, |c| state.now_for(c)),
            amount,
            payment_intent: pi.id.clone(),
            customer: pi.customer.clone(),
            payment_method: pi.payment_method.clone(),
            reason,
            metadata: limits::metadata(&form, "metadata")?.unwrap_or_default(),
        };
        state
            .payment_intents
            .get_mut(&pi_id)
            .expect("found above")
            .amount_refunded += amount;
        let value = render::refund(&refund);
        state.refunds.insert(refund.id.clone(), refund);
        events.push(event("refund.created", value.clone(), None));
        answer(state, value, &form)
    })
}

pub async fn list(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.read(|state| {
        let payment_intent = form.str("payment_intent")?;
        let charge = form.str("charge")?;
        let refunds = state
            .refunds
            .values()
            .filter(|r| payment_intent.is_none_or(|p| r.payment_intent == p))
            .filter(|r| charge.is_none_or(|c| render::charge_id(&r.payment_intent) == c))
            .map(|r| (r.created, r.id.clone(), render::refund(r)))
            .collect();
        let list = page("/v1/refunds", refunds, &form)?;
        answer(state, list, &form)
    })
}

/// `1234` → `12.34`, as Stripe's messages show amounts.
fn cents(amount: i64) -> String {
    format!("{}.{:02}", amount / 100, amount % 100)
}
