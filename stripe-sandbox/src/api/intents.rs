//! SetupIntents (saving a card), PaymentIntents (read only: the sandbox makes them for
//! invoices) and `/sandbox/authenticate`, what Stripe's 3-D Secure page does.

use axum::extract::State as Extract;
use axum::http::HeaderMap;
use serde_json::json;

use super::{Answer, Params, answer, require_browser_key};
use crate::cards::Outcome;
use crate::error::ApiError;
use crate::store::{SetupIntent, State, client_secret, new_id};
use crate::webhook::{Event, event};
use crate::{Sandbox, money, render};

const AUTHENTICATION_FAILED: &str = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

pub async fn create_setup_intent(
    Extract(sandbox): Extract<Sandbox>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, events| {
        let customer = form.str("customer")?.map(str::to_string);
        if let Some(c) = &customer {
            state.require_customer(c, "customer")?;
        }
        for kind in form.list("payment_method_types")? {
            if kind != "card" {
                return Err(ApiError::invalid(
                    "payment_method_types",
                    format!("The sandbox takes only card payment methods, not '{kind}'."),
                ));
            }
        }
        let usage = form.str("usage")?.unwrap_or("off_session").to_string();
        if !matches!(usage.as_str(), "on_session" | "off_session") {
            return Err(ApiError::invalid(
                "usage",
                "Invalid usage: must be one of on_session or off_session",
            ));
        }
        let payment_method = match form.str("payment_method")? {
            Some(pm) => Some(money::methods::resolve_payment_method(
                state,
                pm,
                "payment_method",
            )?),
            None => None,
        };
        let confirm = form.bool("confirm")?.unwrap_or(false);
        if confirm && payment_method.is_none() {
            return Err(ApiError::missing("payment_method"));
        }
        let id = new_id("seti");
        let mut intent = SetupIntent {
            client_secret: client_secret(&id),
            id,
            created: customer
                .as_deref()
                .map_or_else(crate::store::now, |c| state.now_for(c)),
            customer,
            payment_method,
            status: "requires_payment_method".to_string(),
            usage,
            last_error: None,
            metadata: crate::limits::metadata(&form, "metadata")?.unwrap_or_default(),
        };
        if intent.payment_method.is_some() {
            intent.status = "requires_confirmation".to_string();
        }
        let mut failure = None;
        if confirm {
            let pm = intent.payment_method.clone().unwrap_or_default();
            let behaviour = state.payment_methods[&pm].behaviour;
            match behaviour.on_attach(true) {
                Outcome::Succeeded => intent.status = "succeeded".to_string(),
                Outcome::RequiresAction => intent.status = "requires_action".to_string(),
                Outcome::Failed(error) => {
                    intent.status = "requires_payment_method".to_string();
                    intent.last_error = Some(error.object());
                    failure = Some(error);
                }
            }
        }
        let id = intent.id.clone();
        state.setup_intents.insert(id.clone(), intent);
        if state.setup_intents[&id].status == "succeeded" {
            setup_succeeded(state, &id, events)?;
        }
        let value = render::setup_intent(&state.public_url, &state.setup_intents[&id]);
        if let Some(mut error) = failure {
            error.intent = Some(Box::new(("setup_intent", value)));
            return Err(error);
        }
        answer(state, value, &form)
    })
}

/// A confirmed setup: the card is attached to the customer.
fn setup_succeeded(state: &mut State, id: &str, events: &mut Vec<Event>) -> Result<(), ApiError> {
    let intent = state.setup_intents[id].clone();
    if let (Some(customer), Some(pm)) = (&intent.customer, &intent.payment_method) {
        money::methods::attach(state, pm, customer, events)?;
    }
    events.push(event(
        "setup_intent.succeeded",
        render::setup_intent(&state.public_url, &intent),
        None,
    ));
    Ok(())
}

/// Completes or fails the 3-D Secure step of the intent `client_secret` names.
pub async fn authenticate(
    Extract(sandbox): Extract<Sandbox>,
    headers: HeaderMap,
    Params(form): Params,
) -> Answer {
    require_browser_key(&sandbox, &headers, &form)?;
    sandbox.mutate(|state, events| {
        let secret = form.required("client_secret")?;
        let complete = match form.required("outcome")? {
            "complete" => true,
            "fail" => false,
            _ => {
                return Err(ApiError::invalid(
                    "outcome",
                    "outcome must be complete or fail.",
                ));
            }
        };
        let unknown = || {
            ApiError::no_such(
                "intent",
                secret.split("_secret_").next().unwrap_or_default(),
                Some("client_secret"),
            )
        };
        let not_waiting = || ApiError::state("This intent does not require authentication.");
        if let Some(id) = state
            .setup_intents
            .values()
            .find(|i| i.client_secret == secret)
            .map(|i| i.id.clone())
        {
            if state.setup_intents[&id].status != "requires_action" {
                return Err(not_waiting());
            }
            let intent = state.setup_intents.get_mut(&id).expect("found above");
            if complete {
                intent.status = "succeeded".to_string();
                setup_succeeded(state, &id, events)?;
            } else {
                intent.status = "requires_payment_method".to_string();
                intent.last_error =
                    Some(authentication_error("setup_intent_authentication_failure"));
                events.push(event(
                    "setup_intent.setup_failed",
                    render::setup_intent(&state.public_url, intent),
                    None,
                ));
            }
            return answer(
                state,
                render::setup_intent(&state.public_url, &state.setup_intents[&id]),
                &form,
            );
        }
        let id = state
            .payment_intents
            .values()
            .find(|i| i.client_secret == secret)
            .map(|i| i.id.clone())
            .ok_or_else(unknown)?;
        if state.payment_intents[&id].status != "requires_action" {
            return Err(not_waiting());
        }
        let intent = state.payment_intents.get_mut(&id).expect("found above");
        let invoice = intent.invoice.clone();
        if complete {
            intent.status = "succeeded".to_string();
            if let Some(invoice) = invoice {
                money::mark_paid(state, &invoice, events);
            }
        } else {
            intent.status = "requires_payment_method".to_string();
            intent.last_error = Some(authentication_error(
                "payment_intent_authentication_failure",
            ));
            if let Some(invoice) = invoice
                && let Some(inv) = state.invoices.get_mut(&invoice)
            {
                inv.attempt_count += 1;
                let rendered = render::invoices::invoice(state, &state.invoices[&invoice], &[]);
                events.push(event("invoice.payment_failed", rendered, None));
            }
        }
        answer(
            state,
            render::payment_intent(&state.public_url, &state.payment_intents[&id]),
            &form,
        )
    })
}

fn authentication_error(code: &str) -> serde_json::Value {
    json!({
        "type": "invalid_request_error",
        "code": code,
        "message": AUTHENTICATION_FAILED,
        "doc_url": format!("https://stripe.com/docs/error-codes/{}", code.replace('_', "-")),
    })
}
