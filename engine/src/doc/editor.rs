//! Helpers the editor uses to add inputs and outputs, kept here so every front end
//! numbers and names them the same way.

use serde_json::{Map, Value, json};

use crate::model::{InputDef, InputType, OutputDef, OutputType};

/// Why an input cannot be added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorError {
    /// A repeating item was added inside another repeating item.
    NestedList,
}

impl std::fmt::Display for EditorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditorError::NestedList => f.write_str("Lists cannot be nested within lists."),
        }
    }
}

impl std::error::Error for EditorError {}

/// The name at `index` in the sequence a, b, ..., z, aa, ab, ..., az, ba, ...
fn name_at(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'a' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.iter().rev().map(|&b| char::from(b)).collect()
}

/// The first name of a, b, ..., z, aa, ab, ... that none of `taken` uses.
pub fn next_name<'a>(taken: impl IntoIterator<Item = &'a str> + Clone) -> String {
    (0..)
        .map(name_at)
        .find(|candidate| !taken.clone().into_iter().any(|t| t == candidate))
        .unwrap_or_default()
}

/// The highest id in use plus one (1 for an empty list).
pub fn next_id(ids: impl IntoIterator<Item = u64>) -> u64 {
    ids.into_iter().max().map_or(1, |max| max.saturating_add(1))
}

/// The value an input of this type starts with (spec §3).
pub fn default_value(kind: InputType) -> Value {
    match kind {
        InputType::Number | InputType::String | InputType::Choice => Value::Null,
        InputType::Binary => Value::Bool(false),
        InputType::Date => json!({"type": "relative", "params": {"delta": 0, "units": "days"}}),
        InputType::List => json!([]),
    }
}

/// The presentation a new input of this type starts with, if the type has one.
pub fn default_presentation(kind: InputType) -> Option<&'static str> {
    match kind {
        InputType::Binary => Some("checkbox"),
        InputType::Choice => Some("radio"),
        _ => None,
    }
}

/// A new input appended after `existing`: the next id, the first unused name and the
/// type's default presentation.
///
/// # Errors
/// [`EditorError::NestedList`] when adding a list while `inside_list` is true.
pub fn new_input(
    existing: &[InputDef],
    kind: InputType,
    inside_list: bool,
) -> Result<InputDef, EditorError> {
    if inside_list && kind == InputType::List {
        return Err(EditorError::NestedList);
    }
    let is_list = kind == InputType::List;
    Ok(InputDef {
        id: next_id(existing.iter().map(|i| i.id)),
        name: next_name(existing.iter().map(|i| i.name.as_str())),
        kind,
        presentation_type: default_presentation(kind).map(str::to_owned),
        choices: (kind == InputType::Choice).then(Vec::new),
        autohide: false,
        inputs: is_list.then(Vec::new),
        item_prototype: is_list.then(Map::new),
        prefix: None,
        suffix: None,
        placeholder: None,
        help: None,
        required: None,
        min: None,
        max: None,
        step: None,
        extra: Map::new(),
    })
}

/// A new output (or table column) appended after `existing`.
pub fn new_output(existing: &[OutputDef], kind: OutputType) -> OutputDef {
    OutputDef {
        id: next_id(existing.iter().map(|o| o.id)),
        name: next_name(existing.iter().map(|o| o.name.as_str())),
        kind,
        percent: false,
        currency_sign: None,
        decimal_places: None,
        rounding_mode: None,
        rounding_step: None,
        prefix: None,
        suffix: None,
        columns: (kind == OutputType::Table).then(Vec::new),
        extra: Map::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(id: u64, name: &str) -> InputDef {
        new_input(&[], InputType::Number, false)
            .map(|mut i| {
                i.id = id;
                i.name = name.to_owned();
                i
            })
            .unwrap()
    }

    #[test]
    fn names_run_from_a_to_z_then_aa() {
        assert_eq!(name_at(0), "a");
        assert_eq!(name_at(25), "z");
        assert_eq!(name_at(26), "aa");
        assert_eq!(name_at(27), "ab");
        assert_eq!(name_at(51), "az");
        assert_eq!(name_at(52), "ba");
        assert_eq!(name_at(701), "zz");
        assert_eq!(name_at(702), "aaa");
    }

    #[test]
    fn a_new_input_takes_the_first_unused_name_and_the_next_id() {
        let existing = vec![input(1, "a"), input(7, "c")];
        let added = new_input(&existing, InputType::Number, false).unwrap();
        assert_eq!(added.id, 8);
        assert_eq!(added.name, "b");
    }

    #[test]
    fn after_z_comes_aa() {
        let existing: Vec<_> = (0..26)
            .map(|i| input(i + 1, &name_at(i as usize)))
            .collect();
        assert_eq!(
            new_input(&existing, InputType::Number, false).unwrap().name,
            "aa"
        );
    }

    #[test]
    fn the_first_input_has_id_1_and_name_a() {
        let added = new_input(&[], InputType::String, false).unwrap();
        assert_eq!((added.id, added.name.as_str()), (1, "a"));
    }

    #[test]
    fn checkbox_and_choice_get_their_default_presentations() {
        let binary = new_input(&[], InputType::Binary, false).unwrap();
        assert_eq!(binary.presentation_type.as_deref(), Some("checkbox"));
        let choice = new_input(&[], InputType::Choice, false).unwrap();
        assert_eq!(choice.presentation_type.as_deref(), Some("radio"));
    }

    #[test]
    fn lists_cannot_hold_lists() {
        assert_eq!(
            new_input(&[], InputType::List, true),
            Err(EditorError::NestedList)
        );
        let list = new_input(&[], InputType::List, false).unwrap();
        assert_eq!(list.inputs, Some(vec![]));
        assert_eq!(list.item_prototype, Some(Map::new()));
    }

    #[test]
    fn default_values_follow_the_spec_table() {
        assert_eq!(default_value(InputType::Number), Value::Null);
        assert_eq!(default_value(InputType::String), Value::Null);
        assert_eq!(default_value(InputType::Binary), json!(false));
        assert_eq!(default_value(InputType::Choice), Value::Null);
        assert_eq!(default_value(InputType::List), json!([]));
        assert_eq!(
            default_value(InputType::Date),
            json!({"type": "relative", "params": {"delta": 0, "units": "days"}})
        );
    }

    #[test]
    fn a_table_output_starts_with_no_columns() {
        let table = new_output(&[], OutputType::Table);
        assert_eq!(table.columns, Some(vec![]));
        assert_eq!(table.name, "a");
    }
}
