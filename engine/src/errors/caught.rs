//! V8's words for an error the script catches itself (`catch (e) { note = e.message }`).
//!
//! boa makes the error object where it raises the error, with its own message, and has no
//! hook there. So each `catch (e) {` of the script gets a call at the start of its block,
//! `e?.__calcsmith_caught?.();` (on the same line: lines stay the author's), a method of
//! `Error.prototype` that no name of the script can shadow and no global lists, and that
//! call rewords the message as an uncaught error's would be (`script.rs`), from the
//! backtrace the error object keeps and the script that ran.

use std::cell::RefCell;

use boa_engine::property::PropertyDescriptor;
use boa_engine::{
    Context, JsResult, JsString, JsValue, NativeFunction, js_string, object::FunctionObjectBuilder,
};
use serde_json::Value;

use crate::errors::script::caught_message;
use crate::errors::site::catch_bindings;

/// The method of `Error.prototype` the calls name: neither writable, enumerable nor
/// configurable.
pub const CAUGHT_METHOD: &str = "__calcsmith_caught";

thread_local! {
    /// The source that runs (as `with_calls` made it) and the inputs as the harness got
    /// them, for the calls made during the current run.
    static RUN: RefCell<Option<(String, Value)>> = const { RefCell::new(None) };
}

/// Records what the next run's calls reword against.
pub fn set_run(wrapped: &str, fields: &Value) {
    RUN.with_borrow_mut(|run| *run = Some((wrapped.to_owned(), fields.clone())));
}

/// Defines [`CAUGHT_METHOD`] in the current realm.
///
/// # Errors
/// boa refused the definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    let function = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(reword))
        .name(JsString::from(CAUGHT_METHOD))
        .length(0)
        .build();
    let prototype = context.intrinsics().constructors().error().prototype();
    prototype.define_property_or_throw(
        js_string!(CAUGHT_METHOD),
        PropertyDescriptor::builder()
            .value(function)
            .writable(false)
            .enumerable(false)
            .configurable(false),
        context,
    )?;
    Ok(())
}

/// `e.__calcsmith_caught()`: gives the error `e` V8's message when boa's differs.
fn reword(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let error = this;
    let Some(object) = error.as_object() else {
        return Ok(JsValue::undefined());
    };
    let message = RUN.with_borrow(|run| {
        let (wrapped, fields) = run.as_ref()?;
        caught_message(error, wrapped, fields, context)
    });
    if let Some(message) = message {
        object.set(
            js_string!("message"),
            JsString::from(message.as_str()),
            false,
            context,
        )?;
    }
    Ok(JsValue::undefined())
}

/// `wrapped` with a call to [`CAUGHT_METHOD`] at the start of each block that catches into
/// a name, or `None` when it has none (or does not parse: its syntax error is reported as
/// it is).
pub fn with_calls(wrapped: &str) -> Option<String> {
    if !wrapped.contains("catch") {
        return None;
    }
    let mut inserts: Vec<(usize, String)> = catch_bindings(wrapped)?
        .iter()
        .filter_map(|(position, name)| {
            let brace = block_start(wrapped, *position, name)?;
            Some((brace + 1, format!("{name}?.{CAUGHT_METHOD}?.();")))
        })
        .collect();
    if inserts.is_empty() {
        return None;
    }
    inserts.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    let mut text = wrapped.to_owned();
    for (at, call) in inserts {
        text.insert_str(at, &call);
    }
    Some(text)
}

/// The byte offset of the `{` that opens the block after the parameter `name` at
/// `(line, column)` (`catch (e) {`), or `None` when the text there is not that.
fn block_start(source: &str, (line, column): (u32, u32), name: &str) -> Option<usize> {
    let line_start = match line {
        0 | 1 => 0,
        line => source.match_indices('\n').nth(line as usize - 2)?.0 + 1,
    };
    let text = &source[line_start..];
    let before = column.checked_sub(1)? as usize;
    // boa counts a column in characters, or in UTF-16 units where it reads the source as
    // UTF-16 (the wasm modules' patched parser): the name is at one of the two.
    let by_chars = text.char_indices().nth(before).map(|(at, _)| at);
    let by_units = text
        .char_indices()
        .scan(0, |units, (at, c)| {
            let here = *units;
            *units += c.len_utf16();
            Some((here, at))
        })
        .find(|(units, _)| *units == before)
        .map(|(_, at)| at);
    let brace_after = |at: usize| {
        let after = source[line_start + at..].strip_prefix(name)?;
        let block = blank_skipped(blank_skipped(after).strip_prefix(')')?).strip_prefix('{')?;
        Some(source.len() - block.len() - 1)
    };
    [by_chars, by_units]
        .into_iter()
        .flatten()
        .find_map(brace_after)
}

/// `text` after its leading white space and comments.
fn blank_skipped(mut text: &str) -> &str {
    loop {
        text = text.trim_start();
        if let Some(rest) = text.strip_prefix("//") {
            text = rest.find('\n').map_or("", |end| &rest[end..]);
        } else if let Some(rest) = text.strip_prefix("/*") {
            text = rest.find("*/").map_or("", |end| &rest[end + 2..]);
        } else {
            return text;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::with_calls;

    #[test]
    fn each_catch_into_a_name_calls_the_global_on_its_own_line() {
        let source = "(function () {\ntry { f(); } catch (e) { g(e); }\ntry { h(); } catch ({ message }) {}\ntry {} catch {}\n  try { x(); }\n  catch ( err )\n  {\n  }\n});";
        let called = with_calls(source).expect("it has catches");
        assert_eq!(
            called,
            "(function () {\ntry { f(); } catch (e) {e?.__calcsmith_caught?.(); g(e); }\ntry { h(); } catch ({ message }) {}\ntry {} catch {}\n  try { x(); }\n  catch ( err )\n  {err?.__calcsmith_caught?.();\n  }\n});"
        );
        assert_eq!(called.lines().count(), source.lines().count());
        // Columns after an emoji (a character, or two UTF-16 units), comments in the way.
        let emoji =
            "(function () { '😀'; try {} catch (e) /* why */ { }\ntry {} catch (e // …\n) {}\n});";
        assert_eq!(
            with_calls(emoji).as_deref(),
            Some(
                "(function () { '😀'; try {} catch (e) /* why */ {e?.__calcsmith_caught?.(); }\ntry {} catch (e // …\n) {e?.__calcsmith_caught?.();}\n});"
            )
        );
        assert_eq!(
            with_calls("(function () { return 'no catch here'; });"),
            None
        );
        assert_eq!(with_calls("(function () { catch (e) {} });"), None);
    }
}
