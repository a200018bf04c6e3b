//! Sign-up, sign-in, sign-out, the account, settings and password resets.

use axum::extract::{ConnectInfo, State};
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Redirect, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

use crate::auth::{CurrentUser, end_session, session_cookie, session_token, start_session};
use crate::device::{device_cookie, device_of};
use crate::error::ApiError;
use crate::extract::Body;
use crate::security::is_cross_site;
use crate::services::accounts::{self, SettingsChange};
use crate::services::{captcha, password_resets, rate_limit};
use crate::state::AppState;

/// The account routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/signup", post(sign_up))
        .route("/api/login", post(sign_in))
        // GET for the spec's link; POST for forms. Either refuses other sites.
        .route("/api/logout", get(sign_out).post(sign_out))
        .route("/api/account", put(account).delete(delete_account))
        .route("/api/acc/save", post(save_settings))
        .route("/api/captcha", get(new_captcha))
        .route("/api/forgot", post(forgot))
        .route("/api/forgot/reset", post(reset))
        .route("/api/forgot/check", post(check_reset))
}

#[derive(Deserialize)]
struct SignUp {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    name: String,
    #[serde(rename = "captchaResponse")]
    captcha_response: Option<String>,
}

/// The body of `DELETE /api/account` (none counts as no password).
#[derive(Deserialize, Default)]
struct Deletion {
    #[serde(default)]
    password: String,
}

#[derive(Deserialize)]
struct SignIn {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

/// Signs `user` in: a fresh session (rotated on every sign-in), this browser remembered
/// as one of the user's devices, and the user as JSON.
async fn signed_in(
    state: &AppState,
    user: &crate::entities::user::Model,
) -> Result<Response, ApiError> {
    let token = start_session(state, user.id).await?;
    let body = accounts::account_json(state, user).await?;
    Ok((
        AppendHeaders([
            (SET_COOKIE, session_cookie(state, Some(&token))),
            (SET_COOKIE, device_cookie(state, user.id)),
        ]),
        Json(body),
    )
        .into_response())
}

async fn sign_up(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<SignUp>,
) -> Result<Response, ApiError> {
    rate_limit::hit(&state, &format!("signup:{}", peer.ip()), 10, 60).await?;
    captcha::check(&state, form.captcha_response.as_deref()).await?;
    let user = accounts::sign_up(&state, &form.email, &form.password, &form.name).await?;
    signed_in(&state, &user).await
}

async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(form): Body<SignIn>,
) -> Result<Response, ApiError> {
    let device = device_of(&state, &headers);
    let user = accounts::sign_in(&state, peer.ip(), &form.email, &form.password, device).await?;
    signed_in(&state, &user).await
}

/// Ends the session and goes home — unless another site sent the browser here, which
/// then only goes home (a link elsewhere must not sign anyone out).
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

async fn account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, ApiError> {
    Ok(Json(accounts::account_json(&state, &user).await?).into_response())
}

async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    body: Result<Body<Deletion>, ApiError>,
) -> Result<Response, ApiError> {
    // No body at all (the spec's older clients) asks for the password like an empty one.
    let Deletion { password } = match body {
        Ok(Body(form)) => form,
        Err(_) if !headers.contains_key(CONTENT_TYPE) => Deletion::default(),
        Err(error) => return Err(error),
    };
    accounts::delete_account(&state, &user, &password).await?;
    let body = Json(json!({"message": "Your account and calculators have been deleted."}));
    Ok(([(SET_COOKIE, session_cookie(&state, None))], body).into_response())
}

async fn save_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Body(change): Body<SettingsChange>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let session = session_token(&headers);
    accounts::save_settings(&state, user, change, session.as_deref()).await?;
    Ok(Json(json!({"message": "Settings saved."})))
}

async fn new_captcha(State(state): State<AppState>) -> Result<Response, ApiError> {
    let challenge = captcha::new_challenge(&state.config.secret_key)?;
    Ok(([("cache-control", "no-store")], Json(challenge)).into_response())
}

#[derive(Deserialize)]
struct Forgot {
    #[serde(default)]
    email: String,
}

async fn forgot(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<Forgot>,
) -> Result<Json<serde_json::Value>, ApiError> {
    rate_limit::hit(&state, &format!("forgot:{}", peer.ip()), 5, 60).await?;
    password_resets::request_reset(&state, &form.email).await?;
    Ok(Json(json!({
        "message": "If an account uses this email, a link to reset its password is on its way."
    })))
}

#[derive(Deserialize)]
struct ResetLink {
    #[serde(default)]
    token: String,
}

async fn check_reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Body(form): Body<ResetLink>,
) -> Result<Json<serde_json::Value>, ApiError> {
    rate_limit::hit(&state, &format!("forgot-check:{}", peer.ip()), 30, 60).await?;
    password_resets::check_reset(&state, &form.token).await?;
    Ok(Json(json!({"message": "This reset link can be used."})))
}

#[derive(Deserialize)]
struct Reset {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

async fn reset(
    State(state): State<AppState>,
    Body(form): Body<Reset>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    password_resets::reset_password(&state, &form.token, &form.password).await?;
    Ok((
        StatusCode::OK,
        Json(json!({"message": "Your password has been changed. Please sign in."})),
    ))
}
