//! Slow clients, out-of-range pages and the metrics (issue 10, findings 6–8): a trickled
//! header is cut off, a stalled body gets 408, a huge page number gets an answer, and
//! `/metrics` has a fixed label set and is not public.

use std::time::Duration;

use calcsmith_server::config::Config;
use reqwest::Method;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::both_databases;
use crate::helpers::*;

/// A new app on a fresh database of kind `db`, its config changed by `tweak` first.
async fn spawn_with(db: Db, tweak: impl FnOnce(&mut Config)) -> Option<TestApp> {
    let data_dir = std::env::temp_dir().join(format!(
        "calcsmith-test-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let url = fresh_database(db, &data_dir).await?;
    let mut config = test_config(url, data_dir);
    tweak(&mut config);
    Some(start(config).await)
}

/// Like `both_databases!`, for an app whose config `$tweak` changes.
macro_rules! both_databases_with {
    ($name:ident, $tweak:expr, $body:expr) => {
        mod $name {
            use super::*;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                if let Some(app) = spawn_with(Db::Sqlite, $tweak).await {
                    ($body)(app).await;
                }
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = spawn_with(Db::Postgres, $tweak).await {
                    ($body)(app).await;
                }
            }
        }
    };
}

/// A raw connection to the app.
async fn connect(app: &TestApp) -> TcpStream {
    let address = app.address.trim_start_matches("http://");
    TcpStream::connect(address).await.expect("connect")
}

/// What the server sends until it closes the connection or, with `head_only`, until the
/// end of a response's head. The outer limit only keeps a broken server from hanging the
/// test run; it is far above the server's own clocks.
async fn read_from(stream: &mut TcpStream, head_only: bool) -> String {
    let mut received = Vec::new();
    let outcome = tokio::time::timeout(Duration::from_secs(60), async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buf[..n]),
            }
            if head_only && received.windows(4).any(|w| w == b"\r\n\r\n") {
                break;
            }
        }
    })
    .await;
    assert!(
        outcome.is_ok(),
        "the server neither answered nor closed the connection"
    );
    String::from_utf8_lossy(&received).into_owned()
}

both_databases_with!(
    a_client_that_trickles_its_header_is_disconnected,
    |config: &mut Config| config.header_timeout = Duration::from_secs(1),
    |app: TestApp| async move {
        let mut slow = connect(&app).await;
        slow.write_all(b"GET /livez HTTP/1.1\r\nHo").await.unwrap();
        let answer = read_from(&mut slow, false).await;
        assert!(!answer.contains("200 OK"), "{answer}");
        // A client that sends its request at once is served as before.
        let response = app.browser().get(app.url("/livez")).send().await.unwrap();
        assert_eq!(response.status(), 200);
    }
);

both_databases_with!(
    a_stalled_body_gets_408_and_is_counted,
    |config: &mut Config| config.request_timeout = Duration::from_secs(1),
    |app: TestApp| async move {
        let mut slow = connect(&app).await;
        slow.write_all(
            b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"email\":",
        )
        .await
        .unwrap();
        let answer = read_from(&mut slow, true).await;
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        let metrics = app
            .browser()
            .get(app.url("/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            metrics
                .lines()
                .any(|line| line.starts_with("http_requests_total{")
                    && line.contains("route=\"/api/login\"")
                    && line.contains("status=\"408\"")),
            "{metrics}"
        );
    }
);

both_databases!(
    a_page_number_past_any_list_gets_an_answer,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "pages@example.com").await;
        let response = client
            .put(app.url("/api/calc/user/?page=461168601842738792"))
            .send()
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "page must be a number from 1 to 1000000.");
        let response = client
            .put(app.url("/api/calc/user/?page=1000000"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["data"], serde_json::json!([]));
    }
);

/// The standard methods, and the one label every other method shares.
const METHOD_LABELS: [&str; 8] = [
    "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "OTHER",
];

both_databases!(
    made_up_methods_and_paths_add_no_metric_series,
    |app: TestApp| async move {
        let client = app.browser();
        for n in 0..20 {
            let method = Method::from_bytes(format!("M{}", new_id()).as_bytes()).unwrap();
            let path = if n % 2 == 0 {
                "/livez".to_owned()
            } else {
                format!("/made-up/{}", new_id())
            };
            client.request(method, app.url(&path)).send().await.unwrap();
        }
        let metrics = client
            .get(app.url("/metrics"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let methods: Vec<&str> = metrics
            .split("method=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        assert!(methods.contains(&"OTHER"), "{metrics}");
        for method in methods {
            assert!(METHOD_LABELS.contains(&method), "{method} in {metrics}");
        }
        assert!(!metrics.contains("/made-up/"), "{metrics}");
    }
);

both_databases_with!(
    metrics_need_the_token_when_one_is_set,
    |config: &mut Config| config.metrics_token = Some("metrics-secret".to_owned()),
    |app: TestApp| async move {
        let client = app.browser();
        let response = client.get(app.url("/metrics")).send().await.unwrap();
        assert_eq!(response.status(), 401);
        let response = client
            .get(app.url("/metrics"))
            .bearer_auth("guess")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401);
        let response = client
            .get(app.url("/metrics"))
            .bearer_auth("metrics-secret")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("http_requests_total")
        );
    }
);

both_databases!(
    without_a_token_metrics_are_for_this_machine_only,
    |app: TestApp| async move {
        let client = app.browser();
        let response = client.get(app.url("/metrics")).send().await.unwrap();
        assert_eq!(response.status(), 200);
        // A request a local reverse proxy passed on comes from elsewhere.
        let response = client
            .get(app.url("/metrics"))
            .header("x-forwarded-for", "203.0.113.7")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403);
    }
);
