//! Sign-up, sign-in, sign-out, the account, settings and password resets.

use axum::extract::{ConnectInfo, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Redirect, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use calcsmith_engine::dates::CivilDate;
use serde::Deserialize;
use std::net::SocketAddr;
use utoipa::ToSchema;

use crate::auth::{CurrentUser, end_session, session_cookie, session_token, start_session};
use crate::device::{device_cookie, device_of};
use crate::error::ApiError;
use crate::extract::Body;
use crate::security::is_cross_site;
use crate::services::accounts::{self, Account, SettingsChange};
use crate::services::captcha::{self, Captcha};
use crate::services::export::{self, AccountExport};
use crate::services::{password_resets, rate_limit};
use crate::state::AppState;
use crate::wire::{ErrorBody, MessageBody, ScriptJson};

/// The account routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/signup", post(sign_up))
        .route("/api/login", post(sign_in))
        // GET for the spec's link; POST for forms. Either refuses other sites.
        .route("/api/logout", get(sign_out).post(sign_out_form))
        .route("/api/account", put(account).delete(delete_account))
        .route("/api/acc/save", post(save_settings))
        .route("/api/account/export", get(export_account))
        .route("/api/captcha", get(new_captcha))
        .route("/api/forgot", post(forgot))
        .route("/api/forgot/reset", post(reset))
        .route("/api/forgot/check", post(check_reset))
}

/// `POST /api/signup`.
#[derive(Deserialize, ToSchema)]
pub struct SignUpRequest {
    #[serde(default)]
    #[schema(required)]
    email: String,
    #[serde(default)]
    #[schema(required)]
    password: String,
    #[serde(default)]
    #[schema(required)]
    name: String,
    /// The solved ALTCHA challenge from `GET /api/captcha`, base64 JSON.
    #[serde(rename = "captchaResponse")]
    #[schema(value_type = String, required)]
    captcha_response: Option<String>,
}

/// `DELETE /api/account` (no body counts as no password).
#[derive(Deserialize, Default, ToSchema)]
pub struct DeleteAccountRequest {
    /// The user's current password.
    #[serde(default)]
    #[schema(required)]
    password: String,
}

/// `POST /api/login`.
#[derive(Deserialize, ToSchema)]
pub struct SignInRequest {
    #[serde(default)]
    #[schema(required)]
    email: String,
    #[serde(default)]
    #[schema(required)]
    password: String,
}

/// Signs `user` in: a fresh session (rotated on every sign-in), this browser remembered
/// as one of the user's devices, and the user as JSON.
async fn signed_in(
    state: &AppState,
    user: &crate::entities::user::Model,
) -> Result<Response, ApiError> {
    let token = start_session(state, user.id).await?;
    let body = accounts::account(state, user).await?;
    Ok((
        AppendHeaders([
            (SET_COOKIE, session_cookie(state, Some(&token))),
            (SET_COOKIE, device_cookie(state, user.id)),
        ]),
        ScriptJson(body),
    )
        .into_response())
}

/// Creates an account and signs it in (sets the session cookie).
#[utoipa::path(post, path = "/api/signup", tag = "account",
    request_body(content(
        (SignUpRequest = "application/json"),
        (SignUpRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = Account, description = "Signed up and signed in"),
        (status = 400, body = ErrorBody, description = "Invalid details, a taken email, or \
            `Please resolve the captcha and submit!`"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn sign_up(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<SignUpRequest>,
) -> Result<Response, ApiError> {
    rate_limit::hit(&state, &format!("signup:{}", peer.ip()), 10, 60).await?;
    captcha::check(&state, form.captcha_response.as_deref()).await?;
    let user = accounts::sign_up(&state, &form.email, &form.password, &form.name).await?;
    signed_in(&state, &user).await
}

/// Signs in (a fresh session cookie).
#[utoipa::path(post, path = "/api/login", tag = "account",
    request_body(content(
        (SignInRequest = "application/json"),
        (SignInRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = Account),
        (status = 400, body = ErrorBody, description = "`Wrong email or password.`"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(form): Body<SignInRequest>,
) -> Result<Response, ApiError> {
    let device = device_of(&state, &headers);
    let user = accounts::sign_in(&state, peer.ip(), &form.email, &form.password, device).await?;
    signed_in(&state, &user).await
}

/// Ends the session and goes home — unless another site sent the browser here, which
/// then only goes home (a link elsewhere must not sign anyone out).
#[utoipa::path(get, path = "/api/logout", tag = "account",
    responses((status = 303, description = "Signed out; to `/`")))]
async fn sign_out(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    if is_cross_site(&state, &headers) {
        return Ok(Redirect::to("/").into_response());
    }
    end_session(&state, &headers).await?;
    Ok((
        [(SET_COOKIE, session_cookie(&state, None))],
        Redirect::to("/"),
    )
        .into_response())
}

/// The same for forms, documented apart: cross-site requests are refused.
#[utoipa::path(post, path = "/api/logout", tag = "account",
    responses(
        (status = 303, description = "Signed out; to `/`"),
        (status = 403, body = ErrorBody, description = "A cross-site request")))]
async fn sign_out_form(state: State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    sign_out(state, headers).await
}

/// The signed-in user with their calculators.
#[utoipa::path(put, path = "/api/account", tag = "account", security(("session" = [])),
    responses((status = 200, body = Account), (status = 401, body = ErrorBody)))]
async fn account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<ScriptJson<Account>, ApiError> {
    Ok(ScriptJson(accounts::account(&state, &user).await?))
}

/// Deletes the user, their sessions and calculators; needs the current password; a
/// subscription ends at once.
#[utoipa::path(delete, path = "/api/account", tag = "account", security(("session" = [])),
    request_body(content(
        (DeleteAccountRequest = "application/json"),
        (DeleteAccountRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody),
        (status = 400, body = ErrorBody,
            description = "No current password, or a wrong one (the account stays)"),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached to end the \
            subscription; nothing was deleted")))]
async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    body: Result<Body<DeleteAccountRequest>, ApiError>,
) -> Result<Response, ApiError> {
    // No body at all (the spec's older clients) asks for the password like an empty one.
    let DeleteAccountRequest { password } = match body {
        Ok(Body(form)) => form,
        Err(_) if !headers.contains_key(CONTENT_TYPE) => DeleteAccountRequest::default(),
        Err(error) => return Err(error),
    };
    accounts::delete_account(&state, &user, &password).await?;
    let body = Json(MessageBody::new(
        "Your account and calculators have been deleted.",
    ));
    Ok(([(SET_COOKIE, session_cookie(&state, None))], body).into_response())
}

/// Changes settings; a new email must be free, a new password needs the old one.
#[utoipa::path(post, path = "/api/acc/save", tag = "account", security(("session" = [])),
    request_body(content(
        (SettingsChange = "application/json"),
        (SettingsChange = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
async fn save_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Body(change): Body<SettingsChange>,
) -> Result<Json<MessageBody>, ApiError> {
    let session = session_token(&headers);
    accounts::save_settings(&state, user, change, session.as_deref()).await?;
    Ok(Json(MessageBody::new("Settings saved.")))
}

/// "Download my data": the profile, every calculator with its versions, and the
/// submissions the plan lets the owner read, as one JSON file (`services::export`).
#[utoipa::path(get, path = "/api/account/export", tag = "account", security(("session" = [])),
    responses(
        (status = 200, body = AccountExport,
            description = "The file (`Content-Disposition: attachment`)"),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn export_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, ApiError> {
    let file = export::export(&state, &user).await?;
    let day = CivilDate::from_epoch_ms(file.exported_at as f64 * 1000.0)
        .map_or_else(String::new, CivilDate::to_iso);
    let disposition = format!("attachment; filename=\"calcsmith-data-{day}.json\"");
    Ok((
        [
            (CONTENT_DISPOSITION, disposition),
            (CACHE_CONTROL, "no-store".to_owned()),
        ],
        ScriptJson(file),
    )
        .into_response())
}

/// A proof-of-work challenge for sign-up.
#[utoipa::path(get, path = "/api/captcha", tag = "account",
    responses((status = 200, body = Captcha)))]
async fn new_captcha(State(state): State<AppState>) -> Result<Response, ApiError> {
    let challenge = captcha::new_challenge(&state.config.secret_key)?;
    Ok(([("cache-control", "no-store")], Json(challenge)).into_response())
}

/// `POST /api/forgot`.
#[derive(Deserialize, ToSchema)]
pub struct ForgotRequest {
    #[serde(default)]
    #[schema(required)]
    email: String,
}

/// Mails a password-reset link (the same answer for unknown emails).
#[utoipa::path(post, path = "/api/forgot", tag = "account",
    request_body(content(
        (ForgotRequest = "application/json"),
        (ForgotRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn forgot(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<ForgotRequest>,
) -> Result<Json<MessageBody>, ApiError> {
    rate_limit::hit(&state, &format!("forgot:{}", peer.ip()), 5, 60).await?;
    password_resets::request_reset(&state, &form.email).await?;
    Ok(Json(MessageBody::new(
        "If an account uses this email, a link to reset its password is on its way.",
    )))
}

/// `POST /api/forgot/check`.
#[derive(Deserialize, ToSchema)]
pub struct ResetLinkRequest {
    /// The token from the reset link.
    #[serde(default)]
    #[schema(required)]
    token: String,
}

/// Whether a reset link's token can still be used (spends nothing).
#[utoipa::path(post, path = "/api/forgot/check", tag = "account",
    request_body(content(
        (ResetLinkRequest = "application/json"),
        (ResetLinkRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn check_reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<ResetLinkRequest>,
) -> Result<Json<MessageBody>, ApiError> {
    rate_limit::hit(&state, &format!("forgot-check:{}", peer.ip()), 30, 60).await?;
    password_resets::check_reset(&state, &form.token).await?;
    Ok(Json(MessageBody::new("This reset link can be used.")))
}

/// `POST /api/forgot/reset`.
#[derive(Deserialize, ToSchema)]
pub struct ResetRequest {
    /// The token from the reset link.
    #[serde(default)]
    #[schema(required)]
    token: String,
    #[serde(default)]
    #[schema(required)]
    password: String,
}

/// Sets a new password with a reset link's token.
#[utoipa::path(post, path = "/api/forgot/reset", tag = "account",
    request_body(content(
        (ResetRequest = "application/json"),
        (ResetRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn reset(
    State(state): State<AppState>,
    Body(form): Body<ResetRequest>,
) -> Result<(StatusCode, Json<MessageBody>), ApiError> {
    password_resets::reset_password(&state, &form.token, &form.password).await?;
    Ok((
        StatusCode::OK,
        Json(MessageBody::new(
            "Your password has been changed. Please sign in.",
        )),
    ))
}
