//! Sources, publishing, privacy, plans, the list, evaluation, bad input, restarts.

use crate::both_databases;
use crate::helpers::*;
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

both_databases!(
    a_source_is_saved_read_published_and_deleted_by_its_owner,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "author@example.com").await;
        let id = new_id();
        let (status, saved) = json_of(
            save(
                &app,
                &author,
                &id,
                &doc("'use strict';\nreturn { x: inputs.a * 2 };"),
            )
            .await,
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(saved["error"], Value::Null);
        let (status, source) = json_of(
            author
                .get(app.url(&format!("/api/source/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(source["doc"]["name"], "Test");
        assert_eq!(source["doc_style"], json!({"bgcolor": "#fff", "fsize": 12}));
        // Anyone may open the published calculator, with the engine's initial outputs.
        let (status, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(published["error"], Value::Null);
        assert_eq!(published["result"]["display"]["x"], "42.00");
        let account: Value = author
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(account["calcs"][0]["_id"], json!(id));
        let (status, _) = json_of(
            author
                .delete(app.url(&format!("/api/source/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            404
        );
        // The published view's DELETE removes a calculator too.
        let other = new_id();
        assert_eq!(
            save(&app, &author, &other, &doc("return {};"))
                .await
                .status(),
            200
        );
        let path = format!("/api/calc/{other}");
        let (status, _) = json_of(author.delete(app.url(&path)).send().await.unwrap()).await;
        assert_eq!(status, 200);
        let source = author
            .get(app.url(&format!("/api/source/{other}")))
            .send()
            .await
            .unwrap();
        assert_eq!(source.status(), 404);
    }
);

both_databases!(
    a_script_error_is_published_as_the_calculators_error,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "err@example.com").await;
        let id = new_id();
        let (_, saved) =
            json_of(save(&app, &author, &id, &doc("'use strict';\nreturn { y: 1 };")).await).await;
        let message = "The outputs object or a table row object has unrecognized key \"y\".";
        assert_eq!(saved["error"], message);
        let (_, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(published["error"], message);
    }
);

both_databases!(
    nobody_reads_overwrites_or_deletes_anothers_calculators,
    |app: TestApp| async move {
        let alice = app.browser();
        sign_up(&app, &alice, "alice@example.com").await;
        let bob = app.browser();
        sign_up(&app, &bob, "bob@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &alice, &id, &doc("return { x: 1 };"))
                .await
                .status(),
            200
        );
        let path = format!("/api/source/{id}");
        assert_eq!(bob.get(app.url(&path)).send().await.unwrap().status(), 404);
        assert_eq!(
            save(&app, &bob, &id, &doc("return { x: 666 };"))
                .await
                .status(),
            404
        );
        assert_eq!(
            bob.delete(app.url(&path)).send().await.unwrap().status(),
            404
        );
        assert_eq!(
            bob.delete(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            404
        );
        let response = bob
            .post(app.url("/api/calc/edit/"))
            .json(&json!({"calcId": id}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404);
        let (_, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            published["result"]["outputs"]["x"], 1,
            "Alice's calculator is unchanged"
        );
        // Signed out: 401 for everything that needs a session.
        let visitor = app.browser();
        assert_eq!(
            visitor.get(app.url(&path)).send().await.unwrap().status(),
            401
        );
        assert_eq!(
            save(&app, &visitor, &new_id(), &doc("return {};"))
                .await
                .status(),
            401
        );
        assert_eq!(
            visitor
                .put(app.url("/api/calc/user/?page=1"))
                .send()
                .await
                .unwrap()
                .status(),
            401
        );
    }
);

both_databases!(
    privacy_needs_a_paid_plan_and_hides_the_calculator,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "private@example.com").await;
        let id = new_id();
        save(&app, &author, &id, &doc("return { x: 1 };")).await;
        let toggle = || {
            author
                .post(app.url(&format!("/api/calc/edit/?calcId={id}")))
                .send()
        };
        let (status, body) = json_of(toggle().await.unwrap()).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "Private calculators need the Regular or Premium plan. Upgrade to make this calculator private."
        );
        let db = Database::connect(&app.config.database_url).await.unwrap();
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .unwrap();
        let (status, body) = json_of(toggle().await.unwrap()).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                200,
                Some("The calculator is now private: only you can open it.")
            )
        );
        assert_eq!(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            404
        );
        assert_eq!(
            author
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
        let (_, body) = json_of(
            author
                .post(app.url("/api/calc/edit/"))
                .form(&[("calcId", id.as_str())])
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(
            body["message"],
            "The calculator is now public: anyone with the link can open it."
        );
        assert_eq!(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
    }
);

both_databases!(
    the_free_plan_saves_five_calculators,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "five@example.com").await;
        let mut ids = Vec::new();
        for _ in 0..5 {
            let id = new_id();
            assert_eq!(
                save(&app, &author, &id, &doc("return {};")).await.status(),
                200
            );
            ids.push(id);
        }
        let (status, body) =
            json_of(save(&app, &author, &new_id(), &doc("return {};")).await).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more."
        );
        // Machine-readable: the editor offers "Upgrade" for this refusal only.
        assert_eq!(body["refusedBy"], "plan");
        // Saving an existing one again is fine.
        assert_eq!(
            save(&app, &author, &ids[0], &doc("return { x: 2 };"))
                .await
                .status(),
            200
        );
        // The list pages newest first.
        let (status, page) = json_of(
            author
                .put(app.url("/api/calc/user/?page=1"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            page["paging"],
            json!({"page": 1, "pages": 1, "perPage": 20, "total": 5})
        );
        assert_eq!(page["data"][0]["_id"], json!(ids[4]));
        assert_eq!(page["data"][4]["_id"], json!(ids[0]));
        for bad in ["abc", "0", "+1", "01", "-1"] {
            let (status, body) = json_of(
                author
                    .put(app.url(&format!("/api/calc/user/?page={bad}")))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(
                (status, body["message"].as_str().unwrap_or_default()),
                (400, "page must be a number from 1 to 1000000."),
                "{bad}"
            );
        }
    }
);

both_databases!(
    bad_input_gets_a_4xx_with_a_message,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "bad@example.com").await;
        let url = |id: &str| app.url(&format!("/api/source/{id}"));
        let (status, body) = json_of(author.get(url("short")).send().await.unwrap()).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("A calculator id is 16 letters and digits."))
        );
        let (status, _) = json_of(author.get(url("abcdefghijklmno!")).send().await.unwrap()).await;
        assert_eq!(status, 400);
        let id = new_id();
        let (status, body) = json_of(
            author
                .post(url(&id))
                .header("content-type", "application/json")
                .body("{oops")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Invalid request body")
        );
        let (status, body) = json_of(
            author
                .post(url(&id))
                .json(&json!({"doc": 5}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("The calculator is not valid"),
            "{body}"
        );
        let (status, _) = json_of(
            author
                .post(url(&id))
                .json(&json!({"doc": {"metaInputs": [{"id": "x"}]}}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        // Bounds that cross are refused with the input named; nothing is stored.
        let crossed = json!({"doc": {"metaInputs": [
            {"id": 1, "name": "weight", "type": "number", "min": 10, "max": 5}]}});
        let (status, body) =
            json_of(author.post(url(&id)).json(&crossed).send().await.unwrap()).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some(
                    "The calculator is not valid: input \"weight\": its minimum 10 is above its maximum 5"
                )
            )
        );
        assert_eq!(author.get(url(&id)).send().await.unwrap().status(), 404);
        let huge = "x".repeat(600 * 1024);
        let (status, body) = json_of(
            author
                .post(url(&id))
                .json(&json!({"doc": {"script": huge}}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 413);
        assert_eq!(body["message"], "The request is too large (limit 512 KB).");
        let (status, _) = json_of(
            app.browser()
                .post(app.url("/api/calc/abcdefghijklmnop/eval"))
                .json(&json!({"values": []}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(
            author
                .get(app.url(&format!("/api/calc/{}", new_id())))
                .send()
                .await
                .unwrap()
                .status(),
            404
        );
    }
);

both_databases!(
    calculators_answer_as_a_json_api,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "api@example.com").await;
        let id = new_id();
        save(
            &app,
            &author,
            &id,
            &doc("'use strict';\nreturn { x: inputs.a / 4 };"),
        )
        .await;
        let eval = |body: Value| {
            app.browser()
                .post(app.url(&format!("/api/calc/{id}/eval")))
                .json(&body)
                .send()
        };
        let (status, result) = json_of(eval(json!({"values": {"1": 1234.5}})).await.unwrap()).await;
        assert_eq!(status, 200);
        assert_eq!(result["outputs"]["x"], 308.625);
        assert_eq!(result["display"]["x"], "308.63");
        assert_eq!(result["usedInputs"], json!(["a"]));
        let (_, result) = json_of(
            eval(json!({"values": {"1": 12345}, "locale": "ru"}))
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(result["display"]["x"], "3\u{a0}086,25");
        let (status, _) = json_of(eval(json!({"locale": "fr"})).await.unwrap()).await;
        assert_eq!(status, 400);
    }
);

both_databases!(
    an_acknowledged_save_survives_a_restart,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "durable@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc("return { x: 7 };"))
                .await
                .status(),
            200
        );
        let config = app.stop().await;
        let app = start(config).await;
        let (status, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(published["result"]["outputs"]["x"], 7);
        app.stop().await;
    }
);

both_databases!(
    a_published_result_never_carries_the_authors_console,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "console@example.com").await;
        let id = new_id();
        let script =
            "'use strict';\nconsole.log('debugging', inputs.a);\nreturn { x: inputs.a * 2 };";
        let (status, _) = json_of(save(&app, &author, &id, &doc(script)).await).await;
        assert_eq!(status, 200);
        let (status, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(published["result"]["display"]["x"], "42.00");
        // The console is the author's, shown in the editor only.
        assert_eq!(published["result"].get("console"), None);
    }
);

both_databases!(
    input_rules_and_output_units_are_kept_as_written_and_shown_in_the_published_result,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "units@example.com").await;
        let id = new_id();
        let input = json!({"id": 1, "name": "kg", "type": "number", "autohide": false,
            "prefix": "≈", "suffix": "kg", "placeholder": "e.g. 75", "help": "Net weight",
            "required": true, "min": 0, "max": 2000, "step": 0.5});
        let output = json!({"id": 1, "name": "price", "type": "value", "percent": false,
            "suffix": "₽"});
        let doc = json!({"name": "Units", "script": "return { price: inputs.kg * 16 };",
            "metaInputs": [input], "metaOutputs": [output], "defaults": {"1": 75}});
        let (status, _) = json_of(save(&app, &author, &id, &doc).await).await;
        assert_eq!(status, 200);
        let (_, source) = json_of(
            author
                .get(app.url(&format!("/api/source/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(source["doc"]["metaInputs"][0], input);
        assert_eq!(source["doc"]["metaOutputs"][0], output);
        let (_, published) = json_of(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(published["result"]["display"]["price"], "1,200\u{a0}₽");

        // A rule of the wrong kind is a bad request that says which.
        let mut bad = doc.clone();
        bad["metaInputs"][0]["step"] = json!(0);
        let (status, body) = json_of(save(&app, &author, &id, &bad).await).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("step must be a number above 0"),
            "{body}"
        );
    }
);
