//! A calculator's declared inputs and outputs (spec §3), and the lenient readers of the
//! values authors' documents hold in them.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Number, Value};

use super::rounding::{RoundingMode, RoundingStep, rounding_mode, rounding_step};

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
    /// Which way a number between two shown values goes; unset is half away from zero.
    #[serde(
        rename = "roundingMode",
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "rounding_mode"
    )]
    pub rounding_mode: Option<RoundingMode>,
    /// The multiple a number is rounded to (`0.05`, `1000`) before `decimalPlaces`.
    #[serde(
        rename = "roundingStep",
        skip_serializing_if = "Option::is_none",
        default,
        deserialize_with = "rounding_step"
    )]
    pub rounding_step: Option<RoundingStep>,
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

/// Accepts `true`/`false`, and treats `null` as false (older documents store nulls).
pub(super) fn lenient_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(deserializer)?.unwrap_or(false))
}

/// Accepts a non-negative integer, a numeric string, `null` or `""` (unset).
pub(super) fn lenient_decimal_places<'de, D: Deserializer<'de>>(
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
pub(super) fn positive_step<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Number>, D::Error> {
    use serde::de::Error;
    match Option::<Number>::deserialize(deserializer)? {
        Some(step) if step.as_f64().is_none_or(|s| s <= 0.0) => {
            Err(D::Error::custom("step must be a number above 0"))
        }
        step => Ok(step),
    }
}
