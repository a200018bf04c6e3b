//! `Math.pow` and `Math.cbrt` as V8 computes them: fdlibm's `pow` (V8's default, "legacy"
//! pow) and FreeBSD's `cbrt`. Both are faithful (error below one unit in the last place)
//! but not correctly rounded, so only the same algorithm gives the same last bit.

// The constants are fdlibm's, digit for digit: their doubles are what matters.
#![allow(clippy::excessive_precision)]

use super::words::{clear_low, from_words, high, low, with_high};

/// `x` to the power `y`: log2(x) in extra precision, times y split in two, then 2^result.
/// ECMAScript's exceptions hold: `pow(±1, ±Infinity)` and `pow(1, NaN)` are NaN.
#[allow(clippy::many_single_char_names)]
pub fn pow(x: f64, y: f64) -> f64 {
    const BP: [f64; 2] = [1.0, 1.5];
    // log2(1.5) split in two.
    const DP_H: [f64; 2] = [0.0, 5.849_624_872_207_641_601_56e-1];
    const DP_L: [f64; 2] = [0.0, 1.350_039_202_129_748_971_28e-8];
    const TWO53: f64 = 9_007_199_254_740_992.0;
    const HUGE: f64 = 1.0e300;
    const TINY: f64 = 1.0e-300;
    // Coefficients of (3/2)*(log(x) - 2s - 2/3*s^3).
    const L1: f64 = 5.999_999_999_999_946_487_25e-1;
    const L2: f64 = 4.285_714_285_785_501_842_52e-1;
    const L3: f64 = 3.333_333_298_183_774_329_18e-1;
    const L4: f64 = 2.727_281_238_085_340_064_89e-1;
    const L5: f64 = 2.306_607_457_755_617_540_67e-1;
    const L6: f64 = 2.069_750_178_003_384_177_84e-1;
    // Coefficients of exp's rational approximation.
    const P1: f64 = 1.666_666_666_666_660_190_37e-1;
    const P2: f64 = -2.777_777_777_701_559_338_42e-3;
    const P3: f64 = 6.613_756_321_437_934_361_17e-5;
    const P4: f64 = -1.653_390_220_546_525_153_90e-6;
    const P5: f64 = 4.138_136_797_057_238_460_39e-8;
    const LG2: f64 = std::f64::consts::LN_2;
    const LG2_H: f64 = 6.931_471_824_645_996_093_75e-1;
    const LG2_L: f64 = -1.904_654_299_957_768_045_25e-9;
    // -(1024 - log2(overflow + 0.5 ulp)).
    const OVT: f64 = 8.008_566_259_537_294_437_2e-17;
    // 2/(3 ln 2), whole and split.
    const CP: f64 = 9.617_966_939_259_755_543_29e-1;
    const CP_H: f64 = 9.617_967_009_544_372_558_59e-1;
    const CP_L: f64 = -7.028_461_650_952_758_265_16e-9;
    // 1/ln 2, whole and split (the head has 24 bits).
    const IVLN2: f64 = std::f64::consts::LOG2_E;
    const IVLN2_H: f64 = 1.442_695_021_629_333_496_09;
    const IVLN2_L: f64 = 1.925_962_991_126_617_468_87e-8;

    let (hx, lx) = (high(x), low(x));
    let (hy, ly) = (high(y), low(y));
    let ix = hx & 0x7fff_ffff;
    let iy = hy & 0x7fff_ffff;

    if iy as u32 | ly == 0 {
        return 1.0;
    }
    if ix > 0x7ff0_0000
        || (ix == 0x7ff0_0000 && lx != 0)
        || iy > 0x7ff0_0000
        || (iy == 0x7ff0_0000 && ly != 0)
    {
        return x + y;
    }

    // For a negative x: 0 when y is not an integer, 1 when it is odd, 2 when even.
    let mut y_is_int = 0;
    if hx < 0 {
        if iy >= 0x4340_0000 {
            y_is_int = 2;
        } else if iy >= 0x3ff0_0000 {
            let k = (iy >> 20) - 0x3ff;
            if k > 20 {
                let j = ly >> (52 - k);
                if j << (52 - k) == ly {
                    y_is_int = 2 - (j & 1) as i32;
                }
            } else if ly == 0 {
                let j = iy >> (20 - k);
                if j << (20 - k) == iy {
                    y_is_int = 2 - (j & 1);
                }
            }
        }
    }

    if ly == 0 {
        if iy == 0x7ff0_0000 {
            return if (ix - 0x3ff0_0000) | lx as i32 == 0 {
                f64::NAN
            } else if ix >= 0x3ff0_0000 {
                if hy >= 0 { y } else { 0.0 }
            } else if hy < 0 {
                -y
            } else {
                0.0
            };
        }
        if iy == 0x3ff0_0000 {
            return if hy < 0 { 1.0 / x } else { x };
        }
        if hy == 0x4000_0000 {
            return x * x;
        }
        if hy == 0x3fe0_0000 && hx >= 0 {
            return x.sqrt();
        }
    }

    let ax = x.abs();
    if lx == 0 && (ix == 0x7ff0_0000 || ix == 0 || ix == 0x3ff0_0000) {
        let mut z = if hy < 0 { 1.0 / ax } else { ax };
        if hx < 0 {
            if (ix - 0x3ff0_0000) | y_is_int == 0 {
                z = f64::NAN;
            } else if y_is_int == 1 {
                z = -z;
            }
        }
        return z;
    }

    let n = (hx >> 31) + 1;
    if n | y_is_int == 0 {
        return f64::NAN;
    }
    let s = if n | (y_is_int - 1) == 0 { -1.0 } else { 1.0 };

    // log2(|x|) = t1 + t2, t1 with its low word clear.
    let (t1, t2);
    if iy > 0x41e0_0000 {
        // |y| > 2^31: over- or underflows unless x is within 2^-20 of 1.
        if iy > 0x43f0_0000 {
            if ix <= 0x3fef_ffff {
                return if hy < 0 { HUGE * HUGE } else { TINY * TINY };
            }
            if ix >= 0x3ff0_0000 {
                return if hy > 0 { HUGE * HUGE } else { TINY * TINY };
            }
        }
        if ix < 0x3fef_ffff {
            return if hy < 0 {
                s * HUGE * HUGE
            } else {
                s * TINY * TINY
            };
        }
        if ix > 0x3ff0_0000 {
            return if hy > 0 {
                s * HUGE * HUGE
            } else {
                s * TINY * TINY
            };
        }
        let t = ax - 1.0;
        let w = (t * t) * (0.5 - t * (0.333_333_333_333_333_333_333_3 - t * 0.25));
        let u = IVLN2_H * t;
        let v = t * IVLN2_L - w * IVLN2;
        t1 = clear_low(u + v);
        t2 = v - (t1 - u);
    } else {
        let mut ax = ax;
        let mut ix = ix;
        let mut n = 0;
        if ix < 0x0010_0000 {
            ax *= TWO53;
            n -= 53;
            ix = high(ax);
        }
        n += (ix >> 20) - 0x3ff;
        let j = ix & 0x000f_ffff;
        ix = j | 0x3ff0_0000;
        let k = if j <= 0x3988e {
            0
        } else if j < 0xbb67a {
            1
        } else {
            n += 1;
            ix -= 0x0010_0000;
            0
        };
        ax = with_high(ax, ix);

        // ss = s_h + s_l = (x - 1)/(x + 1) or (x - 1.5)/(x + 1.5).
        let u = ax - BP[k];
        let v = 1.0 / (ax + BP[k]);
        let ss = u * v;
        let s_h = clear_low(ss);
        let t_h = from_words(
            ((ix >> 1) | 0x2000_0000) + 0x0008_0000 + ((k as i32) << 18),
            0,
        );
        let t_l = ax - (t_h - BP[k]);
        let s_l = v * ((u - s_h * t_h) - s_h * t_l);

        let s2 = ss * ss;
        let mut r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
        r += s_l * (s_h + ss);
        let s2 = s_h * s_h;
        let t_h = clear_low(3.0 + s2 + r);
        let t_l = r - ((t_h - 3.0) - s2);
        let u = s_h * t_h;
        let v = s_l * t_h + t_l * ss;
        let p_h = clear_low(u + v);
        let p_l = v - (p_h - u);
        let z_h = CP_H * p_h;
        let z_l = CP_L * p_h + p_l * CP + DP_L[k];
        let t = f64::from(n);
        t1 = clear_low(((z_h + z_l) + DP_H[k]) + t);
        t2 = z_l - (((t1 - t) - DP_H[k]) - z_h);
    }

    // y*log2(x) = p_h + p_l, with y split so that y1*t1 is exact.
    let y1 = clear_low(y);
    let p_l = (y - y1) * t1 + y * t2;
    let mut p_h = y1 * t1;
    let z = p_l + p_h;
    let (j, i) = (high(z), low(z));
    if j >= 0x4090_0000 {
        if (j - 0x4090_0000) as u32 | i != 0 || p_l + OVT > z - p_h {
            return s * HUGE * HUGE;
        }
    } else if (j & 0x7fff_ffff) >= 0x4090_cc00
        && ((j as u32).wrapping_sub(0xc090_cc00) | i != 0 || p_l <= z - p_h)
    {
        return s * TINY * TINY;
    }

    // 2^(p_h + p_l) = 2^n * exp((p_h + p_l - n) * ln 2).
    let i = j & 0x7fff_ffff;
    let mut k = (i >> 20) - 0x3ff;
    let mut n = 0;
    if i > 0x3fe0_0000 {
        n = j.wrapping_add(0x0010_0000 >> (k + 1));
        k = ((n & 0x7fff_ffff) >> 20) - 0x3ff;
        let t = from_words(n & !(0x000f_ffff >> k), 0);
        n = ((n & 0x000f_ffff) | 0x0010_0000) >> (20 - k);
        if j < 0 {
            n = -n;
        }
        p_h -= t;
    }
    let t = clear_low(p_l + p_h);
    let u = t * LG2_H;
    let v = (p_l - (t - p_h)) * LG2 + t * LG2_L;
    let mut z = u + v;
    let w = v - (z - u);
    let t = z * z;
    let t1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    let r = (z * t1) / ((t1 - 2.0) - (w + z * w));
    z = 1.0 - (r - z);
    let j = high(z).wrapping_add(((n as u32) << 20) as i32);
    if (j >> 20) <= 0 {
        z = libm::scalbn(z, n);
    } else {
        z = with_high(z, j);
    }
    s * z
}

/// The cube root: a 5-bit guess from the exponent, a polynomial to 23 bits, rounded away
/// from zero, then one Newton step.
pub fn cbrt(x: f64) -> f64 {
    // (1023 - 1023/3 - 0.03306235651) * 2^20, and the same less 54/3 for subnormals.
    const B1: u32 = 715_094_163;
    const B2: u32 = 696_219_795;
    // |1/cbrt(x) - p(x)| < 2^-23.5.
    const P0: f64 = 1.875_951_824_271_770_096_43;
    const P1: f64 = -1.884_979_795_433_771_698_75;
    const P2: f64 = 1.621_429_720_105_354_466_140;
    const P3: f64 = -0.758_397_934_778_766_047_437;
    const P4: f64 = 0.145_996_192_886_612_446_982;

    let hx = high(x) as u32;
    let sign = hx & 0x8000_0000;
    let hx = hx ^ sign;
    if hx >= 0x7ff0_0000 {
        return x + x;
    }
    let mut t = if hx < 0x0010_0000 {
        if hx | low(x) == 0 {
            return x;
        }
        let scaled = from_words(0x4350_0000, 0) * x;
        from_words(
            (sign | ((high(scaled) as u32 & 0x7fff_ffff) / 3 + B2)) as i32,
            0,
        )
    } else {
        from_words((sign | (hx / 3 + B1)) as i32, 0)
    };

    let r = (t * t) * (t / x);
    t *= (P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4);
    t = f64::from_bits((t.to_bits() + 0x8000_0000) & 0xffff_ffff_c000_0000);

    let s = t * t;
    let r = x / s;
    let w = t + t;
    let r = (r - t) / (w + r);
    t + t * r
}
