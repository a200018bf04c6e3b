//! Lone surrogates (issue 28, part 2): a script that cuts an emoji in half returns those
//! UTF-16 code units, and every answer of the server carries them as `JSON.stringify`
//! writes them (`"\ud83d"`) — the published calculator, its page's data and `/eval` —
//! with U+FFFD in the display text, never the six characters `\uD83D` as text.

use crate::both_databases;
use crate::helpers::*;
use serde_json::json;

/// `'😀'.split('')[0]`, a table cell with the other half, and display text.
fn halves_doc() -> serde_json::Value {
    json!({
        "name": "Halves",
        "script": "var units = inputs.who.split('');\nreturn { half: units[0], rows: [{ u: units[1] }] };",
        "metaInputs": [{"id": 1, "name": "who", "type": "string"}],
        "metaOutputs": [
            {"id": 1, "name": "half", "type": "value"},
            {"id": 2, "name": "rows", "type": "table", "metaOutputs": [
                {"id": 1, "name": "u", "type": "value"}]}
        ],
        "defaults": {"1": "😀"}
    })
}

/// The result's JSON text as `JSON.stringify` writes it in a browser.
const RESULT_TEXT: &str = r#""outputs":{"half":"\ud83d","rows":[{"u":"\ude00"}]}"#;
const DISPLAY_TEXT: &str = "\"display\":{\"half\":\"\u{FFFD}\",\"rows\":[{\"u\":\"\u{FFFD}\"}]}";

both_databases!(
    lone_surrogates_reach_every_answer_as_json_stringify_writes_them,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "halves@example.com").await;
        let id = new_id();
        let saved = save(&app, &author, &id, &halves_doc()).await;
        assert_eq!(saved.status(), 200);

        let visitor = app.browser();
        let (_, published) = get_text(&app, &visitor, &format!("/api/calc/{id}")).await;
        // Twice: from the database, then from the published cache.
        let (_, cached) = get_text(&app, &visitor, &format!("/api/calc/{id}")).await;
        let evaluated = visitor
            .post(app.url(&format!("/api/calc/{id}/eval")))
            .json(&json!({"values": {"1": "x🎉"}}))
            .send()
            .await
            .unwrap();
        assert_eq!(evaluated.status(), 200);
        let evaluated = evaluated.text().await.unwrap();
        let (_, page) = get_text(&app, &visitor, &format!("/calc/{id}")).await;

        for (answer, text) in [
            ("published", &published),
            ("cached", &cached),
            ("page", &page),
        ] {
            assert!(text.contains(RESULT_TEXT), "{answer}: {text}");
            assert!(text.contains(DISPLAY_TEXT), "{answer}: {text}");
            assert!(
                !text.to_lowercase().contains(r"\\ud83d"),
                "{answer}: {text}"
            );
        }
        assert!(
            evaluated.contains(r#""outputs":{"half":"x","rows":[{"u":"\ud83c"}]}"#),
            "{evaluated}"
        );
        assert!(
            evaluated.contains("\"display\":{\"half\":\"x\",\"rows\":[{\"u\":\"\u{FFFD}\"}]}"),
            "{evaluated}"
        );
    }
);

/// A collecting calculator whose output (and error) cuts an emoji in half.
fn halves_collecting_doc() -> serde_json::Value {
    let mut doc = crate::submissions::collecting_doc();
    doc["script"] = json!(
        "var half = '😀'.slice(0, 1);\n\
         if (inputs.a < 0) throw new Error('Not below zero: ' + half);\n\
         return { x: half + inputs.a };"
    );
    doc
}

both_databases!(
    a_submitted_lone_surrogate_reaches_the_owner_as_json_stringify_writes_it_and_the_csv_as_u_fffd,
    |app: TestApp| async move {
        let (author, id) = crate::submissions::author_with(
            &app,
            "halves-sent@example.com",
            &halves_collecting_doc(),
        )
        .await;
        let visitor = app.browser();
        let captcha = solve_captcha(&app, &visitor).await;
        let submit_url = app.url(&format!("/api/calc/{id}/submit"));
        let body = |a: f64, captcha: String| json!({"values": {"1": a}, "contact": {"email": "v@example.com"}, "captchaResponse": captcha});
        let sent = visitor
            .post(&submit_url)
            .json(&body(1.0, captcha))
            .send()
            .await
            .unwrap();
        assert_eq!(sent.status(), 201);
        let sent = sent.text().await.unwrap();
        assert!(sent.contains(r#""outputs":{"x":"\ud83d1"}"#), "{sent}");
        assert!(sent.contains("\"display\":{\"x\":\"\u{FFFD}1\"}"), "{sent}");

        let (status, list) = get_text(&app, &author, &format!("/api/calc/{id}/submissions")).await;
        assert_eq!(status, 200);
        assert!(list.contains(r#""outputs":{"x":"\ud83d1"}"#), "{list}");
        assert!(list.contains("\"display\":{\"x\":\"\u{FFFD}1\"}"), "{list}");
        assert!(!list.contains('\u{10FFFF}'), "{list}");

        let (_, csv) = get_text(&app, &author, &format!("/api/calc/{id}/submissions.csv")).await;
        let row = csv.split("\r\n").nth(1).unwrap_or_default();
        assert!(row.ends_with(",1.0,\u{FFFD}1"), "{csv}");

        // A failing calculation's message, as a browser shows it.
        let captcha = solve_captcha(&app, &visitor).await;
        let refused = visitor
            .post(&submit_url)
            .json(&body(-1.0, captcha))
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), 400);
        let refused: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(
            refused["message"],
            "Error: Not below zero: \u{FFFD} (line 2)"
        );
    }
);
