//! A published calculator read by visitors: the server keeps its answer for a moment
//! (`CALCSMITH_PUBLISHED_CACHE_MS`), and every change shows at once all the same.

use crate::both_databases;
use crate::helpers::*;
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

/// What a visitor (no session) is answered for `GET /api/calc/{id}`: status and the
/// script of the published doc.
async fn visitor_reads(app: &TestApp, id: &str) -> (u16, Option<String>) {
    let (status, body) = get_json(app, &app.browser(), &format!("/api/calc/{id}")).await;
    (status, body["doc"]["script"].as_str().map(str::to_owned))
}

async fn toggle_privacy(app: &TestApp, author: &Client, id: &str) -> Value {
    let response = author
        .post(app.url(&format!("/api/calc/edit/?calcId={id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn script(n: u32) -> String {
    format!("return {{ x: {n} }};")
}

both_databases!(
    every_change_to_a_published_calculator_shows_on_the_next_read,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "published@example.com").await;
        let db = Database::connect(&app.config.database_url).await.unwrap();
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .unwrap();
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc(&script(1))).await.status(),
            200
        );
        // Each step reads twice first, so the answer is the one kept in memory, if any.
        for _ in 0..2 {
            assert_eq!(visitor_reads(&app, &id).await, (200, Some(script(1))));
        }

        assert_eq!(
            save(&app, &author, &id, &doc(&script(2))).await.status(),
            200
        );
        assert_eq!(visitor_reads(&app, &id).await, (200, Some(script(2))));

        let answer = toggle_privacy(&app, &author, &id).await;
        assert_eq!(
            answer["message"],
            "The calculator is now private: only you can open it."
        );
        assert_eq!(visitor_reads(&app, &id).await.0, 404);
        let (status, body) = get_json(&app, &author, &format!("/api/calc/{id}")).await;
        assert_eq!((status, &body["doc"]["script"]), (200, &json!(script(2))));
        assert_eq!(
            visitor_reads(&app, &id).await.0,
            404,
            "the owner's read is not kept for others"
        );

        toggle_privacy(&app, &author, &id).await;
        assert_eq!(visitor_reads(&app, &id).await, (200, Some(script(2))));
        assert_eq!(visitor_reads(&app, &id).await, (200, Some(script(2))));

        let response = author
            .delete(app.url(&format!("/api/source/{id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(visitor_reads(&app, &id).await.0, 404);

        // Deleting the account takes every calculator of it off at once.
        let other = new_id();
        assert_eq!(
            save(&app, &author, &other, &doc(&script(3))).await.status(),
            200
        );
        assert_eq!(visitor_reads(&app, &other).await, (200, Some(script(3))));
        let response = delete_account(&app, &author).await;
        assert_eq!(response.status(), 200);
        assert_eq!(visitor_reads(&app, &other).await.0, 404);
    }
);

both_databases!(
    a_published_calculator_is_answered_the_same_from_memory,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "same@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc(&script(4))).await.status(),
            200
        );
        let read = || async {
            let response = app
                .browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap();
            let content_type = response.headers()["content-type"].clone();
            (
                response.status(),
                content_type,
                response.bytes().await.unwrap(),
            )
        };
        let first = read().await;
        let second = read().await;
        assert_eq!(first.0, 200);
        assert_eq!(first.1, "application/json");
        assert_eq!(first, second);
        let body: Value = serde_json::from_slice(&first.2).unwrap();
        assert_eq!(body["result"]["outputs"]["x"], json!(4));
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_instance_shows_a_change_within_the_cache_time() {
    let Some(first) = spawn_app(Db::Postgres).await else {
        return;
    };
    let second = start(first.config.clone()).await;
    let author = first.browser();
    sign_up(&first, &author, "two@example.com").await;
    let id = new_id();
    assert_eq!(
        save(&first, &author, &id, &doc(&script(1))).await.status(),
        200
    );
    assert_eq!(visitor_reads(&second, &id).await, (200, Some(script(1))));
    let saved = std::time::Instant::now();
    assert_eq!(
        save(&first, &author, &id, &doc(&script(2))).await.status(),
        200
    );
    assert_eq!(visitor_reads(&first, &id).await, (200, Some(script(2))));
    // The second instance kept its answer for at most the cache time (1 s in tests): a
    // read begun later than that after the save shows the new version.
    loop {
        let began = saved.elapsed();
        let (status, shown) = visitor_reads(&second, &id).await;
        assert_eq!(status, 200);
        if shown == Some(script(2)) {
            break;
        }
        assert_eq!(shown, Some(script(1)));
        assert!(
            began < first.config.published_cache * 2,
            "the second instance still showed the old version {began:?} after the save"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
