//! Saves that never lose work: plan limits hold under racing saves, racing saves and
//! deletes answer 200, 404 or 409 (never 500), and a save based on a stale revision is
//! refused.

use crate::both_databases;
use crate::helpers::*;
use reqwest::Client;
use serde_json::{Value, json};
use tokio::task::JoinSet;

const CHANGED_ELSEWHERE: &str = "This calculator was changed elsewhere since you opened it.";

/// Saves `doc` under `id` as based on `revision` (none: a first save).
async fn save_based_on(
    app: &TestApp,
    client: &Client,
    id: &str,
    doc: &Value,
    revision: Option<i64>,
) -> (u16, Value) {
    let mut body = json!({"doc": doc, "doc_style": {}});
    if let Some(revision) = revision {
        body["revision"] = json!(revision);
    }
    let response = client
        .post(app.url(&format!("/api/source/{id}")))
        .json(&body)
        .send()
        .await
        .expect("save");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

async fn read_source(app: &TestApp, client: &Client, id: &str) -> (u16, Value) {
    let response = client
        .get(app.url(&format!("/api/source/{id}")))
        .send()
        .await
        .expect("read");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

async fn delete_source(address: String, client: Client, id: String) -> u16 {
    client
        .delete(format!("{address}/api/source/{id}"))
        .send()
        .await
        .expect("delete")
        .status()
        .as_u16()
}

/// Runs `count` saves of `doc` at once, each under the id `id_of(i)`; returns their answers.
/// Lets one user's saves all run at once (the evaluation service admits one running and
/// four waiting per owner), so these tests race them in the database itself — as saves
/// reaching several instances of the server would.
fn all_at_once(config: &mut calcsmith_server::config::Config) {
    config.eval_limits.per_owner = 32;
    config.eval_limits.queued_per_owner = 32;
    config.eval_limits.queue = 64;
}

async fn racing_saves(
    app: &TestApp,
    client: &Client,
    count: usize,
    id_of: impl Fn(usize) -> String,
    revision: Option<i64>,
) -> Vec<(u16, Value)> {
    let mut saves = JoinSet::new();
    for i in 0..count {
        let (address, client, id) = (app.address.clone(), client.clone(), id_of(i));
        saves.spawn(async move {
            let mut body = json!({"doc": doc("return { x: 1 };"), "doc_style": {}});
            if let Some(revision) = revision {
                body["revision"] = json!(revision);
            }
            let response = client
                .post(format!("{address}/api/source/{id}"))
                .json(&body)
                .send()
                .await
                .expect("save");
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.expect("json body"))
        });
    }
    saves.join_all().await
}

both_databases!(
    twenty_racing_first_saves_on_the_free_plan_store_exactly_five,
    configure = all_at_once,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "racer@example.com").await;
        let answers = racing_saves(&app, &author, 20, |_| new_id(), None).await;
        let stored = answers.iter().filter(|(status, _)| *status == 200).count();
        assert_eq!(stored, 5, "{answers:?}");
        for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
            assert_eq!(*status, 400, "{body}");
            assert_eq!(
                body["message"],
                "The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more."
            );
        }
        let page: Value = author
            .put(app.url("/api/calc/user/?page=1"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(page["paging"]["total"], 5);
    }
);

both_databases!(
    racing_first_saves_of_one_id_create_it_once_and_the_others_get_409,
    configure = all_at_once,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "same-id@example.com").await;
        let id = new_id();
        let answers = racing_saves(&app, &author, 6, |_| id.clone(), None).await;
        let created: Vec<_> = answers.iter().filter(|(s, _)| *s == 200).collect();
        assert_eq!(created.len(), 1, "{answers:?}");
        assert_eq!(created[0].1["revision"], 1);
        for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
            assert_eq!(
                (*status, body),
                (409, &json!({"message": CHANGED_ELSEWHERE, "revision": 1}))
            );
        }
        let (status, source) = read_source(&app, &author, &id).await;
        assert_eq!((status, &source["revision"]), (200, &json!(1)));
    }
);

both_databases!(
    a_save_racing_a_delete_answers_200_or_404_and_the_delete_wins_in_the_end,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "save-delete@example.com").await;
        for _ in 0..4 {
            let id = new_id();
            let (status, first) =
                save_based_on(&app, &author, &id, &doc("return { x: 1 };"), None).await;
            assert_eq!(status, 200);
            let revision = first["revision"].as_i64();
            let saving = {
                let (address, client, id) = (app.address.clone(), author.clone(), id.clone());
                tokio::spawn(async move {
                    client
                        .post(format!("{address}/api/source/{id}"))
                        .json(&json!({"doc": doc("return { x: 2 };"), "revision": revision}))
                        .send()
                        .await
                        .expect("save")
                        .status()
                        .as_u16()
                })
            };
            let deleting = tokio::spawn(delete_source(
                app.address.clone(),
                author.clone(),
                id.clone(),
            ));
            let deleting_too = tokio::spawn(delete_source(
                app.address.clone(),
                author.clone(),
                id.clone(),
            ));
            let saved = saving.await.unwrap();
            let deletes = [deleting.await.unwrap(), deleting_too.await.unwrap()];
            assert!(saved == 200 || saved == 404, "save answered {saved}");
            let mut deletes = deletes.to_vec();
            deletes.sort_unstable();
            assert_eq!(
                deletes,
                [200, 404],
                "one delete deletes it, the other finds nothing"
            );
            // Whichever came first, a save based on a revision never brings it back.
            assert_eq!(read_source(&app, &author, &id).await.0, 404);
        }
        // Nothing of it counts against the plan any more.
        let page: Value = author
            .put(app.url("/api/calc/user/?page=1"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(page["paging"]["total"], 0);
    }
);

both_databases!(
    a_save_based_on_a_stale_revision_is_refused_and_stores_nothing,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "stale@example.com").await;
        let id = new_id();
        let (status, saved) =
            save_based_on(&app, &author, &id, &doc("return { x: 1 };"), None).await;
        assert_eq!((status, &saved["revision"]), (200, &json!(1)));
        let (_, source) = read_source(&app, &author, &id).await;
        assert_eq!(source["revision"], 1);

        // Tab A saves based on revision 1: the calculator is now at 2.
        let (status, saved) =
            save_based_on(&app, &author, &id, &doc("return { x: 2 };"), Some(1)).await;
        assert_eq!((status, &saved["revision"]), (200, &json!(2)));

        // Tab B, still on revision 1, and an old client that sends none: both refused.
        for stale in [Some(1), None, Some(0), Some(7)] {
            let (status, body) =
                save_based_on(&app, &author, &id, &doc("return { x: 666 };"), stale).await;
            assert_eq!(
                (status, body),
                (409, json!({"message": CHANGED_ELSEWHERE, "revision": 2})),
                "based on {stale:?}"
            );
        }
        let (_, source) = read_source(&app, &author, &id).await;
        assert_eq!(source["revision"], 2);
        assert_eq!(source["doc"]["script"], "return { x: 2 };");
        let published: Value = app
            .browser()
            .get(app.url(&format!("/api/calc/{id}")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(published["result"]["outputs"]["x"], 2);

        // Based on the current revision (what "overwrite" sends): stored, revision + 1.
        let (status, saved) =
            save_based_on(&app, &author, &id, &doc("return { x: 3 };"), Some(2)).await;
        assert_eq!((status, &saved["revision"]), (200, &json!(3)));
        let (_, source) = read_source(&app, &author, &id).await;
        assert_eq!(
            (&source["revision"], &source["doc"]["script"]),
            (&json!(3), &json!("return { x: 3 };"))
        );

        // A revision that is not a number is a bad request.
        let response = author
            .post(app.url(&format!("/api/source/{id}")))
            .json(&json!({"doc": doc("return {};"), "revision": "3"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400);

        // Deleted elsewhere: a save based on a revision finds nothing; a first save creates it.
        let deleted = delete_source(app.address.clone(), author.clone(), id.clone()).await;
        assert_eq!(deleted, 200);
        let (status, _) =
            save_based_on(&app, &author, &id, &doc("return { x: 4 };"), Some(3)).await;
        assert_eq!(status, 404);
        assert_eq!(read_source(&app, &author, &id).await.0, 404);
        let (status, saved) =
            save_based_on(&app, &author, &id, &doc("return { x: 4 };"), None).await;
        assert_eq!((status, &saved["revision"]), (200, &json!(1)));
    }
);

both_databases!(
    the_revision_migration_goes_down_and_up_and_existing_calculators_start_at_1,
    |app: TestApp| async move {
        use calcsmith_migrations::{Migrator, MigratorTrait};
        let author = app.browser();
        sign_up(&app, &author, "migrated@example.com").await;
        let id = new_id();
        save_based_on(&app, &author, &id, &doc("return { x: 1 };"), None).await;
        let (status, _) =
            save_based_on(&app, &author, &id, &doc("return { x: 2 };"), Some(1)).await;
        assert_eq!(status, 200);
        let db = sea_orm::Database::connect(&app.config.database_url)
            .await
            .unwrap();
        // Down to just before the revision migration (later ones go down with it).
        let migrations = Migrator::migrations();
        let revision = migrations
            .iter()
            .position(|m| m.name() == "m20261126_141000_calculator_revision")
            .expect("the revision migration");
        let steps = u32::try_from(migrations.len() - revision).unwrap();
        Migrator::down(&db, Some(steps)).await.expect("down");
        Migrator::up(&db, None).await.expect("up again");
        let (status, source) = read_source(&app, &author, &id).await;
        assert_eq!(status, 200);
        assert_eq!(
            source["revision"], 1,
            "a calculator from before starts at 1"
        );
        assert_eq!(source["doc"]["script"], "return { x: 2 };");
    }
);
