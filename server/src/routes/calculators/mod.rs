//! Sources (the author's own calculators, with their versions: `sources.rs`), published
//! calculators, privacy, the list of "My Calculators" and evaluation as a JSON API
//! (`published.rs`), analytics: visitors' beacons and the owner's report (`analytics.rs`),
//! and submissions: a visitor's submit and the owner's list, file and deletions
//! (`submissions.rs`).

use axum::Router;
use axum::routing::{delete, get, post, put};
use serde::Deserialize;

use crate::state::AppState;

pub(crate) mod analytics;
pub(crate) mod published;
pub(crate) mod sources;
pub(crate) mod submissions;

/// The calculator routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/source/{id}",
            get(sources::read_source)
                .post(sources::save_source)
                .delete(sources::delete_source),
        )
        .route(
            "/api/calc/{id}",
            get(published::read_published).delete(published::delete_published),
        )
        .route("/api/source/{id}/versions", get(sources::list_versions))
        .route(
            "/api/source/{id}/versions/{number}",
            get(sources::read_version),
        )
        .route("/api/calc/{id}/eval", post(published::evaluate))
        .route("/api/calc/{id}/events", post(analytics::record_event))
        .route(
            "/api/calc/{id}/analytics",
            get(analytics::read_analytics).put(analytics::set_analytics),
        )
        .route("/api/calc/{id}/submit", post(submissions::submit))
        .route(
            "/api/calc/{id}/submissions",
            get(submissions::list).delete(submissions::delete_all),
        )
        .route("/api/calc/{id}/submissions.csv", get(submissions::csv))
        .route(
            "/api/calc/{id}/submissions/{sid}",
            delete(submissions::delete_one),
        )
        .route("/api/calc/edit/", post(published::toggle_privacy))
        .route("/api/calc/edit", post(published::toggle_privacy))
        .route("/api/calc/user/", put(published::my_calculators))
        .route("/api/calc/user", put(published::my_calculators))
}

/// `?page=` of a paged list.
#[derive(Deserialize)]
struct PageQuery {
    page: Option<String>,
}
