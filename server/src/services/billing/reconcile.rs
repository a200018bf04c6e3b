//! A customer has at most one live subscription. Checkouts are serialised (`lease.rs`),
//! but a subscription bought before that, or by a path we have not thought of, must not
//! go on charging: whenever the server reads a customer's subscriptions and finds more
//! than one live, it keeps one, cancels the others at once and refunds what they charged.

use stripe::StripeRequest;
use stripe_billing::subscription::{CancelSubscription, RetrieveSubscription};
use stripe_billing::{Subscription, SubscriptionStatus};
use stripe_core::PaymentIntentStatus;
use stripe_core::payment_intent::RetrievePaymentIntent;
use stripe_core::refund::CreateRefund;

use super::client::{once_key, stripe_error};
use super::views::{is_live, payment_intent_of};
use crate::error::ApiError;
use crate::state::AppState;

/// Whether a subscription gives its plan now (the one worth keeping).
fn entitles(subscription: &Subscription) -> bool {
    matches!(
        subscription.status,
        SubscriptionStatus::Active | SubscriptionStatus::Trialing | SubscriptionStatus::PastDue
    )
}

/// The one of `subscriptions` to keep when more than one is live: the oldest that gives
/// its plan (the one the customer saw first); of those made in the same second, one a
/// checkout of ours made (it carries `metadata.calcsmith_user`), then the smallest id.
/// `None` when at most one is live, or none gives a plan (a lone checkout still waiting
/// for 3-D Secure is not a duplicate).
fn keeper(subscriptions: &[Subscription]) -> Option<&Subscription> {
    if subscriptions.iter().filter(|s| is_live(s)).count() < 2 {
        return None;
    }
    subscriptions
        .iter()
        .filter(|s| entitles(s))
        .min_by_key(|s| {
            let ours = s.metadata.contains_key("calcsmith_user");
            (s.created, !ours, s.id.as_str().to_owned())
        })
}

/// Cancels and refunds every live subscription of `customer` but one; answers the list
/// as it is afterwards (the extras canceled).
///
/// # Errors
/// Stripe failed.
pub(super) async fn cancel_duplicates(
    state: &AppState,
    customer: &str,
    mut subscriptions: Vec<Subscription>,
) -> Result<Vec<Subscription>, ApiError> {
    let Some(kept) = keeper(&subscriptions).map(|s| s.id.clone()) else {
        return Ok(subscriptions);
    };
    for subscription in subscriptions.iter_mut() {
        if subscription.id == kept || !is_live(subscription) {
            continue;
        }
        let refunded = refund_latest_payment(state, subscription).await?;
        match CancelSubscription::new(subscription.id.clone())
            .send(&state.stripe.client)
            .await
        {
            Ok(canceled) => *subscription = canceled,
            // Another instance canceled it a moment ago.
            Err(stripe::StripeError::Stripe(_, 400 | 404)) => {
                subscription.status = SubscriptionStatus::Canceled;
            }
            Err(e) => return Err(stripe_error(e)),
        }
        tracing::warn!(
            customer,
            kept = kept.as_str(),
            canceled = subscription.id.as_str(),
            refunded = refunded.as_deref().unwrap_or("nothing"),
            "a duplicate subscription was canceled and refunded"
        );
    }
    Ok(subscriptions)
}

/// Refunds the payment of a subscription's latest invoice, if it was paid; answers the
/// payment intent refunded. The refund's idempotency key is the payment's, so two
/// instances reconciling at once refund it once.
async fn refund_latest_payment(
    state: &AppState,
    subscription: &Subscription,
) -> Result<Option<String>, ApiError> {
    let client = &state.stripe.client;
    let expanded = RetrieveSubscription::new(subscription.id.clone())
        .expand(vec!["latest_invoice.payments".to_owned()])
        .send(client)
        .await
        .map_err(stripe_error)?;
    let Some(intent_id) = payment_intent_of(&expanded) else {
        return Ok(None);
    };
    let intent = RetrievePaymentIntent::new(intent_id.as_str())
        .send(client)
        .await
        .map_err(stripe_error)?;
    if intent.status != PaymentIntentStatus::Succeeded {
        return Ok(None);
    }
    let refund = CreateRefund::new()
        .payment_intent(intent_id.clone())
        .customize()
        .request_strategy(once_key(&["refund", &intent_id])?)
        .send(client)
        .await;
    match refund {
        Ok(_) => Ok(Some(intent_id)),
        // Refunded already (by a request older than the key's memory): nothing is owed.
        Err(stripe::StripeError::Stripe(details, 400))
            if details.code.as_ref().map(|c| c.as_str()) == Some("charge_already_refunded") =>
        {
            Ok(Some(intent_id))
        }
        Err(e) => Err(stripe_error(e)),
    }
}
