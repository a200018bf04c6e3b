//! Converting an object to a primitive (`'' + o`, `o * 2`, `String(o)`) without boa's
//! cycle guard.
//!
//! boa 0.22's `OrdinaryToPrimitive` answers `0` (or `""`) when it meets an object it is
//! already converting, so `o.toString = function () { return '' + o; }` makes `'' + o`
//! `"0"` where V8 throws `RangeError: Maximum call stack size exceeded`. boa consults
//! `@@toPrimitive` before that guard, so `Object.prototype[Symbol.toPrimitive]` here does
//! the spec's `OrdinaryToPrimitive` itself; a self-recursive conversion then recurses
//! until the engine's recursion limit stops it, like any other runaway recursion. Objects
//! with their own `@@toPrimitive` (dates, symbols) keep it. The one visible trace is the
//! extra symbol-keyed, non-enumerable property on `Object.prototype`.

use std::cell::Cell;

use boa_engine::error::RuntimeLimitError;
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsNativeError, JsResult, JsSymbol, JsValue, NativeFunction, js_string};

/// How deep conversions may nest. Each level runs through several native frames, which in
/// wasm live on the browser's own stack (about 1 MB, far less than the engine's recursion
/// limit needs); the result — V8's RangeError — is the same as at V8's own depth.
const NESTING_LIMIT: usize = 400;

thread_local! {
    /// How many conversions are running inside one another on this thread.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
}

/// Installs `Object.prototype[Symbol.toPrimitive]` in the current realm.
///
/// # Errors
/// boa refused the definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().object().prototype();
    let function =
        FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(to_primitive))
            .name(js_string!("[Symbol.toPrimitive]"))
            .length(1)
            .build();
    prototype.define_property_or_throw(
        JsSymbol::to_primitive(),
        PropertyDescriptor::builder()
            .value(function)
            .writable(false)
            .enumerable(false)
            .configurable(true),
        context,
    )?;
    Ok(())
}

/// Counts one conversion in progress for as long as it lives.
struct Nested;

impl Nested {
    /// Every nested conversion runs through native frames, which the script's recursion
    /// limit does not see; past [`NESTING_LIMIT`] it is the recursion limit's error.
    fn enter() -> JsResult<Nested> {
        let depth = DEPTH.get();
        if depth >= NESTING_LIMIT {
            return Err(RuntimeLimitError::Recursion.into());
        }
        DEPTH.set(depth + 1);
        Ok(Nested)
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        DEPTH.set(DEPTH.get().saturating_sub(1));
    }
}

/// `OrdinaryToPrimitive(this, hint)`: `toString` then `valueOf` for the hint
/// `"string"`, the other way round for `"number"` and `"default"`.
fn to_primitive(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(object) = this.as_object() else {
        return Ok(this.clone());
    };
    let _nested = Nested::enter()?;
    let string_first = args
        .first()
        .and_then(JsValue::as_string)
        .is_some_and(|hint| hint == js_string!("string"));
    let names = if string_first {
        [js_string!("toString"), js_string!("valueOf")]
    } else {
        [js_string!("valueOf"), js_string!("toString")]
    };
    for name in names {
        let method = object.get(name, context)?;
        if let Some(method) = method.as_callable() {
            let result = method.call(this, &[], context)?;
            if !result.is_object() {
                return Ok(result);
            }
        }
    }
    Err(JsNativeError::typ()
        .with_message("Cannot convert object to primitive value")
        .into())
}
