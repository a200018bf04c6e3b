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

/// A fake SMTP server that records what a client sends in clear: with `implicit_tls` it
/// says nothing and records the first bytes (TLS starts at once); otherwise it greets,
/// offers STARTTLS when `offer_starttls`, and after `STARTTLS` records the first bytes of
/// what follows. Returns the URL's host:port and the record.
async fn tls_peer(implicit_tls: bool, offer_starttls: bool) -> (String, Arc<Mutex<Vec<String>>>) {
    use tokio::io::AsyncReadExt;
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let record = Arc::new(Mutex::new(Vec::new()));
    let store = record.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let mut first = [0u8; 3];
                if implicit_tls {
                    if stream.read_exact(&mut first).await.is_ok() {
                        store.lock().unwrap().push(format!("bytes {first:02x?}"));
                    }
                    return;
                }
                let (read, mut write) = stream.split();
                let mut reader = BufReader::new(read);
                write.write_all(b"220 fake ESMTP\r\n").await.unwrap();
                let mut line = String::new();
                while reader.read_line(&mut line).await.unwrap_or(0) > 0 {
                    let command = line.trim().to_ascii_uppercase();
                    store.lock().unwrap().push(command.clone());
                    line.clear();
                    if command.starts_with("EHLO") {
                        let offer: &[u8] = if offer_starttls {
                            b"250-fake\r\n250-STARTTLS\r\n250 AUTH PLAIN\r\n"
                        } else {
                            b"250-fake\r\n250 AUTH PLAIN\r\n"
                        };
                        write.write_all(offer).await.unwrap();
                    } else if command.starts_with("STARTTLS") {
                        write.write_all(b"220 go ahead\r\n").await.unwrap();
                        if reader.read_exact(&mut first).await.is_ok() {
                            store.lock().unwrap().push(format!("bytes {first:02x?}"));
                        }
                        return;
                    } else if command.starts_with("QUIT") {
                        let _ = write.write_all(b"221 bye\r\n").await;
                        return;
                    } else {
                        write.write_all(b"250 ok\r\n").await.unwrap();
                    }
                }
            });
        }
    });
    (address, record)
}

/// Asks for a reset mail with `smtp_url` and returns what the SMTP peer saw.
async fn reset_mail_through(smtp_url: String, record: Arc<Mutex<Vec<String>>>) -> Vec<String> {
    let data = std::env::temp_dir().join(format!(
        "calcsmith-smtp-tls-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data).unwrap();
    let mut config = test_config(fresh_database(Db::Sqlite, &data).await.unwrap(), data);
    config.smtp_url = Some(smtp_url);
    let app = start(config).await;
    let client = app.browser();
    sign_up(&app, &client, "tls@example.com").await;
    let response = client
        .post(app.url("/api/forgot"))
        .json(&json!({"email": "tls@example.com"}))
        .send()
        .await
        .unwrap();
    // The handshake fails (the peer has no certificate): the mail stays in the outbox.
    assert_eq!(response.status(), 200);
    app.stop().await;
    record.lock().unwrap().clone()
}

/// Whether the bytes recorded are a TLS record's: a handshake (0x16) of TLS 1.x (0x03 ..).
fn is_client_hello(seen: &str) -> bool {
    seen.starts_with("bytes [16, 03, ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smtps_speaks_tls_from_the_first_byte() {
    let (address, record) = tls_peer(true, false).await;
    let seen = reset_mail_through(format!("smtps://mailer:secret@{address}"), record).await;
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(is_client_hello(&seen[0]), "{seen:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starttls_is_used_before_credentials_or_mail() {
    let (address, record) = tls_peer(false, true).await;
    let seen = reset_mail_through(
        format!("smtp://mailer:secret@{address}?tls=required"),
        record,
    )
    .await;
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(seen[0].starts_with("EHLO"), "{seen:?}");
    assert_eq!(seen[1], "STARTTLS");
    assert!(is_client_hello(&seen[2]), "{seen:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn required_tls_sends_nothing_to_a_server_without_starttls() {
    let (address, record) = tls_peer(false, false).await;
    let seen = reset_mail_through(
        format!("smtp://mailer:secret@{address}?tls=required"),
        record,
    )
    .await;
    assert!(
        !seen
            .iter()
            .any(|c| c.starts_with("AUTH") || c.starts_with("MAIL")),
        "credentials or mail went out in clear: {seen:?}"
    );
}
