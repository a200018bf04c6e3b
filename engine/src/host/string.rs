//! `String.prototype.repeat` with V8's message for a count it refuses
//! (`'x'.repeat(-5)` → `RangeError: Invalid count value: -5`); boa's names neither the
//! count nor V8's words. Everything else is boa's own `repeat`.

use super::{define_builtin, native_method};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsValue, NativeFunction, js_string,
};

/// Replaces `String.prototype.repeat` in the current realm.
///
/// # Errors
/// boa refused the definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().string().prototype();
    let original = prototype
        .get(js_string!("repeat"), context)?
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("String.prototype.repeat is missing"))?;
    let repeat = NativeFunction::from_copy_closure_with_captures(repeat, original);
    let function = native_method(context, "repeat", 1, repeat);
    define_builtin(&prototype, js_string!("repeat"), function, context)
}

fn repeat(
    this: &JsValue,
    args: &[JsValue],
    original: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let count = args.get_or_undefined(0);
    // Only a primitive count is looked at here: converting an object would run its
    // `valueOf` twice. The receiver is checked first, as boa's `repeat` does.
    if !count.is_object() && !this.is_null_or_undefined() {
        let number = count.to_number(context)?;
        if number < 0.0 && number.trunc() < 0.0 || number == f64::INFINITY {
            let shown = JsValue::new(number).to_string(context)?;
            return Err(JsNativeError::range()
                .with_message(format!(
                    "Invalid count value: {}",
                    shown.to_std_string_escaped()
                ))
                .into());
        }
    }
    original.call(this, args, context)
}
