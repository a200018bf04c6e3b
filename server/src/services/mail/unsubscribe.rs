//! The author's one-click unsubscribe from a calculator's submission mail. The link is
//! `PUBLIC_URL/unsubscribe/{calculator}?key={signature}`, the signature an HMAC of the
//! calculator and its owner under `CALCSMITH_SECRET_KEY`: nobody can make one for a
//! calculator they were not mailed about, and it needs no sign-in. (In the query, so the
//! request log, which shows paths, never shows it.)
//!
//! The opt-out is a row of `mail_optouts`, beside the doc, so the next save keeps it. It
//! records the doc's `notify` and the calculator's version at that moment, and holds
//! while every version since has that `notify`: the author's next change of the setting
//! in the editor (to `daily`, `off`, or away and back) turns mail on again as chosen.

use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set,
    sea_query::OnConflict,
};

use crate::config::Config;
use crate::domain::parse_json_text;
use crate::domain::submission_settings::{Notify, SubmissionSettings};
use crate::entities::{calculator, calculator_version, mail_optout};
use crate::tokens::{now_ms, sign, verify};

/// The signature of `calculator_id`'s unsubscribe link for `owner_id`.
fn signature(secret: &str, calculator_id: &str, owner_id: i64) -> String {
    sign(secret, &format!("unsubscribe:{calculator_id}:{owner_id}"))
}

/// The unsubscribe link of `calculator_id`'s mail to `owner_id`.
pub fn link(config: &Config, calculator_id: &str, owner_id: i64) -> String {
    format!(
        "{}/unsubscribe/{calculator_id}?key={}",
        config.public_url,
        signature(&config.secret_key, calculator_id, owner_id)
    )
}

/// Whether `given` is the signature of `calculator`'s link for its owner.
pub fn verifies(config: &Config, calculator: &calculator::Model, given: &str) -> bool {
    verify(
        &config.secret_key,
        &format!("unsubscribe:{}:{}", calculator.id, calculator.owner_id),
        given,
    )
}

/// The `notify` of a doc (JSON text); a doc that does not parse is `each`.
fn notify_of(doc: &str) -> Notify {
    SubmissionSettings::of_doc(&parse_json_text(doc))
        .ok()
        .flatten()
        .map(|s| s.notify)
        .unwrap_or_default()
}

/// Turns `calculator`'s submission mail off, as of its current doc and version.
///
/// # Errors
/// The database could not be written.
pub async fn opt_out(
    conn: &impl ConnectionTrait,
    calculator: &calculator::Model,
) -> Result<(), DbErr> {
    mail_optout::Entity::insert(mail_optout::ActiveModel {
        calculator_id: Set(calculator.id.clone()),
        notify: Set(notify_of(&calculator.doc).key().to_owned()),
        since_version: Set(calculator.version),
        created_at: Set(now_ms()),
    })
    .on_conflict(
        OnConflict::column(mail_optout::Column::CalculatorId)
            .update_columns([
                mail_optout::Column::Notify,
                mail_optout::Column::SinceVersion,
                mail_optout::Column::CreatedAt,
            ])
            .to_owned(),
    )
    .exec(conn)
    .await?;
    Ok(())
}

/// Whether the author of `calculator_id` unsubscribed from its mail and has not changed
/// its `notify` since (a change ends the opt-out, which is then deleted).
///
/// # Errors
/// The database could not be read or written.
pub async fn opted_out(conn: &impl ConnectionTrait, calculator_id: &str) -> Result<bool, DbErr> {
    let Some(optout) = mail_optout::Entity::find_by_id(calculator_id.to_owned())
        .one(conn)
        .await?
    else {
        return Ok(false);
    };
    // Every version since, the one it was made at too (a quick second save rewrites the
    // current version in place).
    let docs: Vec<String> = calculator_version::Entity::find()
        .select_only()
        .column(calculator_version::Column::Doc)
        .filter(calculator_version::Column::CalculatorId.eq(calculator_id))
        .filter(calculator_version::Column::Number.gte(optout.since_version))
        .into_tuple()
        .all(conn)
        .await?;
    if docs.iter().all(|doc| notify_of(doc).key() == optout.notify) {
        return Ok(true);
    }
    mail_optout::Entity::delete_by_id(calculator_id.to_owned())
        .exec(conn)
        .await?;
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_for_one_calculator_and_owner() {
        let signature = signature("key", "abcdefghijklmnop", 7);
        assert!(verify("key", "unsubscribe:abcdefghijklmnop:7", &signature));
        assert!(!verify("key", "unsubscribe:abcdefghijklmnop:8", &signature));
        assert!(!verify(
            "other",
            "unsubscribe:abcdefghijklmnop:7",
            &signature
        ));
    }
}
