//! Signed webhooks (issue 29 §5; docs/submissions.md, "Webhooks"): an author's endpoints
//! per calculator (`endpoints.rs`) at addresses that must stay on the public internet
//! (`address.rs`), each stored submission and test event queued as a delivery in the
//! database (`deliveries.rs`, with the body in `payload.rs`), drained by a background
//! worker on every instance (`worker.rs`) that leases due rows (`queue.rs`) and POSTs them
//! signed (`send.rs`, `signature.rs`); deletion with the calculator and the account
//! (`removal.rs`).

pub mod address;
pub mod deliveries;
pub mod endpoints;
pub mod payload;
pub mod queue;
pub mod removal;
pub mod send;
pub mod signature;
pub mod worker;
