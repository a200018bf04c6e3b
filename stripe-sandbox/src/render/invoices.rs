//! Invoices and their lines as Stripe's API answers them.

use super::*;

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
