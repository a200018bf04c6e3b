//! Evaluation in a separate process, so a calculator that ends its process (by
//! allocating past the hard memory limit) or a built-in that never yields cannot take
//! its host down. `calc worker` serves [`WorkerRequest`]s, one JSON line each, on
//! stdin/stdout; [`WorkerProcess`] drives one such process with a hard deadline.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::limits::{MEMORY_MESSAGE, TIME_LIMIT, TIMEOUT_MESSAGE};
use crate::test_cases::{TestOutcome, TestReport};
use crate::{CalcDoc, Engine, EngineOptions, EvalResult, HostError, Library, Locale};

/// How long past the engine's own time limit a worker may take before it is killed.
pub const KILL_GRACE: Duration = Duration::from_secs(2);

/// Time allowed on top of a calculation's for a worker to load the libraries it does
/// not have yet (a debug build takes seconds for Math.js; a release build ~0.12 s).
pub const LIBRARY_LOAD_TIME: Duration = Duration::from_secs(10);

/// The message when a worker process ended without answering for another reason.
pub use crate::limits::CRASH_MESSAGE;

/// The error of the tests after one that stopped its worker process.
pub const NOT_RUN_MESSAGE: &str = "Not run: an earlier test stopped the calculation.";

/// A doc's JSON for a [`WorkerRequest`], from the JSON a host holds.
#[must_use]
pub fn raw_doc(doc: &Value) -> Box<RawValue> {
    // A `Value` always prints: it holds no non-finite number and only string keys.
    serde_json::value::to_raw_value(doc).unwrap_or_default()
}

/// A doc's JSON for a [`WorkerRequest`] from its stored text, sent on as it is.
///
/// # Errors
/// The text is not JSON.
pub fn raw_doc_text(text: &str) -> Result<Box<RawValue>, serde_json::Error> {
    RawValue::from_string(text.to_owned())
}

/// One calculation for a worker, or (with `tests`) a run of the doc's test cases.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WorkerRequest {
    /// The doc's JSON as the host has it (a stored doc's text goes as it is stored).
    pub doc: Box<RawValue>,
    /// Ignored when `tests` is set: each test has its own values.
    #[serde(default)]
    pub values: Map<String, Value>,
    /// English when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<Locale>,
    /// `YYYY-MM-DD`; today (UTC) when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub today: Option<String>,
    /// Run `doc.tests` ([`Engine::run_tests`]) instead of one calculation; the answer is
    /// [`WorkerResponse::Tests`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tests: bool,
}

impl WorkerRequest {
    /// The request's doc, read.
    ///
    /// # Errors
    /// It is not a calculator.
    pub fn calc_doc(&self) -> Result<CalcDoc, serde_json::Error> {
        serde_json::from_str(self.doc.get()).and_then(CalcDoc::from_json_value)
    }
}

/// A worker's answer: the result, the tests' report, or why the request itself was
/// unusable. A run of tests first sends each test's outcome as it ends (`Tested`), so the
/// host can give each test its own deadline, then the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkerResponse {
    Result(EvalResult),
    Tested(TestOutcome),
    Tests(TestReport),
    Invalid(String),
}

/// What [`WorkerProcess::run_tests`] fails with (as [`WorkerProcess::evaluate`] does).
pub type WorkerError = HostError;

/// Serves requests from `input` until it closes, loading libraries from `lib_dir` on
/// first use and keeping one warm engine.
///
/// # Errors
/// Reading or writing the pipes failed.
pub fn serve(input: impl BufRead, mut output: impl Write, lib_dir: &Path) -> std::io::Result<()> {
    let mut engine = None;
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let mut sent = Ok(());
        let mut progress = |outcome: &TestOutcome| {
            if sent.is_ok() {
                sent = send(&mut output, &WorkerResponse::Tested(outcome.clone()));
            }
        };
        let response = match answer(&mut engine, &line, lib_dir, &mut progress) {
            Ok(response) => response,
            Err(message) => WorkerResponse::Invalid(message),
        };
        sent?;
        send(&mut output, &response)?;
        // Idle until the next request: get its fresh realm ready now (a failure shows
        // again, as the calculation's error, when the next request needs it).
        if let Some(engine) = &mut engine {
            let _ = engine.prepare();
        }
    }
    Ok(())
}

fn send(output: &mut impl Write, response: &WorkerResponse) -> std::io::Result<()> {
    let json = serde_json::to_string(response).map_err(std::io::Error::other)?;
    writeln!(output, "{json}")?;
    output.flush()
}

fn answer(
    engine: &mut Option<Engine>,
    line: &str,
    lib_dir: &Path,
    progress: &mut dyn FnMut(&TestOutcome),
) -> Result<WorkerResponse, String> {
    let request: WorkerRequest =
        serde_json::from_str(line).map_err(|e| format!("bad request: {e}"))?;
    let doc = request
        .calc_doc()
        .map_err(|e| format!("doc is not a calculator: {e}"))?;
    let options = EngineOptions {
        locale: request.locale.unwrap_or_default(),
        ..EngineOptions::parse(None, request.today.as_deref())?
    };
    let engine = match engine {
        Some(engine) => engine,
        None => engine.insert(Engine::new(options).map_err(|e| e.0)?),
    };
    engine.set_options(options);
    load_enabled(engine, &doc, lib_dir).map_err(|e| e.0)?;
    Ok(if request.tests {
        WorkerResponse::Tests(engine.run_tests_with(&doc, progress))
    } else {
        WorkerResponse::Result(engine.evaluate(&doc, &request.values))
    })
}

/// Loads the libraries `doc` switches on that `engine` does not have yet.
///
/// # Errors
/// A library file is missing or does not load.
pub fn load_enabled(engine: &mut Engine, doc: &CalcDoc, lib_dir: &Path) -> Result<(), HostError> {
    for library in Library::ALL {
        if library.enabled_in(&doc.libraries) && !engine.has_library(library) {
            let path = lib_dir.join(format!("{}.js", library.name()));
            let source = std::fs::read_to_string(&path).map_err(|e| {
                HostError(format!(
                    "cannot read the {} library at {}: {e}",
                    library.name(),
                    path.display()
                ))
            })?;
            engine.load_library(library, &source)?;
        }
    }
    Ok(())
}

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
                    Ok(result)
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

/// The libraries `request`'s doc switches on (none when it is not a calculator: the
/// worker then refuses it without loading anything).
fn wanted_libraries(request: &WorkerRequest) -> Vec<Library> {
    match request.calc_doc() {
        Ok(doc) => Library::ALL
            .into_iter()
            .filter(|library| library.enabled_in(&doc.libraries))
            .collect(),
        Err(_) => Vec::new(),
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

/// The folder holding `lodash.js`, `moment.js` and `mathjs.js`: `CALCSMITH_LIB_DIR`, or
/// where `scripts/build-wasm` puts them.
pub fn default_lib_dir() -> PathBuf {
    std::env::var_os("CALCSMITH_LIB_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib"),
        PathBuf::from,
    )
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

    #[test]
    fn the_wanted_libraries_are_read_from_the_doc() {
        let request = WorkerRequest {
            doc: raw_doc(
                &serde_json::json!({"script": "return {};", "libraries": {"mathjs": true, "lodash": null}}),
            ),
            values: Map::new(),
            locale: None,
            today: None,
            tests: false,
        };
        assert_eq!(wanted_libraries(&request), vec![Library::Mathjs]);
        let not_a_doc = WorkerRequest {
            doc: raw_doc(&serde_json::json!(7)),
            ..request
        };
        assert_eq!(wanted_libraries(&not_a_doc), Vec::new());
    }
}
