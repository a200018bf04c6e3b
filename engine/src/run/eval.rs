//! The engine: kept warm, and its calculations cannot see or disturb one another.
//!
//! Each calculation runs in a realm no other calculation has changed (`realm.rs`): one
//! without libraries in a fresh one — [`Engine::prepare`] makes the next one, with the
//! last script already parsed, while the host is idle — one with libraries in the realm
//! that keeps them loaded, which is dropped and loaded again when a calculation changed
//! it (`guard.rs`). The many calculations of a what-if tool without libraries share one
//! realm the same way (guarded, dropped when one changed it; a table's cells looked at
//! once). Which realm a calculation runs in is `eval/runs.rs`; the run itself and its
//! limits are `calculation.rs`.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::time::Duration;

use serde_json::{Map, Value};

use crate::dates::CivilDate;
pub use crate::errors::host_error::HostError;
use crate::format::Locale;
use crate::host::console;
use crate::inputs::describe_inputs;
use crate::model::{CalcDoc, Library};
use crate::output::EvalResult;
use crate::run::calculation::used_in_order;
use crate::run::realm::{LibraryRealm, Sandbox};
use crate::run::rules::RuleProgram;
use crate::run::rules::last::LastProgram;
use crate::validate::{check_names, check_outputs};

/// How an engine formats and what it takes as "today".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EngineOptions {
    pub locale: Locale,
    /// Fixes "today" for relative dates; the current UTC date when `None`.
    pub today: Option<CivilDate>,
}

impl EngineOptions {
    /// Options from their text, as every face takes them: a locale code (`en`, `ru`,
    /// `ru-RU`, …) and today as `YYYY-MM-DD`; either may be absent.
    ///
    /// # Errors
    /// An unknown locale or a day that is not one, in words.
    pub fn parse(locale: Option<&str>, today: Option<&str>) -> Result<EngineOptions, String> {
        let locale = match locale {
            Some(code) => Locale::parse(code)
                .ok_or_else(|| format!("unknown locale \"{code}\" (use en or ru)"))?,
            None => Locale::default(),
        };
        let today = match today {
            Some(day) => Some(CivilDate::parse_iso(day).ok_or_else(|| {
                format!("today must be a date written YYYY-MM-DD, not \"{day}\"")
            })?),
            None => None,
        };
        Ok(EngineOptions { locale, today })
    }
}

/// The JavaScript side of an engine.
#[derive(Default)]
struct Runtime {
    /// A fresh realm for the next calculation without libraries.
    spare: Option<Sandbox>,
    /// The realm with the loaded libraries; `None` after a calculation changed it or was
    /// interrupted, until a calculation needs it again (or [`Engine::prepare`] loads it
    /// ahead).
    libraries: Option<LibraryRealm>,
    /// The context the last calculation without libraries ran in: dropping a context
    /// takes a while, so [`Engine::prepare`] does it.
    used: Option<Sandbox>,
    /// The context [`Engine::prepare_and_replay`] replayed the last calculation in, until
    /// the next `prepare`.
    retired: Option<Sandbox>,
    /// The realm the calculations of a what-if tool (a goal seek, a table) share when
    /// their doc uses no library: a fresh realm for each of hundreds of calculations would
    /// be most of their time. Guarded like the library realm, so a calculation that
    /// changed it is not followed by another in it.
    shared: Option<LibraryRealm>,
    /// While [`Engine::checked_once`] runs many calculations: the guard's look after each
    /// is left for the end.
    deferral: Option<Deferral>,
    /// How many times the libraries were loaded again (for tests).
    library_loads: u64,
    /// The last calculation without libraries, which the spare is made ready for.
    last: Option<LastRun>,
    /// How many scripts calculations had to parse (parsing ahead does not count; for
    /// tests of the caches).
    parses: u64,
    /// The last doc's rules' program (`rules/last.rs`).
    rules: Option<LastProgram>,
}

/// What [`Engine::prepare`] gets a fresh realm ready with: the last script, parsed ahead,
/// and that calculation's inputs and result, to warm the realm up with (never the script
/// itself, which could leave something behind).
struct LastRun {
    script: String,
    /// The program of its rules (`rules.rs`), parsed ahead with it.
    rules: Option<String>,
    fields: Value,
    described: Value,
    /// Whether it ran quickly enough to be replayed while idle.
    quick: bool,
}

/// The longest calculation [`Engine::prepare_and_replay`] replays.
const REPLAY_LIMIT: Duration = Duration::from_millis(2);

/// A warm calculation engine. Libraries are loaded once and reused.
pub struct Engine {
    options: EngineOptions,
    runtime: Runtime,
    library_sources: HashMap<Library, String>,
}

impl Engine {
    /// A new engine with no libraries, ready for its first calculation.
    ///
    /// # Errors
    /// boa could not set up the harness (a bug, not a calculator problem).
    pub fn new(options: EngineOptions) -> Result<Engine, HostError> {
        let mut engine = Engine {
            options,
            runtime: Runtime::default(),
            library_sources: HashMap::new(),
        };
        engine.prepare()?;
        Ok(engine)
    }

    /// The options this engine was made with.
    pub fn options(&self) -> EngineOptions {
        self.options
    }

    /// Changes locale and "today" for later evaluations.
    pub fn set_options(&mut self, options: EngineOptions) {
        self.options = options;
    }

    /// Loads a library from its source text (once; later calls replace it).
    ///
    /// # Errors
    /// The source does not run or does not define the library's global.
    pub fn load_library(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        let runtime = &mut self.runtime;
        match &mut runtime.libraries {
            Some(realm) => realm.load(library, source)?,
            None => {
                let mut sources = self.library_sources.clone();
                sources.insert(library, source.to_owned());
                runtime.libraries = Some(LibraryRealm::new(&sources)?);
            }
        }
        self.library_sources.insert(library, source.to_owned());
        Ok(())
    }

    /// Whether `library` has been loaded.
    pub fn has_library(&self, library: Library) -> bool {
        self.library_sources.contains_key(&library)
    }

    /// Gets the next calculation ready, for a host to call while it is idle (after it
    /// has sent a result): a fresh realm with the last script parsed and the harness
    /// warmed up on the last inputs and result, and the libraries
    /// loaded again if a calculation changed them. [`Engine::evaluate`] does what is
    /// missing itself, only later.
    ///
    /// # Errors
    /// boa could not set up a realm, or a library no longer loads.
    pub fn prepare(&mut self) -> Result<(), HostError> {
        self.prepare_with(false)
    }

    /// [`Engine::prepare`], and then the last calculation (when it took under 2 ms) run
    /// again in the realm it already used, which is then thrown away: this brings what a
    /// recalculation runs back into the CPU's caches after the new realm's set-up has
    /// pushed it out, for a recalculation 5–10 % faster (docs/benchmarks.md, "Replaying
    /// the last calculation"). For the browser, whose worker is idle until the next
    /// keystroke; a server worker's idle time belongs to the requests in its queue.
    /// Nothing of the replay reaches a later calculation: not its realm, its console
    /// output nor its result.
    ///
    /// # Errors
    /// As for [`Engine::prepare`].
    pub fn prepare_and_replay(&mut self) -> Result<(), HostError> {
        self.prepare_with(true)
    }

    fn prepare_with(&mut self, replay: bool) -> Result<(), HostError> {
        let runtime = &mut self.runtime;
        runtime.retired = None;
        // The last realm goes now, before the new one is made, unless it is replayed in.
        let used = if replay {
            runtime.used.take()
        } else {
            runtime.used = None;
            None
        };
        if let Some(realm) = &mut runtime.libraries
            && !realm.still_intact()
        {
            drop_changed(&mut runtime.libraries);
        }
        if runtime.spare.is_none() {
            let mut sandbox = Sandbox::new()?;
            if let Some(last) = &runtime.last {
                sandbox.parse_ahead(&last.script, last.rules.as_deref());
                sandbox.warm_up(&last.fields, &last.described, last.rules.is_some());
            }
            runtime.spare = Some(sandbox);
        }
        // Replaying the last (quick) calculation in the realm it already used brings the
        // code and data a recalculation runs back into the CPU's caches after the new
        // realm's set-up, without touching the new realm.
        if let (Some(mut used), Some(last)) = (used, &runtime.last)
            && last.quick
            && catch_unwind(AssertUnwindSafe(|| {
                used.replay(&last.script, last.rules.as_deref(), &last.fields);
            }))
            .is_ok()
        {
            runtime.retired = Some(used);
        }
        if runtime.libraries.is_none() && !self.library_sources.is_empty() {
            runtime.libraries = Some(LibraryRealm::new(&self.library_sources)?);
            runtime.library_loads += 1;
        }
        Ok(())
    }

    /// Runs `doc` with `values` (keyed by input id like `doc.defaults`).
    pub fn evaluate(&mut self, doc: &CalcDoc, values: &Map<String, Value>) -> EvalResult {
        console::clear();
        let mut result = self.evaluate_quietly(doc, values);
        result.console = console::take();
        result
    }

    /// [`Engine::evaluate`] with relative dates counted from `today` when it is given
    /// (a test's own day), leaving the engine's options as they were.
    pub(crate) fn evaluate_on(
        &mut self,
        today: Option<CivilDate>,
        doc: &CalcDoc,
        values: &Map<String, Value>,
    ) -> EvalResult {
        let options = self.options;
        if today.is_some() {
            self.options.today = today;
        }
        let result = self.evaluate(doc, values);
        self.options = options;
        result
    }

    /// [`Engine::evaluate`] for the what-if tools: only the output named `output` is in
    /// the result, and the console's output is dropped.
    pub(crate) fn evaluate_output(
        &mut self,
        doc: &CalcDoc,
        values: &Map<String, Value>,
        output: &str,
    ) -> EvalResult {
        console::clear();
        let result = self.evaluate_filtered(doc, values, Some(output));
        console::clear();
        result
    }

    /// [`Engine::evaluate`] without collecting the console's output.
    fn evaluate_quietly(&mut self, doc: &CalcDoc, values: &Map<String, Value>) -> EvalResult {
        self.evaluate_filtered(doc, values, None)
    }

    /// [`Engine::evaluate_quietly`] with only the output named `only` (when given) in the
    /// result.
    fn evaluate_filtered(
        &mut self,
        doc: &CalcDoc,
        values: &Map<String, Value>,
        only: Option<&str>,
    ) -> EvalResult {
        if let Err(message) = check_names(doc) {
            return EvalResult::failed(message, Vec::new());
        }
        if let Some(missing) = Library::ALL
            .into_iter()
            .find(|lib| lib.enabled_in(&doc.libraries) && !self.has_library(*lib))
        {
            return EvalResult::failed(
                format!("The {} library is not loaded.", missing.name()),
                Vec::new(),
            );
        }
        let program = match self.rule_program(doc) {
            Ok(program) => program,
            Err(message) => return EvalResult::failed(message, Vec::new()),
        };
        let today = self.options.today.unwrap_or_else(CivilDate::today_utc);
        let fields = describe_inputs(doc, values, today);
        let locale = self.options.locale;
        let share = only.is_some();
        // Simple rules are judged in Rust, and then the script runs as it would without
        // rules (`rules/native.rs`); others run in the script's run.
        let natively = (program.as_deref()).and_then(|p| p.judged_natively(doc, &fields));
        let (judged, outcome) = match natively {
            Some(judged) if !judged.invalid.is_empty() => (judged, Ok((Value::Null, Vec::new()))),
            Some(judged) => {
                let fields = judged.hiding(fields);
                (judged, self.run_script(doc, fields, share, None).1)
            }
            None => self.run_script(doc, fields, share, program.as_deref()),
        };
        if !judged.invalid.is_empty() {
            return EvalResult::waiting(judged);
        }
        let result = match outcome {
            Ok((described, used)) => {
                let used = used_in_order(doc, &used);
                match check_outputs(doc, &described) {
                    Ok(outputs) => EvalResult::succeeded_for(doc, &outputs, used, locale, only),
                    Err(message) => EvalResult::failed(message, used),
                }
            }
            Err((message, used)) => EvalResult::failed(message, used_in_order(doc, &used)),
        };
        result.judged(judged)
    }

    /// The program of `doc`'s rules: the last one while it fits, else built now; `None`
    /// for a doc without rules.
    fn rule_program(&mut self, doc: &CalcDoc) -> Result<Option<Rc<RuleProgram>>, String> {
        if !doc.has_rules() {
            return Ok(None);
        }
        let last = &mut self.runtime.rules;
        if let Some(last) = last.as_ref().filter(|last| last.fits(doc)) {
            return Ok(Some(last.program.clone()));
        }
        let Some(rules) = doc.rules()? else {
            return Ok(None);
        };
        let made = last.insert(LastProgram::new(doc, RuleProgram::new(doc, rules)));
        Ok(Some(made.program.clone()))
    }
}

#[cfg(test)]
impl Engine {
    /// Whether the last calculation without libraries ran its rules' program.
    pub(crate) fn last_ran_a_rule_program(&self) -> bool {
        (self.runtime.last.as_ref()).is_some_and(|last| last.rules.is_some())
    }
}

mod runs;

use runs::{Deferral, drop_changed};
#[cfg(test)]
mod tests;
