//! `Intl.DisplayNames` (the names of regions, languages, scripts and currencies: "Germany",
//! "British English", "российский рубль"; of calendars and date fields: "Gregorian
//! Calendar", "day of wk."), which boa 0.22 lacks, with V8's messages. Regions, languages,
//! scripts and currencies are ICU4X's display names (`icu_experimental`, CLDR data);
//! calendars and date fields are CLDR's own (`intl_cldr_names.rs`), as ICU names them. The
//! locale is resolved as `intl_relative_time.rs` resolves it. Each object keeps its options
//! in a `WeakMap`.

use super::cldr_names::Names;
use super::locale::resolve;
use super::number_options::read_string;
use super::{SettingsClass, SettingsMethod, define_settings_class};
use crate::host::intl_data::{experimental_load, experimental_new};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsValue,
    object::ObjectInitializer, property::Attribute,
};
use icu_experimental::dimension::provider::currency::displayname::CurrencyDisplaynameV1;
use icu_experimental::displaynames::{
    DisplayNamesOptions, LanguageDisplay, Style,
    multi::{
        LanguageDisplayNames, LocaleDisplayNamesFormatter, RegionDisplayNames, ScriptDisplayNames,
    },
};
use icu_locale_core::subtags::{Language, Region, Script};
use icu_locale_core::{LanguageIdentifier, Locale};
use icu_provider::{DataIdentifierBorrowed, DataLocale, DataMarkerAttributes, DataRequest};

/// What one `Intl.DisplayNames` object was made with, in `resolvedOptions`' order.
struct Settings {
    locale: String,
    style: String,
    kind: String,
    fallback: String,
    language_display: String,
}

/// Defines `Intl.DisplayNames` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    define_settings_class::<Settings>(context)
}

impl SettingsClass for Settings {
    const NAME: &'static str = "DisplayNames";
    const LENGTH: usize = 2;

    fn read(
        number_format: &JsObject,
        locales: &JsValue,
        options: &JsValue,
        context: &mut Context,
    ) -> JsResult<Self> {
        read_settings(number_format, locales, options, context)
    }

    /// `[locale, style, type, fallback, languageDisplay]`.
    fn to_texts(&self) -> Vec<String> {
        [
            &self.locale,
            &self.style,
            &self.kind,
            &self.fallback,
            &self.language_display,
        ]
        .map(Clone::clone)
        .to_vec()
    }

    fn from_texts(texts: Vec<String>) -> Self {
        let mut texts = texts.into_iter();
        let mut next = || texts.next().unwrap_or_default();
        Self {
            locale: next(),
            style: next(),
            kind: next(),
            fallback: next(),
            language_display: next(),
        }
    }

    fn methods() -> Vec<(&'static str, usize, SettingsMethod<Self>)> {
        vec![
            (
                "resolvedOptions",
                0,
                resolved_options as SettingsMethod<Self>,
            ),
            ("of", 1, of as SettingsMethod<Self>),
        ]
    }
}

/// V8's message for a missing or unknown `type`, and for a code that is not one.
fn invalid_argument(range: bool) -> JsNativeError {
    let error = if range {
        JsNativeError::range()
    } else {
        JsNativeError::typ()
    };
    error.with_message("invalid_argument")
}

fn read_settings(
    number_format: &JsObject,
    locales: &JsValue,
    options: &JsValue,
    context: &mut Context,
) -> JsResult<Settings> {
    let Some(options) = options.as_object() else {
        return Err(invalid_argument(false).into());
    };
    let pick = |value: Option<String>, key: &str, values: &[&str]| -> JsResult<Option<String>> {
        match value {
            None => Ok(None),
            Some(value) if values.contains(&value.as_str()) => Ok(Some(value)),
            Some(value) => Err(JsNativeError::range()
                .with_message(format!(
                    "Value {value} out of range for Intl.DisplayNames options property {key}"
                ))
                .into()),
        }
    };
    let style = read_string(&options, "style", context)?;
    let style = pick(style, "style", &["narrow", "short", "long"])?;
    let kind = read_string(&options, "type", context)?;
    let kinds = [
        "language",
        "region",
        "script",
        "currency",
        "calendar",
        "dateTimeField",
    ];
    let Some(kind) = pick(kind, "type", &kinds)? else {
        return Err(invalid_argument(false).into());
    };
    let fallback = read_string(&options, "fallback", context)?;
    let fallback = pick(fallback, "fallback", &["code", "none"])?;
    let language_display = read_string(&options, "languageDisplay", context)?;
    let language_display = pick(
        language_display,
        "languageDisplay",
        &["dialect", "standard"],
    )?;
    let (locale, _, _) = resolve(number_format, locales, JsValue::undefined(), context)?;
    Ok(Settings {
        locale,
        style: style.unwrap_or_else(|| "long".to_owned()),
        kind,
        fallback: fallback.unwrap_or_else(|| "code".to_owned()),
        language_display: language_display.unwrap_or_else(|| "dialect".to_owned()),
    })
}

fn resolved_options(
    settings: &Settings,
    _: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let mut object = ObjectInitializer::new(context);
    let mut fields = vec![
        ("locale", &settings.locale),
        ("style", &settings.style),
        ("type", &settings.kind),
        ("fallback", &settings.fallback),
    ];
    if settings.kind == "language" {
        fields.push(("languageDisplay", &settings.language_display));
    }
    for (key, value) in fields {
        object.property(
            JsString::from(key),
            JsString::from(value.as_str()),
            Attribute::all(),
        );
    }
    Ok(object.build().into())
}

/// `of(code)`: the name, else the canonical code (`fallback: "code"`) or `undefined`.
fn of(settings: &Settings, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let code = args
        .get_or_undefined(0)
        .to_string(context)?
        .to_std_string_escaped();
    let locale = Locale::try_from_str(&settings.locale).unwrap_or(Locale::UNKNOWN);
    let mut options = DisplayNamesOptions::default();
    options.style = Some(match settings.style.as_str() {
        "narrow" => Style::Narrow,
        "short" => Style::Short,
        _ => Style::Long,
    });
    options.language_display = if settings.language_display == "standard" {
        LanguageDisplay::Standard
    } else {
        LanguageDisplay::Dialect
    };
    let fail = |e: icu_provider::DataError| JsNativeError::range().with_message(e.to_string());
    let (canonical, name) = match settings.kind.as_str() {
        "region" => {
            let region = Region::try_from_str(&code).map_err(|_| invalid_argument(true))?;
            let names =
                experimental_new!(RegionDisplayNames; (&locale).into(), options).map_err(fail)?;
            (region.to_string(), names.of(region).map(str::to_owned))
        }
        "script" => {
            let script = Script::try_from_str(&code).map_err(|_| invalid_argument(true))?;
            let names =
                experimental_new!(ScriptDisplayNames; (&locale).into(), options).map_err(fail)?;
            (script.to_string(), names.of(script).map(str::to_owned))
        }
        "language" => {
            let id = LanguageIdentifier::try_from_str(&code)
                .ok()
                .filter(|id| id.language != Language::UNKNOWN || code.starts_with("und"))
                .ok_or_else(|| invalid_argument(true))?;
            let languages =
                experimental_new!(LanguageDisplayNames; (&locale).into(), options).map_err(fail)?;
            let known = languages.of(id.language).is_some();
            let formatter =
                experimental_new!(LocaleDisplayNamesFormatter; (&locale).into(), options)
                    .map_err(fail)?;
            let name = formatter.of(&Locale::from(id.clone())).into_owned();
            (id.to_string(), known.then_some(name))
        }
        "currency" => {
            let valid = code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic());
            if !valid {
                return Err(invalid_argument(true).into());
            }
            let upper = code.to_ascii_uppercase();
            (upper.clone(), currency_name(&locale, &upper))
        }
        "calendar" => {
            if !is_calendar_type(&code) {
                return Err(invalid_argument(true).into());
            }
            // CLDR's keys for BCP 47's two calendars whose names differ; ICU matches the
            // code's case exactly (`GREGORY` has no name).
            let key = match code.as_str() {
                "gregory" => "gregorian",
                "ethioaa" => "ethiopic-amete-alem",
                other => other,
            };
            (
                code.clone(),
                Names::find(&locale).get(&format!("calendar/{key}")),
            )
        }
        _ => {
            let key = field_key(&code).ok_or_else(|| invalid_argument(true))?;
            let suffix = match settings.style.as_str() {
                "narrow" => "-narrow",
                "short" => "-short",
                _ => "",
            };
            (
                code.clone(),
                Names::find(&locale).get(&format!("field/{key}{suffix}")),
            )
        }
    };
    Ok(match name {
        Some(name) => JsString::from(name.as_str()).into(),
        None if settings.fallback == "none" => JsValue::undefined(),
        None => JsString::from(canonical.as_str()).into(),
    })
}

/// Whether `code` is a Unicode `type`, as ECMA-402 asks of a calendar: parts of 3 to 8
/// letters or digits joined by `-` (`gregory`, `islamic-civil`).
fn is_calendar_type(code: &str) -> bool {
    code.split('-').all(|part| {
        (3..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// CLDR's key of a `dateTimeField` code, as ICU's DateTimePatternGenerator names the field
/// (exact case: `Year` is no code).
fn field_key(code: &str) -> Option<&'static str> {
    Some(match code {
        "era" => "era",
        "year" => "year",
        "quarter" => "quarter",
        "month" => "month",
        "weekOfYear" => "week",
        "weekday" => "weekday",
        "day" => "day",
        "dayPeriod" => "dayperiod",
        "hour" => "hour",
        "minute" => "minute",
        "second" => "second",
        "timeZoneName" => "zone",
        _ => return None,
    })
}

/// The currency's display name in the locale ("US Dollar", "российский рубль").
pub(super) fn currency_name(locale: &Locale, code: &str) -> Option<String> {
    let attributes = DataMarkerAttributes::try_from_str(code).ok()?;
    let data_locale = DataLocale::from(locale);
    let response = experimental_load!(
        CurrencyDisplaynameV1,
        DataRequest {
            id: DataIdentifierBorrowed::for_marker_attributes_and_locale(attributes, &data_locale),
            ..Default::default()
        }
    )
    .ok()?;
    Some(response.payload.get().to_string())
}
