//! The V8 differential corpus, natively: every case in `tests/v8/cases/` must give what
//! V8 gives, as computed by `node tests/v8/reference.mjs` (one Node process for all
//! cases). A case marked `knownDifference` must still differ from V8 (the mark goes
//! once the engine is fixed) and must give the same answer through the `calc` CLI.
//! `tests/v8/differential.test.mjs` holds the wasm package and the CLI to the same rules.

use std::path::{Path, PathBuf};
use std::process::Command;

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::CountingAllocator;
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Library, Locale};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The day a case treats as today unless it says otherwise (as in reference.mjs).
const DEFAULT_TODAY: &str = "2026-11-25";

/// boa parses and compiles recursively; Math.js needs more than a test thread's 2 MiB.
const ENGINE_STACK: usize = 16 << 20;

fn v8_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/v8")
}

fn lib_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib")
}

struct Case {
    name: String,
    path: PathBuf,
    doc: CalcDoc,
    values: Map<String, Value>,
    locale: String,
    today: String,
    known_difference: Option<String>,
}

fn read_cases() -> Vec<Case> {
    let mut paths: Vec<_> = std::fs::read_dir(v8_dir().join("cases"))
        .expect("cases folder")
        .map(|entry| entry.expect("case entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("case readable");
            let case: Value = serde_json::from_str(&text).expect("case is JSON");
            let text_of = |key: &str, default: &str| {
                case.get(key)
                    .and_then(Value::as_str)
                    .unwrap_or(default)
                    .to_owned()
            };
            Case {
                name: path.file_name().expect("name").to_string_lossy().into(),
                doc: CalcDoc::from_json_value(case["doc"].clone()).expect("case doc"),
                values: case
                    .get("values")
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default(),
                locale: text_of("locale", "en"),
                today: text_of("today", DEFAULT_TODAY),
                known_difference: case
                    .get("knownDifference")
                    .and_then(Value::as_str)
                    .map(String::from),
                path,
            }
        })
        .collect()
}

/// V8's result of every case, by file name.
fn v8_results(cases: &[Case]) -> Map<String, Value> {
    let output = Command::new("node")
        .arg(v8_dir().join("reference.mjs"))
        .args(cases.iter().map(|c| &c.path))
        .env("TZ", "UTC")
        .output()
        .expect("node runs (the V8 reference needs Node on PATH)");
    assert!(
        output.status.success(),
        "the V8 reference failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the reference prints JSON")
}

/// A JSON text with sorted keys and every number as a double, so that `5` and `5.0`
/// (or `1e21` written either way) read alike: two results are equal when their texts are.
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<_> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::from(k.as_str()), canonical(&map[k])))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(canonical).collect();
            format!("[{}]", items.join(","))
        }
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), |f| format!("{f:?}")),
        other => other.to_string(),
    }
}

/// The case through `calc eval`, the face the server uses.
fn run_cli(case: &Case) -> Value {
    let dir = std::env::temp_dir().join(format!("calc-v8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let values = dir.join(format!("{}.values.json", case.name));
    std::fs::write(&values, Value::Object(case.values.clone()).to_string()).expect("values");
    let output = Command::new(env!("CARGO_BIN_EXE_calc"))
        .arg("eval")
        .arg(&case.path)
        .arg("--values")
        .arg(&values)
        .args(["--locale", &case.locale, "--today", &case.today, "--lib-dir"])
        .arg(lib_dir())
        .output()
        .expect("calc runs");
    serde_json::from_slice(&output.stdout).expect("calc prints JSON")
}

#[test]
fn every_case_gives_v8s_result_natively() {
    std::thread::Builder::new()
        .stack_size(ENGINE_STACK)
        .spawn(run_corpus)
        .expect("engine thread")
        .join()
        .expect("the corpus run panicked");
}

fn run_corpus() {
    let cases = read_cases();
    assert!(cases.len() >= 80, "the corpus shrank to {}", cases.len());
    let v8 = v8_results(&cases);

    // One warm engine for the whole corpus, as the server's worker keeps one.
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    for library in Library::ALL {
        let path = lib_dir().join(format!("{}.js", library.name()));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{} is missing ({e}); run scripts/build-wasm", path.display())
        });
        engine.load_library(library, &source).expect("library loads");
    }

    let mut failures = Vec::new();
    for case in &cases {
        engine.set_options(EngineOptions {
            locale: Locale::parse(&case.locale).expect("case locale"),
            today: Some(CivilDate::parse_iso(&case.today).expect("case today")),
        });
        let native =
            canonical(&serde_json::to_value(engine.evaluate(&case.doc, &case.values)).expect("result"));
        let expected = canonical(v8.get(&case.name).expect("a V8 result per case"));
        match &case.known_difference {
            None if native != expected => failures.push(format!(
                "{}\n  V8:     {expected}\n  native: {native}",
                case.name
            )),
            None => {}
            Some(_) if native == expected => failures.push(format!(
                "{} now equals V8: remove its \"knownDifference\"",
                case.name
            )),
            Some(why) => {
                let cli = canonical(&run_cli(case));
                if cli != native {
                    failures.push(format!(
                        "{} (known difference): the CLI and the native engine disagree\n  CLI:    {cli}\n  native: {native}",
                        case.name
                    ));
                }
                eprintln!(
                    "known difference, {}: {why}\n  V8:     {expected}\n  native: {native}",
                    case.name
                );
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) differ from V8:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
