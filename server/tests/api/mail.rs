//! Mail goes through SMTP when it is configured: a local fake SMTP server stands in for
//! the relay, so lettre's real client code runs. For whole deliveries over TLS the relay
//! has a certificate from a CA made at test time, which `SMTP_CA_FILE` makes trusted.

use std::sync::{Arc, Mutex};

use base64::Engine;
use calcsmith_server::config::SmtpCa;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::json;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::PrivatePkcs8KeyDer;

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

/// A certificate authority made for one test run and the relay's side of TLS, with a
/// certificate the CA signed for 127.0.0.1 and localhost.
struct TestCa {
    /// The CA's certificate as PEM, for `SMTP_CA_FILE`.
    pem: String,
    acceptor: TlsAcceptor,
}

fn test_ca() -> TestCa {
    let ca_key = KeyPair::generate().unwrap();
    let mut ca_params = CertificateParams::new(Vec::new()).unwrap();
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca_params
        .distinguished_name
        .push(DnType::CommonName, "Calcsmith test CA");
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca_params, ca_key);
    let relay_key = KeyPair::generate().unwrap();
    let relay_cert = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
        .unwrap()
        .signed_by(&relay_key, &issuer)
        .unwrap();
    // The server's own provider (ring), not whichever one a process default would pick.
    let config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![relay_cert.der().clone()],
            PrivatePkcs8KeyDer::from(relay_key.serialize_der()).into(),
        )
        .unwrap();
    TestCa {
        pem: ca_cert.pem(),
        acceptor: TlsAcceptor::from(Arc::new(config)),
    }
}

/// What the TLS relay saw.
#[derive(Debug, Default)]
struct RelayLog {
    /// Each command's verb after the layer it came on (`clear EHLO`, `tls AUTH`), and
    /// `handshake` or `handshake refused` where TLS was tried.
    steps: Vec<String>,
    /// `user:password` from each AUTH PLAIN.
    logins: Vec<String>,
    /// The messages after DATA.
    messages: Vec<String>,
}

const GREETING: &[u8] = b"220 relay ESMTP\r\n";

/// An SMTP relay with a certificate from `ca`: TLS from the first byte when
/// `implicit_tls`, else plain with STARTTLS offered. Returns its host:port and its log.
async fn tls_relay(ca: &TestCa, implicit_tls: bool) -> (String, Arc<Mutex<RelayLog>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let log = Arc::new(Mutex::new(RelayLog::default()));
    let (acceptor, store) = (ca.acceptor.clone(), log.clone());
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let (acceptor, store) = (acceptor.clone(), store.clone());
            tokio::spawn(relay_session(stream, acceptor, implicit_tls, store));
        }
    });
    (address, log)
}

/// One connection: in clear until STARTTLS (unless `implicit_tls`), then the handshake,
/// then the rest inside TLS.
async fn relay_session(
    mut stream: TcpStream,
    acceptor: TlsAcceptor,
    implicit_tls: bool,
    log: Arc<Mutex<RelayLog>>,
) {
    if !implicit_tls {
        stream.write_all(GREETING).await.unwrap();
        let Some(upgrading) = converse(stream, "clear", &log).await else {
            return;
        };
        stream = upgrading;
    }
    let Ok(mut secure) = acceptor.accept(stream).await else {
        log.lock()
            .unwrap()
            .steps
            .push("handshake refused".to_owned());
        return;
    };
    log.lock().unwrap().steps.push("handshake".to_owned());
    if implicit_tls {
        secure.write_all(GREETING).await.unwrap();
    }
    converse(secure, "tls", &log).await;
}

/// Answers SMTP commands on `stream` (on `layer`, "clear" or "tls") until QUIT or the end;
/// after `STARTTLS` hands the stream back for the handshake.
async fn converse<S: AsyncRead + AsyncWrite + Unpin>(
    stream: S,
    layer: &str,
    log: &Mutex<RelayLog>,
) -> Option<S> {
    let mut stream = BufReader::new(stream);
    let mut line = String::new();
    loop {
        line.clear();
        if stream.read_line(&mut line).await.unwrap_or(0) == 0 {
            return None;
        }
        let command = line.trim_end().to_owned();
        let verb = command
            .split(' ')
            .next()
            .unwrap_or_default()
            .to_ascii_uppercase();
        log.lock().unwrap().steps.push(format!("{layer} {verb}"));
        let reply: &[u8] = match verb.as_str() {
            "EHLO" if layer == "clear" => b"250-relay\r\n250-STARTTLS\r\n250 AUTH PLAIN\r\n",
            "EHLO" => b"250-relay\r\n250 AUTH PLAIN\r\n",
            "STARTTLS" => {
                stream.write_all(b"220 go ahead\r\n").await.unwrap();
                return Some(stream.into_inner());
            }
            "AUTH" => {
                log.lock().unwrap().logins.push(plain_login(&command));
                b"235 ok\r\n"
            }
            "DATA" => {
                stream.write_all(b"354 go ahead\r\n").await.unwrap();
                let message = read_message(&mut stream).await;
                log.lock().unwrap().messages.push(message);
                b"250 queued\r\n"
            }
            "QUIT" => {
                let _ = stream.write_all(b"221 bye\r\n").await;
                return None;
            }
            _ => b"250 ok\r\n",
        };
        stream.write_all(reply).await.unwrap();
    }
}

/// The lines after DATA up to the lone ".".
async fn read_message<S: AsyncBufRead + Unpin>(stream: &mut S) -> String {
    let mut message = String::new();
    let mut line = String::new();
    while stream.read_line(&mut line).await.unwrap_or(0) > 0 && line.trim_end() != "." {
        message.push_str(line.trim_end());
        message.push('\n');
        line.clear();
    }
    message
}

/// `user:password` from `AUTH PLAIN <base64 of "\0user\0password">`.
fn plain_login(command: &str) -> String {
    let encoded = command.split(' ').nth(2).unwrap_or_default();
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .unwrap_or_default();
    String::from_utf8_lossy(&decoded)
        .trim_start_matches('\0')
        .replace('\0', ":")
}

/// The app, started with `smtp_url` and (if given) `ca_pem` as `SMTP_CA_FILE`.
async fn app_mailing_through(smtp_url: String, ca_pem: Option<&str>) -> TestApp {
    let data = std::env::temp_dir().join(format!(
        "calcsmith-smtp-ca-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data).unwrap();
    let mut config = test_config(
        fresh_database(Db::Sqlite, &data).await.unwrap(),
        data.clone(),
    );
    config.smtp_url = Some(smtp_url);
    if let Some(pem) = ca_pem {
        let file = data.join("smtp-ca.pem");
        std::fs::write(&file, pem).unwrap();
        config.smtp_ca = Some(SmtpCa::load(&file).unwrap());
    }
    start(config).await
}

/// Signs `email` up and asks for its reset mail, which the app answers alike whether the
/// mail went out or not.
async fn ask_for_reset_mail(app: &TestApp, email: &str) {
    let client = app.browser();
    sign_up(app, &client, email).await;
    let response = client
        .post(app.url("/api/forgot"))
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        "If an account uses this email, a link to reset its password is on its way."
    );
}

/// The bodies in the outbox: mail SMTP did not take.
async fn outbox_bodies(app: &TestApp) -> Vec<String> {
    let db = Database::connect(&app.config.database_url).await.unwrap();
    db.query_all_raw(Statement::from_string(
        db.get_database_backend(),
        "SELECT body FROM outbox",
    ))
    .await
    .unwrap()
    .iter()
    .map(|row| row.try_get::<String>("", "body").unwrap())
    .collect()
}

/// Asserts `log` holds exactly one reset mail for `email`, with the app's own link.
fn assert_reset_mail_delivered(log: &RelayLog, app: &TestApp, email: &str) {
    assert_eq!(log.messages.len(), 1, "{log:?}");
    let message = &log.messages[0];
    assert!(message.contains(&format!("To: {email}")), "{message}");
    assert!(
        message.contains("Subject: Reset your Calcsmith password"),
        "{message}"
    );
    assert!(
        message.contains(&format!("{}/forgot?token=", app.address)),
        "{message}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smtps_delivers_the_mail_to_a_relay_the_smtp_ca_file_trusts() {
    let ca = test_ca();
    let (address, log) = tls_relay(&ca, true).await;
    let app = app_mailing_through(format!("smtps://mailer:secret@{address}"), Some(&ca.pem)).await;
    ask_for_reset_mail(&app, "smtps@example.com").await;
    {
        let log = log.lock().unwrap();
        assert_eq!(
            log.steps,
            [
                "handshake",
                "tls EHLO",
                "tls AUTH",
                "tls MAIL",
                "tls RCPT",
                "tls DATA",
                "tls QUIT"
            ],
            "credentials and mail only after the handshake"
        );
        assert_eq!(log.logins, ["mailer:secret"]);
        assert_reset_mail_delivered(&log, &app, "smtps@example.com");
    }
    assert!(outbox_bodies(&app).await.is_empty());
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starttls_delivers_the_mail_to_a_relay_the_smtp_ca_file_trusts() {
    for mode in ["required", "opportunistic"] {
        let ca = test_ca();
        let (address, log) = tls_relay(&ca, false).await;
        let app = app_mailing_through(
            format!("smtp://mailer:secret@{address}?tls={mode}"),
            Some(&ca.pem),
        )
        .await;
        ask_for_reset_mail(&app, "starttls@example.com").await;
        {
            let log = log.lock().unwrap();
            assert_eq!(
                log.steps,
                [
                    "clear EHLO",
                    "clear STARTTLS",
                    "handshake",
                    "tls EHLO",
                    "tls AUTH",
                    "tls MAIL",
                    "tls RCPT",
                    "tls DATA",
                    "tls QUIT"
                ],
                "tls={mode}: credentials and mail only after the handshake"
            );
            assert_eq!(log.logins, ["mailer:secret"], "tls={mode}");
            assert_reset_mail_delivered(&log, &app, "starttls@example.com");
        }
        assert!(outbox_bodies(&app).await.is_empty(), "tls={mode}");
        app.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_smtp_ca_file_the_relay_certificate_is_refused() {
    for implicit_tls in [true, false] {
        let ca = test_ca();
        let (address, log) = tls_relay(&ca, implicit_tls).await;
        let url = if implicit_tls {
            format!("smtps://mailer:secret@{address}")
        } else {
            format!("smtp://mailer:secret@{address}?tls=required")
        };
        let app = app_mailing_through(url.clone(), None).await;
        ask_for_reset_mail(&app, "untrusted@example.com").await;
        // The app gave up before the relay noticed the handshake end: wait for its record.
        for _ in 0..100 {
            if log
                .lock()
                .unwrap()
                .steps
                .iter()
                .any(|s| s.starts_with("handshake"))
            {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        {
            let log = log.lock().unwrap();
            assert_eq!(
                log.steps.last().map(String::as_str),
                Some("handshake refused"),
                "{url}: {log:?}"
            );
            assert!(
                log.logins.is_empty() && log.messages.is_empty(),
                "{url}: {log:?}"
            );
        }
        let outbox = outbox_bodies(&app).await;
        assert_eq!(outbox.len(), 1, "{url}: the mail waits in the outbox");
        assert!(outbox[0].contains("/forgot?token="), "{url}");
        app.stop().await;
    }
}
