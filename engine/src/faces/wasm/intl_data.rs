//! The Intl module's locale data, added by the host (the browser's Intl module has none
//! compiled in: src/host/intl_data.rs). The host adds the core and the parts it expects
//! (the page's language) before the first calculation; after each calculation it asks
//! which parts were missing, adds them and runs the calculation again.

use wasm_bindgen::prelude::*;

use crate::host::intl_data;

/// Installs the core blob (`pkg/intl/core.postcard`) and the list of the other parts
/// (`pkg/intl/parts.json`: languages such as `en` and `zh-Hant`, and the root locale's
/// parts apart, such as `und-Hans`). Call it before making an `Engine`; it replaces the
/// data installed before.
#[wasm_bindgen(js_name = addIntlCore)]
pub fn add_intl_core(core: Box<[u8]>, parts: Vec<String>) -> Result<(), JsError> {
    intl_data::install(core, parts.iter().map(String::as_str))
        .map_err(|e| JsError::new(&format!("the Intl core data is not valid: {e}")))
}

/// Adds a part's blob (`pkg/intl/<part>.postcard`).
#[wasm_bindgen(js_name = addIntlData)]
pub fn add_intl_data(part: &str, blob: Box<[u8]>) -> Result<(), JsError> {
    intl_data::add(part, blob)
        .map_err(|e| JsError::new(&format!("the Intl data {part} is not valid: {e}")))
}

/// The parts the calculations since the last call asked for whose blobs are not added
/// yet; the call forgets them. When it lists any, the answer fell back to the root
/// locale: add them and evaluate again.
#[wasm_bindgen(js_name = missingIntlData)]
pub fn missing_intl_data() -> Vec<String> {
    intl_data::take_missing()
}
