//! Sign-up, sign-in, settings, deletion and password resets.

use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth::{
    end_all_sessions, hash_password, hash_token, now, random_token, verify_password,
};
use crate::entities::{calculator, password_reset, user};
use crate::error::ApiError;
use crate::services::calculators::parse_json_text;
use crate::services::mail;
use crate::state::AppState;

/// The same answer for an unknown email and a wrong password.
pub const WRONG_CREDENTIALS: &str = "Wrong email or password.";

/// How long a password-reset link works.
const RESET_SECONDS: i64 = 3600;

/// An email address, trimmed and lower-cased, that looks like one.
///
/// # Errors
/// 400 when it is not an email address.
pub fn parse_email(raw: &str) -> Result<String, ApiError> {
    let email = raw.trim().to_lowercase();
    let valid = email.len() <= 320
        && email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        })
        && !email.chars().any(char::is_whitespace);
    if valid {
        Ok(email)
    } else {
        Err(ApiError::BadRequest(
            "Please enter a valid email address.".to_owned(),
        ))
    }
}

/// A password long enough to keep.
///
/// # Errors
/// 400 when it is shorter than 8 or longer than 1024 characters.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if (8..=1024).contains(&length) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(
            "The password must have at least 8 characters.".to_owned(),
        ))
    }
}

/// The message when an email already belongs to an account.
const EMAIL_TAKEN: &str = "An account with this email already exists.";

/// 400 when `email` already belongs to an account.
async fn ensure_email_free(state: &AppState, email: &str) -> Result<(), ApiError> {
    let taken = user::Entity::find()
        .filter(user::Column::Email.eq(email))
        .one(&state.db)
        .await?
        .is_some();
    if taken {
        return Err(ApiError::BadRequest(EMAIL_TAKEN.to_owned()));
    }
    Ok(())
}

/// Creates an account.
///
/// # Errors
/// 400 for a bad email or password, or an email already in use.
pub async fn sign_up(
    state: &AppState,
    email: &str,
    password: &str,
    name: &str,
) -> Result<user::Model, ApiError> {
    let email = parse_email(email)?;
    check_password(password)?;
    ensure_email_free(state, &email).await?;
    let user = user::ActiveModel {
        email: Set(email),
        password_hash: Set(hash_password(password)?),
        name: Set(name.trim().chars().take(200).collect()),
        phone: Set(String::new()),
        address: Set(String::new()),
        zipcode: Set(String::new()),
        city: Set(String::new()),
        state: Set(String::new()),
        country: Set(String::new()),
        customer_id: Set(None),
        plan: Set("free".to_owned()),
        created_at: Set(now()),
        ..Default::default()
    };
    user.insert(&state.db)
        .await
        .map_err(|_| ApiError::BadRequest(EMAIL_TAKEN.to_owned()))
}

/// The user with this email and password.
///
/// # Errors
/// 400 with [`WRONG_CREDENTIALS`] for an unknown email or a wrong password alike.
pub async fn sign_in(
    state: &AppState,
    email: &str,
    password: &str,
) -> Result<user::Model, ApiError> {
    let wrong = || ApiError::BadRequest(WRONG_CREDENTIALS.to_owned());
    let email = email.trim().to_lowercase();
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    // Verify against a stand-in hash for an unknown email, so both answers take as long.
    static STAND_IN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let stored = match &found {
        Some(user) => user.password_hash.clone(),
        None => STAND_IN
            .get_or_init(|| hash_password(&random_token()).unwrap_or_default())
            .clone(),
    };
    let matches = verify_password(password, &stored);
    match found {
        Some(user) if matches => Ok(user),
        _ => Err(wrong()),
    }
}

/// The user as the web app reads it (spec §3), with their calculators.
///
/// # Errors
/// The database could not be read.
pub async fn account_json(state: &AppState, user: &user::Model) -> Result<Value, ApiError> {
    let calcs = calculator::Entity::find()
        .filter(calculator::Column::OwnerId.eq(user.id))
        .order_by_desc(calculator::Column::CreatedAt)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|c| {
            json!({
                "_id": c.id,
                "doc": parse_json_text(&c.doc),
                "doc_style": parse_json_text(&c.doc_style),
                "private": c.is_private,
            })
        })
        .collect::<Vec<_>>();
    Ok(json!({
        "name": user.name, "email": user.email, "phone": user.phone,
        "address": user.address, "zipcode": user.zipcode, "city": user.city,
        "state": user.state, "country": user.country, "customerId": user.customer_id,
        "plan": user.plan, "calcs": calcs,
    }))
}

/// Changed settings (`POST /api/acc/save`); absent fields stay as they are.
#[derive(Debug, Deserialize)]
pub struct SettingsChange {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub zipcode: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub country: Option<String>,
    pub password: Option<String>,
    #[serde(rename = "oldPassword")]
    pub old_password: Option<String>,
}

/// Applies a settings change.
///
/// # Errors
/// 400 for an email in use, a bad new password, or a wrong old password.
pub async fn save_settings(
    state: &AppState,
    user: user::Model,
    change: SettingsChange,
) -> Result<(), ApiError> {
    let user_id = user.id;
    let mut model = user.clone().into_active_model();
    if let Some(email) = change
        .email
        .as_deref()
        .filter(|e| e.trim().to_lowercase() != user.email)
    {
        let email = parse_email(email)?;
        ensure_email_free(state, &email).await?;
        model.email = Set(email);
    }
    let short =
        |value: Option<String>| value.map(|v| v.trim().chars().take(200).collect::<String>());
    if let Some(v) = short(change.name) {
        model.name = Set(v);
    }
    if let Some(v) = short(change.phone) {
        model.phone = Set(v);
    }
    if let Some(v) = short(change.address) {
        model.address = Set(v);
    }
    if let Some(v) = short(change.zipcode) {
        model.zipcode = Set(v);
    }
    if let Some(v) = short(change.city) {
        model.city = Set(v);
    }
    if let Some(v) = short(change.state) {
        model.state = Set(v);
    }
    if let Some(v) = short(change.country) {
        model.country = Set(v);
    }
    let new_password = change.password.filter(|p| !p.is_empty());
    if let Some(password) = &new_password {
        let old = change.old_password.unwrap_or_default();
        if !verify_password(&old, &user.password_hash) {
            return Err(ApiError::BadRequest(
                "The current password is wrong.".to_owned(),
            ));
        }
        check_password(password)?;
        model.password_hash = Set(hash_password(password)?);
    }
    model.update(&state.db).await.map_err(|e| match e {
        sea_orm::DbErr::RecordNotUpdated => ApiError::Unauthorized,
        other => ApiError::BadRequest(format!("Settings could not be saved: {other}")),
    })?;
    if new_password.is_some() {
        end_all_sessions(state, user_id).await?;
    }
    Ok(())
}

/// Deletes a user with their sessions and calculators.
///
/// # Errors
/// The database could not be written.
pub async fn delete_account(state: &AppState, user: &user::Model) -> Result<(), ApiError> {
    calculator::Entity::delete_many()
        .filter(calculator::Column::OwnerId.eq(user.id))
        .exec(&state.db)
        .await?;
    end_all_sessions(state, user.id).await?;
    password_reset::Entity::delete_many()
        .filter(password_reset::Column::UserId.eq(user.id))
        .exec(&state.db)
        .await?;
    user::Entity::delete_by_id(user.id).exec(&state.db).await?;
    Ok(())
}

/// Mails a reset link if the email has an account (the answer is the same either way).
///
/// # Errors
/// The database could not be written.
pub async fn request_reset(state: &AppState, email: &str) -> Result<(), ApiError> {
    let email = email.trim().to_lowercase();
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

/// Sets a new password with a reset token (once, within the hour).
///
/// # Errors
/// 400 for an unknown, used or expired token, or a too-short password.
pub async fn reset_password(state: &AppState, token: &str, password: &str) -> Result<(), ApiError> {
    let invalid = || ApiError::BadRequest("This reset link is invalid or has expired.".to_owned());
    check_password(password)?;
    let reset = password_reset::Entity::find_by_id(hash_token(token.trim()))
        .one(&state.db)
        .await?
        .filter(|r| !r.used && r.expires_at > now())
        .ok_or_else(invalid)?;
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
    end_all_sessions(state, user.id).await
}
