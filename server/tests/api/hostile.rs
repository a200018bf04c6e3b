//! Hostile scripts stall or crash nothing but their own evaluation.

use crate::both_databases;
use crate::helpers::*;
use serde_json::Value;
use std::time::Duration;

const TIMEOUT: &str = "Calculation did not finish after 5 seconds. Is there an infinite loop?";

async fn saved_error(app: &TestApp, client: &reqwest::Client, id: &str, script: &str) -> String {
    let response = save(app, client, id, &doc(script)).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["error"].as_str().unwrap_or("<none>").to_owned()
}

both_databases!(
    hostile_scripts_end_with_clear_errors_and_the_server_keeps_serving,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "hostile@example.com").await;
        // While an endless loop is being evaluated, the server answers others at once.
        let looping = {
            let (app_url, client) = (app.address.clone(), author.clone());
            tokio::spawn(async move {
                let body = serde_json::json!({"doc": doc("while (true) {}"), "doc_style": {}});
                let response = client
                    .post(format!("{app_url}/api/source/{}", new_id()))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                response.json::<Value>().await.unwrap()
            })
        };
        tokio::time::sleep(Duration::from_millis(500)).await;
        let live = app.browser().get(app.url("/livez")).send().await.unwrap();
        assert_eq!(live.status(), 200);
        // The loop runs for 5 seconds: an answer that waited for it would come after it.
        assert!(
            !looping.is_finished(),
            "the server answered only after the loop ended"
        );
        assert_eq!(looping.await.unwrap()["error"], TIMEOUT);

        let cases = [
            (
                "[1].forEach(function () { while (true) {} });\nreturn {};",
                TIMEOUT.to_owned(),
            ),
            (
                "function f() { return f(); }\nreturn { x: f() };",
                "RangeError: Maximum call stack size exceeded (line 1)".to_owned(),
            ),
            (
                // A megabyte at a time: the debug build's workers copy a string doubled in
                // a loop so slowly that on a busy machine they reached the time limit
                // first (seen at load 13); the point here is the memory message.
                "var hoard = []; while (true) hoard.push(new ArrayBuffer(1 << 20));",
                "Calculation used more than 256 MB of memory. Is there a loop that never ends?"
                    .to_owned(),
            ),
            (
                "function f(d) { if (d > 40) return; [1, 2].forEach(function () { f(d + 1); }); }\nf(0);\nreturn {};",
                TIMEOUT.to_owned(),
            ),
        ];
        // One calculator saved again and again: the free plan's limit is not the point here.
        let id = new_id();
        for (script, expected) in cases {
            assert_eq!(
                saved_error(&app, &author, &id, script).await,
                expected,
                "{script}"
            );
        }
        // And the workers still calculate normally afterwards.
        assert_eq!(
            saved_error(&app, &author, &id, "return { x: 1 };").await,
            "<none>"
        );
    }
);

both_databases!(
    a_query_string_that_cannot_be_read_is_a_400_with_the_error_body,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "queries@example.com").await;
        // A repeated field: axum's own rejection was plain text, outside the documented body.
        for (path, field) in [
            ("/api/calc/0000000000000000/analytics?days=1&days=2", "days"),
            (
                "/api/source/0000000000000000/versions?page=1&page=2",
                "page",
            ),
        ] {
            let (status, body) = get_json(&app, &author, path).await;
            assert_eq!(status, 400, "{path}");
            assert_eq!(
                body["message"],
                format!(
                    "Invalid query string: Failed to deserialize query string: duplicate field `{field}`"
                ),
                "{path}"
            );
        }
    }
);
