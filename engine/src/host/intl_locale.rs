//! The default locale is `en-US` on every face. boa takes it from the host (`LANG` natively,
//! nothing in wasm, which gives the root locale: `2026-11-26` dates, `other` for every plural),
//! so the locale-taking built-ins are wrapped to pass `en-US` when a script gives no locale.

use super::{builtin, property_object, replace_constructor};
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string,
    object::{FunctionObjectBuilder, builtins::JsFunction},
};

/// What `new Intl.Collator()`, `toLocaleString()` and `localeCompare(b)` use (V8's default
/// under the reference's `LC_ALL=en_US.UTF-8`).
pub(super) const DEFAULT_LOCALE: &str = "en-US";

/// Wraps the `Intl` constructors and the locale methods of the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    for name in [
        "Collator",
        "DateTimeFormat",
        "NumberFormat",
        "PluralRules",
        "ListFormat",
        "Segmenter",
    ] {
        wrap_constructor(&intl, name, context)?;
    }
    let date = context.intrinsics().constructors().date().prototype();
    for name in ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] {
        wrap_method(&date, name, 0, context)?;
    }
    let number = context.intrinsics().constructors().number().prototype();
    wrap_method(&number, "toLocaleString", 0, context)?;
    let string = context.intrinsics().constructors().string().prototype();
    wrap_method(&string, "localeCompare", 1, context)?;
    let array = context.intrinsics().constructors().array().prototype();
    let to_locale_string = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_fn_ptr(array_to_locale_string),
    )
    .name(js_string!("toLocaleString"))
    .length(0)
    .build();
    array.define_property_or_throw(
        js_string!("toLocaleString"),
        builtin(to_locale_string.into()),
        context,
    )?;
    Ok(())
}

/// `Array.prototype.toLocaleString(locales, options)` with V8's separator, `,` (boa's is
/// `, `): each element's own `toLocaleString(locales, options)`, `null` and `undefined` as
/// nothing.
fn array_to_locale_string(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let array = this.to_object(context)?;
    let length = array
        .get(js_string!("length"), context)?
        .to_length(context)?;
    let mut text = String::new();
    for index in 0..length {
        if index > 0 {
            text.push(',');
        }
        let element = array.get(index, context)?;
        if element.is_null_or_undefined() {
            continue;
        }
        let method = element
            .to_object(context)?
            .get(js_string!("toLocaleString"), context)?;
        let Some(method) = method.as_object().and_then(JsFunction::from_object) else {
            return Err(JsNativeError::typ()
                .with_message("toLocaleString is not a function")
                .into());
        };
        let part = method.call(&element, args, context)?.to_string(context)?;
        text.push_str(&part.to_std_string_escaped());
    }
    Ok(JsString::from(text.as_str()).into())
}

fn property_function(object: &JsObject, key: &str, context: &mut Context) -> JsResult<JsFunction> {
    property_object(object, key, context)
        .ok()
        .and_then(JsFunction::from_object)
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!("{key} is not a function"))
                .into()
        })
}

/// `args` with the default locale at `index` when the script passed none (or `undefined`).
fn with_default_locale(args: &[JsValue], index: usize) -> Vec<JsValue> {
    let mut args = args.to_vec();
    if args.len() <= index {
        args.resize(index + 1, JsValue::undefined());
    }
    if args[index].is_undefined() {
        args[index] = js_string!(DEFAULT_LOCALE).into();
    }
    args
}

fn wrap_method(object: &JsObject, name: &str, index: usize, context: &mut Context) -> JsResult<()> {
    let original = property_function(object, name, context)?;
    let length = original
        .get(js_string!("length"), context)?
        .to_length(context)?;
    let wrapped = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, args, (original, index), context| {
                original.call(this, &with_default_locale(args, *index), context)
            },
            (original, index),
        ),
    )
    .name(JsString::from(name))
    .length(usize::try_from(length).unwrap_or(0))
    .build();
    object.define_property_or_throw(JsString::from(name), builtin(wrapped.into()), context)?;
    Ok(())
}

fn wrap_constructor(intl: &JsObject, name: &str, context: &mut Context) -> JsResult<()> {
    let original = property_object(intl, name, context)?;
    let wrapped = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, original, context| {
                let object = original.construct(&with_default_locale(args, 0), None, context)?;
                Ok(object.into())
            },
            original.clone(),
        ),
    )
    .name(JsString::from(name))
    .length(0)
    .constructor(true)
    .build();
    replace_constructor(intl, name, &original, wrapped, context)
}

/// The locale and numbering system boa's `Intl.NumberFormat` (`number_format`) resolves for
/// `locales` (`en-US` when undefined) and a `numberingSystem` option, with that format's
/// `format`: how Intl objects boa lacks find the locale boa would use.
///
/// # Errors
/// The locales are invalid (boa's `RangeError`).
pub(super) fn resolve(
    number_format: &JsObject,
    locales: &JsValue,
    numbering_system: JsValue,
    context: &mut Context,
) -> JsResult<(String, String, JsFunction)> {
    let locales = if locales.is_undefined() {
        js_string!(DEFAULT_LOCALE).into()
    } else {
        locales.clone()
    };
    let options = JsObject::with_object_proto(context.intrinsics());
    if !numbering_system.is_undefined() {
        options.set(
            js_string!("numberingSystem"),
            numbering_system,
            true,
            context,
        )?;
    }
    let plain = number_format.construct(&[locales, options.into()], None, context)?;
    let resolved_options = property_function(&plain, "resolvedOptions", context)?;
    let resolved = resolved_options.call(&plain.clone().into(), &[], context)?;
    let resolved = resolved
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("resolvedOptions is not an object"))?;
    let text = |key: &str, context: &mut Context| -> JsResult<String> {
        let value = resolved.get(JsString::from(key), context)?;
        Ok(value.to_string(context)?.to_std_string_escaped())
    };
    let locale = text("locale", context)?;
    let numbering_system = text("numberingSystem", context)?;
    let format = property_function(&plain, "format", context)?;
    Ok((locale, numbering_system, format))
}
