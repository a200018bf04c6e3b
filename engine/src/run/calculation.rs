//! One calculation's run inside a prepared realm, under the limits of `limits.rs`: the
//! budgeted evaluation polled against the deadline and the memory limit, the loop limit
//! sized from the cheapest loop's measured speed, and the re-run with a larger one in the
//! rare case that it trips early.

use std::future::Future;
use std::pin::pin;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::task::{Poll, Waker};
use std::time::Duration;

use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::object::builtins::JsArray;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, Script, Source, js_string};
use serde_json::Value;
use web_time::Instant;

use crate::errors::host_error::HostError;
use crate::errors::script::runtime_error;
use crate::limits::{
    FIRST_LOOP_LIMIT, LOOP_LIMIT_MARGIN, MEMORY_LIMIT, MEMORY_MESSAGE, TIME_LIMIT, TIMEOUT_MESSAGE,
    YIELD_BUDGET, live_bytes, peak_bytes, refused_allocations, reset_peak,
};
use crate::model::{CalcDoc, InputType};

/// The one-shot global through which the wrapped script reaches the harness.
pub(crate) const RUN_GLOBAL: &str = "__calcsmith_run";

/// On success the harness's description of the returned value; either way the names of
/// the inputs the script read.
pub(crate) type Outcome = Result<(Value, Vec<String>), (String, Vec<String>)>;

thread_local! {
    /// The latest deadline a calculation may have, when something runs many calculations
    /// under one time limit (a goal seek): set through [`DeadlineCap`].
    static DEADLINE_CAP: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
}

/// While it lives, every calculation on this thread ends by `deadline` at the latest (or
/// by its own time limit, when that comes first).
pub(crate) struct DeadlineCap(Option<Instant>);

impl DeadlineCap {
    pub(crate) fn new(deadline: Instant) -> DeadlineCap {
        DeadlineCap(DEADLINE_CAP.with(|cap| cap.replace(Some(deadline))))
    }
}

impl Drop for DeadlineCap {
    fn drop(&mut self) {
        DEADLINE_CAP.with(|cap| cap.set(self.0));
    }
}

/// `deadline`, or the cap set by a [`DeadlineCap`] when that is sooner.
fn capped(deadline: Instant) -> Instant {
    DEADLINE_CAP
        .with(std::cell::Cell::get)
        .map_or(deadline, |cap| cap.min(deadline))
}

/// How a run ended, and whether it was abandoned mid-flight (its context cannot be
/// trusted again).
pub(crate) struct Ended {
    pub outcome: Outcome,
    pub abandoned: bool,
}

/// How one budgeted attempt ended.
enum Attempt {
    Finished(JsResult<JsValue>),
    TimedOut,
    OutOfMemory,
}

fn ended(outcome: Outcome) -> Ended {
    Ended {
        outcome,
        abandoned: false,
    }
}

/// Runs `script` (parsed in the context's current realm, whose harness is `harness`)
/// until it finishes, fails, or runs out of time or memory, re-running it with a higher
/// loop limit whenever the loop checkpoint trips early. With `rules` (the wrapped script
/// carries the doc's rules, `rules.rs`) it also gives the rules' answer, when they
/// finished in the last attempt.
pub(crate) fn run(
    context: &mut Context,
    harness: &JsValue,
    (script, wrapped): (&Script, &str),
    fields: &Value,
    rules: bool,
) -> (Ended, Option<String>) {
    let mut judged = JsValue::undefined();
    let ended = attempts(
        context,
        harness,
        (script, wrapped),
        fields,
        rules,
        &mut judged,
    );
    let answer = judged.as_object().and_then(|judged| {
        // An object without a prototype: reading it runs nothing of the realm's.
        let answer = judged.get(js_string!("answer"), context).ok()?;
        Some(answer.as_string()?.to_std_string_escaped())
    });
    (ended, answer)
}

/// [`run`]'s attempts; `judged` is the last attempt's object for the rules' answer.
fn attempts(
    context: &mut Context,
    harness: &JsValue,
    (script, wrapped): (&Script, &str),
    fields: &Value,
    rules: bool,
    judged: &mut JsValue,
) -> Ended {
    let fields_json = fields;
    crate::errors::caught::set_run(wrapped, fields_json);
    // A string input may hold a lone surrogate, in the engine's spelling (js_text).
    let fields = match crate::js_text::json_to_js(fields, context) {
        Ok(fields) => fields,
        Err(e) => return ended(Err((e.to_string(), Vec::new()))),
    };
    let deadline = capped(Instant::now() + TIME_LIMIT);
    let mut loop_limit = first_loop_limit();
    loop {
        let used = match JsArray::new(context) {
            Ok(used) => used,
            Err(e) => return ended(Err((e.to_string(), Vec::new()))),
        };
        let attempt = Instant::now();
        let baseline = reset_peak();
        let refused = refused_allocations();
        if rules {
            *judged = JsObject::with_null_proto().into();
        }
        let describer = match start_run(context, harness, [&fields, judged], &used, loop_limit) {
            Ok(describer) => describer,
            Err(error) => return ended(Err((error.to_string(), Vec::new()))),
        };
        let outcome = drive(
            script.evaluate_async_with_budget(context, YIELD_BUDGET),
            deadline,
            baseline,
        );
        let read = read_used(&used, context);
        if refused_allocations() != refused && matches!(outcome, Attempt::Finished(_)) {
            // An allocation was refused at the hard memory limit and the script went on
            // (boa turns a failed buffer into a RangeError the script may catch, worded
            // with Rust's internals): the calculation used too much memory, whatever it
            // did next.
            return ended(Err((MEMORY_MESSAGE.to_owned(), read)));
        }
        let error = match outcome {
            Attempt::Finished(Ok(value)) => {
                // The harness answers with the describing function itself when that made
                // the description; any other completion value (a script that closed the
                // harness's function early and went on) is described as before.
                let natively = value
                    .as_object()
                    .is_some_and(|value| JsObject::equals(&value, &describer));
                let described = match natively.then(crate::run::describe::take).flatten() {
                    Some(described) => Ok(described),
                    None => crate::run::describe::json_of(&value, context),
                };
                return ended(match described {
                    Ok(described) => Ok((described, read)),
                    Err(e) => Err((e.to_string(), read)),
                });
            }
            Attempt::Finished(Err(error)) => error,
            Attempt::TimedOut => {
                return Ended {
                    outcome: Err((TIMEOUT_MESSAGE.to_owned(), read)),
                    abandoned: true,
                };
            }
            Attempt::OutOfMemory => {
                return Ended {
                    outcome: Err((MEMORY_MESSAGE.to_owned(), read)),
                    abandoned: true,
                };
            }
        };
        if !is_loop_checkpoint(&error) {
            return ended(Err((
                runtime_error(&error, wrapped, fields_json, context),
                read,
            )));
        }
        // A loop reached the checkpoint limit; the error has unwound every frame.
        let now = Instant::now();
        let grown = peak_bytes().saturating_sub(baseline);
        if now >= deadline {
            return ended(Err((TIMEOUT_MESSAGE.to_owned(), read)));
        }
        if grown > MEMORY_LIMIT {
            return ended(Err((MEMORY_MESSAGE.to_owned(), read)));
        }
        // Before the deadline: loops ran faster than measured. Remember that speed so the
        // next calculation is not cut short, and run this one again.
        raise_loop_rate(loop_limit as f64 / (now - attempt).as_secs_f64().max(1e-6));
        loop_limit = next_loop_limit(loop_limit, now - attempt, deadline - now, grown);
    }
}

/// Sets up one attempt: the one-shot harness global and the loop limit. Returns the
/// function that describes the result in Rust (`describe.rs`), which the harness returns
/// in place of a description it made.
fn start_run(
    context: &mut Context,
    harness: &JsValue,
    [fields, judged]: [&JsValue; 2],
    used: &JsArray,
    loop_limit: u64,
) -> JsResult<JsObject> {
    let prepare = harness
        .as_callable()
        .ok_or_else(|| JsError::from_rust(HostError("harness is not a function".to_owned())))?;
    // A re-run attempt prints again from the start.
    crate::host::console::clear();
    crate::run::describe::clear();
    let describe = crate::run::describe::native(context);
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    let run = prepare.call(
        &JsValue::undefined(),
        &[
            fields.clone(),
            used.clone().into(),
            describe.clone().into(),
            judged.clone(),
        ],
        context,
    )?;
    context.register_global_property(js_string!(RUN_GLOBAL), run, Attribute::CONFIGURABLE)?;
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(loop_limit);
    context
        .runtime_limits_mut()
        .set_recursion_limit(crate::limits::recursion_limit());
    Ok(describe)
}

/// Polls a budgeted evaluation, giving up at the deadline or past the memory limit.
fn drive<F: Future<Output = JsResult<JsValue>>>(
    evaluation: F,
    deadline: Instant,
    baseline: usize,
) -> Attempt {
    let mut evaluation = pin!(evaluation);
    let mut poll_context = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(result) = evaluation.as_mut().poll(&mut poll_context) {
            return Attempt::Finished(result);
        }
        // Memory first: a step that both passed the limit and took the machine past the
        // deadline (one huge copy on a busy machine) ran out of memory, whatever the clock.
        if live_bytes().saturating_sub(baseline) > MEMORY_LIMIT {
            return Attempt::OutOfMemory;
        }
        if Instant::now() >= deadline {
            return Attempt::TimedOut;
        }
    }
}

/// Iterations per second of the cheapest loop there is (`for (;;) {}`) in this process,
/// as `f64` bits: the fastest of the first [`PROBES`] measurements
/// ([`measure_loop_rate`]), raised when a calculation's loop was seen running faster.
/// 0 until measured.
static LOOP_RATE: AtomicU64 = AtomicU64::new(0);

/// How many realms of a process measure the loop's speed: the first (made when the engine
/// starts, 2–4 ms) runs before a wasm engine has optimized its interpreter, the next ones
/// after (made while the engine is idle between calculations).
const PROBES: u32 = 4;
static PROBED: AtomicU32 = AtomicU32::new(0);

/// The probe stops doubling its loop once one run takes this long (a browser's clock
/// may be coarse).
const PROBE_TIME: Duration = Duration::from_millis(2);

/// Measures the cheapest loop's speed in `context`, in the first [`PROBES`] realms of the
/// process: it runs `for (;;) {}` under a loop limit, doubled until one run takes
/// [`PROBE_TIME`], and leaves nothing behind in the realm.
pub(crate) fn measure_loop_rate(context: &mut Context) {
    if PROBED.fetch_add(1, Ordering::Relaxed) >= PROBES {
        return;
    }
    let mut limit = FIRST_LOOP_LIMIT;
    let rate = loop {
        context.runtime_limits_mut().set_loop_iteration_limit(limit);
        let started = Instant::now();
        // It ends at the loop limit (an error is all it can give).
        let _ = context.eval(Source::from_bytes("for (;;) {}"));
        let took = started.elapsed();
        if took >= PROBE_TIME || limit >= 1 << 30 {
            break limit as f64 / took.as_secs_f64().max(1e-6);
        }
        limit *= 2;
    };
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    raise_loop_rate(rate);
}

fn raise_loop_rate(rate: f64) {
    if rate > f64::from_bits(LOOP_RATE.load(Ordering::Relaxed)) {
        LOOP_RATE.store(rate.to_bits(), Ordering::Relaxed);
    }
}

/// The first loop limit of a calculation: more iterations than any frame can run before
/// the deadline (see `limits.rs`). Without a measurement (a host that never prepared a
/// realm) it is [`FIRST_LOOP_LIMIT`], and the first trip sizes it.
fn first_loop_limit() -> u64 {
    let rate = f64::from_bits(LOOP_RATE.load(Ordering::Relaxed));
    // `as` saturates.
    ((rate * TIME_LIMIT.as_secs_f64() * LOOP_LIMIT_MARGIN) as u64).max(FIRST_LOOP_LIMIT)
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
pub(crate) fn used_in_order(doc: &CalcDoc, read: &[String]) -> Vec<String> {
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
