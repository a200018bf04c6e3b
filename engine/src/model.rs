//! The calculator document as authors save it, with the spec's JSON field names.
//!
//! Every struct keeps the fields it does not know in `extra`, so loading and saving a
//! document never loses anything an author (or a newer version of the app) wrote.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Number, Value};

use crate::test_case::TestCase;

/// The script a new calculator starts with.
pub const DEFAULT_SCRIPT: &str = "'use strict';\n\nreturn {};\n";

/// The default tab size of the script editor.
pub const DEFAULT_TAB_SIZE: u32 = 2;

/// A calculator document (`doc` in the API).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CalcDoc {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default = "default_script")]
    pub script: String,
    #[serde(default)]
    pub libraries: Libraries,
    #[serde(rename = "tabSize", default = "default_tab_size")]
    pub tab_size: u32,
    /// Stored input values keyed by input id (as a string, the way JSON keys are).
    #[serde(default)]
    pub defaults: Map<String, Value>,
    #[serde(rename = "metaInputs", default)]
    pub inputs: Vec<InputDef>,
    #[serde(rename = "metaOutputs", default)]
    pub outputs: Vec<OutputDef>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub inputs_label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub outputs_label: Option<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Default for CalcDoc {
    fn default() -> Self {
        Self {
            name: String::new(),
            description: String::new(),
            script: default_script(),
            libraries: Libraries::default(),
            tab_size: DEFAULT_TAB_SIZE,
            defaults: Map::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            inputs_label: None,
            outputs_label: None,
            extra: Map::new(),
        }
    }
}

fn default_script() -> String {
    DEFAULT_SCRIPT.to_owned()
}

const fn default_tab_size() -> u32 {
    DEFAULT_TAB_SIZE
}

/// Which optional libraries the script may use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Libraries {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub lodash: bool,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub moment: bool,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub mathjs: bool,
}

/// One of the libraries a calculator can switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Library {
    Lodash,
    Moment,
    Mathjs,
}

impl Library {
    /// Every library, in the order they are loaded.
    pub const ALL: [Library; 3] = [Library::Lodash, Library::Moment, Library::Mathjs];

    /// Parses the name used in `libraries` and by hosts (`"lodash"`, `"moment"`, `"mathjs"`).
    pub fn parse(name: &str) -> Option<Library> {
        Self::ALL.into_iter().find(|lib| lib.name() == name)
    }

    /// The name used in `doc.libraries` and in library file names.
    pub const fn name(self) -> &'static str {
        match self {
            Library::Lodash => "lodash",
            Library::Moment => "moment",
            Library::Mathjs => "mathjs",
        }
    }

    /// The global the library defines for scripts.
    pub const fn global(self) -> &'static str {
        match self {
            Library::Lodash => "_",
            Library::Moment => "moment",
            Library::Mathjs => "math",
        }
    }

    /// Whether `libraries` switches this library on.
    pub const fn enabled_in(self, libraries: &Libraries) -> bool {
        match self {
            Library::Lodash => libraries.lodash,
            Library::Moment => libraries.moment,
            Library::Mathjs => libraries.mathjs,
        }
    }
}

/// The type of an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    Number,
    String,
    Binary,
    Date,
    Choice,
    List,
}

impl InputType {
    /// The title the editor shows for the type (spec §3).
    pub const fn title(self) -> &'static str {
        match self {
            InputType::Number => "Number",
            InputType::String => "Text",
            InputType::Binary => "Checkbox",
            InputType::Date => "Date",
            InputType::Choice => "Radio/Dropdown",
            InputType::List => "Repeating item",
        }
    }
}

/// An input definition (`metaInputs` entry).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputDef {
    pub id: u64,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: InputType,
    #[serde(
        rename = "presentationType",
        skip_serializing_if = "Option::is_none",
        default
    )]
    pub presentation_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub choices: Option<Vec<Choice>>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub autohide: bool,
    /// The sub-inputs of a list ("repeating item").
    #[serde(
        rename = "metaInputs",
        skip_serializing_if = "Option::is_none",
        default
    )]
    pub inputs: Option<Vec<InputDef>>,
    /// What a new list item starts as: values keyed by sub-input id.
    #[serde(
        rename = "itemPrototype",
        skip_serializing_if = "Option::is_none",
        default
    )]
    pub item_prototype: Option<Map<String, Value>>,
    /// Text shown before and after the control (a unit: `$`, `kg`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub prefix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub suffix: Option<String>,
    /// Shown in an empty text or number field.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub placeholder: Option<String>,
    /// A line of help under the control.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub help: Option<String>,
    /// An empty value is an input error: nothing is calculated until it is set.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub required: Option<bool>,
    /// A number field's bounds and step (sliders have `sliderMin`, `sliderMax`,
    /// `sliderStep`); kept as written, so `5` stays `5`.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub min: Option<Number>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub max: Option<Number>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "positive_step"
    )]
    pub step: Option<Number>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One choice of a radio/dropdown input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    #[serde(default)]
    pub id: Value,
    #[serde(default)]
    pub label: String,
    /// What is stored when this choice is chosen, and what the script sees.
    #[serde(default)]
    pub value: Value,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The type of an output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutputType {
    #[serde(rename = "value", alias = "Value")]
    Value,
    #[serde(rename = "table", alias = "Table")]
    Table,
}

/// An output definition (`metaOutputs` entry); a table's columns are outputs too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutputDef {
    pub id: u64,
    pub name: String,
    #[serde(rename = "type", default = "default_output_type")]
    pub kind: OutputType,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub percent: bool,
    #[serde(
        rename = "currencySign",
        skip_serializing_if = "Option::is_none",
        default
    )]
    pub currency_sign: Option<String>,
    #[serde(
        rename = "decimalPlaces",
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "lenient_decimal_places"
    )]
    pub decimal_places: Option<u32>,
    /// Text around a number: `≈` before it, `kg` or `₽` after it (format.rs spaces them).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub prefix: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub suffix: Option<String>,
    /// A table's columns.
    #[serde(
        rename = "metaOutputs",
        skip_serializing_if = "Option::is_none",
        default
    )]
    pub columns: Option<Vec<OutputDef>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

const fn default_output_type() -> OutputType {
    OutputType::Value
}

/// A stored date input value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "params", rename_all = "lowercase")]
pub enum DateValue {
    /// A fixed day: `day`, `month` (0–11) and `year`; a missing part makes the value null.
    Absolute(Map<String, Value>),
    /// Today plus `delta` `units`.
    Relative(RelativeDate),
}

/// The parameters of a relative date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RelativeDate {
    #[serde(default)]
    pub delta: f64,
    #[serde(default)]
    pub units: DateUnits,
}

/// The unit of a relative date's delta.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DateUnits {
    #[default]
    Days,
    Months,
    Years,
}

/// A calculator's look (`doc_style`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Style {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub bgcolor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fcolor: Option<String>,
    /// Font size in pt.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fsize: Option<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A stored calculator: `{_id, doc, doc_style}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceRecord {
    #[serde(rename = "_id", skip_serializing_if = "Option::is_none", default)]
    pub id: Option<String>,
    pub doc: CalcDoc,
    #[serde(default)]
    pub doc_style: Style,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl CalcDoc {
    /// Reads either a bare doc or a source record `{_id, doc, doc_style}`.
    ///
    /// # Errors
    /// The JSON does not describe a calculator; the message says which field is wrong.
    pub fn from_json_value(value: Value) -> Result<CalcDoc, serde_json::Error> {
        let is_record = value
            .as_object()
            .is_some_and(|o| o.get("doc").is_some_and(Value::is_object));
        let doc: CalcDoc = if is_record {
            serde_json::from_value::<SourceRecord>(value).map(|record| record.doc)?
        } else {
            serde_json::from_value(value)?
        };
        doc.tests()
            .map_err(<serde_json::Error as serde::de::Error>::custom)?;
        Ok(doc)
    }

    /// The calculator's test cases (`doc.tests`, kept among the doc's other fields as they
    /// came, so they round-trip untouched); absent, null and `[]` all mean none.
    ///
    /// # Errors
    /// `tests` is not a list, or a test is of the wrong shape ([`TestCase::from_json`]);
    /// a doc read with [`CalcDoc::from_json_value`] has been checked for this.
    pub fn tests(&self) -> Result<Vec<TestCase>, String> {
        match self.extra.get("tests") {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(tests)) => tests.iter().map(TestCase::from_json).collect(),
            Some(_) => Err("tests must be a list".to_owned()),
        }
    }

    /// The first input whose bounds cross (a number field's `min` above its `max`, or a
    /// slider's `sliderMin` above its `sliderMax`), in words for the author; a list's
    /// sub-inputs are looked at too. A doc like this still evaluates (the author may be
    /// halfway through typing the bounds), but it is not saved.
    #[must_use]
    pub fn crossed_bounds(&self) -> Option<String> {
        fn bound(value: Option<&Value>) -> Option<f64> {
            value.and_then(Value::as_f64)
        }
        fn check(inputs: &[InputDef]) -> Option<String> {
            inputs.iter().find_map(|input| {
                let pairs = [
                    (
                        "minimum",
                        input.min.as_ref().and_then(Number::as_f64),
                        "maximum",
                        input.max.as_ref().and_then(Number::as_f64),
                    ),
                    (
                        "slider minimum",
                        bound(input.extra.get("sliderMin")),
                        "slider maximum",
                        bound(input.extra.get("sliderMax")),
                    ),
                ];
                pairs
                    .into_iter()
                    .find_map(|(low_name, low, high_name, high)| match (low, high) {
                        (Some(low), Some(high)) if low > high => Some(format!(
                            "input \"{}\": its {low_name} {low} is above its {high_name} {high}",
                            input.name
                        )),
                        _ => None,
                    })
                    .or_else(|| input.inputs.as_deref().and_then(check))
            })
        }
        check(&self.inputs)
    }
}

/// Accepts `true`/`false`, and treats `null` as false (older documents store nulls).
fn lenient_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(deserializer)?.unwrap_or(false))
}

/// Accepts a non-negative integer, a numeric string, `null` or `""` (unset).
fn lenient_decimal_places<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u32>, D::Error> {
    use serde::de::Error;
    let places = match Value::deserialize(deserializer)? {
        Value::Null => return Ok(None),
        Value::String(s) if s.trim().is_empty() => return Ok(None),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        Value::Number(n) => n.as_f64(),
        _ => None,
    };
    match places {
        Some(p) if p.fract() == 0.0 && (0.0..=20.0).contains(&p) => Ok(Some(p as u32)),
        _ => Err(D::Error::custom(
            "decimalPlaces must be a whole number from 0 to 20",
        )),
    }
}

/// A step is a number above zero, or unset (`null`).
fn positive_step<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Number>, D::Error> {
    use serde::de::Error;
    match Option::<Number>::deserialize(deserializer)? {
        Some(step) if step.as_f64().is_none_or(|s| s <= 0.0) => {
            Err(D::Error::custom("step must be a number above 0"))
        }
        step => Ok(step),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_fields_survive_a_round_trip() {
        let original = json!({
            "name": "Loan", "description": "", "script": "return {};",
            "libraries": {"lodash": true, "moment": false, "mathjs": false, "future": 1},
            "tabSize": 4, "defaults": {"1": 5},
            "metaInputs": [{"id": 1, "name": "a", "type": "number", "sliderMin": 0,
                "presentationType": "slider", "autohide": false}],
            "metaOutputs": [{"id": 1, "name": "x", "type": "value", "decimalPlaces": 2,
                "colour": "red"}],
            "inputs_label": "In", "somethingNew": {"kept": true}
        });
        let doc: CalcDoc = serde_json::from_value(original.clone()).unwrap();
        let saved = serde_json::to_value(&doc).unwrap();
        assert_eq!(saved["somethingNew"], json!({"kept": true}));
        assert_eq!(saved["metaInputs"][0]["sliderMin"], json!(0));
        assert_eq!(saved["metaOutputs"][0]["colour"], json!("red"));
        assert_eq!(saved["inputs_label"], json!("In"));
        let again: CalcDoc = serde_json::from_value(saved).unwrap();
        assert_eq!(again, doc);
    }

    #[test]
    fn a_tables_chart_survives_a_round_trip_as_written() {
        // The web app keeps a table's chart (web/src/components/calculator/chart/settings.ts)
        // in a field the engine does not know; the server saves what the engine reads back.
        let chart = json!({"type": "bar", "x": 1, "y": [2, 3], "stacked": true,
            "show": "chart", "title": "Plan", "xLabel": "Month", "yLabel": "",
            "later": {"kept": [1, null]}});
        let original = json!({"metaOutputs": [{"id": 1, "name": "schedule", "type": "table",
            "chart": chart.clone(),
            "metaOutputs": [{"id": 1, "name": "Month", "type": "value"},
                {"id": 2, "name": "Paid", "type": "value", "currencySign": "$"},
                {"id": 3, "name": "Left", "type": "value", "currencySign": "$"}]}]});
        let doc = CalcDoc::from_json_value(original).unwrap();
        let saved = serde_json::to_value(&doc).unwrap();
        assert_eq!(saved["metaOutputs"][0]["chart"], chart);
        let again = CalcDoc::from_json_value(saved.clone()).unwrap();
        assert_eq!(serde_json::to_value(&again).unwrap(), saved);
    }

    #[test]
    fn input_and_output_units_and_rules_round_trip_exactly_and_stay_absent_when_unset() {
        let input = json!({"id": 1, "name": "w", "type": "number", "prefix": "≈",
            "suffix": "kg", "placeholder": "e.g. 75", "help": "Without shoes",
            "required": true, "min": 0, "max": 300.5, "step": 0.5, "autohide": false});
        let output = json!({"id": 1, "name": "p", "type": "value", "suffix": "₽",
            "prefix": "~", "percent": false});
        let doc = json!({"metaInputs": [input, {"id": 2, "name": "b", "type": "string"}],
            "metaOutputs": [output]});
        let saved = serde_json::to_value(CalcDoc::from_json_value(doc).unwrap()).unwrap();
        assert_eq!(saved["metaInputs"][0], input);
        assert_eq!(saved["metaOutputs"][0], output);
        let plain = saved["metaInputs"][1].as_object().unwrap();
        for key in [
            "prefix",
            "suffix",
            "placeholder",
            "help",
            "required",
            "min",
            "max",
            "step",
        ] {
            assert!(!plain.contains_key(key), "{key} appeared in an old input");
        }
    }

    #[test]
    fn crossed_bounds_are_named_in_lists_too_and_touching_bounds_are_fine() {
        let doc =
            |inputs: Value| CalcDoc::from_json_value(json!({ "metaInputs": inputs })).unwrap();
        let field = json!({"id": 1, "name": "weight", "type": "number", "min": 10, "max": 5});
        assert_eq!(
            doc(json!([field])).crossed_bounds().as_deref(),
            Some("input \"weight\": its minimum 10 is above its maximum 5")
        );
        let slider = json!({"id": 2, "name": "rate", "type": "number",
            "presentationType": "slider", "sliderMin": 2.5, "sliderMax": 1});
        let list = json!({"id": 3, "name": "items", "type": "list", "metaInputs": [slider]});
        assert_eq!(
            doc(json!([list])).crossed_bounds().as_deref(),
            Some("input \"rate\": its slider minimum 2.5 is above its slider maximum 1")
        );
        let fine = json!([{"id": 1, "name": "a", "type": "number", "min": 5, "max": 5},
            {"id": 2, "name": "b", "type": "number", "min": 5},
            {"id": 3, "name": "c", "type": "number", "sliderMin": "x", "sliderMax": 1}]);
        assert_eq!(doc(fine).crossed_bounds(), None);
    }

    #[test]
    fn input_rules_of_the_wrong_type_are_refused() {
        let input = |extra: Value| {
            let mut def = json!({"id": 1, "name": "a", "type": "number"});
            def.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            serde_json::from_value::<InputDef>(def)
        };
        assert!(input(json!({"min": "zero"})).is_err());
        assert!(input(json!({"required": "yes"})).is_err());
        assert!(input(json!({"suffix": 5})).is_err());
        assert!(input(json!({"step": 0})).is_err());
        assert!(input(json!({"step": -1})).is_err());
        assert_eq!(input(json!({"step": null})).unwrap().step, None);
        assert_eq!(input(json!({"required": null})).unwrap().required, None);
    }

    #[test]
    fn an_empty_object_is_a_new_calculator() {
        let doc: CalcDoc = serde_json::from_value(json!({})).unwrap();
        assert_eq!(doc.script, DEFAULT_SCRIPT);
        assert_eq!(doc.tab_size, 2);
        assert!(doc.inputs.is_empty());
    }

    #[test]
    fn a_source_record_is_read_as_its_doc() {
        let doc = CalcDoc::from_json_value(json!({
            "_id": "abcdefghijklmnop", "doc": {"name": "Inner"}, "doc_style": {"fsize": 12}
        }))
        .unwrap();
        assert_eq!(doc.name, "Inner");
    }

    #[test]
    fn decimal_places_accepts_strings_and_blanks_but_not_nonsense() {
        let out = |places: Value| {
            serde_json::from_value::<OutputDef>(
                json!({"id": 1, "name": "x", "decimalPlaces": places}),
            )
        };
        assert_eq!(out(json!("2")).unwrap().decimal_places, Some(2));
        assert_eq!(out(json!("")).unwrap().decimal_places, None);
        assert_eq!(out(json!(null)).unwrap().decimal_places, None);
        assert!(out(json!(-1)).is_err());
        assert!(out(json!("many")).is_err());
    }

    #[test]
    fn output_types_accept_their_titles() {
        let out: OutputDef =
            serde_json::from_value(json!({"id": 1, "name": "t", "type": "Table"})).unwrap();
        assert_eq!(out.kind, OutputType::Table);
    }

    #[test]
    fn date_values_use_type_and_params() {
        let date: DateValue = serde_json::from_value(
            json!({"type": "relative", "params": {"delta": 3, "units": "months"}}),
        )
        .unwrap();
        assert_eq!(
            date,
            DateValue::Relative(RelativeDate {
                delta: 3.0,
                units: DateUnits::Months
            })
        );
    }
}
