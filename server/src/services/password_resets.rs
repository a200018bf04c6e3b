//! Password-reset links: mailed on request, valid for an hour, used once. Using one, or
//! changing the password or the email in settings, revokes every link still outstanding
//! (OWASP ASVS 2.5), and the account's address is told about the change.

use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};

use crate::auth::{end_all_sessions, hash_password};
use crate::domain::{check_password, parse_email};
use crate::entities::{password_reset, user};
use crate::error::ApiError;
use crate::services::mail;
use crate::state::AppState;
use crate::tokens::{hash_token, now, random_token};

/// How long a password-reset link works.
const RESET_SECONDS: i64 = 3600;

/// Mails a reset link if the email has an account (the answer is the same either way).
///
/// # Errors
/// 400 when `email` is not an email address; the database could not be written.
pub async fn request_reset(state: &AppState, email: &str) -> Result<(), ApiError> {
    let email = parse_email(email)?;
    let Some(user) = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(&state.db)
        .await?
    else {
        return Ok(());
    };
    let token = random_token();
    password_reset::ActiveModel {
        token_hash: Set(hash_token(&token)),
        user_id: Set(user.id),
        expires_at: Set(now() + RESET_SECONDS),
        used: Set(false),
    }
    .insert(&state.db)
    .await?;
    let link = format!("{}/forgot?token={token}", state.config.public_url);
    let body = format!(
        "Someone asked to reset the password of your Calcsmith account.\n\n\
         To choose a new password, open this link within an hour:\n{link}\n\n\
         If it was not you, ignore this message."
    );
    mail::send(state, &user.email, "Reset your Calcsmith password", &body).await
}

/// The answer to a reset link that cannot be used (unknown, used, revoked or expired).
fn invalid() -> ApiError {
    ApiError::BadRequest("This reset link is invalid or has expired.".to_owned())
}

/// The reset `token` names, if it can still be used.
async fn usable_reset(state: &AppState, token: &str) -> Result<password_reset::Model, ApiError> {
    password_reset::Entity::find_by_id(hash_token(token.trim()))
        .one(&state.db)
        .await?
        .filter(|r| !r.used && r.expires_at > now())
        .ok_or_else(invalid)
}

/// Whether a reset link can still be used, spending nothing: the page asks as it opens
/// the link, so a used or expired one says so before a password is typed.
///
/// # Errors
/// 400 for an unknown, used, revoked or expired token.
pub async fn check_reset(state: &AppState, token: &str) -> Result<(), ApiError> {
    usable_reset(state, token).await.map(drop)
}

/// Sets a new password with a reset token (once, within the hour); every other link of
/// the account stops working and every session ends.
///
/// # Errors
/// 400 for an unknown, used, revoked or expired token, or a too-short password.
pub async fn reset_password(state: &AppState, token: &str, password: &str) -> Result<(), ApiError> {
    check_password(password)?;
    let reset = usable_reset(state, token).await?;
    let user = user::Entity::find_by_id(reset.user_id)
        .one(&state.db)
        .await?
        .ok_or_else(invalid)?;
    // Mark the token used first: a second request with it finds nothing to use.
    let marked = password_reset::Entity::update_many()
        .col_expr(
            password_reset::Column::Used,
            sea_orm::sea_query::Expr::value(true),
        )
        .filter(password_reset::Column::TokenHash.eq(&reset.token_hash))
        .filter(password_reset::Column::Used.eq(false))
        .exec(&state.db)
        .await?;
    if marked.rows_affected != 1 {
        return Err(invalid());
    }
    let mut model = user.into_active_model();
    model.password_hash = Set(hash_password(password)?);
    let user = model.update(&state.db).await?;
    revoke_resets(state, user.id).await?;
    end_all_sessions(state, user.id).await?;
    notify(
        state,
        &user.email,
        "The password of your Calcsmith account was changed with a reset link.",
    )
    .await;
    Ok(())
}

/// Revokes every reset link of a user, used or not.
///
/// # Errors
/// The database could not be written.
pub async fn revoke_resets(state: &AppState, user_id: i64) -> Result<(), ApiError> {
    password_reset::Entity::delete_many()
        .filter(password_reset::Column::UserId.eq(user_id))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// Tells `address` that its account's credentials changed (ASVS 2.2.3). A mail that
/// cannot be written is logged: the change itself has been made.
pub async fn notify(state: &AppState, address: &str, what: &str) {
    let body = format!(
        "{what}\n\n\
         If you made this change, there is nothing more to do. If you did not, your \
         account may be in someone else's hands: contact the operator of this site at once."
    );
    if let Err(error) =
        mail::send(state, address, "Your Calcsmith account was changed", &body).await
    {
        tracing::warn!(?error, "the change notice could not be sent");
    }
}
