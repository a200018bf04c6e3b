//! The finder's own work: the positions it keeps, and how V8 names the expression at
//! each operation that can fail.

use boa_ast::declaration::Binding;
use boa_ast::expression::access::{PropertyAccess, PropertyAccessField};
use boa_ast::expression::literal::{LiteralKind, PropertyDefinition, TemplateElement};

use boa_ast::expression::{Call, Expression, Identifier};

use boa_ast::pattern::ArrayPattern;
use boa_ast::property::PropertyName;

use boa_ast::visitor::{VisitWith, Visitor};
use boa_ast::{Position, Spanned};

use boa_engine::JsString;
use boa_engine::interner::Sym;

use super::{Finder, IDENT_MARK, Nullish, Operation, Site, pair};
use crate::js_text::from_js;

impl Finder<'_> {
    pub(super) fn boa_position(&self) -> (u32, u32) {
        self.guards.last().copied().map_or((0, 0), pair)
    }

    pub(super) fn guarded(&mut self, at: Position, visit: impl FnOnce(&mut Self)) {
        self.guards.push(at);
        visit(self);
        self.guards.pop();
    }

    pub(super) fn add(&mut self, operation: Operation, position: Position, expression: String) {
        self.sites.push(Site {
            operation,
            boa_position: self.boa_position(),
            position: pair(position),
            expression,
            property: None,
            nullish: Nullish::Undefined,
            on_input: false,
            key_input: None,
        });
    }

    pub(super) fn name(&self, identifier: Identifier) -> String {
        self.interner
            .resolve(identifier.sym())
            .map_or_else(String::new, |s| s.to_string())
    }

    /// A property read or write of `access`, failing on a null or undefined object.
    pub(super) fn add_access(&mut self, operation: Operation, access: &PropertyAccess) {
        let PropertyAccess::Simple(simple) = access else {
            return;
        };
        let field = simple.field();
        let property = match field {
            PropertyAccessField::Const(identifier) => Some(self.name(*identifier)),
            PropertyAccessField::Expr(key) => self.key_text(key),
        };
        let key_input = match field {
            PropertyAccessField::Expr(key) if property.is_none() => self.input_name(key),
            _ => None,
        };
        let position = match field {
            PropertyAccessField::Const(identifier) => identifier.span().start(),
            // V8 points at the `[`, one column before the key.
            PropertyAccessField::Expr(key) => {
                let start = key.span().start();
                Position::new(
                    start.line_number(),
                    start.column_number().saturating_sub(1).max(1),
                )
            }
        };
        let target = simple.target().flatten();
        let nullish = self.guess(target);
        let on_input = self.is_input_value(target);
        // A variable or a variable's property: what it was declared as tells more.
        let expression = match self.path(target) {
            Some(path) => format!("{path}{IDENT_MARK}"),
            None => self.print(target),
        };
        self.sites.push(Site {
            operation,
            boa_position: self.boa_position(),
            position: pair(position),
            expression,
            property,
            nullish,
            on_input,
            key_input,
        });
    }

    /// A string literal's text, a lone surrogate in it (`'\ud83d'`) spelled as
    /// `js_text` spells one.
    fn text(&self, sym: Sym) -> Option<String> {
        let literal = self.interner.resolve(sym)?;
        Some(from_js(&JsString::from(literal.utf16())))
    }

    /// A computed key's value when the script spells it out.
    pub(super) fn key_text(&self, key: &Expression) -> Option<String> {
        match key.flatten() {
            Expression::TemplateLiteral(template) => match template.elements() {
                [TemplateElement::String(sym)] => self.text(*sym),
                _ => None,
            },
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => self.text(*sym),
                LiteralKind::Int(n) => Some(n.to_string()),
                LiteralKind::Num(n) => Some(format_number(*n)),
                _ => None,
            },
            _ => None,
        }
    }

    /// What `target` most likely is when reading a property of it fails.
    pub(super) fn guess(&self, target: &Expression) -> Nullish {
        match target.flatten() {
            Expression::Literal(literal) if matches!(literal.kind(), LiteralKind::Null) => {
                Nullish::Null
            }
            // Empty inputs are null, and so are a list item's empty fields.
            _ if self.is_input_value(target) => Nullish::Null,
            // `cond ? {} : null`: only the null branch can fail.
            Expression::Conditional(conditional) => {
                if [conditional.if_true(), conditional.if_false()]
                    .into_iter()
                    .any(|branch| self.guess(branch) == Nullish::Null)
                {
                    Nullish::Null
                } else {
                    Nullish::Undefined
                }
            }
            // `s.match(re)`, `re.exec(s)` and `JSON.parse` answer null.
            Expression::Call(call) => match call.function().flatten() {
                Expression::PropertyAccess(PropertyAccess::Simple(access)) => {
                    match access.field() {
                        PropertyAccessField::Const(name)
                            if ["match", "exec", "parse", "getItem"]
                                .contains(&self.name(*name).as_str()) =>
                        {
                            Nullish::Null
                        }
                        _ => Nullish::Undefined,
                    }
                }
                _ => Nullish::Undefined,
            },
            _ => Nullish::Undefined,
        }
    }

    /// An expression as V8 prints it in "... is not a function" (its CallPrinter).
    pub(super) fn print(&self, expression: &Expression) -> String {
        match expression {
            Expression::Identifier(identifier) => self.name(*identifier),
            Expression::This(_) => "this".to_owned(),
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => format!("\"{}\"", self.text(*sym).unwrap_or_default()),
                LiteralKind::Int(n) => n.to_string(),
                LiteralKind::Num(n) => format_number(*n),
                LiteralKind::Bool(b) => b.to_string(),
                LiteralKind::Null => "null".to_owned(),
                LiteralKind::Undefined => "undefined".to_owned(),
                _ => "(intermediate value)".to_owned(),
            },
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => {
                let target = self.print(access.target());
                match access.field() {
                    PropertyAccessField::Const(name) => format!("{target}.{}", self.name(*name)),
                    PropertyAccessField::Expr(key) => match key.flatten() {
                        Expression::Literal(literal)
                            if matches!(literal.kind(), LiteralKind::String(_)) =>
                        {
                            format!("{target}.{}", self.key_text(key).unwrap_or_default())
                        }
                        Expression::TemplateLiteral(_) if self.key_text(key).is_some() => {
                            format!("{target}.{}", self.key_text(key).unwrap_or_default())
                        }
                        other => format!("{target}[{}]", self.print(other)),
                    },
                }
            }
            Expression::Call(call) => format!("{}(...)", self.print(call.function())),
            Expression::Binary(binary) => format!(
                "({} {} {})",
                self.print(binary.lhs()),
                binary.op(),
                self.print(binary.rhs())
            ),
            Expression::Parenthesized(inner) => self.print(inner.expression()),
            _ => "(intermediate value)".to_owned(),
        }
    }

    /// `inputs.x`, `item.x` of a list's item, or `inputs.list[i].x`: an input's value as
    /// the script sees it.
    pub(super) fn is_input_value(&self, expression: &Expression) -> bool {
        let Expression::PropertyAccess(PropertyAccess::Simple(access)) = expression.flatten()
        else {
            return false;
        };
        match access.target().flatten() {
            Expression::Identifier(i) => self.is_inputs_or_row(*i),
            item => self.is_list_item(item),
        }
    }

    /// A BigInt as the script writes it: `10n`, `BigInt(x)`, or a variable declared as one.
    pub(super) fn is_bigint(&self, expression: &Expression) -> bool {
        match expression.flatten() {
            Expression::Literal(literal) => matches!(literal.kind(), LiteralKind::BigInt(_)),
            Expression::Call(call) => {
                matches!(call.function().flatten(), Expression::Identifier(i) if self.name(*i) == "BigInt")
            }
            Expression::Identifier(i) => self.bigints.contains(&self.name(*i)),
            _ => false,
        }
    }

    /// `name` when `expression` is `inputs.name`.
    pub(super) fn input_name(&self, expression: &Expression) -> Option<String> {
        match expression.flatten() {
            Expression::PropertyAccess(PropertyAccess::Simple(access))
                if self.is_input(expression) =>
            {
                match access.field() {
                    PropertyAccessField::Const(name) => Some(self.name(*name)),
                    PropertyAccessField::Expr(_) => None,
                }
            }
            _ => None,
        }
    }

    /// `inputs.list[i]`: an item of a list input.
    pub(super) fn is_list_item(&self, expression: &Expression) -> bool {
        matches!(expression.flatten(), Expression::PropertyAccess(PropertyAccess::Simple(access))
            if matches!(access.field(), PropertyAccessField::Expr(_)) && self.is_input(access.target()))
    }

    pub(super) fn is_inputs_or_row(&self, identifier: Identifier) -> bool {
        let name = self.name(identifier);
        name == "inputs" || self.rows.contains(&name)
    }

    /// `inputs.items`: a list input (or any input; only lists are iterated).
    pub(super) fn is_input(&self, expression: &Expression) -> bool {
        matches!(expression.flatten(), Expression::PropertyAccess(PropertyAccess::Simple(access))
            if matches!(access.target().flatten(), Expression::Identifier(i) if self.name(*i) == "inputs"))
    }

    /// Remembers the item parameter of each callback that `call` runs over a list input:
    /// `inputs.items.map(function (item) {...})`, `_.map(inputs.items, item => ...)`.
    pub(super) fn note_rows(&mut self, call: &Call) {
        let method = match call.function().flatten() {
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
                PropertyAccessField::Const(name) => Some((self.name(*name), access.target())),
                PropertyAccessField::Expr(_) => None,
            },
            _ => None,
        };
        let over_input = method
            .as_ref()
            .is_some_and(|(_, target)| self.is_input(target))
            || call.args().iter().any(|argument| self.is_input(argument));
        if !over_input {
            return;
        }
        // The accumulator comes first in a reduce's callback.
        let index = match method {
            Some((name, _)) if name == "reduce" || name == "reduceRight" => 1,
            _ => 0,
        };
        for argument in call.args() {
            let parameters = match argument.flatten() {
                Expression::FunctionExpression(function) => function.parameters(),
                Expression::ArrowFunction(function) => function.parameters(),
                _ => continue,
            };
            if let Some(parameter) = parameters.as_ref().get(index)
                && let Binding::Identifier(identifier) = parameter.variable().binding()
            {
                let name = self.name(*identifier);
                self.rows.push(name);
            }
        }
    }

    /// A call or `new`: the callee is evaluated outside the call's own position.
    pub(super) fn callee(&mut self, call: &Call, operation: Operation) {
        self.note_rows(call);
        match call.function().flatten() {
            // A method's lookup: boa compiles it without a position of its own.
            Expression::PropertyAccess(access) if operation == Operation::Call => {
                self.add_access(Operation::Read, access);
                if let PropertyAccess::Simple(simple) = access {
                    let _ = self.visit_expression(simple.target());
                    if let PropertyAccessField::Expr(key) = simple.field() {
                        let _ = self.visit_expression(key);
                    }
                } else {
                    let _ = access.visit_with(self);
                }
            }
            callee => {
                let _ = self.visit_expression(callee);
            }
        }
        let expression = self.print(call.function().flatten());
        let at = call.span().start();
        // V8 points at a method's name, else at the callee.
        let reported = match call.function().flatten() {
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
                PropertyAccessField::Const(name) => name.span().start(),
                PropertyAccessField::Expr(key) => key.span().start(),
            },
            _ => at,
        };
        self.guarded(at, |finder| {
            finder.add(operation, reported, expression);
            for argument in call.args() {
                if let Expression::Spread(spread) = argument {
                    let text = finder.print(spread.target());
                    finder.add(Operation::Iterate, spread.target().span().start(), text);
                }
                let _ = finder.visit_expression(argument);
            }
        });
    }

    /// `a` or `a.b.c`: a variable or a chain of named properties of one.
    pub(super) fn path(&self, expression: &Expression) -> Option<String> {
        match expression {
            Expression::Identifier(identifier) => Some(self.name(*identifier)),
            Expression::PropertyAccess(PropertyAccess::Simple(access)) => match access.field() {
                PropertyAccessField::Const(name) => Some(format!(
                    "{}.{}",
                    self.path(access.target().flatten())?,
                    self.name(*name)
                )),
                PropertyAccessField::Expr(_) => None,
            },
            _ => None,
        }
    }

    /// Remembers what a variable (and each property of an object literal it starts as)
    /// is declared as; the first declaration of a name wins.
    pub(super) fn declare(&mut self, name: String, init: Option<&Expression>) {
        if self.declarations.iter().any(|(n, _)| *n == name) {
            return;
        }
        let nullish = match init {
            None => Nullish::Undefined,
            Some(init) => self.guess(init),
        };
        if init.is_some_and(|init| self.is_bigint(init)) {
            self.bigints.push(name.clone());
        }
        if init.is_some_and(|init| self.is_list_item(init)) {
            // `const g = inputs.guests[1]`: `g.name` is a list item's field.
            self.rows.push(name.clone());
        }
        if let Some(Expression::ObjectLiteral(object)) = init.map(Expression::flatten) {
            for property in object.properties() {
                if let PropertyDefinition::Property(PropertyName::Literal(key), value) = property {
                    let path = format!("{name}.{}", self.name(*key));
                    let value = self.guess(value);
                    self.declare_path(path, value);
                }
            }
        }
        self.declarations.push((name, nullish));
    }

    pub(super) fn declare_path(&mut self, path: String, nullish: Nullish) {
        if !self.declarations.iter().any(|(n, _)| *n == path) {
            self.declarations.push((path, nullish));
        }
    }
}

pub(super) fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}

impl Finder<'_> {
    pub(super) fn add_pattern(&mut self, _pattern: &ArrayPattern, at: Position, text: String) {
        self.add(Operation::Iterate, at, text);
    }
}
