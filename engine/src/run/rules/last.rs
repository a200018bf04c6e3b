//! The last doc's rules' program, kept while the fields it was built from stay the same:
//! reading a doc's rules and building their program on every evaluation took a tenth of a
//! small recalculation in wasm (docs/benchmarks.md, "Rules (issue 30)").

use std::rc::Rc;

use serde_json::{Map, Value};

use super::RuleProgram;
use crate::model::CalcDoc;

/// The fields of an input and of an output a program is built from, besides the names.
const INPUT_FIELDS: [&str; 3] = ["visibleWhen", "validWhen", "section"];
const OUTPUT_FIELDS: [&str; 2] = ["visibleWhen", "section"];

/// A program and what it was built from.
pub(crate) struct LastProgram {
    inputs: Vec<(String, [Option<Value>; 3])>,
    outputs: Vec<(String, [Option<Value>; 2])>,
    sections: Option<Value>,
    pub(crate) program: Rc<RuleProgram>,
}

fn taken<const N: usize>(extra: &Map<String, Value>, keys: [&str; N]) -> [Option<Value>; N] {
    keys.map(|key| extra.get(key).cloned())
}

fn same<const N: usize>(
    extra: &Map<String, Value>,
    keys: [&str; N],
    seen: &[Option<Value>; N],
) -> bool {
    keys.iter()
        .zip(seen)
        .all(|(key, seen)| extra.get(*key) == seen.as_ref())
}

impl LastProgram {
    /// `program`, built from `doc`.
    pub(crate) fn new(doc: &CalcDoc, program: RuleProgram) -> LastProgram {
        LastProgram {
            inputs: (doc.inputs.iter())
                .map(|i| (i.name.clone(), taken(&i.extra, INPUT_FIELDS)))
                .collect(),
            outputs: (doc.outputs.iter())
                .map(|o| (o.name.clone(), taken(&o.extra, OUTPUT_FIELDS)))
                .collect(),
            sections: doc.extra.get("sections").cloned(),
            program: Rc::new(program),
        }
    }

    /// Whether the program is `doc`'s: its inputs, outputs and sections are those it was
    /// built from.
    pub(crate) fn fits(&self, doc: &CalcDoc) -> bool {
        self.inputs.len() == doc.inputs.len()
            && self.outputs.len() == doc.outputs.len()
            && doc.extra.get("sections") == self.sections.as_ref()
            && (self.inputs.iter().zip(&doc.inputs))
                .all(|((name, seen), i)| *name == i.name && same(&i.extra, INPUT_FIELDS, seen))
            && (self.outputs.iter().zip(&doc.outputs))
                .all(|((name, seen), o)| *name == o.name && same(&o.extra, OUTPUT_FIELDS, seen))
    }
}
