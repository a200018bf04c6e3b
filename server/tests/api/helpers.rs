//! `spawn_app`: the real server, in-process on port 0, with its own fresh database —
//! a new SQLite file, or a new PostgreSQL database on 127.0.0.1:5432.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use calcsmith_server::config::Config;
use calcsmith_server::startup;
use reqwest::Client;
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// Which database a test runs against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

const PG_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A running app and where it keeps its data.
pub struct TestApp {
    pub address: String,
    pub config: Config,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<Result<(), String>>>,
}

impl TestApp {
    /// A client with its own cookie jar: one user's browser.
    pub fn browser(&self) -> Client {
        Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Stops the server, finishing requests in flight.
    pub async fn stop(mut self) -> Config {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(server) = self.server.take() {
            server.await.expect("server task").expect("server ran");
        }
        self.config.clone()
    }
}

/// A fresh database URL of the given kind, or `None` when PostgreSQL is unreachable
/// and the run is not CI.
pub async fn fresh_database(db: Db, data_dir: &Path) -> Option<String> {
    match db {
        Db::Sqlite => Some(format!(
            "sqlite://{}?mode=rwc",
            data_dir.join("calcsmith.db").display()
        )),
        Db::Postgres => {
            use sea_orm::{ConnectionTrait, Database};
            let admin = match Database::connect(PG_ADMIN_URL).await {
                Ok(admin) => admin,
                Err(e) if std::env::var_os("CI").is_some() => {
                    panic!("CI is set but PostgreSQL at {PG_ADMIN_URL} is unreachable: {e}")
                }
                Err(e) => {
                    eprintln!(
                        "\n!!! SKIPPING a PostgreSQL test: {PG_ADMIN_URL} is unreachable ({e}) !!!\n"
                    );
                    return None;
                }
            };
            drop_stale_databases(&admin).await;
            let name = format!(
                "calcsmith_t_{}_{}_{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed),
                calcsmith_server::tokens::random_token()
                    .get(..8)
                    .unwrap_or("x")
            );
            admin
                .execute_unprepared(&format!("CREATE DATABASE {name}"))
                .await
                .expect("create test database");
            Some(format!("postgres://postgres@127.0.0.1:5432/{name}"))
        }
    }
}

/// Drops the test databases of earlier runs (once per test process).
async fn drop_stale_databases(admin: &sea_orm::DatabaseConnection) {
    use sea_orm::{ConnectionTrait, Statement};
    static DONE: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    DONE.get_or_init(|| async {
        let mine = format!("calcsmith_t_{}_", std::process::id());
        let sql = "SELECT datname FROM pg_database WHERE datname LIKE 'calcsmith_t_%'";
        let rows = admin
            .query_all_raw(Statement::from_string(admin.get_database_backend(), sql))
            .await
            .unwrap_or_default();
        for row in rows {
            let name: String = row.try_get("", "datname").unwrap_or_default();
            if !name.starts_with(&mine) {
                let _ = admin
                    .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .await;
            }
        }
    })
    .await;
}

/// The config of a test app on port 0 with the given database.
pub fn test_config(database_url: String, data_dir: PathBuf) -> Config {
    let calc_bin = repo().join("target/debug/calc");
    assert!(
        calc_bin.exists(),
        "{} is missing: run `cargo build -p calcsmith-engine --bin calc` (scripts/test does)",
        calc_bin.display()
    );
    Config {
        addr: "127.0.0.1:0".parse().expect("addr"),
        database_url,
        public_url: "http://127.0.0.1".to_owned(),
        cookie_secure: false,
        secret_key: "test-secret".to_owned(),
        data_dir,
        web_dir: repo().join("web/dist"),
        pkg_dir: repo().join("pkg"),
        calc_bin,
        eval_workers: 2,
        eval_limits: Default::default(),
        rate_limit_scale: 1,
        smtp_url: None,
        smtp_ca: None,
        smtp_from: "Calcsmith <no-reply@example.com>".to_owned(),
        metrics_token: None,
        header_timeout: std::time::Duration::from_secs(10),
        idle_timeout: std::time::Duration::from_secs(60),
        request_timeout: std::time::Duration::from_secs(30),
        published_cache: std::time::Duration::from_millis(1000),
        billing: calcsmith_server::config::BillingConfig {
            test_clocks: true,
            ..Default::default()
        },
        webhooks: Default::default(),
        // Counted events reach the database within a fifth of a second.
        analytics: calcsmith_server::config::AnalyticsConfig {
            flush_every: std::time::Duration::from_millis(200),
            ..Default::default()
        },
        submissions_sweep: std::time::Duration::from_secs(3600),
        // Mail goes at once, and a failed attempt is retried within a tenth of a second.
        mail: calcsmith_server::config::MailConfig {
            poll: std::time::Duration::from_millis(100),
            retry_first: std::time::Duration::from_millis(50),
            retry_max: std::time::Duration::from_millis(100),
            attempts: 3,
            ..Default::default()
        },
    }
}

/// Starts the app with `config`.
pub async fn start(mut config: Config) -> TestApp {
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .expect("bind");
    let local = listener.local_addr().expect("addr");
    let address = format!("http://{local}");
    config.public_url = address.clone();
    let app = startup::build(config.clone(), local)
        .await
        .expect("app builds");
    let (shutdown, stopped) = oneshot::channel::<()>();
    let timeouts = calcsmith_server::connections::ConnectionTimeouts::of(&config);
    let server = tokio::spawn(startup::run(listener, app, timeouts, async {
        let _ = stopped.await;
    }));
    TestApp {
        address,
        config,
        shutdown: Some(shutdown),
        server: Some(server),
    }
}

/// A new app with a fresh database; `None` when that database cannot be had (non-CI).
pub async fn spawn_app(db: Db) -> Option<TestApp> {
    spawn_app_with(db, |_| {}).await
}

/// [`spawn_app`] with a changed configuration.
pub async fn spawn_app_with(db: Db, configure: impl FnOnce(&mut Config)) -> Option<TestApp> {
    let data_dir = std::env::temp_dir().join(format!(
        "calcsmith-test-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let url = fresh_database(db, &data_dir).await?;
    let mut config = test_config(url, data_dir);
    configure(&mut config);
    Some(start(config).await)
}

/// Solves a real captcha challenge from the server, as the widget does.
pub async fn solve_captcha(app: &TestApp, client: &Client) -> String {
    use base64::Engine as _;
    let challenge: altcha::Challenge = client
        .get(app.url("/api/captcha"))
        .send()
        .await
        .expect("captcha")
        .json()
        .await
        .expect("challenge json");
    let solution = altcha::solve_challenge(altcha::SolveChallengeOptions::new(&challenge))
        .expect("solver")
        .expect("solution");
    let payload = json!({"challenge": challenge, "solution": solution});
    base64::engine::general_purpose::STANDARD.encode(payload.to_string())
}

/// Signs up a new user in `client`'s cookie jar; returns their email.
pub async fn sign_up(app: &TestApp, client: &Client, email: &str) -> Value {
    let captcha = solve_captcha(app, client).await;
    let response = client
        .post(app.url("/api/signup"))
        .json(&json!({"email": email, "password": "correct horse", "name": "Ada", "captchaResponse": captcha}))
        .send()
        .await
        .expect("signup");
    assert_eq!(response.status(), 200, "sign-up failed");
    response.json().await.expect("user json")
}

/// Deletes the account signed in on `client` (made by [`sign_up`], so its password).
pub async fn delete_account(app: &TestApp, client: &Client) -> reqwest::Response {
    client
        .delete(app.url("/api/account"))
        .json(&json!({"password": "correct horse"}))
        .send()
        .await
        .expect("delete account")
}

/// A calculator doc whose script is `script`, with one number input and one output.
pub fn doc(script: &str) -> Value {
    json!({
        "name": "Test",
        "script": script,
        "metaInputs": [{"id": 1, "name": "a", "type": "number"}],
        "metaOutputs": [{"id": 1, "name": "x", "type": "value", "decimalPlaces": 2}],
        "defaults": {"1": 21}
    })
}

/// 16 random letters and digits.
pub fn new_id() -> String {
    calcsmith_server::tokens::random_token()
        .chars()
        .take(16)
        .collect()
}

/// Saves `doc` under `id` and returns the response. Like the editor, it sends the revision
/// the calculator is at when it exists (a save of an existing one without it is a 409).
pub async fn save(app: &TestApp, client: &Client, id: &str, doc: &Value) -> reqwest::Response {
    let url = app.url(&format!("/api/source/{id}"));
    let current = client.get(&url).send().await.expect("read before save");
    let revision = if current.status() == 200 {
        current.json::<Value>().await.expect("source json")["revision"].as_i64()
    } else {
        None
    };
    let mut body = json!({"doc": doc, "doc_style": {"bgcolor": "#fff", "fsize": 12}});
    if let Some(revision) = revision {
        body["revision"] = json!(revision);
    }
    client.post(url).json(&body).send().await.expect("save")
}

/// Declares a test that runs once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! both_databases {
    ($name:ident, $body:expr) => {
        $crate::both_databases!($name, configure = |_| {}, $body);
    };
    ($name:ident, configure = $configure:expr, $body:expr) => {
        mod $name {
            use super::*;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                if let Some(app) = spawn_app_with(Db::Sqlite, $configure).await {
                    ($body)(app).await;
                }
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(app) = spawn_app_with(Db::Postgres, $configure).await {
                    ($body)(app).await;
                }
            }
        }
    };
}

/// The `calc` member of a page's preloaded data, if any.
pub fn preloaded_calc(html: &str) -> Option<Value> {
    let start = html.find(r#"type="application/json">"#)? + r#"type="application/json">"#.len();
    let end = start + html[start..].find("</script>")?;
    let data: Value = serde_json::from_str(&html[start..end]).expect("preload is JSON");
    data.get("calc").cloned()
}

/// Lets a test save more often than a person would.
pub fn many_saves(config: &mut Config) {
    config.rate_limit_scale = 100;
}

/// A response's status and JSON body.
pub async fn json_answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.expect("json body"))
}

/// `GET path`: status and JSON body.
pub async fn get_json(app: &TestApp, client: &Client, path: &str) -> (u16, Value) {
    json_answer(client.get(app.url(path)).send().await.expect("get")).await
}

/// `GET path`: status and body as text, exactly as sent (JSON that serde_json would refuse,
/// such as a lone surrogate's escape, HTML, CSV).
pub async fn get_text(app: &TestApp, client: &Client, path: &str) -> (u16, String) {
    let response = client.get(app.url(path)).send().await.expect("get");
    let status = response.status().as_u16();
    (status, response.text().await.expect("text body"))
}

/// `DELETE path` as `client`: the status and the JSON answer.
pub async fn delete_json(app: &TestApp, client: &Client, path: &str) -> (u16, Value) {
    json_answer(client.delete(app.url(path)).send().await.expect("delete")).await
}

/// Saves `doc` with `style` as the editor does: based on the revision it is at, if any.
pub async fn save_on_current(
    app: &TestApp,
    client: &Client,
    id: &str,
    doc: &Value,
    style: &Value,
) -> (u16, Value) {
    let path = format!("/api/source/{id}");
    let (status, current) = get_json(app, client, &path).await;
    let mut body = json!({"doc": doc, "doc_style": style});
    if status == 200 {
        body["revision"] = current["revision"].clone();
    }
    json_answer(
        client
            .post(app.url(&path))
            .json(&body)
            .send()
            .await
            .expect("save"),
    )
    .await
}

/// The app on a fresh SQLite database, serving a stand-in web build of `files` (path in
/// the build, text) written under a folder named after `label`.
pub async fn app_on_web_build(label: &str, files: &[(&str, &str)]) -> TestApp {
    let root = std::env::temp_dir().join(format!("calcsmith-{label}-{}", std::process::id()));
    let web = root.join("web");
    for (path, text) in files {
        let file = web.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    let data = root.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let url = fresh_database(Db::Sqlite, &data).await.unwrap();
    let mut config = test_config(url, data);
    config.web_dir = web;
    start(config).await
}

/// A response header as text, or "" when it is absent.
pub fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default()
}
