//! Goal seek: the value of one number input that makes one value output equal a target.
//!
//! The search first brackets the target — between the bounds when both are known (the
//! spec's, else the input's own min and max), scanning inside them when their ends do not
//! straddle it; else outward from the input's current value, in steps that double, in
//! the direction the output moves towards the target first — then narrows the bracket
//! with Brent's method (inverse quadratic interpolation, secant steps and bisection).
//! Every calculation of one seek shares one time limit ([`TIME_LIMIT`]).

use serde::Serialize;
use serde_json::{Map, Value};
use web_time::Instant;

mod bracket;
mod narrow;

use bracket::{Bracket, clamp};

use super::{
    Reading, current_number, json_number, number_field, number_input, read_at, shown, spec_object,
    text_field, value_output,
};
use crate::eval::Engine;
use crate::limits::{TIME_LIMIT, TIMEOUT_MESSAGE};
use crate::model::{CalcDoc, InputDef};
use crate::run::calculation::DeadlineCap;

/// The message for a seek that ran out of time.
pub const SEEK_TIMEOUT_MESSAGE: &str = "Goal seek did not finish after 5 seconds.";

/// What to seek: by names, as the doc names its inputs and outputs.
#[derive(Debug, Clone, PartialEq)]
pub struct GoalSeek {
    pub output: String,
    pub target: f64,
    pub input: String,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// Absolute, on the output; `1e-9 × max(1, |target|)` when absent.
    pub tolerance: Option<f64>,
}

impl GoalSeek {
    /// Reads `{output, target, input, min?, max?, tolerance?}`.
    ///
    /// # Errors
    /// A field missing or of the wrong kind, in words.
    pub fn from_json(spec: &Value) -> Result<GoalSeek, String> {
        let spec = spec_object(spec)?;
        Self::from_fields(spec)
    }

    pub(crate) fn from_fields(spec: &Map<String, Value>) -> Result<GoalSeek, String> {
        let output = text_field(spec, "output")?.ok_or("Choose an output to set.")?;
        let input = text_field(spec, "input")?.ok_or("Choose an input to change.")?;
        let target = number_field(spec, "target")?.ok_or("The target must be a number.")?;
        let tolerance = number_field(spec, "tolerance")?;
        if tolerance.is_some_and(|t| t <= 0.0) {
            return Err("tolerance must be above 0".to_owned());
        }
        Ok(GoalSeek {
            output: output.to_owned(),
            target,
            input: input.to_owned(),
            min: number_field(spec, "min")?,
            max: number_field(spec, "max")?,
            tolerance,
        })
    }

    fn tolerance(&self) -> f64 {
        self.tolerance
            .unwrap_or_else(|| 1e-9 * self.target.abs().max(1.0))
    }
}

/// A seek's answer, as every face returns it: the value found, or why there is none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum SeekAnswer {
    Found {
        /// The input's value.
        value: Value,
        /// The output's raw value there, and as the calculator shows it.
        output: Value,
        display: String,
        evaluations: u32,
        tolerance: f64,
    },
    NotFound {
        error: String,
        /// The input's value at which the calculation failed, when that is why.
        #[serde(skip_serializing_if = "Option::is_none")]
        at: Option<Value>,
        evaluations: u32,
    },
}

/// Why a point could not be used.
struct Stop {
    error: String,
    at: Option<f64>,
}

/// One point tried: the input's value, the output minus the target, its display.
#[derive(Clone)]
struct Point {
    x: f64,
    gap: f64,
    raw: Value,
    display: String,
}

struct Seeker<'a> {
    engine: &'a mut Engine,
    doc: &'a CalcDoc,
    base: &'a Map<String, Value>,
    input: &'a InputDef,
    spec: &'a GoalSeek,
    evaluations: u32,
    deadline: Instant,
    /// The lowest and highest output seen, with their display text.
    lowest: Option<(f64, String)>,
    highest: Option<(f64, String)>,
    /// The lowest and highest input value tried.
    tried: Option<(f64, f64)>,
    /// Whether the output went up and then down (or down and up) along a scan.
    turned: bool,
}

impl Seeker<'_> {
    fn at(&mut self, x: f64) -> Result<Point, Stop> {
        if Instant::now() >= self.deadline {
            return Err(Stop {
                error: SEEK_TIMEOUT_MESSAGE.to_owned(),
                at: None,
            });
        }
        self.evaluations += 1;
        let reading = read_at(
            self.engine,
            self.doc,
            self.base,
            &[(self.input, x)],
            &self.spec.output,
        );
        let input = &self.input.name;
        let (raw, display) = match reading {
            Reading::Failed(error) if error == TIMEOUT_MESSAGE && self.evaluations > 1 => {
                return Err(Stop {
                    error: SEEK_TIMEOUT_MESSAGE.to_owned(),
                    at: None,
                });
            }
            Reading::Failed(error) => {
                return Err(Stop {
                    error: format!("At {input} = {}, the calculation fails: {error}", shown(x)),
                    at: Some(x),
                });
            }
            Reading::Value { raw, display } => (raw, display),
        };
        let Some(y) = raw.as_f64().filter(|y| y.is_finite()) else {
            let what = if display.is_empty() {
                raw.to_string()
            } else {
                display
            };
            return Err(Stop {
                error: format!(
                    "At {input} = {}, {} is not a number ({what}).",
                    shown(x),
                    self.spec.output
                ),
                at: Some(x),
            });
        };
        if self.lowest.as_ref().is_none_or(|(low, _)| y < *low) {
            self.lowest = Some((y, display.clone()));
        }
        if self.highest.as_ref().is_none_or(|(high, _)| y > *high) {
            self.highest = Some((y, display.clone()));
        }
        self.tried = Some(match self.tried {
            Some((low, high)) => (low.min(x), high.max(x)),
            None => (x, x),
        });
        Ok(Point {
            x,
            gap: y - self.spec.target,
            raw,
            display,
        })
    }

    fn found(&self, point: Point) -> SeekAnswer {
        SeekAnswer::Found {
            value: json_number(point.x),
            output: point.raw,
            display: point.display,
            evaluations: self.evaluations,
            tolerance: self.spec.tolerance(),
        }
    }

    fn close_enough(&self, point: &Point) -> bool {
        point.gap.abs() <= self.spec.tolerance()
    }
}

impl Engine {
    /// Finds the value of `spec.input` that makes `spec.output` equal `spec.target`,
    /// starting from `values` (keyed like `doc.defaults`), with every calculation under
    /// one time limit.
    pub fn goal_seek(
        &mut self,
        doc: &CalcDoc,
        values: &Map<String, Value>,
        spec: &GoalSeek,
    ) -> SeekAnswer {
        let not_found = |error: String| SeekAnswer::NotFound {
            error,
            at: None,
            evaluations: 0,
        };
        let input = match number_input(doc, &spec.input) {
            Ok(input) => input,
            Err(error) => return not_found(error),
        };
        if let Err(error) = value_output(doc, &spec.output) {
            return not_found(error);
        }
        let bound = |given: Option<f64>, own: Option<&serde_json::Number>| {
            given.or_else(|| own.and_then(serde_json::Number::as_f64))
        };
        let low = bound(spec.min, input.min.as_ref());
        let high = bound(spec.max, input.max.as_ref());
        if let (Some(low), Some(high)) = (low, high)
            && low >= high
        {
            return not_found(format!(
                "The lowest value to try ({}) must be below the highest ({}).",
                shown(low),
                shown(high)
            ));
        }
        let start_x = clamp(current_number(doc, values, input), low, high);
        let deadline = Instant::now() + TIME_LIMIT;
        let _cap = DeadlineCap::new(deadline);
        let mut seeker = Seeker {
            engine: self,
            doc,
            base: values,
            input,
            spec,
            evaluations: 0,
            deadline,
            lowest: None,
            highest: None,
            tried: None,
            turned: false,
        };
        let outcome = seeker.at(start_x).and_then(|start| {
            if seeker.close_enough(&start) {
                return Ok(start);
            }
            let bracket = match (low, high) {
                (Some(low), Some(high)) => seeker.bracket_within(low, high, start)?,
                _ => seeker.bracket_outward(start, low, high)?,
            };
            match bracket {
                Bracket::Exact(point) => Ok(point),
                Bracket::Between(a, b) => seeker.narrow(a, b),
            }
        });
        match outcome {
            Ok(point) => seeker.found(point),
            Err(stop) => SeekAnswer::NotFound {
                error: stop.error,
                at: stop.at.map(json_number),
                evaluations: seeker.evaluations,
            },
        }
    }
}
