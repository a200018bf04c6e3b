//! The user's invoices, newest first, and where each one's PDF is.

use serde::Serialize;
use stripe_billing::invoice::{ListInvoice, RetrieveInvoice};
use utoipa::ToSchema;

use super::client::{not_found, or_not_found, stripe_error};
use crate::entities::user;
use crate::error::ApiError;
use crate::state::AppState;

/// One row of `GET /api/account/invoice`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Invoice)]
pub struct InvoiceView {
    /// Stripe's invoice id (`in_…`).
    pub id: String,
    pub number: Option<String>,
    /// Unix seconds.
    pub created: i64,
    /// In cents.
    pub total: i64,
    pub amount_paid: i64,
    pub currency: String,
    /// `paid`, `open`, `draft`, `void`, `uncollectible`.
    pub status: Option<String>,
    /// `/api/account/invoice/{id}/pdf`.
    pub pdf: String,
}

/// `GET /api/account/invoice`: newest first.
///
/// # Errors
/// Stripe failed.
pub async fn invoices(state: &AppState, user: &user::Model) -> Result<Vec<InvoiceView>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(Vec::new());
    };
    let mut list = ListInvoice::new()
        .customer(customer.clone())
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?
        .data;
    list.sort_by_key(|invoice| std::cmp::Reverse(invoice.created));
    Ok(list
        .into_iter()
        .filter_map(|invoice| {
            let id = invoice.id?.as_str().to_owned();
            Some(InvoiceView {
                pdf: format!("/api/account/invoice/{id}/pdf"),
                id,
                number: invoice.number,
                created: invoice.created,
                total: invoice.total,
                amount_paid: invoice.amount_paid,
                currency: invoice.currency.to_string(),
                status: invoice.status.map(|s| s.as_str().to_owned()),
            })
        })
        .collect())
}

/// `GET /api/account/invoice/{id}/pdf`: where the user's invoice's PDF is.
///
/// # Errors
/// Not the user's (404), Stripe failed.
pub async fn invoice_pdf(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<String, ApiError> {
    let customer = user
        .customer_id
        .clone()
        .ok_or_else(|| not_found("Invoice"))?;
    if !id.starts_with("in_") {
        return Err(not_found("Invoice"));
    }
    let invoice = RetrieveInvoice::new(id)
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Invoice"))?;
    let owner = invoice.customer.as_ref().map(|c| c.id().as_str());
    if owner != Some(customer.as_str()) {
        return Err(not_found("Invoice"));
    }
    invoice
        .invoice_pdf
        .ok_or_else(|| ApiError::NotFound("This invoice has no PDF yet.".to_owned()))
}
