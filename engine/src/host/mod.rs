//! What the engine adds to or replaces in boa's standard library so that a script behaves
//! as it does in a browser (V8). Each topic is a file; [`install`] puts them all into the
//! context's current realm, once per realm, before the harness and any library run.

use boa_engine::{Context, JsResult};

pub mod console;
mod inspect;
mod json;

/// Installs the engine's own built-ins into `context`'s current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    console::install(context)?;
    json::install(context)?;
    Ok(())
}
