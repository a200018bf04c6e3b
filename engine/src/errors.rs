//! Script failures as the author reads them: `<ErrorType>: <message> (line N)`, where N
//! is the line of the author's script (the wrapper adds no lines before it).

use boa_engine::error::{EngineError, RuntimeLimitError};
use boa_engine::{Context, JsError};

use crate::limits::RECURSION_MESSAGE;

/// The source name given to the author's script, to tell its frames from libraries'.
pub const SCRIPT_PATH: &str = "calculator.js";

/// A syntax error found while parsing the wrapped script.
pub fn syntax_error(error: &JsError) -> String {
    let message = error
        .as_native()
        .map_or_else(|| error.to_string(), |n| n.message().to_owned());
    // boa puts the position into the message: "... at line 2, col 9".
    match message.rsplit_once(" at line ") {
        Some((text, position)) => {
            let line = position.split(',').next().unwrap_or(position).trim();
            format!("SyntaxError: {text} (line {line})")
        }
        None => format!("SyntaxError: {message}"),
    }
}

/// A runtime error thrown out of the author's script; `wrapped` is the source that ran.
pub fn runtime_error(error: &JsError, wrapped: &str, context: &mut Context) -> String {
    let mut line = author_position(error).map(|(line, _)| line);
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
                if let Some(name) = undefined_name(native.message())
                    && let Some((from_line, from_column)) = author_position(error)
                {
                    line = first_use(wrapped, name, from_line, from_column).or(line);
                }
                format!("{}: {}", native.kind(), native.message())
            }
            Err(_) => thrown_value(error, context),
        }
    };
    match line {
        Some(line) => format!("{text} (line {line})"),
        None => text,
    }
}

/// `throw "oops"` shows `oops`; other thrown values show their string form.
fn thrown_value(error: &JsError, context: &mut Context) -> String {
    match error.as_opaque() {
        Some(value) => match value.as_string() {
            Some(s) => s.to_std_string_escaped(),
            None => value.to_string(context).map_or_else(
                |_| value.display().to_string(),
                |s| s.to_std_string_escaped(),
            ),
        },
        None => error.to_string(),
    }
}

/// The innermost backtrace frame in the author's script, from boa's rendering of the
/// error: lines like `    at f (calculator.js:3:12)`.
fn author_position(error: &JsError) -> Option<(u32, u32)> {
    let marker = format!("({SCRIPT_PATH}:");
    error.to_string().lines().find_map(|line| {
        let position = line.trim_start().strip_prefix("at ")?;
        let after = &position[position.find(&marker)? + marker.len()..];
        let mut parts = after.trim_end_matches(')').split(':');
        Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
    })
}

/// The name in boa's "`x` is not defined" message.
fn undefined_name(message: &str) -> Option<&str> {
    message.strip_suffix(" is not defined")
}

/// boa reports an unresolvable name at the start of the function that used it, not at
/// the use. The first whole-word use of the name from there on is where the author
/// wrote it.
fn first_use(source: &str, name: &str, from_line: u32, from_column: u32) -> Option<u32> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    source
        .lines()
        .enumerate()
        .skip(from_line.saturating_sub(1) as usize)
        .find_map(|(index, text)| {
            let start = if index + 1 == from_line as usize {
                text.char_indices()
                    .nth(from_column.saturating_sub(1) as usize)
                    .map_or(text.len(), |(i, _)| i)
            } else {
                0
            };
            let found = text[start..].match_indices(name).any(|(at, _)| {
                let at = start + at;
                let before = text[..at].chars().next_back();
                let after = text[at + name.len()..].chars().next();
                !before.is_some_and(is_word) && !after.is_some_and(is_word)
            });
            found.then_some(index as u32 + 1)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undefined_name_is_found_on_its_own_line() {
        let source = "run(function () {'use strict';\nvar total = 1;\nreturn totals + total;\n})";
        assert_eq!(first_use(source, "totals", 1, 14), Some(3));
    }

    #[test]
    fn a_longer_name_containing_the_name_is_not_a_use() {
        let source = "f(function () {\nvar ab = 1;\nreturn a;\n})";
        assert_eq!(first_use(source, "a", 1, 3), Some(3));
    }

    #[test]
    fn syntax_errors_name_the_line_from_boas_message() {
        let error = JsError::from_native(
            boa_engine::JsNativeError::syntax()
                .with_message("unexpected token ';', primary expression at line 3, col 13"),
        );
        assert_eq!(
            syntax_error(&error),
            "SyntaxError: unexpected token ';', primary expression (line 3)"
        );
    }
}
