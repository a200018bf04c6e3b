//! The `unit` style of `Intl.NumberFormat` (`5 km/h`, `5 kilometers per hour`, `摂氏 5 度`),
//! which boa 0.22 lacks. ICU4X's data names only lengths, areas, masses, volumes and
//! durations, so the names are CLDR's own (`intl_cldr_names.rs`).
//! A unit that CLDR names as a whole (`kilometer-per-hour`) has its own patterns; any other
//! `X-per-Y` is built as ICU builds it: X's pattern inside Y's "per" pattern (`{0} per
//! second`), else in the locale's compound pattern (`{0}/{1}`) with Y's singular name.

use std::rc::Rc;

use super::cldr_names::{Names, along_parents};
use super::number_options::out_of_range;
use super::number_parts::plain_decimal;
use crate::host::intl_data::experimental_new;
use boa_engine::{JsNativeError, JsResult};
use fixed_decimal::Decimal;
use icu_locale_core::Locale;
use icu_plurals::{PluralCategory, PluralOperands, PluralRules};

/// ECMA-402's sanctioned units, which the `unit` style takes alone or as `X-per-Y`.
pub(super) const SANCTIONED_UNITS: &str = "acre bit byte celsius centimeter day degree \
fahrenheit fluid-ounce foot gallon gigabit gigabyte gram hectare hour inch kilobit kilobyte \
kilogram kilometer liter megabit megabyte meter microsecond mile mile-scandinavian milliliter \
millimeter millisecond minute month nanosecond ounce percent petabyte pound second stone \
terabit terabyte week yard year";

/// `unitDisplay`.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Width {
    Short,
    Long,
    Narrow,
}

impl Width {
    pub(super) fn name(self) -> &'static str {
        match self {
            Width::Short => "short",
            Width::Long => "long",
            Width::Narrow => "narrow",
        }
    }

    /// The `unitDisplay` option's value, checked with V8's message.
    pub(super) fn read(value: Option<&str>) -> JsResult<Width> {
        Ok(match value {
            None | Some("short") => Width::Short,
            Some("long") => Width::Long,
            Some("narrow") => Width::Narrow,
            Some(other) => return Err(out_of_range(other, "unitDisplay").into()),
        })
    }
}

/// Whether ECMA-402 takes `unit`: a sanctioned unit, or one per another.
pub(super) fn is_well_formed(unit: &str) -> bool {
    let sanctioned = |name: &str| SANCTIONED_UNITS.split(' ').any(|u| u == name);
    match unit.split_once("-per-") {
        Some((top, bottom)) => sanctioned(top) && sanctioned(bottom),
        None => sanctioned(unit),
    }
}

/// V8's message for a `unit` it does not take (a `TypeError` when there is none).
pub(super) fn invalid_unit(unit: Option<&str>) -> JsNativeError {
    let error = if unit.is_some() {
        JsNativeError::range()
    } else {
        JsNativeError::typ()
    };
    error.with_message(format!(
        "Invalid unit argument for Intl.NumberFormat() '{}'",
        unit.unwrap_or_default()
    ))
}

const CATEGORIES: [(PluralCategory, &str); 6] = [
    (PluralCategory::Zero, "zero"),
    (PluralCategory::One, "one"),
    (PluralCategory::Two, "two"),
    (PluralCategory::Few, "few"),
    (PluralCategory::Many, "many"),
    (PluralCategory::Other, "other"),
];

/// A unit's patterns in one locale and width, by plural form, and the locale's plural rules.
#[derive(Clone)]
pub(super) struct UnitNames {
    patterns: Vec<(PluralCategory, String)>,
    rules: Rc<PluralRules>,
}

impl UnitNames {
    /// The names of `unit` (well formed) in `locale` at `width`.
    ///
    /// # Errors
    /// The locale's plural rules have no data (a `RangeError` for the script).
    pub(super) fn new(unit: &str, width: Width, locale: &Locale) -> JsResult<UnitNames> {
        // Plural rules are a language's (and a few regions'): the data has `sr` and `pt-PT`
        // but no `sr-Latn`, whose fallback would be the root's rules.
        let mut language = locale.clone();
        language.id.script = None;
        let rules = experimental_new!(
            PluralRules::try_new_cardinal,
            PluralRules::try_new_cardinal_with_buffer_provider,
            (&language).into()
        )
        .map_err(|e| JsNativeError::range().with_message(e.to_string()))?;
        let names = Names::find(locale);
        let width = width.name();
        // Without names (only while the browser lacks a part, the answer not final yet): the
        // unit's identifier.
        let unnamed = |unit: &str| vec![(PluralCategory::Other, format!("{{0}} {unit}"))];
        let patterns = match (plural(&names, width, unit), unit.split_once("-per-")) {
            (Some(patterns), _) => patterns,
            (None, None) => unnamed(unit),
            (None, Some((top, bottom))) => {
                let top = plural(&names, width, top).unwrap_or_else(|| unnamed(top));
                let around = match names.get(&format!("{width}/{bottom}/per")) {
                    Some(per) => per,
                    None => {
                        let compound = names
                            .get(&format!("{width}/per"))
                            .unwrap_or_else(|| "{0}/{1}".to_owned());
                        let singular = names
                            .get(&format!("{width}/{bottom}/one"))
                            .or_else(|| names.get(&format!("{width}/{bottom}/other")))
                            .unwrap_or_else(|| bottom.to_owned());
                        let name = singular.replace("{0}", "");
                        compound.replace("{1}", name.trim())
                    }
                };
                top.into_iter()
                    .map(|(category, pattern)| (category, around.replace("{0}", &pattern)))
                    .collect()
            }
        };
        Ok(UnitNames {
            patterns,
            rules: Rc::new(rules),
        })
    }

    /// The pattern for a number written as `digits` (the locale's, with `decimal` as its
    /// separator and `zero` as its digit zero): the plural form of those very digits
    /// (`1.0` is not `1`), or of the whole number `x` when the digits are compact or carry
    /// an exponent (`1.2K`: 1,200).
    pub(super) fn pattern(&self, x: f64, digits: &str, decimal: &str, zero: char) -> &str {
        let number = if digits.chars().any(char::is_alphabetic) {
            format!("{:.0}", x.abs().trunc())
        } else {
            plain_decimal(digits, decimal, zero)
        };
        // NaN and ∞ have no plural operands: their form is `other`.
        let category = Decimal::try_from_str(&number)
            .ok()
            .filter(|_| x.is_finite())
            .map_or(PluralCategory::Other, |d| {
                self.rules.category_for(PluralOperands::from(&d))
            });
        let find = |wanted: PluralCategory| {
            self.patterns
                .iter()
                .find(|(category, _)| *category == wanted)
                .map(|(_, pattern)| pattern.as_str())
        };
        find(category)
            .or_else(|| find(PluralCategory::Other))
            .unwrap_or("{0}")
    }
}

/// A unit's patterns by plural form, all from the first locale that names the unit as a
/// whole.
fn plural(names: &Names, width: &str, unit: &str) -> Option<Vec<(PluralCategory, String)>> {
    names.lookup(|table, part, start| {
        let patterns: Vec<(PluralCategory, String)> = CATEGORIES
            .iter()
            .filter_map(|(category, name)| {
                along_parents(table, part, start, &format!("{width}/{unit}/{name}"))
                    .map(|pattern| (*category, pattern))
            })
            .collect();
        patterns
            .iter()
            .any(|(category, _)| *category == PluralCategory::Other)
            .then_some(patterns)
    })
}

#[cfg(all(test, feature = "intl_data"))]
mod tests {
    use super::is_well_formed;

    #[test]
    fn units_are_sanctioned_alone_or_one_per_another() {
        for unit in [
            "meter",
            "kilometer-per-hour",
            "percent",
            "gigabyte-per-second",
        ] {
            assert!(is_well_formed(unit), "{unit}");
        }
        for unit in [
            "METER",
            "meters",
            "furlong",
            "meter-per-square-second",
            "per-hour",
            "",
        ] {
            assert!(!is_well_formed(unit), "{unit}");
        }
    }
}
