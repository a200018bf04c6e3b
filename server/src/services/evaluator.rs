//! Calculators run in a pool of `calc worker` processes, never in the server process:
//! a hostile script can stall or crash only its own worker, which is then replaced.
//!
//! The pool is a hard bound on running processes: a worker's permit is given back only
//! once the worker is idle again or dead and reaped, and a request that is abandoned
//! (its client went away, or the server's timeout dropped it) kills its worker, so it
//! frees its place within moments instead of when the calculation would have ended.
//! Who gets to wait for the pool is decided first by [`EvalQueue`].

use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use calcsmith_engine::EvalResult;
use calcsmith_engine::test_cases::TestReport;
use calcsmith_engine::worker::{WorkerKiller, WorkerProcess, WorkerRequest};
use tokio::sync::Semaphore;

use crate::config::EvalLimits;
use crate::services::eval_queue::EvalQueue;

/// A fixed number of worker processes, started on demand and replaced when they die.
pub struct Evaluator {
    calc_bin: PathBuf,
    lib_dir: PathBuf,
    idle: Arc<Mutex<Vec<WorkerProcess>>>,
    permits: Arc<Semaphore>,
    /// Fair admission by owner, in front of the pool.
    pub queue: EvalQueue,
}

impl Evaluator {
    /// A pool of at most `size` workers running `calc_bin worker --lib-dir lib_dir`,
    /// shared out among owners by `limits`.
    pub fn new(calc_bin: PathBuf, lib_dir: PathBuf, size: usize, limits: EvalLimits) -> Evaluator {
        Evaluator {
            calc_bin,
            lib_dir,
            idle: Arc::new(Mutex::new(Vec::new())),
            permits: Arc::new(Semaphore::new(size)),
            queue: EvalQueue::new(size, limits),
        }
    }

    /// Runs one calculation in a worker. Dropping the returned future before it is done
    /// kills the worker.
    ///
    /// # Errors
    /// No worker could be started, or the request was unusable.
    pub async fn evaluate(&self, request: WorkerRequest) -> Result<EvalResult, String> {
        self.in_worker(request, |worker, request| {
            worker.evaluate(request).map_err(|e| e.0)
        })
        .await
    }

    /// Runs the doc's test cases in one worker, each under the limits of one calculation
    /// (a test that has to be stopped fails, and so do the ones after it, unrun). Dropping
    /// the returned future before it is done kills the worker.
    ///
    /// # Errors
    /// No worker could be started, or the request was unusable.
    pub async fn run_tests(&self, request: WorkerRequest) -> Result<TestReport, String> {
        self.in_worker(request, |worker, request| {
            worker.run_tests(request).map_err(|e| e.0)
        })
        .await
    }

    /// Gives `work` a worker of the pool for `request`, and the worker back to the pool
    /// when it is still alive afterwards.
    async fn in_worker<T: Send + 'static>(
        &self,
        request: WorkerRequest,
        work: impl FnOnce(&mut WorkerProcess, &WorkerRequest) -> Result<T, String> + Send + 'static,
    ) -> Result<T, String> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|e| e.to_string())?;
        let mut worker = match self.idle_worker() {
            Some(worker) => worker,
            None => WorkerProcess::spawn(&self.calc_bin, &self.lib_dir)
                .map_err(|e| format!("cannot start {}: {e}", self.calc_bin.display()))?,
        };
        let watch = Arc::new(Watch(Mutex::new(Some(worker.killer()))));
        let abandoned = KillIfAbandoned(Arc::clone(&watch));
        let idle = Arc::clone(&self.idle);
        let outcome = tokio::task::spawn_blocking(move || {
            let outcome = work(&mut worker, &request);
            // Once `finish` has run, an abandoned request no longer touches this worker,
            // so an idle worker is never killed under the next request.
            let finished = watch.finish();
            if finished && worker.is_alive() {
                lock(&idle).push(worker);
            } else {
                drop(worker); // kills and reaps it
            }
            // Only now may another request start a worker in its place.
            drop(permit);
            outcome
        })
        .await
        .map_err(|e| e.to_string())?;
        drop(abandoned);
        outcome
    }

    /// An idle worker that is still running; dead ones (killed by the OS) are dropped.
    fn idle_worker(&self) -> Option<WorkerProcess> {
        let mut idle = lock(&self.idle);
        while let Some(mut worker) = idle.pop() {
            if worker.is_alive() {
                return Some(worker);
            }
        }
        None
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The worker of one evaluation while it calculates; `None` once the evaluation has
/// finished or the worker has been killed.
struct Watch(Mutex<Option<WorkerKiller>>);

impl Watch {
    /// The evaluation is over; false when it had been abandoned (its worker killed).
    fn finish(&self) -> bool {
        lock(&self.0).take().is_some()
    }

    fn abandon(&self) {
        if let Some(killer) = lock(&self.0).take() {
            killer.kill();
        }
    }
}

/// Kills the worker when the evaluation's future is dropped before the worker answered.
struct KillIfAbandoned(Arc<Watch>);

impl Drop for KillIfAbandoned {
    fn drop(&mut self) {
        self.0.abandon();
    }
}
