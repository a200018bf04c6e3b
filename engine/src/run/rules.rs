//! The doc's show-when and valid-when rules (`doc/forms.rs`), run before the script in the
//! script's own run of the harness, under the same limits: all of a doc's rules are one
//! generated function, wrapped and parsed with the script (after it, so the script's lines
//! are unchanged) and cached with it. The harness calls it first with a view of the inputs;
//! it answers which inputs, sections and outputs are hidden and which inputs are invalid,
//! and sets the hidden inputs to `null` in the inputs the script then gets; with an
//! invalid input the script is not called (`harness.js`). Each rule is a function of its
//! own whose expression starts on a line of its own, so an error's line tells the rule and
//! the line within it.
//!
//! Rules that are all simple conditions (the rule builder's: inputs compared with
//! literals, `&&`, `||`) are judged in Rust instead, when the inputs they read hold plain
//! values (`native.rs`), and the script then runs alone as it would without rules.
//!
//! When the script and the rules do not parse together, the rules run as a program of
//! their own and then the script, as two runs, so that each one's syntax error reads as
//! it would alone. A doc without rules builds no program and runs nothing more.

use serde_json::{Map, Value};

use crate::forms::FormRules;
use crate::limits::{MEMORY_MESSAGE, TIMEOUT_MESSAGE};
use crate::model::CalcDoc;
use crate::run::calculation::Ended;
use crate::run::realm::Sandbox;
use builder::{Action, Builder};
use native::NativeRules;

/// A doc's rules as one program, and where each rule's expression lies in it.
pub(crate) struct RuleProgram {
    pub(crate) source: String,
    spans: Vec<Span>,
    /// The rules' expressions with their names, for a rule that does not parse.
    rules: Vec<(String, String)>,
    forms: FormRules,
    /// The same rules judged in Rust, when every one is a simple condition (`native.rs`).
    native: Option<NativeRules>,
}

/// The lines (1-based, inclusive) one rule's expression takes in the program.
struct Span {
    first: u32,
    last: u32,
    label: String,
}

/// What the rules decided.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Judged {
    /// Names of hidden top-level inputs and outputs, ids of hidden sections, each in
    /// declaration order.
    pub(crate) hidden_inputs: Vec<String>,
    pub(crate) hidden_outputs: Vec<String>,
    pub(crate) hidden_sections: Vec<String>,
    /// The first failing valid-when rule's message per visible input.
    pub(crate) invalid: Map<String, Value>,
    /// Places of the hidden inputs in `metaInputs`.
    hidden_places: Vec<usize>,
}

/// A JSON string literal, a safe property key in the program.
fn key(name: &str) -> String {
    Value::String(name.to_owned()).to_string()
}

impl RuleProgram {
    /// The program of `forms`, the rules of `doc`.
    pub(crate) fn new(doc: &CalcDoc, forms: FormRules) -> RuleProgram {
        let mut program = Builder {
            // `inputs`: the view of the inputs (the harness's, a plain object of its own).
            source: String::from(
                "var __n=null,__v=inputs,__x={},__h='',__s='',__o='',__w='',__b={};",
            ),
            line: 1,
            spans: Vec::new(),
            rules: Vec::new(),
            actions: Vec::new(),
        };
        // `__i`: the inputs the script will see.
        let hide = |index: usize| {
            let k = key(&doc.inputs[index].name);
            format!("__v[{k}]=__n;__i[{k}]=__n;__x[{k}]=1;__h+='{index},';")
        };
        for rule in &forms.inputs {
            if let Some(expression) = &rule.visible_when {
                let name = &doc.inputs[rule.index].name;
                program.rule(
                    "if(!",
                    expression,
                    &format!("Show-when rule of input \"{name}\""),
                    &format!("{{{}}}", hide(rule.index)),
                    Action::HideInput(rule.index),
                );
            }
        }
        for (place, section) in forms.sections.iter().enumerate() {
            let Some(expression) = &section.visible_when else {
                continue;
            };
            let members: String = section.inputs.iter().map(|&i| hide(i)).collect();
            program.rule(
                "if(!",
                expression,
                &format!("Show-when rule of section \"{}\"", section.id),
                &format!("{{__s+='{place},';{members}}}"),
                Action::HideSection {
                    place,
                    members: section.inputs.clone(),
                },
            );
        }
        for (index, expression) in &forms.outputs {
            let name = &doc.outputs[*index].name;
            program.rule(
                "if(!",
                expression,
                &format!("Show-when rule of output \"{name}\""),
                &format!("{{__o+='{index},';}}"),
                Action::HideOutput(*index),
            );
        }
        for rule in &forms.inputs {
            let name = &doc.inputs[rule.index].name;
            let k = key(name);
            for (number, valid) in rule.valid_when.iter().enumerate() {
                program.rule(
                    &format!("if(!__x[{k}]&&!__b[{k}]&&!"),
                    &valid.rule,
                    &format!("Valid-when rule {} of input \"{name}\"", number + 1),
                    &format!("{{__b[{k}]=1;__w+='{}:{number},';}}", rule.index),
                    Action::Check {
                        input: rule.index,
                        number,
                    },
                );
            }
        }
        program
            .source
            .push_str("\nreturn __h+'|'+__s+'|'+__o+'|'+__w;");
        let native = NativeRules::new(
            doc,
            program.rules.iter().map(|(_, e)| e.as_str()),
            &program.actions,
        );
        RuleProgram {
            source: program.source,
            spans: program.spans,
            rules: program.rules,
            forms,
            native,
        }
    }

    /// What the program's answer says, in names. Places are marked rather than sorted
    /// (a sort's code is kilobytes of the wasm module).
    fn judged(&self, doc: &CalcDoc, answer: &str) -> Judged {
        let mut parts = answer.split('|');
        let mut marked = |count: usize| -> Vec<bool> {
            let mut marks = vec![false; count];
            for place in parts.next().unwrap_or_default().split(',') {
                if let Some(mark) = place.parse::<usize>().ok().and_then(|p| marks.get_mut(p)) {
                    *mark = true;
                }
            }
            marks
        };
        let inputs = marked(doc.inputs.len());
        let sections = marked(self.forms.sections.len());
        let mut outputs = marked(doc.outputs.len());
        let on = |marks: &[bool]| -> Vec<usize> {
            (marks.iter().enumerate())
                .filter(|(_, on)| **on)
                .map(|(place, _)| place)
                .collect()
        };
        for section in on(&sections) {
            for &output in &self.forms.sections[section].outputs {
                outputs[output] = true;
            }
        }
        let hidden_places = on(&inputs);
        let mut judged = Judged {
            hidden_inputs: (hidden_places.iter())
                .map(|&i| doc.inputs[i].name.clone())
                .collect(),
            hidden_sections: (on(&sections).into_iter())
                .map(|s| self.forms.sections[s].id.clone())
                .collect(),
            hidden_outputs: (on(&outputs).into_iter())
                .map(|o| doc.outputs[o].name.clone())
                .collect(),
            hidden_places,
            ..Judged::default()
        };
        let failed: Vec<(usize, usize)> = (parts.next().unwrap_or_default().split(','))
            .filter_map(|pair| {
                let (input, rule) = pair.split_once(':')?;
                Some((input.parse().ok()?, rule.parse().ok()?))
            })
            .collect();
        // The valid-when rules ran in the inputs' order: so are their failures.
        for (input, number) in failed {
            let rules = self.forms.inputs.iter().find(|r| r.index == input);
            if let Some(rule) = rules.and_then(|r| r.valid_when.get(number)) {
                judged.invalid.insert(
                    doc.inputs[input].name.clone(),
                    Value::String(rule.message.clone()),
                );
            }
        }
        judged
    }

    /// A rule's failure as the author reads it: the rule's name, then the message as the
    /// script's would read, its line counted within the rule. The program's first line is
    /// line `offset + 1` of what ran.
    fn failure(&self, message: &str, offset: u32) -> String {
        if message == TIMEOUT_MESSAGE || message == MEMORY_MESSAGE {
            return message.to_owned();
        }
        let line = message.rsplit_once(" (line ").and_then(|(text, n)| {
            let n = n.strip_suffix(')')?.parse::<u32>().ok()?;
            Some((text, n.checked_sub(offset)?))
        });
        let span = line.and_then(|(text, n)| {
            let span = self
                .spans
                .iter()
                .find(|s| (s.first..=s.last).contains(&n))?;
            Some((text, n - span.first + 1, span))
        });
        match span {
            Some((text, n, span)) => format!("{}: {text} (line {n})", span.label),
            None => match self.spans.first() {
                Some(span) if self.spans.len() == 1 => format!("{}: {message}", span.label),
                _ => format!("Show-when and Valid-when rules: {message}"),
            },
        }
    }
}

/// Runs the doc's rules (when it has a `program`) and then, unless a rule failed or an
/// input is invalid, its script with the hidden inputs as `null`. When the script does not
/// run, its outcome is the rules' failure, or (invalid inputs) `Ok(null)`.
pub(crate) fn run_with_rules(
    sandbox: &mut Sandbox,
    doc: &CalcDoc,
    fields: &Value,
    program: Option<&RuleProgram>,
    parses: &mut u64,
) -> (Judged, Ended) {
    let Some(program) = program else {
        return (Judged::default(), sandbox.run(doc, fields, parses));
    };
    match sandbox.run_with_program(doc, &program.source, fields, parses) {
        Ok((ended, Some(answer))) => program.decided(doc, &answer, ended),
        Ok((ended, None)) => {
            // The program starts on the script's last line + 1 (`realm.rs`).
            let offset = doc.script.matches('\n').count() as u32 + 1;
            (Judged::default(), program.unfinished(ended, offset))
        }
        Err(()) => run_apart(sandbox, doc, fields, program, parses),
    }
}

/// [`run_with_rules`] as two runs: the program alone, then the script alone.
fn run_apart(
    sandbox: &mut Sandbox,
    doc: &CalcDoc,
    fields: &Value,
    program: &RuleProgram,
    parses: &mut u64,
) -> (Judged, Ended) {
    // Alone, the program has no script's inputs to hide inputs in.
    let source = format!("var __i={{}};{}", program.source);
    let ended = match sandbox.run_program(&source, fields, parses) {
        Ok(ended) => ended,
        Err(()) => {
            let message = (program.rules.iter())
                .find_map(|(label, rule)| {
                    Some(format!("{label}: {}", sandbox.rule_syntax_error(rule)?))
                })
                .unwrap_or_else(|| "Show-when and Valid-when rules do not parse".to_owned());
            return (Judged::default(), failed(message, false));
        }
    };
    let answer = match &ended.outcome {
        Ok((Value::String(answer), _)) => answer.clone(),
        _ => return (Judged::default(), program.unfinished(ended, 0)),
    };
    let judged = program.judged(doc, &answer);
    if !judged.invalid.is_empty() {
        return (judged, waiting());
    }
    if judged.hidden_places.is_empty() {
        return (judged, sandbox.run(doc, fields, parses));
    }
    let fields = judged.hiding(fields.clone());
    (judged, sandbox.run(doc, &fields, parses))
}

impl Judged {
    /// `fields` as the script sees them: the hidden inputs plain nulls.
    pub(crate) fn hiding(&self, mut fields: Value) -> Value {
        if let Value::Array(fields) = &mut fields {
            for &place in &self.hidden_places {
                if let Some(Value::Array(field)) = fields.get_mut(place) {
                    // [name, kind, value]: a plain null.
                    field.truncate(1);
                    field.extend([Value::from("v"), Value::Null]);
                }
            }
        }
        fields
    }
}

impl RuleProgram {
    /// What the rules decide on `fields`, judged in Rust without running the program:
    /// `None` unless every rule is a simple condition (`native.rs`) and the inputs they
    /// read hold plain values, when the program must run.
    pub(crate) fn judged_natively(&self, doc: &CalcDoc, fields: &Value) -> Option<Judged> {
        let answer = self.native.as_ref()?.answer(fields)?;
        Some(self.judged(doc, &answer))
    }

    /// The rules' `answer` with how the script's run `ended`: when an input is invalid,
    /// the script did not run and its outcome is `Ok(null)`.
    fn decided(&self, doc: &CalcDoc, answer: &str, ended: Ended) -> (Judged, Ended) {
        let judged = self.judged(doc, answer);
        if judged.invalid.is_empty() {
            (judged, ended)
        } else {
            (judged, waiting())
        }
    }

    /// The outcome of a run in which the rules did not finish: their failure.
    fn unfinished(&self, ended: Ended, offset: u32) -> Ended {
        let message = match ended.outcome {
            Ok(_) => "Show-when and Valid-when rules did not finish".to_owned(),
            Err((message, _)) => self.failure(&message, offset),
        };
        failed(message, ended.abandoned)
    }
}

/// The outcome of a script that did not run because an input is invalid.
fn waiting() -> Ended {
    Ended {
        outcome: Ok((Value::Null, Vec::new())),
        abandoned: false,
    }
}

fn failed(message: String, abandoned: bool) -> Ended {
    Ended {
        outcome: Err((message, Vec::new())),
        abandoned,
    }
}

mod builder;
pub(crate) mod last;
mod native;
#[cfg(test)]
mod tests;
