//! The split data answers as the compiled-in data does: byte for byte per id, and in the
//! answers of boa's Intl and of icu_experimental's formatters, once the languages asked
//! for are added; a language not added is reported, and adding it gives the final answer.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use boa_engine::{Context, Source};
use calcsmith_engine::LocaleBlobs;
use calcsmith_intl_data::{CORE, Collected};
use fixed_decimal::Decimal;
use icu_experimental::dimension::currency::CurrencyType;
use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use icu_locale_core::Locale;
use icu_provider::prelude::*;
use icu_provider_blob::BlobDataProvider;

/// boa_icu_provider's `data/`, found as `cargo metadata` finds the package.
fn boa_data_dir() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("metadata is JSON");
    let package = metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .find(|p| p["name"] == "boa_icu_provider")
        .expect("boa_icu_provider is a dependency");
    let manifest = PathBuf::from(package["manifest_path"].as_str().expect("manifest_path"));
    manifest.parent().expect("a directory").join("data")
}

fn boa_blobs() -> Vec<Box<[u8]>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(boa_data_dir())
        .expect("boa's data directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "postcard"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read(p).expect("a blob").into_boxed_slice())
        .collect()
}

/// The parts, written once for every test: name → blob.
fn parts() -> &'static BTreeMap<String, Vec<u8>> {
    static PARTS: OnceLock<BTreeMap<String, Vec<u8>>> = OnceLock::new();
    PARTS.get_or_init(|| {
        let mut collected = Collected::default();
        for blob in boa_blobs() {
            collected.add_boa_blob(blob).expect("boa's blob splits");
        }
        collected
            .add_experimental()
            .expect("icu_experimental's data splits");
        let mut parts = BTreeMap::new();
        collected
            .write_parts(|part, bytes| {
                parts.insert(part.to_owned(), bytes);
                Ok(())
            })
            .expect("the parts are written");
        parts
    })
}

/// Every part but the core: the languages and the root locale's parts apart.
fn languages() -> Vec<&'static str> {
    parts()
        .keys()
        .map(String::as_str)
        .filter(|p| *p != CORE)
        .collect()
}

/// The core with `added` languages added.
fn blobs(added: &[&str]) -> LocaleBlobs {
    let core = parts()[CORE].clone().into_boxed_slice();
    let blobs = LocaleBlobs::new(core, languages()).expect("the core is a blob");
    for language in added {
        blobs
            .add(language, parts()[*language].clone().into_boxed_slice())
            .expect("a blob");
    }
    blobs
}

#[test]
fn the_parts_are_the_core_one_per_language_and_the_large_root_data() {
    let parts = languages();
    for part in [
        "en",
        "ru",
        "de",
        "fr",
        "ja",
        "zh",
        "zh-Hant",
        "zh-stroke",
        "sr-Latn",
        "und-Hans",
        "und-Hant-stroke",
        "und-cjdict",
        "und-thaidict",
    ] {
        assert!(parts.contains(&part), "{part} has no part: {parts:?}");
    }
    assert!(!parts.contains(&"und"));
}

/// `scripts` with the compiled-in data, and with the parts: first the core and en only,
/// then, while a run asks for parts it lacks, with those added, as the web worker does.
fn answers_as_the_worker_gets_them(scripts: &[&str]) -> (Vec<String>, Vec<String>) {
    // A run that lacks a part may fail (no collation data): its error is its answer.
    let answers = |scripts: &[&str], context: &mut Context| -> Vec<String> {
        scripts
            .iter()
            .map(|script| match context.eval(Source::from_bytes(script)) {
                Ok(value) => value
                    .to_string(context)
                    .expect("a string")
                    .to_std_string_escaped(),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    };
    let blobs = blobs(&["en"]);
    let mut context = context_with(&blobs);
    let mut added = Vec::new();
    let mut got = answers(scripts, &mut context);
    for _ in 0..4 {
        let missing = blobs.take_missing();
        if missing.is_empty() {
            break;
        }
        for part in &missing {
            blobs
                .add(part, parts()[part].clone().into_boxed_slice())
                .expect("a blob");
        }
        added.extend(missing);
        got = answers(scripts, &mut context);
    }
    assert_eq!(got, answers(scripts, &mut Context::default()));
    (got, added)
}

#[test]
fn chinese_collation_and_word_segmentation_fetch_their_parts_and_answer_as_compiled() {
    let (got, added) = answers_as_the_worker_gets_them(&[
        "['张', '李', '王', '赵'].sort(new Intl.Collator('zh').compare).join()",
        "['張', '李', '王', '趙'].sort(new Intl.Collator('zh-Hant-TW', { collation: 'stroke' }).compare).join()",
        "[...new Intl.Segmenter('zh', { granularity: 'word' }).segment('我们今天去北京')].map(s => s.segment).join('|')",
        "[...new Intl.Segmenter('th', { granularity: 'word' }).segment('สวัสดีครับ')].map(s => s.segment).join('|')",
    ]);
    assert_eq!(got[0], "李,王,张,赵", "pinyin order");
    assert_eq!(got[1], "王,李,張,趙", "stroke order");
    assert_eq!(got[2], "我们|今天|去|北京");
    for part in ["zh", "zh-Hant", "und-cjdict", "und-Thai"] {
        assert!(
            added.iter().any(|p| p == part),
            "{part} not added: {added:?}"
        );
    }
}

#[test]
fn every_id_of_boas_data_loads_the_same_bytes_from_the_parts() {
    let all = blobs(&languages());
    let mut compared = 0;
    for bytes in boa_blobs() {
        let original = BlobDataProvider::try_new_from_blob(bytes).expect("a blob");
        for marker in calcsmith_intl_data::boa_markers() {
            let Ok(ids) = original.iter_ids_for_marker(marker) else {
                continue;
            };
            for id in ids {
                let req = DataRequest {
                    id: id.as_borrowed(),
                    ..Default::default()
                };
                let want = original.load_data(marker, req).expect("the original loads");
                let got = all.load_data(marker, req).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(got.payload.get(), want.payload.get(), "{marker:?} {id:?}");
                assert_eq!(got.metadata.checksum, want.metadata.checksum, "{marker:?}");
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "only {compared} ids compared");
}

/// What each script gives in a context with boa's compiled-in data and in one with the
/// parts (`blobs`).
fn answers(scripts: &[&str], context: &mut Context) -> Vec<String> {
    scripts
        .iter()
        .map(|script| {
            let value = context
                .eval(Source::from_bytes(script))
                .unwrap_or_else(|e| panic!("{script}: {e}"));
            value
                .to_string(context)
                .expect("a string")
                .to_std_string_escaped()
        })
        .collect()
}

const SCRIPTS: &[&str] = &[
    "(1234567.891).toLocaleString('ru-RU')",
    "(1234567.891).toLocaleString('de-DE', { maximumFractionDigits: 1 })",
    "new Intl.DateTimeFormat('ru', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(0))",
    "new Intl.DateTimeFormat('de-AT', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(0))",
    "new Intl.PluralRules('ru').select(3) + new Intl.PluralRules('en').select(1)",
    "['z', 'ä', 'a'].sort(new Intl.Collator('de').compare).join()",
    "new Intl.ListFormat('ru').format(['a', 'b', 'c'])",
    "Intl.NumberFormat.supportedLocalesOf(['ru', 'de-CH', 'en-GB']).join()",
];

fn context_with(blobs: &LocaleBlobs) -> Context {
    Context::builder()
        .icu_buffer_provider(
            blobs
                .with_fallback()
                .expect("the core has the fallback data"),
        )
        .expect("boa takes the provider")
        .build()
        .expect("a context")
}

#[test]
fn boas_intl_answers_as_with_the_compiled_data_once_the_languages_are_added() {
    let want = answers(SCRIPTS, &mut Context::default());
    assert_eq!(
        want[0], "1\u{a0}234\u{a0}567,891",
        "the compiled-in answer itself"
    );
    let blobs = blobs(&["en", "ru", "de"]);
    assert_eq!(answers(SCRIPTS, &mut context_with(&blobs)), want);
    assert_eq!(blobs.take_missing(), Vec::<String>::new());
}

#[test]
fn a_language_not_added_is_missing_and_adding_it_gives_the_final_answer() {
    let script = ["(1234567.891).toLocaleString('ru-RU')"];
    let want = answers(&script, &mut Context::default());
    let blobs = blobs(&["en"]);
    let mut context = context_with(&blobs);
    let first = answers(&script, &mut context);
    assert_ne!(first, want, "without ru the answer falls back");
    assert_eq!(blobs.take_missing(), ["ru"]);
    blobs
        .add("ru", parts()["ru"].clone().into_boxed_slice())
        .expect("a blob");
    assert_eq!(answers(&script, &mut context), want);
    assert_eq!(blobs.take_missing(), Vec::<String>::new());
}

#[test]
fn a_language_without_data_is_not_reported_missing() {
    let blobs = blobs(&["en"]);
    answers(
        &["(1.5).toLocaleString('xx-YY')"],
        &mut context_with(&blobs),
    );
    assert_eq!(blobs.take_missing(), Vec::<String>::new());
}

#[test]
fn icu_experimental_formatters_answer_as_with_the_compiled_data() {
    let blobs = blobs(&["en", "ru", "de"]);
    let provider = blobs
        .with_fallback()
        .expect("the core has the fallback data");
    let amount = Decimal::from(-1234);
    for tag in ["en-US", "ru-RU", "de-CH"] {
        let locale: Locale = tag.parse().expect("a locale");
        for code in ["usd", "rub", "eur"] {
            let code = CurrencyType::try_from_str(code).expect("a currency");
            let compiled =
                CurrencyFormatter::try_new_symbol((&locale).into(), code, Default::default())
                    .expect("compiled data");
            let split = CurrencyFormatter::try_new_symbol_with_buffer_provider(
                &provider,
                (&locale).into(),
                code,
                Default::default(),
            )
            .expect("the parts");
            assert_eq!(
                split.format_fixed_decimal(&amount).to_string(),
                compiled.format_fixed_decimal(&amount).to_string(),
                "{tag}"
            );
        }
        let options = RelativeTimeFormatterOptions::default;
        let compiled =
            RelativeTimeFormatter::try_new_long_day((&locale).into(), options()).expect("compiled");
        let split = RelativeTimeFormatter::try_new_long_day_with_buffer_provider(
            &provider,
            (&locale).into(),
            options(),
        )
        .expect("the parts");
        assert_eq!(
            split.format(Decimal::from(-3)).to_string(),
            compiled.format(Decimal::from(-3)).to_string()
        );
    }
}
