//! The returned value's description (harness.js's `describe`), made in Rust when making
//! it runs no JS: the common result — plain objects and arrays of numbers, strings,
//! booleans and dates — is read straight from boa's property storage into JSON, where the
//! harness's `describe` took a call per value and `to_json` another walk over what it
//! made (4/5 of a 360-row table's calculation; docs/benchmarks.md, "A result described
//! in Rust"). Anything whose description could run the author's code (a getter, a proxy,
//! a `Symbol.toStringTag`, a hole an inherited index could fill) or that is not a plain
//! object (its prototype `Object.prototype` or null), array or date is left to `describe`,
//! which runs under the time limit.
//!
//! The harness calls [`native`]'s function with the returned value as its last step; when
//! it describes the value it keeps the description here for [`take`] and returns `true`,
//! and the harness then answers with that function in place of a description.

#[cfg(test)]
use std::cell::Cell;
use std::cell::RefCell;

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::JsDate;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::value::JsVariant;
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsSymbol, JsValue, NativeFunction,
    js_string,
};
use serde_json::{Map, Value};

use crate::js_text::from_js;

/// Past this many values the description is left to the harness, under the time and
/// memory limits (a table of 10,000 rows of 8 columns is 90,000).
const MAX_VALUES: usize = 100_000;

thread_local! {
    static DESCRIBED: RefCell<Option<Value>> = const { RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
    static MADE: Cell<u64> = const { Cell::new(0) };
}

/// The function the harness calls with the returned value (never reachable by a script:
/// the harness keeps it in a closure).
pub(crate) fn native(context: &mut Context) -> JsObject {
    FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_fn_ptr(describe_natively),
    )
    .length(1)
    .build()
    .into()
}

/// The description the harness's last call made, if it made one.
pub(crate) fn take() -> Option<Value> {
    DESCRIBED.with(|slot| slot.borrow_mut().take())
}

/// Forgets a description no run has taken (a new attempt starts).
pub(crate) fn clear() {
    drop(take());
}

/// Leaves every description to the harness's `describe` (the tests compare the two).
#[cfg(test)]
pub(crate) fn set_enabled(enabled: bool) {
    ENABLED.with(|cell| cell.set(enabled));
}

fn describe_natively(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut left = MAX_VALUES;
    #[cfg(test)]
    if !ENABLED.with(Cell::get) {
        return Ok(false.into());
    }
    let described = describe(args.get_or_undefined(0), 0, &mut left, context);
    let made = described.is_some();
    #[cfg(test)]
    MADE.with(|count| count.set(count.get() + u64::from(made)));
    DESCRIBED.with(|slot| *slot.borrow_mut() = described);
    Ok(made.into())
}

/// `{t: tag}`, or `{t: tag, v: value}`.
fn tagged(tag: &str, value: Option<Value>) -> Value {
    let mut map = Map::new();
    map.insert("t".to_owned(), Value::String(tag.to_owned()));
    if let Some(value) = value {
        map.insert("v".to_owned(), value);
    }
    Value::Object(map)
}

/// `describe(value, depth)` of harness.js, or `None` where only the harness can tell.
/// Numbers become JSON as boa's `to_json` makes them of the harness's answer, strings as
/// [`json_of`] spells them (`display/js_text.rs`).
fn describe(value: &JsValue, depth: u32, left: &mut usize, context: &mut Context) -> Option<Value> {
    *left = left.checked_sub(1)?;
    Some(match value.variant() {
        JsVariant::Undefined => tagged("u", None),
        JsVariant::Null => tagged("z", None),
        JsVariant::Integer32(n) => Value::from(n),
        JsVariant::Float64(n) if n.is_finite() => Value::from(n),
        JsVariant::Float64(n) => {
            let v = if n.is_nan() {
                "NaN"
            } else if n > 0.0 {
                "Infinity"
            } else {
                "-Infinity"
            };
            tagged("f", Some(Value::String(v.to_owned())))
        }
        JsVariant::String(s) => Value::String(from_js(&s)),
        JsVariant::Boolean(b) => Value::Bool(b),
        JsVariant::BigInt(_) | JsVariant::Symbol(_) => tagged("x", None),
        JsVariant::Object(object) => return describe_object(&object, depth, left, context),
    })
}

#[inline(never)]
fn describe_object(
    object: &JsObject,
    depth: u32,
    left: &mut usize,
    context: &mut Context,
) -> Option<Value> {
    // typeof 'function' (a callable proxy too, whose traps `typeof` does not run).
    if object.is_callable() {
        return Some(tagged("x", None));
    }
    // `isDate`: Object.prototype.toString reads Symbol.toStringTag up the chain.
    if !tag_is_built_in(object) {
        return None;
    }
    if let Ok(date) = JsDate::from_object(object.clone()) {
        let time = date.get_time(context).ok()?;
        let time = match time.as_number() {
            Some(ms) if ms.is_nan() => Value::Null,
            Some(_) => describe(&time, depth, left, context)?,
            None => return None,
        };
        return Some(tagged("d", Some(time)));
    }
    if object.is_array() {
        if depth > 1 {
            return Some(tagged("a", None));
        }
        let length = own_data(object, &js_string!("length").into())?.as_number()?;
        if !(0.0..=*left as f64).contains(&length) {
            return None;
        }
        let mut elements = Vec::with_capacity(length as usize);
        for index in 0..length as u32 {
            // A hole reads the prototype chain, which a script can fill.
            let element = own_data(object, &index.into())?;
            elements.push(describe(&element, depth + 1, left, context)?);
        }
        return Some(tagged("a", Some(Value::Array(elements))));
    }
    if !object.is_ordinary() {
        return None;
    }
    // An instance of a class is left to the harness, which knows a decimal.js `Decimal`
    // (shown from its digits) from other objects.
    let object_prototype = context.intrinsics().constructors().object().prototype();
    if object
        .prototype()
        .is_some_and(|prototype| prototype != object_prototype)
    {
        return None;
    }
    if depth > 2 {
        return Some(tagged("o", None));
    }
    let keys = object.own_property_keys(context).ok()?;
    let mut entries = Vec::new();
    for key in keys {
        let name = match &key {
            PropertyKey::String(name) => from_js(name),
            PropertyKey::Index(index) => index.get().to_string(),
            PropertyKey::Symbol(_) => continue,
        };
        let property = own(object, &key)?;
        if !property.expect_enumerable() {
            continue;
        }
        let value = property.value()?.clone();
        entries.push(Value::String(name));
        entries.push(describe(&value, depth + 1, left, context)?);
    }
    Some(tagged("o", Some(Value::Array(entries))))
}

/// Whether `Object.prototype.toString` gives `object`'s built-in tag without running any
/// code: no object on its prototype chain is a proxy or has a `Symbol.toStringTag`.
fn tag_is_built_in(object: &JsObject) -> bool {
    let tag = PropertyKey::from(JsSymbol::to_string_tag());
    let mut next = Some(object.clone());
    while let Some(current) = next {
        let plain = current.is_ordinary()
            || current.is_array()
            || JsDate::from_object(current.clone()).is_ok();
        if !plain || own(&current, &tag).is_some() {
            return false;
        }
        next = current.prototype();
    }
    true
}

/// The value as JSON, read from property storage as boa's `JsValue::to_json` reads it
/// (no getter or proxy trap runs; an accessor is null, undefined is left out of an object
/// and null in an array), but with strings as [`from_js`] spells them, so that a lone
/// surrogate the harness's description carries reaches the result. For the harness's
/// answer when Rust did not describe the value.
///
/// # Errors
/// boa's, for a cycle, a BigInt or a symbol.
pub(crate) fn json_of(value: &JsValue, context: &mut Context) -> JsResult<Value> {
    let mut seen = Vec::new();
    Ok(json_inner(value, &mut seen, context)?.unwrap_or(Value::Null))
}

fn json_inner(
    value: &JsValue,
    seen: &mut Vec<JsObject>,
    context: &mut Context,
) -> JsResult<Option<Value>> {
    let object = match value.variant() {
        JsVariant::String(s) => return Ok(Some(Value::String(from_js(&s)))),
        JsVariant::Object(object) if object.is_ordinary() || object.is_array() => object,
        // Everything else as boa writes it (an exotic object from its own storage).
        _ => return value.to_json(context),
    };
    if seen.contains(&object) {
        return Err(JsNativeError::typ()
            .with_message("cyclic object value")
            .into());
    }
    seen.push(object.clone());
    let mut read = |key: &PropertyKey, context: &mut Context| match own_data(&object, key) {
        Some(value) => json_inner(&value, seen, context),
        None => Ok(Some(Value::Null)),
    };
    let json = if object.is_array() {
        // An array's `length` is its own data property.
        let length = own_data(&object, &js_string!("length").into())
            .and_then(|length| length.as_number())
            .unwrap_or(0.0) as u32;
        let mut elements = Vec::new();
        for index in 0..length {
            elements.push(read(&index.into(), context)?.unwrap_or(Value::Null));
        }
        Value::Array(elements)
    } else {
        let mut map = Map::new();
        for key in object.own_property_keys(context)? {
            let name = match &key {
                PropertyKey::String(name) => from_js(name),
                PropertyKey::Index(index) => index.get().to_string(),
                PropertyKey::Symbol(_) => {
                    return Err(JsNativeError::typ()
                        .with_message("cannot convert Symbol to JSON")
                        .into());
                }
            };
            if let Some(value) = read(&key, context)? {
                map.insert(name, value);
            }
        }
        Value::Object(map)
    };
    seen.pop();
    Ok(Some(json))
}

/// An own data property's value; `None` for an accessor or no such property.
fn own_data(object: &JsObject, key: &PropertyKey) -> Option<JsValue> {
    own(object, key)?.value().cloned()
}

/// An own property (one copy of boa's lookup, not one a caller: the module's size).
#[inline(never)]
fn own(object: &JsObject, key: &PropertyKey) -> Option<PropertyDescriptor> {
    object.borrow().properties().get(key)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::model::CalcDoc;
    use crate::run::calculation::Outcome;
    use crate::run::realm::Sandbox;

    /// What a fresh sandbox gives for `script`, and whether Rust described it.
    fn run(script: &str, natively: bool) -> (Outcome, bool) {
        set_enabled(natively);
        let doc = CalcDoc::from_json_value(json!({ "script": script })).unwrap();
        let mut sandbox = Sandbox::new().unwrap();
        let before = MADE.with(Cell::get);
        let ended = sandbox.run(&doc, &json!([]), &mut 0);
        let made = MADE.with(Cell::get) > before;
        set_enabled(true);
        (ended.outcome, made)
    }

    /// Rust's description, or the error, is the harness's exactly.
    fn same(script: &str) -> bool {
        let (harness, by_harness) = run(script, false);
        let (native, made) = run(script, true);
        assert!(!by_harness);
        assert_eq!(native, harness, "{script}");
        made
    }

    #[test]
    fn plain_results_are_described_in_rust_exactly_as_the_harness_does() {
        let plain = [
            "return { a: 1, b: 2.5, c: -0, d: 1e21, e: 2147483648, f: -2147483649 };",
            "return { nan: NaN, inf: Infinity, ninf: -Infinity, huge: Number.MAX_VALUE };",
            "return { s: 'text', empty: '', lone: '\\ud800x', t: true, f: false };",
            "return { n: null, u: undefined, missing: [].x };",
            "return { b: 1, a: 2, 10: 'ten', 2: 'two', '-1': 'minus', '01': 'zero one' };",
            "var o = {}; Object.defineProperty(o, 'hidden', { value: 1 }); o.shown = 2; return { o: o };",
            "var o = {}; o[Symbol('s')] = 1; o.k = 2; return { o: o };",
            "return { rows: [{ a: 1, b: 'x' }, { a: 2, b: 'y' }], empty: [] };",
            "return { deep: [[1, [2, [3]]], { a: { b: { c: { d: 1 } } } }] };",
            "return { d: { e: { f: { g: 1 } } }, arr: [{ x: [{ y: 1 }] }] };",
            "return { when: new Date(86400000), bad: new Date(NaN), rows: [{ d: new Date(0) }] };",
            "return { deepDate: { a: { b: { c: new Date(5) } } } };",
            "return { f: function () {}, arrow: () => 1, cls: class {}, sym: Symbol('x'), big: 10n };",
            "return { bare: Object.create(null), rows: [Object.create(null)] };",
            "var a = [1, 2]; a.extra = 3; return { a: a };",
            "var o = { n: 1 }; o.self = o; return { o: o, again: [o, o] };",
            "var rows = []; for (var i = 0; i < 360; i++) rows.push({ m: i, p: i / 7 }); return { rows: rows };",
            "return 5;",
            "return 'not an object';",
            "return [1, 2];",
            "return undefined;",
            "return new Date(0);",
            // Closing the harness's function early: the script's completion value is what
            // the harness would have described, as before.
            "return { a: 1 }; }); ({ b: 2 }); (function () {",
            "return { a: 1 }; }); void 0; (function () {",
        ];
        for script in plain {
            assert!(same(script), "not described in Rust: {script}");
        }
    }

    #[test]
    fn a_getter_in_the_result_runs_under_the_time_limit() {
        let (outcome, made) = run("return { rows: [{ get a() { for (;;) {} } }] };", true);
        assert!(!made);
        assert_eq!(outcome.unwrap_err().0, crate::limits::TIMEOUT_MESSAGE);
    }

    #[test]
    fn results_whose_description_could_run_code_are_left_to_the_harness() {
        let left = [
            "return { get a() { return 1; } };",
            "return { get a() { throw new Error('boom'); } };",
            "return { rows: [{ get a() { return 2; } }] };",
            "var a = [1, , 3]; return { a: a };",
            "Array.prototype[1] = 'filled'; return { a: [1, , 3] };",
            "var a = [1, 2]; Object.defineProperty(a, 0, { get: function () { return 9; } }); return { a: a };",
            "return { p: new Proxy({ a: 1 }, { ownKeys: function () { throw new Error('trap'); } }) };",
            "return { p: new Proxy([1, 2], {}) };",
            "return new Proxy({ a: 1 }, {});",
            "return { t: { [Symbol.toStringTag]: 'Date' } };",
            "Object.prototype[Symbol.toStringTag] = 'Date'; return { a: 1 };",
            "Object.defineProperty(Object.prototype, Symbol.toStringTag, { get: function () { throw new Error('tag'); } }); return { a: 1 };",
            "Array.prototype[Symbol.toStringTag] = 'Date'; return { a: [1] };",
            "var d = new Date(0); d[Symbol.toStringTag] = 'Other'; return { d: d };",
            "return { m: new Map([[1, 2]]), s: new Set([1]), e: new Error('x'), r: /x/ };",
            "return { t: new Uint8Array([1, 2]), b: new Boolean(true), str: new String('ab') };",
            "return { args: (function () { return arguments; })(1, 2) };",
            // Instances of classes: the harness tells a Decimal from the others.
            "return { inst: new (class { constructor() { this.v = 3; } })() };",
            "var o = Object.create({ inherited: 1 }); o.own = 2; return { o: o };",
            "function Decimal() { this.d = [1]; } return { rows: [{ x: new Decimal() }] };",
            "var big = []; for (var i = 0; i < 100001; i++) big.push(i); return { big: big };",
        ];
        for script in left {
            assert!(!same(script), "described in Rust: {script}");
        }
    }
}
