//! The API's OpenAPI 3.1 document, served at `/api/openapi.json` and printed by
//! `calcsmith openapi`.
//!
//! This file only assembles it: each operation is described on its handler in `routes/`
//! (`#[utoipa::path]`), and each body is the type the handler takes or answers
//! (`ToSchema`), found from the operations. The web app's API types are generated from
//! this document (`web/src/lib/api/schema.d.ts`; `scripts/test` fails when they are
//! stale). It cannot drift from the server unnoticed either: `scripts/test` runs
//! schemathesis against the real server with it (every operation, signed in and
//! anonymous; no 5xx, no answer outside its schema), and a test calls every documented
//! operation to prove it is routed.

use axum::Json;
use axum::Router;
use axum::routing::get;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::routes::billing::{payments, subscription};
use crate::routes::calculators::{analytics, published, sources, submissions};
use crate::routes::{account, billing};
use crate::state::AppState;

/// Serves the document.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(|| async { Json(document()) }))
}

/// The document.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The session cookie, set by sign-up and sign-in.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                crate::auth::SESSION_COOKIE,
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Calcsmith API",
        description = "The JSON API of Calcsmith, the online calculator builder. Errors are \
            `{\"message\": \"...\"}` with a 4xx status. Bodies may also be form-encoded where \
            the spec says \"form params\"; bodies over 512 KB get 413."
    ),
    paths(
        account::new_captcha, account::sign_up, account::sign_in, account::sign_out,
        account::sign_out_form, account::account, account::delete_account,
        account::save_settings, account::export_account, account::forgot, account::reset,
        account::check_reset,
        sources::read_source, sources::save_source, sources::delete_source,
        sources::list_versions, sources::read_version,
        published::read_published, published::delete_published, published::toggle_privacy,
        published::my_calculators, published::evaluate,
        analytics::record_event, analytics::read_analytics, analytics::set_analytics,
        submissions::submit, submissions::list, submissions::csv, submissions::delete_one,
        submissions::delete_all,
        billing::plans, subscription::subscription, subscription::cancel,
        subscription::resume, subscription::preview, subscription::switch_plan,
        subscription::cards, subscription::edit_card, subscription::make_default,
        subscription::delete_card, payments::checkout, payments::complete, payments::invoices,
        payments::invoice_pdf, payments::webhook
    ),
    modifiers(&SessionCookie)
)]
struct ApiDoc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_answers_errors_in_the_one_error_shape() {
        let doc = serde_json::to_value(document()).expect("document");
        let paths = doc["paths"].as_object().expect("paths");
        assert_eq!(paths.len(), 36);
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().expect("operations") {
                for (status, response) in operation["responses"].as_object().expect("responses") {
                    if status.starts_with('4') || status.starts_with('5') {
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            "#/components/schemas/ErrorBody",
                            "{method} {path} {status}"
                        );
                    }
                }
            }
        }
    }
}
