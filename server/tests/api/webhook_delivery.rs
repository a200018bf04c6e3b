//! Webhook deliveries end to end, to a receiver on loopback: signed payloads of
//! submissions and test events, redelivery, retries after failures on the doubling
//! schedule, no redirect followed, time-outs, and an endpoint turned off after the failure
//! window with its author told. (The connection's checks: `webhook_network.rs`; restarts
//! and several instances: `webhook_instances.rs`.)

use std::time::Duration;

use calcsmith_server::config::Config;
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, submit};
use crate::webhook_receiver::{Answer, Receiver, eventually, signature_holds};
use crate::webhooks::{add_endpoint, fast, post_empty};

/// The author's calculator with an endpoint at `receiver`: (author, calculator, endpoint,
/// secret).
pub async fn wired(app: &TestApp, receiver: &Receiver) -> (Client, String, String, String) {
    let (author, id) = author_with(app, "author@example.com", &collecting_doc()).await;
    let (status, created) = add_endpoint(app, &author, &id, &receiver.url).await;
    assert_eq!(status, 201, "{created}");
    let text = |key: &str| created[key].as_str().expect(key).to_owned();
    (author, id, text("id"), text("secret"))
}

/// The endpoint's delivery log (first page).
pub async fn log(app: &TestApp, author: &Client, id: &str, wid: &str) -> Value {
    let (status, body) = get_json(
        app,
        author,
        &format!("/api/calc/{id}/webhooks/{wid}/deliveries"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The log once its newest delivery satisfies `done`.
pub async fn log_when(
    app: &TestApp,
    author: &Client,
    id: &str,
    wid: &str,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    eventually(what, || async {
        let body = log(app, author, id, wid).await;
        done(&body["data"][0]).then_some(body)
    })
    .await
}

/// Sends the endpoint a test event and waits for its first attempt; the log then.
pub async fn first_attempt_of_a_test_event(
    app: &TestApp,
    author: &Client,
    id: &str,
    wid: &str,
    what: &str,
) -> Value {
    let path = format!("/api/calc/{id}/webhooks/{wid}/test");
    assert_eq!(post_empty(app, author, &path).await.0, 202);
    log_when(app, author, id, wid, what, |d| {
        d["attempts"].as_array().is_some_and(|a| !a.is_empty())
    })
    .await
}

pub fn parse(body: &str) -> Value {
    serde_json::from_str(body).expect("a JSON payload")
}

both_databases!(
    a_submission_reaches_the_receiver_signed_with_the_servers_numbers,
    configure = fast,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Ok).await;
        let (author, id, wid, secret) = wired(&app, &receiver).await;
        let contact = json!({"email": "ada@example.com", "name": "Ada", "consent": true});
        let (status, answer) = submit(&app, &app.browser(), &id, 5.0, contact).await;
        assert_eq!(status, 201, "{answer}");

        let got = receiver.wait_for(1).await;
        let request = &got[0];
        assert!(
            signature_holds(&secret, &request.signature, &request.body),
            "{request:?}"
        );
        assert!(!signature_holds(
            "whsec_other",
            &request.signature,
            &request.body
        ));
        assert_eq!(request.content_type, "application/json");
        let payload = parse(&request.body);
        assert_eq!(payload["type"], "submission.created");
        assert!(
            payload["id"].as_str().unwrap().starts_with("evt_"),
            "{payload}"
        );
        assert!(payload["created"].as_i64().is_some());
        assert_eq!(payload["calculator"], json!({"id": id, "name": "Test"}));
        assert_eq!(payload["version"], 1);
        let submission = &payload["submission"];
        assert_eq!(submission["id"], answer["id"]);
        assert_eq!(
            submission["values"]["a"].as_f64(),
            Some(5.0),
            "{submission}"
        );
        assert_eq!(submission["outputs"], json!({"x": 10}));
        assert_eq!(submission["display"], json!({"x": "10.00"}));
        assert_eq!(
            submission["contact"],
            json!({"email": "ada@example.com", "name": "Ada", "consent": true})
        );
        assert_eq!(submission["consent_text"], "You may call me.");

        let delivered = log_when(&app, &author, &id, &wid, "a delivered submission", |d| {
            d["state"] == "delivered"
        })
        .await;
        let delivery = &delivered["data"][0];
        assert_eq!(delivery["event"], "submission");
        assert_eq!(delivery["submission_id"], answer["id"]);
        assert_eq!(delivery["next_attempt_at"], Value::Null);
        assert_eq!(delivery["attempts"][0]["status"], 200);
        assert_eq!(delivery["attempts"][0]["response_excerpt"], "thanks");
        assert_eq!(delivery["attempts"][0]["error"], Value::Null);
        assert_eq!(request.delivery, delivery["id"].as_str().unwrap());

        // A test event, signed with the secret as rotated.
        let base = format!("/api/calc/{id}/webhooks/{wid}");
        let (_, rotated) = post_empty(&app, &author, &format!("{base}/secret")).await;
        let secret = rotated["secret"].as_str().expect("secret").to_owned();
        let (status, queued) = post_empty(&app, &author, &format!("{base}/test")).await;
        assert_eq!(status, 202, "{queued}");
        let got = receiver.wait_for(2).await;
        let test = &got[1];
        assert!(signature_holds(&secret, &test.signature, &test.body));
        let test_payload = parse(&test.body);
        assert_eq!(test_payload["type"], "test");
        assert_eq!(test_payload["calculator"]["id"], id.as_str());
        assert!(test_payload.get("submission").is_none(), "{test_payload}");
        assert_eq!(test.delivery, queued["id"].as_str().unwrap());

        // A redelivery sends the very same body (the same event id) as a new delivery.
        let first = delivery["id"].as_str().unwrap();
        let (status, again) = post_empty(
            &app,
            &author,
            &format!("{base}/deliveries/{first}/redeliver"),
        )
        .await;
        assert_eq!(status, 202, "{again}");
        let got = receiver.wait_for(3).await;
        assert_eq!(got[2].body, request.body);
        assert_ne!(got[2].delivery, request.delivery);
        assert_eq!(got[2].delivery, again["id"].as_str().unwrap());
        let all = log(&app, &author, &id, &wid).await;
        assert_eq!(all["paging"]["total"], 3);
    }
);

both_databases!(
    a_failing_endpoint_is_retried_on_a_doubling_schedule_until_it_answers,
    configure = fast,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Fail).await;
        let (author, id, wid, secret) = wired(&app, &receiver).await;
        let (status, _) = post_empty(
            &app,
            &author,
            &format!("/api/calc/{id}/webhooks/{wid}/test"),
        )
        .await;
        assert_eq!(status, 202);
        let failing = log_when(&app, &author, &id, &wid, "three failed attempts", |d| {
            d["attempts"].as_array().is_some_and(|a| a.len() >= 3)
        })
        .await;
        let delivery = &failing["data"][0];
        let attempts = delivery["attempts"].as_array().unwrap();
        assert_eq!(attempts[0]["status"], 500);
        assert_eq!(attempts[0]["response_excerpt"], "receiver is down");
        // Each retry is scheduled at the base (200 ms here) doubled per failure so far.
        let at = |n: usize| attempts[n]["at"].as_i64().unwrap();
        assert!(at(1) - at(0) >= 200, "{attempts:?}");
        assert!(at(2) - at(1) >= 400, "{attempts:?}");
        let (_, list) = get_json(&app, &author, &format!("/api/calc/{id}/webhooks")).await;
        assert!(
            list["data"][0]["failing_since"].as_i64().is_some(),
            "{list}"
        );

        receiver.answer(Answer::Ok);
        let delivered = log_when(&app, &author, &id, &wid, "the retry that succeeds", |d| {
            d["state"] == "delivered"
        })
        .await;
        let attempts = delivered["data"][0]["attempts"].as_array().unwrap().clone();
        assert_eq!(attempts.last().unwrap()["status"], 200);
        assert!(
            attempts[..attempts.len() - 1]
                .iter()
                .all(|a| a["status"] == 500)
        );
        let got = receiver.received();
        assert_eq!(got.len(), attempts.len(), "one request per attempt");
        assert!(
            got.iter()
                .all(|r| signature_holds(&secret, &r.signature, &r.body))
        );
        // Back to health: not failing any more.
        let (_, list) = get_json(&app, &author, &format!("/api/calc/{id}/webhooks")).await;
        assert_eq!(list["data"][0]["failing_since"], Value::Null, "{list}");
    }
);

both_databases!(
    a_redirect_is_a_failure_and_is_never_followed,
    configure = fast,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Redirect).await;
        let (author, id, wid, _) = wired(&app, &receiver).await;
        let body =
            first_attempt_of_a_test_event(&app, &author, &id, &wid, "an attempt answered 302")
                .await;
        let delivery = &body["data"][0];
        assert_eq!(delivery["state"], "pending");
        assert_eq!(delivery["attempts"][0]["status"], 302);
        assert_eq!(
            delivery["attempts"][0]["error"],
            "A redirect is not followed: answer with a 2xx status."
        );
        assert_eq!(receiver.elsewhere(), 0, "the redirect was followed");
    }
);

/// [`fast`], with attempts given up after 300 ms.
fn impatient(config: &mut Config) {
    fast(config);
    config.webhooks.timeout = Duration::from_millis(300);
}

both_databases!(
    an_endpoint_that_does_not_answer_in_time_fails_the_attempt,
    configure = impatient,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Hang).await;
        let (author, id, wid, _) = wired(&app, &receiver).await;
        let body =
            first_attempt_of_a_test_event(&app, &author, &id, &wid, "a timed-out attempt").await;
        let attempt = &body["data"][0]["attempts"][0];
        assert_eq!(attempt["status"], Value::Null);
        assert_eq!(attempt["error"], "No answer within 300 ms (the time-out).");
        assert_eq!(body["data"][0]["state"], "pending");
    }
);

/// [`fast`], with a failure window of a second and a half.
fn short_window(config: &mut Config) {
    fast(config);
    config.webhooks.retry_base = Duration::from_millis(100);
    config.webhooks.failure_window = Duration::from_millis(1500);
}

both_databases!(
    an_endpoint_failing_for_the_whole_window_is_turned_off_and_its_author_told,
    configure = short_window,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Fail).await;
        let (author, id, wid, _) = wired(&app, &receiver).await;
        let path = format!("/api/calc/{id}/webhooks");
        post_empty(&app, &author, &format!("{path}/{wid}/test")).await;
        let list = eventually("the endpoint turned off", || async {
            let (_, list) = get_json(&app, &author, &path).await;
            (list["data"][0]["enabled"] == false).then_some(list)
        })
        .await;
        assert_eq!(
            list["data"][0]["disabled_reason"],
            "Every delivery failed for 1500 ms; the last: HTTP 500"
        );
        let body = log(&app, &author, &id, &wid).await;
        assert_eq!(body["data"][0]["state"], "failed");
        assert_eq!(body["data"][0]["next_attempt_at"], Value::Null);
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let mail = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT recipient, subject, body FROM outbox WHERE subject LIKE 'Webhook%'",
            ))
            .await
            .expect("outbox");
        assert_eq!(mail.len(), 1, "one mail to the author");
        let text = |key: &str| mail[0].try_get::<String>("", key).expect(key);
        assert_eq!(text("recipient"), "author@example.com");
        assert_eq!(text("subject"), "Webhook turned off: Test");
        assert!(text("body").contains(&receiver.url), "{}", text("body"));
        assert!(
            text("body").contains("failed for 1500 ms"),
            "{}",
            text("body")
        );

        // Turned off: nothing is sent to it, until the author turns it back on.
        let (status, refused) = post_empty(&app, &author, &format!("{path}/{wid}/test")).await;
        assert_eq!(
            (status, refused["message"].as_str()),
            (
                400,
                Some("This webhook is turned off. Turn it back on first.")
            )
        );
        receiver.answer(Answer::Ok);
        let (status, enabled) = post_empty(&app, &author, &format!("{path}/{wid}/enable")).await;
        assert_eq!(status, 200, "{enabled}");
        assert_eq!(
            (
                enabled["enabled"].clone(),
                enabled["failing_since"].clone(),
                enabled["disabled_reason"].clone()
            ),
            (json!(true), Value::Null, Value::Null)
        );
        let (status, _) = post_empty(&app, &author, &format!("{path}/{wid}/test")).await;
        assert_eq!(status, 202);
        log_when(
            &app,
            &author,
            &id,
            &wid,
            "a delivery after turning it on",
            |d| d["state"] == "delivered",
        )
        .await;
    }
);
