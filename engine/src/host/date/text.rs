//! A date as text ends with the zone's long name in parentheses, as V8 writes it:
//! `String(date)`, `date.toString()`, `date.toTimeString()` and `Date()` give
//! `Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)`; boa stops after
//! the offset. The engine's local time is always UTC, so the name is always that one.

use crate::host::{define_builtin, native_method};
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// V8's long name of the only zone a calculation runs in.
const ZONE_NAME: &str = " (Coordinated Universal Time)";

/// Replaces `toString` and `toTimeString` on `Date.prototype`.
///
/// # Errors
/// boa refused a definition.
pub(super) fn install(prototype: &JsObject, context: &mut Context) -> JsResult<()> {
    for name in ["toString", "toTimeString"] {
        let key = JsString::from(name);
        let original = prototype
            .get(key.clone(), context)?
            .as_object()
            .ok_or_else(|| JsNativeError::typ().with_message("a Date method is missing"))?;
        let method = NativeFunction::from_copy_closure_with_captures(named, original);
        let function = native_method(context, name, 0, method);
        define_builtin(prototype, key, function, context)?;
    }
    Ok(())
}

fn named(
    this: &JsValue,
    args: &[JsValue],
    original: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    Ok(with_zone_name(original.call(this, args, context)?))
}

/// boa's text of a date with the zone's name added after its offset (an invalid date's
/// `Invalid Date` stays as it is).
pub(super) fn with_zone_name(text: JsValue) -> JsValue {
    match text.as_string() {
        Some(s) if s.to_std_string_escaped().ends_with("GMT+0000") => {
            let mut named = s.to_vec();
            named.extend(ZONE_NAME.encode_utf16());
            JsString::from(named.as_slice()).into()
        }
        _ => text,
    }
}
