//! The save-time checks of the doc's form fields (`CalcDoc::form_problem`): sections,
//! steps, `stepOutputs` and presets, beside the rules' own shape. Only the server saves,
//! so the wasm module goes without them.

use serde_json::{Map, Value};

use super::{input_owner, objects};
use crate::model::{CalcDoc, InputDef, InputType};

/// A text field of `fields` (absent or null: empty), at most `max` characters.
fn text<'a>(
    fields: &'a Map<String, Value>,
    key: &str,
    max: usize,
    owner: &str,
) -> Result<&'a str, String> {
    let value = match fields.get(key) {
        None | Some(Value::Null) => "",
        Some(Value::String(text)) => text,
        Some(_) => return Err(format!("{owner}: its {key} must be text")),
    };
    if value.chars().count() > max {
        return Err(format!(
            "{owner}: its {key} is longer than {max} characters"
        ));
    }
    Ok(value)
}

/// A section id named by an input or output, if any.
fn section_of<'a>(fields: &'a Map<String, Value>, owner: &str) -> Result<Option<&'a str>, String> {
    match fields.get("section") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(id)) if id.is_empty() => Ok(None),
        Some(Value::String(id)) => Ok(Some(id)),
        Some(_) => Err(format!("{owner}: its section must be text")),
    }
}

impl CalcDoc {
    /// The first thing wrong with the doc's form fields — rules, sections, steps,
    /// `stepOutputs`, presets — in words naming it; `None` when they are all well formed.
    /// A save refuses a doc with a problem.
    #[must_use]
    pub fn form_problem(&self) -> Option<String> {
        self.rules()
            .err()
            .or_else(|| self.sections_problem().err())
            .or_else(|| self.steps_problem().err())
            .or_else(|| self.presets_problem().err())
    }

    fn sections_problem(&self) -> Result<(), String> {
        let sections = objects(self, "sections")?;
        let mut ids: Vec<&str> = Vec::new();
        for section in &sections {
            let id = match section.get("id") {
                Some(Value::String(id)) => id.as_str(),
                _ => return Err("a section needs an id".to_owned()),
            };
            let owner = format!("section \"{id}\"");
            let well_formed = !id.is_empty()
                && id.chars().count() <= 40
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if !well_formed {
                return Err(format!("{owner}: an id is 1 to 40 letters, digits, _ or -"));
            }
            if ids.contains(&id) {
                return Err(format!("{owner}: two sections have this id"));
            }
            ids.push(id);
            text(section, "title", 120, &owner)?;
            text(section, "description", 2000, &owner)?;
            match section.get("columns") {
                None | Some(Value::Null) => {}
                Some(c) if c.as_u64() == Some(1) || c.as_u64() == Some(2) => {}
                Some(_) => return Err(format!("{owner}: columns must be 1 or 2")),
            }
            match section.get("collapsed") {
                None | Some(Value::Null | Value::Bool(_)) => {}
                Some(_) => return Err(format!("{owner}: collapsed must be true or false")),
            }
        }
        let members = (self.inputs.iter().map(|i| (input_owner(i), &i.extra))).chain(
            self.outputs
                .iter()
                .map(|o| (format!("output \"{}\"", o.name), &o.extra)),
        );
        for (owner, extra) in members {
            if let Some(id) = section_of(extra, &owner)?
                && !ids.contains(&id)
            {
                return Err(format!("{owner}: section \"{id}\" does not exist"));
            }
        }
        Ok(())
    }

    fn steps_problem(&self) -> Result<(), String> {
        let mut placed: Vec<u64> = Vec::new();
        let mut ids: Vec<&str> = Vec::new();
        for step in objects(self, "steps")? {
            let id = step.get("id").and_then(Value::as_str).unwrap_or_default();
            let title = step
                .get("title")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let owner = format!("step \"{}\"", if title.is_empty() { id } else { title });
            if !id.is_empty() {
                if ids.contains(&id) {
                    return Err(format!("{owner}: two steps have the id \"{id}\""));
                }
                ids.push(id);
            }
            if title.trim().is_empty() {
                return Err(format!("{owner}: a step needs a title"));
            }
            text(step, "title", 120, &owner)?;
            text(step, "description", 2000, &owner)?;
            let inputs: &[Value] = match step.get("inputs") {
                None | Some(Value::Null) => &[],
                Some(Value::Array(inputs)) => inputs,
                Some(_) => return Err(format!("{owner}: its inputs must be a list of ids")),
            };
            for input in inputs {
                let Some(id) = input.as_u64() else {
                    return Err(format!("{owner}: its inputs must be a list of ids"));
                };
                if !self.inputs.iter().any(|i| i.id == id) {
                    return Err(format!("{owner}: input {id} does not exist"));
                }
                if placed.contains(&id) {
                    return Err(format!("{owner}: input {id} is in more than one step"));
                }
                placed.push(id);
            }
        }
        match self.extra.get("stepOutputs") {
            None | Some(Value::Null) => Ok(()),
            Some(Value::String(s)) if s == "last" || s == "every" => Ok(()),
            Some(_) => Err("stepOutputs must be \"last\" or \"every\"".to_owned()),
        }
    }

    fn presets_problem(&self) -> Result<(), String> {
        let mut names: Vec<&str> = Vec::new();
        for preset in objects(self, "presets")? {
            let name = match preset.get("name") {
                Some(Value::String(name)) if !name.trim().is_empty() => name.as_str(),
                _ => return Err("a preset needs a name".to_owned()),
            };
            let owner = format!("preset \"{name}\"");
            text(preset, "name", 60, &owner)?;
            if names.contains(&name) {
                return Err(format!("{owner}: two presets have this name"));
            }
            names.push(name);
            let values = match preset.get("values") {
                None | Some(Value::Null) => continue,
                Some(Value::Object(values)) => values,
                Some(_) => return Err(format!("{owner}: its values must be an object")),
            };
            for (key, value) in values {
                let input = key
                    .parse::<u64>()
                    .ok()
                    .and_then(|id| self.inputs.iter().find(|i| i.id == id));
                let Some(input) = input else {
                    return Err(format!("{owner}: input {key} does not exist"));
                };
                if let Some(kind) = wrong_value(input, value) {
                    return Err(format!("{owner}: input \"{}\" needs {kind}", input.name));
                }
            }
        }
        Ok(())
    }
}

/// What `value` should have been for `input`, when it is of the wrong kind (null clears
/// any input).
fn wrong_value(input: &InputDef, value: &Value) -> Option<&'static str> {
    let fits = match (input.kind, value) {
        (_, Value::Null) => true,
        (InputType::Number, v) => v.is_number(),
        (InputType::String, v) => v.is_string(),
        (InputType::Binary, v) => v.is_boolean(),
        (InputType::Date, v) => v.is_object(),
        (InputType::List, v) => v.is_array(),
        (InputType::Choice, v) => input
            .choices
            .as_deref()
            .unwrap_or_default()
            .iter()
            .any(|choice| choice.value == *v),
    };
    (!fits).then_some(match input.kind {
        InputType::Number => "a number",
        InputType::String => "text",
        InputType::Binary => "true or false",
        InputType::Date => "a date",
        InputType::List => "a list of items",
        InputType::Choice => "one of its choices",
    })
}
