//! Webhook endpoints through the API: the owner adds, lists, rotates and deletes them;
//! someone else's calculator and unknown ids are 404; addresses that are not https or lead
//! inside (loopback, private, link-local, metadata) are a clear 400; the plan's count
//! holds across the account; endpoints go with their calculator and account.

use std::time::Duration;

use calcsmith_server::config::{Config, WebhooksConfig};
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{NOT_FOUND, author_with, collecting_doc};

pub const WEBHOOK_NOT_FOUND: &str = "Webhook not found.";
pub const NOT_HTTPS: &str = "The webhook address must start with https://.";

/// Endpoints may be on loopback (the test receivers), attempts are quick, retries come
/// fast, and the author may send many test events.
pub fn fast(config: &mut Config) {
    config.webhooks = WebhooksConfig {
        allow_loopback: true,
        timeout: Duration::from_secs(5),
        retry_base: Duration::from_millis(200),
        failure_window: Duration::from_secs(3 * 86_400),
        poll: Duration::from_millis(100),
        concurrency: 8,
    };
    config.rate_limit_scale = 100;
}

/// `POST /api/calc/{id}/webhooks` with `url`.
pub async fn add_endpoint(app: &TestApp, client: &Client, id: &str, url: &str) -> (u16, Value) {
    json_answer(
        client
            .post(app.url(&format!("/api/calc/{id}/webhooks")))
            .json(&json!({"url": url}))
            .send()
            .await
            .expect("add endpoint"),
    )
    .await
}

/// `POST path` with no body: status and JSON answer.
pub async fn post_empty(app: &TestApp, client: &Client, path: &str) -> (u16, Value) {
    json_answer(client.post(app.url(path)).send().await.expect("post")).await
}

/// How many rows `table` has.
pub async fn rows(app: &TestApp, table: &str) -> i64 {
    let db = Database::connect(&app.config.database_url)
        .await
        .expect("db");
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await
        .expect("count")
        .expect("a row");
    row.try_get("", "n").expect("n")
}

both_databases!(
    an_owner_adds_lists_rotates_and_deletes_an_endpoint,
    configure = fast,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (status, created) = add_endpoint(&app, &author, &id, "http://127.0.0.1:9/in").await;
        assert_eq!(status, 201, "{created}");
        let secret = created["secret"].as_str().expect("secret").to_owned();
        assert!(
            secret.starts_with("whsec_") && secret.len() > 40,
            "{secret}"
        );
        assert_eq!(created["url"], "http://127.0.0.1:9/in");
        assert_eq!(created["enabled"], true);
        assert_eq!(created["failing_since"], Value::Null);
        assert!(created["created_at"].as_i64().is_some());
        let wid = created["id"].as_str().expect("id").to_owned();

        let path = format!("/api/calc/{id}/webhooks");
        let (status, list) = get_json(&app, &author, &path).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(
            (list["limit"].clone(), list["used"].clone()),
            (json!(1), json!(1))
        );
        let listed = &list["data"][0];
        assert_eq!(listed["id"], wid.as_str());
        assert_eq!(listed["disabled_reason"], Value::Null);
        assert!(
            listed.get("secret").is_none(),
            "the secret is shown once: {listed}"
        );

        let (status, rotated) = post_empty(&app, &author, &format!("{path}/{wid}/secret")).await;
        assert_eq!(status, 200, "{rotated}");
        let new_secret = rotated["secret"].as_str().expect("secret");
        assert!(new_secret.starts_with("whsec_"));
        assert_ne!(new_secret, secret);

        // The same address twice on one calculator is refused.
        let (status, again) = add_endpoint(&app, &author, &id, "http://127.0.0.1:9/in").await;
        assert_eq!(
            (status, again["message"].as_str()),
            (
                400,
                Some("This calculator already sends webhooks to that address.")
            )
        );

        let (status, deleted) = delete_json(&app, &author, &format!("{path}/{wid}")).await;
        assert_eq!(
            (status, deleted["message"].as_str()),
            (200, Some("Deleted."))
        );
        let (_, list) = get_json(&app, &author, &path).await;
        assert_eq!(
            (list["data"].clone(), list["used"].clone()),
            (json!([]), json!(0))
        );
    }
);

both_databases!(
    only_the_owner_reaches_webhooks_and_unknown_ids_are_404,
    configure = fast,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (_, created) = add_endpoint(&app, &author, &id, "http://127.0.0.1:9/in").await;
        let wid = created["id"].as_str().expect("id").to_owned();
        let base = format!("/api/calc/{id}/webhooks");
        let (_, queued) = post_empty(&app, &author, &format!("{base}/{wid}/test")).await;
        let did = queued["id"].as_str().expect("delivery id").to_owned();

        let stranger = app.browser();
        sign_up(&app, &stranger, "stranger@example.com").await;
        let owner_only = [
            ("GET", base.clone()),
            ("POST", base.clone()),
            ("DELETE", format!("{base}/{wid}")),
            ("POST", format!("{base}/{wid}/secret")),
            ("POST", format!("{base}/{wid}/enable")),
            ("POST", format!("{base}/{wid}/test")),
            ("GET", format!("{base}/{wid}/deliveries")),
            ("POST", format!("{base}/{wid}/deliveries/{did}/redeliver")),
        ];
        for (method, path) in &owner_only {
            let request = |client: &Client| {
                let url = app.url(path);
                let builder = match *method {
                    "GET" => client.get(url),
                    "DELETE" => client.delete(url),
                    _ => client.post(url),
                };
                builder.json(&json!({"url": "http://127.0.0.1:9/x"})).send()
            };
            let (status, body) = json_answer(request(&stranger).await.expect("send")).await;
            assert_eq!(
                (status, body["message"].as_str()),
                (404, Some(NOT_FOUND)),
                "{method} {path}"
            );
            let status = request(&app.browser()).await.expect("send").status();
            assert_eq!(status, 401, "anonymous {method} {path}");
        }
        // The author's own calculator with ids that are not its endpoint's or delivery's.
        let (status, body) =
            post_empty(&app, &author, &format!("{base}/nosuchwebhook000/test")).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some(WEBHOOK_NOT_FOUND))
        );
        let (status, body) = get_json(&app, &author, &format!("{base}/x/deliveries")).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some(WEBHOOK_NOT_FOUND))
        );
        let (status, body) = post_empty(
            &app,
            &author,
            &format!("{base}/{wid}/deliveries/nosuchdelivery00/redeliver"),
        )
        .await;
        assert_eq!(
            (status, body["message"].as_str()),
            (404, Some("Delivery not found."))
        );
        let (status, body) =
            get_json(&app, &author, &format!("{base}/{wid}/deliveries?page=0")).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (400, Some("page must be a number from 1 to 1000000."))
        );
        // An unknown calculator is the same 404 as someone else's.
        let (status, body) =
            get_json(&app, &author, &format!("/api/calc/{}/webhooks", new_id())).await;
        assert_eq!((status, body["message"].as_str()), (404, Some(NOT_FOUND)));
    }
);

/// The message for an address leading to `ip`.
fn leads_to(ip: &str) -> String {
    format!(
        "The webhook address leads to {ip}, a private, loopback, link-local or reserved \
         address. Webhooks go only to public internet addresses."
    )
}

both_databases!(
    addresses_that_are_not_https_or_lead_inside_are_refused,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let long = format!("https://example.com/{}", "a".repeat(2000));
        let cases: Vec<(&str, String)> = vec![
            ("http://example.com/hook", NOT_HTTPS.to_owned()),
            ("http://127.0.0.1:9/hook", NOT_HTTPS.to_owned()),
            (
                "example.com/hook",
                "The webhook address must be a full URL starting with https://.".to_owned(),
            ),
            (
                "ftp://example.com/hook",
                "The webhook address must be a full URL starting with https://.".to_owned(),
            ),
            (
                "https://user:pw@example.com/",
                "The webhook address cannot contain a user name or password.".to_owned(),
            ),
            (
                &long,
                "The webhook address is too long (at most 2000 characters).".to_owned(),
            ),
            ("https://127.0.0.1/hook", leads_to("127.0.0.1")),
            ("https://0x7f.1/hook", leads_to("127.0.0.1")),
            ("https://10.1.2.3/hook", leads_to("10.1.2.3")),
            ("https://172.16.5.4/hook", leads_to("172.16.5.4")),
            ("https://192.168.0.10/hook", leads_to("192.168.0.10")),
            ("https://100.64.0.1/hook", leads_to("100.64.0.1")),
            (
                "https://169.254.169.254/latest/meta-data",
                leads_to("169.254.169.254"),
            ),
            ("https://0.0.0.0/hook", leads_to("0.0.0.0")),
            ("https://224.0.0.1/hook", leads_to("224.0.0.1")),
            ("https://255.255.255.255/hook", leads_to("255.255.255.255")),
            ("https://[::1]/hook", leads_to("::1")),
            ("https://[fe80::1]/hook", leads_to("fe80::1")),
            ("https://[fd00:ec2::254]/hook", leads_to("fd00:ec2::254")),
            (
                "https://[::ffff:192.168.0.1]/hook",
                leads_to("::ffff:192.168.0.1"),
            ),
        ];
        for (url, message) in &cases {
            let (status, body) = add_endpoint(&app, &author, &id, url).await;
            assert_eq!(
                (status, body["message"].as_str()),
                (400, Some(message.as_str())),
                "{url}"
            );
        }
        // A host name that resolves to loopback is refused like the address itself.
        let (status, body) = add_endpoint(&app, &author, &id, "https://localhost/hook").await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("The webhook address leads to "),
            "{body}"
        );
        // A body that is not `{url}` is refused too.
        let response = author
            .post(app.url(&format!("/api/calc/{id}/webhooks")))
            .json(&json!({"url": "https://example.com/", "secret": "mine"}))
            .send()
            .await
            .expect("post");
        let (status, body) = json_answer(response).await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Invalid request body"),
            "{body}"
        );
        assert_eq!(rows(&app, "webhook_endpoints").await, 0);
    }
);

both_databases!(
    the_plan_limits_endpoints_over_the_whole_account,
    configure = fast,
    |app: TestApp| async move {
        let (author, first) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let second = new_id();
        assert_eq!(
            save(&app, &author, &second, &collecting_doc())
                .await
                .status(),
            200
        );
        let url = |n: usize| format!("http://127.0.0.1:9/hook/{n}");
        assert_eq!(add_endpoint(&app, &author, &first, &url(0)).await.0, 201);
        let (status, body) = add_endpoint(&app, &author, &second, &url(1)).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some(
                    "The free plan allows 1 webhook endpoint. Upgrade to Regular or Premium to add more."
                )
            )
        );
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .expect("plan");
        for n in 1..5 {
            assert_eq!(
                add_endpoint(&app, &author, &second, &url(n)).await.0,
                201,
                "{n}"
            );
        }
        let (status, body) = add_endpoint(&app, &author, &first, &url(5)).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                400,
                Some("Your plan allows up to 5 webhook endpoints. Upgrade to Premium to add more.")
            )
        );
        let (_, list) = get_json(&app, &author, &format!("/api/calc/{first}/webhooks")).await;
        assert_eq!(
            (
                list["data"].as_array().map(Vec::len),
                list["limit"].clone(),
                list["used"].clone()
            ),
            (Some(1), json!(5), json!(5))
        );
        let (_, billing) = get_json(&app, &app.browser(), "/api/billing").await;
        assert_eq!(billing["free"]["webhookEndpoints"], 1);
        assert_eq!(billing["plans"][0]["webhookEndpoints"], 5);
        assert_eq!(billing["plans"][1]["webhookEndpoints"], 20);
    }
);

both_databases!(
    endpoints_go_with_their_calculator_and_their_account,
    configure = fast,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (_, created) = add_endpoint(&app, &author, &id, "http://127.0.0.1:9/a").await;
        let wid = created["id"].as_str().expect("id").to_owned();
        let test = format!("/api/calc/{id}/webhooks/{wid}/test");
        assert_eq!(post_empty(&app, &author, &test).await.0, 202);
        assert_eq!(rows(&app, "webhook_deliveries").await, 1);
        let (status, _) = delete_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(rows(&app, "webhook_endpoints").await, 0);
        assert_eq!(rows(&app, "webhook_deliveries").await, 0);

        let other = new_id();
        assert_eq!(
            save(&app, &author, &other, &collecting_doc())
                .await
                .status(),
            200
        );
        let (status, _) = add_endpoint(&app, &author, &other, "http://127.0.0.1:9/b").await;
        assert_eq!(status, 201);
        assert_eq!(delete_account(&app, &author).await.status(), 200);
        assert_eq!(rows(&app, "webhook_endpoints").await, 0);
    }
);
