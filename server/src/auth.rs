//! Passwords (argon2id), sessions (a random token in an HttpOnly cookie, stored hashed)
//! and the extractors that find the signed-in user.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use crate::entities::{session, user};
use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::{hash_token, now, random_token};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "calcsmith_session";

/// How long a session lasts (30 days).
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;

/// argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password for storage.
///
/// # Errors
/// Hashing failed (not expected with valid parameters).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    argon2()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| ApiError::Internal(format!("argon2: {e}")))
}

/// Whether `password` matches a stored hash.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .is_ok_and(|hash| argon2().verify_password(password.as_bytes(), &hash).is_ok())
}

/// Starts a session for `user_id`; returns the cookie token.
///
/// # Errors
/// The database refused the session row.
pub async fn start_session(state: &AppState, user_id: i64) -> Result<String, ApiError> {
    let token = random_token();
    let now = now();
    session::ActiveModel {
        token_hash: Set(hash_token(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + SESSION_SECONDS),
    }
    .insert(&state.db)
    .await?;
    Ok(token)
}

/// The `Set-Cookie` value that stores `token` (or clears the cookie when `None`).
pub fn session_cookie(state: &AppState, token: Option<&str>) -> String {
    let secure = if state.config.cookie_secure {
        "; Secure"
    } else {
        ""
    };
    match token {
        Some(token) => format!(
            "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}{secure}"
        ),
        None => format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

/// The value of the cookie `wanted` in the request, if it is there and not empty.
pub fn cookie(headers: &HeaderMap, wanted: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == wanted && !value.is_empty()).then(|| value.to_owned())
        })
}

/// The session token from the request's cookies.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    cookie(headers, SESSION_COOKIE)
}

/// The signed-in user of a request, if any.
///
/// # Errors
/// The database could not be read.
pub async fn user_of(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<user::Model>, ApiError> {
    let Some(token) = session_token(headers) else {
        return Ok(None);
    };
    let found = session::Entity::find_by_id(hash_token(&token))
        .filter(session::Column::ExpiresAt.gt(now()))
        .one(&state.db)
        .await?;
    match found {
        Some(session) => Ok(user::Entity::find_by_id(session.user_id)
            .one(&state.db)
            .await?),
        None => Ok(None),
    }
}

/// Ends the request's session, if it has one.
///
/// # Errors
/// The database could not be written.
pub async fn end_session(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    if let Some(token) = session_token(headers) {
        session::Entity::delete_by_id(hash_token(&token))
            .exec(&state.db)
            .await?;
    }
    Ok(())
}

/// The signed-in user; 401 when there is none.
pub struct CurrentUser(pub user::Model);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        user_of(state, &parts.headers)
            .await?
            .map(CurrentUser)
            .ok_or(ApiError::Unauthorized)
    }
}

/// The signed-in user, or `None` for a visitor.
pub struct MaybeUser(pub Option<user::Model>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(MaybeUser(user_of(state, &parts.headers).await?))
    }
}

/// Deletes every session of a user (after a password change or account deletion).
///
/// # Errors
/// The database could not be written.
pub async fn end_all_sessions(state: &AppState, user_id: i64) -> Result<(), ApiError> {
    session::Entity::delete_many()
        .filter(session::Column::UserId.eq(user_id))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// Deletes every session of a user but the one whose token is `keep` (after an email
/// change: the device that made it stays signed in, every other one is signed out).
///
/// # Errors
/// The database could not be written.
pub async fn end_other_sessions(
    state: &AppState,
    user_id: i64,
    keep: Option<&str>,
) -> Result<(), ApiError> {
    let mut delete = session::Entity::delete_many().filter(session::Column::UserId.eq(user_id));
    if let Some(token) = keep {
        delete = delete.filter(session::Column::TokenHash.ne(hash_token(token)));
    }
    delete.exec(&state.db).await?;
    Ok(())
}
