//! `RegExp` with V8's words for a pattern or flags it refuses. A pattern a visitor types
//! (`new RegExp(inputs.filter, 'g')`) fails in boa as `failed to create matcher: Unbalanced
//! parenthesis`; V8 says `Invalid regular expression: /(abc/g: Unterminated group`, naming
//! the pattern and its flags, and that is what authors search for.
//!
//! The global `RegExp` becomes a proxy of boa's constructor that only rewords a refusal.
//! Everything else reaches boa's constructor unchanged: `instanceof RegExp`, `RegExp.prototype`,
//! the statics, and regular expression literals (which never pass through the global).
//! `RegExp.prototype.constructor` is the proxy too, so `/a/.constructor === RegExp`.

use super::define_builtin;
use boa_engine::error::JsNativeErrorKind;
use boa_engine::object::builtins::{JsArray, JsProxy, JsRegExp};
use boa_engine::{Context, JsArgs, JsError, JsNativeError, JsResult, JsValue, js_string};

/// Replaces the global `RegExp` in the current realm.
///
/// # Errors
/// boa refused the definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let original = context.intrinsics().constructors().regexp().constructor();
    let prototype = context.intrinsics().constructors().regexp().prototype();
    let proxy = JsProxy::builder(original)
        .construct(construct)
        .apply(apply)
        .build(context)?;
    // `/a/.constructor === RegExp`, as in a browser; `split` and `matchAll` then make
    // their copies through the proxy too.
    define_builtin(
        &prototype,
        js_string!("constructor"),
        proxy.clone(),
        context,
    )?;
    let global = context.global_object();
    define_builtin(&global, js_string!("RegExp"), proxy, context)
}

/// The proxy's `construct` trap: `[target, arguments, newTarget]`.
fn construct(_: &JsValue, trap: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (target, args) = target_and_arguments(trap, 1, context)?;
    let new_target = trap.get_or_undefined(2).as_object();
    match target.construct(&args, new_target.as_ref(), context) {
        Ok(object) => Ok(object.into()),
        Err(error) => Err(in_v8_words(error, &args, context)),
    }
}

/// The proxy's `apply` trap (`RegExp('a+')` without `new`): `[target, this, arguments]`.
fn apply(_: &JsValue, trap: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (target, args) = target_and_arguments(trap, 2, context)?;
    target
        .call(trap.get_or_undefined(1), &args, context)
        .map_err(|error| in_v8_words(error, &args, context))
}

fn target_and_arguments(
    trap: &[JsValue],
    arguments_at: usize,
    context: &mut Context,
) -> JsResult<(boa_engine::JsObject, Vec<JsValue>)> {
    let missing = || JsNativeError::typ().with_message("RegExp's proxy lost its target");
    let target = trap
        .first()
        .and_then(JsValue::as_object)
        .ok_or_else(missing)?;
    let list = trap
        .get_or_undefined(arguments_at)
        .as_object()
        .ok_or_else(missing)?;
    let list = JsArray::from_object(list)?;
    let length = list.length(context)?;
    let args = (0..length)
        .map(|i| list.get(i, context))
        .collect::<JsResult<Vec<_>>>()?;
    Ok((target, args))
}

/// boa's refusal of `args` reworded as V8 words it; any other error unchanged.
fn in_v8_words(error: JsError, args: &[JsValue], context: &mut Context) -> JsError {
    let Some(native) = error.as_native() else {
        return error;
    };
    if !matches!(native.kind(), JsNativeErrorKind::Syntax) {
        return error;
    }
    let message = native.message().to_owned();
    let Ok((pattern, flags)) = pattern_and_flags(args, context) else {
        return error;
    };
    let v8 = if let Some(reason) = message.strip_prefix("failed to create matcher: ") {
        format!(
            "Invalid regular expression: /{pattern}/{flags}: {}",
            reason_in_v8_words(reason, &pattern, &flags)
        )
    } else if message.starts_with("invalid regular expression flag")
        || message.starts_with("repeated regular expression flag")
        || message.starts_with("cannot use both 'u' and 'v' flags")
    {
        format!("Invalid flags supplied to RegExp constructor '{flags}'")
    } else {
        return error;
    };
    JsNativeError::syntax().with_message(v8).into()
}

/// The pattern and flags as the constructor read them: a RegExp argument gives its own
/// source and flags unless flags are passed.
fn pattern_and_flags(args: &[JsValue], context: &mut Context) -> JsResult<(String, String)> {
    let (pattern, flags) = (args.get_or_undefined(0), args.get_or_undefined(1));
    let regexp = pattern
        .as_object()
        .and_then(|object| JsRegExp::from_object(object).ok());
    let text = |value: &JsValue, context: &mut Context| -> JsResult<String> {
        Ok(if value.is_undefined() {
            String::new()
        } else {
            value.to_string(context)?.to_std_string_lossy()
        })
    };
    let pattern_text = match &regexp {
        Some(regexp) => regexp.source(context)?,
        None => text(pattern, context)?,
    };
    let flags_text = match &regexp {
        Some(regexp) if flags.is_undefined() => regexp.flags(context)?,
        _ => text(flags, context)?,
    };
    Ok((pattern_text, flags_text))
}

/// regress's reason for refusing `pattern` (shown as it is, between slashes, as V8 shows
/// it), in V8's words (Node 20's, checked with
/// `node -e "new RegExp(p, f)"`); a reason V8 has no single word for keeps regress's.
fn reason_in_v8_words(reason: &str, pattern: &str, flags: &str) -> String {
    let unicode = flags.contains('u') || flags.contains('v');
    let v8 = match reason {
        "Unbalanced parenthesis" if unmatched_close(pattern) => "Unmatched ')'",
        "Unbalanced parenthesis" => "Unterminated group",
        "Unbalanced bracket" | "Unbalanced class set bracket" => "Unterminated character class",
        "Invalid atom character" if unicode && lone_bracket(pattern) => "Lone quantifier brackets",
        "Invalid atom character" => "Nothing to repeat",
        "Quantifier not allowed here" => "Invalid quantifier",
        "Invalid quantifier" => "numbers out of order in {} quantifier",
        "Invalid braced quantifier" => "Incomplete quantifier",
        "Incomplete escape" => "\\ at end of pattern",
        "Range values reversed, start char code is greater than end char code." => {
            "Range out of order in character class"
        }
        "Invalid character range" => "Invalid character class",
        "Duplicate capture group name" => "Duplicate capture group name",
        "Invalid token at named capture group identifier" => "Invalid capture group name",
        "Invalid named backreference syntax" => "Invalid named capture referenced",
        "Invalid character escape" => "Invalid escape",
        "Invalid unicode escape" => "Invalid Unicode escape",
        "Invalid property name" | "Invalid character at property escape start" => {
            "Invalid property name"
        }
        other => other,
    };
    v8.to_owned()
}

/// The pattern's characters that are syntax: not escaped, and not inside a character
/// class (a class's own `[` and `]` are left out too; a `]` with no class open is kept).
fn syntax_characters(pattern: &str) -> impl Iterator<Item = char> + '_ {
    let (mut escaped, mut in_class) = (false, false);
    pattern.chars().filter(move |&c| {
        if escaped {
            escaped = false;
            return false;
        }
        match c {
            '\\' => escaped = true,
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            _ => return !in_class,
        }
        false
    })
}

/// Whether a `)` comes with no group open.
fn unmatched_close(pattern: &str) -> bool {
    let mut depth = 0usize;
    syntax_characters(pattern).any(|c| match c {
        '(' => {
            depth += 1;
            false
        }
        ')' => match depth.checked_sub(1) {
            Some(d) => {
                depth = d;
                false
            }
            None => true,
        },
        _ => false,
    })
}

/// Whether a `{`, `}` or `]` stands alone, which the `u` flag forbids.
fn lone_bracket(pattern: &str) -> bool {
    syntax_characters(pattern).any(|c| matches!(c, '{' | '}' | ']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_close_with_no_group_open_is_told_from_an_open_group() {
        assert!(unmatched_close(r"\d+)"));
        assert!(unmatched_close("(a))"));
        assert!(!unmatched_close("(ab"));
        assert!(unmatched_close(r"\(a\)b)("));
        assert!(!unmatched_close("[)](a"));
        assert!(!unmatched_close(r"(a\)"));
    }

    #[test]
    fn lone_brackets_are_outside_classes_and_unescaped() {
        assert!(lone_bracket("a{"));
        assert!(lone_bracket("a]"));
        assert!(!lone_bracket("[{}]"));
        assert!(!lone_bracket(r"\{a\}"));
        assert!(!lone_bracket("*a"));
    }

    #[test]
    fn regress_reasons_read_as_v8s() {
        let reason = |r, p, f| reason_in_v8_words(r, p, f);
        assert_eq!(
            reason("Unbalanced parenthesis", "(ap", "gi"),
            "Unterminated group"
        );
        assert_eq!(
            reason("Unbalanced parenthesis", r"\d+)", "g"),
            "Unmatched ')'"
        );
        assert_eq!(
            reason("Invalid atom character", "*.pdf", "i"),
            "Nothing to repeat"
        );
        assert_eq!(
            reason("Invalid atom character", "{", "u"),
            "Lone quantifier brackets"
        );
        assert_eq!(
            reason("Unbalanced bracket", "[abc", ""),
            "Unterminated character class"
        );
        assert_eq!(reason("Something new", "x", ""), "Something new");
    }
}
