//! Building and running the app: database, migrations, middleware, graceful shutdown.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, StatusCode};
use axum::middleware;
use calcsmith_migrations::{Migrator, MigratorTrait};
use calcsmith_stripe_sandbox::{Sandbox, SandboxConfig};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection};
use tokio::net::TcpListener;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::config::{Config, redact_url};
use crate::connections::{self, ConnectionTimeouts};
use crate::extract::BODY_LIMIT;
use crate::services::analytics::Analytics;
use crate::services::billing::Stripe;
use crate::services::evaluator::Evaluator;
use crate::services::published_cache::PublishedCache;
use crate::state::AppState;
use crate::{routes, security};

/// Logs to stderr; `RUST_LOG` chooses what (default: info), `LOG_FORMAT=json` gives one
/// JSON object per line (with the request span and its id) for log collectors.
pub fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = if std::env::var("LOG_FORMAT").is_ok_and(|f| f == "json") {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}

/// Connects to the database (creating the SQLite file and folder if needed).
///
/// # Errors
/// The database cannot be reached or opened.
pub async fn connect(config: &Config) -> Result<DatabaseConnection, String> {
    if config.database_url.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir)
            .map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    }
    let mut options = ConnectOptions::new(config.database_url.clone());
    options
        .max_connections(16)
        .connect_timeout(Duration::from_secs(10))
        .sqlx_logging(false);
    let db = Database::connect(options)
        .await
        .map_err(|e| format!("cannot open {}: {e}", redact_url(&config.database_url)))?;
    if config.database_url.starts_with("sqlite:") {
        // WAL lets readers and the writer work at once; foreign keys make deletes cascade.
        for pragma in [
            "PRAGMA journal_mode=WAL",
            "PRAGMA foreign_keys=ON",
            "PRAGMA busy_timeout=5000",
        ] {
            db.execute_unprepared(pragma)
                .await
                .map_err(|e| format!("{pragma}: {e}"))?;
        }
    }
    Ok(db)
}

/// Runs the migrations and exits (`calcsmith migrate`).
///
/// # Errors
/// The database cannot be reached or a migration fails.
pub async fn migrate_only(config: &Config) -> Result<(), String> {
    let db = connect(config).await?;
    Migrator::up(&db, None)
        .await
        .map_err(|e| format!("migration failed: {e}"))
}

/// The Stripe client: live Stripe when keys are configured; else the sandbox, opened
/// here (its state in the data dir) and mounted at `/stripe-sandbox` on `local`, the
/// address this server listens on.
fn stripe(config: &Config, local: SocketAddr) -> Result<(Stripe, Option<Router>), String> {
    if let Some(live) = &config.billing.live {
        let stripe = Stripe::new(
            config.billing.clone(),
            live.api_base.clone(),
            &live.secret_key,
            live.publishable_key.clone(),
            live.webhook_secret.clone(),
        )?;
        return Ok((stripe, None));
    }
    // Listening on every interface still answers on loopback.
    let loopback = SocketAddr::from(([127, 0, 0, 1], local.port()));
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| format!("cannot create {}: {e}", config.data_dir.display()))?;
    let sandbox = Sandbox::open(SandboxConfig {
        state_file: config.data_dir.join("stripe-sandbox.json"),
        webhook_url: format!("http://{loopback}/api/stripe/webhook"),
        public_url: format!("{}/stripe-sandbox", config.public_url),
        // Test rigs whose browsers share one address scale it up with the server's limits.
        browser_calls_per_minute: u32::try_from(30 * config.rate_limit_scale).unwrap_or(u32::MAX),
    })?;
    let mut stripe = Stripe::new(
        config.billing.clone(),
        Some(format!("http://{loopback}/stripe-sandbox/")),
        &sandbox.secret_key(),
        sandbox.publishable_key(),
        sandbox.webhook_secret(),
    )?;
    stripe.sandbox_url = Some("/stripe-sandbox".to_owned());
    Ok((stripe, Some(sandbox.router())))
}

/// The app with its state, migrations applied, for a server listening on `local`.
///
/// # Errors
/// The database cannot be reached, a migration fails or the Stripe sandbox cannot open.
pub async fn build(config: Config, local: SocketAddr) -> Result<Router, String> {
    Ok(build_with_state(config, local).await?.0)
}

/// [`build`], with the app's state (to flush its analytics when it stops).
///
/// # Errors
/// The database cannot be reached, a migration fails or the Stripe sandbox cannot open.
pub async fn build_with_state(
    config: Config,
    local: SocketAddr,
) -> Result<(Router, AppState), String> {
    let db = connect(&config).await?;
    Migrator::up(&db, None)
        .await
        .map_err(|e| format!("migration failed: {e}"))?;
    let evaluator = Evaluator::new(
        config.calc_bin.clone(),
        config.pkg_dir.join("lib"),
        config.eval_workers,
        config.eval_limits,
    );
    let (stripe, sandbox) = stripe(&config, local)?;
    let state = AppState {
        db,
        published: Arc::new(PublishedCache::new(config.published_cache)),
        analytics: Arc::new(Analytics::new(config.analytics.clone())),
        config: Arc::new(config),
        evaluator: Arc::new(evaluator),
        stripe: Arc::new(stripe),
    };
    state.analytics.spawn_flusher(state.db.clone());
    crate::services::submissions::removal::spawn_retention(
        state.db.clone(),
        state.config.submissions_sweep,
    );
    let webhook_worker = crate::services::webhooks::worker::spawn(state.clone());
    let request_id = HeaderName::from_static("x-request-id");
    let request_timeout = state.config.request_timeout;
    routes::health::install_metrics();
    let mut app = routes::router();
    if let Some(sandbox) = sandbox {
        app = app.nest_service("/stripe-sandbox", sandbox);
    }
    let app = app
        .route_layer(middleware::from_fn(routes::health::label_route))
        .layer(middleware::from_fn_with_state(state.clone(), security::csrf))
        .layer(middleware::from_fn(security::headers))
        // axum's limit (not tower-http's) so an oversized body is answered by the
        // extractors, in the API's error shape.
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, request_timeout))
        // Outside the timeout, so the 408s it answers are counted too.
        .layer(middleware::from_fn(routes::health::record))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            let id = request
                .headers()
                .get("x-request-id")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("-");
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), id)
        }))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        // The delivery worker lives as long as the app.
        .layer(axum::Extension(webhook_worker))
        .with_state(state.clone());
    Ok((app, state))
}

/// Serves `app` on `listener` with the connection clocks of `timeouts` until `shutdown`
/// resolves, finishing requests in flight.
///
/// # Errors
/// The server failed.
pub async fn run(
    listener: TcpListener,
    app: Router,
    timeouts: ConnectionTimeouts,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    connections::serve(listener, app, timeouts, shutdown).await
}

/// Builds the app and serves it on the configured address until SIGTERM or Ctrl-C.
///
/// # Errors
/// The database, the port or the server failed.
pub async fn serve(config: Config) -> Result<(), String> {
    let addr = config.addr;
    tracing::info!(?config, "starting");
    let timeouts = ConnectionTimeouts::of(&config);
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let (app, state) = build_with_state(config, local).await?;
    tracing::info!("serving on http://{local}");
    let served = run(listener, app, timeouts, shutdown_signal()).await;
    // Events counted but not yet written: a graceful stop loses none.
    state.analytics.flush(&state.db).await;
    served
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { () = ctrl_c => {}, () = term => {} }
    tracing::info!("shutting down: finishing requests in flight");
}
