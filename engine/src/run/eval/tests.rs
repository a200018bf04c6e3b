//! Tests of `eval.rs`.

use serde_json::json;

use super::*;
use crate::limits::{CRASH_MESSAGE, TIMEOUT_MESSAGE};
use crate::model::Libraries;
use crate::output::EvalResult;
use crate::run::realm::SCRIPT_CACHE_SIZE;

fn doc(script: &str) -> CalcDoc {
    CalcDoc::from_json_value(json!({
        "script": script,
        "metaInputs": [
            {"id": 1, "name": "a", "type": "number"},
            {"id": 2, "name": "b", "type": "number"}
        ],
        "metaOutputs": [{"id": 1, "name": "sum", "type": "value"}],
        "defaults": {"1": 1, "2": 2}
    }))
    .expect("test doc")
}

/// `doc(script)` with a stand-in lodash switched on, so it runs in the library realm.
fn with_lodash(script: &str) -> CalcDoc {
    CalcDoc {
        libraries: Libraries {
            lodash: true,
            ..Default::default()
        },
        ..doc(script)
    }
}

fn values(a: f64) -> Map<String, Value> {
    json!({"1": a}).as_object().cloned().unwrap_or_default()
}

fn sum(result: &EvalResult) -> Option<f64> {
    assert_eq!(result.error, None);
    result
        .outputs
        .as_ref()
        .and_then(|o| o.get("sum"))
        .and_then(Value::as_f64)
}

fn engine() -> Engine {
    Engine::new(EngineOptions::default()).expect("engine")
}

fn engine_with_lodash() -> Engine {
    let mut engine = engine();
    engine
        .load_library(
            Library::Lodash,
            "globalThis._ = { sum: function (a) { return a[0] + a[1]; } };",
        )
        .expect("a stand-in library loads");
    engine
}

fn parses(engine: &Engine) -> u64 {
    engine.runtime.parses
}

fn cached_in_library_realm(engine: &Engine) -> usize {
    engine
        .runtime
        .libraries
        .as_ref()
        .map_or(0, |realm| realm.sandbox().cached_scripts())
}

fn library_loads(engine: &Engine) -> u64 {
    engine.runtime.library_loads
}

#[test]
fn a_prepared_recalculation_neither_parses_nor_compiles_and_gives_new_results() {
    let mut engine = engine();
    let calc = doc("return { sum: inputs.a + inputs.b };");
    assert_eq!(sum(&engine.evaluate(&calc, &values(1.0))), Some(3.0));
    assert_eq!(parses(&engine), 1);
    for a in [10.0, 100.0] {
        engine.prepare().expect("prepared");
        assert_eq!(sum(&engine.evaluate(&calc, &values(a))), Some(a + 2.0));
    }
    engine.prepare().expect("prepared");
    let result = engine.evaluate(&calc, &Map::new());
    assert_eq!(sum(&result), Some(3.0));
    assert_eq!(result.used_inputs, ["a", "b"]);
    assert_eq!(parses(&engine), 1);
}

#[test]
fn rules_are_parsed_once_with_the_script_and_ahead_with_it() {
    let mut engine = engine();
    let calc = CalcDoc::from_json_value(json!({
        "script": "return { sum: inputs.a + inputs.b };",
        "metaInputs": [
            {"id": 1, "name": "a", "type": "number"},
            {"id": 2, "name": "b", "type": "number", "visibleWhen": "inputs.a > 5"}
        ],
        "metaOutputs": [{"id": 1, "name": "sum", "type": "value"}],
        "defaults": {"1": 1, "2": 2}
    }))
    .expect("test doc");
    let result = engine.evaluate(&calc, &values(1.0));
    assert_eq!(
        (sum(&result), result.hidden_inputs),
        (Some(1.0), vec!["b".to_owned()])
    );
    assert_eq!(parses(&engine), 1);
    engine.prepare().expect("prepared");
    let result = engine.evaluate(&calc, &values(10.0));
    assert_eq!(sum(&result), Some(12.0));
    assert!(result.hidden_inputs.is_empty());
    assert_eq!(parses(&engine), 1);
    // The program itself was built once.
    let built = |engine: &Engine| {
        engine
            .runtime
            .rules
            .as_ref()
            .map(|r| Rc::as_ptr(&r.program))
    };
    let first = built(&engine);
    engine.prepare_and_replay().expect("prepared");
    engine.evaluate(&calc, &values(3.0));
    assert_eq!((first.is_some(), built(&engine)), (true, first));
}

#[test]
fn a_warmed_up_realm_reports_only_the_inputs_the_calculation_read() {
    // The warm-up reads every input of the last calculation in the spare realm.
    let mut engine = engine();
    let calc = doc("return { sum: inputs.a > 5 ? inputs.b : inputs.a };");
    assert_eq!(sum(&engine.evaluate(&calc, &values(9.0))), Some(2.0));
    engine.prepare().expect("prepared");
    let result = engine.evaluate(&calc, &values(4.0));
    assert_eq!(sum(&result), Some(4.0));
    assert_eq!(result.used_inputs, ["a"]);
}

#[test]
fn a_replayed_calculation_leaves_nothing_for_the_next_one() {
    // The replay runs the script again in its old realm: the next calculation, in
    // the fresh one, sees neither its global, nor its console output, nor its reads.
    let mut engine = engine();
    let counter = doc(
        "console.log('run', inputs.a); globalThis.n = (globalThis.n || 0) + 1; \
             return { sum: inputs.a > 5 ? n + inputs.b : n };",
    );
    for a in [9.0, 1.0, 7.0] {
        let result = engine.evaluate(&counter, &values(a));
        assert_eq!(sum(&result), Some(if a > 5.0 { 3.0 } else { 1.0 }));
        assert_eq!(result.console.len(), 1, "{:?}", result.console);
        assert!(result.console[0].text.ends_with(&a.to_string()));
        let read: &[&str] = if a > 5.0 { &["a", "b"] } else { &["a"] };
        assert_eq!(result.used_inputs, read);
        engine.prepare_and_replay().expect("prepared");
    }
}

#[test]
fn an_unprepared_calculation_still_runs_in_a_fresh_realm() {
    let mut engine = engine();
    let counter = doc("globalThis.n = (globalThis.n || 0) + 1; return { sum: n };");
    assert_eq!(sum(&engine.evaluate(&counter, &Map::new())), Some(1.0));
    assert_eq!(sum(&engine.evaluate(&counter, &Map::new())), Some(1.0));
}

#[test]
fn the_library_realm_parses_a_script_once_and_keeps_the_last_few() {
    let mut engine = engine_with_lodash();
    let plus = with_lodash("return { sum: _.sum([inputs.a, inputs.b]) };");
    let times = with_lodash("return { sum: inputs.a * inputs.b };");
    assert_eq!(sum(&engine.evaluate(&plus, &values(3.0))), Some(5.0));
    assert_eq!(sum(&engine.evaluate(&times, &values(3.0))), Some(6.0));
    assert_eq!(sum(&engine.evaluate(&plus, &values(4.0))), Some(6.0));
    assert_eq!(sum(&engine.evaluate(&times, &values(4.0))), Some(8.0));
    assert_eq!(parses(&engine), 2);
    let docs: Vec<CalcDoc> = (0..=SCRIPT_CACHE_SIZE)
        .map(|n| with_lodash(&format!("return {{ sum: inputs.a + {n} }};")))
        .collect();
    for calc in &docs {
        engine.evaluate(calc, &Map::new());
    }
    assert_eq!(cached_in_library_realm(&engine), SCRIPT_CACHE_SIZE);
    // The first one was dropped; running it again parses it again.
    let before = parses(&engine);
    assert_eq!(sum(&engine.evaluate(&docs[0], &Map::new())), Some(1.0));
    assert_eq!(parses(&engine), before + 1);
}

#[test]
fn a_cached_script_keeps_its_error_lines_and_used_inputs() {
    let mut engine = engine_with_lodash();
    let calc = with_lodash("var x = inputs.a;\nif (x > 5) { missing(); }\nreturn { sum: x };");
    assert_eq!(sum(&engine.evaluate(&calc, &values(1.0))), Some(1.0));
    let failed = engine.evaluate(&calc, &values(9.0));
    assert_eq!(
        failed.error.as_deref(),
        Some("ReferenceError: missing is not defined (line 2)")
    );
    assert_eq!(failed.used_inputs, ["a"]);
    assert_eq!(parses(&engine), 1);
}

#[test]
fn a_script_that_does_not_parse_is_reported_every_time() {
    let mut engine = engine();
    let calc = doc("return {;");
    let first = engine.evaluate(&calc, &Map::new());
    engine.prepare().expect("prepared");
    let second = engine.evaluate(&calc, &Map::new());
    assert!(
        first
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with("SyntaxError: "))
    );
    assert_eq!(first.error, second.error);
}

#[test]
fn a_loaded_library_empties_the_cache() {
    let mut engine = engine_with_lodash();
    let calc = with_lodash("return { sum: typeof moment === 'function' ? 1 : 0 };");
    assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(0.0));
    assert_eq!(cached_in_library_realm(&engine), 1);
    engine
        .load_library(Library::Moment, "globalThis.moment = function () {};")
        .expect("a stand-in library loads");
    assert_eq!(cached_in_library_realm(&engine), 0);
    let with_moment = CalcDoc {
        libraries: Libraries {
            moment: true,
            ..Default::default()
        },
        ..calc.clone()
    };
    assert_eq!(sum(&engine.evaluate(&with_moment, &Map::new())), Some(1.0));
    assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(0.0));
}

#[test]
fn library_calculations_that_change_nothing_keep_the_library_realm() {
    let mut engine = engine_with_lodash();
    let calc = with_lodash(
        "var xs = [inputs.a, inputs.b].map(function (x) { return x * 2; });\n\
             var o = { k: 1 }; o.k = 2; xs.push(o.k);\n\
             return { sum: _.sum(xs) };",
    );
    for a in [1.0, 2.0, 3.0] {
        assert_eq!(
            sum(&engine.evaluate(&calc, &values(a))),
            Some(2.0 * a + 4.0)
        );
        engine.prepare().expect("prepared");
    }
    assert_eq!(library_loads(&engine), 0);
    assert_eq!(parses(&engine), 1);
}

#[test]
fn a_panic_in_boa_ends_that_calculation_and_the_next_one_works() {
    let mut engine = engine();
    let calc = doc("return { sum: inputs.a + inputs.b };");
    assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(3.0));
    // A stand-in for a panic inside one of boa's built-ins, in the next fresh realm.
    engine.prepare().expect("prepared");
    let spare = engine.runtime.spare.as_mut().expect("a spare realm");
    spare
        .context_mut()
        .register_global_builtin_callable(
            boa_engine::js_string!("boom"),
            0,
            boa_engine::NativeFunction::from_fn_ptr(|_, _, _| panic!("a bug in boa")),
        )
        .expect("stand-in defined");
    let crashed = engine.evaluate(&doc("boom();\nreturn { sum: 1 };"), &Map::new());
    assert_eq!(crashed.error.as_deref(), Some(CRASH_MESSAGE));
    assert_eq!(sum(&engine.evaluate(&calc, &values(5.0))), Some(7.0));
}

#[test]
fn a_library_calculation_that_changes_the_realm_gets_it_loaded_again() {
    let mut engine = engine_with_lodash();
    let tamper = with_lodash("_.sum = function () { return 42; };\nreturn { sum: 0 };");
    let honest = with_lodash("return { sum: _.sum([inputs.a, inputs.b]) };");
    engine.evaluate(&tamper, &Map::new());
    engine.prepare().expect("loaded again");
    assert_eq!(library_loads(&engine), 1);
    assert_eq!(sum(&engine.evaluate(&honest, &Map::new())), Some(3.0));
    // Without prepare(), the next calculation notices it itself.
    engine.evaluate(&tamper, &Map::new());
    assert_eq!(sum(&engine.evaluate(&honest, &Map::new())), Some(3.0));
    assert_eq!(library_loads(&engine), 2);
}

#[test]
fn ordinary_use_of_the_real_libraries_does_not_load_them_again() {
    // Math.js makes its functions on first use, moment caches locale data: neither
    // may look like a change to the guard, or every calculation would reload them.
    let run = || {
        let mut engine = engine();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib");
        for library in Library::ALL {
            let path = dir.join(format!("{}.js", library.name()));
            let source = std::fs::read_to_string(&path).expect("run scripts/build-wasm");
            engine
                .load_library(library, &source)
                .expect("library loads");
        }
        let all = |script: &str| CalcDoc {
            libraries: Libraries {
                lodash: true,
                moment: true,
                mathjs: true,
                formulajs: true,
                decimal: true,
            },
            ..doc(script)
        };
        let calc = all("var d = moment.utc([2024, 0, inputs.a]).add(1, 'month');\n\
                 var p = formulajs.PMT(0, 2, -2 * inputs.a) + new Decimal(0.1).plus(0.2).times(10).toNumber();\n\
                 return { sum: _.sum([math.add(inputs.a, inputs.b), math.round(math.pi), d.date(), p]) };");
        for a in [1.0, 2.0, 3.0] {
            assert_eq!(
                sum(&engine.evaluate(&calc, &values(a))),
                Some(3.0 * a + 8.0)
            );
            engine.prepare().expect("prepared");
        }
        assert_eq!(library_loads(&engine), 0);
    };
    std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(run)
        .expect("thread")
        .join()
        .expect("the test passed");
}

#[test]
fn a_function_added_to_a_library_is_not_there_for_the_next_calculation() {
    // What `math.import({ leak: ... })` does to `math`; Math.js's own import takes
    // seconds on its first use in a debug build, so a stand-in shows it.
    let mut engine = engine_with_lodash();
    let adder = with_lodash("_.leak = function () { return inputs.a; };\nreturn { sum: 0 };");
    let reader = with_lodash("return { sum: typeof _.leak === 'undefined' ? 1 : 2 };");
    engine.evaluate(&adder, &values(5.0));
    assert_eq!(sum(&engine.evaluate(&reader, &Map::new())), Some(1.0));
}

#[test]
fn a_library_setter_called_by_a_calculation_is_noticed() {
    let mut engine = engine();
    let lazy = "var v = 1; var lib = {};\n\
             Object.defineProperty(lib, 'x', { get: function () { return v; },\n\
               set: function (n) { v = n; }, configurable: true, enumerable: true });\n\
             globalThis._ = lib;";
    engine
        .load_library(Library::Lodash, lazy)
        .expect("a stand-in library loads");
    let setter = with_lodash("_.x = 42; return { sum: _.x };");
    let reader = with_lodash("return { sum: _.x };");
    assert_eq!(sum(&engine.evaluate(&setter, &Map::new())), Some(42.0));
    assert_eq!(sum(&engine.evaluate(&reader, &Map::new())), Some(1.0));
}

#[test]
fn a_time_out_drops_the_library_realm_and_its_cached_scripts() {
    let mut engine = engine_with_lodash();
    let calc = with_lodash("return { sum: inputs.a + inputs.b };");
    // Nested loops that each stay under the loop checkpoint's limit: only the
    // deadline stops them, mid-flight, so the realm is dropped.
    let looping = with_lodash(
        "function inner() { for (var i = 0; i < 3000; i++) {} }\n\
             function middle() { for (var j = 0; j < 3000; j++) inner(); }\n\
             for (var k = 0; k < 3000; k++) middle();\nreturn { sum: 0 };",
    );
    assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(3.0));
    let timed_out = engine.evaluate(&looping, &Map::new());
    assert_eq!(timed_out.error.as_deref(), Some(TIMEOUT_MESSAGE));
    // A new realm loads the library and parses the script again, and it works.
    assert_eq!(sum(&engine.evaluate(&calc, &values(5.0))), Some(7.0));
    assert_eq!(library_loads(&engine), 1);
    assert_eq!(parses(&engine), 3);
}
