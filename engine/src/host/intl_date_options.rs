//! What a script asks of `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString` and
//! `Intl.DateTimeFormat`, read as far as `intl_date.rs` answers it: a locale without Unicode
//! extensions and numeric date fields and/or a time, in UTC or an IANA time zone and with or
//! without the zone's name, with ECMA-402's defaults.

use super::date_zone::{Zone, ZoneName};
use super::locale::DEFAULT_LOCALE;
use boa_engine::{
    Context, JsObject, JsResult, JsString, JsValue, js_string,
    object::{ObjectInitializer, builtins::JsArray},
    property::Attribute,
};
use icu_datetime::fieldsets::builder::DateFields;
use icu_datetime::options::TimePrecision;
use icu_datetime::preferences::HourCycle;
use icu_locale_core::Locale;

/// Options that take a date out of the numeric form this module writes.
const OTHER_OPTIONS: [&str; 9] = [
    "weekday",
    "era",
    "dayPeriod",
    "fractionalSecondDigits",
    "dateStyle",
    "timeStyle",
    "calendar",
    "numberingSystem",
    "formatMatcher",
];

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

/// A request this module answers: numeric date fields and/or a time, in UTC or a zone.
pub(super) struct NumericDateTime {
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
}

/// The hour cycle a script asked for.
#[derive(Clone, Copy)]
pub(super) enum HourChoice {
    /// `hourCycle`: h11, h12 or h23.
    Cycle(HourCycle),
    /// `hour12`, which V8 maps to a 12- or 24-hour partner of the locale's own cycle.
    Twelve(bool),
}

impl NumericDateTime {
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
        let padded = options.padded;
        let (time_zone, zone_name) = (options.time_zone.clone(), options.zone_name);
        Ok(options.with_defaults(defaults).into_fields().map(
            |(date_fields, time_precision, hour_choice)| Self {
                locale,
                time_zone,
                zone_name,
                date_fields,
                time_precision,
                hour_choice,
                padded,
            },
        ))
    }

    /// The request as `locales` and `options` that `read` turns back into it, for keeping it
    /// beside a JavaScript object.
    pub(super) fn to_arguments(&self, context: &mut Context) -> (JsValue, JsValue) {
        let numeric = || JsValue::from(js_string!("numeric"));
        let padded = |padded: bool| {
            JsValue::from(if padded {
                js_string!("2-digit")
            } else {
                js_string!("numeric")
            })
        };
        let mut options = ObjectInitializer::new(context);
        if let Some(fields) = self.date_fields {
            let (year, month, day) = date_parts(fields);
            for (name, given, style) in [
                ("year", year, numeric()),
                ("month", month, padded(self.padded)),
                ("day", day, padded(self.padded)),
            ] {
                if given {
                    options.property(JsString::from(name), style, Attribute::all());
                }
            }
        }
        let time = match self.time_precision {
            Some(TimePrecision::Hour) => 1,
            Some(TimePrecision::Minute) => 2,
            Some(_) => 3,
            None => 0,
        };
        for name in ["hour", "minute", "second"].into_iter().take(time) {
            let style = if name == "hour" {
                padded(self.padded)
            } else {
                numeric()
            };
            options.property(JsString::from(name), style, Attribute::all());
        }
        match self.hour_choice {
            Some(HourChoice::Cycle(cycle)) => {
                let name = match cycle {
                    HourCycle::H11 => "h11",
                    HourCycle::H12 => "h12",
                    _ => "h23",
                };
                options.property(
                    js_string!("hourCycle"),
                    JsString::from(name),
                    Attribute::all(),
                );
            }
            Some(HourChoice::Twelve(twelve)) => {
                options.property(js_string!("hour12"), twelve, Attribute::all());
            }
            None => {}
        }
        if let Some(zone) = &self.time_zone {
            let zone = JsString::from(zone.identifier());
            options.property(js_string!("timeZone"), zone, Attribute::all());
        }
        if let Some(name) = self.zone_name {
            let name = JsString::from(name.name());
            options.property(js_string!("timeZoneName"), name, Attribute::all());
        }
        let options = options.build();
        let locale = JsString::from(self.locale.to_string().as_str());
        (locale.into(), options.into())
    }
}

/// Whether date fields have a year, a month and a day.
pub(super) fn date_parts(fields: DateFields) -> (bool, bool, bool) {
    match fields {
        DateFields::YMD => (true, true, true),
        DateFields::YM => (true, true, false),
        DateFields::MD => (false, true, true),
        _ => (false, false, false),
    }
}

/// The options of a request as far as this module answers them.
#[derive(Default)]
struct FieldOptions {
    year: bool,
    month: bool,
    day: bool,
    hour: bool,
    minute: bool,
    second: bool,
    hour_choice: Option<HourChoice>,
    padded: bool,
    time_zone: Option<Zone>,
    zone_name: Option<ZoneName>,
}

impl FieldOptions {
    /// The numeric fields in `options`, or `None` when they ask for anything else: text
    /// months, weekdays, 2-digit years, a zone the tz database lacks or an offset, another
    /// calendar, or a 2-digit month, day or hour beside a numeric one (ICU4X pads all three
    /// or none).
    fn read(options: &JsObject, context: &mut Context) -> JsResult<Option<Self>> {
        for name in OTHER_OPTIONS {
            if !options.get(JsString::from(name), context)?.is_undefined() {
                return Ok(None);
            }
        }
        let mut read = Self::default();
        match ZoneOption::read(options, context)? {
            ZoneOption::Utc => {}
            ZoneOption::Named(zone) => read.time_zone = Some(zone),
            ZoneOption::Other => return Ok(None),
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
        // Years only as `numeric`; V8 writes minutes and seconds with 2 digits after an hour
        // either way; months, days and hours padded together.
        let (mut padded, mut unpadded) = (false, false);
        for (field, name, two_digit, padding) in [
            (&mut read.year, "year", false, false),
            (&mut read.month, "month", true, true),
            (&mut read.day, "day", true, true),
            (&mut read.hour, "hour", true, true),
            (&mut read.minute, "minute", true, false),
            (&mut read.second, "second", true, false),
        ] {
            let value = options.get(JsString::from(name), context)?;
            if value.is_undefined() {
                continue;
            }
            if !is_text(&value, |v| v == "numeric" || (two_digit && v == "2-digit")) {
                return Ok(None);
            }
            if padding {
                if is_text(&value, |v| v == "2-digit") {
                    padded = true;
                } else {
                    unpadded = true;
                }
            }
            *field = true;
        }
        if padded && unpadded {
            return Ok(None);
        }
        read.padded = padded;
        let hour12 = options.get(js_string!("hour12"), context)?;
        let cycle = options.get(js_string!("hourCycle"), context)?;
        if !cycle.is_undefined() {
            let cycle = match cycle.as_string().map(|c| c.to_std_string_escaped()) {
                Some(c) if c == "h11" => HourCycle::H11,
                Some(c) if c == "h12" => HourCycle::H12,
                Some(c) if c == "h23" => HourCycle::H23,
                // h24 (which ICU4X does not write) and what boa refuses.
                _ => return Ok(None),
            };
            read.hour_choice = Some(HourChoice::Cycle(cycle));
        }
        // `hour12` overrides `hourCycle`.
        if !hour12.is_undefined() {
            read.hour_choice = Some(HourChoice::Twelve(hour12.to_boolean()));
        }
        Ok(Some(read))
    }

    /// The options with ECMA-402's default fields when they name none.
    fn with_defaults(mut self, defaults: Defaults) -> Self {
        let any_date = self.year || self.month || self.day;
        let any_time = self.hour || self.minute || self.second;
        let needs_defaults = match defaults {
            Defaults::Date => !any_date,
            Defaults::Time => !any_time,
            Defaults::DateUnlessTime | Defaults::DateTime => !any_date && !any_time,
        };
        if needs_defaults && !matches!(defaults, Defaults::Time) {
            (self.year, self.month, self.day) = (true, true, true);
        }
        if needs_defaults && matches!(defaults, Defaults::Time | Defaults::DateTime) {
            (self.hour, self.minute, self.second) = (true, true, true);
        }
        self
    }

    /// The fields as ICU4X's, or `None` for sets that ICU4X's semantic skeletons lack (a
    /// year without a month, a minute without an hour, a year and month with a time...) and
    /// boa writes as it does.
    fn into_fields(
        self,
    ) -> Option<(
        Option<DateFields>,
        Option<TimePrecision>,
        Option<HourChoice>,
    )> {
        let time = match (self.hour, self.minute, self.second) {
            (false, false, false) => None,
            (true, false, false) => Some(TimePrecision::Hour),
            (true, true, false) => Some(TimePrecision::Minute),
            (true, true, true) => Some(TimePrecision::Second),
            _ => return None,
        };
        let date = match (self.year, self.month, self.day) {
            (true, true, true) => Some(DateFields::YMD),
            (true, true, false) if time.is_none() && self.zone_name.is_none() => {
                Some(DateFields::YM)
            }
            (false, true, true) => Some(DateFields::MD),
            (false, false, false) if time.is_some() => None,
            _ => return None,
        };
        Some((date, time, self.hour_choice.filter(|_| self.hour)))
    }
}

/// A request's `timeZone`.
pub(super) enum ZoneOption {
    /// None given, or `UTC`.
    Utc,
    /// A zone of the tz database.
    Named(Zone),
    /// An offset or a name the tz database lacks: boa's (which refuses the latter with its
    /// message).
    Other,
}

impl ZoneOption {
    pub(super) fn read(options: &JsObject, context: &mut Context) -> JsResult<Self> {
        let zone = options.get(js_string!("timeZone"), context)?;
        if zone.is_undefined() || is_text(&zone, |zone| zone.eq_ignore_ascii_case("UTC")) {
            return Ok(Self::Utc);
        }
        Ok(zone
            .as_string()
            .and_then(|zone| Zone::named(&zone.to_std_string_escaped()))
            .map_or(Self::Other, Self::Named))
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
