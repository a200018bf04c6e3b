//! What the engine adds to or replaces in boa's standard library so that a script behaves
//! as it does in a browser (V8). Each topic is a file; [`install`] puts them all into the
//! context's current realm, once per realm, before the harness and any library run.

mod sort;
mod to_primitive;

use boa_engine::{Context, JsResult};

/// Installs the engine's own built-ins into `context`'s current realm.
///
/// # Errors
/// boa refused a definition (a bug, not a calculator problem).
pub fn install(context: &mut Context) -> JsResult<()> {
    sort::install(context)?;
    to_primitive::install(context)?;
    Ok(())
}
