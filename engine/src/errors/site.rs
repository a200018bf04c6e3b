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

use boa_ast::scope::Scope;

use boa_ast::Position;
use boa_ast::visitor::Visitor;
use boa_engine::interner::Interner;
use boa_parser::{Parser, Source};

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
    /// An arithmetic or bitwise operator (`a + b`, `a | b`), which throws when it mixes
    /// a BigInt with a number.
    Binary,
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
    /// Whether the object read is an input's value (`inputs.tags`, a list item's field):
    /// null whenever the visitor left it empty.
    pub on_input: bool,
    /// A computed key that is an input's value (`RATES[zone][inputs.speed]`): the input's
    /// name, so the message can name the key the visitor chose.
    pub key_input: Option<String>,
}

/// A recent answer of [`sites_at`]: the source, the position, the operation.
type Recent = (String, (u32, u32), Operation, Option<Vec<Site>>);

thread_local! {
    /// The last few answers: a script that catches the same failure over and over (a
    /// `try` in a loop, `caught.rs`) is parsed once, not once per failure.
    static RECENT: std::cell::RefCell<std::collections::VecDeque<Recent>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

/// How many answers [`RECENT`] keeps.
const RECENT_ANSWERS: usize = 8;

/// The operations of `operation`'s kind that boa would report at `position` (line and
/// column in `source`), in the order they are written. `None` when `source` does not
/// parse.
pub fn sites_at(source: &str, position: (u32, u32), operation: Operation) -> Option<Vec<Site>> {
    let known = RECENT.with_borrow(|recent| {
        recent
            .iter()
            .find(|(text, at, op, _)| *at == position && *op == operation && text == source)
            .map(|(_, _, _, sites)| sites.clone())
    });
    if let Some(sites) = known {
        return sites;
    }
    let sites = find_sites(source, position, operation);
    RECENT.with_borrow_mut(|recent| {
        recent.truncate(RECENT_ANSWERS - 1);
        recent.push_front((source.to_owned(), position, operation, sites.clone()));
    });
    sites
}

/// [`sites_at`], parsing `source`.
fn find_sites(source: &str, position: (u32, u32), operation: Operation) -> Option<Vec<Site>> {
    let (found, declarations, lexical) = walked(source, |finder| {
        (finder.sites, finder.declarations, finder.lexical)
    })?;
    let mut sites: Vec<Site> = found
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

/// The `catch` clauses of `source` that catch into a name: the name's position (line and
/// column, as boa counts them) and the name, in the order they are written. `None` when
/// `source` does not parse.
pub fn catch_bindings(source: &str) -> Option<Vec<((u32, u32), String)>> {
    walked(source, |finder| finder.catches)
}

/// What `take` keeps of the finder's walk over `source`; `None` when `source` does not
/// parse.
fn walked<T>(source: &str, take: impl FnOnce(Finder<'_>) -> T) -> Option<T> {
    let mut interner = Interner::default();
    let script = Parser::new(Source::from_bytes(source))
        .parse_script(&Scope::new_global(), &mut interner)
        .ok()?;
    let mut finder = Finder::new(&interner);
    let _ = finder.visit_script(&script);
    Some(take(finder))
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
    /// Variables declared with a BigInt (`10n`, `BigInt(x)`).
    bigints: Vec<String>,
    /// Variables that hold an item of a list input (`function (item)` given to
    /// `inputs.items.map` or `_.map(inputs.items, ...)`, `for (var item of inputs.items)`).
    rows: Vec<String>,
    /// Each `catch` into a name: the name's position and the name (`caught.rs`).
    catches: Vec<((u32, u32), String)>,
}

impl<'a> Finder<'a> {
    fn new(interner: &'a Interner) -> Self {
        Finder {
            interner,
            guards: Vec::new(),
            sites: Vec::new(),
            declarations: Vec::new(),
            lexical: Vec::new(),
            bigints: Vec::new(),
            rows: Vec::new(),
            catches: Vec::new(),
        }
    }
}

fn pair(position: Position) -> (u32, u32) {
    (position.line_number(), position.column_number())
}

mod naming;
mod visit;

/// A number as JavaScript writes it in a property key.
pub fn js_number_text(n: f64) -> String {
    naming::format_number(n)
}
