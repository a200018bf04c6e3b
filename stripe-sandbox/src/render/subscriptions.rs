//! Products, prices and subscriptions as Stripe's API answers them.

use super::*;

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
