//! What `Intl.NumberFormat` writes around boa's digits: the style's affixes from ICU4X's
//! patterns (currency symbol, code or plural name, percent sign, accounting parentheses),
//! the sign `signDisplay` asks for, and the exponent of the scientific and engineering
//! notations, whose mantissa boa's formatter rounds with the script's digit options.

use super::number::non_finite;
use super::number_options::{Display, Exponent, Sign, SignDisplay, Style};
use super::number_parts::{Part, affix_parts, number_parts, plain_decimal, text_of};
use super::unit::{UnitNames, Width};
use crate::host::intl_data::experimental_new;
use boa_engine::{
    Context, JsNativeError, JsResult, JsString, JsValue, gc, object::builtins::JsFunction,
};
use fixed_decimal::{Decimal, FloatPrecision};
use icu_experimental::dimension::currency::CurrencyType;
use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::dimension::currency::options::{CurrencyFormatterOptions, CurrencyUsage};
use icu_experimental::dimension::percent::formatter::PercentFormatter;
use icu_locale_core::Locale;

/// The locale's decimal separator, minus sign and digit zero, read from boa's plain formatter.
pub(super) struct Separators {
    pub(super) decimal: String,
    minus: String,
    zero: char,
}

impl Separators {
    /// Formats 1.5, -1 and 0 with `plain` (a decimal format of the locale, default options).
    pub(super) fn of(plain: &JsFunction, context: &mut Context) -> JsResult<Separators> {
        let text = |x: f64, context: &mut Context| -> JsResult<String> {
            let value = plain.call(&JsValue::undefined(), &[x.into()], context)?;
            text_of(&value, context)
        };
        let one_and_a_half = text(1.5, context)?;
        // The locale's own digits may not be ASCII (`۱٫۵` in Persian).
        let decimal = one_and_a_half
            .trim_start_matches(char::is_numeric)
            .trim_end_matches(char::is_numeric)
            .to_owned();
        let minus_one = text(-1.0, context)?;
        let minus = minus_one.trim_end_matches(char::is_numeric).to_owned();
        let zero = text(0.0, context)?.chars().next().unwrap_or('0');
        Ok(Separators {
            decimal,
            minus,
            zero,
        })
    }
}

/// Text before and after the digits.
type Affixes = (String, String);

/// How one `Intl.NumberFormat` object writes a number, apart from boa's digits.
#[derive(Clone)]
pub(super) struct Shape {
    pub(super) exponent: Option<Exponent>,
    pub(super) sign_display: SignDisplay,
    scaled: bool,
    positive: Affixes,
    negative: Affixes,
    plus: Affixes,
    decimal: String,
    minus: String,
    /// What the affixes' text is in `formatToParts`: `currency`, `percentSign`, `literal`.
    kind: &'static str,
    /// `currencyDisplay: "name"`: the name's plural form depends on the number.
    name: Option<(CurrencyType, Locale)>,
    /// The `unit` style: the unit's names, whose plural form depends on the number.
    unit: Option<UnitNames>,
    zero: char,
}

impl gc::Finalize for Shape {}

// SAFETY: a `Shape` holds only text and ICU4X identifiers, never a garbage-collected value.
unsafe impl gc::Trace for Shape {
    gc::empty_trace!();
}

impl Shape {
    /// The shape of `style` in `locale`, its patterns read by formatting 7 and -7 with ICU4X.
    ///
    /// # Errors
    /// ICU4X has no data for the request (a `RangeError` for the script).
    pub(super) fn new(
        style: &Style,
        exponent: Option<Exponent>,
        sign_display: SignDisplay,
        separators: Separators,
        locale: &Locale,
    ) -> JsResult<Shape> {
        let fail = |e: icu_provider::DataError| JsNativeError::range().with_message(e.to_string());
        let seven = Decimal::from(7);
        let minus_seven = Decimal::from(-7);
        let minus = separators.minus.clone();
        let mut name = None;
        let mut unit = None;
        let signs = || {
            (
                (String::new(), String::new()),
                (minus.clone(), String::new()),
                ("+".to_owned(), String::new()),
            )
        };
        let (positive, negative, plus, kind) = match style {
            Style::Decimal => {
                let (positive, negative, plus) = signs();
                (positive, negative, plus, "literal")
            }
            Style::Unit(id, width)
                if *width == Width::Long
                    || (id != "percent" && !id.starts_with("percent-per-")) =>
            {
                unit = Some(UnitNames::new(id, *width, locale)?);
                let (positive, negative, plus) = signs();
                (positive, negative, plus, "unit")
            }
            // ICU writes the percent unit's short and narrow forms with the locale's percent
            // pattern (`21 %` in German, with its no-break space), unscaled; so too a
            // percent per anything (`5%` for `percent-per-year`, as V8 writes it).
            Style::Percent | Style::Unit(..) => {
                let formatter =
                    experimental_new!(PercentFormatter; locale.into(), Default::default())
                        .map_err(fail)?;
                let negative = around_digits(&formatter.format(&minus_seven).to_string());
                let kind = if matches!(style, Style::Percent) {
                    "percentSign"
                } else {
                    "unit"
                };
                (
                    around_digits(&formatter.format(&seven).to_string()),
                    negative.clone(),
                    with_plus(&negative, &minus),
                    kind,
                )
            }
            Style::Currency(currency) => {
                let code = currency.code;
                let usage = if currency.accounting {
                    CurrencyUsage::Accounting
                } else {
                    CurrencyUsage::Standard
                };
                let make = |usage: CurrencyUsage| {
                    let options = CurrencyFormatterOptions::from(usage);
                    match currency.display {
                        Display::Symbol => {
                            experimental_new!(
                                CurrencyFormatter::try_new_symbol,
                                CurrencyFormatter::try_new_symbol_with_buffer_provider,
                                locale.into(),
                                code,
                                options
                            )
                        }
                        Display::NarrowSymbol => {
                            experimental_new!(
                                CurrencyFormatter::try_new_symbol_narrow,
                                CurrencyFormatter::try_new_symbol_narrow_with_buffer_provider,
                                locale.into(),
                                code,
                                options
                            )
                        }
                        Display::Code => {
                            experimental_new!(
                                CurrencyFormatter::try_new_code,
                                CurrencyFormatter::try_new_code_with_buffer_provider,
                                locale.into(),
                                code,
                                options
                            )
                        }
                        Display::Name => experimental_new!(
                            CurrencyFormatter::try_new_name,
                            CurrencyFormatter::try_new_name_with_buffer_provider,
                            locale.into(),
                            code
                        ),
                    }
                    .map_err(fail)
                };
                let formatter = make(usage)?;
                let standard = make(CurrencyUsage::Standard)?;
                let positive = around_digits(&formatter.format_fixed_decimal(&seven).to_string());
                let standard_negative =
                    around_digits(&standard.format_fixed_decimal(&minus_seven).to_string());
                let negative = if currency.display == Display::Name {
                    name = Some((code, locale.clone()));
                    (format!("{minus}{}", positive.0), positive.1.clone())
                } else {
                    around_digits(&formatter.format_fixed_decimal(&minus_seven).to_string())
                };
                let plus = if currency.display == Display::Name {
                    (format!("+{}", positive.0), positive.1.clone())
                } else {
                    with_plus(&standard_negative, &minus)
                };
                (positive, negative, plus, "currency")
            }
        };
        Ok(Shape {
            exponent,
            sign_display,
            scaled: matches!(style, Style::Percent),
            positive,
            negative,
            plus,
            decimal: separators.decimal,
            minus,
            kind,
            name,
            unit,
            zero: separators.zero,
        })
    }

    /// The text before the digits, the digits (boa's, with an exponent) and the text after.
    ///
    /// # Errors
    /// boa's formatter threw (options it refuses).
    pub(super) fn pieces(
        &self,
        x: f64,
        inner: &JsFunction,
        context: &mut Context,
    ) -> JsResult<(String, String, String)> {
        let digits = if x.is_finite() {
            let mut exact = Decimal::try_from_f64(x.abs(), FloatPrecision::RoundTrip)
                .map_err(|e| JsNativeError::range().with_message(e.to_string()))?;
            if self.scaled {
                exact.multiply_pow10(2);
            }
            match self.exponent {
                None => format_exact(inner, &exact, context)?,
                Some(exponent) => self.scientific(exact, exponent, inner, context)?,
            }
        } else {
            non_finite(x.abs()).to_owned()
        };
        let negative = x.is_sign_negative() && !x.is_nan();
        let mantissa = digits.split('E').next().unwrap_or_default();
        let zero = x.is_finite() && !mantissa.chars().any(|c| matches!(c, '1'..='9'));
        let sign = self.sign_display.sign(negative, zero);
        let (before, after) = match (&self.name, sign) {
            (Some((code, locale)), _) => {
                let (before, after) = self.name_affixes(*code, locale, &digits)?;
                let sign = match sign {
                    Sign::None => "",
                    Sign::Minus => self.minus.as_str(),
                    Sign::Plus => "+",
                };
                (format!("{sign}{before}"), after)
            }
            (None, Sign::None) => self.positive.clone(),
            (None, Sign::Minus) => self.negative.clone(),
            (None, Sign::Plus) => self.plus.clone(),
        };
        if let Some(unit) = &self.unit {
            let pattern = unit.pattern(x, &digits, &self.decimal, self.zero);
            // A pattern without the number (`متر` for one meter in Arabic) is written alone.
            let Some((start, end)) = pattern.split_once("{0}") else {
                return Ok((pattern.to_owned(), String::new(), String::new()));
            };
            return Ok((format!("{start}{before}"), digits, format!("{after}{end}")));
        }
        Ok((before, digits, after))
    }

    /// `formatToParts`: the pieces cut into ECMA-402's parts.
    ///
    /// # Errors
    /// As [`Shape::pieces`].
    pub(super) fn parts(
        &self,
        x: f64,
        inner: &JsFunction,
        context: &mut Context,
    ) -> JsResult<Vec<Part>> {
        let (before, digits, after) = self.pieces(x, inner, context)?;
        let mut parts = Vec::new();
        affix_parts(&before, self.kind, &mut parts);
        number_parts(&digits, &self.decimal, &mut parts);
        affix_parts(&after, self.kind, &mut parts);
        Ok(parts)
    }

    /// The currency's name around `digits`, in the plural form of that very number
    /// (`1 Japanese yen`, `1.00 US dollars`, `1 234,50 российского рубля`).
    fn name_affixes(&self, code: CurrencyType, locale: &Locale, digits: &str) -> JsResult<Affixes> {
        let plain = plain_decimal(digits, &self.decimal, self.zero);
        let Ok(value) = Decimal::try_from_str(&plain) else {
            return Ok(self.positive.clone());
        };
        let formatter = experimental_new!(
            CurrencyFormatter::try_new_name,
            CurrencyFormatter::try_new_name_with_buffer_provider,
            locale.into(),
            code
        )
        .map_err(|e| JsNativeError::range().with_message(e.to_string()))?;
        Ok(around_digits(
            &formatter.format_fixed_decimal(&value).to_string(),
        ))
    }

    /// `1.235E5`, `123.456E3`: the mantissa rounded by boa, one digit (three for engineering)
    /// before the point; a mantissa that rounds up to 10 (1000) moves the exponent on.
    fn scientific(
        &self,
        exact: Decimal,
        exponent: Exponent,
        inner: &JsFunction,
        context: &mut Context,
    ) -> JsResult<String> {
        let step: i16 = match exponent {
            Exponent::Scientific => 1,
            Exponent::Engineering => 3,
        };
        let mut power = exact.absolute.nonzero_magnitude_start().div_euclid(step) * step;
        loop {
            let mut mantissa = exact.clone();
            mantissa.multiply_pow10(-power);
            let text = format_exact(inner, &mantissa, context)?;
            let integer = text.split(self.decimal.as_str()).next().unwrap_or_default();
            let integer_digits = integer.chars().filter(char::is_ascii_digit).count();
            if integer_digits > usize::from(step.unsigned_abs()) && !exact.absolute.is_zero() {
                power += step;
                continue;
            }
            return Ok(format!("{text}E{power}"));
        }
    }
}

/// boa's digits for an exact decimal, passed as text so boa reads it exactly (0.145 × 100 is
/// 14.5, not 14.499…).
fn format_exact(inner: &JsFunction, exact: &Decimal, context: &mut Context) -> JsResult<String> {
    let exact = JsValue::from(JsString::from(exact.to_string().as_str()));
    let text = inner.call(&JsValue::undefined(), &[exact], context)?;
    text_of(&text, context)
}

/// The negative affixes with the minus sign made a plus sign (`+$`, `+` before `3 %`).
fn with_plus(negative: &Affixes, minus: &str) -> Affixes {
    if !minus.is_empty() && negative.0.contains(minus) {
        (negative.0.replacen(minus, "+", 1), negative.1.clone())
    } else if !minus.is_empty() && negative.1.contains(minus) {
        (negative.0.clone(), negative.1.replacen(minus, "+", 1))
    } else {
        (format!("+{}", negative.0), negative.1.clone())
    }
}

/// Splits ICU's "$7.00" into "$" and "" (the digits run from the first digit to the last;
/// the locale's own digits count, `৭%` in Bengali).
fn around_digits(formatted: &str) -> Affixes {
    let start = formatted.find(char::is_numeric).unwrap_or(formatted.len());
    let end = formatted
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_numeric())
        .map_or(start, |(i, c)| i + c.len_utf8())
        .max(start);
    (formatted[..start].to_owned(), formatted[end..].to_owned())
}

#[cfg(test)]
mod tests {
    use super::{around_digits, with_plus};

    #[test]
    fn the_pattern_is_what_surrounds_the_digits() {
        assert_eq!(around_digits("$7.00"), ("$".into(), String::new()));
        assert_eq!(
            around_digits("-7,00\u{a0}€"),
            ("-".into(), "\u{a0}€".into())
        );
        assert_eq!(around_digits("US$7.00"), ("US$".into(), String::new()));
        assert_eq!(around_digits("7\u{a0}%"), (String::new(), "\u{a0}%".into()));
        assert_eq!(around_digits("($1,234.50)"), ("($".into(), ")".into()));
        assert_eq!(around_digits("৭%"), (String::new(), "%".into()));
        assert_eq!(around_digits("‎−۷٪"), ("‎−".into(), "٪".into()));
    }

    #[test]
    fn the_plus_sign_takes_the_minus_signs_place() {
        assert_eq!(
            with_plus(&("-$".into(), String::new()), "-"),
            ("+$".into(), String::new())
        );
        assert_eq!(
            with_plus(&("-".into(), "\u{a0}%".into()), "-"),
            ("+".into(), "\u{a0}%".into())
        );
        assert_eq!(
            with_plus(&("($".into(), ")".into()), "-"),
            ("+($".into(), ")".into())
        );
    }
}
