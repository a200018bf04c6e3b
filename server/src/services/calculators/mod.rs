//! Calculators: what they show to whom (`reading.rs`: visible, shown, owned, privacy, the
//! owner's list), saving (`save.rs`), and a doc run in the worker pool (`runs.rs`: a save's
//! defaults and tests, a visitor's evaluation). This file only assembles them.

mod reading;
mod runs;
mod save;

pub use reading::{
    ListedCalc, PER_PAGE, Published, Shown, owned, page_of, published, shown, toggle_privacy,
    visible,
};
pub use runs::{evaluate, parse_locale, run_published};
pub use save::{CHANGED_ELSEWHERE, SaveOutcome, SaveRequest, save};
