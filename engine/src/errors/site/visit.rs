//! The finder's walk over the script's syntax tree: each node that can fail is noted
//! with its boa position and V8's name for it.

use boa_ast::declaration::Binding;
use boa_ast::expression::access::{PropertyAccess, PropertyAccessField};

use boa_ast::expression::operator::assign::AssignTarget;
use boa_ast::expression::operator::binary::BinaryOp;
use boa_ast::expression::operator::update::UpdateTarget;
use boa_ast::expression::{Expression, New};
use boa_ast::function::FunctionBody;
use boa_ast::pattern::Pattern;

use boa_ast::Spanned;
use boa_ast::statement::iteration::{ForOfLoop, IterableLoopInitializer};
use boa_ast::statement::{Catch, Throw};
use boa_ast::visitor::{VisitWith, Visitor};

use std::convert::Infallible;
use std::ops::ControlFlow;

use super::{Finder, Operation, pair};

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
            Expression::Binary(binary)
                if matches!(binary.op(), BinaryOp::Arithmetic(_) | BinaryOp::Bitwise(_)) =>
            {
                // The expression is marked when an operand is a BigInt (then the mix is
                // most likely this operator's).
                let mark = if self.is_bigint(binary.lhs()) || self.is_bigint(binary.rhs()) {
                    "n"
                } else {
                    ""
                };
                self.add(Operation::Binary, binary.span().start(), mark.to_owned());
                binary.visit_with(self)
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

    fn visit_catch(&mut self, node: &'ast Catch) -> ControlFlow<Infallible> {
        if let Some(Binding::Identifier(identifier)) = node.parameter() {
            let name = self.name(*identifier);
            self.catches.push((pair(identifier.span().start()), name));
        }
        node.visit_with(self)
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
