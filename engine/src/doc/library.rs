//! The optional libraries (lodash, Moment.js, Math.js) a calculator may switch on.

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
}

/// One of the libraries a calculator can switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Library {
    Lodash,
    Moment,
    Mathjs,
}

impl Library {
    /// Every library, in the order they are loaded.
    pub const ALL: [Library; 3] = [Library::Lodash, Library::Moment, Library::Mathjs];

    /// Parses the name used in `libraries` and by hosts (`"lodash"`, `"moment"`, `"mathjs"`).
    pub fn parse(name: &str) -> Option<Library> {
        Self::ALL.into_iter().find(|lib| lib.name() == name)
    }

    /// The name used in `doc.libraries` and in library file names.
    pub const fn name(self) -> &'static str {
        match self {
            Library::Lodash => "lodash",
            Library::Moment => "moment",
            Library::Mathjs => "mathjs",
        }
    }

    /// The global the library defines for scripts.
    pub const fn global(self) -> &'static str {
        match self {
            Library::Lodash => "_",
            Library::Moment => "moment",
            Library::Mathjs => "math",
        }
    }

    /// Whether `libraries` switches this library on.
    pub const fn enabled_in(self, libraries: &Libraries) -> bool {
        match self {
            Library::Lodash => libraries.lodash,
            Library::Moment => libraries.moment,
            Library::Mathjs => libraries.mathjs,
        }
    }
}
