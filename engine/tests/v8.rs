//! The V8 differential corpus, natively: every case in `tests/v8/cases/` must give what
//! V8 gives, as computed by `node tests/v8/reference.mjs` (one Node process for all
//! cases). A case whose `knownDifference` is a text must still differ from V8 (the mark
//! goes once the engine is fixed) and give the same answer through the `calc` CLI; one
//! keyed by face differs natively only when it has a `"native"` key.
//! `tests/v8/differential.test.mjs` holds the wasm package and the CLI to the same rules.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::Command;

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::CountingAllocator;
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Library, Locale, js_text};
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
    /// The case's `knownDifference`: a text (every face) or an object keyed by face.
    known_difference: Option<Value>,
}

/// What the server shows when a calculation panics (`calc worker` dies with it).
const CRASH_MESSAGE: &str = "Calculation stopped unexpectedly.";

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
                known_difference: case.get("knownDifference").cloned(),
                path,
            }
        })
        .collect()
}

/// V8's result of every case, by file name: `{"result": ..., "canonical": "..."}`.
fn v8_results(cases: &[Case]) -> Map<String, Value> {
    let output = Command::new("node")
        .arg(v8_dir().join("reference.mjs"))
        .args(cases.iter().map(|c| &c.path))
        .env("TZ", "UTC")
        .env("LC_ALL", "en_US.UTF-8")
        .output()
        .expect("node runs (the V8 reference needs Node on PATH)");
    assert!(
        output.status.success(),
        "the V8 reference failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    js_text::parse_json(&String::from_utf8_lossy(&output.stdout))
        .expect("the reference prints JSON")
}

/// The reference's canonical text, written for a result of ours: JSON with sorted keys and
/// numbers as JavaScript writes them, so V8's texts are compared without reading their
/// numbers back (which could change their last bits).
fn canonical(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<_> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|k| {
                    format!(
                        "{}:{}",
                        canonical(&Value::from(k.as_str())),
                        canonical(&map[k])
                    )
                })
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(canonical).collect();
            format!("[{}]", items.join(","))
        }
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), js_number),
        // A lone surrogate as `JSON.stringify` writes it.
        other => js_text::json_text(other.to_string()),
    }
}

/// A finite number as JavaScript's `Number.prototype.toString` writes it (`JSON.stringify`
/// does the same): the shortest round-trip digits, in fixed notation from 1e-6 to 1e21.
fn js_number(n: f64) -> String {
    if n == 0.0 {
        return "0".to_owned();
    }
    // Rust's `{:e}` gives the same shortest digits: "1.2345e3".
    let scientific = format!("{:e}", n.abs());
    let (mantissa, exponent) = scientific.split_once('e').expect("exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let point = exponent.parse::<i32>().expect("exponent") + 1;
    let k = digits.len() as i32;
    let body = if (k..=21).contains(&point) {
        format!("{digits}{}", "0".repeat((point - k) as usize))
    } else if (1..=21).contains(&point) {
        format!(
            "{}.{}",
            &digits[..point as usize],
            &digits[point as usize..]
        )
    } else if (-5..=0).contains(&point) {
        format!("0.{}{digits}", "0".repeat(-point as usize))
    } else {
        let rest = if k > 1 {
            format!(".{}", &digits[1..])
        } else {
            String::new()
        };
        let sign = if point > 0 { '+' } else { '-' };
        format!("{}{rest}e{sign}{}", &digits[..1], (point - 1).abs())
    };
    if n < 0.0 { format!("-{body}") } else { body }
}

/// The case through `calc eval`, the face the server uses.
fn run_cli(case: &Case) -> Value {
    let values = std::env::temp_dir().join(format!(
        "calc-v8-{}-{}.values.json",
        std::process::id(),
        case.name
    ));
    std::fs::write(&values, Value::Object(case.values.clone()).to_string()).expect("values");
    let output = Command::new(env!("CARGO_BIN_EXE_calc"))
        .arg("eval")
        .arg(&case.path)
        .arg("--values")
        .arg(&values)
        .args([
            "--locale",
            &case.locale,
            "--today",
            &case.today,
            "--lib-dir",
        ])
        .arg(lib_dir())
        .output()
        .expect("calc runs");
    let _ = std::fs::remove_file(&values);
    js_text::parse_json(&String::from_utf8_lossy(&output.stdout)).expect("calc prints JSON")
}

/// An engine with every library loaded.
fn new_engine() -> Engine {
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    for library in Library::ALL {
        let path = lib_dir().join(format!("{}.js", library.name()));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{} is missing ({e}); run scripts/build-wasm",
                path.display()
            )
        });
        engine
            .load_library(library, &source)
            .expect("library loads");
    }
    engine
}

#[test]
fn numbers_are_written_as_javascript_writes_them() {
    let cases = [
        (0.0, "0"),
        (-0.0, "0"),
        (5.0, "5"),
        (-2.5, "-2.5"),
        (1e21, "1e+21"),
        (123456789012345680000.0, "123456789012345680000"),
        (1.5e-7, "1.5e-7"),
        (0.000001, "0.000001"),
        (1836.5950000000003, "1836.5950000000003"),
        (5e-324, "5e-324"),
        (f64::MAX, "1.7976931348623157e+308"),
    ];
    for (n, text) in cases {
        assert_eq!(js_number(n), text, "{n:?}");
    }
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

    // One warm engine for the whole corpus, as the server's worker keeps one; a panic
    // (until the engine catches its own) gets a new one, as a dead worker is replaced.
    let mut engine = new_engine();
    let mut failures = Vec::new();
    for case in &cases {
        engine.set_options(EngineOptions {
            locale: Locale::parse(&case.locale).expect("case locale"),
            today: Some(CivilDate::parse_iso(&case.today).expect("case today")),
        });
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            engine.evaluate(&case.doc, &case.values)
        }));
        let native = match outcome {
            Ok(result) => canonical(&serde_json::to_value(result).expect("result")),
            Err(_) => {
                engine = new_engine();
                canonical(&serde_json::json!({
                    "outputs": null, "display": null, "usedInputs": [], "error": CRASH_MESSAGE,
                    "hiddenInputs": [], "hiddenOutputs": []
                }))
            }
        };
        let expected = v8
            .get(&case.name)
            .and_then(|v8| v8["canonical"].as_str())
            .expect("a V8 result per case")
            .to_owned();
        let (everywhere, why) = match &case.known_difference {
            Some(Value::String(why)) => (true, Some(why.as_str())),
            Some(by_face) => (false, by_face.get("native").and_then(Value::as_str)),
            None => (false, None),
        };
        match why {
            None if native != expected => failures.push(format!(
                "{}\n  V8:     {expected}\n  native: {native}",
                case.name
            )),
            None => {}
            Some(_) if native == expected => failures.push(format!(
                "{} now equals V8 natively: remove its \"knownDifference\"",
                case.name
            )),
            Some(why) => eprintln!(
                "known difference, {}: {why}\n  V8:     {expected}\n  native: {native}",
                case.name
            ),
        }
        if everywhere {
            let cli = canonical(&run_cli(case));
            if cli != native {
                failures.push(format!(
                    "{} (a known difference on every face): the CLI and the native engine disagree\n  CLI:    {cli}\n  native: {native}",
                    case.name
                ));
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
