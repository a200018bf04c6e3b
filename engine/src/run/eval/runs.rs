//! Where a calculation runs: the realm no other calculation has changed, and for the many
//! calculations of a what-if tool the realm they share, looked at once for a table.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;
use web_time::Instant;

use super::{Engine, LastRun, REPLAY_LIMIT, Runtime};
use crate::limits::{CRASH_MESSAGE, live_bytes};
use crate::model::{CalcDoc, Library};
use crate::run::calculation::{Ended, Outcome};
use crate::run::realm::{LibraryRealm, Sandbox};
use crate::run::rules::{Judged, RuleProgram, run_with_rules};

/// A calculation that leaves this much more memory allocated than before it ran is
/// followed by a garbage collection, so that what it parked in its (now dropped) realm
/// is freed before the next calculation rather than whenever boa next collects.
const COLLECT_AFTER: usize = 16 << 20;

/// What happened to the shared realm while its checks were deferred.
#[derive(Default)]
pub(super) struct Deferral {
    /// A realm was dropped without the guard's look (a calculation was left mid-flight,
    /// or boa panicked): the calculations before it in that realm were never checked.
    pub(super) lost: bool,
}

impl Engine {
    /// Runs `calculate` — many calculations of `doc` in the realm they share (a table's
    /// cells) — with the guard's look at that realm after each calculation left for the
    /// end: one look instead of hundreds, which were most of a small calculator's table.
    /// When that look finds the realm changed, or a realm was dropped on the way without a
    /// look, nothing of the first run is kept: `calculate` runs again with the look after
    /// each calculation, so that no calculation is answered from a realm another changed.
    /// The realm is looked at before the first calculation as always, so nothing another
    /// doc did reaches these. (What the one look cannot see: a calculation that changes
    /// the realm and a later one of the same batch that reads the change and undoes it
    /// exactly; only this doc's own cells of this batch can then differ from calculations
    /// on their own — docs/engine.md, "What-if tools".)
    pub(crate) fn checked_once<T>(
        &mut self,
        doc: &CalcDoc,
        mut calculate: impl FnMut(&mut Engine) -> T,
    ) -> T {
        let uses_libraries = Library::ALL
            .into_iter()
            .any(|lib| lib.enabled_in(&doc.libraries));
        // Looks at the realm `doc`'s calculations share, drops it when changed.
        let look = |runtime: &mut Runtime| -> bool {
            let slot = if uses_libraries {
                &mut runtime.libraries
            } else {
                &mut runtime.shared
            };
            let intact = slot.as_mut().is_none_or(LibraryRealm::still_intact);
            if !intact {
                drop_changed(slot);
            }
            intact
        };
        look(&mut self.runtime);
        self.runtime.deferral = Some(Deferral::default());
        let first = calculate(self);
        let lost = self
            .runtime
            .deferral
            .take()
            .is_some_and(|deferral| deferral.lost);
        if !lost && look(&mut self.runtime) {
            first
        } else {
            calculate(self)
        }
    }

    /// Runs the rules (when the doc has any) and the script in a realm no other
    /// calculation has changed, and leaves no realm it may have changed behind.
    pub(super) fn run_script(
        &mut self,
        doc: &CalcDoc,
        fields: Value,
        share: bool,
        rules: Option<&RuleProgram>,
    ) -> (Judged, Outcome) {
        let before = live_bytes();
        let runtime = &mut self.runtime;
        let with_libraries = Library::ALL
            .into_iter()
            .any(|lib| lib.enabled_in(&doc.libraries));
        let ended = if with_libraries || share {
            // The library realm, or for the many calculations of a what-if tool the realm
            // they share: reused while its guard finds it untouched, as the libraries' is.
            let no_libraries = HashMap::new();
            let (slot, sources) = if with_libraries {
                (&mut runtime.libraries, &self.library_sources)
            } else {
                (&mut runtime.shared, &no_libraries)
            };
            if let Some(realm) = slot {
                let changed = match &runtime.deferral {
                    Some(_) => realm.known_changed(),
                    None => !realm.still_intact(),
                };
                if changed {
                    if let Some(deferral) = &mut runtime.deferral {
                        deferral.lost = true;
                    }
                    drop_changed(slot);
                }
            }
            let realm = match slot {
                Some(realm) => realm,
                None => {
                    let realm = match LibraryRealm::new(sources) {
                        Ok(realm) => realm,
                        Err(e) => return (Judged::default(), Err((e.0, Vec::new()))),
                    };
                    if with_libraries {
                        runtime.library_loads += 1;
                    }
                    slot.insert(realm)
                }
            };
            let parses = &mut runtime.parses;
            match catch_unwind(AssertUnwindSafe(|| realm.run(doc, &fields, rules, parses))) {
                Ok(ran) => ran,
                Err(_) => {
                    if let Some(deferral) = &mut runtime.deferral {
                        deferral.lost = true;
                    }
                    drop_changed(slot);
                    return (Judged::default(), Err(crashed()));
                }
            }
        } else {
            let mut sandbox = match runtime.spare.take() {
                Some(sandbox) => sandbox,
                None => match Sandbox::new() {
                    Ok(sandbox) => sandbox,
                    Err(e) => return (Judged::default(), Err((e.0, Vec::new()))),
                },
            };
            let parses = &mut runtime.parses;
            let started = Instant::now();
            let Ok((judged, ended)) = catch_unwind(AssertUnwindSafe(|| {
                run_with_rules(&mut sandbox, doc, &fields, rules, parses)
            })) else {
                // The context the panic left half-way goes with `sandbox`.
                return (Judged::default(), Err(crashed()));
            };
            let described = match &ended.outcome {
                Ok((described, _)) => described.clone(),
                Err(_) => Value::Null,
            };
            let quick = ended.outcome.is_ok() && started.elapsed() < REPLAY_LIMIT;
            let rules = rules.map(|program| program.source.clone());
            match &mut runtime.last {
                Some(last) if last.script == doc.script => {
                    last.fields = fields;
                    last.described = described;
                    last.quick = quick;
                    last.rules = rules;
                }
                last => {
                    *last = Some(LastRun {
                        script: doc.script.clone(),
                        rules,
                        fields,
                        described,
                        quick,
                    });
                }
            }
            runtime.used = Some(sandbox);
            (judged, ended)
        };
        let (judged, Ended { outcome, .. }) = ended;
        if live_bytes().saturating_sub(before) > COLLECT_AFTER {
            runtime.used = None;
            boa_engine::gc::force_collect();
        }
        (judged, outcome)
    }
}

/// A panic in boa (natively; wasm aborts instead, and its host starts a new instance) ends
/// that calculation, not the engine: the realm it left half-way is dropped.
fn crashed() -> (String, Vec<String>) {
    (CRASH_MESSAGE.to_owned(), Vec::new())
}

/// Drops a library realm a calculation changed, and what that calculation may have
/// parked in it.
pub(super) fn drop_changed(realm: &mut Option<LibraryRealm>) {
    *realm = None;
    boa_engine::gc::force_collect();
}
