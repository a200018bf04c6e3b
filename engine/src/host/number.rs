//! `Number.prototype.toPrecision` with V8's digits: boa's loses every digit of numbers
//! below about 1e-300 (`(5e-324).toPrecision(1)` gave `0e+101` instead of `5e-324`).
//! The other number-to-text methods already match V8 (engine/tests/wasm/math.test.mjs).

use super::{define_builtin, native_method};
use boa_engine::value::IntegerOrInfinity;
use boa_engine::{
    Context, JsArgs, JsNativeError, JsResult, JsString, JsValue, NativeFunction, js_string,
};

/// Replaces `Number.prototype.toPrecision` in the current realm.
///
/// # Errors
/// boa refused the definition.
pub fn install(context: &mut Context) -> JsResult<()> {
    let function = native_method(
        context,
        "toPrecision",
        1,
        NativeFunction::from_fn_ptr(to_precision),
    );
    let prototype = context.intrinsics().constructors().number().prototype();
    define_builtin(&prototype, js_string!("toPrecision"), function, context)
}

/// The number's value, for a number or a `Number` object.
fn this_number(this: &JsValue) -> JsResult<f64> {
    this.as_number()
        .or_else(|| {
            this.as_object()
                .and_then(|o| o.downcast_ref::<f64>().as_deref().copied())
        })
        .ok_or_else(|| {
            JsNativeError::typ()
                .with_message("Number.prototype.toPrecision requires that 'this' be a Number")
                .into()
        })
}

fn to_precision(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let x = this_number(this)?;
    let precision = args.get_or_undefined(0);
    if precision.is_undefined() {
        return Ok(JsValue::new(x).to_string(context)?.into());
    }
    let precision = precision.to_integer_or_infinity(context)?;
    if !x.is_finite() {
        return Ok(JsValue::new(x).to_string(context)?.into());
    }
    let precision = match precision {
        IntegerOrInfinity::Integer(p) if (1..=100).contains(&p) => p as usize,
        _ => {
            return Err(JsNativeError::range()
                .with_message("toPrecision() argument must be between 1 and 100")
                .into());
        }
    };
    Ok(JsString::from(precision_text(x, precision)).into())
}

/// `x` (finite) with `precision` significant digits, by ECMAScript's rules: exponent form
/// below 1e-6 or from 10^precision up, the nearer digits on the exact binary value and the
/// larger ones on a tie.
fn precision_text(x: f64, precision: usize) -> String {
    let sign = if x < 0.0 { "-" } else { "" };
    let (digits, exponent) = if x == 0.0 {
        ("0".repeat(precision), 0)
    } else {
        significant_digits(x.abs(), precision)
    };
    let body = if exponent < -6 || exponent >= precision as i32 {
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        let exponent_sign = if exponent < 0 { "-" } else { "+" };
        format!("{first}{point}{rest}e{exponent_sign}{}", exponent.abs())
    } else if exponent == precision as i32 - 1 {
        digits
    } else if exponent >= 0 {
        let (int, frac) = digits.split_at(exponent as usize + 1);
        format!("{int}.{frac}")
    } else {
        format!("0.{}{digits}", "0".repeat((-exponent - 1) as usize))
    };
    format!("{sign}{body}")
}

/// The first `count` significant decimal digits of positive finite `x`, rounded half up on
/// its exact value, and the decimal exponent of the first.
fn significant_digits(x: f64, count: usize) -> (String, i32) {
    // A double's exact decimal expansion has at most 767 significant digits, so 800 show
    // it whole and the rounding below is the only one.
    let exact = format!("{x:.800e}");
    let (mantissa, exponent) = exact.split_once('e').unwrap_or((&exact, "0"));
    let mut exponent: i32 = exponent.parse().unwrap_or(0);
    let all: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    let mut digits = all[..count].to_vec();
    if all[count] >= b'5' && crate::format::round_up(&mut digits) {
        // 9.99… rounds to 10.0…: one more power of ten.
        digits[0] = b'1';
        exponent += 1;
    }
    (String::from_utf8(digits).unwrap_or_default(), exponent)
}

#[cfg(test)]
mod tests {
    use super::precision_text;

    #[test]
    fn tiny_numbers_keep_their_digits() {
        assert_eq!(precision_text(5e-324, 1), "5e-324");
        assert_eq!(precision_text(5e-324, 3), "4.94e-324");
        assert_eq!(precision_text(1e-310, 21), "9.99999999999996944933e-311");
    }

    #[test]
    fn forms_follow_the_exponent_as_in_the_specification() {
        assert_eq!(precision_text(123.456, 4), "123.5");
        assert_eq!(precision_text(123.456, 2), "1.2e+2");
        assert_eq!(precision_text(0.000001234, 2), "0.0000012");
        assert_eq!(precision_text(0.0000001234, 2), "1.2e-7");
        assert_eq!(precision_text(-0.0, 3), "0.00");
        assert_eq!(precision_text(99.99, 3), "100");
        assert_eq!(precision_text(9.995, 3), "9.99");
        assert_eq!(precision_text(2.5, 1), "3");
        assert_eq!(precision_text(-1e21, 1), "-1e+21");
        assert_eq!(precision_text(1.0, 1), "1");
    }
}
