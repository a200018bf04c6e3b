//! Display text of output values (numbers, dates, booleans, text) in English or Russian.

use super::rounding::round_magnitude;
use crate::dates::CivilDate;
use crate::model::{RoundingMode, RoundingStep};

/// Fixed decimal places above this are treated as this (the cap `Intl.NumberFormat` has too).
const MAX_DECIMAL_PLACES: u32 = 100;
/// Fraction digits shown at most when no decimal places are set (trailing zeros dropped).
const DEFAULT_MAX_PLACES: u32 = 3;
/// URLs longer than this many characters are shortened by [`format_text`].
const MAX_URL_CHARS: usize = 30;

#[rustfmt::skip]
const EN_MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/// Genitive abbreviations, as in "25 нояб.".
#[rustfmt::skip]
const RU_MONTHS: [&str; 12] =
    ["янв.", "февр.", "мар.", "апр.", "мая", "июн.", "июл.", "авг.", "сент.", "окт.", "нояб.", "дек."];

/// The language output values are shown in (`"en"` or `"ru"` in JSON, as a worker's
/// request carries it once a face has checked the code it was given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(
    not(target_arch = "wasm32"),
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Locale {
    /// English: `1,234.5`, `Nov 25, 2026`, `Yes`.
    #[default]
    En,
    /// Russian: `1 234,5` (no-break space), `25 нояб. 2026 г.`, `Да`.
    Ru,
}

impl Locale {
    /// "en" / "ru" (case-insensitive, also "en-US", "ru-RU" → by language); anything else None.
    ///
    /// The language is the part before the first `-` or `_`.
    pub fn parse(s: &str) -> Option<Locale> {
        let language = s.split_once(['-', '_']).map_or(s, |(language, _)| language);
        if language.eq_ignore_ascii_case("en") {
            Some(Locale::En)
        } else if language.eq_ignore_ascii_case("ru") {
            Some(Locale::Ru)
        } else {
            None
        }
    }

    /// The language code: "en" or "ru".
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ru => "ru",
        }
    }

    fn group_separator(self) -> char {
        match self {
            Locale::En => ',',
            Locale::Ru => '\u{a0}',
        }
    }

    fn decimal_separator(self) -> char {
        match self {
            Locale::En => '.',
            Locale::Ru => ',',
        }
    }
}

/// How a number output is shown (from the output definition).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NumberStyle {
    /// Exactly this many fraction digits; None shows up to 3 and drops trailing zeros.
    pub decimal_places: Option<u32>,
    /// Which way a number between two shown values goes (to the step, then to the places).
    pub rounding_mode: RoundingMode,
    /// Round to a multiple of this (of the number as shown: a percent's step is in percent)
    /// before the decimal places.
    pub rounding_step: Option<RoundingStep>,
    /// Multiply by 100 and append `%` (the currency sign is then not shown).
    pub percent: bool,
    /// A prefix such as `$`, put after the minus sign; empty or None shows none.
    pub currency_sign: Option<String>,
    /// Text before everything else (`≈`, `USD`); see [`with_units`].
    pub prefix: Option<String>,
    /// Text after everything else (`kg`, `₽`, `/mo`); see [`with_units`].
    pub suffix: Option<String>,
}

/// Formats a number: digit groups of 3, rounding (half away from zero unless the style says
/// otherwise, to its step first when it has one) on the shortest round-trip decimal form,
/// then the percent or currency decoration. A percent is that decimal form with the point
/// moved two places (0.145 is 14.5%, never 14.499…%, as ICU does it), followed by `%` (in
/// Russian after a no-break space, `14,5 %`).
/// NaN shows as `NaN` and infinities as `∞` / `-∞`, decorated the same way.
pub fn format_number(value: f64, style: &NumberStyle, locale: Locale) -> String {
    if value.is_nan() {
        decorate(false, "NaN".to_string(), style, locale)
    } else if value.is_infinite() {
        decorate(value < 0.0, "∞".to_string(), style, locale)
    } else {
        // Rust's Display gives the shortest round-trip digits and never uses exponent notation.
        decorate_finite(
            value.is_sign_negative(),
            &format!("{}", value.abs()),
            style,
            locale,
        )
    }
}

/// Formats a decimal.js `Decimal` from its exact digits, as [`format_number`] formats a
/// number: `text` is plain decimal text without an exponent (`"-123.4500"`), or `NaN`,
/// `Infinity`, `-Infinity`, as the engine reads a returned `Decimal`. Its digits are never
/// rounded to a double: `12345678901234567890.123` keeps all 23.
pub fn format_decimal_text(text: &str, style: &NumberStyle, locale: Locale) -> String {
    match DecimalText::read(text) {
        DecimalText::Finite {
            negative,
            magnitude,
        } => decorate_finite(negative, magnitude, style, locale),
        DecimalText::Infinite { negative } => decorate(negative, "∞".to_string(), style, locale),
        DecimalText::NaN => decorate(false, "NaN".to_string(), style, locale),
    }
}

/// A `Decimal`'s text as the engine reads it (see [`format_decimal_text`]).
enum DecimalText<'a> {
    /// Plain digits with at most one point, a digit at each end.
    Finite {
        negative: bool,
        magnitude: &'a str,
    },
    Infinite {
        negative: bool,
    },
    /// `NaN`, or any text that is not one of the above.
    NaN,
}

impl DecimalText<'_> {
    fn read(text: &str) -> DecimalText<'_> {
        let (negative, magnitude) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let bytes = magnitude.as_bytes();
        let plain = bytes.first().is_some_and(u8::is_ascii_digit)
            && bytes.last().is_some_and(u8::is_ascii_digit)
            && bytes.iter().filter(|&&b| b == b'.').count() <= 1
            && bytes.iter().all(|&b| b.is_ascii_digit() || b == b'.');
        if plain {
            DecimalText::Finite {
                negative,
                magnitude,
            }
        } else if magnitude == "Infinity" {
            DecimalText::Infinite { negative }
        } else {
            DecimalText::NaN
        }
    }
}

/// Rounds and groups the finite magnitude `text`, then decorates it; a result of zero
/// shows no minus sign.
fn decorate_finite(negative: bool, text: &str, style: &NumberStyle, locale: Locale) -> String {
    let (is_zero, body) = round_finite(negative, text, style, Some(locale));
    decorate(negative && !is_zero, body, style, locale)
}

/// The finite magnitude `text` rounded as `style` shows it (a percent's digits are those
/// of the percent), grouped and pointed for `locale`, or plain (no groups, `.`) without one.
fn round_finite(
    negative: bool,
    text: &str,
    style: &NumberStyle,
    locale: Option<Locale>,
) -> (bool, String) {
    let places = style.decimal_places.map(|n| n.min(MAX_DECIMAL_PLACES));
    let shift = if style.percent { 2 } else { 0 };
    let rounded = round_magnitude(
        text,
        shift,
        style.rounding_step.as_ref(),
        places.unwrap_or(DEFAULT_MAX_PLACES),
        style.rounding_mode,
        negative,
    );
    // Rounded already: format_magnitude only groups and pads it.
    format_magnitude(&rounded, 0, places, locale)
}

/// A number as a CSV cell holds it: rounded exactly as [`format_number`] shows it, in plain
/// digits — no groups, `.` for the point, no currency sign, units or `%` (a percent is the
/// fraction again: shown as `15%`, it is `0.15`), `-` unless it rounds to zero. `None` for
/// NaN and the infinities, which a spreadsheet has no number for.
#[must_use]
pub fn plain_number(value: f64, style: &NumberStyle) -> Option<String> {
    value
        .is_finite()
        .then(|| plain_finite(value.is_sign_negative(), &format!("{}", value.abs()), style))
}

/// [`plain_number`] for a decimal.js `Decimal`'s exact digits (as [`format_decimal_text`]
/// reads them).
#[must_use]
pub fn plain_decimal_text(text: &str, style: &NumberStyle) -> Option<String> {
    match DecimalText::read(text) {
        DecimalText::Finite {
            negative,
            magnitude,
        } => Some(plain_finite(negative, magnitude, style)),
        DecimalText::Infinite { .. } | DecimalText::NaN => None,
    }
}

fn plain_finite(negative: bool, text: &str, style: &NumberStyle) -> String {
    let (is_zero, mut body) = round_finite(negative, text, style, None);
    if style.percent {
        body = point_left_two(&body);
    }
    if negative && !is_zero {
        body.insert(0, '-');
    }
    body
}

/// Plain digits (`"12.5"`, `"7"`) divided by 100 by moving the point: `"0.125"`, `"0.07"`.
fn point_left_two(digits: &str) -> String {
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let int = format!("{int:0>3}");
    let (whole, moved) = int.split_at(int.len() - 2);
    let whole = whole.trim_start_matches('0');
    let frac = format!("{moved}{frac}");
    let frac = frac.trim_end_matches('0');
    match (whole.is_empty(), frac.is_empty()) {
        (true, true) => "0".to_owned(),
        (true, false) => format!("0.{frac}"),
        (false, true) => whole.to_owned(),
        (false, false) => format!("{whole}.{frac}"),
    }
}

/// The sign, the percent or currency decoration and the author's units around `body`.
fn decorate(negative: bool, body: String, style: &NumberStyle, locale: Locale) -> String {
    let currency = if style.percent {
        ""
    } else {
        style.currency_sign.as_deref().unwrap_or("")
    };
    let mut number = String::with_capacity(body.len() + currency.len() + 5);
    if negative {
        number.push('-');
    }
    number.push_str(currency);
    number.push_str(&body);
    if style.percent {
        if locale == Locale::Ru {
            number.push('\u{a0}');
        }
        number.push('%');
    }
    with_units(number, style.prefix.as_deref(), style.suffix.as_deref())
}

/// Puts the author's prefix before `number` and suffix after it (each trimmed; empty shows
/// nothing), the way the two read in both languages: a word or a sign is set off by a
/// no-break space (`USD\u{a0}5`, `75\u{a0}kg`, `1\u{a0}200\u{a0}₽`), while a symbol that
/// hugs its number does not get one (`≈5`, `$5`, `5/mo`, `5%`, `20°C`).
fn with_units(number: String, prefix: Option<&str>, suffix: Option<&str>) -> String {
    const HUGGING: &[char] = &['%', '‰', '‱', '°', '′', '″'];
    let prefix = prefix.map_or("", str::trim);
    let suffix = suffix.map_or("", str::trim);
    if prefix.is_empty() && suffix.is_empty() {
        return number;
    }
    let before = match prefix.chars().last() {
        Some(c) if c.is_alphanumeric() => "\u{a0}",
        _ => "",
    };
    let after = match suffix.chars().next() {
        Some(c) if !c.is_ascii_punctuation() && !HUGGING.contains(&c) => "\u{a0}",
        _ => "",
    };
    format!("{prefix}{before}{number}{after}{suffix}")
}

/// Rounds and groups a non-negative number, given as plain decimal digits (`"1234.5"`, no
/// exponent), times 10^`shift`, for `locale` (plain digits and `.` without one); also tells
/// whether the result is zero.
fn format_magnitude(
    text: &str,
    shift: usize,
    places: Option<u32>,
    locale: Option<Locale>,
) -> (bool, String) {
    let (int_text, frac_text) = text.split_once('.').unwrap_or((text, ""));
    // Scaling by a power of ten moves the decimal point: exact, unlike a multiplication.
    let moved = frac_text.len().min(shift);
    let mut int_text = format!(
        "{int_text}{}{}",
        &frac_text[..moved],
        "0".repeat(shift - moved)
    );
    let frac_text = &frac_text[moved..];
    let leading_zeros = int_text.len() - int_text.trim_start_matches('0').len();
    int_text.drain(..leading_zeros.min(int_text.len() - 1));
    let keep = places.unwrap_or(DEFAULT_MAX_PLACES) as usize;
    let mut digits: Vec<u8> = int_text
        .bytes()
        .chain(frac_text.bytes().take(keep))
        .collect();
    let mut int_len = int_text.len();
    // The digits are exact, so a first dropped digit of 5 or more means "half or above".
    let half_or_above = frac_text
        .as_bytes()
        .get(keep)
        .is_some_and(|&dropped| dropped >= b'5');
    if half_or_above && round_up(&mut digits) {
        digits.insert(0, b'1');
        int_len += 1;
    }
    let is_zero = digits.iter().all(|&d| d == b'0');
    let (int_digits, frac_digits) = digits.split_at(int_len);
    let mut frac = frac_digits.to_vec();
    match places {
        Some(_) => frac.resize(keep, b'0'),
        None => frac.truncate(frac.iter().rposition(|&d| d != b'0').map_or(0, |i| i + 1)),
    }

    let mut out = String::with_capacity(digits.len() * 2);
    for (i, &digit) in int_digits.iter().enumerate() {
        if let Some(locale) = locale.filter(|_| i > 0 && (int_digits.len() - i) % 3 == 0) {
            out.push(locale.group_separator());
        }
        out.push(char::from(digit));
    }
    if !frac.is_empty() {
        out.push(locale.map_or('.', Locale::decimal_separator));
        out.extend(frac.iter().map(|&digit| char::from(digit)));
    }
    (is_zero, out)
}

/// Formats an instant as its UTC day in medium style: `Nov 25, 2026` / `25 нояб. 2026 г.`;
/// `Invalid Date` for a non-finite or out-of-range instant.
pub fn format_date(epoch_ms: f64, locale: Locale) -> String {
    let Some(date) = CivilDate::from_epoch_ms(epoch_ms) else {
        return "Invalid Date".to_string();
    };
    let (year, month, day) = (date.year, date.month as usize - 1, date.day);
    match locale {
        Locale::En => format!("{} {day}, {year}", EN_MONTHS[month]),
        Locale::Ru => format!("{day} {} {year} г.", RU_MONTHS[month]),
    }
}

/// `Yes` / `No` in English, `Да` / `Нет` in Russian.
pub fn format_bool(value: bool, locale: Locale) -> &'static str {
    match (locale, value) {
        (Locale::En, true) => "Yes",
        (Locale::En, false) => "No",
        (Locale::Ru, true) => "Да",
        (Locale::Ru, false) => "Нет",
    }
}

/// Returns text as is, except that an http(s) URL (scheme case-insensitive, no whitespace)
/// longer than 30 characters is cut to its first 30 characters followed by `…`.
pub fn format_text(value: &str) -> String {
    let head = value.get(..8).unwrap_or(value).to_ascii_lowercase();
    let is_url = (head.starts_with("http://") || head.starts_with("https://"))
        && !value.chars().any(char::is_whitespace);
    match value.char_indices().nth(MAX_URL_CHARS) {
        Some((cut, _)) if is_url => format!("{}…", &value[..cut]),
        _ => value.to_string(),
    }
}

/// Adds one to the last of `digits` (ASCII decimal digits), carrying leftwards. True when
/// every digit was 9: they are all 0 now and the caller owes a leading 1.
pub(crate) fn round_up(digits: &mut [u8]) -> bool {
    match digits.iter().rposition(|&d| d != b'9') {
        Some(i) => {
            digits[i] += 1;
            digits[i + 1..].fill(b'0');
            false
        }
        None => {
            digits.fill(b'0');
            true
        }
    }
}

#[cfg(test)]
mod tests;
