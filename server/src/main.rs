//! `calcsmith`: the Calcsmith server. `calcsmith` serves; `calcsmith migrate` only runs
//! the database migrations; `calcsmith openapi` prints the API's OpenAPI document (from
//! which the web app's API types are generated).

use calcsmith_server::{config::Config, startup};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        return match serde_json::to_string_pretty(&calcsmith_server::openapi::document()) {
            Ok(json) => {
                println!("{json}");
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("calcsmith: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
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
        Some(other) => Err(format!(
            "unknown command \"{other}\" (use: serve, migrate, openapi)"
        )),
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
