//! `calc seek` and `calc sweep`: the what-if tools (`calcsmith_engine::whatif`) from the
//! command line, in this process on a thread with the engine's stack. They print the
//! answer's JSON, the same as the wasm package's `goalSeek` and `sweep`.

use std::path::PathBuf;

use calcsmith_engine::limits::NATIVE_STACK;
use calcsmith_engine::whatif::seek::{GoalSeek, SeekAnswer};
use calcsmith_engine::whatif::sweep::{Sweep, SweepAnswer};
use calcsmith_engine::worker::{default_lib_dir, load_enabled};
use calcsmith_engine::{Engine, EngineOptions};
use serde_json::{Map, Value};

use super::read_doc_and_values;

pub const USAGE: &str =
    "       calc seek DOC.json --output NAME --target X --input NAME [--min A] \
[--max B] [--values VALUES.json] [--locale en|ru] [--today YYYY-MM-DD] [--lib-dir DIR] [--json]
       calc sweep DOC.json --output NAME --input NAME --from A --to B --steps N [--input2 NAME \
--from2 A --to2 B --steps2 N] [--list A,B,… instead of --from/--to/--steps, --list2 likewise] \
[--rowStart I] [--rowCount N] [--values VALUES.json] [--locale en|ru] [--today YYYY-MM-DD] \
[--lib-dir DIR] [--json]";

/// Which tool.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Seek,
    Sweep,
}

/// The spec's fields as the wasm face takes them, and where to find the rest.
struct Args {
    doc: PathBuf,
    values: Option<PathBuf>,
    locale: Option<String>,
    today: Option<String>,
    lib_dir: PathBuf,
    spec: Map<String, Value>,
}

fn parse(mut args: impl Iterator<Item = String>, tool: Tool) -> Result<Args, String> {
    let usage = || format!("usage:\n{USAGE}");
    let text_flags: &[&str] = match tool {
        Tool::Seek => &["output", "input"],
        Tool::Sweep => &["output", "input", "input2"],
    };
    let number_flags: &[&str] = match tool {
        Tool::Seek => &["target", "min", "max"],
        Tool::Sweep => &[
            "from", "to", "steps", "from2", "to2", "steps2", "rowStart", "rowCount",
        ],
    };
    let mut doc = None;
    let mut parsed = Args {
        doc: PathBuf::new(),
        values: None,
        locale: None,
        today: None,
        lib_dir: default_lib_dir(),
        spec: Map::new(),
    };
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| {
            args.next()
                .ok_or(format!("{flag} needs a value\n{}", usage()))
        };
        match arg.strip_prefix("--") {
            Some("json") => {}
            Some("values") => parsed.values = Some(value(&arg)?.into()),
            Some("lib-dir") => parsed.lib_dir = value(&arg)?.into(),
            Some("locale") => parsed.locale = Some(value(&arg)?),
            Some("today") => parsed.today = Some(value(&arg)?),
            Some(flag) if text_flags.contains(&flag) => {
                parsed
                    .spec
                    .insert(flag.to_owned(), Value::String(value(&arg)?));
            }
            Some(flag @ ("list" | "list2")) if tool == Tool::Sweep => {
                let text = value(&arg)?;
                let numbers = text
                    .split(',')
                    .map(|item| {
                        item.trim()
                            .parse::<f64>()
                            .ok()
                            .and_then(serde_json::Number::from_f64)
                            .map(Value::Number)
                    })
                    .collect::<Option<Vec<Value>>>()
                    .ok_or(format!(
                        "{arg} must be numbers separated by commas, not \"{text}\""
                    ))?;
                let key = if flag == "list" { "values" } else { "values2" };
                parsed.spec.insert(key.to_owned(), Value::Array(numbers));
            }
            Some(flag) if number_flags.contains(&flag) => {
                let text = value(&arg)?;
                let number = text
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .ok_or(format!("{arg} must be a number, not \"{text}\""))?;
                parsed.spec.insert(flag.to_owned(), Value::Number(number));
            }
            Some(_) => return Err(format!("unknown option {arg}\n{}", usage())),
            None if doc.is_none() => doc = Some(PathBuf::from(arg)),
            None => return Err(format!("unexpected argument \"{arg}\"\n{}", usage())),
        }
    }
    parsed.doc = doc.ok_or_else(usage)?;
    Ok(parsed)
}

/// Runs the tool; the answer's JSON, and whether it is one (a value found, a table made).
pub fn run(args: impl Iterator<Item = String>, tool: Tool) -> Result<(String, bool), String> {
    let args = parse(args, tool)?;
    let (doc, values) = read_doc_and_values(&args.doc, args.values.as_deref())?;
    let options = EngineOptions::parse(args.locale.as_deref(), args.today.as_deref())?;
    let spec = Value::Object(args.spec);
    std::thread::Builder::new()
        .name("calc-whatif".to_owned())
        .stack_size(NATIVE_STACK)
        .spawn(move || {
            let mut engine = Engine::new(options).map_err(|e| e.0)?;
            load_enabled(&mut engine, &doc, &args.lib_dir).map_err(|e| e.0)?;
            let (answer, ok) = match tool {
                Tool::Seek => {
                    let answer = match GoalSeek::from_json(&spec) {
                        Ok(spec) => engine.goal_seek(&doc, &values, &spec),
                        Err(error) => SeekAnswer::NotFound {
                            error,
                            at: None,
                            evaluations: 0,
                        },
                    };
                    let ok = matches!(answer, SeekAnswer::Found { .. });
                    (calcsmith_engine::js_text::to_json_pretty(&answer), ok)
                }
                Tool::Sweep => {
                    let answer = match Sweep::from_json(&spec) {
                        Ok(spec) => engine.sweep(&doc, &values, &spec),
                        Err(error) => SweepAnswer::Refused { error },
                    };
                    let ok = matches!(answer, SweepAnswer::Table { .. });
                    (calcsmith_engine::js_text::to_json_pretty(&answer), ok)
                }
            };
            Ok((answer.map_err(|e| e.to_string())?, ok))
        })
        .map_err(|e| format!("cannot start the evaluating thread: {e}"))?
        .join()
        .map_err(|_| "the evaluating thread panicked".to_owned())?
}
