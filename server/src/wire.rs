//! The answer shapes every area shares: the one error body, a confirmation, and the
//! `{"data": …}` wrapper of the billing answers. (A page of a list is `paging::Page`.) Each
//! is the type the handlers return and the schema `/api/openapi.json` shows, written once.
//! [`ScriptJson`] answers what holds a script's strings.

use axum::http::HeaderValue;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiError;

/// `Json`, for answers that carry a script's strings (outputs, stored results): a lone
/// surrogate in them is written as `JSON.stringify` writes it, `"\ud83d"`
/// (`calcsmith_engine::js_text`), never as the engine's own spelling of it.
pub struct ScriptJson<T>(pub T);

impl<T: Serialize> IntoResponse for ScriptJson<T> {
    fn into_response(self) -> Response {
        match calcsmith_engine::js_text::to_json(&self.0) {
            Ok(body) => (
                [(CONTENT_TYPE, HeaderValue::from_static("application/json"))],
                body,
            )
                .into_response(),
            Err(e) => ApiError::Internal(e.to_string()).into_response(),
        }
    }
}

/// Every failure: a 4xx (or a generic 500) with a message for people.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// What went wrong, in English.
    pub message: String,
    /// A refused card (402): Stripe's error code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// A refused card (402): Stripe's decline code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decline_code: Option<String>,
    /// A refusal of the account's plan (400: a full plan, a private calculator or script
    /// on the free plan, one webhook endpoint too many): `"plan"`, so a client can offer an
    /// upgrade; absent from every other answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused_by: Option<String>,
    /// A save that lost to another (409): the calculator's revision now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revision: Option<i64>,
    /// Inputs that break their valid-when rules (400 from an evaluation or a submission):
    /// the messages joined, one `name: message` a line, as `message` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// … and the same messages by input name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    pub invalid: Option<serde_json::Map<String, serde_json::Value>>,
}

impl ErrorBody {
    /// The body of most failures: only the message.
    pub fn new(message: impl Into<String>) -> ErrorBody {
        ErrorBody {
            message: message.into(),
            code: None,
            decline_code: None,
            refused_by: None,
            revision: None,
            error: None,
            invalid: None,
        }
    }
}

/// A confirmation for people.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageBody {
    pub message: String,
}

impl MessageBody {
    pub fn new(message: impl Into<String>) -> MessageBody {
        MessageBody {
            message: message.into(),
        }
    }
}

/// An answer wrapped as `{"data": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

impl<T> Data<T> {
    pub fn new(data: T) -> Data<T> {
        Data { data }
    }
}
