//! Webhook deliveries across instances: a delivery due when a server stops is sent by the
//! next one on the same database, and two instances on one PostgreSQL database send each
//! event once (the queue's leases).

use std::collections::HashSet;

use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::json;

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::submit;
use crate::webhook_delivery::{log, log_when, parse, wired};
use crate::webhook_receiver::{Answer, Receiver, eventually, signature_holds};
use crate::webhooks::fast;

both_databases!(
    a_delivery_due_when_the_server_stops_is_sent_by_the_next_one,
    configure = fast,
    |app: TestApp| async move {
        let receiver = Receiver::start(Answer::Fail).await;
        let (author, id, wid, secret) = wired(&app, &receiver).await;
        let (status, _) = submit(
            &app,
            &app.browser(),
            &id,
            2.0,
            json!({"email": "a@example.com"}),
        )
        .await;
        assert_eq!(status, 201);
        receiver.wait_for(1).await;
        let config = app.stop().await;
        // The first server is gone with its delivery still failing; the next one, on the
        // same database (the session too), sends it once the receiver is back.
        let app = start(config).await;
        receiver.answer(Answer::Ok);
        let body = log_when(
            &app,
            &author,
            &id,
            &wid,
            "the delivery after a restart",
            |d| d["state"] == "delivered",
        )
        .await;
        let attempts = body["data"][0]["attempts"].as_array().unwrap();
        assert!(attempts.len() >= 2, "{attempts:?}");
        assert_eq!(attempts[0]["status"], 500);
        let got = receiver.received();
        let last = got.last().unwrap();
        assert!(signature_holds(&secret, &last.signature, &last.body));
        assert_eq!(parse(&last.body)["type"], "submission.created");
        app.stop().await;
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_one_postgres_database_send_each_submission_once() {
    let Some(first) = spawn_app_with(Db::Postgres, fast).await else {
        return;
    };
    let second = start(first.config.clone()).await;
    let receiver = Receiver::start(Answer::Ok).await;
    let (author, id, wid, secret) = wired(&first, &receiver).await;
    const N: usize = 12;
    let mut submission_ids = HashSet::new();
    for n in 0..N {
        let app = if n % 2 == 0 { &first } else { &second };
        let (status, answer) = submit(
            app,
            &app.browser(),
            &id,
            n as f64,
            json!({"email": "v@example.com"}),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
        submission_ids.insert(answer["id"].as_str().unwrap().to_owned());
    }
    let db = Database::connect(&first.config.database_url)
        .await
        .expect("db");
    eventually("every delivery delivered", || async {
        let row = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'delivered'",
            ))
            .await
            .ok()??;
        let delivered: i64 = row.try_get("", "n").ok()?;
        (delivered == N as i64).then_some(())
    })
    .await;
    let got = receiver.received();
    assert_eq!(got.len(), N, "each delivery sent once: {got:?}");
    let told: HashSet<String> = got
        .iter()
        .map(|r| {
            assert!(signature_holds(&secret, &r.signature, &r.body));
            parse(&r.body)["submission"]["id"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(told, submission_ids);
    let body = log(&first, &author, &id, &wid).await;
    assert_eq!(body["paging"]["total"], N);
    second.stop().await;
    first.stop().await;
}
