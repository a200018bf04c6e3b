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
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{
    ContentBuilder, HttpMethod, ObjectBuilder, PathItem, PathsBuilder, Ref, Required, Response,
    Type,
};
use utoipa::{Modify, OpenApi};

use crate::routes::billing::{payments, subscription};
use crate::routes::calculators::{analytics, published, sources, submissions};
use crate::routes::{account, billing, webhooks};
use crate::services::webhooks::payload::WebhookPayload;
use crate::state::AppState;

/// Serves the document.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(|| async { Json(document()) }))
}

/// The document.
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// What Calcsmith POSTs to an author's endpoint (OpenAPI 3.1 `webhooks`), signed.
struct WebhookEvents;

impl Modify for WebhookEvents {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let signature = ParameterBuilder::new()
            .name("Calcsmith-Signature")
            .parameter_in(ParameterIn::Header)
            .required(Required::True)
            .description(Some(
                "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\">`, keyed by the \
                 endpoint's secret (`whsec_…`). Recompute it over the body as received, \
                 compare in constant time, and refuse an old `t`.",
            ))
            .schema(Some(ObjectBuilder::new().schema_type(Type::String)));
        let delivery = ParameterBuilder::new()
            .name("Calcsmith-Delivery")
            .parameter_in(ParameterIn::Header)
            .required(Required::True)
            .description(Some(
                "The delivery's id (a redelivery has a new one; the body's `id`, the \
                 event's, stays).",
            ))
            .schema(Some(ObjectBuilder::new().schema_type(Type::String)));
        let body = RequestBodyBuilder::new()
            .required(Some(Required::True))
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("WebhookPayload")))
                    .build(),
            )
            .build();
        let operation = OperationBuilder::new()
            .summary(Some(
                "A stored submission (`submission.created`) or a test event",
            ))
            .description(Some(
                "POSTed to each enabled endpoint of the calculator within seconds, with a \
                 10 s time-out. Any 2xx answer takes it; anything else (a redirect \
                 included: redirects are never followed) is retried about 5 s later, \
                 doubling, for 3 days; an endpoint failing that long is turned off and its \
                 author told by mail. An event may arrive more than once: use its `id`.",
            ))
            .parameter(signature)
            .parameter(delivery)
            .request_body(Some(body))
            .response("200", Response::new("Received (any 2xx status)"));
        let events = PathsBuilder::new()
            .path("submission", PathItem::new(HttpMethod::Post, operation))
            .build();
        openapi.webhooks = Some(events);
    }
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
        account::save_settings, account::forgot, account::reset, account::check_reset,
        sources::read_source, sources::save_source, sources::delete_source,
        sources::list_versions, sources::read_version,
        published::read_published, published::delete_published, published::toggle_privacy,
        published::my_calculators, published::evaluate,
        analytics::record_event, analytics::read_analytics, analytics::set_analytics,
        submissions::submit, submissions::list, submissions::csv, submissions::delete_one,
        submissions::delete_all,
        webhooks::add_webhook, webhooks::list_webhooks, webhooks::delete_webhook,
        webhooks::rotate_webhook_secret, webhooks::enable_webhook, webhooks::send_test_event,
        webhooks::list_deliveries, webhooks::redeliver_webhook,
        billing::plans, subscription::subscription, subscription::cancel,
        subscription::resume, subscription::preview, subscription::switch_plan,
        subscription::cards, subscription::edit_card, subscription::make_default,
        subscription::delete_card, payments::checkout, payments::complete, payments::invoices,
        payments::invoice_pdf, payments::webhook
    ),
    components(schemas(WebhookPayload)),
    modifiers(&SessionCookie, &WebhookEvents)
)]
struct ApiDoc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_answers_errors_in_the_one_error_shape() {
        let doc = serde_json::to_value(document()).expect("document");
        let paths = doc["paths"].as_object().expect("paths");
        assert_eq!(paths.len(), 42);
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

    #[test]
    fn the_webhook_payload_is_documented_under_webhooks() {
        let doc = serde_json::to_value(document()).expect("document");
        let post = &doc["webhooks"]["submission"]["post"];
        assert_eq!(
            post["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/WebhookPayload"
        );
        assert_eq!(post["parameters"][0]["name"], "Calcsmith-Signature");
        let payload = &doc["components"]["schemas"]["WebhookPayload"];
        assert!(payload["properties"]["submission"].is_object(), "{payload}");
    }

    #[test]
    fn operation_ids_are_unique() {
        // The web's types are generated per operation id (openapi-typescript refuses twins).
        let doc = serde_json::to_value(document()).expect("document");
        let mut seen = std::collections::HashSet::new();
        for operations in doc["paths"].as_object().expect("paths").values() {
            for operation in operations.as_object().expect("operations").values() {
                let id = operation["operationId"].as_str().expect("operationId");
                assert!(seen.insert(id.to_owned()), "{id} twice");
            }
        }
    }
}
