//! Calcsmith's calculation engine: runs a calculator's script with boa, validates what it
//! returns against the spec's rules and formats it — the same code in the browser (wasm),
//! the server and the `calc` command-line tool.

pub mod dates;
mod describe;
pub mod editor;
mod error_site;
mod errors;
pub mod eval;
pub mod format;
mod guard;
mod host;
mod host_error;
pub mod inputs;
pub mod intl_usage;
pub mod limits;
pub mod model;
pub mod output;
mod realm;
mod run;
pub mod test_case;
pub mod test_cases;
pub mod test_report;
mod v8_messages;
pub mod validate;
#[cfg(feature = "wasm")]
mod wasm;
#[cfg(not(target_arch = "wasm32"))]
pub mod worker;

pub use eval::{Engine, EngineOptions, HostError};
pub use format::Locale;
pub use model::{CalcDoc, Library};
pub use output::EvalResult;
pub use test_cases::{TestCase, TestReport};
