//! The `unit` style of `Intl.NumberFormat` (`5 km/h`, `5 kilometers per hour`, `摂氏 5 度`),
//! which boa 0.22 lacks. ICU4X's data names only lengths, areas, masses, volumes and
//! durations, so the names are CLDR's own (`engine/data/unit-names.json`, written by
//! `scripts/unit-names` at Node 20's CLDR version) in parts as the ICU4X data is: one per
//! language (`en.units`), found along ICU4X's locale fallback (`en-GB` → `en-001` → `en`).
//! A unit that CLDR names as a whole (`kilometer-per-hour`) has its own patterns; any other
//! `X-per-Y` is built as ICU builds it: X's pattern inside Y's "per" pattern (`{0} per
//! second`), else in the locale's compound pattern (`{0}/{1}`) with Y's singular name.

use std::cell::OnceCell;
use std::rc::Rc;

use super::number_options::out_of_range;
use super::number_parts::plain_decimal;
use crate::host::intl_data::{experimental_new, lacks_parts, unit_table};
use boa_engine::{JsNativeError, JsResult};
use fixed_decimal::Decimal;
use icu_locale::{LocaleFallbacker, fallback::LocaleFallbackConfig};
use icu_locale_core::Locale;
use icu_plurals::{PluralCategory, PluralOperands, PluralRules};
use icu_provider::DataLocale;

/// One part's unit names: locale (as ICU4X names it: `zh-HK`) → key → pattern. The part's
/// own locale (`en`) has every key; another locale has the keys that differ from its CLDR
/// parent, named by `^` when the parent is not the part's own locale (`^` is empty when the
/// parent is in another part: the locale has every key). Keys: `short/hour/one` (a plural form),
/// `short/hour/per` (`{0}/h`), `short/per` (the compound pattern).
pub type UnitTable = std::collections::HashMap<String, std::collections::HashMap<String, String>>;

/// ECMA-402's sanctioned units, which the `unit` style takes alone or as `X-per-Y`.
pub(super) const SANCTIONED_UNITS: &str = "acre bit byte celsius centimeter day degree \
fahrenheit fluid-ounce foot gallon gigabit gigabyte gram hectare hour inch kilobit kilobyte \
kilogram kilometer liter megabit megabyte meter microsecond mile mile-scandinavian milliliter \
millimeter millisecond minute month nanosecond ounce percent petabyte pound second stone \
terabit terabyte week yard year";

/// The unit names of every locale, one part per line (`"en":{…},`), compiled into the
/// native builds; the `intl-data` tool writes each part for the browser's Intl module.
#[cfg(feature = "intl_data")]
pub const UNIT_NAMES: &str = include_str!("../../data/unit-names.json");

/// The parts of [`UNIT_NAMES`]: each part's name (`en`) and its JSON text.
#[cfg(feature = "intl_data")]
pub fn unit_parts() -> impl Iterator<Item = (&'static str, &'static str)> {
    UNIT_NAMES.lines().filter_map(|line| {
        let line = line.strip_suffix(',').unwrap_or(line);
        let (name, json) = line.split_once("\":")?;
        Some((name.strip_prefix('"')?, json))
    })
}

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
        let patterns = match (names.plural(width, unit), unit.split_once("-per-")) {
            (Some(patterns), _) => patterns,
            (None, None) => unnamed(unit),
            (None, Some((top, bottom))) => {
                let top = names.plural(width, top).unwrap_or_else(|| unnamed(top));
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

/// The unit names a locale reads: its own entry in its part, its parents' within the part,
/// the part's own locale, then the root's.
struct Names {
    /// The locale's table with its part's name (`en`) and the locale to start from (`en-GB`).
    own: Option<(Rc<UnitTable>, String, String)>,
    /// The root's table, read only when the locale's lacks a key (in the browser it is a
    /// part of its own).
    root: OnceCell<Option<Rc<UnitTable>>>,
}

impl Names {
    /// The table of the first locale along ICU4X's fallback from `locale` that a part
    /// names. A part not added yet is recorded as missing (the browser adds it and
    /// evaluates again).
    fn find(locale: &Locale) -> Names {
        let mut own = None;
        for step in fallback_chain(locale) {
            let part = match step.script {
                Some(script) => format!("{}-{}", step.language, script),
                None => step.language.to_string(),
            };
            let name = step.to_string();
            if let Some(table) = unit_table(&part)
                && table.contains_key(&name)
            {
                own = Some((table, part, name));
                break;
            }
        }
        Names {
            own,
            root: OnceCell::new(),
        }
    }

    /// What `read` finds in the locale's table (along its parents in its part), else in the
    /// root's.
    fn lookup<T>(&self, read: impl Fn(&UnitTable, &str, &str) -> Option<T>) -> Option<T> {
        if let Some((table, part, start)) = &self.own
            && let Some(found) = read(table, part, start)
        {
            return Some(found);
        }
        // A calculation that lacks parts (a language's unit names, or its ICU4X data, whose
        // locale fell back to the root) answers again once they are added: the root's names
        // are fetched only for a final answer that needs them.
        if lacks_parts() {
            return None;
        }
        let root = self.root.get_or_init(|| unit_table("und"));
        read(root.as_deref()?, "und", "und")
    }

    /// `key`'s pattern.
    fn get(&self, key: &str) -> Option<String> {
        self.lookup(|table, part, start| along_parents(table, part, start, key))
    }

    /// A unit's patterns by plural form, all from the first locale that names the unit as a
    /// whole.
    fn plural(&self, width: &str, unit: &str) -> Option<Vec<(PluralCategory, String)>> {
        self.lookup(|table, part, start| {
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
}

/// `key`'s pattern in `table` from `start`, along the parents (`^`) and then the part's own
/// locale.
fn along_parents(table: &UnitTable, part: &str, start: &str, key: &str) -> Option<String> {
    let mut locale = start;
    // A part's locales are at most a few parents deep; the bound stops a cycle.
    for _ in 0..8 {
        let entry = table.get(locale)?;
        if let Some(pattern) = entry.get(key) {
            return Some(pattern.clone());
        }
        locale = match entry.get("^") {
            // A locale whose parent is in another part (`zh-HK`'s is `zh-Hant`) is whole
            // by itself.
            Some(parent) if parent.is_empty() => return None,
            Some(parent) => parent.as_str(),
            None if locale != part => part,
            None => return None,
        };
    }
    None
}

/// ICU4X's locale fallback from `locale`, without the root (`en-GB`, `en-001`, `en`).
pub(super) fn fallback_chain(locale: &Locale) -> Vec<DataLocale> {
    #[cfg(feature = "intl_data")]
    let fallbacker = Some(LocaleFallbacker::new().static_to_owned());
    #[cfg(not(feature = "intl_data"))]
    let fallbacker = crate::host::intl_data::buffer_provider()
        .and_then(|provider| LocaleFallbacker::try_new_with_buffer_provider(&provider))
        .ok();
    let mut steps = Vec::new();
    let Some(fallbacker) = fallbacker else {
        return steps;
    };
    let mut chain = fallbacker
        .as_borrowed()
        .for_config(LocaleFallbackConfig::default())
        .fallback_for(DataLocale::from(locale));
    // A chain ends at the root within a few steps; the bound stops a cycle.
    for _ in 0..8 {
        let step = chain.get();
        if step.is_unknown() {
            break;
        }
        steps.push(*step);
        chain.step();
    }
    steps
}

#[cfg(all(test, feature = "intl_data"))]
mod tests {
    use super::{UnitTable, is_well_formed, unit_parts};

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

    #[test]
    fn every_part_is_json_whose_parents_are_in_it() {
        let parts: Vec<_> = unit_parts().collect();
        assert!(parts.len() > 300, "{} parts", parts.len());
        for (part, json) in parts {
            let table: UnitTable = serde_json::from_str(json).expect(part);
            for (locale, entry) in &table {
                match entry.get("^").map(String::as_str) {
                    // Whole by itself, or the part's own locale.
                    Some("") => assert!(entry.len() > 100, "{locale} is not whole"),
                    None if locale == part => assert!(entry.len() > 100, "{part} is not whole"),
                    None => assert!(table.contains_key(part), "{locale}: no {part}"),
                    Some(parent) => assert!(table.contains_key(parent), "{locale}: no {parent}"),
                }
            }
        }
    }
}
