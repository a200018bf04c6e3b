use serde_json::{Map, Value, json};

use crate::eval::{Engine, EngineOptions};
use crate::limits::TIMEOUT_MESSAGE;
use crate::model::CalcDoc;

fn loan(age_rule: &str) -> CalcDoc {
    serde_json::from_value(json!({
        "script": "'use strict';\nreturn { total: inputs.income + (inputs.coIncome === null ? 0 : inputs.coIncome) };\n",
        "metaInputs": [
            {"id": 1, "name": "coBorrower", "type": "binary"},
            {"id": 2, "name": "income", "type": "number"},
            {"id": 3, "name": "coIncome", "type": "number", "visibleWhen": "inputs.coBorrower"},
            {"id": 4, "name": "age", "type": "number",
             "validWhen": [{"rule": age_rule, "message": "must be 18 or over"}]}
        ],
        "metaOutputs": [
            {"id": 1, "name": "total", "type": "value"},
            {"id": 2, "name": "note", "type": "value", "visibleWhen": "inputs.income > 100"}
        ],
        "defaults": {"2": 50, "3": 20, "4": 30}
    }))
    .unwrap()
}

fn values(pairs: Value) -> Map<String, Value> {
    pairs.as_object().unwrap().clone()
}

fn engine() -> Engine {
    Engine::new(EngineOptions::default()).unwrap()
}

#[test]
fn a_hidden_input_reads_as_null_in_the_script() {
    let result = engine().evaluate(&loan("inputs.age >= 18"), &Map::new());
    assert_eq!(result.error, None);
    assert_eq!(result.hidden_inputs, ["coIncome"]);
    assert_eq!(result.outputs.unwrap()["total"], json!(50));
    assert_eq!(result.hidden_outputs, ["note"]);
}

#[test]
fn a_shown_input_counts() {
    let result = engine().evaluate(&loan("inputs.age >= 18"), &values(json!({"1": true})));
    assert!(result.hidden_inputs.is_empty());
    assert_eq!(result.outputs.unwrap()["total"], json!(70));
}

#[test]
fn an_invalid_input_stops_the_script_with_its_message() {
    let result = engine().evaluate(&loan("inputs.age >= 18"), &values(json!({"4": 12})));
    assert_eq!(result.error, None);
    assert_eq!(result.outputs, None);
    assert_eq!(result.display, None);
    assert_eq!(
        serde_json::to_value(&result.invalid).unwrap(),
        json!({"age": "must be 18 or over"})
    );
}

#[test]
fn a_rule_error_names_the_rule_and_its_line() {
    let result = engine().evaluate(&loan("inputs.age >= 18 &&\n  x > 1"), &Map::new());
    assert_eq!(
        result.error.as_deref(),
        Some("Valid-when rule 1 of input \"age\": ReferenceError: x is not defined (line 2)")
    );
}

#[test]
fn a_rule_that_does_not_parse_names_the_rule() {
    let result = engine().evaluate(&loan("inputs.age >="), &Map::new());
    assert_eq!(
        result.error.as_deref(),
        Some("Valid-when rule 1 of input \"age\": SyntaxError: Unexpected end of input (line 1)")
    );
}

#[test]
fn rule_reads_do_not_count_as_used() {
    let result = engine().evaluate(&loan("inputs.age >= 18"), &Map::new());
    assert_eq!(result.used_inputs, ["income", "coIncome"]);
}

#[test]
fn a_rule_that_loops_ends_at_the_time_limit() {
    let result = engine().evaluate(&loan("(function () { while (true) {} })()"), &Map::new());
    assert_eq!(result.error.as_deref(), Some(TIMEOUT_MESSAGE));
}

#[test]
fn a_script_that_does_not_parse_fails_as_it_does_without_rules() {
    let mut doc = loan("inputs.age >= 18");
    doc.script = "'use strict';\nreturn { total: (inputs.income };\n".to_owned();
    let result = engine().evaluate(&doc, &Map::new());
    assert_eq!(
        result.error.as_deref(),
        Some("SyntaxError: Unexpected token '}' (line 2)")
    );
    assert_eq!(result.hidden_inputs, ["coIncome"]);
}

#[test]
fn an_invalid_input_waits_even_when_the_script_does_not_parse() {
    let mut doc = loan("inputs.age >= 18");
    doc.script = "return {".to_owned();
    let result = engine().evaluate(&doc, &values(json!({"4": 12})));
    assert_eq!(result.error, None);
    assert_eq!(
        serde_json::to_value(&result.invalid).unwrap(),
        json!({"age": "must be 18 or over"})
    );
}

#[test]
fn a_rule_error_after_a_longer_script_is_lined_within_the_rule() {
    let mut doc = loan("inputs.age >= 18");
    doc.script = format!("{}{}", "// a note\n".repeat(5), doc.script);
    doc.outputs[1]
        .extra
        .insert("visibleWhen".to_owned(), json!("inputs.income >\n\n  y"));
    let result = engine().evaluate(&doc, &Map::new());
    assert_eq!(
        result.error.as_deref(),
        Some("Show-when rule of output \"note\": ReferenceError: y is not defined (line 3)")
    );
}

#[test]
fn a_changed_rule_or_name_is_not_judged_by_the_last_program() {
    let mut engine = engine();
    let mut doc = loan("inputs.age >= 18");
    assert_eq!(
        engine.evaluate(&doc, &Map::new()).hidden_inputs,
        ["coIncome"]
    );
    doc.inputs[2]
        .extra
        .insert("visibleWhen".to_owned(), json!("!inputs.coBorrower"));
    assert!(engine.evaluate(&doc, &Map::new()).hidden_inputs.is_empty());
    doc.inputs[3].extra.insert(
        "validWhen".to_owned(),
        json!([{"rule": "inputs.age >= 40", "message": "must be 40 or over"}]),
    );
    let result = engine.evaluate(&doc, &Map::new());
    assert_eq!(
        serde_json::to_value(&result.invalid).unwrap(),
        json!({"age": "must be 40 or over"})
    );
    doc.inputs[3].name = "years".to_owned();
    doc.script = doc.script.replace("age", "years");
    let result = engine.evaluate(&doc, &Map::new());
    assert_eq!(
        serde_json::to_value(&result.invalid).unwrap(),
        json!({"years": "must be 40 or over"})
    );
}

#[test]
fn the_last_program_fits_the_doc_it_was_built_from() {
    use crate::run::rules::RuleProgram;
    use crate::run::rules::last::LastProgram;
    let doc = loan("inputs.age >= 18");
    let program = RuleProgram::new(&doc, doc.rules().unwrap().unwrap());
    assert!(LastProgram::new(&doc, program).fits(&doc));
}
