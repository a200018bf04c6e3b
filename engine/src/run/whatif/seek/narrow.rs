//! The last step of a goal seek: Brent's method narrowing a bracket around the target.

use super::bracket::straddles;
use super::{Point, Seeker, Stop};
use crate::whatif::shown;

/// The most narrowing steps before a seek gives up.
const MAX_NARROWING: u32 = 200;

impl Seeker<'_> {
    /// Brent's method between `a` and `b`, whose gaps have opposite signs.
    pub(super) fn narrow(&mut self, a: Point, b: Point) -> Result<Point, Stop> {
        let (mut a, mut b) = (a, b);
        if a.gap.abs() < b.gap.abs() {
            std::mem::swap(&mut a, &mut b);
        }
        // `b` is the best point, `a` the other end of the bracket, `c` the previous `b`.
        let mut c = a.clone();
        let mut previous_step = b.x - a.x;
        let mut step = previous_step;
        for _ in 0..MAX_NARROWING {
            if self.close_enough(&b) {
                return Ok(b);
            }
            let width = (a.x - b.x).abs();
            if width <= 4.0 * f64::EPSILON * b.x.abs().max(f64::MIN_POSITIVE) {
                return Err(self.jump(&a, &b));
            }
            let middle = (a.x - b.x) / 2.0;
            let interpolated = if c.gap != a.gap && c.gap != b.gap {
                // Inverse quadratic interpolation through a, b and c.
                let (fa, fb, fc) = (a.gap, b.gap, c.gap);
                a.x * fb * fc / ((fa - fb) * (fa - fc))
                    + b.x * fa * fc / ((fb - fa) * (fb - fc))
                    + c.x * fa * fb / ((fc - fa) * (fc - fb))
                    - b.x
            } else {
                // The secant through b and c (c is a when there was no earlier step).
                -b.gap * (b.x - c.x) / (b.gap - c.gap)
            };
            let inside = interpolated.is_finite()
                && (interpolated.signum() == middle.signum())
                && interpolated.abs() < middle.abs() * 0.75;
            let shrinking = interpolated.abs() < previous_step.abs() / 2.0;
            if inside && shrinking {
                previous_step = step;
                step = interpolated;
            } else {
                step = middle;
                previous_step = middle;
            }
            let least = 2.0 * f64::EPSILON * b.x.abs().max(1e-300);
            let x = if step.abs() > least {
                b.x + step
            } else {
                b.x + least.copysign(middle)
            };
            c = b.clone();
            let next = self.at(x)?;
            if straddles(&next, &b) {
                a = b;
            }
            b = next;
            if a.gap.abs() < b.gap.abs() {
                std::mem::swap(&mut a, &mut b);
            }
        }
        Err(Stop {
            error: format!(
                "Goal seek found no value closer than {} after {} calculations.",
                shown(b.gap.abs()),
                self.evaluations
            ),
            at: None,
        })
    }

    fn jump(&self, a: &Point, b: &Point) -> Stop {
        let (left, right) = if a.x < b.x { (a, b) } else { (b, a) };
        Stop {
            error: format!(
                "{} jumps past {} at {} ≈ {} (from {} to {}): no value gives it exactly.",
                self.spec.output,
                shown(self.spec.target),
                self.spec.input,
                shown(b.x),
                left.display,
                right.display
            ),
            at: None,
        }
    }
}
