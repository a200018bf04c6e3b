//! Billing through the real async-stripe client against the Stripe sandbox the server
//! mounts at `/stripe-sandbox` (docs/billing.md). Checkout is driven with Stripe's
//! `pm_card_*` test ids; each customer has its own test clock (the tests' config sets
//! `test_clocks`), so renewals and period ends are reached by advancing it.

use std::time::Duration;

use hmac::{KeyInit, Mac};
use reqwest::Client;
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;

/// A JSON answer's status and body.
pub(crate) async fn answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The sandbox's keys, from its state file in the app's data dir.
pub(crate) fn sandbox_keys(app: &TestApp) -> Value {
    let file = app.config.data_dir.join("stripe-sandbox.json");
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("sandbox state"))
            .expect("JSON");
    state["keys"].clone()
}

/// A request to the sandbox's Stripe API with its secret key.
pub(crate) async fn stripe_call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    form: &[(&str, String)],
) -> Value {
    let secret = sandbox_keys(app)["secret"]
        .as_str()
        .expect("secret")
        .to_owned();
    let response = Client::new()
        .request(method, app.url(&format!("/stripe-sandbox/v1/{path}")))
        .bearer_auth(secret)
        .form(form)
        .send()
        .await
        .expect("sandbox");
    let (status, body) = answer(response).await;
    assert_eq!(status, 200, "sandbox {path}: {body}");
    body
}

/// A signed-up user whose browser is `client`.
pub(crate) async fn user(app: &TestApp, email: &str) -> Client {
    let client = app.browser();
    sign_up(app, &client, email).await;
    client
}

pub(crate) async fn account(app: &TestApp, client: &Client) -> Value {
    answer(client.put(app.url("/api/account")).send().await.unwrap())
        .await
        .1
}

pub(crate) async fn checkout(
    app: &TestApp,
    client: &Client,
    plan: Option<&str>,
    card: &str,
) -> (u16, Value) {
    let customer = account(app, client).await["customerId"].clone();
    let mut body = json!({"customerId": customer, "paymentMethod": card});
    if let Some(plan) = plan {
        body["plan"] = json!(plan);
    }
    answer(
        client
            .post(app.url("/api/checkout"))
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// Subscribes with a card that works; returns the subscription.
pub(crate) async fn subscribed(app: &TestApp, client: &Client, plan: &str) -> Value {
    let (status, body) = checkout(app, client, Some(plan), "pm_card_visa").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "succeeded");
    body["subscription"].clone()
}

pub(crate) async fn subscription(app: &TestApp, client: &Client) -> Value {
    let (status, body) = answer(
        client
            .put(app.url("/api/account/sub"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn cards(app: &TestApp, client: &Client) -> Vec<Value> {
    let (status, body) = answer(
        client
            .get(app.url("/api/account/card"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().expect("cards").clone()
}

/// Moves the user's test clock `seconds` on and waits until the sandbox has done what
/// that time brings (and the webhooks it sent have been answered).
async fn advance(app: &TestApp, client: &Client, seconds: i64) {
    let customer = account(app, client).await["customerId"]
        .as_str()
        .expect("customer")
        .to_owned();
    let found = stripe_call(
        app,
        reqwest::Method::GET,
        &format!("customers/{customer}"),
        &[],
    )
    .await;
    let clock_id = found["test_clock"]
        .as_str()
        .expect("a test clock")
        .to_owned();
    let clock = stripe_call(
        app,
        reqwest::Method::GET,
        &format!("test_helpers/test_clocks/{clock_id}"),
        &[],
    )
    .await;
    let to = clock["frozen_time"].as_i64().expect("frozen_time") + seconds;
    stripe_call(
        app,
        reqwest::Method::POST,
        &format!("test_helpers/test_clocks/{clock_id}/advance"),
        &[("frozen_time", to.to_string())],
    )
    .await;
    for _ in 0..100 {
        let clock = stripe_call(
            app,
            reqwest::Method::GET,
            &format!("test_helpers/test_clocks/{clock_id}"),
            &[],
        )
        .await;
        if clock["status"] == "ready" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the user's plan (which the webhooks set) is `plan`.
async fn plan_becomes(app: &TestApp, client: &Client, plan: &str) {
    for _ in 0..100 {
        if account(app, client).await["plan"] == plan {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "the plan never became {plan}: {}",
        account(app, client).await
    );
}

/// Passes (`complete`) or fails 3-D Secure for an intent, as Stripe's page would.
async fn authenticate(app: &TestApp, client_secret: &str, outcome: &str) {
    let key = sandbox_keys(app)["publishable"]
        .as_str()
        .expect("pk")
        .to_owned();
    let response = Client::new()
        .post(app.url("/stripe-sandbox/sandbox/authenticate"))
        .form(&[
            ("client_secret", client_secret),
            ("outcome", outcome),
            ("key", key.as_str()),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
}

async fn complete(app: &TestApp, client: &Client, intent: &Value) -> (u16, Value) {
    answer(
        client
            .post(app.url("/api/checkout/complete"))
            .json(&json!({"intentId": intent}))
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// Checks out Premium with the 3-D Secure test card, answers the authentication with
/// `outcome` (`complete` or `fail`) and completes the payment: its status and answer.
async fn premium_with_3d_secure(app: &TestApp, client: &Client, outcome: &str) -> (u16, Value) {
    let (status, body) = checkout(
        app,
        client,
        Some("premium"),
        "pm_card_authenticationRequired",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "requires_action");
    authenticate(app, body["clientSecret"].as_str().unwrap(), outcome).await;
    complete(app, client, &body["intentId"]).await
}

async fn make_private(app: &TestApp, client: &Client, id: &str) -> (u16, Value) {
    answer(
        client
            .post(app.url("/api/calc/edit/"))
            .json(&json!({"calcId": id}))
            .send()
            .await
            .unwrap(),
    )
    .await
}

const FREE_LIMIT: &str =
    "The free plan saves up to 5 calculators. Upgrade to Regular or Premium to save more.";

both_databases!(
    the_billing_info_names_the_sandbox_and_the_plans_limits,
    |app: TestApp| async move {
        let (status, body) = answer(
            app.browser()
                .get(app.url("/api/billing"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["mode"], "sandbox");
        assert_eq!(body["sandboxUrl"], "/stripe-sandbox");
        assert!(
            body["publishableKey"]
                .as_str()
                .unwrap()
                .starts_with("pk_test_")
        );
        assert_eq!(body["plans"][0]["price"], 990);
        assert_eq!(body["plans"][0]["maxCalculators"], 100);
        assert_eq!(body["plans"][1]["price"], 4990);
        assert_eq!(body["plans"][1]["maxCalculators"], Value::Null);
        assert_eq!(body["free"]["maxCalculators"], 5);
        assert_eq!(body["free"]["allowsPrivate"], false);
        // Submissions read a month; past them they are held back, never dropped.
        assert_eq!(body["free"]["monthlySubmissions"], 100);
        assert_eq!(body["plans"][0]["monthlySubmissions"], 1000);
        assert_eq!(body["plans"][1]["monthlySubmissions"], Value::Null);
    }
);

both_databases!(
    a_good_card_buys_a_plan_that_lifts_the_limits,
    |app: TestApp| async move {
        let author = user(&app, "buyer@example.com").await;
        let first = new_id();
        assert_eq!(
            save(&app, &author, &first, &doc("return {};"))
                .await
                .status(),
            200
        );
        let (status, body) = make_private(&app, &author, &first).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "Private calculators need the Regular or Premium plan. Upgrade to make this calculator private."
        );
        let subscription = subscribed(&app, &author, "regular").await;
        assert_eq!(subscription["plan"], "regular");
        assert_eq!(subscription["status"], "active");
        assert_eq!(subscription["price"], 990);
        assert_eq!(subscription["cancelAtPeriodEnd"], false);
        assert_eq!(subscription["defaultCard"]["last4"], "4242");
        let me = account(&app, &author).await;
        assert_eq!(me["plan"], "regular");
        assert!(me["customerId"].as_str().unwrap().starts_with("cus_"));
        let (status, body) = make_private(&app, &author, &first).await;
        assert_eq!(status, 200, "{body}");
        for _ in 0..6 {
            assert_eq!(
                save(&app, &author, &new_id(), &doc("return {};"))
                    .await
                    .status(),
                200
            );
        }
        // Buying a second plan is refused: the plan switch is the way.
        let (status, body) = checkout(&app, &author, Some("premium"), "pm_card_visa").await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "You already have a subscription. Change its plan instead."
        );
    }
);

both_databases!(
    declined_cards_answer_402_with_the_providers_message,
    |app: TestApp| async move {
        let author = user(&app, "declined@example.com").await;
        let (status, body) =
            checkout(&app, &author, Some("regular"), "pm_card_chargeDeclined").await;
        assert_eq!(status, 402, "{body}");
        assert_eq!(body["message"], "Your card was declined.");
        assert_eq!(body["code"], "card_declined");
        let (status, body) = checkout(
            &app,
            &author,
            Some("regular"),
            "pm_card_chargeDeclinedInsufficientFunds",
        )
        .await;
        assert_eq!(status, 402, "{body}");
        assert_eq!(body["message"], "Your card has insufficient funds.");
        assert_eq!(body["declineCode"], "insufficient_funds");
        assert_eq!(account(&app, &author).await["plan"], "free");
        let live = subscription(&app, &author).await;
        assert!(live.is_null() || live["status"] != "active", "{live}");
        // A good card after the declines still buys the plan.
        assert_eq!(
            subscribed(&app, &author, "regular").await["status"],
            "active"
        );
    }
);

both_databases!(
    three_d_secure_completed_buys_the_plan_and_failed_does_not,
    |app: TestApp| async move {
        let author = user(&app, "secure@example.com").await;
        let (status, failed) = premium_with_3d_secure(&app, &author, "fail").await;
        assert_eq!(status, 402, "{failed}");
        assert!(!failed["message"].as_str().unwrap().is_empty());
        assert_eq!(account(&app, &author).await["plan"], "free");

        let (status, done) = premium_with_3d_secure(&app, &author, "complete").await;
        assert_eq!(status, 200, "{done}");
        assert_eq!(done["status"], "succeeded");
        assert_eq!(done["subscription"]["plan"], "premium");
        assert_eq!(account(&app, &author).await["plan"], "premium");
    }
);

both_databases!(
    a_plan_switch_shows_the_prorated_amount_then_charges_it,
    |app: TestApp| async move {
        let author = user(&app, "switch@example.com").await;
        let id = subscribed(&app, &author, "regular").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let url = |what: &str| app.url(&format!("/api/account/sub/{id}/{what}"));
        // Half a month in: half of Premium less the unused half of Regular.
        advance(&app, &author, 15 * 86400).await;
        let (status, preview) = answer(
            author
                .post(url("preview"))
                .json(&json!({"plan": "premium"}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{preview}");
        let due = preview["amountDue"].as_i64().unwrap();
        assert!(due > 0 && due < 4990 - 990, "{preview}");
        assert_eq!(preview["currency"], "usd");
        let (status, body) = answer(
            author
                .post(url("plan"))
                .json(&json!({"plan": "premium"}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["plan"], "premium");
        assert_eq!(account(&app, &author).await["plan"], "premium");
        let (_, invoices) = answer(
            author
                .get(app.url("/api/account/invoice"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        let totals: Vec<i64> = invoices["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["total"].as_i64().unwrap())
            .collect();
        assert!(
            totals.contains(&due),
            "the proration invoice {due} is listed: {totals:?}"
        );
        let (status, body) = answer(
            author
                .post(url("plan"))
                .json(&json!({"plan": "premium"}))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "You are already on this plan.");
    }
);

both_databases!(
    a_cancellation_can_be_undone_before_the_period_ends,
    |app: TestApp| async move {
        let author = user(&app, "undo@example.com").await;
        let id = subscribed(&app, &author, "regular").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, body) = answer(
            author
                .delete(app.url(&format!("/api/account/sub/{id}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["cancelAtPeriodEnd"], true);
        assert_eq!(body["data"]["status"], "active");
        assert_eq!(account(&app, &author).await["plan"], "regular");
        let (status, body) = answer(
            author
                .post(app.url(&format!("/api/account/sub/{id}/resume")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["cancelAtPeriodEnd"], false);
        assert_eq!(
            subscription(&app, &author).await["cancelAtPeriodEnd"],
            false
        );
    }
);

both_databases!(
    a_cancelled_plan_ends_with_the_period_and_nothing_is_deleted,
    |app: TestApp| async move {
        let author = user(&app, "ends@example.com").await;
        let id = subscribed(&app, &author, "regular").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let mut ids = Vec::new();
        for _ in 0..7 {
            let calc = new_id();
            assert_eq!(
                save(&app, &author, &calc, &doc("return {};"))
                    .await
                    .status(),
                200
            );
            ids.push(calc);
        }
        assert_eq!(make_private(&app, &author, &ids[0]).await.0, 200);
        author
            .delete(app.url(&format!("/api/account/sub/{id}")))
            .send()
            .await
            .unwrap();
        advance(&app, &author, 32 * 86400).await;
        plan_becomes(&app, &author, "free").await;
        let ended = subscription(&app, &author).await;
        assert_eq!(ended["status"], "canceled", "{ended}");
        let me = account(&app, &author).await;
        assert_eq!(me["calcs"].as_array().unwrap().len(), 7, "nothing deleted");
        let private = me["calcs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["_id"] == ids[0])
            .unwrap();
        assert_eq!(private["private"], true, "nothing made public");
        let (status, body) = answer(save(&app, &author, &new_id(), &doc("return {};")).await).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], FREE_LIMIT);
        // What exists can still be edited.
        assert_eq!(
            save(&app, &author, &ids[1], &doc("return { x: 1 };"))
                .await
                .status(),
            200
        );
    }
);

both_databases!(
    a_failed_renewal_leaves_the_subscription_past_due,
    |app: TestApp| async move {
        let author = user(&app, "pastdue@example.com").await;
        subscribed(&app, &author, "regular").await;
        let (status, body) = checkout(&app, &author, None, "pm_card_chargeCustomerFail").await;
        assert_eq!(status, 200, "{body}");
        let failing = body["cards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["last4"] == "0341")
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, _) = answer(
            author
                .post(app.url(&format!("/api/account/card/{failing}")))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200);
        advance(&app, &author, 32 * 86400).await;
        let mut status = Value::Null;
        for _ in 0..100 {
            status = subscription(&app, &author).await["status"].clone();
            if status == "past_due" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(status, "past_due");
        // Past due keeps the plan while Stripe retries.
        assert_eq!(account(&app, &author).await["plan"], "regular");
    }
);

both_databases!(
    cards_are_added_edited_made_default_and_deleted,
    |app: TestApp| async move {
        let author = user(&app, "cards@example.com").await;
        assert!(cards(&app, &author).await.is_empty());
        let (status, body) = checkout(&app, &author, None, "pm_card_visa").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["status"], "succeeded");
        assert_eq!(body["subscription"], Value::Null);
        let (status, _) = checkout(&app, &author, None, "pm_card_mastercard").await;
        assert_eq!(status, 200);
        let list = cards(&app, &author).await;
        assert_eq!(list.len(), 2);
        let visa = list.iter().find(|c| c["brand"] == "visa").unwrap().clone();
        let master = list
            .iter()
            .find(|c| c["brand"] == "mastercard")
            .unwrap()
            .clone();
        assert_eq!(visa["default"], true, "the first card is the default");
        assert_eq!(master["default"], false);

        let edit = |body: Value| author.post(app.url("/api/account/card")).json(&body).send();
        let (status, body) = answer(
            edit(json!({"cardId": visa["id"], "exp_month": 7, "exp_year": 2031}))
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let edited = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == visa["id"])
            .unwrap()
            .clone();
        assert_eq!(
            (edited["exp_month"].clone(), edited["exp_year"].clone()),
            (json!(7), json!(2031))
        );
        for bad in [
            json!({"cardId": visa["id"], "exp_month": 13, "exp_year": 2031}),
            json!({"cardId": visa["id"], "exp_month": 1, "exp_year": 2041}),
            json!({"cardId": visa["id"], "exp_month": "x", "exp_year": 2031}),
        ] {
            assert_eq!(edit(bad).await.unwrap().status(), 400);
        }

        let card_url = |card: &Value| {
            app.url(&format!(
                "/api/account/card/{}",
                card["id"].as_str().unwrap()
            ))
        };
        let (status, body) = answer(author.post(card_url(&master)).send().await.unwrap()).await;
        assert_eq!(status, 200);
        assert_eq!(
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["default"] == true)
                .unwrap()["id"],
            master["id"]
        );
        let (status, body) = answer(author.delete(card_url(&visa)).send().await.unwrap()).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"].as_array().unwrap().len(), 1);

        // The card paying for a live subscription stays until another is the default.
        subscribed(&app, &author, "regular").await;
        let paying = subscription(&app, &author).await["defaultCard"]["id"].clone();
        let paying = cards(&app, &author)
            .await
            .into_iter()
            .find(|c| c["id"] == paying)
            .unwrap();
        let (status, body) = answer(author.delete(card_url(&paying)).send().await.unwrap()).await;
        assert_eq!(status, 400);
        assert_eq!(
            body["message"],
            "This card pays for your subscription. Make another card the default before deleting it."
        );
        let (_, body) = checkout(&app, &author, None, "pm_card_visa").await;
        let other = body["cards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] != paying["id"])
            .unwrap()
            .clone();
        assert_eq!(
            author.post(card_url(&other)).send().await.unwrap().status(),
            200
        );
        assert_eq!(
            subscription(&app, &author).await["defaultCard"]["id"],
            other["id"]
        );
        assert_eq!(
            author
                .delete(card_url(&paying))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
    }
);

both_databases!(
    invoices_are_listed_and_their_pdf_reads_the_number_and_amount,
    |app: TestApp| async move {
        let author = user(&app, "invoice@example.com").await;
        subscribed(&app, &author, "regular").await;
        advance(&app, &author, 32 * 86400).await;
        let mut list = Vec::new();
        for _ in 0..100 {
            let (status, body) = answer(
                author
                    .get(app.url("/api/account/invoice"))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(status, 200);
            list = body["data"].as_array().unwrap().clone();
            if list.len() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(list.len(), 2, "the first invoice and a renewal: {list:?}");
        assert!(
            list[0]["created"].as_i64() > list[1]["created"].as_i64(),
            "newest first"
        );
        let invoice = &list[1];
        assert_eq!(invoice["total"], 990);
        assert_eq!(invoice["status"], "paid");
        let number = invoice["number"].as_str().unwrap();
        let response = author
            .get(app.url(invoice["pdf"].as_str().unwrap()))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 302);
        let location = response.headers()["location"].to_str().unwrap().to_owned();
        let pdf = Client::new().get(&location).send().await.unwrap();
        assert_eq!(pdf.status(), 200);
        let bytes = pdf.bytes().await.unwrap();
        assert!(bytes.starts_with(b"%PDF"));
        let file = app.config.data_dir.join("invoice.pdf");
        std::fs::write(&file, &bytes).unwrap();
        let text = std::process::Command::new("pdftotext")
            .arg(&file)
            .arg("-")
            .output()
            .expect("pdftotext");
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains(number), "{text}");
        assert!(text.contains("9.90"), "{text}");
    }
);

/// Posts `event` to the webhook, signed at `t` with `secret`.
pub(crate) async fn post_event(app: &TestApp, event: &Value, secret: &str, t: i64) -> (u16, Value) {
    let body = event.to_string();
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    let signature: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    answer(
        Client::new()
            .post(app.url("/api/stripe/webhook"))
            .header("content-type", "application/json")
            .header("stripe-signature", format!("t={t},v1={signature}"))
            .body(body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

both_databases!(
    webhooks_are_verified_processed_once_and_order_does_not_matter,
    |app: TestApp| async move {
        let author = user(&app, "hooks@example.com").await;
        let sub = subscribed(&app, &author, "regular").await;
        let customer = account(&app, &author).await["customerId"].clone();
        let secret = sandbox_keys(&app)["webhook_secret"]
            .as_str()
            .unwrap()
            .to_owned();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        // A late "deleted" for a subscription that is active again by now (the order
        // Stripe does not promise): the plan follows Stripe's current state.
        let event = json!({
            "id": "evt_test_late_delete", "object": "event", "type": "customer.subscription.deleted",
            "data": {"object": {"id": sub["id"], "object": "subscription", "customer": customer, "status": "canceled"}}
        });
        assert_eq!(post_event(&app, &event, "whsec_wrong", now).await.0, 400);
        assert_eq!(post_event(&app, &event, &secret, now - 301).await.0, 400);
        let unsigned = Client::new()
            .post(app.url("/api/stripe/webhook"))
            .body(event.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(unsigned.status(), 400);
        let (status, body) = post_event(&app, &event, &secret, now).await;
        assert_eq!(
            (status, body["duplicate"].clone()),
            (200, json!(false)),
            "{body}"
        );
        assert_eq!(account(&app, &author).await["plan"], "regular");
        // Replayed: ignored, even when the plan in the database has changed meanwhile.
        let (status, body) = post_event(&app, &event, &secret, now).await;
        assert_eq!((status, body["duplicate"].clone()), (200, json!(true)));
        assert_eq!(account(&app, &author).await["plan"], "regular");
    }
);

both_databases!(
    another_users_billing_objects_are_not_found,
    |app: TestApp| async move {
        let a = user(&app, "owner@example.com").await;
        let sub = subscribed(&app, &a, "regular").await;
        let card = cards(&app, &a).await[0]["id"].as_str().unwrap().to_owned();
        let (_, invoices) =
            answer(a.get(app.url("/api/account/invoice")).send().await.unwrap()).await;
        let invoice = invoices["data"][0]["id"].as_str().unwrap().to_owned();
        let customer = account(&app, &a).await["customerId"].clone();
        let sub_id = sub["id"].as_str().unwrap();

        let b = user(&app, "other@example.com").await;
        subscribed(&app, &b, "regular").await;
        let cases = [
            b.post(app.url(&format!("/api/account/card/{card}"))),
            b.delete(app.url(&format!("/api/account/card/{card}"))),
            b.post(app.url("/api/account/card")).json(&json!({"cardId": card, "exp_month": 1, "exp_year": 2030})),
            b.delete(app.url(&format!("/api/account/sub/{sub_id}"))),
            b.post(app.url(&format!("/api/account/sub/{sub_id}/resume"))),
            b.post(app.url(&format!("/api/account/sub/{sub_id}/preview"))).json(&json!({"plan": "premium"})),
            b.post(app.url(&format!("/api/account/sub/{sub_id}/plan"))).json(&json!({"plan": "premium"})),
            b.get(app.url(&format!("/api/account/invoice/{invoice}/pdf"))),
            b.post(app.url("/api/checkout")).json(&json!({"customerId": customer, "plan": "regular", "paymentMethod": "pm_card_visa"})),
            // Missing ones answer alike.
            b.post(app.url("/api/account/card/pm_missing")),
            b.delete(app.url("/api/account/sub/sub_missing")),
            b.get(app.url("/api/account/invoice/in_missing/pdf")),
        ];
        for request in cases {
            let (status, body) = answer(request.send().await.unwrap()).await;
            assert_eq!(status, 404, "{body}");
        }
        // A's things are untouched.
        assert_eq!(cards(&app, &a).await.len(), 1);
        assert_eq!(subscription(&app, &a).await["cancelAtPeriodEnd"], false);
    }
);

both_databases!(
    bad_billing_input_is_a_400_with_a_message,
    |app: TestApp| async move {
        let author = user(&app, "bad@example.com").await;
        let post = |path: &str, body: Value| author.post(app.url(path)).json(&body).send();
        for (path, body) in [
            (
                "/api/checkout",
                json!({"plan": "gold", "paymentMethod": "pm_card_visa"}),
            ),
            ("/api/checkout", json!({"plan": "regular"})),
            (
                "/api/checkout",
                json!({"plan": "regular", "paymentMethod": 42}),
            ),
            (
                "/api/checkout",
                json!({"plan": "regular", "paymentMethod": "4242424242424242"}),
            ),
            (
                "/api/checkout",
                json!({"plan": "regular", "paymentMethod": "pm_no_such_card"}),
            ),
            ("/api/checkout/complete", json!({})),
            (
                "/api/account/card",
                json!({"cardId": "pm_x", "exp_month": 0, "exp_year": 2030}),
            ),
        ] {
            let (status, body) = answer(post(path, body.clone()).await.unwrap()).await;
            assert_eq!(status, 400, "{path} {body}");
            assert!(!body["message"].as_str().unwrap_or_default().is_empty());
        }
        let id = subscribed(&app, &author, "regular").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, _) = answer(
            post(
                &format!("/api/account/sub/{id}/plan"),
                json!({"plan": "free"}),
            )
            .await
            .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        let (status, _) = answer(
            post(&format!("/api/account/sub/{id}/preview"), json!({}))
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 400);
        // Signed out: 401.
        let visitor = app.browser();
        assert_eq!(
            visitor
                .put(app.url("/api/account/sub"))
                .send()
                .await
                .unwrap()
                .status(),
            401
        );
    }
);

both_databases!(
    deleting_the_account_ends_its_subscription,
    |app: TestApp| async move {
        let author = user(&app, "leaving@example.com").await;
        let id = subscribed(&app, &author, "premium").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(delete_account(&app, &author).await.status(), 200);
        let ended = stripe_call(
            &app,
            reqwest::Method::GET,
            &format!("subscriptions/{id}"),
            &[],
        )
        .await;
        assert_eq!(ended["status"], "canceled");
    }
);
