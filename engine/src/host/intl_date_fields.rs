//! A script's date options read as ECMA-402 reads them, as far as `intl_date.rs` answers
//! them: the fields and their widths, a style, the zone and its name, the hour cycle, with
//! ECMA-402's defaults; then the fields as ICU4X's field sets have them.

use super::date_options::{
    Defaults, HourChoice, Style, Styles, TextWidth, Widths, ZoneOption, is_text,
};
use super::date_zone::{Zone, ZoneName};
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, js_string};
use icu_datetime::fieldsets::builder::DateFields;
use icu_datetime::options::{SubsecondDigits, TimePrecision};
use icu_datetime::preferences::HourCycle;

/// Options that take a date out of what this module writes (boa writes it).
const OTHER_OPTIONS: [&str; 3] = ["calendar", "numberingSystem", "formatMatcher"];

/// The options of a request as far as this module answers them.
#[derive(Default)]
pub(super) struct FieldOptions {
    year: bool,
    month: bool,
    day: bool,
    hour: bool,
    minute: bool,
    second: bool,
    hour_choice: Option<HourChoice>,
    pub(super) padded: bool,
    /// A `minute` and a `second` asked for as `2-digit` (`bare_hour`).
    two_digit_minute: bool,
    two_digit_second: bool,
    pub(super) time_zone: Option<Zone>,
    pub(super) zone_name: Option<ZoneName>,
    pub(super) text: Widths,
    pub(super) styles: Styles,
    /// `fractionalSecondDigits`: 1 to 3.
    second_digits: Option<SubsecondDigits>,
}

impl FieldOptions {
    /// The fields in `options`, or `None` when they ask for anything else: a zone the tz
    /// database lacks or an offset, another calendar or digits, a 2-digit month, day or hour
    /// beside a numeric one (ICU4X pads all three or none), or a value boa refuses.
    ///
    /// # Errors
    /// V8's TypeError for a field beside a style.
    pub(super) fn read(options: &JsObject, context: &mut Context) -> JsResult<Option<Self>> {
        for name in OTHER_OPTIONS {
            if !options.get(JsString::from(name), context)?.is_undefined() {
                return Ok(None);
            }
        }
        let mut read = Self::default();
        match ZoneOption::read(options, context)? {
            ZoneOption::Utc => {}
            ZoneOption::Named(zone) => read.time_zone = Some(zone),
        }
        let name = options.get(js_string!("timeZoneName"), context)?;
        if !name.is_undefined() {
            let Some(name) = name
                .as_string()
                .and_then(|name| ZoneName::parse(&name.to_std_string_escaped()))
            else {
                return Ok(None);
            };
            read.zone_name = Some(name);
        }
        for (field, name) in [
            (&mut read.text.weekday, "weekday"),
            (&mut read.text.era, "era"),
            (&mut read.text.day_period, "dayPeriod"),
        ] {
            let value = options.get(JsString::from(name), context)?;
            if !value.is_undefined() {
                let Some(width) = TextWidth::NAMES.read(&value) else {
                    return Ok(None);
                };
                *field = Some(width);
            }
        }
        // A 2-digit year is a width of its own; V8 writes minutes and seconds with 2 digits
        // after an hour either way; months, days and hours are padded together.
        let (mut padded, mut unpadded) = (false, false);
        for (field, name, padding) in [
            (&mut read.year, "year", false),
            (&mut read.month, "month", true),
            (&mut read.day, "day", true),
            (&mut read.hour, "hour", true),
            (&mut read.minute, "minute", false),
            (&mut read.second, "second", false),
        ] {
            let value = options.get(JsString::from(name), context)?;
            if value.is_undefined() {
                continue;
            }
            *field = true;
            if name == "year" && is_text(&value, |v| v == "2-digit") {
                read.text.two_digit_year = true;
                continue;
            }
            if name == "month"
                && let Some(width) = TextWidth::NAMES.read(&value)
            {
                read.text.month = Some(width);
                continue;
            }
            if !is_text(&value, |v| v == "numeric" || v == "2-digit") {
                return Ok(None);
            }
            let two_digit = is_text(&value, |v| v == "2-digit");
            match name {
                "minute" => read.two_digit_minute = two_digit,
                "second" => read.two_digit_second = two_digit,
                _ => {}
            }
            if padding {
                if is_text(&value, |v| v == "2-digit") {
                    padded = true;
                } else {
                    unpadded = true;
                }
            }
        }
        if padded && unpadded {
            return Ok(None);
        }
        read.padded = padded;
        let digits = options.get(js_string!("fractionalSecondDigits"), context)?;
        if !digits.is_undefined() {
            // A whole 1, 2 or 3; boa converts or refuses anything else.
            let digits = digits
                .as_number()
                .filter(|digits| [1.0, 2.0, 3.0].contains(digits))
                .and_then(|digits| SubsecondDigits::try_from_int(digits as u8));
            let Some(digits) = digits else {
                return Ok(None);
            };
            read.second_digits = Some(digits);
        }
        for (field, name) in [
            (&mut read.styles.date, "dateStyle"),
            (&mut read.styles.time, "timeStyle"),
        ] {
            let value = options.get(JsString::from(name), context)?;
            if !value.is_undefined() {
                let Some(style) = Style::NAMES.read(&value) else {
                    return Ok(None);
                };
                *field = Some(style);
            }
        }
        if let Some(field) = read.field_beside_style() {
            let style = if read.styles.date.is_some() {
                "dateStyle"
            } else {
                "timeStyle"
            };
            return Err(JsNativeError::typ()
                .with_message(format!("Can't set option {field} when {style} is used"))
                .into());
        }
        let hour12 = options.get(js_string!("hour12"), context)?;
        let cycle = options.get(js_string!("hourCycle"), context)?;
        if !cycle.is_undefined() {
            let choice = match cycle.as_string().map(|c| c.to_std_string_escaped()) {
                Some(c) if c == "h11" => HourChoice::Cycle(HourCycle::H11),
                Some(c) if c == "h12" => HourChoice::Cycle(HourCycle::H12),
                Some(c) if c == "h23" => HourChoice::Cycle(HourCycle::H23),
                Some(c) if c == "h24" => HourChoice::H24,
                // What boa refuses, with its message.
                _ => return Ok(None),
            };
            read.hour_choice = Some(choice);
        }
        // `hour12` overrides `hourCycle`.
        if !hour12.is_undefined() {
            read.hour_choice = Some(HourChoice::Twelve(hour12.to_boolean()));
        }
        Ok(Some(read))
    }

    /// The first field a style stands beside, in ECMA-402's order, which V8 names.
    fn field_beside_style(&self) -> Option<&'static str> {
        if self.styles == Styles::default() {
            return None;
        }
        [
            ("weekday", self.text.weekday.is_some()),
            ("era", self.text.era.is_some()),
            ("year", self.year),
            ("month", self.month),
            ("day", self.day),
            ("dayPeriod", self.text.day_period.is_some()),
            ("hour", self.hour),
            ("minute", self.minute),
            ("second", self.second),
            ("fractionalSecondDigits", self.second_digits.is_some()),
            ("timeZoneName", self.zone_name.is_some()),
        ]
        .into_iter()
        .find(|(_, given)| *given)
        .map(|(name, _)| name)
    }

    /// Whether V8 writes a numeric hour without the zero a 24-hour pattern gives it (`3:04`
    /// for `{ hour: 'numeric', minute: '2-digit' }` in German, where the pattern is
    /// `HH:mm`): ICU fits such an hour to the width asked for when the minute (and any
    /// second) is `2-digit`, but keeps the pattern of a time beside a zone or a weekday
    /// alone (`Do., 03:04`) and of a style.
    pub(super) fn bare_hour(&self) -> bool {
        let weekday_alone = self.text.weekday.is_some() && !(self.year || self.month || self.day);
        self.hour
            && !self.padded
            && self.two_digit_minute
            && (!self.second || self.two_digit_second)
            && self.zone_name.is_none()
            && self.styles == Styles::default()
            && !weekday_alone
    }

    fn any_date(&self) -> bool {
        self.year || self.month || self.day || self.text.weekday.is_some()
    }

    fn any_time(&self) -> bool {
        self.hour
            || self.minute
            || self.second
            || self.second_digits.is_some()
            || self.text.day_period.is_some()
    }

    /// The options with ECMA-402's default fields when they name none, or the fields a
    /// style stands for.
    pub(super) fn with_defaults(mut self, defaults: Defaults) -> Self {
        if self.styles != Styles::default() {
            return self.with_styles();
        }
        let needs_defaults = match defaults {
            Defaults::Date => !self.any_date(),
            Defaults::Time => !self.any_time(),
            Defaults::DateUnlessTime | Defaults::DateTime => !self.any_date() && !self.any_time(),
        };
        if needs_defaults && !matches!(defaults, Defaults::Time) {
            (self.year, self.month, self.day) = (true, true, true);
        }
        if needs_defaults && matches!(defaults, Defaults::Time | Defaults::DateTime) {
            (self.hour, self.minute, self.second) = (true, true, true);
        }
        self
    }

    /// The fields of a `dateStyle` and `timeStyle`: a full date has its weekday, and a long
    /// or full time its zone's name.
    fn with_styles(mut self) -> Self {
        if let Some(style) = self.styles.date {
            (self.year, self.month, self.day) = (true, true, true);
            if style == Style::Full {
                self.text.weekday = Some(TextWidth::Long);
            }
        }
        if let Some(style) = self.styles.time {
            (self.hour, self.minute) = (true, true);
            self.second = style != Style::Short;
            self.zone_name = match style {
                Style::Full => Some(ZoneName::Long),
                Style::Long => Some(ZoneName::Short),
                Style::Medium | Style::Short => None,
            };
        }
        self
    }

    /// The fields as ICU4X's, or `None` for sets that ICU4X's semantic skeletons lack (a
    /// year and a day without a month, a month with a time...) and boa writes as it does.
    /// Minutes and seconds without an hour (`04:05`, a lap time), and a minute or a second
    /// alone, are a time whose hour `intl_date_pattern.rs` leaves out.
    pub(super) fn into_fields(self) -> Option<Fields> {
        let hourless = match (self.hour, self.minute, self.second) {
            (false, true, true) => Some(Hourless::MinuteSecond),
            (false, true, false) if self.second_digits.is_none() => Some(Hourless::Minute),
            (false, false, true) => Some(Hourless::Second),
            _ => None,
        };
        let time = match (
            self.hour || hourless.is_some(),
            self.minute || hourless.is_some(),
            self.second,
            self.second_digits,
        ) {
            (false, false, false, None) => None,
            (true, false, false, None) => Some(TimePrecision::Hour),
            (true, true, false, None) => Some(TimePrecision::Minute),
            (true, true, true, None) => Some(TimePrecision::Second),
            (true, true, true, Some(digits)) => Some(TimePrecision::Subsecond(digits)),
            _ => return None,
        };
        let weekday = self.text.weekday.is_some();
        let alone = time.is_none() && self.zone_name.is_none();
        let untimed = time.is_none();
        let date = match (self.year, self.month, self.day, weekday) {
            (true, true, true, false) => Some(DateFields::YMD),
            (true, true, true, true) => Some(DateFields::YMDE),
            (true, true, false, false) if untimed => Some(DateFields::YM),
            (true, false, false, false) if untimed => Some(DateFields::Y),
            (false, true, false, false) if untimed => Some(DateFields::M),
            (false, true, true, false) => Some(DateFields::MD),
            (false, true, true, true) => Some(DateFields::MDE),
            (false, false, true, false) => Some(DateFields::D),
            (false, false, true, true) => Some(DateFields::DE),
            (false, false, false, true) => Some(DateFields::E),
            // A day period alone (`in the afternoon`).
            (false, false, false, false) if time.is_none() => {
                self.text.day_period.filter(|_| alone)?;
                None
            }
            (false, false, false, false) => None,
            _ => return None,
        };
        // An era names a year's; a day period stands beside an hour, or alone; minutes and
        // seconds without an hour stand alone.
        if self.text.era.is_some() && !self.year {
            return None;
        }
        if self.text.day_period.is_some() && (date.is_some() || hourless.is_some()) && !self.hour {
            return None;
        }
        if hourless.is_some() && (date.is_some() || self.zone_name.is_some()) {
            return None;
        }
        Some(Fields {
            date,
            time,
            hour_choice: self.hour_choice.filter(|_| self.hour),
            hourless,
        })
    }
}

/// A request's fields as ICU4X's.
pub(super) struct Fields {
    pub(super) date: Option<DateFields>,
    pub(super) time: Option<TimePrecision>,
    pub(super) hour_choice: Option<HourChoice>,
    /// A time without its hour.
    pub(super) hourless: Option<Hourless>,
}

/// What a time without its hour keeps of ICU4X's 24-hour time (`intl_date_pattern.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Hourless {
    /// Minutes and seconds (`04:05`, a lap time).
    MinuteSecond,
    /// The minute alone, which V8 writes as a plain number (`4`).
    Minute,
    /// The second alone, with any fraction (`5`, `5.67`).
    Second,
}
