//! Values as a browser's or Node's console prints them (Node's `util.inspect` with its
//! defaults: depth 2, at most 100 array items, a line per entry past 80 columns or
//! more than six array items grouped in columns). Getters are shown as `[Getter]`,
//! never run, so printing a value cannot run the author's code.

use boa_engine::object::builtins::{JsArray, JsDate, JsMap, JsRegExp, JsSet};
use boa_engine::property::PropertyKey;
use boa_engine::value::JsVariant;
use boa_engine::{Context, JsObject, JsValue, js_string};

use crate::js_text::from_js;

/// Nested objects deeper than this print as `[Object]` / `[Array]`.
const DEPTH: usize = 2;
/// Array items (and object keys) shown before `... N more items`.
const MAX_ITEMS: usize = 100;

/// `value` as a console prints it nested in an object (strings quoted).
pub fn inspect(value: &JsValue, context: &mut Context) -> String {
    let mut printer = Printer {
        seen: Vec::new(),
        indentation: 0,
        current_depth: 0,
        circular: false,
    };
    let text = printer.value(value, 0, context);
    if printer.circular {
        format!("<ref *1> {text}")
    } else {
        text
    }
}

/// A number as JavaScript prints it, but `-0` as `-0`, as the console does.
pub fn number(n: f64, context: &mut Context) -> String {
    if n == 0.0 && n.is_sign_negative() {
        return "-0".to_owned();
    }
    JsValue::from(n)
        .to_string(context)
        .map_or_else(|_| n.to_string(), |s| s.to_std_string_escaped())
}

struct Printer {
    /// The objects being printed, outermost first (to spot cycles).
    seen: Vec<JsObject>,
    indentation: usize,
    /// The depth of the object printed last (Node's `ctx.currentDepth`).
    current_depth: usize,
    circular: bool,
}

/// How Node's `util.inspect` quotes a string nested in an object; `s` is spelled as
/// [`from_js`] spells it.
pub fn quote(s: &str) -> String {
    let quote = if !s.contains('\'') {
        '\''
    } else if !s.contains('"') {
        '"'
    } else if !s.contains('`') && !s.contains("${") {
        '`'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    // Node writes a lone surrogate inside quotes as `\ud83d`.
    crate::js_text::escaped(&out).into_owned()
}

fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

impl Printer {
    fn value(&mut self, value: &JsValue, depth: usize, context: &mut Context) -> String {
        match value.variant() {
            JsVariant::Undefined => "undefined".to_owned(),
            JsVariant::Null => "null".to_owned(),
            JsVariant::Boolean(b) => b.to_string(),
            JsVariant::Integer32(n) => n.to_string(),
            JsVariant::Float64(n) => number(n, context),
            JsVariant::String(s) => quote(&from_js(&s)),
            JsVariant::BigInt(n) => format!("{n}n"),
            JsVariant::Symbol(symbol) => symbol.descriptive_string().to_std_string_escaped(),
            JsVariant::Object(object) => self.object(&object, depth, context),
        }
    }

    fn object(&mut self, object: &JsObject, depth: usize, context: &mut Context) -> String {
        if self.seen.iter().any(|o| JsObject::equals(o, object)) {
            self.circular = true;
            return "[Circular *1]".to_owned();
        }
        if object.is_callable() {
            let name = object
                .get(js_string!("name"), context)
                .ok()
                .and_then(|n| n.as_string().map(|s| s.to_std_string_escaped()))
                .filter(|n| !n.is_empty());
            let kind = if is_class(object, context) {
                "class"
            } else {
                "Function"
            };
            return match name {
                Some(name) if kind == "class" => format!("[class {name}]"),
                Some(name) => format!("[Function: {name}]"),
                None if kind == "class" => "[class (anonymous)]".to_owned(),
                None => "[Function (anonymous)]".to_owned(),
            };
        }
        if let Ok(date) = JsDate::from_object(object.clone()) {
            return date
                .to_iso_string(context)
                .ok()
                .and_then(|s| s.as_string().map(|s| s.to_std_string_escaped()))
                .unwrap_or_else(|| "Invalid Date".to_owned());
        }
        if JsRegExp::from_object(object.clone()).is_ok() {
            return JsValue::from(object.clone())
                .to_string(context)
                .map_or_else(|_| "/(?:)/".to_owned(), |s| s.to_std_string_escaped());
        }
        if let Some(error) = error_text(object, context) {
            return if depth == 0 {
                error
            } else {
                format!("[{error}]")
            };
        }
        let is_array = JsArray::from_object(object.clone()).is_ok();
        if depth > DEPTH {
            return if is_array { "[Array]" } else { "[Object]" }.to_owned();
        }
        self.seen.push(object.clone());
        self.current_depth = depth;
        self.indentation += 2;
        let (prefix, braces, entries, array_values) = if is_array {
            let (entries, values) = self.array_entries(object, depth, context);
            let length = array_length(object, context);
            let prefix = constructor_prefix(object, "Array", context)
                .map(|name| format!("{name}({length})"))
                .unwrap_or_default();
            (prefix, ("[", "]"), entries, Some(values))
        } else if let Ok(map) = JsMap::from_object(object.clone()) {
            let entries = self.map_entries(&map, depth, context);
            let size = map
                .get_size(context)
                .map_or(0, |v| v.to_u32(context).unwrap_or(0));
            (format!("Map({size})"), ("{", "}"), entries, None)
        } else if let Ok(set) = JsSet::from_object(object.clone()) {
            let entries = self.set_entries(&set, depth, context);
            (format!("Set({})", set.size()), ("{", "}"), entries, None)
        } else {
            let entries = self.properties(object, depth, false, context);
            let prefix = match object.prototype() {
                None => "[Object: null prototype]".to_owned(),
                Some(_) => constructor_prefix(object, "Object", context).unwrap_or_default(),
            };
            (prefix, ("{", "}"), entries, None)
        };
        self.indentation -= 2;
        self.seen.pop();
        if entries.is_empty() {
            let empty = format!("{}{}", braces.0, braces.1);
            return if prefix.is_empty() {
                empty
            } else {
                format!("{prefix} {empty}")
            };
        }
        self.join(entries, &prefix, braces, depth, array_values.as_deref())
    }

    /// Node's `reduceToSingleString`: one line when short and shallow enough.
    fn join(
        &mut self,
        entries: Vec<String>,
        prefix: &str,
        braces: (&str, &str),
        depth: usize,
        array_values: Option<&[bool]>,
    ) -> String {
        let count = entries.len();
        let output = match array_values {
            Some(numeric) if count > 6 => group(entries, numeric, self.indentation),
            _ => entries,
        };
        let base = if prefix.is_empty() {
            String::new()
        } else {
            format!("{prefix} ")
        };
        if self.current_depth - depth < COMPACT && count == output.len() {
            // Node counts the prefix and its space as part of the opening brace.
            let opening = braces.0.len()
                + if prefix.is_empty() {
                    0
                } else {
                    prefix.len() + 1
                };
            let start = output.len() + self.indentation + opening + 10;
            let total: usize =
                output.iter().map(|e| e.chars().count()).sum::<usize>() + output.len() + start;
            if total + output.len() <= BREAK_LENGTH {
                let joined = output.join(", ");
                if !joined.contains('\n') {
                    return format!("{base}{} {joined} {}", braces.0, braces.1);
                }
            }
        }
        let indentation = format!("\n{}", " ".repeat(self.indentation));
        format!(
            "{base}{}{indentation}  {}{indentation}{}",
            braces.0,
            output.join(&format!(",{indentation}  ")),
            braces.1
        )
    }

    /// The items (and holes) of an array, then its other own properties; and whether
    /// each item is a number (numbers are right-aligned when grouped).
    fn array_entries(
        &mut self,
        array: &JsObject,
        depth: usize,
        context: &mut Context,
    ) -> (Vec<String>, Vec<bool>) {
        let length = array_length(array, context);
        let mut entries = Vec::new();
        let mut numeric = Vec::new();
        let mut holes = 0u64;
        let shown = length.min(MAX_ITEMS as u64);
        let flush = |holes: &mut u64, entries: &mut Vec<String>, numeric: &mut Vec<bool>| {
            if *holes > 0 {
                let s = if *holes == 1 { "" } else { "s" };
                entries.push(format!("<{holes} empty item{s}>"));
                numeric.push(false);
                *holes = 0;
            }
        };
        for index in 0..shown {
            match own_value(array, &PropertyKey::from(index as u32), context) {
                None => holes += 1,
                Some(Shown::Value(value)) => {
                    flush(&mut holes, &mut entries, &mut numeric);
                    numeric.push(value.is_number() || value.is_bigint());
                    entries.push(self.value(&value, depth + 1, context));
                }
                Some(accessor) => {
                    flush(&mut holes, &mut entries, &mut numeric);
                    numeric.push(false);
                    entries.push(accessor.label().to_owned());
                }
            }
        }
        flush(&mut holes, &mut entries, &mut numeric);
        if length > shown {
            let more = length - shown;
            let s = if more == 1 { "" } else { "s" };
            entries.push(format!("... {more} more item{s}"));
        }
        let extra = self.properties(array, depth, true, context);
        entries.extend(extra);
        (entries, numeric)
    }

    fn map_entries(&mut self, map: &JsMap, depth: usize, context: &mut Context) -> Vec<String> {
        let mut entries = Vec::new();
        let Ok(iterator) = map.entries(context) else {
            return entries;
        };
        while let Ok(pair) = iterator.next(context) {
            let Some(pair) = pair.as_object().and_then(|p| JsArray::from_object(p).ok()) else {
                break;
            };
            let (Ok(key), Ok(value)) = (pair.get(0, context), pair.get(1, context)) else {
                break;
            };
            if pair.length(context).unwrap_or(0) == 0 || entries.len() >= MAX_ITEMS {
                break;
            }
            let key = self.value(&key, depth + 1, context);
            let value = self.value(&value, depth + 1, context);
            entries.push(format!("{key} => {value}"));
        }
        entries
    }

    fn set_entries(&mut self, set: &JsSet, depth: usize, context: &mut Context) -> Vec<String> {
        let mut entries = Vec::new();
        let Ok(iterator) = set.values(context) else {
            return entries;
        };
        while let Ok(value) = iterator.next(context) {
            let Some(pair) = value.as_object() else {
                break;
            };
            let done = pair.get(js_string!("done"), context).unwrap_or_default();
            if done.to_boolean() || entries.len() >= MAX_ITEMS {
                break;
            }
            let value = pair.get(js_string!("value"), context).unwrap_or_default();
            entries.push(self.value(&value, depth + 1, context));
        }
        entries
    }

    /// `key: value` for each enumerable own property (for an array, those that are not
    /// items).
    fn properties(
        &mut self,
        object: &JsObject,
        depth: usize,
        skip_indices: bool,
        context: &mut Context,
    ) -> Vec<String> {
        let keys = object.own_property_keys(context).unwrap_or_default();
        let mut entries = Vec::new();
        for key in keys {
            if skip_indices && matches!(key, PropertyKey::Index(_)) {
                continue;
            }
            if entries.len() >= MAX_ITEMS {
                entries.push("...".to_owned());
                break;
            }
            let Some(shown) = own_value(object, &key, context) else {
                continue;
            };
            if !shown.enumerable() {
                continue;
            }
            let name = match &key {
                PropertyKey::String(s) => {
                    let s = from_js(s);
                    if is_identifier(&s) { s } else { quote(&s) }
                }
                PropertyKey::Index(i) => i.get().to_string(),
                PropertyKey::Symbol(symbol) => {
                    format!("[{}]", symbol.descriptive_string().to_std_string_escaped())
                }
            };
            let text = match shown {
                Shown::Value(value) | Shown::Hidden(value) => {
                    self.value(&value, depth + 1, context)
                }
                accessor => accessor.label().to_owned(),
            };
            entries.push(format!("{name}: {text}"));
        }
        entries
    }
}

mod layout;
mod reading;

use layout::{BREAK_LENGTH, COMPACT, group};
use reading::{Shown, array_length, constructor_prefix, error_text, is_class, own_value};
