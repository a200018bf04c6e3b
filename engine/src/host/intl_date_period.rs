//! CLDR's flexible day periods (`in the afternoon`, `утра`, `mittags`), which V8 writes for
//! `dayPeriod` (ICU's pattern letter `B`). The ICU4X data the engine has lacks them (ICU4X
//! then writes AM/PM), so they come from CLDR's own data, `engine/data/day-periods.json`
//! (written by `scripts/day-periods`), compiled in on every face. So does AM/PM as CLDR 48
//! names it, where ICU4X's older data differs (`PM` in Korean for `오후`).

use super::date_options::TextWidth;
use icu_provider::DataLocale;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The file's contents: each locale's rule set (the hour each period begins at) and its
/// names of the periods, by width.
#[derive(serde::Deserialize)]
struct DayPeriods {
    rules: HashMap<String, Vec<(u8, String)>>,
    names: HashMap<String, HashMap<String, HashMap<String, String>>>,
}

fn data() -> Option<&'static DayPeriods> {
    static DATA: OnceLock<Option<DayPeriods>> = OnceLock::new();
    DATA.get_or_init(|| serde_json::from_str(include_str!("../../data/day-periods.json")).ok())
        .as_ref()
}

/// The time a day period names, and whether the pattern shows its minutes and seconds:
/// noon is 12:00 as written (`12 noon` at 12:30 without minutes, as ICU writes it).
#[derive(Clone, Copy)]
pub(super) struct TimeOfDay {
    pub(super) hour: u8,
    pub(super) minute: u8,
    pub(super) second: u8,
    pub(super) shows_minutes: bool,
    pub(super) shows_seconds: bool,
}

/// The name of the day period at `time`, `width` wide, from the first locale along `chain`
/// (ICU4X's locale fallback) that has a rule set, and the first that has names; `None` where
/// CLDR has none, and AM/PM stays (as in ICU). Midnight is never named, as in ICU.
pub(super) fn name(
    chain: &[DataLocale],
    width: TextWidth,
    time: TimeOfDay,
) -> Option<&'static str> {
    let data = data()?;
    let rules = chain
        .iter()
        .find_map(|step| data.rules.get(&step.to_string()))?;
    let names = chain
        .iter()
        .find_map(|step| data.names.get(&step.to_string()))?
        .get(match width {
            TextWidth::Short => "abbreviated",
            TextWidth::Long => "wide",
            TextWidth::Narrow => "narrow",
        })?;
    let noon = time.hour == 12
        && (!time.shows_minutes || time.minute == 0)
        && (!time.shows_seconds || time.second == 0)
        && rules.iter().any(|(_, period)| period == "noon");
    let period = rules
        .iter()
        .rfind(|(start, period)| period != "noon" && *start <= time.hour)?;
    noon.then(|| names.get("noon"))
        .flatten()
        .or_else(|| names.get(&period.1))
        .map(String::as_str)
}

/// CLDR's abbreviated AM or PM (the pattern letter `a`), from the first locale along
/// `chain` that has names.
pub(super) fn am_pm(chain: &[DataLocale], afternoon: bool) -> Option<&'static str> {
    let data = data()?;
    let names = chain
        .iter()
        .find_map(|step| data.names.get(&step.to_string()))?
        .get("abbreviated")?;
    names
        .get(if afternoon { "pm" } else { "am" })
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tag: &str, width: TextWidth, hour: u8, minute: u8) -> Option<&'static str> {
        let chain = [DataLocale::from(
            &icu_locale_core::Locale::try_from_str(tag).expect("a tag"),
        )];
        let time = TimeOfDay {
            hour,
            minute,
            second: 0,
            shows_minutes: true,
            shows_seconds: false,
        };
        name(&chain, width, time)
    }

    #[test]
    fn each_hour_has_the_period_cldr_names_for_it() {
        // As `TZ=UTC node -e` writes them with `{ hour, minute, dayPeriod }`.
        assert_eq!(at("en", TextWidth::Short, 0, 0), Some("in the morning"));
        assert_eq!(at("en", TextWidth::Short, 12, 0), Some("noon"));
        assert_eq!(at("en", TextWidth::Short, 12, 30), Some("in the afternoon"));
        assert_eq!(at("en", TextWidth::Long, 21, 0), Some("at night"));
        assert_eq!(at("en", TextWidth::Narrow, 12, 0), Some("n"));
        assert_eq!(at("ru", TextWidth::Long, 3, 0), Some("ночи"));
        assert_eq!(at("ru", TextWidth::Long, 4, 0), Some("утра"));
        assert_eq!(at("ru", TextWidth::Narrow, 19, 0), Some("веч."));
        assert_eq!(at("de", TextWidth::Long, 13, 0), Some("nachmittags"));
    }

    #[test]
    fn am_and_pm_are_cldr_48s() {
        let chain = |tag: &str| {
            [DataLocale::from(
                &icu_locale_core::Locale::try_from_str(tag).expect("a tag"),
            )]
        };
        // As `TZ=UTC node -e` writes `d.toLocaleTimeString(tag)`'s AM/PM.
        assert_eq!(am_pm(&chain("ko"), true), Some("PM"));
        assert_eq!(am_pm(&chain("en"), false), Some("AM"));
        assert_eq!(am_pm(&chain("ru"), true), Some("PM"));
        assert_eq!(am_pm(&chain("zh"), false), Some("上午"));
    }

    #[test]
    fn every_locale_with_names_has_every_width() {
        let data = data().expect("the day periods parse");
        for (locale, names) in &data.names {
            for width in ["abbreviated", "wide", "narrow"] {
                assert!(names.contains_key(width), "{locale} lacks {width}");
            }
        }
    }
}
