//! Which UTS 35 pattern a request `intl_date.rs` answers writes: ICU4X's pattern for its
//! fields at the length ICU picks for V8 (the glue between date and time from the month's
//! width; a named month from the pattern that names it), then each field as wide as the
//! script asked (ICU adjusts its pattern to V8's options the same way), a day period in
//! place of AM/PM, and a time without the hour (minutes and seconds, or a minute or a
//! second alone).

use super::date_fields::Hourless;
use super::date_options::{IcuDateTime, Style, TextWidth, Widths, date_parts};
use super::date_sink::pattern_fields;
use icu_calendar::Iso;
use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder};
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::input::{TimeZoneInfo, ZonedDateTime};
use icu_datetime::options::{Alignment, Length, TimePrecision, YearStyle};
use icu_datetime::preferences::HourCycle;
use icu_datetime::{DateTimeFormatter, DateTimeFormatterPreferences};
use icu_time::zone::models::AtTime;

impl IcuDateTime {
    /// The UTS 35 pattern written for `input`: ICU4X's for the fields, with each text field
    /// as wide as the request asks (ICU4X picks one width for all from its length, V8 each
    /// its own) and a day period in place of AM/PM; or a day period alone.
    pub(super) fn written_pattern(
        &self,
        cycle: Option<HourCycle>,
        input: &ZonedDateTime<Iso, TimeZoneInfo<AtTime>>,
    ) -> Option<String> {
        if self.date_fields.is_none() && self.time_precision.is_none() {
            let width = self.text.day_period?;
            return Some("B".repeat(width.letters()));
        }
        Some(with_widths(&self.icu_pattern(cycle, input)?, self.text))
    }

    pub(super) fn formatter(
        &self,
        cycle: Option<HourCycle>,
    ) -> Option<DateTimeFormatter<CompositeFieldSet>> {
        self.formatter_of(self.field_set(self.glue_length()), cycle)
    }

    /// ICU4X's fields for the request, at `length`.
    pub(super) fn field_set(&self, length: Length) -> FieldSetBuilder {
        let mut builder = FieldSetBuilder::default();
        builder.length = Some(length);
        builder.date_fields = self.date_fields;
        builder.time_precision = self
            .time_precision
            .or(self.zone_after_date().then_some(TimePrecision::Hour));
        if self.text.era.is_some() {
            builder.year_style = Some(YearStyle::WithEra);
        } else if self.styles.date.is_none()
            && !self.text.two_digit_year
            && self.date_fields.is_some_and(|fields| date_parts(fields).0)
        {
            builder.year_style = Some(YearStyle::Full);
        }
        if self.padded {
            builder.alignment = Some(Alignment::Column);
        }
        builder.zone_style = self.zone_name.map(|name| name.style());
        builder
    }

    fn formatter_of(
        &self,
        fields: FieldSetBuilder,
        cycle: Option<HourCycle>,
    ) -> Option<DateTimeFormatter<CompositeFieldSet>> {
        let field_set = fields.build_composite().ok()?;
        let mut preferences = DateTimeFormatterPreferences::from(&self.locale);
        preferences.hour_cycle = cycle;
        DateTimeFormatter::try_new_with_buffer_provider(
            &crate::host::intl_data::buffer_provider().ok()?,
            preferences,
            field_set,
        )
        .ok()
    }

    /// Whether the request is a month and/or year without a day beside a zone's name, which
    /// ICU4X's field sets do not join (`November at UTC`).
    pub(super) fn dayless_with_zone(&self) -> bool {
        self.zone_name.is_some()
            && matches!(
                self.date_fields,
                Some(DateFields::M | DateFields::YM | DateFields::Y)
            )
    }

    /// ICU4X's pattern of the request: the date's own pattern (`own_date_pattern`), and
    /// beside a time or zone, the locale's pattern of the date (with a day), the time and
    /// the zone at the glue's length (the time is taken out again by `format_to_parts`
    /// where none was asked for), with the date's own pattern in place of that date's (a
    /// month and/or year without a day beside a zone, `dayless_with_zone`, has no other
    /// way: `None` where that pattern does not begin with the date).
    fn icu_pattern(
        &self,
        cycle: Option<HourCycle>,
        input: &ZonedDateTime<Iso, TimeZoneInfo<AtTime>>,
    ) -> Option<String> {
        let pattern = |fields: FieldSetBuilder| {
            let formatter = self.formatter_of(fields, cycle)?;
            Some(formatter.format(input).pattern().to_string())
        };
        let glue = self.glue_length();
        let joins = self.time_precision.is_some() || self.zone_name.is_some();
        if let Some(kept) = self.hourless {
            // The 24-hour pattern has no AM/PM to leave out with the hour.
            let formatter = self.formatter_of(self.field_set(glue), Some(HourCycle::H23))?;
            let pattern = formatter.format(input).pattern().to_string();
            return match kept {
                Hourless::MinuteSecond => without_hour(&pattern),
                Hourless::Minute => Some("m".to_owned()),
                Hourless::Second => second_alone(&pattern),
            };
        }
        if self.date_fields.is_none() {
            return pattern(self.field_set(glue));
        }
        let date_at = |length| {
            let mut date = self.field_set(length);
            (date.time_precision, date.zone_style) = (None, None);
            date
        };
        let own = self.own_date_pattern(|length| pattern(date_at(length)))?;
        if !joins {
            return Some(own);
        }
        let dayless = self.dayless_with_zone();
        let mut joined = self.field_set(glue);
        if dayless {
            joined.date_fields = Some(match self.date_fields {
                Some(DateFields::M) => DateFields::MD,
                _ => DateFields::YMD,
            });
        }
        let mut dated = joined.clone();
        (dated.time_precision, dated.zone_style) = (None, None);
        let (joined, dated) = (pattern(joined)?, pattern(dated)?);
        match joined.strip_prefix(&dated) {
            Some(glued) => Some(format!("{own}{glued}")),
            None if dayless => None,
            None => Some(joined),
        }
    }

    /// ICU4X's length for the glue between date and time (or zone), as ICU picks it for V8:
    /// from the `dateStyle`, or else from the month's width (a long month is glued with `at`
    /// in English; a short one, a numeric one or a weekday without a month with a comma).
    fn glue_length(&self) -> Length {
        match (self.styles.date, self.text.month) {
            (Some(Style::Full | Style::Long), _) | (None, Some(TextWidth::Long)) => Length::Long,
            (Some(Style::Medium), _) | (None, Some(_)) => Length::Medium,
            (Some(Style::Short), _) | (None, None) => Length::Short,
        }
    }

    /// The date's own pattern, from `pattern_at` a length. ICU's pattern for a named month
    /// names it, where ICU4X's medium pattern may not (`dd.MM.y` in German, `y/MM/dd` in
    /// Japanese): a short or narrow month takes the medium pattern that names it (`d MMM y`
    /// in Spanish), or else the long one, narrowed afterwards (`d. MMMM y`). A long month,
    /// and a long weekday without a month (`d日EEEE` in Japanese), take the long one.
    fn own_date_pattern(&self, pattern_at: impl Fn(Length) -> Option<String>) -> Option<String> {
        if self.styles.date.is_some() {
            return pattern_at(self.glue_length());
        }
        match (self.text.month, self.text.weekday) {
            (Some(TextWidth::Short | TextWidth::Narrow), _) => {
                let medium = pattern_at(Length::Medium)?;
                let named = pattern_fields(&medium)
                    .iter()
                    .any(|(symbol, width)| "ML".contains(*symbol) && *width >= 3);
                if named {
                    Some(medium)
                } else {
                    pattern_at(Length::Long)
                }
            }
            (Some(TextWidth::Long), _) | (None, Some(TextWidth::Long)) => pattern_at(Length::Long),
            _ => pattern_at(self.glue_length()),
        }
    }
}

/// `pattern` (UTS 35) without its hour and what joins it to the minutes (`HH:mm:ss` is
/// `mm:ss`, `H.mm.ss` is `mm.ss`), as ICU's pattern of minutes and seconds has it in most
/// locales (in Finnish V8 writes `4.05`, this `04.05`).
pub(super) fn without_hour(pattern: &str) -> Option<String> {
    let hour = pattern.find(['H', 'h', 'k', 'K'])?;
    let minutes = hour + pattern[hour..].find('m')?;
    Some(format!("{}{}", &pattern[..hour], &pattern[minutes..]))
}

/// The second of `pattern` (UTS 35) alone, and its fraction with the locale's separator, as
/// ICU writes a second asked for alone: a plain number (`HH:mm:ss,SS` is `s,SS`).
pub(super) fn second_alone(pattern: &str) -> Option<String> {
    let second = pattern.find('s')?;
    let after = pattern[second..].trim_start_matches('s');
    let fraction = match after.find('S') {
        Some(at) => {
            let digits = after[at..].len() - after[at..].trim_start_matches('S').len();
            format!("{}{}", &after[..at], "S".repeat(digits))
        }
        None => String::new(),
    };
    Some(format!("s{fraction}"))
}

/// `pattern` (UTS 35) with each text field `text` names as wide as it asks, a 2-digit year
/// when it asks for one, and a day period (`B`) in place of AM/PM when it asks for one. A
/// month ICU4X writes as a number stays one (`M月d日` in Japanese, as ICU writes it for V8).
fn with_widths(pattern: &str, text: Widths) -> String {
    let mut written = String::with_capacity(pattern.len());
    let mut quoted = false;
    let mut symbols = pattern.chars().peekable();
    while let Some(symbol) = symbols.next() {
        if symbol == '\'' {
            quoted = !quoted;
        }
        if quoted || symbol == '\'' || !symbol.is_ascii_alphabetic() {
            written.push(symbol);
            continue;
        }
        let mut width = 1;
        while symbols.next_if_eq(&symbol).is_some() {
            width += 1;
        }
        let asked = match symbol {
            'G' => text.era,
            'E' => text.weekday,
            'c' if width >= 3 => text.weekday,
            'M' | 'L' if width >= 3 => text.month,
            'y' if text.two_digit_year => Some(TextWidth::Short),
            'a' | 'b' | 'B' => text.day_period,
            _ => None,
        };
        let (symbol, width) = match asked {
            Some(_) if symbol == 'y' => ('y', 2),
            Some(asked) if "abB".contains(symbol) => {
                // CLDR's patterns put a narrow no-break space before AM/PM, a plain one
                // before a day period (`h:mm B`).
                if written.ends_with('\u{202f}') {
                    written.pop();
                    written.push(' ');
                }
                ('B', asked.letters())
            }
            Some(asked) => (symbol, asked.letters()),
            None => (symbol, width),
        };
        written.extend(std::iter::repeat_n(symbol, width));
    }
    written
}
