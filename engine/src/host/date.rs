//! `Date` that reads text as browsers do: `Date.parse(text)` and `new Date(text)` use
//! [`parse::parse_date`] (V8's rules, UTC where the text names no zone) instead of boa's
//! parser, which rejects forms like `12/25/2025` or `July 4, 2025`.
//!
//! `Date` becomes a thin constructor in front of boa's: it parses a lone string argument
//! itself and hands everything else through unchanged, with the same `prototype`, so
//! `instanceof Date`, subclasses, `Date.UTC`, `Date.now` and `Date()` called as a function
//! behave as before.

mod parse;
mod parts;
mod text;
mod tokens;

use super::define_builtin;
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::JsDate;
use boa_engine::property::PropertyDescriptor;
use boa_engine::value::PreferredType;
use boa_engine::{Context, JsArgs, JsResult, JsValue, NativeFunction, js_string};

/// Replaces the global `Date` and `Date.parse` in the current realm.
///
/// # Errors
/// boa refused a definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let original = context.intrinsics().constructors().date().constructor();
    let prototype = context.intrinsics().constructors().date().prototype();
    let date = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(construct))
        .name(js_string!("Date"))
        .length(7)
        .constructor(true)
        .build();
    let parse =
        FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(date_parse))
            .name(js_string!("parse"))
            .length(1)
            .build();

    let fixed = PropertyDescriptor::builder()
        .value(prototype.clone())
        .writable(false)
        .enumerable(false)
        .configurable(false);
    date.define_property_or_throw(js_string!("prototype"), fixed, context)?;
    define_builtin(&date, js_string!("parse"), parse, context)?;
    for name in [js_string!("now"), js_string!("UTC")] {
        let method = original.get(name.clone(), context)?;
        define_builtin(&date, name, method, context)?;
    }
    define_builtin(&prototype, js_string!("constructor"), date.clone(), context)?;
    text::install(&prototype, context)?;
    let global = context.global_object();
    define_builtin(&global, js_string!("Date"), date, context)
}

/// `Date(...)` and `new Date(...)`: only a single non-Date argument that is (or converts
/// to) a string is handled here; it becomes the time value parsed from it.
fn construct(new_target: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let original = context.intrinsics().constructors().date().constructor();
    let Some(new_target) = new_target.as_object() else {
        // Called as a function: the current time as text, whatever the arguments.
        let now = original.call(&JsValue::undefined(), args, context)?;
        return Ok(text::with_zone_name(now));
    };
    let converted;
    let args = match args {
        [value]
            if value
                .as_object()
                .is_none_or(|o| JsDate::from_object(o).is_err()) =>
        {
            // The conversion the specification makes, once, so a valueOf runs only once.
            let primitive = value.to_primitive(context, PreferredType::Default)?;
            let time = match primitive.as_string() {
                Some(text) => JsValue::new(parse::parse_date(&text.to_vec())),
                None => primitive,
            };
            converted = [time];
            &converted[..]
        }
        _ => args,
    };
    Ok(original.construct(args, Some(&new_target), context)?.into())
}

/// `Date.parse(text)`.
fn date_parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = args.get_or_undefined(0).to_string(context)?;
    Ok(JsValue::new(parse::parse_date(&text.to_vec())))
}
