//! Time zones of numeric dates (`intl_date.rs`): the zone's offset at an instant from the tz
//! database boa's Temporal compiles in (timezone_provider's zero-copy TZif data), and the
//! zone's names (`EDT`, `GMT+5:30`, `Eastern Daylight Time`, `GMT-04:00`) from ICU4X's CLDR
//! data in boa's provider. V8 takes both from ICU; the tz data and CLDR versions may differ.

use super::date_options::OptionNames;
use icu_calendar::Iso;
use icu_datetime::fieldsets::builder::ZoneStyle;
use icu_datetime::input::{DateTime, TimeZoneInfo, UtcOffset};
use icu_time::zone::{IanaParser, models::AtTime};
use timezone_provider::CompiledNormalizer;
use timezone_provider::experimental_tzif::ZeroCompiledTzdbProvider;
use timezone_provider::provider::{NormalizedId, TimeZoneId, TimeZoneNormalizer, TimeZoneProvider};

/// A named IANA time zone other than UTC (`America/New_York`).
#[derive(Clone)]
pub(super) struct Zone {
    id: TimeZoneId,
    /// The identifier in the tz database's spelling, as `resolvedOptions` gives it.
    identifier: String,
}

impl Zone {
    /// The zone named `name` (any letter case), or `None` when the tz database lacks it.
    pub(super) fn named(name: &str) -> Option<Self> {
        let provider = ZeroCompiledTzdbProvider::default();
        let id = provider.get(name.as_bytes()).ok()?;
        let identifier = provider.identifier(id).ok()?.into_owned();
        Some(Self { id, identifier })
    }

    pub(super) fn identifier(&self) -> &str {
        &self.identifier
    }

    /// The zone's offset from UTC at `epoch_ms`, in seconds.
    pub(super) fn offset_seconds(&self, epoch_ms: f64) -> Option<i32> {
        let epoch_ns = i128::from(epoch_ms.floor() as i64) * 1_000_000;
        let offset = ZeroCompiledTzdbProvider::default()
            .transition_nanoseconds_for_utc_epoch_nanoseconds(self.id, epoch_ns)
            .ok()?;
        i32::try_from(offset.0).ok()
    }
}

/// The zone of a date as ICU4X names it, at the local date and time `local`. `None` is UTC.
/// A zone without its offset (`offset_seconds` `None`) is named as an unknown offset
/// (`GMT+?`), as boa has it (`intl_date_zone_name.rs`).
pub(super) fn zone_info(
    zone: Option<&Zone>,
    offset_seconds: Option<i32>,
    local: DateTime<Iso>,
) -> Option<TimeZoneInfo<AtTime>> {
    let info = match zone {
        None => TimeZoneInfo::utc(),
        Some(zone) => {
            let parser = IanaParser::try_new_with_buffer_provider(
                &crate::host::intl_data::buffer_provider().ok()?,
            )
            .ok()?;
            parser
                .as_borrowed()
                .parse(zone.identifier())
                .with_offset(offset_seconds.map(UtcOffset::from_seconds_unchecked))
        }
    };
    Some(info.at_date_time(local))
}

/// ECMA-402's `timeZoneName` option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ZoneName {
    Short,
    Long,
    ShortOffset,
    LongOffset,
    ShortGeneric,
    LongGeneric,
}

impl ZoneName {
    const NAMES: OptionNames<Self> = OptionNames(&[
        (Self::Short, "short"),
        (Self::Long, "long"),
        (Self::ShortOffset, "shortOffset"),
        (Self::LongOffset, "longOffset"),
        (Self::ShortGeneric, "shortGeneric"),
        (Self::LongGeneric, "longGeneric"),
    ]);

    /// The option's value, or `None` for text that is not one of the six.
    pub(super) fn parse(text: &str) -> Option<Self> {
        Self::NAMES.parse(text)
    }

    pub(super) fn name(self) -> &'static str {
        Self::NAMES.name(self)
    }

    /// ICU4X's style for the option, as V8's ICU pattern letters map it (`z`, `zzzz`, `O`,
    /// `OOOO`, `v`, `vvvv`).
    pub(super) fn style(self) -> ZoneStyle {
        match self {
            Self::Short => ZoneStyle::SpecificShort,
            Self::Long => ZoneStyle::SpecificLong,
            Self::ShortOffset => ZoneStyle::LocalizedOffsetShort,
            Self::LongOffset => ZoneStyle::LocalizedOffsetLong,
            Self::ShortGeneric => ZoneStyle::GenericShort,
            Self::LongGeneric => ZoneStyle::GenericLong,
        }
    }
}

/// The primary identifiers of the tz database's zones of a place (links such as
/// `Asia/Calcutta`, `UTC` and the fixed `Etc/GMT+5` left out, as V8 leaves out the last two),
/// for `Intl.supportedValuesOf("timeZone")`.
pub(super) fn primary_identifiers() -> Vec<String> {
    let normalizer = CompiledNormalizer;
    (0..)
        .map(NormalizedId)
        .map_while(|id| Some((id, normalizer.identifier(id).ok()?)))
        .filter(|(id, _)| {
            normalizer
                .canonicalized(*id)
                .is_ok_and(|primary| primary == *id)
        })
        .filter(|(_, identifier)| identifier.contains('/') && !identifier.starts_with("Etc/"))
        .map(|(_, identifier)| identifier.to_owned())
        .collect()
}
