//! Script failures as the author reads them: `<ErrorType>: <message> (line N)`, where N
//! is the line of the author's script (the wrapper adds no lines before it) and the
//! message is worded as V8 words it (`v8_messages.rs`), at the line V8 reports
//! (`error_site.rs`).

use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::{Context, JsError, JsValue, js_string};
use serde_json::Value;

use crate::errors::site::{Operation, Site, sites_at};
use crate::errors::v8_messages as v8;
use crate::js_text::from_js;
use crate::limits::RECURSION_MESSAGE;

/// The source name given to the author's script, to tell its frames from libraries'.
pub const SCRIPT_PATH: &str = "calculator.js";

/// A syntax error found while parsing the wrapped `script`.
pub fn syntax_error(error: &JsError, script: &str) -> String {
    let message = error
        .as_native()
        .map_or_else(|| error.to_string(), |n| n.message().to_owned());
    // boa puts the position into the message: "... at line 2, col 9".
    let Some((text, position)) = message.rsplit_once(" at line ") else {
        return format!("SyntaxError: {}", v8::syntax(&message, None));
    };
    let mut numbers = position
        .split(", col ")
        .map(|n| n.trim().parse::<u32>().ok());
    let (Some(Some(line)), column) = (numbers.next(), numbers.next().flatten()) else {
        return format!("SyntaxError: {}", v8::syntax(text, None));
    };
    let last_line = script.matches('\n').count() as u32 + 1;
    if line > last_line && (text.contains("got '") || text.contains("unexpected token '")) {
        // The wrapper's closing `})`, met where the author's script left a block or a
        // call open: V8 wraps the script the same way and stops at the same token there
        // (a missing `}` makes the wrapper's `}` close it, and its `)` is unexpected).
        return format!("SyntaxError: {} (line {line})", v8::syntax(text, None));
    }
    if line > last_line {
        // The wrapper's closing `});`: the author's script ended too early.
        let shown = script.trim_end().matches('\n').count() as u32 + 1;
        return format!("SyntaxError: Unexpected end of input (line {shown})");
    }
    if column.is_some_and(|column| after_await(script, line, column)) {
        // Outside an async function boa reads `await` as a name and stops at what
        // follows it; V8 names the `await`.
        return format!("SyntaxError: {} (line {line})", v8::AWAIT_OUTSIDE_ASYNC);
    }
    let token = column.and_then(|column| token_at(script, line, column));
    format!("SyntaxError: {} (line {line})", v8::syntax(text, token))
}

/// Whether the author's source just before `line`:`column` is the word `await`.
fn after_await(script: &str, line: u32, column: u32) -> bool {
    if line < 2 {
        return false;
    }
    let Some(text) = script.split('\n').nth(line as usize - 1) else {
        return false;
    };
    let end = text
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(text.len(), |(i, _)| i);
    let before = text[..end].trim_end();
    before.strip_suffix("await").is_some_and(|rest| {
        !rest
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
    })
}

/// The author's source from `line`:`column` to the end of that line. The wrapper's
/// opening shares line 1, whose columns are therefore not the author's.
fn token_at(script: &str, line: u32, column: u32) -> Option<&str> {
    if line < 2 {
        return None;
    }
    let text = script.split('\n').nth(line as usize - 1)?;
    let start = text
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map(|(i, _)| i)?;
    Some(&text[start..])
}

/// A runtime error thrown out of the author's script; `wrapped` is the source that ran.
/// `fields` are the inputs as the harness got them (`inputs.rs`), for the key an input
/// chose.
pub fn runtime_error(
    error: &JsError,
    wrapped: &str,
    fields: &Value,
    context: &mut Context,
) -> String {
    let frames = Frames::of(error);
    let mut line = frames.author.map(|(line, _)| line);
    let text = if let Some(engine) = error.as_engine() {
        match engine {
            EngineError::RuntimeLimit(
                RuntimeLimitError::Recursion | RuntimeLimitError::StackSize,
            ) => RECURSION_MESSAGE.to_owned(),
            other => format!("Internal error: {other}"),
        }
    } else {
        match error.try_native(context) {
            Ok(native) => {
                let kind = match native.kind().to_string().as_str() {
                    "UriError" => "URIError".to_owned(),
                    kind => kind.to_owned(),
                };
                let (message, site_line) = v8_message(native.message(), &frames, wrapped, fields);
                line = site_line.or(line);
                format!("{kind}: {message}")
            }
            Err(_) => thrown_value(error, context),
        }
    };
    match line {
        Some(line) => format!("{text} (line {line})"),
        None => text,
    }
}

/// V8's message for an error the script caught (`caught.rs`), when boa's differs: the
/// error object keeps the backtrace of where it was raised.
pub fn caught_message(
    value: &JsValue,
    wrapped: &str,
    fields: &Value,
    context: &mut Context,
) -> Option<String> {
    let frames = Frames::of(&JsError::from_opaque(value.clone()));
    frames.author?;
    let message = value
        .as_object()?
        .get(js_string!("message"), context)
        .ok()?
        .as_string()?
        .to_std_string()
        .ok()?;
    let (worded, _) = v8_message(&message, &frames, wrapped, fields);
    (worded != message).then_some(worded)
}

/// V8's wording of boa's `message`, and the line V8 reports when it differs from the
/// frame's.
fn v8_message(
    message: &str,
    frames: &Frames,
    wrapped: &str,
    fields: &Value,
) -> (String, Option<u32>) {
    let Some(at) = frames.author.filter(|_| !frames.in_library) else {
        // Thrown inside a library: the author's script has no expression that failed,
        // only the call into the library, and V8 names that call's line.
        return (
            v8::plain(message).unwrap_or_else(|| message.to_owned()),
            None,
        );
    };
    let sites = |operation| sites_at(wrapped, at, operation).unwrap_or_default();
    let line = |site: &Site| Some(site.position.0);
    if let Some(native) = &frames.native {
        // Thrown by a built-in: the call that ran it is where V8 points.
        let calls = sites(Operation::Call);
        let call = calls
            .iter()
            .rev()
            .find(|s| s.expression == *native || s.expression.ends_with(&format!(".{native}")));
        let message = if message == NULLISH_TO_OBJECT {
            "Cannot convert undefined or null to object".to_owned()
        } else {
            v8::plain(message).unwrap_or_else(|| message.to_owned())
        };
        return (message, call.and_then(line));
    }
    match message {
        NULLISH_TO_OBJECT => {
            let reads = sites(Operation::Read);
            // The method lookups of a chain (`inputs.t.trim().toLowerCase()`) share boa's
            // position. When one of them is on an input's value, an empty input is what
            // failed, and it is the first of them to run: the one written first.
            let on_input = reads
                .iter()
                .filter(|site| site.on_input)
                .min_by_key(|site| site.position);
            if let Some(site) = on_input.or(reads.first()) {
                let mut site = site.clone();
                if let Some(name) = &site.key_input {
                    site.property = input_key(fields, name);
                }
                return (v8::nullish_access(&site, false), line(&site));
            }
            if let Some(site) = sites(Operation::Write).first() {
                return (v8::nullish_access(site, true), line(site));
            }
            if let Some(site) = sites(Operation::Iterate).first() {
                return (v8::not_iterable(&site.expression), line(site));
            }
            // A built-in given null or undefined (`Object.keys(null)`).
            return (
                "Cannot convert undefined or null to object".to_owned(),
                None,
            );
        }
        "access of uninitialized binding" => {
            if let Some(site) = sites(Operation::Uninitialized).first() {
                let message = format!("Cannot access '{}' before initialization", site.expression);
                return (message, line(site));
            }
        }
        "not a callable function" => {
            if let Some(site) = sites(Operation::Call).last() {
                return (v8::not_a_function(&site.expression), line(site));
            }
        }
        CLASS_WITHOUT_NEW => {
            if let Some(site) = sites(Operation::Call).last() {
                // V8 names the class; the callee's last name is the class's here.
                let name = site.expression.rsplit('.').next().unwrap_or_default();
                let message = format!("Class constructor {name} cannot be invoked without 'new'");
                return (message, line(site));
            }
        }
        "not a constructor" => {
            if let Some(site) = sites(Operation::Construct).last() {
                return (v8::not_a_constructor(&site.expression), line(site));
            }
        }
        _ => {}
    }
    if message == MIXED_BIGINT {
        // An operator has no position of its own in boa: the one that mixed a BigInt
        // in, or the only operator there.
        let operators = sites(Operation::Binary);
        let site = operators
            .iter()
            .find(|site| site.expression == "n")
            .or(operators.first().filter(|_| operators.len() == 1));
        if let Some(site) = site {
            return (v8::plain(message).unwrap_or_default(), line(site));
        }
    }
    if message.contains("is not iterable")
        && let Some(site) = sites(Operation::Iterate).first()
    {
        return (v8::not_iterable(&site.expression), line(site));
    }
    let mapped = v8::plain(message).unwrap_or_else(|| message.to_owned());
    // Errors about a variable: boa reports them at the start of the nearest node it
    // positions, not at the variable.
    let name = message
        .strip_suffix(" is not defined")
        .or_else(|| mapped.strip_suffix(" is not defined"))
        .or_else(|| v8::uninitialized_binding(message));
    if let Some(name) = name {
        let site = sites(Operation::Name)
            .into_iter()
            .find(|s| s.expression == name);
        return (mapped, site.as_ref().and_then(line));
    }
    (mapped, None)
}

/// The property key the value of input `name` makes, as V8 prints it: a text as it is,
/// a number as JavaScript writes it; `None` for other values.
fn input_key(fields: &Value, name: &str) -> Option<String> {
    let value = fields
        .as_array()?
        .iter()
        .find(|field| field.get(0).and_then(Value::as_str) == Some(name))?
        .get(2)?;
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(n) => n.as_f64().map(crate::errors::site::js_number_text),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// boa's message for an operator given a BigInt and a number.
const MIXED_BIGINT: &str = "cannot mix BigInt and other types, use explicit conversions";

/// boa's message for a class called as a function.
const CLASS_WITHOUT_NEW: &str = "class constructor cannot be invoked without 'new'";

/// boa's message for any property access on null or undefined.
const NULLISH_TO_OBJECT: &str = "cannot convert 'null' or 'undefined' to object";

/// What the backtrace says: the built-in that threw, if the innermost frame is one,
/// whether a library's code threw, and the innermost position in the author's script.
struct Frames {
    native: Option<String>,
    in_library: bool,
    author: Option<(u32, u32)>,
}

impl Frames {
    /// Read from boa's rendering of the error: lines like `    at f (calculator.js:3:12)`
    /// or `    at toFixed (native)`, innermost first.
    fn of(error: &JsError) -> Frames {
        let marker = format!("({SCRIPT_PATH}:");
        let rendered = error.to_string();
        let mut frames = rendered
            .lines()
            .filter_map(|line| line.trim_start().strip_prefix("at "));
        let innermost = frames
            .clone()
            .next()
            .and_then(|frame| frame.split_once(" ("));
        let native = innermost
            .filter(|(_, place)| place.starts_with("native"))
            .map(|(name, _)| name.to_owned());
        let in_library = innermost.is_some_and(|(_, place)| {
            !place.starts_with("native") && !place.starts_with(&marker[1..])
        });
        let author = frames.find_map(|frame| {
            let after = &frame[frame.find(&marker)? + marker.len()..];
            let mut parts = after.trim_end_matches(')').split(':');
            Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
        });
        Frames {
            native,
            in_library,
            author,
        }
    }
}

/// `throw "oops"` shows `oops`; other thrown values show their string form (also an
/// Error whose message boa cannot read as Rust text: one with a lone surrogate).
fn thrown_value(error: &JsError, context: &mut Context) -> String {
    match error.as_opaque() {
        Some(value) => match value.as_string() {
            Some(s) => from_js(&s),
            None => value
                .to_string(context)
                .map_or_else(|_| value.display().to_string(), |s| from_js(&s)),
        },
        None => error.to_string(),
    }
}

#[cfg(test)]
mod tests;
