//! `Math.*` with the same last bit as V8 on every face. boa computes them with Rust's `f64`
//! methods, which call the platform's C library natively (glibc) and a musl port in wasm,
//! so the server, the CLI and the browser disagreed with each other and with Chrome in the
//! last bit of about one result in ten. V8 uses fdlibm's algorithms (FreeBSD's for a few);
//! the `libm` crate is a port of the same FreeBSD sources for the functions it gets right
//! (checked bit for bit against Node by `engine/tests/wasm/math.test.mjs`), and
//! [`log`], [`pow`] and [`hyperbolic`] are our own Rust of fdlibm's algorithms where `libm`
//! follows musl or CORE-MATH instead.
//!
//! Known remaining difference: V8 (since 11.x) computes `sin` and `cos` with its copy of
//! glibc's code, here they are fdlibm's, which differ from it in the last bit for about one
//! input in a hundred (0.9 % of 300,000 inputs of every range; never more than one unit in
//! the last place) — identical on every face of this engine all the same. A correctly
//! rounded `sin`/`cos` does not close the gap: V8's build of that code is not correctly
//! rounded for about one input in forty (errors up to 0.75 ulp in a sample checked against
//! exact references), so a correctly rounded one (double-double series after a Payne–Hanek
//! reduction, tried in November 2026) differed from Node on 2.6 % of the same inputs. Only
//! the same algorithm, operation for operation, would give V8's bits, and that would be a
//! port of LGPL code.

mod hyperbolic;
mod log;
mod pow;
mod words;

use super::{define_builtin, native_method};
use boa_engine::{Context, JsArgs, JsResult, JsString, JsValue, NativeFunction};

/// e^x; fdlibm's algorithm misses e^1 by one bit, so V8 answers `Math.E` for it, and so do we.
pub fn exp(x: f64) -> f64 {
    if x == 1.0 {
        std::f64::consts::E
    } else {
        libm::exp(x)
    }
}

/// e^x - 1, accurate near 0.
pub fn expm1(x: f64) -> f64 {
    libm::expm1(x)
}

/// The C library's `pow`, replaced: boa's `**` operator calls Rust's `f64::powf`, which
/// calls this symbol — glibc's natively, compiler-builtins' in wasm, neither of them V8's,
/// so `1.05 ** (1 / 12)` differed between the faces. Defined here, the linker takes ours
/// on every face (for the whole process, so the server's other `powf` calls get it too,
/// which is harmless: it is as accurate).
#[unsafe(no_mangle)]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    self::pow::pow(x, y)
}

/// sqrt of the sum of squares, summed as V8 does: each value divided by the largest,
/// squared, added with Kahan's compensation. ±Infinity wins over NaN.
pub fn hypot(values: &[f64]) -> f64 {
    let mut max = 0.0_f64;
    let mut any_nan = false;
    for value in values {
        if value.is_nan() {
            any_nan = true;
        } else {
            max = max.max(value.abs());
        }
    }
    if max == f64::INFINITY {
        return f64::INFINITY;
    }
    if any_nan {
        return f64::NAN;
    }
    if max == 0.0 {
        return 0.0;
    }
    let (mut sum, mut compensation) = (0.0_f64, 0.0_f64);
    for value in values {
        let n = value.abs() / max;
        let summand = n * n - compensation;
        let preliminary = sum + summand;
        compensation = (preliminary - sum) - summand;
        sum = preliminary;
    }
    sum.sqrt() * max
}

/// A native function as boa calls it: `this`, the arguments, the context.
type Native = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<JsValue>;

/// A function of one number.
type Unary = fn(f64) -> f64;

/// The functions of one number, by their `Math` name.
const UNARY: [(&str, Unary); 19] = [
    ("acos", libm::acos),
    ("acosh", hyperbolic::acosh),
    ("asin", libm::asin),
    ("asinh", hyperbolic::asinh),
    ("atan", libm::atan),
    ("atanh", hyperbolic::atanh),
    ("cbrt", pow::cbrt),
    ("cos", libm::cos),
    ("cosh", hyperbolic::cosh),
    ("exp", exp),
    ("expm1", expm1),
    ("log", log::log),
    ("log1p", log::log1p),
    ("log10", log::log10),
    ("log2", libm::log2),
    ("sin", libm::sin),
    ("sinh", hyperbolic::sinh),
    ("tan", libm::tan),
    ("tanh", hyperbolic::tanh),
];

/// Replaces boa's `Math` functions in the current realm with ours: same names, lengths and
/// attributes (writable, configurable, not enumerable).
///
/// # Errors
/// boa refused a definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    for (index, (name, _)) in UNARY.iter().enumerate() {
        define(context, name, 1, UNARY_NATIVES[index])?;
    }
    define(context, "pow", 2, js_pow)?;
    define(context, "atan2", 2, js_atan2)?;
    define(context, "hypot", 2, js_hypot)?;
    Ok(())
}

fn define(context: &mut Context, name: &str, length: usize, function: Native) -> JsResult<()> {
    let function = native_method(context, name, length, NativeFunction::from_fn_ptr(function));
    let math = context.intrinsics().objects().math();
    define_builtin(&math, JsString::from(name), function, context)
}

fn number(args: &[JsValue], index: usize, context: &mut Context) -> JsResult<f64> {
    args.get_or_undefined(index).to_number(context)
}

/// One native function per entry of [`UNARY`], in the same order (a native function is a
/// plain function pointer, so each needs its own item).
macro_rules! unary_natives {
    ($($index:literal),*) => {
        [$({
            fn native(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
                let x = number(args, 0, context)?;
                Ok(JsValue::new((UNARY[$index].1)(x)))
            }
            native as Native
        }),*]
    };
}

const UNARY_NATIVES: [Native; 19] = unary_natives!(
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
);

fn js_pow(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let x = number(args, 0, context)?;
    let y = number(args, 1, context)?;
    Ok(JsValue::new(pow::pow(x, y)))
}

fn js_atan2(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let y = number(args, 0, context)?;
    let x = number(args, 1, context)?;
    Ok(JsValue::new(libm::atan2(y, x)))
}

fn js_hypot(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // Every argument is converted first (ToNumber may call author code), then summed.
    let mut values = Vec::with_capacity(args.len());
    for index in 0..args.len() {
        values.push(number(args, index, context)?);
    }
    Ok(JsValue::new(hypot(&values)))
}
