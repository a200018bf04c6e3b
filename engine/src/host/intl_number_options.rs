//! The options of `Intl.NumberFormat` that `intl_number.rs` reads itself: the style, the
//! currency with its display and sign, `signDisplay`, the scientific and engineering
//! notations, and the fraction digits a currency defaults to.

use super::unit::{Width, invalid_unit, is_well_formed};
use crate::host::intl_data::experimental_load;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, js_string};
use icu_experimental::dimension::currency::CurrencyType;
use icu_experimental::dimension::provider::currency::fractions::CurrencyFractionsV1;
use icu_provider::{DataPayload, DataRequest};

/// What a format adds around boa's decimal formatter.
pub(super) enum Style {
    Decimal,
    Currency(Currency),
    Percent,
    /// A well-formed unit (`kilometer-per-hour`) and its `unitDisplay`.
    Unit(String, Width),
}

pub(super) struct Currency {
    pub(super) code: CurrencyType,
    pub(super) text: String,
    pub(super) display: Display,
    /// `currencySign: "accounting"`: ICU's accounting pattern (`($5.00)` in en-US).
    pub(super) accounting: bool,
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Display {
    Symbol,
    NarrowSymbol,
    Code,
    Name,
}

impl Display {
    pub(super) fn name(self) -> &'static str {
        match self {
            Display::Symbol => "symbol",
            Display::NarrowSymbol => "narrowSymbol",
            Display::Code => "code",
            Display::Name => "name",
        }
    }
}

/// ECMA-402's `signDisplay`.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum SignDisplay {
    Auto,
    Never,
    Always,
    ExceptZero,
    Negative,
}

impl SignDisplay {
    pub(super) fn name(self) -> &'static str {
        match self {
            SignDisplay::Auto => "auto",
            SignDisplay::Never => "never",
            SignDisplay::Always => "always",
            SignDisplay::ExceptZero => "exceptZero",
            SignDisplay::Negative => "negative",
        }
    }
}

/// The sign a number gets: `-`, `+` or none.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Sign {
    None,
    Minus,
    Plus,
}

impl SignDisplay {
    /// The sign of a number that is `negative` (-0 included) and whose digits are all
    /// `zero` after rounding, as ECMA-402's FormatNumericToString picks it.
    pub(super) fn sign(self, negative: bool, zero: bool) -> Sign {
        match self {
            SignDisplay::Auto if negative => Sign::Minus,
            SignDisplay::Always if negative => Sign::Minus,
            SignDisplay::Always => Sign::Plus,
            SignDisplay::ExceptZero if zero => Sign::None,
            SignDisplay::ExceptZero if negative => Sign::Minus,
            SignDisplay::ExceptZero => Sign::Plus,
            SignDisplay::Negative if negative && !zero => Sign::Minus,
            _ => Sign::None,
        }
    }
}

/// `notation: "scientific"` and `"engineering"` (boa writes both as plain decimals).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Exponent {
    Scientific,
    Engineering,
}

/// V8's message for an option's value that is not one of its values.
pub(super) fn out_of_range(value: &str, key: &str) -> JsNativeError {
    JsNativeError::range().with_message(format!(
        "Value {value} out of range for Intl.NumberFormat options property {key}"
    ))
}

/// The `signDisplay` option.
pub(super) fn read_sign_display(
    options: &JsObject,
    context: &mut Context,
) -> JsResult<SignDisplay> {
    Ok(
        match read_string(options, "signDisplay", context)?.as_deref() {
            None | Some("auto") => SignDisplay::Auto,
            Some("never") => SignDisplay::Never,
            Some("always") => SignDisplay::Always,
            Some("exceptZero") => SignDisplay::ExceptZero,
            Some("negative") => SignDisplay::Negative,
            Some(other) => return Err(out_of_range(other, "signDisplay").into()),
        },
    )
}

/// The `notation` option when it is one boa does not write itself.
pub(super) fn read_exponent(
    options: &JsObject,
    context: &mut Context,
) -> JsResult<Option<Exponent>> {
    Ok(
        match read_string(options, "notation", context)?.as_deref() {
            Some("scientific") => Some(Exponent::Scientific),
            Some("engineering") => Some(Exponent::Engineering),
            _ => None,
        },
    )
}

pub(super) fn read_string(
    object: &JsObject,
    key: &str,
    context: &mut Context,
) -> JsResult<Option<String>> {
    let value = object.get(JsString::from(key), context)?;
    if value.is_undefined() {
        return Ok(None);
    }
    Ok(Some(value.to_string(context)?.to_std_string_escaped()))
}

/// The `currency` and `currencyDisplay` options, checked with V8's messages.
pub(super) fn read_currency(options: &JsObject, context: &mut Context) -> JsResult<Currency> {
    let Some(text) = read_string(options, "currency", context)? else {
        return Err(JsNativeError::typ()
            .with_message("Currency code is required with currency style.")
            .into());
    };
    let code = (text.len() == 3 && text.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| CurrencyType::try_from_str(&text.to_ascii_lowercase()).ok())
        .flatten()
        .ok_or_else(|| {
            JsNativeError::range().with_message(format!("Invalid currency code : {text}"))
        })?;
    let display = match read_string(options, "currencyDisplay", context)?.as_deref() {
        None | Some("symbol") => Display::Symbol,
        Some("narrowSymbol") => Display::NarrowSymbol,
        Some("code") => Display::Code,
        Some("name") => Display::Name,
        Some(other) => return Err(out_of_range(other, "currencyDisplay").into()),
    };
    let accounting = match read_string(options, "currencySign", context)?.as_deref() {
        None | Some("standard") => false,
        Some("accounting") => true,
        Some(other) => return Err(out_of_range(other, "currencySign").into()),
    };
    Ok(Currency {
        code,
        text: text.to_ascii_uppercase(),
        display,
        accounting,
    })
}

/// The `unit` and `unitDisplay` options, checked with V8's messages whatever the style (as
/// V8 does); the unit is required with the `unit` style.
pub(super) fn read_unit(
    options: &JsObject,
    unit_style: bool,
    context: &mut Context,
) -> JsResult<Option<(String, Width)>> {
    let unit = read_string(options, "unit", context)?;
    if let Some(unit) = &unit
        && !is_well_formed(unit)
    {
        return Err(invalid_unit(Some(unit)).into());
    }
    let width = Width::read(read_string(options, "unitDisplay", context)?.as_deref())?;
    match unit {
        Some(unit) => Ok(Some((unit, width))),
        None if unit_style => Err(invalid_unit(None).into()),
        None => Ok(None),
    }
}

/// The currency's usual number of decimals (ISO 4217 through CLDR: 2 for USD, 0 for JPY).
pub(super) fn currency_digits(code: CurrencyType) -> JsResult<u8> {
    let fractions: DataPayload<CurrencyFractionsV1> =
        experimental_load!(CurrencyFractionsV1, DataRequest::default())
            .map_err(|e| JsNativeError::range().with_message(e.to_string()))?
            .payload;
    Ok(fractions.get().resolve(code).digits)
}

/// ECMA-402's SetNumberFormatDigitOptions with the style's default fraction digits: a
/// given minimum raises the default maximum, a given maximum lowers the default minimum.
pub(super) fn fraction_digit_defaults(
    options: &JsObject,
    digits: u8,
    context: &mut Context,
) -> JsResult<()> {
    let significant = !options
        .get(js_string!("minimumSignificantDigits"), context)?
        .is_undefined()
        || !options
            .get(js_string!("maximumSignificantDigits"), context)?
            .is_undefined();
    if significant {
        return Ok(());
    }
    let min = options.get(js_string!("minimumFractionDigits"), context)?;
    let max = options.get(js_string!("maximumFractionDigits"), context)?;
    let digits = f64::from(digits);
    match (min.is_undefined(), max.is_undefined()) {
        (true, true) => {
            options.set(js_string!("minimumFractionDigits"), digits, true, context)?;
            options.set(js_string!("maximumFractionDigits"), digits, true, context)?;
        }
        (true, false) => {
            let max = max.to_number(context)?;
            options.set(
                js_string!("minimumFractionDigits"),
                digits.min(max),
                true,
                context,
            )?;
        }
        (false, true) => {
            let min = min.to_number(context)?;
            options.set(
                js_string!("maximumFractionDigits"),
                digits.max(min),
                true,
                context,
            )?;
        }
        (false, false) => {}
    }
    Ok(())
}
