//! The calculator document as authors save it, with the spec's JSON field names.
//!
//! Every struct keeps the fields it does not know in `extra`, so loading and saving a
//! document never loses anything an author (or a newer version of the app) wrote.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::test_case::TestCase;

pub use super::fields::{
    Choice, DateUnits, DateValue, InputDef, InputType, OutputDef, OutputType, RelativeDate,
};
pub use super::library::{Libraries, Library};
pub use super::rounding::{RoundingMode, RoundingStep};

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

#[cfg(test)]
mod tests;
