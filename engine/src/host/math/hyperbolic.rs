//! The hyperbolic functions and their inverses as V8 computes them: from `exp`, `expm1`,
//! `log` and `log1p`, in the ranges where each form loses the least.

use super::log::{log, log1p};
use super::words::{high, low};
use super::{exp, expm1};

const LN2: f64 = std::f64::consts::LN_2;
/// Past this |x|, sinh and cosh overflow.
const OVERFLOW: f64 = 710.475_860_073_943_9;
/// 2^-28: below it sinh, tanh, asinh and atanh are x itself.
const TWO_M28: f64 = 3.725_290_298_461_914e-9;

/// sinh(x) = sign(x) * (E + E/(E + 1))/2 with E = expm1(|x|); exp(|x|)/2 past 22.
pub fn sinh(x: f64) -> f64 {
    const LOG_MAX: f64 = 709.782_226_562_5;
    let h = if x < 0.0 { -0.5 } else { 0.5 };
    let ax = x.abs();
    if ax < 22.0 {
        if ax < TWO_M28 {
            return x;
        }
        let t = expm1(ax);
        if ax < 1.0 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ax < LOG_MAX {
        return h * exp(ax);
    }
    if ax <= OVERFLOW {
        // exp(|x|) alone would overflow: take it in two halves.
        let w = exp(0.5 * ax);
        let t = h * w;
        return t * w;
    }
    x * 1.0e307
}

/// cosh(x) = 1 + expm1(|x|)^2/(2 exp(|x|)) near 0, (exp(|x|) + 1/exp(|x|))/2 up to 22,
/// exp(|x|)/2 beyond.
pub fn cosh(x: f64) -> f64 {
    let ix = high(x) & 0x7fff_ffff;
    let ax = x.abs();
    if ix < 0x3fd6_2e43 {
        let t = expm1(ax);
        let w = 1.0 + t;
        if ix < 0x3c80_0000 {
            return w;
        }
        return 1.0 + (t * t) / (w + w);
    }
    if ix < 0x4036_0000 {
        let t = exp(ax);
        return 0.5 * t + 0.5 / t;
    }
    if ix < 0x4086_2e42 {
        return 0.5 * exp(ax);
    }
    if ax <= OVERFLOW {
        let w = exp(0.5 * ax);
        let t = 0.5 * w;
        return t * w;
    }
    // Overflow, or x is ±Infinity or NaN.
    if x.is_finite() { f64::INFINITY } else { x * x }
}

/// tanh(x) = -t/(t + 2) with t = expm1(-2|x|) below 1, 1 - 2/(t + 2) with t = expm1(2|x|)
/// up to 22, and ±1 beyond.
pub fn tanh(x: f64) -> f64 {
    let jx = high(x);
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        // ±1 for ±Infinity, NaN for NaN.
        return if jx >= 0 {
            1.0 / x + 1.0
        } else {
            1.0 / x - 1.0
        };
    }
    let z = if ix < 0x4036_0000 {
        if ix < 0x3e30_0000 {
            return x;
        }
        if ix >= 0x3ff0_0000 {
            let t = expm1(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = expm1(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0
    };
    if jx >= 0 { z } else { -z }
}

/// asinh(x) = sign(x) * log(|x| + sqrt(x^2 + 1)), by log1p below 2 and log(2|x|) past 2^28.
pub fn asinh(x: f64) -> f64 {
    let hx = high(x);
    let ix = hx & 0x7fff_ffff;
    if ix >= 0x7ff0_0000 {
        return x + x;
    }
    if ix < 0x3e30_0000 {
        return x;
    }
    let w = if ix > 0x41b0_0000 {
        log(x.abs()) + LN2
    } else if ix > 0x4000_0000 {
        let t = x.abs();
        log(2.0 * t + 1.0 / ((x * x + 1.0).sqrt() + t))
    } else {
        let t = x * x;
        log1p(x.abs() + t / (1.0 + (1.0 + t).sqrt()))
    };
    if hx > 0 { w } else { -w }
}

/// acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1, NaN below.
pub fn acosh(x: f64) -> f64 {
    let hx = high(x);
    if hx < 0x3ff0_0000 {
        f64::NAN
    } else if hx >= 0x41b0_0000 {
        if hx >= 0x7ff0_0000 {
            x + x
        } else {
            log(x) + LN2
        }
    } else if hx == 0x3ff0_0000 && low(x) == 0 {
        0.0
    } else if hx > 0x4000_0000 {
        let t = x * x;
        log(2.0 * x - 1.0 / (x + (t - 1.0).sqrt()))
    } else {
        let t = x - 1.0;
        log1p(t + (2.0 * t + t * t).sqrt())
    }
}

/// atanh(x) = log1p(2x/(1 - x))/2, NaN outside [-1, 1] and ±Infinity at ±1.
pub fn atanh(x: f64) -> f64 {
    let ax = x.abs();
    if ax.is_nan() || ax > 1.0 {
        return f64::NAN;
    }
    if ax == 1.0 {
        return x / 0.0;
    }
    if ax < TWO_M28 {
        return x;
    }
    let t = if ax < 0.5 {
        let t = ax + ax;
        0.5 * log1p(t + t * ax / (1.0 - ax))
    } else {
        0.5 * log1p((ax + ax) / (1.0 - ax))
    };
    if x.is_sign_negative() { -t } else { t }
}
