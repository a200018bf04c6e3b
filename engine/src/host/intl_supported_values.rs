//! `Intl.supportedValuesOf(key)`, which boa 0.22 lacks: the calendars, collations,
//! currencies, numbering systems, time zones and units THIS engine supports, sorted, with
//! V8's `RangeError` for another key. The candidates are the values ECMA-402 and CLDR define
//! (V8's lists); each is kept only when the engine's own data has it, so the answer follows
//! the data the engine is built with. Time zones come from the tz database itself.

use super::unit::SANCTIONED_UNITS;
use super::{builtin, date_zone, property_object};
use boa_engine::{
    Context, JsArgs, JsNativeError, JsResult, JsString, JsValue, NativeFunction, js_string,
    object::{FunctionObjectBuilder, builtins::JsArray},
};
use icu_calendar::AnyCalendarKind;
use icu_calendar::preferences::CalendarAlgorithm;
use icu_collator::provider::CollationMetadataV1;
use icu_decimal::provider::DecimalDigitsV1;
use icu_locale_core::extensions::unicode::Value;
use icu_locale_core::{Locale, locale};
use icu_provider::{
    DataIdentifierBorrowed, DataLocale, DataMarker, DataMarkerAttributes, DataRequest,
    DynamicDryDataProvider,
};

/// The calendars CLDR names (`ca`).
const CALENDARS: [&str; 18] = [
    "buddhist",
    "chinese",
    "coptic",
    "dangi",
    "ethioaa",
    "ethiopic",
    "gregory",
    "hebrew",
    "indian",
    "islamic",
    "islamic-civil",
    "islamic-rgsa",
    "islamic-tbla",
    "islamic-umalqura",
    "iso8601",
    "japanese",
    "persian",
    "roc",
];

/// The collations ECMA-402 lets a script ask for (`co` without `standard` and `search`),
/// each with a locale whose CLDR data tailors it.
const COLLATIONS: [(&str, &str); 12] = [
    ("compat", "ar"),
    ("dict", "si"),
    ("emoji", "und"),
    ("eor", "und"),
    ("phonebk", "de"),
    ("phonetic", "ln"),
    ("pinyin", "zh"),
    ("searchjl", "ko"),
    ("stroke", "zh"),
    ("trad", "es"),
    ("unihan", "ko"),
    ("zhuyin", "zh"),
];

/// ISO 4217's codes of currencies in use, as V8 lists them.
const CURRENCIES: &str = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD \
BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP \
ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK \
JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT \
MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON \
RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP \
TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XDR XOF XPF XSU YER ZAR ZMW ZWG \
ZWL";

/// CLDR's numbering systems with simple decimal digits (`nu`).
const NUMBERING_SYSTEMS: &str = "adlm ahom arab arabext bali beng bhks brah cakm cham deva diak \
fullwide gara gong gonm gujr gukh guru hanidec hmng hmnp java kali kawi khmr knda krai lana \
lanatham laoo latn lepc limb mathbold mathdbl mathmono mathsanb mathsans mlym modi mong mroo mtei \
mymr mymrepka mymrpao mymrshan mymrtlng nagm newa nkoo olck onao orya osma outlined rohg saur \
segment shrd sind sinh sora sund sunu takr talu tamldec telu thai tibt tirh tnsa tols vaii wara \
wcho";

/// Defines `Intl.supportedValuesOf` in the current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub(super) fn install(context: &mut Context) -> JsResult<()> {
    let intl = property_object(&context.global_object(), "Intl", context)?;
    let function = FunctionObjectBuilder::new(
        context.realm(),
        NativeFunction::from_fn_ptr(|_, args, context| {
            let key = args.get_or_undefined(0).to_string(context)?;
            let key = key.to_std_string_escaped();
            let Some(values) = supported_values(&key) else {
                return Err(JsNativeError::range()
                    .with_message(format!("Invalid key : {key}"))
                    .into());
            };
            let values = values
                .into_iter()
                .map(|value| JsValue::from(JsString::from(value.as_str())));
            Ok(JsArray::from_iter(values, context).into())
        }),
    )
    .name(js_string!("supportedValuesOf"))
    .length(1)
    .build();
    intl.define_property_or_throw(
        js_string!("supportedValuesOf"),
        builtin(function.into()),
        context,
    )?;
    Ok(())
}

/// The sorted values of `key`, or `None` for a key ECMA-402 does not define.
pub(super) fn supported_values(key: &str) -> Option<Vec<String>> {
    let mut values: Vec<String> = match key {
        "calendar" => CALENDARS
            .into_iter()
            .filter(|name| has_calendar(name))
            .map(str::to_owned)
            .collect(),
        "collation" => COLLATIONS
            .into_iter()
            .filter(|(name, locale)| has_collation(name, locale))
            .map(|(name, _)| name.to_owned())
            .collect(),
        "currency" => CURRENCIES
            .split_ascii_whitespace()
            .filter(|code| has_currency(code))
            .map(str::to_owned)
            .collect(),
        "numberingSystem" => NUMBERING_SYSTEMS
            .split_ascii_whitespace()
            .filter(|name| has_data(DecimalDigitsV1::INFO, name, &locale!("und")))
            .map(str::to_owned)
            .collect(),
        "timeZone" => date_zone::primary_identifiers(),
        "unit" => SANCTIONED_UNITS
            .split_ascii_whitespace()
            .map(str::to_owned)
            .collect(),
        _ => return None,
    };
    values.sort_unstable();
    Some(values)
}

/// Whether ICU4X has a calendar of its own for `name` (it resolves `islamic` and
/// `islamic-rgsa` to another, by region).
fn has_calendar(name: &str) -> bool {
    Value::try_from_str(name)
        .ok()
        .and_then(|value| CalendarAlgorithm::try_from(&value).ok())
        .is_some_and(|algorithm| AnyCalendarKind::try_from(algorithm).is_ok())
}

fn has_collation(name: &str, locale: &str) -> bool {
    Locale::try_from_str(locale)
        .is_ok_and(|locale| has_data(CollationMetadataV1::INFO, name, &locale))
}

/// Whether the engine's currency data names `code` (in English, which names them all).
fn has_currency(code: &str) -> bool {
    super::display_names::currency_name(&locale!("en"), code).is_some()
}

/// Whether boa's locale data has `marker` with the attributes `attributes` for `locale`
/// (or a locale it falls back to).
fn has_data(marker: icu_provider::DataMarkerInfo, attributes: &str, locale: &Locale) -> bool {
    let Ok(attributes) = DataMarkerAttributes::try_from_str(attributes) else {
        return false;
    };
    let data_locale = DataLocale::from(locale);
    let request = DataRequest {
        id: DataIdentifierBorrowed::for_marker_attributes_and_locale(attributes, &data_locale),
        ..Default::default()
    };
    crate::host::intl_data::buffer_provider()
        .and_then(|provider| provider.dry_load_data(marker, request))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_key_has_no_values() {
        assert_eq!(supported_values("colour"), None);
    }

    fn values(key: &str) -> Vec<String> {
        supported_values(key).expect("a key")
    }

    #[test]
    fn time_zones_are_the_tz_databases_places_by_their_primary_names() {
        let zones = values("timeZone");
        for zone in [
            "America/New_York",
            "Asia/Kolkata",
            "Europe/Kyiv",
            "Europe/Moscow",
        ] {
            assert!(zones.iter().any(|z| z == zone), "{zone}");
        }
        // Links, and zones of no place (which V8 leaves out too).
        for zone in ["Asia/Calcutta", "Europe/Kiev", "UTC", "Etc/GMT+5"] {
            assert!(!zones.iter().any(|z| z == zone), "{zone}");
        }
        assert!(zones.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn calendars_are_those_icu4x_computes_itself() {
        let calendars = values("calendar");
        assert!(calendars.iter().any(|c| c == "hebrew"));
        assert!(calendars.iter().any(|c| c == "islamic-umalqura"));
        assert!(!calendars.iter().any(|c| c == "islamic"));
    }

    #[test]
    fn numbering_systems_collations_and_currencies_follow_the_data() {
        assert!(values("numberingSystem").iter().any(|n| n == "deva"));
        assert!(values("collation").iter().any(|c| c == "phonebk"));
        assert!(values("currency").iter().any(|c| c == "RUB"));
        assert_eq!(values("unit").len(), 45);
    }
}
