//! `/api/openapi.json` describes the API that is really there.

use serde_json::Value;

use crate::helpers::{Db, spawn_app};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_documented_operation_is_routed() {
    let Some(app) = spawn_app(Db::Sqlite).await else {
        return;
    };
    let client = app.browser();
    let answer = client
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .expect("document");
    assert_eq!(answer.status(), 200);
    let document: Value = answer.json().await.expect("JSON");
    assert_eq!(document["openapi"], "3.1.0");
    let paths = document["paths"].as_object().expect("paths");
    let mut operations = 0;
    for (path, methods) in paths {
        let concrete = path
            .replace("{id}", "0123456789abcdef")
            .replace("{number}", "1");
        for method in methods.as_object().expect("methods").keys() {
            let method =
                reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
            let answer = client
                .request(method.clone(), app.url(&concrete))
                .header("content-type", "application/json")
                .body("{}")
                .send()
                .await
                .expect("request");
            let status = answer.status();
            let body = answer.text().await.unwrap_or_default();
            assert_ne!(status, 405, "{method} {path} is not routed");
            assert!(
                !body.contains("No such API route"),
                "{method} {path} is documented but not routed"
            );
            operations += 1;
        }
    }
    assert_eq!(operations, 52);
}
