//! `Intl.NumberFormat` and `Number.prototype.toLocaleString` where boa 0.22 falls short:
//! `style: "currency"` throws "unimplemented", `style: "percent"` is not scaled, the
//! scientific and engineering notations are written as plain decimals, and there is no
//! `formatToParts`. The number itself is still formatted by boa's decimal formatter
//! (grouping, digits, rounding options); `intl_number_shape.rs` puts it into ICU4X's
//! currency and percent patterns (`icu_experimental`, CLDR data): the symbol or name, its
//! side and spacing, the sign's place (`signDisplay`, accounting parentheses), the exponent.

use super::number_options::{
    Exponent, Style, currency_digits, fraction_digit_defaults, read_currency, read_exponent,
    read_sign_display, read_string, read_unit,
};
use super::number_parts::{Part, number_parts, text_of, to_array};
use super::number_shape::{Separators, Shape};
use super::{builtin, property_object, replace_constructor};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
    object::{
        FunctionObjectBuilder,
        builtins::{JsArray, JsFunction},
    },
};
use icu_locale_core::Locale;

/// The options that boa's decimal formatter reads and that mean the same for every style.
/// (`signDisplay` is left out: the sign's place comes from the currency or percent pattern.)
const DECIMAL_OPTIONS: [&str; 13] = [
    "localeMatcher",
    "numberingSystem",
    "minimumIntegerDigits",
    "minimumFractionDigits",
    "maximumFractionDigits",
    "minimumSignificantDigits",
    "maximumSignificantDigits",
    "useGrouping",
    "notation",
    "compactDisplay",
    "roundingMode",
    "roundingIncrement",
    "roundingPriority",
];

/// Replaces `Intl.NumberFormat` and `Number.prototype.toLocaleString` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    let decimal = property_object(&intl, "NumberFormat", context)?;

    let number_format = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, decimal, context| {
                let (format, _) = construct(
                    decimal,
                    args.get_or_undefined(0),
                    args.get_or_undefined(1),
                    context,
                )?;
                Ok(format.into())
            },
            decimal.clone(),
        ),
    )
    .name(js_string!("NumberFormat"))
    .length(0)
    .constructor(true)
    .build();
    // The decimal objects are boa's own, so `instanceof Intl.NumberFormat` still holds.
    replace_constructor(&intl, "NumberFormat", &decimal, number_format, context)?;

    let to_locale_string = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(number_to_locale_string, decimal.clone()),
    )
    .name(js_string!("toLocaleString"))
    .length(0)
    .build();
    install_format_to_parts(&decimal, context)?;
    let number_prototype = context.intrinsics().constructors().number().prototype();
    number_prototype.define_property_or_throw(
        js_string!("toLocaleString"),
        builtin(to_locale_string.into()),
        context,
    )?;
    Ok(())
}

/// `formatToParts(x)` for boa's own (decimal) objects, from their `format`'s text.
fn install_format_to_parts(decimal: &JsObject, context: &mut Context) -> JsResult<()> {
    let prototype = property_object(decimal, "prototype", context)?;
    let format_to_parts = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |this, args, decimal, context| {
                let Some(object) = this.as_object() else {
                    return Err(JsNativeError::typ()
                        .with_message("Method Intl.NumberFormat.prototype.formatToParts called on incompatible receiver")
                        .into());
                };
                let format = method(&object, "format", context)?;
                let text = format.call(&JsValue::undefined(), &[args.get_or_undefined(0).clone()], context)?;
                let text = text_of(&text, context)?;
                let resolved = call_method(&object, "resolvedOptions", &[], context)?;
                let locale = match resolved.as_object() {
                    Some(resolved) => resolved.get(js_string!("locale"), context)?,
                    None => JsValue::undefined(),
                };
                let plain = decimal.construct(&[locale], None, context)?;
                let plain_format = method(&plain, "format", context)?;
                let separators = Separators::of(&plain_format, context)?;
                let mut parts: Vec<Part> = Vec::new();
                number_parts(&text, &separators.decimal, &mut parts);
                Ok(to_array(parts, None, context))
            },
            decimal.clone(),
        ),
    )
    .name(js_string!("formatToParts"))
    .length(1)
    .build();
    prototype.define_property_or_throw(
        js_string!("formatToParts"),
        builtin(format_to_parts.into()),
        context,
    )?;
    Ok(())
}

/// `Number.prototype.toLocaleString(locales, options)`: `new Intl.NumberFormat(locales,
/// options).format(x)`, with V8's `NaN` and `∞` where boa's formatter refuses them.
fn number_to_locale_string(
    this: &JsValue,
    args: &[JsValue],
    decimal: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let x = match this.as_number() {
        Some(x) => x,
        None => this
            .as_object()
            .and_then(|object| object.downcast_ref::<f64>().map(|x| *x))
            .ok_or_else(|| {
                JsNativeError::typ().with_message(
                    "Number.prototype.toLocaleString requires that 'this' be a Number",
                )
            })?,
    };
    let (format, ours) = construct(
        decimal,
        args.get_or_undefined(0),
        args.get_or_undefined(1),
        context,
    )?;
    if !x.is_finite() && !ours {
        return Ok(js_string!(non_finite(x)).into());
    }
    let format = method(&format, "format", context)?;
    format.call(&JsValue::undefined(), &[x.into()], context)
}

/// How ICU writes a number that has no digits.
pub(super) fn non_finite(x: f64) -> &'static str {
    if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "∞"
    } else {
        "-∞"
    }
}

/// `new Intl.NumberFormat(locales, options)`: boa's own object for plain decimals; for
/// currency, percent, a `signDisplay` around them or an exponent, an object whose `format`
/// puts boa's digits into ICU4X's pattern (and `true`: that object writes NaN and ∞ itself).
fn construct(
    decimal: &JsObject,
    locales: &JsValue,
    options: &JsValue,
    context: &mut Context,
) -> JsResult<(JsObject, bool)> {
    let boa = |context: &mut Context| {
        decimal
            .construct(&[locales.clone(), options.clone()], None, context)
            .map(|format| (format, false))
    };
    let Some(given) = options.as_object() else {
        return boa(context);
    };
    let style_name = read_string(&given, "style", context)?;
    let mut style = match style_name.as_deref() {
        Some("currency") => Style::Currency(read_currency(&given, context)?),
        Some("percent") => Style::Percent,
        _ => Style::Decimal,
    };
    let unit_style = style_name.as_deref() == Some("unit");
    if let Some((unit, width)) = read_unit(&given, unit_style, context)?
        && unit_style
    {
        style = Style::Unit(unit, width);
    }
    let exponent = read_exponent(&given, context)?;
    if matches!(style, Style::Decimal) && exponent.is_none() {
        return boa(context);
    }
    let sign_display = read_sign_display(&given, context)?;

    let options = JsObject::with_object_proto(context.intrinsics());
    for key in DECIMAL_OPTIONS {
        // The exponent is written here; boa would write the whole number.
        if key == "notation" && exponent.is_some() {
            continue;
        }
        let value = given.get(JsString::from(key), context)?;
        if !value.is_undefined() {
            options.set(JsString::from(key), value, true, context)?;
        }
    }
    match &style {
        Style::Currency(currency) => {
            fraction_digit_defaults(&options, currency_digits(currency.code)?, context)?;
        }
        Style::Percent => fraction_digit_defaults(&options, 0, context)?,
        Style::Decimal | Style::Unit(..) => {}
    }
    let inner = decimal.construct(&[locales.clone(), options.into()], None, context)?;

    let resolved = call_method(&inner, "resolvedOptions", &[], context)?;
    let locale_name = resolved
        .as_object()
        .map(|resolved| resolved.get(js_string!("locale"), context))
        .transpose()?
        .unwrap_or_default();
    let plain = decimal.construct(std::slice::from_ref(&locale_name), None, context)?;
    let plain_format = method(&plain, "format", context)?;
    let separators = Separators::of(&plain_format, context)?;
    let locale = locale_name.to_string(context)?.to_std_string_escaped();
    let locale = Locale::try_from_str(&locale).unwrap_or(Locale::UNKNOWN);
    let shape = Shape::new(&style, exponent, sign_display, separators, &locale)?;
    let inner_format = method(&inner, "format", context)?;
    Ok((wrapper(inner, inner_format, shape, &style, context)?, true))
}

/// The object `new Intl.NumberFormat(…)` returns for what boa cannot write.
fn wrapper(
    inner: JsObject,
    inner_format: JsFunction,
    shape: Shape,
    style: &Style,
    context: &mut Context,
) -> JsResult<JsObject> {
    let format = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (inner_format, shape), context| {
                let x = args.get_or_undefined(0).to_number(context)?;
                let (before, digits, after) = shape.pieces(x, inner_format, context)?;
                Ok(JsString::from(format!("{before}{digits}{after}").as_str()).into())
            },
            (inner_format.clone(), shape.clone()),
        ),
    )
    .name(js_string!("format"))
    .length(1)
    .build();
    let format_to_parts = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (inner_format, shape), context| {
                let x = args.get_or_undefined(0).to_number(context)?;
                let parts = shape.parts(x, inner_format, context)?;
                Ok(to_array(parts, None, context))
            },
            (inner_format, shape.clone()),
        ),
    )
    .name(js_string!("formatToParts"))
    .length(1)
    .build();

    let (style_name, currency) = match style {
        Style::Currency(currency) => ("currency", Some(currency)),
        Style::Percent => ("percent", None),
        Style::Decimal => ("decimal", None),
        Style::Unit(..) => ("unit", None),
    };
    let mut extra: Vec<(JsString, JsValue)> = vec![
        (js_string!("style"), JsString::from(style_name).into()),
        (
            js_string!("signDisplay"),
            JsString::from(shape.sign_display.name()).into(),
        ),
    ];
    if let Style::Unit(unit, width) = style {
        extra.push((js_string!("unit"), JsString::from(unit.as_str()).into()));
        extra.push((
            js_string!("unitDisplay"),
            JsString::from(width.name()).into(),
        ));
    }
    if let Some(exponent) = shape.exponent {
        let name = match exponent {
            Exponent::Scientific => "scientific",
            Exponent::Engineering => "engineering",
        };
        extra.push((js_string!("notation"), JsString::from(name).into()));
    }
    if let Some(currency) = currency {
        extra.push((
            js_string!("currency"),
            JsString::from(currency.text.as_str()).into(),
        ));
        extra.push((
            js_string!("currencyDisplay"),
            JsString::from(currency.display.name()).into(),
        ));
        let sign = if currency.accounting {
            "accounting"
        } else {
            "standard"
        };
        extra.push((js_string!("currencySign"), JsString::from(sign).into()));
    }
    let mut pairs: Vec<JsValue> = Vec::with_capacity(extra.len());
    for (key, value) in extra {
        pairs.push(JsArray::from_iter([key.into(), value], context).into());
    }
    let extra = JsArray::from_iter(pairs, context);
    let resolved_options = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, _, (inner, extra), context| {
                let resolved = call_method(inner, "resolvedOptions", &[], context)?;
                if let Some(resolved) = resolved.as_object() {
                    let length = extra.length(context)?;
                    for index in 0..length {
                        let pair = extra.get(index, context)?;
                        let Some(pair) = pair.as_object() else {
                            continue;
                        };
                        let key = pair.get(0, context)?.to_string(context)?;
                        let value = pair.get(1, context)?;
                        resolved.set(key, value, true, context)?;
                    }
                }
                Ok(resolved)
            },
            (inner, extra),
        ),
    )
    .name(js_string!("resolvedOptions"))
    .build();

    let object = JsObject::with_object_proto(context.intrinsics());
    object.set(js_string!("format"), format, true, context)?;
    object.set(js_string!("formatToParts"), format_to_parts, true, context)?;
    object.set(
        js_string!("resolvedOptions"),
        resolved_options,
        true,
        context,
    )?;
    Ok(object)
}

/// `object[name]`, which must be a function.
fn method(object: &JsObject, name: &str, context: &mut Context) -> JsResult<JsFunction> {
    let value = object.get(JsString::from(name), context)?;
    value
        .as_object()
        .and_then(JsFunction::from_object)
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message(format!("{name} is not a function"))
                .into()
        })
}

fn call_method(
    object: &JsObject,
    name: &str,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let method = object.get(JsString::from(name), context)?;
    let Some(method) = method.as_object().and_then(JsFunction::from_object) else {
        return Err(JsNativeError::typ()
            .with_message(format!("{name} is not a function"))
            .into());
    };
    method.call(&object.clone().into(), args, context)
}
