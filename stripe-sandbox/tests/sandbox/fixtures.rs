//! The sandbox's objects against Stripe's official example objects (`tests/data/
//! fixtures3.json`, from github.com/stripe/openapi, MIT): every key the example has is there,
//! and async-stripe's own types read each object.

use serde_json::Value;
use stripe_billing::subscription::{CreateSubscription, CreateSubscriptionItems};
use stripe_core::customer::CreateCustomer;
use stripe_core::setup_intent::CreateSetupIntent;

use crate::{TestSandbox, spawn};

const FIXTURES: &str = include_str!("../data/fixtures3.json");

pub fn fixture(resource: &str) -> Value {
    let all: Value = serde_json::from_str(FIXTURES).unwrap();
    let mut fixture = all["resources"][resource].clone();
    if resource == "event" {
        // The example event is about a plan; the object inside ours is another resource,
        // whose keys its own fixture checks.
        fixture["data"]["object"] = Value::Null;
    }
    fixture
}

/// Keys of `expected` (recursively through objects both sides have) missing from `actual`.
pub fn missing_keys(path: &str, expected: &Value, actual: &Value) -> Vec<String> {
    let (Some(expected), Some(actual)) = (expected.as_object(), actual.as_object()) else {
        return Vec::new();
    };
    let mut missing = Vec::new();
    for (key, value) in expected {
        match actual.get(key) {
            None => missing.push(format!("{path}.{key}")),
            // Metadata is the caller's own keys, not a shape.
            Some(_) if key == "metadata" => {}
            Some(ours) => missing.extend(missing_keys(&format!("{path}.{key}"), value, ours)),
        }
    }
    missing
}

/// Every object kind the fixture test covers, made by the sandbox: a subscription paid with a
/// card saved through a SetupIntent, its invoice and payment, and the webhook about it.
async fn objects() -> (TestSandbox, Vec<(&'static str, Value)>) {
    let app = spawn().await;
    let customer = CreateCustomer::new()
        .email("ada@example.com")
        .name("Ada")
        .send(&app.client)
        .await
        .unwrap();
    let setup = CreateSetupIntent::new()
        .customer(customer.id.as_str())
        .payment_method("pm_card_visa")
        .confirm(true)
        .send(&app.client)
        .await
        .unwrap();
    let pm = setup.payment_method.unwrap().id().to_string();
    let price = app
        .get("/v1/prices?lookup_keys[]=calcsmith_regular_monthly")
        .await["data"][0]
        .clone();
    let mut item = CreateSubscriptionItems::new();
    item.price = Some(price["id"].as_str().unwrap().to_string());
    let subscription = CreateSubscription::new()
        .customer(customer.id.as_str())
        .items(vec![item])
        .default_payment_method(pm.clone())
        .send(&app.client)
        .await
        .unwrap();
    let invoice = app
        .get(&format!(
            "/v1/invoices/{}",
            subscription.latest_invoice.unwrap().id().clone().unwrap()
        ))
        .await;
    let payment = app
        .get(&format!(
            "/v1/invoices/{}?expand[]=payments",
            invoice["id"].as_str().unwrap()
        ))
        .await;
    let pi = payment["payments"]["data"][0]["payment"]["payment_intent"]
        .as_str()
        .unwrap()
        .to_string();
    let event: Value = serde_json::from_value(
        app.wait_for_event("customer.subscription.created", subscription.id.as_str())
            .await[0]
            .clone(),
    )
    .unwrap();
    let objects = vec![
        (
            "customer",
            app.get(&format!("/v1/customers/{}", customer.id)).await,
        ),
        (
            "payment_method",
            app.get(&format!("/v1/payment_methods/{pm}")).await,
        ),
        (
            "setup_intent",
            app.get(&format!("/v1/setup_intents/{}", setup.id)).await,
        ),
        (
            "payment_intent",
            app.get(&format!("/v1/payment_intents/{pi}")).await,
        ),
        ("price", price.clone()),
        (
            "product",
            app.get(&format!(
                "/v1/products/{}",
                price["product"].as_str().unwrap()
            ))
            .await,
        ),
        (
            "subscription",
            app.get(&format!("/v1/subscriptions/{}", subscription.id))
                .await,
        ),
        ("invoice", invoice),
        ("event", event),
    ];
    (app, objects)
}

#[tokio::test]
async fn every_object_carries_every_key_of_stripes_example() {
    let (_app, objects) = objects().await;
    // Stripe's examples fill in objects that are null for a plain card subscription (a
    // discount, a quote, a wallet); keys inside those cannot be compared, keys inside the
    // objects both have are.
    let missing: Vec<String> = objects
        .iter()
        .flat_map(|(kind, object)| missing_keys(kind, &fixture(kind), object))
        .collect();
    assert!(missing.is_empty(), "missing keys: {missing:?}");
}

#[tokio::test]
async fn every_object_deserializes_into_async_stripes_own_type() {
    let (app, objects) = objects().await;
    for (kind, object) in objects {
        let text = object.to_string();
        let result = match kind {
            "customer" => miniserde::json::from_str::<stripe_shared::Customer>(&text).map(|_| ()),
            "payment_method" => {
                miniserde::json::from_str::<stripe_shared::PaymentMethod>(&text).map(|_| ())
            }
            "setup_intent" => {
                miniserde::json::from_str::<stripe_shared::SetupIntent>(&text).map(|_| ())
            }
            "payment_intent" => {
                miniserde::json::from_str::<stripe_shared::PaymentIntent>(&text).map(|_| ())
            }
            "price" => miniserde::json::from_str::<stripe_shared::Price>(&text).map(|_| ()),
            "product" => miniserde::json::from_str::<stripe_shared::Product>(&text).map(|_| ()),
            "subscription" => {
                miniserde::json::from_str::<stripe_shared::Subscription>(&text).map(|_| ())
            }
            "invoice" => miniserde::json::from_str::<stripe_shared::Invoice>(&text).map(|_| ()),
            "event" => {
                let delivery = app
                    .deliveries()
                    .into_iter()
                    .find(|d| d.body == text)
                    .unwrap();
                stripe_webhook::Webhook::construct_event(
                    &delivery.body,
                    &delivery.signature,
                    &app.sandbox.webhook_secret(),
                )
                .map(|_| ())
                .map_err(|_| miniserde::Error)
            }
            _ => unreachable!(),
        };
        assert!(result.is_ok(), "{kind} does not deserialize: {text}");
    }
}
