//! What a webhook attempt's connection checks: the address again at every attempt (a name
//! that now resolves to loopback is refused, not reached), and the endpoint's TLS
//! certificate (one no public root vouches for fails the attempt).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rcgen::{CertificateParams, KeyPair};
use sea_orm::{ConnectionTrait, Database};
use serde_json::Value;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::PrivatePkcs8KeyDer;

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc};
use crate::webhook_delivery::first_attempt_of_a_test_event;
use crate::webhook_receiver::{Answer, Receiver};
use crate::webhooks::{add_endpoint, fast};

both_databases!(
    the_address_is_checked_again_at_every_attempt,
    |app: TestApp| async move {
        // An endpoint stored while its name led outside, now leading to loopback (as DNS
        // rebinding would): the attempt is refused, nothing reaches the receiver.
        let receiver = Receiver::start(Answer::Ok).await;
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let port = receiver
            .url
            .split(':')
            .nth(2)
            .unwrap()
            .split('/')
            .next()
            .unwrap();
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let wid = "rebound000000000";
        db.execute_unprepared(&format!(
            "INSERT INTO webhook_endpoints (id, calculator_id, owner_id, url, secret, enabled, \
             created_at) SELECT '{wid}', id, owner_id, 'https://localhost:{port}/hook', \
             'whsec_x', true, 1 FROM calculators WHERE id = '{id}'"
        ))
        .await
        .expect("endpoint");
        let body =
            first_attempt_of_a_test_event(&app, &author, &id, wid, "a refused attempt").await;
        let attempt = &body["data"][0]["attempts"][0];
        assert!(
            attempt["error"]
                .as_str()
                .unwrap()
                .starts_with("The webhook address leads to "),
            "{attempt}"
        );
        assert_eq!(attempt["status"], Value::Null);
        assert!(receiver.received().is_empty());
    }
);

/// A TLS server on 127.0.0.1 with a self-signed certificate; its address and how many
/// connections reached it.
async fn self_signed_server() -> (String, Arc<AtomicUsize>) {
    let key = KeyPair::generate().unwrap();
    let cert = CertificateParams::new(vec!["127.0.0.1".to_owned()])
        .unwrap()
        .self_signed(&key)
        .unwrap();
    let config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![cert.der().clone()],
            PrivatePkcs8KeyDer::from(key.serialize_der()).into(),
        )
        .unwrap();
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("https://{}/hook", listener.local_addr().unwrap());
    let connections = Arc::new(AtomicUsize::new(0));
    let counted = connections.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            counted.fetch_add(1, Ordering::SeqCst);
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let _ = acceptor.accept(stream).await;
            });
        }
    });
    (url, connections)
}

both_databases!(
    an_https_endpoint_whose_certificate_no_public_root_vouches_for_fails,
    configure = fast,
    |app: TestApp| async move {
        let (url, connections) = self_signed_server().await;
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (status, created) = add_endpoint(&app, &author, &id, &url).await;
        assert_eq!(status, 201, "{created}");
        let wid = created["id"].as_str().unwrap().to_owned();
        let body =
            first_attempt_of_a_test_event(&app, &author, &id, &wid, "a refused certificate").await;
        let attempt = &body["data"][0]["attempts"][0];
        assert_eq!(attempt["status"], Value::Null);
        assert!(
            attempt["error"]
                .as_str()
                .unwrap()
                .starts_with("TLS failed: invalid peer certificate"),
            "{attempt}"
        );
        assert!(
            connections.load(Ordering::SeqCst) >= 1,
            "the attempt reached the server"
        );
    }
);
