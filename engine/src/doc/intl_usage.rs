//! Whether a script may use Intl, which the browser's default wasm module lacks: the web
//! worker runs such a script in the second, Intl module instead (scripts/build-wasm,
//! web/src/lib/engine/engine-host.ts). Every name through which a script reaches what the
//! `intl` feature changes contains one of [`MARKERS`]: `Intl.*`, `toLocaleString`,
//! `toLocaleDateString`, `toLocaleTimeString`, `toLocaleUpperCase`, `toLocaleLowerCase`
//! and `localeCompare`. The test is on the text, so a marker in a comment or a string
//! also counts: a false positive only costs loading the Intl module, a miss would give
//! another answer than the server. (Only a name built at run time, `x['toLoc' + 'ale…']`,
//! escapes it.) The libraries never need Intl: Math.js only names `toLocaleString` in a
//! list of methods, and moment calls `toLocaleLowerCase()` without a locale, which is
//! `toLowerCase()` in both modules.

/// The texts whose presence sends a script to the Intl module.
pub const MARKERS: [&str; 3] = ["Intl", "toLocale", "localeCompare"];

/// Whether `script` may use Intl (see the module's documentation).
pub fn uses_intl(script: &str) -> bool {
    MARKERS.iter().any(|marker| script.contains(marker))
}

#[cfg(test)]
mod tests {
    use super::uses_intl;

    #[test]
    fn every_way_to_intl_is_seen() {
        for script in [
            "return { x: new Intl.NumberFormat('en-US').format(1) };",
            "const { NumberFormat } = Intl;",
            "return { x: typeof Intl };",
            "return { x: (11600).toLocaleString('en-US', { style: 'currency', currency: 'USD' }) };",
            "return { x: (11600).toLocaleString() };",
            "return { x: d.toLocaleDateString('ru-RU') };",
            "return { x: d.toLocaleTimeString() };",
            "return { x: 'i'.toLocaleUpperCase('tr') };",
            "return { x: 'I'.toLocaleLowerCase('tr') };",
            "names.sort((a, b) => a.localeCompare(b));",
            "const f = 'localeCompare'; names.sort((a, b) => a[f](b));",
            "[1, 2].toLocaleString('de-DE')",
        ] {
            assert!(uses_intl(script), "{script}");
        }
    }

    #[test]
    fn scripts_without_intl_stay_on_the_default_module() {
        for script in [
            "return { total: inputs.price * inputs.qty };",
            "return { s: (1234.5).toFixed(2), d: new Date('2024-03-15').toISOString() };",
            "return { s: names.sort().join(', '), l: 'ABC'.toLowerCase() };",
            "return { s: String(new Date(0)) };",
        ] {
            assert!(!uses_intl(script), "{script}");
        }
    }
}
