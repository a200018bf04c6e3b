//! Stripe's size limits (issue 25, item 4: anyone with the publishable key could store
//! 400 KB a card): metadata, free-text fields and whole bodies past them are refused with
//! Stripe's error object, so nobody can fill the sandbox's state.

use serde_json::Value;

use crate::{TestSandbox, spawn};

const CARD: &str = "type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2035";

/// POSTs `body` and expects Stripe's 400 about `param`.
async fn refused(app: &TestSandbox, path: &str, key: &str, body: &str, param: &str) {
    let (status, error) = app.raw("POST", path, Some(key), body).await;
    assert_eq!(status, 400, "{path} {param}: {error}");
    assert_eq!(error["error"]["type"], "invalid_request_error", "{error}");
    assert_eq!(error["error"]["param"], param, "{error}");
    assert!(error["error"]["message"].as_str().is_some(), "{error}");
}

async fn accepted(app: &TestSandbox, path: &str, key: &str, body: &str) -> Value {
    let (status, object) = app.raw("POST", path, Some(key), body).await;
    assert_eq!(status, 200, "{path}: {object}");
    object
}

fn metadata(keys: usize, key_len: usize, value_len: usize) -> String {
    (0..keys)
        .map(|i| format!("&metadata[{i:0>key_len$}]={}", "v".repeat(value_len)))
        .collect()
}

#[tokio::test]
async fn metadata_takes_50_keys_of_40_characters_with_values_of_500() {
    let app = spawn().await;
    let secret = app.sandbox.secret_key();
    let public = app.sandbox.publishable_key();
    accepted(&app, "/v1/customers", &secret, &metadata(50, 40, 500)).await;
    refused(
        &app,
        "/v1/customers",
        &secret,
        &metadata(51, 2, 1),
        "metadata",
    )
    .await;
    let long_key = format!("metadata[{}]=v", "k".repeat(41));
    refused(&app, "/v1/customers", &secret, &long_key, "metadata").await;
    let long_value = format!("metadata[k]={}", "v".repeat(501));
    refused(&app, "/v1/customers", &secret, &long_value, "metadata[k]").await;
    let card_with = format!("{CARD}&metadata[k]={}", "v".repeat(501));
    refused(
        &app,
        "/v1/payment_methods",
        &public,
        &card_with,
        "metadata[k]",
    )
    .await;
}

#[tokio::test]
async fn customer_fields_take_stripes_lengths() {
    let app = spawn().await;
    let secret = app.sandbox.secret_key();
    for (param, max) in [
        ("name", 256),
        ("email", 512),
        ("phone", 20),
        ("description", 5000),
    ] {
        accepted(
            &app,
            "/v1/customers",
            &secret,
            &format!("{param}={}", "a".repeat(max)),
        )
        .await;
        let body = format!("{param}={}", "a".repeat(max + 1));
        refused(&app, "/v1/customers", &secret, &body, param).await;
    }
    let body = format!("address[line1]={}", "a".repeat(5001));
    refused(&app, "/v1/customers", &secret, &body, "address[line1]").await;
    let customer = accepted(&app, "/v1/customers", &secret, "name=Ada").await;
    let path = format!("/v1/customers/{}", customer["id"].as_str().unwrap());
    let body = format!("name={}", "a".repeat(257));
    refused(&app, &path, &secret, &body, "name").await;
}

#[tokio::test]
async fn billing_details_take_stripe_like_lengths() {
    let app = spawn().await;
    let public = app.sandbox.publishable_key();
    for (param, max) in [
        ("billing_details[name]", 256),
        ("billing_details[email]", 512),
        ("billing_details[phone]", 50),
        ("billing_details[address][line1]", 5000),
        ("billing_details[address][line2]", 5000),
        ("billing_details[address][city]", 5000),
        ("billing_details[address][state]", 5000),
        ("billing_details[address][postal_code]", 5000),
        ("billing_details[address][country]", 5000),
    ] {
        let fits = format!("{CARD}&{param}={}", "a".repeat(max));
        accepted(&app, "/v1/payment_methods", &public, &fits).await;
        let body = format!("{CARD}&{param}={}", "a".repeat(max + 1));
        refused(&app, "/v1/payment_methods", &public, &body, param).await;
    }
}

#[tokio::test]
async fn a_body_over_64_kb_is_a_stripe_style_413() {
    let app = spawn().await;
    let public = app.sandbox.publishable_key();
    let secret = app.sandbox.secret_key();
    let padding = format!(
        "{CARD}&billing_details[name]=a&padding={}",
        "a".repeat(64 * 1024)
    );
    for (path, key) in [("/v1/payment_methods", &public), ("/v1/customers", &secret)] {
        let (status, error) = app.raw("POST", path, Some(key), &padding).await;
        assert_eq!(status, 413, "{path}: {error}");
        assert_eq!(error["error"]["type"], "invalid_request_error", "{error}");
    }
    // The idempotency layer reads the body first; it gives the same answer.
    let auth = format!("Bearer {secret}");
    let headers = [("authorization", auth.as_str()), ("idempotency-key", "big")];
    let (status, body) = app
        .request("POST", "/v1/customers", &headers, &padding)
        .await;
    let error: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        (status, &error["error"]["type"]),
        (413, &Value::from("invalid_request_error"))
    );
}
