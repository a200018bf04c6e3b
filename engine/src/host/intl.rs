//! `Intl` and the locale methods as V8 with full ICU has them. boa's `intl` feature gives
//! `Intl` (Collator, PluralRules, DateTimeFormat, decimal NumberFormat) and wires
//! `localeCompare` and `toLocale…String` to it; what it lacks is completed here on ICU4X.
//! Natively the ICU4X data is compiled in; the Intl wasm module has the same data.

use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
    object::{
        FunctionObjectBuilder,
        builtins::{JsArray, JsFunction, JsWeakMap},
    },
    property::PropertyDescriptor,
};

// The parts, in files of their own beside this one (host/intl_*.rs).
#[path = "intl_cldr_names.rs"]
pub(crate) mod cldr_names;
#[path = "intl_date.rs"]
mod date;
#[path = "intl_date_fields.rs"]
mod date_fields;
#[path = "intl_date_format.rs"]
mod date_format;
#[path = "intl_date_options.rs"]
mod date_options;
#[path = "intl_date_pattern.rs"]
mod date_pattern;
#[path = "intl_date_period.rs"]
mod date_period;
#[path = "intl_date_sink.rs"]
mod date_sink;
#[path = "intl_date_zone.rs"]
mod date_zone;
#[path = "intl_date_zone_name.rs"]
mod date_zone_name;
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
#[path = "intl_supported_values.rs"]
mod supported_values;
#[path = "intl_unit.rs"]
pub(crate) mod unit;

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
    supported_values::install(context)?;
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

/// An `Intl` service that boa lacks and this module defines: its objects keep their
/// resolved options as texts in a `WeakMap` (a host object of our own would need boa's
/// internal slots), and its methods read them back.
pub(super) trait SettingsClass: Sized + 'static {
    /// The constructor's name, `Intl.NAME`.
    const NAME: &'static str;
    /// The constructor's `length`.
    const LENGTH: usize;
    /// The settings of a new object, from `(locales, options)`; `number_format` is boa's
    /// `Intl.NumberFormat`, which resolves locales.
    ///
    /// # Errors
    /// V8's errors for options it refuses.
    fn read(
        number_format: &JsObject,
        locales: &JsValue,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<Self>;
    /// The settings as the texts the `WeakMap` keeps, in a fixed order.
    fn to_texts(&self) -> Vec<String>;
    /// The settings back from `to_texts`' texts.
    fn from_texts(texts: Vec<String>) -> Self;
    /// The prototype's methods, with their `length`.
    fn methods() -> Vec<(&'static str, usize, SettingsMethod<Self>)>;
}

/// A prototype method of a [`SettingsClass`], called with the receiver's settings.
pub(super) type SettingsMethod<S> = fn(&S, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// Defines `Intl[C::NAME]` in the current realm: a constructor that requires `new`, with
/// boa's `supportedLocalesOf` and a prototype carrying `C`'s methods, which refuse a
/// receiver that is not one of its objects with V8's message.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn define_settings_class<C: SettingsClass>(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    let number_format = property_object(&intl, "NumberFormat", context)?;
    let supported = number_format.get(js_string!("supportedLocalesOf"), context)?;
    let settings = JsWeakMap::new(context);
    let prototype = JsObject::with_object_proto(context.intrinsics());
    let constructor = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, args, (number_format, settings, prototype), context| {
                // boa passes `new.target` as `this` to a constructor.
                if !this.as_object().is_some_and(|target| target.is_callable()) {
                    return Err(JsNativeError::typ()
                        .with_message(format!("Constructor Intl.{} requires 'new'", C::NAME))
                        .into());
                }
                let read = C::read(
                    number_format,
                    args.get_or_undefined(0),
                    args.get_or_undefined(1),
                    context,
                )?;
                let object = JsObject::with_object_proto(context.intrinsics());
                object.set_prototype(Some(prototype.clone()));
                let texts = read
                    .to_texts()
                    .into_iter()
                    .map(|text| JsValue::from(JsString::from(text.as_str())));
                let kept = JsArray::from_iter(texts, context);
                settings.set(&object, kept.into(), context)?;
                Ok(object.into())
            },
            (number_format, settings.clone(), prototype.clone()),
        ),
    )
    .name(JsString::from(C::NAME))
    .length(C::LENGTH)
    .constructor(true)
    .build();
    constructor.define_property_or_throw(
        js_string!("prototype"),
        PropertyDescriptor::builder()
            .value(prototype.clone())
            .writable(false)
            .enumerable(false)
            .configurable(false),
        context,
    )?;
    constructor.define_property_or_throw(
        js_string!("supportedLocalesOf"),
        builtin(supported),
        context,
    )?;
    prototype.define_property_or_throw(
        js_string!("constructor"),
        builtin(constructor.clone().into()),
        context,
    )?;
    for (name, length, method) in C::methods() {
        let function = FunctionObjectBuilder::new(
            context.realm(),
            NativeFunction::from_copy_closure_with_captures(
                move |this, args, settings, context| {
                    let Some(found) = settings_of::<C>(this, settings, context)? else {
                        return Err(JsNativeError::typ()
                            .with_message(format!(
                                "Method Intl.{}.prototype.{name} called on incompatible receiver {}",
                                C::NAME,
                                this.display()
                            ))
                            .into());
                    };
                    method(&found, args, context)
                },
                settings.clone(),
            ),
        )
        .name(JsString::from(name))
        .length(length)
        .build();
        prototype.define_property_or_throw(
            JsString::from(name),
            builtin(function.into()),
            context,
        )?;
    }
    intl.define_property_or_throw(
        JsString::from(C::NAME),
        builtin(constructor.into()),
        context,
    )?;
    Ok(())
}

/// The settings `define_settings_class` kept for `this`, if it is one of `C`'s objects.
fn settings_of<C: SettingsClass>(
    this: &JsValue,
    settings: &JsWeakMap,
    context: &mut Context,
) -> JsResult<Option<C>> {
    let Some(object) = this.as_object() else {
        return Ok(None);
    };
    let Some(kept) = settings
        .get(&object, context)?
        .as_object()
        .and_then(|kept| JsArray::from_object(kept).ok())
    else {
        return Ok(None);
    };
    let mut texts = Vec::new();
    for index in 0..kept.length(context)? {
        let value = kept.get(index, context)?;
        texts.push(number_parts::text_of(&value, context)?);
    }
    Ok(Some(C::from_texts(texts)))
}
