//! Checkout: buying a plan with a card, or adding a card, and finishing either after
//! 3-D Secure. Each is one request to Stripe however often it is retried or raced.

use std::collections::HashMap;

use serde::Serialize;
use stripe::{StripeError, StripeRequest};
use stripe_billing::subscription::{
    CreateSubscription, CreateSubscriptionItems, CreateSubscriptionPaymentBehavior,
    ListSubscription, ListSubscriptionStatus,
};
use stripe_billing::{Subscription, SubscriptionStatus};
use stripe_core::payment_intent::RetrievePaymentIntent;
use stripe_core::setup_intent::{CreateSetupIntent, CreateSetupIntentUsage, RetrieveSetupIntent};
use stripe_core::{PaymentIntentStatus, SetupIntentStatus};
use stripe_payment::payment_method::AttachPaymentMethod;
use utoipa::ToSchema;

use super::client::{card_error, not_found, once_key, or_not_found, stripe_error};
use super::customers::{
    cancel_now, card_ids, cards_of_customer, customer_of, default_card, follow, make_default,
    price_id, subscription_of, subscriptions_of,
};
use super::lease;
use super::views::{Card, SubscriptionView, current, is_live, payment_intent_of, view};
use crate::entities::user;
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;

/// A checkout's request (`POST /api/checkout`).
#[derive(Debug)]
pub struct Checkout {
    pub customer_id: Option<String>,
    pub plan: Option<Plan>,
    pub payment_method: String,
}

/// How a checkout ended: `succeeded` (with the subscription and cards) or
/// `requires_action` (3-D Secure: confirm `clientSecret`, then
/// `POST /api/checkout/complete` with `intentId`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
#[schema(as = CheckoutAnswer)]
pub enum CheckoutOutcome {
    Succeeded {
        subscription: Option<SubscriptionView>,
        cards: Vec<Card>,
    },
    #[serde(rename_all = "camelCase")]
    RequiresAction {
        client_secret: String,
        intent_id: String,
    },
}

/// `POST /api/checkout`: buys `plan` with the card, or (no plan) adds the card.
///
/// # Errors
/// Bad input or already subscribed (400), another user's customer (404), the card
/// declined (402), Stripe failed (502).
pub async fn checkout(
    state: &AppState,
    user: &user::Model,
    request: Checkout,
) -> Result<CheckoutOutcome, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let method = request.payment_method.trim();
        if !method.starts_with("pm_") || method.len() > 255 {
            return Err(ApiError::BadRequest(
                "paymentMethod must be a payment method id (pm_…).".to_owned(),
            ));
        }
        if let Some(asked) = &request.customer_id
            && user.customer_id.as_ref() != Some(asked)
        {
            return Err(not_found("Customer"));
        }
        let customer = customer_of(state, user).await?;
        let client = &state.stripe.client;
        let Some(plan) = request.plan else {
            let intent = CreateSetupIntent::new()
                .customer(customer.clone())
                .payment_method(method.to_owned())
                .confirm(true)
                .usage(CreateSetupIntentUsage::OffSession)
                .customize()
                .request_strategy(once_key(&[
                    "setup",
                    &user.id.to_string(),
                    method,
                    &card_ids(state, &customer).await?.join(","),
                ])?)
                .send(client)
                .await
                .map_err(stripe_error)?;
            return setup_outcome(state, user, &customer, intent).await;
        };
        let seen = subscriptions_of(state, &customer).await?;
        let mut seen_ids: Vec<&str> = seen.iter().map(|s| s.id.as_str()).collect();
        seen_ids.sort_unstable();
        // What this checkout means: this user buying this plan with this card, after the
        // subscriptions they had. A retry of it is the same request to Stripe.
        let intent = [
            "subscription".to_owned(),
            user.id.to_string(),
            plan.name().to_owned(),
            method.to_owned(),
            seen_ids.join(","),
        ];
        if let Some(existing) = current(seen).filter(is_live) {
            if existing.status == SubscriptionStatus::Incomplete {
                // An abandoned earlier attempt (3-D Secure never finished): it goes.
                cancel_now(state, &existing).await?;
            } else {
                return Err(ApiError::BadRequest(
                    "You already have a subscription. Change its plan instead.".to_owned(),
                ));
            }
        }
        let price = price_id(state, plan).await?;
        // Attaching a test id (`pm_card_visa`) makes a new payment method: use its id.
        let attached = AttachPaymentMethod::new(method)
            .customer(customer.clone())
            .send(client)
            .await
            .map_err(or_bad_card)?;
        let method = attached.id.as_str();
        if default_card(state, &customer).await?.is_none() {
            make_default(state, &customer, method, None).await?;
        }
        let mut item = CreateSubscriptionItems::new();
        item.price = Some(price);
        let subscription = CreateSubscription::new()
            .customer(customer.clone())
            .items(vec![item])
            .default_payment_method(method.to_owned())
            .payment_behavior(CreateSubscriptionPaymentBehavior::AllowIncomplete)
            .metadata(HashMap::from([(
                "calcsmith_user".to_owned(),
                user.id.to_string(),
            )]))
            .expand(vec![
                "latest_invoice.payments".to_owned(),
                "default_payment_method".to_owned(),
            ])
            .customize()
            .request_strategy(once_key(&intent.each_ref().map(String::as_str))?)
            .send(client)
            .await
            .map_err(stripe_error)?;
        subscription_outcome(state, user, &customer, subscription).await
    })
    .await
}

/// An unknown payment method id is bad input, not a missing page.
fn or_bad_card(error: StripeError) -> ApiError {
    match stripe_error(error) {
        ApiError::NotFound(_) => ApiError::BadRequest("No such payment method.".to_owned()),
        other => other,
    }
}

/// The answer to a new subscription: active, waiting for 3-D Secure, or declined.
async fn subscription_outcome(
    state: &AppState,
    user: &user::Model,
    customer: &str,
    subscription: Subscription,
) -> Result<CheckoutOutcome, ApiError> {
    if subscription.status == SubscriptionStatus::Incomplete {
        let intent_id = payment_intent_of(&subscription)
            .ok_or_else(|| ApiError::BadGateway("The payment could not be started.".to_owned()))?;
        let intent = RetrievePaymentIntent::new(intent_id.as_str())
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        if intent.status == PaymentIntentStatus::RequiresAction {
            return Ok(CheckoutOutcome::RequiresAction {
                client_secret: intent.client_secret.unwrap_or_default(),
                intent_id,
            });
        }
        cancel_now(state, &subscription).await?;
        follow(state, user.id, None).await?;
        return Err(intent.last_payment_error.as_deref().map_or_else(
            || ApiError::PaymentFailed {
                message: "Your card was declined.".to_owned(),
                code: Some("card_declined".to_owned()),
                decline_code: None,
            },
            card_error,
        ));
    }
    follow(state, user.id, Some(&subscription)).await?;
    Ok(CheckoutOutcome::Succeeded {
        subscription: Some(view(&state.stripe, &subscription)),
        cards: cards_of_customer(state, user, customer).await?,
    })
}

/// The answer to a card being added: saved, waiting for 3-D Secure, or declined.
async fn setup_outcome(
    state: &AppState,
    user: &user::Model,
    customer: &str,
    intent: stripe_core::SetupIntent,
) -> Result<CheckoutOutcome, ApiError> {
    match intent.status {
        SetupIntentStatus::Succeeded => {
            if let Some(method) = &intent.payment_method
                && default_card(state, customer).await?.is_none()
            {
                let subscription = subscription_of(state, customer).await?;
                make_default(state, customer, method.id().as_str(), subscription.as_ref()).await?;
            }
            let subscription = subscription_of(state, customer).await?;
            Ok(CheckoutOutcome::Succeeded {
                subscription: subscription.map(|s| view(&state.stripe, &s)),
                cards: cards_of_customer(state, user, customer).await?,
            })
        }
        SetupIntentStatus::RequiresAction => Ok(CheckoutOutcome::RequiresAction {
            client_secret: intent.client_secret.unwrap_or_default(),
            intent_id: intent.id.as_str().to_owned(),
        }),
        _ => Err(intent.last_setup_error.as_deref().map_or_else(
            || ApiError::PaymentFailed {
                message: "Your card was declined.".to_owned(),
                code: Some("card_declined".to_owned()),
                decline_code: None,
            },
            card_error,
        )),
    }
}

/// `POST /api/checkout/complete`: after 3-D Secure, the intent re-read from Stripe.
///
/// # Errors
/// Not the user's (404), declined (402), Stripe failed (502).
pub async fn complete(
    state: &AppState,
    user: &user::Model,
    intent_id: &str,
) -> Result<CheckoutOutcome, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let customer = user
            .customer_id
            .clone()
            .ok_or_else(|| not_found("Payment"))?;
        let client = &state.stripe.client;
        let owned = |owner: Option<&str>| {
            if owner == Some(customer.as_str()) {
                Ok(())
            } else {
                Err(not_found("Payment"))
            }
        };
        if intent_id.starts_with("seti_") {
            let intent = RetrieveSetupIntent::new(intent_id)
                .send(client)
                .await
                .map_err(or_not_found("Payment"))?;
            owned(intent.customer.as_ref().map(|c| c.id().as_str()))?;
            return setup_outcome(state, user, &customer, intent).await;
        }
        if !intent_id.starts_with("pi_") {
            return Err(not_found("Payment"));
        }
        let intent = RetrievePaymentIntent::new(intent_id)
            .send(client)
            .await
            .map_err(or_not_found("Payment"))?;
        owned(intent.customer.as_ref().map(|c| c.id().as_str()))?;
        let subscription = ListSubscription::new()
            .customer(customer.clone())
            .status(ListSubscriptionStatus::All)
            .expand(vec![
                "data.latest_invoice.payments".to_owned(),
                "data.default_payment_method".to_owned(),
            ])
            .send(client)
            .await
            .map_err(stripe_error)?
            .data
            .into_iter()
            .find(|s| payment_intent_of(s).as_deref() == Some(intent_id))
            .ok_or_else(|| not_found("Payment"))?;
        subscription_outcome(state, user, &customer, subscription).await
    })
    .await
}
