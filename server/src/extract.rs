//! Request extractors that answer bad input in the API's error shape.

use axum::body::Bytes;
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use calcsmith_engine::js_text;
use serde::de::DeserializeOwned;
use std::borrow::Cow;

use crate::error::ApiError;

/// The largest request body the API reads (a calculator doc with its script).
pub const BODY_LIMIT: usize = 512 * 1024;

/// A JSON or form-encoded body (the spec's sign-in forms post "form params"). A lone
/// surrogate's escape in its JSON (`"\ud83d"`, as `JSON.stringify` writes half an emoji)
/// is read as U+FFFD, as a browser encodes such a string: these fields are for people.
pub struct Body<T>(pub T);

/// A JSON body that holds a script's strings (a calculator doc, a visitor's values): a lone
/// surrogate's escape is read in the engine's spelling of it (`js_text::script_json`), so
/// the script and its tests get the code unit that was sent, and answers written with
/// `ScriptJson` give it back.
pub struct ScriptBody<T>(pub T);

fn rejected(status: StatusCode, text: String) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge(format!(
            "The request is too large (limit {} KB).",
            BODY_LIMIT / 1024
        ))
    } else {
        ApiError::BadRequest(format!("Invalid request body: {text}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        rejected(rejection.status(), rejection.body_text())
    }
}

impl From<FormRejection> for ApiError {
    fn from(rejection: FormRejection) -> Self {
        rejected(rejection.status(), rejection.body_text())
    }
}

impl<S, T> FromRequest<S> for Body<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_form = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        if is_form {
            let axum::Form(value) = axum::Form::<T>::from_request(request, state).await?;
            Ok(Body(value))
        } else {
            json(request, state, js_text::replaced_json).await.map(Body)
        }
    }
}

impl<S, T> FromRequest<S> for ScriptBody<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        json(request, state, js_text::script_json)
            .await
            .map(ScriptBody)
    }
}

/// The request's JSON body as `T`, its text first given to `spell` (which rewrites lone
/// surrogates' escapes, which `serde_json` refuses); axum's `Json` reads the result, so
/// every other rejection (content type, size, syntax, a wrong field) is axum's, worded
/// alike.
async fn json<S, T>(
    request: Request,
    state: &S,
    spell: fn(&str) -> Cow<'_, str>,
) -> Result<T, ApiError>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    let (parts, body) = request.into_parts();
    let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
        .await
        .map_err(JsonRejection::from)?;
    let bytes = match std::str::from_utf8(&bytes).map(spell) {
        Ok(Cow::Owned(text)) => Bytes::from(text),
        _ => bytes,
    };
    let request = Request::from_parts(parts, axum::body::Body::from(bytes));
    let axum::Json(value) = axum::Json::<T>::from_request(request, state).await?;
    Ok(value)
}

/// A query string read as `T`; one that cannot be read (a repeated field, a wrong type) is a
/// 400 in the API's error shape, not axum's plain-text rejection.
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let axum::extract::Query(value) =
            axum::extract::Query::<T>::from_request_parts(parts, state)
                .await
                .map_err(|e| {
                    ApiError::BadRequest(format!("Invalid query string: {}", e.body_text()))
                })?;
        Ok(Query(value))
    }
}
