//! What every handler can reach.

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;
use crate::services::analytics::Analytics;
use crate::services::billing::client::Stripe;
use crate::services::evaluator::Evaluator;
use crate::services::published_cache::PublishedCache;

/// Shared state: the database, the configuration, the evaluation worker pool, the
/// Stripe client, the published calculators' answers of the last moment and the analytics
/// events not yet written. The server keeps nothing else in memory, so instances sharing a database behave as one (a public
/// calculator changed on one shows on the others within `CALCSMITH_PUBLISHED_CACHE_MS`).
#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub evaluator: Arc<Evaluator>,
    pub stripe: Arc<Stripe>,
    pub published: Arc<PublishedCache>,
    /// Visitors' events waiting to be counted (written every few seconds).
    pub analytics: Arc<Analytics>,
}
