//! Tests of `config.rs`.

use super::*;

/// A file in the temp dir holding `contents`.
fn file_with(name: &str, contents: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("calcsmith-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

fn self_signed_pem() -> String {
    let key = rcgen::KeyPair::generate().unwrap();
    rcgen::CertificateParams::new(vec!["relay.example".to_owned()])
        .unwrap()
        .self_signed(&key)
        .unwrap()
        .pem()
}

#[test]
fn a_ca_file_may_hold_several_roots() {
    let pem = self_signed_pem() + &self_signed_pem();
    let ca = SmtpCa::load(&file_with("two-roots.pem", pem.as_bytes())).unwrap();
    assert_eq!(ca.roots.len(), 2);
}

#[test]
fn an_unreadable_ca_file_is_refused_by_name() {
    let error = SmtpCa::load(Path::new("/nonexistent/ca.pem")).unwrap_err();
    assert!(
        error.starts_with("SMTP_CA_FILE (/nonexistent/ca.pem): cannot read it"),
        "{error}"
    );
}

#[test]
fn a_ca_file_without_a_certificate_is_refused() {
    let file = file_with("no-cert.pem", b"not a certificate\n");
    let error = SmtpCa::load(&file).unwrap_err();
    assert!(error.ends_with("holds no PEM certificate"), "{error}");
}

#[test]
fn a_ca_file_with_a_broken_certificate_is_refused() {
    let pem = b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
    let error = SmtpCa::load(&file_with("broken.pem", pem)).unwrap_err();
    assert!(error.contains("not a usable root certificate"), "{error}");
}
