//! The engine: one boa context, kept warm, that runs calculators.
//!
//! Each evaluation wraps the author's script as the body of a strict-mode function on
//! the wrapper's first line (so error lines are the author's), hands it to the harness
//! through a one-shot global, and runs it under the limits of `limits.rs`.

use std::collections::HashMap;
use std::future::Future;
use std::path::Path;
use std::pin::pin;
use std::task::{Poll, Waker};

use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::object::builtins::JsArray;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsError, JsResult, JsValue, Script, Source, js_string};
use serde_json::{Map, Value};
use web_time::Instant;

use crate::dates::CivilDate;
use crate::errors::{SCRIPT_PATH, runtime_error, syntax_error};
use crate::format::Locale;
use crate::inputs::describe_inputs;
use crate::limits::{
    FIRST_LOOP_LIMIT, MEMORY_LIMIT, MEMORY_MESSAGE, RECURSION_LIMIT, TIME_LIMIT, TIMEOUT_MESSAGE,
    YIELD_BUDGET, live_bytes, peak_bytes, reset_peak,
};
use crate::model::{CalcDoc, InputType, Library};
use crate::output::EvalResult;
use crate::validate::{check_names, check_outputs};

const HARNESS: &str = include_str!("harness.js");
const RUN_GLOBAL: &str = "__calcsmith_run";

/// How an engine formats and what it takes as "today".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineOptions {
    pub locale: Locale,
    /// Fixes "today" for relative dates; the current UTC date when `None`.
    pub today: Option<CivilDate>,
}

/// A fault of the host, not of the calculator (a calculator's failure is an
/// [`EvalResult`] with `error` set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError(pub String);

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostError {}

/// The JavaScript side of an engine; rebuilt from scratch after an interrupted run.
struct Runtime {
    context: Context,
    prepare: JsValue,
    /// Each loaded library's global value, hidden while a calculator does not use it.
    library_values: HashMap<Library, JsValue>,
}

/// A warm calculation engine. Libraries are loaded once and reused.
pub struct Engine {
    options: EngineOptions,
    runtime: Option<Runtime>,
    library_sources: HashMap<Library, String>,
}

/// How one budgeted run ended.
enum Run {
    Finished(JsResult<JsValue>),
    TimedOut,
    OutOfMemory,
}

impl Engine {
    /// A new engine with no libraries.
    ///
    /// # Errors
    /// boa could not set up the harness (a bug, not a calculator problem).
    pub fn new(options: EngineOptions) -> Result<Engine, HostError> {
        let mut engine = Engine {
            options,
            runtime: None,
            library_sources: HashMap::new(),
        };
        engine.runtime()?;
        Ok(engine)
    }

    /// The options this engine was made with.
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// Changes locale and "today" for later evaluations.
    pub fn set_options(&mut self, options: EngineOptions) {
        self.options = options;
    }

    /// Loads a library from its source text (once; later calls replace it).
    ///
    /// # Errors
    /// The source does not run or does not define the library's global.
    pub fn load_library(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        let runtime = self.runtime()?;
        let value = load_into(&mut runtime.context, library, source)?;
        runtime.library_values.insert(library, value);
        self.library_sources.insert(library, source.to_owned());
        Ok(())
    }

    /// Whether `library` has been loaded.
    pub fn has_library(&self, library: Library) -> bool {
        self.library_sources.contains_key(&library)
    }

    /// Runs `doc` with `values` (keyed by input id like `doc.defaults`).
    pub fn evaluate(&mut self, doc: &CalcDoc, values: &Map<String, Value>) -> EvalResult {
        if let Err(message) = check_names(doc) {
            return EvalResult::failed(message, Vec::new());
        }
        if let Some(missing) = Library::ALL
            .into_iter()
            .find(|lib| lib.enabled_in(&doc.libraries) && !self.has_library(*lib))
        {
            return EvalResult::failed(
                format!("The {} library is not loaded.", missing.name()),
                Vec::new(),
            );
        }
        let today = self.options.today.unwrap_or_else(CivilDate::today_utc);
        let fields = describe_inputs(doc, values, today);
        let locale = self.options.locale;
        match self.run_script(doc, &fields) {
            Ok((described, used)) => {
                let used = used_in_order(doc, &used);
                match check_outputs(doc, &described) {
                    Ok(outputs) => EvalResult::succeeded(doc, &outputs, used, locale),
                    Err(message) => EvalResult::failed(message, used),
                }
            }
            Err((message, used)) => EvalResult::failed(message, used_in_order(doc, &used)),
        }
    }

    fn runtime(&mut self) -> Result<&mut Runtime, HostError> {
        if self.runtime.is_none() {
            let mut runtime = new_runtime()?;
            for library in Library::ALL {
                if let Some(source) = self.library_sources.get(&library) {
                    let value = load_into(&mut runtime.context, library, source)?;
                    runtime.library_values.insert(library, value);
                }
            }
            self.runtime = Some(runtime);
        }
        self.runtime
            .as_mut()
            .ok_or_else(|| HostError("the engine could not start".to_owned()))
    }

    /// Runs the script; on success the harness's description of the returned value.
    /// Either way, the names of the inputs it read.
    fn run_script(
        &mut self,
        doc: &CalcDoc,
        fields: &Value,
    ) -> Result<(Value, Vec<String>), (String, Vec<String>)> {
        let runtime = self.runtime().map_err(|e| (e.0, Vec::new()))?;
        let (outcome, abandoned) = run_attempts(runtime, doc, fields);
        if abandoned {
            // The run was dropped mid-flight; its context cannot be trusted again.
            self.runtime = None;
        }
        outcome
    }
}

type Outcome = Result<(Value, Vec<String>), (String, Vec<String>)>;

/// Runs the script until it finishes, fails, or runs out of time or memory, re-running
/// it with a higher loop limit whenever the loop checkpoint trips early. The flag says
/// whether a run was abandoned mid-flight.
fn run_attempts(runtime: &mut Runtime, doc: &CalcDoc, fields: &Value) -> (Outcome, bool) {
    let context = &mut runtime.context;
    if let Err(e) = show_libraries(context, &runtime.library_values, doc) {
        return (Err((e.to_string(), Vec::new())), false);
    }
    let wrapped = format!(
        "{RUN_GLOBAL}(function (inputs) {{'use strict';{}\n}});",
        doc.script
    );
    let fields = match JsValue::from_json(fields, context) {
        Ok(fields) => fields,
        Err(e) => return (Err((e.to_string(), Vec::new())), false),
    };
    let deadline = Instant::now() + TIME_LIMIT;
    let mut loop_limit = FIRST_LOOP_LIMIT;
    loop {
        let used = match JsArray::new(context) {
            Ok(used) => used,
            Err(e) => return (Err((e.to_string(), Vec::new())), false),
        };
        let attempt = Instant::now();
        let baseline = reset_peak();
        let run = start_run(
            context,
            &runtime.prepare,
            &fields,
            &used,
            &wrapped,
            loop_limit,
        );
        let outcome = match run {
            Ok(script) => drive(
                script.evaluate_async_with_budget(context, YIELD_BUDGET),
                deadline,
                baseline,
            ),
            Err(error) => return (Err((syntax_error(&error), Vec::new())), false),
        };
        let read = read_used(&used, context);
        let error = match outcome {
            Run::Finished(Ok(value)) => {
                let described = value.to_json(context).map(|v| v.unwrap_or(Value::Null));
                return match described {
                    Ok(described) => (Ok((described, read)), false),
                    Err(e) => (Err((e.to_string(), read)), false),
                };
            }
            Run::Finished(Err(error)) => error,
            Run::TimedOut => return (Err((TIMEOUT_MESSAGE.to_owned(), read)), true),
            Run::OutOfMemory => return (Err((MEMORY_MESSAGE.to_owned(), read)), true),
        };
        if !is_loop_checkpoint(&error) {
            return (Err((runtime_error(&error, &wrapped, context), read)), false);
        }
        // A loop reached the checkpoint limit; the error has unwound every frame.
        let now = Instant::now();
        let grown = peak_bytes().saturating_sub(baseline);
        if now >= deadline {
            return (Err((TIMEOUT_MESSAGE.to_owned(), read)), false);
        }
        if grown > MEMORY_LIMIT {
            return (Err((MEMORY_MESSAGE.to_owned(), read)), false);
        }
        loop_limit = next_loop_limit(loop_limit, now - attempt, deadline - now, grown);
    }
}

/// Defines the globals of the libraries `doc` switches on and removes the others.
fn show_libraries(
    context: &mut Context,
    values: &HashMap<Library, JsValue>,
    doc: &CalcDoc,
) -> JsResult<()> {
    for library in Library::ALL {
        let global = js_string!(library.global());
        match values.get(&library) {
            Some(value) if library.enabled_in(&doc.libraries) => {
                context.register_global_property(global, value.clone(), Attribute::all())?;
            }
            _ => {
                context
                    .global_object()
                    .delete_property_or_throw(global, context)?;
            }
        }
    }
    Ok(())
}

/// Sets up one attempt: the one-shot harness global, the loop limit and the parsed script.
fn start_run(
    context: &mut Context,
    prepare: &JsValue,
    fields: &JsValue,
    used: &JsArray,
    wrapped: &str,
    loop_limit: u64,
) -> JsResult<Script> {
    let prepare = prepare
        .as_callable()
        .ok_or_else(|| JsError::from_rust(HostError("harness is not a function".to_owned())))?;
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    let run = prepare.call(
        &JsValue::undefined(),
        &[fields.clone(), used.clone().into()],
        context,
    )?;
    context.register_global_property(js_string!(RUN_GLOBAL), run, Attribute::CONFIGURABLE)?;
    let source = Source::from_bytes(wrapped).with_path(Path::new(SCRIPT_PATH));
    let script = Script::parse(source, None, context)?;
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(loop_limit);
    Ok(script)
}

/// Polls a budgeted evaluation, giving up at the deadline or past the memory limit.
fn drive<F: Future<Output = JsResult<JsValue>>>(
    evaluation: F,
    deadline: Instant,
    baseline: usize,
) -> Run {
    let mut evaluation = pin!(evaluation);
    let mut poll_context = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(result) = evaluation.as_mut().poll(&mut poll_context) {
            return Run::Finished(result);
        }
        if Instant::now() >= deadline {
            return Run::TimedOut;
        }
        if live_bytes().saturating_sub(baseline) > MEMORY_LIMIT {
            return Run::OutOfMemory;
        }
    }
}

fn is_loop_checkpoint(error: &JsError) -> bool {
    matches!(
        error.as_engine(),
        Some(EngineError::RuntimeLimit(RuntimeLimitError::LoopIteration))
    )
}

/// The next loop limit: sized so that, at the speed just measured, the next attempt
/// runs until the deadline (or the memory limit) rather than stopping early again. A
/// script that needs more than that cannot finish in time anyway, because every attempt
/// starts from the beginning.
fn next_loop_limit(
    limit: u64,
    took: std::time::Duration,
    remaining: std::time::Duration,
    grown: usize,
) -> u64 {
    let limit_f = limit as f64;
    let by_time = limit_f * remaining.as_secs_f64() / took.as_secs_f64().max(1e-6);
    let by_memory = if grown == 0 {
        f64::INFINITY
    } else {
        limit_f * MEMORY_LIMIT as f64 / grown as f64
    };
    let next = by_time.min(by_memory).max(FIRST_LOOP_LIMIT as f64);
    if next >= (u64::MAX / 2) as f64 {
        u64::MAX / 2
    } else {
        next as u64
    }
}

fn read_used(used: &JsArray, context: &mut Context) -> Vec<String> {
    JsValue::from(used.clone())
        .to_json(context)
        .ok()
        .flatten()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

/// The inputs read, in declaration order, each once.
fn used_in_order(doc: &CalcDoc, read: &[String]) -> Vec<String> {
    let was_read = |name: &str| read.iter().any(|r| r == name);
    let mut used = Vec::new();
    for input in &doc.inputs {
        if was_read(&input.name) {
            used.push(input.name.clone());
        }
        if input.kind == InputType::List {
            for sub in input.inputs.as_deref().unwrap_or_default() {
                let path = format!("{}.{}", input.name, sub.name);
                if was_read(&path) {
                    used.push(path);
                }
            }
        }
    }
    used
}

fn new_runtime() -> Result<Runtime, HostError> {
    let host = |e: JsError| HostError(format!("the engine could not start: {e}"));
    let mut context = Context::default();
    context
        .runtime_limits_mut()
        .set_recursion_limit(RECURSION_LIMIT);
    let prepare = context.eval(Source::from_bytes(HARNESS)).map_err(host)?;
    Ok(Runtime {
        context,
        prepare,
        library_values: HashMap::new(),
    })
}

/// Runs a library's source and takes its global away again, to be shown per calculator.
fn load_into(context: &mut Context, library: Library, source: &str) -> Result<JsValue, HostError> {
    let fail = |e: JsError| HostError(format!("{} did not load: {e}", library.name()));
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    let path = format!("{}.js", library.name());
    // boa's AST optimiser (constant folding) walks the whole parsed library, which is
    // minified already: skipping it saves 1–2 % of a load (docs/benchmarks.md).
    // Calculators' scripts are still optimised.
    let optimizer = context.optimizer_options();
    context.set_optimizer_options(boa_engine::optimizer::OptimizerOptions::empty());
    let ran = context.eval(Source::from_bytes(source).with_path(Path::new(&path)));
    context.set_optimizer_options(optimizer);
    ran.map_err(fail)?;
    let global = js_string!(library.global());
    let object = context.global_object();
    let value = object.get(global.clone(), context).map_err(fail)?;
    if value.is_undefined() {
        return Err(HostError(format!(
            "{} did not define `{}`",
            library.name(),
            library.global()
        )));
    }
    object
        .delete_property_or_throw(global, context)
        .map_err(fail)?;
    Ok(value)
}
