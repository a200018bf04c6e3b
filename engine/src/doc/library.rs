//! The optional libraries (lodash, Moment.js, Math.js, formula.js, decimal.js) a calculator
//! may switch on.

use serde::{Deserialize, Serialize};

use super::fields::lenient_bool;

/// Which optional libraries the script may use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Libraries {
    #[serde(default, deserialize_with = "lenient_bool")]
    pub lodash: bool,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub moment: bool,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub mathjs: bool,
    // The two newer ones are written only when on, so a calculator saved before they
    // existed reads back as it was written.
    #[serde(
        default,
        deserialize_with = "lenient_bool",
        skip_serializing_if = "is_off"
    )]
    pub formulajs: bool,
    #[serde(
        default,
        deserialize_with = "lenient_bool",
        skip_serializing_if = "is_off"
    )]
    pub decimal: bool,
}

fn is_off(on: &bool) -> bool {
    !*on
}

/// One of the libraries a calculator can switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Library {
    Lodash,
    Moment,
    Mathjs,
    /// formula.js: spreadsheet functions (`formulajs.PMT`, `formulajs.WORKDAY`, …).
    Formulajs,
    /// decimal.js: exact decimal arithmetic; a returned `Decimal` is a value output.
    Decimal,
}

impl Library {
    /// Every library, in the order they are loaded.
    pub const ALL: [Library; 5] = [
        Library::Lodash,
        Library::Moment,
        Library::Mathjs,
        Library::Formulajs,
        Library::Decimal,
    ];

    /// Parses the name used in `libraries` and by hosts (`"lodash"`, `"moment"`, `"mathjs"`,
    /// `"formulajs"`, `"decimal"`).
    pub fn parse(name: &str) -> Option<Library> {
        Self::ALL.into_iter().find(|lib| lib.name() == name)
    }

    /// The name used in `doc.libraries` and in library file names.
    pub const fn name(self) -> &'static str {
        match self {
            Library::Lodash => "lodash",
            Library::Moment => "moment",
            Library::Mathjs => "mathjs",
            Library::Formulajs => "formulajs",
            Library::Decimal => "decimal",
        }
    }

    /// The global the library defines for scripts.
    pub const fn global(self) -> &'static str {
        match self {
            Library::Lodash => "_",
            Library::Moment => "moment",
            Library::Mathjs => "math",
            Library::Formulajs => "formulajs",
            Library::Decimal => "Decimal",
        }
    }

    /// Whether `libraries` switches this library on.
    pub const fn enabled_in(self, libraries: &Libraries) -> bool {
        match self {
            Library::Lodash => libraries.lodash,
            Library::Moment => libraries.moment,
            Library::Mathjs => libraries.mathjs,
            Library::Formulajs => libraries.formulajs,
            Library::Decimal => libraries.decimal,
        }
    }
}
