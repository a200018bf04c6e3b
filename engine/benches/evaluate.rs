//! Native benchmarks of the engine: warm recalculation of a small calculator and of a
//! 100-row list → table calculator on one warm [`Engine`], and loading each library
//! into a fresh engine. The wasm build has its own numbers (`scripts/bench-wasm`); the
//! calculators here are the same as there. See `docs/benchmarks.md`.
//!
//! `cargo bench -p calcsmith-engine` (needs `pkg/lib/`, made by `scripts/build-wasm`).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::CountingAllocator;
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Library, Locale};
use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, SamplingMode};
use serde_json::{Map, Value, json};

// The hosts (wasm, the server's workers) count allocations for the memory limit; so do
// the benches, so their numbers include that cost.
#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// boa parses and compiles recursively; mathjs needs more stack than a default thread.
const ENGINE_STACK: usize = 16 << 20;

fn options() -> EngineOptions {
    EngineOptions {
        locale: Locale::En,
        today: CivilDate::parse_iso("2026-11-25"),
    }
}

fn lib_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib")
}

fn library_source(library: Library) -> String {
    let path = lib_dir().join(format!("{}.js", library.name()));
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} is missing ({e}); run scripts/build-wasm first",
            path.display()
        )
    })
}

fn doc(value: Value) -> CalcDoc {
    CalcDoc::from_json_value(value).expect("bench doc is a calculator")
}

/// 10 number inputs, 5 value outputs (decimal places, currency, percent), a few lines
/// of arithmetic. Kept identical to `smallCalculator()` in `benches/wasm.mjs`.
fn small_calculator() -> CalcDoc {
    let names = [
        "price", "qty", "rate", "years", "fee", "discount", "tax", "shipping", "deposit", "extra",
    ];
    let inputs: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| json!({"id": i + 1, "name": name, "type": "number"}))
        .collect();
    let defaults: Map<String, Value> = (0..names.len())
        .map(|i| ((i + 1).to_string(), json!((i + 1) as f64 * 1.5)))
        .collect();
    let script = "'use strict';
var subtotal = inputs.price * inputs.qty - inputs.discount + inputs.shipping + inputs.extra;
var taxed = subtotal * (1 + inputs.tax / 100);
var growth = Math.pow(1 + inputs.rate / 100, inputs.years);
return {
  subtotal: subtotal,
  total: taxed + inputs.fee,
  future: (taxed - inputs.deposit) * growth,
  share: inputs.deposit / (taxed + inputs.fee),
  monthly: taxed / (inputs.years * 12)
};
";
    doc(json!({
        "name": "bench-small",
        "script": script,
        "metaInputs": inputs,
        "metaOutputs": [
            {"id": 1, "name": "subtotal", "type": "value", "decimalPlaces": 2},
            {"id": 2, "name": "total", "type": "value", "decimalPlaces": 2, "currencySign": "$"},
            {"id": 3, "name": "future", "type": "value", "decimalPlaces": 0, "currencySign": "€"},
            {"id": 4, "name": "share", "type": "value", "percent": true, "decimalPlaces": 1},
            {"id": 5, "name": "monthly", "type": "value"}
        ],
        "defaults": defaults,
    }))
}

/// A list input of `rows` items with 3 sub-inputs → a table output with 3 columns.
/// Kept identical to `tableCalculator()` in `benches/wasm.mjs`.
fn table_calculator(rows: usize) -> CalcDoc {
    let script = "'use strict';
var out = [];
for (var i = 0; i < inputs.items.length; i++) {
  var item = inputs.items[i];
  out.push({ product: item.price * item.qty, share: item.qty / 100, label: item.name + ' x' + item.qty });
}
return { rows: out };
";
    let items: Vec<Value> = (0..rows)
        .map(|i| json!({"1": 10.0 + i as f64 * 0.25, "2": (i % 7) + 1, "3": format!("item {i}")}))
        .collect();
    doc(json!({
        "name": "bench-table",
        "script": script,
        "metaInputs": [{
            "id": 1, "name": "items", "type": "list",
            "metaInputs": [
                {"id": 1, "name": "price", "type": "number"},
                {"id": 2, "name": "qty", "type": "number"},
                {"id": 3, "name": "name", "type": "string"}
            ],
            "itemPrototype": {"1": 0, "2": 1, "3": ""}
        }],
        "metaOutputs": [{
            "id": 1, "name": "rows", "type": "table",
            "metaOutputs": [
                {"id": 1, "name": "product", "type": "value", "decimalPlaces": 2, "currencySign": "$"},
                {"id": 2, "name": "share", "type": "value", "percent": true},
                {"id": 3, "name": "label", "type": "value"}
            ]
        }],
        "defaults": {"1": items},
    }))
}

fn bench_recalculation(c: &mut Criterion) {
    let mut group = c.benchmark_group("recalculate");
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));

    let small = small_calculator();
    let mut engine = Engine::new(options()).expect("engine");
    bench_small(
        &mut group,
        "small (10 inputs, 5 values)",
        &mut engine,
        &small,
    );
    // The same on an engine that also holds lodash, moment and mathjs (unused by the
    // calculator): the garbage collector has a much bigger heap to trace. The three, as
    // when this case was first measured (docs/benchmarks.md).
    let mut loaded = Engine::new(options()).expect("engine");
    for library in [Library::Lodash, Library::Moment, Library::Mathjs] {
        loaded
            .load_library(library, &library_source(library))
            .expect("library loads");
    }
    bench_small(
        &mut group,
        "small, all 3 libraries loaded",
        &mut loaded,
        &small,
    );

    let table = table_calculator(100);
    let first = engine.evaluate(&table, &Map::new());
    assert_eq!(first.error, None, "the table calculator fails");
    let no_values = Map::new();
    // Milliseconds per run: fewer samples of equal size.
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    group.bench_function("table (100 rows x 3 columns)", |b| {
        b.iter(|| black_box(engine.evaluate(&table, &no_values)));
    });
    group.finish();
}

fn bench_small(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    engine: &mut Engine,
    small: &CalcDoc,
) {
    let first = engine.evaluate(small, &Map::new());
    assert_eq!(first.error, None, "the small calculator fails");
    // One value changes from run to run, as when a user types.
    let mut run = 0u32;
    group.bench_function(name, |b| {
        b.iter(|| {
            run = run.wrapping_add(1);
            let mut values = Map::new();
            values.insert("1".to_owned(), json!(10 + run % 10));
            black_box(engine.evaluate(small, &values))
        });
    });
}

fn bench_library_loading(c: &mut Criterion) {
    let mut group = c.benchmark_group("load library");
    // Loading takes tens to hundreds of milliseconds: 10 samples of equal size, and
    // for mathjs (about half a second) one load per sample.
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500));
    for library in Library::ALL {
        let seconds = if library == Library::Mathjs { 12 } else { 4 };
        group.measurement_time(Duration::from_secs(seconds));
        let source = library_source(library);
        group.bench_function(library.name(), |b| {
            b.iter_batched(
                || Engine::new(options()).expect("engine"),
                |mut engine| {
                    engine.load_library(library, &source).expect("loads");
                    engine
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

/// `CALCSMITH_BENCH_REPEAT=small:N` (or `table:N`) runs N warm recalculations without
/// criterion and exits, for counting instructions under valgrind, which a busy machine
/// does not disturb: the difference between two counts over the difference in N is the
/// cost of one recalculation (docs/benchmarks.md). Each is followed by
/// [`Engine::prepare`], as the hosts do while idle; `--toggle-collect` on
/// `Engine::evaluate` counts the recalculations alone.
fn repeat(spec: &str) {
    let (which, count) = spec.split_once(':').unwrap_or((spec, "1"));
    let count: u32 = count
        .parse()
        .expect("CALCSMITH_BENCH_REPEAT=small:N or table:N");
    let doc = match which {
        "small" => small_calculator(),
        "table" => table_calculator(100),
        other => panic!("unknown calculator {other}: small or table"),
    };
    let mut engine = Engine::new(options()).expect("engine");
    assert_eq!(engine.evaluate(&doc, &Map::new()).error, None);
    engine.prepare().expect("prepared");
    for run in 0..count {
        let mut values = Map::new();
        if which == "small" {
            values.insert("1".to_owned(), json!(10 + run % 10));
        }
        black_box(engine.evaluate(&doc, &values));
        engine.prepare().expect("prepared");
    }
}

fn main() {
    std::thread::Builder::new()
        .stack_size(ENGINE_STACK)
        .spawn(|| {
            if let Ok(spec) = std::env::var("CALCSMITH_BENCH_REPEAT") {
                repeat(&spec);
                return;
            }
            let mut criterion = Criterion::default().configure_from_args();
            bench_recalculation(&mut criterion);
            bench_library_loading(&mut criterion);
            criterion.final_summary();
        })
        .expect("bench thread")
        .join()
        .expect("the benchmarks panicked");
}
