//! Reliability: the real `calcsmith` binary is killed with SIGKILL in the middle of
//! concurrent saves and started again on the same database; every save it acknowledged
//! is there with its content.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use reqwest::Client;
use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::helpers::{Db, doc, fresh_database, new_id, test_config};

/// Writers saving at once, each to its own calculator (a free plan holds five).
const WRITERS: usize = 5;

/// A `calcsmith serve` process.
pub(crate) struct Server {
    child: Child,
    address: String,
}

impl Server {
    async fn start(database_url: &str, data_dir: &std::path::Path) -> Server {
        Server::start_with(database_url, data_dir, &[]).await
    }

    /// [`Server::start`] with more environment variables.
    pub(crate) async fn start_with(
        database_url: &str,
        data_dir: &std::path::Path,
        env: &[(&str, &str)],
    ) -> Server {
        let config = test_config(database_url.to_owned(), data_dir.to_owned());
        let port = free_port();
        let child = Command::new(env!("CARGO_BIN_EXE_calcsmith"))
            .arg("serve")
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("DATABASE_URL", database_url)
            .env("CALCSMITH_DATA_DIR", data_dir)
            .env("CALCSMITH_SECRET_KEY", &config.secret_key)
            .env("CALCSMITH_CALC_BIN", &config.calc_bin)
            .env("CALCSMITH_PKG_DIR", &config.pkg_dir)
            .env("CALCSMITH_WEB_DIR", &config.web_dir)
            .env("CALCSMITH_RATE_LIMIT_SCALE", "1000")
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start calcsmith");
        let server = Server {
            child,
            address: format!("http://127.0.0.1:{port}"),
        };
        let probe = Client::new();
        for _ in 0..300 {
            if let Ok(answer) = probe.get(server.url("/readyz")).send().await
                && answer.status() == 200
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("calcsmith did not become ready at {}", server.address);
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// SIGKILL: no graceful shutdown, no flush.
    pub(crate) fn kill(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reaped");
    }
}

impl Server {
    /// SIGTERM, then waits for the process to end (a graceful stop).
    pub(crate) fn terminate(mut self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        self.child.wait().expect("reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub(crate) async fn sign_up(server: &Server, client: &Client) {
    use base64::Engine as _;
    let challenge: altcha::Challenge = client
        .get(server.url("/api/captcha"))
        .send()
        .await
        .expect("captcha")
        .json()
        .await
        .expect("challenge");
    let solution = altcha::solve_challenge(altcha::SolveChallengeOptions::new(&challenge))
        .expect("solver")
        .expect("solution");
    let captcha = base64::engine::general_purpose::STANDARD
        .encode(json!({"challenge": challenge, "solution": solution}).to_string());
    let answer = client
        .post(server.url("/api/signup"))
        .json(
            &json!({"email": "crash@example.com", "password": "correct horse",
            "name": "Ada", "captchaResponse": captcha}),
        )
        .send()
        .await
        .expect("sign-up");
    assert_eq!(answer.status(), 200, "sign-up");
}

/// The script of version `n` of a writer's calculator.
fn script(n: u64) -> String {
    format!("return {{ x: {n} }};")
}

/// Saves versions 1, 2, 3… of one calculator until the server dies; the last version it
/// acknowledged.
async fn write(client: Client, url: String, acknowledged: Arc<Mutex<u64>>) {
    let mut revision: Option<Value> = None;
    for n in 1u64.. {
        let mut body = json!({"doc": doc(&script(n)), "doc_style": {"bgcolor": "#fff"}});
        if let Some(revision) = &revision {
            body["revision"] = revision.clone();
        }
        let Ok(answer) = client.post(&url).json(&body).send().await else {
            return; // the server is gone
        };
        if answer.status() != 200 {
            let status = answer.status();
            let text = answer.text().await.unwrap_or_default();
            // A connection cut mid-answer is not an acknowledgement; anything else is a bug.
            panic!("save {n} answered {status}: {text}");
        }
        let Ok(saved) = answer.json::<Value>().await else {
            return;
        };
        revision = saved.get("revision").cloned();
        *acknowledged.lock().await = n;
    }
}

async fn kill_during_saves(db: Db) {
    let data_dir = std::env::temp_dir().join(format!(
        "calcsmith-crash-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let Some(database_url) = fresh_database(db, &data_dir).await else {
        return;
    };
    let server = Server::start(&database_url, &data_dir).await;
    let client = Client::builder()
        .cookie_store(true)
        .build()
        .expect("client");
    sign_up(&server, &client).await;

    let ids: Vec<String> = (0..WRITERS).map(|_| new_id()).collect();
    let mut writers = Vec::new();
    let mut acknowledged = Vec::new();
    for id in &ids {
        let last = Arc::new(Mutex::new(0u64));
        acknowledged.push(last.clone());
        writers.push(tokio::spawn(write(
            client.clone(),
            server.url(&format!("/api/source/{id}")),
            last,
        )));
    }
    // Let every writer get a few saves acknowledged, then pull the plug mid-flight.
    for _ in 0..600 {
        let mut least = u64::MAX;
        for last in &acknowledged {
            least = least.min(*last.lock().await);
        }
        if least >= 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.kill();
    for writer in writers {
        writer.await.expect("a writer failed");
    }

    let server = Server::start(&database_url, &data_dir).await;
    for (id, last) in ids.iter().zip(&acknowledged) {
        let last = *last.lock().await;
        assert!(
            last >= 3,
            "{id}: only {last} saves acknowledged before the kill"
        );
        let source: Value = client
            .get(server.url(&format!("/api/source/{id}")))
            .send()
            .await
            .expect("read after restart")
            .json()
            .await
            .expect("source json");
        let stored = source["doc"]["script"].as_str().unwrap_or_default();
        // The last acknowledged version, or the one in flight when the server died (it
        // may have been committed without its answer reaching us).
        assert!(
            stored == script(last) || stored == script(last + 1),
            "{id}: acknowledged version {last}, but the database has {stored:?}"
        );
    }
    let mine: Value = client
        .put(server.url("/api/calc/user/"))
        .send()
        .await
        .expect("my calculators")
        .json()
        .await
        .expect("page json");
    assert_eq!(mine["paging"]["total"], WRITERS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_saves_survive_kill_9_on_sqlite() {
    kill_during_saves(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_saves_survive_kill_9_on_postgres() {
    kill_during_saves(Db::Postgres).await;
}
