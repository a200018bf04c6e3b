//! `/v1/customers`: made, edited and deleted (which cancels their subscriptions and
//! detaches their cards, as Stripe does).

use axum::extract::{Path, State as Extract};

use super::{Answer, Params, answer};
use crate::error::ApiError;
use crate::form::Form;
use crate::limits;
use crate::render;
use crate::store::{Customer, State, new_id, now, random};
use crate::webhook::event;
use crate::{Sandbox, money};

pub async fn create(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.mutate(|state, _| {
        let test_clock = match form.str("test_clock")? {
            Some(clock) if !state.clocks.contains_key(clock) => {
                return Err(ApiError::no_such("test_clock", clock, Some("test_clock")));
            }
            clock => clock.map(str::to_string),
        };
        let created = test_clock
            .as_ref()
            .map_or_else(now, |c| state.clocks[c].frozen_time);
        let mut customer = Customer {
            id: new_id("cus"),
            created,
            email: None,
            name: None,
            phone: None,
            description: None,
            address: None,
            metadata: Default::default(),
            test_clock,
            default_payment_method: None,
            invoice_prefix: random(8).to_uppercase(),
            next_invoice_sequence: 1,
            balance: 0,
            deleted: false,
        };
        apply_details(state, &mut customer, &form)?;
        let value = render::customer(state, &customer);
        state.customers.insert(customer.id.clone(), customer);
        answer(state, value, &form)
    })
}

pub async fn update(
    Extract(sandbox): Extract<Sandbox>,
    Path(id): Path<String>,
    Params(form): Params,
) -> Answer {
    sandbox.mutate(|state, _| {
        let mut customer = state.customers.get(&id).filter(|c| !c.deleted).cloned().ok_or_else(|| ApiError::no_such("customer", &id, None))?;
        apply_details(state, &mut customer, &form)?;
        if let Some(pm) = form.str("invoice_settings.default_payment_method")? {
            customer.default_payment_method = if pm.is_empty() {
                None
            } else {
                let owned = state.payment_methods.get(pm).is_some_and(|m| m.customer.as_deref() == Some(&customer.id));
                if !owned {
                    return Err(ApiError::invalid(
                        "invoice_settings[default_payment_method]",
                        format!("No such PaymentMethod: '{pm}'; the payment method must be attached to the customer first."),
                    ));
                }
                Some(pm.to_string())
            };
        }
        let value = render::customer(state, &customer);
        state.customers.insert(id.clone(), customer);
        answer(state, value, &form)
    })
}

/// Name, email, phone, description, address and metadata, as given (an empty value clears).
fn apply_details(_state: &State, customer: &mut Customer, form: &Form) -> Result<(), ApiError> {
    for (key, field, max) in [
        ("email", &mut customer.email, limits::CUSTOMER_EMAIL),
        ("name", &mut customer.name, limits::CUSTOMER_NAME),
        ("phone", &mut customer.phone, limits::CUSTOMER_PHONE),
        (
            "description",
            &mut customer.description,
            limits::DESCRIPTION,
        ),
    ] {
        if let Some(value) = limits::text(form, key, max)? {
            *field = (!value.is_empty()).then(|| value.to_string());
        }
    }
    if let Some(address) = form.get("address") {
        customer.address = if address.value.as_deref() == Some("") {
            None
        } else {
            Some(render::address(Some(address)).map_err(|e| e.within("address"))?)
        };
    }
    if let Some(metadata) = crate::limits::metadata(form, "metadata")? {
        for (key, value) in metadata {
            if value.is_empty() {
                customer.metadata.remove(&key);
            } else {
                customer.metadata.insert(key, value);
            }
        }
    }
    Ok(())
}

/// Deletes a customer as Stripe does: subscriptions canceled at once, cards detached; what
/// is left answers retrieval with the deleted stub.
pub async fn delete(Extract(sandbox): Extract<Sandbox>, Path(id): Path<String>) -> Answer {
    sandbox.mutate(|state, events| {
        state
            .require_customer(&id, "customer")
            .map_err(|_| ApiError::no_such("customer", &id, None))?;
        let now = state.now_for(&id);
        let live: Vec<String> = state
            .subscriptions
            .values()
            .filter(|s| s.customer == id && !s.ended())
            .map(|s| s.id.clone())
            .collect();
        for sub in live {
            money::end_subscription(state, &sub, now, "cancellation_requested", events);
        }
        let cards: Vec<String> = state
            .payment_methods
            .values()
            .filter(|pm| pm.customer.as_deref() == Some(&id))
            .map(|pm| pm.id.clone())
            .collect();
        for pm in cards {
            money::methods::set_customer(state, &pm, None, events);
        }
        let customer = state.customers.get_mut(&id).expect("checked above");
        customer.default_payment_method = None;
        customer.deleted = true;
        let rendered = render::customer(state, &state.customers[&id]);
        events.push(event("customer.deleted", rendered, None));
        Ok(axum::Json(render::deleted_customer(&id)))
    })
}
