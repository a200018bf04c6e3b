//! A stored submission as its mail shows it: the inputs formatted as the calculator shows
//! them (numbers grouped with their units, dates, Yes/No, a choice's label), the outputs'
//! display text the server computed, the contact fields. And [`unlinked`], which keeps
//! links out of what an author wrote when the mail goes to a visitor.

use calcsmith_engine::Locale;
use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::format::{NumberStyle, format_bool, format_date, format_number};
use calcsmith_engine::inputs::describe_inputs;
use calcsmith_engine::model::{CalcDoc, InputDef, InputType};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::messages::{Texts, fill};
use crate::domain::parse_json_text;
use crate::entities::submission;

/// Rows of a table output shown; the rest are counted.
const TABLE_ROWS: usize = 50;

/// One labelled value as shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    pub label: String,
    pub value: String,
}

/// One submission as shown in the author's mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubmissionLines {
    /// Unix milliseconds.
    pub created_at: i64,
    pub version: i64,
    pub inputs: Vec<Field>,
    pub outputs: Vec<Field>,
    pub contact: Vec<Field>,
    pub page: Option<String>,
}

/// The locale a submission was displayed in (`en` when it had none).
pub fn locale_of(submission: &submission::Model) -> Locale {
    submission
        .locale
        .as_deref()
        .and_then(Locale::parse)
        .unwrap_or_default()
}

/// `submission` as its author's mail shows it; `texts` name the contact fields.
pub fn submission_lines(
    doc: &CalcDoc,
    submission: &submission::Model,
    texts: &Texts,
) -> SubmissionLines {
    let locale = locale_of(submission);
    let yes_no = |b: bool| format_bool(b, locale).to_owned();
    let [name, email, phone, company, message, consent] = texts.contact_labels;
    let mut contact = Vec::new();
    for (label, value) in [
        (name, submission.contact_name.clone()),
        (email, submission.contact_email.clone()),
        (phone, submission.contact_phone.clone()),
        (company, submission.contact_company.clone()),
        (message, submission.contact_message.clone()),
        (consent, submission.consent.map(yes_no)),
    ] {
        if let Some(value) = value {
            contact.push(Field {
                label: label.to_owned(),
                value,
            });
        }
    }
    SubmissionLines {
        created_at: submission.created_at,
        version: submission.version,
        inputs: inputs(doc, submission, texts),
        outputs: outputs(doc, &submission.display),
        contact,
        page: submission.page.clone(),
    }
}

/// The submission's inputs, in the doc's order, formatted in its locale.
pub fn inputs(doc: &CalcDoc, submission: &submission::Model, texts: &Texts) -> Vec<Field> {
    let locale = locale_of(submission);
    let by_name = match parse_json_text(&submission.inputs) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    // Stored by name the way `submit` names them (a repeated name gets its id).
    let mut by_id = Map::new();
    let mut names: Vec<&str> = Vec::new();
    for input in &doc.inputs {
        let key = input.id.to_string();
        let name = if names.contains(&input.name.as_str()) {
            format!("{} ({key})", input.name)
        } else {
            input.name.clone()
        };
        names.push(&input.name);
        if let Some(value) = by_name.get(&name) {
            by_id.insert(key, value.clone());
        }
    }
    let day =
        CivilDate::from_epoch_ms(submission.created_at as f64).unwrap_or_else(CivilDate::today_utc);
    let described = describe_inputs(doc, &by_id, day);
    doc.inputs
        .iter()
        .zip(described.as_array().into_iter().flatten())
        .map(|(input, field)| Field {
            label: input.name.clone(),
            value: shown(input, field.get(2).unwrap_or(&Value::Null), locale, texts),
        })
        .collect()
}

/// One described input value (`describe_inputs`' third member) as the page shows it.
fn shown(input: &InputDef, value: &Value, locale: Locale, texts: &Texts) -> String {
    const NONE: &str = "—";
    match input.kind {
        InputType::Number => value.as_f64().map_or_else(
            || NONE.to_owned(),
            |n| {
                let style = NumberStyle {
                    prefix: input.prefix.clone(),
                    suffix: input.suffix.clone(),
                    ..NumberStyle::default()
                };
                format_number(n, &style, locale)
            },
        ),
        InputType::String => value.as_str().unwrap_or(NONE).to_owned(),
        InputType::Binary => format_bool(value.as_bool().unwrap_or(false), locale).to_owned(),
        InputType::Date => value
            .as_f64()
            .map_or_else(|| NONE.to_owned(), |ms| format_date(ms, locale)),
        InputType::Choice => input
            .choices
            .as_deref()
            .unwrap_or_default()
            .iter()
            .find(|c| !value.is_null() && c.value == *value)
            .map_or_else(|| NONE.to_owned(), |c| c.label.clone()),
        InputType::List => {
            let subs = input.inputs.as_deref().unwrap_or_default();
            let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
            let mut lines = vec![fill(
                texts.list_items,
                &[("count", &items.len().to_string())],
            )];
            for (n, item) in items.iter().enumerate() {
                let cells: Vec<String> = subs
                    .iter()
                    .filter(|sub| sub.kind != InputType::List)
                    .zip(item.as_array().into_iter().flatten())
                    .map(|(sub, field)| {
                        let value = field.get(2).unwrap_or(&Value::Null);
                        format!("{}: {}", sub.name, shown(sub, value, locale, texts))
                    })
                    .collect();
                lines.push(format!("{}. {}", n + 1, cells.join("; ")));
            }
            lines.join("\n")
        }
    }
}

/// The outputs' display text (JSON text by output name), in the doc's order; a table's
/// rows one a line.
pub fn outputs(doc: &CalcDoc, display: &str) -> Vec<Field> {
    let display = match parse_json_text(display) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut fields = Vec::new();
    for output in &doc.outputs {
        if seen.contains(&output.name.as_str()) {
            continue;
        }
        seen.push(&output.name);
        let Some(value) = display.get(&output.name) else {
            continue;
        };
        fields.push(Field {
            label: output.name.clone(),
            value: display_text(value),
        });
    }
    fields
}

fn display_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => "—".to_owned(),
        Value::Array(rows) => {
            let mut lines: Vec<String> = rows
                .iter()
                .take(TABLE_ROWS)
                .map(|row| match row {
                    Value::Object(cells) => cells
                        .iter()
                        .map(|(column, cell)| format!("{column}: {}", display_text(cell)))
                        .collect::<Vec<_>>()
                        .join(", "),
                    other => display_text(other),
                })
                .collect();
            if rows.len() > TABLE_ROWS {
                lines.push(format!("… (+{})", rows.len() - TABLE_ROWS));
            }
            lines.join("\n")
        }
        other => other.to_string(),
    }
}

/// `text` with every word that a mail program would turn into a link (`https://…`,
/// `www.…`, `shop.example`, an address with `@`) replaced by `removed`, line breaks and
/// other control characters made spaces, and at most `max` characters: what an author
/// wrote, fit for a mail to a visitor.
pub fn unlinked(text: &str, removed: &str, max: usize) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut word = String::new();
    let end_word = |word: &mut String, kept: &mut String| {
        kept.push_str(if looks_like_link(word) {
            removed
        } else {
            word.as_str()
        });
        word.clear();
    };
    for c in text.trim().chars() {
        if c.is_whitespace() || c.is_control() {
            end_word(&mut word, &mut kept);
            // A no-break space (as in `1 234,5`) stays; a line break becomes a space.
            kept.push(if c.is_control() { ' ' } else { c });
        } else {
            word.push(c);
        }
    }
    end_word(&mut word, &mut kept);
    if kept.chars().count() > max {
        let mut cut: String = kept.chars().take(max).collect();
        cut.push('…');
        cut
    } else {
        kept
    }
}

/// Whether a mail program would link `word`.
fn looks_like_link(word: &str) -> bool {
    let lower = word.to_lowercase();
    if lower.contains("://") || lower.contains('@') || lower.starts_with("www.") {
        return true;
    }
    let trimmed = lower.trim_matches(|c: char| !c.is_alphanumeric());
    let host = trimmed
        .split(['/', '?', '#', ':'])
        .next()
        .unwrap_or_default();
    let Some((_, top)) = host.rsplit_once('.') else {
        return false;
    };
    let top_len = top.chars().count();
    (2..=24).contains(&top_len)
        && top.chars().all(char::is_alphabetic)
        && host
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_in_an_authors_text_are_removed_but_numbers_stay() {
        let text = "Call www.spam.example or https://x.test/a, visit shop.example/buy! \
                    mail me@x.test. Total 1,234.50 (e.g. 3.5%) т.е. рф.рф";
        assert_eq!(
            unlinked(text, "[link]", 500),
            "Call [link] or [link] visit [link] mail [link] Total 1,234.50 (e.g. 3.5%) т.е. [link]"
        );
    }

    #[test]
    fn an_authors_text_is_one_line_of_at_most_the_length() {
        assert_eq!(unlinked("a\nb\u{7}c", "-", 10), "a b c");
        assert_eq!(unlinked("abcdef", "-", 3), "abc…");
        assert_eq!(unlinked("1\u{a0}234,5", "-", 10), "1\u{a0}234,5");
    }

    #[test]
    fn a_table_shows_a_row_a_line() {
        let value = serde_json::json!([{"Month": "1", "Paid": "$5"}, {"Month": "2", "Paid": "$4"}]);
        assert_eq!(
            display_text(&value),
            "Month: 1, Paid: $5\nMonth: 2, Paid: $4"
        );
    }
}
