//! The what-if corpus: each file in `tests/whatif-fixtures/` is a calculator, the values
//! to start from, a goal seek (`seek`) or a sensitivity table (`sweep`) as the wasm
//! package takes it, and the exact answer. The wasm package and `calc seek` / `calc sweep`
//! run the same files (`tests/wasm/whatif.test.mjs`), so every face gives one answer.
//!
//! `UPDATE_FIXTURES=1 cargo test --test whatif` rewrites the expected answers; review the
//! diff before committing it.

use std::path::{Path, PathBuf};

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::{CountingAllocator, NATIVE_STACK};
use calcsmith_engine::whatif::seek::{GoalSeek, SeekAnswer};
use calcsmith_engine::whatif::sweep::{Sweep, SweepAnswer};
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Locale};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/whatif-fixtures")
}

fn answer(fixture: &Value) -> Value {
    let doc = CalcDoc::from_json_value(fixture["doc"].clone()).expect("a calculator");
    let values: Map<String, Value> = fixture["values"].as_object().cloned().unwrap_or_default();
    let mut engine = Engine::new(EngineOptions {
        locale: Locale::parse(fixture["locale"].as_str().unwrap_or("en")).expect("a locale"),
        today: CivilDate::parse_iso("2026-11-25"),
    })
    .expect("an engine");
    let answer = if let Some(spec) = fixture.get("seek") {
        let answer = match GoalSeek::from_json(spec) {
            Ok(spec) => engine.goal_seek(&doc, &values, &spec),
            Err(error) => SeekAnswer::NotFound {
                error,
                at: None,
                evaluations: 0,
            },
        };
        serde_json::to_value(answer)
    } else {
        let answer = match Sweep::from_json(&fixture["sweep"]) {
            Ok(spec) => engine.sweep(&doc, &values, &spec),
            Err(error) => SweepAnswer::Refused { error },
        };
        serde_json::to_value(answer)
    };
    answer.expect("JSON")
}

#[test]
fn every_what_if_fixture_gives_its_expected_answer() {
    std::thread::Builder::new()
        .stack_size(NATIVE_STACK)
        .spawn(run_all)
        .expect("a thread")
        .join()
        .expect("no failure");
}

fn run_all() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut names: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("the fixtures")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    assert!(names.len() >= 12, "only {} fixtures", names.len());
    let mut failures = Vec::new();
    for path in names {
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut fixture: Value = serde_json::from_str(&text).expect("JSON");
        let got = answer(&fixture);
        if update {
            fixture["expected"] = got;
            let text = serde_json::to_string_pretty(&fixture).expect("JSON") + "\n";
            std::fs::write(&path, text).expect("written");
        } else if got != fixture["expected"] {
            failures.push(format!(
                "{}: got {}",
                path.display(),
                serde_json::to_string_pretty(&got).expect("JSON")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
