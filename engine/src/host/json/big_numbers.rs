//! `JSON.parse` of numbers beyond the double range: V8 reads `1e400` as `Infinity` (and
//! `-1e400` as `-Infinity`), while boa's parser refuses the whole text. Such numbers are
//! written as marker strings, the text parsed by boa, and each marker turned back into an
//! infinity by a reviver that then hands the value to the author's reviver, if any.

use crate::host::native_method;
use boa_engine::{Context, JsArgs, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// What an overflowing positive or negative number is written as while boa parses.
const POSITIVE: &str = "\u{0}calcsmith:+Infinity";
const NEGATIVE: &str = "\u{0}calcsmith:-Infinity";

/// The parsed value of `text`, which V8 accepts, when it holds numbers too large for a
/// double; `None` when it holds none (boa refused it for another reason).
pub(super) fn parse(
    text: &str,
    reviver: &JsValue,
    original: &JsObject,
    context: &mut Context,
) -> Option<JsResult<JsValue>> {
    let rewritten = without_overflow(text)?;
    let revive = NativeFunction::from_copy_closure_with_captures(revive, reviver.clone());
    let revive = native_method(context, "", 2, revive);
    Some(original.call(
        &JsValue::undefined(),
        &[JsString::from(rewritten.as_str()).into(), revive.into()],
        context,
    ))
}

/// `text` with every number that overflows a double replaced by a marker string; `None`
/// when there is none. `text` is valid JSON, so strings and numbers are all there is to
/// tell apart.
fn without_overflow(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut in_string, mut replaced) = (0, false, false);
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            out.push(c);
            if c == '\\' {
                if let Some(&next) = chars.get(i + 1) {
                    out.push(next);
                }
                i += 1;
            } else if c == '"' {
                in_string = false;
            }
            i += 1;
            continue;
        }
        if c == '-' || c.is_ascii_digit() {
            let end = (i + 1..chars.len())
                .find(|&j| !matches!(chars[j], '0'..='9' | '+' | '-' | '.' | 'e' | 'E'))
                .unwrap_or(chars.len());
            let number: String = chars[i..end].iter().collect();
            match number.parse::<f64>() {
                Ok(n) if n.is_infinite() => {
                    let marker = if n > 0.0 { POSITIVE } else { NEGATIVE };
                    out.push_str(&serde_json::to_string(marker).unwrap_or_default());
                    replaced = true;
                }
                _ => out.push_str(&number),
            }
            i = end;
            continue;
        }
        in_string = c == '"';
        out.push(c);
        i += 1;
    }
    replaced.then_some(out)
}

/// Turns a marker back into its infinity, then calls the author's reviver.
fn revive(
    this: &JsValue,
    args: &[JsValue],
    reviver: &JsValue,
    context: &mut Context,
) -> JsResult<JsValue> {
    let key = args.get_or_undefined(0).clone();
    let value = args.get_or_undefined(1);
    let value = match value.as_string().map(|s| s.to_std_string_escaped()) {
        Some(s) if s == POSITIVE => JsValue::new(f64::INFINITY),
        Some(s) if s == NEGATIVE => JsValue::new(f64::NEG_INFINITY),
        _ => value.clone(),
    };
    match reviver.as_callable() {
        Some(author) => author.call(this, &[key, value], context),
        None => Ok(value),
    }
}

#[cfg(test)]
mod tests {
    use super::without_overflow;

    #[test]
    fn only_numbers_beyond_a_double_are_replaced() {
        assert_eq!(without_overflow(r#"{"a": 1e300, "b": "1e400"}"#), None);
        assert_eq!(
            without_overflow(r#"[1e400, -2e999, 3, "x\"1e400"]"#).as_deref(),
            Some(r#"["\u0000calcsmith:+Infinity", "\u0000calcsmith:-Infinity", 3, "x\"1e400"]"#)
        );
    }
}
