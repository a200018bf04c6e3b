//! One test case as a calculator's doc stores it (`doc.tests`): its input values, the
//! outputs it expects, its tolerance and its day. A doc type, read by [`crate::CalcDoc`];
//! `test_cases.rs` runs them.

use serde_json::{Map, Value};

use crate::dates::CivilDate;

/// Why a test's `today` was refused.
pub(crate) const BAD_TODAY: &str = "a test's today must be a calendar day written YYYY-MM-DD";

/// The relative tolerance for numbers when a test sets none.
pub const DEFAULT_TOLERANCE: f64 = 1e-9;

/// One test of `doc.tests`, as [`crate::CalcDoc::tests`] reads it. The doc keeps its tests as
/// the JSON they came in (among its other fields), so they and any fields of theirs
/// this engine does not know round-trip untouched; they are read by hand rather than by
/// a derived `Deserialize`, which cost the wasm module ~2 KB gzipped past its 1.3 MB.
#[derive(Debug, Clone, PartialEq)]
pub struct TestCase {
    pub name: String,
    /// Input values keyed like `doc.defaults` (input id as a string); inputs not named
    /// fall back to `doc.defaults`, then to their type's default.
    pub values: Map<String, Value>,
    /// Expected raw outputs by output name: a value output's raw value, a table's rows
    /// as objects keyed by column name. Outputs (and columns) not named are not checked.
    pub expected: Map<String, Value>,
    /// Relative tolerance for numbers; [`DEFAULT_TOLERANCE`] when absent.
    pub tolerance: Option<f64>,
    /// The day "Relative to today" dates count from in this test (`today`, written
    /// `YYYY-MM-DD`), so a test made today passes tomorrow; the engine's today when absent.
    pub today: Option<CivilDate>,
}

impl TestCase {
    /// Reads a test: `name` text, `values` and `expected` objects, `tolerance` a finite
    /// number of 0 or more, `today` a calendar day written `YYYY-MM-DD`; each may be
    /// absent or null.
    ///
    /// # Errors
    /// A field of the wrong kind, in words for the author.
    pub fn from_json(test: &Value) -> Result<TestCase, String> {
        let Value::Object(fields) = test else {
            return Err("a test must be an object".to_owned());
        };
        let name = match fields.get("name") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(name)) => name.clone(),
            Some(_) => return Err("a test's name must be text".to_owned()),
        };
        let object = |key: &str| match fields.get(key) {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(Value::Object(map)) => Ok(map.clone()),
            Some(_) => Err(format!("a test's {key} must be an object")),
        };
        let tolerance = match fields.get("tolerance") {
            None | Some(Value::Null) => None,
            Some(value) => match value.as_f64() {
                Some(t) if t.is_finite() && t >= 0.0 => Some(t),
                _ => return Err("a test's tolerance must be a number of 0 or more".to_owned()),
            },
        };
        let today = match fields.get("today") {
            None | Some(Value::Null) => None,
            Some(value) => match value.as_str().and_then(CivilDate::parse_iso) {
                Some(day) => Some(day),
                None => return Err(BAD_TODAY.to_owned()),
            },
        };
        Ok(TestCase {
            name,
            values: object("values")?,
            expected: object("expected")?,
            tolerance,
            today,
        })
    }

    /// The tolerance this test compares numbers with.
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        self.tolerance.unwrap_or(DEFAULT_TOLERANCE)
    }
}
