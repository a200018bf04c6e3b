//! `formatToParts` for numbers: a formatted number's text cut into ECMA-402's parts
//! (`integer`, `group`, `decimal`, `fraction`, `minusSign`, `currency`, `percentSign`,
//! `exponentSeparator`, `compact`, `literal`, …). The text is ours or boa's, so its pieces
//! are known: the affixes from the style's pattern and the digits from boa's decimal
//! formatter, whose decimal separator is the locale's.

use boa_engine::{
    Context, JsResult, JsString, JsValue, js_string,
    object::{ObjectInitializer, builtins::JsArray},
    property::Attribute,
};

/// One part: its ECMA-402 type and its text.
pub(super) type Part = (&'static str, String);

/// Appends `text` to the last part when it has the same type, else a new part.
fn push(parts: &mut Vec<Part>, kind: &'static str, text: &str) {
    match parts.last_mut() {
        Some((last, value)) if *last == kind => value.push_str(text),
        _ => parts.push((kind, text.to_owned())),
    }
}

/// A sign, a parenthesis or a space in an affix.
fn around(c: char) -> Option<&'static str> {
    match c {
        '-' | '\u{2212}' => Some("minusSign"),
        '+' => Some("plusSign"),
        '(' | ')' => Some("literal"),
        c if c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}' => Some("literal"),
        _ => None,
    }
}

/// The parts of an affix (`-$`, `\u{a0}₽`, `\u{a0}%`, ` US dollars`): signs, spaces and
/// parentheses around one piece of `kind` (`currency`, `percentSign`, `unit`).
pub(super) fn affix_parts(text: &str, kind: &'static str, parts: &mut Vec<Part>) {
    let first = text.char_indices().find(|(_, c)| around(*c).is_none());
    let last = text
        .char_indices()
        .rev()
        .find(|(_, c)| around(*c).is_none());
    let (start, end) = match (first, last) {
        (Some((start, _)), Some((end, c))) => (start, end + c.len_utf8()),
        _ => (text.len(), text.len()),
    };
    let mut buffer = [0; 4];
    for c in text[..start].chars() {
        push(
            parts,
            around(c).unwrap_or("literal"),
            c.encode_utf8(&mut buffer),
        );
    }
    if start < end {
        parts.push((kind, text[start..end].to_owned()));
    }
    for c in text[end..].chars() {
        push(
            parts,
            around(c).unwrap_or("literal"),
            c.encode_utf8(&mut buffer),
        );
    }
}

/// The parts of a number as boa's decimal formatter writes it, with the exponent this file's
/// scientific notation adds and the words of the compact notation (`1.5K`, `1,2 млн`).
pub(super) fn number_parts(text: &str, decimal_separator: &str, parts: &mut Vec<Part>) {
    let mut rest = text;
    let mut seen_digit = false;
    let mut after_decimal = false;
    let mut exponent = false;
    let mut buffer = [0; 4];
    while let Some(c) = rest.chars().next() {
        if !decimal_separator.is_empty()
            && seen_digit
            && !exponent
            && !after_decimal
            && let Some(after) = rest.strip_prefix(decimal_separator)
            && after.starts_with(|c: char| c.is_ascii_digit())
        {
            parts.push(("decimal", decimal_separator.to_owned()));
            after_decimal = true;
            rest = after;
            continue;
        }
        let text = c.encode_utf8(&mut buffer);
        let kind = if c.is_ascii_digit() {
            seen_digit = true;
            if exponent {
                "exponentInteger"
            } else if after_decimal {
                "fraction"
            } else {
                "integer"
            }
        } else if rest.starts_with("NaN") {
            parts.push(("nan", "NaN".to_owned()));
            rest = &rest[3..];
            continue;
        } else if c == '∞' {
            "infinity"
        } else if c == 'E' && seen_digit && !exponent && exponent_follows(rest) {
            exponent = true;
            "exponentSeparator"
        } else if (c == '-' || c == '\u{2212}') && exponent {
            "exponentMinusSign"
        } else if c == '-' || c == '\u{2212}' {
            "minusSign"
        } else if c == '+' {
            "plusSign"
        } else if seen_digit && !after_decimal && !exponent && next_is_digit(rest, c) {
            "group"
        } else if c.is_alphabetic() || (c == '.' && parts.last().is_some_and(|p| p.0 == "compact"))
        {
            "compact"
        } else {
            "literal"
        };
        match kind {
            // Each run of digits between separators is a part of its own, as V8 gives them.
            "integer" | "fraction" | "exponentInteger" => match parts.last_mut() {
                Some((last, value)) if *last == kind => value.push_str(text),
                _ => parts.push((kind, text.to_owned())),
            },
            _ => push(parts, kind, text),
        }
        rest = &rest[c.len_utf8()..];
    }
}

/// A number's digits as boa wrote them (`1,234.50`, `١٢٫٥`), as a plain decimal (`1234.50`):
/// the digits (the locale's, counted from its `zero`) and the `decimal` separator as `.`.
pub(super) fn plain_decimal(digits: &str, decimal: &str, zero: char) -> String {
    let mut plain = String::new();
    let mut rest = digits;
    while let Some(c) = rest.chars().next() {
        if !decimal.is_empty() && rest.starts_with(decimal) {
            plain.push('.');
            rest = &rest[decimal.len()..];
            continue;
        }
        if c.is_ascii_digit() {
            plain.push(c);
        } else if let Some(digit) = (c as u32)
            .checked_sub(zero as u32)
            .filter(|d| *d < 10 && zero != '0')
            .and_then(|d| char::from_digit(d, 10))
        {
            plain.push(digit);
        }
        rest = &rest[c.len_utf8()..];
    }
    plain
}

/// Whether `E` at the start of `rest` begins an exponent (`E5`, `E-4`), not a word.
fn exponent_follows(rest: &str) -> bool {
    let after = rest[1..].strip_prefix('-').unwrap_or(&rest[1..]);
    after.starts_with(|d: char| d.is_ascii_digit())
}

/// Whether a digit follows the separator `c` at the start of `rest`.
fn next_is_digit(rest: &str, c: char) -> bool {
    rest[c.len_utf8()..].starts_with(|d: char| d.is_ascii_digit())
}

/// The parts as JavaScript's `[{type, value}]`, each with `unit` when one is given
/// (`Intl.RelativeTimeFormat` marks its number's parts with the unit).
pub(super) fn to_array(parts: Vec<Part>, unit: Option<&str>, context: &mut Context) -> JsValue {
    let parts: Vec<JsValue> = parts
        .into_iter()
        .map(|(kind, value)| {
            let mut object = ObjectInitializer::new(context);
            object
                .property(js_string!("type"), JsString::from(kind), Attribute::all())
                .property(
                    js_string!("value"),
                    JsString::from(value.as_str()),
                    Attribute::all(),
                );
            if let Some(unit) = unit.filter(|_| kind != "literal") {
                object.property(js_string!("unit"), JsString::from(unit), Attribute::all());
            }
            object.build().into()
        })
        .collect();
    JsArray::from_iter(parts, context).into()
}

/// Text of a JavaScript value known to be a string (a formatter's answer).
pub(super) fn text_of(value: &JsValue, context: &mut Context) -> JsResult<String> {
    Ok(value.to_string(context)?.to_std_string_escaped())
}

#[cfg(test)]
mod tests {
    use super::{Part, affix_parts, number_parts};

    fn parts(before: &str, digits: &str, after: &str, kind: &'static str, sep: &str) -> Vec<Part> {
        let mut parts = Vec::new();
        affix_parts(before, kind, &mut parts);
        number_parts(digits, sep, &mut parts);
        affix_parts(after, kind, &mut parts);
        parts
    }

    fn kinds(parts: &[Part]) -> Vec<String> {
        parts.iter().map(|(k, v)| format!("{k}:{v}")).collect()
    }

    #[test]
    fn a_negative_dollar_amount_has_sign_currency_and_digit_groups() {
        assert_eq!(
            kinds(&parts("-$", "1,234.50", "", "currency", ".")),
            [
                "minusSign:-",
                "currency:$",
                "integer:1",
                "group:,",
                "integer:234",
                "decimal:.",
                "fraction:50"
            ]
        );
    }

    #[test]
    fn a_currency_name_keeps_its_inner_space_and_accounting_parentheses_are_literals() {
        assert_eq!(
            kinds(&parts("(", "5.00", " US dollars)", "currency", ".")),
            [
                "literal:(",
                "integer:5",
                "decimal:.",
                "fraction:00",
                "literal: ",
                "currency:US dollars",
                "literal:)"
            ]
        );
    }

    #[test]
    fn russian_groups_and_percent_sign_after_a_no_break_space() {
        assert_eq!(
            kinds(&parts("", "1\u{a0}234,5", "\u{a0}%", "percentSign", ",")),
            [
                "integer:1",
                "group:\u{a0}",
                "integer:234",
                "decimal:,",
                "fraction:5",
                "literal:\u{a0}",
                "percentSign:%"
            ]
        );
    }

    #[test]
    fn scientific_and_compact_numbers_name_their_exponent_and_word() {
        assert_eq!(
            kinds(&parts("-", "1.23E-4", "", "currency", ".")),
            [
                "minusSign:-",
                "integer:1",
                "decimal:.",
                "fraction:23",
                "exponentSeparator:E",
                "exponentMinusSign:-",
                "exponentInteger:4"
            ]
        );
        assert_eq!(
            kinds(&parts("", "1.2 million", "", "currency", ".")),
            [
                "integer:1",
                "decimal:.",
                "fraction:2",
                "literal: ",
                "compact:million"
            ]
        );
        assert_eq!(
            kinds(&parts("", "1,2\u{a0}млн", "", "currency", ",")),
            [
                "integer:1",
                "decimal:,",
                "fraction:2",
                "literal:\u{a0}",
                "compact:млн"
            ]
        );
    }
}
