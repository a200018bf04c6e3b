//! The names CLDR has and ICU4X's data lacks (`engine/data/cldr-names.json`, written by
//! `scripts/cldr-names` at Node 20's CLDR version): units for `Intl.NumberFormat`'s `unit`
//! style (`intl_unit.rs`), calendars and date fields for `Intl.DisplayNames`
//! (`intl_display_names.rs`). They come in parts as the ICU4X data does: one per language
//! (`en.names`), found along ICU4X's locale fallback (`en-GB` → `en-001` → `en`), then the
//! root's (`und.names`).

use std::cell::OnceCell;
use std::rc::Rc;

use crate::host::intl_data::{lacks_parts, name_table};
use icu_locale::{LocaleFallbacker, fallback::LocaleFallbackConfig};
use icu_locale_core::Locale;
use icu_provider::DataLocale;

/// One part's names: locale (as ICU4X names it: `zh-HK`) → key → name. The part's own
/// locale (`en`) has every key; another locale has the keys that differ from its CLDR
/// parent, named by `^` when the parent is not the part's own locale (`^` is empty when the
/// parent is in another part: the locale has every key). Keys: `short/hour/one` (a unit's
/// plural form), `short/hour/per` (`{0}/h`), `short/per` (the compound pattern),
/// `calendar/gregorian` (CLDR's key of a calendar), `field/year-short` (a date field).
pub type NameTable = std::collections::HashMap<String, std::collections::HashMap<String, String>>;

/// The names of every locale, one part per line (`"en":{…},`), compiled into the native
/// builds; the `intl-data` tool writes each part for the browser's Intl module.
#[cfg(feature = "intl_data")]
pub const CLDR_NAMES: &str = include_str!("../../data/cldr-names.json");

/// The parts of [`CLDR_NAMES`]: each part's name (`en`) and its JSON text.
#[cfg(feature = "intl_data")]
pub fn name_parts() -> impl Iterator<Item = (&'static str, &'static str)> {
    CLDR_NAMES.lines().filter_map(|line| {
        let line = line.strip_suffix(',').unwrap_or(line);
        let (name, json) = line.split_once("\":")?;
        Some((name.strip_prefix('"')?, json))
    })
}

/// The names a locale reads: its own entry in its part, its parents' within the part, the
/// part's own locale, then the root's.
pub(super) struct Names {
    /// The locale's table with its part's name (`en`) and the locale to start from (`en-GB`).
    own: Option<(Rc<NameTable>, String, String)>,
    /// The root's table, read only when the locale's lacks a key (in the browser it is a
    /// part of its own).
    root: OnceCell<Option<Rc<NameTable>>>,
}

impl Names {
    /// The table of the first locale along ICU4X's fallback from `locale` that a part
    /// names. A part not added yet is recorded as missing (the browser adds it and
    /// evaluates again).
    pub(super) fn find(locale: &Locale) -> Names {
        let mut own = None;
        for step in fallback_chain(locale) {
            let part = match step.script {
                Some(script) => format!("{}-{}", step.language, script),
                None => step.language.to_string(),
            };
            let name = step.to_string();
            if let Some(table) = name_table(&part)
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

    /// What `read` finds in the locale's table (along its parents in its part: `read` is
    /// given the table, the part's name and the locale to start from), else in the root's.
    pub(super) fn lookup<T>(
        &self,
        read: impl Fn(&NameTable, &str, &str) -> Option<T>,
    ) -> Option<T> {
        if let Some((table, part, start)) = &self.own
            && let Some(found) = read(table, part, start)
        {
            return Some(found);
        }
        // A calculation that lacks parts (a language's names, or its ICU4X data, whose
        // locale fell back to the root) answers again once they are added: the root's names
        // are fetched only for a final answer that needs them.
        if lacks_parts() {
            return None;
        }
        let root = self.root.get_or_init(|| name_table("und"));
        read(root.as_deref()?, "und", "und")
    }

    /// `key`'s name.
    pub(super) fn get(&self, key: &str) -> Option<String> {
        self.lookup(|table, part, start| along_parents(table, part, start, key))
    }
}

/// `key`'s name in `table` from `start`, along the parents (`^`) and then the part's own
/// locale.
pub(super) fn along_parents(
    table: &NameTable,
    part: &str,
    start: &str,
    key: &str,
) -> Option<String> {
    let mut locale = start;
    // A part's locales are at most a few parents deep; the bound stops a cycle.
    for _ in 0..8 {
        let entry = table.get(locale)?;
        if let Some(name) = entry.get(key) {
            return Some(name.clone());
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
    use super::{NameTable, name_parts};

    #[test]
    fn every_part_is_json_whose_parents_are_in_it() {
        let parts: Vec<_> = name_parts().collect();
        assert!(parts.len() > 300, "{} parts", parts.len());
        for (part, json) in parts {
            let table: NameTable = serde_json::from_str(json).expect(part);
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
