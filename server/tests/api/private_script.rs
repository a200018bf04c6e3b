//! A doc's `privateScript: true` (Regular and Premium): no route or page a visitor or
//! another user can reach carries the script, its test cases or their expectations, while
//! the server's evaluation, submissions and webhooks still compute with it. The owner's
//! editor keeps everything; the free plan is refused; turning it off publishes the script
//! again.

use std::time::Duration;

use calcsmith_server::config::{Config, EvalLimits};
use reqwest::{Client, Method, StatusCode};
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{collecting_doc, submit};
use crate::webhook_receiver::{Answer, Receiver};
use crate::webhooks::{add_endpoint, fast};

/// The save's answer when the free plan keeps a script private.
const NEEDS_PLAN: &str = "A private script needs the Regular or Premium plan. Upgrade to keep this calculator's script private.";

/// The eval's 429 when the visitor's own calculation is still running.
const OWNER_BUSY: &str =
    "Too many calculations at once. Please wait for the ones running to finish and try again.";

/// Texts only the script, its test cases or their expectations hold: its comment, its
/// formula, the test's name, the output it expects for an input no visitor sends
/// (3045.5 × 3 + 1), and the library it loads (in the doc, and as a page's preload).
const SECRETS: &[&str] = &[
    "zq-secret-pricing-7731",
    "inputs.a * 3 + 1",
    "zq-test-case-4410",
    "9137.5",
    r#""moment":true"#,
    "/js/lib/moment.js",
];

/// A collecting calculator, `x = 3a + 1` (in a script using moment), with one passing test
/// case; its script private or not.
fn secret_doc(private: bool) -> Value {
    let mut doc = collecting_doc();
    doc["script"] = json!(
        "// zq-secret-pricing-7731\nconst started = moment;\nreturn { x: inputs.a * 3 + 1 };"
    );
    doc["libraries"] = json!({"moment": true});
    doc["tests"] = json!([{"name": "zq-test-case-4410", "values": {"1": 3045.5},
                           "expected": {"x": 9137.5}}]);
    doc["privateScript"] = json!(private);
    doc
}

/// Panics naming `what` when `body` holds any of [`SECRETS`].
fn assert_no_secret(what: &str, body: &str) {
    for secret in SECRETS {
        assert!(!body.contains(secret), "{what} holds {secret:?}: {body}");
    }
}

/// Every route of `server/src/routes/**/mod.rs` (and `openapi.rs`) a visitor or another
/// user can call for the calculator `id` (its submission `sid`, webhook `wid`), with a
/// body where it takes one. Pages are [`calcsmith_server::routes::pages::PAGES`].
fn reachable(id: &str, sid: &str, wid: &str) -> Vec<(Method, String, Option<Value>)> {
    let get = |path: String| (Method::GET, path, None);
    let mut routes: Vec<_> = calcsmith_server::routes::pages::PAGES
        .iter()
        .map(|page| get(page.replace("{id}", id)))
        .collect();
    for path in [
        format!("/api/calc/{id}"),
        format!("/api/source/{id}"),
        format!("/api/source/{id}/versions"),
        format!("/api/source/{id}/versions/1"),
        format!("/api/source/{id}/versions/2"),
        format!("/api/calc/{id}/analytics"),
        format!("/api/calc/{id}/submissions"),
        format!("/api/calc/{id}/submissions.csv"),
        format!("/api/calc/{id}/webhooks"),
        format!("/api/calc/{id}/webhooks/{wid}/deliveries"),
        format!("/manifest.webmanifest?calc={id}"),
        format!("/unsubscribe/{id}"),
        "/index.html".to_owned(),
        "/sw.js".to_owned(),
        "/manifest.webmanifest".to_owned(),
        "/api/account/export".to_owned(),
        "/api/billing".to_owned(),
        "/api/openapi.json".to_owned(),
        "/metrics".to_owned(),
        "/readyz".to_owned(),
    ] {
        routes.push(get(path));
    }
    let values = json!({"values": {"1": 5}});
    for (method, path, body) in [
        (Method::PUT, "/api/account".to_owned(), None),
        (Method::PUT, "/api/calc/user/".to_owned(), None),
        (Method::POST, format!("/api/calc/{id}/eval"), Some(values)),
        (
            Method::POST,
            format!("/api/calc/{id}/events"),
            Some(json!({"type": "view"})),
        ),
        (
            Method::POST,
            "/api/calc/edit/".to_owned(),
            Some(json!({"calcId": id})),
        ),
        (
            Method::POST,
            format!("/api/source/{id}"),
            Some(json!({"doc": {}})),
        ),
        (
            Method::POST,
            format!("/api/calc/{id}/webhooks/{wid}/test"),
            None,
        ),
        (
            Method::POST,
            format!("/api/calc/{id}/webhooks/{wid}/secret"),
            None,
        ),
        (
            Method::DELETE,
            format!("/api/calc/{id}/submissions/{sid}"),
            None,
        ),
    ] {
        routes.push((method, path, body));
    }
    routes
}

/// `client`'s answer to `method path` with `body`, as text whatever its status.
async fn answer_text(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (u16, String) {
    let mut request = client.request(method, app.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

/// A signed-up author on `plan` (set in the database, as a subscription would).
async fn author_on(app: &TestApp, email: &str, plan: &str) -> Client {
    let author = app.browser();
    sign_up(app, &author, email).await;
    let db = Database::connect(&app.config.database_url)
        .await
        .expect("db");
    db.execute_unprepared(&format!(
        "UPDATE users SET plan = '{plan}' WHERE email = '{email}'"
    ))
    .await
    .expect("plan");
    author
}

both_databases!(
    no_route_a_visitor_or_another_user_reaches_carries_a_private_script,
    configure = fast,
    |app: TestApp| async move {
        let author = author_on(&app, "private-author@example.com", "regular").await;
        let id = new_id();
        let (status, saved) = json_answer(save(&app, &author, &id, &secret_doc(true)).await).await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(
            saved["tests"]["passed"], 1,
            "the tests ran on the server: {saved}"
        );
        let receiver = Receiver::start(Answer::Ok).await;
        let (status, hook) = add_endpoint(&app, &author, &id, &receiver.url).await;
        assert_eq!(status, 201, "{hook}");
        let wid = hook["id"].as_str().expect("webhook id").to_owned();

        // The server computes with the script it keeps: an evaluation, a submission and
        // the webhook it sends.
        let visitor = app.browser();
        let (status, result) = json_answer(
            visitor
                .post(app.url(&format!("/api/calc/{id}/eval")))
                .json(&json!({"values": {"1": 5}}))
                .send()
                .await
                .expect("eval"),
        )
        .await;
        assert_eq!(
            (status, &result["outputs"]["x"]),
            (200, &json!(16)),
            "{result}"
        );
        assert_eq!(result["display"]["x"], "16.00");
        let contact = json!({"email": "ada@example.com", "name": "Ada", "consent": true});
        let (status, submitted) = submit(&app, &visitor, &id, 2.0, contact).await;
        assert_eq!(status, 201, "{submitted}");
        assert_no_secret("the submission's answer", &submitted.to_string());
        let sid = submitted["id"].as_str().expect("submission id").to_owned();
        let delivered = receiver.wait_for(1).await;
        let payload: Value = serde_json::from_str(&delivered[0].body).expect("payload");
        assert_eq!(payload["submission"]["outputs"], json!({"x": 7}));
        assert_no_secret("the webhook's payload", &delivered[0].body);

        // A visitor, another signed-in user, and the owner outside the editor.
        let stranger = app.browser();
        sign_up(&app, &stranger, "stranger@example.com").await;
        for (who, client) in [("a visitor", &visitor), ("another user", &stranger)] {
            for (method, path, body) in reachable(&id, &sid, &wid) {
                let what = format!("{method} {path} for {who}");
                let (_, text) = answer_text(&app, client, method, &path, body).await;
                assert_no_secret(&what, &text);
            }
        }
        for client in [&visitor, &stranger, &author] {
            let (status, published) = get_json(&app, client, &format!("/api/calc/{id}")).await;
            assert_eq!(status, 200);
            assert_eq!(published["doc"]["privateScript"], true, "{published}");
            assert_eq!(published["doc"]["name"], "Test");
            assert_eq!(
                published["result"]["outputs"]["x"], 64,
                "the defaults' result"
            );
            assert_no_secret("GET /api/calc/{id}", &published.to_string());
            for page in [format!("/calc/{id}"), format!("/embed/{id}")] {
                let (status, html) = answer_text(&app, client, Method::GET, &page, None).await;
                assert_eq!(status, 200);
                let calc = preloaded_calc(&html).expect("the page's calculator");
                assert_eq!(calc["doc"]["privateScript"], true);
                assert_eq!(calc["doc"].get("script"), None);
                assert_no_secret(&page, &html);
            }
        }

        // The owner's editor keeps everything.
        let (status, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        let secret = secret_doc(true);
        for key in ["script", "tests", "privateScript"] {
            assert_eq!(source["doc"][key], secret[key], "{key}");
        }
        assert_eq!(source["doc"]["libraries"]["moment"], true);
        let (_, version) = get_json(&app, &author, &format!("/api/source/{id}/versions/1")).await;
        assert_eq!(version["doc"]["tests"], secret["tests"]);

        // Turned off, the script is public again, on the API and the pages.
        let (status, saved) = json_answer(save(&app, &author, &id, &secret_doc(false)).await).await;
        assert_eq!(status, 200, "{saved}");
        let public = secret_doc(false);
        let (_, published) = get_json(&app, &visitor, &format!("/api/calc/{id}")).await;
        let (_, html) =
            answer_text(&app, &visitor, Method::GET, &format!("/calc/{id}"), None).await;
        let preloaded = preloaded_calc(&html).expect("calc");
        for doc in [&published["doc"], &preloaded["doc"]] {
            for key in ["script", "tests", "privateScript"] {
                assert_eq!(doc[key], public[key], "{key}");
            }
            assert_eq!(doc["libraries"]["moment"], true);
        }
    }
);

both_databases!(
    the_free_plan_cannot_keep_a_script_private,
    |app: TestApp| async move {
        let author = author_on(&app, "free-author@example.com", "free").await;
        let id = new_id();
        let refused = json_answer(save(&app, &author, &id, &secret_doc(true)).await).await;
        assert_eq!(
            refused,
            (400, json!({"message": NEEDS_PLAN, "refusedBy": "plan"}))
        );
        assert_eq!(
            get_json(&app, &app.browser(), &format!("/api/calc/{id}"))
                .await
                .0,
            404
        );

        // Public, it saves; an update that turns it on is refused and changes nothing.
        assert_eq!(
            save(&app, &author, &id, &secret_doc(false)).await.status(),
            200
        );
        let refused = json_answer(save(&app, &author, &id, &secret_doc(true)).await).await;
        assert_eq!(
            refused,
            (400, json!({"message": NEEDS_PLAN, "refusedBy": "plan"}))
        );
        let (_, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(source["revision"], 1);
        assert_eq!(source["doc"]["privateScript"], false);

        let mut odd = secret_doc(true);
        odd["privateScript"] = json!("yes");
        let refused = json_answer(save(&app, &author, &id, &odd).await).await;
        assert_eq!(
            refused,
            (
                400,
                json!({"message": "The calculator is not valid: privateScript must be true or false"})
            )
        );
    }
);

both_databases!(
    a_busy_private_calculator_answers_politely,
    configure = |config: &mut Config| {
        config.eval_limits = EvalLimits {
            per_owner: 1,
            queued_per_owner: 0,
            queue: 32,
        };
    },
    |app: TestApp| async move {
        let author = author_on(&app, "busy-author@example.com", "premium").await;
        let id = new_id();
        let mut looping = doc("if (inputs.a === 1) { while (true) {} }\nreturn { x: inputs.a };");
        looping["privateScript"] = json!(true);
        assert_eq!(save(&app, &author, &id, &looping).await.status(), 200);
        // One visitor: an endless calculation, then another while it runs.
        let visitor = Client::new();
        let url = app.url(&format!("/api/calc/{id}/eval"));
        let send = |a: i64| visitor.post(&url).json(&json!({"values": {"1": a}})).send();
        let mut endless = tokio::spawn(send(1));
        let mut refused = None;
        for _ in 0..40 {
            if endless.is_finished() {
                // It came while the calculation below ran, and was refused: again.
                endless = tokio::spawn(send(1));
            }
            let response = send(2).await.expect("eval");
            if response.status() != StatusCode::OK {
                refused = Some(response);
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let refused = refused.expect("never refused");
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            refused
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_owned()),
            Some("7".to_owned())
        );
        let body: Value = refused.json().await.expect("json");
        assert_eq!(body["message"], OWNER_BUSY);
        endless.abort();
    }
);
