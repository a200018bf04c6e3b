//! What a script asks of `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString` and
//! `Intl.DateTimeFormat`, read as far as `intl_date.rs` answers it: a locale without Unicode
//! extensions and the fields ICU4X's field sets have (a weekday, an era, a year, a month as a
//! number or text, a day, a time with or without a day period), or a `dateStyle` and/or
//! `timeStyle`, in UTC or an IANA time zone and with or without the zone's name, with
//! ECMA-402's defaults.

use super::date_fields::{FieldOptions, Hourless};
use super::date_zone::{Zone, ZoneName};
use super::locale::DEFAULT_LOCALE;
use boa_engine::{
    Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string,
    object::{ObjectInitializer, builtins::JsArray},
    property::Attribute,
};
use icu_calendar::{AnyCalendarKind, preferences::CalendarPreferences};
use icu_datetime::fieldsets::builder::DateFields;
use icu_datetime::options::TimePrecision;
use icu_datetime::preferences::HourCycle;
use icu_locale_core::Locale;

/// Which fields a caller fills in when the options name none (ECMA-402's
/// ToDateTimeOptions with its `required` and `defaults`).
#[derive(Clone, Copy)]
pub(super) enum Defaults {
    /// `toLocaleDateString`: a date unless the options name a date field.
    Date,
    /// `toLocaleTimeString`: a time unless the options name a time field.
    Time,
    /// `Intl.DateTimeFormat`: a date unless the options name a date or time field.
    DateUnlessTime,
    /// `toLocaleString`: a date and a time unless the options name a date or time field.
    DateTime,
}

/// A request this module answers: date fields and/or a time, in UTC or a zone.
pub(super) struct IcuDateTime {
    pub(super) locale: Locale,
    /// The `timeZone`; UTC when `None`.
    pub(super) time_zone: Option<Zone>,
    /// The `timeZoneName`, written after the time (or the date).
    pub(super) zone_name: Option<ZoneName>,
    pub(super) date_fields: Option<DateFields>,
    pub(super) time_precision: Option<TimePrecision>,
    /// The script's `hourCycle` or `hour12`; the locale's cycle when `None`.
    pub(super) hour_choice: Option<HourChoice>,
    /// Month, day and hour as `2-digit` (ICU4X's column alignment pads the three).
    pub(super) padded: bool,
    /// A numeric hour that V8 writes without a 24-hour pattern's zero (`date_fields.rs`).
    pub(super) bare_hour: bool,
    /// The widths asked of its fields.
    pub(super) text: Widths,
    /// The `dateStyle` and `timeStyle`, which stand for the fields.
    pub(super) styles: Styles,
    /// A time without the hour: minutes and seconds, or either alone (`time_precision`
    /// reaches them).
    pub(super) hourless: Option<Hourless>,
}

/// ECMA-402's widths of a field written as text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum TextWidth {
    Narrow,
    Short,
    Long,
}

/// An option's values with the names a script gives them (`"narrow"`).
pub(super) struct OptionNames<T: 'static>(pub(super) &'static [(T, &'static str)]);

impl<T: Copy + PartialEq> OptionNames<T> {
    /// The value `text` names, if any.
    pub(super) fn parse(&self, text: &str) -> Option<T> {
        self.0
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(value, _)| *value)
    }

    /// The value JavaScript's `value` names, if it is text that names one.
    pub(super) fn read(&self, value: &JsValue) -> Option<T> {
        value
            .as_string()
            .and_then(|text| self.parse(&text.to_std_string_escaped()))
    }

    pub(super) fn name(&self, value: T) -> &'static str {
        self.0
            .iter()
            .find(|(known, _)| *known == value)
            .map_or("", |(_, name)| name)
    }
}

impl TextWidth {
    pub(super) const NAMES: OptionNames<Self> = OptionNames(&[
        (Self::Narrow, "narrow"),
        (Self::Short, "short"),
        (Self::Long, "long"),
    ]);

    pub(super) fn name(self) -> &'static str {
        Self::NAMES.name(self)
    }

    /// The width of a text field of `width` letters in a UTS 35 pattern (`EEEE`: long).
    pub(super) fn of_letters(width: usize) -> Self {
        match width {
            4 => Self::Long,
            5 => Self::Narrow,
            _ => Self::Short,
        }
    }

    /// The letters of a text field of this width (`MMM`: short).
    pub(super) fn letters(self) -> usize {
        match self {
            Self::Short => 3,
            Self::Long => 4,
            Self::Narrow => 5,
        }
    }
}

/// The widths a request asks of its fields where ICU4X's length, which is one for all,
/// does not give them: each text field's, and a 2-digit year.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Widths {
    pub(super) weekday: Option<TextWidth>,
    pub(super) era: Option<TextWidth>,
    /// A month as a name (`November`), not a number.
    pub(super) month: Option<TextWidth>,
    /// A day period (`in the afternoon`) in place of AM/PM.
    pub(super) day_period: Option<TextWidth>,
    pub(super) two_digit_year: bool,
}

/// ECMA-402's `dateStyle` and `timeStyle`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Style {
    Full,
    Long,
    Medium,
    Short,
}

impl Style {
    pub(super) const NAMES: OptionNames<Self> = OptionNames(&[
        (Self::Full, "full"),
        (Self::Long, "long"),
        (Self::Medium, "medium"),
        (Self::Short, "short"),
    ]);

    pub(super) fn name(self) -> &'static str {
        Self::NAMES.name(self)
    }
}

/// A request's `dateStyle` and `timeStyle`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Styles {
    pub(super) date: Option<Style>,
    pub(super) time: Option<Style>,
}

/// The hour cycle a script asked for.
#[derive(Clone, Copy)]
pub(super) enum HourChoice {
    /// `hourCycle`: h11, h12 or h23.
    Cycle(HourCycle),
    /// `hourCycle: 'h24'`, which ICU4X does not write: h23 with midnight's hour `24`.
    H24,
    /// `hour12`, which V8 maps to a 12- or 24-hour partner of the locale's own cycle.
    Twelve(bool),
}

impl IcuDateTime {
    /// The request in `locales` and `options`, or `None` when it is not one this module
    /// answers.
    pub(super) fn read(
        locales: &JsValue,
        options: &JsValue,
        defaults: Defaults,
        context: &mut Context,
    ) -> JsResult<Option<Self>> {
        let Some(locale) = locale(locales, context)? else {
            return Ok(None);
        };
        let options = match options.as_object() {
            Some(options) => match FieldOptions::read(&options, context)? {
                Some(options) => options,
                None => return Ok(None),
            },
            None if options.is_undefined() => FieldOptions::default(),
            // boa converts or refuses it.
            None => return Ok(None),
        };
        let refused = match (defaults, options.styles) {
            (Defaults::Time, Styles { date: Some(_), .. }) => Some("dateStyle"),
            (Defaults::Date, Styles { time: Some(_), .. }) => Some("timeStyle"),
            _ => None,
        };
        if let Some(style) = refused {
            return Err(JsNativeError::typ()
                .with_message(format!("Invalid option : {style}"))
                .into());
        }
        let options = options.with_defaults(defaults);
        let (padded, text, styles) = (options.padded, options.text, options.styles);
        let bare_hour = options.bare_hour();
        let (time_zone, zone_name) = (options.time_zone.clone(), options.zone_name);
        let request = options.into_fields().map(|fields| Self {
            locale,
            time_zone,
            zone_name,
            date_fields: fields.date,
            time_precision: fields.time,
            hour_choice: fields.hour_choice,
            hourless: fields.hourless,
            padded,
            bare_hour,
            text,
            styles,
        });
        Ok(
            request
                .filter(|request| request.numeric() || request.dateless() || request.gregorian()),
        )
    }

    /// Whether the request is a numeric date and/or a time, which ICU4X writes in
    /// the locale's own calendar as it is.
    fn numeric(&self) -> bool {
        self.text == Widths::default()
            && self.styles == Styles::default()
            && matches!(
                self.date_fields,
                None | Some(DateFields::YMD | DateFields::YM | DateFields::MD)
            )
    }

    /// Whether the request writes no day, month or year (a weekday, a time), which every
    /// calendar writes alike.
    fn dateless(&self) -> bool {
        self.styles == Styles::default() && matches!(self.date_fields, None | Some(DateFields::E))
    }

    /// Whether the locale counts its dates in the Gregorian calendar. Another calendar
    /// (Buddhist years in `th`, Persian ones in `fa`) writes eras and months this module's
    /// patterns do not know: boa writes those.
    fn gregorian(&self) -> bool {
        let Ok(provider) = crate::host::intl_data::buffer_provider() else {
            return false;
        };
        AnyCalendarKind::try_new_with_buffer_provider(
            &provider,
            CalendarPreferences::from(&self.locale),
        )
        .is_ok_and(|kind| kind == AnyCalendarKind::Gregorian)
    }

    /// The request as `locales` and `options` that `read` turns back into it, for keeping it
    /// beside a JavaScript object.
    pub(super) fn to_arguments(&self, context: &mut Context) -> (JsValue, JsValue) {
        let text = |text: &str| JsValue::from(JsString::from(text));
        let numeric = || text("numeric");
        let padded = |padded: bool| text(if padded { "2-digit" } else { "numeric" });
        let mut entries: Vec<(&str, JsValue)> = Vec::new();
        let styles = [
            ("dateStyle", self.styles.date),
            ("timeStyle", self.styles.time),
        ];
        for (name, style) in styles {
            if let Some(style) = style {
                entries.push((name, text(style.name())));
            }
        }
        let has_style = self.styles.date.is_some() || self.styles.time.is_some();
        for (name, width) in [("weekday", self.text.weekday), ("era", self.text.era)] {
            if let Some(width) = width.filter(|_| !has_style) {
                entries.push((name, text(width.name())));
            }
        }
        if let Some(fields) = self.date_fields.filter(|_| !has_style) {
            let (year, month, day) = date_parts(fields);
            let year_style = if self.text.two_digit_year {
                text("2-digit")
            } else {
                numeric()
            };
            let month_style = match self.text.month {
                Some(width) => text(width.name()),
                None => padded(self.padded),
            };
            for (name, given, style) in [
                ("year", year, year_style),
                ("month", month, month_style),
                ("day", day, padded(self.padded)),
            ] {
                if given {
                    entries.push((name, style));
                }
            }
        }
        if let Some(width) = self.text.day_period {
            entries.push(("dayPeriod", text(width.name())));
        }
        let time = match self.time_precision {
            _ if has_style => 0,
            Some(TimePrecision::Hour) => 1,
            Some(TimePrecision::Minute) => 2,
            Some(_) => 3,
            None => 0,
        };
        let left_out = match self.hourless {
            None => 0,
            Some(Hourless::MinuteSecond | Hourless::Minute) => 1,
            Some(Hourless::Second) => 2,
        };
        let names = ["hour", "minute", "second"].into_iter().take(time);
        for name in names.skip(left_out) {
            let style = match name {
                "hour" => padded(self.padded),
                _ if self.bare_hour => text("2-digit"),
                _ => numeric(),
            };
            entries.push((name, style));
        }
        if let Some(TimePrecision::Subsecond(digits)) = self.time_precision.filter(|_| !has_style) {
            entries.push(("fractionalSecondDigits", u8::from(digits).into()));
        }
        match self.hour_choice {
            Some(HourChoice::Cycle(cycle)) => {
                let name = match cycle {
                    HourCycle::H11 => "h11",
                    HourCycle::H12 => "h12",
                    _ => "h23",
                };
                entries.push(("hourCycle", text(name)));
            }
            Some(HourChoice::H24) => entries.push(("hourCycle", text("h24"))),
            Some(HourChoice::Twelve(twelve)) => entries.push(("hour12", twelve.into())),
            None => {}
        }
        if let Some(zone) = &self.time_zone {
            entries.push(("timeZone", text(zone.identifier())));
        }
        if let Some(name) = self.zone_name.filter(|_| self.styles.time.is_none()) {
            entries.push(("timeZoneName", text(name.name())));
        }
        let mut options = ObjectInitializer::new(context);
        for (name, value) in entries {
            options.property(JsString::from(name), value, Attribute::all());
        }
        let options = options.build();
        let locale = JsString::from(self.locale.to_string().as_str());
        (locale.into(), options.into())
    }

    /// The request's locale, and options with its `timeZone` alone.
    pub(super) fn locale_and_zone(&self, context: &mut Context) -> (JsValue, JsValue) {
        let mut options = ObjectInitializer::new(context);
        if let Some(zone) = &self.time_zone {
            let zone = JsString::from(zone.identifier());
            options.property(js_string!("timeZone"), zone, Attribute::all());
        }
        let options = options.build();
        let locale = JsString::from(self.locale.to_string().as_str());
        (locale.into(), options.into())
    }
}

/// Whether date fields have a year, a month and a day.
pub(super) fn date_parts(fields: DateFields) -> (bool, bool, bool) {
    match fields {
        DateFields::YMD | DateFields::YMDE => (true, true, true),
        DateFields::YM => (true, true, false),
        DateFields::MD | DateFields::MDE => (false, true, true),
        DateFields::Y => (true, false, false),
        DateFields::M => (false, true, false),
        DateFields::D | DateFields::DE => (false, false, true),
        _ => (false, false, false),
    }
}

/// A request's `timeZone`.
pub(super) enum ZoneOption {
    /// None given, or `UTC`.
    Utc,
    /// A zone of the tz database.
    Named(Zone),
}

/// The tz database's names of UTC, which V8 resolves as `UTC` (ICU's canonical name).
const UTC_NAMES: [&str; 18] = [
    "UTC",
    "Etc/UTC",
    "UCT",
    "Etc/UCT",
    "GMT",
    "Etc/GMT",
    "GMT0",
    "Etc/GMT0",
    "GMT+0",
    "Etc/GMT+0",
    "GMT-0",
    "Etc/GMT-0",
    "Greenwich",
    "Etc/Greenwich",
    "Universal",
    "Etc/Universal",
    "Zulu",
    "Etc/Zulu",
];

impl ZoneOption {
    /// The `timeZone` option, with V8's (Node 20's) RangeError for one the tz database
    /// lacks, an offset (`+05:30`) among them.
    pub(super) fn read(options: &JsObject, context: &mut Context) -> JsResult<Self> {
        let zone = options.get(js_string!("timeZone"), context)?;
        if zone.is_undefined() {
            return Ok(Self::Utc);
        }
        let name = zone.to_string(context)?.to_std_string_escaped();
        if UTC_NAMES.iter().any(|utc| name.eq_ignore_ascii_case(utc)) {
            return Ok(Self::Utc);
        }
        match Zone::named(&name) {
            Some(zone) => Ok(Self::Named(zone)),
            None => Err(JsNativeError::range()
                .with_message(format!("Invalid time zone specified: {name}"))
                .into()),
        }
    }
}

pub(super) fn is_text(value: &JsValue, test: impl Fn(&str) -> bool) -> bool {
    value
        .as_string()
        .is_some_and(|text| test(&text.to_std_string_escaped()))
}

/// The locale a script asked for (a tag or a list whose first entry is one), the default
/// when it gave none; `None` for anything else, which boa handles (and may refuse).
pub(super) fn locale(locales: &JsValue, context: &mut Context) -> JsResult<Option<Locale>> {
    let tag = if locales.is_undefined() {
        Some(JsString::from(DEFAULT_LOCALE))
    } else if let Some(tag) = locales.as_string() {
        Some(tag)
    } else if let Some(list) = locales
        .as_object()
        .and_then(|o| JsArray::from_object(o).ok())
    {
        match list.length(context)? {
            0 => Some(JsString::from(DEFAULT_LOCALE)),
            _ => list.get(0, context)?.as_string(),
        }
    } else {
        None
    };
    // Unicode extensions (`-u-ca-…`, `-u-nu-…`, `-u-hc-…`) choose calendars, digits and
    // hour cycles: boa's.
    Ok(tag
        .map(|tag| tag.to_std_string_escaped())
        .filter(|tag| !tag.to_ascii_lowercase().contains("-u-"))
        .and_then(|tag| Locale::try_from_str(&tag).ok()))
}
