//! Submissions (issue 29), under the doc's settings (`domain::submission_settings`): a
//! visitor's submission computed by the server (`submit.rs`, with the contact fields in
//! `contact.rs`), the owner's pages (`listing.rs`) and CSV (`export.rs`), deletion and retention
//! (`removal.rs`), the monthly limit's months (`months.rs`), and where webhooks and
//! e-mail hook in once one is stored (`hooks.rs`). Docs: `docs/submissions.md`.

pub mod contact;
pub mod export;
pub mod hooks;
pub mod listing;
pub mod months;
pub mod removal;
pub mod submit;

pub use listing::{Filter, SubmissionPage, SubmissionView};
pub use submit::{SubmitRequest, Submitted, Visitor};
