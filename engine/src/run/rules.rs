//! The doc's show-when and valid-when rules (`doc/forms.rs`), run before the script in the
//! same realm and under the same limits: all of a doc's rules are one generated program,
//! run through the harness like a script, which answers which inputs, sections and
//! outputs are hidden and which inputs are invalid. Each rule is a function of its own
//! whose expression starts on a line of its own, so an error's line tells the rule and
//! the line within it. The script then runs with every hidden input as `null`.
//!
//! A doc without rules builds no program and runs nothing more.

use serde_json::{Map, Value};

use crate::forms::FormRules;
use crate::limits::{MEMORY_MESSAGE, TIMEOUT_MESSAGE};
use crate::model::CalcDoc;
use crate::run::calculation::Ended;
use crate::run::realm::Sandbox;

/// A doc's rules as one program, and where each rule's expression lies in it.
pub(crate) struct RuleProgram {
    pub(crate) source: String,
    spans: Vec<Span>,
    /// The rules' expressions with their names, for a rule that does not parse.
    rules: Vec<(String, String)>,
    forms: FormRules,
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
            source: String::from("var __n=null,__v={},__x={},__h='',__s='',__o='',__w='',__b={};"),
            line: 1,
            spans: Vec::new(),
            rules: Vec::new(),
        };
        for input in &doc.inputs {
            let k = key(&input.name);
            program.source.push_str(&format!("__v[{k}]=inputs[{k}];"));
        }
        let hide = |index: usize| {
            let k = key(&doc.inputs[index].name);
            format!("__v[{k}]=__n;__x[{k}]=1;__h+='{index},';")
        };
        for rule in &forms.inputs {
            if let Some(expression) = &rule.visible_when {
                let name = &doc.inputs[rule.index].name;
                program.rule(
                    "if(!",
                    expression,
                    &format!("Show-when rule of input \"{name}\""),
                    &format!("{{{}}}", hide(rule.index)),
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
            );
        }
        for (index, expression) in &forms.outputs {
            let name = &doc.outputs[*index].name;
            program.rule(
                "if(!",
                expression,
                &format!("Show-when rule of output \"{name}\""),
                &format!("{{__o+='{index},';}}"),
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
                );
            }
        }
        program
            .source
            .push_str("\nreturn __h+'|'+__s+'|'+__o+'|'+__w;");
        RuleProgram {
            source: program.source,
            spans: program.spans,
            rules: program.rules,
            forms,
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
    /// script's would read, its line counted within the rule.
    fn failure(&self, message: &str) -> String {
        if message == TIMEOUT_MESSAGE || message == MEMORY_MESSAGE {
            return message.to_owned();
        }
        let line = message
            .rsplit_once(" (line ")
            .and_then(|(text, n)| Some((text, n.strip_suffix(')')?.parse::<u32>().ok()?)));
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

/// Builds the program, a line count kept as it goes.
struct Builder {
    source: String,
    line: u32,
    spans: Vec<Span>,
    rules: Vec<(String, String)>,
}

impl Builder {
    /// `<head>(function(inputs){return(` newline, the expression, newline,
    /// `);})(view))<then>`: the expression is a function of the view.
    fn rule(&mut self, head: &str, expression: &str, label: &str, then: &str) {
        self.source.push('\n');
        self.source.push_str(head);
        self.source.push_str("(function(inputs){return(\n");
        self.line += 1;
        let first = self.line + 1;
        let lines = expression.matches('\n').count() as u32;
        self.source.push_str(expression);
        self.source.push_str("\n);})(__v))");
        self.source.push_str(then);
        self.line = first + lines + 1;
        self.spans.push(Span {
            first,
            last: first + lines,
            label: label.to_owned(),
        });
        self.rules.push((label.to_owned(), expression.to_owned()));
    }
}

/// Runs `program` (when the doc has rules) and then, unless a rule failed or an input is
/// invalid, the doc's script with the hidden inputs as `null`. When the script does not
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
    let ended = match sandbox.run_program(&program.source, fields, parses) {
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
    let answer = match ended.outcome {
        Ok((Value::String(answer), _)) => answer,
        Ok(_) => {
            return (
                Judged::default(),
                failed(
                    "Show-when and Valid-when rules did not finish".to_owned(),
                    ended.abandoned,
                ),
            );
        }
        Err((message, _)) => {
            return (
                Judged::default(),
                failed(program.failure(&message), ended.abandoned),
            );
        }
    };
    let judged = program.judged(doc, &answer);
    if !judged.invalid.is_empty() {
        return (
            judged,
            Ended {
                outcome: Ok((Value::Null, Vec::new())),
                abandoned: false,
            },
        );
    }
    let ended = if judged.hidden_places.is_empty() {
        sandbox.run(doc, fields, parses)
    } else {
        let mut fields = fields.clone();
        if let Value::Array(fields) = &mut fields {
            for &place in &judged.hidden_places {
                if let Some(Value::Array(field)) = fields.get_mut(place) {
                    // [name, kind, value]: a plain null.
                    field.truncate(1);
                    field.extend([Value::from("v"), Value::Null]);
                }
            }
        }
        sandbox.run(doc, &fields, parses)
    };
    (judged, ended)
}

fn failed(message: String, abandoned: bool) -> Ended {
    Ended {
        outcome: Err((message, Vec::new())),
        abandoned,
    }
}

#[cfg(test)]
mod tests;
