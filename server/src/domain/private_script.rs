//! A doc's `privateScript: true` (Regular and Premium): its logic — the script, its test
//! cases with their expectations, and the libraries the script loads — stays on the
//! server. Visitors get the doc without them and calculate through
//! `POST /api/calc/{id}/eval`, which runs the stored doc. The owner's editor
//! (`GET /api/source/{id}`) keeps everything.

use serde_json::Value;

/// The doc's field that keeps its logic on the server.
pub const FIELD: &str = "privateScript";

/// What a private doc never shows to visitors: the script, the test cases (whose expected
/// outputs would tell what the script computes) and the libraries it loads.
const LOGIC: &[&str] = &["script", "tests", "libraries"];

/// Whether `doc` keeps its script on the server.
pub fn is_private(doc: &Value) -> bool {
    doc.get(FIELD).and_then(Value::as_bool) == Some(true)
}

/// The problem with a doc's `privateScript` (`setting`), if it is there and not `true` or
/// `false`.
pub fn problem(setting: Option<&Value>) -> Option<String> {
    match setting {
        None | Some(Value::Bool(_)) => None,
        Some(_) => Some(format!("{FIELD} must be true or false")),
    }
}

/// `doc` as visitors of a private calculator see it: without its logic, and saying it is
/// private (the page then calculates through the server).
pub fn without_logic(mut doc: Value) -> Value {
    if let Some(fields) = doc.as_object_mut() {
        for key in LOGIC {
            fields.remove(*key);
        }
        fields.insert(FIELD.to_owned(), Value::Bool(true));
    }
    doc
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_private_doc_loses_its_script_tests_and_libraries_and_keeps_the_rest() {
        let doc = json!({
            "name": "Margin", "privateScript": true, "script": "return {x: 1};",
            "tests": [{"name": "t", "values": {}, "expected": {"x": 1}}],
            "libraries": {"lodash": true}, "metaInputs": [], "defaults": {"1": 2}
        });
        assert_eq!(
            without_logic(doc),
            json!({"name": "Margin", "privateScript": true, "metaInputs": [], "defaults": {"1": 2}})
        );
    }

    #[test]
    fn a_doc_shown_without_its_logic_says_it_is_private() {
        let doc = json!({"name": "Held", "script": "return {};"});
        assert!(!is_private(&doc));
        assert!(is_private(&without_logic(doc)));
    }

    #[test]
    fn only_a_boolean_is_a_valid_setting() {
        assert_eq!(problem(Some(&json!(true))), None);
        assert_eq!(problem(Some(&json!(false))), None);
        assert_eq!(problem(None), None);
        assert_eq!(
            problem(Some(&json!("yes"))).as_deref(),
            Some("privateScript must be true or false")
        );
    }
}
