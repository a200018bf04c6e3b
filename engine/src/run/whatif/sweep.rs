//! Sensitivity tables: one value output over a range of one number input (a column), or
//! of two (rows by columns). Each cell is a calculation of its own, under its own time
//! limit; a host that wants progress and a way to cancel asks for a few rows at a time.

use serde::Serialize;
use serde_json::{Map, Value};

use super::{
    Reading, json_number, number_field, number_input, read_at, spec_object, text_field,
    value_output,
};
use crate::eval::Engine;
use crate::model::{CalcDoc, InputDef};
use crate::output::csv_number;

/// The most values along one side of a table.
pub const MAX_STEPS: usize = 50;

/// One side of a table: which input, and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub input: String,
    pub values: Vec<f64>,
}

/// What to tabulate.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    pub output: String,
    /// Down the rows.
    pub rows: Axis,
    /// Across the columns, when two inputs vary.
    pub columns: Option<Axis>,
    /// Only these rows are calculated: from `row_start`, `row_count` of them (all that are
    /// left when `None`).
    pub row_start: usize,
    pub row_count: Option<usize>,
}

impl Sweep {
    /// Reads `{output, input, from, to, steps | values, input2?, from2, to2, steps2 |
    /// values2, rowStart?, rowCount?}`.
    ///
    /// # Errors
    /// A field missing, of the wrong kind or out of range, in words.
    pub fn from_json(spec: &Value) -> Result<Sweep, String> {
        let spec = spec_object(spec)?;
        let output = text_field(spec, "output")?.ok_or("Choose an output to show.")?;
        let rows = axis(spec, "")?.ok_or("Choose an input to vary.")?;
        let columns = axis(spec, "2")?;
        if columns.as_ref().is_some_and(|c| c.input == rows.input) {
            return Err("Choose two different inputs.".to_owned());
        }
        let whole = |key: &str| match number_field(spec, key)? {
            None => Ok(None),
            Some(n) if n >= 0.0 && n.fract() == 0.0 => Ok(Some(n as usize)),
            Some(_) => Err(format!("{key} must be a whole number of 0 or more")),
        };
        let row_start = whole("rowStart")?.unwrap_or(0);
        if row_start >= rows.values.len() {
            return Err(format!(
                "rowStart must be below the number of rows ({}).",
                rows.values.len()
            ));
        }
        Ok(Sweep {
            output: output.to_owned(),
            rows,
            columns,
            row_start,
            row_count: whole("rowCount")?,
        })
    }
}

/// One side from `input{suffix}` with `from{suffix}`, `to{suffix}` and `steps{suffix}` or
/// `values{suffix}`; `None` when the input is not given.
fn axis(spec: &Map<String, Value>, suffix: &str) -> Result<Option<Axis>, String> {
    let Some(input) = text_field(spec, &format!("input{suffix}"))? else {
        return Ok(None);
    };
    let listed = match spec.get(&format!("values{suffix}")) {
        None | Some(Value::Null) => None,
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .map(|item| item.as_f64().filter(|n| n.is_finite()))
                .collect::<Option<Vec<f64>>>()
                .filter(|values| (1..=MAX_STEPS).contains(&values.len()))
                .ok_or_else(|| {
                    format!("The values for \"{input}\" must be 1 to {MAX_STEPS} numbers.")
                })?,
        ),
        Some(_) => return Err(format!("values{suffix} must be a list of numbers")),
    };
    let values = match listed {
        Some(values) => values,
        None => {
            let from = number_field(spec, &format!("from{suffix}"))?;
            let to = number_field(spec, &format!("to{suffix}"))?;
            let steps = number_field(spec, &format!("steps{suffix}"))?;
            let (Some(from), Some(to), Some(steps)) = (from, to, steps) else {
                return Err(format!(
                    "\"{input}\" needs from, to and steps, or a list of values."
                ));
            };
            if steps.fract() != 0.0 || !(1.0..=MAX_STEPS as f64).contains(&steps) {
                return Err(format!(
                    "The steps for \"{input}\" must be a whole number from 1 to {MAX_STEPS}."
                ));
            }
            spaced(from, to, steps as usize)
        }
    };
    Ok(Some(Axis {
        input: input.to_owned(),
        values,
    }))
}

/// `count` values from `from` to `to`, evenly spaced, each rounded to 12 significant
/// digits so that 0.03 + 3 × 0.01 is 0.06, not 0.060000000000000005.
fn spaced(from: f64, to: f64, count: usize) -> Vec<f64> {
    if count == 1 {
        return vec![from];
    }
    let last = (count - 1) as f64;
    (0..count)
        .map(|i| match i {
            0 => from,
            _ if i == count - 1 => to,
            _ => round12(from + (to - from) * (i as f64) / last),
        })
        .collect()
}

fn round12(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    // By a power of ten rather than through decimal text (`format!("{x:.11e}")`), which
    // costs the wasm module 0.7 KB gzipped more.
    let scale = 10f64.powi(11 - x.abs().log10().floor() as i32);
    if scale.is_finite() && (x * scale).is_finite() {
        (x * scale).round() / scale
    } else {
        x
    }
}

/// A table's answer, as every face returns it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SweepAnswer {
    Table {
        output: String,
        input: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        input2: Option<String>,
        /// Every row's value of `input`, whatever slice was calculated.
        rows: Vec<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        columns: Option<Vec<Value>>,
        #[serde(rename = "rowStart")]
        row_start: usize,
        /// The calculated rows' cells; one per row when one input varies.
        cells: Vec<Vec<Cell>>,
    },
    Refused {
        error: String,
    },
}

/// One cell: the output's raw value and its display text, or the calculation's error.
/// `csv` is the number as a CSV writes it when the output rounds (`decimalPlaces`,
/// `roundingMode`, `roundingStep`): as the cell shows it, in plain digits
/// ([`crate::output::csv_number`], as a table output's `EvalResult::csv`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    Value {
        value: Value,
        display: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        csv: Option<String>,
    },
    Failed {
        error: String,
    },
}

impl Engine {
    /// Calculates the table `spec` asks for, from `values` (keyed like `doc.defaults`).
    pub fn sweep(
        &mut self,
        doc: &CalcDoc,
        values: &Map<String, Value>,
        spec: &Sweep,
    ) -> SweepAnswer {
        let refused = |error: String| SweepAnswer::Refused { error };
        let output = match value_output(doc, &spec.output) {
            Ok(output) => output,
            Err(error) => return refused(error),
        };
        let resolve = |axis: &Axis| number_input(doc, &axis.input);
        let row_input: &InputDef = match resolve(&spec.rows) {
            Ok(input) => input,
            Err(error) => return refused(error),
        };
        let column_input = match spec.columns.as_ref().map(resolve).transpose() {
            Ok(input) => input,
            Err(error) => return refused(error),
        };
        let end = spec.row_count.map_or(spec.rows.values.len(), |count| {
            (spec.row_start + count).min(spec.rows.values.len())
        });
        let rows = spec
            .rows
            .values
            .get(spec.row_start..end)
            .unwrap_or_default();
        let columns: Vec<Option<f64>> = match &spec.columns {
            Some(axis) => axis.values.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        let cell = |engine: &mut Engine, x: f64, y: Option<f64>| {
            let mut changes = vec![(row_input, x)];
            if let (Some(input), Some(y)) = (column_input, y) {
                changes.push((input, y));
            }
            match read_at(engine, doc, values, &changes, &spec.output) {
                Reading::Value { raw, display } => Cell::Value {
                    csv: csv_number(output, &raw),
                    value: raw,
                    display,
                },
                Reading::Failed(error) => Cell::Failed { error },
            }
        };
        let cells = self.checked_once(doc, |engine| {
            rows.iter()
                .map(|&x| columns.iter().map(|&y| cell(engine, x, y)).collect())
                .collect()
        });
        SweepAnswer::Table {
            output: spec.output.clone(),
            input: spec.rows.input.clone(),
            input2: spec.columns.as_ref().map(|axis| axis.input.clone()),
            rows: numbers(&spec.rows.values),
            columns: spec.columns.as_ref().map(|axis| numbers(&axis.values)),
            row_start: spec.row_start,
            cells,
        }
    }
}

fn numbers(values: &[f64]) -> Vec<Value> {
    values.iter().copied().map(json_number).collect()
}
