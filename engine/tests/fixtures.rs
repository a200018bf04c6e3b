//! The fixture corpus: each file in `tests/fixtures/` is a calculator, the values to run
//! it with, and the exact result expected. The wasm package runs the same files under
//! Node (`tests/wasm/fixtures.test.mjs`), so both faces are held to one answer.
//!
//! `UPDATE_FIXTURES=1 cargo test --test fixtures` rewrites the expected results; review
//! the diff before committing it.

use std::path::{Path, PathBuf};

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::CountingAllocator;
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, EvalResult, Library, Locale, js_text};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The day every fixture treats as today unless it says otherwise.
const FIXTURE_TODAY: &str = "2026-11-25";

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn lib_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib")
}

fn options(fixture: &Value) -> EngineOptions {
    let locale = fixture["locale"].as_str().unwrap_or("en");
    let today = fixture["today"].as_str().unwrap_or(FIXTURE_TODAY);
    EngineOptions {
        locale: Locale::parse(locale).expect("fixture locale"),
        today: Some(CivilDate::parse_iso(today).expect("fixture today")),
    }
}

fn load_libraries(engine: &mut Engine) {
    for library in Library::ALL {
        let path = lib_dir().join(format!("{}.js", library.name()));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{} is missing ({e}); run scripts/build-wasm first",
                path.display()
            )
        });
        engine
            .load_library(library, &source)
            .expect("library loads");
    }
}

/// boa parses and compiles recursively (mathjs needs more than a test thread's 2 MiB),
/// and recursion through built-ins' callbacks nests its interpreter: the engine's stack.
const ENGINE_STACK: usize = calcsmith_engine::limits::NATIVE_STACK;

#[test]
fn every_fixture_gives_its_expected_result() {
    std::thread::Builder::new()
        .stack_size(ENGINE_STACK)
        .spawn(run_corpus)
        .expect("engine thread")
        .join()
        .expect("the corpus run panicked");
}

fn run_corpus() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut paths: Vec<_> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures folder")
        .map(|entry| entry.expect("fixture entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 40, "the corpus shrank to {}", paths.len());

    // One warm engine for the whole corpus, like a browser tab: it also proves that
    // an engine stays usable after time-outs and errors.
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    load_libraries(&mut engine);
    let mut failures = Vec::new();
    let mut again = Vec::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("fixture readable");
        let mut fixture: Value = js_text::parse_json(&text).expect("fixture is JSON");
        let doc = CalcDoc::from_json_value(fixture["doc"].clone()).expect("fixture doc");
        let values: Map<String, Value> = fixture
            .get("values")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        engine.set_options(options(&fixture));
        let result = engine.evaluate(&doc, &values);
        let actual = serde_json::to_value(&result).expect("result serialises");
        if !stops_at_a_limit(&fixture["expected"]) {
            again.push((path.clone(), options(&fixture), doc, values));
        }
        if update {
            fixture["expected"] = actual;
            let text = js_text::to_json_pretty(&fixture).expect("fixture serialises");
            std::fs::write(path, text + "\n").expect("fixture written");
        } else if fixture["expected"] != actual {
            failures.push(format!(
                "{}\n  expected: {}\n  actual:   {}",
                path.file_name().unwrap_or_default().to_string_lossy(),
                fixture["expected"],
                actual
            ));
        }
        // The result must also read back as the public type.
        let _: EvalResult = serde_json::from_value(fixture["expected"].clone())
            .expect("expected result has the public shape");
    }
    // Once more on the same engine: every script is now parsed already (the engine
    // keeps the last few), so this runs them from its cache and must answer the same.
    // Fixtures that run into the time or memory limit take seconds and are left out.
    if !update {
        for (path, options, doc, values) in again {
            let text = std::fs::read_to_string(&path).expect("fixture readable");
            let fixture: Value = js_text::parse_json(&text).expect("fixture is JSON");
            engine.set_options(options);
            engine.evaluate(&doc, &values);
            let actual = serde_json::to_value(engine.evaluate(&doc, &values)).expect("serialises");
            if fixture["expected"] != actual {
                failures.push(format!(
                    "{} (run again, from the script cache)\n  expected: {}\n  actual:   {}",
                    path.file_name().unwrap_or_default().to_string_lossy(),
                    fixture["expected"],
                    actual
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} fixture(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Whether a fixture's expected result is the time-out or out-of-memory message.
fn stops_at_a_limit(expected: &Value) -> bool {
    expected["error"].as_str().is_some_and(|error| {
        error == calcsmith_engine::limits::TIMEOUT_MESSAGE
            || error == calcsmith_engine::limits::MEMORY_MESSAGE
    })
}
