//! Money is charged once however fast a customer clicks: checkouts released together
//! (on one instance, or on two sharing one database and one Stripe) buy one
//! subscription; duplicates made some other way are canceled and refunded when the
//! server next reads them; a deleted account leaves nothing billing at Stripe.

use std::sync::Arc;

use calcsmith_server::config::LiveStripe;
use calcsmith_server::entities::{billing_lease, user as users};
use calcsmith_server::tokens::now_ms;
use reqwest::{Client, Method};
use sea_orm::{ColumnTrait, Database, EntityTrait, QueryFilter, Set};
use serde_json::{Value, json};
use tokio::sync::Barrier;

use crate::billing::{
    account, answer, post_event, sandbox_keys, stripe_call, subscribed, subscription, user,
};
use crate::both_databases;
use crate::helpers::*;

/// How many checkouts race (the outside attack got up to 8 subscriptions from 8).
const RACERS: usize = 8;

/// `RACERS` Regular checkouts of `client`'s user, released together by a barrier, each
/// sent to one of `apps` in turn; their statuses and bodies.
async fn racing_checkouts(apps: &[&TestApp], client: &Client) -> Vec<(u16, Value)> {
    let customer = account(apps[0], client).await["customerId"].clone();
    let barrier = Arc::new(Barrier::new(RACERS));
    let mut racers = Vec::new();
    for n in 0..RACERS {
        let url = apps[n % apps.len()].url("/api/checkout");
        let client = client.clone();
        let barrier = Arc::clone(&barrier);
        let body =
            json!({"customerId": customer, "plan": "regular", "paymentMethod": "pm_card_visa"});
        racers.push(tokio::spawn(async move {
            barrier.wait().await;
            answer(client.post(url).json(&body).send().await.expect("checkout")).await
        }));
    }
    let mut outcomes = Vec::new();
    for racer in racers {
        outcomes.push(racer.await.expect("racer"));
    }
    outcomes
}

/// The customer's subscriptions at Stripe that still bill (not canceled or expired).
async fn live_subscriptions(app: &TestApp, customer: &str) -> Vec<Value> {
    let list = stripe_call(
        app,
        Method::GET,
        &format!("subscriptions?customer={customer}&status=all&limit=100"),
        &[],
    )
    .await;
    list["data"]
        .as_array()
        .expect("subscriptions")
        .iter()
        .filter(|s| {
            !matches!(
                s["status"].as_str(),
                Some("canceled" | "incomplete_expired")
            )
        })
        .cloned()
        .collect()
}

/// What the customer's invoices charged, less what was refunded, in cents.
async fn net_charged(app: &TestApp, customer: &str) -> i64 {
    let invoices = stripe_call(
        app,
        Method::GET,
        &format!("invoices?customer={customer}&limit=100"),
        &[],
    )
    .await;
    let paid: i64 = invoices["data"]
        .as_array()
        .expect("invoices")
        .iter()
        .map(|i| i["amount_paid"].as_i64().unwrap_or(0))
        .sum();
    paid - refunded(app, customer).await
}

/// What was refunded, in cents (each test has a sandbox of its own, so every refund
/// there is this test's customer's).
async fn refunded(app: &TestApp, _customer: &str) -> i64 {
    let refunds = stripe_call(app, Method::GET, "refunds?limit=100", &[]).await;
    refunds["data"]
        .as_array()
        .expect("refunds")
        .iter()
        .map(|r| r["amount"].as_i64().unwrap_or(0))
        .sum()
}

/// One checkout succeeded, the others were told the account already has a subscription;
/// Stripe has one live subscription and one charge of $9.90.
async fn charged_once(app: &TestApp, client: &Client, outcomes: &[(u16, Value)]) {
    let succeeded = outcomes
        .iter()
        .filter(|(status, body)| *status == 200 && body["status"] == "succeeded")
        .count();
    assert_eq!(succeeded, 1, "{outcomes:?}");
    for (status, body) in outcomes.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(
            (*status, body["message"].as_str().unwrap_or_default()),
            (
                400,
                "You already have a subscription. Change its plan instead."
            ),
        );
    }
    let customer = account(app, client).await["customerId"]
        .as_str()
        .expect("customer")
        .to_owned();
    assert_eq!(live_subscriptions(app, &customer).await.len(), 1);
    assert_eq!(net_charged(app, &customer).await, 990);
    assert_eq!(subscription(app, client).await["plan"], "regular");
}

both_databases!(
    checkouts_released_together_buy_one_subscription,
    |app: TestApp| async move {
        let buyer = user(&app, "double-click@example.com").await;
        let outcomes = racing_checkouts(&[&app], &buyer).await;
        charged_once(&app, &buyer, &outcomes).await;
    }
);

/// A second instance on the same database that talks to the first one's sandbox, as
/// instances sharing one Stripe account do.
async fn second_instance(first: &TestApp) -> TestApp {
    let keys = sandbox_keys(first);
    let key = |name: &str| keys[name].as_str().expect("sandbox key").to_owned();
    let mut config = first.config.clone();
    config.billing.live = Some(LiveStripe {
        secret_key: key("secret"),
        publishable_key: key("publishable"),
        webhook_secret: key("webhook_secret"),
        api_base: Some(first.url("/stripe-sandbox/")),
    });
    start(config).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn checkouts_racing_on_two_instances_of_one_postgres_database_buy_one_subscription() {
    let Some(first) = spawn_app(Db::Postgres).await else {
        return;
    };
    let second = second_instance(&first).await;
    let buyer = user(&first, "two-tabs@example.com").await;
    let outcomes = racing_checkouts(&[&first, &second], &buyer).await;
    charged_once(&first, &buyer, &outcomes).await;
    second.stop().await;
    first.stop().await;
}

/// A second Regular subscription for the user's customer, made at Stripe directly (as
/// a race before this fix, or a path we do not know of, would have); it is paid.
async fn duplicate_at_stripe(app: &TestApp, client: &Client) -> String {
    let customer = account(app, client).await["customerId"]
        .as_str()
        .expect("customer")
        .to_owned();
    let price = stripe_call(
        app,
        Method::GET,
        "prices?lookup_keys[]=calcsmith_regular_monthly&active=true",
        &[],
    )
    .await["data"][0]["id"]
        .as_str()
        .expect("price")
        .to_owned();
    let card = stripe_call(
        app,
        Method::POST,
        "payment_methods/pm_card_visa/attach",
        &[("customer", customer.clone())],
    )
    .await["id"]
        .as_str()
        .expect("card")
        .to_owned();
    let duplicate = stripe_call(
        app,
        Method::POST,
        "subscriptions",
        &[
            ("customer", customer),
            ("items[0][price]", price),
            ("default_payment_method", card),
        ],
    )
    .await;
    assert_eq!(duplicate["status"], "active", "{duplicate}");
    duplicate["id"].as_str().expect("id").to_owned()
}

both_databases!(
    a_duplicate_subscription_is_canceled_and_refunded_when_the_server_reads_it,
    |app: TestApp| async move {
        let buyer = user(&app, "duplicate@example.com").await;
        let (status, first) =
            crate::billing::checkout(&app, &buyer, Some("regular"), "pm_card_visa").await;
        assert_eq!(status, 200, "{first}");
        let kept = first["subscription"]["id"].as_str().expect("id").to_owned();
        let duplicate = duplicate_at_stripe(&app, &buyer).await;
        let customer = account(&app, &buyer).await["customerId"]
            .as_str()
            .expect("customer")
            .to_owned();
        // The account's page reads the subscriptions (the duplicate's webhooks may have
        // made the server read them already): the checkout's stays (the two are as old,
        // within the second of the customer's frozen test clock).
        assert_eq!(subscription(&app, &buyer).await["id"], json!(kept));
        let live = live_subscriptions(&app, &customer).await;
        assert_eq!(live.len(), 1);
        assert_eq!(live[0]["id"], json!(kept));
        let canceled = stripe_call(
            &app,
            Method::GET,
            &format!("subscriptions/{duplicate}"),
            &[],
        )
        .await;
        assert_eq!(canceled["status"], "canceled");
        assert_eq!(refunded(&app, &customer).await, 990);
        assert_eq!(net_charged(&app, &customer).await, 990);
        // Read again: nothing more is canceled or refunded.
        subscription(&app, &buyer).await;
        assert_eq!(refunded(&app, &customer).await, 990);
    }
);

both_databases!(
    deleting_the_account_ends_every_subscription_and_the_stripe_customer,
    |app: TestApp| async move {
        let buyer = user(&app, "gone@example.com").await;
        let (status, body) =
            crate::billing::checkout(&app, &buyer, Some("premium"), "pm_card_visa").await;
        assert_eq!(status, 200, "{body}");
        let shown = body["subscription"]["id"].as_str().expect("id").to_owned();
        let customer = account(&app, &buyer).await["customerId"]
            .as_str()
            .expect("customer")
            .to_owned();
        // A second live subscription the account never showed (made before reconciling).
        let hidden = duplicate_at_stripe(&app, &buyer).await;
        assert_eq!(delete_account(&app, &buyer).await.status(), 200);
        for id in [&shown, &hidden] {
            let ended = stripe_call(&app, Method::GET, &format!("subscriptions/{id}"), &[]).await;
            assert_eq!(ended["status"], "canceled", "{id}");
        }
        // The customer, with its name, e-mail and cards, is gone from Stripe.
        let gone = stripe_call(&app, Method::GET, &format!("customers/{customer}"), &[]).await;
        assert_eq!(gone["deleted"], true, "{gone}");
        assert!(gone.get("email").is_none_or(Value::is_null), "{gone}");
        let cards = stripe_call(
            &app,
            Method::GET,
            &format!("customers/{customer}/payment_methods"),
            &[],
        )
        .await;
        assert_eq!(cards["data"], json!([]), "{cards}");
    }
);

both_databases!(
    a_webhook_waits_for_the_billing_action_in_progress_then_follows_stripe,
    |app: TestApp| async move {
        let buyer = user(&app, "leased@example.com").await;
        let sub = subscribed(&app, &buyer, "regular").await;
        let customer = account(&app, &buyer).await["customerId"]
            .as_str()
            .expect("customer")
            .to_owned();
        let db = Database::connect(&app.config.database_url).await.unwrap();
        let owner = users::Entity::find()
            .filter(users::Column::CustomerId.eq(customer.as_str()))
            .one(&db)
            .await
            .unwrap()
            .expect("the buyer");
        let plan = || async {
            users::Entity::find_by_id(owner.id)
                .one(&db)
                .await
                .unwrap()
                .expect("the buyer")
                .plan
        };
        // Another billing action of the buyer's is in progress (a checkout finishing 3-D
        // Secure holds the lease): what it reads and writes must not be overtaken by an
        // event that read Stripe before it finished.
        billing_lease::Entity::insert(billing_lease::ActiveModel {
            user_id: Set(owner.id),
            holder: Set("a checkout in progress".to_owned()),
            expires_at: Set(now_ms() + 60_000),
        })
        .exec(&db)
        .await
        .unwrap();
        let id = sub["id"].as_str().expect("id");
        stripe_call(&app, Method::DELETE, &format!("subscriptions/{id}"), &[]).await;
        let secret = sandbox_keys(&app)["webhook_secret"]
            .as_str()
            .unwrap()
            .to_owned();
        let event = json!({
            "id": "evt_test_during_lease", "object": "event", "type": "customer.subscription.deleted",
            "data": {"object": {"id": id, "object": "subscription", "customer": customer, "status": "canceled"}}
        });
        let (delivered, ()) =
            tokio::join!(post_event(&app, &event, &secret, now_ms() / 1000), async {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
                assert_eq!(plan().await, "regular", "the plan changed under the lease");
                billing_lease::Entity::delete_many()
                    .filter(billing_lease::Column::UserId.eq(owner.id))
                    .exec(&db)
                    .await
                    .unwrap();
            });
        assert_eq!(delivered.0, 200, "{}", delivered.1);
        assert_eq!(plan().await, "free");
    }
);
