//! The database tables, as sea-orm entities (the schema itself is in `migrations/`).

pub mod calculator;
pub mod outbox;
pub mod password_reset;
pub mod session;
pub mod used_captcha;
pub mod user;
