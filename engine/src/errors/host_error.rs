//! The engine's one error type for faults of the host, not of the calculator, at the
//! bottom of the crate so that everything that can fail that way (the realms, a run, the
//! engine, a worker process) names it without importing the engine.

/// A fault of the host, not of the calculator (a calculator's failure is an
/// [`crate::EvalResult`] with `error` set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError(pub String);

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostError {}
