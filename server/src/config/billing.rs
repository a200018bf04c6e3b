//! Billing's configuration: the shipped Stripe sandbox by default, live Stripe when
//! `STRIPE_SECRET_KEY` is set.

use super::env::var;

/// How plans are sold (docs/billing.md).
#[derive(Clone)]
pub struct BillingConfig {
    /// Live Stripe when `STRIPE_SECRET_KEY` is set; `None`: the mounted sandbox.
    pub live: Option<LiveStripe>,
    /// `STRIPE_PRICE_REGULAR`: a price id (`price_…`) or lookup key
    /// (`calcsmith_regular_monthly`).
    pub price_regular: String,
    /// `STRIPE_PRICE_PREMIUM`: a price id or lookup key (`calcsmith_premium_monthly`).
    pub price_premium: String,
    /// `SUPPORT_URL` (`mailto:support@calcsmith.app`): where `/pricing_fail` sends people.
    pub support_url: String,
    /// `CALCSMITH_STRIPE_TEST_CLOCKS=1` (sandbox only): each new Stripe customer gets its
    /// own test clock, so tests can advance its time. Off by default.
    pub test_clocks: bool,
}

/// Live Stripe's keys.
#[derive(Clone)]
pub struct LiveStripe {
    /// `STRIPE_SECRET_KEY` (`sk_live_…` or `sk_test_…`).
    pub secret_key: String,
    /// `STRIPE_PUBLISHABLE_KEY` (`pk_…`), given to Stripe.js.
    pub publishable_key: String,
    /// `STRIPE_WEBHOOK_SECRET` (`whsec_…`): verifies `POST /api/stripe/webhook`.
    pub webhook_secret: String,
    /// `STRIPE_API_BASE`: another address speaking Stripe's API instead of api.stripe.com,
    /// such as one instance's sandbox (`http://127.0.0.1:8080/stripe-sandbox/`) that
    /// several instances share. Unset: Stripe itself.
    pub api_base: Option<String>,
}

impl Default for BillingConfig {
    fn default() -> Self {
        BillingConfig {
            live: None,
            price_regular: "calcsmith_regular_monthly".to_owned(),
            price_premium: "calcsmith_premium_monthly".to_owned(),
            support_url: "mailto:support@calcsmith.app".to_owned(),
            test_clocks: false,
        }
    }
}

impl std::fmt::Debug for BillingConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BillingConfig")
            .field(
                "mode",
                &if self.live.is_some() {
                    "live"
                } else {
                    "sandbox"
                },
            )
            .field("price_regular", &self.price_regular)
            .field("price_premium", &self.price_premium)
            .field("support_url", &self.support_url)
            .field("test_clocks", &self.test_clocks)
            .finish_non_exhaustive()
    }
}

impl BillingConfig {
    pub(super) fn from_env() -> Result<BillingConfig, String> {
        let defaults = BillingConfig::default();
        let live = match var("STRIPE_SECRET_KEY") {
            None => None,
            Some(secret_key) => {
                let needed = |name: &str| {
                    var(name).ok_or_else(|| format!("{name} must be set with STRIPE_SECRET_KEY"))
                };
                Some(LiveStripe {
                    secret_key,
                    publishable_key: needed("STRIPE_PUBLISHABLE_KEY")?,
                    webhook_secret: needed("STRIPE_WEBHOOK_SECRET")?,
                    api_base: var("STRIPE_API_BASE"),
                })
            }
        };
        Ok(BillingConfig {
            live,
            price_regular: var("STRIPE_PRICE_REGULAR").unwrap_or(defaults.price_regular),
            price_premium: var("STRIPE_PRICE_PREMIUM").unwrap_or(defaults.price_premium),
            support_url: var("SUPPORT_URL").unwrap_or(defaults.support_url),
            test_clocks: var("CALCSMITH_STRIPE_TEST_CLOCKS").is_some_and(|v| v == "1"),
        })
    }
}
