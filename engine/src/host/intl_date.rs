//! Numeric dates with the whole year, as V8 writes them: `6/4/2025`, `08.02.2026`. boa maps a
//! numeric month to ICU4X's short length, whose year is 2 digits (`6/4/25`), though ECMA-402's
//! `year: "numeric"` (the default of `toLocaleDateString` and `Intl.DateTimeFormat`) asks for
//! the whole year. For a numeric date in UTC (every date here is UTC), the date is formatted
//! here with ICU4X's short length and its full year style, from boa's own locale data; any
//! other request goes on to boa.

use super::locale::DEFAULT_LOCALE;
use super::{builtin, property_object};
use crate::dates::CivilDate;
use boa_engine::{
    Context, JsArgs, JsNativeError, JsResult, JsString, JsValue, NativeFunction, js_string,
    object::{
        FunctionObjectBuilder,
        builtins::{JsArray, JsDate, JsFunction},
    },
};
use icu_calendar::Date;
use icu_datetime::DateTimeFormatter;
use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder};
use icu_datetime::options::{Length, YearStyle};
use icu_locale_core::Locale;

/// Options that take a date out of the numeric form this module writes.
const OTHER_OPTIONS: [&str; 13] = [
    "weekday",
    "era",
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
    "formatMatcher",
];

/// Wraps `Date.prototype.toLocaleDateString` and `toLocaleString` of the current realm
/// (after `intl_locale.rs` has wrapped them).
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let prototype = context.intrinsics().constructors().date().prototype();
    // toLocaleDateString's defaults are a date; toLocaleString's include the time, so it
    // is a numeric date only when the options name date fields.
    for (name, date_by_default) in [("toLocaleDateString", true), ("toLocaleString", false)] {
        let original = JsFunction::from_object(property_object(&prototype, name, context)?)
            .ok_or_else(|| {
                JsNativeError::typ().with_message(format!("{name} is not a function"))
            })?;
        let wrapped = FunctionObjectBuilder::new(
            context.realm(),
            NativeFunction::from_copy_closure_with_captures(
                |this, args, (original, date_by_default), context| {
                    if let Some(text) = numeric_date(this, args, *date_by_default, context)? {
                        return Ok(text.into());
                    }
                    original.call(this, args, context)
                },
                (original, date_by_default),
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

/// The text of `this` as a numeric date in UTC, or `None` when the request is not one
/// (boa then answers).
fn numeric_date(
    this: &JsValue,
    args: &[JsValue],
    date_by_default: bool,
    context: &mut Context,
) -> JsResult<Option<JsString>> {
    let Some(date) = this.as_object().and_then(|o| JsDate::from_object(o).ok()) else {
        return Ok(None);
    };
    let Some(locale) = locale(args.get_or_undefined(0), context)? else {
        return Ok(None);
    };
    let Some(fields) = date_fields(args.get_or_undefined(1), date_by_default, context)? else {
        return Ok(None);
    };
    let time = date.get_time(context)?.to_number(context)?;
    let Some(day) = CivilDate::from_epoch_ms(time) else {
        return Ok(None);
    };
    let Ok(date) = Date::try_new_iso(day.year, day.month as u8, day.day as u8) else {
        return Ok(None);
    };
    let mut builder = FieldSetBuilder::default();
    builder.length = Some(Length::Short);
    builder.date_fields = Some(fields);
    builder.year_style = Some(YearStyle::Full);
    let Ok(field_set) = builder.build_date() else {
        return Ok(None);
    };
    let Ok(formatter) = DateTimeFormatter::try_new_with_buffer_provider(
        &boa_icu_provider::buffer(),
        (&locale).into(),
        field_set,
    ) else {
        return Ok(None);
    };
    Ok(Some(JsString::from(formatter.format(&date).to_string())))
}

/// The locale a script asked for (a tag or a list whose first entry is one), the default
/// when it gave none; `None` for anything else, which boa handles (and may refuse).
fn locale(locales: &JsValue, context: &mut Context) -> JsResult<Option<Locale>> {
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
    // Unicode extensions (`-u-ca-…`, `-u-nu-…`) choose calendars and digits: boa's.
    Ok(tag
        .map(|tag| tag.to_std_string_escaped())
        .filter(|tag| !tag.to_ascii_lowercase().contains("-u-"))
        .and_then(|tag| Locale::try_from_str(&tag).ok()))
}

/// The date fields of a numeric date in UTC, or `None` when the options ask for anything
/// else: text months, weekdays, times, 2-digit parts, another time zone, another calendar.
fn date_fields(
    options: &JsValue,
    date_by_default: bool,
    context: &mut Context,
) -> JsResult<Option<DateFields>> {
    let Some(options) = options.as_object() else {
        return Ok((options.is_undefined() && date_by_default).then_some(DateFields::YMD));
    };
    for name in OTHER_OPTIONS {
        if !options.get(JsString::from(name), context)?.is_undefined() {
            return Ok(None);
        }
    }
    let zone = options.get(js_string!("timeZone"), context)?;
    if !zone.is_undefined()
        && !zone
            .as_string()
            .is_some_and(|zone| zone.to_std_string_escaped().eq_ignore_ascii_case("UTC"))
    {
        return Ok(None);
    }
    let mut given = [false; 3];
    for (given, name) in given.iter_mut().zip(["year", "month", "day"]) {
        let value = options.get(JsString::from(name), context)?;
        if value.is_undefined() {
            continue;
        }
        if value.as_string().is_none_or(|v| v != js_string!("numeric")) {
            return Ok(None);
        }
        *given = true;
    }
    Ok(match given {
        [false, false, false] => date_by_default.then_some(DateFields::YMD),
        [true, true, true] => Some(DateFields::YMD),
        [true, true, false] => Some(DateFields::YM),
        // Without a year, or without a numeric month, boa already writes what V8 does.
        _ => None,
    })
}
