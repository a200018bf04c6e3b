//! The editor's rules for new inputs and outputs, as the package exports them.

use wasm_bindgen::prelude::*;

use super::js_values::{from_js, to_js};
use crate::editor;
use crate::model::{InputDef, InputType, OutputDef, OutputType};

/// A new input after `existing`: next id, first unused name, the type's presentation.
#[wasm_bindgen(js_name = newInput, unchecked_return_type = "InputDef")]
pub fn new_input(
    #[wasm_bindgen(unchecked_param_type = "InputDef[]")] existing: JsValue,
    #[wasm_bindgen(unchecked_param_type = "InputType")] kind: JsValue,
    inside_list: bool,
) -> Result<JsValue, JsError> {
    let existing: Vec<InputDef> = from_js(existing, "inputs")?;
    let kind: InputType = from_js(kind, "input type")?;
    let input = editor::new_input(&existing, kind, inside_list)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&input)
}

/// A new output (or table column) after `existing`.
#[wasm_bindgen(js_name = newOutput, unchecked_return_type = "OutputDef")]
pub fn new_output(
    #[wasm_bindgen(unchecked_param_type = "OutputDef[]")] existing: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"value\" | \"table\"")] kind: JsValue,
) -> Result<JsValue, JsError> {
    let existing: Vec<OutputDef> = from_js(existing, "outputs")?;
    let kind: OutputType = from_js(kind, "output type")?;
    to_js(&editor::new_output(&existing, kind))
}

/// The value a new input of this type starts with (spec §3).
#[wasm_bindgen(js_name = defaultValue)]
pub fn default_value(
    #[wasm_bindgen(unchecked_param_type = "InputType")] kind: JsValue,
) -> Result<JsValue, JsError> {
    let kind: InputType = from_js(kind, "input type")?;
    to_js(&editor::default_value(kind))
}
