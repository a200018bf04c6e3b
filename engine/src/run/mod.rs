//! Running a calculator: the warm [`Engine`](eval::Engine) (`eval.rs`), the realms its
//! calculations run in (`realm.rs`, with `harness.js`), one calculation under the limits
//! (`calculation.rs`, `limits.rs`), the check that a library realm is untouched
//! (`guard.rs`), the doc's show-when and valid-when rules (`rules.rs`), the spec's
//! validation rules (`validate.rs`), the returned value's
//! description (`describe.rs`), the stored tests' runs (`test_cases.rs`) and the what-if
//! tools, goal seek and sensitivity tables (`whatif/`).

pub mod calculation;
pub mod describe;
pub mod eval;
pub mod guard;
pub mod limits;
pub mod realm;
pub mod rules;
pub mod test_cases;
pub mod validate;
pub mod whatif;
