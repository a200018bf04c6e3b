//! A script's strings in Rust text, lone surrogates included. A JavaScript string is
//! UTF-16 and may hold a surrogate without its pair (`'😀'.split('')`); a Rust `String`
//! cannot. Such a code unit is carried as [`ESCAPE`] followed by one character of a
//! private-use block (U+10F000 + the unit's offset from U+D800), and a real [`ESCAPE`] in
//! the script's text as two of them, so every JavaScript string has exactly one
//! spelling. Where the text leaves the engine it becomes what a browser has:
//! - in a result's JSON text, the escape `\ud83d` exactly as `JSON.stringify` writes it
//!   ([`json_text`]; the wasm face's `JSON.parse` then gives the browser the code unit);
//! - in display text, U+FFFD, as a browser draws a lone surrogate ([`well_formed`]).
//!
//! What a calculation returns (`run/describe.rs`), its error messages (`errors/`) and its
//! console lines (`host/console.rs`) are read this way; where Node's console quotes a
//! string inside a value it writes the escape itself, `'\ud83d'` ([`escaped`]).

use std::borrow::Cow;

use boa_engine::property::PropertyKey;
use boa_engine::string::CodePoint;
use boa_engine::{Context, JsResult, JsString, JsValue};
use serde::Serialize;

/// Starts the two characters that stand for a lone surrogate (U+10FFFF, a noncharacter).
pub(crate) const ESCAPE: char = '\u{10FFFF}';

/// The character after [`ESCAPE`] for surrogate U+D800; U+DFFF is this + 0x7FF.
const FIRST: u32 = 0x10_F000;

/// `string` as Rust text, each lone surrogate and each [`ESCAPE`] spelled as above.
pub(crate) fn from_js(string: &JsString) -> String {
    if let Ok(text) = string.to_std_string()
        && !text.contains(ESCAPE)
    {
        return text;
    }
    let mut text = String::with_capacity(string.len());
    for point in string.code_points() {
        match point {
            CodePoint::Unicode(ESCAPE) => text.extend([ESCAPE, ESCAPE]),
            CodePoint::Unicode(c) => text.push(c),
            CodePoint::UnpairedSurrogate(unit) => {
                text.push(ESCAPE);
                text.push(stand_in(unit));
            }
        }
    }
    text
}

/// `text`, spelled as [`from_js`] spells a script's string, as that string again: each
/// lone surrogate back to its code unit (a visitor's value or a test's input that holds
/// one reaches the script as V8 would give it).
pub(crate) fn to_js(text: &str) -> JsString {
    if !text.contains(ESCAPE) {
        return JsString::from(text);
    }
    let mut units: Vec<u16> = Vec::with_capacity(text.len());
    pieces(text, |piece| match piece {
        Piece::Plain(plain) => units.extend(plain.encode_utf16()),
        Piece::Surrogate(unit) => units.push(unit),
        Piece::Escape => units.extend_from_slice(ESCAPE.encode_utf16(&mut [0; 2])),
    });
    JsString::from(&units[..])
}

/// `JsValue::from_json`, with each string that holds [`ESCAPE`] read by [`to_js`].
///
/// # Errors
/// boa's, when it cannot make an object.
pub(crate) fn json_to_js(value: &serde_json::Value, context: &mut Context) -> JsResult<JsValue> {
    let made = JsValue::from_json(value, context)?;
    respell(value, &made, context)?;
    Ok(made)
}

/// Whether `value` has a string that holds [`ESCAPE`].
fn spells_a_surrogate(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(text) => text.contains(ESCAPE),
        serde_json::Value::Array(items) => items.iter().any(spells_a_surrogate),
        serde_json::Value::Object(map) => map.values().any(spells_a_surrogate),
        _ => false,
    }
}

/// Sets each string of `made` (made from `value`) that holds [`ESCAPE`] to [`to_js`]'s.
fn respell(value: &serde_json::Value, made: &JsValue, context: &mut Context) -> JsResult<()> {
    if !spells_a_surrogate(value) {
        return Ok(());
    }
    let Some(object) = made.as_object() else {
        return Ok(());
    };
    let children: Vec<(PropertyKey, &serde_json::Value)> = match value {
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(index, item)| (PropertyKey::from(index), item))
            .collect(),
        serde_json::Value::Object(map) => map
            .iter()
            .map(|(key, item)| (PropertyKey::from(JsString::from(key.as_str())), item))
            .collect(),
        _ => Vec::new(),
    };
    for (key, item) in children {
        match item {
            serde_json::Value::String(text) if text.contains(ESCAPE) => {
                object.set(key, to_js(text), false, context)?;
            }
            _ => {
                let child = object.get(key, context)?;
                respell(item, &child, context)?;
            }
        }
    }
    Ok(())
}

/// The character after [`ESCAPE`] for the surrogate `unit`.
fn stand_in(unit: u16) -> char {
    char::from_u32(FIRST + u32::from(unit.saturating_sub(0xD800) & 0x7FF))
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// A piece of text spelled as [`from_js`] spells it.
enum Piece<'a> {
    /// Text that stands for itself.
    Plain(&'a str),
    /// A lone surrogate.
    Surrogate(u16),
    /// A real [`ESCAPE`].
    Escape,
}

/// `text` in its pieces, in order. A lone [`ESCAPE`] (text cut between the two characters)
/// stands for itself.
fn pieces(text: &str, mut each: impl FnMut(Piece<'_>)) {
    let mut rest = text;
    while let Some(at) = rest.find(ESCAPE) {
        each(Piece::Plain(&rest[..at]));
        let after = &rest[at + ESCAPE.len_utf8()..];
        let mut chars = after.chars();
        match chars.next() {
            Some(ESCAPE) => each(Piece::Escape),
            Some(c) if (FIRST..FIRST + 0x800).contains(&u32::from(c)) => {
                each(Piece::Surrogate((0xD800 + u32::from(c) - FIRST) as u16));
            }
            _ => {
                each(Piece::Plain(&rest[at..at + ESCAPE.len_utf8()]));
                rest = after;
                continue;
            }
        }
        rest = chars.as_str();
    }
    each(Piece::Plain(rest));
}

/// `text` as a browser shows it: each lone surrogate as U+FFFD. A real [`ESCAPE`] keeps its
/// spelling (two of them), so that every string of a result is spelled alike and
/// [`json_text`] writes each one right.
#[must_use]
pub fn well_formed(text: &str) -> Cow<'_, str> {
    if !text.contains(ESCAPE) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len());
    pieces(text, |piece| match piece {
        Piece::Plain(plain) => shown.push_str(plain),
        Piece::Surrogate(_) => shown.push(char::REPLACEMENT_CHARACTER),
        Piece::Escape => shown.extend([ESCAPE, ESCAPE]),
    });
    Cow::Owned(shown)
}

/// JSON text (as `serde_json` writes it: non-ASCII characters as they are, so the
/// escapes can only be inside strings) with each lone surrogate as `\udXXX`, as
/// `JSON.stringify` writes it.
#[must_use]
pub fn json_text(json: String) -> String {
    match escaped(&json) {
        Cow::Borrowed(_) => json,
        Cow::Owned(text) => text,
    }
}

/// `text` with each lone surrogate as the six characters `\udXXX` (as `JSON.stringify`
/// and Node's `util.inspect` write one inside quotes) and a real [`ESCAPE`] as itself.
#[must_use]
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.contains(ESCAPE) {
        return Cow::Borrowed(text);
    }
    let mut written = String::with_capacity(text.len());
    pieces(text, |piece| match piece {
        Piece::Plain(plain) => written.push_str(plain),
        Piece::Surrogate(unit) => written.push_str(&format!("\\u{unit:04x}")),
        Piece::Escape => written.push(ESCAPE),
    });
    Cow::Owned(written)
}

/// `value` as JSON text, lone surrogates in its strings as `\udXXX`: what every face
/// writes a result with.
///
/// # Errors
/// When `serde_json` cannot write `value` (a map with keys that are not strings).
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    serde_json::to_string(value).map(json_text)
}

/// [`to_json`], indented.
///
/// # Errors
/// As [`to_json`].
pub fn to_json_pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    serde_json::to_string_pretty(value).map(json_text)
}

/// JSON text read as [`to_json`] writes it: a `\udXXX` escape of a lone surrogate (one
/// not in a pair) becomes the two characters [`from_js`] spells it with, as does a real
/// [`ESCAPE`] in a string ([`script_json`]); then `serde_json` reads it (which refuses lone
/// surrogates).
///
/// # Errors
/// `serde_json`'s, for text that is not JSON.
pub fn parse_json<T: serde::de::DeserializeOwned>(json: &str) -> serde_json::Result<T> {
    serde_json::from_str(&script_json(json))
}

/// JSON text (such as a request's body, written by `JSON.stringify`) whose strings spell a
/// lone surrogate as the engine does: its `\udXXX` escape becomes the two characters
/// [`from_js`] spells it with, and a real [`ESCAPE`] two of them, so that `serde_json`
/// reads the text (it refuses lone surrogates) and the strings reach a script as they
/// were written.
#[must_use]
pub fn script_json(json: &str) -> Cow<'_, str> {
    if !json.contains("\\u") && !json.contains(ESCAPE) {
        return Cow::Borrowed(json);
    }
    Cow::Owned(rewrite_strings(json, true, |unit, text| {
        text.push(ESCAPE);
        text.push(stand_in(unit));
    }))
}

/// JSON text whose strings have U+FFFD's escape (`\ufffd`) for each lone surrogate's, as
/// a browser encodes such a string as UTF-8: for fields that only people read (names,
/// addresses), which `serde_json` would otherwise refuse.
#[must_use]
pub fn replaced_json(json: &str) -> Cow<'_, str> {
    if !json.contains("\\u") {
        return Cow::Borrowed(json);
    }
    Cow::Owned(rewrite_strings(json, false, |_, text| {
        text.push_str("\\ufffd")
    }))
}

/// `json` with each lone surrogate's escape inside a string written by `lone`, and a real
/// [`ESCAPE`] in a string doubled when `double_escape`; everything else as it is.
fn rewrite_strings(json: &str, double_escape: bool, lone: impl Fn(u16, &mut String)) -> String {
    let mut text = String::with_capacity(json.len());
    let mut chars = json.char_indices();
    let mut in_string = false;
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => in_string = !in_string,
            ESCAPE if in_string && double_escape => text.push(ESCAPE),
            '\\' if in_string => {
                let unit = json
                    .get(at + 2..at + 6)
                    .filter(|_| json[at + 1..].starts_with('u'))
                    .and_then(|hex| u16::from_str_radix(hex, 16).ok());
                match unit {
                    Some(unit @ 0xD800..=0xDFFF) if !paired(json, at, unit) => {
                        lone(unit, &mut text);
                        // The `u` and its four digits.
                        for _ in 0..5 {
                            chars.next();
                        }
                        continue;
                    }
                    Some(high @ 0xD800..=0xDBFF) => {
                        // A pair: both escapes as they are; twice for [`ESCAPE`] itself
                        // (`\udbff\udfff`), which is doubled as a real one is.
                        let pair = &json[at..at + 12];
                        text.push_str(pair);
                        if double_escape && high == 0xDBFF && pair[8..].eq_ignore_ascii_case("dfff")
                        {
                            text.push_str(pair);
                        }
                        for _ in 0..11 {
                            chars.next();
                        }
                        continue;
                    }
                    _ => {
                        // Any other escape: the backslash and the escaped character.
                        text.push('\\');
                        if let Some((_, next)) = chars.next() {
                            text.push(next);
                        }
                        continue;
                    }
                }
            }
            _ => {}
        }
        text.push(c);
    }
    text
}

/// Whether the surrogate escape `\uXXXX` at `at` in `json` is a high surrogate followed by
/// the escape of a low one.
fn paired(json: &str, at: usize, unit: u16) -> bool {
    (0xD800..0xDC00).contains(&unit)
        && json
            .get(at + 6..at + 12)
            .and_then(|next| next.strip_prefix("\\u"))
            .and_then(|hex| u16::from_str_radix(hex, 16).ok())
            .is_some_and(|low| (0xDC00..0xE000).contains(&low))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn js(units: &[u16]) -> JsString {
        JsString::from(units)
    }

    #[test]
    fn whole_characters_are_left_as_they_are() {
        let text = from_js(&JsString::from("a😀b"));
        assert_eq!(text, "a😀b");
        assert_eq!(well_formed(&text), "a😀b");
        assert_eq!(json_text(serde_json::to_string(&text).unwrap()), "\"a😀b\"");
    }

    #[test]
    fn a_lone_surrogate_is_written_as_json_stringify_writes_it() {
        // '😀'.split(''), 'x' + '\udfff', and a high surrogate before a plain letter.
        for (units, json) in [
            (vec![0xD83D], r#""\ud83d""#),
            (vec![0xDE00], r#""\ude00""#),
            (vec![0x78, 0xDFFF], r#""x\udfff""#),
            (vec![0xD800, 0x61, 0xDBFF], r#""\ud800a\udbff""#),
        ] {
            let text = from_js(&js(&units));
            assert_eq!(to_json(&text).unwrap(), json, "{units:x?}");
        }
    }

    #[test]
    fn a_lone_surrogate_shows_as_the_replacement_character() {
        let text = from_js(&js(&[0x61, 0xD83D, 0x62]));
        assert_eq!(well_formed(&text), "a\u{FFFD}b");
    }

    #[test]
    fn the_escape_character_itself_keeps_one_spelling() {
        // A real U+10FFFF, and one followed by a character of the stand-in block.
        let mut units = vec![0x61];
        units.extend(ESCAPE.encode_utf16(&mut [0; 2]).iter());
        units.extend('\u{10F03D}'.encode_utf16(&mut [0; 2]).iter());
        units.push(0xD83D);
        let text = from_js(&js(&units));
        assert_eq!(
            well_formed(&text),
            "a\u{10FFFF}\u{10FFFF}\u{10F03D}\u{FFFD}"
        );
        assert_eq!(
            json_text(serde_json::to_string(&well_formed(&text)).unwrap()),
            "\"a\u{10FFFF}\u{10F03D}\u{FFFD}\""
        );
        assert_eq!(to_json(&text).unwrap(), "\"a\u{10FFFF}\u{10F03D}\\ud83d\"");
    }

    #[test]
    fn json_text_reads_back_to_the_same_spelling() {
        let units = [0x61, 0xD83D, 0xD83D, 0xDE00, 0x22, 0x5C, 0xDE00];
        let text = from_js(&js(&units));
        let json = to_json(&serde_json::json!({ "k": [text.clone()] })).unwrap();
        assert_eq!(json, r#"{"k":["a\ud83d😀\"\\\ude00"]}"#);
        let read: serde_json::Value = parse_json(&json).unwrap();
        assert_eq!(read["k"][0], text);
        // Escaped pairs and other escapes are read as serde_json reads them.
        let read: String = parse_json(r#""\ud83d\ude00\n\\ud83d\u0041""#).unwrap();
        assert_eq!(read, "😀\n\\ud83dA");
        // ESCAPE itself, written as its pair of escapes, before a lone surrogate's.
        let read: String = parse_json(r#""\udbff\uDFFF\ud83d""#).unwrap();
        assert_eq!(
            read,
            format!("{ESCAPE}{ESCAPE}{ESCAPE}{}", stand_in(0xD83D))
        );
        // A real ESCAPE before a lone surrogate's escape.
        let read: String = parse_json(&format!("\"{ESCAPE}\\udfff\"")).unwrap();
        assert_eq!(
            read,
            format!("{ESCAPE}{ESCAPE}{ESCAPE}{}", stand_in(0xDFFF))
        );
    }

    #[test]
    fn a_string_in_the_engines_spelling_is_that_script_string_again() {
        for units in [
            vec![0x61, 0xD83D, 0x62],
            vec![0xDE00, 0xD83D],
            vec![0xDBFF, 0xDFFF, 0xDC00],
            vec![0x78],
        ] {
            let string = js(&units);
            assert_eq!(to_js(&from_js(&string)), string, "{units:x?}");
        }
    }

    #[test]
    fn a_request_body_for_people_has_the_replacement_character_for_a_lone_surrogate() {
        let body = format!(r#"{{"name":"a\ud83d {ESCAPE}\ud83d\ude00\\udfff"}}"#);
        let read: serde_json::Value = serde_json::from_str(&replaced_json(&body)).unwrap();
        assert_eq!(read["name"], format!("a\u{FFFD} {ESCAPE}😀\\udfff"));
        // Text without an escape is not copied.
        assert!(matches!(replaced_json(r#"{"a":"😀"}"#), Cow::Borrowed(_)));
        assert!(matches!(script_json(r#"{"a":"😀"}"#), Cow::Borrowed(_)));
    }

    #[test]
    fn an_escape_cut_from_its_pair_stands_for_itself() {
        let cut = format!("ab{ESCAPE}");
        assert_eq!(well_formed(&cut), cut);
        assert_eq!(json_text(cut.clone()), cut);
    }
}
