//! ICU4X locale data in parts ([`part_of`]): a core blob (the root locale `und`, likely
//! subtags, locale fallback: everything that is not one language's), one blob per language,
//! and a few of the root locale's large and rarely used data (Chinese collation orders, the
//! segmenters' dictionaries), added as they arrive. The tool in `intl-data/` writes the
//! parts from the same data the native build compiles in, so a calculation answers the
//! same once the parts it asks for are added. A part that exists but is not added yet is
//! recorded when a calculation asks for it (`missing`): its answers fell back to the root
//! locale and are not final, so the host adds the part and evaluates again (a calculation
//! is pure).

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use icu_locale::LocaleFallbacker;
use icu_provider::prelude::*;
use icu_provider_adapters::fallback::LocaleFallbackProvider;
use icu_provider_blob::BlobDataProvider;

use super::intl::cldr_names::NameTable;

/// The part of the data an id belongs in ([`LocaleBlobs`], the `intl-data` tool): `None`
/// for the core; the language for a language's (`en`), with its script when the locale
/// names one (`zh-Hant`); apart from those, collation orders other than a language's
/// default (`zh-stroke`, `de-phonebk`) and the root locale's collation orders of a script
/// or by another rule (`und-Hans`, `und-Hant-stroke`, `und-emoji`: most of them Chinese,
/// hundreds of KB), and the word and line segmenters' dictionaries and models
/// (`und-cjdict`, `und-Thai`: 4.5 MB), which only some calculations ask for.
#[must_use]
pub fn part_of(marker: DataMarkerInfo, id: DataIdentifierBorrowed<'_>) -> Option<String> {
    use icu_collator::provider::CollationTailoringV1;
    use icu_segmenter::provider::{
        SegmenterDictionaryAutoV1, SegmenterDictionaryExtendedV1, SegmenterLstmAutoV1,
    };
    let locale = id.locale;
    let script = locale.script.as_ref().map(|s| s.as_str());
    let attributes = id.marker_attributes.as_str();
    // A collation order other than the default (`zh` by stroke, `de` as in phone books),
    // or a segmenter's dictionary or model: the attributes name it.
    let apart = (marker == CollationTailoringV1::INFO
        || marker == SegmenterDictionaryAutoV1::INFO
        || marker == SegmenterDictionaryExtendedV1::INFO
        || marker == SegmenterLstmAutoV1::INFO)
        && (!attributes.is_empty() || script.is_some());
    if locale.language.is_unknown() && !apart {
        return None;
    }
    // A language in another script is a part of its own (`zh-Hant`, `sr-Latn`): CLDR gives
    // it the root locale as parent, not the language, so it is whole by itself.
    let mut part = if locale.language.is_unknown() {
        "und".to_owned()
    } else {
        locale.language.as_str().to_owned()
    };
    let attributes = if !apart {
        ""
    } else if marker == SegmenterLstmAutoV1::INFO {
        // A model is asked for by its script's prefix (`Thai_`, matching
        // `Thai_codepoints_exclusive_model4_heavy`): the part is named by the script.
        attributes.split('_').next().unwrap_or("")
    } else {
        attributes
    };
    for subtag in [script, Some(attributes)]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
    {
        part.push('-');
        part.push_str(subtag);
    }
    Some(part)
}

/// The core blob, the parts added so far and the parts asked for but absent.
struct Parts {
    core: BlobDataProvider,
    /// Parts that have a blob (`en`, `ru`, `und-Hans`, `en.names`, …), added or not.
    available: BTreeSet<String>,
    added: Vec<(String, BlobDataProvider)>,
    /// The CLDR names' parts added (`en.names`: JSON, [`NAMES`]).
    names: Vec<(String, Rc<NameTable>)>,
    missing: BTreeSet<String>,
}

/// What ends the name of a part of CLDR's names (`en.names`, `und.names`): the units,
/// calendars and date fields ICU4X's data does not name, as JSON (src/host/intl_cldr_names.rs).
pub const NAMES: &str = ".names";

/// Locale data from a core blob and the parts added to it; clones share the data, so a host
/// keeps one to add parts to the provider a context was built with.
#[derive(Clone)]
pub struct LocaleBlobs {
    parts: Rc<RefCell<Parts>>,
}

impl std::fmt::Debug for LocaleBlobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts = self.parts.borrow();
        f.debug_struct("LocaleBlobs")
            .field("available", &parts.available)
            .field(
                "added",
                &parts.added.iter().map(|(l, _)| l).collect::<Vec<_>>(),
            )
            .field("missing", &parts.missing)
            .finish()
    }
}

impl LocaleBlobs {
    /// Locale data from `core`, for which the `available` parts have blobs to add.
    ///
    /// # Errors
    /// `core` is not an ICU4X blob.
    pub fn new<'a>(
        core: Box<[u8]>,
        available: impl IntoIterator<Item = &'a str>,
    ) -> Result<LocaleBlobs, DataError> {
        Ok(LocaleBlobs {
            parts: Rc::new(RefCell::new(Parts {
                core: BlobDataProvider::try_new_from_blob(core)?,
                available: available.into_iter().map(str::to_owned).collect(),
                added: Vec::new(),
                names: Vec::new(),
                missing: BTreeSet::new(),
            })),
        })
    }

    /// Adds a part's blob (`en`, `und-Hans`: [`part_of`]; `en.names`: [`NAMES`]); it is no
    /// longer missing.
    ///
    /// # Errors
    /// `blob` is not an ICU4X blob, or a part of CLDR's names is not their JSON.
    pub fn add(&self, part: &str, blob: Box<[u8]>) -> Result<(), DataError> {
        if part.ends_with(NAMES) {
            let table: NameTable = serde_json::from_slice(&blob).map_err(|e| {
                DataError::custom("a part of CLDR's names is not their JSON")
                    .with_display_context(&e)
            })?;
            let mut parts = self.parts.borrow_mut();
            parts.missing.remove(part);
            parts.names.retain(|(p, _)| p != part);
            parts.names.push((part.to_owned(), Rc::new(table)));
            return Ok(());
        }
        let provider = BlobDataProvider::try_new_from_blob(blob)?;
        let mut parts = self.parts.borrow_mut();
        parts.missing.remove(part);
        parts.added.retain(|(p, _)| p != part);
        parts.added.push((part.to_owned(), provider));
        Ok(())
    }

    /// The CLDR names of `part` (`en`, `zh-Hant`, `und`); a part that has them but is not
    /// added yet is recorded as missing.
    #[cfg(not(feature = "intl_data"))]
    pub(crate) fn names(&self, part: &str) -> Option<Rc<NameTable>> {
        let name = format!("{part}{NAMES}");
        let mut parts = self.parts.borrow_mut();
        if let Some((_, table)) = parts.names.iter().find(|(p, _)| *p == name) {
            return Some(Rc::clone(table));
        }
        if parts.available.contains(&name) {
            parts.missing.insert(name);
        }
        None
    }

    /// Whether a calculation asked for a part not added yet since the last
    /// [`LocaleBlobs::take_missing`]: its answer is not final.
    #[cfg(not(feature = "intl_data"))]
    fn lacks_parts(&self) -> bool {
        !self.parts.borrow().missing.is_empty()
    }

    /// The parts a calculation asked for since the last call that have a blob not added
    /// yet, in order; the call forgets them.
    pub fn take_missing(&self) -> Vec<String> {
        std::mem::take(&mut self.parts.borrow_mut().missing)
            .into_iter()
            .collect()
    }

    /// The provider to give boa (`ContextBuilder::icu_buffer_provider`) and ICU4X's
    /// `*_with_buffer_provider` constructors: these blobs with CLDR's locale fallback
    /// (`de-AT` → `de` → `und`), as the compiled-in data has it.
    ///
    /// # Errors
    /// The core blob lacks the locale fallback data.
    pub fn with_fallback(&self) -> Result<LocaleFallbackProvider<LocaleBlobs>, DataError> {
        let fallbacker = LocaleFallbacker::try_new_with_buffer_provider(self)?;
        Ok(LocaleFallbackProvider::new(self.clone(), fallbacker))
    }

    /// Runs `load` on the blob that holds `req` ([`part_of`]): an added part, else the
    /// core (the root locale, where a missing part falls back to).
    fn route<T>(
        &self,
        marker: DataMarkerInfo,
        req: DataRequest<'_>,
        load: impl Fn(&BlobDataProvider) -> Result<T, DataError>,
    ) -> Result<T, DataError> {
        let mut parts = self.parts.borrow_mut();
        let Some(part) = part_of(marker, req.id) else {
            return load(&parts.core);
        };
        if let Some((_, blob)) = parts.added.iter().find(|(p, _)| *p == part) {
            return load(blob);
        }
        if parts.available.contains(&part) {
            parts.missing.insert(part);
        }
        // Not in the core: the fallback goes on towards `und`.
        Err(DataErrorKind::IdentifierNotFound.into_error())
    }
}

impl DynamicDataProvider<BufferMarker> for LocaleBlobs {
    fn load_data(
        &self,
        marker: DataMarkerInfo,
        req: DataRequest<'_>,
    ) -> Result<DataResponse<BufferMarker>, DataError> {
        self.route(marker, req, |blob| blob.load_data(marker, req))
            .map_err(|e| e.with_req(marker, req))
    }
}

impl DynamicDryDataProvider<BufferMarker> for LocaleBlobs {
    fn dry_load_data(
        &self,
        marker: DataMarkerInfo,
        req: DataRequest<'_>,
    ) -> Result<DataResponseMetadata, DataError> {
        self.route(marker, req, |blob| blob.dry_load_data(marker, req))
            .map_err(|e| e.with_req(marker, req))
    }
}

/// The data the engine's Intl reads: every locale's, compiled in (`intl_data`: the native
/// builds), as boa's own Intl reads it.
///
/// # Errors
/// Never with compiled-in data.
#[cfg(feature = "intl_data")]
pub(crate) fn buffer_provider() -> Result<impl DynamicDryDataProvider<BufferMarker>, DataError> {
    Ok(boa_icu_provider::buffer())
}

/// The data the engine's Intl reads: the blobs added so far ([`install`], [`add`]), with
/// CLDR's locale fallback. Every realm made after [`install`] reads them.
///
/// # Errors
/// No core blob is installed yet.
#[cfg(not(feature = "intl_data"))]
pub(crate) fn buffer_provider() -> Result<LocaleFallbackProvider<LocaleBlobs>, DataError> {
    installed::INSTALLED.with_borrow(|installed| {
        installed
            .as_ref()
            .map(|(_, provider)| provider.clone())
            .ok_or_else(|| DataError::custom("the Intl module's locale data is not added yet"))
    })
}

/// The CLDR names of `part` (`en`, `zh-Hant`, `und`), compiled in: each part is read from
/// its line of the data when first asked for, once per thread.
#[cfg(feature = "intl_data")]
pub(crate) fn name_table(part: &str) -> Option<Rc<NameTable>> {
    use std::collections::HashMap;
    thread_local! {
        static READ: RefCell<HashMap<String, Option<Rc<NameTable>>>> = RefCell::new(HashMap::new());
    }
    READ.with_borrow_mut(|read| {
        read.entry(part.to_owned())
            .or_insert_with(|| {
                super::intl::cldr_names::name_parts()
                    .find(|(name, _)| *name == part)
                    .and_then(|(_, json)| serde_json::from_str(json).ok())
                    .map(Rc::new)
            })
            .clone()
    })
}

/// Whether the calculation so far asked for a part not added yet (its answer is not final).
#[cfg(not(feature = "intl_data"))]
pub(crate) fn lacks_parts() -> bool {
    installed::INSTALLED.with_borrow(|installed| {
        installed
            .as_ref()
            .is_some_and(|(blobs, _)| blobs.lacks_parts())
    })
}

/// Whether the calculation so far asked for a part not added yet: never, with every
/// locale's data compiled in.
#[cfg(feature = "intl_data")]
pub(crate) fn lacks_parts() -> bool {
    false
}

/// The CLDR names of `part` (`en`, `zh-Hant`, `und`) as the host added them; a part that
/// exists but is not added yet is recorded as missing.
#[cfg(not(feature = "intl_data"))]
pub(crate) fn name_table(part: &str) -> Option<Rc<NameTable>> {
    installed::INSTALLED.with_borrow(|installed| installed.as_ref()?.0.names(part))
}

#[cfg(not(feature = "intl_data"))]
pub use installed::{add, install, take_missing};

/// The blobs of a build without compiled-in data (the browser's Intl module): one set per
/// thread (a wasm instance has one), shared by every realm.
#[cfg(not(feature = "intl_data"))]
mod installed {
    use std::cell::RefCell;

    use icu_provider::DataError;
    use icu_provider_adapters::fallback::LocaleFallbackProvider;

    use super::LocaleBlobs;

    thread_local! {
        pub(super) static INSTALLED: RefCell<Option<(LocaleBlobs, LocaleFallbackProvider<LocaleBlobs>)>> =
            const { RefCell::new(None) };
    }

    /// Installs the core blob, for which the `available` parts have blobs, in place of any
    /// data installed before (the parts added with it are gone too).
    ///
    /// # Errors
    /// `core` is not an ICU4X blob or lacks the locale fallback data.
    pub fn install<'a>(
        core: Box<[u8]>,
        available: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), DataError> {
        let blobs = LocaleBlobs::new(core, available)?;
        let provider = blobs.with_fallback()?;
        INSTALLED.set(Some((blobs, provider)));
        Ok(())
    }

    /// Adds a part's blob (`en`, `und-Hans`) to the installed data.
    ///
    /// # Errors
    /// No core is installed, or `blob` is not an ICU4X blob.
    pub fn add(part: &str, blob: Box<[u8]>) -> Result<(), DataError> {
        INSTALLED.with_borrow(|installed| match installed {
            Some((blobs, _)) => blobs.add(part, blob),
            None => Err(DataError::custom(
                "the Intl module's core data is not added yet",
            )),
        })
    }

    /// The parts calculations asked for since the last call that have a blob not added
    /// yet (their answers fell back to the root locale): the host adds them and evaluates
    /// again.
    #[must_use]
    pub fn take_missing() -> Vec<String> {
        INSTALLED.with_borrow(|installed| {
            installed
                .as_ref()
                .map(|(blobs, _)| blobs.take_missing())
                .unwrap_or_default()
        })
    }
}

/// Builds an ICU4X object with icu_experimental's data: its compiled constructor where the
/// data is compiled in (`intl_data`), else its `…_with_buffer_provider` constructor on the
/// installed blobs (a missing core is the constructor's `DataError`).
///
/// `experimental_new!(Type::try_new_x, Type::try_new_x_with_buffer_provider, args…)`, or
/// `experimental_new!(Type; args…)` for `try_new`.
macro_rules! experimental_new {
    ($type:ident; $($arg:expr),* $(,)?) => {
        $crate::host::intl_data::experimental_new!(
            $type::try_new,
            $type::try_new_with_buffer_provider
            $(, $arg)*
        )
    };
    ($compiled:path, $buffered:path $(, $arg:expr)* $(,)?) => {{
        #[cfg(feature = "intl_data")]
        let made = $compiled($($arg),*);
        #[cfg(not(feature = "intl_data"))]
        let made = $crate::host::intl_data::buffer_provider()
            .and_then(|provider| $buffered(&provider, $($arg),*));
        made
    }};
}
pub(crate) use experimental_new;

/// Loads `$marker`'s data of icu_experimental for `$req`: compiled in (`intl_data`), else
/// from the installed blobs, with the locale fallback either way.
///
/// `experimental_load!(Marker, request)`
macro_rules! experimental_load {
    ($marker:ty, $req:expr) => {{
        #[cfg(feature = "intl_data")]
        let loaded =
            icu_provider::DataProvider::<$marker>::load(&icu_experimental::provider::Baked, $req);
        #[cfg(not(feature = "intl_data"))]
        let loaded = $crate::host::intl_data::buffer_provider().and_then(|provider| {
            icu_provider::DataProvider::<$marker>::load(
                &icu_provider::buf::AsDeserializingBufferProvider::as_deserializing(&provider),
                $req,
            )
        });
        loaded
    }};
}
pub(crate) use experimental_load;
