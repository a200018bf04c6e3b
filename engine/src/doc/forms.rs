//! The doc's form fields (docs/engine.md, "Forms: rules, steps, sections, presets"):
//! show-when and valid-when rules on inputs and outputs, sections, steps and presets.
//!
//! The doc keeps them among its other fields as they came (`extra`), so they round-trip
//! untouched; they are read by hand, as tests are, rather than by a derived `Deserialize`
//! (which costs the wasm module more). [`CalcDoc::rules`] reads what an evaluation needs;
//! [`CalcDoc::form_problem`] (`forms/checks.rs`) checks the whole structure before a save.

use serde_json::{Map, Value};

use crate::model::{CalcDoc, InputDef};

/// The longest message of a valid-when rule.
const MESSAGE_MAX: usize = 200;

/// One valid-when rule: it holds when `rule` is truthy; `message` says why not.
#[derive(Debug, Clone, PartialEq)]
pub struct ValidRule {
    pub rule: String,
    pub message: String,
}

/// The rules of one top-level input.
#[derive(Debug, Clone, PartialEq)]
pub struct InputRules {
    /// The input's place in `metaInputs`.
    pub index: usize,
    pub visible_when: Option<String>,
    pub valid_when: Vec<ValidRule>,
}

/// A section with its show-when rule and its members' places.
#[derive(Debug, Clone, PartialEq)]
pub struct SectionRule {
    pub id: String,
    pub visible_when: Option<String>,
    /// Places in `metaInputs` / `metaOutputs` of the inputs and outputs it holds.
    pub inputs: Vec<usize>,
    pub outputs: Vec<usize>,
}

/// Every rule an evaluation runs, in the order it runs them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FormRules {
    pub inputs: Vec<InputRules>,
    pub sections: Vec<SectionRule>,
    /// An output's place in `metaOutputs` and its show-when rule.
    pub outputs: Vec<(usize, String)>,
}

/// An expression field: absent, null or blank means none.
fn expression(fields: &Map<String, Value>, owner: &str) -> Result<Option<String>, String> {
    match fields.get("visibleWhen") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(format!("{owner}: a Show-when rule must be text")),
    }
}

fn valid_rules(fields: &Map<String, Value>, owner: &str) -> Result<Vec<ValidRule>, String> {
    let rules = match fields.get("validWhen") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(rules)) => rules,
        Some(_) => return Err(format!("{owner}: Valid-when rules must be a list")),
    };
    rules
        .iter()
        .map(|rule| {
            let text = |key: &str| rule.get(key).and_then(Value::as_str).map(str::trim);
            let expression = match text("rule") {
                Some(e) if !e.is_empty() => e,
                _ => return Err(format!("{owner}: a Valid-when rule needs a rule")),
            };
            let message = match text("message") {
                Some(m) if !m.is_empty() => m,
                _ => return Err(format!("{owner}: a Valid-when rule needs a message")),
            };
            if message.chars().count() > MESSAGE_MAX {
                return Err(format!(
                    "{owner}: a Valid-when rule's message is longer than {MESSAGE_MAX} characters"
                ));
            }
            Ok(ValidRule {
                rule: expression.to_owned(),
                message: message.to_owned(),
            })
        })
        .collect()
}

/// `doc.<key>` as a list of objects (absent or null: none).
fn objects<'a>(doc: &'a CalcDoc, key: &str) -> Result<Vec<&'a Map<String, Value>>, String> {
    match doc.extra.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| {
                item.as_object()
                    .ok_or_else(|| format!("{key} must be a list of objects"))
            })
            .collect(),
        Some(_) => Err(format!("{key} must be a list")),
    }
}

fn input_owner(input: &InputDef) -> String {
    format!("input \"{}\"", input.name)
}

impl CalcDoc {
    /// Whether any input, output or section has a rule: a doc without one skips the
    /// rules' work altogether.
    #[must_use]
    pub fn has_rules(&self) -> bool {
        let ruled = |extra: &Map<String, Value>| {
            extra.contains_key("visibleWhen") || extra.contains_key("validWhen")
        };
        self.inputs.iter().any(|i| ruled(&i.extra))
            || self.outputs.iter().any(|o| ruled(&o.extra))
            || self.extra.contains_key("sections")
    }

    /// The rules an evaluation runs; `None` when the doc has none.
    ///
    /// # Errors
    /// A rule or section of the wrong shape, in words naming it.
    pub fn rules(&self) -> Result<Option<FormRules>, String> {
        if !self.has_rules() {
            return Ok(None);
        }
        let mut rules = FormRules::default();
        for (index, input) in self.inputs.iter().enumerate() {
            let owner = input_owner(input);
            let visible_when = expression(&input.extra, &owner)?;
            let valid_when = valid_rules(&input.extra, &owner)?;
            if visible_when.is_some() || !valid_when.is_empty() {
                rules.inputs.push(InputRules {
                    index,
                    visible_when,
                    valid_when,
                });
            }
        }
        for section in objects(self, "sections")? {
            let id = section
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let owner = format!("section \"{id}\"");
            let Some(visible_when) = expression(section, &owner)? else {
                continue;
            };
            let member = |extra: &Map<String, Value>| {
                extra.get("section").and_then(Value::as_str) == Some(id)
            };
            rules.sections.push(SectionRule {
                id: id.to_owned(),
                visible_when: Some(visible_when),
                inputs: (self.inputs.iter().enumerate())
                    .filter(|(_, i)| member(&i.extra))
                    .map(|(index, _)| index)
                    .collect(),
                outputs: (self.outputs.iter().enumerate())
                    .filter(|(_, o)| member(&o.extra))
                    .map(|(index, _)| index)
                    .collect(),
            });
        }
        for (index, output) in self.outputs.iter().enumerate() {
            let owner = format!("output \"{}\"", output.name);
            if let Some(rule) = expression(&output.extra, &owner)? {
                rules.outputs.push((index, rule));
            }
        }
        let any = !rules.inputs.is_empty() || !rules.sections.is_empty();
        Ok((any || !rules.outputs.is_empty()).then_some(rules))
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod checks;
#[cfg(test)]
mod tests;
