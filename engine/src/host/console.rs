//! `console`: what a calculation prints with `console.log` and friends is kept, bounded,
//! and returned with its result (the editor's Console panel shows it), so a leftover
//! `console.log` never breaks a calculator.
//!
//! The captured lines live in a thread-local buffer: a calculation runs on one thread
//! from start to end, and the engine clears the buffer when one starts ([`clear`]) and
//! takes it when it ends ([`take`]), so no calculation sees another's output.

use std::cell::RefCell;
use std::collections::HashMap;

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsValue, NativeFunction, js_string};

use super::inspect::{inspect, number};
use crate::js_text::from_js;
use crate::output::{ConsoleEntry, ConsoleLevel};

/// The most lines one calculation keeps.
pub const MAX_ENTRIES: usize = 100;
/// The most characters one calculation keeps, all lines together.
pub const MAX_CHARS: usize = 10_000;
/// The last line when a calculation printed more than it may keep.
pub const OMITTED: &str = "… more output omitted";

#[derive(Default)]
struct Captured {
    entries: Vec<ConsoleEntry>,
    chars: usize,
    full: bool,
    counts: HashMap<String, u64>,
    /// `console.group` nesting: each level indents by two spaces.
    groups: usize,
}

thread_local! {
    static CAPTURED: RefCell<Captured> = RefCell::new(Captured::default());
}

/// Forgets what was printed so far (a calculation, or an attempt of one, starts).
pub fn clear() {
    CAPTURED.with(|c| *c.borrow_mut() = Captured::default());
}

/// What was printed since [`clear`], leaving the buffer empty.
pub fn take() -> Vec<ConsoleEntry> {
    CAPTURED.with(|c| std::mem::take(&mut *c.borrow_mut()).entries)
}

fn is_full() -> bool {
    CAPTURED.with(|c| c.borrow().full)
}

fn push(level: ConsoleLevel, text: &str) {
    CAPTURED.with(|c| {
        let mut captured = c.borrow_mut();
        if captured.full {
            return;
        }
        let indent = " ".repeat(captured.groups * 2);
        let text = if indent.is_empty() {
            text.to_owned()
        } else {
            text.lines()
                .map(|line| format!("{indent}{line}"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let length = text.chars().count();
        let room = MAX_CHARS.saturating_sub(captured.chars);
        if captured.entries.len() >= MAX_ENTRIES || length > room {
            if length > room && room > 0 && captured.entries.len() < MAX_ENTRIES {
                let kept: String = text.chars().take(room).collect();
                captured.entries.push(ConsoleEntry { level, text: kept });
            }
            captured.entries.push(ConsoleEntry {
                level: ConsoleLevel::Info,
                text: OMITTED.to_owned(),
            });
            captured.full = true;
            return;
        }
        captured.chars += length;
        captured.entries.push(ConsoleEntry { level, text });
    });
}

/// Defines `console` in `context`'s current realm.
///
/// # Errors
/// boa refused the definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let print = |level: ConsoleLevel| {
        NativeFunction::from_copy_closure(move |_, args, context| {
            if !is_full() {
                let text = format_arguments(args, context)?;
                push(level, &text);
            }
            Ok(JsValue::undefined())
        })
    };
    let mut console = ObjectInitializer::new(context);
    console
        .function(print(ConsoleLevel::Log), js_string!("log"), 0)
        .function(print(ConsoleLevel::Info), js_string!("info"), 0)
        .function(print(ConsoleLevel::Warn), js_string!("warn"), 0)
        .function(print(ConsoleLevel::Error), js_string!("error"), 0)
        .function(print(ConsoleLevel::Debug), js_string!("debug"), 0)
        .function(print(ConsoleLevel::Log), js_string!("table"), 0)
        .function(print(ConsoleLevel::Debug), js_string!("trace"), 0)
        .function(NativeFunction::from_fn_ptr(dir), js_string!("dir"), 0)
        .function(NativeFunction::from_fn_ptr(assert), js_string!("assert"), 0)
        .function(NativeFunction::from_fn_ptr(count), js_string!("count"), 0)
        .function(
            NativeFunction::from_fn_ptr(count_reset),
            js_string!("countReset"),
            0,
        )
        .function(NativeFunction::from_fn_ptr(group), js_string!("group"), 0)
        .function(
            NativeFunction::from_fn_ptr(group),
            js_string!("groupCollapsed"),
            0,
        )
        .function(
            NativeFunction::from_fn_ptr(group_end),
            js_string!("groupEnd"),
            0,
        )
        .function(
            NativeFunction::from_fn_ptr(clear_fn),
            js_string!("clear"),
            0,
        );
    // Timers would print durations that differ from run to run: accepted, silent.
    for name in ["time", "timeEnd", "timeLog"] {
        console.function(
            NativeFunction::from_fn_ptr(|_, _, _| Ok(JsValue::undefined())),
            js_string!(name),
            0,
        );
    }
    let console = console.build();
    context.register_global_property(
        js_string!("console"),
        console,
        Attribute::WRITABLE | Attribute::CONFIGURABLE,
    )
}

fn dir(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if !is_full() {
        let text = inspect(&args.first().cloned().unwrap_or_default(), context);
        push(ConsoleLevel::Log, &text);
    }
    Ok(JsValue::undefined())
}

fn assert(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if !args.first().is_some_and(JsValue::to_boolean) && !is_full() {
        let rest = args.get(1..).unwrap_or_default();
        let text = if rest.is_empty() {
            "Assertion failed".to_owned()
        } else {
            format!("Assertion failed: {}", format_arguments(rest, context)?)
        };
        push(ConsoleLevel::Error, &text);
    }
    Ok(JsValue::undefined())
}

fn label(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    match args.first() {
        None => Ok("default".to_owned()),
        Some(value) if value.is_undefined() => Ok("default".to_owned()),
        Some(value) => Ok(from_js(&value.to_string(context)?)),
    }
}

fn count(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    let n = CAPTURED.with(|c| {
        let mut captured = c.borrow_mut();
        let n = captured.counts.entry(label.clone()).or_insert(0);
        *n += 1;
        *n
    });
    push(ConsoleLevel::Info, &format!("{label}: {n}"));
    Ok(JsValue::undefined())
}

fn count_reset(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let label = label(args, context)?;
    CAPTURED.with(|c| c.borrow_mut().counts.remove(&label));
    Ok(JsValue::undefined())
}

fn group(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    if !args.is_empty() && !is_full() {
        let text = format_arguments(args, context)?;
        push(ConsoleLevel::Log, &text);
    }
    CAPTURED.with(|c| c.borrow_mut().groups += 1);
    Ok(JsValue::undefined())
}

fn group_end(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    CAPTURED.with(|c| {
        let mut captured = c.borrow_mut();
        captured.groups = captured.groups.saturating_sub(1);
    });
    Ok(JsValue::undefined())
}

fn clear_fn(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    CAPTURED.with(|c| {
        let mut captured = c.borrow_mut();
        if !captured.full {
            captured.entries.clear();
            captured.chars = 0;
        }
    });
    Ok(JsValue::undefined())
}

/// The arguments of one `console.log` call as one line of text, like Node's
/// `util.format`: a first string may hold `%s %d %i %f %j %o %O %c %%`; strings print
/// as they are, other values as `util.inspect` prints them.
///
/// # Errors
/// What `JSON.stringify` threw for a `%j` value, other than a cycle (Node's `util.format`
/// throws it too: `Do not know how to serialize a BigInt`).
pub fn format_arguments(args: &[JsValue], context: &mut Context) -> JsResult<String> {
    let mut parts = Vec::new();
    let mut rest = args;
    if let Some(first) = args.first().and_then(JsValue::as_string) {
        let first = from_js(&first);
        rest = &args[1..];
        if first.contains('%') {
            parts.push(substitute(&first, &mut rest, context)?);
        } else {
            parts.push(first);
        }
    }
    for value in rest {
        parts.push(plain(value, context));
    }
    Ok(parts.join(" "))
}

/// A value at the top level of a console line: a string as it is.
fn plain(value: &JsValue, context: &mut Context) -> String {
    match value.as_string() {
        Some(s) => from_js(&s),
        None => inspect(value, context),
    }
}

fn substitute(format: &str, rest: &mut &[JsValue], context: &mut Context) -> JsResult<String> {
    let mut out = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(&spec) = chars.peek() else {
            out.push('%');
            break;
        };
        if spec == '%' {
            chars.next();
            out.push('%');
            continue;
        }
        if !"sdifjoOc".contains(spec) {
            out.push('%');
            continue;
        }
        let Some((value, tail)) = rest.split_first() else {
            // No argument left: the specifier stays as written.
            out.push('%');
            continue;
        };
        chars.next();
        *rest = tail;
        let text = match spec {
            's' => match value.as_object() {
                Some(_) => inspect(value, context),
                None if value.is_number() => number(value.as_number().unwrap_or(f64::NAN), context),
                None if value.is_bigint() => inspect(value, context),
                None => value
                    .to_string(context)
                    .map_or_else(|_| inspect(value, context), |s| from_js(&s)),
            },
            'd' | 'i' | 'f' => {
                if value.is_bigint() {
                    inspect(value, context)
                } else if value.is_symbol() {
                    "NaN".to_owned()
                } else {
                    let n = value.to_number(context).unwrap_or(f64::NAN);
                    let n = if spec == 'i' { n.trunc() } else { n };
                    number(n, context)
                }
            }
            'j' => json(value, context)?,
            'c' => String::new(),
            _ => inspect(value, context),
        };
        out.push_str(&text);
    }
    Ok(out)
}

/// `%j`: the value as `JSON.stringify` writes it (numbers as `1e+21`, a lone surrogate as
/// the six characters `\ud83d`), `undefined` where it writes nothing, and `[Circular]`
/// for a cycle, as Node's `util.format`; any other error is thrown.
fn json(value: &JsValue, context: &mut Context) -> JsResult<String> {
    let json = context.intrinsics().objects().json();
    let stringify = json.get(js_string!("stringify"), context)?;
    let Some(stringify) = stringify.as_callable() else {
        return Ok(inspect(value, context));
    };
    match stringify.call(&json.into(), std::slice::from_ref(value), context) {
        Ok(text) => Ok(text
            .as_string()
            .map_or_else(|| "undefined".to_owned(), |text| from_js(&text))),
        Err(error) if is_cycle(&error, context) => Ok("[Circular]".to_owned()),
        Err(error) => Err(error),
    }
}

/// Whether `JSON.stringify` threw for a cycle (boa's `TypeError`: "cyclic object value").
fn is_cycle(error: &boa_engine::JsError, context: &mut Context) -> bool {
    error
        .try_native(context)
        .is_ok_and(|native| native.message().contains("cyclic"))
}
