//! The host's side: [`WorkerProcess`] starts a `calc worker`, sends it requests and waits
//! for each answer at most the time the protocol gives it, killing the process past it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde_json::Map;

use super::protocol::{
    KILL_GRACE, LIBRARY_LOAD_TIME, NOT_RUN_MESSAGE, WorkerError, WorkerRequest, WorkerResponse,
    wanted_libraries,
};
use crate::limits::{CRASH_MESSAGE, MEMORY_MESSAGE, TIME_LIMIT, TIMEOUT_MESSAGE};
use crate::test_cases::{TestOutcome, TestReport};
use crate::{EvalResult, HostError, Library};

/// A running `calc worker` process.
pub struct WorkerProcess {
    /// Shared with [`WorkerKiller`]s, so another thread can end the process while this
    /// one waits for its answer.
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    responses: Receiver<String>,
    stderr: Receiver<String>,
    libraries: Holdings,
}

/// Ends a [`WorkerProcess`] from another thread: for a host whose request was abandoned
/// while the worker was still calculating it.
#[derive(Clone)]
pub struct WorkerKiller(Arc<Mutex<Child>>);

impl WorkerKiller {
    /// Kills the process; the thread waiting in [`WorkerProcess::evaluate`] then returns
    /// at once, because the process's output closes. Harmless once it has ended.
    pub fn kill(&self) {
        // `Child::kill` sends nothing to a child already waited for, so a reused pid is safe.
        let _ = lock(&self.0).kill();
    }
}

fn lock(child: &Mutex<Child>) -> MutexGuard<'_, Child> {
    child.lock().unwrap_or_else(PoisonError::into_inner)
}

impl WorkerProcess {
    /// Starts `calc_binary worker --lib-dir lib_dir`.
    ///
    /// # Errors
    /// The process could not be started.
    pub fn spawn(calc_binary: &Path, lib_dir: &Path) -> std::io::Result<WorkerProcess> {
        let mut child = Command::new(calc_binary)
            .arg("worker")
            .arg("--lib-dir")
            .arg(lib_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let stderr = child
            .stderr
            .take()
            .ok_or_else(|| std::io::Error::other("no stderr"))?;
        Ok(WorkerProcess {
            child: Arc::new(Mutex::new(child)),
            stdin,
            responses: lines_of(stdout),
            stderr: lines_of(stderr),
            libraries: Holdings::default(),
        })
    }

    /// A handle that kills this process from another thread.
    pub fn killer(&self) -> WorkerKiller {
        WorkerKiller(Arc::clone(&self.child))
    }

    /// The process id (for logs and tests).
    pub fn id(&self) -> u32 {
        lock(&self.child).id()
    }

    /// How long [`WorkerProcess::evaluate`] waits for the answer to `request` before it
    /// kills the process: the engine's time limit plus [`KILL_GRACE`], plus
    /// [`LIBRARY_LOAD_TIME`] only when this process must load a library first.
    pub fn answer_time(&self, request: &WorkerRequest) -> Duration {
        self.libraries.answer_time(&wanted_libraries(request))
    }

    /// Sends one request and waits for its answer, at most [`WorkerProcess::answer_time`].
    ///
    /// On a time-out or a crash the process is killed and the result says so; the
    /// caller must then start a new worker ([`WorkerProcess::is_alive`] is false).
    ///
    /// # Errors
    /// The request was unusable (`WorkerResponse::Invalid`), or talking to the process
    /// failed before it could answer.
    pub fn evaluate(&mut self, request: &WorkerRequest) -> Result<EvalResult, HostError> {
        let line = serde_json::to_string(request).map_err(|e| HostError(e.to_string()))?;
        let wanted = wanted_libraries(request);
        let wait = self.libraries.answer_time(&wanted);
        if writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Ok(self.ended(false));
        }
        match self.responses.recv_timeout(wait) {
            Ok(answer) => match serde_json::from_str(&answer) {
                Ok(WorkerResponse::Result(result)) => {
                    self.libraries.answered(wanted, result.error.as_deref());
                    Ok(*result)
                }
                Ok(WorkerResponse::Invalid(message)) => Err(HostError(message)),
                Ok(WorkerResponse::Tests(_) | WorkerResponse::Tested(_)) => {
                    Err(HostError("the worker answered with tests".to_owned()))
                }
                Err(e) => Err(HostError(format!("unreadable worker answer: {e}"))),
            },
            Err(RecvTimeoutError::Timeout) => Ok(self.ended(true)),
            Err(RecvTimeoutError::Disconnected) => Ok(self.ended(false)),
        }
    }

    /// Runs the doc's test cases in the worker (`request.tests` is implied) and returns
    /// the report. Each test is waited for as long as one calculation
    /// ([`WorkerProcess::answer_time`]: its time limit plus [`KILL_GRACE`], plus
    /// [`LIBRARY_LOAD_TIME`] when the worker must load libraries first).
    ///
    /// When a test has to be stopped by killing the process (out of time, past the hard
    /// memory limit, a crash), that test fails with the calculation's message and the
    /// tests after it fail unrun ([`NOT_RUN_MESSAGE`]); the caller must then start a new
    /// worker ([`WorkerProcess::is_alive`] is false).
    ///
    /// # Errors
    /// The request was unusable (the doc is not a calculator), or talking to the
    /// process failed before it could answer.
    pub fn run_tests(&mut self, request: &WorkerRequest) -> Result<TestReport, WorkerError> {
        let request = WorkerRequest {
            tests: true,
            values: Map::new(),
            ..request.clone()
        };
        let doc = request
            .calc_doc()
            .map_err(|e| HostError(format!("doc is not a calculator: {e}")))?;
        let tests = doc.tests().unwrap_or_default();
        let wanted = wanted_libraries(&request);
        let line = serde_json::to_string(&request).map_err(|e| HostError(e.to_string()))?;
        let mut outcomes: Vec<TestOutcome> = Vec::with_capacity(tests.len());
        let timed_out = if writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            false
        } else {
            loop {
                let wait = self.libraries.answer_time(&wanted);
                match self.responses.recv_timeout(wait) {
                    Ok(answer) => match serde_json::from_str(&answer) {
                        Ok(WorkerResponse::Tested(outcome)) => {
                            self.libraries
                                .answered(wanted.clone(), outcome.error.as_deref());
                            outcomes.push(outcome);
                        }
                        Ok(WorkerResponse::Tests(report)) => return Ok(report),
                        Ok(WorkerResponse::Invalid(message)) => return Err(HostError(message)),
                        Ok(WorkerResponse::Result(_)) => {
                            return Err(HostError("the worker answered with a result".to_owned()));
                        }
                        Err(e) => {
                            return Err(HostError(format!("unreadable worker answer: {e}")));
                        }
                    },
                    Err(RecvTimeoutError::Timeout) => break true,
                    Err(RecvTimeoutError::Disconnected) => break false,
                }
            }
        };
        let message = self
            .ended(timed_out)
            .error
            .unwrap_or_else(|| CRASH_MESSAGE.to_owned());
        let stopped = outcomes.len();
        for (index, test) in tests.iter().enumerate().skip(stopped) {
            let error = if index == stopped {
                message.clone()
            } else {
                NOT_RUN_MESSAGE.to_owned()
            };
            outcomes.push(TestOutcome::failed(&test.name, error));
        }
        Ok(TestReport::from_outcomes(outcomes))
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(lock(&self.child).try_wait(), Ok(None))
    }

    fn ended(&mut self, timed_out: bool) -> EvalResult {
        {
            let mut child = lock(&self.child);
            let _ = child.kill();
            let _ = child.wait();
        }
        // The process is gone, so its stderr closes; wait briefly for the last lines.
        let mut said = Vec::new();
        while let Ok(line) = self.stderr.recv_timeout(Duration::from_millis(500)) {
            said.push(line);
        }
        let message = if timed_out {
            TIMEOUT_MESSAGE
        } else if said.iter().any(|l| l.contains("memory allocation")) {
            MEMORY_MESSAGE
        } else {
            CRASH_MESSAGE
        };
        EvalResult::failed(message, Vec::new())
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let mut child = lock(&self.child);
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// The libraries a worker's engine holds, so the host knows when a request makes it
/// load one (and so needs [`LIBRARY_LOAD_TIME`]).
#[derive(Debug, Default)]
struct Holdings {
    loaded: Vec<Library>,
    /// The engine dropped its runtime (a time-out or memory stop), so its next request
    /// first loads every library in `loaded` again (see `eval.rs`).
    reloads: bool,
}

impl Holdings {
    /// The wait for a calculation that switches on `wanted`.
    fn answer_time(&self, wanted: &[Library]) -> Duration {
        let loads = self.reloads && !self.loaded.is_empty()
            || wanted.iter().any(|library| !self.loaded.contains(library));
        let allowance = if loads {
            LIBRARY_LOAD_TIME
        } else {
            Duration::ZERO
        };
        TIME_LIMIT + KILL_GRACE + allowance
    }

    /// Notes a calculation that switched on `wanted` and ended with `error`: the worker
    /// loaded those libraries before running it.
    fn answered(&mut self, wanted: Vec<Library>, error: Option<&str>) {
        for library in wanted {
            if !self.loaded.contains(&library) {
                self.loaded.push(library);
            }
        }
        self.reloads = matches!(error, Some(TIMEOUT_MESSAGE | MEMORY_MESSAGE));
    }
}

fn lines_of(stream: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD_LIMIT: Duration = Duration::from_secs(7);

    #[test]
    fn the_hard_limit_is_the_time_limit_plus_the_grace() {
        assert_eq!(TIME_LIMIT + KILL_GRACE, HARD_LIMIT);
    }

    #[test]
    fn a_calculation_without_libraries_gets_no_allowance() {
        let fresh = Holdings::default();
        assert_eq!(fresh.answer_time(&[]), HARD_LIMIT);
    }

    #[test]
    fn a_library_gets_the_allowance_only_the_first_time() {
        let mut holdings = Holdings::default();
        assert_eq!(
            holdings.answer_time(&[Library::Mathjs]),
            HARD_LIMIT + LIBRARY_LOAD_TIME
        );
        holdings.answered(vec![Library::Mathjs], None);
        assert_eq!(holdings.answer_time(&[Library::Mathjs]), HARD_LIMIT);
        assert_eq!(holdings.answer_time(&[]), HARD_LIMIT);
        assert_eq!(
            holdings.answer_time(&[Library::Mathjs, Library::Lodash]),
            HARD_LIMIT + LIBRARY_LOAD_TIME
        );
    }

    #[test]
    fn a_stopped_calculation_makes_the_next_one_reload_the_libraries() {
        let mut holdings = Holdings::default();
        holdings.answered(vec![Library::Lodash], Some(TIMEOUT_MESSAGE));
        assert_eq!(holdings.answer_time(&[]), HARD_LIMIT + LIBRARY_LOAD_TIME);
        holdings.answered(
            Vec::new(),
            Some("ReferenceError: y is not defined (line 1)"),
        );
        assert_eq!(holdings.answer_time(&[]), HARD_LIMIT);
        // Without a library there is nothing to reload.
        let mut bare = Holdings::default();
        bare.answered(Vec::new(), Some(MEMORY_MESSAGE));
        assert_eq!(bare.answer_time(&[]), HARD_LIMIT);
    }
}
