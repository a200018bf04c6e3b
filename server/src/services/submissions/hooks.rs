//! Where the work that follows a submission hooks in: webhook deliveries and e-mail
//! notifications. The submission is answered before any of it is done, and none of it
//! may lose the submission, so such work is queued durably *in the storing transaction*
//! ([`stored`]: insert the delivery or mail rows there and they commit with the
//! submission, or neither does) and done later by a background worker. Only what needs
//! no durability (metrics, waking a worker) goes in [`after_commit`].

use sea_orm::{DatabaseTransaction, DbErr};

use crate::entities::submission;

/// Runs inside the transaction that stores `submission`, just before it commits.
///
/// Nothing is queued yet: webhooks (issue 29 §5) and e-mail (§4) add their rows here.
///
/// # Errors
/// The database could not be written; the submission is then not stored either.
pub async fn stored(
    txn: &DatabaseTransaction,
    submission: &submission::Model,
) -> Result<(), DbErr> {
    crate::services::webhooks::deliveries::queue_submission(txn, submission).await?;
    Ok(())
}

/// Runs once `submission` is committed.
pub fn after_commit(submission: &submission::Model) {
    metrics::counter!("submissions_stored_total").increment(1);
    crate::services::webhooks::worker::wake();
    tracing::debug!(calculator = %submission.calculator_id, "submission stored");
}
