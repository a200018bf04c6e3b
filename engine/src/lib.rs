//! Calcsmith's calculation engine: runs a calculator's script with boa, validates what it
//! returns against the spec's rules and formats it — the same code in the browser (wasm),
//! the server and the `calc` command-line tool.
//!
//! The source is grouped by layer, each folder's `mod.rs` saying what is in it: `doc/`
//! (what a calculator is), `run/` (running it), `host/` (the built-ins boa lacks or words
//! otherwise than V8), `errors/` (how failures read), `display/` (what a calculation
//! shows) and `faces/` (wasm and the worker process). The modules other crates use are
//! re-exported here under their own names.

mod display;
mod doc;
mod errors;
mod faces;
mod host;
mod run;

pub use display::{csv, format, js_text, output, test_report};
pub use doc::{dates, editor, forms, inputs, intl_usage, model, test_case};
#[cfg(not(target_arch = "wasm32"))]
pub use faces::worker;
pub use run::{eval, limits, test_cases, validate, whatif};

pub use eval::{Engine, EngineOptions, HostError};
pub use format::Locale;
#[cfg(feature = "intl")]
pub use host::intl_data::{LocaleBlobs, NAMES as INTL_NAMES, part_of as intl_part_of};
#[cfg(feature = "intl_data")]
pub use host::intl_name_parts;
pub use model::{CalcDoc, Library};
pub use output::EvalResult;
pub use test_cases::{TestCase, TestReport};
