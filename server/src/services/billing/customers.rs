//! A user's Stripe customer as the other billing rooms read and change it: the customer
//! (made on first need), its subscriptions (duplicates put right by `reconcile.rs`), its
//! cards and default card, the price of a plan, and the plan the user follows.

use std::collections::HashMap;

use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use stripe::StripeRequest;
use stripe_billing::Subscription;
use stripe_billing::subscription::{
    CancelSubscription, ListSubscription, ListSubscriptionStatus, UpdateSubscription,
};
use stripe_billing::test_helpers_test_clock::CreateTestHelpersTestClock;
use stripe_core::customer::{
    CreateCustomer, ListPaymentMethodsCustomer, OptionalFieldsCustomerAddress, RetrieveCustomer,
    RetrieveCustomerReturned, UpdateCustomer, UpdateCustomerInvoiceSettings,
};
use stripe_product::price::ListPrice;

use super::client::{once_key, stripe_error};
use super::reconcile;
use super::views::{Card, card_of, current, entitled_plan, is_live};
use crate::entities::user;
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;
use crate::tokens::now;

/// The price id `plan` is sold at (resolving a lookup key).
pub(super) async fn price_id(state: &AppState, plan: Plan) -> Result<String, ApiError> {
    let stripe = &state.stripe;
    let wanted = stripe
        .configured_price(plan)
        .ok_or_else(|| ApiError::BadRequest("The free plan is not sold.".to_owned()))?;
    if wanted.starts_with("price_") {
        return Ok(wanted.to_owned());
    }
    let prices = ListPrice::new()
        .lookup_keys(vec![wanted.to_owned()])
        .active(true)
        .send(&stripe.client)
        .await
        .map_err(stripe_error)?;
    prices
        .data
        .first()
        .map(|price| price.id.as_str().to_owned())
        .ok_or_else(|| ApiError::Internal(format!("no active Stripe price {wanted}")))
}

/// The user's Stripe customer, created on first need. Race-free: the creation's
/// idempotency key is the user's, so two at once get the same customer from Stripe, and
/// only a user without one has it stored.
pub(super) async fn customer_of(state: &AppState, user: &user::Model) -> Result<String, ApiError> {
    if let Some(id) = &user.customer_id {
        return Ok(id.clone());
    }
    let client = &state.stripe.client;
    let mut create = CreateCustomer::new()
        .email(user.email.clone())
        .metadata(HashMap::from([(
            "calcsmith_user".to_owned(),
            user.id.to_string(),
        )]));
    if !user.name.is_empty() {
        create = create.name(user.name.clone());
    }
    if !user.phone.is_empty() {
        create = create.phone(user.phone.clone());
    }
    if !(user.address.is_empty() && user.city.is_empty() && user.country.is_empty()) {
        let mut address = OptionalFieldsCustomerAddress::new();
        let nonempty = |v: &String| (!v.is_empty()).then(|| v.clone());
        address.line1 = nonempty(&user.address);
        address.city = nonempty(&user.city);
        address.state = nonempty(&user.state);
        address.postal_code = nonempty(&user.zipcode);
        address.country = nonempty(&user.country);
        create = create.address(address);
    }
    let user_id = user.id.to_string();
    let key = |purpose: &str| once_key(&[purpose, &user_id]);
    if state.stripe.config.test_clocks && !state.stripe.is_live() {
        let clock = CreateTestHelpersTestClock::new(now())
            .name(format!("calcsmith user {}", user.id))
            .customize()
            .request_strategy(key("clock")?)
            .send(client)
            .await
            .map_err(stripe_error)?;
        create = create.test_clock(clock.id.as_str().to_owned());
    }
    let customer = create
        .customize()
        .request_strategy(key("customer")?)
        .send(client)
        .await
        .map_err(stripe_error)?;
    user::Entity::update_many()
        .col_expr(
            user::Column::CustomerId,
            Expr::value(customer.id.as_str().to_owned()),
        )
        .filter(user::Column::Id.eq(user.id))
        .filter(user::Column::CustomerId.is_null())
        .exec(&state.db)
        .await?;
    let stored = user::Entity::find_by_id(user.id)
        .one(&state.db)
        .await?
        .and_then(|u| u.customer_id)
        .ok_or_else(|| ApiError::Internal("the customer id was not stored".to_owned()))?;
    Ok(stored)
}

/// Every subscription of the customer, with its default card; more than one live is
/// put right first (`reconcile.rs`).
pub(super) async fn subscriptions_of(
    state: &AppState,
    customer: &str,
) -> Result<Vec<Subscription>, ApiError> {
    let list = ListSubscription::new()
        .customer(customer.to_owned())
        .status(ListSubscriptionStatus::All)
        .limit(100)
        .expand(vec!["data.default_payment_method".to_owned()])
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?
        .data;
    reconcile::cancel_duplicates(state, customer, list).await
}

/// The customer's subscription: the live one, else the newest ended one; with its
/// default card.
pub(super) async fn subscription_of(
    state: &AppState,
    customer: &str,
) -> Result<Option<Subscription>, ApiError> {
    Ok(current(subscriptions_of(state, customer).await?))
}

/// Sets the user's plan to what `subscription` entitles them to. A plan that ends leaves
/// everything the user has as it is; the plan's limits apply to what they do next.
pub(super) async fn follow(
    state: &AppState,
    user_id: i64,
    subscription: Option<&Subscription>,
) -> Result<(), ApiError> {
    let plan = subscription.map_or(Plan::Free, |s| entitled_plan(&state.stripe, s));
    user::Entity::update_many()
        .col_expr(user::Column::Plan, Expr::value(plan.name()))
        .filter(user::Column::Id.eq(user_id))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// The customer's default card id.
pub(super) async fn default_card(
    state: &AppState,
    customer: &str,
) -> Result<Option<String>, ApiError> {
    let customer = RetrieveCustomer::new(customer)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    let RetrieveCustomerReturned::Customer(customer) = customer else {
        return Ok(None);
    };
    Ok(customer
        .invoice_settings
        .and_then(|settings| settings.default_payment_method)
        .map(|method| method.id().as_str().to_owned()))
}

/// `GET /api/account/card`: the user's cards, the default marked.
///
/// # Errors
/// Stripe failed.
pub async fn cards(state: &AppState, user: &user::Model) -> Result<Vec<Card>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(Vec::new());
    };
    let default = default_card(state, customer).await?;
    let methods = ListPaymentMethodsCustomer::new(customer.as_str())
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(methods
        .data
        .iter()
        .filter_map(|method| card_of(method, default.as_deref()))
        .collect())
}

/// The ids of the customer's cards, sorted.
pub(super) async fn card_ids(state: &AppState, customer: &str) -> Result<Vec<String>, ApiError> {
    let methods = ListPaymentMethodsCustomer::new(customer)
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    let mut ids: Vec<String> = methods
        .data
        .iter()
        .map(|m| m.id.as_str().to_owned())
        .collect();
    ids.sort_unstable();
    Ok(ids)
}

/// Makes `card` the customer's default, and the live subscription's.
pub(super) async fn make_default(
    state: &AppState,
    customer: &str,
    card: &str,
    subscription: Option<&Subscription>,
) -> Result<(), ApiError> {
    let mut settings = UpdateCustomerInvoiceSettings::new();
    settings.default_payment_method = Some(card.to_owned());
    UpdateCustomer::new(customer)
        .invoice_settings(settings)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    if let Some(subscription) = subscription.filter(|s| is_live(s)) {
        UpdateSubscription::new(subscription.id.clone())
            .default_payment_method(card.to_owned())
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
    }
    Ok(())
}

/// Cancels a subscription at once (its first payment failed or was abandoned, or the
/// account goes).
pub(super) async fn cancel_now(
    state: &AppState,
    subscription: &Subscription,
) -> Result<(), ApiError> {
    CancelSubscription::new(subscription.id.clone())
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(())
}

/// The cards of a user whose customer may have been created during this request.
pub(super) async fn cards_of_customer(
    state: &AppState,
    user: &user::Model,
    customer: &str,
) -> Result<Vec<Card>, ApiError> {
    let mut user = user.clone();
    user.customer_id = Some(customer.to_owned());
    cards(state, &user).await
}
