//! A doc's `embedDomains`, the sites allowed to embed a calculator: saves refuse a list
//! with an entry that is not a site, naming it; `/embed/{id}` carries the list as its CSP's
//! `frame-ancestors` (none without a list, as before); other pages are never framed; the
//! published doc and the account's export keep the list.

use reqwest::Client;
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;

/// The text that follows "The calculator is not valid: " for a refused entry.
fn not_a_site(entry: &str) -> String {
    format!(
        "The calculator is not valid: embedDomains: \"{entry}\" is not a site (write \
         example.com, *.example.com or http://127.0.0.1:5174)"
    )
}

/// A list of `count` sites, `s0.example.com`, `s1.example.com`, …
fn sites(count: usize) -> Value {
    json!(
        (0..count)
            .map(|n| format!("s{n}.example.com"))
            .collect::<Vec<_>>()
    )
}

/// A signed-in author's client with a calculator whose doc lists `domains` (none when
/// `None`); returns the client and the calculator's id.
async fn author_with_domains(app: &TestApp, domains: Option<Value>) -> (Client, String) {
    let author = app.browser();
    sign_up(app, &author, "author@example.com").await;
    let id = new_id();
    let mut listed = doc("return {x: inputs.a * 2};");
    if let Some(domains) = domains {
        listed["embedDomains"] = domains;
    }
    let response = save(app, &author, &id, &listed).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    (author, id)
}

/// The `content-security-policy` of `path` as a visitor gets it.
async fn csp_of(app: &TestApp, path: &str) -> String {
    let page = app.browser().get(app.url(path)).send().await.expect("page");
    assert_eq!(page.status(), 200, "{path}");
    page.headers()["content-security-policy"]
        .to_str()
        .expect("csp text")
        .to_owned()
}

/// The `frame-ancestors` directive of a CSP, if it has one.
fn frame_ancestors(csp: &str) -> Option<&str> {
    csp.split(';')
        .map(str::trim)
        .find_map(|directive| directive.strip_prefix("frame-ancestors "))
}

both_databases!(
    a_save_with_an_entry_that_is_not_a_site_is_refused_naming_it,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "author@example.com").await;
        let id = new_id();
        let mut listed = doc("return {x: 1};");
        for (list, message) in [
            (
                json!(["example.com", " exa mple.com "]),
                not_a_site("exa mple.com"),
            ),
            (
                json!(["example.com'; script-src *"]),
                not_a_site("example.com'; script-src *"),
            ),
            (
                json!(["https://example.com/path"]),
                not_a_site("https://example.com/path"),
            ),
            (json!([42]), not_a_site("42")),
            (
                json!("example.com"),
                "The calculator is not valid: embedDomains must be a list of sites".to_owned(),
            ),
            (
                sites(21),
                "The calculator is not valid: embedDomains has 21 sites: at most 20 may embed \
                 a calculator"
                    .to_owned(),
            ),
        ] {
            listed["embedDomains"] = list.clone();
            let (status, body) = json_answer(save(&app, &author, &id, &listed).await).await;
            assert_eq!(
                (status, body["message"].as_str()),
                (400, Some(message.as_str())),
                "{list}"
            );
            // Not the plan's refusal: the editor shows the message, not "Upgrade".
            assert_eq!(body.get("refusedBy"), None, "{list}");
        }
        // Nothing was stored by the refused saves.
        let (status, _) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 404);
        listed["embedDomains"] = sites(20);
        assert_eq!(save(&app, &author, &id, &listed).await.status(), 200);
    }
);

both_databases!(
    the_embed_may_be_framed_only_by_the_listed_sites,
    |app: TestApp| async move {
        let list = json!(["Shop.Example.com", "*.example.org", "http://127.0.0.1:5174"]);
        let (_, id) = author_with_domains(&app, Some(list.clone())).await;
        let csp = csp_of(&app, &format!("/embed/{id}")).await;
        assert_eq!(
            frame_ancestors(&csp),
            Some("https://shop.example.com https://*.example.org http://127.0.0.1:5174"),
            "{csp}"
        );
        // The rest of the policy is the one every page has.
        assert!(csp.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"));
        // The calculator's own page is still never framed.
        let csp = csp_of(&app, &format!("/calc/{id}")).await;
        assert_eq!(frame_ancestors(&csp), Some("'none'"), "{csp}");
        // The published doc keeps the list as written, for the frame's origin checks.
        let (status, published) = get_json(&app, &app.browser(), &format!("/api/calc/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(published["doc"]["embedDomains"], list);
    }
);

both_databases!(
    without_a_list_the_embed_has_no_frame_ancestors,
    |app: TestApp| async move {
        let (author, id) = author_with_domains(&app, None).await;
        let csp = csp_of(&app, &format!("/embed/{id}")).await;
        assert_eq!(frame_ancestors(&csp), None, "{csp}");
        // An empty list is no list; the list can be emptied again after naming sites.
        let mut listed = doc("return {x: inputs.a * 2};");
        listed["embedDomains"] = json!(["example.com"]);
        assert_eq!(save(&app, &author, &id, &listed).await.status(), 200);
        let csp = csp_of(&app, &format!("/embed/{id}")).await;
        assert_eq!(frame_ancestors(&csp), Some("https://example.com"), "{csp}");
        listed["embedDomains"] = json!([]);
        assert_eq!(save(&app, &author, &id, &listed).await.status(), 200);
        let csp = csp_of(&app, &format!("/embed/{id}")).await;
        assert_eq!(frame_ancestors(&csp), None, "{csp}");
        // An unknown id keeps the embed's answer as before.
        let csp = csp_of(&app, &format!("/embed/{}", new_id())).await;
        assert_eq!(frame_ancestors(&csp), None, "{csp}");
    }
);

both_databases!(
    pages_other_than_the_embed_are_never_framed,
    |app: TestApp| async move {
        let (_, id) = author_with_domains(&app, Some(json!(["example.com"]))).await;
        for path in [
            "/".to_owned(),
            format!("/calc/{id}"),
            format!("/source/{id}"),
            "/account".to_owned(),
            "/pricing".to_owned(),
        ] {
            let csp = csp_of(&app, &path).await;
            assert_eq!(frame_ancestors(&csp), Some("'none'"), "{path}: {csp}");
        }
    }
);

both_databases!(
    the_account_export_keeps_the_list,
    |app: TestApp| async move {
        let list = json!(["example.com", "http://127.0.0.1:5174"]);
        let (author, id) = author_with_domains(&app, Some(list.clone())).await;
        let (status, file) = get_json(&app, &author, "/api/account/export").await;
        assert_eq!(status, 200);
        let calc = &file["calculators"][0];
        assert_eq!(calc["id"], id.as_str());
        assert_eq!(calc["doc"]["embedDomains"], list);
        let (_, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(source["doc"]["embedDomains"], list);
    }
);
