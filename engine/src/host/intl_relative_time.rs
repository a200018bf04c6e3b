//! `Intl.RelativeTimeFormat` ("3 days ago", "yesterday", "через 5 лет"), which boa 0.22
//! lacks, on ICU4X's relative time formatter (`icu_experimental`, CLDR data for every style
//! and unit). The locale is resolved by boa's `Intl.NumberFormat` (so the same locales are
//! known, `en-US` by default), the number rounded as V8's default number format rounds it
//! (at most 3 decimals, half away from zero). Each object's settings live in a `WeakMap`;
//! the methods are on the prototype, as in V8.

use super::locale::resolve;
use super::number_options::read_string;
use super::number_parts::{Part, number_parts, to_array};
use super::number_shape::Separators;
use super::{SettingsClass, SettingsMethod, define_settings_class};
use crate::host::intl_data::experimental_new;
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string,
    object::ObjectInitializer, property::Attribute,
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
    define_settings_class::<Settings>(context)
}

impl SettingsClass for Settings {
    const NAME: &'static str = "RelativeTimeFormat";
    const LENGTH: usize = 0;

    fn read(
        number_format: &JsObject,
        locales: &JsValue,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<Self> {
        read_settings(number_format, locales, options, context)
    }

    /// `[locale, style, numeric, numberingSystem, decimal]`.
    fn to_texts(&self) -> Vec<String> {
        [
            &self.locale,
            &self.style,
            &self.numeric,
            &self.numbering_system,
            &self.decimal,
        ]
        .map(Clone::clone)
        .to_vec()
    }

    fn from_texts(texts: Vec<String>) -> Self {
        let mut texts = texts.into_iter();
        let mut next = || texts.next().unwrap_or_default();
        Self {
            locale: next(),
            style: next(),
            numeric: next(),
            numbering_system: next(),
            decimal: next(),
        }
    }

    fn methods() -> Vec<(&'static str, usize, SettingsMethod<Self>)> {
        vec![
            (
                "resolvedOptions",
                0,
                resolved_options as SettingsMethod<Self>,
            ),
            ("format", 2, format as SettingsMethod<Self>),
            ("formatToParts", 2, format_to_parts as SettingsMethod<Self>),
        ]
    }
}

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
    // Each row: the compiled constructor / the one that reads the installed blobs.
    macro_rules! by_style_and_unit {
        ($(($style:pat, $unit:pat) => $compiled:ident / $buffered:ident,)*) => {
            match (style, unit) {
                $(($style, $unit) => experimental_new!(F::$compiled, F::$buffered, prefs, options),)*
            }
        };
    }
    by_style_and_unit! {
        ("short", "second") => try_new_short_second / try_new_short_second_with_buffer_provider,
        ("short", "minute") => try_new_short_minute / try_new_short_minute_with_buffer_provider,
        ("short", "hour") => try_new_short_hour / try_new_short_hour_with_buffer_provider,
        ("short", "day") => try_new_short_day / try_new_short_day_with_buffer_provider,
        ("short", "week") => try_new_short_week / try_new_short_week_with_buffer_provider,
        ("short", "month") => try_new_short_month / try_new_short_month_with_buffer_provider,
        ("short", "quarter") => try_new_short_quarter / try_new_short_quarter_with_buffer_provider,
        ("short", _) => try_new_short_year / try_new_short_year_with_buffer_provider,
        ("narrow", "second") => try_new_narrow_second / try_new_narrow_second_with_buffer_provider,
        ("narrow", "minute") => try_new_narrow_minute / try_new_narrow_minute_with_buffer_provider,
        ("narrow", "hour") => try_new_narrow_hour / try_new_narrow_hour_with_buffer_provider,
        ("narrow", "day") => try_new_narrow_day / try_new_narrow_day_with_buffer_provider,
        ("narrow", "week") => try_new_narrow_week / try_new_narrow_week_with_buffer_provider,
        ("narrow", "month") => try_new_narrow_month / try_new_narrow_month_with_buffer_provider,
        ("narrow", "quarter") => try_new_narrow_quarter / try_new_narrow_quarter_with_buffer_provider,
        ("narrow", _) => try_new_narrow_year / try_new_narrow_year_with_buffer_provider,
        (_, "second") => try_new_long_second / try_new_long_second_with_buffer_provider,
        (_, "minute") => try_new_long_minute / try_new_long_minute_with_buffer_provider,
        (_, "hour") => try_new_long_hour / try_new_long_hour_with_buffer_provider,
        (_, "day") => try_new_long_day / try_new_long_day_with_buffer_provider,
        (_, "week") => try_new_long_week / try_new_long_week_with_buffer_provider,
        (_, "month") => try_new_long_month / try_new_long_month_with_buffer_provider,
        (_, "quarter") => try_new_long_quarter / try_new_long_quarter_with_buffer_provider,
        (_, _) => try_new_long_year / try_new_long_year_with_buffer_provider,
    }
}
