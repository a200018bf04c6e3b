//! Two server instances on one PostgreSQL database behave as one: sessions, captcha
//! replay protection and rate limits live in the database.

use crate::helpers::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_postgres_database_share_everything() {
    let Some(first) = spawn_app(Db::Postgres).await else {
        return;
    };
    let second = start(first.config.clone()).await;
    // Signed up through the first, signed in on the second.
    let browser = first.browser();
    sign_up(&first, &browser, "both@example.com").await;
    let id = new_id();
    assert_eq!(
        save(&first, &browser, &id, &doc("return { x: 3 };"))
            .await
            .status(),
        200
    );
    let on_second = browser
        .get(second.url(&format!("/api/source/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(
        on_second.status(),
        200,
        "the session is valid on the other instance"
    );
    // A captcha solved for the first is refused by the second once used.
    let captcha = solve_captcha(&first, &browser).await;
    let form = |email: &str| json!({"email": email, "password": "correct horse", "captchaResponse": captcha});
    let response = first
        .browser()
        .post(first.url("/api/signup"))
        .json(&form("a@example.com"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let response = second
        .browser()
        .post(second.url("/api/signup"))
        .json(&form("b@example.com"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    // Rate limits count across both.
    let mut statuses = Vec::new();
    for attempt in 0..12 {
        let app = if attempt % 2 == 0 { &first } else { &second };
        let response = app
            .browser()
            .post(app.url("/api/login"))
            .json(&json!({"email": "x@example.com", "password": "nope"}))
            .send()
            .await
            .unwrap();
        statuses.push(response.status().as_u16());
    }
    assert_eq!(&statuses[10..], &[429, 429]);
    second.stop().await;
    first.stop().await;
}
