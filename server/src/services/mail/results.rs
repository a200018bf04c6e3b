//! "E-mail me my results": a visitor who asks (`emailMe: true` in the submit body, only
//! where the published doc has `submissions.emailResults`) gets the calculator's name,
//! its public link and their inputs and outputs as displayed, in the submission's
//! language, at the address they typed and no other.
//!
//! So that it cannot become a way to mail strangers, it sits behind the submit's proof
//! of work and two caps kept in `rate_limits` (so they hold across instances): copies
//! per recipient address a UTC day (the address is kept only as a hash in the key) and
//! per calculator an hour. Past a cap the submission is still stored; the answer says
//! the copy was not sent and why.

use calcsmith_engine::CalcDoc;
use sea_orm::{DatabaseTransaction, DbErr};

use super::content::{Payload, ResultsCopy};
use super::display::{inputs, locale_of, outputs};
use super::messages::texts;
use super::notify::{calculator_locale, calculator_name};
use super::queue;
use crate::domain::submission_settings::SubmissionSettings;
use crate::entities::submission;
use crate::error::ApiError;
use crate::services::rate_limit;
use crate::state::AppState;
use crate::tokens::hash_token;

/// 400: `emailMe` where the calculator does not offer it.
pub const NOT_OFFERED: &str = "This calculator does not offer to email your results.";

/// 400: `emailMe` without an address.
pub const NEEDS_EMAIL: &str = "Please enter your email address to get your results by email.";

/// Why a copy was not sent: the address had its copies for the day.
pub const ADDRESS_CAP: &str =
    "Your results were not emailed: this address has had too many copies today.";

/// Why a copy was not sent: the calculator sent its copies for the hour.
pub const CALCULATOR_CAP: &str = "Your results were not emailed: this calculator has sent \
    too many copies in the last hour. Please try again later.";

/// What became of a visitor's request for a copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailCopy {
    /// Not asked for.
    NotAsked,
    /// Queued with the submission.
    Send,
    /// Refused by a cap (the message says which); the submission is stored all the same.
    Refused(&'static str),
}

impl EmailCopy {
    /// Whether the visitor asked for a copy, as the calculator allows.
    ///
    /// # Errors
    /// 400 when the calculator does not offer copies, or the contact has no email.
    pub fn asked(
        settings: &SubmissionSettings,
        email_me: Option<bool>,
        email: Option<&str>,
    ) -> Result<bool, ApiError> {
        if email_me != Some(true) {
            return Ok(false);
        }
        if !settings.email_results {
            return Err(ApiError::BadRequest(NOT_OFFERED.to_owned()));
        }
        if email.is_none() {
            return Err(ApiError::BadRequest(NEEDS_EMAIL.to_owned()));
        }
        Ok(true)
    }

    /// Counts a copy to `email` from calculator `calculator_id` against the caps.
    ///
    /// # Errors
    /// The database could not be written.
    pub async fn admit(
        state: &AppState,
        calculator_id: &str,
        email: &str,
    ) -> Result<EmailCopy, ApiError> {
        let caps = [
            (
                format!("results-to:{}", hash_token(email)),
                state.config.mail.results_per_address_day,
                86_400,
                ADDRESS_CAP,
            ),
            (
                format!("results-from:{calculator_id}"),
                state.config.mail.results_per_calculator_hour,
                3_600,
                CALCULATOR_CAP,
            ),
        ];
        for (key, limit, window, refusal) in caps {
            match rate_limit::hit(state, &key, limit, window).await {
                Ok(()) => {}
                Err(ApiError::RetryLater { .. } | ApiError::TooManyRequests) => {
                    return Ok(EmailCopy::Refused(refusal));
                }
                Err(other) => return Err(other),
            }
        }
        Ok(EmailCopy::Send)
    }

    /// The answer's `emailed`: absent when not asked.
    pub fn emailed(&self) -> Option<bool> {
        match self {
            EmailCopy::NotAsked => None,
            EmailCopy::Send => Some(true),
            EmailCopy::Refused(_) => Some(false),
        }
    }

    /// The answer's `emailReason`: why a copy was not sent.
    pub fn reason(&self) -> Option<String> {
        match self {
            EmailCopy::Refused(reason) => Some((*reason).to_owned()),
            _ => None,
        }
    }

    /// Queues the copy of `stored` (computed with `doc`, styled by `doc_style`) when it
    /// is to be sent, in the storing transaction. Its words are in the submission's
    /// language, else the calculator's.
    ///
    /// # Errors
    /// The database could not be written; the submission is then not stored either.
    pub async fn queue(
        &self,
        txn: &DatabaseTransaction,
        stored: &submission::Model,
        doc: &CalcDoc,
        doc_style: &str,
    ) -> Result<(), DbErr> {
        let (EmailCopy::Send, Some(to)) = (self, &stored.contact_email) else {
            return Ok(());
        };
        let locale = match &stored.locale {
            Some(_) => locale_of(stored),
            None => calculator_locale(doc_style),
        };
        let payload = Payload::Results(ResultsCopy {
            calculator_id: stored.calculator_id.clone(),
            calculator_name: calculator_name(doc, &stored.calculator_id),
            locale: locale.code().to_owned(),
            inputs: inputs(doc, stored, texts(locale)),
            outputs: outputs(doc, &stored.display),
        });
        queue::enqueue(txn, to, &payload).await
    }
}
