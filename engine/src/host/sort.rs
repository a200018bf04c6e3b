//! `Array.prototype.sort`/`toSorted` and `%TypedArray%.prototype.sort`/`toSorted`, in
//! place of boa 0.22's.
//!
//! boa sorts with Rust's slice sort, which since Rust 1.81 panics when the comparator is
//! not a total order — and authors write `names.sort(() => Math.random() - 0.5)`, and
//! Math.js's `norm`/`eigs` compare NaNs. A panic ends the calculation natively and the
//! whole instance in wasm. These sort with a stable merge sort whose indices depend only
//! on the lengths, never on what the comparator answers: any comparator (inconsistent,
//! throwing, mutating the array, answering NaN or objects) gives *some* order and never
//! a panic.
//!
//! The semantics are the spec's: `undefined` last without asking the comparator, holes
//! skipped (`sort`) or read as `undefined` (`toSorted`), the comparator's answer through
//! `ToNumber` (NaN counts as equal), the default order by UTF-16 code units (numeric for
//! typed arrays), and the first abrupt completion stops the sort before anything is
//! written. For a consistent comparator a stable sort's result is unique, so it is V8's
//! (TimSort) exactly. For an inconsistent one no right answer exists and ours may differ
//! from V8's; so may the number and order of comparator calls.
//!
//! The default order converts each element with `ToString` once, not once per
//! comparison: the same order for well-behaved `toString`s, with far fewer calls.

use super::{define_builtin, native_method};
use crate::limits::TIME_LIMIT;
use boa_engine::error::RuntimeLimitError;
use boa_engine::object::JsObject;
use boa_engine::object::builtins::{
    JsArray, JsArrayBuffer, JsSharedArrayBuffer, JsTypedArray, js_typed_array_from_kind,
};
use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, NativeFunction, js_string};
use web_time::Instant;

/// Elements read or written between two looks at the clock: a native loop over
/// `{length: 2 ** 53 - 1}` must stop at the time limit like a script's own loop.
const STEPS_PER_CHECK: u64 = 1024;

/// Installs the four methods on the current realm's prototypes.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    let constructors = context.intrinsics().constructors();
    let array = constructors.array().prototype();
    let typed_array = constructors.typed_array().prototype();
    define_method(&array, "sort", array_sort, context)?;
    define_method(&array, "toSorted", array_to_sorted, context)?;
    define_method(&typed_array, "sort", typed_array_sort, context)?;
    define_method(&typed_array, "toSorted", typed_array_to_sorted, context)?;
    Ok(())
}

/// Defines a method as the built-ins have them: writable, configurable, not enumerable.
fn define_method(
    target: &JsObject,
    name: &'static str,
    function: fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>,
    context: &mut Context,
) -> JsResult<()> {
    let function = native_method(context, name, 1, NativeFunction::from_fn_ptr(function));
    define_builtin(target, js_string!(name), function, context)
}

/// The comparator argument: a function, or `None` for the default order.
fn comparator(args: &[JsValue]) -> JsResult<Option<JsObject>> {
    match args.first() {
        None => Ok(None),
        Some(value) if value.is_undefined() => Ok(None),
        Some(value) => value.as_callable().map(Some).ok_or_else(|| {
            JsNativeError::typ()
                .with_message("The comparison function must be either a function or undefined")
                .into()
        }),
    }
}

/// Ends a native loop once it has run for the time limit, with the loop checkpoint's
/// error, which cannot be caught and which the engine reports as the time-out
/// (`run.rs`): by then the calculation that called it is past its deadline.
struct Checkpoint(Instant);

impl Checkpoint {
    fn new() -> Checkpoint {
        Checkpoint(Instant::now())
    }

    fn step(&self, index: u64) -> JsResult<()> {
        if index.is_multiple_of(STEPS_PER_CHECK) && self.0.elapsed() >= TIME_LIMIT {
            return Err(RuntimeLimitError::LoopIteration.into());
        }
        Ok(())
    }
}

/// `ToLength(? Get(obj, "length"))`.
fn length_of_array_like(object: &JsObject, context: &mut Context) -> JsResult<u64> {
    object
        .get(js_string!("length"), context)?
        .to_length(context)
}

/// `Array.prototype.sort(comparefn)`.
fn array_sort(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let compare = comparator(args)?;
    let object = this.to_object(context)?;
    let len = length_of_array_like(&object, context)?;
    let sorted = sorted_elements(&object, len, true, compare.as_ref(), context)?;
    let checkpoint = Checkpoint::new();
    let count = sorted.len() as u64;
    for (index, value) in (0..).zip(sorted) {
        checkpoint.step(index)?;
        object.set(index, value, true, context)?;
    }
    // The holes that were skipped stay holes, at the end.
    for index in count..len {
        checkpoint.step(index)?;
        object.delete_property_or_throw(index, context)?;
    }
    Ok(object.into())
}

/// `Array.prototype.toSorted(comparefn)`.
fn array_to_sorted(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let compare = comparator(args)?;
    let object = this.to_object(context)?;
    let len = length_of_array_like(&object, context)?;
    if len > u64::from(u32::MAX) {
        return Err(JsNativeError::range()
            .with_message("Invalid array length")
            .into());
    }
    let sorted = sorted_elements(&object, len, false, compare.as_ref(), context)?;
    Ok(JsArray::from_iter(sorted, context).into())
}

/// Reads `object[0..len]` (skipping holes, or reading them as `undefined`) and sorts it:
/// `undefined` last, the rest by `compare` or by their strings.
fn sorted_elements(
    object: &JsObject,
    len: u64,
    skip_holes: bool,
    compare: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<Vec<JsValue>> {
    let checkpoint = Checkpoint::new();
    let mut values = Vec::new();
    let mut undefined = 0usize;
    for index in 0..len {
        checkpoint.step(index)?;
        if skip_holes && !object.has_property(index, context)? {
            continue;
        }
        let value = object.get(index, context)?;
        if value.is_undefined() {
            undefined += 1;
        } else {
            values.push(value);
        }
    }
    let mut sorted = match compare {
        Some(compare) => {
            merge_sort(&mut values, &mut |a, b| {
                call_comparator(compare, a, b, context)
            })?;
            values
        }
        None => {
            let mut keyed = Vec::with_capacity(values.len());
            for value in values {
                keyed.push((value.to_string(context)?, value));
            }
            merge_sort(&mut keyed, &mut |a: &(JsString, JsValue), b| Ok(a.0 > b.0))?;
            keyed.into_iter().map(|(_, value)| value).collect()
        }
    };
    sorted.extend(std::iter::repeat_n(JsValue::undefined(), undefined));
    Ok(sorted)
}

/// Whether `compare(a, b)` puts `a` after `b`: its answer through `ToNumber` is above 0
/// (NaN is not).
fn call_comparator(
    compare: &JsObject,
    a: &JsValue,
    b: &JsValue,
    context: &mut Context,
) -> JsResult<bool> {
    let answer = compare.call(&JsValue::undefined(), &[a.clone(), b.clone()], context)?;
    Ok(answer.to_number(context)? > 0.0)
}

/// `%TypedArray%.prototype.sort(comparefn)`.
fn typed_array_sort(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let compare = comparator(args)?;
    let array = valid_typed_array(this, context)?;
    let sorted = sorted_typed_elements(&array, compare.as_ref(), context)?;
    write_typed(&array, sorted, context)?;
    Ok(this.clone())
}

/// `%TypedArray%.prototype.toSorted(comparefn)`: a new array of the same kind.
fn typed_array_to_sorted(
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let compare = comparator(args)?;
    let array = valid_typed_array(this, context)?;
    let len = array.length(context)?;
    let kind = array
        .kind()
        .ok_or_else(|| JsNativeError::typ().with_message("not a typed array"))?;
    // The element size is not public in boa; a valid, non-empty array tells it.
    let element_size = array.byte_length(context)?.checked_div(len).unwrap_or(1);
    let bytes = len
        .checked_mul(element_size)
        .ok_or_else(|| JsNativeError::range().with_message("Invalid typed array length"))?;
    let buffer = JsArrayBuffer::new(bytes, context)?;
    let result = js_typed_array_from_kind(kind, buffer, context)?;
    let target = result
        .as_object()
        .map(JsTypedArray::from_object)
        .transpose()?
        .ok_or_else(|| JsNativeError::typ().with_message("not a typed array"))?;
    let sorted = sorted_typed_elements(&array, compare.as_ref(), context)?;
    write_typed(&target, sorted, context)?;
    Ok(result)
}

/// `ValidateTypedArray`: a typed array whose buffer is not detached.
fn valid_typed_array(this: &JsValue, context: &mut Context) -> JsResult<JsTypedArray> {
    let not_typed = || JsNativeError::typ().with_message("this is not a typed array");
    let array = this
        .as_object()
        .ok_or_else(not_typed)
        .and_then(|object| JsTypedArray::from_object(object).map_err(|_| not_typed()))?;
    let buffer = array.buffer(context)?;
    let detached = buffer.as_object().is_some_and(|object| {
        JsSharedArrayBuffer::from_object(object.clone()).is_err()
            && JsArrayBuffer::from_object(object).is_ok_and(|b| b.data().is_none())
    });
    if detached {
        return Err(JsNativeError::typ()
            .with_message("Cannot perform %TypedArray%.prototype.sort on a detached ArrayBuffer")
            .into());
    }
    Ok(array)
}

/// The elements of a typed array, sorted by `compare` or numerically.
fn sorted_typed_elements(
    array: &JsTypedArray,
    compare: Option<&JsObject>,
    context: &mut Context,
) -> JsResult<Vec<JsValue>> {
    let len = array.length(context)? as u64;
    let object: &JsObject = array;
    let checkpoint = Checkpoint::new();
    let mut values = Vec::new();
    for index in 0..len {
        checkpoint.step(index)?;
        values.push(object.get(index, context)?);
    }
    match compare {
        Some(compare) => merge_sort(&mut values, &mut |a, b| {
            call_comparator(compare, a, b, context)
        })?,
        None => merge_sort(&mut values, &mut |a, b| Ok(numeric_after(a, b)))?,
    }
    Ok(values)
}

/// Writes `values` over a typed array's elements. Writes past its current length (the
/// comparator may have shrunk or detached its buffer) are ignored, as the spec's
/// integer-indexed `[[Set]]` does.
fn write_typed(array: &JsTypedArray, values: Vec<JsValue>, context: &mut Context) -> JsResult<()> {
    let object: &JsObject = array;
    let checkpoint = Checkpoint::new();
    for (index, value) in (0u64..).zip(values) {
        checkpoint.step(index)?;
        object.set(index, value, true, context)?;
    }
    Ok(())
}

/// The typed arrays' default order (`CompareTypedArrayElements` without a comparator):
/// numbers ascending with NaN last and -0 before +0; BigInts ascending.
fn numeric_after(a: &JsValue, b: &JsValue) -> bool {
    if let (Some(x), Some(y)) = (a.as_bigint(), b.as_bigint()) {
        return x > y;
    }
    let (Some(x), Some(y)) = (a.as_number(), b.as_number()) else {
        return false;
    };
    if x.is_nan() || y.is_nan() {
        return x.is_nan() && !y.is_nan();
    }
    x > y || (x == 0.0 && y == 0.0 && x.is_sign_positive() && y.is_sign_negative())
}

/// A stable sort by `after(a, b)` ("`a` belongs after `b`"): insertion sort of short
/// runs, then bottom-up merges. No index depends on `after`'s answers, so an
/// inconsistent `after` still ends with every element present once; its first error
/// stops the sort and is returned.
fn merge_sort<T: Clone>(
    items: &mut Vec<T>,
    after: &mut dyn FnMut(&T, &T) -> JsResult<bool>,
) -> JsResult<()> {
    const RUN: usize = 8;
    let len = items.len();
    for start in (0..len).step_by(RUN) {
        let end = len.min(start + RUN);
        for next in start + 1..end {
            let mut at = next;
            while at > start && after(&items[at - 1], &items[at])? {
                items.swap(at - 1, at);
                at -= 1;
            }
        }
    }
    let mut width = RUN;
    let mut merged = Vec::with_capacity(len);
    while width < len {
        merged.clear();
        for start in (0..len).step_by(width.saturating_mul(2)) {
            let middle = len.min(start.saturating_add(width));
            let end = len.min(middle.saturating_add(width));
            merge(
                &items[start..middle],
                &items[middle..end],
                &mut merged,
                after,
            )?;
        }
        std::mem::swap(items, &mut merged);
        width = width.saturating_mul(2);
    }
    Ok(())
}

/// Appends the merge of two sorted runs to `out`; on a tie the left run's element first.
fn merge<T: Clone>(
    left: &[T],
    right: &[T],
    out: &mut Vec<T>,
    after: &mut dyn FnMut(&T, &T) -> JsResult<bool>,
) -> JsResult<()> {
    let (mut i, mut j) = (0, 0);
    while i < left.len() && j < right.len() {
        if after(&left[i], &right[j])? {
            out.push(right[j].clone());
            j += 1;
        } else {
            out.push(left[i].clone());
            i += 1;
        }
    }
    out.extend_from_slice(&left[i..]);
    out.extend_from_slice(&right[j..]);
    Ok(())
}

#[cfg(test)]
mod tests;
