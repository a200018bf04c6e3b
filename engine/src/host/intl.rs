//! `Intl` and the locale methods as V8 with full ICU has them. boa's `intl` feature gives
//! `Intl` (Collator, PluralRules, DateTimeFormat, decimal NumberFormat) and wires
//! `localeCompare` and `toLocale…String` to it; what it lacks is completed here on ICU4X.
//! Natively the ICU4X data is compiled in; the Intl wasm module has the same data.

use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string,
    object::builtins::JsFunction, property::PropertyDescriptor,
};

// The parts, in files of their own beside this one (host/intl_*.rs).
#[path = "intl_date.rs"]
mod date;
#[path = "intl_date_format.rs"]
mod date_format;
#[path = "intl_date_options.rs"]
mod date_options;
#[path = "intl_display_names.rs"]
mod display_names;
#[path = "intl_locale.rs"]
mod locale;
#[path = "intl_number.rs"]
mod number;
#[path = "intl_number_options.rs"]
mod number_options;
#[path = "intl_number_parts.rs"]
mod number_parts;
#[path = "intl_number_shape.rs"]
mod number_shape;
#[path = "intl_relative_time.rs"]
mod relative_time;

/// Completes boa's `Intl` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    // boa's `intl` needs its `temporal` feature, but browsers have no `Temporal` yet: a
    // script testing for it must take the same path as in V8 and in the default module.
    context
        .global_object()
        .delete_property_or_throw(js_string!("Temporal"), context)?;
    number::install(context)?;
    relative_time::install(context)?;
    display_names::install(context)?;
    // It wraps what `number` defined.
    locale::install(context)?;
    // Last: they wrap what `locale` wrapped.
    date::install(context)?;
    date_format::install(context)
}

/// A property as built-in methods have it: writable, configurable, not enumerable.
fn builtin(value: JsValue) -> PropertyDescriptor {
    PropertyDescriptor::builder()
        .value(value)
        .writable(true)
        .enumerable(false)
        .configurable(true)
        .build()
}

/// `object[key]`, which must be an object (a built-in that boa always defines).
fn property_object(object: &JsObject, key: &str, context: &mut Context) -> JsResult<JsObject> {
    object
        .get(JsString::from(key), context)?
        .as_object()
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!("{key} is missing"))
                .into()
        })
}

/// Puts `wrapped` in place of `intl[name]`, the constructor `original`, with its prototype and
/// `supportedLocalesOf`: the objects stay the original's, so `instanceof` still holds.
fn replace_constructor(
    intl: &JsObject,
    name: &str,
    original: &JsObject,
    wrapped: JsFunction,
    context: &mut Context,
) -> JsResult<()> {
    let prototype = original.get(js_string!("prototype"), context)?;
    let supported = original.get(js_string!("supportedLocalesOf"), context)?;
    wrapped.define_property_or_throw(
        js_string!("prototype"),
        PropertyDescriptor::builder()
            .value(prototype)
            .writable(false)
            .enumerable(false)
            .configurable(false),
        context,
    )?;
    wrapped.define_property_or_throw(
        js_string!("supportedLocalesOf"),
        builtin(supported),
        context,
    )?;
    intl.define_property_or_throw(JsString::from(name), builtin(wrapped.into()), context)?;
    Ok(())
}
