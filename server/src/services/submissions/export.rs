//! The owner's submissions as a CSV file: UTF-8 with a byte-order mark (spreadsheets read
//! it as UTF-8 then), a header row, the contact fields, then each input and output by name
//! with raw values. Text that a spreadsheet would run as a formula is neutralised by the
//! engine's rule (`calcsmith_engine::csv`), which the web's table export shares.

use calcsmith_engine::csv::{field, neutralise_formula, text_line};
use sea_orm::QuerySelect;
use serde_json::Value;

use super::listing::{Filter, SubmissionView, readable};
use super::months::iso_instant;
use crate::entities::user;
use crate::error::ApiError;
use crate::state::AppState;

/// The most rows one file holds (newest first).
pub const MAX_ROWS: u64 = 100_000;

/// One cell: numbers and booleans as they are, text neutralised, lists and objects as
/// JSON text.
fn cell(value: Option<&Value>) -> String {
    let text = match value {
        None | Some(Value::Null) => return String::new(),
        Some(Value::Number(n)) => return n.to_string(),
        Some(Value::Bool(b)) => return b.to_string(),
        Some(Value::String(s)) => neutralise_formula(s).into_owned(),
        Some(other) => neutralise_formula(&other.to_string()).into_owned(),
    };
    field(&text).into_owned()
}

/// Names in first-seen order across `rows`' objects under `key`.
fn names(rows: &[SubmissionView], pick: impl Fn(&SubmissionView) -> &Value) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for row in rows {
        if let Value::Object(fields) = pick(row) {
            for name in fields.keys() {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
    }
    names
}

/// The CSV text of `rows`.
pub fn to_csv(rows: &[SubmissionView]) -> String {
    let inputs = names(rows, |r| &r.values);
    let outputs = names(rows, |r| &r.outputs);
    const CONTACT: [&str; 6] = ["name", "email", "phone", "company", "message", "consent"];
    let mut header: Vec<String> = ["id", "created_at", "version", "page"]
        .into_iter()
        .chain(CONTACT)
        .chain(["consent_text"])
        .map(str::to_owned)
        .collect();
    header.extend(inputs.iter().cloned());
    header.extend(outputs.iter().cloned());
    let mut csv = String::from('\u{FEFF}');
    csv.push_str(&text_line(&header));
    for row in rows {
        let text = |t: Option<&str>| cell(t.map(|t| Value::String(t.to_owned())).as_ref());
        let mut cells = vec![
            text(Some(&row.id)),
            iso_instant(row.created_at),
            row.version.to_string(),
            text(row.page.as_deref()),
        ];
        cells.extend(CONTACT.iter().map(|key| cell(row.contact.get(*key))));
        cells.push(text(row.consent_text.as_deref()));
        cells.extend(inputs.iter().map(|name| cell(row.values.get(name))));
        cells.extend(outputs.iter().map(|name| cell(row.outputs.get(name))));
        csv.push_str(&cells.join(","));
        csv.push_str("\r\n");
    }
    csv
}

/// The calculator's readable submissions under `filter` as CSV (not marked read).
///
/// # Errors
/// 400 for a bad search or day; the database could not be read.
pub async fn csv_of(
    state: &AppState,
    calculator_id: &str,
    owner: &user::Model,
    filter: &Filter,
) -> Result<String, ApiError> {
    let rows = readable(calculator_id, owner, filter)?
        .limit(MAX_ROWS)
        .all(&state.db)
        .await?;
    let views: Vec<SubmissionView> = rows.into_iter().map(SubmissionView::of).collect();
    Ok(to_csv(&views))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cells_keep_numbers_and_neutralise_text() {
        assert_eq!(cell(Some(&json!(-5))), "-5");
        assert_eq!(cell(Some(&json!("-5"))), "'-5");
        assert_eq!(
            cell(Some(&json!("=cmd|' /C calc'!A0"))),
            "'=cmd|' /C calc'!A0"
        );
        assert_eq!(cell(Some(&json!("a,b"))), "\"a,b\"");
        assert_eq!(cell(Some(&json!(true))), "true");
        assert_eq!(cell(None), "");
    }
}
