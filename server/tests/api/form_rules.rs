//! The doc's form fields (docs/engine.md, "Forms: rules, steps, sections, presets") through
//! the server: a save keeps them and refuses a bad structure, and the eval and submit APIs
//! apply the valid-when rules, answering 400 with the messages.

use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, post_submit, stored_count};

/// `collecting_doc` with a valid-when rule on `a`, a second input shown only when `a` is
/// over 10, a section, a step and a preset.
fn ruled_doc() -> Value {
    let mut doc = collecting_doc();
    doc["script"] =
        json!("'use strict';\nreturn { x: inputs.a * 2 + (inputs.b === null ? 0 : inputs.b) };");
    doc["metaInputs"] = json!([
        {"id": 1, "name": "a", "type": "number", "autohide": false, "section": "main",
         "validWhen": [{"rule": "inputs.a >= 0", "message": "must not be negative"}]},
        {"id": 2, "name": "b", "type": "number", "autohide": false,
         "visibleWhen": "inputs.a > 10"}
    ]);
    doc["defaults"] = json!({"1": 5, "2": 100});
    doc["sections"] = json!([{"id": "main", "title": "Main", "columns": 2}]);
    doc["steps"] = json!([{"id": "st1", "title": "Numbers", "inputs": [1, 2]}]);
    doc["stepOutputs"] = json!("every");
    doc["presets"] = json!([{"name": "Big", "values": {"1": 20, "2": 1}}]);
    doc
}

async fn eval(app: &TestApp, id: &str, values: Value) -> (u16, Value) {
    json_answer(
        app.browser()
            .post(app.url(&format!("/api/calc/{id}/eval")))
            .json(&json!({"values": values}))
            .send()
            .await
            .expect("eval"),
    )
    .await
}

both_databases!(
    a_save_keeps_the_form_fields_unchanged,
    |app: TestApp| async move {
        let doc = ruled_doc();
        let (author, id) = author_with(&app, "author@example.com", &doc).await;
        let source: Value = author
            .get(app.url(&format!("/api/source/{id}")))
            .send()
            .await
            .expect("read")
            .json()
            .await
            .expect("json");
        for key in ["metaInputs", "sections", "steps", "stepOutputs", "presets"] {
            assert_eq!(source["doc"][key], doc[key], "{key}");
        }
        // Saved back as read (an export imported again), nothing changes.
        assert_eq!(save(&app, &author, &id, &source["doc"]).await.status(), 200);
        let again: Value = author
            .get(app.url(&format!("/api/source/{id}")))
            .send()
            .await
            .expect("read")
            .json()
            .await
            .expect("json");
        assert_eq!(again["doc"], source["doc"]);
    }
);

both_databases!(
    a_save_with_a_bad_rule_structure_is_refused_with_the_problem,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "author@example.com").await;
        let mut doc = ruled_doc();
        doc["metaInputs"][0]["validWhen"] = json!([{"rule": "inputs.a >= 0"}]);
        let (status, body) = json_answer(save(&app, &author, &new_id(), &doc).await).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "The calculator is not valid: input \"a\": a Valid-when rule needs a message"
        );
        let mut doc = ruled_doc();
        doc["presets"] = json!([{"name": "Big", "values": {"7": 1}}]);
        let (status, body) = json_answer(save(&app, &author, &new_id(), &doc).await).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "The calculator is not valid: preset \"Big\": input 7 does not exist"
        );
    }
);

both_databases!(
    eval_applies_the_rules_and_answers_400_with_the_messages,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &ruled_doc()).await;
        let (status, result) = eval(&app, &id, json!({"1": 5})).await;
        assert_eq!(status, 200, "{result}");
        // b is hidden, so the script reads it as null.
        assert_eq!(result["outputs"]["x"], 10);
        assert_eq!(result["hiddenInputs"], json!(["b"]));
        assert_eq!(result["hiddenOutputs"], json!([]));
        assert!(result.get("invalid").is_none());
        let (status, result) = eval(&app, &id, json!({"1": 20})).await;
        assert_eq!((status, &result["outputs"]["x"]), (200, &json!(140)));
        assert_eq!(result["hiddenInputs"], json!([]));

        let (status, body) = eval(&app, &id, json!({"1": -1})).await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], "a: must not be negative");
        assert_eq!(body["message"], "a: must not be negative");
        assert_eq!(body["invalid"], json!({"a": "must not be negative"}));
    }
);

both_databases!(
    a_submission_breaking_a_rule_gets_400_and_stores_nothing,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &ruled_doc()).await;
        let visitor = app.browser();
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": -3}, "contact": {"email": "a@example.com"},
                          "captchaResponse": captcha});
        let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["error"], "a: must not be negative");
        assert_eq!(answer["invalid"], json!({"a": "must not be negative"}));
        assert_eq!(stored_count(&app).await, 0);

        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 3}, "contact": {"email": "a@example.com"},
                          "captchaResponse": captcha});
        let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
        assert_eq!(status, 201, "{answer}");
        assert_eq!(answer["outputs"], json!({"x": 6}));
        assert_eq!(stored_count(&app).await, 1);
    }
);
