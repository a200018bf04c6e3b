//! The Stripe client (async-stripe, pointed at live Stripe or at the sandbox the server
//! mounts) and how its answers become ours: Stripe's failures as API errors, and one
//! idempotency key per intent. It knows nothing of the server's state.

use stripe::{ApiErrors, IdempotencyKey, RequestStrategy, StripeError};
use stripe_product::Price;

use crate::config::BillingConfig;
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::tokens::hex;

/// The answer when Stripe cannot be reached.
pub(super) const UNREACHABLE: &str =
    "The payment provider cannot be reached right now. Please try again in a few minutes.";

/// The answer to another user's (or a missing) card, subscription, invoice or payment.
pub(super) fn not_found(what: &str) -> ApiError {
    ApiError::NotFound(format!("{what} not found."))
}

/// The Stripe client and what the browser needs to know about it.
pub struct Stripe {
    pub(super) client: stripe::Client,
    /// `pk_…`, for Stripe.js or the sandbox's card form.
    pub publishable_key: String,
    /// `whsec_…`: verifies webhooks.
    pub(super) webhook_secret: String,
    /// `/stripe-sandbox` when this server mounts the sandbox (set by `startup`), else `None`.
    pub sandbox_url: Option<String>,
    pub(super) config: BillingConfig,
}

impl Stripe {
    /// A client for `base_url` (`None`: api.stripe.com) with these keys.
    ///
    /// # Errors
    /// The client cannot be built (no TLS roots).
    pub fn new(
        config: BillingConfig,
        base_url: Option<String>,
        secret_key: &str,
        publishable_key: String,
        webhook_secret: String,
    ) -> Result<Stripe, String> {
        let mut builder = stripe::ClientBuilder::new(secret_key);
        if let Some(url) = base_url {
            builder = builder.url(url);
        }
        let client = builder
            .build()
            .map_err(|e| format!("cannot build the Stripe client: {e}"))?;
        Ok(Stripe {
            client,
            publishable_key,
            webhook_secret,
            sandbox_url: None,
            config,
        })
    }

    /// Whether this is live Stripe.
    pub fn is_live(&self) -> bool {
        self.sandbox_url.is_none()
    }

    /// The `SUPPORT_URL`.
    pub fn support_url(&self) -> &str {
        &self.config.support_url
    }

    /// What the configuration names as `plan`'s price (an id or a lookup key).
    pub(super) fn configured_price(&self, plan: Plan) -> Option<&str> {
        match plan {
            Plan::Regular => Some(&self.config.price_regular),
            Plan::Premium => Some(&self.config.price_premium),
            Plan::Free => None,
        }
    }

    /// The plan a price sells (free: a price this server does not sell).
    pub(super) fn plan_of(&self, price: &Price) -> Plan {
        [Plan::Regular, Plan::Premium]
            .into_iter()
            .find(|&plan| {
                self.configured_price(plan).is_some_and(|wanted| {
                    price.id.as_str() == wanted || price.lookup_key.as_deref() == Some(wanted)
                })
            })
            .unwrap_or(Plan::Free)
    }
}

/// A Stripe failure as the API answers it: card errors 402 with Stripe's message, bad
/// input 400, a missing object 404, anything else 502.
pub(super) fn stripe_error(error: StripeError) -> ApiError {
    match error {
        StripeError::Stripe(details, status) => {
            let message = details.message.clone().unwrap_or_default();
            match status {
                402 => card_error(&details),
                404 => ApiError::NotFound("Not found.".to_owned()),
                400 if !message.is_empty() => ApiError::BadRequest(message),
                _ => {
                    tracing::warn!(status, "Stripe refused a request");
                    ApiError::BadGateway(UNREACHABLE.to_owned())
                }
            }
        }
        StripeError::ClientError(_) | StripeError::Timeout | StripeError::JSONDeserialize(_) => {
            tracing::warn!(error = %error, "Stripe cannot be reached");
            ApiError::BadGateway(UNREACHABLE.to_owned())
        }
        StripeError::ConfigError(detail) => ApiError::Internal(format!("Stripe: {detail}")),
    }
}

/// A card error (402) with the provider's message.
pub(super) fn card_error(details: &ApiErrors) -> ApiError {
    ApiError::PaymentFailed {
        message: details
            .message
            .clone()
            .unwrap_or_else(|| "Your card was declined.".to_owned()),
        code: details.code.as_ref().map(|c| c.as_str().to_owned()),
        decline_code: details.decline_code.clone(),
    }
}

/// A 404 answer from Stripe as our own 404 for `what` (the same as someone else's id).
pub(super) fn or_not_found(what: &'static str) -> impl Fn(StripeError) -> ApiError {
    move |error| match stripe_error(error) {
        ApiError::NotFound(_) => not_found(what),
        other => other,
    }
}

/// An idempotency key for one intent: `calcsmith-{purpose}-` and a hash of what the
/// request means (the user, what they ask for, and what they had when they asked). A
/// retry of the same request is then the same Stripe request, which Stripe answers once;
/// a request made after the first one changed something is a new one.
pub(super) fn once_key(parts: &[&str]) -> Result<RequestStrategy, ApiError> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    let digest = hasher.finalize();
    let purpose = parts.first().copied().unwrap_or("request");
    let key = format!("calcsmith-{purpose}-{}", hex(&digest[..16]));
    IdempotencyKey::new(key)
        .map(RequestStrategy::Idempotent)
        .map_err(|e| ApiError::Internal(format!("idempotency key: {e}")))
}
