//! Objects as Stripe's API (version `2026-09-30.endive`, the one async-stripe pins) answers
//! them: every key of Stripe's official example object, in the same shapes.

use serde_json::{Value, json};

use crate::limits;
use crate::store::{
    Clock, Customer, Invoice, Line, PaymentIntent, PaymentMethod, Price, Product, Refund,
    SetupIntent, State, Subscription,
};

pub mod invoices;
pub mod subscriptions;

/// A list answer: `{"object": "list", "data": [...], "has_more", "url"}`.
pub fn list(url: &str, data: Vec<Value>, has_more: bool) -> Value {
    json!({ "object": "list", "data": data, "has_more": has_more, "url": url })
}

pub fn customer(state: &State, c: &Customer) -> Value {
    let subscribed = state.subscriptions.values().any(|s| s.customer == c.id);
    let delinquent = state
        .invoices
        .values()
        .any(|i| i.customer == c.id && i.status == "open" && i.attempt_count > 0);
    json!({
        "id": c.id,
        "object": "customer",
        "address": c.address,
        "balance": c.balance,
        "created": c.created,
        "currency": subscribed.then_some("usd"),
        "default_source": null,
        "delinquent": delinquent,
        "description": c.description,
        "discount": null,
        "email": c.email,
        "invoice_prefix": c.invoice_prefix,
        "invoice_settings": {
            "custom_fields": null,
            "default_payment_method": c.default_payment_method,
            "footer": null,
            "rendering_options": null,
        },
        "livemode": false,
        "metadata": c.metadata,
        "name": c.name,
        "next_invoice_sequence": c.next_invoice_sequence,
        "phone": c.phone,
        "preferred_locales": [],
        "shipping": null,
        "tax_exempt": "none",
        "test_clock": c.test_clock,
    })
}

/// What Stripe answers for a deleted customer, on deletion and on retrieval.
pub fn deleted_customer(id: &str) -> Value {
    json!({ "id": id, "object": "customer", "deleted": true })
}

pub fn refund(r: &Refund) -> Value {
    json!({
        "id": r.id,
        "object": "refund",
        "amount": r.amount,
        "balance_transaction": null,
        "charge": charge_id(&r.payment_intent),
        "created": r.created,
        "currency": "usd",
        "customer": r.customer,
        "customer_account": null,
        "description": null,
        "destination_details": { "card": { "type": "refund" }, "type": "card" },
        "metadata": r.metadata,
        "payment_intent": r.payment_intent,
        "payment_method": r.payment_method,
        "reason": r.reason,
        "receipt_number": null,
        "source_transfer_reversal": null,
        "status": "succeeded",
        "transfer_reversal": null,
    })
}

/// The charge a succeeded payment intent made (the sandbox keeps no charge objects: one
/// charge per intent, named after it).
pub fn charge_id(payment_intent: &str) -> String {
    payment_intent.replacen("pi_", "ch_", 1)
}

pub fn payment_method(pm: &PaymentMethod) -> Value {
    json!({
        "id": pm.id,
        "object": "payment_method",
        "allow_redisplay": "unspecified",
        "billing_details": pm.billing_details,
        "card": {
            "brand": pm.brand,
            "checks": { "address_line1_check": null, "address_postal_code_check": null, "cvc_check": "pass" },
            "country": "US",
            "display_brand": pm.brand,
            "exp_month": pm.exp_month,
            "exp_year": pm.exp_year,
            "fingerprint": pm.fingerprint,
            "funding": "credit",
            "generated_from": null,
            "last4": pm.last4,
            "networks": { "available": [pm.brand], "preferred": null },
            "regulated_status": "unregulated",
            "three_d_secure_usage": { "supported": true },
            "wallet": null,
        },
        "created": pm.created,
        "customer": pm.customer,
        "customer_account": null,
        "livemode": false,
        "metadata": pm.metadata,
        "type": "card",
    })
}

/// `billing_details` with every key present, from what was given.
pub fn billing_details(given: Option<&crate::form::Form>) -> Result<Value, crate::error::ApiError> {
    let text = |key: &str, max: usize| -> Result<Value, crate::error::ApiError> {
        Ok(match given {
            Some(form) => {
                json!(limits::text(form, key, max).map_err(|e| e.within("billing_details"))?)
            }
            None => Value::Null,
        })
    };
    Ok(json!({
        "address": address(given.and_then(|f| f.get("address")))
            .map_err(|e| e.within("address").within("billing_details"))?,
        "email": text("email", limits::BILLING_EMAIL)?,
        "name": text("name", limits::BILLING_NAME)?,
        "phone": text("phone", limits::BILLING_PHONE)?,
        "tax_id": null,
    }))
}

/// An address object with its six keys (all null when nothing was given).
pub fn address(given: Option<&crate::form::Form>) -> Result<Value, crate::error::ApiError> {
    let mut address = serde_json::Map::new();
    for key in ["city", "country", "line1", "line2", "postal_code", "state"] {
        let value = match given {
            Some(form) => limits::text(form, key, limits::ADDRESS_FIELD)?.map(str::to_string),
            None => None,
        };
        address.insert(key.to_string(), json!(value));
    }
    Ok(Value::Object(address))
}

fn next_action(public_url: &str, status: &str, client_secret: &str) -> Value {
    if status != "requires_action" {
        return Value::Null;
    }
    json!({
        "type": "use_stripe_sdk",
        "use_stripe_sdk": {
            "type": "three_d_secure_redirect",
            "stripe_js": format!("{public_url}/sandbox/authenticate"),
            "client_secret": client_secret,
        },
    })
}

pub fn setup_intent(public_url: &str, si: &SetupIntent) -> Value {
    json!({
        "id": si.id,
        "object": "setup_intent",
        "application": null,
        "automatic_payment_methods": null,
        "cancellation_reason": null,
        "client_secret": si.client_secret,
        "created": si.created,
        "customer": si.customer,
        "description": null,
        "excluded_payment_method_types": null,
        "flow_directions": null,
        "last_setup_error": si.last_error,
        "latest_attempt": null,
        "livemode": false,
        "mandate": null,
        "metadata": si.metadata,
        "next_action": next_action(public_url, &si.status, &si.client_secret),
        "on_behalf_of": null,
        "payment_method": si.payment_method,
        "payment_method_configuration_details": null,
        "payment_method_options": { "card": { "mandate_options": null, "network": null, "request_three_d_secure": "automatic" } },
        "payment_method_types": ["card"],
        "single_use_mandate": null,
        "status": si.status,
        "usage": si.usage,
    })
}

pub fn payment_intent(public_url: &str, pi: &PaymentIntent) -> Value {
    let succeeded = pi.status == "succeeded";
    json!({
        "id": pi.id,
        "object": "payment_intent",
        "amount": pi.amount,
        "amount_capturable": 0,
        "amount_details": { "tip": {} },
        "amount_received": if succeeded { pi.amount } else { 0 },
        "application": null,
        "application_fee_amount": null,
        "automatic_payment_methods": null,
        "canceled_at": null,
        "cancellation_reason": null,
        "capture_method": "automatic",
        "client_secret": pi.client_secret,
        "confirmation_method": "automatic",
        "created": pi.created,
        "currency": "usd",
        "customer": pi.customer,
        "customer_account": null,
        "description": pi.description,
        "excluded_payment_method_types": null,
        "last_payment_error": pi.last_error,
        "latest_charge": succeeded.then(|| charge_id(&pi.id)),
        "livemode": false,
        "managed_payments": null,
        "metadata": {},
        "next_action": next_action(public_url, &pi.status, &pi.client_secret),
        "on_behalf_of": null,
        "payment_method": pi.payment_method,
        "payment_method_configuration_details": null,
        "payment_method_options": { "card": { "installments": null, "mandate_options": null, "network": null, "request_three_d_secure": "automatic" } },
        "payment_method_types": ["card"],
        "processing": null,
        "receipt_email": null,
        "review": null,
        "setup_future_usage": null,
        "shipping": null,
        "source": null,
        "statement_descriptor": null,
        "statement_descriptor_suffix": null,
        "status": pi.status,
        "transfer_data": null,
        "transfer_group": null,
    })
}

pub fn clock(c: &Clock) -> Value {
    json!({
        "id": c.id,
        "object": "test_helpers.test_clock",
        "created": c.created,
        "deletes_after": c.created + 30 * 86_400,
        "frozen_time": c.frozen_time,
        "livemode": false,
        "name": c.name,
        "status": "ready",
        "status_details": {},
    })
}
