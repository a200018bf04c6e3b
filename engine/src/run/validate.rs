//! The spec's validation rules (§5), with its exact messages, in the order they apply:
//! duplicate names before the script runs, the shape of what it returned after.

use std::collections::HashSet;

use serde_json::Value;

use crate::model::{CalcDoc, InputDef, OutputDef, OutputType};

/// A single value a script may return for a value output or a table cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    /// `null` or `undefined`.
    Empty,
    Number(f64),
    Text(String),
    Bool(bool),
    /// Epoch milliseconds; `None` for an invalid date.
    Date(Option<f64>),
    /// A decimal.js `Decimal` as its exact digits, never rounded to a double: plain
    /// decimal text without an exponent (`"-123.45"`), or `"NaN"`, `"Infinity"`,
    /// `"-Infinity"`.
    Decimal(String),
}

/// One table row: a scalar per column, in the row's key order.
pub type Row = Vec<(String, Scalar)>;

/// A validated output.
#[derive(Debug, Clone, PartialEq)]
pub enum OutputValue {
    Value(Scalar),
    /// `None` when the table is null or undefined.
    Table(Option<Vec<Row>>),
}

const NOT_OBJECTS: &str = "Outputs and table rows must be objects.";

fn unrecognized(key: &str) -> String {
    format!("The outputs object or a table row object has unrecognized key \"{key}\".")
}

fn invalid_value(name: &str) -> String {
    format!(
        "Invalid value for \"{name}\". Values must be numbers, strings, booleans, nulls, or undefined."
    )
}

fn first_duplicate<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = HashSet::new();
    names.into_iter().find(|name| !seen.insert(*name))
}

/// Rules 1 and 2: input names are unique within each list of inputs, output names within
/// the outputs and within each table's columns.
///
/// # Errors
/// The spec's message for the first duplicate found.
pub fn check_names(doc: &CalcDoc) -> Result<(), String> {
    let input_lists = std::iter::once(doc.inputs.as_slice())
        .chain(doc.inputs.iter().filter_map(|i| i.inputs.as_deref()));
    for inputs in input_lists {
        if let Some(name) = first_duplicate(inputs.iter().map(|i: &InputDef| i.name.as_str())) {
            return Err(format!("Multiple inputs have name \"{name}\"."));
        }
    }
    let output_lists = std::iter::once(doc.outputs.as_slice())
        .chain(doc.outputs.iter().filter_map(|o| o.columns.as_deref()));
    for outputs in output_lists {
        if let Some(name) = first_duplicate(outputs.iter().map(|o: &OutputDef| o.name.as_str())) {
            return Err(format!("Multiple outputs have name \"{name}\"."));
        }
    }
    Ok(())
}

/// The harness's description of a JS value (see `describe` in `harness.js`): a finite
/// number, a string or a boolean as itself, anything else tagged `{t, v}`.
fn tag(value: &Value) -> (&str, Option<&Value>) {
    match value {
        Value::Number(_) => ("n", Some(value)),
        Value::String(_) => ("s", Some(value)),
        Value::Bool(_) => ("b", Some(value)),
        _ => (
            value.get("t").and_then(Value::as_str).unwrap_or("x"),
            value.get("v"),
        ),
    }
}

fn scalar(described: &Value) -> Option<Scalar> {
    match tag(described) {
        ("u" | "z", _) => Some(Scalar::Empty),
        ("n", Some(v)) => v.as_f64().map(Scalar::Number),
        ("f", Some(v)) => match v.as_str() {
            Some("Infinity") => Some(Scalar::Number(f64::INFINITY)),
            Some("-Infinity") => Some(Scalar::Number(f64::NEG_INFINITY)),
            _ => Some(Scalar::Number(f64::NAN)),
        },
        ("s", Some(v)) => v.as_str().map(|s| Scalar::Text(s.to_owned())),
        ("b", Some(v)) => v.as_bool().map(Scalar::Bool),
        ("d", v) => Some(Scalar::Date(v.and_then(Value::as_f64))),
        ("m", Some(v)) => v.as_str().map(|s| Scalar::Decimal(s.to_owned())),
        _ => None,
    }
}

fn entries(described: &Value) -> Option<impl Iterator<Item = (&str, &Value)>> {
    match tag(described) {
        // Keys and descriptions alternate.
        ("o", Some(Value::Array(entries))) => Some(
            entries
                .chunks_exact(2)
                .filter_map(|pair| Some((pair[0].as_str()?, &pair[1]))),
        ),
        _ => None,
    }
}

fn table_rows(table: &OutputDef, described: &Value) -> Result<Option<Vec<Row>>, String> {
    let rows = match tag(described) {
        ("u" | "z", _) => return Ok(None),
        ("a", Some(Value::Array(rows))) => rows,
        _ => {
            return Err(format!(
                "Output \"{}\" must be an array, null, or undefined.",
                table.name
            ));
        }
    };
    let columns = table.columns.as_deref().unwrap_or_default();
    rows.iter()
        .map(|row| {
            let cells = entries(row).ok_or(NOT_OBJECTS)?;
            cells
                .map(|(key, cell)| {
                    if !columns.iter().any(|c| c.name == key) {
                        return Err(unrecognized(key));
                    }
                    let value = scalar(cell).ok_or_else(|| invalid_value(key))?;
                    Ok((key.to_owned(), value))
                })
                .collect()
        })
        .collect::<Result<Vec<Row>, String>>()
        .map(Some)
}

/// Rules 3 and 4: checks what the script returned, key by key in the order it returned
/// them, and keeps each declared output's value.
///
/// # Errors
/// The spec's message for the first problem found.
pub fn check_outputs(
    doc: &CalcDoc,
    described: &Value,
) -> Result<Vec<(String, OutputValue)>, String> {
    let returned = entries(described).ok_or(NOT_OBJECTS)?;
    let mut outputs = Vec::new();
    for (key, value) in returned {
        let def = doc
            .outputs
            .iter()
            .find(|o| o.name == key)
            .ok_or_else(|| unrecognized(key))?;
        let checked = match def.kind {
            OutputType::Table => OutputValue::Table(table_rows(def, value)?),
            OutputType::Value => {
                OutputValue::Value(scalar(value).ok_or_else(|| invalid_value(key))?)
            }
        };
        outputs.push((key.to_owned(), checked));
    }
    Ok(outputs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn doc() -> CalcDoc {
        serde_json::from_value(json!({
            "metaInputs": [{"id": 1, "name": "a", "type": "number"}],
            "metaOutputs": [
                {"id": 1, "name": "x", "type": "value"},
                {"id": 2, "name": "t", "type": "table", "metaOutputs": [
                    {"id": 1, "name": "c", "type": "value"}]}]
        }))
        .unwrap()
    }

    /// An object's description from `[[key, description], ...]`.
    fn obj(entries: Value) -> Value {
        let flat: Vec<Value> = entries
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|pair| pair.as_array().unwrap().clone())
            .collect();
        json!({"t": "o", "v": flat})
    }

    #[test]
    fn duplicate_input_names_are_reported_before_outputs() {
        let mut doc = doc();
        doc.inputs.push(doc.inputs[0].clone());
        doc.outputs.push(doc.outputs[0].clone());
        assert_eq!(
            check_names(&doc),
            Err("Multiple inputs have name \"a\".".to_owned())
        );
    }

    #[test]
    fn duplicate_columns_count_as_duplicate_outputs() {
        let mut doc = doc();
        let columns = doc.outputs[1].columns.as_mut().unwrap();
        columns.push(columns[0].clone());
        assert_eq!(
            check_names(&doc),
            Err("Multiple outputs have name \"c\".".to_owned())
        );
    }

    #[test]
    fn a_returned_array_is_not_an_outputs_object() {
        let result = check_outputs(&doc(), &json!({"t": "a", "v": []}));
        assert_eq!(result, Err(NOT_OBJECTS.to_owned()));
    }

    #[test]
    fn an_unknown_key_is_named() {
        let result = check_outputs(&doc(), &obj(json!([["y", 1]])));
        assert_eq!(
            result,
            Err("The outputs object or a table row object has unrecognized key \"y\".".to_owned())
        );
    }

    #[test]
    fn a_table_must_be_an_array() {
        let result = check_outputs(&doc(), &obj(json!([["t", 1]])));
        assert_eq!(
            result,
            Err("Output \"t\" must be an array, null, or undefined.".to_owned())
        );
    }

    #[test]
    fn an_object_value_is_invalid_but_a_date_is_fine() {
        let bad = check_outputs(&doc(), &obj(json!([["x", {"t": "o", "v": []}]])));
        assert_eq!(
            bad,
            Err("Invalid value for \"x\". Values must be numbers, strings, booleans, nulls, or undefined.".to_owned())
        );
        let good = check_outputs(&doc(), &obj(json!([["x", {"t": "d", "v": 0}]]))).unwrap();
        assert_eq!(good[0].1, OutputValue::Value(Scalar::Date(Some(0.0))));
    }

    #[test]
    fn a_decimal_keeps_its_digits_in_a_value_and_in_a_cell() {
        let digits = json!({"t": "m", "v": "12345678901234567890.123"});
        let value = check_outputs(&doc(), &obj(json!([["x", digits.clone()]]))).unwrap();
        let decimal = Scalar::Decimal("12345678901234567890.123".to_owned());
        assert_eq!(value[0].1, OutputValue::Value(decimal.clone()));
        let table = obj(json!([["t", {"t": "a", "v": [obj(json!([["c", digits]]))]}]]));
        let cell = check_outputs(&doc(), &table).unwrap();
        let row = vec![("c".to_owned(), decimal)];
        assert_eq!(cell[0].1, OutputValue::Table(Some(vec![row])));
    }

    #[test]
    fn table_rows_must_be_objects_with_known_columns() {
        let not_object = obj(json!([["t", {"t": "a", "v": [1]}]]));
        assert_eq!(
            check_outputs(&doc(), &not_object),
            Err(NOT_OBJECTS.to_owned())
        );
        let unknown = obj(json!([["t", {"t": "a", "v": [obj(json!([["q", {"t": "z"}]]))]}]]));
        assert_eq!(check_outputs(&doc(), &unknown), Err(unrecognized("q")));
    }
}
