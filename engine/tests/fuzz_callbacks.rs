//! Fuzzes every built-in that calls back into the script: random comparators, callbacks
//! that throw or mutate the array they walk, getters that throw, proxies that lie, typed
//! arrays whose buffer is detached mid-sort, large arrays. Whatever a script does, the
//! engine must answer with data (outputs or an error message), never panic, and still
//! answer a plain calculation afterwards.
//!
//! The pieces are in `tests/fuzz/callbacks.json`; `tests/wasm/fuzz.test.mjs` builds the
//! same scripts from the same seeds for the wasm package. A failure names its seed:
//! `FUZZ_SEED=<seed> cargo test --test fuzz_callbacks` runs that one script.

use std::path::Path;

use calcsmith_engine::limits::{CRASH_MESSAGE, CountingAllocator};
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, EvalResult};
use serde::Deserialize;
use serde_json::{Map, Value, json};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Scripts per run, and calls per script.
const SCRIPTS: u32 = 150;
const ATTEMPTS: usize = 6;

/// Native recursion through built-ins (a callback calling `map` calling the callback)
/// nests Rust frames; give the engine the stack a process's main thread would have.
const ENGINE_STACK: usize = 16 << 20;

#[derive(Deserialize)]
struct Pieces {
    arrays: Vec<String>,
    callbacks: Vec<String>,
    calls: Vec<String>,
}

/// xorshift32, written the same way in `fuzz.test.mjs`.
struct Rng(u32);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        self.0
    }

    fn pick<'a>(&mut self, items: &'a [String]) -> &'a str {
        &items[self.next() as usize % items.len()]
    }
}

/// The script for `seed`: a seeded `rnd()`, then [`ATTEMPTS`] calls, each logging what
/// it returned or threw.
fn script(pieces: &Pieces, seed: u32) -> String {
    let mut rng = Rng(seed);
    let mut text = format!(
        "'use strict';\n\
         var seed = {seed};\n\
         function rnd() {{ seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 4294967296; }}\n\
         var TA = Object.getPrototypeOf(Int8Array.prototype);\n\
         var log = [];\n\
         function show(v) {{ try {{ if (typeof v === 'symbol') return 'symbol'; if (v === null || typeof v !== 'object' && typeof v !== 'function') return String(v).slice(0, 12); return Array.isArray(v) ? 'array' : 'object'; }} catch (e) {{ return 'unshowable'; }} }}\n\
         function attempt(run) {{ try {{ log.push(show(run())); }} catch (e) {{ log.push('threw ' + show(e && e.name)); }} }}\n"
    );
    for _ in 0..ATTEMPTS {
        let array = rng.pick(&pieces.arrays);
        let callback = rng.pick(&pieces.callbacks);
        let call = rng.pick(&pieces.calls);
        text.push_str(&format!(
            "attempt(function () {{ var arr = {array}; var cb = {callback}; return {call}; }});\n"
        ));
    }
    text.push_str("return { tries: log.length, log: log.join(' ') };\n");
    text
}

fn doc(script: &str) -> CalcDoc {
    CalcDoc::from_json_value(json!({
        "script": script,
        "metaInputs": [],
        "metaOutputs": [
            {"id": 1, "name": "tries", "type": "value"},
            {"id": 2, "name": "log", "type": "value"}
        ]
    }))
    .expect("fuzz doc")
}

/// A calculation with a known answer, to show the engine still works.
fn plain_answer(engine: &mut Engine, a: f64) -> Option<Value> {
    let plain = CalcDoc::from_json_value(json!({
        "script": "return { sum: inputs.a + 1 };",
        "metaInputs": [{"id": 1, "name": "a", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "sum", "type": "value"}]
    }))
    .expect("plain doc");
    let values: Map<String, Value> = json!({"1": a}).as_object().cloned().unwrap_or_default();
    engine
        .evaluate(&plain, &values)
        .outputs
        .and_then(|outputs| outputs.get("sum").cloned())
}

/// What is wrong with `result` for a fuzz script, if anything.
fn problem(result: &EvalResult) -> Option<String> {
    match (&result.error, &result.outputs) {
        (Some(error), _) if error == CRASH_MESSAGE => Some("the engine panicked".into()),
        (Some(error), None) if !error.is_empty() => None,
        (None, Some(outputs)) if outputs.get("tries") == Some(&json!(ATTEMPTS)) => None,
        _ => Some(format!("not data: {result:?}")),
    }
}

fn run_seeds(seeds: Vec<u32>) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/callbacks.json"),
    )
    .expect("fuzz pieces");
    let pieces: Pieces = serde_json::from_str(&text).expect("fuzz pieces are JSON");
    let mut engine = Engine::new(EngineOptions::default()).expect("engine");
    let mut failures = Vec::new();
    for seed in seeds {
        let source = script(&pieces, seed);
        let started = std::time::Instant::now();
        let result = engine.evaluate(&doc(&source), &Map::new());
        if std::env::var_os("FUZZ_VERBOSE").is_some() {
            eprintln!("seed {seed}: {:?} {:?}", started.elapsed(), result.error);
        }
        if let Some(problem) = problem(&result) {
            failures.push(format!("seed {seed}: {problem}\n{source}"));
        }
        let a = f64::from(seed % 1000);
        if plain_answer(&mut engine, a).and_then(|sum| sum.as_f64()) != Some(a + 1.0) {
            failures.push(format!(
                "seed {seed}: a plain calculation failed afterwards\n{source}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn on_engine_stack(run: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(ENGINE_STACK)
        .spawn(run)
        .expect("engine thread")
        .join()
        .expect("the fuzz run panicked");
}

#[test]
fn callbacks_that_misbehave_never_crash_the_engine() {
    let seeds: Vec<u32> = match std::env::var("FUZZ_SEED") {
        Ok(seed) => vec![seed.parse().expect("FUZZ_SEED is a number")],
        Err(_) => (1..=SCRIPTS)
            .map(|n| n.wrapping_mul(2_654_435_761))
            .collect(),
    };
    on_engine_stack(move || run_seeds(seeds));
}

/// Runs `script` (returning `{ x }`) on a fresh engine.
fn x_of(script: &str) -> EvalResult {
    let doc = CalcDoc::from_json_value(json!({
        "script": script,
        "metaOutputs": [{"id": 1, "name": "x", "type": "value"}]
    }))
    .expect("doc");
    Engine::new(EngineOptions::default())
        .expect("engine")
        .evaluate(&doc, &Map::new())
}

// 30,000 elements take the sorts far past their small-array paths; 100,000 took a debug
// build past the 5 s time limit on a loaded 2-core machine, which made this a timing test.
#[test]
fn large_arrays_sort_by_any_comparator() {
    on_engine_stack(|| {
        let result = x_of(
            "var a = [];\n\
             for (var i = 0; i < 30000; i++) a.push((i * 7919) % 30000);\n\
             var shuffled = a.slice().sort(function () { return Math.random() - 0.5; });\n\
             var typed = new Float64Array(a).sort();\n\
             var back = shuffled.sort(function (p, q) { return p - q; });\n\
             return { x: back.every(function (v, i) { return v === i && typed[i] === i; }) };",
        );
        assert_eq!(result.error, None);
        assert_eq!(
            result.outputs.and_then(|o| o.get("x").cloned()),
            Some(json!(true))
        );
    });
}

#[test]
fn sorting_a_huge_sparse_array_like_stops_at_the_time_limit() {
    // Its length asks for 2^53 reads: the sort's own loop meets the engine's time
    // checkpoint, and a `try` cannot stop that.
    on_engine_stack(|| {
        let result = x_of(
            "try { Array.prototype.sort.call({ length: Math.pow(2, 53) - 1 }); } catch (e) {}\n\
             return { x: 1 };",
        );
        assert_eq!(
            result.error.as_deref(),
            Some(calcsmith_engine::limits::TIMEOUT_MESSAGE)
        );
    });
}

// The time limit never makes a calculation run twice: a script's side effects on its own
// realm (here a counter on `globalThis`) happen once, however long its loops are, in its
// own frames or in a callback a built-in runs.
#[test]
fn long_loops_run_their_calculation_once() {
    // Each runs a frame's loop well past the 4,096 iterations of the old first limit, and
    // is quick even in a debug build on a busy machine.
    let scripts = [
        "var s = 0; for (var i = 0; i < 100000; i++) s += i;",
        "function sum(n) { var s = 0; for (var i = 0; i < n; i++) s += i; return s; } sum(100000);",
        "[1].forEach(function () { var s = 0; for (var i = 0; i < 100000; i++) s += i; });",
        "var n = 20000, sieve = new Uint8Array(n);\n\
         for (var p = 2; p < n; p++)\n\
           if (!sieve[p]) for (var m = p * p; m < n; m += p) sieve[m] = 1;",
    ];
    for script in scripts {
        on_engine_stack(move || {
            let result = x_of(&format!(
                "globalThis.runs = (globalThis.runs || 0) + 1;\n{script}\nreturn {{ x: globalThis.runs }};"
            ));
            assert_eq!(result.error, None, "{script}");
            assert_eq!(
                result.outputs.and_then(|o| o.get("x").cloned()),
                Some(json!(1)),
                "{script}"
            );
        });
    }
}
