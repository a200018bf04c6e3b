//! Splits the ICU4X data that the native engine compiles in (boa's blobs and
//! icu_experimental's baked data) into a core blob — the root locale `und` and the data
//! that belongs to no language (likely subtags, locale fallback) — one blob per language,
//! every id whose locale's language is that language, and a few blobs of the root locale's
//! large and rarely used data (`calcsmith_engine::intl_part_of` has the rule). The
//! browser's Intl module has no data of its own: it takes the core and then the parts a
//! calculation asks for (`calcsmith_engine::LocaleBlobs`), so a visitor downloads only
//! those.

extern crate alloc;

mod experimental;
mod raw;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use icu_provider::IterableDynamicDataProvider;
use icu_provider::dynutil::UpcastDataPayload;
use icu_provider::export::{DataExporter, ExportMarker, FlushMetadata};
use icu_provider::prelude::*;
use icu_provider_blob::BlobDataProvider;
use icu_provider_blob::export::BlobExporter;

use raw::{RawPostcard, RawPostcardMarker};

/// The core blob's name: `core.postcard` beside `en.postcard`, `ru.postcard`, ….
pub const CORE: &str = "core";

/// Every marker of boa's blobs (the components boa_icu_provider bundles).
pub fn boa_markers() -> impl Iterator<Item = DataMarkerInfo> {
    [
        icu_calendar::provider::MARKERS,
        icu_casemap::provider::MARKERS,
        icu_collator::provider::MARKERS,
        icu_datetime::provider::MARKERS,
        icu_time::provider::MARKERS,
        icu_decimal::provider::MARKERS,
        icu_list::provider::MARKERS,
        icu_locale::provider::MARKERS,
        icu_normalizer::provider::MARKERS,
        icu_plurals::provider::MARKERS,
        icu_segmenter::provider::MARKERS,
        icu_locale_fallback::provider::MARKERS,
    ]
    .into_iter()
    .flatten()
    .copied()
}

/// Every payload to export, by marker, with the marker's checksum.
#[derive(Default)]
pub struct Collected {
    payloads: Vec<(
        DataMarkerInfo,
        DataIdentifierCow<'static>,
        DataPayload<ExportMarker>,
    )>,
    checksums: BTreeMap<DataMarkerInfo, Option<u64>>,
}

impl Collected {
    fn put(
        &mut self,
        marker: DataMarkerInfo,
        id: DataIdentifierCow<'_>,
        payload: DataPayload<ExportMarker>,
        checksum: Option<u64>,
    ) {
        self.checksums.entry(marker).or_insert(checksum);
        self.payloads
            .push((marker, id.as_borrowed().into_owned(), payload));
    }

    /// Adds every payload of boa's blob `bytes` (one of boa_icu_provider's `data/*.postcard`),
    /// as the bytes it holds.
    ///
    /// # Errors
    /// `bytes` is not a blob, or an id it lists does not load.
    pub fn add_boa_blob(&mut self, bytes: Box<[u8]>) -> Result<(), DataError> {
        let blob = BlobDataProvider::try_new_from_blob(bytes)?;
        for marker in boa_markers() {
            let ids = match blob.iter_ids_for_marker(marker) {
                Ok(ids) => ids,
                Err(e) if e.kind == DataErrorKind::MarkerNotFound => continue,
                Err(e) => return Err(e),
            };
            // A marker the blob lists without data (the word segmenter's overrides, which
            // no modern locale has) stays listed: "no such locale", not "no such marker",
            // which the segmenter takes for broken data.
            if ids.is_empty() {
                self.checksums.entry(marker).or_insert(None);
            }
            for id in ids {
                let req = DataRequest {
                    id: id.as_borrowed(),
                    ..Default::default()
                };
                let response = blob.load_data(marker, req)?;
                let bytes = RawPostcard(response.payload.get().to_vec());
                let payload = DataPayload::<RawPostcardMarker>::from_owned(bytes);
                self.put(
                    marker,
                    id,
                    ExportMarker::upcast(payload),
                    response.metadata.checksum,
                );
            }
        }
        Ok(())
    }

    /// Adds every payload of icu_experimental's compiled data.
    ///
    /// # Errors
    /// An id it lists does not load.
    pub fn add_experimental(&mut self) -> Result<(), DataError> {
        experimental::collect(self)
    }

    /// The part an id belongs in: the engine's rule ([`calcsmith_engine::intl_part_of`]),
    /// [`CORE`] for the core.
    fn part(marker: DataMarkerInfo, id: &DataIdentifierCow<'_>) -> String {
        calcsmith_engine::intl_part_of(marker, id.as_borrowed()).unwrap_or_else(|| CORE.to_owned())
    }

    /// The parts' names: [`CORE`], every language and the root locale's parts apart.
    #[must_use]
    pub fn parts(&self) -> BTreeSet<String> {
        let mut parts: BTreeSet<String> = self
            .payloads
            .iter()
            .map(|(marker, id, _)| Self::part(*marker, id))
            .collect();
        parts.insert(CORE.to_owned());
        parts
    }

    /// Writes each part as a blob: `write(part, bytes)`. Every blob lists every marker, so
    /// a part's blob answers "no such locale" (and the fallback goes on to the core's root
    /// locale), never "no such marker".
    ///
    /// # Errors
    /// The exporter failed, or `write` did.
    pub fn write_parts(
        &self,
        mut write: impl FnMut(&str, Vec<u8>) -> std::io::Result<()>,
    ) -> Result<(), DataError> {
        let mut by_part: BTreeMap<String, Vec<usize>> = self
            .parts()
            .into_iter()
            .map(|part| (part, Vec::new()))
            .collect();
        for (i, (marker, id, _)) in self.payloads.iter().enumerate() {
            by_part.entry(Self::part(*marker, id)).or_default().push(i);
        }
        for (part, payloads) in by_part {
            let mut bytes = Vec::new();
            {
                let mut exporter = BlobExporter::new_with_sink(Box::new(&mut bytes));
                for (marker, id, payload) in payloads.into_iter().map(|i| &self.payloads[i]) {
                    exporter.put_payload(*marker, id.as_borrowed(), payload)?;
                }
                for (marker, checksum) in &self.checksums {
                    let mut metadata = FlushMetadata::default();
                    metadata.checksum = *checksum;
                    exporter.flush(*marker, metadata)?;
                }
                exporter.close()?;
            }
            write(&part, bytes)
                .map_err(|e| DataError::custom("writing a blob").with_display_context(&e))?;
        }
        Ok(())
    }
}

/// Reads boa's blobs in `boa_data` (boa_icu_provider's `data/`) and icu_experimental's
/// data, and writes `core.postcard` and `<part>.postcard` (`en`, `und-Hans`, …) into `out`,
/// with the CLDR names of those languages (`en.names.postcard`).
///
/// # Errors
/// A file could not be read or written, or the data is corrupt.
pub fn split(boa_data: &Path, out: &Path) -> Result<BTreeSet<String>, Box<dyn std::error::Error>> {
    let mut collected = Collected::default();
    let mut files: Vec<_> = std::fs::read_dir(boa_data)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|e| e == "postcard"));
    files.sort();
    if files.is_empty() {
        return Err(format!("{} holds no .postcard blobs", boa_data.display()).into());
    }
    for path in files {
        collected.add_boa_blob(std::fs::read(&path)?.into_boxed_slice())?;
    }
    collected.add_experimental()?;
    std::fs::create_dir_all(out)?;
    collected
        .write_parts(|part, bytes| std::fs::write(out.join(format!("{part}.postcard")), bytes))?;
    let mut parts = collected.parts();
    // The CLDR names of each language the ICU4X data has, and the root's, as the engine's
    // JSON (`en.names.postcard`: the worker fetches every part by the same rule).
    for (part, json) in calcsmith_engine::intl_name_parts() {
        if part == "und" || parts.contains(part) {
            let name = format!("{part}{}", calcsmith_engine::INTL_NAMES);
            std::fs::write(out.join(format!("{name}.postcard")), json)?;
            parts.insert(name);
        }
    }
    Ok(parts)
}
