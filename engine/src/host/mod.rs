//! What the engine adds to or replaces in boa's standard library so that a script behaves
//! as it does in a browser (V8). Each topic is a file; [`install`] puts them all into the
//! context's current realm, once per realm, before the harness and any library run.

mod date;
mod math;
mod number;
mod regexp;
mod sort;
mod string;
mod to_primitive;

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::JsFunction;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

pub mod console;
mod inspect;
mod json;

// Off by default until the browser has it too (see docs/engine.md, "Intl"): every face must
// give the same answer.
#[cfg(feature = "intl")]
mod intl;
#[cfg(feature = "intl_data")]
pub use intl::cldr_names::name_parts as intl_name_parts;
// The Intl module's locale data in per-language parts (the browser fetches the languages a
// calculation asks for).
#[cfg(feature = "intl")]
pub mod intl_data;

/// Installs the engine's own built-ins into `context`'s current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    math::install(context)?;
    date::install(context)?;
    number::install(context)?;
    sort::install(context)?;
    string::install(context)?;
    regexp::install(context)?;
    to_primitive::install(context)?;
    console::install(context)?;
    json::install(context)?;
    crate::errors::caught::install(context)?;
    #[cfg(feature = "intl")]
    intl::install(context)?;
    Ok(())
}

/// A native function object named `name` that takes `length` arguments, as built-in
/// methods are made.
pub(crate) fn native_method(
    context: &mut Context,
    name: &str,
    length: usize,
    function: NativeFunction,
) -> JsFunction {
    FunctionObjectBuilder::new(context.realm(), function)
        .name(JsString::from(name))
        .length(length)
        .build()
}

/// Defines `target[name]` the way built-ins have their properties: writable,
/// configurable, not enumerable.
pub(crate) fn define_builtin(
    target: &JsObject,
    name: impl Into<PropertyKey>,
    value: impl Into<JsValue>,
    context: &mut Context,
) -> JsResult<()> {
    let descriptor = PropertyDescriptor::builder()
        .value(value)
        .writable(true)
        .enumerable(false)
        .configurable(true);
    target.define_property_or_throw(name, descriptor, context)?;
    Ok(())
}
