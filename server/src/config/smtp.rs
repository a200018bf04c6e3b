//! The certificate authority an SMTP relay's certificate is checked against
//! (`SMTP_CA_FILE`), for a relay with a private CA.

use std::path::{Path, PathBuf};

use lettre::transport::smtp::client::{Certificate, CertificateStore, TlsParameters};
use rustls_pki_types::CertificateDer;
use rustls_pki_types::pem::PemObject;

/// Extra root certificates for the SMTP relay (`SMTP_CA_FILE`), already checked.
#[derive(Clone)]
pub struct SmtpCa {
    file: PathBuf,
    pub(super) roots: Vec<Certificate>,
}

impl std::fmt::Debug for SmtpCa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpCa")
            .field("file", &self.file)
            .field("roots", &self.roots.len())
            .finish()
    }
}

impl SmtpCa {
    /// Reads the PEM certificates in `file`.
    ///
    /// # Errors
    /// The file cannot be read, holds no certificate, or one that is not a usable root;
    /// the message names `SMTP_CA_FILE`.
    pub fn load(file: &Path) -> Result<SmtpCa, String> {
        let problem = |what: String| format!("SMTP_CA_FILE ({}): {what}", file.display());
        let pem = std::fs::read(file).map_err(|e| problem(format!("cannot read it: {e}")))?;
        let ders = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| problem(format!("not valid PEM: {e}")))?;
        if ders.is_empty() {
            return Err(problem("holds no PEM certificate".to_owned()));
        }
        let roots = ders
            .into_iter()
            .map(|der| Certificate::from_der(der.to_vec()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| problem(e.to_string()))?;
        let ca = SmtpCa {
            file: file.to_owned(),
            roots,
        };
        // lettre parses the certificates only when it builds TLS parameters, which is at
        // send time: build them once now so a broken certificate fails the start.
        ca.tls_parameters(String::new(), CertificateStore::None)
            .map_err(|e| problem(format!("not a usable root certificate: {e}")))?;
        Ok(ca)
    }

    /// TLS parameters for a relay named `domain` that trust `store` and these roots.
    ///
    /// # Errors
    /// A certificate is not a usable root (checked by [`SmtpCa::load`]).
    pub fn tls_parameters(
        &self,
        domain: String,
        store: CertificateStore,
    ) -> Result<TlsParameters, lettre::transport::smtp::Error> {
        self.roots
            .iter()
            .cloned()
            .fold(
                TlsParameters::builder(domain).certificate_store(store),
                |builder, root| builder.add_root_certificate(root),
            )
            .build()
    }
}
