//! Where in the author's script a runtime error happened, and how V8 names the
//! expression there.
//!
//! boa 0.22 records source positions only at some nodes: a function body, the arguments
//! and the call of a call, an assignment, a unary or update operator, a property read
//! outside a call (at its field) and a `throw`. An operation elsewhere — a method's
//! lookup in `a.b()`, a variable read — reports the start of the nearest such node
//! around it, which is often the enclosing function's first line. So the script is
//! parsed again and every operation that can fail is given the position boa would
//! report for it ("its boa position"); the operations whose boa position is the
//! position of the error's frame, and that can throw this kind of error, are where it
//! happened. Their own position is the one V8 reports.

use boa_ast::declaration::Binding;
use boa_ast::expression::access::{PropertyAccess, PropertyAccessField};
use boa_ast::expression::literal::{LiteralKind, PropertyDefinition, TemplateElement};
use boa_ast::expression::operator::assign::AssignTarget;
use boa_ast::expression::operator::update::UpdateTarget;
use boa_ast::expression::{Call, Expression, Identifier, New};
use boa_ast::function::FunctionBody;
use boa_ast::pattern::{ArrayPattern, Pattern};
use boa_ast::property::PropertyName;
use boa_ast::scope::Scope;
use boa_ast::statement::Throw;
use boa_ast::statement::iteration::{ForOfLoop, IterableLoopInitializer};
use boa_ast::visitor::{VisitWith, Visitor};
use boa_ast::{Position, Spanned};
use boa_engine::interner::Interner;
use boa_parser::{Parser, Source};
use std::convert::Infallible;
use std::ops::ControlFlow;

/// What kind of operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// `a.b` or `a[b]` read (also a method's lookup in `a.b()`).
    Read,
    /// `a.b = ...` on a null or undefined `a`.
    Write,
    /// `f()` where `f` is not a function.
    Call,
    /// `new F()` where `F` is not a constructor.
    Construct,
    /// A variable's read or write (`x`, `x = 1`).
    Name,
    /// `for (... of x)`, `[...x]`, `f(...x)`, `[a] = x`.
    Iterate,
    /// A `let` or `const` variable read before its declaration (a query only: such
    /// reads are found among [`Operation::Name`]).
    Uninitialized,
}

/// What is or may be null or undefined when a property is read or written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nullish {
    Null,
    Undefined,
}

impl Nullish {
    /// The word V8 uses.
    pub fn word(self) -> &'static str {
        match self {
            Nullish::Null => "null",
            Nullish::Undefined => "undefined",
        }
    }
}

/// An operation of the script that can fail.
#[derive(Debug, Clone, PartialEq)]
pub struct Site {
    pub operation: Operation,
    /// Where boa reports a failure of this operation.
    boa_position: (u32, u32),
    /// Where V8 reports it (line, column).
    pub position: (u32, u32),
    /// The expression as V8 prints it in messages: the callee of a call, the iterated
    /// value, the variable's name.
    pub expression: String,
    /// The property read or written, when its name is written in the script.
    pub property: Option<String>,
    /// What the object of a read or write most likely is when it fails (a guess from
    /// the script's text: `inputs.x` is null when the input is empty, `a.b` is
    /// undefined when `b` is missing, and so on).
    pub nullish: Nullish,
}

/// The operations of `operation`'s kind that boa would report at `position` (line and
/// column in `source`), in the order they are written. `None` when `source` does not
/// parse.
pub fn sites_at(source: &str, position: (u32, u32), operation: Operation) -> Option<Vec<Site>> {
    let mut interner = Interner::default();
    let script = Parser::new(Source::from_bytes(source))
        .parse_script(&Scope::new_global(), &mut interner)
        .ok()?;
    let mut finder = Finder {
        interner: &interner,
        guards: Vec::new(),
        sites: Vec::new(),
        declarations: Vec::new(),
        lexical: Vec::new(),
        rows: Vec::new(),
    };
    let _ = finder.visit_script(&script);
    let declarations = std::mem::take(&mut finder.declarations);
    let lexical = std::mem::take(&mut finder.lexical);
    let mut sites: Vec<Site> = finder
        .sites
        .into_iter()
        .filter(|s| s.boa_position == position)
        .filter(|s| match operation {
            // A `let`/`const` read before its declaration runs.
            Operation::Uninitialized => {
                s.operation == Operation::Name
                    && lexical
                        .iter()
                        .any(|(name, at)| *name == s.expression && *at > s.position)
            }
            _ => s.operation == operation,
        })
        .collect();
    for site in &mut sites {
        if let Some(name) = site.expression.strip_suffix(IDENT_MARK) {
            // A read of a variable: guess from what it was declared as.
            let name = name.to_owned();
            if let Some((_, nullish)) = declarations.iter().find(|(declared, _)| *declared == name)
            {
                site.nullish = *nullish;
            }
            site.expression = name;
        }
    }
    Some(sites)
}

/// Marks, inside the finder, an object that is a plain variable (resolved at the end).
const IDENT_MARK: &str = "\u{0}";

struct Finder<'a> {
    interner: &'a Interner,
    /// The positions boa has pushed around the node being visited, innermost last.
    guards: Vec<Position>,
    sites: Vec<Site>,
    /// Each declared variable with what its initial value suggests.
    declarations: Vec<(String, Nullish)>,
    /// Each `let`/`const` with where it is declared.
    lexical: Vec<(String, (u32, u32))>,
    /// Variables that hold an item of a list input (`function (item)` given to
    /// `inputs.items.map` or `_.map(inputs.items, ...)`, `for (var item of inputs.items)`).
    rows: Vec<String>,
}

fn pair(position: Position) -> (u32, u32) {
    (position.line_number(), position.column_number())
}

impl Finder<'_> {
    fn boa_position(&self) -> (u32, u32) {
        self.guards.last().copied().map_or((0, 0), pair)
    }

    fn guarded(&mut self, at: Position, visit: impl FnOnce(&mut Self)) {
        self.guards.push(at);
        visit(self);
        self.guards.pop();
    }

    fn add(&mut self, operation: Operation, position: Position, expression: String) {
        self.sites.push(Site {
            operation,
            boa_position: self.boa_position(),
            position: pair(position),
            expression,
            property: None,
            nullish: Nullish::Undefined,
        });
    }

    fn name(&self, identifier: Identifier) -> String {
        self.interner
            .resolve(identifier.sym())
            .map_or_else(String::new, |s| s.to_string())
    }

    /// A property read or write of `access`, failing on a null or undefined object.
    fn add_access(&mut self, operation: Operation, access: &PropertyAccess) {
        let PropertyAccess::Simple(simple) = access else {
            return;
        };
        let field = simple.field();
        let property = match field {
            PropertyAccessField::Const(identifier) => Some(self.name(*identifier)),
            PropertyAccessField::Expr(key) => self.key_text(key),
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
        });
    }

    /// A computed key's value when the script spells it out.
    fn key_text(&self, key: &Expression) -> Option<String> {
        match key.flatten() {
            Expression::TemplateLiteral(template) => match template.elements() {
                [TemplateElement::String(sym)] => {
                    self.interner.resolve(*sym).map(|s| s.to_string())
                }
                _ => None,
            },
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => self.interner.resolve(*sym).map(|s| s.to_string()),
                LiteralKind::Int(n) => Some(n.to_string()),
                LiteralKind::Num(n) => Some(format_number(*n)),
                _ => None,
            },
            _ => None,
        }
    }

    /// What `target` most likely is when reading a property of it fails.
    fn guess(&self, target: &Expression) -> Nullish {
        match target.flatten() {
            Expression::Literal(literal) if matches!(literal.kind(), LiteralKind::Null) => {
                Nullish::Null
            }
            // Empty inputs are null, and so are a list item's empty fields.
            Expression::PropertyAccess(PropertyAccess::Simple(access)) if matches!(access.target().flatten(), Expression::Identifier(i) if self.is_inputs_or_row(*i)) => {
                Nullish::Null
            }
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
    fn print(&self, expression: &Expression) -> String {
        match expression {
            Expression::Identifier(identifier) => self.name(*identifier),
            Expression::This(_) => "this".to_owned(),
            Expression::Literal(literal) => match literal.kind() {
                LiteralKind::String(sym) => format!(
                    "\"{}\"",
                    self.interner
                        .resolve(*sym)
                        .map_or_else(String::new, |s| s.to_string())
                ),
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

    fn is_inputs_or_row(&self, identifier: Identifier) -> bool {
        let name = self.name(identifier);
        name == "inputs" || self.rows.contains(&name)
    }

    /// `inputs.items`: a list input (or any input; only lists are iterated).
    fn is_input(&self, expression: &Expression) -> bool {
        matches!(expression.flatten(), Expression::PropertyAccess(PropertyAccess::Simple(access))
            if matches!(access.target().flatten(), Expression::Identifier(i) if self.name(*i) == "inputs"))
    }

    /// Remembers the item parameter of each callback that `call` runs over a list input:
    /// `inputs.items.map(function (item) {...})`, `_.map(inputs.items, item => ...)`.
    fn note_rows(&mut self, call: &Call) {
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
    fn callee(&mut self, call: &Call, operation: Operation) {
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
    fn path(&self, expression: &Expression) -> Option<String> {
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
    fn declare(&mut self, name: String, init: Option<&Expression>) {
        if self.declarations.iter().any(|(n, _)| *n == name) {
            return;
        }
        let nullish = match init {
            None => Nullish::Undefined,
            Some(init) => self.guess(init),
        };
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

    fn declare_path(&mut self, path: String, nullish: Nullish) {
        if !self.declarations.iter().any(|(n, _)| *n == path) {
            self.declarations.push((path, nullish));
        }
    }
}

fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e21 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}

impl<'ast> Visitor<'ast> for Finder<'_> {
    type BreakTy = Infallible;

    fn visit_function_body(&mut self, node: &'ast FunctionBody) -> ControlFlow<Infallible> {
        self.guarded(node.span().start(), |finder| {
            let _ = node.visit_with(finder);
        });
        ControlFlow::Continue(())
    }

    fn visit_expression(&mut self, node: &'ast Expression) -> ControlFlow<Infallible> {
        match node {
            Expression::Identifier(identifier) => {
                let name = self.name(*identifier);
                self.add(Operation::Name, identifier.span().start(), name);
                ControlFlow::Continue(())
            }
            Expression::PropertyAccess(access) => {
                // A read outside a call: boa positions it at its field.
                let at = match access {
                    PropertyAccess::Simple(simple) => simple.field().span().start(),
                    PropertyAccess::Private(private) => private.span().start(),
                    PropertyAccess::Super(sup) => sup.field().span().start(),
                };
                self.guarded(at, |finder| {
                    finder.add_access(Operation::Read, access);
                    let _ = access.visit_with(finder);
                });
                ControlFlow::Continue(())
            }
            Expression::Call(call) => {
                self.callee(call, Operation::Call);
                ControlFlow::Continue(())
            }
            Expression::New(new) => self.visit_new(new),
            Expression::Assign(assign) => {
                self.guarded(assign.span().start(), |finder| {
                    match assign.lhs() {
                        AssignTarget::Identifier(identifier) => {
                            let name = finder.name(*identifier);
                            finder.add(Operation::Name, identifier.span().start(), name);
                        }
                        AssignTarget::Access(access) => {
                            finder.add_access(Operation::Write, access);
                            // Its object and key are read, not the property itself.
                            if let PropertyAccess::Simple(simple) = access {
                                let _ = finder.visit_expression(simple.target());
                                if let PropertyAccessField::Expr(key) = simple.field() {
                                    let _ = finder.visit_expression(key);
                                }
                            }
                        }
                        AssignTarget::Pattern(pattern) => {
                            let _ = finder.visit_pattern(pattern);
                        }
                    }
                    let _ = finder.visit_expression(assign.rhs());
                });
                ControlFlow::Continue(())
            }
            Expression::Unary(unary) => {
                self.guarded(unary.span().start(), |finder| {
                    let _ = unary.visit_with(finder);
                });
                ControlFlow::Continue(())
            }
            Expression::Update(update) => {
                self.guarded(update.span().start(), |finder| {
                    if let UpdateTarget::PropertyAccess(access) = update.target() {
                        finder.add_access(Operation::Read, access);
                    }
                    let _ = update.visit_with(finder);
                });
                ControlFlow::Continue(())
            }
            Expression::ArrayLiteral(array) => {
                for element in array.as_ref().iter().flatten() {
                    if let Expression::Spread(spread) = element {
                        let text = self.print(spread.target());
                        self.add(Operation::Iterate, spread.target().span().start(), text);
                    }
                }
                array.visit_with(self)
            }
            other => other.visit_with(self),
        }
    }

    fn visit_new(&mut self, node: &'ast New) -> ControlFlow<Infallible> {
        self.callee(node.call(), Operation::Construct);
        ControlFlow::Continue(())
    }

    fn visit_throw(&mut self, node: &'ast Throw) -> ControlFlow<Infallible> {
        self.guarded(node.target().span().start(), |finder| {
            let _ = finder.visit_expression(node.target());
        });
        ControlFlow::Continue(())
    }

    fn visit_for_of_loop(&mut self, node: &'ast ForOfLoop) -> ControlFlow<Infallible> {
        if self.is_input(node.iterable()) {
            let binding = match node.initializer() {
                IterableLoopInitializer::Identifier(identifier) => Some(*identifier),
                IterableLoopInitializer::Var(variable) => match variable.binding() {
                    Binding::Identifier(identifier) => Some(*identifier),
                    Binding::Pattern(_) => None,
                },
                IterableLoopInitializer::Let(Binding::Identifier(identifier))
                | IterableLoopInitializer::Const(Binding::Identifier(identifier)) => {
                    Some(*identifier)
                }
                _ => None,
            };
            if let Some(identifier) = binding {
                let name = self.name(identifier);
                self.rows.push(name);
            }
        }
        let text = self.print(node.iterable());
        self.add(Operation::Iterate, node.iterable().span().start(), text);
        node.visit_with(self)
    }

    fn visit_lexical_declaration(
        &mut self,
        node: &'ast boa_ast::declaration::LexicalDeclaration,
    ) -> ControlFlow<Infallible> {
        for variable in node.variable_list().as_ref() {
            if let boa_ast::declaration::Binding::Identifier(identifier) = variable.binding() {
                let name = self.name(*identifier);
                self.lexical.push((name, pair(identifier.span().start())));
            }
        }
        node.visit_with(self)
    }

    fn visit_variable(
        &mut self,
        node: &'ast boa_ast::declaration::Variable,
    ) -> ControlFlow<Infallible> {
        match node.binding() {
            boa_ast::declaration::Binding::Identifier(identifier) => {
                let name = self.name(*identifier);
                self.declare(name, node.init());
            }
            boa_ast::declaration::Binding::Pattern(Pattern::Array(pattern)) => {
                if let Some(init) = node.init() {
                    let text = self.print(init);
                    self.add_pattern(pattern, init.span().start(), text);
                }
            }
            boa_ast::declaration::Binding::Pattern(Pattern::Object(_)) => {}
        }
        if let Some(init) = node.init() {
            let _ = self.visit_expression(init);
        }
        ControlFlow::Continue(())
    }
}

impl Finder<'_> {
    fn add_pattern(&mut self, _pattern: &ArrayPattern, at: Position, text: String) {
        self.add(Operation::Iterate, at, text);
    }
}
