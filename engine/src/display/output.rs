//! Validated outputs → the result every face returns: raw values and display text.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::format::Locale;
use crate::model::{CalcDoc, OutputType};
use crate::run::rules::Judged;
use crate::validate::OutputValue;

mod values;

pub(crate) use values::json_number;
pub use values::{csv_number, iso_string};
use values::{csv_rows, display_scalar, number_style, raw_scalar, table};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::Scalar;
    use serde_json::json;

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
