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

use std::path::Path;
use std::rc::Rc;

use boa_engine::context::{ContextBuilder, HostHooks};
use boa_engine::job::IdleJobExecutor;
use boa_engine::{Context, JsError, JsResult, JsValue, Script, Source, js_string};
use serde_json::Value;

use crate::errors::host_error::HostError;
use crate::errors::script::{SCRIPT_PATH, syntax_error};
use crate::limits::{MEMORY_LIMIT, RECURSION_LIMIT, VALUE_STACK_LIMIT};
use crate::model::CalcDoc;
use crate::run::calculation::{Ended, RUN_GLOBAL, run};

const HARNESS: &str = include_str!("harness.js");

/// How many calculators' parsed scripts a realm keeps (a tab usually runs one; an editor
/// switching between a few calculators should not re-parse each time).
pub(crate) const SCRIPT_CACHE_SIZE: usize = 4;

/// A calculator's script (with its rules' program, when it has rules), wrapped and parsed
/// in one realm.
struct CachedScript {
    /// The author's script text and the rules' program: the key. Nothing else goes into
    /// the wrapped source, and the context's parse settings (strictness, optimiser) are
    /// the same for every calculator.
    source: String,
    rules: Option<String>,
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
        let builder = ContextBuilder::new()
            .job_executor(Rc::new(IdleJobExecutor))
            .host_hooks(Rc::new(CalculationHooks));
        // Without compiled-in locale data (the browser's Intl module), Intl reads the
        // blobs the host added (src/host/intl_data.rs).
        #[cfg(all(feature = "intl", not(feature = "intl_data")))]
        let builder = crate::host::intl_data::buffer_provider()
            .map_err(|e| e.to_string())
            .and_then(|provider| {
                builder
                    .icu_buffer_provider(provider)
                    .map_err(|e| e.to_string())
            })
            .map_err(|e| HostError(format!("the engine could not start: {e}")))?;
        let mut context = builder.build().map_err(could_not_start)?;
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
    /// the harness's own objects are made, none reachable from the global object. With
    /// `ruled` the view of the inputs made for a doc's rules is made too (never the rules).
    pub(crate) fn warm_up(&mut self, fields: &Value, described: &Value, ruled: bool) {
        let context = &mut self.context;
        let warmed = (|| {
            let fields = JsValue::from_json(fields, context)?;
            let described = JsValue::from_json(described, context)?;
            let warm_up = self.warm_up.as_callable().ok_or_else(|| {
                JsError::from_rust(HostError("warmUp is not a function".to_owned()))
            })?;
            let ruled = JsValue::from(ruled);
            warm_up.call(&JsValue::undefined(), &[fields, described, ruled], context)
        })();
        // A warm-up is only ever a head start: whatever went wrong, the calculation
        // works without it.
        drop(warmed);
        context.clear_kept_objects();
    }

    /// Parses and compiles `source` (with the rules' program `rules`) now, so that a
    /// calculation with it does neither. (A script that does not parse is left to the
    /// calculation to report.)
    pub(crate) fn parse_ahead(&mut self, source: &str, rules: Option<&str>) {
        let context = &mut self.context;
        if let Ok(cached) = cached_script(&mut self.scripts, (source, rules), &mut 0, context) {
            // A compile error shows when the calculation runs it.
            let _ = cached.script.codeblock(context);
        }
    }

    /// Runs `doc` in this sandbox; `parses` counts the scripts it had to parse.
    pub(crate) fn run(&mut self, doc: &CalcDoc, fields: &Value, parses: &mut u64) -> Ended {
        self.run_source((&doc.script, None), fields, parses).0
    }

    /// Runs `doc`'s script with its rules' `program` in one run of the harness (the rules
    /// first, `rules.rs`): how it ended and the rules' answer when they finished. `Err`
    /// when the two do not parse together (one of them has a syntax error).
    pub(crate) fn run_with_program(
        &mut self,
        doc: &CalcDoc,
        program: &str,
        fields: &Value,
        parses: &mut u64,
    ) -> Result<(Ended, Option<String>), ()> {
        let context = &mut self.context;
        let source = (doc.script.as_str(), Some(program));
        cached_script(&mut self.scripts, source, parses, context).map_err(drop)?;
        Ok(self.run_source(source, fields, parses))
    }

    /// Runs `script` (with its rules' program) again in this used sandbox, for the CPU's
    /// caches only: its outcome is dropped (docs/benchmarks.md, "Replaying the last
    /// calculation").
    pub(crate) fn replay(&mut self, script: &str, rules: Option<&str>, fields: &Value) {
        drop(self.run_source((script, rules), fields, &mut 0));
    }

    fn run_source(
        &mut self,
        source: (&str, Option<&str>),
        fields: &Value,
        parses: &mut u64,
    ) -> (Ended, Option<String>) {
        let context = &mut self.context;
        let ran = match cached_script(&mut self.scripts, source, parses, context) {
            Ok(cached) => run(
                context,
                &self.harness,
                (&cached.script, &cached.wrapped),
                fields,
                source.1.is_some(),
            ),
            Err(error) => (
                Ended {
                    outcome: Err((syntax_error(&error, source.0), Vec::new())),
                    abandoned: false,
                },
                None,
            ),
        };
        // WeakRef targets are kept alive until told otherwise.
        context.clear_kept_objects();
        ran
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
        cached_script(&mut self.scripts, (program, None), parses, context).map_err(drop)?;
        Ok(self.run_source((program, None), fields, parses).0)
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

/// The parsed script of `source` and its rules' program, from the cache or parsed now in
/// the current realm (and then cached, most recent first). A script that does not parse
/// is not cached.
///
/// The rules' function comes after the script's, so the script's lines are the same with
/// rules or without; the rules' program starts on the script's last line + 1.
fn cached_script<'a>(
    scripts: &'a mut Vec<CachedScript>,
    (source, rules): (&str, Option<&str>),
    parses: &mut u64,
    context: &mut Context,
) -> JsResult<&'a CachedScript> {
    if let Some(index) =
        (scripts.iter()).position(|c| c.source == source && c.rules.as_deref() == rules)
    {
        scripts[..=index].rotate_right(1);
    } else {
        let wrapped = match rules {
            None => format!("{RUN_GLOBAL}(function (inputs) {{'use strict';{source}\n}});"),
            Some(program) => format!(
                "{RUN_GLOBAL}(function (inputs) {{'use strict';{source}\n}}, \
                 function (inputs, __i) {{'use strict';{program}\n}});"
            ),
        };
        // Each `catch (e) {` rewords what it caught as V8 words it (`errors/caught.rs`).
        let wrapped = crate::errors::caught::with_calls(&wrapped).unwrap_or(wrapped);
        let text = Source::from_bytes(&wrapped).with_path(Path::new(SCRIPT_PATH));
        let script = Script::parse(text, None, context)?;
        *parses += 1;
        scripts.truncate(SCRIPT_CACHE_SIZE - 1);
        scripts.insert(
            0,
            CachedScript {
                source: source.to_owned(),
                rules: rules.map(str::to_owned),
                wrapped,
                script,
            },
        );
    }
    Ok(&scripts[0])
}

mod library;

pub(crate) use library::LibraryRealm;
