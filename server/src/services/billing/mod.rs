//! Plans sold through Stripe (docs/billing.md). Stripe holds the truth (customers, cards,
//! subscriptions, invoices); the database keeps only the user's customer id, the plan
//! that follows the subscription, and the webhook events already processed.
//!
//! The wing's rooms, each using only those listed before it:
//! - `client.rs`: the Stripe client, its errors as ours, idempotency keys;
//! - `views.rs`: what a card and a subscription mean here (no requests);
//! - `reconcile.rs`: more than one live subscription put right (cancelled and refunded);
//! - `customers.rs`: a user's customer, subscriptions, cards and plan as the rooms below
//!   read and change them;
//! - `lease.rs`: one billing change of a user at a time, across instances;
//! - `subscriptions.rs`, `cards.rs`, `checkout.rs`, `invoices.rs`, `webhook.rs`: what the
//!   routes call.

mod cards;
mod checkout;
pub mod client;
mod customers;
mod invoices;
mod lease;
mod reconcile;
mod subscriptions;
mod views;
mod webhook;

pub use cards::{CARD_PAYS_SUBSCRIPTION, delete_card, edit_card, set_default_card};
pub use checkout::{Checkout, CheckoutOutcome, checkout, complete};
pub use client::Stripe;
pub use customers::cards;
pub use invoices::{InvoiceView, invoice_pdf, invoices};
pub use lease::BILLING_BUSY;
pub use subscriptions::{
    Preview, cancel_at_period_end, close_customer, paid_plan, preview_switch, subscription,
    switch_plan,
};
pub use views::{Card, SubscriptionView};
pub use webhook::{verify_signature, webhook};
