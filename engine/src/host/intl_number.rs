//! `Intl.NumberFormat`'s currency and percent styles, and `Number.prototype.toLocaleString`
//! through them. boa 0.22 formats decimals only: `style: "currency"` throws
//! "unimplemented" and `style: "percent"` is not scaled. Here the number itself is still
//! formatted by boa's decimal formatter (grouping, digits, rounding options), and ICU4X's
//! currency and percent formatters (`icu_experimental`, CLDR data) give what surrounds it:
//! the symbol, its side and spacing, the sign's place, and the currency's fraction digits.

use super::number_options::{
    Display, Style, currency_digits, fraction_digit_defaults, read_currency, read_string,
};
use super::{builtin, property_object, replace_constructor};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    js_string,
    object::{FunctionObjectBuilder, builtins::JsFunction},
};
use fixed_decimal::{Decimal, FloatPrecision};

use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::dimension::percent::formatter::PercentFormatter;

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
        NativeFunction::from_copy_closure_with_captures(number_to_locale_string, decimal),
    )
    .name(js_string!("toLocaleString"))
    .length(0)
    .build();
    let number_prototype = context.intrinsics().constructors().number().prototype();
    number_prototype.define_property_or_throw(
        js_string!("toLocaleString"),
        builtin(to_locale_string.into()),
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
    let format = format.get(js_string!("format"), context)?;
    let Some(format) = format.as_object().and_then(JsFunction::from_object) else {
        return Err(JsNativeError::typ()
            .with_message("format is not a function")
            .into());
    };
    format.call(&JsValue::undefined(), &[x.into()], context)
}

/// How ICU writes a number that has no digits.
fn non_finite(x: f64) -> &'static str {
    if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "∞"
    } else {
        "-∞"
    }
}

/// `new Intl.NumberFormat(locales, options)`: boa's own object for decimals; for currency
/// and percent, an object whose `format` puts boa's digits into ICU4X's pattern (and
/// `true`: that object writes NaN and ∞ itself).
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
    let style = read_string(&given, "style", context)?;
    let style = match style.as_deref() {
        Some("currency") => Style::Currency(read_currency(&given, context)?),
        Some("percent") => Style::Percent,
        _ => return boa(context),
    };

    let options = JsObject::with_object_proto(context.intrinsics());
    for key in DECIMAL_OPTIONS {
        let value = given.get(JsString::from(key), context)?;
        if !value.is_undefined() {
            options.set(JsString::from(key), value, true, context)?;
        }
    }
    let digits = match &style {
        Style::Currency(currency) => currency_digits(currency.code)?,
        Style::Percent => 0,
    };
    fraction_digit_defaults(&options, digits, context)?;
    let inner = decimal.construct(&[locales.clone(), options.into()], None, context)?;

    let resolved = call_method(&inner, "resolvedOptions", &[], context)?;
    let locale = resolved
        .as_object()
        .map(|resolved| resolved.get(js_string!("locale"), context))
        .transpose()?
        .unwrap_or_default()
        .to_string(context)?
        .to_std_string_escaped();
    let locale = Locale::try_from_str(&locale).unwrap_or(Locale::UNKNOWN);
    let pattern = Pattern::for_style(&style, &locale)?;
    let inner_format = inner.get(js_string!("format"), context)?;
    let Some(inner_format) = inner_format.as_object().and_then(JsFunction::from_object) else {
        return Err(JsNativeError::typ()
            .with_message("format is not a function")
            .into());
    };
    Ok((
        wrapper(inner, inner_format, pattern, &style, context)?,
        true,
    ))
}

/// The text before and after the digits, for positive and for negative numbers.
#[derive(Clone)]
struct Pattern {
    positive: (String, String),
    negative: (String, String),
}

impl Pattern {
    /// Formats 7 and -7 with ICU4X and keeps what surrounds the digits.
    fn for_style(style: &Style, locale: &Locale) -> JsResult<Pattern> {
        let fail = |e: icu_provider::DataError| JsNativeError::range().with_message(e.to_string());
        let seven = Decimal::from(7);
        let minus_seven = Decimal::from(-7);
        let (positive, negative) = match style {
            Style::Currency(currency) => {
                let prefs = locale.into();
                let options = Default::default();
                let formatter = match currency.display {
                    Display::Symbol => {
                        CurrencyFormatter::try_new_symbol(prefs, currency.code, options)
                    }
                    Display::NarrowSymbol => {
                        CurrencyFormatter::try_new_symbol_narrow(prefs, currency.code, options)
                    }
                    Display::Code => CurrencyFormatter::try_new_code(prefs, currency.code, options),
                }
                .map_err(fail)?;
                (
                    formatter.format_fixed_decimal(&seven).to_string(),
                    formatter.format_fixed_decimal(&minus_seven).to_string(),
                )
            }
            Style::Percent => {
                let formatter =
                    PercentFormatter::try_new(locale.into(), Default::default()).map_err(fail)?;
                (
                    formatter.format(&seven).to_string(),
                    formatter.format(&minus_seven).to_string(),
                )
            }
        };
        Ok(Pattern {
            positive: around_digits(&positive),
            negative: around_digits(&negative),
        })
    }
}

/// Splits ICU's "$7.00" into "$" and "" (the digits run from the 7 to the last digit).
fn around_digits(formatted: &str) -> (String, String) {
    let start = formatted.find('7').unwrap_or(formatted.len());
    let end = formatted
        .rfind(|c: char| c.is_ascii_digit())
        .map_or(start, |i| i + 1)
        .max(start);
    (formatted[..start].to_owned(), formatted[end..].to_owned())
}

/// The object `new Intl.NumberFormat(…, {style: "currency" | "percent"})` returns.
fn wrapper(
    inner: JsObject,
    inner_format: JsFunction,
    pattern: Pattern,
    style: &Style,
    context: &mut Context,
) -> JsResult<JsObject> {
    let scaled = matches!(style, Style::Percent);
    let affixes = [
        JsString::from(pattern.positive.0.as_str()),
        JsString::from(pattern.positive.1.as_str()),
        JsString::from(pattern.negative.0.as_str()),
        JsString::from(pattern.negative.1.as_str()),
    ];
    let format = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, args, (inner_format, affixes, scaled), context| {
                let x = args.get_or_undefined(0).to_number(context)?;
                let digits = if x.is_finite() {
                    let mut exact = Decimal::try_from_f64(x.abs(), FloatPrecision::RoundTrip)
                        .map_err(|e| JsNativeError::range().with_message(e.to_string()))?;
                    if *scaled {
                        exact.multiply_pow10(2);
                    }
                    // As text, so boa reads the exact decimal (0.145 × 100 is 14.5, not 14.499…).
                    let exact = JsValue::from(JsString::from(exact.to_string().as_str()));
                    inner_format
                        .call(&JsValue::undefined(), &[exact], context)?
                        .to_string(context)?
                } else {
                    JsString::from(non_finite(x.abs()))
                };
                let negative = x.is_sign_negative() && !x.is_nan();
                let (before, after) = if negative {
                    (&affixes[2], &affixes[3])
                } else {
                    (&affixes[0], &affixes[1])
                };
                Ok(js_string!(before, &digits, after).into())
            },
            (inner_format, affixes, scaled),
        ),
    )
    .name(js_string!("format"))
    .length(1)
    .build();

    let (style_name, currency, display) = match style {
        Style::Currency(currency) => (
            "currency",
            JsValue::from(JsString::from(currency.text.as_str())),
            JsValue::from(JsString::from(currency.display.name())),
        ),
        Style::Percent => ("percent", JsValue::undefined(), JsValue::undefined()),
    };
    let resolved_options = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_copy_closure_with_captures(
            |_, _, (inner, style, currency, display), context| {
                let resolved = call_method(inner, "resolvedOptions", &[], context)?;
                if let Some(resolved) = resolved.as_object() {
                    resolved.set(js_string!("style"), style.clone(), true, context)?;
                    if !currency.is_undefined() {
                        resolved.set(js_string!("currency"), currency.clone(), true, context)?;
                        resolved.set(
                            js_string!("currencyDisplay"),
                            display.clone(),
                            true,
                            context,
                        )?;
                        resolved.set(
                            js_string!("currencySign"),
                            js_string!("standard"),
                            true,
                            context,
                        )?;
                    }
                }
                Ok(resolved)
            },
            (inner, JsString::from(style_name), currency, display),
        ),
    )
    .name(js_string!("resolvedOptions"))
    .build();

    let object = JsObject::with_object_proto(context.intrinsics());
    object.set(js_string!("format"), format, true, context)?;
    object.set(
        js_string!("resolvedOptions"),
        resolved_options,
        true,
        context,
    )?;
    Ok(object)
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

#[cfg(test)]
mod tests {
    use super::around_digits;

    #[test]
    fn the_pattern_is_what_surrounds_the_digits_of_seven() {
        assert_eq!(around_digits("$7.00"), ("$".into(), String::new()));
        assert_eq!(
            around_digits("-7,00\u{a0}€"),
            ("-".into(), "\u{a0}€".into())
        );
        assert_eq!(around_digits("US$7.00"), ("US$".into(), String::new()));
        assert_eq!(around_digits("7\u{a0}%"), (String::new(), "\u{a0}%".into()));
    }
}
