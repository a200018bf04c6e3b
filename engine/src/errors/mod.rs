//! How failures read: a script's errors as V8 words them, with the author's line
//! (`script.rs`, `site.rs`, `v8_messages.rs`; also when the script catches it:
//! `caught.rs`), and the one error type for faults of the
//! host rather than of the calculator (`host_error.rs`).

pub mod caught;
pub mod host_error;
pub mod script;
pub mod site;
pub mod v8_messages;
