//! Calculators run in a pool of `calc worker` processes, never in the server process:
//! a hostile script can stall or crash only its own worker, which is then replaced.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use calcsmith_engine::EvalResult;
use calcsmith_engine::worker::{WorkerProcess, WorkerRequest};
use tokio::sync::Semaphore;

/// Time allowed for a worker to load the libraries a calculator uses.
const LIBRARY_LOAD_TIME: Duration = Duration::from_secs(10);

/// A fixed number of worker processes, started on demand and replaced when they die.
pub struct Evaluator {
    calc_bin: PathBuf,
    lib_dir: PathBuf,
    idle: Mutex<Vec<WorkerProcess>>,
    permits: Semaphore,
}

impl Evaluator {
    /// A pool of at most `size` workers running `calc_bin worker --lib-dir lib_dir`.
    pub fn new(calc_bin: PathBuf, lib_dir: PathBuf, size: usize) -> Evaluator {
        Evaluator {
            calc_bin,
            lib_dir,
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(size),
        }
    }

    /// Runs one calculation in a worker.
    ///
    /// # Errors
    /// No worker could be started, or the request was unusable.
    pub async fn evaluate(&self, request: WorkerRequest) -> Result<EvalResult, String> {
        let _permit = self.permits.acquire().await.map_err(|e| e.to_string())?;
        let reused = self.idle.lock().map_err(|e| e.to_string())?.pop();
        let mut worker = match reused {
            Some(worker) => worker,
            None => WorkerProcess::spawn(&self.calc_bin, &self.lib_dir)
                .map_err(|e| format!("cannot start {}: {e}", self.calc_bin.display()))?,
        };
        let (worker, outcome) = tokio::task::spawn_blocking(move || {
            let outcome = worker.evaluate(&request, LIBRARY_LOAD_TIME);
            (worker, outcome)
        })
        .await
        .map_err(|e| e.to_string())?;
        let mut worker = worker;
        if worker.is_alive() {
            self.idle.lock().map_err(|e| e.to_string())?.push(worker);
        }
        outcome.map_err(|e| e.0)
    }
}
