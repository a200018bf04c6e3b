//! Stripe's error object (`{"error": {"type", "code", "decline_code", "message", "param"}}`)
//! with the status Stripe answers it with.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// An error as Stripe reports it.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub kind: &'static str,
    pub code: Option<&'static str>,
    pub decline_code: Option<&'static str>,
    pub message: String,
    pub param: Option<String>,
    /// The intent a card error happened on (Stripe adds it to the error object).
    pub intent: Option<Box<(&'static str, Value)>>,
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            code: None,
            decline_code: None,
            message: message.into(),
            param: None,
            intent: None,
        }
    }

    /// 400 `invalid_request_error` about one parameter.
    pub fn invalid(param: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            code: Some("parameter_invalid"),
            param: Some(param.to_string()),
            ..ApiError::new(StatusCode::BAD_REQUEST, "invalid_request_error", message)
        }
    }

    /// 400: a required parameter is absent.
    pub fn missing(param: &str) -> ApiError {
        ApiError {
            code: Some("parameter_missing"),
            param: Some(param.to_string()),
            ..ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                format!("Missing required param: {param}."),
            )
        }
    }

    /// 400 `invalid_request_error` with one of Stripe's error codes.
    pub fn coded(code: &'static str, param: Option<&str>, message: impl Into<String>) -> ApiError {
        ApiError {
            code: Some(code),
            param: param.map(str::to_string),
            ..ApiError::new(StatusCode::BAD_REQUEST, "invalid_request_error", message)
        }
    }

    /// 400: the request cannot be done in the object's current state.
    pub fn state(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_request_error", message)
    }

    /// `resource_missing`: "No such customer: 'cus_…'"; 404 for the object a path names,
    /// 400 for one a parameter names.
    pub fn no_such(what: &str, id: &str, param: Option<&str>) -> ApiError {
        let status = if param.is_some() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::NOT_FOUND
        };
        ApiError {
            code: Some("resource_missing"),
            param: param.map(str::to_string),
            ..ApiError::new(
                status,
                "invalid_request_error",
                format!("No such {what}: '{id}'"),
            )
        }
    }

    /// 404 for a path the sandbox does not serve.
    pub fn unknown_url(method: &str, path: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            format!("Unrecognized request URL ({method}: {path})."),
        )
    }

    /// 400 `idempotency_error`: a key reused with other parameters.
    pub fn idempotency(key: &str) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "idempotency_error",
            format!(
                "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '{key}' if you meant to execute a different request."
            ),
        )
    }

    /// 401 without a usable key.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "invalid_request_error", message)
    }

    /// 429 `rate_limit`, as Stripe answers too many requests.
    pub fn rate_limited() -> ApiError {
        ApiError {
            code: Some("rate_limit"),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "invalid_request_error",
                "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.",
            )
        }
    }

    /// 402 `card_error`.
    pub fn card(
        code: &'static str,
        decline_code: Option<&'static str>,
        message: &str,
        param: Option<&str>,
    ) -> ApiError {
        ApiError {
            code: Some(code),
            decline_code,
            param: param.map(str::to_string),
            ..ApiError::new(StatusCode::PAYMENT_REQUIRED, "card_error", message)
        }
    }

    /// 500 `api_error`: the sandbox itself failed (its state file could not be written).
    pub fn internal(message: String) -> ApiError {
        tracing::error!(%message, "the Stripe sandbox failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "api_error",
            "The Stripe sandbox could not store this change.",
        )
    }

    /// 413 for a body past `limit` bytes (the sandbox's `limits::MAX_BODY_BYTES`).
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "invalid_request_error",
            format!(
                "The request is larger than the sandbox takes ({} KB).",
                limit / 1024
            ),
        )
    }

    /// The same error about a parameter inside `outer` (`name` → `billing_details[name]`),
    /// for checks run on a nested part of the form.
    pub fn within(mut self, outer: &str) -> ApiError {
        self.param = self.param.map(|param| match param.split_once('[') {
            Some((head, rest)) => format!("{outer}[{head}][{rest}"),
            None => format!("{outer}[{param}]"),
        });
        self
    }

    /// The error object without the envelope, as intents carry it in `last_payment_error`.
    pub fn object(&self) -> Value {
        let mut error = json!({
            "type": self.kind,
            "message": self.message,
        });
        for (key, value) in [
            ("code", self.code),
            ("decline_code", self.decline_code),
            ("param", self.param.as_deref()),
        ] {
            if let Some(value) = value {
                error[key] = json!(value);
            }
        }
        if let Some(code) = &self.code {
            error["doc_url"] = json!(format!(
                "https://stripe.com/docs/error-codes/{}",
                code.replace('_', "-")
            ));
        }
        error
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = self.object();
        if let Some(intent) = self.intent {
            let (key, intent) = *intent;
            error[key] = intent;
        }
        (self.status, axum::Json(json!({ "error": error }))).into_response()
    }
}
