//! The owner's submissions as a CSV file: UTF-8 with a byte-order mark (spreadsheets read
//! it as UTF-8 then), a header row, the contact fields, then each input and output by name
//! with raw values — except a value output's number when the output has a rounding rule of
//! its own in the version it was sent with: that is rounded as the page showed it, in plain
//! digits, by the engine (`calcsmith_engine::output::csv_number`), as a table's "Download
//! CSV" is. Text that a spreadsheet would run as a formula is neutralised by the engine's
//! rule (`calcsmith_engine::csv`), which the web's table export shares.

use std::collections::HashMap;

use calcsmith_engine::CalcDoc;
use calcsmith_engine::csv::{field, neutralise_formula, text_line};
use calcsmith_engine::model::OutputDef;
use calcsmith_engine::output::csv_number;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::Value;

use super::listing::{Filter, SubmissionView, readable};
use super::months::iso_instant;
use crate::domain::parse_json_text;
use crate::entities::{calculator_version, user};
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

/// The outputs of each version a submission was sent with, by version number.
pub type OutputsByVersion = HashMap<i64, Vec<OutputDef>>;

/// An output's cell: rounded when its definition in the row's version rounds, else raw.
fn output_cell(defs: Option<&Vec<OutputDef>>, name: &str, value: Option<&Value>) -> String {
    let def = defs.and_then(|defs| defs.iter().find(|def| def.name == name));
    match (def, value) {
        (Some(def), Some(value)) => csv_number(def, value).unwrap_or_else(|| cell(Some(value))),
        _ => cell(value),
    }
}

/// The CSV text of `rows`, whose outputs round as `outputs` (their versions') say.
pub fn to_csv(rows: &[SubmissionView], outputs_by_version: &OutputsByVersion) -> String {
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
        let defs = outputs_by_version.get(&row.version);
        cells.extend(
            outputs
                .iter()
                .map(|name| output_cell(defs, name, row.outputs.get(name))),
        );
        csv.push_str(&cells.join(","));
        csv.push_str("\r\n");
    }
    // A lone surrogate in an output (an emoji cut in half) as a browser shows it, U+FFFD.
    calcsmith_engine::js_text::well_formed(&csv).into_owned()
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
    let mut numbers: Vec<i64> = views.iter().map(|view| view.version).collect();
    numbers.sort_unstable();
    numbers.dedup();
    let versions = calculator_version::Entity::find()
        .filter(calculator_version::Column::CalculatorId.eq(calculator_id))
        .filter(calculator_version::Column::Number.is_in(numbers))
        .all(&state.db)
        .await?;
    // A version whose doc no longer reads as a calculator exports its raw values.
    let outputs_by_version = versions
        .into_iter()
        .filter_map(|version| {
            let doc = CalcDoc::from_json_value(parse_json_text(&version.doc)).ok()?;
            Some((version.number, doc.outputs))
        })
        .collect();
    Ok(to_csv(&views, &outputs_by_version))
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
