//! `JSON.parse` with V8's error messages (`Unexpected token '}', "{"a":}" is not valid
//! JSON`, `Unexpected end of JSON input`, ...). boa's parser reports serde_json's
//! wording, which names neither the token nor the text; authors search for V8's.
//! Valid JSON is parsed by boa's own `JSON.parse`, unchanged.

use super::{define_builtin, native_method};
use boa_engine::{
    Context, JsArgs, JsError, JsNativeError, JsObject, JsResult, JsValue, NativeFunction, js_string,
};

/// Replaces `JSON.parse` in `context`'s current realm.
///
/// # Errors
/// boa refused the definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let json = context
        .global_object()
        .get(js_string!("JSON"), context)?
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("JSON is missing"))?;
    let original = json
        .get(js_string!("parse"), context)?
        .as_object()
        .ok_or_else(|| JsNativeError::typ().with_message("JSON.parse is missing"))?;
    let parse = NativeFunction::from_copy_closure_with_captures(parse, original);
    let function = native_method(context, "parse", 2, parse);
    define_builtin(&json, js_string!("parse"), function, context)
}

fn parse(
    _: &JsValue,
    args: &[JsValue],
    original: &JsObject,
    context: &mut Context,
) -> JsResult<JsValue> {
    let outcome = original.call(&JsValue::undefined(), args, context);
    let Err(error) = outcome else {
        return outcome;
    };
    let is_syntax = error
        .as_native()
        .is_some_and(|n| matches!(n.kind(), boa_engine::error::JsNativeErrorKind::Syntax));
    if !is_syntax {
        return Err(error);
    }
    let text = args
        .first()
        .cloned()
        .unwrap_or_default()
        .to_string(context)?
        .to_std_string_escaped();
    match v8_json_error(&text) {
        Some(message) => Err(JsError::from_native(
            JsNativeError::syntax().with_message(message),
        )),
        None => big_numbers::parse(&text, args.get_or_undefined(1), original, context)
            .unwrap_or(Err(error)),
    }
}

mod big_numbers;

/// V8's message for the first error in `text`, or `None` when V8 would accept it.
pub fn v8_json_error(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = JsonCheck {
        chars: &chars,
        pos: 0,
    };
    let result = parser.value().and_then(|()| {
        parser.skip_whitespace();
        if parser.pos < chars.len() {
            Err(Failure::At(
                "Unexpected non-whitespace character after JSON",
                parser.pos,
            ))
        } else {
            Ok(())
        }
    });
    match result {
        Ok(()) => None,
        Err(Failure::End) => Some("Unexpected end of JSON input".to_owned()),
        Err(Failure::At(what, pos)) if what.ends_with("after JSON") => {
            Some(format!("{what} at position {pos}"))
        }
        Err(Failure::At(what, pos)) => Some(format!("{what} in JSON at position {pos}")),
        Err(Failure::Token(pos)) => Some(unexpected_token(&chars, pos)),
    }
}

enum Failure {
    End,
    At(&'static str, usize),
    Token(usize),
}

/// `Unexpected token 'x', "..." is not valid JSON`, with at most ten characters of
/// context either side of the token once the text is 21 characters or more.
fn unexpected_token(chars: &[char], pos: usize) -> String {
    let text: String = chars.iter().collect();
    if ["undefined", "NaN", "Infinity", "[object Object]"].contains(&text.as_str()) {
        return format!("\"{text}\" is not valid JSON");
    }
    let token = chars[pos];
    let slice =
        |from: usize, to: usize| chars[from..to.min(chars.len())].iter().collect::<String>();
    let context = if chars.len() < 21 {
        format!("\"{text}\"")
    } else if pos < 10 {
        format!("\"{}\"...", slice(0, pos + 10))
    } else if pos < chars.len() - 10 {
        format!("...\"{}\"...", slice(pos - 10, pos + 10))
    } else {
        format!("...\"{}\"", slice(pos - 10, chars.len()))
    };
    format!("Unexpected token '{token}', {context} is not valid JSON")
}

struct JsonCheck<'a> {
    chars: &'a [char],
    pos: usize,
}

impl JsonCheck<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.pos += 1;
        }
    }

    fn value(&mut self) -> Result<(), Failure> {
        self.skip_whitespace();
        match self.peek() {
            None => Err(Failure::End),
            Some('{') => self.object(),
            Some('[') => self.array(),
            Some('"') => self.string(),
            Some('-' | '0'..='9') => self.number(),
            Some('t') => self.literal("true"),
            Some('f') => self.literal("false"),
            Some('n') => self.literal("null"),
            Some(_) => Err(Failure::Token(self.pos)),
        }
    }

    fn object(&mut self) -> Result<(), Failure> {
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some('}') {
            self.pos += 1;
            return Ok(());
        }
        let mut first = true;
        loop {
            self.skip_whitespace();
            match self.peek() {
                // V8 names what it expected even at the end of the text.
                None if first => {
                    return Err(Failure::At("Expected property name or '}'", self.pos));
                }
                None => {
                    return Err(Failure::At(
                        "Expected double-quoted property name",
                        self.pos,
                    ));
                }
                Some('"') => self.string()?,
                Some(_) if first => {
                    return Err(Failure::At("Expected property name or '}'", self.pos));
                }
                Some(_) => {
                    return Err(Failure::At(
                        "Expected double-quoted property name",
                        self.pos,
                    ));
                }
            }
            first = false;
            self.skip_whitespace();
            match self.peek() {
                None => return Err(Failure::At("Expected ':' after property name", self.pos)),
                Some(':') => self.pos += 1,
                Some(_) => {
                    return Err(Failure::At("Expected ':' after property name", self.pos));
                }
            }
            self.value()?;
            self.skip_whitespace();
            match self.peek() {
                None => {
                    return Err(Failure::At(
                        "Expected ',' or '}' after property value",
                        self.pos,
                    ));
                }
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(_) => {
                    return Err(Failure::At(
                        "Expected ',' or '}' after property value",
                        self.pos,
                    ));
                }
            }
        }
    }

    fn array(&mut self) -> Result<(), Failure> {
        self.pos += 1;
        self.skip_whitespace();
        if self.peek() == Some(']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.value()?;
            self.skip_whitespace();
            match self.peek() {
                None => {
                    return Err(Failure::At(
                        "Expected ',' or ']' after array element",
                        self.pos,
                    ));
                }
                Some(',') => self.pos += 1,
                Some(']') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some(_) => {
                    return Err(Failure::At(
                        "Expected ',' or ']' after array element",
                        self.pos,
                    ));
                }
            }
        }
    }

    fn string(&mut self) -> Result<(), Failure> {
        self.pos += 1;
        loop {
            match self.peek() {
                None => return Err(Failure::At("Unterminated string", self.pos)),
                Some('"') => {
                    self.pos += 1;
                    return Ok(());
                }
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        None => return Err(Failure::At("Unterminated string", self.pos)),
                        Some('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't') => self.pos += 1,
                        Some('u') => {
                            self.pos += 1;
                            for _ in 0..4 {
                                match self.peek() {
                                    Some(c) if c.is_ascii_hexdigit() => self.pos += 1,
                                    _ => return Err(Failure::At("Bad Unicode escape", self.pos)),
                                }
                            }
                        }
                        Some(_) => return Err(Failure::At("Bad escaped character", self.pos)),
                    }
                }
                Some(c) if (c as u32) < 0x20 => {
                    return Err(Failure::At(
                        "Bad control character in string literal",
                        self.pos,
                    ));
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some('0'..='9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<(), Failure> {
        if self.peek() == Some('-') {
            self.pos += 1;
            if !matches!(self.peek(), Some('0'..='9')) {
                return Err(Failure::At("No number after minus sign", self.pos));
            }
        }
        if self.peek() == Some('0') {
            self.pos += 1;
            if matches!(self.peek(), Some('0'..='9')) {
                return Err(Failure::At("Unexpected number", self.pos));
            }
        } else {
            self.digits();
        }
        if self.peek() == Some('.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(Failure::At("Unterminated fractional number", self.pos));
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(Failure::At("Exponent part is missing a number", self.pos));
            }
        }
        Ok(())
    }

    fn literal(&mut self, word: &str) -> Result<(), Failure> {
        for expected in word.chars() {
            match self.peek() {
                None => return Err(Failure::End),
                Some(c) if c == expected => self.pos += 1,
                Some(_) => return Err(Failure::Token(self.pos)),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::v8_json_error;

    /// Each message is what Node 20's `JSON.parse` says for the same text.
    #[test]
    fn invalid_json_is_reported_as_v8_reports_it() {
        let cases = [
            (
                r#"{"a":}"#,
                r#"Unexpected token '}', "{"a":}" is not valid JSON"#,
            ),
            ("", "Unexpected end of JSON input"),
            (r#"{"a":"#, "Unexpected end of JSON input"),
            // Truncated text: V8 names what it expected at the end.
            (
                r#"{"a": 1"#,
                "Expected ',' or '}' after property value in JSON at position 7",
            ),
            (
                "[1, 2",
                "Expected ',' or ']' after array element in JSON at position 5",
            ),
            (
                r#"{"a""#,
                "Expected ':' after property name in JSON at position 4",
            ),
            ("{", "Expected property name or '}' in JSON at position 1"),
            (
                r#"{"a": 1,"#,
                "Expected double-quoted property name in JSON at position 8",
            ),
            ("[1,", "Unexpected end of JSON input"),
            ("abc", r#"Unexpected token 'a', "abc" is not valid JSON"#),
            (
                r#"{"a": 1,}"#,
                "Expected double-quoted property name in JSON at position 8",
            ),
            (
                "[1,2,]",
                r#"Unexpected token ']', "[1,2,]" is not valid JSON"#,
            ),
            (
                "[1 2]",
                "Expected ',' or ']' after array element in JSON at position 3",
            ),
            (
                r#"{"a" 1}"#,
                "Expected ':' after property name in JSON at position 5",
            ),
            (
                "{a:1}",
                "Expected property name or '}' in JSON at position 1",
            ),
            (
                r#"{"a":1 "b":2}"#,
                "Expected ',' or '}' after property value in JSON at position 7",
            ),
            (r#""abc"#, "Unterminated string in JSON at position 4"),
            ("-", "No number after minus sign in JSON at position 1"),
            (
                "1e",
                "Exponent part is missing a number in JSON at position 2",
            ),
            ("01", "Unexpected number in JSON at position 1"),
            ("1.", "Unterminated fractional number in JSON at position 2"),
            (
                "1 2",
                "Unexpected non-whitespace character after JSON at position 2",
            ),
            ("undefined", r#""undefined" is not valid JSON"#),
            ("nul", "Unexpected end of JSON input"),
            (r#"["a\q"]"#, "Bad escaped character in JSON at position 4"),
            (r#""\u12""#, "Bad Unicode escape in JSON at position 5"),
            (
                "\"a\tb\"",
                "Bad control character in string literal in JSON at position 2",
            ),
            (
                r#"{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": 1, "b": x}"#,
                r#"Unexpected token 'x', ...": 1, "b": x}" is not valid JSON"#,
            ),
            (
                "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,x,1,2,3,4,5,6,7,8,9,10]",
                r#"Unexpected token 'x', ...",14,15,16,x,1,2,3,4,"... is not valid JSON"#,
            ),
            (
                "[x,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,1,2,3,4,5,6,7,8,9,10]",
                r#"Unexpected token 'x', "[x,2,3,4,5,"... is not valid JSON"#,
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(v8_json_error(text).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(
            v8_json_error(r#"{"a": [1, 2.5e-3, "x\n", true, null]}"#),
            None
        );
    }
}
