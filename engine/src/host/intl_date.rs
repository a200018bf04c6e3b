//! Dates and times as V8 writes them: `6/4/2025`, `11/26/2026, 8:05:09 PM`, `T, Nov 26`,
//! `2026 AD`, `3 in the afternoon`, `November 26 at UTC`, `10:04:05 AM EST`. boa maps a
//! script's options to one ICU4X length for every field, so its widths, glue and years are
//! not V8's (`6/4/25` for a numeric month, though ECMA-402's `year: "numeric"` asks for the
//! whole year), and it writes no era, day period or zone beside a `timeStyle`. A request
//! `intl_date_options.rs` reads (the fields ICU4X's field sets have, or a `dateStyle` and/or
//! `timeStyle`, in UTC or an IANA `timeZone`, with or without its `timeZoneName`:
//! `intl_date_zone.rs`) is formatted here from boa's own locale data: with ICU4X's pattern
//! for the fields at the length ICU picks for V8, each text field then as wide as asked (ICU
//! adjusts its pattern's widths to V8's options the same way). Any other request goes on to
//! boa. Either text then gets the one change V8 makes to ICU's: every narrow no-break space
//! (U+202F, CLDR's since ICU 72) is a plain space (`formatToParts` keeps them, as V8's does).
//! `intl_date_format.rs` applies the same to `Intl.DateTimeFormat`.

use super::cldr_names::fallback_chain;
use super::date_options::{Defaults, HourChoice, IcuDateTime, Styles, TextWidth, Widths};
use super::date_period::{self as day_period, TimeOfDay};
use super::date_sink::{PartsSink, pattern_fields};
use super::date_zone::zone_info;
use super::date_zone_name::ZoneNameFill;
use super::{builtin, property_object};
use crate::dates::CivilDate;
use boa_engine::{
    Context, JsArgs, JsNativeError, JsResult, JsString, JsValue, NativeFunction,
    object::{
        FunctionObjectBuilder,
        builtins::{JsDate, JsFunction},
    },
};
use icu_calendar::types::RataDie;
use icu_calendar::{Date, Gregorian, Iso};
use icu_datetime::DateTimeFormatterPreferences;
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::input::{DateTime, Time, TimeZoneInfo, ZonedDateTime};
use icu_datetime::options::TimePrecision;
use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames};
use icu_datetime::preferences::HourCycle;
use icu_provider::buf::AsDeserializingBufferProvider;
use icu_time::zone::models::AtTime;
use writeable::{TryWriteable, Writeable};

const MS_PER_DAY: f64 = 86_400_000.0;

/// The parts of a time of day.
const TIME_PARTS: [&str; 4] = ["hour", "minute", "second", "dayPeriod"];

/// 1970-01-01 counted from 0001-01-01 (day 1) of the proleptic Gregorian calendar.
const RATA_DIE_OF_1970: i64 = 719_163;

/// Wraps `Date.prototype.toLocaleString`, `toLocaleDateString` and `toLocaleTimeString` of
/// the current realm (after `intl_locale.rs` has wrapped them).
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().date().prototype();
    for (name, defaults) in [
        ("toLocaleString", Defaults::DateTime),
        ("toLocaleDateString", Defaults::Date),
        ("toLocaleTimeString", Defaults::Time),
    ] {
        let original = JsFunction::from_object(property_object(&prototype, name, context)?)
            .ok_or_else(|| {
                JsNativeError::typ().with_message(format!("{name} is not a function"))
            })?;
        let wrapped = FunctionObjectBuilder::new(
            context.realm(),
            NativeFunction::from_copy_closure_with_captures(
                move |this, args, original, context| {
                    if let Some(text) = date_text(this, args, defaults, context)? {
                        return Ok(JsString::from(text.as_str()).into());
                    }
                    let text = original.call(this, args, context)?;
                    let text = with_zone_name(text, this, args, context)?;
                    Ok(with_v8_spaces(text))
                },
                original,
            ),
        )
        .name(JsString::from(name))
        .length(0)
        .build();
        prototype.define_property_or_throw(
            JsString::from(name),
            builtin(wrapped.into()),
            context,
        )?;
    }
    Ok(())
}

/// A date's text as V8 writes it: every narrow no-break space (U+202F, which CLDR puts
/// before AM/PM, `г.`...) a plain space. V8 replaces them after ICU has formatted (commit
/// 90be99fab31c, for the web pages that parse such text), also in boa's texts here.
pub(super) fn with_v8_spaces(text: JsValue) -> JsValue {
    match text.as_string() {
        Some(text) if text.iter().any(|unit| unit == 0x202f) => {
            let text = text.to_std_string_escaped().replace('\u{202f}', " ");
            JsString::from(text.as_str()).into()
        }
        _ => text,
    }
}

/// boa's `text` of the date `this` with the zone's name it could not write
/// (`intl_date_zone_name.rs`).
fn with_zone_name(
    text: JsValue,
    this: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let Some(boa_text) = text.as_string() else {
        return Ok(text);
    };
    let Some(fill) =
        ZoneNameFill::read(args.get_or_undefined(0), args.get_or_undefined(1), context)?
    else {
        return Ok(text);
    };
    let Some(date) = this.as_object().and_then(|o| JsDate::from_object(o).ok()) else {
        return Ok(text);
    };
    let time = date.get_time(context)?.to_number(context)?;
    Ok(fill
        .fill(&boa_text.to_std_string_escaped(), time)
        .map_or(text, |filled| JsString::from(filled.as_str()).into()))
}

/// The text of `this` for a request this module answers, or `None` for another (boa then
/// answers).
fn date_text(
    this: &JsValue,
    args: &[JsValue],
    defaults: Defaults,
    context: &mut Context,
) -> JsResult<Option<String>> {
    let Some(date) = this.as_object().and_then(|o| JsDate::from_object(o).ok()) else {
        return Ok(None);
    };
    let (locales, options) = (args.get_or_undefined(0), args.get_or_undefined(1));
    let Some(request) = IcuDateTime::read(locales, options, defaults, context)? else {
        return Ok(None);
    };
    let time = date.get_time(context)?.to_number(context)?;
    Ok(request.format(time))
}

impl IcuDateTime {
    /// The text of the date at `epoch_ms`, or `None` when ICU4X cannot write it (boa then
    /// answers).
    pub(super) fn format(&self, epoch_ms: f64) -> Option<String> {
        let parts = self.format_to_parts(epoch_ms)?;
        let text: String = parts.into_iter().map(|(_, text)| text).collect();
        Some(text.replace('\u{202f}', " "))
    }

    /// The text of the date at `epoch_ms` as `formatToParts` gives it: ECMA-402's part types
    /// (`month`, `literal`, ...) with their text.
    pub(super) fn format_to_parts(&self, epoch_ms: f64) -> Option<Vec<(&'static str, String)>> {
        let input = self.zoned(epoch_ms)?;
        let style = self.hour_style()?;
        let mut sink = PartsSink::default();
        let mut shown = Vec::new();
        let time = input.time;
        if self.text == Widths::default() && !self.dayless_with_zone() && self.hourless.is_none() {
            self.formatter(style.cycle)?
                .format(&input)
                .write_to_parts(&mut sink)
                .ok()?;
        } else {
            let pattern = self.written_pattern(style.cycle, &input)?;
            shown = pattern_fields(&pattern);
            let pattern = DateTimePattern::try_from_pattern_str(&pattern).ok()?;
            let provider = crate::host::intl_data::buffer_provider().ok()?;
            let mut names = FixedCalendarDateTimeNames::<Gregorian, CompositeFieldSet>::try_new_with_buffer_provider(
                &provider,
                DateTimeFormatterPreferences::from(&self.locale),
            )
            .ok()?;
            let formatter = names
                .load_for_pattern(&provider.as_deserializing(), &pattern)
                .ok()?;
            let input = ZonedDateTime {
                date: input.date.to_calendar(Gregorian),
                time: input.time,
                zone: input.zone,
            };
            formatter
                .format(&input)
                .try_write_to_parts(&mut sink)
                .ok()?
                .ok()?;
        }
        let mut parts = sink.into_parts(self.text.era.is_some())?;
        let has_period = parts.iter().any(|(kind, _)| *kind == "dayPeriod");
        let period = match self.text.day_period {
            // AM/PM, as CLDR 48 names it (`PM` in Korean, where ICU4X's data has `오후`);
            // the locale's fallback is looked up only for a text that has one.
            None if has_period => {
                day_period::am_pm(&fallback_chain(&self.locale), time.hour.number() >= 12)
            }
            _ => None,
        };
        if let Some(name) = period {
            for (kind, text) in &mut parts {
                if *kind == "dayPeriod" {
                    name.clone_into(text);
                }
            }
        }
        if let Some(width) = self.text.day_period {
            let time = TimeOfDay {
                hour: time.hour.number(),
                minute: time.minute.number(),
                second: time.second.number(),
                shows_minutes: shown.iter().any(|(symbol, _)| *symbol == 'm'),
                shows_seconds: shown.iter().any(|(symbol, _)| *symbol == 's'),
            };
            // ICU4X wrote AM/PM for the day period its data lacks.
            if let Some(name) = day_period::name(&fallback_chain(&self.locale), width, time) {
                for (kind, text) in &mut parts {
                    if *kind == "dayPeriod" {
                        name.clone_into(text);
                    }
                }
            }
        }
        if self.zone_after_date() {
            // The time ICU4X wrote only for the locale's glue between date and zone.
            let time = parts
                .iter()
                .position(|(kind, _)| TIME_PARTS.contains(kind))?;
            let zone = parts.iter().position(|(kind, _)| *kind == "timeZoneName")?;
            (time < zone).then(|| parts.drain(time..zone))?;
        }
        if self.bare_hour && style.cycle.is_none() && !style.h24 {
            // In the locale's own cycle, an hour below 10 without its pattern's zero
            // (`03:04` is `3:04`).
            let own = pattern_fields(&self.pattern(None)?)
                .into_iter()
                .find(|(symbol, _)| "hHkK".contains(*symbol))
                .map(|(symbol, _)| symbol);
            let hour = time.hour.number();
            let shown = match own {
                Some('h') if hour % 12 == 0 => 12,
                Some('h' | 'K') => hour % 12,
                Some('k') if hour == 0 => 24,
                _ => hour,
            };
            if shown < 10 {
                for (kind, text) in &mut parts {
                    if *kind == "hour" && text.chars().count() == 2 {
                        text.remove(0);
                    }
                }
            }
        }
        if style.h24 {
            for (kind, text) in &mut parts {
                if *kind == "hour" && text.chars().all(|digit| digit == '0') {
                    *text = "24".to_owned();
                }
            }
        }
        Some(parts)
    }

    /// What `resolvedOptions()` says of the fields, read from the pattern written as V8
    /// reads ICU's: `hourCycle` and `hour12` when there is an hour, then the styles, or each
    /// field's width in ECMA-402's order.
    pub(super) fn resolved_fields(&self) -> Option<Vec<(&'static str, JsValue)>> {
        let style = self.hour_style()?;
        let mut fields = pattern_fields(&self.written_pattern(style.cycle, &self.zoned(0.0)?)?);
        if self.zone_after_date() {
            fields.retain(|(symbol, _)| !"hHkKmsabB".contains(*symbol));
        }
        let mut resolved = Vec::new();
        if let Some((symbol, _)) = fields.iter().find(|(s, _)| "hHkK".contains(*s)) {
            let (cycle, twelve) = match symbol {
                _ if style.h24 => ("h24", false),
                'h' => ("h12", true),
                'K' => ("h11", true),
                'k' => ("h24", false),
                _ => ("h23", false),
            };
            resolved.push(("hourCycle", JsString::from(cycle).into()));
            resolved.push(("hour12", twelve.into()));
        }
        let styles = [
            ("dateStyle", self.styles.date),
            ("timeStyle", self.styles.time),
        ];
        if self.styles != Styles::default() {
            for (name, style) in styles {
                if let Some(style) = style {
                    resolved.push((name, JsString::from(style.name()).into()));
                }
            }
            return Some(resolved);
        }
        for (name, symbols) in [
            ("weekday", "Ec"),
            ("era", "G"),
            ("year", "y"),
            ("month", "ML"),
            ("day", "d"),
            ("dayPeriod", "B"),
            ("hour", "hHkK"),
            ("minute", "m"),
            ("second", "s"),
        ] {
            if let Some((symbol, width)) = fields.iter().find(|(s, _)| symbols.contains(*s)) {
                let bare = name == "hour" && self.bare_hour && style.cycle.is_none() && !style.h24;
                let style = match (symbol, width) {
                    ('E' | 'G' | 'B', _) | (_, 3..) => TextWidth::of_letters(*width).name(),
                    (_, 2) if !bare => "2-digit",
                    _ => "numeric",
                };
                resolved.push((name, JsString::from(style).into()));
            }
        }
        if let Some(TimePrecision::Subsecond(digits)) = self.time_precision {
            resolved.push(("fractionalSecondDigits", u8::from(digits).into()));
        }
        if let Some(name) = self.zone_name {
            resolved.push(("timeZoneName", JsString::from(name.name()).into()));
        }
        Some(resolved)
    }

    /// How the hour is written. `hour12` gives a partner of the locale's own cycle as V8
    /// (ECMA-402 before 2024) picks it: h11 and h23 go together, h12 and h24.
    fn hour_style(&self) -> Option<HourStyle> {
        let Some(choice) = self.hour_choice else {
            return Some(HourStyle::default());
        };
        let own = pattern_fields(&self.pattern(None)?)
            .into_iter()
            .find(|(symbol, _)| "hHkK".contains(*symbol))?
            .0;
        let (cycle, h24) = match choice {
            HourChoice::Cycle(cycle) => (cycle, false),
            HourChoice::H24 => (HourCycle::H23, true),
            HourChoice::Twelve(twelve) => match (twelve, matches!(own, 'K' | 'H')) {
                (true, true) => (HourCycle::H11, false),
                (true, false) => (HourCycle::H12, false),
                (false, true) => (HourCycle::H23, false),
                (false, false) => (HourCycle::H23, true),
            },
        };
        let own = match own {
            'h' => Some(HourCycle::H12),
            'H' => Some(HourCycle::H23),
            'K' => Some(HourCycle::H11),
            _ => None,
        };
        // The locale's own cycle keeps the locale's pattern, as in V8 (`0:05` in es);
        // ICU4X writes a chosen h23 with 2 digits.
        Some(HourStyle {
            cycle: (own != Some(cycle)).then_some(cycle),
            h24,
        })
    }

    /// The UTS 35 pattern ICU4X writes with the hour `cycle` (the locale's when `None`).
    fn pattern(&self, cycle: Option<HourCycle>) -> Option<String> {
        let input = self.zoned(0.0)?;
        Some(self.formatter(cycle)?.format(&input).pattern().to_string())
    }

    /// The date at `epoch_ms` in the request's zone, with the zone for its name.
    fn zoned(&self, epoch_ms: f64) -> Option<ZonedDateTime<Iso, TimeZoneInfo<AtTime>>> {
        let offset = match &self.time_zone {
            Some(zone) => zone.offset_seconds(epoch_ms)?,
            None => 0,
        };
        let local = date_time(epoch_ms + f64::from(offset) * 1000.0)?;
        let zone = zone_info(self.time_zone.as_ref(), Some(offset), local)?;
        Some(ZonedDateTime {
            date: local.date,
            time: local.time,
            zone,
        })
    }

    /// Whether the request is a date with a zone name and no time. V8 joins the two with the
    /// locale's glue of a date and a time (`7/4/2026, UTC`, `04/07/2026 UTC` in fr); ICU4X's
    /// date-and-zone pattern has a plain space, so the date is written with an hour, which
    /// `format_to_parts` takes out again.
    pub(super) fn zone_after_date(&self) -> bool {
        self.date_fields.is_some() && self.time_precision.is_none() && self.zone_name.is_some()
    }
}

/// How the hour is written: ICU4X's cycle (the locale's when `None`), and for h24, which
/// ICU4X lacks, h23 with midnight's hour written `24`.
#[derive(Clone, Copy, Default)]
struct HourStyle {
    cycle: Option<HourCycle>,
    h24: bool,
}

/// The date and time of day at `epoch_ms` as UTC, to the millisecond.
pub(super) fn date_time(epoch_ms: f64) -> Option<DateTime<Iso>> {
    CivilDate::from_epoch_ms(epoch_ms)?;
    // From the day number: ICU4X builds a date from a year only within ±9999, and boa,
    // which would answer instead, fails on the years beyond (a Date reaches ±275760).
    let days = (epoch_ms.floor() as i64).div_euclid(MS_PER_DAY as i64);
    let date = Date::from_rata_die(RataDie::new(RATA_DIE_OF_1970 + days), Iso);
    let of_day = epoch_ms.rem_euclid(MS_PER_DAY).floor();
    let seconds = (of_day / 1000.0).floor();
    // Whole seconds of a day: below 86 400, so each part fits a u8.
    let part = |value: f64| u8::try_from(value as u32).ok();
    let time = Time::try_new(
        part((seconds / 3600.0).floor())?,
        part((seconds / 60.0).floor() % 60.0)?,
        part(seconds % 60.0)?,
        (of_day % 1000.0) as u32 * 1_000_000,
    )
    .ok()?;
    Some(DateTime { date, time })
}

#[cfg(test)]
#[path = "intl_date_tests.rs"]
mod tests;
