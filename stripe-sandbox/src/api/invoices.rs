//! `/v1/invoices`, the proration preview and the invoice PDFs.

use axum::extract::{Path, State as Extract};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::{Answer, Params, answer, page};
use crate::error::ApiError;
use crate::store::Invoice;
use crate::{Sandbox, dates, money, pdf, render};

pub async fn list(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.read(|state| {
        let customer = form.str("customer")?;
        let subscription = form.str("subscription")?;
        let status = form.str("status")?;
        let invoices = state
            .invoices
            .values()
            .filter(|i| customer.is_none_or(|c| i.customer == c))
            .filter(|i| subscription.is_none_or(|s| i.subscription.as_deref() == Some(s)))
            .filter(|i| status.is_none_or(|s| i.status == s))
            .map(|i| {
                (
                    i.created,
                    i.id.clone(),
                    render::invoices::invoice(state, i, &[]),
                )
            })
            .collect();
        let list = page("/v1/invoices", invoices, &form)?;
        answer(state, list, &form)
    })
}

/// What an invoice would be: for a plan switch (`subscription_details[items][0][price]`) the
/// prorations (only those with `always_invoice`, else also the next period), for a new
/// subscription its first period. Nothing is stored.
pub async fn preview(Extract(sandbox): Extract<Sandbox>, Params(form): Params) -> Answer {
    sandbox.read(|state| {
        let customer = form.required("customer")?;
        state.require_customer(customer, "customer")?;
        let price = match form.str("subscription_details.items.0.price")? {
            Some(p) if !state.prices.contains_key(p) => {
                return Err(ApiError::no_such(
                    "price",
                    p,
                    Some("subscription_details[items][0][price]"),
                ));
            }
            p => p.map(str::to_string),
        };
        let proration = match form
            .str("subscription_details.proration_behavior")?
            .unwrap_or("create_prorations")
        {
            p @ ("create_prorations" | "always_invoice" | "none") => p,
            other => {
                return Err(ApiError::invalid(
                    "subscription_details[proration_behavior]",
                    format!("Invalid proration_behavior: {other}"),
                ));
            }
        };
        let now = state.now_for(customer);
        let (subscription, lines, reason) = match form.str("subscription")? {
            Some(id) => {
                let s = state
                    .subscriptions
                    .get(id)
                    .filter(|s| s.customer == customer)
                    .ok_or_else(|| ApiError::no_such("subscription", id, Some("subscription")))?;
                if let Some(item) = form.str("subscription_details.items.0.id")?
                    && item != s.item_id
                {
                    return Err(ApiError::no_such(
                        "subscription_item",
                        item,
                        Some("subscription_details[items][0][id]"),
                    ));
                }
                let new_price = price.unwrap_or_else(|| s.price.clone());
                let mut lines = s.pending_lines.clone();
                if new_price != s.price && proration != "none" {
                    lines.extend(money::proration_lines(state, s, &new_price, now));
                }
                let reason = if proration == "always_invoice" {
                    "subscription_update"
                } else {
                    let end = dates::next_month(s.current_period_end, dates::civil(s.created).2);
                    lines.push(money::period_line(
                        state,
                        &new_price,
                        s.current_period_end,
                        end,
                    ));
                    "upcoming"
                };
                (Some(id.to_string()), lines, reason)
            }
            None => {
                let price = price
                    .ok_or_else(|| ApiError::missing("subscription_details[items][0][price]"))?;
                let end = dates::next_month(now, dates::civil(now).2);
                (
                    None,
                    vec![money::period_line(state, &price, now, end)],
                    "subscription_create",
                )
            }
        };
        let c = &state.customers[customer];
        let subtotal: i64 = lines.iter().map(|l| l.amount).sum();
        let invoice = Invoice {
            id: format!("upcoming_in_{}", crate::store::random(24)),
            number: String::new(),
            created: now,
            customer: customer.to_string(),
            subscription,
            billing_reason: reason.to_string(),
            status: "draft".to_string(),
            subtotal,
            starting_balance: c.balance,
            amount_due: (subtotal + c.balance).max(0),
            amount_paid: 0,
            attempt_count: 0,
            next_payment_attempt: None,
            payment_intent: None,
            period_start: lines.iter().map(|l| l.period_start).min().unwrap_or(now),
            period_end: lines.iter().map(|l| l.period_end).max().unwrap_or(now),
            paid_at: None,
            pdf_token: String::new(),
            customer_name: c.name.clone(),
            customer_email: c.email.clone(),
            customer_phone: c.phone.clone(),
            customer_address: c.address.clone(),
            lines,
        };
        answer(
            state,
            render::invoices::invoice(state, &invoice, &[]),
            &form,
        )
    })
}

/// The PDF; the unguessable token in the address stands in for a key, as Stripe's links do.
pub async fn pdf(
    Extract(sandbox): Extract<Sandbox>,
    Path((id, file)): Path<(String, String)>,
) -> Response {
    sandbox.read(|state| {
        let invoice = state.invoices.get(&id).filter(|i| {
            file.strip_suffix(".pdf")
                .is_some_and(|token| crate::store::same_secret(token, &i.pdf_token))
        });
        match invoice {
            Some(invoice) => (
                [
                    (header::CONTENT_TYPE, "application/pdf".to_string()),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("inline; filename=\"Invoice-{}.pdf\"", invoice.number),
                    ),
                ],
                pdf::invoice(state, invoice),
            )
                .into_response(),
            None => ApiError::no_such("file", &id, None).into_response(),
        }
    })
}
