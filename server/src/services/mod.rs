//! The work behind the handlers.

pub mod accounts;
pub mod analytics;
pub mod billing;
pub mod calculators;
pub mod captcha;
pub mod eval_queue;
pub mod evaluator;
pub mod mail;
pub mod password_resets;
pub mod plans;
pub mod published_cache;
pub mod rate_limit;
pub mod submissions;
pub mod versions;
pub mod webhooks;
