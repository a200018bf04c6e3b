//! What a calculation shows: output values as display text in English or Russian
//! (`format.rs`, rounded by an output's rule in `rounding.rs`), the result every face returns (`output.rs`), a tests run's report
//! (`test_report.rs`), results as CSV safe to open in a spreadsheet (`csv.rs`), and a
//! script's strings with their lone surrogates as a browser has them (`js_text.rs`).

pub mod csv;
pub mod format;
pub mod js_text;
pub mod output;
mod rounding;
pub mod test_report;
