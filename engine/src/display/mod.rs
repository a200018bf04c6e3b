//! What a calculation shows: output values as display text in English or Russian
//! (`format.rs`), the result every face returns (`output.rs`) and a tests run's report
//! (`test_report.rs`).

pub mod format;
pub mod output;
pub mod test_report;
