//! What a calculator is: its document as authors save it (`model.rs`), its stored tests
//! (`test_case.rs`), its inputs' values as the script sees them (`inputs.rs`), the calendar
//! days its dates are (`dates.rs`), whether its script needs Intl (`intl_usage.rs`), its
//! form fields — rules, sections, steps, presets (`forms.rs`) — its outputs' rounding rules
//! (`rounding.rs`) and what the editor adds to it (`editor.rs`).

pub mod dates;
pub mod editor;
mod fields;
pub mod forms;
pub mod inputs;
pub mod intl_usage;
mod library;
pub mod model;
mod rounding;
pub mod test_case;
