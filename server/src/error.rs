//! The API's one error type: every failure leaves as `{"message": "..."}` with a 4xx
//! status, except internal faults, which are logged once and shown as a generic 500.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::wire::ErrorBody;

/// What went wrong, and so which status the client gets.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request is wrong; the message says how.
    BadRequest(String),
    /// 400: the account's plan does not allow it; the message says which plans do, and the
    /// body's `refusedBy` is `"plan"`.
    PlanRefused(String),
    /// 401: this needs a signed-in user.
    Unauthorized,
    /// 403: signed in, but not allowed.
    Forbidden(String),
    /// 404: no such thing (or not visible to this user).
    NotFound(String),
    /// 413: the body is over the size limit.
    TooLarge(String),
    /// 429: too many attempts; try again later.
    TooManyRequests,
    /// 429 or 503 with `Retry-After`: too much at once from this client, or for the server.
    RetryLater {
        status: StatusCode,
        message: String,
        retry_after_seconds: u64,
    },
    /// 402: the payment provider refused the card; its message is for the user, with
    /// Stripe's `code` and `decline_code`.
    PaymentFailed {
        message: String,
        code: Option<String>,
        decline_code: Option<String>,
    },
    /// 502: the payment provider cannot be reached or answered nonsense.
    BadGateway(String),
    /// 400: inputs break their valid-when rules; the messages by input name.
    Invalid(serde_json::Map<String, serde_json::Value>),
    /// 500: our fault; the detail is logged, never sent.
    Internal(String),
}

impl ApiError {
    /// A 404 for a calculator that does not exist or that this user may not see.
    pub fn calculator_not_found() -> ApiError {
        ApiError::NotFound("Calculator not found.".to_owned())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            ApiError::Unauthorized => (StatusCode::UNAUTHORIZED, "Please sign in.".to_owned()),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, m),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m),
            ApiError::TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m),
            ApiError::TooManyRequests => (
                StatusCode::TOO_MANY_REQUESTS,
                "Too many attempts. Please wait a minute and try again.".to_owned(),
            ),
            ApiError::RetryLater {
                status,
                message,
                retry_after_seconds,
            } => {
                let retry_after = [(header::RETRY_AFTER, retry_after_seconds.to_string())];
                return (status, retry_after, Json(ErrorBody::new(message))).into_response();
            }
            ApiError::PaymentFailed {
                message,
                code,
                decline_code,
            } => {
                let body = ErrorBody {
                    code,
                    decline_code,
                    ..ErrorBody::new(message)
                };
                return (StatusCode::PAYMENT_REQUIRED, Json(body)).into_response();
            }
            ApiError::Invalid(invalid) => {
                let text = invalid
                    .iter()
                    .map(|(name, message)| format!("{name}: {}", message.as_str().unwrap_or("")))
                    .collect::<Vec<_>>()
                    .join("\n");
                let body = ErrorBody {
                    error: Some(text.clone()),
                    invalid: Some(invalid),
                    ..ErrorBody::new(text)
                };
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
            ApiError::PlanRefused(message) => {
                let body = ErrorBody {
                    refused_by: Some("plan".to_owned()),
                    ..ErrorBody::new(message)
                };
                return (StatusCode::BAD_REQUEST, Json(body)).into_response();
            }
            ApiError::BadGateway(m) => (StatusCode::BAD_GATEWAY, m),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Oops, an error.".to_owned(),
                )
            }
        };
        (status, Json(ErrorBody::new(message))).into_response()
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(error: sea_orm::DbErr) -> Self {
        ApiError::Internal(format!("database: {error}"))
    }
}
