//! Test-case fixtures: each file in `tests/test-fixtures/` is a calculator with `tests`
//! and the exact report expected. The engine, a `calc worker` process and `calc test
//! --json` must all give it here; `tests/wasm/test-cases.test.mjs` holds the wasm package
//! (and the CLI again) to the same files.
//!
//! `UPDATE_FIXTURES=1 cargo test --test test_cases` rewrites the expected reports from the
//! engine; review the diff before committing it.

use std::path::{Path, PathBuf};
use std::process::Command;

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::{CountingAllocator, MEMORY_MESSAGE, NATIVE_STACK};
use calcsmith_engine::worker::{NOT_RUN_MESSAGE, WorkerProcess, WorkerRequest, raw_doc};
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Library, Locale, TestReport, js_text};
use serde_json::{Map, Value, json};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const TODAY: &str = "2026-11-25";

/// `test_report::MAX_REPORT_BYTES`, the most a report's compact JSON may take.
const REPORT_BYTES: usize = 64 * 1024;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/test-fixtures")
}

fn lib_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib")
}

fn fixtures() -> Vec<(PathBuf, Value)> {
    let mut paths: Vec<_> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures folder")
        .map(|entry| entry.expect("fixture entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 9, "the fixtures shrank to {}", paths.len());
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("fixture");
            // As `JSON.parse` reads it: expected texts may hold lone surrogates.
            let fixture = js_text::parse_json(&text).expect("fixture JSON");
            (path, fixture)
        })
        .collect()
}

fn name(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned()
}

/// Runs `test` on a thread with the engine's stack.
fn on_engine_stack(test: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(NATIVE_STACK)
        .spawn(test)
        .expect("engine thread")
        .join()
        .expect("the test passed");
}

#[test]
fn the_engine_gives_every_fixtures_report() {
    on_engine_stack(|| {
        let update = std::env::var_os("UPDATE_FIXTURES").is_some();
        let mut engine = Engine::new(EngineOptions {
            locale: Locale::En,
            today: CivilDate::parse_iso(TODAY),
        })
        .expect("engine");
        for library in Library::ALL {
            let path = lib_dir().join(format!("{}.js", library.name()));
            let source = std::fs::read_to_string(&path).expect("run scripts/build-wasm first");
            engine
                .load_library(library, &source)
                .expect("library loads");
        }
        for (path, mut fixture) in fixtures() {
            let doc = CalcDoc::from_json_value(fixture["doc"].clone()).expect("a calculator");
            let report = serde_json::to_value(engine.run_tests(&doc)).expect("JSON");
            // However large the outputs, the report stays small (`test_report.rs`).
            let size = serde_json::to_vec(&report).expect("JSON").len();
            assert!(size <= REPORT_BYTES, "{}: {size} bytes", name(&path));
            if update {
                fixture["expected"] = report;
                let text = js_text::to_json_pretty(&fixture).expect("JSON") + "\n";
                std::fs::write(&path, text).expect("fixture written");
            } else {
                assert_eq!(report, fixture["expected"], "{}", name(&path));
            }
        }
    });
}

#[test]
fn a_worker_process_gives_every_fixtures_report() {
    let mut worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_calc")), &lib_dir())
        .expect("worker starts");
    for (path, fixture) in fixtures() {
        let request = WorkerRequest {
            doc: raw_doc(&fixture["doc"]),
            values: Map::new(),
            locale: Some(Locale::En),
            today: Some(TODAY.to_owned()),
            tests: true,
        };
        let report = worker.run_tests(&request).expect("the worker answers");
        assert_eq!(
            serde_json::to_value(report).expect("JSON"),
            fixture["expected"],
            "{}",
            name(&path)
        );
    }
    // The same process still evaluates afterwards.
    let (_, pass) = fixtures()
        .into_iter()
        .find(|(path, _)| name(path) == "tests-pass.json")
        .expect("the passing fixture");
    let request = WorkerRequest {
        doc: raw_doc(&pass["doc"]),
        values: Map::new(),
        locale: None,
        today: None,
        tests: false,
    };
    let result = worker.evaluate(&request).expect("the worker answers");
    assert_eq!(result.outputs.expect("outputs")["payment"], json!(400));
}

#[test]
fn calc_test_json_gives_every_fixtures_report_and_exit_code() {
    for (path, fixture) in fixtures() {
        let output = Command::new(env!("CARGO_BIN_EXE_calc"))
            .args(["test", path.to_str().expect("utf-8 path"), "--json"])
            .args([
                "--today",
                TODAY,
                "--lib-dir",
                lib_dir().to_str().expect("utf-8"),
            ])
            .output()
            .expect("calc runs");
        let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
        let report: Value = js_text::parse_json(&stdout).expect("stdout is JSON");
        assert_eq!(report, fixture["expected"], "{}", name(&path));
        let failed = fixture["expected"]["failed"].as_u64().expect("a count");
        assert_eq!(
            output.status.code(),
            Some(if failed == 0 { 0 } else { 1 }),
            "{}",
            name(&path)
        );
    }
}

#[test]
fn a_test_that_ends_the_worker_process_fails_and_the_later_ones_are_not_run() {
    // One string of 1.2 GB passes the hard memory limit in one allocation: the worker
    // process aborts in the second test.
    let doc = json!({
        "script": "if (inputs.n > 1) { var s = 'x'.repeat(600 * 1024 * 1024); }\nreturn { n: inputs.n };",
        "metaInputs": [{"id": 1, "name": "n", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "n", "type": "value"}],
        "tests": [
            {"name": "small", "values": {"1": 1}, "expected": {"n": 1}},
            {"name": "bomb", "values": {"1": 2}, "expected": {"n": 2}},
            {"name": "after", "values": {"1": 1}, "expected": {"n": 1}}
        ]
    });
    let mut worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_calc")), &lib_dir())
        .expect("worker starts");
    let request = WorkerRequest {
        doc: raw_doc(&doc),
        values: Map::new(),
        locale: None,
        today: None,
        tests: true,
    };
    let report: TestReport = worker.run_tests(&request).expect("a report");
    assert_eq!(
        serde_json::to_value(report).expect("JSON"),
        json!({"passed": 1, "failed": 2, "tests": [
            {"name": "small", "passed": true},
            {"name": "bomb", "passed": false, "error": MEMORY_MESSAGE},
            {"name": "after", "passed": false, "error": NOT_RUN_MESSAGE}]})
    );
    assert!(!worker.is_alive());
}

#[test]
fn a_worker_refuses_tests_of_a_doc_that_is_not_a_calculator() {
    let mut worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_calc")), &lib_dir())
        .expect("worker starts");
    let request = WorkerRequest {
        doc: raw_doc(&json!({"tests": [{"name": "t", "tolerance": -1}]})),
        values: Map::new(),
        locale: None,
        today: None,
        tests: true,
    };
    let error = worker.run_tests(&request).expect_err("refused").0;
    assert!(
        error.starts_with(
            "doc is not a calculator: a test's tolerance must be a number of 0 or more"
        ),
        "{error}"
    );
}
