//! The user's cards: a new expiry, the default card, and deleting one (never the card
//! that pays for a live subscription).

use stripe_payment::PaymentMethod;
use stripe_payment::payment_method::{
    DetachPaymentMethod, RetrievePaymentMethod, UpdatePaymentMethod, UpdatePaymentMethodCard,
};

use super::client::{not_found, or_not_found, stripe_error};
use super::customers::{cards, default_card, make_default, subscription_of};
use super::lease;
use super::views::{Card, is_live};
use crate::entities::user;
use crate::error::ApiError;
use crate::state::AppState;

/// The user's card `id`; someone else's is the same 404 as a missing one.
async fn own_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<(String, PaymentMethod), ApiError> {
    let customer = user.customer_id.clone().ok_or_else(|| not_found("Card"))?;
    if !id.starts_with("pm_") {
        return Err(not_found("Card"));
    }
    let method = RetrievePaymentMethod::new(id)
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Card"))?;
    let owner = method.customer.as_ref().map(|c| c.id().as_str());
    if owner != Some(customer.as_str()) {
        return Err(not_found("Card"));
    }
    Ok((customer, method))
}

/// `POST /api/account/card`: a new expiry for a card (month 1–12, year 2020–2040).
///
/// # Errors
/// Out of range (400), not the user's (404), Stripe failed.
pub async fn edit_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
    exp_month: i64,
    exp_year: i64,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        if !(1..=12).contains(&exp_month) {
            return Err(ApiError::BadRequest(
                "The expiry month must be from 1 to 12.".to_owned(),
            ));
        }
        if !(2020..=2040).contains(&exp_year) {
            return Err(ApiError::BadRequest(
                "The expiry year must be from 2020 to 2040.".to_owned(),
            ));
        }
        let (_, method) = own_card(state, user, id).await?;
        let mut card = UpdatePaymentMethodCard::new();
        card.exp_month = Some(exp_month);
        card.exp_year = Some(exp_year);
        UpdatePaymentMethod::new(method.id)
            .card(card)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        cards(state, user).await
    })
    .await
}

/// `POST /api/account/card/{id}`: makes the card the default (also of the subscription).
///
/// # Errors
/// Not the user's (404), Stripe failed.
pub async fn set_default_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let (customer, method) = own_card(state, user, id).await?;
        let subscription = subscription_of(state, &customer).await?;
        make_default(state, &customer, method.id.as_str(), subscription.as_ref()).await?;
        cards(state, user).await
    })
    .await
}

/// The answer to deleting the card that pays for a live subscription.
pub const CARD_PAYS_SUBSCRIPTION: &str =
    "This card pays for your subscription. Make another card the default before deleting it.";

/// `DELETE /api/account/card/{id}`.
///
/// # Errors
/// Not the user's (404), the default card of a live subscription (400), Stripe failed.
pub async fn delete_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let (customer, method) = own_card(state, user, id).await?;
        if let Some(subscription) = subscription_of(state, &customer).await?
            && is_live(&subscription)
        {
            let paying = match &subscription.default_payment_method {
                Some(card) => card.id().as_str().to_owned(),
                None => default_card(state, &customer).await?.unwrap_or_default(),
            };
            if paying == method.id.as_str() {
                return Err(ApiError::BadRequest(CARD_PAYS_SUBSCRIPTION.to_owned()));
            }
        }
        DetachPaymentMethod::new(method.id)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        cards(state, user).await
    })
    .await
}
