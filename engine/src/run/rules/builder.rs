//! The rules' program as it is written: each rule a function of its own, its lines
//! counted, with what it does when its expression is falsy (`rules.rs`).

use super::Span;

/// What a rule does when its expression is falsy, in the program's order.
#[derive(Debug, Clone)]
pub(crate) enum Action {
    /// Hides the input at this place in `metaInputs`.
    HideInput(usize),
    /// Hides the section at this place in `sections`, and its member inputs.
    HideSection { place: usize, members: Vec<usize> },
    /// Hides the output at this place in `metaOutputs`.
    HideOutput(usize),
    /// Valid-when rule `number` of the input at place `input`: unless the input is hidden
    /// or already failed one, it fails.
    Check { input: usize, number: usize },
}

/// Builds the program, a line count kept as it goes.
pub(super) struct Builder {
    pub(super) source: String,
    pub(super) line: u32,
    pub(super) spans: Vec<Span>,
    pub(super) rules: Vec<(String, String)>,
    pub(super) actions: Vec<Action>,
}

impl Builder {
    /// `<head>(function(inputs){return(` newline, the expression, newline,
    /// `);})(view))<then>`: the expression is a function of the view.
    pub(super) fn rule(
        &mut self,
        head: &str,
        expression: &str,
        label: &str,
        then: &str,
        action: Action,
    ) {
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
        self.actions.push(action);
    }
}
