//! The worker's side: `calc worker` answers [`WorkerRequest`]s from stdin on stdout with
//! one warm engine, loading libraries on first use.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use super::protocol::{WorkerRequest, WorkerResponse};
use crate::test_cases::TestOutcome;
use crate::{CalcDoc, Engine, EngineOptions, HostError, Library};

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
        WorkerResponse::Result(Box::new(engine.evaluate(&doc, &request.values)))
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

/// The folder holding `lodash.js`, `moment.js`, `mathjs.js`, `formulajs.js` and
/// `decimal.js`: `CALCSMITH_LIB_DIR`, or
/// where `scripts/build-wasm` puts them.
pub fn default_lib_dir() -> PathBuf {
    std::env::var_os("CALCSMITH_LIB_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../pkg/lib"),
        PathBuf::from,
    )
}
