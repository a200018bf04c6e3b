//! `calcsmith`: the Calcsmith server. `calcsmith` serves; `calcsmith migrate` only runs
//! the database migrations.

use calcsmith_server::{config::Config, startup};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    startup::init_tracing();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(message) => {
            eprintln!("calcsmith: {message}");
            return std::process::ExitCode::from(2);
        }
    };
    let outcome = match std::env::args().nth(1).as_deref() {
        Some("migrate") => startup::migrate_only(&config).await,
        None | Some("serve") => startup::serve(config).await,
        Some(other) => Err(format!("unknown command \"{other}\" (use: serve, migrate)")),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!("{message}");
            eprintln!("calcsmith: {message}");
            std::process::ExitCode::FAILURE
        }
    }
}
