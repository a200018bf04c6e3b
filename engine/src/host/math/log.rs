//! Natural and decimal logarithms as V8 computes them (fdlibm's `log`, `log1p` and the
//! `log10` built on `log`): x = 2^k * (1 + f) with 1 + f near 1, then log(1 + f) from
//! s = f/(2 + f) and a degree-14 polynomial in s.

// The constants are fdlibm's, digit for digit: their doubles are what matters.
#![allow(clippy::excessive_precision)]

use super::words::{from_words, high, low, with_high};

const LN2_HI: f64 = 6.931_471_803_691_238_164_90e-1;
const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;
const TWO54: f64 = 1.801_439_850_948_198_400_00e16;
// Coefficients of R(s) ~ (log(1+s) - log(1-s) - 2s)/s.
const LG: [f64; 7] = [
    6.666_666_666_666_735_130e-1,
    3.999_999_999_940_941_908e-1,
    2.857_142_874_366_239_149e-1,
    2.222_219_843_214_978_396e-1,
    1.818_357_216_161_805_012e-1,
    1.531_383_769_920_937_332e-1,
    1.479_819_860_511_658_591e-1,
];

/// fdlibm's first step of `log` and `log10`: the answer itself for zero (-Infinity), a
/// negative number (NaN), Infinity and NaN; otherwise x, scaled by 2^54 when subnormal,
/// with its high and low words and the power of two the scaling took (-54 or 0).
fn normal_operand(x: f64) -> Result<(f64, i32, u32, i32), f64> {
    let (mut hx, mut lx) = (high(x), low(x));
    let mut x = x;
    let mut k = 0;
    if hx < 0x0010_0000 {
        if (hx & 0x7fff_ffff) as u32 | lx == 0 {
            return Err(f64::NEG_INFINITY);
        }
        if hx < 0 {
            return Err(f64::NAN);
        }
        // Subnormal: scale into the normal range.
        k -= 54;
        x *= TWO54;
        hx = high(x);
        lx = low(x);
    }
    if hx >= 0x7ff0_0000 {
        return Err(x + x);
    }
    Ok((x, hx, lx, k))
}

/// The natural logarithm.
pub fn log(x: f64) -> f64 {
    let (mut x, mut hx, _, mut k) = match normal_operand(x) {
        Ok(operand) => operand,
        Err(answer) => return answer,
    };
    k += (hx >> 20) - 1023;
    hx &= 0x000f_ffff;
    // Normalise x or x/2 so that 1 + f lies in [sqrt(2)/2, sqrt(2)).
    let i = (hx + 0x95f64) & 0x0010_0000;
    x = with_high(x, hx | (i ^ 0x3ff0_0000));
    k += i >> 20;
    let f = x - 1.0;
    let dk = f64::from(k);
    if (0x000f_ffff & (2 + hx)) < 3 {
        // |f| < 2^-20: three terms of the series suffice.
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + dk * LN2_LO
            };
        }
        let r = f * f * (0.5 - 0.333_333_333_333_333_33 * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - dk * LN2_LO) - f)
        };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let w = z * z;
    let t1 = w * (LG[1] + w * (LG[3] + w * LG[5]));
    let t2 = z * (LG[0] + w * (LG[2] + w * (LG[4] + w * LG[6])));
    let r = t2 + t1;
    // Near sqrt(2) and sqrt(2)/2 the half-square form keeps more bits.
    if (hx - 0x6147a) | (0x6b851 - hx) > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 {
            f - (hfsq - s * (hfsq + r))
        } else {
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

/// log(1 + x), accurate for small x: 1 + x is rounded, and the rounding error is added
/// back as a correction c/u.
pub fn log1p(x: f64) -> f64 {
    let hx = high(x);
    let ax = hx & 0x7fff_ffff;
    let mut k = 1;
    let mut f = 0.0;
    let mut hu = 0;
    let mut c = 0.0;
    if hx < 0x3fda_827a {
        // 1 + x < sqrt(2)
        if ax >= 0x3ff0_0000 {
            return if x == -1.0 {
                f64::NEG_INFINITY
            } else {
                f64::NAN
            };
        }
        if ax < 0x3e20_0000 {
            // |x| < 2^-29
            return if ax < 0x3c90_0000 { x } else { x - x * x * 0.5 };
        }
        if hx > 0 || hx <= 0xbfd2_bec4_u32 as i32 {
            // sqrt(2)/2 <= 1 + x < sqrt(2): no reduction needed.
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    if k != 0 {
        let mut u;
        if hx < 0x4340_0000 {
            u = 1.0 + x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c = if k > 0 { 1.0 - (u - x) } else { x - (u - 1.0) };
            c /= u;
        } else {
            u = x;
            hu = high(u);
            k = (hu >> 20) - 1023;
            c = 0.0;
        }
        hu &= 0x000f_ffff;
        if hu < 0x6a09e {
            u = with_high(u, hu | 0x3ff0_0000);
        } else {
            k += 1;
            u = with_high(u, hu | 0x3fe0_0000);
            hu = (0x0010_0000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    let dk = f64::from(k);
    let hfsq = 0.5 * f * f;
    if hu == 0 {
        // |f| < 2^-20
        if f == 0.0 {
            return if k == 0 {
                0.0
            } else {
                dk * LN2_HI + (c + dk * LN2_LO)
            };
        }
        let r = hfsq * (1.0 - 0.666_666_666_666_666_66 * f);
        return if k == 0 {
            f - r
        } else {
            dk * LN2_HI - ((r - (dk * LN2_LO + c)) - f)
        };
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let r = z
        * (LG[0] + z * (LG[1] + z * (LG[2] + z * (LG[3] + z * (LG[4] + z * (LG[5] + z * LG[6]))))));
    if k == 0 {
        f - (hfsq - s * (hfsq + r))
    } else {
        dk * LN2_HI - ((hfsq - (s * (hfsq + r) + (dk * LN2_LO + c))) - f)
    }
}

/// The decimal logarithm: n*log10(2) + log(m)/ln(10) for x = 2^n * m, which makes
/// log10(10^n) exactly n.
pub fn log10(x: f64) -> f64 {
    const IVLN10: f64 = std::f64::consts::LOG10_E;
    const LOG10_2HI: f64 = 3.010_299_956_636_117_713_06e-1;
    const LOG10_2LO: f64 = 3.694_239_077_158_930_786_16e-13;

    let (_, mut hx, lx, mut k) = match normal_operand(x) {
        Ok(operand) => operand,
        Err(answer) => return answer,
    };
    if hx == 0x3ff0_0000 && lx == 0 {
        return 0.0;
    }
    k += (hx >> 20) - 1023;
    let i = i32::from(k < 0);
    hx = (hx & 0x000f_ffff) | ((0x3ff - i) << 20);
    let y = f64::from(k + i);
    let x = from_words(hx, lx);
    let z = y * LOG10_2LO + IVLN10 * log(x);
    z + y * LOG10_2HI
}
