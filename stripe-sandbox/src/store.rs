//! The sandbox's state: every object it has made, in [`Table`]s that remember what a change
//! touched, so that the [`journal`] writes a change and not the whole state.

mod changes;
pub mod journal;
mod table;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::cards::Behaviour;
use crate::outbox::Pending;
pub use crate::wire::{client_secret, new_id, now, random};
pub use table::Table;

/// Everything the sandbox knows; objects by id.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct State {
    /// How browsers reach the sandbox (from the config, not stored).
    #[serde(skip)]
    pub public_url: String,
    pub keys: Keys,
    pub customers: Table<Customer>,
    pub payment_methods: Table<PaymentMethod>,
    pub setup_intents: Table<SetupIntent>,
    pub payment_intents: Table<PaymentIntent>,
    pub products: Table<Product>,
    pub prices: Table<Price>,
    pub subscriptions: Table<Subscription>,
    pub invoices: Table<Invoice>,
    pub clocks: Table<Clock>,
    #[serde(default)]
    pub refunds: Table<Refund>,
    /// Answers already given, by idempotency key: a retried create gets the same answer.
    #[serde(default)]
    pub idempotency: Table<Replay>,
    /// Webhook events not yet delivered, oldest first. They are saved with the change that
    /// made them, so a crash keeps both or neither.
    #[serde(default)]
    pub outbox: Vec<Pending>,
    /// Ids of the outbox events queued, rescheduled or removed since the last commit.
    #[serde(skip)]
    pub outbox_changed: BTreeSet<String>,
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Keys {
    pub secret: String,
    pub publishable: String,
    pub webhook_secret: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Replay {
    /// The address and body first sent with the key.
    pub request: String,
    pub status: u16,
    pub body: String,
    pub at: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Customer {
    pub id: String,
    pub created: i64,
    pub email: Option<String>,
    pub name: Option<String>,
    pub phone: Option<String>,
    pub description: Option<String>,
    pub address: Option<Value>,
    pub metadata: BTreeMap<String, String>,
    pub test_clock: Option<String>,
    pub default_payment_method: Option<String>,
    pub invoice_prefix: String,
    pub next_invoice_sequence: u64,
    /// Negative: credit from a downgrade, taken off the next invoices.
    pub balance: i64,
    /// Deleted (`DELETE /v1/customers/{id}`): retrieving it answers Stripe's stub.
    #[serde(default)]
    pub deleted: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PaymentMethod {
    pub id: String,
    pub created: i64,
    pub customer: Option<String>,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub fingerprint: String,
    pub behaviour: Behaviour,
    pub billing_details: Value,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetupIntent {
    pub id: String,
    pub created: i64,
    pub customer: Option<String>,
    pub payment_method: Option<String>,
    pub status: String,
    pub client_secret: String,
    pub usage: String,
    pub last_error: Option<Value>,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PaymentIntent {
    pub id: String,
    pub created: i64,
    pub amount: i64,
    pub customer: Option<String>,
    pub payment_method: Option<String>,
    pub status: String,
    pub client_secret: String,
    pub invoice: Option<String>,
    pub description: Option<String>,
    pub last_error: Option<Value>,
    /// The part of `amount` refunded so far.
    #[serde(default)]
    pub amount_refunded: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Refund {
    pub id: String,
    pub created: i64,
    pub amount: i64,
    pub payment_intent: String,
    pub customer: Option<String>,
    pub payment_method: Option<String>,
    /// `duplicate`, `fraudulent` or `requested_by_customer`.
    pub reason: Option<String>,
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Product {
    pub id: String,
    pub created: i64,
    pub name: String,
    pub description: String,
    pub default_price: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Price {
    pub id: String,
    pub created: i64,
    pub product: String,
    pub unit_amount: i64,
    pub lookup_key: String,
    pub nickname: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Subscription {
    pub id: String,
    pub created: i64,
    pub customer: String,
    pub status: String,
    pub item_id: String,
    pub price: String,
    pub current_period_start: i64,
    pub current_period_end: i64,
    pub cancel_at_period_end: bool,
    pub canceled_at: Option<i64>,
    pub ended_at: Option<i64>,
    /// `cancellation_requested` or `payment_failed` once it is canceled.
    #[serde(default)]
    pub cancellation_reason: Option<String>,
    pub default_payment_method: Option<String>,
    pub latest_invoice: Option<String>,
    pub metadata: BTreeMap<String, String>,
    /// Proration lines waiting for the next renewal invoice (`create_prorations`).
    #[serde(default)]
    pub pending_lines: Vec<Line>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Line {
    pub id: String,
    pub description: String,
    pub amount: i64,
    pub price: String,
    pub proration: bool,
    pub period_start: i64,
    pub period_end: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Invoice {
    pub id: String,
    pub number: String,
    pub created: i64,
    pub customer: String,
    pub subscription: Option<String>,
    pub billing_reason: String,
    pub status: String,
    pub lines: Vec<Line>,
    pub subtotal: i64,
    pub starting_balance: i64,
    pub amount_due: i64,
    pub amount_paid: i64,
    pub attempt_count: u64,
    pub next_payment_attempt: Option<i64>,
    pub payment_intent: Option<String>,
    pub period_start: i64,
    pub period_end: i64,
    pub paid_at: Option<i64>,
    pub pdf_token: String,
    pub customer_name: Option<String>,
    pub customer_email: Option<String>,
    pub customer_phone: Option<String>,
    pub customer_address: Option<Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Clock {
    pub id: String,
    pub created: i64,
    pub frozen_time: i64,
    pub name: Option<String>,
}

impl Subscription {
    /// Canceled or expired: nothing more happens to it.
    pub fn ended(&self) -> bool {
        matches!(self.status.as_str(), "canceled" | "incomplete_expired")
    }
}

impl State {
    /// Checks that the customer a parameter names exists (and is not deleted).
    ///
    /// # Errors
    /// 400 `resource_missing` naming `param`.
    pub fn require_customer(&self, id: &str, param: &str) -> Result<(), crate::error::ApiError> {
        if self.customers.get(id).is_some_and(|c| !c.deleted) {
            Ok(())
        } else {
            Err(crate::error::ApiError::no_such("customer", id, Some(param)))
        }
    }

    /// The time a customer lives in: their test clock's, or the real one.
    pub fn now_for(&self, customer: &str) -> i64 {
        self.customers
            .get(customer)
            .and_then(|c| c.test_clock.as_ref())
            .and_then(|clock| self.clocks.get(clock))
            .map_or_else(now, |clock| clock.frozen_time)
    }

    /// Marks the outbox event `id` for the next commit (queued, rescheduled or removed).
    pub fn outbox_changed(&mut self, id: &Value) {
        if let Some(id) = id.as_str() {
            self.outbox_changed.insert(id.to_string());
        }
    }

    fn seed(&mut self) {
        let created = now();
        for (key, name, description, amount) in [
            (
                "calcsmith_regular_monthly",
                "Regular",
                "Calcsmith Regular: more calculators, private calculators.",
                990,
            ),
            (
                "calcsmith_premium_monthly",
                "Premium",
                "Calcsmith Premium: unlimited calculators, private calculators.",
                4990,
            ),
        ] {
            let product = new_id("prod");
            let price = new_id("price");
            self.products.insert(
                product.clone(),
                Product {
                    id: product.clone(),
                    created,
                    name: name.to_string(),
                    description: description.to_string(),
                    default_price: price.clone(),
                },
            );
            self.prices.insert(
                price.clone(),
                Price {
                    id: price,
                    created,
                    product,
                    unit_amount: amount,
                    lookup_key: key.to_string(),
                    nickname: format!("{name} monthly"),
                },
            );
        }
    }
}

/// Whether a given token equals the expected one, in time that does not depend on where they
/// differ.
pub fn same_secret(given: &str, expected: &str) -> bool {
    given.len() == expected.len()
        && given
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}
