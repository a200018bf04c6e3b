//! Offline published calculators: the service worker, the web app manifest and its icons
//! are served with the headers browsers need, and a published page tells the app whether
//! its calculator may be kept on the device.

use std::path::PathBuf;

use calcsmith_server::config::Config;
use sea_orm::{ConnectionTrait, Database};
use serde_json::Value;

use crate::both_databases;
use crate::helpers::*;

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A stand-in web build with what `web/` produces for offline use.
fn stand_in_web_build(label: &str) -> PathBuf {
    let web =
        std::env::temp_dir().join(format!("calcsmith-offline-{}-{label}", std::process::id()));
    let icon = [PNG_SIGNATURE, b"stand-in"].concat();
    for (path, bytes) in [
        (
            "index.html",
            &br#"<html><head><link rel="manifest" href="/manifest.webmanifest"></head></html>"#[..],
        ),
        ("sw.js", b"self.addEventListener('fetch', () => {});"),
        (
            "manifest.webmanifest",
            br#"{"name":"Calcsmith","start_url":"/","display":"standalone"}"#,
        ),
        ("icons/icon-192.png", &icon),
    ] {
        let file = web.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, bytes).unwrap();
    }
    web
}

both_databases!(
    the_service_worker_manifest_and_icons_are_served_with_their_headers,
    configure = |config: &mut Config| config.web_dir = stand_in_web_build("served"),
    |app: TestApp| async move {
        let client = app.browser();

        let worker = client.get(app.url("/sw.js")).send().await.unwrap();
        assert_eq!(worker.status(), 200);
        assert_eq!(
            header(&worker, "content-type"),
            "text/javascript; charset=utf-8"
        );
        // A new deployment's worker must be seen at the next visit, never a cached one.
        assert_eq!(header(&worker, "cache-control"), "no-cache");
        assert!(
            worker
                .text()
                .await
                .unwrap()
                .contains("addEventListener('fetch'")
        );

        let manifest = client
            .get(app.url("/manifest.webmanifest"))
            .send()
            .await
            .unwrap();
        assert_eq!(manifest.status(), 200);
        assert_eq!(
            header(&manifest, "content-type"),
            "application/manifest+json"
        );
        assert_eq!(header(&manifest, "cache-control"), "no-cache");
        let manifest: Value = manifest.json().await.unwrap();
        assert_eq!(manifest["display"], "standalone");
        assert_eq!(manifest["start_url"], "/");

        // A published page links a manifest that installs that calculator.
        let author = app.browser();
        sign_up(&app, &author, "offline-manifest@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc("return {x: 1};"))
                .await
                .status(),
            200
        );
        let html = page(&client, app.url(&format!("/calc/{id}"))).await;
        let link = format!(r#"<link rel="manifest" href="/manifest.webmanifest?calc={id}">"#);
        assert!(html.contains(&link), "{html}");
        let html = page(&client, app.url("/pricing")).await;
        assert!(html.contains(r#"href="/manifest.webmanifest""#), "{html}");

        // The app shell the service worker saves names nobody, even fetched signed in.
        let shell = author.get(app.url("/index.html")).send().await.unwrap();
        assert_eq!(shell.status(), 200);
        assert_eq!(header(&shell, "cache-control"), "no-cache");
        assert!(header(&shell, "content-type").starts_with("text/html"));
        let shell = shell.text().await.unwrap();
        assert!(shell.contains(r#"<link rel="manifest""#), "{shell}");
        assert!(!shell.contains("calcsmith-preload"), "{shell}");
        assert!(!shell.contains("offline-manifest@example.com"), "{shell}");
        let linked = client
            .get(app.url(&format!("/manifest.webmanifest?calc={id}")))
            .send()
            .await
            .unwrap();
        assert_eq!(linked.status(), 200);
        assert_eq!(header(&linked, "content-type"), "application/manifest+json");
        assert_eq!(header(&linked, "cache-control"), "no-cache");
        let linked: Value = linked.json().await.unwrap();
        assert_eq!(linked["start_url"], format!("/calc/{id}"));
        assert_eq!(linked["id"], format!("/calc/{id}"));
        assert_eq!(linked["name"], "Calcsmith");
        let bad: Value = client
            .get(app.url("/manifest.webmanifest?calc=../../etc"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(bad["start_url"], "/", "a bad id is the plain manifest");

        let icon = client
            .get(app.url("/icons/icon-192.png"))
            .send()
            .await
            .unwrap();
        assert_eq!(icon.status(), 200);
        assert_eq!(header(&icon, "content-type"), "image/png");
        assert!(header(&icon, "cache-control").contains("max-age"));
        assert!(icon.bytes().await.unwrap().starts_with(PNG_SIGNATURE));
    }
);

both_databases!(
    unknown_offline_files_are_missing_and_other_paths_behave_as_before,
    configure = |config: &mut Config| config.web_dir = stand_in_web_build("unknown"),
    |app: TestApp| async move {
        let client = app.browser();
        for path in ["/icons/icon-1024.png", "/icons/..%2Fsw.js"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.status(), 404, "{path}");
        }
        for path in ["/sw2.js", "/manifest.json", "/icons", "/sw.js/more"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.status(), 303, "{path}");
            assert_eq!(header(&response, "location"), "/", "{path}");
        }
        let response = client.get(app.url("/api/sw.js")).send().await.unwrap();
        assert_eq!(response.status(), 404);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "No such API route: GET /api/sw.js");
    }
);

both_databases!(
    a_deployment_without_a_service_worker_answers_404_not_the_app,
    configure =
        |config: &mut Config| config.web_dir = std::env::temp_dir().join("calcsmith-no-web-build"),
    |app: TestApp| async move {
        let client = app.browser();
        for path in ["/sw.js", "/manifest.webmanifest", "/icons/icon-192.png"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.status(), 404, "{path}");
        }
    }
);

async fn page(client: &reqwest::Client, url: String) -> String {
    client.get(url).send().await.unwrap().text().await.unwrap()
}

both_databases!(
    a_published_page_says_whether_its_calculator_is_private,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "offline-private@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc("return {x: inputs.a * 2};"))
                .await
                .status(),
            200
        );
        let visitor = app.browser();
        let path = format!("/calc/{id}");
        let calc = preloaded_calc(&page(&visitor, app.url(&path)).await).expect("public calc");
        assert_eq!(calc["private"], false);

        let db = Database::connect(&app.config.database_url).await.unwrap();
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .unwrap();
        let toggle = author
            .post(app.url("/api/calc/edit/"))
            .json(&serde_json::json!({"calcId": id}))
            .send()
            .await
            .unwrap();
        assert_eq!(toggle.status(), 200);

        let calc = preloaded_calc(&page(&author, app.url(&path)).await).expect("owner sees it");
        assert_eq!(
            calc["private"], true,
            "the owner's page must not be kept offline"
        );
        assert_eq!(preloaded_calc(&page(&visitor, app.url(&path)).await), None);
    }
);
