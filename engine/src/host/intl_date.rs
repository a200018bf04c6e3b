//! Numeric dates and times with the whole year, as V8 writes them: `6/4/2025`,
//! `11/26/2026, 8:05:09 PM`, `26.11.2026, 20:05`, `8:05 PM`. boa maps a numeric month to
//! ICU4X's short length, whose year is 2 digits (`6/4/25`), though ECMA-402's
//! `year: "numeric"` (the default of `toLocaleString`, `toLocaleDateString` and
//! `Intl.DateTimeFormat`) asks for the whole year. A numeric date and/or time in UTC (every
//! date here is UTC) is formatted here with ICU4X's short length and its full year style,
//! from boa's own locale data. Any other request goes on to boa. Either text then gets the
//! one change V8 makes to ICU's: every narrow no-break space (U+202F, CLDR's since ICU 72)
//! is a plain space (`formatToParts` keeps them, as V8's does). `intl_date_format.rs`
//! applies the same to `Intl.DateTimeFormat`.

use super::date_options::{Defaults, HourChoice, NumericDateTime, date_parts};
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
use icu_calendar::{Date, Iso};
use icu_datetime::fieldsets::builder::FieldSetBuilder;
use icu_datetime::fieldsets::enums::CompositeDateTimeFieldSet;
use icu_datetime::input::{DateTime, Time};
use icu_datetime::options::{Alignment, Length, YearStyle};
use icu_datetime::preferences::HourCycle;
use icu_datetime::{DateTimeFormatter, DateTimeFormatterPreferences, parts};
use std::fmt;
use writeable::{Part, PartsWrite, Writeable};

const MS_PER_DAY: f64 = 86_400_000.0;

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
                    Ok(with_v8_spaces(original.call(this, args, context)?))
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

/// The text of `this` as a numeric date or time in UTC, or `None` when the request is not
/// one (boa then answers).
fn date_text(
    this: &JsValue,
    args: &[JsValue],
    defaults: Defaults,
    context: &mut Context,
) -> JsResult<Option<String>> {
    let Some(date) = this.as_object().and_then(|o| JsDate::from_object(o).ok()) else {
        return Ok(None);
    };
    let Some(request) = NumericDateTime::read(
        args.get_or_undefined(0),
        args.get_or_undefined(1),
        defaults,
        context,
    )?
    else {
        return Ok(None);
    };
    let time = date.get_time(context)?.to_number(context)?;
    Ok(request.format(time))
}

impl NumericDateTime {
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
        let input = date_time(epoch_ms)?;
        let style = self.hour_style()?;
        let mut sink = PartsSink::default();
        self.formatter(style.cycle)?
            .format(&input)
            .write_to_parts(&mut sink)
            .ok()?;
        let mut parts = sink.into_parts()?;
        if style.h24 {
            for (kind, text) in &mut parts {
                if *kind == "hour" && text.chars().all(|digit| digit == '0') {
                    *text = "24".to_owned();
                }
            }
        }
        Some(parts)
    }

    /// What `resolvedOptions()` says of the fields, read from the pattern ICU4X chose as
    /// V8 reads ICU's: `hourCycle` and `hour12` when there is an hour, then each field as
    /// `numeric` or `2-digit` in ECMA-402's order.
    pub(super) fn resolved_fields(&self) -> Option<Vec<(&'static str, JsValue)>> {
        let style = self.hour_style()?;
        let fields = pattern_fields(&self.pattern(style.cycle)?);
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
        for (name, symbols) in [
            ("year", "y"),
            ("month", "ML"),
            ("day", "d"),
            ("hour", "hHkK"),
            ("minute", "m"),
            ("second", "s"),
        ] {
            if let Some((_, width)) = fields.iter().find(|(s, _)| symbols.contains(*s)) {
                let style = if *width == 2 { "2-digit" } else { "numeric" };
                resolved.push((name, JsString::from(style).into()));
            }
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
        let input = date_time(0.0)?;
        Some(self.formatter(cycle)?.format(&input).pattern().to_string())
    }

    fn formatter(
        &self,
        cycle: Option<HourCycle>,
    ) -> Option<DateTimeFormatter<CompositeDateTimeFieldSet>> {
        let mut builder = FieldSetBuilder::default();
        builder.length = Some(Length::Short);
        builder.date_fields = self.date_fields;
        builder.time_precision = self.time_precision;
        if self.date_fields.is_some_and(|fields| date_parts(fields).0) {
            builder.year_style = Some(YearStyle::Full);
        }
        if self.padded {
            builder.alignment = Some(Alignment::Column);
        }
        let field_set = builder.build_composite_datetime().ok()?;
        let mut preferences = DateTimeFormatterPreferences::from(&self.locale);
        preferences.hour_cycle = cycle;
        DateTimeFormatter::try_new_with_buffer_provider(
            &boa_icu_provider::buffer(),
            preferences,
            field_set,
        )
        .ok()
    }
}

/// How the hour is written: ICU4X's cycle (the locale's when `None`), and for h24, which
/// ICU4X lacks, h23 with midnight's hour written `24`.
#[derive(Clone, Copy, Default)]
struct HourStyle {
    cycle: Option<HourCycle>,
    h24: bool,
}

/// The date and time of day at `epoch_ms` in UTC (milliseconds are not written here).
fn date_time(epoch_ms: f64) -> Option<DateTime<Iso>> {
    CivilDate::from_epoch_ms(epoch_ms)?;
    // From the day number: ICU4X builds a date from a year only within ±9999, and boa,
    // which would answer instead, fails on the years beyond (a Date reaches ±275760).
    let days = (epoch_ms.floor() as i64).div_euclid(MS_PER_DAY as i64);
    let date = Date::from_rata_die(RataDie::new(RATA_DIE_OF_1970 + days), Iso);
    let seconds = (epoch_ms.rem_euclid(MS_PER_DAY) / 1000.0).floor();
    // Whole seconds of a day: below 86 400, so each part fits a u8.
    let part = |value: f64| u8::try_from(value as u32).ok();
    let time = Time::try_new(
        part((seconds / 3600.0).floor())?,
        part((seconds / 60.0).floor() % 60.0)?,
        part(seconds % 60.0)?,
        0,
    )
    .ok()?;
    Some(DateTime { date, time })
}

/// ICU4X's output with the places of its date and time fields.
#[derive(Default)]
struct PartsSink {
    text: String,
    /// Start, end and kind of each part, innermost first (ICU4X nests its digits' parts in
    /// the fields').
    parts: Vec<(usize, usize, Part)>,
}

impl fmt::Write for PartsSink {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.text.push_str(text);
        Ok(())
    }
}

impl PartsWrite for PartsSink {
    type SubPartsWrite = Self;

    fn with_part(
        &mut self,
        part: Part,
        mut write: impl FnMut(&mut Self) -> fmt::Result,
    ) -> fmt::Result {
        let start = self.text.len();
        write(self)?;
        self.parts.push((start, self.text.len(), part));
        Ok(())
    }
}

impl PartsSink {
    /// The text as ECMA-402's parts: each field, with the literal text between them. `None`
    /// for a field this module does not name.
    fn into_parts(self) -> Option<Vec<(&'static str, String)>> {
        let mut fields: Vec<_> = self
            .parts
            .into_iter()
            .filter(|(_, _, part)| part.category == parts::YEAR.category)
            .collect();
        fields.sort_by_key(|(start, _, _)| *start);
        let literal = |text: &str| ("literal", text.to_owned());
        let mut result = Vec::new();
        let mut written = 0;
        for (start, end, part) in fields {
            if start < written {
                return None;
            }
            if part == parts::ERA {
                // V8 writes a year before 1 as its era's year without the era (`4/20/271822`
                // for 271822 BC), as its ICU pattern has no era field.
                let before = self.text[written..start].trim_end();
                if !before.is_empty() {
                    result.push(literal(before));
                }
                written = end;
                continue;
            }
            if start > written {
                result.push(literal(&self.text[written..start]));
            }
            result.push((part_type(part)?, self.text[start..end].to_owned()));
            written = end;
        }
        if written < self.text.len() {
            result.push(literal(&self.text[written..]));
        }
        Some(result)
    }
}

/// ECMA-402's name of an ICU4X field.
fn part_type(part: Part) -> Option<&'static str> {
    [
        (parts::YEAR, "year"),
        (parts::MONTH, "month"),
        (parts::DAY, "day"),
        (parts::HOUR, "hour"),
        (parts::MINUTE, "minute"),
        (parts::SECOND, "second"),
        (parts::DAY_PERIOD, "dayPeriod"),
    ]
    .into_iter()
    .find(|(known, _)| *known == part)
    .map(|(_, name)| name)
}

/// The fields of a UTS 35 pattern (`dd.MM.y, HH:mm`) as symbol and width, quoted text
/// skipped.
fn pattern_fields(pattern: &str) -> Vec<(char, usize)> {
    let mut fields: Vec<(char, usize)> = Vec::new();
    let mut quoted = false;
    let mut previous = None;
    for symbol in pattern.chars() {
        if symbol == '\'' {
            quoted = !quoted;
        } else if !quoted && symbol.is_ascii_alphabetic() {
            match fields.last_mut() {
                Some((last, width)) if previous == Some(symbol) && *last == symbol => *width += 1,
                _ => fields.push((symbol, 1)),
            }
        }
        previous = Some(symbol);
    }
    fields
}

#[cfg(test)]
#[path = "intl_date_tests.rs"]
mod tests;
