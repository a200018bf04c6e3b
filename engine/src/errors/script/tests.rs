//! Tests of `script.rs`.

use serde_json::{Map, json};

use crate::{CalcDoc, Engine, EngineOptions, Library};

/// The error of `script` run with an empty number input `amount` and an empty text
/// input `name`; each expectation below is what Node 20 prints for the same script.
fn error_of(script: &str) -> String {
    let doc = CalcDoc::from_json_value(json!({
        "script": script,
        "metaInputs": [
            {"id": 1, "name": "amount", "type": "number"},
            {"id": 2, "name": "name", "type": "string"}
        ],
        "metaOutputs": []
    }))
    .expect("test doc");
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    engine
        .evaluate(&doc, &Map::new())
        .error
        .unwrap_or_else(|| "no error".to_owned())
}

#[test]
fn a_method_call_on_an_empty_input_names_the_method_and_its_line() {
    assert_eq!(
        error_of("var x = 1;\nvar y = inputs.amount.toFixed(2);\nreturn {};"),
        "TypeError: Cannot read properties of null (reading 'toFixed') (line 2)"
    );
    assert_eq!(
        error_of("var n = inputs.name;\n\nreturn { s: n.trim() };"),
        "TypeError: Cannot read properties of null (reading 'trim') (line 3)"
    );
}

#[test]
fn a_property_read_or_write_on_nothing_names_the_property() {
    assert_eq!(
        error_of("var o;\nvar a = 1;\nreturn { p: o.price };"),
        "TypeError: Cannot read properties of undefined (reading 'price') (line 3)"
    );
    assert_eq!(
        error_of("var o = null;\no.x = 5;"),
        "TypeError: Cannot set properties of null (setting 'x') (line 2)"
    );
}

#[test]
fn calling_a_non_function_names_the_callee_as_written() {
    assert_eq!(
        error_of("var a = 1;\nvar r = Math.roundTo(2);"),
        "TypeError: Math.roundTo is not a function (line 2)"
    );
    assert_eq!(
        error_of("var x = 5;\n\nx();"),
        "TypeError: x is not a function (line 3)"
    );
    assert_eq!(
        error_of("var obj = {};\nobj.f();"),
        "TypeError: obj.f is not a function (line 2)"
    );
}

#[test]
fn variables_errors_are_worded_as_v8_at_the_variable() {
    assert_eq!(
        error_of("var s = 0;\nfor (i = 0; i < 3; i++) s += i;"),
        "ReferenceError: i is not defined (line 2)"
    );
    assert_eq!(
        error_of("var s = 0;\nreturn { s: foo + 1 };"),
        "ReferenceError: foo is not defined (line 2)"
    );
    assert_eq!(
        error_of("const c = 1;\nc = 2;"),
        "TypeError: Assignment to constant variable. (line 2)"
    );
    assert_eq!(
        error_of("var a = 1;\nvar b = x + 1;\nlet x = 1;"),
        "ReferenceError: Cannot access 'x' before initialization (line 2)"
    );
}

#[test]
fn built_in_range_errors_are_worded_as_v8() {
    assert_eq!(
        error_of("var a = 1;\nnew Array(-1);"),
        "RangeError: Invalid array length (line 2)"
    );
    assert_eq!(
        error_of("var a = 1;\n(1.5).toFixed(101);"),
        "RangeError: toFixed() digits argument must be between 0 and 100 (line 2)"
    );
    assert_eq!(
        error_of("var x = 5;\nfor (var v of x) {}"),
        "TypeError: x is not iterable (line 2)"
    );
}

#[test]
fn errors_in_callbacks_chains_and_templates_are_on_v8s_line() {
    assert_eq!(
        error_of("[1, 2].forEach(function (n) {\n  var o = null;\n  o.a;\n});"),
        "TypeError: Cannot read properties of null (reading 'a') (line 3)"
    );
    assert_eq!(
        error_of("var r = [1, 2].map(n =>\n  n.foo.bar);"),
        "TypeError: Cannot read properties of undefined (reading 'bar') (line 2)"
    );
    assert_eq!(
        error_of(
            "var items = [1,2];\nvar r = items\n  .map(function (x) { return x; })\n  \
                 .filter(Boolean)\n  .foo();"
        ),
        "TypeError: items.map(...).filter(...).foo is not a function (line 5)"
    );
    assert_eq!(
        error_of("var o = {a: null};\nvar r = o\n  .a\n  .b;"),
        "TypeError: Cannot read properties of null (reading 'b') (line 4)"
    );
    assert_eq!(
        error_of("var o = null;\nvar s = `a ${\n o.x\n} b`;"),
        "TypeError: Cannot read properties of null (reading 'x') (line 3)"
    );
}

/// The error of `script` run with a list input `items` whose one item's text field
/// `name` is empty; expectations as Node 20 prints them.
fn error_with_an_empty_item(script: &str) -> String {
    let doc = CalcDoc::from_json_value(json!({
        "script": script,
        "metaInputs": [{
            "id": 1, "name": "items", "type": "list", "itemPrototype": {},
            "metaInputs": [{"id": 1, "name": "name", "type": "string"}]
        }],
        "metaOutputs": []
    }))
    .expect("test doc");
    let values = json!({"1": [{}]}).as_object().cloned().expect("values");
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    engine
        .evaluate(&doc, &values)
        .error
        .unwrap_or_else(|| "no error".to_owned())
}

#[test]
fn an_empty_field_of_a_list_item_is_null() {
    assert_eq!(
        error_with_an_empty_item(
            "var n = 0;\ninputs.items.forEach(function (item) {\n  n += item.name.length;\n});"
        ),
        "TypeError: Cannot read properties of null (reading 'length') (line 3)"
    );
    assert_eq!(
        error_with_an_empty_item(
            "var n = 0;\nfor (const row of inputs.items) {\n  n += row.name.length;\n}"
        ),
        "TypeError: Cannot read properties of null (reading 'length') (line 3)"
    );
    assert_eq!(
        error_with_an_empty_item(
            "var t = inputs.items.reduce(function (sum, item) {\n  return sum + \
                 item.name.length;\n}, 0);"
        ),
        "TypeError: Cannot read properties of null (reading 'length') (line 2)"
    );
}

#[test]
fn a_variable_that_may_be_null_is_null_when_written() {
    assert_eq!(
        error_of("var c = inputs.amount > 1 ? {} : null;\nc.rate = 5;"),
        "TypeError: Cannot set properties of null (setting 'rate') (line 2)"
    );
}

#[test]
fn an_error_thrown_deep_inside_a_library_is_on_the_authors_calling_line() {
    // Deeper than boa's default backtrace of 50 frames, as Math.js's parser is.
    let library = "globalThis.moment = function (depth) {\n\
                       function down(n) { if (n === 0) throw new Error('bad date'); \
                       return down(n - 1); }\n  return down(depth);\n};";
    let doc = CalcDoc::from_json_value(json!({
        "script": "var a = 1;\nvar d = moment(200);\nreturn {};",
        "libraries": {"moment": true},
        "metaInputs": [],
        "metaOutputs": []
    }))
    .expect("test doc");
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    engine
        .load_library(Library::Moment, library)
        .expect("library loads");
    assert_eq!(
        engine.evaluate(&doc, &Map::new()).error.as_deref(),
        Some("Error: bad date (line 2)")
    );
}

#[test]
fn syntax_errors_are_worded_as_v8() {
    assert_eq!(
        error_of("\nvar total = ;\nreturn { total: total };"),
        "SyntaxError: Unexpected token ';' (line 2)"
    );
    assert_eq!(
        error_of("var a = 1\nvar b = a b;\nreturn {};"),
        "SyntaxError: Unexpected identifier 'b' (line 2)"
    );
    assert_eq!(
        error_of("var z = 1;\nvar a = Math.max(1, 2;\nreturn {};"),
        "SyntaxError: missing ) after argument list (line 2)"
    );
    // V8 wraps the script as the engine does: the wrapper's `}` closes the block, and
    // its `)` on the line after the script's last is unexpected.
    assert_eq!(
        error_of("if (true) {\nvar a = 1;\nreturn {};"),
        "SyntaxError: Unexpected token ')' (line 4)"
    );
    assert_eq!(
        error_of("var x = 2;\nreturn { y: -x ** 3 };"),
        "SyntaxError: Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence (line 2)"
    );
    assert_eq!(
        error_of("var x = 1;\nvar y = await x;\nreturn {};"),
        "SyntaxError: await is only valid in async functions and the top level bodies of modules (line 2)"
    );
    assert_eq!(
        error_of("var a = 1;\nvar b = #;"),
        "SyntaxError: Invalid or unexpected token (line 2)"
    );
}
