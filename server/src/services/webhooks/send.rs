//! One attempt: resolve the endpoint's host and check every address (`address.rs`),
//! connect to a checked address itself (so DNS cannot answer differently between the
//! check and the connection), speak TLS to the host's name over it (webpki roots), POST
//! the body over HTTP/1.1, and read the status and the start of the answer. Redirects are
//! never followed; the whole attempt has one time-out.

use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::header::{CONTENT_TYPE, HOST, HeaderName, HeaderValue, USER_AGENT};
use hyper::{Request, StatusCode};
use hyper_util::rt::TokioIo;
use rustls_pki_types::ServerName;
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::{ClientConfig, RootCertStore};

use super::address::{self, WebhookUrl};

/// The most characters of an answer's body kept in the log.
pub const EXCERPT_CHARS: usize = 500;

/// The most bytes of an answer read (the excerpt's characters at up to 4 bytes each).
const READ_BYTES: usize = EXCERPT_CHARS * 4;

/// What an attempt came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The status answered; `None`: no answer.
    pub status: Option<u16>,
    /// Why it failed without an answer (or why the answer is a failure).
    pub error: Option<String>,
    /// The start of the answer's body.
    pub excerpt: Option<String>,
    pub duration_ms: i64,
}

impl Outcome {
    /// Whether the endpoint took the delivery: a 2xx answer.
    pub fn delivered(&self) -> bool {
        self.error.is_none() && self.status.is_some_and(|s| (200..300).contains(&s))
    }

    /// An attempt that was not made because the address is refused.
    pub fn refused(error: String) -> Outcome {
        Outcome {
            status: None,
            error: Some(error),
            excerpt: None,
            duration_ms: 0,
        }
    }

    /// A short account for the author ("HTTP 500", or the error).
    pub fn summary(&self) -> String {
        match (&self.error, self.status) {
            (Some(error), _) => error.clone(),
            (None, Some(status)) => format!("HTTP {status}"),
            (None, None) => "no answer".to_owned(),
        }
    }
}

/// A duration as people read it: whole seconds, else milliseconds.
pub fn human(duration: Duration) -> String {
    let ms = duration.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{ms} ms")
    }
}

/// POSTs `body` to `url` with `headers`, within `timeout`.
pub async fn post(
    url: &WebhookUrl,
    headers: Vec<(HeaderName, String)>,
    body: String,
    timeout: Duration,
    allow_loopback: bool,
) -> Outcome {
    let started = Instant::now();
    let result = tokio::time::timeout(timeout, exchange(url, headers, body, allow_loopback)).await;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (status, error, excerpt) = match result {
        Err(_) => (
            None,
            Some(format!(
                "No answer within {} (the time-out).",
                human(timeout)
            )),
            None,
        ),
        Ok(Err(error)) => (None, Some(error), None),
        Ok(Ok((status, excerpt))) => {
            let error = status
                .is_redirection()
                .then(|| "A redirect is not followed: answer with a 2xx status.".to_owned());
            (Some(status.as_u16()), error, Some(excerpt))
        }
    };
    Outcome {
        status,
        error,
        excerpt,
        duration_ms,
    }
}

/// The TLS client: rustls with ring and the webpki roots, built once.
fn tls() -> Result<TlsConnector, String> {
    static CONFIG: LazyLock<Result<Arc<ClientConfig>, String>> = LazyLock::new(|| {
        let roots = RootCertStore::from_iter(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
        let config = ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS set-up: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Arc::new(config))
    });
    CONFIG.clone().map(TlsConnector::from)
}

/// Connects to the first of the checked `addresses` that answers.
async fn connect(addresses: &[SocketAddr]) -> Result<TcpStream, String> {
    let mut last = String::from("no address");
    for address in addresses {
        match TcpStream::connect(address).await {
            Ok(stream) => return Ok(stream),
            Err(error) => last = error.to_string(),
        }
    }
    Err(format!("Could not connect: {last}."))
}

async fn exchange(
    url: &WebhookUrl,
    headers: Vec<(HeaderName, String)>,
    body: String,
    allow_loopback: bool,
) -> Result<(StatusCode, String), String> {
    let addresses = address::resolve(url, allow_loopback)
        .await
        .map_err(|e| e.to_string())?;
    let stream = connect(&addresses).await?;
    let request = request(url, headers, body)?;
    if url.is_https() {
        let name = ServerName::try_from(url.host())
            .map_err(|_| "The host is not a valid TLS name.".to_owned())?;
        let stream = tls()?
            .connect(name, stream)
            .await
            .map_err(|e| format!("TLS failed: {e}."))?;
        exchange_over(TokioIo::new(stream), request).await
    } else {
        exchange_over(TokioIo::new(stream), request).await
    }
}

fn request(
    url: &WebhookUrl,
    headers: Vec<(HeaderName, String)>,
    body: String,
) -> Result<Request<Full<Bytes>>, String> {
    let mut builder = Request::post(url.path_and_query())
        .header(HOST, url.host_header())
        .header(CONTENT_TYPE, "application/json")
        .header(USER_AGENT, "Calcsmith-Webhooks/1.0");
    for (name, value) in headers {
        let value = HeaderValue::from_str(&value).map_err(|e| e.to_string())?;
        builder = builder.header(name, value);
    }
    builder
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| format!("The request could not be made: {e}."))
}

/// Aborts the connection's task when the attempt ends (or times out).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

async fn exchange_over<I>(
    io: I,
    request: Request<Full<Bytes>>,
) -> Result<(StatusCode, String), String>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(|e| format!("The connection failed: {e}."))?;
    let _connection = AbortOnDrop(tokio::spawn(async move {
        let _ = connection.await;
    }));
    let response = sender
        .send_request(request)
        .await
        .map_err(|e| format!("The connection failed: {e}."))?;
    let status = response.status();
    let mut body = response.into_body();
    let mut read = Vec::new();
    while read.len() < READ_BYTES {
        match body.frame().await {
            Some(Ok(frame)) => {
                if let Some(data) = frame.data_ref() {
                    read.extend_from_slice(data);
                }
            }
            // A broken or endless body does not undo the status already answered.
            Some(Err(_)) | None => break,
        }
    }
    Ok((status, excerpt(&read)))
}

/// The first [`EXCERPT_CHARS`] characters of an answer (NUL, which PostgreSQL's text
/// refuses, dropped).
fn excerpt(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|&c| c != '\0')
        .take(EXCERPT_CHARS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_2xx_answer_is_a_delivery() {
        let answered = |status| Outcome {
            status: Some(status),
            error: None,
            excerpt: None,
            duration_ms: 1,
        };
        assert!(answered(200).delivered());
        assert!(answered(204).delivered());
        assert!(!answered(500).delivered());
        assert!(!answered(404).delivered());
        assert!(!Outcome::refused("no".to_owned()).delivered());
    }

    #[test]
    fn an_excerpt_is_at_most_500_characters_without_nul() {
        let long = "é".repeat(600);
        assert_eq!(excerpt(long.as_bytes()).chars().count(), 500);
        assert_eq!(excerpt(b"ok\0!"), "ok!");
    }

    #[test]
    fn durations_read_as_seconds_or_milliseconds() {
        assert_eq!(human(Duration::from_secs(10)), "10 s");
        assert_eq!(human(Duration::from_millis(300)), "300 ms");
    }
}
