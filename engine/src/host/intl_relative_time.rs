//! `Intl.RelativeTimeFormat` ("3 days ago", "yesterday", "через 5 лет"), which boa 0.22
//! lacks, on ICU4X's relative time formatter (`icu_experimental`, CLDR data for every style
//! and unit). The locale is resolved by boa's `Intl.NumberFormat` (so the same locales are
//! known, `en-US` by default), the number rounded as V8's default number format rounds it
//! (at most 3 decimals, half away from zero). Each object's settings live in a `WeakMap`;
//! the methods are on the prototype, as in V8.

use super::locale::resolve;
use super::number_options::read_string;
use super::number_parts::{Part, number_parts, text_of, to_array};
use super::number_shape::Separators;
use super::{builtin, property_object};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
    object::{FunctionObjectBuilder, ObjectInitializer, builtins::JsWeakMap},
    property::{Attribute, PropertyDescriptor},
};
use fixed_decimal::{Decimal, FloatPrecision, Sign, SignedRoundingMode, UnsignedRoundingMode};
use icu_experimental::relativetime::{
    RelativeTimeFormatter, RelativeTimeFormatterOptions, options::Numeric,
};
use icu_locale_core::Locale;

/// The units `format` takes (each also in the plural, `"days"`).
const UNITS: [&str; 8] = [
    "second", "minute", "hour", "day", "week", "month", "quarter", "year",
];

/// An object's settings, in the order `resolvedOptions` lists them, and the locale's
/// decimal separator for `formatToParts`.
struct Settings {
    locale: String,
    style: String,
    numeric: String,
    numbering_system: String,
    decimal: String,
}

/// Defines `Intl.RelativeTimeFormat` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    let number_format = property_object(&intl, "NumberFormat", context)?;
    // boa's decimal format, which `intl_number.rs` keeps as the prototype's owner.
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
                        .with_message("Constructor Intl.RelativeTimeFormat requires 'new'")
                        .into());
                }
                let read = read_settings(
                    number_format,
                    args.get_or_undefined(0),
                    args.get_or_undefined(1),
                    context,
                )?;
                let object = JsObject::with_object_proto(context.intrinsics());
                object.set_prototype(Some(prototype.clone()));
                settings.set(&object, to_value(&read, context), context)?;
                Ok(object.into())
            },
            (number_format, settings.clone(), prototype.clone()),
        ),
    )
    .name(js_string!("RelativeTimeFormat"))
    .length(0)
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
    for (name, method) in [
        ("resolvedOptions", resolved_options as Method),
        ("format", format),
        ("formatToParts", format_to_parts),
    ] {
        let function = FunctionObjectBuilder::new(
            context.realm(),
            NativeFunction::from_copy_closure_with_captures(
                move |this, args, settings, context| {
                    let Some(found) = settings_of(this, settings, context)? else {
                        return Err(JsNativeError::typ()
                            .with_message(format!(
                                "Method Intl.RelativeTimeFormat.prototype.{name} called on incompatible receiver {}",
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
        .length(if name == "resolvedOptions" { 0 } else { 2 })
        .build();
        prototype.define_property_or_throw(
            JsString::from(name),
            builtin(function.into()),
            context,
        )?;
    }
    intl.define_property_or_throw(
        js_string!("RelativeTimeFormat"),
        builtin(constructor.into()),
        context,
    )?;
    Ok(())
}

type Method = fn(&Settings, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// The options, checked with V8's messages, and the locale as boa's `NumberFormat`
/// resolves it.
fn read_settings(
    number_format: &JsObject,
    locales: &JsValue,
    options: &JsValue,
    context: &mut Context,
) -> JsResult<Settings> {
    let pick = |value: Option<String>, key: &str, values: [&str; 3]| -> JsResult<String> {
        match value {
            None => Ok(values[0].to_owned()),
            Some(value) if values.contains(&value.as_str()) => Ok(value),
            Some(value) => Err(JsNativeError::range()
                .with_message(format!(
                    "Value {value} out of range for Intl.RelativeTimeFormat options property {key}"
                ))
                .into()),
        }
    };
    let (style, numeric, numbering) = match options.as_object() {
        Some(options) => (
            read_string(&options, "style", context)?,
            read_string(&options, "numeric", context)?,
            options.get(js_string!("numberingSystem"), context)?,
        ),
        None if options.is_null() => {
            return Err(JsNativeError::typ()
                .with_message("Cannot convert undefined or null to object")
                .into());
        }
        // ECMA-402 makes an object of any other value, which has no such options.
        None => (None, None, JsValue::undefined()),
    };
    let style = pick(style, "style", ["long", "short", "narrow"])?;
    let numeric = pick(numeric, "numeric", ["always", "auto", "always"])?;

    let (locale, numbering_system, plain_format) =
        resolve(number_format, locales, numbering, context)?;
    let decimal = Separators::of(&plain_format, context)?.decimal;
    Ok(Settings {
        locale,
        style,
        numeric,
        numbering_system,
        decimal,
    })
}

/// The settings as the `WeakMap` keeps them: `[locale, style, numeric, numberingSystem,
/// decimal]`.
fn to_value(settings: &Settings, context: &mut Context) -> JsValue {
    let texts = [
        &settings.locale,
        &settings.style,
        &settings.numeric,
        &settings.numbering_system,
        &settings.decimal,
    ]
    .map(|text| JsValue::from(JsString::from(text.as_str())));
    boa_engine::object::builtins::JsArray::from_iter(texts, context).into()
}

fn settings_of(
    this: &JsValue,
    settings: &JsWeakMap,
    context: &mut Context,
) -> JsResult<Option<Settings>> {
    let Some(object) = this.as_object() else {
        return Ok(None);
    };
    let kept = settings.get(&object, context)?;
    let Some(kept) = kept.as_object() else {
        return Ok(None);
    };
    let mut texts = Vec::with_capacity(5);
    for index in 0..5 {
        let value = kept.get(index, context)?;
        texts.push(text_of(&value, context)?);
    }
    let mut texts = texts.into_iter();
    let mut next = || texts.next().unwrap_or_default();
    Ok(Some(Settings {
        locale: next(),
        style: next(),
        numeric: next(),
        numbering_system: next(),
        decimal: next(),
    }))
}

fn resolved_options(
    settings: &Settings,
    _: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let mut object = ObjectInitializer::new(context);
    for (key, value) in [
        ("locale", &settings.locale),
        ("style", &settings.style),
        ("numeric", &settings.numeric),
        ("numberingSystem", &settings.numbering_system),
    ] {
        object.property(
            JsString::from(key),
            JsString::from(value.as_str()),
            Attribute::all(),
        );
    }
    Ok(object.build().into())
}

fn format(settings: &Settings, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (text, _) = formatted(settings, args, "format", context)?;
    Ok(JsString::from(text.as_str()).into())
}

fn format_to_parts(
    settings: &Settings,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let (text, unit) = formatted(settings, args, "formatToParts", context)?;
    let mut parts: Vec<Part> = Vec::new();
    let first = text.find(|c: char| c.is_ascii_digit());
    let last = text.rfind(|c: char| c.is_ascii_digit());
    match (first, last) {
        (Some(first), Some(last)) => {
            if first > 0 {
                parts.push(("literal", text[..first].to_owned()));
            }
            number_parts(&text[first..=last], &settings.decimal, &mut parts);
            if last + 1 < text.len() {
                parts.push(("literal", text[last + 1..].to_owned()));
            }
        }
        _ => parts.push(("literal", text.clone())),
    }
    Ok(to_array(parts, Some(unit), context))
}

/// `format(value, unit)`'s text and the unit's singular name.
fn formatted(
    settings: &Settings,
    args: &[JsValue],
    method: &str,
    context: &mut Context,
) -> JsResult<(String, &'static str)> {
    let value = args.get_or_undefined(0).to_number(context)?;
    let unit_text = args
        .get_or_undefined(1)
        .to_string(context)?
        .to_std_string_escaped();
    if !value.is_finite() {
        return Err(JsNativeError::range()
            .with_message(format!(
                "Value need to be finite number for Intl.RelativeTimeFormat.prototype.{method}()"
            ))
            .into());
    }
    let singular = unit_text.strip_suffix('s').unwrap_or(&unit_text);
    let Some(unit) = UNITS.into_iter().find(|unit| *unit == singular) else {
        return Err(JsNativeError::range()
            .with_message(format!(
                "Invalid unit argument for Intl.RelativeTimeFormat.prototype.{method}() '{unit_text}'"
            ))
            .into());
    };
    let fail = |e: String| JsNativeError::range().with_message(e);
    let mut number =
        Decimal::try_from_f64(value, FloatPrecision::RoundTrip).map_err(|e| fail(e.to_string()))?;
    number.round_with_mode(
        -3,
        SignedRoundingMode::Unsigned(UnsignedRoundingMode::HalfExpand),
    );
    number.absolute.trim_end();
    let number = number.with_sign(if value.is_sign_negative() {
        Sign::Negative
    } else {
        Sign::None
    });
    let locale = Locale::try_from_str(&settings.locale).unwrap_or(Locale::UNKNOWN);
    let mut options = RelativeTimeFormatterOptions::default();
    if settings.numeric == "auto" {
        options.numeric = Numeric::Auto;
    }
    let formatter =
        formatter(&settings.style, unit, &locale, options).map_err(|e| fail(e.to_string()))?;
    Ok((formatter.format(number).to_string(), unit))
}

/// ICU4X's formatter for one style and unit (each is its own constructor and data).
fn formatter(
    style: &str,
    unit: &str,
    locale: &Locale,
    options: RelativeTimeFormatterOptions,
) -> Result<RelativeTimeFormatter, icu_provider::DataError> {
    type F = RelativeTimeFormatter;
    let prefs = locale.into();
    match (style, unit) {
        ("short", "second") => F::try_new_short_second(prefs, options),
        ("short", "minute") => F::try_new_short_minute(prefs, options),
        ("short", "hour") => F::try_new_short_hour(prefs, options),
        ("short", "day") => F::try_new_short_day(prefs, options),
        ("short", "week") => F::try_new_short_week(prefs, options),
        ("short", "month") => F::try_new_short_month(prefs, options),
        ("short", "quarter") => F::try_new_short_quarter(prefs, options),
        ("short", _) => F::try_new_short_year(prefs, options),
        ("narrow", "second") => F::try_new_narrow_second(prefs, options),
        ("narrow", "minute") => F::try_new_narrow_minute(prefs, options),
        ("narrow", "hour") => F::try_new_narrow_hour(prefs, options),
        ("narrow", "day") => F::try_new_narrow_day(prefs, options),
        ("narrow", "week") => F::try_new_narrow_week(prefs, options),
        ("narrow", "month") => F::try_new_narrow_month(prefs, options),
        ("narrow", "quarter") => F::try_new_narrow_quarter(prefs, options),
        ("narrow", _) => F::try_new_narrow_year(prefs, options),
        (_, "second") => F::try_new_long_second(prefs, options),
        (_, "minute") => F::try_new_long_minute(prefs, options),
        (_, "hour") => F::try_new_long_hour(prefs, options),
        (_, "day") => F::try_new_long_day(prefs, options),
        (_, "week") => F::try_new_long_week(prefs, options),
        (_, "month") => F::try_new_long_month(prefs, options),
        (_, "quarter") => F::try_new_long_quarter(prefs, options),
        _ => F::try_new_long_year(prefs, options),
    }
}
