//! What a calculation shows: output values as display text in English or Russian
//! (`format.rs`, rounded by an output's rule in `rounding.rs`), the result every face returns (`output.rs`), a tests run's report
//! (`test_report.rs`) and results as CSV safe to open in a spreadsheet (`csv.rs`).

pub mod csv;
pub mod format;
pub mod output;
mod rounding;
pub mod test_report;
