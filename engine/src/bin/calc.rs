//! `calc`: runs a calculator from the command line with the same engine as the browser
//! and the server, and prints the result JSON.
//!
//! `calc eval` runs the calculation in a `calc worker` child process, so a calculator
//! that ends its process (past the hard memory limit) still gets a result, as it does
//! on the server. `calc test` runs the calculator's test cases (`doc.tests`) the same
//! way and prints a readable report (or the report JSON with `--json`); it exits 0 when
//! every test passes (or there are none), 1 when any fails, 2 on unreadable input.
//! `calc seek` and `calc sweep` (`calc/whatif.rs`) print a goal seek's or a sensitivity
//! table's answer; they exit 1 when there is none.

#[path = "calc/whatif.rs"]
mod whatif;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use calcsmith_engine::limits::{CountingAllocator, NATIVE_STACK};
use calcsmith_engine::test_cases::{Difference, TestReport};
use calcsmith_engine::worker::{WorkerProcess, WorkerRequest, default_lib_dir, serve};
use calcsmith_engine::{CalcDoc, EngineOptions, Locale, js_text};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const USAGE: &str = "usage: calc eval DOC.json [--values VALUES.json] [--locale en|ru] \
[--today YYYY-MM-DD] [--lib-dir DIR]
       calc test DOC.json [--lib-dir DIR] [--today YYYY-MM-DD] [--locale en|ru] [--json]
       calc seek … | calc sweep … (calc seek or calc sweep alone for their options)";

struct EvalArgs {
    doc: PathBuf,
    values: Option<PathBuf>,
    locale: Option<Locale>,
    today: Option<String>,
    lib_dir: PathBuf,
    /// `calc test --json`: the report as JSON instead of text.
    json: bool,
}

/// Which command the arguments are for: `calc test` takes no values but `--json`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Command {
    Eval,
    Test,
}

fn parse_args(
    mut args: impl Iterator<Item = String>,
    command: Command,
) -> Result<EvalArgs, String> {
    let mut doc = None;
    let mut parsed = EvalArgs {
        doc: PathBuf::new(),
        values: None,
        locale: None,
        today: None,
        lib_dir: default_lib_dir(),
        json: false,
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--values" if command == Command::Eval => {
                parsed.values = Some(value("--values")?.into());
            }
            "--json" if command == Command::Test => parsed.json = true,
            "--lib-dir" => parsed.lib_dir = value("--lib-dir")?.into(),
            "--locale" => {
                let code = value("--locale")?;
                parsed.locale = Some(EngineOptions::parse(Some(&code), None)?.locale);
            }
            "--today" => {
                let day = value("--today")?;
                EngineOptions::parse(None, Some(&day)).map_err(|e| format!("--{e}"))?;
                parsed.today = Some(day);
            }
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag}\n{USAGE}"));
            }
            path if doc.is_none() => doc = Some(PathBuf::from(path)),
            extra => return Err(format!("unexpected argument \"{extra}\"\n{USAGE}")),
        }
    }
    parsed.doc = doc.ok_or_else(|| USAGE.to_owned())?;
    Ok(parsed)
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // As `JSON.parse` reads it: a test may expect a text holding a lone surrogate.
    js_text::parse_json(&text).map_err(|e| format!("{} is not valid JSON: {e}", path.display()))
}

/// The calculator in `doc` and the values in `values` (none when not given).
fn read_doc_and_values(
    doc: &Path,
    values: Option<&Path>,
) -> Result<(CalcDoc, Map<String, Value>), String> {
    let calc = CalcDoc::from_json_value(read_json(doc)?)
        .map_err(|e| format!("{} is not a calculator: {e}", doc.display()))?;
    let values = match values {
        Some(path) => match read_json(path)? {
            Value::Object(map) => map,
            _ => return Err(format!("{} must hold a JSON object", path.display())),
        },
        None => Map::new(),
    };
    Ok((calc, values))
}

fn eval(args: EvalArgs) -> Result<String, String> {
    let (doc, values) = read_doc_and_values(&args.doc, args.values.as_deref())?;
    let request = WorkerRequest {
        doc: serde_json::value::to_raw_value(&doc).map_err(|e| e.to_string())?,
        values,
        locale: args.locale,
        today: args.today,
        tests: false,
    };
    let me = std::env::current_exe().map_err(|e| format!("cannot find myself: {e}"))?;
    let mut worker = WorkerProcess::spawn(&me, &args.lib_dir)
        .map_err(|e| format!("cannot start a worker: {e}"))?;
    // The worker allows for loading the libraries the doc switches on (it has none yet).
    let result = worker.evaluate(&request).map_err(|e| e.to_string())?;
    js_text::to_json_pretty(&result).map_err(|e| e.to_string())
}

fn test(args: EvalArgs) -> Result<(String, bool), String> {
    let raw_doc = read_json(&args.doc)?;
    let doc = CalcDoc::from_json_value(raw_doc)
        .map_err(|e| format!("{} is not a calculator: {e}", args.doc.display()))?;
    let count = doc.tests().map_or(0, |tests| tests.len());
    let report = if count == 0 {
        TestReport::default()
    } else {
        let request = WorkerRequest {
            doc: serde_json::value::to_raw_value(&doc).map_err(|e| e.to_string())?,
            values: Map::new(),
            locale: args.locale,
            today: args.today,
            tests: true,
        };
        let me = std::env::current_exe().map_err(|e| format!("cannot find myself: {e}"))?;
        let mut worker = WorkerProcess::spawn(&me, &args.lib_dir)
            .map_err(|e| format!("cannot start a worker: {e}"))?;
        worker.run_tests(&request).map_err(|e| e.to_string())?
    };
    let text = if args.json {
        js_text::to_json_pretty(&report).map_err(|e| e.to_string())?
    } else if count == 0 {
        format!("No tests in {}.", args.doc.display())
    } else {
        readable(&report)
    };
    Ok((text, report.all_passed()))
}

/// The report for a person: a line per test, what differs under a failed one (as far as
/// the report holds it), and the counts. Rows are counted from 1 here (the JSON counts
/// from 0).
fn readable(report: &TestReport) -> String {
    let mut lines = Vec::new();
    for test in &report.tests {
        let name = if test.name.trim().is_empty() {
            "(unnamed test)"
        } else {
            &test.name
        };
        lines.push(format!("{} {name}", if test.passed { "✓" } else { "✗" }));
        if let Some(error) = &test.error {
            lines.push(format!("    error: {error}"));
        }
        lines.extend(test.differences.iter().map(difference_line));
        match test.more_differences {
            0 => {}
            1 => lines.push("    and 1 more difference".to_owned()),
            n => lines.push(format!("    and {n} more differences")),
        }
        if test.details_dropped {
            lines.push("    (details left out: the report grew too large)".to_owned());
        }
    }
    lines.push(format!(
        "{} passed, {} failed",
        report.passed, report.failed
    ));
    js_text::well_formed(&lines.join("\n")).into_owned()
}

fn difference_line(difference: &Difference) -> String {
    let mut place = difference.output.clone();
    if let Some(row) = difference.row {
        place.push_str(&format!(", row {}", row + 1));
    }
    if let Some(column) = &difference.column {
        place.push_str(&format!(", {column}"));
    }
    format!(
        "    {place}: expected {}, got {}",
        shown(&difference.expected, difference.expected_elided),
        shown(&difference.actual, difference.actual_elided)
    )
}

/// A value of a difference as JSON, or an elided one's text as it is (it already reads
/// `"xxx… (1,048,578 characters)`).
fn shown(value: &Value, elided: bool) -> String {
    match value {
        Value::String(text) if elided => text.clone(),
        value => value.to_string(),
    }
}

fn worker(mut args: impl Iterator<Item = String>) -> Result<(), String> {
    let lib_dir = match (args.next().as_deref(), args.next()) {
        (Some("--lib-dir"), Some(dir)) => PathBuf::from(dir),
        (None, _) => default_lib_dir(),
        _ => return Err("usage: calc worker [--lib-dir DIR]".to_owned()),
    };
    // The engine needs a deep native stack (see `limits::NATIVE_STACK`): serve from a
    // thread that has one rather than from the main thread's 8 MiB.
    std::thread::Builder::new()
        .name("calc-worker".to_owned())
        .stack_size(NATIVE_STACK)
        .spawn(move || {
            serve(std::io::stdin().lock(), std::io::stdout().lock(), &lib_dir)
                .map_err(|e| e.to_string())
        })
        .map_err(|e| format!("cannot start the evaluating thread: {e}"))?
        .join()
        .map_err(|_| "the evaluating thread panicked".to_owned())?
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let outcome = match args.next().as_deref() {
        Some("eval") => parse_args(args, Command::Eval)
            .and_then(eval)
            .map(|json| println!("{json}")),
        Some("test") => match parse_args(args, Command::Test).and_then(test) {
            Ok((text, passed)) => {
                println!("{text}");
                return if passed {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                };
            }
            Err(message) => Err(message),
        },
        Some(tool @ ("seek" | "sweep")) => {
            let tool = if tool == "seek" {
                whatif::Tool::Seek
            } else {
                whatif::Tool::Sweep
            };
            match whatif::run(args, tool) {
                Ok((json, found)) => {
                    println!("{json}");
                    return if found {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(1)
                    };
                }
                Err(message) => Err(message),
            }
        }
        Some("worker") => worker(args),
        _ => Err(USAGE.to_owned()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("calc: {message}");
            ExitCode::from(2)
        }
    }
}
