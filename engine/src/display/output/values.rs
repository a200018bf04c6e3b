//! One output's values as the result carries them: raw JSON (as `JSON.stringify` writes
//! it), display text (as the page shows it) and a CSV cell's plain digits (as the page
//! shows them, for a spreadsheet), for a value and for a table's cells.

use serde_json::{Value, json};

use crate::dates::CivilDate;
use crate::format::{
    Locale, NumberStyle, format_bool, format_date, format_decimal_text, format_number, format_text,
    plain_decimal_text, plain_number,
};
use crate::model::OutputDef;
use crate::validate::{Row, Scalar};

/// A table's raw rows and their display (null for a table without rows: it is hidden).
pub(super) fn table(def: &OutputDef, rows: &[Row], locale: Locale) -> (Value, Value) {
    let columns = def.columns.as_deref().unwrap_or_default();
    let cell = |row: &Row, column: &OutputDef| {
        row.iter()
            .rev()
            .find(|(name, _)| *name == column.name)
            .map_or(Scalar::Empty, |(_, v)| v.clone())
    };
    let raw = rows
        .iter()
        .map(|row| {
            let cells = columns
                .iter()
                .map(|c| (c.name.clone(), raw_scalar(&cell(row, c))));
            Value::Object(cells.collect())
        })
        .collect();
    // Each column's number style once, not once a cell.
    let styles: Vec<NumberStyle> = columns.iter().map(number_style).collect();
    let shown = if rows.is_empty() {
        Value::Null
    } else {
        rows.iter()
            .map(|row| {
                let cells = columns.iter().zip(&styles).map(|(c, style)| {
                    let text = display_scalar(&cell(row, c), style, locale);
                    (
                        c.name.clone(),
                        if text.is_null() { json!("") } else { text },
                    )
                });
                Value::Object(cells.collect())
            })
            .collect()
    };
    (Value::Array(raw), shown)
}

/// Whether a value output or column has a rounding rule of its own (else a CSV keeps the
/// raw number, every digit of it).
fn rounds(def: &OutputDef) -> bool {
    def.decimal_places.is_some() || def.rounding_mode.is_some() || def.rounding_step.is_some()
}

/// A value output's raw value (`EvalResult::outputs`) as a CSV cell holds it when `def`
/// rounds and the value is a number: rounded as shown, in plain digits
/// ([`crate::format::plain_number`]). `None`: the CSV writes the raw value.
#[must_use]
pub fn csv_number(def: &OutputDef, raw: &Value) -> Option<String> {
    let number = raw.as_f64().filter(|_| rounds(def))?;
    plain_number(number, &number_style(def))
}

/// [`EvalResult::csv`]'s rows of `table`, when a column of it rounds.
pub(super) fn csv_rows(def: &OutputDef, rows: &[Row]) -> Option<Value> {
    let columns: Vec<(&OutputDef, NumberStyle)> = def
        .columns
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter(|column| rounds(column))
        .map(|column| (column, number_style(column)))
        .collect();
    if columns.is_empty() {
        return None;
    }
    let rows = rows.iter().map(|row| {
        let cells = columns.iter().filter_map(|(column, style)| {
            let scalar = row.iter().rev().find(|(name, _)| *name == column.name)?;
            let plain = match &scalar.1 {
                Scalar::Number(n) => plain_number(*n, style),
                Scalar::Decimal(text) => plain_decimal_text(text, style),
                _ => None,
            }?;
            Some((column.name.clone(), Value::String(plain)))
        });
        Value::Object(cells.collect())
    });
    Some(Value::Array(rows.collect()))
}

pub(super) fn raw_scalar(scalar: &Scalar) -> Value {
    match scalar {
        Scalar::Empty | Scalar::Date(None) => Value::Null,
        Scalar::Number(n) => json_number(*n),
        Scalar::Text(s) => Value::String(s.clone()),
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Date(Some(ms)) => iso_string(*ms).map_or(Value::Null, Value::String),
        Scalar::Decimal(text) => decimal_json(text),
    }
}

/// A `Decimal`'s JSON value: the number its text reads as when that number's own text is
/// the same digits (`0.3`, `-12.5`), so it reads as a number output would; else the text
/// itself (`"12345678901234567890.123"`, digits a double would lose). NaN and the
/// infinities are null, as numbers are.
fn decimal_json(text: &str) -> Value {
    match text.parse::<f64>() {
        Ok(n) if !n.is_finite() => Value::Null,
        Ok(n) if format!("{n}") == text => json_number(n),
        _ => Value::String(text.to_owned()),
    }
}

/// A number as JavaScript's `JSON.stringify` writes it: whole numbers without `.0`, and
/// null for NaN and the infinities (their display text still tells them apart).
pub(crate) fn json_number(n: f64) -> Value {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if n.fract() == 0.0 && n.abs() <= SAFE {
        Value::from(n as i64)
    } else {
        serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

/// How `def`'s numbers are shown.
pub(super) fn number_style(def: &OutputDef) -> NumberStyle {
    NumberStyle {
        decimal_places: def.decimal_places,
        rounding_mode: def.rounding_mode.unwrap_or_default(),
        rounding_step: def.rounding_step.clone(),
        percent: def.percent,
        currency_sign: def.currency_sign.clone().filter(|s| !s.is_empty()),
        prefix: def.prefix.clone(),
        suffix: def.suffix.clone(),
    }
}

pub(super) fn display_scalar(scalar: &Scalar, style: &NumberStyle, locale: Locale) -> Value {
    let text = match scalar {
        Scalar::Empty => return Value::Null,
        Scalar::Number(n) => format_number(*n, style, locale),
        // A lone surrogate shows as U+FFFD, as a browser draws it (`js_text.rs`).
        Scalar::Text(s) => format_text(&crate::js_text::well_formed(s)),
        Scalar::Bool(b) => format_bool(*b, locale).to_owned(),
        Scalar::Date(ms) => format_date(ms.unwrap_or(f64::NAN), locale),
        Scalar::Decimal(text) => format_decimal_text(text, style, locale),
    };
    Value::String(text)
}

/// `2024-01-05T00:00:00.000Z`, like JavaScript's `Date.prototype.toISOString`.
pub fn iso_string(ms: f64) -> Option<String> {
    let day = CivilDate::from_epoch_ms(ms)?;
    let of_day = (ms - day.to_epoch_ms()) as u64;
    let (h, m, s, milli) = (
        of_day / 3_600_000,
        of_day / 60_000 % 60,
        of_day / 1000 % 60,
        of_day % 1000,
    );
    let year = if (0..=9999).contains(&day.year) {
        format!("{:04}", day.year)
    } else {
        format!("{:+07}", day.year)
    };
    Some(format!(
        "{year}-{:02}-{:02}T{h:02}:{m:02}:{s:02}.{milli:03}Z",
        day.month, day.day
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_strings_match_javascript() {
        assert_eq!(
            iso_string(1_704_412_800_000.0).as_deref(),
            Some("2024-01-05T00:00:00.000Z")
        );
        assert_eq!(
            iso_string(-1.0).as_deref(),
            Some("1969-12-31T23:59:59.999Z")
        );
        assert_eq!(iso_string(f64::NAN), None);
    }
}
