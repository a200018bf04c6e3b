//! The publishable key is public: the calls a browser makes with it are limited per client
//! address (issue 25, item 4), and answered as Stripe answers too many requests.

use crate::spawn_limited;

const CARD: &str = "type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2035";

#[tokio::test]
async fn browser_calls_past_the_limit_get_stripes_429_per_address() {
    let app = spawn_limited(3).await;
    let auth = format!("Bearer {}", app.sandbox.publishable_key());
    let headers = [("authorization", auth.as_str())];
    let create = |source: &'static str| {
        let app = &app;
        let headers = &headers;
        async move {
            let (status, body) = app
                .request_from(source, "POST", "/v1/payment_methods", headers, CARD)
                .await;
            (
                status,
                serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            )
        }
    };
    for _ in 0..3 {
        assert_eq!(create("127.0.0.1").await.0, 200);
    }
    let (status, error) = create("127.0.0.1").await;
    assert_eq!(status, 429, "{error}");
    assert_eq!(error["error"]["type"], "invalid_request_error");
    assert_eq!(error["error"]["code"], "rate_limit");
    // The 3-D Secure step counts too.
    let (status, _) = app.authenticate("seti_x_secret_y", "complete").await;
    assert_eq!(status, 429);
    // Another address has its own bucket.
    assert_eq!(create("127.0.0.2").await.0, 200);
    // The server's own calls (the secret key) are not counted.
    let secret = app.sandbox.secret_key();
    let (status, _) = app
        .raw("POST", "/v1/payment_methods", Some(&secret), CARD)
        .await;
    assert_eq!(status, 200);
}
