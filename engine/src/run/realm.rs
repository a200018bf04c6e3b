//! The realms calculations run in. A [`Sandbox`] is a boa context of its own (one realm)
//! with the engine's built-ins and the harness, and the scripts parsed in it; a
//! calculation without libraries gets a fresh one each time. [`LibraryRealm`] is the one
//! sandbox that keeps the loaded libraries (loading them again costs 0.1–1 s), guarded
//! by `guard.rs`: the engine drops it when a calculation changed it.
//!
//! A sandbox is a whole context rather than a realm of one shared context because boa
//! 0.22's shape tree, which belongs to the context, keeps every realm's prototypes (and
//! through their functions the whole realm, with what a calculation parked on its global
//! object) alive as long as the context lives.

use std::collections::HashMap;
use std::path::Path;

use std::rc::Rc;

use boa_engine::context::{ContextBuilder, HostHooks};
use boa_engine::job::IdleJobExecutor;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsError, JsResult, JsValue, Script, Source, js_string};
use serde_json::Value;

use crate::errors::host_error::HostError;
use crate::errors::script::{SCRIPT_PATH, syntax_error};
use crate::limits::{MEMORY_LIMIT, RECURSION_LIMIT, VALUE_STACK_LIMIT};
use crate::model::{CalcDoc, Library};
use crate::run::calculation::{Ended, RUN_GLOBAL, run};
use crate::run::guard::Guard;
use crate::run::rules::{Judged, RuleProgram, run_with_rules};

const HARNESS: &str = include_str!("harness.js");

/// How many calculators' parsed scripts a realm keeps (a tab usually runs one; an editor
/// switching between a few calculators should not re-parse each time).
pub(crate) const SCRIPT_CACHE_SIZE: usize = 4;

/// A calculator's script, wrapped and parsed in one realm.
struct CachedScript {
    /// The author's script text: the key. Nothing else goes into the wrapped source, and
    /// the context's parse settings (strictness, optimiser) are the same for every
    /// calculator.
    source: String,
    /// The source that was parsed, for error lines.
    wrapped: String,
    /// A `Script` compiles itself to bytecode on its first run and keeps it, so a
    /// recalculation with new input values neither parses nor compiles.
    script: Script,
}

/// A context with the engine's built-ins and the harness, and the scripts parsed in it,
/// most recent first (a parsed script belongs to its realm).
pub(crate) struct Sandbox {
    context: Context,
    /// The harness's `prepare` and `warmUp` (harness.js).
    harness: JsValue,
    warm_up: JsValue,
    scripts: Vec<CachedScript>,
}

/// boa's defaults, but an `ArrayBuffer` (or typed array) larger than a calculation may
/// use is refused before any memory is asked for: the script gets a RangeError that
/// `v8_messages.rs` words as V8 does, `Array buffer allocation failed`, on every face
/// alike (rather than a refusal at the process's hard memory limit, whose message boa
/// words with Rust's `Layout { size: …, align: … }`).
struct CalculationHooks;

impl HostHooks for CalculationHooks {
    fn max_buffer_size(&self, _context: &mut Context) -> u64 {
        MEMORY_LIMIT as u64
    }
}

fn could_not_start(e: JsError) -> HostError {
    HostError(format!("the engine could not start: {e}"))
}

impl Sandbox {
    /// A new realm of `context` with standard JavaScript, the engine's built-ins and the
    /// harness.
    ///
    /// # Errors
    /// boa could not set the realm up (a bug, not a calculator problem).
    pub(crate) fn new() -> Result<Sandbox, HostError> {
        // Promise jobs are never run (a calculation is synchronous): dropping them at
        // once keeps a calculation from parking work or memory in the queue.
        let mut context = ContextBuilder::new()
            .job_executor(Rc::new(IdleJobExecutor))
            .host_hooks(Rc::new(CalculationHooks))
            .build()
            .map_err(could_not_start)?;
        context
            .runtime_limits_mut()
            .set_recursion_limit(RECURSION_LIMIT);
        context
            .runtime_limits_mut()
            .set_stack_size_limit(VALUE_STACK_LIMIT);
        // An error's line is the author's innermost frame in its backtrace; boa keeps
        // only the innermost 50 frames, fewer than a library (Math.js's parser) may
        // stack above the author's call. Every frame fits in a backtrace of this length.
        context
            .runtime_limits_mut()
            .set_backtrace_limit(RECURSION_LIMIT);
        crate::host::install(&mut context).map_err(could_not_start)?;
        let exports = context
            .eval(Source::from_bytes(HARNESS))
            .map_err(could_not_start)?
            .as_object()
            .ok_or_else(|| HostError("the engine could not start its harness".to_owned()))?;
        let harness = exports
            .get(js_string!("prepare"), &mut context)
            .map_err(could_not_start)?;
        let warm_up = exports
            .get(js_string!("warmUp"), &mut context)
            .map_err(could_not_start)?;
        // The first realms of the process size every calculation's loop limit.
        crate::run::calculation::measure_loop_rate(&mut context);
        Ok(Sandbox {
            context,
            harness,
            warm_up,
            scripts: Vec::new(),
        })
    }

    /// Takes a calculation's path through the harness once, with `fields` as the inputs
    /// and `described` (the harness's description of a result) as what the script
    /// returns, but without running any script: a calculation in a fresh realm then finds
    /// the object shapes and property caches made, and the code in the CPU's caches, as in
    /// a realm that has run before (docs/benchmarks.md, "Warming the fresh realm"). Only
    /// the harness's own objects are made, none reachable from the global object.
    pub(crate) fn warm_up(&mut self, fields: &Value, described: &Value) {
        let context = &mut self.context;
        let warmed = (|| {
            let fields = JsValue::from_json(fields, context)?;
            let described = JsValue::from_json(described, context)?;
            let warm_up = self.warm_up.as_callable().ok_or_else(|| {
                JsError::from_rust(HostError("warmUp is not a function".to_owned()))
            })?;
            warm_up.call(&JsValue::undefined(), &[fields, described], context)
        })();
        // A warm-up is only ever a head start: whatever went wrong, the calculation
        // works without it.
        drop(warmed);
        context.clear_kept_objects();
    }

    /// Parses and compiles `source` now, so that a calculation with it does neither.
    /// (A script that does not parse is left to the calculation to report.)
    pub(crate) fn parse_ahead(&mut self, source: &str) {
        let context = &mut self.context;
        if let Ok(cached) = cached_script(&mut self.scripts, source, &mut 0, context) {
            // A compile error shows when the calculation runs it.
            let _ = cached.script.codeblock(context);
        }
    }

    /// Runs `doc` in this sandbox; `parses` counts the scripts it had to parse.
    pub(crate) fn run(&mut self, doc: &CalcDoc, fields: &Value, parses: &mut u64) -> Ended {
        self.run_source(&doc.script, fields, parses)
    }

    /// Runs `script` again in this used sandbox, for the CPU's caches only: its outcome is
    /// dropped (docs/benchmarks.md, "Replaying the last calculation").
    pub(crate) fn replay(&mut self, script: &str, fields: &Value) {
        drop(self.run_source(script, fields, &mut 0));
    }

    fn run_source(&mut self, script: &str, fields: &Value, parses: &mut u64) -> Ended {
        let context = &mut self.context;
        let ended = match cached_script(&mut self.scripts, script, parses, context) {
            Ok(cached) => run(
                context,
                &self.harness,
                &cached.script,
                &cached.wrapped,
                fields,
            ),
            Err(error) => Ended {
                outcome: Err((syntax_error(&error, script), Vec::new())),
                abandoned: false,
            },
        };
        // WeakRef targets are kept alive until told otherwise.
        context.clear_kept_objects();
        ended
    }

    /// Runs a generated program (a doc's rules, `rules.rs`) as a script; `Err` when it
    /// does not parse.
    pub(crate) fn run_program(
        &mut self,
        program: &str,
        fields: &Value,
        parses: &mut u64,
    ) -> Result<Ended, ()> {
        let context = &mut self.context;
        cached_script(&mut self.scripts, program, parses, context).map_err(drop)?;
        Ok(self.run_source(program, fields, parses))
    }

    /// The syntax error of one rule's `expression`, worded and lined as a script's would
    /// be were the expression its script; `None` when it parses.
    pub(crate) fn rule_syntax_error(&mut self, expression: &str) -> Option<String> {
        let script = format!("return ({expression}\n);");
        let wrapped = format!("{RUN_GLOBAL}(function (inputs) {{'use strict';{script}\n}});");
        let text = Source::from_bytes(&wrapped).with_path(Path::new(SCRIPT_PATH));
        let error = Script::parse(text, None, &mut self.context).err()?;
        let message = syntax_error(&error, &script);
        let lines = expression.matches('\n').count() as u32 + 1;
        let past_the_end = message
            .rsplit_once(" (line ")
            .and_then(|(_, n)| n.strip_suffix(')')?.parse::<u32>().ok())
            .is_some_and(|n| n > lines);
        Some(if past_the_end {
            let shown = expression.trim_end().matches('\n').count() + 1;
            format!("SyntaxError: Unexpected end of input (line {shown})")
        } else {
            message
        })
    }

    #[cfg(test)]
    /// The context, for tests that plant a native function in it.
    #[cfg(test)]
    pub(crate) fn context_mut(&mut self) -> &mut Context {
        &mut self.context
    }

    #[cfg(test)]
    pub(crate) fn cached_scripts(&self) -> usize {
        self.scripts.len()
    }
}

/// The parsed script of `source`, from the cache or parsed now in the current realm (and
/// then cached, most recent first). A script that does not parse is not cached.
fn cached_script<'a>(
    scripts: &'a mut Vec<CachedScript>,
    source: &str,
    parses: &mut u64,
    context: &mut Context,
) -> JsResult<&'a CachedScript> {
    if let Some(index) = scripts.iter().position(|c| c.source == source) {
        scripts[..=index].rotate_right(1);
    } else {
        let wrapped = format!("{RUN_GLOBAL}(function (inputs) {{'use strict';{source}\n}});");
        let text = Source::from_bytes(&wrapped).with_path(Path::new(SCRIPT_PATH));
        let script = Script::parse(text, None, context)?;
        *parses += 1;
        scripts.truncate(SCRIPT_CACHE_SIZE - 1);
        scripts.insert(
            0,
            CachedScript {
                source: source.to_owned(),
                wrapped,
                script,
            },
        );
    }
    Ok(&scripts[0])
}

/// The sandbox that keeps the loaded libraries between calculations, and the guard that
/// tells whether a calculation left it as loaded.
pub(crate) struct LibraryRealm {
    sandbox: Sandbox,
    /// Each library's global value, hidden while a calculation does not use it.
    values: HashMap<Library, JsValue>,
    guard: Guard,
    /// Whether the guard has looked since the last calculation, and what it found. The
    /// look is left for [`LibraryRealm::still_intact`], which the engine calls while idle
    /// or before the next calculation, so that it does not delay a result.
    checked: bool,
    intact: bool,
}

impl LibraryRealm {
    /// A new realm with `sources` loaded.
    ///
    /// # Errors
    /// A library does not load.
    pub(crate) fn new(sources: &HashMap<Library, String>) -> Result<LibraryRealm, HostError> {
        let mut sandbox = Sandbox::new()?;
        let guard = Guard::new(&mut sandbox.context).map_err(could_not_start)?;
        let mut realm = LibraryRealm {
            sandbox,
            values: HashMap::new(),
            guard,
            checked: true,
            intact: true,
        };
        for library in Library::ALL {
            if let Some(source) = sources.get(&library) {
                realm.load_one(library, source)?;
            }
        }
        realm.watch()?;
        Ok(realm)
    }

    /// Loads (or replaces) one library.
    ///
    /// # Errors
    /// The source does not run or does not define the library's global.
    pub(crate) fn load(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        self.load_one(library, source)?;
        self.watch()
    }

    fn load_one(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        // A library may add global bindings that scripts compiled earlier did not see.
        self.sandbox.scripts.clear();
        let value = load_into(&mut self.sandbox.context, library, source)?;
        self.values.insert(library, value);
        Ok(())
    }

    /// Takes the guard's picture of the realm as it is now.
    fn watch(&mut self) -> Result<(), HostError> {
        let values: Vec<(Library, JsValue)> = Library::ALL
            .into_iter()
            .filter_map(|library| Some((library, self.values.get(&library)?.clone())))
            .collect();
        self.guard
            .watch(&mut self.sandbox.context, &values)
            .map_err(could_not_start)
    }

    /// Runs `doc`'s rules and script with the libraries it switches on. Before another calculation may run
    /// here, [`LibraryRealm::still_intact`] must say so.
    pub(crate) fn run(
        &mut self,
        doc: &CalcDoc,
        fields: &Value,
        rules: Option<&RuleProgram>,
        parses: &mut u64,
    ) -> (Judged, Ended) {
        let (judged, ended) = match show_libraries(&mut self.sandbox.context, &self.values, doc) {
            Ok(()) => run_with_rules(&mut self.sandbox, doc, fields, rules, parses),
            Err(e) => (
                Judged::default(),
                Ended {
                    outcome: Err((e.to_string(), Vec::new())),
                    abandoned: false,
                },
            ),
        };
        // A run left mid-flight cannot be trusted whatever the guard would say.
        self.checked = ended.abandoned;
        self.intact = !ended.abandoned;
        (judged, ended)
    }

    /// Whether the realm is still as loaded (when not, the caller must drop it); the
    /// guard looks once after each calculation.
    pub(crate) fn still_intact(&mut self) -> bool {
        if !self.checked {
            let context = &mut self.sandbox.context;
            self.intact = hide_libraries(context).is_ok() && self.guard.intact(context);
            self.checked = true;
        }
        self.intact
    }

    /// Whether the realm is already known to be changed — the guard looked, or the last
    /// calculation was left mid-flight — without looking again.
    pub(crate) fn known_changed(&self) -> bool {
        self.checked && !self.intact
    }

    #[cfg(test)]
    pub(crate) fn sandbox(&self) -> &Sandbox {
        &self.sandbox
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

/// Removes the libraries' globals (and the harness's, should a run have stopped before
/// the harness removed it), so that the global object is as the guard saw it.
fn hide_libraries(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    for library in Library::ALL {
        global.delete_property_or_throw(js_string!(library.global()), context)?;
    }
    global.delete_property_or_throw(js_string!(RUN_GLOBAL), context)?;
    Ok(())
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
