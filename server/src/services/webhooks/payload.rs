//! The JSON body of a delivery, documented under the OpenAPI document's `webhooks`. It is
//! written once when the event happens and stored as the exact text sent, so every attempt
//! and every redelivery sends (and signs) the same bytes.

use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::domain::parse_json_text;
use crate::entities::submission;
use crate::services::submissions::SubmissionView;
use crate::tokens::random_token;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum EventType {
    /// A visitor's submission was stored.
    #[serde(rename = "submission.created")]
    SubmissionCreated,
    /// The author asked for a test event.
    #[serde(rename = "test")]
    Test,
}

/// A delivery's body, as POSTed to the endpoint with `Calcsmith-Signature`.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookPayload {
    /// The event's id (`evt_…`): the same in every attempt and redelivery of it, so a
    /// receiver can ignore one it has seen.
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: EventType,
    /// When the event happened, Unix seconds.
    pub created: i64,
    pub calculator: PayloadCalculator,
    /// The published version of the calculator (the one the submission was computed with).
    pub version: i64,
    /// The submission (`submission.created` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission: Option<PayloadSubmission>,
}

/// The calculator an event is about.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayloadCalculator {
    pub id: String,
    /// Its name (the doc's `name`) in that version.
    pub name: String,
}

/// A submission as a webhook tells of it: what the server computed, and the contact
/// fields the visitor filled in.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayloadSubmission {
    pub id: String,
    /// Unix milliseconds.
    pub created_at: i64,
    /// Input values by input name.
    #[schema(value_type = Object)]
    pub values: Value,
    /// Raw outputs by output name.
    #[schema(value_type = Object)]
    pub outputs: Value,
    /// Display text by output name, as the visitor saw it.
    #[schema(value_type = Object)]
    pub display: Value,
    /// `name`, `email`, `phone`, `company`, `message` (text) and `consent` (true or
    /// false), as the form had them.
    #[schema(value_type = Object)]
    pub contact: Map<String, Value>,
    /// The consent text as the visitor was shown it.
    pub consent_text: Option<String>,
    /// Host and path of the page it was sent from.
    pub page: Option<String>,
    /// `en` or `ru`, as displayed.
    pub locale: Option<String>,
}

/// A calculator doc's name (empty when it has none).
pub fn doc_name(doc: &str) -> String {
    parse_json_text(doc)
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn event_id() -> String {
    format!("evt_{}", random_token().get(..24).unwrap_or_default())
}

impl WebhookPayload {
    /// `submission.created` for a stored submission of calculator `name`.
    pub fn submission(name: String, row: &submission::Model) -> WebhookPayload {
        let view = SubmissionView::of(row.clone());
        WebhookPayload {
            id: event_id(),
            event_type: EventType::SubmissionCreated,
            created: row.created_at.div_euclid(1000),
            calculator: PayloadCalculator {
                id: row.calculator_id.clone(),
                name,
            },
            version: row.version,
            submission: Some(PayloadSubmission {
                id: view.id,
                created_at: view.created_at,
                values: view.values,
                outputs: view.outputs,
                display: view.display,
                contact: view.contact,
                consent_text: view.consent_text,
                page: view.page,
                locale: view.locale,
            }),
        }
    }

    /// A `test` event of calculator `id` (named `name`, published as `version`), at `now_ms`.
    pub fn test(id: &str, name: String, version: i64, now_ms: i64) -> WebhookPayload {
        WebhookPayload {
            id: event_id(),
            event_type: EventType::Test,
            created: now_ms.div_euclid(1000),
            calculator: PayloadCalculator {
                id: id.to_owned(),
                name,
            },
            version,
            submission: None,
        }
    }

    /// The body as sent: a lone surrogate in an output as `JSON.stringify` writes it.
    pub fn to_body(&self) -> String {
        calcsmith_engine::js_text::to_json(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_event_names_its_calculator_and_has_no_submission() {
        let body =
            WebhookPayload::test("abcdefghijklmnop", "Quote".to_owned(), 3, 1_700_000_000_123)
                .to_body();
        let json: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["type"], "test");
        assert_eq!(json["created"], 1_700_000_000);
        assert_eq!(json["calculator"]["name"], "Quote");
        assert_eq!(json["version"], 3);
        assert!(json["id"].as_str().unwrap().starts_with("evt_"));
        assert!(json.get("submission").is_none());
    }

    #[test]
    fn a_doc_without_a_name_has_an_empty_one() {
        assert_eq!(doc_name(r#"{"name":"Loan"}"#), "Loan");
        assert_eq!(doc_name("{}"), "");
        assert_eq!(doc_name("not json"), "");
    }
}
