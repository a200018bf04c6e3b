//! What every handler can reach.

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::billing::Stripe;
use crate::services::evaluator::Evaluator;

/// Shared state: the database, the configuration, the evaluation worker pool and the
/// Stripe client. The server keeps nothing else in memory, so instances sharing a
/// database behave as one.
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub evaluator: Arc<Evaluator>,
    pub stripe: Arc<Stripe>,
}
