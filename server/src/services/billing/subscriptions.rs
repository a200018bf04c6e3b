//! The user's subscription: reading it, cancelling at the period's end (and undoing
//! that), switching plans with proration, and closing the customer when the account goes.

use serde::Serialize;
use stripe::{StripeError, StripeRequest};
use stripe_billing::Subscription;
use stripe_billing::invoice::{
    CreatePreviewInvoice, CreatePreviewInvoiceSubscriptionDetails,
    CreatePreviewInvoiceSubscriptionDetailsItems,
    CreatePreviewInvoiceSubscriptionDetailsProrationBehavior,
};
use stripe_billing::subscription::{
    RetrieveSubscription, UpdateSubscription, UpdateSubscriptionItems,
    UpdateSubscriptionPaymentBehavior, UpdateSubscriptionProrationBehavior,
};
use stripe_core::customer::DeleteCustomer;
use utoipa::ToSchema;

use super::client::{not_found, once_key, or_not_found, stripe_error};
use super::customers::{cancel_now, follow, price_id, subscription_of, subscriptions_of};
use super::lease;
use super::views::{SubscriptionView, is_live, view};
use crate::entities::user;
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;

/// A plan a user may buy, from the request's `plan`.
///
/// # Errors
/// 400 for anything but `regular` or `premium`.
pub fn paid_plan(name: &str) -> Result<Plan, ApiError> {
    match Plan::parse(name) {
        Plan::Free => Err(ApiError::BadRequest(
            "Please choose the Regular or Premium plan.".to_owned(),
        )),
        plan => Ok(plan),
    }
}

/// `PUT /api/account/sub`: the user's subscription (the plan re-read from Stripe).
///
/// # Errors
/// Stripe cannot be reached (502).
pub async fn subscription(
    state: &AppState,
    user: &user::Model,
) -> Result<Option<SubscriptionView>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(None);
    };
    let subscription = subscription_of(state, customer).await?;
    follow(state, user.id, subscription.as_ref()).await?;
    Ok(subscription.map(|s| view(&state.stripe, &s)))
}

/// The user's subscription `id`; someone else's is the same 404 as a missing one.
async fn own_subscription(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Subscription, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Err(not_found("Subscription"));
    };
    if !id.starts_with("sub_") {
        return Err(not_found("Subscription"));
    }
    let subscription = RetrieveSubscription::new(id)
        .expand(vec!["default_payment_method".to_owned()])
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Subscription"))?;
    if subscription.customer.id().as_str() != customer.as_str() {
        return Err(not_found("Subscription"));
    }
    Ok(subscription)
}

/// `DELETE /api/account/sub/{id}` (`cancel: true`) and its undo.
///
/// # Errors
/// Not the user's (404), already ended (400), Stripe failed.
pub async fn cancel_at_period_end(
    state: &AppState,
    user: &user::Model,
    id: &str,
    cancel: bool,
) -> Result<SubscriptionView, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let subscription = own_subscription(state, user, id).await?;
        if !is_live(&subscription) {
            return Err(ApiError::BadRequest(
                "This subscription has ended.".to_owned(),
            ));
        }
        let updated = UpdateSubscription::new(subscription.id.clone())
            .cancel_at_period_end(cancel)
            .expand(vec!["default_payment_method".to_owned()])
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        follow(state, user.id, Some(&updated)).await?;
        Ok(view(&state.stripe, &updated))
    })
    .await
}

/// Closes the user's Stripe customer (the account is being deleted): every live
/// subscription ends at once, so a deleted account is never charged again, and the
/// customer goes with its name, e-mail and cards.
///
/// # Errors
/// Stripe failed.
pub async fn close_customer(state: &AppState, user: &user::Model) -> Result<(), ApiError> {
    lease::serialised(state, user, |user| async move {
        let Some(customer) = &user.customer_id else {
            return Ok(());
        };
        for subscription in subscriptions_of(state, customer).await? {
            if is_live(&subscription) {
                cancel_now(state, &subscription).await?;
            }
        }
        match DeleteCustomer::new(customer.as_str())
            .send(&state.stripe.client)
            .await
        {
            // Already gone at Stripe: nothing left to delete.
            Ok(_) | Err(StripeError::Stripe(_, 404)) => Ok(()),
            Err(e) => Err(stripe_error(e)),
        }
    })
    .await
}

/// The price a live subscription would switch to, checked.
async fn switch_target(
    state: &AppState,
    subscription: &Subscription,
    plan: Plan,
) -> Result<(String, String), ApiError> {
    if !is_live(subscription) {
        return Err(ApiError::BadRequest(
            "This subscription has ended.".to_owned(),
        ));
    }
    let item = subscription
        .items
        .data
        .first()
        .ok_or_else(|| ApiError::Internal("a subscription without items".to_owned()))?;
    if state.stripe.plan_of(&item.price) == plan {
        return Err(ApiError::BadRequest(
            "You are already on this plan.".to_owned(),
        ));
    }
    Ok((item.id.as_str().to_owned(), price_id(state, plan).await?))
}

/// What switching the subscription to `plan` costs now (Stripe's proration).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProrationPreview)]
pub struct Preview {
    /// In cents.
    pub amount_due: i64,
    pub currency: String,
}

/// `POST /api/account/sub/{id}/preview`.
///
/// # Errors
/// Not the user's (404), same plan (400), Stripe failed.
pub async fn preview_switch(
    state: &AppState,
    user: &user::Model,
    id: &str,
    plan: Plan,
) -> Result<Preview, ApiError> {
    let subscription = own_subscription(state, user, id).await?;
    let (item, price) = switch_target(state, &subscription, plan).await?;
    let mut line = CreatePreviewInvoiceSubscriptionDetailsItems::new();
    line.id = Some(item);
    line.price = Some(price);
    let mut details = CreatePreviewInvoiceSubscriptionDetails::new();
    details.items = Some(vec![line]);
    details.proration_behavior =
        Some(CreatePreviewInvoiceSubscriptionDetailsProrationBehavior::AlwaysInvoice);
    let invoice = CreatePreviewInvoice::new()
        .customer(subscription.customer.id().as_str().to_owned())
        .subscription(subscription.id.as_str().to_owned())
        .subscription_details(details)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(Preview {
        amount_due: invoice.amount_due,
        currency: invoice.currency.to_string(),
    })
}

/// `POST /api/account/sub/{id}/plan`: switches with proration, invoiced and charged now.
///
/// # Errors
/// Not the user's (404), same plan (400), the card declined (402), Stripe failed.
pub async fn switch_plan(
    state: &AppState,
    user: &user::Model,
    id: &str,
    plan: Plan,
) -> Result<SubscriptionView, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let subscription = own_subscription(state, user, id).await?;
        let (item, price) = switch_target(state, &subscription, plan).await?;
        // The latest invoice changes with every switch, so switching back later is a
        // new request, and a retry of this one is not.
        let latest_invoice = subscription
            .latest_invoice
            .as_ref()
            .and_then(|invoice| invoice.id().as_ref().map(|id| id.as_str().to_owned()))
            .unwrap_or_default();
        let key = once_key(&[
            "switch",
            &user.id.to_string(),
            &item,
            &price,
            &latest_invoice,
        ])?;
        let mut line = UpdateSubscriptionItems::new();
        line.id = Some(item);
        line.price = Some(price);
        let updated = UpdateSubscription::new(subscription.id.clone())
            .items(vec![line])
            .proration_behavior(UpdateSubscriptionProrationBehavior::AlwaysInvoice)
            .payment_behavior(UpdateSubscriptionPaymentBehavior::ErrorIfIncomplete)
            .expand(vec!["default_payment_method".to_owned()])
            .customize()
            .request_strategy(key)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        follow(state, user.id, Some(&updated)).await?;
        Ok(view(&state.stripe, &updated))
    })
    .await
}
