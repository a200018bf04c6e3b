//! Tests of `native.rs`: every judgement made in Rust is the one the rules' program makes
//! in the realm, on the same doc and values.

use serde_json::{Map, Value, json};

use crate::dates::CivilDate;
use crate::inputs::describe_inputs;
use crate::model::CalcDoc;
use crate::run::realm::Sandbox;
use crate::run::rules::{Judged, RuleProgram, run_with_rules};

/// Values a choice input can hold: every kind of plain value, text that sorts
/// differently by code point and by UTF-16 code unit (U+FF61 and U+1F600), and an array
/// and an object, which only JavaScript judges.
fn tricky() -> Vec<Value> {
    vec![
        json!(null),
        json!(0),
        json!(-0.0),
        json!(1),
        json!(5),
        json!(1.5),
        json!(-3),
        json!(""),
        json!("0"),
        json!("5"),
        json!("a"),
        json!("ab"),
        json!("abc"),
        json!("\u{FF61}"),
        json!("\u{1F600}"),
        json!(true),
        json!(false),
        json!([1]),
        json!({"a": 1}),
    ]
}

fn choice(id: u32, name: &str) -> Value {
    let choices: Vec<Value> = (tricky().into_iter().enumerate())
        .map(|(i, value)| json!({"id": i, "label": format!("{i}"), "value": value}))
        .collect();
    json!({"id": id, "name": name, "type": "choice", "choices": choices})
}

/// Two choice inputs `x` and `y`, a number input `z` in section `s`, a list and a date,
/// with `rules` merged into the inputs (by name), outputs and sections.
fn doc(rules: Value) -> CalcDoc {
    let mut inputs = vec![
        choice(1, "x"),
        choice(2, "y"),
        json!({"id": 3, "name": "z", "type": "number", "section": "s"}),
        json!({"id": 4, "name": "list", "type": "list",
               "metaInputs": [{"id": 1, "name": "n", "type": "number"}]}),
        json!({"id": 5, "name": "day", "type": "date"}),
    ];
    for input in &mut inputs {
        let name = input["name"].as_str().unwrap().to_owned();
        if let Some(Value::Object(extra)) = rules.get(&name) {
            input.as_object_mut().unwrap().extend(extra.clone());
        }
    }
    let mut out = json!({"id": 1, "name": "o", "type": "value"});
    if let Some(Value::Object(extra)) = rules.get("o") {
        out.as_object_mut().unwrap().extend(extra.clone());
    }
    let mut doc = json!({
        "script": "return { o: 1 };",
        "metaInputs": inputs,
        "metaOutputs": [out],
    });
    if let Some(section) = rules.get("s") {
        doc["sections"] = json!([{"id": "s", "title": "S", "visibleWhen": section}]);
    }
    CalcDoc::from_json_value(doc).unwrap()
}

fn program(doc: &CalcDoc) -> RuleProgram {
    RuleProgram::new(doc, doc.rules().unwrap().unwrap())
}

fn fields(doc: &CalcDoc, values: &Value) -> Value {
    let values: Map<String, Value> = values.as_object().unwrap().clone();
    describe_inputs(doc, &values, CivilDate::parse_iso("2026-11-29").unwrap())
}

/// What the program decides when it runs in the realm.
fn in_the_realm(sandbox: &mut Sandbox, doc: &CalcDoc, fields: &Value) -> Judged {
    let (judged, ended) = run_with_rules(sandbox, doc, fields, Some(&program(doc)), &mut 0);
    if let Err((message, _)) = ended.outcome {
        panic!("the rules failed in the realm: {message}");
    }
    judged
}

/// The builder's conditions and more of the same shapes, over `x` and `y`.
const CONDITIONS: &[&str] = &[
    "inputs.x",
    "!inputs.x",
    "inputs.x === 0",
    "inputs.x !== ''",
    "inputs.x === 'abc'",
    "inputs.x === true",
    "inputs.x == 0",
    "inputs.x != 1",
    "inputs.x == null",
    "inputs.x == true",
    "inputs.x == null || inputs.x === ''",
    "inputs.x > 1",
    "inputs.x >= 0",
    "inputs.x < 5",
    "inputs.x <= -3",
    "inputs.x > 'ab'",
    "inputs.x < '\\uFF61'",
    "inputs.x >= null",
    "(inputs.x >= -3 && inputs.x <= 1.5)",
    "[0, 'a', true, null, -3].includes(inputs.x)",
    "['abc', 5].includes(inputs.x) || inputs.y === 'a'",
    "inputs.x && inputs.y",
    "inputs.x || inputs.y",
    "(inputs.x && inputs.y) === 5",
    "-inputs.x < 0",
    "inputs.x === inputs.y",
    "inputs.x == inputs.y",
    "inputs.x < inputs.y",
    "inputs.x >= inputs.y",
    "inputs[\"x\"] > 0 && !(inputs.y <= 0)",
];

#[test]
fn simple_conditions_are_judged_in_rust_as_the_program_judges_them() {
    let mut sandbox = Sandbox::new().unwrap();
    let mut judged_natively = 0;
    for condition in CONDITIONS {
        let doc = doc(json!({"o": {"visibleWhen": condition}}));
        let program = program(&doc);
        for x in 0..tricky().len() {
            for y in 0..tricky().len() {
                let fields = fields(&doc, &json!({"1": tricky()[x], "2": tricky()[y]}));
                let Some(native) = program.judged_natively(&doc, &fields) else {
                    continue;
                };
                judged_natively += 1;
                assert_eq!(
                    native,
                    in_the_realm(&mut sandbox, &doc, &fields),
                    "{condition} with x = {}, y = {}",
                    tricky()[x],
                    tricky()[y]
                );
            }
        }
    }
    // Most pairs are plain values compared as JavaScript compares them without
    // converting text to numbers.
    assert!(
        judged_natively > CONDITIONS.len() * 19 * 19 / 2,
        "{judged_natively}"
    );
}

#[test]
fn hiding_sections_and_valid_when_rules_follow_the_program_in_order() {
    // y hides by its own rule; the section (holding z) hides when y reads 5; the output
    // shows while y is hidden or empty; z's rules are checked only while it shows, and
    // only its first failing rule counts; x has one of its own.
    let doc = doc(json!({
        "x": {"validWhen": [{"rule": "inputs.x !== 'abc'", "message": "not abc"}]},
        "y": {"visibleWhen": "inputs.x !== 'a'"},
        "z": {"validWhen": [
            {"rule": "inputs.y === null || inputs.z > 0", "message": "positive"},
            {"rule": "inputs.z < 10", "message": "under 10"}
        ]},
        "s": "inputs.y !== 5",
        "o": {"visibleWhen": "inputs.y == null"}
    }));
    let program = program(&doc);
    let mut sandbox = Sandbox::new().unwrap();
    let mut seen = Vec::new();
    for x in [json!("a"), json!("abc"), json!(1)] {
        for y in [json!(null), json!(5), json!(0), json!("ab")] {
            for z in [json!(null), json!(0), json!(5), json!(20)] {
                let fields = fields(&doc, &json!({"1": x, "2": y, "3": z}));
                let native = program.judged_natively(&doc, &fields).unwrap();
                assert_eq!(
                    native,
                    in_the_realm(&mut sandbox, &doc, &fields),
                    "x = {x}, y = {y}, z = {z}"
                );
                seen.push((native.hidden_inputs, native.invalid.len()));
            }
        }
    }
    // The grid reaches an input hidden by its rule, one hidden by its section, and two
    // invalid inputs.
    assert!(seen.iter().any(|(hidden, _)| hidden == &["y"]));
    assert!(seen.iter().any(|(hidden, _)| hidden == &["z"]));
    assert!(seen.iter().any(|(_, invalid)| *invalid == 2));
}

#[test]
fn text_against_a_number_or_a_boolean_is_left_to_the_program() {
    let numbers = doc(json!({"o": {"visibleWhen": "inputs.x == 0 || inputs.x < 1"}}));
    for text in ["", "0", "abc"] {
        let fields = fields(&numbers, &json!({"1": text}));
        let judged = program(&numbers).judged_natively(&numbers, &fields);
        assert_eq!(judged, None, "{text:?}");
    }
    let flag = doc(json!({"o": {"visibleWhen": "inputs.x == true"}}));
    let fields = fields(&flag, &json!({"1": "a"}));
    assert_eq!(program(&flag).judged_natively(&flag, &fields), None);
}

#[test]
fn a_rule_reading_a_list_a_date_or_an_object_is_left_to_the_program() {
    for (condition, values) in [
        ("inputs.list", json!({"4": [{"1": 2}]})),
        ("inputs.day > 0", json!({})),
        ("inputs.x", json!({"1": {"a": 1}})),
    ] {
        let doc = doc(json!({"o": {"visibleWhen": condition}}));
        let fields = fields(&doc, &values);
        assert_eq!(
            program(&doc).judged_natively(&doc, &fields),
            None,
            "{condition}"
        );
    }
    // An empty date is null, read as such.
    let doc = doc(json!({"o": {"visibleWhen": "inputs.day === null"}}));
    let judged = program(&doc).judged_natively(&doc, &fields(&doc, &json!({"5": null})));
    assert_eq!(judged.map(|j| j.hidden_outputs), Some(Vec::new()));
}

#[test]
fn any_rule_of_another_shape_leaves_the_whole_doc_to_the_program() {
    for other in [
        "Boolean(inputs.x)",
        "inputs.x + 1 > 2",
        "inputs.nothing === null",
        "inputs.x > 010",
        "inputs.x; 1",
        "x > 1",
        "inputs?.x",
        "['a'].indexOf(inputs.x) >= 0",
        "[...[1]].includes(inputs.x)",
        "inputs.x ?? 1",
        "typeof inputs.x === 'string'",
    ] {
        let doc = doc(json!({
            "x": {"visibleWhen": "inputs.y > 0"},
            "o": {"visibleWhen": other}
        }));
        let fields = fields(&doc, &json!({"1": 1, "2": 1}));
        assert_eq!(
            program(&doc).judged_natively(&doc, &fields),
            None,
            "{other}"
        );
    }
}

#[test]
fn the_script_runs_without_the_program_when_rules_are_judged_in_rust() {
    use crate::eval::{Engine, EngineOptions};
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let mut doc = doc(json!({"y": {"visibleWhen": "inputs.x === 1"}}));
    doc.script = "return { o: inputs.y === null ? 'hidden' : inputs.y };".to_owned();
    let result = engine.evaluate(&doc, &json!({"1": 2, "2": 5}).as_object().unwrap().clone());
    assert_eq!(result.error, None);
    assert_eq!(result.outputs.unwrap()["o"], json!("hidden"));
    assert_eq!(result.hidden_inputs, ["y"]);
    assert_eq!(result.used_inputs, ["y"]);
    assert!(!engine.last_ran_a_rule_program());
    let result = engine.evaluate(&doc, &json!({"1": 1, "2": 5}).as_object().unwrap().clone());
    assert_eq!(result.outputs.unwrap()["o"], json!(5));
    // A rule reading an object runs in the script's run, with the same answer.
    let result = engine.evaluate(
        &doc,
        &json!({"1": {"a": 1}, "2": 5}).as_object().unwrap().clone(),
    );
    assert_eq!(result.outputs.unwrap()["o"], json!("hidden"));
    assert!(engine.last_ran_a_rule_program());
}
