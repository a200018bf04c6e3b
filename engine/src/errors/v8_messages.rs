//! V8's wording (Chrome's, Node's) for the errors authors meet most, in place of boa's.
//! Authors search the web for these messages, so they should read as a browser prints
//! them. Every mapping here is checked against Node 20 (`node -e`).

use crate::errors::site::Site;

/// `Cannot read properties of undefined (reading 'price')` /
/// `Cannot set properties of null (setting 'x')`.
pub fn nullish_access(site: &Site, writing: bool) -> String {
    let (verb, ing) = if writing {
        ("set", "setting")
    } else {
        ("read", "reading")
    };
    let of = site.nullish.word();
    match &site.property {
        Some(property) => format!("Cannot {verb} properties of {of} ({ing} '{property}')"),
        // A computed key whose value the script does not spell out.
        None => format!("Cannot {verb} properties of {of}"),
    }
}

/// `Math.roundTo is not a function`, naming the callee as written.
pub fn not_a_function(callee: &str) -> String {
    format!("{callee} is not a function")
}

/// `X is not a constructor`.
pub fn not_a_constructor(callee: &str) -> String {
    format!("{callee} is not a constructor")
}

/// `x is not iterable`.
pub fn not_iterable(expression: &str) -> String {
    format!("{expression} is not iterable")
}

/// boa's messages that V8 words differently but that need nothing from the script:
/// the V8 message, or `None` to keep boa's.
pub fn plain(message: &str) -> Option<String> {
    if let Some(name) = message
        .strip_prefix("cannot assign to uninitialized global property `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        // Strict mode: assigning an undeclared variable.
        return Some(format!("{name} is not defined"));
    }
    if let Some(name) = uninitialized_binding(message) {
        return Some(format!("Cannot access '{name}' before initialization"));
    }
    if let Some(key) = message.strip_prefix("cannot set non-writable property: ") {
        return Some(format!(
            "Cannot assign to read only property '{key}' of object '#<Object>'"
        ));
    }
    if let Some(operator) = ["instanceof", "in"]
        .into_iter()
        .find(|op| message.starts_with(&format!("right-hand side of '{op}' should be an object")))
    {
        return Some(if operator == "in" {
            "Cannot use 'in' operator on a value that is not an object".to_owned()
        } else {
            "Right-hand side of 'instanceof' is not an object".to_owned()
        });
    }
    if array_buffer_allocation(message) {
        return Some("Array buffer allocation failed".to_owned());
    }
    let mapped = match message {
        "invalid array length" | "bad length for array" => "Invalid array length",
        "precision must be an integer at least 1 and no greater than 100" => {
            "toPrecision() argument must be between 1 and 100"
        }
        "argument must not be a symbol" => "Cannot convert a Symbol value to a number",
        "can't convert symbol to string" => "Cannot convert a Symbol value to a string",
        "cannot mix BigInt and other types, use explicit conversions" => {
            "Cannot mix BigInt and other types, use explicit conversions"
        }
        "cyclic object value" => "Converting circular structure to JSON",
        "cannot serialize bigint to JSON" => "Do not know how to serialize a BigInt",
        "invalid escape character found" | "invalid hexadecimal character found" => "URI malformed",
        "Array.prototype.reduce: called on an empty array and with no initial value"
        | "Array.prototype.reduceRight: called on an empty array and with no initial value" => {
            "Reduce of empty array with no initial value"
        }
        "radix must be an integer at least 2 and no greater than 36" => {
            "toString() radix argument must be between 2 and 36"
        }
        "toPrecision() argument must be between 1 and 100" => {
            "toPrecision() argument must be between 1 and 100"
        }
        _ => return constant_assignment(message).or_else(|| number_argument(message)),
    };
    Some(mapped.to_owned())
}

/// Whether `message` is one of boa's for a buffer it could not allocate
/// (`CreateByteDataBlock`): over the engine's maximum buffer size, a size the machine
/// cannot address, or memory refused. Some of them show Rust's internals
/// (`invalid layout Layout { size: 1073741824, align: 64 (1 << 6) } while allocating
/// data block`); V8 says `Array buffer allocation failed` for all of them.
fn array_buffer_allocation(message: &str) -> bool {
    message == "cannot allocate a buffer that exceeds the maximum buffer size"
        || message.starts_with("couldn't allocate the data block")
        || message.ends_with("while allocating data block")
}

/// The binding named in boa's temporal-dead-zone messages.
pub fn uninitialized_binding(message: &str) -> Option<&str> {
    message
        .strip_prefix("cannot access uninitialized binding `")
        .or_else(|| message.strip_prefix("cannot assign to uninitialized binding `"))
        .and_then(|rest| rest.strip_suffix('`'))
}

fn constant_assignment(message: &str) -> Option<String> {
    let lower = message.to_ascii_lowercase();
    (lower.contains("immutable binding") || (lower.contains("const") && lower.contains("assign")))
        .then(|| "Assignment to constant variable.".to_owned())
}

fn number_argument(message: &str) -> Option<String> {
    let lower = message.to_ascii_lowercase();
    let method = ["toFixed", "toPrecision", "toExponential"]
        .into_iter()
        .find(|m| lower.contains(&m.to_ascii_lowercase()))?;
    Some(
        match method {
            "toFixed" => "toFixed() digits argument must be between 0 and 100",
            "toPrecision" => "toPrecision() argument must be between 1 and 100",
            _ => "toExponential() argument must be between 0 and 100",
        }
        .to_owned(),
    )
}

/// V8's SyntaxError message for boa's parse error `message` (without its position),
/// `token` being the source text where the error is, if known.
pub fn syntax(message: &str, token: Option<&str>) -> String {
    let found =
        quoted_after(message, "got '").or_else(|| quoted_after(message, "unexpected token '"));
    if let Some(detail) = message.strip_prefix("Abrupt end: ") {
        // The lexer met a character it cannot start a token with.
        let _ = detail;
        return "Invalid or unexpected token".to_owned();
    }
    if message.contains("abrupt end") || found == Some("end of file") {
        return "Unexpected end of input".to_owned();
    }
    let expects_paren = message.contains("expected one of")
        && message.contains("')'")
        && message.contains("','")
        && message.contains("argument");
    if expects_paren {
        return "missing ) after argument list".to_owned();
    }
    if found == Some("**") {
        // boa stops at the operator after `-x`, `!x`, `typeof x`…
        return UNARY_BEFORE_EXPONENT.to_owned();
    }
    if let Some(found) = found {
        return unexpected(found, token);
    }
    let known = [
        (
            "Expected initializer for const declaration",
            "Missing initializer in const declaration",
        ),
        (
            "With statement not allowed in strict mode",
            "Strict mode code may not include a with statement",
        ),
        (
            "Implicit octal literals are not allowed in strict mode",
            "Octal literals are not allowed in strict mode.",
        ),
        (
            "Invalid left-hand side in assignment",
            "Invalid left-hand side in assignment",
        ),
        (
            "Malformed Unicode character escape sequence",
            "Invalid Unicode escape sequence",
        ),
        (
            "Expecting Token '.' as part of spread",
            "Unexpected token '.'",
        ),
        (
            "new lines are not allowed in regular expressions",
            "Invalid regular expression: missing /",
        ),
        ("unterminated template literal", "Unexpected end of input"),
        ("unterminated string literal", "Invalid or unexpected token"),
    ];
    let lower = message.to_lowercase();
    if let Some((_, v8)) = known
        .iter()
        .find(|(boa, _)| lower.starts_with(&boa.to_lowercase()))
    {
        return (*v8).to_owned();
    }
    if message.contains("Invalid") || message.contains("invalid") || message.contains("unexpected")
    {
        return "Invalid or unexpected token".to_owned();
    }
    // A message boa words in its own way and V8 in many: keep boa's, capitalised.
    let mut chars = message.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect::<String>()
    })
}

/// V8's message for `-x ** 3` and the like.
const UNARY_BEFORE_EXPONENT: &str = "Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence";

/// V8's message for `await` in a function that is not `async` (the script's body is
/// such a function).
pub const AWAIT_OUTSIDE_ASYNC: &str =
    "await is only valid in async functions and the top level bodies of modules";

/// V8's message for an unexpected token, by the kind of token (`token` is its source).
fn unexpected(found: &str, token: Option<&str>) -> String {
    let source = token.unwrap_or(found);
    let first = source.chars().next().unwrap_or(' ');
    if first == '\'' || first == '"' {
        "Unexpected string".to_owned()
    } else if first == '`' {
        "Unexpected template string".to_owned()
    } else if first.is_ascii_digit() || (first == '.' && source.len() > 1) {
        "Unexpected number".to_owned()
    } else if first.is_alphabetic() || first == '_' || first == '$' {
        if is_reserved(found) {
            format!("Unexpected token '{found}'")
        } else if STRICT_RESERVED.contains(&found) {
            "Unexpected strict mode reserved word".to_owned()
        } else {
            format!("Unexpected identifier '{found}'")
        }
    } else if first.is_ascii_punctuation() && found.chars().all(|c| c.is_ascii_punctuation()) {
        format!("Unexpected token '{found}'")
    } else {
        "Invalid or unexpected token".to_owned()
    }
}

const STRICT_RESERVED: [&str; 9] = [
    "implements",
    "interface",
    "let",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "yield",
];

fn is_reserved(word: &str) -> bool {
    const RESERVED: [&str; 39] = [
        "await",
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "import",
        "in",
        "instanceof",
        "new",
        "null",
        "return",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "var",
        "void",
        "while",
        "with",
        "of",
        "async",
    ];
    RESERVED.contains(&word)
}

fn quoted_after<'a>(message: &'a str, marker: &str) -> Option<&'a str> {
    let start = message.find(marker)? + marker.len();
    let rest = &message[start..];
    // The token may itself be a quote: take up to the last `'` before the next ", " or
    // " in " that follows it.
    let end = rest
        .find("' in ")
        .or_else(|| rest.find("', "))
        .or_else(|| rest.rfind('\''))?;
    Some(&rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undeclared_assignment_is_not_defined() {
        assert_eq!(
            plain("cannot assign to uninitialized global property `total`").as_deref(),
            Some("total is not defined")
        );
    }

    #[test]
    fn number_formatting_arguments_are_worded_as_v8() {
        assert_eq!(
            plain("toFixed() digits argument must be between 0 and 100").as_deref(),
            Some("toFixed() digits argument must be between 0 and 100")
        );
        assert_eq!(
            plain("radix must be an integer at least 2 and no greater than 36").as_deref(),
            Some("toString() radix argument must be between 2 and 36")
        );
        assert_eq!(
            plain("invalid array length").as_deref(),
            Some("Invalid array length")
        );
    }

    #[test]
    fn a_buffer_boa_cannot_allocate_fails_as_in_v8_without_rust_internals() {
        for boa in [
            "cannot allocate a buffer that exceeds the maximum buffer size",
            "couldn't allocate the data block: out of range integral type conversion attempted",
            "capacity overflow for size 1099511627776 while allocating data block",
            "invalid layout Layout { size: 1073741824, align: 64 (1 << 6) } while allocating data block",
        ] {
            assert_eq!(
                plain(boa).as_deref(),
                Some("Array buffer allocation failed"),
                "{boa}"
            );
        }
    }

    #[test]
    fn syntax_errors_name_the_kind_of_token() {
        let semi = "unexpected token ';', primary expression";
        assert_eq!(syntax(semi, Some(";")), "Unexpected token ';'");
        let ident = "expected token ';', got 'b' in expression statement";
        assert_eq!(syntax(ident, Some("b")), "Unexpected identifier 'b'");
        let string = "expected token ';', got 'x' in expression statement";
        assert_eq!(syntax(string, Some("'x'")), "Unexpected string");
        let number = "expected token ';', got '2' in expression statement";
        assert_eq!(syntax(number, Some("2")), "Unexpected number");
        assert_eq!(syntax("abrupt end", None), "Unexpected end of input");
        let keyword = "unexpected token 'if', primary expression";
        assert_eq!(syntax(keyword, Some("if")), "Unexpected token 'if'");
    }

    #[test]
    fn an_unclosed_argument_list_is_missing_a_paren() {
        let message = "expected one of ')' or ',', got ';' in argument list";
        assert_eq!(syntax(message, Some(";")), "missing ) after argument list");
    }
}
