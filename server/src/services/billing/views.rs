//! What Stripe's objects mean here, without asking Stripe anything: a card and a
//! subscription as the API shows them, which subscription still counts, and the plan it
//! gives.

use serde::Serialize;
use stripe_billing::{Subscription, SubscriptionStatus};
use stripe_payment::PaymentMethod;
use utoipa::ToSchema;

use super::client::Stripe;
use crate::services::plans::Plan;

/// A saved card as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Card {
    /// Stripe's payment method id (`pm_…`).
    pub id: String,
    /// `visa`, `mastercard`, ….
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// The card that pays by default.
    pub default: bool,
}

pub(super) fn card_of(method: &PaymentMethod, default: Option<&str>) -> Option<Card> {
    let card = method.card.as_ref()?;
    Some(Card {
        id: method.id.as_str().to_owned(),
        brand: card.brand.clone(),
        last4: card.last4.clone(),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        default: default == Some(method.id.as_str()),
    })
}

/// The user's subscription as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Subscription)]
pub struct SubscriptionView {
    /// Stripe's subscription id (`sub_…`).
    pub id: String,
    /// `regular` or `premium` (`free` for a price this server does not sell).
    pub plan: &'static str,
    /// Stripe's: `active`, `incomplete`, `past_due`, `canceled`, `unpaid`, ….
    pub status: String,
    /// In cents a month.
    pub price: i64,
    pub currency: String,
    /// Unix seconds.
    pub current_period_end: i64,
    /// Set: the plan ends at `currentPeriodEnd`.
    pub cancel_at_period_end: bool,
    pub default_card: Option<Card>,
}

/// Whether a subscription still counts: the user must switch it, not buy another.
pub(super) fn is_live(subscription: &Subscription) -> bool {
    !matches!(
        subscription.status,
        SubscriptionStatus::Canceled | SubscriptionStatus::IncompleteExpired
    )
}

/// The plan a subscription gives: its plan while active, trialing or past due.
pub(super) fn entitled_plan(stripe: &Stripe, subscription: &Subscription) -> Plan {
    match subscription.status {
        SubscriptionStatus::Active | SubscriptionStatus::Trialing | SubscriptionStatus::PastDue => {
            subscription
                .items
                .data
                .first()
                .map_or(Plan::Free, |item| stripe.plan_of(&item.price))
        }
        _ => Plan::Free,
    }
}

pub(super) fn view(stripe: &Stripe, subscription: &Subscription) -> SubscriptionView {
    let item = subscription.items.data.first();
    let default_card = subscription
        .default_payment_method
        .as_ref()
        .and_then(|method| method.as_object())
        .and_then(|method| card_of(method, Some(method.id.as_str())));
    SubscriptionView {
        id: subscription.id.as_str().to_owned(),
        plan: item
            .map_or(Plan::Free, |item| stripe.plan_of(&item.price))
            .name(),
        status: subscription.status.as_str().to_owned(),
        price: item.and_then(|item| item.price.unit_amount).unwrap_or(0),
        currency: subscription.currency.to_string(),
        current_period_end: item.map_or(0, |item| item.current_period_end),
        cancel_at_period_end: subscription.cancel_at_period_end,
        default_card,
    }
}

/// Of a customer's subscriptions, the live one, else the newest ended one.
pub(super) fn current(mut list: Vec<Subscription>) -> Option<Subscription> {
    list.sort_by_key(|s| std::cmp::Reverse((is_live(s), s.created)));
    list.into_iter().next()
}

/// The payment intent of a subscription's latest invoice.
pub(super) fn payment_intent_of(subscription: &Subscription) -> Option<String> {
    let invoice = subscription.latest_invoice.as_ref()?.as_object()?;
    invoice.payments.as_ref()?.data.iter().find_map(|payment| {
        payment
            .payment
            .payment_intent
            .as_ref()
            .map(|intent| intent.id().as_str().to_owned())
    })
}
