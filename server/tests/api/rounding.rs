//! Outputs' rounding rules (issue 28, part 5): kept as written through a save, an export and
//! an import, used by the published result and the submissions' CSV file, and refused with
//! the reason when malformed.

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, submit};
use serde_json::{Value, json};

async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

fn cash_doc() -> Value {
    let total = json!({"id": 1, "name": "total", "type": "value", "percent": false, "currencySign": "$",
        "decimalPlaces": 2, "roundingMode": "halfEven", "roundingStep": 0.05});
    let price = json!({"id": 1, "name": "price", "type": "value", "percent": false,
        "roundingMode": "floor", "roundingStep": 1000});
    let quotes = json!({"id": 2, "name": "quotes", "type": "table", "percent": false,
        "metaOutputs": [price]});
    json!({"name": "Cash", "script": "return { total: 1.125, quotes: [{ price: -12001 }] };",
        "metaOutputs": [total, quotes]})
}

both_databases!(
    rounding_rules_survive_a_save_an_export_and_an_import_and_round_the_published_result,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "rounding@example.com").await;
        let doc = cash_doc();
        let id = new_id();
        let (status, body) = json_of(save(&app, &author, &id, &doc).await).await;
        assert_eq!(status, 200, "{body}");

        // Export is the source as stored; an import saves it as a new calculator.
        let source_url = app.url(&format!("/api/source/{id}"));
        let (_, exported) = json_of(author.get(&source_url).send().await.unwrap()).await;
        assert_eq!(exported["doc"]["metaOutputs"], doc["metaOutputs"]);
        let copy = new_id();
        let (status, _) = json_of(save(&app, &author, &copy, &exported["doc"]).await).await;
        assert_eq!(status, 200);
        let copy_url = app.url(&format!("/api/source/{copy}"));
        let (_, imported) = json_of(author.get(&copy_url).send().await.unwrap()).await;
        assert_eq!(imported["doc"]["metaOutputs"], doc["metaOutputs"]);

        let calc_url = app.url(&format!("/api/calc/{copy}"));
        let (_, published) = json_of(app.browser().get(&calc_url).send().await.unwrap()).await;
        assert_eq!(
            published["result"]["display"],
            json!({"total": "$1.10", "quotes": [{"price": "-13,000"}]})
        );
        // The raw values are the script's.
        assert_eq!(
            published["result"]["outputs"],
            json!({"total": 1.125, "quotes": [{"price": -12001}]})
        );
    }
);

both_databases!(
    an_unknown_rounding_mode_or_a_step_that_is_not_above_zero_is_a_bad_request_saying_so,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "bad-rounding@example.com").await;
        let id = new_id();
        let refused = |field: &str, value: Value| {
            let mut doc = cash_doc();
            doc["metaOutputs"][1]["metaOutputs"][0][field] = value;
            doc
        };
        for (doc, message) in [
            (
                refused("roundingMode", json!("bankers")),
                "The calculator is not valid: roundingMode must be one of halfExpand, \
                 halfEven, halfTrunc, ceil, floor, expand, trunc",
            ),
            (
                refused("roundingStep", json!(0)),
                "The calculator is not valid: roundingStep must be a number above 0, such as \
                 0.05 or 1000",
            ),
            (
                refused("roundingStep", json!("0.05")),
                "The calculator is not valid: roundingStep must be a number above 0, such as \
                 0.05 or 1000",
            ),
        ] {
            let (status, body) = json_of(save(&app, &author, &id, &doc).await).await;
            assert_eq!(status, 400, "{body}");
            assert_eq!(body["message"], message);
        }
    }
);

both_databases!(
    the_submissions_csv_rounds_an_output_as_the_version_it_was_sent_with_showed_it,
    |app: TestApp| async move {
        // x = a × 2 in dollars, 2 decimals, half to even to a multiple of 0.05.
        let mut doc = collecting_doc();
        doc["metaOutputs"][0] = json!({"id": 1, "name": "x", "type": "value",
            "currencySign": "$", "decimalPlaces": 2, "roundingMode": "halfEven",
            "roundingStep": 0.05});
        let (author, id) = author_with(&app, "cash@example.com", &doc).await;
        let contact = json!({"email": "a@example.com"});
        // 2.625 is a tie between 2.60 and 2.65: half to even.
        let (status, sent) = submit(&app, &app.browser(), &id, 1.3125, contact).await;
        assert_eq!(
            (status, sent["display"]["x"].as_str()),
            (201, Some("$2.60"))
        );
        // Version 2 has no rule: its submissions keep every digit.
        doc["metaOutputs"][0] = json!({"id": 1, "name": "x", "type": "value"});
        assert_eq!(save(&app, &author, &id, &doc).await.status(), 200);
        let contact = json!({"email": "b@example.com"});
        assert_eq!(
            submit(&app, &app.browser(), &id, 1.3125, contact).await.0,
            201
        );

        let csv = author
            .get(app.url(&format!("/api/calc/{id}/submissions.csv")))
            .send()
            .await
            .expect("csv")
            .text()
            .await
            .expect("body");
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert!(
            lines[1].ends_with(",2,,,b@example.com,,,,false,You may call me.,1.3125,2.625"),
            "{csv}"
        );
        assert!(
            lines[2].ends_with(",1,,,a@example.com,,,,false,You may call me.,1.3125,2.60"),
            "{csv}"
        );
    }
);
