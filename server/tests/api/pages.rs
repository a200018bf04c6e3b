//! Pages, assets, fallbacks, headers and health.

use crate::both_databases;
use crate::helpers::*;
use serde_json::{Value, json};

const PAGES: &[&str] = &[
    "/",
    "/source/abcdefghijklmnop",
    "/calc/abcdefghijklmnop",
    "/embed/abcdefghijklmnop",
    "/account",
    "/account/sub",
    "/account/card",
    "/account/invoice",
    "/terms",
    "/privacy",
    "/pricing",
    "/pricing_fail",
    "/pricing_pass",
    "/user/calculators",
    "/analytics/abcdefghijklmnop",
    "/submissions/abcdefghijklmnop",
    "/forgot",
];

both_databases!(
    every_page_is_the_app_with_preloaded_sign_in_state,
    |app: TestApp| async move {
        let visitor = app.browser();
        for page in PAGES {
            let response = visitor.get(app.url(page)).send().await.unwrap();
            assert_eq!(response.status(), 200, "{page}");
            let html = response.text().await.unwrap();
            assert!(
                html.contains(r#"{"authenticated":false,"user":null}"#),
                "{page}: {html}"
            );
        }
        let author = app.browser();
        sign_up(&app, &author, "pages@example.com").await;
        let html = author
            .get(app.url("/account"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(html.contains(r#""authenticated":true"#));
    }
);

both_databases!(
    unknown_paths_redirect_home_and_unknown_api_paths_are_json_404,
    |app: TestApp| async move {
        let client = app.browser();
        let response = client.get(app.url("/no/such/page")).send().await.unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(response.headers()["location"], "/");
        let response = client.get(app.url("/api/no/such")).send().await.unwrap();
        assert_eq!(response.status(), 404);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "No such API route: GET /api/no/such");
    }
);

both_databases!(
    static_assets_are_served_with_the_right_types,
    |app: TestApp| async move {
        let client = app.browser();
        let countries = client
            .get(app.url("/txt/countries.txt"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(countries.lines().count() >= 240);
        assert!(countries.lines().any(|l| l == "FR:France"));
        assert!(
            countries
                .lines()
                .all(|l| l.len() > 3 && l.as_bytes()[2] == b':')
        );
        let icon = client
            .get(app.url("/img/icons/logo.svg"))
            .send()
            .await
            .unwrap();
        assert_eq!(icon.status(), 200);
        assert_eq!(icon.headers()["content-type"], "image/svg+xml");
        let lodash = client
            .get(app.url("/js/lib/lodash.js"))
            .send()
            .await
            .unwrap();
        assert_eq!(lodash.status(), 200);
        assert!(lodash.text().await.unwrap().contains("lodash"));
        let wasm = client
            .get(app.url("/pkg/calcsmith_engine_bg.wasm"))
            .send()
            .await
            .unwrap();
        assert_eq!(wasm.status(), 200);
        assert_eq!(wasm.headers()["content-type"], "application/wasm");
        let missing = client
            .get(app.url("/partials/nothing-here"))
            .send()
            .await
            .unwrap();
        assert_eq!(missing.status(), 404);
        let escape = client
            .get(app.url("/js/lib/..%2F..%2FCargo.toml"))
            .send()
            .await
            .unwrap();
        assert_eq!(escape.status(), 404);
    }
);

both_databases!(
    security_headers_allow_framing_only_the_embed_view,
    |app: TestApp| async move {
        let client = app.browser();
        let page = client
            .get(app.url("/calc/abcdefghijklmnop"))
            .send()
            .await
            .unwrap();
        let csp = page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(csp.contains("'wasm-unsafe-eval'") && csp.contains("frame-ancestors 'none'"));
        // Live-mode card entry: Stripe.js, its frames and its API.
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com"));
        assert!(csp.contains("frame-src https://js.stripe.com"), "{csp}");
        assert!(
            csp.contains("connect-src 'self' https://api.stripe.com"),
            "{csp}"
        );
        assert_eq!(page.headers()["x-content-type-options"], "nosniff");
        assert!(page.headers().contains_key("referrer-policy"));
        assert!(page.headers().contains_key("x-request-id"));
        let embed = client
            .get(app.url("/embed/abcdefghijklmnop"))
            .send()
            .await
            .unwrap();
        let csp = embed.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        // No frame-ancestors at all: `*` does not match `file:` or `data:` pages, where
        // people first paste an embed snippet to try it.
        assert!(!csp.contains("frame-ancestors"), "{csp}");
        assert!(!embed.headers().contains_key("x-frame-options"));
    }
);

both_databases!(health_checks_answer, |app: TestApp| async move {
    let client = app.browser();
    assert_eq!(
        client.get(app.url("/livez")).send().await.unwrap().status(),
        200
    );
    let ready: Value = client
        .get(app.url("/readyz"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(ready["status"], "ok");
});

both_databases!(
    metrics_count_requests_for_prometheus,
    |app: TestApp| async move {
        let client = app.browser();
        client.get(app.url("/livez")).send().await.unwrap();
        let text = client
            .get(app.url("/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(text.contains("http_requests_total"), "{text}");
        assert!(text.contains("route=\"/livez\""), "{text}");
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browsers_get_the_compressed_copies_the_build_made() {
    // A stand-in build: a module with its brotli and gzip copies, a script with only a
    // gzip copy, and a library with none.
    let root = std::env::temp_dir().join(format!("calcsmith-packed-{}", std::process::id()));
    let web = root.join("web");
    let pkg = root.join("pkg");
    let files: [(&str, &[u8]); 6] = [
        ("web/index.html", b"<html><head></head><body></body></html>"),
        ("web/assets/engine-1a2b.wasm", b"\0asm raw module"),
        ("web/assets/engine-1a2b.wasm.br", b"brotli bytes"),
        ("web/assets/engine-1a2b.wasm.gz", b"gzip bytes"),
        ("web/js/worker.js", b"self.onmessage = () => {};"),
        ("web/js/worker.js.gz", b"gzipped worker"),
    ];
    for (path, bytes) in files {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, bytes).unwrap();
    }
    std::fs::create_dir_all(pkg.join("lib")).unwrap();
    std::fs::write(pkg.join("lib/lodash.js"), "var lodash;").unwrap();
    let data = root.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let url = fresh_database(Db::Sqlite, &data).await.unwrap();
    let mut config = test_config(url, data);
    config.web_dir = web;
    config.pkg_dir = pkg;
    let app = start(config).await;
    let client = app.browser();
    let get = |path: &'static str, accept: &'static str| {
        let request = client.get(app.url(path));
        let request = if accept.is_empty() {
            request
        } else {
            request.header("accept-encoding", accept)
        };
        async move { request.send().await.unwrap() }
    };

    let chromium = get("/assets/engine-1a2b.wasm", "gzip, deflate, br, zstd").await;
    assert_eq!(chromium.status(), 200);
    assert_eq!(chromium.headers()["content-encoding"], "br");
    assert_eq!(chromium.headers()["content-type"], "application/wasm");
    assert_eq!(chromium.headers()["vary"], "accept-encoding");
    assert!(
        chromium.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    assert_eq!(&chromium.bytes().await.unwrap()[..], b"brotli bytes");

    let gzip_only = get("/assets/engine-1a2b.wasm", "gzip").await;
    assert_eq!(gzip_only.headers()["content-encoding"], "gzip");
    assert_eq!(gzip_only.headers()["content-type"], "application/wasm");
    assert_eq!(&gzip_only.bytes().await.unwrap()[..], b"gzip bytes");

    let plain = get("/assets/engine-1a2b.wasm", "").await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(&plain.bytes().await.unwrap()[..], b"\0asm raw module");

    // Only a gzip copy: a brotli browser gets it; a file without copies is sent as it is.
    let worker = get("/js/worker.js", "br, gzip").await;
    assert_eq!(worker.headers()["content-encoding"], "gzip");
    assert_eq!(worker.headers()["cache-control"], "no-cache");
    let library = get("/js/lib/lodash.js", "br, gzip").await;
    assert_eq!(library.status(), 200);
    assert!(library.headers().get("content-encoding").is_none());
    assert_eq!(library.text().await.unwrap(), "var lodash;");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_intl_modules_locale_data_is_served_compressed_and_waits_while_it_is_built() {
    // A stand-in pkg/: the core of the locale data with its brotli copy, built; then
    // scripts/run building the Intl module (pkg/.intl-building) before en's part is there.
    let root = std::env::temp_dir().join(format!("calcsmith-intl-data-{}", std::process::id()));
    // Anew: a directory of an earlier run whose process had the same id would still hold
    // its `.intl-building`.
    let _ = std::fs::remove_dir_all(&root);
    let pkg = root.join("pkg");
    std::fs::create_dir_all(pkg.join("intl")).unwrap();
    std::fs::write(pkg.join("intl/core.postcard"), b"core blob").unwrap();
    std::fs::write(pkg.join("intl/core.postcard.br"), b"brotli core").unwrap();
    let data = root.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let url = fresh_database(Db::Sqlite, &data).await.unwrap();
    let mut config = test_config(url, data);
    config.pkg_dir = pkg.clone();
    let app = start(config).await;
    let client = app.browser();
    let get = |path: &'static str| {
        let request = client
            .get(app.url(path))
            .header("accept-encoding", "gzip, br");
        async move { request.send().await.unwrap() }
    };

    let core = get("/pkg/intl/core.postcard").await;
    assert_eq!(core.status(), 200);
    assert_eq!(core.headers()["content-encoding"], "br");
    assert_eq!(core.headers()["cache-control"], "no-cache");
    assert_eq!(&core.bytes().await.unwrap()[..], b"brotli core");
    assert_eq!(get("/pkg/intl/en.postcard").await.status(), 404);

    std::fs::write(pkg.join(".intl-building"), b"").unwrap();
    let waiting = get("/pkg/intl/en.postcard").await;
    assert_eq!(waiting.status(), 503);
    assert_eq!(waiting.headers()["retry-after"], "5");
    let body: Value = waiting.json().await.unwrap();
    assert_eq!(body["message"], "The Intl module is still being built.");
    // Only the Intl module's files wait: anything else missing is missing.
    assert_eq!(get("/pkg/other.js").await.status(), 404);
    app.stop().await;
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_build_is_served_screens_as_partials_and_the_worker_uncached() {
    // A stand-in web build: what `web/` will produce (index.html, js/worker.js, a
    // hashed asset and one module per screen under partials/).
    let app = app_on_web_build(
        "web",
        &[
            (
                "index.html",
                "<html><head><title>Built</title></head><body></body></html>",
            ),
            ("js/worker.js", "self.onmessage = () => {};"),
            ("assets/app-1a2b3c.js", "export {};"),
            (
                "partials/welcome.js",
                "export default function Welcome() {}",
            ),
        ],
    )
    .await;
    let client = app.browser();
    let html = client
        .get(app.url("/pricing"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("<title>Built</title>"));
    assert!(html.find("calcsmith-preload").unwrap() < html.find("</head>").unwrap());
    let partial = client
        .get(app.url("/partials/welcome"))
        .send()
        .await
        .unwrap();
    assert_eq!(partial.status(), 200);
    assert!(
        partial.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    assert!(partial.text().await.unwrap().contains("Welcome"));
    let worker = client.get(app.url("/js/worker.js")).send().await.unwrap();
    assert_eq!(worker.headers()["cache-control"], "no-cache");
    let asset = client
        .get(app.url("/assets/app-1a2b3c.js"))
        .send()
        .await
        .unwrap();
    assert!(
        asset.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    app.stop().await;
}

both_databases!(
    published_pages_carry_their_calculator_in_the_preloaded_data,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "preload@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &author, &id, &doc("return {x: inputs.a * 2};"))
                .await
                .status(),
            200
        );

        let visitor = app.browser();
        for page in [format!("/calc/{id}"), format!("/embed/{id}")] {
            let html = visitor
                .get(app.url(&page))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            let calc = preloaded_calc(&html).unwrap_or_else(|| panic!("{page}: no calc"));
            assert_eq!(calc["_id"], id.as_str());
            assert_eq!(calc["doc"]["name"], "Test");
            assert_eq!(calc["result"]["display"]["x"], "42.00");
            assert_eq!(calc["error"], Value::Null);
        }
        for page in [
            "/calc/abcdefghijklmnop",
            "/calc/not-an-id",
            "/source/abcdefghijklmnop",
        ] {
            let html = visitor
                .get(app.url(page))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert_eq!(preloaded_calc(&html), None, "{page}");
        }
        let source = format!("/source/{id}");
        let html = author
            .get(app.url(&source))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(preloaded_calc(&html), None, "only published pages carry it");
    }
);

/// The value of `<meta {key}="{name}" content="...">` (attributes in that order).
fn meta(html: &str, key: &str, name: &str) -> Option<String> {
    let marker = format!(r#"<meta {key}="{name}" content=""#);
    let start = html.find(&marker)? + marker.len();
    let end = start + html[start..].find('"')?;
    Some(html[start..end].to_owned())
}

both_databases!(
    published_pages_preview_as_their_calculator_when_shared,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "preview@example.com").await;
        let id = new_id();
        let mut calc = doc("return {x: inputs.a};");
        calc["name"] = json!("Loan <payments> & \"fees\"");
        calc["description"] = json!("Monthly payment of a loan. <script>alert(1)</script>");
        assert_eq!(save(&app, &author, &id, &calc).await.status(), 200);

        let visitor = app.browser();
        for page in [format!("/calc/{id}"), format!("/embed/{id}")] {
            let html = visitor
                .get(app.url(&page))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            let name = "Loan &lt;payments&gt; &amp; &quot;fees&quot;";
            assert!(
                html.contains(&format!("<title>{name} · Calcsmith</title>")),
                "{page}: {html}"
            );
            assert_eq!(html.matches("<title>").count(), 1, "{page}: one title");
            let description = "Monthly payment of a loan. &lt;script&gt;alert(1)&lt;/script&gt;";
            assert_eq!(
                meta(&html, "name", "description").as_deref(),
                Some(description)
            );
            assert_eq!(meta(&html, "property", "og:title").as_deref(), Some(name));
            assert_eq!(
                meta(&html, "property", "og:description").as_deref(),
                Some(description)
            );
            // The canonical address is on PUBLIC_URL (the test app's own address), and an
            // embed's is its published page.
            let canonical = format!("{}/calc/{id}", app.config.public_url);
            assert_eq!(
                meta(&html, "property", "og:url").as_deref(),
                Some(canonical.as_str())
            );
            assert!(html.contains(&format!(r#"<link rel="canonical" href="{canonical}">"#)));
            assert_eq!(
                meta(&html, "property", "og:type").as_deref(),
                Some("website")
            );
            assert_eq!(
                meta(&html, "property", "og:site_name").as_deref(),
                Some("Calcsmith")
            );
            assert_eq!(
                meta(&html, "name", "twitter:card").as_deref(),
                Some("summary")
            );
            assert_eq!(meta(&html, "name", "twitter:title").as_deref(), Some(name));
            assert!(!html.contains("<script>alert(1)"), "{page}: escaped");
        }

        // Without a description, a sentence of our own; an unnamed one is "Calculator".
        let other = new_id();
        let mut bare = doc("return {x: 1};");
        bare["name"] = json!("");
        assert_eq!(save(&app, &author, &other, &bare).await.status(), 200);
        let html = visitor
            .get(app.url(&format!("/calc/{other}")))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            html.contains("<title>Calculator · Calcsmith</title>"),
            "{html}"
        );
        assert_eq!(
            meta(&html, "name", "description").as_deref(),
            Some("A calculator made with Calcsmith.")
        );

        // Other pages and invisible calculators keep the app's own title and no previews.
        for page in ["/".to_owned(), "/calc/abcdefghijklmnop".to_owned()] {
            let html = visitor
                .get(app.url(&page))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert!(html.contains("<title>Calcsmith</title>"), "{page}");
            assert_eq!(meta(&html, "property", "og:title"), None, "{page}");
        }
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_names_its_screens_modules_for_the_browser_to_preload() {
    // A stand-in web build whose preload list names modules for three screens, one of
    // them with a name that would break out of the attribute, and one file the build
    // never wrote (a chunk that held only CSS once was).
    let list = serde_json::json!({
        "calc": ["/partials/calc.js", "/assets/format-1a2b.js"],
        "account_sub": ["/partials/account_sub.js", "/assets/account-never-written.js"],
        "welcome": ["/partials/welcome.js"],
        "source": ["/partials/source.js\"><script>alert(1)</script>"],
    });
    let app = app_on_web_build(
        "preloads",
        &[
            (
                "index.html",
                "<html><head><title>Built</title></head><body></body></html>",
            ),
            ("partials/preload.json", &list.to_string()),
            ("partials/calc.js", "export {};"),
            ("assets/format-1a2b.js", "export {};"),
            ("partials/account_sub.js", "export {};"),
            ("partials/welcome.js", "export {};"),
        ],
    )
    .await;
    let client = app.browser();
    let head = |path: &'static str| {
        let request = client.get(app.url(path));
        async move {
            let html = request.send().await.unwrap().text().await.unwrap();
            html[..html.find("</head>").expect("a head")].to_owned()
        }
    };
    let link = |file: &str| format!(r#"<link rel="modulepreload" crossorigin href="{file}">"#);

    let calc = head("/calc/AnyCalculatorId1").await;
    assert!(calc.contains(&link("/partials/calc.js")), "{calc}");
    assert!(calc.contains(&link("/assets/format-1a2b.js")), "{calc}");
    assert!(!calc.contains("account_sub"), "{calc}");
    let account = head("/account/sub").await;
    assert!(
        account.contains(&link("/partials/account_sub.js")),
        "{account}"
    );
    assert!(!account.contains("/partials/calc.js"), "{account}");
    assert!(!account.contains("never-written"), "{account}");
    assert!(head("/").await.contains(&link("/partials/welcome.js")));
    let source = head("/source/AnyCalculatorId1").await;
    assert!(!source.contains("modulepreload"), "{source}");
    assert!(!source.contains("alert"), "{source}");
    assert!(!head("/pricing").await.contains("modulepreload"));
    app.stop().await;
}
