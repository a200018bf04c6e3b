//! Version history: every save keeps a version (an identical save does not), the owner
//! lists and reads them, the plan decides how many are kept, restoring is saving an old
//! version again, and deleting the calculator or the account deletes them.

use crate::both_databases;
use crate::helpers::*;
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};

const NOT_FOUND: &str = "Calculator not found.";

/// Saves `script` (with the helpers' doc and an empty style); asserts it was stored.
async fn save_script(app: &TestApp, client: &Client, id: &str, script: &str) -> Value {
    let (status, saved) = save_on_current(app, client, id, &doc(script), &json!({})).await;
    assert_eq!(status, 200, "{saved}");
    saved
}

async fn versions(app: &TestApp, client: &Client, id: &str, page: &str) -> (u16, Value) {
    get_json(app, client, &format!("/api/source/{id}/versions{page}")).await
}

/// The numbers on a page of versions, in order.
fn numbers(page: &Value) -> Vec<i64> {
    page["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|v| v["number"].as_i64().expect("number"))
        .collect()
}

/// How many versions of `id` the database holds.
async fn stored_versions(app: &TestApp, id: &str) -> i64 {
    let db = Database::connect(&app.config.database_url).await.unwrap();
    let sql = format!("SELECT COUNT(*) AS n FROM calculator_versions WHERE calculator_id = '{id}'");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .expect("a count");
    row.try_get::<i64>("", "n").unwrap()
}

async fn set_plan(app: &TestApp, plan: &str) {
    let db = Database::connect(&app.config.database_url).await.unwrap();
    db.execute_unprepared(&format!("UPDATE users SET plan = '{plan}'"))
        .await
        .unwrap();
}

both_databases!(
    each_save_keeps_a_version_and_an_identical_save_does_not,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "versions@example.com").await;
        let id = new_id();
        let first = save_script(&app, &author, &id, "return { x: 1 };").await;
        assert_eq!(
            (
                &first["version"],
                &first["published_version"],
                &first["tests"]
            ),
            (&json!(1), &json!(1), &Value::Null)
        );
        let second = save_script(&app, &author, &id, "return { x: 2 };").await;
        assert_eq!(second["version"], 2);
        // The same doc and style again: the revision moves on, the version does not.
        let again = save_script(&app, &author, &id, "return { x: 2 };").await;
        assert_eq!(
            (&again["revision"], &again["version"]),
            (&json!(3), &json!(2))
        );
        // A change of style alone is a new version.
        let (status, styled) = save_on_current(
            &app,
            &author,
            &id,
            &doc("return { x: 2 };"),
            &json!({"bgcolor": "#000"}),
        )
        .await;
        assert_eq!((status, &styled["version"]), (200, &json!(3)));

        let (status, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(
            (
                &source["version"],
                &source["published_version"],
                &source["tests"]
            ),
            (&json!(3), &json!(3), &Value::Null)
        );

        let (status, page) = versions(&app, &author, &id, "").await;
        assert_eq!(status, 200);
        assert_eq!(numbers(&page), [3, 2, 1]);
        assert_eq!(
            page["paging"],
            json!({"page": 1, "pages": 1, "perPage": 20, "total": 3})
        );
        let newest = &page["data"][0];
        assert_eq!(
            (&newest["current"], &newest["published"], &newest["tests"]),
            (&json!(true), &json!(true), &Value::Null)
        );
        assert!(newest["created_at"].as_i64().unwrap() > 1_700_000_000_000);
        for older in &page["data"].as_array().unwrap()[1..] {
            assert_eq!(
                (&older["current"], &older["published"]),
                (&json!(false), &json!(false))
            );
        }

        let (status, one) = get_json(&app, &author, &format!("/api/source/{id}/versions/1")).await;
        assert_eq!(status, 200);
        assert_eq!(one["number"], 1);
        assert_eq!(one["doc"]["script"], "return { x: 1 };");
        assert_eq!(one["doc_style"], json!({}));
        assert_eq!(
            (
                &one["error"],
                &one["tests"],
                &one["current"],
                &one["published"]
            ),
            (&Value::Null, &Value::Null, &json!(false), &json!(false))
        );
        let (_, three) = get_json(&app, &author, &format!("/api/source/{id}/versions/3")).await;
        assert_eq!(three["doc_style"], json!({"bgcolor": "#000"}));
        assert_eq!(three["current"], true);
    }
);

both_databases!(
    a_version_keeps_the_engines_error,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "broken@example.com").await;
        let id = new_id();
        save_script(&app, &author, &id, "return { x: 1 };").await;
        let broken = save_script(&app, &author, &id, "throw new Error('nope');").await;
        assert!(broken["error"].as_str().unwrap().contains("nope"));
        let (_, page) = versions(&app, &author, &id, "").await;
        assert!(page["data"][0]["error"].as_str().unwrap().contains("nope"));
        assert_eq!(page["data"][1]["error"], Value::Null);
        let (_, two) = get_json(&app, &author, &format!("/api/source/{id}/versions/2")).await;
        assert_eq!(two["error"], broken["error"]);
    }
);

both_databases!(
    versions_come_twenty_a_page_newest_first,
    configure = many_saves,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "pages@example.com").await;
        set_plan(&app, "regular").await;
        let id = new_id();
        for n in 1..=23 {
            save_script(&app, &author, &id, &format!("return {{ x: {n} }};")).await;
        }
        let (status, first) = versions(&app, &author, &id, "?page=1").await;
        assert_eq!(status, 200);
        assert_eq!(numbers(&first), (4..=23).rev().collect::<Vec<_>>());
        assert_eq!(
            first["paging"],
            json!({"page": 1, "pages": 2, "perPage": 20, "total": 23})
        );
        let (_, second) = versions(&app, &author, &id, "?page=2").await;
        assert_eq!(numbers(&second), [3, 2, 1]);
        assert_eq!(second["paging"]["page"], 2);
        let (status, past) = versions(&app, &author, &id, "?page=3").await;
        assert_eq!((status, numbers(&past)), (200, vec![]));
        // An empty page is the first page, as in "My Calculators"; 0 is no page.
        assert_eq!(
            numbers(&versions(&app, &author, &id, "?page=").await.1)[0],
            23
        );
        for bad in [
            "?page=0",
            "?page=+1",
            "?page=01",
            "?page=%201",
            "?page=two",
            "?page=-1",
            "?page=1.5",
            "?page=1000001",
            "?page=99999999999999999999",
        ] {
            let (status, body) = versions(&app, &author, &id, bad).await;
            assert_eq!(
                (status, body["message"].as_str().unwrap()),
                (400, "page must be a number from 1 to 1000000."),
                "{bad}"
            );
        }
    }
);

both_databases!(
    the_free_plan_keeps_the_last_ten_versions_and_regular_more,
    configure = many_saves,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "ten@example.com").await;
        let id = new_id();
        for n in 1..=12 {
            save_script(&app, &author, &id, &format!("return {{ x: {n} }};")).await;
        }
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), (3..=12).rev().collect::<Vec<_>>());
        assert_eq!(page["paging"]["total"], 10);
        assert_eq!(stored_versions(&app, &id).await, 10);
        for dropped in [1, 2] {
            let (status, body) = get_json(
                &app,
                &author,
                &format!("/api/source/{id}/versions/{dropped}"),
            )
            .await;
            assert_eq!(
                (status, body["message"].as_str().unwrap()),
                (404, NOT_FOUND)
            );
        }

        // Regular keeps a hundred: nothing more is dropped.
        set_plan(&app, "regular").await;
        for n in 13..=15 {
            save_script(&app, &author, &id, &format!("return {{ x: {n} }};")).await;
        }
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), (3..=15).rev().collect::<Vec<_>>());

        // Back on the free plan, the next save drops down to ten.
        set_plan(&app, "free").await;
        save_script(&app, &author, &id, "return { x: 16 };").await;
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), (7..=16).rev().collect::<Vec<_>>());
    }
);

both_databases!(only_the_owner_sees_versions, |app: TestApp| async move {
    let author = app.browser();
    sign_up(&app, &author, "owner@example.com").await;
    let id = new_id();
    save_script(&app, &author, &id, "return { x: 1 };").await;
    let missing = new_id();

    let other = app.browser();
    sign_up(&app, &other, "other@example.com").await;
    for path in [
        format!("/api/source/{id}/versions"),
        format!("/api/source/{id}/versions/1"),
        format!("/api/source/{missing}/versions"),
        format!("/api/source/{missing}/versions/1"),
    ] {
        let (status, body) = get_json(&app, &other, &path).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (404, NOT_FOUND),
            "{path}"
        );
    }
    // Signed out, a calculator's versions answer as its source does: please sign in,
    // the same for one that exists and one that does not.
    let anonymous = app.browser();
    for path in [
        format!("/api/source/{id}/versions"),
        format!("/api/source/{id}/versions/1"),
        format!("/api/source/{missing}/versions/1"),
    ] {
        let (status, body) = get_json(&app, &anonymous, &path).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (401, "Please sign in."),
            "{path}"
        );
    }
    // The owner: a number never kept is the same 404; a number that is no number a 400.
    let (status, body) = get_json(&app, &author, &format!("/api/source/{id}/versions/2")).await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (404, NOT_FOUND)
    );
    for bad in ["0", "-1", "+1", "01", "one", "1.0", "99999999999999999999"] {
        let (status, body) =
            get_json(&app, &author, &format!("/api/source/{id}/versions/{bad}")).await;
        assert_eq!(
            (status, body["message"].as_str().unwrap()),
            (400, "A version number is a whole number from 1."),
            "{bad}"
        );
    }
    let (status, body) = get_json(&app, &author, "/api/source/short/versions").await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "A calculator id is 16 letters and digits.")
    );
});

both_databases!(
    restoring_a_version_saves_it_as_a_new_current_version,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "restore@example.com").await;
        let id = new_id();
        let style = json!({"bgcolor": "#abc", "fsize": 14});
        let (status, _) =
            save_on_current(&app, &author, &id, &doc("return { x: 1 };"), &style).await;
        assert_eq!(status, 200);
        save_script(&app, &author, &id, "return { x: 2 };").await;

        // The editor loads version 1 and saves it, based on the revision it is at.
        let (_, one) = get_json(&app, &author, &format!("/api/source/{id}/versions/1")).await;
        let (_, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        let (status, restored) = json_answer(
            author
                .post(app.url(&format!("/api/source/{id}")))
                .json(&json!({"doc": one["doc"], "doc_style": one["doc_style"], "revision": source["revision"]}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, &restored["version"]), (200, &json!(3)));
        let (_, three) = get_json(&app, &author, &format!("/api/source/{id}/versions/3")).await;
        assert_eq!(
            (&three["doc"], &three["doc_style"], &three["current"]),
            (&one["doc"], &style, &json!(true))
        );
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), [3, 2, 1]);
        let (status, published) = get_json(&app, &app.browser(), &format!("/api/calc/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(published["doc"]["script"], "return { x: 1 };");
        assert_eq!(published["result"]["display"]["x"], "1.00");
    }
);

both_databases!(
    deleting_a_calculator_deletes_its_versions,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "delete@example.com").await;
        let id = new_id();
        save_script(&app, &author, &id, "return { x: 1 };").await;
        save_script(&app, &author, &id, "return { x: 2 };").await;
        assert_eq!(stored_versions(&app, &id).await, 2);
        let deleted = author
            .delete(app.url(&format!("/api/source/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(deleted.status(), 200);
        assert_eq!(stored_versions(&app, &id).await, 0);
        let (status, _) = versions(&app, &author, &id, "").await;
        assert_eq!(status, 404);
        // Saved anew under the same id, it starts a history of its own.
        let saved = save_script(&app, &author, &id, "return { x: 3 };").await;
        assert_eq!(saved["version"], 1);
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), [1]);
        // Deleted through the published address too.
        let deleted = author
            .delete(app.url(&format!("/api/calc/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(deleted.status(), 200);
        assert_eq!(stored_versions(&app, &id).await, 0);
    }
);

both_databases!(
    deleting_the_account_deletes_every_version,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "leaving@example.com").await;
        let ids = [new_id(), new_id()];
        for id in &ids {
            save_script(&app, &author, id, "return { x: 1 };").await;
            save_script(&app, &author, id, "return { x: 2 };").await;
        }
        let other = app.browser();
        sign_up(&app, &other, "staying@example.com").await;
        let theirs = new_id();
        save_script(&app, &other, &theirs, "return { x: 1 };").await;

        let response = delete_account(&app, &author).await;
        assert_eq!(response.status(), 200);
        for id in &ids {
            assert_eq!(stored_versions(&app, id).await, 0);
        }
        assert_eq!(stored_versions(&app, &theirs).await, 1);
    }
);

both_databases!(
    the_versions_migration_makes_each_calculator_its_own_version_1,
    |app: TestApp| async move {
        use calcsmith_migrations::{Migrator, MigratorTrait};
        let author = app.browser();
        sign_up(&app, &author, "migrated-versions@example.com").await;
        let id = new_id();
        let style = json!({"fsize": 13});
        save_on_current(&app, &author, &id, &doc("return { x: 1 };"), &style).await;
        save_on_current(&app, &author, &id, &doc("return { x: 5 };"), &style).await;
        let db = Database::connect(&app.config.database_url).await.unwrap();
        // Down to just before the versions migration, as a database from before it was.
        let migrations = Migrator::migrations();
        let versions_migration = migrations
            .iter()
            .position(|m| m.name() == "m20261127_050000_calculator_versions")
            .expect("the versions migration");
        let steps = u32::try_from(migrations.len() - versions_migration).unwrap();
        Migrator::down(&db, Some(steps)).await.expect("down");
        Migrator::up(&db, None).await.expect("up again");

        let (status, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(source["revision"], 2, "the revision survives");
        assert_eq!(
            (
                &source["version"],
                &source["published_version"],
                &source["tests"]
            ),
            (&json!(1), &json!(1), &Value::Null)
        );
        assert_eq!(source["doc"]["script"], "return { x: 5 };");
        let (_, page) = versions(&app, &author, &id, "").await;
        assert_eq!(numbers(&page), [1]);
        let (_, one) = get_json(&app, &author, &format!("/api/source/{id}/versions/1")).await;
        assert_eq!(
            (
                &one["doc"]["script"],
                &one["doc_style"],
                &one["current"],
                &one["published"]
            ),
            (
                &json!("return { x: 5 };"),
                &style,
                &json!(true),
                &json!(true)
            )
        );
        let (status, published) = get_json(&app, &app.browser(), &format!("/api/calc/{id}")).await;
        assert_eq!(
            (status, &published["result"]["display"]["x"]),
            (200, &json!("5.00"))
        );
        // It keeps working: the next save is version 2.
        let next = save_script(&app, &author, &id, "return { x: 6 };").await;
        assert_eq!(next["version"], 2);
    }
);
