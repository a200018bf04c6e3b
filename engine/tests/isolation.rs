//! No calculation can see or disturb another on one engine (issue 10, finding 1): an
//! attacker's calculator wraps built-ins or library functions and parks what it sees on
//! `globalThis`; a victim's calculator, run after it on the same engine, must get its
//! normal result, and the attacker, run again, must find nothing of the victim's.
//! The same attacks run through a `calc worker` process here and through the wasm
//! package in `tests/wasm/isolation.test.mjs`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use calcsmith_engine::limits::{CountingAllocator, MEMORY_MESSAGE, live_bytes};
use calcsmith_engine::worker::{WorkerProcess, WorkerRequest, raw_doc};
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, EvalResult, Library};
use serde_json::{Map, Value, json};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The memory test reads the process's allocation count: no other test may run beside it.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// boa parses and compiles recursively; mathjs needs more than a test thread's 2 MiB.
const ENGINE_STACK: usize = 16 << 20;

fn lib_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib")
}

/// Runs `test` alone, on a thread with room for the libraries.
fn alone(test: impl FnOnce() + Send + 'static) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    std::thread::Builder::new()
        .stack_size(ENGINE_STACK)
        .spawn(test)
        .expect("engine thread")
        .join()
        .expect("the test panicked");
}

fn attack_file() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/isolation-attacks.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("attack file")).expect("JSON")
}

/// The attack file's calculator with `script`, and `library` switched on.
fn doc_json(script: &str, library: Option<&str>) -> Value {
    let mut doc = attack_file()["doc"].clone();
    doc["script"] = json!(script);
    if let Some(library) = library {
        let mut libraries = Map::new();
        libraries.insert(library.to_owned(), json!(true));
        doc["libraries"] = Value::Object(libraries);
    }
    doc
}

fn values(secret: &str) -> Map<String, Value> {
    json!({"1": secret, "2": 7})
        .as_object()
        .cloned()
        .unwrap_or_default()
}

fn out(result: &EvalResult) -> Value {
    result
        .outputs
        .as_ref()
        .map_or(Value::Null, |o| o["out"].clone())
}

/// One attack: `attacker` installs its hook (once) and returns, as `out`, what it has
/// seen so far; `victim` is an ordinary calculator with its expected output.
struct Attack {
    what: String,
    library: Option<String>,
    attacker: String,
    victim: String,
    expected: Value,
}

fn attacks() -> Vec<Attack> {
    let file = attack_file();
    let template = file["attacker"].as_str().expect("attacker template");
    let text = |attack: &Value, key: &str| attack[key].as_str().expect(key).to_owned();
    file["attacks"]
        .as_array()
        .expect("attacks")
        .iter()
        .map(|attack| Attack {
            what: text(attack, "what"),
            library: attack["library"].as_str().map(str::to_owned),
            attacker: template.replace("HOOK", &text(attack, "hook")),
            victim: text(attack, "victim"),
            expected: attack["expected"].clone(),
        })
        .collect()
}

fn load_libraries(engine: &mut Engine) {
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
}

/// Runs each attack as attacker (alice), victim (bob), attacker again (carol), on one
/// engine for all of them, through `evaluate`; collects what went wrong.
fn run_attacks(mut evaluate: impl FnMut(&Value, &str) -> EvalResult) -> Vec<String> {
    let mut failures = Vec::new();
    for attack in attacks() {
        let attacker = doc_json(&attack.attacker, attack.library.as_deref());
        let victim = doc_json(&attack.victim, attack.library.as_deref());
        let first = evaluate(&attacker, "alice");
        if first.error.is_some() || out(&first) != json!("") {
            failures.push(format!(
                "{}: the attacker's first run gave {first:?}",
                attack.what
            ));
        }
        let victim_result = evaluate(&victim, "bob");
        if victim_result.error.is_some() || out(&victim_result) != attack.expected {
            failures.push(format!(
                "{}: the victim got {:?} / {:?}, not {}",
                attack.what, victim_result.outputs, victim_result.error, attack.expected
            ));
        }
        let again = evaluate(&attacker, "carol");
        if again.error.is_some() || out(&again) != json!("") {
            failures.push(format!(
                "{}: the attacker's second run gave {again:?}",
                attack.what
            ));
        }
    }
    failures
}

#[test]
fn no_calculation_sees_or_changes_what_another_did() {
    alone(|| {
        let mut engine = Engine::new(EngineOptions::default()).expect("engine");
        load_libraries(&mut engine);
        let failures = run_attacks(|doc, secret| {
            let doc = CalcDoc::from_json_value(doc.clone()).expect("a calculator");
            engine.evaluate(&doc, &values(secret))
        });
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

#[test]
fn the_attacks_change_nothing_when_the_engine_prepares_between_calculations() {
    alone(|| {
        let mut engine = Engine::new(EngineOptions::default()).expect("engine");
        load_libraries(&mut engine);
        let failures = run_attacks(|doc, secret| {
            let doc = CalcDoc::from_json_value(doc.clone()).expect("a calculator");
            let result = engine.evaluate(&doc, &values(secret));
            engine.prepare().expect("prepared");
            result
        });
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

#[test]
fn ordinary_library_calculations_keep_working_one_after_another() {
    alone(|| {
        let mut engine = Engine::new(EngineOptions::default()).expect("engine");
        load_libraries(&mut engine);
        let calcs = [
            (
                "lodash",
                "return { out: _.sum(_.map([inputs.n, 1], function (x) { return x * 2; })) };",
                json!(16),
            ),
            (
                "moment",
                "return { out: moment.utc([2024, 0, inputs.n]).add(1, 'month').format('LL') };",
                json!("February 7, 2024"),
            ),
            (
                "mathjs",
                "return { out: math.format(math.evaluate('sqrt(n) * 2 cm to mm', { n: inputs.n + 9 })) };",
                json!("80 mm"),
            ),
            (
                "formulajs",
                "return { out: formulajs.ROUND(formulajs.PMT(0, 2, -inputs.n) * 3, 2) };",
                json!(10.5),
            ),
            (
                "decimal",
                "return { out: new Decimal(inputs.n).div(3).toFixed(3) };",
                json!("2.333"),
            ),
        ];
        for _ in 0..2 {
            for (library, script, expected) in &calcs {
                let doc = CalcDoc::from_json_value(doc_json(script, Some(library)))
                    .expect("a calculator");
                assert_eq!(
                    out(&engine.evaluate(&doc, &values("x"))),
                    *expected,
                    "{script}"
                );
            }
        }
    });
}

#[test]
fn memory_parked_in_a_global_is_freed_for_the_next_calculation() {
    alone(|| {
        let mut engine = Engine::new(EngineOptions::default()).expect("engine");
        // ~200 MB (under the 256 MB limit) kept on globalThis by each run.
        let hoarder = CalcDoc::from_json_value(doc_json(
            "(globalThis.hoard = globalThis.hoard || []).push(new ArrayBuffer(200 * 1024 * 1024));\n\
             return { out: globalThis.hoard.length };",
            None,
        ))
        .expect("a calculator");
        let victim = CalcDoc::from_json_value(doc_json(
            "return { out: new ArrayBuffer(100 * 1024 * 1024).byteLength };",
            None,
        ))
        .expect("a calculator");
        let before = live_bytes();
        for _ in 0..3 {
            assert_eq!(out(&engine.evaluate(&hoarder, &values("a"))), json!(1));
        }
        let kept = live_bytes().saturating_sub(before);
        assert!(
            kept < 64 << 20,
            "{} MB still allocated after the hoarder",
            kept >> 20
        );
        assert_eq!(
            out(&engine.evaluate(&victim, &values("b"))),
            json!(100 * 1024 * 1024)
        );
    });
}

#[test]
fn one_worker_process_keeps_its_calculations_apart() {
    alone(|| {
        let mut worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_calc")), &lib_dir())
            .expect("worker starts");
        let failures = run_attacks(|doc, secret| {
            let request = WorkerRequest {
                doc: raw_doc(doc),
                values: values(secret),
                locale: None,
                today: Some("2026-11-25".to_owned()),
                tests: false,
            };
            worker.evaluate(&request).expect("the worker answers")
        });
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}

#[test]
fn memory_parked_by_one_request_does_not_end_the_next_in_a_worker_process() {
    alone(|| {
        let mut worker = WorkerProcess::spawn(Path::new(env!("CARGO_BIN_EXE_calc")), &lib_dir())
            .expect("worker starts");
        let request = |script: &str| WorkerRequest {
            doc: raw_doc(&doc_json(script, None)),
            values: values("a"),
            locale: None,
            today: None,
            tests: false,
        };
        let hoarder = request(
            "(globalThis.hoard = globalThis.hoard || []).push(new ArrayBuffer(200 * 1024 * 1024));\n\
             return { out: globalThis.hoard.length };",
        );
        // Five hoarders would hold 1 GB, past the process's hard limit, if they shared
        // a realm: the next allocation would end the process.
        for _ in 0..5 {
            let result = worker.evaluate(&hoarder).expect("the worker answers");
            assert_ne!(result.error.as_deref(), Some(MEMORY_MESSAGE));
            assert_eq!(out(&result), json!(1));
        }
        let victim = worker
            .evaluate(&request(
                "return { out: new ArrayBuffer(100 * 1024 * 1024).byteLength };",
            ))
            .expect("the worker answers");
        assert_eq!(out(&victim), json!(100 * 1024 * 1024));
    });
}
