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
use crate::host::console;
use crate::inputs::describe_inputs;
use crate::limits::{
    FIRST_LOOP_LIMIT, MEMORY_LIMIT, MEMORY_MESSAGE, RECURSION_LIMIT, TIME_LIMIT, TIMEOUT_MESSAGE,
    VALUE_STACK_LIMIT, YIELD_BUDGET, live_bytes, peak_bytes, reset_peak,
};
use crate::model::{CalcDoc, InputType, Library};
use crate::output::EvalResult;
use crate::validate::{check_names, check_outputs};

const HARNESS: &str = include_str!("harness.js");
const RUN_GLOBAL: &str = "__calcsmith_run";

/// How many calculators' parsed scripts a runtime keeps (a tab usually runs one; an
/// editor switching between a few calculators should not re-parse each time).
const SCRIPT_CACHE_SIZE: usize = 4;

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
    /// The wrapped and parsed scripts of the last few calculators, most recent first. A
    /// `Script` compiles itself to bytecode on its first run and keeps it, so a
    /// recalculation with new input values neither parses nor compiles. Parsed scripts
    /// belong to this context: they go when the runtime is rebuilt.
    scripts: Vec<CachedScript>,
    /// How many scripts this runtime has parsed (for tests of the cache).
    parses: u64,
}

/// A calculator's script, wrapped and parsed in one runtime.
struct CachedScript {
    /// The author's script text: the key. Nothing else goes into the wrapped source, and
    /// the context's parse settings (strictness, optimiser) are the same for every
    /// calculator.
    source: String,
    /// The source that was parsed, for error lines.
    wrapped: String,
    script: Script,
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
        // A library may add global bindings that scripts compiled earlier did not see.
        runtime.scripts.clear();
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
        console::clear();
        let mut result = self.evaluate_quietly(doc, values);
        result.console = console::take();
        result
    }

    /// [`Engine::evaluate`] without collecting the console's output.
    fn evaluate_quietly(&mut self, doc: &CalcDoc, values: &Map<String, Value>) -> EvalResult {
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
    let cached = match cached_script(&mut runtime.scripts, &mut runtime.parses, doc, context) {
        Ok(cached) => cached,
        Err(error) => return (Err((syntax_error(&error, &doc.script), Vec::new())), false),
    };
    let (script, wrapped) = (&cached.script, cached.wrapped.as_str());
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
        let outcome = match start_run(context, &runtime.prepare, &fields, &used, loop_limit) {
            Ok(()) => drive(
                script.evaluate_async_with_budget(context, YIELD_BUDGET),
                deadline,
                baseline,
            ),
            Err(error) => return (Err((error.to_string(), Vec::new())), false),
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
            return (Err((runtime_error(&error, wrapped, context), read)), false);
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

/// The parsed script of `doc`, from the cache or parsed now (and then cached, most recent
/// first). A script that does not parse is not cached.
fn cached_script<'a>(
    scripts: &'a mut Vec<CachedScript>,
    parses: &mut u64,
    doc: &CalcDoc,
    context: &mut Context,
) -> JsResult<&'a CachedScript> {
    if let Some(index) = scripts.iter().position(|c| c.source == doc.script) {
        scripts[..=index].rotate_right(1);
    } else {
        let wrapped = format!(
            "{RUN_GLOBAL}(function (inputs) {{'use strict';{}\n}});",
            doc.script
        );
        let source = Source::from_bytes(&wrapped).with_path(Path::new(SCRIPT_PATH));
        let script = Script::parse(source, None, context)?;
        *parses += 1;
        scripts.truncate(SCRIPT_CACHE_SIZE - 1);
        scripts.insert(
            0,
            CachedScript {
                source: doc.script.clone(),
                wrapped,
                script,
            },
        );
    }
    Ok(&scripts[0])
}

/// Sets up one attempt: the one-shot harness global and the loop limit.
fn start_run(
    context: &mut Context,
    prepare: &JsValue,
    fields: &JsValue,
    used: &JsArray,
    loop_limit: u64,
) -> JsResult<()> {
    let prepare = prepare
        .as_callable()
        .ok_or_else(|| JsError::from_rust(HostError("harness is not a function".to_owned())))?;
    // A re-run attempt prints again from the start.
    console::clear();
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    let run = prepare.call(
        &JsValue::undefined(),
        &[fields.clone(), used.clone().into()],
        context,
    )?;
    context.register_global_property(js_string!(RUN_GLOBAL), run, Attribute::CONFIGURABLE)?;
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(loop_limit);
    Ok(())
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
    crate::host::install(&mut context).map_err(host)?;
    context
        .runtime_limits_mut()
        .set_recursion_limit(RECURSION_LIMIT);
    context
        .runtime_limits_mut()
        .set_stack_size_limit(VALUE_STACK_LIMIT);
    let prepare = context.eval(Source::from_bytes(HARNESS)).map_err(host)?;
    Ok(Runtime {
        context,
        prepare,
        library_values: HashMap::new(),
        scripts: Vec::new(),
        parses: 0,
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::output::EvalResult;

    fn doc(script: &str) -> CalcDoc {
        CalcDoc::from_json_value(json!({
            "script": script,
            "metaInputs": [
                {"id": 1, "name": "a", "type": "number"},
                {"id": 2, "name": "b", "type": "number"}
            ],
            "metaOutputs": [{"id": 1, "name": "sum", "type": "value"}],
            "defaults": {"1": 1, "2": 2}
        }))
        .expect("test doc")
    }

    fn values(a: f64) -> Map<String, Value> {
        json!({"1": a}).as_object().cloned().unwrap_or_default()
    }

    fn sum(result: &EvalResult) -> Option<f64> {
        assert_eq!(result.error, None);
        result
            .outputs
            .as_ref()
            .and_then(|o| o.get("sum"))
            .and_then(Value::as_f64)
    }

    fn engine() -> Engine {
        Engine::new(EngineOptions::default()).expect("engine")
    }

    fn parses(engine: &Engine) -> u64 {
        engine.runtime.as_ref().map_or(0, |r| r.parses)
    }

    #[test]
    fn the_same_script_with_new_values_is_parsed_once_and_gives_new_results() {
        let mut engine = engine();
        let calc = doc("return { sum: inputs.a + inputs.b };");
        for a in [1.0, 10.0, 100.0] {
            assert_eq!(sum(&engine.evaluate(&calc, &values(a))), Some(a + 2.0));
        }
        assert_eq!(parses(&engine), 1);
        let result = engine.evaluate(&calc, &Map::new());
        assert_eq!(sum(&result), Some(3.0));
        assert_eq!(result.used_inputs, ["a", "b"]);
        assert_eq!(parses(&engine), 1);
    }

    #[test]
    fn a_changed_script_is_parsed_again() {
        let mut engine = engine();
        let plus = doc("return { sum: inputs.a + inputs.b };");
        let times = doc("return { sum: inputs.a * inputs.b };");
        assert_eq!(sum(&engine.evaluate(&plus, &values(3.0))), Some(5.0));
        assert_eq!(sum(&engine.evaluate(&times, &values(3.0))), Some(6.0));
        assert_eq!(parses(&engine), 2);
        // Both are still cached: switching back parses nothing.
        assert_eq!(sum(&engine.evaluate(&plus, &values(4.0))), Some(6.0));
        assert_eq!(sum(&engine.evaluate(&times, &values(4.0))), Some(8.0));
        assert_eq!(parses(&engine), 2);
    }

    #[test]
    fn only_the_last_few_scripts_are_kept() {
        let mut engine = engine();
        let docs: Vec<CalcDoc> = (0..=SCRIPT_CACHE_SIZE)
            .map(|n| doc(&format!("return {{ sum: inputs.a + {n} }};")))
            .collect();
        for calc in &docs {
            engine.evaluate(calc, &Map::new());
        }
        let runtime = engine.runtime.as_ref().expect("runtime");
        assert_eq!(runtime.scripts.len(), SCRIPT_CACHE_SIZE);
        assert_eq!(runtime.parses, docs.len() as u64);
        // The first one was dropped; running it again parses it again.
        assert_eq!(sum(&engine.evaluate(&docs[0], &Map::new())), Some(1.0));
        assert_eq!(parses(&engine), docs.len() as u64 + 1);
    }

    #[test]
    fn a_cached_script_keeps_its_error_lines_and_used_inputs() {
        let mut engine = engine();
        let calc = doc("var x = inputs.a;\nif (x > 5) { missing(); }\nreturn { sum: x };");
        assert_eq!(sum(&engine.evaluate(&calc, &values(1.0))), Some(1.0));
        let failed = engine.evaluate(&calc, &values(9.0));
        assert_eq!(
            failed.error.as_deref(),
            Some("ReferenceError: missing is not defined (line 2)")
        );
        assert_eq!(failed.used_inputs, ["a"]);
        assert_eq!(parses(&engine), 1);
    }

    #[test]
    fn a_script_that_does_not_parse_is_reported_every_time() {
        let mut engine = engine();
        let calc = doc("return {;");
        let first = engine.evaluate(&calc, &Map::new());
        let second = engine.evaluate(&calc, &Map::new());
        assert!(
            first
                .error
                .as_deref()
                .is_some_and(|e| e.starts_with("SyntaxError: "))
        );
        assert_eq!(first.error, second.error);
        assert!(
            engine
                .runtime
                .as_ref()
                .is_some_and(|r| r.scripts.is_empty())
        );
    }

    #[test]
    fn a_loaded_library_empties_the_cache() {
        let mut engine = engine();
        let calc = doc("return { sum: typeof _ === 'function' ? 1 : 0 };");
        assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(0.0));
        engine
            .load_library(Library::Lodash, "globalThis._ = function () {};")
            .expect("a stand-in library loads");
        assert!(
            engine
                .runtime
                .as_ref()
                .is_some_and(|r| r.scripts.is_empty())
        );
        let with_lodash = CalcDoc {
            libraries: crate::model::Libraries {
                lodash: true,
                ..Default::default()
            },
            ..calc.clone()
        };
        assert_eq!(sum(&engine.evaluate(&with_lodash, &Map::new())), Some(1.0));
        assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(0.0));
    }

    #[test]
    fn a_polluted_object_prototype_does_not_break_later_calculations() {
        let mut engine = engine();
        let polluter = doc(
            "Object.prototype.value = 1; Object.prototype.writable = true;\n\
             return { sum: inputs.a };",
        );
        assert_eq!(sum(&engine.evaluate(&polluter, &Map::new())), Some(1.0));
        let calc = doc("return { sum: inputs.a + inputs.b };");
        assert_eq!(sum(&engine.evaluate(&calc, &values(4.0))), Some(6.0));
    }

    #[test]
    fn a_time_out_drops_the_runtime_and_its_cached_scripts() {
        let mut engine = engine();
        let calc = doc("return { sum: inputs.a + inputs.b };");
        // Nested loops that each stay under the loop checkpoint's limit: only the
        // deadline stops them, mid-flight, so the runtime is dropped.
        let looping = doc("function inner() { for (var i = 0; i < 3000; i++) {} }\n\
             function middle() { for (var j = 0; j < 3000; j++) inner(); }\n\
             for (var k = 0; k < 3000; k++) middle();\nreturn { sum: 0 };");
        assert_eq!(sum(&engine.evaluate(&calc, &Map::new())), Some(3.0));
        let timed_out = engine.evaluate(&looping, &Map::new());
        assert_eq!(timed_out.error.as_deref(), Some(TIMEOUT_MESSAGE));
        assert!(engine.runtime.is_none());
        // A new runtime parses the script again, and the script still works.
        assert_eq!(sum(&engine.evaluate(&calc, &values(5.0))), Some(7.0));
        assert_eq!(parses(&engine), 1);
    }
}
