//! The 32-bit halves of a double, as fdlibm reads and writes them: its algorithms branch on
//! the high word (sign, exponent, top of the fraction) and clear low words to split a value
//! into an exactly representable head and a tail.

/// The high word (sign, exponent and the top 20 fraction bits), as a signed integer.
pub(super) fn high(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

/// The low word (the bottom 32 fraction bits).
pub(super) fn low(x: f64) -> u32 {
    x.to_bits() as u32
}

/// The double made of a high and a low word.
pub(super) fn from_words(high: i32, low: u32) -> f64 {
    f64::from_bits((u64::from(high as u32) << 32) | u64::from(low))
}

/// `x` with its high word replaced.
pub(super) fn with_high(x: f64, high: i32) -> f64 {
    from_words(high, low(x))
}

/// `x` with its low word cleared: a head whose products stay exact.
pub(super) fn clear_low(x: f64) -> f64 {
    from_words(high(x), 0)
}
