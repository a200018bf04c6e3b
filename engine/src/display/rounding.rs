//! Rounding a number's exact decimal digits by an output's rule ([`RoundingMode`], and a
//! step to round to a multiple of): on the digits of its shortest decimal form, never on a
//! binary multiple, so 1.005 to the cent is 1.01 half away from zero, as a person reads it.

use std::cmp::Ordering;

use crate::model::{RoundingMode, RoundingStep};

/// `text` — a non-negative number in plain decimal digits (`"1234.5"`, no exponent) — times
/// 10^`shift`, rounded by `mode` first to a multiple of `step` (when given), then to `places`
/// fraction digits. `negative` is the number's sign, which says which way `ceil` and `floor`
/// go. The answer is plain decimal digits with at most `places` fraction digits.
pub(crate) fn round_magnitude(
    text: &str,
    shift: u32,
    step: Option<&RoundingStep>,
    places: u32,
    mode: RoundingMode,
    negative: bool,
) -> String {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let mut digits = format!("{whole}{fraction}").into_bytes();
    let mut scale = fraction.len() as i64 - i64::from(shift);
    let mode = by_magnitude(mode, negative);
    if let Some(step) = step {
        (digits, scale) = to_multiple(
            &digits,
            scale,
            step.significand(),
            i64::from(step.scale()),
            mode,
        );
    }
    (digits, scale) = to_multiple(&digits, scale, 1, i64::from(places), mode);
    plain(digits, scale)
}

/// What a mode does to the magnitude of a number of this sign: `ceil` of a negative number
/// goes toward zero, `floor` away from it.
#[derive(Clone, Copy)]
enum Magnitude {
    Down,
    Up,
    HalfUp,
    HalfDown,
    HalfEven,
}

fn by_magnitude(mode: RoundingMode, negative: bool) -> Magnitude {
    match (mode, negative) {
        (RoundingMode::HalfExpand, _) => Magnitude::HalfUp,
        (RoundingMode::HalfEven, _) => Magnitude::HalfEven,
        (RoundingMode::HalfTrunc, _) => Magnitude::HalfDown,
        (RoundingMode::Expand, _) | (RoundingMode::Ceil, false) | (RoundingMode::Floor, true) => {
            Magnitude::Up
        }
        (RoundingMode::Trunc, _) | (RoundingMode::Ceil, true) | (RoundingMode::Floor, false) => {
            Magnitude::Down
        }
    }
}

/// The number `digits` × 10^-`scale` rounded to a multiple of `significand` × 10^-`to_scale`,
/// as digits × 10^-`to_scale`.
fn to_multiple(
    digits: &[u8],
    scale: i64,
    significand: u64,
    to_scale: i64,
    mode: Magnitude,
) -> (Vec<u8>, i64) {
    // In units of 10^-common both are whole numbers: the number is `digits` and `zeros` more
    // zeros; the step is the significand followed by `cut` zeros.
    let common = scale.max(to_scale);
    let zeros = usize::try_from(common - scale).unwrap_or(0);
    let cut = usize::try_from(common - to_scale).unwrap_or(0);
    let mut number = digits.to_vec();
    number.resize(number.len() + zeros, b'0');
    // number = high × 10^cut + low, and high = quotient × significand + remainder.
    let (high, low) = number.split_at(number.len().saturating_sub(cut));
    let (mut quotient, remainder) = divide(high, significand);
    let low_is_zero = low.iter().all(|&d| d == b'0');
    // The part left over, against half a step: (remainder + low / 10^cut) vs significand / 2.
    let low_against_half = if low.len() < cut {
        // low has leading zeros, so it is below a half (or zero).
        Ordering::Less
    } else {
        match low.first() {
            None => Ordering::Less,
            Some(&first) => first
                .cmp(&b'5')
                .then(if low[1..].iter().all(|&d| d == b'0') {
                    Ordering::Equal
                } else {
                    Ordering::Greater
                }),
        }
    };
    let twice = u128::from(remainder) * 2;
    let step = u128::from(significand);
    let against_half = if twice > step {
        Ordering::Greater
    } else if twice == step {
        if low_is_zero {
            Ordering::Equal
        } else {
            Ordering::Greater
        }
    } else if twice + 1 == step {
        low_against_half
    } else {
        Ordering::Less
    };
    let exact = remainder == 0 && low_is_zero;
    let odd = quotient.last().is_some_and(|&d| (d - b'0') % 2 == 1);
    let up = match mode {
        Magnitude::Down => false,
        Magnitude::Up => !exact,
        Magnitude::HalfUp => against_half != Ordering::Less,
        Magnitude::HalfDown => against_half == Ordering::Greater,
        Magnitude::HalfEven => {
            against_half == Ordering::Greater || (against_half == Ordering::Equal && odd)
        }
    };
    if up && crate::format::round_up(&mut quotient) {
        quotient.insert(0, b'1');
    }
    (multiply(&quotient, significand), to_scale)
}

/// `digits` (a whole number, most significant first; empty is 0) divided by `divisor`:
/// the quotient's digits and the remainder.
fn divide(digits: &[u8], divisor: u64) -> (Vec<u8>, u64) {
    let divisor = u128::from(divisor);
    let mut remainder: u128 = 0;
    let mut quotient = Vec::with_capacity(digits.len());
    for &digit in digits {
        remainder = remainder * 10 + u128::from(digit - b'0');
        quotient.push(b'0' + (remainder / divisor) as u8);
        remainder %= divisor;
    }
    (quotient, remainder as u64)
}

/// `digits` (a whole number) times `factor`.
fn multiply(digits: &[u8], factor: u64) -> Vec<u8> {
    let factor = u128::from(factor);
    let mut carry: u128 = 0;
    let mut product = Vec::with_capacity(digits.len() + 20);
    for &digit in digits.iter().rev() {
        let value = u128::from(digit - b'0') * factor + carry;
        product.push(b'0' + (value % 10) as u8);
        carry = value / 10;
    }
    while carry > 0 {
        product.push(b'0' + (carry % 10) as u8);
        carry /= 10;
    }
    product.reverse();
    product
}

/// `digits` × 10^-`scale` as plain decimal text: `"1234.50"`, `"0.05"`, `"12000"`.
fn plain(mut digits: Vec<u8>, scale: i64) -> String {
    if scale <= 0 {
        digits.resize(digits.len() + usize::try_from(-scale).unwrap_or(0), b'0');
    }
    let fraction_len = usize::try_from(scale).unwrap_or(0);
    if digits.len() <= fraction_len {
        let mut padded = vec![b'0'; fraction_len + 1 - digits.len()];
        padded.extend_from_slice(&digits);
        digits = padded;
    }
    let first = digits.len() - fraction_len - 1;
    let start = digits[..first].iter().take_while(|&&d| d == b'0').count();
    let (whole, fraction) = digits[start..].split_at(digits.len() - start - fraction_len);
    let whole = String::from_utf8_lossy(whole);
    if fraction.is_empty() {
        whole.into_owned()
    } else {
        format!("{whole}.{}", String::from_utf8_lossy(fraction))
    }
}

#[cfg(test)]
mod tests;
