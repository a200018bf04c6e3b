//! icu_experimental's compiled data (the engine's currency, percent, relative time, units
//! and display names), made listable: its data crate's macros with `ITER` implement
//! `IterableDataProvider` on a provider of ours, which icu_experimental's own `Baked` lacks.
//! The data is the same the native engine compiles in through `try_new(...)`.

use icu_provider::IterableDataProvider;
use icu_provider::dynutil::UpcastDataPayload;
use icu_provider::export::ExportMarker;
use icu_provider::prelude::*;

use crate::Collected;

/// icu_experimental's compiled data, listable.
#[derive(Debug)]
pub struct ExperimentalData;

/// Calls `$action!(impl_macro, MarkerType)` for every marker the engine may use (all but
/// transliteration and person names).
macro_rules! markers {
    ($action:ident) => {
        $action!(impl_currency_displayname_v1, icu_experimental::dimension::provider::currency::displayname::CurrencyDisplaynameV1);
        $action!(impl_currency_essentials_v1, icu_experimental::dimension::provider::currency::essentials::CurrencyEssentialsV1);
        $action!(impl_currency_extended_data_v1, icu_experimental::dimension::provider::currency::extended::CurrencyExtendedDataV1);
        $action!(impl_currency_patterns_data_v1, icu_experimental::dimension::provider::currency::patterns::CurrencyPatternsDataV1);
        $action!(impl_currency_patterns_no_currency_v1, icu_experimental::dimension::provider::currency::no_currency::CurrencyPatternsNoCurrencyV1);
        $action!(impl_currency_symbols_v1, icu_experimental::dimension::provider::currency::symbols::CurrencySymbolsV1);
        $action!(impl_digital_duration_data_v1, icu_experimental::duration::provider::DigitalDurationDataV1);
        $action!(impl_language_display_names_v1, icu_experimental::displaynames::provider::LanguageDisplayNamesV1);
        $action!(impl_locale_display_names_v1, icu_experimental::displaynames::provider::LocaleDisplayNamesV1);
        $action!(impl_region_display_names_v1, icu_experimental::displaynames::provider::RegionDisplayNamesV1);
        $action!(impl_script_display_names_v1, icu_experimental::displaynames::provider::ScriptDisplayNamesV1);
        $action!(impl_variant_display_names_v1, icu_experimental::displaynames::provider::VariantDisplayNamesV1);
        $action!(impl_long_day_relative_v1, icu_experimental::relativetime::provider::LongDayRelativeV1);
        $action!(impl_long_hour_relative_v1, icu_experimental::relativetime::provider::LongHourRelativeV1);
        $action!(impl_long_minute_relative_v1, icu_experimental::relativetime::provider::LongMinuteRelativeV1);
        $action!(impl_long_month_relative_v1, icu_experimental::relativetime::provider::LongMonthRelativeV1);
        $action!(impl_long_quarter_relative_v1, icu_experimental::relativetime::provider::LongQuarterRelativeV1);
        $action!(impl_long_second_relative_v1, icu_experimental::relativetime::provider::LongSecondRelativeV1);
        $action!(impl_long_week_relative_v1, icu_experimental::relativetime::provider::LongWeekRelativeV1);
        $action!(impl_long_year_relative_v1, icu_experimental::relativetime::provider::LongYearRelativeV1);
        $action!(impl_narrow_day_relative_v1, icu_experimental::relativetime::provider::NarrowDayRelativeV1);
        $action!(impl_narrow_hour_relative_v1, icu_experimental::relativetime::provider::NarrowHourRelativeV1);
        $action!(impl_narrow_minute_relative_v1, icu_experimental::relativetime::provider::NarrowMinuteRelativeV1);
        $action!(impl_narrow_month_relative_v1, icu_experimental::relativetime::provider::NarrowMonthRelativeV1);
        $action!(impl_narrow_quarter_relative_v1, icu_experimental::relativetime::provider::NarrowQuarterRelativeV1);
        $action!(impl_narrow_second_relative_v1, icu_experimental::relativetime::provider::NarrowSecondRelativeV1);
        $action!(impl_narrow_week_relative_v1, icu_experimental::relativetime::provider::NarrowWeekRelativeV1);
        $action!(impl_narrow_year_relative_v1, icu_experimental::relativetime::provider::NarrowYearRelativeV1);
        $action!(impl_short_day_relative_v1, icu_experimental::relativetime::provider::ShortDayRelativeV1);
        $action!(impl_short_hour_relative_v1, icu_experimental::relativetime::provider::ShortHourRelativeV1);
        $action!(impl_short_minute_relative_v1, icu_experimental::relativetime::provider::ShortMinuteRelativeV1);
        $action!(impl_short_month_relative_v1, icu_experimental::relativetime::provider::ShortMonthRelativeV1);
        $action!(impl_short_quarter_relative_v1, icu_experimental::relativetime::provider::ShortQuarterRelativeV1);
        $action!(impl_short_second_relative_v1, icu_experimental::relativetime::provider::ShortSecondRelativeV1);
        $action!(impl_short_week_relative_v1, icu_experimental::relativetime::provider::ShortWeekRelativeV1);
        $action!(impl_short_year_relative_v1, icu_experimental::relativetime::provider::ShortYearRelativeV1);
        $action!(impl_percent_essentials_v1, icu_experimental::dimension::provider::percent::PercentEssentialsV1);
        $action!(impl_unit_ids_v1, icu_experimental::measure::provider::UnitIdsV1);
        $action!(impl_units_essentials_v1, icu_experimental::dimension::provider::units::essentials::UnitsEssentialsV1);
        $action!(impl_units_names_area_core_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesAreaCoreV1);
        $action!(impl_units_names_area_extended_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesAreaExtendedV1);
        $action!(impl_units_names_area_outlier_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesAreaOutlierV1);
        $action!(impl_units_names_duration_core_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesDurationCoreV1);
        $action!(impl_units_names_duration_extended_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesDurationExtendedV1);
        $action!(impl_units_names_duration_outlier_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesDurationOutlierV1);
        $action!(impl_units_names_length_core_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesLengthCoreV1);
        $action!(impl_units_names_length_extended_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesLengthExtendedV1);
        $action!(impl_units_names_length_outlier_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesLengthOutlierV1);
        $action!(impl_units_names_mass_core_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesMassCoreV1);
        $action!(impl_units_names_mass_extended_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesMassExtendedV1);
        $action!(impl_units_names_mass_outlier_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesMassOutlierV1);
        $action!(impl_units_names_volume_core_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesVolumeCoreV1);
        $action!(impl_units_names_volume_extended_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesVolumeExtendedV1);
        $action!(impl_units_names_volume_outlier_v1, icu_experimental::dimension::provider::units::categorized_display_names::UnitsNamesVolumeOutlierV1);
    };
}

/// The same for the markers without locales, whose `ITER` form does not compile in
/// icu_experimental_data 0.6.0 (it names `BtreeSet`): they have one id, the root's.
macro_rules! singleton_markers {
    ($action:ident) => {
        $action!(
            impl_currency_fractions_v1,
            icu_experimental::dimension::provider::currency::fractions::CurrencyFractionsV1
        );
        $action!(
            impl_units_info_v1,
            icu_experimental::units::provider::UnitsInfoV1
        );
    };
}

macro_rules! impl_iter {
    ($impl:ident, $marker:ty) => {
        $impl!(ExperimentalData, ITER);
    };
}

macro_rules! impl_plain {
    ($impl:ident, $marker:ty) => {
        $impl!(ExperimentalData);
    };
}

// The macros name `icu::experimental::…` and `icu::plurals::…` at their call site.
#[allow(unused_imports)]
const _: () = {
    use icu_experimental_data::*;
    mod icu {
        pub use icu_collections as collections;
        pub use icu_decimal as decimal;
        pub use icu_experimental as experimental;
        pub use icu_plurals as plurals;
    }
    make_provider!(ExperimentalData);
    markers!(impl_iter);
    singleton_markers!(impl_plain);
};

/// Adds every (marker, id) payload of icu_experimental's data to `collected`.
///
/// # Errors
/// A listed id failed to load (corrupt data).
pub fn collect(collected: &mut Collected) -> Result<(), DataError> {
    macro_rules! export {
        ($impl:ident, $marker:ty) => {
            export_marker::<$marker>(collected)?;
        };
    }
    markers!(export);
    macro_rules! export_singleton {
        ($impl:ident, $marker:ty) => {
            export_id::<$marker>(DataIdentifierCow::default(), collected)?;
        };
    }
    singleton_markers!(export_singleton);
    Ok(())
}

fn export_marker<M>(collected: &mut Collected) -> Result<(), DataError>
where
    M: DataMarker,
    ExperimentalData: IterableDataProvider<M>,
    ExportMarker: UpcastDataPayload<M>,
{
    for id in ExperimentalData.iter_ids()? {
        export_id::<M>(id, collected)?;
    }
    Ok(())
}

fn export_id<M>(id: DataIdentifierCow<'_>, collected: &mut Collected) -> Result<(), DataError>
where
    M: DataMarker,
    ExperimentalData: DataProvider<M>,
    ExportMarker: UpcastDataPayload<M>,
{
    let req = DataRequest {
        id: id.as_borrowed(),
        ..Default::default()
    };
    let response = DataProvider::<M>::load(&ExperimentalData, req)?;
    collected.put(M::INFO, id, ExportMarker::upcast(response.payload), None);
    Ok(())
}
