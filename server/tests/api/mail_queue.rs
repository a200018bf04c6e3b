//! The mail queue against a fake SMTP relay (a small tokio server in the test that
//! refuses a number of attempts with a 451 and then accepts): a refused message is
//! retried until the relay takes it, one refused every time ends in the outbox after its
//! attempts, a message queued when an instance stops is sent by the next one, and leases
//! taken at once never share a row.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use calcsmith_migrations::{Migrator, MigratorTrait};
use calcsmith_server::services::mail::content::{Payload, ResultsCopy};
use calcsmith_server::services::mail::queue;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::*;
use crate::mail_notify::{outbox, outbox_with, queued};
use crate::submissions::{author_with, collecting_doc, submit};

/// A fake SMTP relay on loopback.
struct Relay {
    url: String,
    /// `MAIL FROM` commands seen: one per attempt.
    attempts: Arc<AtomicUsize>,
    /// The messages it accepted, as sent (headers and body).
    received: Arc<Mutex<Vec<String>>>,
}

impl Relay {
    /// A relay that answers the first `refusals` attempts with 451, then accepts.
    async fn start(refusals: usize) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let attempts = Arc::new(AtomicUsize::new(0));
        let received = Arc::new(Mutex::new(Vec::new()));
        let (seen, store) = (attempts.clone(), received.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (seen, store) = (seen.clone(), store.clone());
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 fake ESMTP\r\n").await;
                    while let Ok(Some(line)) = lines.next_line().await {
                        let command = line.to_ascii_uppercase();
                        let reply: &[u8] = if command.starts_with("EHLO") {
                            b"250-fake\r\n250 8BITMIME\r\n"
                        } else if command.starts_with("MAIL") {
                            if seen.fetch_add(1, Ordering::SeqCst) < refusals {
                                b"451 4.3.0 try again later\r\n"
                            } else {
                                b"250 ok\r\n"
                            }
                        } else if command.starts_with("DATA") {
                            let _ = write.write_all(b"354 go ahead\r\n").await;
                            let mut message = String::new();
                            while let Ok(Some(data)) = lines.next_line().await {
                                if data == "." {
                                    break;
                                }
                                message.push_str(&data);
                                message.push('\n');
                            }
                            store.lock().unwrap().push(message);
                            b"250 queued\r\n"
                        } else if command.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 ok\r\n"
                        };
                        if write.write_all(reply).await.is_err() {
                            break;
                        }
                    }
                });
            }
        });
        Relay {
            url,
            attempts,
            received,
        }
    }

    fn attempts(&self) -> usize {
        self.attempts.load(Ordering::SeqCst)
    }

    /// The accepted messages once there are at least `n` (waiting at most a minute).
    async fn received(&self, n: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let received = self.received.lock().unwrap().clone();
            if received.len() >= n {
                return received;
            }
            assert!(Instant::now() < deadline, "the relay got {received:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Waits (at most a minute) until the queue is empty.
async fn drained(app: &TestApp) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while queued(app).await > 0 {
        assert!(Instant::now() < deadline, "the queue is not drained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Declares `test` (an async fn of a [`Db`]) once for each database.
macro_rules! on_both {
    ($name:ident, $test:ident) => {
        mod $name {
            use super::*;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $test(Db::Sqlite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                $test(Db::Postgres).await;
            }
        }
    };
}

/// A submission of a calculator that mails its author each one; the calculator's id.
async fn one_submission(app: &TestApp) -> String {
    let (_author, id) = author_with(app, "author@example.com", &collecting_doc()).await;
    let (status, answer) = submit(
        app,
        &app.browser(),
        &id,
        5.0,
        serde_json::json!({"email": "ada@example.com"}),
    )
    .await;
    assert_eq!(status, 201, "{answer}");
    id
}

async fn refused_twice_then_delivered(db: Db) {
    let relay = Relay::start(2).await;
    let url = relay.url.clone();
    let Some(app) = spawn_app_with(db, |config| config.smtp_url = Some(url)).await else {
        return;
    };
    let id = one_submission(&app).await;
    let received = relay.received(1).await;
    drained(&app).await;
    assert_eq!(received.len(), 1);
    assert_eq!(relay.attempts(), 3, "two refusals, then the delivery");
    let message = &received[0];
    for header in [
        "To: author@example.com\n".to_owned(),
        "Subject: New submission: Test\n".to_owned(),
        format!("List-Unsubscribe: <{}/unsubscribe/{id}?key=", app.address),
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click\n".to_owned(),
    ] {
        assert!(message.contains(&header), "{header:?} is not in {message}");
    }
    assert!(outbox(&app).await.is_empty());
}
on_both!(
    a_refused_mail_is_retried_until_the_relay_takes_it,
    refused_twice_then_delivered
);

async fn refused_every_time(db: Db) {
    let relay = Relay::start(usize::MAX).await;
    let url = relay.url.clone();
    let Some(app) = spawn_app_with(db, |config| config.smtp_url = Some(url)).await else {
        return;
    };
    one_submission(&app).await;
    let mail = outbox_with(&app, 1).await;
    assert_eq!(queued(&app).await, 0);
    assert_eq!(
        relay.attempts(),
        3,
        "the configured attempts, then the outbox"
    );
    assert_eq!(mail[0].to, "author@example.com");
    assert_eq!(mail[0].subject, "New submission: Test");
    assert!(relay.received.lock().unwrap().is_empty());
}
on_both!(
    a_mail_the_relay_always_refuses_ends_in_the_outbox,
    refused_every_time
);

async fn sent_after_a_restart(db: Db) {
    let down = Relay::start(usize::MAX).await;
    let url = down.url.clone();
    let Some(app) = spawn_app_with(db, |config| {
        config.smtp_url = Some(url);
        config.mail.attempts = 1000;
    })
    .await
    else {
        return;
    };
    one_submission(&app).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while down.attempts() == 0 {
        assert!(Instant::now() < deadline, "no attempt");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut config = app.stop().await;

    // The next instance (the relay is back, at another address) sends what was queued.
    let up = Relay::start(0).await;
    config.smtp_url = Some(up.url.clone());
    let again = start(config).await;
    let received = up.received(1).await;
    drained(&again).await;
    assert!(
        received[0].contains("Subject: New submission: Test\n"),
        "{}",
        received[0]
    );
    assert!(outbox(&again).await.is_empty());
    again.stop().await;
}
on_both!(a_queued_mail_is_sent_after_a_restart, sent_after_a_restart);

async fn leases_apart(db: Db) {
    let data = std::env::temp_dir().join(format!(
        "calcsmith-leases-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data).unwrap();
    let Some(url) = fresh_database(db, &data).await else {
        return;
    };
    let config = test_config(url, data);
    let conn = calcsmith_server::startup::connect(&config).await.unwrap();
    Migrator::up(&conn, None).await.unwrap();
    let payload = Payload::Results(ResultsCopy {
        calculator_id: new_id(),
        calculator_name: "Test".to_owned(),
        locale: "en".to_owned(),
        inputs: Vec::new(),
        outputs: Vec::new(),
    });
    for n in 0..20 {
        queue::enqueue(&conn, &format!("r{n}@example.com"), &payload)
            .await
            .unwrap();
    }
    let mut seen = HashSet::new();
    // Claims racing each other, until every row is leased.
    while seen.len() < 20 {
        let claims: Vec<_> = (0..4)
            .map(|k| {
                let config = config.clone();
                tokio::spawn(async move {
                    let db = calcsmith_server::startup::connect(&config).await.unwrap();
                    queue::claim(&db, &format!("holder{k}"), 60_000, 5)
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut got = 0;
        for claim in claims {
            for row in claim.await.unwrap() {
                assert!(seen.insert(row.id), "row {} was leased twice", row.id);
                got += 1;
            }
        }
        assert!(got > 0, "rows are left but none could be leased");
    }
    // All are held: nothing is left to lease until the leases run out.
    assert!(
        queue::claim(&conn, "late", 60_000, 50)
            .await
            .unwrap()
            .is_empty()
    );
    // A holder that dies (its lease runs out) leaves its row to the next claim.
    queue::enqueue(&conn, "late@example.com", &payload)
        .await
        .unwrap();
    let died = queue::claim(&conn, "died", -1, 50).await.unwrap();
    assert_eq!(died.len(), 1);
    let next = queue::claim(&conn, "next", 60_000, 50).await.unwrap();
    assert_eq!(
        next.iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![died[0].id]
    );
    assert!(
        !queue::delivered(&conn, died[0].id, "died").await.unwrap(),
        "no longer its row"
    );
    assert!(queue::delivered(&conn, died[0].id, "next").await.unwrap());
}
on_both!(leases_taken_at_once_never_share_a_row, leases_apart);

async fn forgotten_with_the_account(db: Db) {
    let down = Relay::start(usize::MAX).await;
    let url = down.url.clone();
    let Some(app) = spawn_app_with(db, |config| {
        config.smtp_url = Some(url);
        config.mail.attempts = 1000;
    })
    .await
    else {
        return;
    };
    let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
    let contact = serde_json::json!({"email": "ada@example.com"});
    assert_eq!(submit(&app, &app.browser(), &id, 5.0, contact).await.0, 201);
    let deadline = Instant::now() + Duration::from_secs(60);
    while down.attempts() == 0 {
        assert!(Instant::now() < deadline, "no attempt");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        queued(&app).await,
        1,
        "the notification waits for the relay"
    );
    assert_eq!(delete_account(&app, &author).await.status(), 200);
    assert_eq!(queued(&app).await, 0, "a deleted account gets no more mail");
}
on_both!(
    an_authors_waiting_mail_goes_with_the_account,
    forgotten_with_the_account
);
