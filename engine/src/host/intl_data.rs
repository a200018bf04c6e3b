//! ICU4X locale data in parts: a core blob (the root locale `und`, likely subtags, locale
//! fallback: everything that is not one language's) and one blob per language, added as
//! they arrive. The tool in `intl-data/` writes the parts from the same data the native
//! build compiles in, so a calculation answers the same once the languages it asks for are
//! added. A language that has a blob but is not added yet is recorded when a calculation
//! asks for it (`missing`): its answers fell back to the root locale and are not final, so
//! the host adds the language and evaluates again (a calculation is pure).

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

use icu_locale::LocaleFallbacker;
use icu_provider::prelude::*;
use icu_provider_adapters::fallback::LocaleFallbackProvider;
use icu_provider_blob::BlobDataProvider;

/// The core blob, the language blobs added so far and the languages asked for but absent.
struct Parts {
    core: BlobDataProvider,
    /// Languages that have a blob (`en`, `ru`, …), added or not.
    available: BTreeSet<String>,
    added: Vec<(String, BlobDataProvider)>,
    missing: BTreeSet<String>,
}

/// Locale data from a core blob and the language blobs added to it; clones share the data,
/// so a host keeps one to add languages to the provider a context was built with.
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
    /// Locale data from `core`, for which `available` languages have blobs to add.
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
                missing: BTreeSet::new(),
            })),
        })
    }

    /// Adds a language's blob; its language is no longer missing.
    ///
    /// # Errors
    /// `blob` is not an ICU4X blob.
    pub fn add(&self, language: &str, blob: Box<[u8]>) -> Result<(), DataError> {
        let provider = BlobDataProvider::try_new_from_blob(blob)?;
        let mut parts = self.parts.borrow_mut();
        parts.missing.remove(language);
        parts.added.retain(|(l, _)| l != language);
        parts.added.push((language.to_owned(), provider));
        Ok(())
    }

    /// The languages a calculation asked for since the last call that have a blob not
    /// added yet, in order; the call forgets them.
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

    /// Runs `load` on the blob that holds `req`'s language: an added language's own, else
    /// the core (the root locale, where a missing language falls back to).
    fn route<T>(
        &self,
        req: DataRequest<'_>,
        load: impl Fn(&BlobDataProvider) -> Result<T, DataError>,
    ) -> Result<T, DataError> {
        let language = req.id.locale.language;
        let mut parts = self.parts.borrow_mut();
        if !language.is_unknown() {
            let language = language.as_str();
            if let Some((_, blob)) = parts.added.iter().find(|(l, _)| l == language) {
                return load(blob);
            }
            if parts.available.contains(language) {
                parts.missing.insert(language.to_owned());
            }
            // Only the root locale's data is in the core: the fallback goes on to `und`.
            return Err(DataErrorKind::IdentifierNotFound.into_error());
        }
        load(&parts.core)
    }
}

impl DynamicDataProvider<BufferMarker> for LocaleBlobs {
    fn load_data(
        &self,
        marker: DataMarkerInfo,
        req: DataRequest<'_>,
    ) -> Result<DataResponse<BufferMarker>, DataError> {
        self.route(req, |blob| blob.load_data(marker, req))
            .map_err(|e| e.with_req(marker, req))
    }
}

impl DynamicDryDataProvider<BufferMarker> for LocaleBlobs {
    fn dry_load_data(
        &self,
        marker: DataMarkerInfo,
        req: DataRequest<'_>,
    ) -> Result<DataResponseMetadata, DataError> {
        self.route(req, |blob| blob.dry_load_data(marker, req))
            .map_err(|e| e.with_req(marker, req))
    }
}
