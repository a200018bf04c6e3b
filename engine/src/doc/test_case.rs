//! One test case as a calculator's doc stores it (`doc.tests`): its input values, the
//! outputs it expects, what it expects hidden, shown and invalid, its tolerance and its
//! day. A doc type, read by [`crate::CalcDoc`];
//! `test_cases.rs` runs them.

use serde_json::{Map, Value};

use crate::dates::CivilDate;
use crate::whatif::number_field;
use crate::whatif::seek::GoalSeek;

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
    /// A goal seek this test pins (`seek`): from the test's values, the input value that
    /// gives the target must be `value`.
    pub seek: Option<SeekTest>,
    /// Inputs, outputs (by name) and sections (`section:<id>`) that must be hidden
    /// (`hidden`) or visible (`shown`).
    pub hidden: Vec<String>,
    pub shown: Vec<String>,
    /// The valid-when messages expected by input name (`invalid`); `{}` expects every
    /// input valid; absent checks nothing.
    pub invalid: Option<Map<String, Value>>,
}

/// A goal seek a test pins: `{output, target, input, min?, max?, value, tolerance?}`.
#[derive(Debug, Clone, PartialEq)]
pub struct SeekTest {
    pub spec: GoalSeek,
    /// The input value the seek must find.
    pub value: f64,
    /// Absolute, on `value`; [`DEFAULT_SEEK_TOLERANCE`] when absent.
    pub tolerance: f64,
}

/// How far from a pinned goal seek's value the value found may be when the test sets no
/// tolerance.
pub const DEFAULT_SEEK_TOLERANCE: f64 = 1e-6;

impl SeekTest {
    fn from_json(seek: &Value) -> Result<SeekTest, String> {
        let bad = |e: String| format!("a test's seek: {e}");
        let Value::Object(fields) = seek else {
            return Err(bad("must be an object".to_owned()));
        };
        let number = |key: &str| number_field(fields, key).map_err(bad);
        let value = number("value")?.ok_or_else(|| bad("value must be a number".to_owned()))?;
        let tolerance = match number("tolerance")? {
            Some(t) if t < 0.0 => return Err(bad("tolerance must be 0 or more".to_owned())),
            given => given.unwrap_or(DEFAULT_SEEK_TOLERANCE),
        };
        // The seek's own tolerance is on the output; the test's is on the value.
        let mut spec = fields.clone();
        spec.remove("tolerance");
        Ok(SeekTest {
            spec: GoalSeek::from_fields(&spec).map_err(bad)?,
            value,
            tolerance,
        })
    }
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
        let seek = match fields.get("seek") {
            None | Some(Value::Null) => None,
            Some(seek) => Some(SeekTest::from_json(seek)?),
        };
        let names = |key: &str| -> Result<Vec<String>, String> {
            let wrong = || format!("a test's {key} must be a list of names");
            match fields.get(key) {
                None | Some(Value::Null) => Ok(Vec::new()),
                Some(Value::Array(names)) => names
                    .iter()
                    .map(|n| n.as_str().map(str::to_owned).ok_or_else(wrong))
                    .collect(),
                Some(_) => Err(wrong()),
            }
        };
        let invalid = match fields.get("invalid") {
            None | Some(Value::Null) => None,
            Some(Value::Object(map)) if map.values().all(Value::is_string) => Some(map.clone()),
            Some(_) => return Err("a test's invalid must map input names to messages".to_owned()),
        };
        Ok(TestCase {
            name,
            values: object("values")?,
            expected: object("expected")?,
            tolerance,
            today,
            seek,
            hidden: names("hidden")?,
            shown: names("shown")?,
            invalid,
        })
    }

    /// The tolerance this test compares numbers with.
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        self.tolerance.unwrap_or(DEFAULT_TOLERANCE)
    }
}
