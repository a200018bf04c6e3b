//! Mail goes through SMTP when it is configured: a local fake SMTP server stands in for
//! the relay, so lettre's real client code runs.

use std::sync::{Arc, Mutex};

use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::*;

/// A minimal SMTP server; returns its URL and the messages it received.
async fn fake_smtp() -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("smtp://mailer:secret@{}", listener.local_addr().unwrap());
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                while let Ok(Some(line)) = lines.next_line().await {
                    let command = line.to_ascii_uppercase();
                    let reply: &[u8] = if command.starts_with("EHLO") {
                        b"250-fake\r\n250 AUTH PLAIN LOGIN\r\n"
                    } else if command.starts_with("AUTH") {
                        b"235 ok\r\n"
                    } else if command.starts_with("DATA") {
                        write.write_all(b"354 go ahead\r\n").await.unwrap();
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
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (url, received)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_mail_goes_through_smtp_when_it_is_configured() {
    let (smtp_url, received) = fake_smtp().await;
    let data = std::env::temp_dir().join(format!("calcsmith-smtp-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    let mut config = test_config(fresh_database(Db::Sqlite, &data).await.unwrap(), data);
    config.smtp_url = Some(smtp_url);
    let app = start(config).await;
    let client = app.browser();
    sign_up(&app, &client, "mailme@example.com").await;
    let response = client
        .post(app.url("/api/forgot"))
        .json(&json!({"email": "mailme@example.com"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let messages = received.lock().unwrap().clone();
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("To: mailme@example.com"),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("Subject: Reset your Calcsmith password"));
    assert!(messages[0].contains("/forgot?token="));
    app.stop().await;
}
