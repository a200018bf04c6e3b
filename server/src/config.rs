//! Configuration from the environment; every value has a default that runs with nothing
//! set (a SQLite file under `data/`, port 8080). Secrets are never logged.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod analytics;
mod billing;
mod env;
mod smtp;
mod webhooks;

pub use analytics::{AnalyticsConfig, Clock};
pub use billing::{BillingConfig, LiveStripe};
pub use smtp::SmtpCa;
pub use webhooks::WebhooksConfig;

use env::{count, milliseconds, seconds, var};

/// The server's settings.
#[derive(Clone)]
pub struct Config {
    /// `HOST` (127.0.0.1) and `PORT` (8080); port 0 picks a free one.
    pub addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite://...` or `postgres://...`.
    pub database_url: String,
    /// `PUBLIC_URL`: where users reach the app; used for links in mail and the Origin check.
    pub public_url: String,
    /// `COOKIE_SECURE`: mark the session cookie `Secure` (default: PUBLIC_URL is https).
    pub cookie_secure: bool,
    /// `CALCSMITH_SECRET_KEY`: signs captcha challenges. Generated into `data/secret.key`
    /// on first run when unset; must be set (the same) on every instance sharing a database.
    pub secret_key: String,
    /// `CALCSMITH_DATA_DIR` (`data`): the SQLite file and the generated secret.
    pub data_dir: PathBuf,
    /// `CALCSMITH_WEB_DIR` (`web/dist`): the built web app.
    pub web_dir: PathBuf,
    /// `CALCSMITH_PKG_DIR` (`pkg`): the engine's wasm package and library files.
    pub pkg_dir: PathBuf,
    /// `CALCSMITH_CALC_BIN`: the `calc` binary whose `worker` mode evaluates calculators
    /// (default: `calc` beside this executable).
    pub calc_bin: PathBuf,
    /// `CALCSMITH_EVAL_WORKERS` (2): evaluation worker processes.
    pub eval_workers: usize,
    /// How evaluations are shared out among their owners (see [`EvalLimits`]).
    pub eval_limits: EvalLimits,
    /// `CALCSMITH_RATE_LIMIT_SCALE` (1): multiplies every rate limit. For test rigs whose
    /// browsers all come from one address; keep 1 in production.
    pub rate_limit_scale: i64,
    /// `SMTP_URL`: where mail goes — `smtps://user:password@host:465` (TLS from the
    /// start), `smtp://user:password@host:587?tls=required` (STARTTLS), or
    /// `smtp://host:25` (plain, to a relay on a trusted network). Unset: mail is written
    /// to the `outbox` table. The URL alone says where and how: host, port, credentials
    /// and TLS mode (`?tls=opportunistic` tries STARTTLS and falls back to plain).
    pub smtp_url: Option<String>,
    /// `SMTP_CA_FILE`: a PEM file of root certificates the relay's certificate may also
    /// chain to, besides the public (webpki) roots — for a relay with a private CA. Read
    /// and checked at start-up, so a bad file stops the server instead of the mail.
    pub smtp_ca: Option<SmtpCa>,
    /// `SMTP_FROM` (`Calcsmith <no-reply@localhost>`): the sender of mail.
    pub smtp_from: String,
    /// `METRICS_TOKEN`: when set, `/metrics` answers only `Authorization: Bearer <token>`;
    /// unset, it answers only requests from this machine that came through no proxy.
    pub metrics_token: Option<String>,
    /// `CALCSMITH_HEADER_TIMEOUT` (10 s): a client must send a request's headers within
    /// this time, and an idle keep-alive connection waits this long for the next request.
    pub header_timeout: Duration,
    /// `CALCSMITH_IDLE_TIMEOUT` (60 s): a connection on which no byte moves either way for
    /// this long (a stalled upload or a client that stops reading) is closed.
    pub idle_timeout: Duration,
    /// `CALCSMITH_REQUEST_TIMEOUT` (30 s): a request not answered by then (a slow body
    /// included) gets 408.
    pub request_timeout: Duration,
    /// `CALCSMITH_PUBLISHED_CACHE_MS` (1000): how long a public calculator's answer to
    /// `GET /api/calc/{id}` is kept in memory (0: not at all). Another instance's change
    /// shows here at most this late; this instance's own changes show at once
    /// (`services::published_cache`).
    pub published_cache: Duration,
    /// Stripe: live keys, or the sandbox the server mounts (docs/billing.md).
    pub billing: BillingConfig,
    /// How webhooks are delivered (docs/submissions.md, "Webhooks").
    pub webhooks: WebhooksConfig,
    /// How visitors' events are batched before they are counted (docs/analytics.md).
    pub analytics: AnalyticsConfig,
    /// `CALCSMITH_SUBMISSIONS_SWEEP_MS` (3600000, an hour): how often submissions older than
    /// their calculator's retention are deleted (docs/submissions.md).
    pub submissions_sweep: Duration,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("addr", &self.addr)
            .field("database_url", &redact_url(&self.database_url))
            .field("public_url", &self.public_url)
            .field("cookie_secure", &self.cookie_secure)
            .field("secret_key", &"<redacted>")
            .field("web_dir", &self.web_dir)
            .field("pkg_dir", &self.pkg_dir)
            .field("calc_bin", &self.calc_bin)
            .field("eval_workers", &self.eval_workers)
            .field("eval_limits", &self.eval_limits)
            .field("rate_limit_scale", &self.rate_limit_scale)
            .field("smtp_url", &self.smtp_url.as_deref().map(redact_url))
            .field("smtp_ca", &self.smtp_ca)
            .field(
                "metrics_token",
                &self.metrics_token.as_ref().map(|_| "<redacted>"),
            )
            .field("header_timeout", &self.header_timeout)
            .field("idle_timeout", &self.idle_timeout)
            .field("request_timeout", &self.request_timeout)
            .field("published_cache", &self.published_cache)
            .field("billing", &self.billing)
            .field("webhooks", &self.webhooks)
            .field("analytics", &self.analytics)
            .field("submissions_sweep", &self.submissions_sweep)
            .finish()
    }
}

/// A database URL without its password, for logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://<redacted>@{}", &url[..scheme], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// How many evaluations (calculator runs by the eval API and by saves) one owner — a
/// signed-in user, else a client address — and everyone together may have in the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvalLimits {
    /// `CALCSMITH_EVAL_PER_OWNER` (1): an owner's evaluations running or next in line for
    /// a worker. With fewer than the workers, one owner never holds them all.
    pub per_owner: usize,
    /// `CALCSMITH_EVAL_QUEUE_PER_OWNER` (4): an owner's further evaluations waiting behind
    /// those; more are refused with 429.
    pub queued_per_owner: usize,
    /// `CALCSMITH_EVAL_QUEUE` (32): evaluations of all owners together waiting beyond one
    /// per worker; more are refused with 503.
    pub queue: usize,
}

impl Default for EvalLimits {
    fn default() -> Self {
        EvalLimits {
            per_owner: 1,
            queued_per_owner: 4,
            queue: 32,
        }
    }
}

impl EvalLimits {
    fn from_env() -> Result<EvalLimits, String> {
        let defaults = EvalLimits::default();
        Ok(EvalLimits {
            per_owner: count("CALCSMITH_EVAL_PER_OWNER", defaults.per_owner)?.max(1),
            queued_per_owner: count("CALCSMITH_EVAL_QUEUE_PER_OWNER", defaults.queued_per_owner)?,
            queue: count("CALCSMITH_EVAL_QUEUE", defaults.queue)?,
        })
    }
}

impl Config {
    /// Reads the environment.
    ///
    /// # Errors
    /// A variable is set to something unusable, or the generated secret cannot be stored.
    pub fn from_env() -> Result<Config, String> {
        let host = var("HOST").unwrap_or_else(|| "127.0.0.1".to_owned());
        let port: u16 = var("PORT")
            .map(|p| {
                p.parse()
                    .map_err(|_| format!("PORT must be a number, not \"{p}\""))
            })
            .transpose()?
            .unwrap_or(8080);
        let addr: SocketAddr = format!("{host}:{port}")
            .parse()
            .map_err(|_| format!("HOST must be an IP address, not \"{host}\""))?;
        let data_dir =
            PathBuf::from(var("CALCSMITH_DATA_DIR").unwrap_or_else(|| "data".to_owned()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| {
            format!(
                "sqlite://{}?mode=rwc",
                data_dir.join("calcsmith.db").display()
            )
        });
        let public_url = var("PUBLIC_URL").unwrap_or_else(|| format!("http://{addr}"));
        let cookie_secure = match var("COOKIE_SECURE").as_deref() {
            Some("1" | "true" | "yes") => true,
            Some("0" | "false" | "no") => false,
            Some(other) => {
                return Err(format!(
                    "COOKIE_SECURE must be true or false, not \"{other}\""
                ));
            }
            None => public_url.starts_with("https://"),
        };
        let secret_key = match var("CALCSMITH_SECRET_KEY") {
            Some(key) => key,
            None => stored_secret(&data_dir)?,
        };
        let calc_bin = var("CALCSMITH_CALC_BIN").map_or_else(default_calc_bin, PathBuf::from);
        let eval_workers = var("CALCSMITH_EVAL_WORKERS")
            .map(|n| {
                n.parse()
                    .map_err(|_| format!("CALCSMITH_EVAL_WORKERS must be a number, not \"{n}\""))
            })
            .transpose()?
            .unwrap_or(2usize)
            .max(1);
        let rate_limit_scale = var("CALCSMITH_RATE_LIMIT_SCALE")
            .map(|n| {
                n.parse::<i64>().map_err(|_| {
                    format!("CALCSMITH_RATE_LIMIT_SCALE must be a number, not \"{n}\"")
                })
            })
            .transpose()?
            .unwrap_or(1)
            .max(1);
        Ok(Config {
            addr,
            database_url,
            public_url: public_url.trim_end_matches('/').to_owned(),
            cookie_secure,
            secret_key,
            data_dir,
            web_dir: PathBuf::from(
                var("CALCSMITH_WEB_DIR").unwrap_or_else(|| "web/dist".to_owned()),
            ),
            pkg_dir: PathBuf::from(var("CALCSMITH_PKG_DIR").unwrap_or_else(|| "pkg".to_owned())),
            calc_bin,
            eval_workers,
            eval_limits: EvalLimits::from_env()?,
            rate_limit_scale,
            smtp_url: var("SMTP_URL"),
            smtp_ca: var("SMTP_CA_FILE")
                .map(|file| SmtpCa::load(Path::new(&file)))
                .transpose()?,
            smtp_from: var("SMTP_FROM")
                .unwrap_or_else(|| "Calcsmith <no-reply@localhost>".to_owned()),
            metrics_token: var("METRICS_TOKEN"),
            header_timeout: seconds("CALCSMITH_HEADER_TIMEOUT", 10)?,
            idle_timeout: seconds("CALCSMITH_IDLE_TIMEOUT", 60)?,
            request_timeout: seconds("CALCSMITH_REQUEST_TIMEOUT", 30)?,
            published_cache: milliseconds("CALCSMITH_PUBLISHED_CACHE_MS", 1000)?,
            billing: BillingConfig::from_env()?,
            webhooks: WebhooksConfig::from_env()?,
            analytics: AnalyticsConfig::from_env()?,
            submissions_sweep: milliseconds("CALCSMITH_SUBMISSIONS_SWEEP_MS", 3_600_000)?
                .max(Duration::from_millis(10)),
        })
    }
}

fn default_calc_bin() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("calc")))
        .unwrap_or_else(|| PathBuf::from("calc"))
}

/// The secret in `data_dir/secret.key`, created with 32 random bytes on first use.
fn stored_secret(data_dir: &std::path::Path) -> Result<String, String> {
    let path = data_dir.join("secret.key");
    if let Ok(secret) = std::fs::read_to_string(&path)
        && !secret.trim().is_empty()
    {
        return Ok(secret.trim().to_owned());
    }
    std::fs::create_dir_all(data_dir)
        .map_err(|e| format!("cannot create {}: {e}", data_dir.display()))?;
    let secret = crate::tokens::random_token();
    std::fs::write(&path, &secret).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(secret)
}

#[cfg(test)]
mod tests;
