//! Validated outputs → the result every face returns: raw values and display text.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::dates::CivilDate;
use crate::format::{
    Locale, NumberStyle, format_bool, format_date, format_decimal_text, format_number, format_text,
    plain_decimal_text, plain_number,
};
use crate::model::{CalcDoc, OutputDef, OutputType};
use crate::run::rules::Judged;
use crate::validate::{OutputValue, Row, Scalar};

/// What one evaluation produced; identical from the CLI, the server and the browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EvalResult {
    /// Every declared output by name (null when absent); dates as ISO-8601 strings.
    /// `None` when `error` is set.
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = Option<HashMap<String, Value>>, required)
    )]
    pub outputs: Option<Map<String, Value>>,
    /// Display text per output: a string, a list of rows of strings for a table, or
    /// null for a hidden output. `None` when `error` is set.
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = Option<HashMap<String, OutputDisplay>>, required)
    )]
    pub display: Option<Map<String, Value>>,
    /// The inputs the script read, in declaration order (`"list.sub"` for sub-inputs).
    #[serde(rename = "usedInputs")]
    pub used_inputs: Vec<String>,
    /// The calculation's error message, if it failed.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub error: Option<String>,
    /// What the script printed with `console.log` and friends, bounded; omitted from
    /// the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub console: Vec<ConsoleEntry>,
    /// The top-level inputs hidden by show-when rules (theirs or their section's), in
    /// declaration order; the script saw them as null.
    #[serde(rename = "hiddenInputs", default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub hidden_inputs: Vec<String>,
    /// The outputs hidden by show-when rules, in declaration order; each is null in
    /// `outputs` and `display`.
    #[serde(rename = "hiddenOutputs", default)]
    #[cfg_attr(feature = "openapi", schema(required))]
    pub hidden_outputs: Vec<String>,
    /// The ids of the sections hidden by their show-when rules; omitted when none is.
    #[serde(
        rename = "hiddenSections",
        default,
        skip_serializing_if = "Vec::is_empty"
    )]
    pub hidden_sections: Vec<String>,
    /// The first failing valid-when rule's message per visible input; omitted when every
    /// rule holds. When present the script did not run: `outputs` and `display` are null.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = HashMap<String, String>))]
    pub invalid: Map<String, Value>,
    /// What a table's CSV file holds where it is not the raw value: per table output whose
    /// columns round (`decimalPlaces`, `roundingMode` or `roundingStep`), a row for each
    /// row with those columns' number cells rounded as shown, in plain digits (`"1199.10"`;
    /// a percent as its fraction, `"0.15"`). Omitted when no table rounds.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = HashMap<String, Vec<HashMap<String, String>>>)
    )]
    pub csv: Map<String, Value>,
}

/// The display text of one output, as [`EvalResult::display`] holds it (for the schema only:
/// the result keeps it as JSON).
#[cfg(feature = "openapi")]
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum OutputDisplay {
    /// A value output's text.
    Text(String),
    /// A table's rows of text, keyed by column name.
    Rows(Vec<std::collections::HashMap<String, String>>),
    /// A hidden output.
    Hidden,
}

/// One line the script printed to the console.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConsoleEntry {
    pub level: ConsoleLevel,
    pub text: String,
}

/// The console method that printed a line (`table`, `dir`, `group` print as `log`;
/// `trace` as `debug`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ConsoleLevel {
    Log,
    Info,
    Warn,
    Error,
    Debug,
}

impl EvalResult {
    /// A failed calculation.
    pub fn failed(message: impl Into<String>, used_inputs: Vec<String>) -> Self {
        Self {
            outputs: None,
            display: None,
            used_inputs,
            error: Some(message.into()),
            console: Vec::new(),
            hidden_inputs: Vec::new(),
            hidden_outputs: Vec::new(),
            hidden_sections: Vec::new(),
            invalid: Map::new(),
            csv: Map::new(),
        }
    }

    /// A calculation whose inputs break valid-when rules: the script did not run.
    pub(crate) fn waiting(judged: Judged) -> Self {
        Self {
            outputs: None,
            display: None,
            used_inputs: Vec::new(),
            error: None,
            console: Vec::new(),
            hidden_inputs: Vec::new(),
            hidden_outputs: Vec::new(),
            hidden_sections: Vec::new(),
            invalid: Map::new(),
            csv: Map::new(),
        }
        .judged(judged)
    }

    /// This result with what the rules decided; hidden outputs are null.
    pub(crate) fn judged(mut self, judged: Judged) -> Self {
        for name in &judged.hidden_outputs {
            for shown in [&mut self.outputs, &mut self.display].into_iter().flatten() {
                if let Some(value) = shown.get_mut(name) {
                    *value = Value::Null;
                }
            }
            self.csv.remove(name);
        }
        self.hidden_inputs = judged.hidden_inputs;
        self.hidden_outputs = judged.hidden_outputs;
        self.hidden_sections = judged.hidden_sections;
        self.invalid = judged.invalid;
        self
    }

    /// A successful calculation of `doc` that returned `values`.
    pub fn succeeded(
        doc: &CalcDoc,
        values: &[(String, OutputValue)],
        used_inputs: Vec<String>,
        locale: Locale,
    ) -> Self {
        Self::succeeded_for(doc, values, used_inputs, locale, None)
    }

    /// [`EvalResult::succeeded`] with only the output named `only` (when given) in
    /// `outputs` and `display`: what-if tools read one output of many calculations, and
    /// formatting the others (a 360-row table) would be most of their time.
    pub(crate) fn succeeded_for(
        doc: &CalcDoc,
        values: &[(String, OutputValue)],
        used_inputs: Vec<String>,
        locale: Locale,
        only: Option<&str>,
    ) -> Self {
        let mut outputs = Map::new();
        let mut display = Map::new();
        let mut csv = Map::new();
        for def in doc
            .outputs
            .iter()
            .filter(|def| only.is_none_or(|name| def.name == name))
        {
            let value = values
                .iter()
                .rev()
                .find(|(name, _)| *name == def.name)
                .map(|(_, value)| value);
            let (raw, shown) = match (def.kind, value) {
                (OutputType::Value, Some(OutputValue::Value(scalar))) => (
                    raw_scalar(scalar),
                    display_scalar(scalar, &number_style(def), locale),
                ),
                (OutputType::Table, Some(OutputValue::Table(Some(rows)))) => {
                    if let Some(rounded) = csv_rows(def, rows) {
                        csv.insert(def.name.clone(), rounded);
                    }
                    table(def, rows, locale)
                }
                _ => (Value::Null, Value::Null),
            };
            outputs.insert(def.name.clone(), raw);
            display.insert(def.name.clone(), shown);
        }
        Self {
            outputs: Some(outputs),
            display: Some(display),
            used_inputs,
            error: None,
            console: Vec::new(),
            hidden_inputs: Vec::new(),
            hidden_outputs: Vec::new(),
            hidden_sections: Vec::new(),
            invalid: Map::new(),
            csv,
        }
    }
}

fn table(def: &OutputDef, rows: &[Row], locale: Locale) -> (Value, Value) {
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
fn csv_rows(def: &OutputDef, rows: &[Row]) -> Option<Value> {
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

fn raw_scalar(scalar: &Scalar) -> Value {
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
fn json_number(n: f64) -> Value {
    const SAFE: f64 = 9_007_199_254_740_991.0;
    if n.fract() == 0.0 && n.abs() <= SAFE {
        Value::from(n as i64)
    } else {
        serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
    }
}

/// How `def`'s numbers are shown.
fn number_style(def: &OutputDef) -> NumberStyle {
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

fn display_scalar(scalar: &Scalar, style: &NumberStyle, locale: Locale) -> Value {
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

    #[test]
    fn every_declared_output_is_present_and_absent_ones_are_null() {
        let doc: CalcDoc = serde_json::from_value(json!({"metaOutputs": [
            {"id": 1, "name": "x", "type": "value", "decimalPlaces": 2, "currencySign": "$"},
            {"id": 2, "name": "y", "type": "value"},
            {"id": 3, "name": "t", "type": "table", "metaOutputs": [
                {"id": 1, "name": "c", "type": "value", "percent": true}]}]}))
        .unwrap();
        let values = vec![
            ("x".to_owned(), OutputValue::Value(Scalar::Number(1234.5))),
            (
                "t".to_owned(),
                OutputValue::Table(Some(vec![vec![("c".to_owned(), Scalar::Number(0.5))]])),
            ),
        ];
        let result = EvalResult::succeeded(&doc, &values, vec![], Locale::En);
        assert_eq!(
            serde_json::to_value(&result).unwrap(),
            json!({
                "outputs": {"x": 1234.5, "y": null, "t": [{"c": 0.5}]},
                "display": {"x": "$1,234.50", "y": null, "t": [{"c": "50%"}]},
                "usedInputs": [],
                "error": null,
                "hiddenInputs": [],
                "hiddenOutputs": []
            })
        );
    }

    #[test]
    fn an_empty_table_is_hidden() {
        let doc: CalcDoc = serde_json::from_value(json!({"metaOutputs": [
            {"id": 1, "name": "t", "type": "table", "metaOutputs": []}]}))
        .unwrap();
        let values = vec![("t".to_owned(), OutputValue::Table(Some(vec![])))];
        let result = EvalResult::succeeded(&doc, &values, vec![], Locale::En);
        assert_eq!(result.display.unwrap()["t"], Value::Null);
        assert_eq!(result.outputs.unwrap()["t"], json!([]));
    }
}
