//! `weekday: "narrow"` alone (`T`, `Ч`: a calendar's column heads), which boa writes as the
//! short name. ICU4X's field sets have no narrow weekday, so the day's narrow name is
//! written with the pattern `EEEEE` from boa's locale data, in UTC or the request's zone.

use super::date_options::{ZoneOption, is_text, locale};
use super::date_zone::Zone;
use crate::dates::CivilDate;
use boa_engine::{
    Context, JsResult, JsString, JsValue, js_string, object::ObjectInitializer, property::Attribute,
};
use icu_calendar::types::RataDie;
use icu_calendar::{Date, Gregorian};
use icu_datetime::DateTimeFormatterPreferences;
use icu_datetime::fieldsets::enums::DateFieldSet;
use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames, WeekdayNameLength};
use icu_locale_core::Locale;
use icu_provider::buf::AsDeserializingBufferProvider;
use writeable::TryWriteable;

/// 1970-01-01 counted from 0001-01-01 (day 1) of the proleptic Gregorian calendar.
const RATA_DIE_OF_1970: i64 = 719_163;

const MS_PER_DAY: i64 = 86_400_000;

/// A request for the narrow weekday alone.
pub(super) struct NarrowWeekday {
    pub(super) locale: Locale,
    /// The `timeZone`; UTC when `None`.
    pub(super) time_zone: Option<Zone>,
}

/// The options beside `weekday` that take a request out of this module.
const OTHER_FIELDS: [&str; 14] = [
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
    "dateStyle",
    "timeStyle",
    "calendar",
    "numberingSystem",
];

impl NarrowWeekday {
    /// The request in `locales` and `options` when it asks for the narrow weekday alone
    /// (from a method whose defaults add no time), else `None`.
    pub(super) fn read(
        locales: &JsValue,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<Option<Self>> {
        let Some(options) = options.as_object() else {
            return Ok(None);
        };
        let weekday = options.get(JsString::from("weekday"), context)?;
        if !is_text(&weekday, |weekday| weekday == "narrow") {
            return Ok(None);
        }
        for name in OTHER_FIELDS {
            if !options.get(JsString::from(name), context)?.is_undefined() {
                return Ok(None);
            }
        }
        let time_zone = match ZoneOption::read(&options, context)? {
            ZoneOption::Utc => None,
            ZoneOption::Named(zone) => Some(zone),
            ZoneOption::Other => return Ok(None),
        };
        Ok(locale(locales, context)?.map(|locale| Self { locale, time_zone }))
    }

    /// The request as `locales` and `options` that `read` turns back into it.
    pub(super) fn to_arguments(&self, context: &mut Context) -> (JsValue, JsValue) {
        let mut options = ObjectInitializer::new(context);
        options.property(
            js_string!("weekday"),
            js_string!("narrow"),
            Attribute::all(),
        );
        if let Some(zone) = &self.time_zone {
            let zone = JsString::from(zone.identifier());
            options.property(js_string!("timeZone"), zone, Attribute::all());
        }
        let options = options.build();
        let locale = JsString::from(self.locale.to_string().as_str());
        (locale.into(), options.into())
    }

    /// The narrow name of the weekday at `epoch_ms`, or `None` when the data lacks it (boa
    /// then answers).
    pub(super) fn format(&self, epoch_ms: f64) -> Option<String> {
        // An invalid date (or one past ICU4X's years) is boa's.
        CivilDate::from_epoch_ms(epoch_ms)?;
        let offset = match &self.time_zone {
            Some(zone) => zone.offset_seconds(epoch_ms)?,
            None => 0,
        };
        let local_ms = (epoch_ms + f64::from(offset) * 1000.0).floor() as i64;
        let days = local_ms.div_euclid(MS_PER_DAY);
        let date = Date::from_rata_die(RataDie::new(RATA_DIE_OF_1970 + days), Gregorian);
        let provider = crate::host::intl_data::buffer_provider().ok()?;
        let mut names =
            FixedCalendarDateTimeNames::<Gregorian, DateFieldSet>::try_new_with_buffer_provider(
                &provider,
                DateTimeFormatterPreferences::from(&self.locale),
            )
            .ok()?;
        names
            .load_weekday_names(&provider.as_deserializing(), WeekdayNameLength::Narrow)
            .ok()?;
        let pattern = DateTimePattern::try_from_pattern_str("EEEEE").ok()?;
        names
            .with_pattern_unchecked(&pattern)
            .format(&date)
            .try_write_to_string()
            .ok()
            .map(|text| text.into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-26T15:04:05.678Z, a Thursday (a Friday in Tokyo).
    const THURSDAY: f64 = 1_795_705_445_678.0;

    fn narrow(tag: &str, zone: Option<&str>) -> Option<String> {
        NarrowWeekday {
            locale: Locale::try_from_str(tag).expect("a tag"),
            time_zone: zone.map(|zone| Zone::named(zone).expect("a zone")),
        }
        .format(THURSDAY)
    }

    #[test]
    fn the_narrow_weekday_is_one_letter_as_v8_writes_it() {
        // As `TZ=UTC node -e` writes `d.toLocaleDateString(tag, { weekday: 'narrow' })`.
        assert_eq!(narrow("en-US", None).as_deref(), Some("T"));
        assert_eq!(narrow("ru-RU", None).as_deref(), Some("Ч"));
        assert_eq!(narrow("de", None).as_deref(), Some("D"));
        assert_eq!(narrow("en-US", Some("Asia/Tokyo")).as_deref(), Some("F"));
    }

    #[test]
    fn an_invalid_date_is_left_to_boa() {
        let request = NarrowWeekday {
            locale: Locale::try_from_str("en-US").expect("a tag"),
            time_zone: None,
        };
        assert_eq!(request.format(f64::NAN), None);
    }
}
