//! The evaluation service under hostile load: the worker pool is a hard bound on running
//! processes, an abandoned request kills its worker, one owner cannot take every
//! worker or fill the queue for others, and saves are rate-limited per user.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use calcsmith_server::config::{Config, EvalLimits};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio::task::JoinSet;

use crate::both_databases;
use crate::helpers::*;

const TIMEOUT: &str = "Calculation did not finish after 5 seconds. Is there an infinite loop?";
const OWNER_BUSY: &str =
    "Too many calculations at once. Please wait for the ones running to finish and try again.";
const SERVER_BUSY: &str = "The server is busy calculating. Please try again in a few seconds.";
const SAVING_TOO_OFTEN: &str = "You are saving too often. Please wait a few seconds and try again.";

/// Runs forever when input `a` is 1, else returns `a`.
const LOOPS_ON_ONE: &str = "if (inputs.a === 1) { while (true) {} }\nreturn { x: inputs.a };";

/// An app on a fresh SQLite database whose workers run from a path of their own, so
/// [`live_workers`] counts this app's workers and no other test's.
async fn app_with(configure: impl FnOnce(&mut Config)) -> (TestApp, PathBuf) {
    let data_dir = std::env::temp_dir().join(format!(
        "calcsmith-evaltest-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let url = fresh_database(Db::Sqlite, &data_dir).await.expect("sqlite");
    let mut config = test_config(url, data_dir.clone());
    let binary = data_dir.join("calc-worker");
    std::os::unix::fs::symlink(&config.calc_bin, &binary).expect("symlink calc");
    config.calc_bin = binary.clone();
    configure(&mut config);
    (start(config).await, binary)
}

/// The running processes this test process started from `binary` (zombies, already
/// ended, have no command line and are not counted).
fn live_workers(binary: &Path) -> Vec<u32> {
    let me = std::process::id().to_string();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`; comm may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        if rest.split_whitespace().nth(1) != Some(me.as_str()) {
            continue;
        }
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        if cmdline.split(|b| *b == 0).next() == Some(binary.as_os_str().as_bytes()) {
            found.push(pid);
        }
    }
    found
}

/// Saves `script` as a new (public) calculator of `author`; returns its id.
async fn publish(app: &TestApp, author: &Client, script: &str) -> String {
    let id = new_id();
    let response = save(app, author, &id, &doc(script)).await;
    assert_eq!(response.status(), 200, "save");
    id
}

async fn eval(app: &TestApp, client: &Client, id: &str, a: i64) -> reqwest::Response {
    client
        .post(app.url(&format!("/api/calc/{id}/eval")))
        .json(&json!({"values": {"1": a}}))
        .send()
        .await
        .expect("eval")
}

/// Status, `Retry-After` and message of a refusal.
async fn refusal(response: reqwest::Response) -> (StatusCode, Option<String>, String) {
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body: Value = response.json().await.expect("json body");
    let message = body["message"].as_str().unwrap_or("<none>").to_owned();
    (status, retry_after, message)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_evaluations_never_run_more_workers_than_the_pool() {
    // Generous shares, so the pool itself is what bounds the workers here.
    let (app, binary) = app_with(|config| {
        config.eval_workers = 2;
        config.eval_limits = EvalLimits {
            per_owner: 16,
            queued_per_owner: 16,
            queue: 64,
        };
    })
    .await;
    let author = app.browser();
    sign_up(&app, &author, "pool@example.com").await;
    let id = publish(&app, &author, LOOPS_ON_ONE).await;

    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (sampling, binary) = (sampling.clone(), binary.clone());
        tokio::spawn(async move {
            let mut most = 0;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                most = most.max(live_workers(&binary).len());
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            most
        })
    };
    // Waves of endless loops whose clients give up long before the 5-second limit.
    let impatient = Client::builder()
        .timeout(Duration::from_millis(1500))
        .build()
        .expect("client");
    let url = app.url(&format!("/api/calc/{id}/eval"));
    for _ in 0..3 {
        let mut wave = JoinSet::new();
        for _ in 0..6 {
            let request = impatient.post(&url).json(&json!({"values": {"1": 1}}));
            wave.spawn(request.send());
        }
        while let Some(sent) = wave.join_next().await {
            let error = sent
                .expect("task")
                .expect_err("the loop cannot answer in time");
            assert!(error.is_timeout(), "{error}");
        }
    }
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let most = sampler.await.expect("sampler");
    assert!(most >= 1, "no worker was ever seen");
    assert!(most <= 2, "{most} workers ran with a pool of 2");

    // The abandoned workers were replaced: an ordinary evaluation answers.
    let answer: Value = eval(&app, &author, &id, 2)
        .await
        .json()
        .await
        .expect("json");
    assert_eq!(answer["outputs"]["x"], 2);
    assert!(live_workers(&binary).len() <= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_built_in_that_never_returns_is_killed_and_its_worker_replaced() {
    let (app, binary) = app_with(|_| {}).await;
    let author = app.browser();
    sign_up(&app, &author, "redos@example.com").await;
    let hostile = [
        // Catastrophic backtracking: the regex engine never yields to the time limit.
        "if (inputs.a === 1) { /^(a+)+$/.test('a'.repeat(40) + 'b'); }\nreturn { x: inputs.a };",
        "if (inputs.a === 1) { Array(1e9).fill(0); }\nreturn { x: inputs.a };",
    ];
    for script in hostile {
        let id = publish(&app, &author, script).await;
        let answer: Value = eval(&app, &author, &id, 2)
            .await
            .json()
            .await
            .expect("json");
        assert_eq!(answer["outputs"]["x"], 2, "{script}");
        let before = live_workers(&binary);
        assert_eq!(before.len(), 1, "one warm worker");

        let response = eval(&app, &author, &id, 1).await;
        assert_eq!(response.status(), 200);
        let answer: Value = response.json().await.expect("json");
        assert_eq!(answer["error"], TIMEOUT, "{script}");
        // The worker was killed, not left running the built-in.
        assert!(
            !live_workers(&binary).contains(&before[0]),
            "the stuck worker still runs: {script}"
        );

        let answer: Value = eval(&app, &author, &id, 3)
            .await
            .json()
            .await
            .expect("json");
        assert_eq!(answer["outputs"]["x"], 3, "a new worker calculates");
        assert_ne!(live_workers(&binary), before);
    }
}

both_databases!(
    one_address_flooding_is_refused_while_another_users_evaluation_runs,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "flood-author@example.com").await;
        let looping = publish(&app, &author, LOOPS_ON_ONE).await;
        let other = app.browser();
        sign_up(&app, &other, "other@example.com").await;

        // Ten endless loops at once from one anonymous address: one runs, four wait,
        // the other five are refused at once.
        let anonymous = Client::new();
        let url = app.url(&format!("/api/calc/{looping}/eval"));
        let (done, mut finished) = mpsc::unbounded_channel();
        let mut flood = JoinSet::new();
        for _ in 0..10 {
            let (request, done) = (
                anonymous.post(&url).json(&json!({"values": {"1": 1}})),
                done.clone(),
            );
            flood.spawn(async move {
                let response = request.send().await.expect("flood");
                let _ = done.send(refusal(response).await);
            });
        }
        for _ in 0..5 {
            let (status, retry_after, message) = finished.recv().await.expect("an answer");
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{message}");
            assert_eq!(message, OWNER_BUSY);
            assert_eq!(retry_after.as_deref(), Some("7"));
        }

        // Another user's ordinary evaluation gets the other worker.
        let response = eval(&app, &other, &looping, 2).await;
        assert_eq!(response.status(), 200);
        let answer: Value = response.json().await.expect("json");
        assert_eq!(answer["outputs"]["x"], 2);
        // ...without waiting for the flood: its loops are all still running or waiting.
        assert!(
            finished.try_recv().is_err(),
            "the evaluation waited behind the flood"
        );
        // Dropping the flood's requests kills their workers.
        flood.abort_all();
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_is_refused_with_503_for_everyone() {
    let (app, _) = app_with(|config| {
        config.eval_workers = 1;
        config.eval_limits = EvalLimits {
            per_owner: 1,
            queued_per_owner: 4,
            queue: 0,
        };
    })
    .await;
    let author = app.browser();
    sign_up(&app, &author, "full@example.com").await;
    let id = publish(&app, &author, LOOPS_ON_ONE).await;
    let url = app.url(&format!("/api/calc/{id}/eval"));
    let send_loop = || {
        tokio::spawn(
            Client::new()
                .post(&url)
                .json(&json!({"values": {"1": 1}}))
                .send(),
        )
    };
    let mut hostile = send_loop();
    // Once the loop is admitted it has the only place in the server.
    let mut refused = None;
    for _ in 0..40 {
        if hostile.is_finished() {
            // It came while an evaluation below had the place, and was refused.
            hostile = send_loop();
        }
        let response = eval(&app, &author, &id, 2).await;
        if response.status() != StatusCode::OK {
            refused = Some(refusal(response).await);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, retry_after, message) = refused.expect("never refused");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(message, SERVER_BUSY);
    assert_eq!(retry_after.as_deref(), Some("7"));
    assert!(!hostile.is_finished(), "refused only while the loop ran");
    hostile.abort();
}

both_databases!(
    saves_past_the_per_user_rate_are_refused,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "saver@example.com").await;
        let id = publish(&app, &author, "return { x: inputs.a };").await;
        // Twice the burst at once: whatever the window, some are over the rate.
        let mut saves = JoinSet::new();
        for _ in 0..61 {
            let (app_url, client, id) = (app.address.clone(), author.clone(), id.clone());
            saves.spawn(async move {
                let body = json!({"doc": doc("return { x: 1 };"), "doc_style": {}});
                let response = client
                    .post(format!("{app_url}/api/source/{id}"))
                    .json(&body)
                    .send()
                    .await
                    .expect("save");
                refusal(response).await
            });
        }
        let mut too_often = 0;
        while let Some(answer) = saves.join_next().await {
            let (status, retry_after, message) = answer.expect("task");
            if message == SAVING_TOO_OFTEN {
                assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
                let seconds: u64 = retry_after.expect("Retry-After").parse().expect("seconds");
                assert!((1..=10).contains(&seconds), "Retry-After {seconds}");
                too_often += 1;
            }
        }
        assert!(too_often >= 1, "no save was refused");
        // Another user saves as usual.
        let other = app.browser();
        sign_up(&app, &other, "other-saver@example.com").await;
        assert_eq!(
            save(&app, &other, &new_id(), &doc("return {};"))
                .await
                .status(),
            200
        );
    }
);
