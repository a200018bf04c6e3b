//! A zone's name beside what boa formats itself (another calendar or digits, a set of fields
//! ICU4X's field sets lack such as a month and an hour) in an IANA `timeZone`: boa moves the
//! date into the zone but gives ICU4X the zone without its offset, so the name comes out as
//! an unknown offset (`Nov, 3 PM GMT+?`). The name is written here as `intl_date.rs` writes
//! it (`EST`, `GMT+3`, `Eastern Standard Time`), from the tz database's offset at that
//! instant, and put in its place.

use super::date::date_time;
use super::date_options::{ZoneOption, locale};
use super::date_zone::{Zone, ZoneName, zone_info};
use boa_engine::{
    Context, JsResult, JsString, JsValue, js_string, object::ObjectInitializer, property::Attribute,
};
use icu_datetime::fieldsets::builder::FieldSetBuilder;
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::input::ZonedDateTime;
use icu_datetime::{DateTimeFormatter, DateTimeFormatterPreferences};
use icu_locale_core::Locale;

/// The options `Intl.DateTimeFormat` reads (ECMA-402's CreateDateTimeFormat).
const DATE_TIME_FORMAT_OPTIONS: [&str; 20] = [
    "localeMatcher",
    "calendar",
    "numberingSystem",
    "hour12",
    "hourCycle",
    "timeZone",
    "weekday",
    "era",
    "year",
    "month",
    "day",
    "dayPeriod",
    "hour",
    "minute",
    "second",
    "fractionalSecondDigits",
    "timeZoneName",
    "formatMatcher",
    "dateStyle",
    "timeStyle",
];

/// A request for a zone's name in a named zone, whose text boa writes.
pub(super) struct ZoneNameFill {
    locale: Locale,
    zone: Zone,
    name: ZoneName,
}

impl ZoneNameFill {
    /// The request in `(locales, options)`, when it names an IANA zone (not UTC) and a
    /// `timeZoneName`.
    pub(super) fn read(
        locales: &JsValue,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<Option<Self>> {
        let Some(options) = options.as_object() else {
            return Ok(None);
        };
        let ZoneOption::Named(zone) = ZoneOption::read(&options, context)? else {
            return Ok(None);
        };
        let name = options.get(js_string!("timeZoneName"), context)?;
        let Some(name) = name
            .as_string()
            .and_then(|name| ZoneName::parse(&name.to_std_string_escaped()))
        else {
            return Ok(None);
        };
        let Some(locale) = locale(locales, context)? else {
            return Ok(None);
        };
        Ok(Some(Self { locale, zone, name }))
    }

    pub(super) fn zone(&self) -> &Zone {
        &self.zone
    }

    /// The request as `(locales, options)` again, for an `Intl.DateTimeFormat` to keep: the
    /// locale read, and a copy of every option `Intl.DateTimeFormat` reads (`options` as it
    /// was when the object was made), so that boa's fields are read alike later.
    pub(super) fn to_arguments(
        &self,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<(JsValue, JsValue)> {
        let mut copied = Vec::new();
        if let Some(options) = options.as_object() {
            for name in DATE_TIME_FORMAT_OPTIONS {
                let value = options.get(JsString::from(name), context)?;
                if !value.is_undefined() {
                    copied.push((name, value));
                }
            }
        }
        let mut copy = ObjectInitializer::new(context);
        for (name, value) in copied {
            copy.property(JsString::from(name), value, Attribute::all());
        }
        let copy = copy.build();
        Ok((
            JsString::from(self.locale.to_string().as_str()).into(),
            copy.into(),
        ))
    }

    /// `text` (boa's, of the instant `epoch_ms`) with the zone's name in place of the
    /// unknown offset's; `None` when it has no unknown offset.
    pub(super) fn fill(&self, text: &str, epoch_ms: f64) -> Option<String> {
        let unknown = self.zone_text(None, epoch_ms)?;
        if !text.contains(&unknown) {
            return None;
        }
        let offset = self.zone.offset_seconds(epoch_ms)?;
        let known = self.zone_text(Some(offset), epoch_ms)?;
        Some(text.replacen(&unknown, &known, 1))
    }

    /// The zone's name alone at `epoch_ms`, with its offset (`offset_seconds`) or without.
    fn zone_text(&self, offset_seconds: Option<i32>, epoch_ms: f64) -> Option<String> {
        let provider = crate::host::intl_data::buffer_provider().ok()?;
        let local = date_time(epoch_ms + f64::from(offset_seconds.unwrap_or(0)) * 1000.0)?;
        let zone = zone_info(Some(&self.zone), offset_seconds, local)?;
        let mut builder = FieldSetBuilder::default();
        builder.zone_style = Some(self.name.style());
        let field_set: CompositeFieldSet = builder.build_composite().ok()?;
        let formatter = DateTimeFormatter::try_new_with_buffer_provider(
            &provider,
            DateTimeFormatterPreferences::from(&self.locale),
            field_set,
        )
        .ok()?;
        let input = ZonedDateTime {
            date: local.date,
            time: local.time,
            zone,
        };
        Some(formatter.format(&input).to_string())
    }
}
