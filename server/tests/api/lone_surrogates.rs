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

/// A doc whose test expects half an emoji, as the editor sends it: JSON text with the lone
/// surrogate's escape, which serde_json alone refuses.
const HALF_TESTED_SAVE: &str = r#"{"doc": {
    "name": "Half \ud83d",
    "script": "return { half: inputs.who.split('')[0] };",
    "metaInputs": [{"id": 1, "name": "who", "type": "string"}],
    "metaOutputs": [{"id": 1, "name": "half", "type": "value"}],
    "defaults": {"1": "\ud83d\ude00"},
    "tests": [{"name": "Half", "values": {"1": "\ude00\ud83d"}, "expected": {"half": "\ude00"}}]
}, "doc_style": {}}"#;

both_databases!(
    a_doc_and_values_with_a_lone_surrogate_are_read_as_sent_and_names_get_u_fffd,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "half-tested@example.com").await;
        let id = new_id();
        let post_text = |path: String, body: &'static str| {
            author
                .post(app.url(&path))
                .header("content-type", "application/json")
                .body(body)
                .send()
        };

        let saved = post_text(format!("/api/source/{id}"), HALF_TESTED_SAVE)
            .await
            .unwrap();
        assert_eq!(saved.status(), 200);
        let saved: serde_json::Value = saved.json().await.unwrap();
        assert_eq!(
            saved["tests"],
            json!({"passed": 1, "failed": 0, "tests": [{"name": "Half", "passed": true}]})
        );

        // The source reads back as it was sent (a pair's escapes are the emoji).
        let (status, source) = get_text(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        for sent in [
            r#""name":"Half \ud83d""#,
            r#""defaults":{"1":"😀"}"#,
            r#""expected":{"half":"\ude00"}"#,
        ] {
            assert!(source.contains(sent), "{sent} in {source}");
        }
        assert!(!source.contains('\u{10FFFF}'), "{source}");
        let (_, version) = get_text(&app, &author, &format!("/api/source/{id}/versions/1")).await;
        assert!(
            version.contains(r#""expected":{"half":"\ude00"}"#),
            "{version}"
        );

        // A visitor's value with half an emoji reaches the script as that code unit.
        let evaluated = post_text(
            format!("/api/calc/{id}/eval"),
            r#"{"values": {"1": "\udfffx"}}"#,
        )
        .await
        .unwrap();
        assert_eq!(evaluated.status(), 200);
        let evaluated = evaluated.text().await.unwrap();
        assert!(
            evaluated.contains(r#""outputs":{"half":"\udfff"}"#),
            "{evaluated}"
        );

        // A field for people has U+FFFD, as a browser would send the name as UTF-8.
        let changed = post_text("/api/acc/save".to_owned(), r#"{"name": "Ann \ud83d"}"#)
            .await
            .unwrap();
        assert_eq!(changed.status(), 200);
        // (The account's answer, with the calculator's doc, holds `\ud83d` too.)
        let account = author.put(app.url("/api/account")).send().await.unwrap();
        let account = account.text().await.unwrap();
        assert!(account.contains("\"name\":\"Ann \u{FFFD}\""), "{account}");
        assert!(account.contains(r#""name":"Half \ud83d""#), "{account}");
    }
);
