//! A published calculator's page starts the engine early (issue 34, part 5): the early
//! script with the calculator's libraries, and preloads of the engine's wasm module and
//! of those libraries, named from the web build's `engine.json`.

use crate::helpers::*;
use serde_json::json;

/// The part of `html` before `</head>`.
fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("a head")]
}

const START: &str = r#"<script type="module" async fetchpriority="high" src="/js/engine-start.js" data-engine-start data-libraries="#;
const WASM: &str =
    r#"<link rel="preload" as="fetch" crossorigin href="/assets/calcsmith_engine_bg-1a2b.wasm">"#;
const MATHJS: &str = r#"<link rel="preload" as="fetch" crossorigin href="/js/lib/mathjs.js">"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_published_page_starts_the_engine_and_its_libraries_at_once() {
    let files = json!({
        "start": "/js/engine-start.js",
        "wasm": "/assets/calcsmith_engine_bg-1a2b.wasm",
    });
    let app = app_on_web_build(
        "engine-start",
        &[
            (
                "index.html",
                "<html><head><title>Built</title></head><body></body></html>",
            ),
            ("engine.json", &files.to_string()),
            ("js/engine-start.js", "export {};"),
            ("assets/calcsmith_engine_bg-1a2b.wasm", "\0asm"),
        ],
    )
    .await;
    let author = app.browser();
    sign_up(&app, &author, "engine-start@example.com").await;
    let mut with_mathjs = doc("return { x: math.sqrt(inputs.a) };");
    with_mathjs["libraries"] = json!({ "mathjs": true, "lodash": false });
    let mathjs = new_id();
    assert_eq!(
        save(&app, &author, &mathjs, &with_mathjs).await.status(),
        200
    );
    let plain = new_id();
    let plain_doc = doc("return { x: inputs.a * 2 };");
    assert_eq!(save(&app, &author, &plain, &plain_doc).await.status(), 200);
    let mut with_both = doc("return { x: new Decimal(formulajs.SUM(inputs.a, 1)) };");
    with_both["libraries"] = json!({ "formulajs": true, "decimal": true });
    let both = new_id();
    assert_eq!(save(&app, &author, &both, &with_both).await.status(), 200);

    let visitor = app.browser();
    let page = |path: String| {
        let request = visitor.get(app.url(&path));
        async move { request.send().await.unwrap().text().await.unwrap() }
    };
    for path in [format!("/calc/{mathjs}"), format!("/embed/{mathjs}")] {
        let html = page(path.clone()).await;
        let head = head(&html);
        assert!(
            head.contains(&format!(r#"{START}"mathjs"></script>"#)),
            "{path}: {head}"
        );
        assert!(head.contains(WASM), "{path}: {head}");
        assert!(head.contains(MATHJS), "{path}: {head}");
        assert!(!head.contains("/js/lib/lodash.js"), "{path}: {head}");
    }
    // formula.js and decimal.js are started and preloaded like the others.
    let html = page(format!("/calc/{both}")).await;
    let head_of_both = head(&html);
    assert!(
        head_of_both.contains(&format!(r#"{START}"formulajs decimal"></script>"#)),
        "{head_of_both}"
    );
    for file in ["formulajs", "decimal"] {
        let preload =
            format!(r#"<link rel="preload" as="fetch" crossorigin href="/js/lib/{file}.js">"#);
        assert!(head_of_both.contains(&preload), "{head_of_both}");
    }
    assert!(
        !head_of_both.contains("/js/lib/mathjs.js"),
        "{head_of_both}"
    );
    // Without libraries the engine still starts at once; nothing else is fetched.
    let html = page(format!("/calc/{plain}")).await;
    assert!(
        head(&html).contains(&format!(r#"{START}""></script>"#)),
        "{html}"
    );
    assert!(head(&html).contains(WASM), "{html}");
    assert!(!head(&html).contains("/js/lib/"), "{html}");
    // Other pages, and a calculator that does not exist, start nothing early.
    for path in [
        "/".to_owned(),
        format!("/source/{mathjs}"),
        "/calc/AnyCalculatorId1".to_owned(),
    ] {
        let html = page(path.clone()).await;
        assert!(!html.contains("engine-start"), "{path}: {html}");
        assert!(!html.contains(r#"rel="preload""#), "{path}: {html}");
    }
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_published_page_names_no_engine_file_the_build_did_not_write() {
    // A build that lists files it never wrote, and one name that would leave the attribute.
    let files = json!({
        "start": "/js/engine-start.js\"><script>alert(1)</script>",
        "wasm": "/assets/calcsmith_engine_bg-never-written.wasm",
    });
    let app = app_on_web_build(
        "engine-start-missing",
        &[
            (
                "index.html",
                "<html><head><title>Built</title></head><body></body></html>",
            ),
            ("engine.json", &files.to_string()),
        ],
    )
    .await;
    let author = app.browser();
    sign_up(&app, &author, "engine-missing@example.com").await;
    let id = new_id();
    assert_eq!(
        save(&app, &author, &id, &doc("return { x: 1 };"))
            .await
            .status(),
        200
    );
    let html = app
        .browser()
        .get(app.url(&format!("/calc/{id}")))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!html.contains("engine-start"), "{html}");
    assert!(!html.contains("alert"), "{html}");
    assert!(!html.contains("never-written"), "{html}");
    app.stop().await;
}
