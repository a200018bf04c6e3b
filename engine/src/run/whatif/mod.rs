//! What-if tools: many calculations of one calculator with one or two number inputs
//! changed, reading one value output. A goal seek (`seek.rs`) finds the input value that
//! gives a target; a sweep (`sweep.rs`) tabulates the output over ranges of inputs. Both
//! run on [`Engine`] like any calculation, so every face (wasm, the worker process, the
//! CLI) gives the same answers.

pub mod seek;
pub mod sweep;

#[cfg(test)]
mod tests;

use serde_json::{Map, Value};

use crate::eval::Engine;
use crate::format::{Locale, NumberStyle, format_number};
use crate::model::{CalcDoc, InputDef, InputType, OutputDef, OutputType};

/// A spec's field read as a finite number; absent or null is `None`.
pub(crate) fn number_field(spec: &Map<String, Value>, key: &str) -> Result<Option<f64>, String> {
    match spec.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => match value.as_f64() {
            Some(n) if n.is_finite() => Ok(Some(n)),
            _ => Err(format!("{key} must be a number")),
        },
    }
}

/// A spec's field read as text; absent, null and empty are `None`.
pub(crate) fn text_field<'a>(
    spec: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, String> {
    match spec.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(_) => Err(format!("{key} must be text")),
    }
}

/// The spec as an object.
pub(crate) fn spec_object(spec: &Value) -> Result<&Map<String, Value>, String> {
    spec.as_object()
        .ok_or_else(|| "the spec must be an object".to_owned())
}

/// The top-level number input named `name`.
pub(crate) fn number_input<'a>(doc: &'a CalcDoc, name: &str) -> Result<&'a InputDef, String> {
    let input = doc
        .inputs
        .iter()
        .find(|input| input.name == name)
        .ok_or_else(|| format!("No input is named \"{name}\"."))?;
    if input.kind == InputType::Number {
        Ok(input)
    } else {
        Err(format!("\"{name}\" is not a number input."))
    }
}

/// The value output named `name`.
pub(crate) fn value_output<'a>(doc: &'a CalcDoc, name: &str) -> Result<&'a OutputDef, String> {
    let output = doc
        .outputs
        .iter()
        .find(|output| output.name == name)
        .ok_or_else(|| format!("No output is named \"{name}\"."))?;
    if output.kind == OutputType::Value {
        Ok(output)
    } else {
        Err(format!("\"{name}\" is a table: choose a value output."))
    }
}

/// A number as the messages show it: English digit groups, its shortest decimal form.
pub(crate) fn shown(n: f64) -> String {
    format_number(n, &NumberStyle::default(), Locale::En)
}

/// A number as a JSON value, as an output's raw value is written.
pub(crate) use crate::output::json_number;

/// One calculation's reading of the chosen output: its raw value and display text, or
/// the calculation's error.
pub(crate) enum Reading {
    Value { raw: Value, display: String },
    Failed(String),
}

/// Runs `doc` with `base` values and `changes` (input id → number) applied, and reads
/// `output`.
pub(crate) fn read_at(
    engine: &mut Engine,
    doc: &CalcDoc,
    base: &Map<String, Value>,
    changes: &[(&InputDef, f64)],
    output: &str,
) -> Reading {
    let mut values = base.clone();
    for (input, x) in changes {
        values.insert(input.id.to_string(), json_number(*x));
    }
    let result = engine.evaluate_output(doc, &values, output);
    if let Some(error) = result.error {
        return Reading::Failed(error);
    }
    let raw = result
        .outputs
        .and_then(|mut outputs| outputs.remove(output))
        .unwrap_or(Value::Null);
    let display = result
        .display
        .and_then(|mut display| display.remove(output))
        .and_then(|shown| shown.as_str().map(str::to_owned))
        .unwrap_or_default();
    Reading::Value { raw, display }
}

/// The value `input` has in `values` (else the doc's default), as a number; 0 when it
/// has none.
pub(crate) fn current_number(doc: &CalcDoc, values: &Map<String, Value>, input: &InputDef) -> f64 {
    let key = input.id.to_string();
    let stored = values.get(&key).or_else(|| doc.defaults.get(&key));
    match stored {
        Some(Value::Number(n)) => n.as_f64().unwrap_or(0.0),
        Some(Value::String(text)) => text.trim().parse::<f64>().unwrap_or(0.0),
        _ => 0.0,
    }
    .clamp(f64::MIN, f64::MAX)
}
