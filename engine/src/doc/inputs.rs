//! Stored input values (keyed by input id) → the values the script sees (keyed by name).
//!
//! The result is a small JSON description that the in-context harness (see `harness.js`)
//! turns into the `inputs` object: each field is `[name, kind, value]` where kind `"v"` is a
//! plain JSON value, `"d"` a date as epoch milliseconds (or null) and `"l"` a list whose
//! items are arrays of fields themselves.

use serde_json::{Map, Value, json};

use crate::dates::CivilDate;
use crate::editor::default_value;
use crate::model::{CalcDoc, DateUnits, DateValue, InputDef, InputType};

/// Describes the `inputs` object for one evaluation.
///
/// Values come from `values`, then `doc.defaults`, then the type's default.
pub fn describe_inputs(doc: &CalcDoc, values: &Map<String, Value>, today: CivilDate) -> Value {
    let fields = doc
        .inputs
        .iter()
        .map(|input| {
            let key = input.id.to_string();
            let stored = values
                .get(&key)
                .or_else(|| doc.defaults.get(&key))
                .cloned()
                .unwrap_or_else(|| default_value(input.kind));
            field(input, &stored, today)
        })
        .collect();
    Value::Array(fields)
}

fn field(input: &InputDef, stored: &Value, today: CivilDate) -> Value {
    match input.kind {
        InputType::Date => json!([input.name, "d", date_ms(stored, today)]),
        InputType::List => json!([input.name, "l", list_items(input, stored, today)]),
        _ => json!([input.name, "v", plain_value(input, stored)]),
    }
}

fn list_items(list: &InputDef, stored: &Value, today: CivilDate) -> Value {
    let subs = list.inputs.as_deref().unwrap_or_default();
    let Some(items) = stored.as_array() else {
        return json!([]);
    };
    items
        .iter()
        .map(|item| {
            let item = item.as_object();
            let fields = subs
                .iter()
                // Lists cannot nest: a list inside a list is ignored rather than trusted.
                .filter(|sub| sub.kind != InputType::List)
                .map(|sub| {
                    let stored = item
                        .and_then(|o| o.get(&sub.id.to_string()))
                        .cloned()
                        .unwrap_or_else(|| default_value(sub.kind));
                    field(sub, &stored, today)
                })
                .collect();
            Value::Array(fields)
        })
        .collect()
}

/// Number, text, checkbox and choice values.
fn plain_value(input: &InputDef, stored: &Value) -> Value {
    match input.kind {
        InputType::Number => match stored {
            Value::Number(_) => stored.clone(),
            Value::String(s) => s
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .map_or(Value::Null, |n| json!(n)),
            _ => Value::Null,
        },
        InputType::String => match stored {
            Value::String(_) => stored.clone(),
            Value::Number(n) => Value::String(n.to_string()),
            Value::Bool(b) => Value::String(b.to_string()),
            _ => Value::Null,
        },
        InputType::Binary => Value::Bool(stored.as_bool().unwrap_or(false)),
        InputType::Choice => {
            let chosen = input
                .choices
                .as_deref()
                .unwrap_or_default()
                .iter()
                .any(|choice| !stored.is_null() && choice.value == *stored);
            if chosen { stored.clone() } else { Value::Null }
        }
        InputType::Date | InputType::List => Value::Null,
    }
}

/// A stored date → milliseconds of 00:00 UTC of its calendar day, or null.
fn date_ms(stored: &Value, today: CivilDate) -> Value {
    let Ok(date) = serde_json::from_value::<DateValue>(stored.clone()) else {
        return Value::Null;
    };
    let day = match date {
        DateValue::Absolute(params) => {
            let part = |name: &str| params.get(name).and_then(Value::as_f64);
            match (part("day"), part("month"), part("year")) {
                (Some(day), Some(month), Some(year)) => CivilDate::from_absolute(day, month, year),
                _ => None,
            }
        }
        DateValue::Relative(relative) if relative.delta.is_finite() => {
            let delta = relative.delta.trunc() as i64;
            Some(match relative.units {
                DateUnits::Days => today.add_days(delta),
                DateUnits::Months => today.add_months(delta),
                DateUnits::Years => today.add_years(delta),
            })
        }
        DateValue::Relative(_) => None,
    };
    day.map_or(Value::Null, |d| json!(d.to_epoch_ms()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(inputs: Value, defaults: Value) -> CalcDoc {
        serde_json::from_value(json!({"metaInputs": inputs, "defaults": defaults})).unwrap()
    }

    fn today() -> CivilDate {
        CivilDate::parse_iso("2024-01-31").unwrap()
    }

    #[test]
    fn passed_values_win_over_defaults_which_win_over_type_defaults() {
        let doc = doc(
            json!([{"id": 1, "name": "a", "type": "number"},
                   {"id": 2, "name": "b", "type": "number"},
                   {"id": 3, "name": "c", "type": "binary"}]),
            json!({"1": 10, "2": 20}),
        );
        let values = json!({"1": 99}).as_object().cloned().unwrap();
        assert_eq!(
            describe_inputs(&doc, &values, today()),
            json!([["a", "v", 99], ["b", "v", 20], ["c", "v", false]])
        );
    }

    #[test]
    fn a_choice_is_its_stored_value_only_when_that_value_is_a_choice() {
        let doc = doc(
            json!([{"id": 1, "name": "a", "type": "choice",
                    "choices": [{"id": 1, "label": "One", "value": "one"}]}]),
            json!({}),
        );
        let pick = |v: Value| {
            let values = json!({"1": v}).as_object().cloned().unwrap();
            describe_inputs(&doc, &values, today())[0][2].clone()
        };
        assert_eq!(pick(json!("one")), json!("one"));
        assert_eq!(pick(json!("two")), Value::Null);
    }

    #[test]
    fn relative_months_clamp_to_the_last_day_of_the_month() {
        let doc = doc(json!([{"id": 1, "name": "d", "type": "date"}]), json!({}));
        let values = json!({"1": {"type": "relative", "params": {"delta": 1, "units": "months"}}})
            .as_object()
            .cloned()
            .unwrap();
        let expected = CivilDate::parse_iso("2024-02-29").unwrap().to_epoch_ms();
        assert_eq!(
            describe_inputs(&doc, &values, today())[0][2],
            json!(expected)
        );
    }

    #[test]
    fn an_absolute_date_missing_a_part_is_null() {
        let doc = doc(json!([{"id": 1, "name": "d", "type": "date"}]), json!({}));
        let values = json!({"1": {"type": "absolute", "params": {"day": 5, "month": 0}}})
            .as_object()
            .cloned()
            .unwrap();
        assert_eq!(describe_inputs(&doc, &values, today())[0][2], Value::Null);
    }

    #[test]
    fn list_items_are_keyed_by_sub_input_name() {
        let doc = doc(
            json!([{"id": 1, "name": "items", "type": "list", "metaInputs": [
                {"id": 1, "name": "price", "type": "number"},
                {"id": 2, "name": "taxed", "type": "binary"}]}]),
            json!({"1": [{"1": 3}, {"1": "4.5", "2": true}]}),
        );
        assert_eq!(
            describe_inputs(&doc, &Map::new(), today()),
            json!([[
                "items",
                "l",
                [
                    [["price", "v", 3], ["taxed", "v", false]],
                    [["price", "v", 4.5], ["taxed", "v", true]]
                ]
            ]])
        );
    }
}
