//! The first step of a goal seek: two points around the target, between the bounds or
//! outward from the current value, and why there are none.

use super::{Point, Seeker, Stop};
use crate::whatif::shown;

/// How many doublings of the step an outward search tries in each direction.
const OUTWARD_STEPS: u32 = 48;
/// How many pieces the bounds are cut into when their ends do not straddle the target.
const SCAN_PIECES: u32 = 32;

impl Seeker<'_> {
    /// The point at `x`, or `None` when its calculation fails there (the first such
    /// failure is kept in `failure`, the reason when nothing else is found).
    fn try_at(&mut self, x: f64, failure: &mut Option<Stop>) -> Result<Option<Point>, Stop> {
        match self.at(x) {
            Ok(point) => Ok(Some(point)),
            Err(stop) if stop.at.is_some() => {
                failure.get_or_insert(stop);
                Ok(None)
            }
            Err(stop) => Err(stop),
        }
    }

    /// Two points whose gaps have opposite signs (or one that is close enough), between
    /// `low` and `high`, starting from `start`. A point whose calculation fails is
    /// stepped over; it is the reason only when no crossing is found.
    pub(super) fn bracket_within(
        &mut self,
        low: f64,
        high: f64,
        start: Point,
    ) -> Result<Bracket, Stop> {
        let mut failure = None;
        let first = self.try_at(low, &mut failure)?;
        let last = self.try_at(high, &mut failure)?;
        for point in first.iter().chain(&last) {
            if self.close_enough(point) {
                return Ok(Bracket::Exact(point.clone()));
            }
        }
        let ends = [
            (first.as_ref(), Some(&start)),
            (Some(&start), last.as_ref()),
        ];
        for (a, b) in ends {
            if let (Some(a), Some(b)) = (a, b)
                && a.x < b.x
                && straddles(a, b)
            {
                return Ok(Bracket::Between(a.clone(), b.clone()));
            }
        }
        // The ends do not straddle the target: look inside, nearest the start first.
        let mut previous = first;
        let mut rising: Option<bool> = None;
        let mut found: Option<(Point, Point)> = None;
        for piece in 1..=SCAN_PIECES {
            let point = if piece == SCAN_PIECES {
                last.clone()
            } else {
                let x = low + (high - low) * f64::from(piece) / f64::from(SCAN_PIECES);
                self.try_at(x, &mut failure)?
            };
            if let Some(point) = &point {
                if self.close_enough(point) {
                    return Ok(Bracket::Exact(point.clone()));
                }
                if let Some(previous) = &previous {
                    let up = point.gap > previous.gap;
                    if rising.is_some_and(|was| was != up) {
                        self.turned = true;
                    }
                    rising = Some(up);
                    let nearer = found
                        .as_ref()
                        .is_none_or(|(a, _)| (point.x - start.x).abs() < (a.x - start.x).abs());
                    if straddles(previous, point) && nearer {
                        found = Some((previous.clone(), point.clone()));
                    }
                }
            }
            previous = point;
        }
        match (found, failure) {
            (Some((a, b)), _) => Ok(Bracket::Between(a, b)),
            (None, Some(failure)) => Err(failure),
            (None, None) => Err(self.unreachable(Some((low, high)))),
        }
    }

    /// Outward from `start`, within whichever bound is known.
    pub(super) fn bracket_outward(
        &mut self,
        start: Point,
        low: Option<f64>,
        high: Option<f64>,
    ) -> Result<Bracket, Stop> {
        let step = if start.x == 0.0 {
            1.0
        } else {
            start.x.abs() / 10.0
        };
        // Which way first: where a small step brings the output nearer the target.
        let probe_x = clamp(start.x + step / 16.0, low, high);
        let towards_right = if probe_x == start.x {
            false
        } else {
            let probe = self.at(probe_x)?;
            if self.close_enough(&probe) {
                return Ok(Bracket::Exact(probe));
            }
            if straddles(&start, &probe) {
                return Ok(Bracket::Between(start, probe));
            }
            probe.gap.abs() < start.gap.abs()
        };
        let mut failure: Option<Stop> = None;
        for right in [towards_right, !towards_right] {
            let mut previous = start.clone();
            let mut size = step;
            for _ in 0..OUTWARD_STEPS {
                let wanted = if right {
                    start.x + size
                } else {
                    start.x - size
                };
                let x = clamp(wanted, low, high);
                if x == previous.x || !x.is_finite() {
                    break;
                }
                let point = match self.at(x) {
                    Ok(point) => point,
                    Err(stop) if stop.at.is_some() => {
                        // A calculation that fails further out ends this direction.
                        failure.get_or_insert(stop);
                        break;
                    }
                    Err(stop) => return Err(stop),
                };
                if self.close_enough(&point) {
                    return Ok(Bracket::Exact(point));
                }
                if straddles(&previous, &point) {
                    return Ok(if right {
                        Bracket::Between(previous, point)
                    } else {
                        Bracket::Between(point, previous)
                    });
                }
                if (point.gap > previous.gap) != (previous.gap > start.gap) && previous.x != start.x
                {
                    self.turned = true;
                }
                previous = point;
                size *= 2.0;
            }
        }
        Err(failure.unwrap_or_else(|| self.unreachable(None)))
    }

    /// Why no value gives the target: the range of outputs seen.
    pub(super) fn unreachable(&self, bounds: Option<(f64, f64)>) -> Stop {
        let spec = self.spec;
        let output = &spec.output;
        let target = shown(spec.target);
        let (low, high) = match (&self.lowest, &self.highest) {
            (Some((_, low)), Some((_, high))) => (low.clone(), high.clone()),
            _ => (String::new(), String::new()),
        };
        let turned = if self.turned {
            ", and it is not monotonic"
        } else {
            ""
        };
        let error = match bounds {
            Some((a, b)) => format!(
                "No value of {} from {} to {} gives {output} = {target}: it stays between {low} and {high} there{turned}.",
                spec.input,
                shown(a),
                shown(b)
            ),
            None => {
                let (a, b) = self.tried.unwrap_or_default();
                format!(
                    "No value of {} gives {output} = {target}: from {} to {} it stays between {low} and {high}{turned}.",
                    spec.input,
                    shown(a),
                    shown(b)
                )
            }
        };
        Stop { error, at: None }
    }
}

pub(super) enum Bracket {
    Exact(Point),
    Between(Point, Point),
}

pub(super) fn straddles(a: &Point, b: &Point) -> bool {
    (a.gap < 0.0) != (b.gap < 0.0)
}

pub(super) fn clamp(x: f64, low: Option<f64>, high: Option<f64>) -> f64 {
    let x = low.map_or(x, |low| x.max(low));
    high.map_or(x, |high| x.min(high))
}
