//! The rule builder's conditions judged in Rust rather than in the realm. Running a doc's
//! rules as JavaScript in a fresh realm made their four function objects and the view
//! of the inputs anew, with cold caches, on every calculation: a quarter of a small
//! recalculation in wasm (docs/benchmarks.md, "Rules (issue 30)"). Most rules are what
//! the rule builder writes (`web/src/features/editor/rules/rule-expression.ts`): inputs
//! compared with literals, joined by `&&` and `||`. Those are read here from boa's own
//! parse, once per doc, and judged with JavaScript's semantics for the values inputs
//! hold (null, numbers, strings, booleans).
//!
//! Anything else falls back to the program, whole: a rule of any other shape (a call, a
//! variable, arithmetic), and, on a calculation, a rule that reads an input holding
//! something else (a date, a list, a choice's object) or compares a string with a
//! number or boolean (JavaScript's text-to-number conversion is left to JavaScript).
//! Such rules cannot throw, loop or print, so a judgement here is the program's answer.

use boa_ast::expression::access::{PropertyAccess, PropertyAccessField};
use boa_ast::expression::literal::LiteralKind;
use boa_ast::expression::operator::binary::{BinaryOp, LogicalOp, RelationalOp};
use boa_ast::expression::operator::unary::UnaryOp;
use boa_ast::scope::Scope;
use boa_ast::{Expression, Statement, StatementListItem};
use boa_engine::interner::{Interner, Sym};
use boa_parser::{Parser, Source};
use serde_json::Value;

use super::builder::Action;
use crate::model::CalcDoc;

/// A value a simple condition works with. Text is kept as UTF-16 code units, which is
/// what JavaScript compares.
#[derive(Debug, Clone, PartialEq)]
enum Plain {
    Null,
    Bool(bool),
    Number(f64),
    Text(Vec<u16>),
}

#[derive(Debug, Clone, Copy)]
enum Comparison {
    StrictEqual,
    StrictNotEqual,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// A simple condition.
#[derive(Debug)]
enum Node {
    /// `inputs.name` or `inputs["name"]`: the input at this place in `metaInputs`.
    Input(usize),
    Literal(Plain),
    Not(Box<Node>),
    Minus(Box<Node>),
    Compare(Comparison, Box<Node>, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    /// `[literals].includes(node)`.
    OneOf(Vec<Plain>, Box<Node>),
}

/// A doc's rules as simple conditions, each with what it does when falsy.
pub(crate) struct NativeRules {
    steps: Vec<(Node, Action)>,
}

impl NativeRules {
    /// The rules of a program (`expressions` with their `actions`, in the program's
    /// order); `None` unless every one is a simple condition.
    pub(crate) fn new<'a>(
        doc: &CalcDoc,
        expressions: impl Iterator<Item = &'a str>,
        actions: &[Action],
    ) -> Option<NativeRules> {
        // `inputs.__proto__` is no input in the view (`makeInputs`).
        if doc.inputs.iter().any(|i| i.name == "__proto__") {
            return None;
        }
        let steps = expressions
            .zip(actions)
            .map(|(expression, action)| Some((condition(doc, expression)?, action.clone())))
            .collect::<Option<Vec<_>>>()?;
        Some(NativeRules { steps })
    }

    /// The program's answer on `fields` (the harness's inputs, `inputs.rs`), as the
    /// program would give it: hidden inputs, sections and outputs, failed valid-when
    /// rules. `None` when a rule reads what is judged in JavaScript only.
    pub(crate) fn answer(&self, fields: &Value) -> Option<String> {
        // The rules' view of the inputs, updated as rules hide them.
        let view: Vec<Option<Plain>> = fields.as_array()?.iter().map(plain_field).collect();
        let mut answer = Answer {
            hidden: vec![false; view.len()],
            failed: vec![false; view.len()],
            view,
            parts: Default::default(),
        };
        for (node, action) in &self.steps {
            if let Action::Check { input, .. } = action
                && (answer.hidden.get(*input) != Some(&false)
                    || answer.failed.get(*input) != Some(&false))
            {
                continue;
            }
            if node.value(&answer.view)?.truthy() {
                continue;
            }
            match action {
                Action::HideInput(place) => answer.hide(*place),
                Action::HideSection { place, members } => {
                    answer.parts[1].push_str(&format!("{place},"));
                    for &member in members {
                        answer.hide(member);
                    }
                }
                Action::HideOutput(place) => answer.parts[2].push_str(&format!("{place},")),
                Action::Check { input, number } => {
                    answer.failed[*input] = true;
                    answer.parts[3].push_str(&format!("{input}:{number},"));
                }
            }
        }
        Some(answer.parts.join("|"))
    }
}

/// The program's answer as it is made: its four parts (hidden inputs, sections and
/// outputs, failed valid-when rules), and the view and marks it keeps (`__v`, `__x`,
/// `__b` in `rules.rs`).
struct Answer {
    view: Vec<Option<Plain>>,
    hidden: Vec<bool>,
    failed: Vec<bool>,
    parts: [String; 4],
}

impl Answer {
    fn hide(&mut self, place: usize) {
        if let Some(slot) = self.view.get_mut(place) {
            *slot = Some(Plain::Null);
            self.hidden[place] = true;
            self.parts[0].push_str(&format!("{place},"));
        }
    }
}

/// A field (`[name, kind, value]`) as the rules' view holds it: a plain value, or `None`
/// for a date or a list (objects).
fn plain_field(field: &Value) -> Option<Plain> {
    match (field.get(1)?.as_str()?, field.get(2)?) {
        ("v", value) | ("d", value @ Value::Null) => plain(value),
        _ => None,
    }
}

fn plain(value: &Value) -> Option<Plain> {
    Some(match value {
        Value::Null => Plain::Null,
        Value::Bool(flag) => Plain::Bool(*flag),
        Value::Number(number) => Plain::Number(number.as_f64()?),
        Value::String(text) => Plain::Text(text.encode_utf16().collect()),
        Value::Array(_) | Value::Object(_) => return None,
    })
}

/// `expression` as a simple condition over `doc`'s inputs, read as the program's strict
/// function reads it: one expression and nothing else.
fn condition(doc: &CalcDoc, expression: &str) -> Option<Node> {
    let mut interner = Interner::default();
    let mut parser = Parser::new(Source::from_bytes(expression));
    parser.set_strict();
    let script = parser
        .parse_script(&Scope::new_global(), &mut interner)
        .ok()?;
    let [StatementListItem::Statement(statement)] = script.statements().statements() else {
        return None;
    };
    let Statement::Expression(expression) = statement.as_ref() else {
        return None;
    };
    Reader {
        doc,
        interner: &interner,
    }
    .node(expression)
}

struct Reader<'a> {
    doc: &'a CalcDoc,
    interner: &'a Interner,
}

impl Reader<'_> {
    fn text(&self, sym: Sym) -> Option<Vec<u16>> {
        Some(self.interner.resolve(sym)?.utf16().to_vec())
    }

    fn is(&self, sym: Sym, word: &str) -> bool {
        self.text(sym)
            .is_some_and(|text| text.iter().copied().eq(word.encode_utf16()))
    }

    fn node(&self, expression: &Expression) -> Option<Node> {
        Some(match expression {
            Expression::Parenthesized(inner) => self.node(inner.expression())?,
            Expression::Literal(_) => Node::Literal(self.literal(expression)?),
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => {
                let Expression::Identifier(object) = access.target() else {
                    return None;
                };
                if !self.is(object.sym(), "inputs") {
                    return None;
                }
                let name = match access.field() {
                    PropertyAccessField::Const(name) => self.text(name.sym())?,
                    PropertyAccessField::Expr(key) => match self.literal(key)? {
                        Plain::Text(name) => name,
                        _ => return None,
                    },
                };
                let name = String::from_utf16(&name).ok()?;
                Node::Input(self.doc.inputs.iter().position(|i| i.name == name)?)
            }
            Expression::Unary(unary) => {
                let target = Box::new(self.node(unary.target())?);
                match unary.op() {
                    UnaryOp::Not => Node::Not(target),
                    UnaryOp::Minus => Node::Minus(target),
                    _ => return None,
                }
            }
            Expression::Binary(binary) => {
                let (left, right) = (self.node(binary.lhs())?, self.node(binary.rhs())?);
                let (left, right) = (Box::new(left), Box::new(right));
                let comparison = match binary.op() {
                    BinaryOp::Logical(LogicalOp::And) => return Some(Node::And(left, right)),
                    BinaryOp::Logical(LogicalOp::Or) => return Some(Node::Or(left, right)),
                    BinaryOp::Relational(op) => match op {
                        RelationalOp::StrictEqual => Comparison::StrictEqual,
                        RelationalOp::StrictNotEqual => Comparison::StrictNotEqual,
                        RelationalOp::Equal => Comparison::Equal,
                        RelationalOp::NotEqual => Comparison::NotEqual,
                        RelationalOp::LessThan => Comparison::Less,
                        RelationalOp::LessThanOrEqual => Comparison::LessOrEqual,
                        RelationalOp::GreaterThan => Comparison::Greater,
                        RelationalOp::GreaterThanOrEqual => Comparison::GreaterOrEqual,
                        _ => return None,
                    },
                    _ => return None,
                };
                Node::Compare(comparison, left, right)
            }
            // `[literals].includes(value)`, the builder's "is one of".
            Expression::Call(call) => {
                let Expression::PropertyAccess(PropertyAccess::Simple(method)) = call.function()
                else {
                    return None;
                };
                let (Expression::ArrayLiteral(list), PropertyAccessField::Const(name)) =
                    (method.target(), method.field())
                else {
                    return None;
                };
                let [value] = call.args() else {
                    return None;
                };
                if !self.is(name.sym(), "includes") {
                    return None;
                }
                let items = (list.as_ref().iter())
                    .map(|item| self.literal(item.as_ref()?))
                    .collect::<Option<Vec<_>>>()?;
                Node::OneOf(items, Box::new(self.node(value)?))
            }
            _ => return None,
        })
    }

    /// A literal, or a negated number literal (`-5`).
    fn literal(&self, expression: &Expression) -> Option<Plain> {
        match expression {
            Expression::Literal(literal) => Some(match literal.kind() {
                LiteralKind::String(sym) => Plain::Text(self.text(*sym)?),
                LiteralKind::Num(number) => Plain::Number(*number),
                LiteralKind::Int(number) => Plain::Number(f64::from(*number)),
                LiteralKind::Bool(flag) => Plain::Bool(*flag),
                LiteralKind::Null => Plain::Null,
                _ => return None,
            }),
            Expression::Unary(unary) if unary.op() == UnaryOp::Minus => {
                match self.literal(unary.target())? {
                    Plain::Number(number) => Some(Plain::Number(-number)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

impl Node {
    /// The node's value over the rules' `view`; `None` when JavaScript must judge it.
    fn value(&self, view: &[Option<Plain>]) -> Option<Plain> {
        Some(match self {
            Node::Input(place) => view.get(*place)?.clone()?,
            Node::Literal(value) => value.clone(),
            Node::Not(node) => Plain::Bool(!node.value(view)?.truthy()),
            Node::Minus(node) => Plain::Number(-node.value(view)?.number()?),
            Node::And(left, right) => {
                let left = left.value(view)?;
                if left.truthy() {
                    right.value(view)?
                } else {
                    left
                }
            }
            Node::Or(left, right) => {
                let left = left.value(view)?;
                if left.truthy() {
                    left
                } else {
                    right.value(view)?
                }
            }
            Node::OneOf(items, node) => {
                let value = node.value(view)?;
                Plain::Bool(items.iter().any(|item| same_value_zero(item, &value)))
            }
            Node::Compare(comparison, left, right) => {
                let (a, b) = (left.value(view)?, right.value(view)?);
                Plain::Bool(match comparison {
                    Comparison::StrictEqual => strict_equal(&a, &b),
                    Comparison::StrictNotEqual => !strict_equal(&a, &b),
                    Comparison::Equal => loose_equal(&a, &b)?,
                    Comparison::NotEqual => !loose_equal(&a, &b)?,
                    // `a <= b` is `!(b < a)`, false when either is NaN.
                    Comparison::Less => less_than(&a, &b)? == Some(true),
                    Comparison::Greater => less_than(&b, &a)? == Some(true),
                    Comparison::LessOrEqual => less_than(&b, &a)? == Some(false),
                    Comparison::GreaterOrEqual => less_than(&a, &b)? == Some(false),
                })
            }
        })
    }
}

impl Plain {
    /// ToBoolean.
    fn truthy(&self) -> bool {
        match self {
            Plain::Null => false,
            Plain::Bool(flag) => *flag,
            Plain::Number(number) => !(*number == 0.0 || number.is_nan()),
            Plain::Text(text) => !text.is_empty(),
        }
    }

    /// ToNumber, but for text (left to JavaScript).
    fn number(&self) -> Option<f64> {
        match self {
            Plain::Null => Some(0.0),
            Plain::Bool(flag) => Some(f64::from(u8::from(*flag))),
            Plain::Number(number) => Some(*number),
            Plain::Text(_) => None,
        }
    }
}

/// `===`: NaN is not itself, +0 is -0.
fn strict_equal(a: &Plain, b: &Plain) -> bool {
    a == b
}

/// `Array.prototype.includes`'s SameValueZero: `===`, but NaN is NaN.
fn same_value_zero(a: &Plain, b: &Plain) -> bool {
    match (a, b) {
        (Plain::Number(a), Plain::Number(b)) if a.is_nan() && b.is_nan() => true,
        _ => a == b,
    }
}

/// `==` (IsLooselyEqual); `None` when text meets a number or a boolean.
fn loose_equal(a: &Plain, b: &Plain) -> Option<bool> {
    Some(match (a, b) {
        (Plain::Text(_), Plain::Text(_)) | (Plain::Null, Plain::Null) => a == b,
        (Plain::Null, _) | (_, Plain::Null) => false,
        (Plain::Text(_), _) | (_, Plain::Text(_)) => return None,
        _ => a.number()? == b.number()?,
    })
}

/// `a < b` (IsLessThan): `Some(None)` is undefined (a NaN); `None` when text meets
/// anything but text.
fn less_than(a: &Plain, b: &Plain) -> Option<Option<bool>> {
    if let (Plain::Text(a), Plain::Text(b)) = (a, b) {
        return Some(Some(a < b));
    }
    let (a, b) = (a.number()?, b.number()?);
    Some((!a.is_nan() && !b.is_nan()).then_some(a < b))
}

#[cfg(test)]
mod tests;
