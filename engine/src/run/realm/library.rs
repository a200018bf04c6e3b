//! The sandbox that keeps the loaded libraries between calculations ([`LibraryRealm`]),
//! guarded by `guard.rs`, and how a calculation is shown only the libraries its doc
//! switches on.

use std::collections::HashMap;
use std::path::Path;

use boa_engine::property::Attribute;
use boa_engine::{Context, JsError, JsResult, JsValue, Source, js_string};
use serde_json::Value;

use super::{Sandbox, could_not_start};
use crate::errors::host_error::HostError;
use crate::model::{CalcDoc, Library};
use crate::run::calculation::{Ended, RUN_GLOBAL};
use crate::run::guard::Guard;
use crate::run::rules::{Judged, RuleProgram, run_with_rules};

/// The sandbox that keeps the loaded libraries between calculations, and the guard that
/// tells whether a calculation left it as loaded.
pub(crate) struct LibraryRealm {
    sandbox: Sandbox,
    /// Each library's global value, hidden while a calculation does not use it.
    values: HashMap<Library, JsValue>,
    guard: Guard,
    /// Whether the guard has looked since the last calculation, and what it found. The
    /// look is left for [`LibraryRealm::still_intact`], which the engine calls while idle
    /// or before the next calculation, so that it does not delay a result.
    checked: bool,
    intact: bool,
}

impl LibraryRealm {
    /// A new realm with `sources` loaded.
    ///
    /// # Errors
    /// A library does not load.
    pub(crate) fn new(sources: &HashMap<Library, String>) -> Result<LibraryRealm, HostError> {
        let mut sandbox = Sandbox::new()?;
        let guard = Guard::new(&mut sandbox.context).map_err(could_not_start)?;
        let mut realm = LibraryRealm {
            sandbox,
            values: HashMap::new(),
            guard,
            checked: true,
            intact: true,
        };
        for library in Library::ALL {
            if let Some(source) = sources.get(&library) {
                realm.load_one(library, source)?;
            }
        }
        realm.watch()?;
        Ok(realm)
    }

    /// Loads (or replaces) one library.
    ///
    /// # Errors
    /// The source does not run or does not define the library's global.
    pub(crate) fn load(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        self.load_one(library, source)?;
        self.watch()
    }

    fn load_one(&mut self, library: Library, source: &str) -> Result<(), HostError> {
        // A library may add global bindings that scripts compiled earlier did not see.
        self.sandbox.scripts.clear();
        let value = load_into(&mut self.sandbox.context, library, source)?;
        self.values.insert(library, value);
        Ok(())
    }

    /// Takes the guard's picture of the realm as it is now.
    fn watch(&mut self) -> Result<(), HostError> {
        let values: Vec<(Library, JsValue)> = Library::ALL
            .into_iter()
            .filter_map(|library| Some((library, self.values.get(&library)?.clone())))
            .collect();
        self.guard
            .watch(&mut self.sandbox.context, &values)
            .map_err(could_not_start)
    }

    /// Runs `doc`'s rules and script with the libraries it switches on. Before another calculation may run
    /// here, [`LibraryRealm::still_intact`] must say so.
    pub(crate) fn run(
        &mut self,
        doc: &CalcDoc,
        fields: &Value,
        rules: Option<&RuleProgram>,
        parses: &mut u64,
    ) -> (Judged, Ended) {
        let (judged, ended) = match show_libraries(&mut self.sandbox.context, &self.values, doc) {
            Ok(()) => run_with_rules(&mut self.sandbox, doc, fields, rules, parses),
            Err(e) => (
                Judged::default(),
                Ended {
                    outcome: Err((e.to_string(), Vec::new())),
                    abandoned: false,
                },
            ),
        };
        // A run left mid-flight cannot be trusted whatever the guard would say.
        self.checked = ended.abandoned;
        self.intact = !ended.abandoned;
        (judged, ended)
    }

    /// Whether the realm is still as loaded (when not, the caller must drop it); the
    /// guard looks once after each calculation.
    pub(crate) fn still_intact(&mut self) -> bool {
        if !self.checked {
            let context = &mut self.sandbox.context;
            self.intact = hide_libraries(context).is_ok() && self.guard.intact(context);
            self.checked = true;
        }
        self.intact
    }

    /// Whether the realm is already known to be changed — the guard looked, or the last
    /// calculation was left mid-flight — without looking again.
    pub(crate) fn known_changed(&self) -> bool {
        self.checked && !self.intact
    }

    #[cfg(test)]
    pub(crate) fn sandbox(&self) -> &Sandbox {
        &self.sandbox
    }
}

/// Defines the globals of the libraries `doc` switches on and removes the others.
fn show_libraries(
    context: &mut Context,
    values: &HashMap<Library, JsValue>,
    doc: &CalcDoc,
) -> JsResult<()> {
    for library in Library::ALL {
        let global = js_string!(library.global());
        match values.get(&library) {
            Some(value) if library.enabled_in(&doc.libraries) => {
                context.register_global_property(global, value.clone(), Attribute::all())?;
            }
            _ => {
                context
                    .global_object()
                    .delete_property_or_throw(global, context)?;
            }
        }
    }
    Ok(())
}

/// Removes the libraries' globals (and the harness's, should a run have stopped before
/// the harness removed it), so that the global object is as the guard saw it.
fn hide_libraries(context: &mut Context) -> JsResult<()> {
    let global = context.global_object();
    for library in Library::ALL {
        global.delete_property_or_throw(js_string!(library.global()), context)?;
    }
    global.delete_property_or_throw(js_string!(RUN_GLOBAL), context)?;
    Ok(())
}

/// Runs a library's source and takes its global away again, to be shown per calculator.
fn load_into(context: &mut Context, library: Library, source: &str) -> Result<JsValue, HostError> {
    let fail = |e: JsError| HostError(format!("{} did not load: {e}", library.name()));
    context
        .runtime_limits_mut()
        .set_loop_iteration_limit(u64::MAX);
    let path = format!("{}.js", library.name());
    // boa's AST optimiser (constant folding) walks the whole parsed library, which is
    // minified already: skipping it saves 1–2 % of a load (docs/benchmarks.md).
    // Calculators' scripts are still optimised.
    let optimizer = context.optimizer_options();
    context.set_optimizer_options(boa_engine::optimizer::OptimizerOptions::empty());
    let ran = context.eval(Source::from_bytes(source).with_path(Path::new(&path)));
    context.set_optimizer_options(optimizer);
    ran.map_err(fail)?;
    let global = js_string!(library.global());
    let object = context.global_object();
    let value = object.get(global.clone(), context).map_err(fail)?;
    if value.is_undefined() {
        return Err(HostError(format!(
            "{} did not define `{}`",
            library.name(),
            library.global()
        )));
    }
    object
        .delete_property_or_throw(global, context)
        .map_err(fail)?;
    Ok(value)
}
