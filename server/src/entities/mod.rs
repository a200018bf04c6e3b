//! The database tables, as sea-orm entities (the schema itself is in `migrations/`).

pub mod billing_lease;
pub mod calculator;
pub mod calculator_version;
pub mod outbox;
pub mod password_reset;
pub mod session;
pub mod stripe_event;
pub mod submission;
pub mod submission_month;
pub mod used_captcha;
pub mod user;
pub mod webhook_attempt;
pub mod webhook_delivery;
pub mod webhook_endpoint;
