//! JS values to and from the JSON data the core reads and writes.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

/// A JS value read into Rust: as JSON data (see [`json_data`]), then as `T`.
pub(super) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    let data = json_data(&value).map_err(|e| JsError::new(&format!("{what}: {e}")))?;
    serde_json::from_value(data).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// A JS value as JSON data, read as serde-wasm-bindgen (which this replaced, being
/// bigger) read it: null and undefined are null, safe integers are integers, other
/// numbers floats (null when not finite), arrays element by element, other objects by
/// their own enumerable string keys. Functions, symbols and BigInts are refused.
fn json_data(value: &JsValue) -> Result<Value, String> {
    if value.is_null() || value.is_undefined() {
        return Ok(Value::Null);
    }
    if let Some(flag) = value.as_bool() {
        return Ok(Value::Bool(flag));
    }
    if let Some(number) = value.as_f64() {
        return Ok(if js_sys::Number::is_safe_integer(value) {
            Value::from(number as i64)
        } else {
            serde_json::Number::from_f64(number).map_or(Value::Null, Value::Number)
        });
    }
    if let Some(string) = value.dyn_ref::<js_sys::JsString>() {
        // A lone surrogate (half an emoji in a visitor's value) in the engine's spelling,
        // which the script gets back as that code unit (`display/js_text.rs`); so is
        // U+10FFFF, which that spelling doubles.
        let text = String::from(string);
        if string.is_valid_utf16() && !text.contains('\u{10FFFF}') {
            return Ok(Value::String(text));
        }
        let units: Vec<u16> = string.iter().collect();
        return Ok(Value::String(crate::js_text::from_js(
            &boa_engine::JsString::from(&units[..]),
        )));
    }
    if js_sys::Array::is_array(value) {
        let array: &js_sys::Array = value.unchecked_ref();
        return array.iter().map(|item| json_data(&item)).collect();
    }
    if value.is_object() && !value.is_function() {
        let mut map = Map::new();
        for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
            let entry: js_sys::Array = entry.unchecked_into();
            map.insert(
                entry.get(0).as_string().unwrap_or_default(),
                json_data(&entry.get(1))?,
            );
        }
        return Ok(Value::Object(map));
    }
    Err(format!(
        "{} is not JSON data",
        value.js_typeof().as_string().unwrap_or_default()
    ))
}

/// A Rust value handed to JS as JSON text parsed by the host: cheaper than building it
/// field by field, and the same plain objects; a script's lone surrogates reach JS as
/// those code units (`display/js_text.rs`).
pub(super) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = crate::js_text::to_json(value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("a result is not JSON"))
}
