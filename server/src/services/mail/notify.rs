//! The author hears of each submission (`submissions.notify` absent or `"each"`): a mail
//! to the owner's address with the calculator's name and links, the inputs and outputs as
//! displayed and the contact fields, queued in the transaction that stores the
//! submission ([`submission_stored`], called by `submissions::hooks::stored`). A
//! submission past the plan's monthly limit is held back, so its mail says so and shows
//! none of it. Also the pieces the digest shares: the doc a submission was computed
//! with, the mail's language, the limit.

use calcsmith_engine::{CalcDoc, Locale};
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait};

use super::content::{Notification, Payload};
use super::display::submission_lines;
use super::messages::texts;
use super::{queue, unsubscribe};
use crate::domain::parse_json_text;
use crate::domain::submission_settings::{Notify, SubmissionSettings};
use crate::entities::{calculator, calculator_version, submission, user};
use crate::services::plans::Plan;

/// Queues the author's mail about `submission` when its calculator's settings ask for
/// one and the author has not unsubscribed.
///
/// # Errors
/// The database could not be read or written; the submission is then not stored either.
pub async fn submission_stored(
    txn: &DatabaseTransaction,
    submission: &submission::Model,
) -> Result<(), DbErr> {
    let Some(calc) = calculator::Entity::find_by_id(submission.calculator_id.clone())
        .one(txn)
        .await?
    else {
        return Ok(());
    };
    let Some((doc, settings)) = version_doc(txn, &calc, submission.version).await? else {
        return Ok(());
    };
    if settings.notify != Notify::Each || unsubscribe::opted_out(txn, &calc.id).await? {
        return Ok(());
    }
    let Some(owner) = user::Entity::find_by_id(submission.owner_id)
        .one(txn)
        .await?
    else {
        return Ok(());
    };
    let locale = calculator_locale(&calc.doc_style);
    let shown = !held_back(&owner, submission.month_seq);
    let payload = Payload::Notify(Notification {
        calculator_id: calc.id.clone(),
        calculator_name: calculator_name(&doc, &calc.id),
        owner_id: owner.id,
        locale: locale.code().to_owned(),
        submission: shown.then(|| submission_lines(&doc, submission, texts(locale))),
    });
    queue::enqueue(txn, &owner.email, &payload).await
}

/// Version `number` of `calc` with its submission settings (the current version is the
/// calculator's own doc); `None` when it is gone or has no settings.
///
/// # Errors
/// The database could not be read.
pub async fn version_doc(
    conn: &impl ConnectionTrait,
    calc: &calculator::Model,
    number: i64,
) -> Result<Option<(CalcDoc, SubmissionSettings)>, DbErr> {
    let text = if number == calc.version {
        calc.doc.clone()
    } else {
        match calculator_version::Entity::find_by_id((calc.id.clone(), number))
            .one(conn)
            .await?
        {
            Some(version) => version.doc,
            None => return Ok(None),
        }
    };
    let json = parse_json_text(&text);
    let Some(settings) = SubmissionSettings::of_doc(&json).ok().flatten() else {
        return Ok(None);
    };
    Ok(CalcDoc::from_json_value(json)
        .ok()
        .map(|doc| (doc, settings)))
}

/// The calculator's language (`doc_style.lang`), the author's mail's words; English
/// when it has none.
pub fn calculator_locale(doc_style: &str) -> Locale {
    parse_json_text(doc_style)
        .get("lang")
        .and_then(serde_json::Value::as_str)
        .and_then(Locale::parse)
        .unwrap_or_default()
}

/// The calculator's name, or its id when it has none.
pub fn calculator_name(doc: &CalcDoc, id: &str) -> String {
    let name = doc.name.trim();
    if name.is_empty() {
        id.to_owned()
    } else {
        name.to_owned()
    }
}

/// Whether a submission at place `month_seq` of its month is past `owner`'s plan's
/// monthly limit (held back until the owner's plan has room).
pub fn held_back(owner: &user::Model, month_seq: i64) -> bool {
    Plan::parse(&owner.plan)
        .monthly_submissions()
        .is_some_and(|limit| u64::try_from(month_seq).unwrap_or(0) > limit)
}
