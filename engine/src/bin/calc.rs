//! `calc`: runs a calculator from the command line with the same engine as the browser
//! and the server, and prints the result JSON.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use calcsmith_engine::dates::CivilDate;
use calcsmith_engine::limits::CountingAllocator;
use calcsmith_engine::{CalcDoc, Engine, EngineOptions, Library, Locale};
use serde_json::{Map, Value};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const USAGE: &str = "usage: calc eval DOC.json [--values VALUES.json] [--locale en|ru] \
[--today YYYY-MM-DD] [--lib-dir DIR]";

/// Where `scripts/build-wasm` puts the library files, relative to this crate.
fn default_lib_dir() -> PathBuf {
    std::env::var_os("CALCSMITH_LIB_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib"),
        PathBuf::from,
    )
}

struct Args {
    doc: PathBuf,
    values: Option<PathBuf>,
    options: EngineOptions,
    lib_dir: PathBuf,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    if args.next().as_deref() != Some("eval") {
        return Err(USAGE.to_owned());
    }
    let mut doc = None;
    let mut parsed = Args {
        doc: PathBuf::new(),
        values: None,
        options: EngineOptions::default(),
        lib_dir: default_lib_dir(),
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--values" => parsed.values = Some(value("--values")?.into()),
            "--lib-dir" => parsed.lib_dir = value("--lib-dir")?.into(),
            "--locale" => {
                let code = value("--locale")?;
                parsed.options.locale = Locale::parse(&code)
                    .ok_or(format!("unknown locale \"{code}\" (use en or ru)"))?;
            }
            "--today" => {
                let day = value("--today")?;
                parsed.options.today = Some(CivilDate::parse_iso(&day).ok_or(format!(
                    "--today must be a date like 2026-11-25, not \"{day}\""
                ))?);
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
    serde_json::from_str(&text).map_err(|e| format!("{} is not valid JSON: {e}", path.display()))
}

fn run(args: Args) -> Result<String, String> {
    let doc = CalcDoc::from_json_value(read_json(&args.doc)?)
        .map_err(|e| format!("{} is not a calculator: {e}", args.doc.display()))?;
    let values: Map<String, Value> = match &args.values {
        Some(path) => match read_json(path)? {
            Value::Object(map) => map,
            _ => return Err(format!("{} must hold a JSON object", path.display())),
        },
        None => Map::new(),
    };
    let mut engine = Engine::new(args.options).map_err(|e| e.to_string())?;
    for library in Library::ALL
        .into_iter()
        .filter(|l| l.enabled_in(&doc.libraries))
    {
        let path = args.lib_dir.join(format!("{}.js", library.name()));
        let source = std::fs::read_to_string(&path).map_err(|e| {
            format!(
                "cannot read the {} library at {}: {e} (build it with scripts/build-wasm or pass --lib-dir)",
                library.name(),
                path.display()
            )
        })?;
        engine
            .load_library(library, &source)
            .map_err(|e| e.to_string())?;
    }
    let result = engine.evaluate(&doc, &values);
    serde_json::to_string_pretty(&result).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)).and_then(run) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("calc: {message}");
            ExitCode::from(2)
        }
    }
}
