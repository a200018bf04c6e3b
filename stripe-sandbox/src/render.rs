//! Objects as Stripe's API (version `2026-09-30.endive`, the one async-stripe pins) answers
//! them: every key of Stripe's official example object, in the same shapes.

use serde_json::{Value, json};

use crate::limits;
use crate::store::{
    Clock, Customer, Invoice, Line, PaymentIntent, PaymentMethod, Price, Product, Refund,
    SetupIntent, State, Subscription,
};

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

pub fn product(p: &Product) -> Value {
    json!({
        "id": p.id,
        "object": "product",
        "active": true,
        "created": p.created,
        "default_price": p.default_price,
        "description": p.description,
        "images": [],
        "livemode": false,
        "marketing_features": [],
        "metadata": {},
        "name": p.name,
        "package_dimensions": null,
        "shippable": null,
        "statement_descriptor": null,
        "tax_code": null,
        "type": "service",
        "unit_label": null,
        "updated": p.created,
        "url": null,
    })
}

pub fn price(p: &Price) -> Value {
    json!({
        "id": p.id,
        "object": "price",
        "active": true,
        "billing_scheme": "per_unit",
        "created": p.created,
        "currency": "usd",
        "custom_unit_amount": null,
        "livemode": false,
        "lookup_key": p.lookup_key,
        "metadata": {},
        "nickname": p.nickname,
        "product": p.product,
        "recurring": { "interval": "month", "interval_count": 1, "meter": null, "trial_period_days": null, "usage_type": "licensed" },
        "tax_behavior": "unspecified",
        "tiers_mode": null,
        "transform_quantity": null,
        "type": "recurring",
        "unit_amount": p.unit_amount,
        "unit_amount_decimal": p.unit_amount.to_string(),
    })
}

/// The legacy `plan` object Stripe still puts beside each subscription item's price.
fn plan(p: &Price) -> Value {
    json!({
        "id": p.id,
        "object": "plan",
        "active": true,
        "amount": p.unit_amount,
        "amount_decimal": p.unit_amount.to_string(),
        "billing_scheme": "per_unit",
        "created": p.created,
        "currency": "usd",
        "interval": "month",
        "interval_count": 1,
        "livemode": false,
        "metadata": {},
        "meter": null,
        "nickname": p.nickname,
        "product": p.product,
        "tiers_mode": null,
        "transform_usage": null,
        "trial_period_days": null,
        "usage_type": "licensed",
    })
}

pub fn subscription(state: &State, s: &Subscription) -> Value {
    let price = state.prices.get(&s.price);
    let test_clock = state
        .customers
        .get(&s.customer)
        .and_then(|c| c.test_clock.clone());
    let item = json!({
        "id": s.item_id,
        "object": "subscription_item",
        "billing_thresholds": null,
        "created": s.created,
        "current_period_end": s.current_period_end,
        "current_period_start": s.current_period_start,
        "discounts": [],
        "metadata": {},
        "plan": price.map(plan),
        "price": price.map(self::price),
        "quantity": 1,
        "subscription": s.id,
        "tax_rates": [],
    });
    let cancel_reason = s.cancellation_reason.clone().or_else(|| {
        s.cancel_at_period_end
            .then(|| "cancellation_requested".to_string())
    });
    json!({
        "id": s.id,
        "object": "subscription",
        "application": null,
        "application_fee_percent": null,
        "automatic_tax": { "disabled_reason": null, "enabled": false, "liability": null },
        "billing_cycle_anchor": s.created,
        "billing_cycle_anchor_config": null,
        "billing_mode": { "flexible": null, "type": "classic", "updated_at": null },
        "billing_schedules": [],
        "billing_thresholds": null,
        "cancel_at": s.cancel_at_period_end.then_some(s.current_period_end),
        "cancel_at_period_end": s.cancel_at_period_end,
        "canceled_at": s.canceled_at,
        "cancellation_details": { "comment": null, "feedback": null, "reason": cancel_reason },
        "collection_method": "charge_automatically",
        "created": s.created,
        "currency": "usd",
        "customer": s.customer,
        "customer_account": null,
        "days_until_due": null,
        "default_payment_method": s.default_payment_method,
        "default_source": null,
        "default_tax_rates": [],
        "description": null,
        "discounts": [],
        "ended_at": s.ended_at,
        "invoice_settings": {
            "account_tax_ids": null,
            "custom_fields": null,
            "description": null,
            "footer": null,
            "issuer": { "type": "self" },
        },
        "items": list(&format!("/v1/subscription_items?subscription={}", s.id), vec![item], false),
        "latest_invoice": s.latest_invoice,
        "livemode": false,
        "managed_payments": null,
        "metadata": s.metadata,
        "next_pending_invoice_item_invoice": null,
        "on_behalf_of": null,
        "pause_collection": null,
        "payment_settings": { "payment_method_options": null, "payment_method_types": null, "save_default_payment_method": "off" },
        "pending_invoice_item_interval": null,
        "pending_setup_intent": null,
        "pending_update": null,
        "schedule": null,
        "start_date": s.created,
        "status": s.status,
        "test_clock": test_clock,
        "transfer_data": null,
        "trial_end": null,
        "trial_settings": { "end_behavior": { "missing_payment_method": "create_invoice" } },
        "trial_start": null,
    })
}

fn line(state: &State, invoice: &Invoice, l: &Line) -> Value {
    let product = state.prices.get(&l.price).map(|p| p.product.clone());
    let unit_amount = state
        .prices
        .get(&l.price)
        .map(|p| p.unit_amount.to_string());
    json!({
        "id": l.id,
        "object": "line_item",
        "amount": l.amount,
        "currency": "usd",
        "description": l.description,
        "discount_amounts": [],
        "discountable": !l.proration,
        "discounts": [],
        "invoice": invoice.id,
        "livemode": false,
        "metadata": {},
        "parent": {
            "invoice_item_details": null,
            "subscription_item_details": {
                "invoice_item": null,
                "proration": l.proration,
                "proration_details": { "credited_items": null },
                "subscription": invoice.subscription,
                "subscription_item": invoice.subscription.as_ref().and_then(|s| state.subscriptions.get(s)).map(|s| s.item_id.clone()),
            },
            "type": "subscription_item_details",
        },
        "period": { "end": l.period_end, "start": l.period_start },
        "pretax_credit_amounts": [],
        "pricing": {
            "price_details": { "price": l.price, "product": product },
            "type": "price_details",
            "unit_amount_decimal": unit_amount,
        },
        "quantity": 1,
        "quantity_decimal": "1",
        "subscription": invoice.subscription,
        "subtotal": l.amount,
        "taxes": [],
    })
}

/// The address an invoice's PDF is served at.
pub fn invoice_pdf_url(public_url: &str, i: &Invoice) -> String {
    format!("{public_url}/files/invoices/{}/{}.pdf", i.id, i.pdf_token)
}

/// An invoice; `includes` are the includable fields asked for with `expand[]`
/// (`confirmation_secret`, `payments`).
pub fn invoice(state: &State, i: &Invoice, includes: &[String]) -> Value {
    let paid = i.status == "paid";
    let finalized = i.status != "draft";
    let test_clock = state
        .customers
        .get(&i.customer)
        .and_then(|c| c.test_clock.clone());
    let total = i.subtotal;
    let mut invoice = json!({
        "id": i.id,
        "object": "invoice",
        "account_country": "US",
        "account_name": "Calcsmith (sandbox)",
        "account_tax_ids": null,
        "amount_due": i.amount_due,
        "amount_overpaid": 0,
        "amount_paid": i.amount_paid,
        "amount_remaining": i.amount_due - i.amount_paid,
        "amount_shipping": 0,
        "application": null,
        "attempt_count": i.attempt_count,
        "attempted": i.attempt_count > 0 || paid,
        "auto_advance": !paid && i.status == "open",
        "automatic_tax": { "disabled_reason": null, "enabled": false, "liability": null, "provider": null, "status": null },
        "automatically_finalizes_at": null,
        "billing_reason": i.billing_reason,
        "collection_method": "charge_automatically",
        "created": i.created,
        "currency": "usd",
        "custom_fields": null,
        "customer": i.customer,
        "customer_account": null,
        "customer_address": i.customer_address,
        "customer_email": i.customer_email,
        "customer_name": i.customer_name,
        "customer_phone": i.customer_phone,
        "customer_shipping": null,
        "customer_tax_exempt": "none",
        "customer_tax_ids": [],
        "default_payment_method": null,
        "default_source": null,
        "default_tax_rates": [],
        "description": null,
        "discounts": [],
        "due_date": null,
        "effective_at": finalized.then_some(i.created),
        "ending_balance": finalized.then_some((total + i.starting_balance).min(0)),
        "footer": null,
        "from_invoice": null,
        "hosted_invoice_url": null,
        "invoice_pdf": finalized.then(|| invoice_pdf_url(&state.public_url, i)),
        "issuer": { "type": "self" },
        "last_finalization_error": null,
        "latest_revision": null,
        "lines": list(&format!("/v1/invoices/{}/lines", i.id), i.lines.iter().map(|l| line(state, i, l)).collect(), false),
        "livemode": false,
        "metadata": {},
        "next_payment_attempt": i.next_payment_attempt,
        "number": finalized.then(|| i.number.clone()),
        "on_behalf_of": null,
        "parent": i.subscription.as_ref().map(|s| json!({
            "quote_details": null,
            "subscription_details": { "metadata": {}, "subscription": s },
            "type": "subscription_details",
        })),
        "payment_settings": { "default_mandate": null, "payment_method_options": null, "payment_method_types": null },
        "period_end": i.period_end,
        "period_start": i.period_start,
        "post_payment_credit_notes_amount": 0,
        "pre_payment_credit_notes_amount": 0,
        "receipt_number": null,
        "rendering": null,
        "shipping_cost": null,
        "shipping_details": null,
        "starting_balance": i.starting_balance,
        "statement_descriptor": null,
        "status": i.status,
        "status_transitions": {
            "finalized_at": finalized.then_some(i.created),
            "marked_uncollectible_at": null,
            "paid_at": i.paid_at,
            "voided_at": null,
        },
        "subscription": i.subscription,
        "subtotal": i.subtotal,
        "subtotal_excluding_tax": i.subtotal,
        "test_clock": test_clock,
        "total": total,
        "total_discount_amounts": [],
        "total_excluding_tax": total,
        "total_pretax_credit_amounts": [],
        "total_taxes": [],
        "webhooks_delivered_at": finalized.then_some(i.created),
    });
    let intent = i
        .payment_intent
        .as_ref()
        .and_then(|id| state.payment_intents.get(id));
    if includes.iter().any(|f| f == "confirmation_secret") {
        invoice["confirmation_secret"] = json!(intent.filter(|_| !paid).map(|pi| json!({
            "client_secret": pi.client_secret,
            "type": "payment_intent",
        })));
    }
    if includes.iter().any(|f| f == "payments") {
        let payments: Vec<Value> = intent
            .map(|pi| {
                json!({
                    "id": pi.id.replacen("pi_", "inpay_", 1),
                    "object": "invoice_payment",
                    "amount_paid": paid.then_some(pi.amount),
                    "amount_requested": pi.amount,
                    "created": pi.created,
                    "currency": "usd",
                    "invoice": i.id,
                    "is_default": true,
                    "livemode": false,
                    "payment": { "payment_intent": pi.id, "type": "payment_intent" },
                    "status": if paid { "paid" } else { "open" },
                    "status_transitions": { "canceled_at": null, "paid_at": i.paid_at },
                })
            })
            .into_iter()
            .collect();
        invoice["payments"] = list(
            &format!("/v1/invoice_payments?invoice={}", i.id),
            payments,
            false,
        );
    }
    invoice
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
