use serde_json::json;

use crate::model::CalcDoc;

fn doc(value: serde_json::Value) -> CalcDoc {
    let mut base = json!({
        "metaInputs": [
            {"id": 1, "name": "age", "type": "number"},
            {"id": 3, "name": "coBorrower", "type": "binary"}
        ],
        "metaOutputs": [{"id": 1, "name": "rate", "type": "value"}]
    });
    for (key, field) in value.as_object().unwrap() {
        base[key] = field.clone();
    }
    serde_json::from_value(base).unwrap()
}

fn problem(value: serde_json::Value) -> Option<String> {
    doc(value).form_problem()
}

#[test]
fn a_doc_without_form_fields_has_no_rules_and_no_problem() {
    let plain = doc(json!({}));
    assert!(!plain.has_rules());
    assert_eq!(plain.rules(), Ok(None));
    assert_eq!(plain.form_problem(), None);
}

#[test]
fn form_fields_round_trip_unchanged() {
    let fields = json!({
        "metaInputs": [
            {"id": 1, "name": "age", "type": "number", "autohide": false, "section": "s1",
             "visibleWhen": "inputs.coBorrower",
             "validWhen": [{"rule": "inputs.age >= 18", "message": "must be 18 or over"}]},
            {"id": 3, "name": "coBorrower", "type": "binary", "autohide": false}
        ],
        "sections": [{"id": "s1", "title": "You", "columns": 2, "collapsed": false}],
        "steps": [{"id": "st1", "title": "About you", "inputs": [1]}],
        "stepOutputs": "every",
        "presets": [{"name": "Typical family", "values": {"1": 40, "3": true}}]
    });
    let read = doc(fields.clone());
    assert_eq!(read.form_problem(), None);
    let written = serde_json::to_value(&read).unwrap();
    for key in ["metaInputs", "sections", "steps", "stepOutputs", "presets"] {
        assert_eq!(written[key], fields[key], "{key}");
    }
}

#[test]
fn a_valid_when_rule_without_a_message_is_named() {
    let bad = json!({"metaInputs": [
        {"id": 1, "name": "age", "type": "number", "validWhen": [{"rule": "inputs.age > 17"}]}
    ]});
    assert_eq!(
        problem(bad).as_deref(),
        Some("input \"age\": a Valid-when rule needs a message")
    );
}

#[test]
fn a_preset_naming_a_missing_input_is_named() {
    let bad = json!({"presets": [{"name": "Typical family", "values": {"7": 1}}]});
    assert_eq!(
        problem(bad).as_deref(),
        Some("preset \"Typical family\": input 7 does not exist")
    );
}

#[test]
fn a_preset_value_of_the_wrong_type_is_named() {
    let bad = json!({"presets": [{"name": "Young", "values": {"1": "twenty"}}]});
    assert_eq!(
        problem(bad).as_deref(),
        Some("preset \"Young\": input \"age\" needs a number")
    );
}

#[test]
fn duplicate_preset_names_and_section_ids_are_refused() {
    let presets = json!({"presets": [{"name": "A", "values": {}}, {"name": "A"}]});
    assert_eq!(
        problem(presets).as_deref(),
        Some("preset \"A\": two presets have this name")
    );
    let sections = json!({"sections": [{"id": "s1"}, {"id": "s1"}]});
    assert_eq!(
        problem(sections).as_deref(),
        Some("section \"s1\": two sections have this id")
    );
}

#[test]
fn an_unknown_section_is_named() {
    let bad = json!({"metaOutputs": [{"id": 1, "name": "rate", "type": "value", "section": "x"}]});
    assert_eq!(
        problem(bad).as_deref(),
        Some("output \"rate\": section \"x\" does not exist")
    );
}

#[test]
fn steps_name_existing_inputs_once_each() {
    let twice = json!({"steps": [
        {"title": "One", "inputs": [1]}, {"title": "Two", "inputs": [1, 3]}
    ]});
    assert_eq!(
        problem(twice).as_deref(),
        Some("step \"Two\": input 1 is in more than one step")
    );
    let missing = json!({"steps": [{"title": "One", "inputs": [9]}]});
    assert_eq!(
        problem(missing).as_deref(),
        Some("step \"One\": input 9 does not exist")
    );
    let untitled = json!({"steps": [{"id": "st1", "inputs": []}]});
    assert_eq!(
        problem(untitled).as_deref(),
        Some("step \"st1\": a step needs a title")
    );
}

#[test]
fn step_outputs_is_last_or_every() {
    assert_eq!(
        problem(json!({"stepOutputs": "first"})).as_deref(),
        Some("stepOutputs must be \"last\" or \"every\"")
    );
}

#[test]
fn blank_rules_are_no_rules() {
    let blank = doc(json!({"metaInputs": [
        {"id": 1, "name": "age", "type": "number", "visibleWhen": "  "}
    ]}));
    assert_eq!(blank.rules(), Ok(None));
}
