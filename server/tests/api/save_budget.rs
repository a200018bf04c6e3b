//! What one save may cost the server: it is refused before the engine runs when the
//! plan, the revision or the owner refuse it; its run and its tests together use at most
//! one calculation's time; what it stores of its tests' report is bounded.

use std::time::Duration;

use calcsmith_server::config::EvalLimits;
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;

/// A calculator that keeps the engine busy for `a × 100` ms, then doubles `a`.
fn slow(tests: Value) -> Value {
    let mut doc = doc(
        "const t = Date.now();\nwhile (Date.now() - t < inputs.a * 100) {}\nreturn { x: inputs.a * 2 };",
    );
    doc["tests"] = tests;
    doc
}

/// `n` tests of one second each, all passing when run.
fn second_long_tests(n: usize) -> Value {
    (0..n)
        .map(|i| json!({"name": format!("Second {i}"), "values": {"1": 10}, "expected": {"x": 20}}))
        .collect()
}

async fn save_answer(app: &TestApp, client: &Client, id: &str, doc: &Value) -> (u16, Value) {
    json_answer(save(app, client, id, doc).await).await
}

both_databases!(
    a_saves_run_and_tests_share_one_time_limit,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "budget@example.com").await;
        // 2.1 s with the defaults, then five tests of a second: more than 5 s together.
        let id = new_id();
        let (status, saved) = save_answer(&app, &author, &id, &slow(second_long_tests(5))).await;
        assert_eq!(status, 200, "{saved}");
        let report = &saved["tests"];
        assert_eq!(
            (&report["passed"], &report["failed"]),
            (&json!(0), &json!(5)),
            "{report}"
        );
        for test in report["tests"].as_array().expect("tests") {
            assert_eq!(
                test["error"],
                "Not run to the end: a save runs the calculator and its tests within 5 seconds together.",
            );
        }
        // Within the limit, the tests run and pass.
        let quick = new_id();
        let (_, saved) = save_answer(&app, &author, &quick, &{
            let mut d = slow(json!([{"name": "Quick", "values": {"1": 1}, "expected": {"x": 2}}]));
            d["defaults"] = json!({"1": 1});
            d
        })
        .await;
        assert_eq!(saved["tests"]["passed"], 1, "{saved}");
    }
);

/// One evaluation at a time per owner, and none waiting behind it.
fn one_at_a_time(config: &mut calcsmith_server::config::Config) {
    config.eval_limits = EvalLimits {
        per_owner: 1,
        queued_per_owner: 0,
        queue: 8,
    };
}

both_databases!(
    a_save_the_plan_or_the_revision_refuses_is_refused_without_running,
    configure = one_at_a_time,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "full@example.com").await;
        // The free plan's five calculators, the first a slow one.
        let busy = new_id();
        let mut slow_doc = slow(json!([]));
        slow_doc["defaults"] = json!({"1": 1});
        assert_eq!(save(&app, &author, &busy, &slow_doc).await.status(), 200);
        for _ in 1..5 {
            assert_eq!(
                save(&app, &author, &new_id(), &doc("return { x: 1 };"))
                    .await
                    .status(),
                200
            );
        }
        // The author's own evaluation of 3 s holds their one turn in the pool...
        let evaluating = {
            let (author, url) = (author.clone(), app.url(&format!("/api/calc/{busy}/eval")));
            tokio::spawn(async move {
                author
                    .post(url)
                    .json(&json!({"values": {"1": 30}}))
                    .send()
                    .await
                    .expect("eval")
                    .status()
            })
        };
        tokio::time::sleep(Duration::from_millis(700)).await;
        // ...yet a sixth calculator is refused for the plan, not for being busy: nothing ran.
        let (status, body) = save_answer(&app, &author, &new_id(), &doc("return { x: 1 };")).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap_or_default()),
            (
                400,
                "The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more."
            )
        );
        // A save on a stale revision is a 409, also without waiting for the engine.
        let stale = author
            .post(app.url(&format!("/api/source/{busy}")))
            .json(&json!({"doc": slow_doc, "doc_style": {}, "revision": 0}))
            .send()
            .await
            .expect("stale save");
        assert_eq!(stale.status(), 409);
        assert_eq!(evaluating.await.expect("eval"), 200);
    }
);

/// The database's size on disk, in bytes.
async fn database_bytes(app: &TestApp) -> i64 {
    let db = Database::connect(&app.config.database_url)
        .await
        .expect("db");
    if app.config.database_url.starts_with("sqlite") {
        let path = app.config.data_dir.join("calcsmith.db");
        db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)")
            .await
            .ok();
        std::fs::metadata(path).map_or(0, |m| m.len() as i64)
    } else {
        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                "SELECT pg_database_size(current_database()) AS size",
            ))
            .await
            .expect("size")
            .expect("row");
        row.try_get("", "size").expect("size")
    }
}

both_databases!(
    a_save_with_many_failing_tests_over_a_large_output_stores_a_small_report,
    configure = many_saves,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "report@example.com").await;
        // Small with the defaults; 100 KB of text for each test's values, so the tests'
        // whole outputs would make a 2 MB report (the attack used 100 tests over 1 MB; this
        // is as much as a debug build's tests run within a save's time).
        let mut big = doc("return { x: inputs.a > 100 ? 'y'.repeat(100000) : inputs.a };");
        big["tests"] = (0..20)
            .map(|i| json!({"name": format!("Big {i}"), "values": {"1": 1000}, "expected": {"x": "z"}}))
            .collect();
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc("return { x: 1 };"))
                .await
                .status(),
            200
        );
        let before = database_bytes(&app).await;
        let (status, saved) = save_answer(&app, &author, &id, &big).await;
        assert_eq!(status, 200);
        let report = saved["tests"].to_string();
        assert!(
            report.len() <= 64 * 1024,
            "the report is {} bytes",
            report.len()
        );
        assert_eq!(saved["tests"]["failed"], 20);
        let first = &saved["tests"]["tests"][0];
        assert!(first["differences"].is_array(), "the tests ran: {first}");
        assert!(
            !report.contains("Not run to the end"),
            "the tests ran: {report}"
        );
        let grown = database_bytes(&app).await - before;
        assert!(grown < 1024 * 1024, "the database grew by {grown} bytes");
    }
);
