//! Keys, bad input and unknown addresses: Stripe's status codes and error objects, never a
//! panic.

use crate::spawn;

#[tokio::test]
async fn secret_endpoints_refuse_the_publishable_key_and_no_key() {
    let app = spawn().await;
    let (status, error) = app
        .raw(
            "GET",
            "/v1/prices",
            Some(&app.sandbox.publishable_key()),
            "",
        )
        .await;
    assert_eq!(status, 401);
    assert!(
        error["error"]["message"]
            .as_str()
            .unwrap()
            .contains("publishable API key")
    );
    assert_eq!(app.raw("GET", "/v1/prices", None, "").await.0, 401);
    assert_eq!(
        app.raw("GET", "/v1/prices", Some("sk_test_guess"), "")
            .await
            .0,
        401
    );
    assert_eq!(
        app.raw("GET", "/v1/prices", Some(&app.sandbox.secret_key()), "")
            .await
            .0,
        200
    );
    // The browser's card form uses the publishable key, as a header or a form field.
    let card = "type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2035";
    assert_eq!(
        app.raw(
            "POST",
            "/v1/payment_methods",
            Some(&app.sandbox.publishable_key()),
            card
        )
        .await
        .0,
        200
    );
    let with_field = format!("{card}&key={}", app.sandbox.publishable_key());
    assert_eq!(
        app.raw("POST", "/v1/payment_methods", None, &with_field)
            .await
            .0,
        200
    );
    assert_eq!(
        app.raw("POST", "/v1/payment_methods", None, card).await.0,
        401
    );
    // A key of three-byte characters is refused, not a panic.
    let odd_key = format!("{card}&key=%E2%82%AC%E2%82%AC%E2%82%AC");
    assert_eq!(
        app.raw("POST", "/v1/payment_methods", None, &odd_key)
            .await
            .0,
        401
    );
}

#[tokio::test]
async fn bad_form_input_is_a_stripe_style_400() {
    let app = spawn().await;
    let key = app.sandbox.secret_key();
    for (path, body, param) in [
        ("/v1/customers", "address[line1=x", "address[line1"),
        ("/v1/customers", "email=a&email[x]=b", "email[x]"),
        ("/v1/subscriptions", "items[0][price]=price_x", "customer"),
        (
            "/v1/test_helpers/test_clocks",
            "frozen_time=soon",
            "frozen_time",
        ),
        ("/v1/setup_intents", "confirm=maybe", "confirm"),
    ] {
        let (status, body) = app.raw("POST", path, Some(&key), body).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert_eq!(
            body["error"]["type"], "invalid_request_error",
            "{path}: {body}"
        );
        assert_eq!(body["error"]["param"], param, "{path}: {body}");
    }
    let (status, body) = app
        .raw("GET", "/v1/customers/cus_missing", Some(&key), "")
        .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("resource_missing"))
    );
    let (status, body) = app.raw("GET", "/v1/charges", Some(&key), "").await;
    assert_eq!(
        (status, body["error"]["type"].as_str()),
        (404, Some("invalid_request_error"))
    );
}

#[tokio::test]
async fn a_retried_create_with_the_same_idempotency_key_gets_the_same_object() {
    let app = spawn().await;
    let auth = format!("Bearer {}", app.sandbox.secret_key());
    let headers = [
        ("authorization", auth.as_str()),
        ("idempotency-key", "checkout-1"),
    ];
    let create = |body: &'static str| {
        let app = &app;
        let headers = &headers;
        async move {
            let (status, body) = app.request("POST", "/v1/customers", headers, body).await;
            (
                status,
                serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            )
        }
    };
    let (_, first) = create("email=a%40example.com").await;
    let (_, again) = create("email=a%40example.com").await;
    assert_eq!(first["id"], again["id"]);
    let (status, other) = create("email=b%40example.com").await;
    assert_eq!(
        (status, other["error"]["type"].as_str()),
        (400, Some("idempotency_error"))
    );
}

// Several threads, as the server runs: on one thread each request would run to its end
// before the next began.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_creates_with_one_idempotency_key_make_one_subscription() {
    let app = spawn().await;
    let auth = format!("Bearer {}", app.sandbox.secret_key());
    let customer = app
        .raw("POST", "/v1/customers", Some(&app.sandbox.secret_key()), "")
        .await
        .1["id"]
        .as_str()
        .unwrap()
        .to_string();
    let price = app.regular_price().await;
    let body =
        format!("customer={customer}&items[0][price]={price}&default_payment_method=pm_card_visa");
    let headers = [
        ("authorization", auth.as_str()),
        ("idempotency-key", "subscribe-once"),
    ];
    let create = || async {
        let (status, body) = app
            .request("POST", "/v1/subscriptions", &headers, &body)
            .await;
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(status, 200, "{body}");
        body["id"].as_str().unwrap().to_string()
    };
    let ids = tokio::join!(
        create(),
        create(),
        create(),
        create(),
        create(),
        create(),
        create(),
        create()
    );
    let ids = [ids.0, ids.1, ids.2, ids.3, ids.4, ids.5, ids.6, ids.7];
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    let listed = app
        .get(&format!("/v1/subscriptions?customer={customer}&status=all"))
        .await;
    assert_eq!(listed["data"].as_array().unwrap().len(), 1, "{listed}");
}
