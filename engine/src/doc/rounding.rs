//! An output's rounding rule (`roundingMode`, `roundingStep`): which way a number that falls
//! between two shown values goes, and the multiple it is rounded to before `decimalPlaces`.
//! The modes are `Intl.NumberFormat`'s, by its names; `display/rounding.rs` applies them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Number, Value};

/// How a number between two shown values is rounded (Intl's `roundingMode`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RoundingMode {
    /// Half away from zero: 2.5 → 3, -2.5 → -3 (the default, and how outputs always rounded).
    #[default]
    HalfExpand,
    /// Half to the even neighbour (banker's): 2.5 → 2, 3.5 → 4.
    HalfEven,
    /// Half toward zero: 2.5 → 2, -2.5 → -2.
    HalfTrunc,
    /// Up, toward +∞: 2.1 → 3, -2.9 → -2.
    Ceil,
    /// Down, toward −∞: 2.9 → 2, -2.1 → -3.
    Floor,
    /// Away from zero: 2.1 → 3, -2.1 → -3.
    Expand,
    /// Toward zero: 2.9 → 2, -2.9 → -2.
    Trunc,
}

impl RoundingMode {
    /// Every mode's name in the doc, in the order the editor lists them.
    pub const NAMES: [&'static str; 7] = [
        "halfExpand",
        "halfEven",
        "halfTrunc",
        "ceil",
        "floor",
        "expand",
        "trunc",
    ];
}

/// A positive decimal that a number is rounded to a multiple of: `significand` × 10^-`scale`
/// (0.05 is 5 × 10^-2, 1000 is 1 × 10^3), read from the shortest decimal form of the number
/// the author wrote, which is kept for saving.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundingStep {
    written: Number,
    significand: u64,
    scale: i32,
}

impl RoundingStep {
    /// The step a JSON number stands for; None unless it is finite and above zero.
    #[must_use]
    pub fn parse(number: &Number) -> Option<RoundingStep> {
        let text = match number.as_u64() {
            Some(whole) => whole.to_string(),
            // Rust's Display: the shortest round-trip digits, never an exponent.
            None => format!("{}", number.as_f64().filter(|n| n.is_finite() && *n > 0.0)?),
        };
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let digits = format!("{whole}{fraction}");
        let digits = digits.trim_start_matches('0');
        let significant = digits.trim_end_matches('0');
        let scale = i32::try_from(fraction.len()).ok()?
            - i32::try_from(digits.len() - significant.len()).ok()?;
        let significand = significant.parse::<u64>().ok().filter(|&s| s > 0)?;
        Some(RoundingStep {
            written: number.clone(),
            significand,
            scale,
        })
    }

    /// The step's significant digits as a whole number (5 for 0.05 and for 500).
    #[must_use]
    pub fn significand(&self) -> u64 {
        self.significand
    }

    /// The power of ten the significand is divided by (2 for 0.05, -2 for 500).
    #[must_use]
    pub fn scale(&self) -> i32 {
        self.scale
    }
}

impl Serialize for RoundingStep {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.written.serialize(serializer)
    }
}

/// `roundingMode`: one of [`RoundingMode::NAMES`], or unset (`null`).
pub(super) fn rounding_mode<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<RoundingMode>, D::Error> {
    use serde::de::Error;
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(None),
        value => RoundingMode::deserialize(value).map(Some).map_err(|_| {
            D::Error::custom(format!(
                "roundingMode must be one of {}",
                RoundingMode::NAMES.join(", ")
            ))
        }),
    }
}

/// `roundingStep`: a number above zero, or unset (`null`).
pub(super) fn rounding_step<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<RoundingStep>, D::Error> {
    use serde::de::Error;
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(None),
        Value::Number(number) => RoundingStep::parse(&number).map(Some).ok_or_else(|| {
            D::Error::custom("roundingStep must be a number above 0, such as 0.05 or 1000")
        }),
        _ => Err(D::Error::custom(
            "roundingStep must be a number above 0, such as 0.05 or 1000",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn step(value: Value) -> Option<(u64, i32)> {
        let Value::Number(number) = value else {
            return None;
        };
        RoundingStep::parse(&number).map(|s| (s.significand(), s.scale()))
    }

    #[test]
    fn a_step_is_its_significant_digits_and_a_power_of_ten() {
        assert_eq!(step(json!(0.05)), Some((5, 2)));
        assert_eq!(step(json!(0.25)), Some((25, 2)));
        assert_eq!(step(json!(1000)), Some((1, -3)));
        assert_eq!(step(json!(1000.0)), Some((1, -3)));
        assert_eq!(step(json!(2.5)), Some((25, 1)));
        assert_eq!(step(json!(1)), Some((1, 0)));
        assert_eq!(step(json!(1e-7)), Some((1, 7)));
        assert_eq!(step(json!(1e21)), Some((1, -21)));
        assert_eq!(step(json!(0.1 + 0.2)), Some((30_000_000_000_000_004, 17)));
    }

    #[test]
    fn a_step_of_zero_or_below_is_none() {
        for bad in [json!(0), json!(0.0), json!(-0.05), json!(-1000)] {
            assert_eq!(step(bad.clone()), None, "{bad}");
        }
    }

    #[test]
    fn mode_names_are_intls() {
        for name in RoundingMode::NAMES {
            let mode: RoundingMode = serde_json::from_value(json!(name)).unwrap();
            assert_eq!(serde_json::to_value(mode).unwrap(), json!(name));
        }
    }
}
