//! Sign-up, sign-in (with its throttles), settings and deletion. Every text a user sends
//! is checked here (length, control characters) before it reaches the database, so both
//! databases answer alike.

use std::net::IpAddr;

use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
    TransactionTrait,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::{end_all_sessions, end_other_sessions, hash_password, verify_password};
use crate::device::Device;
use crate::domain::{check_password, parse_email, parse_json_text, parse_text};
use crate::entities::{calculator, calculator_version, user};
use crate::error::ApiError;
use crate::services::password_resets::{notify, revoke_resets};
use crate::services::rate_limit;
use crate::state::AppState;
use crate::tokens::{hash_token, now, random_token};

/// The same answer for an unknown email and a wrong password.
pub const WRONG_CREDENTIALS: &str = "Wrong email or password.";

/// The answer to an email change without the current password.
pub const CURRENT_PASSWORD_NEEDED: &str =
    "Please enter your current password to change your email.";

/// The answer to a settings change or an account deletion with a wrong current password.
pub const WRONG_CURRENT_PASSWORD: &str = "The current password is wrong.";

/// The answer to an account deletion without the current password.
pub const DELETION_PASSWORD_NEEDED: &str =
    "Please enter your current password to delete your account.";

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

/// A failed write: the unique email taken meanwhile is the user's fault, anything else ours.
fn email_race(error: sea_orm::DbErr) -> ApiError {
    match error.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => {
            ApiError::BadRequest(EMAIL_TAKEN.to_owned())
        }
        _ => ApiError::from(error),
    }
}

/// Creates an account.
///
/// # Errors
/// 400 for a bad email, name or password, or an email already in use.
pub async fn sign_up(
    state: &AppState,
    email: &str,
    password: &str,
    name: &str,
) -> Result<user::Model, ApiError> {
    let email = parse_email(email)?;
    let name = parse_text("Name", name)?;
    check_password(password)?;
    ensure_email_free(state, &email).await?;
    let user = user::ActiveModel {
        email: Set(email),
        password_hash: Set(hash_password(password)?),
        name: Set(name),
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
    user.insert(&state.db).await.map_err(email_race)
}

/// Sign-ins per minute from one address, whatever the account.
const SIGN_INS_PER_ADDRESS: i64 = 20;

/// Sign-ins per minute from one address to one account.
const SIGN_INS_PER_ADDRESS_AND_ACCOUNT: i64 = 10;

/// Where sign-in throttles count one account (a hash: emails stay out of that table, and
/// any email fits the key column).
fn account_key(email: &str) -> String {
    hash_token(email)[..32].to_owned()
}

/// The user with this email and password, throttled per OWASP's advice: per address, per
/// address and account, and per account with progressive delays — except from a device
/// the account has signed in on before, which has a failure budget of its own, so guesses
/// from elsewhere cannot lock the owner out.
///
/// # Errors
/// 400 with [`WRONG_CREDENTIALS`] for an unknown email or a wrong password alike; 400 for
/// something that is not an email; 429 while a throttle holds.
pub async fn sign_in(
    state: &AppState,
    peer: IpAddr,
    email: &str,
    password: &str,
    device: Option<Device>,
) -> Result<user::Model, ApiError> {
    rate_limit::hit(state, &format!("login:{peer}"), SIGN_INS_PER_ADDRESS, 60).await?;
    let email = parse_email(email)?;
    let account = account_key(&email);
    rate_limit::hit(
        state,
        &format!("login:{peer}:{account}"),
        SIGN_INS_PER_ADDRESS_AND_ACCOUNT,
        60,
    )
    .await?;
    let found = user::Entity::find()
        .filter(user::Column::Email.eq(&email))
        .one(&state.db)
        .await?;
    let known_device = device.filter(|d| found.as_ref().is_some_and(|u| u.id == d.user_id));
    let account_failures = format!("login-fail:{account}");
    let device_failures = known_device
        .as_ref()
        .map(|d| format!("login-fail-device:{}", d.id));
    // The budget this attempt spends: counted before the password is checked, so guesses
    // sent at once cannot all pass the check before any of them is counted.
    let budget = device_failures.as_ref().unwrap_or(&account_failures);
    rate_limit::claim_attempt(state, budget).await?;
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
        Some(user) if matches => {
            rate_limit::clear_failures(state, &account_failures).await?;
            if let Some(key) = &device_failures {
                rate_limit::clear_failures(state, key).await?;
            }
            Ok(user)
        }
        _ => {
            // The account counts a device's failures too (claimed above were the device's).
            if device_failures.is_some() {
                rate_limit::record_failure(state, &account_failures).await?;
            }
            Err(ApiError::BadRequest(WRONG_CREDENTIALS.to_owned()))
        }
    }
}

/// One of the user's calculators as the account lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountCalc {
    pub _id: String,
    /// The calculator doc (spec §3).
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
}

/// The signed-in user (`PUT /api/account`, and the answer to sign-up and sign-in).
#[derive(Debug, Serialize, ToSchema)]
pub struct Account {
    pub name: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub zipcode: String,
    pub city: String,
    pub state: String,
    pub country: String,
    #[serde(rename = "customerId")]
    pub customer_id: Option<String>,
    /// `free`, `regular` or `premium`.
    pub plan: String,
    pub calcs: Vec<AccountCalc>,
}

/// The user as the web app reads it (spec §3), with their calculators.
///
/// # Errors
/// The database could not be read.
pub async fn account(state: &AppState, user: &user::Model) -> Result<Account, ApiError> {
    let calcs = calculator::Entity::find()
        .filter(calculator::Column::OwnerId.eq(user.id))
        .order_by_desc(calculator::Column::CreatedAt)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|c| AccountCalc {
            doc: parse_json_text(&c.doc),
            doc_style: parse_json_text(&c.doc_style),
            private: c.is_private,
            _id: c.id,
        })
        .collect();
    Ok(Account {
        name: user.name.clone(),
        email: user.email.clone(),
        phone: user.phone.clone(),
        address: user.address.clone(),
        zipcode: user.zipcode.clone(),
        city: user.city.clone(),
        state: user.state.clone(),
        country: user.country.clone(),
        customer_id: user.customer_id.clone(),
        plan: user.plan.clone(),
        calcs,
    })
}

/// Changed settings (`POST /api/acc/save`); absent fields stay as they are.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = SettingsRequest)]
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
    /// The current password; needed to change the password or the email.
    #[serde(rename = "oldPassword")]
    pub old_password: Option<String>,
}

/// Current-password checks per user in 15 minutes (a stolen session cookie must not
/// become a way to guess the password).
const PASSWORD_CHECKS: i64 = 10;

/// Applies a settings change made in the session `session`. A new email or password needs
/// the current password, revokes every reset link and tells the old address; a new
/// password ends every session, a new email every other session.
///
/// # Errors
/// 400 for a bad field, an email in use, a bad new password, or a missing or wrong
/// current password; 429 after too many current-password checks.
pub async fn save_settings(
    state: &AppState,
    user: user::Model,
    change: SettingsChange,
    session: Option<&str>,
) -> Result<(), ApiError> {
    let mut model = user.clone().into_active_model();
    for (label, value, column) in [
        ("Name", change.name, &mut model.name),
        ("Phone", change.phone, &mut model.phone),
        ("Address", change.address, &mut model.address),
        ("Zip code", change.zipcode, &mut model.zipcode),
        ("City", change.city, &mut model.city),
        ("State", change.state, &mut model.state),
        ("Country", change.country, &mut model.country),
    ] {
        if let Some(value) = value {
            *column = Set(parse_text(label, &value)?);
        }
    }
    let new_email = match change.email.as_deref() {
        Some(raw) if raw.trim().to_lowercase() != user.email => Some(parse_email(raw)?),
        _ => None,
    };
    if let Some(email) = &new_email {
        ensure_email_free(state, email).await?;
        model.email = Set(email.clone());
    }
    let new_password = change.password.filter(|p| !p.is_empty());
    if let Some(password) = &new_password {
        check_password(password)?;
    }
    if new_email.is_some() || new_password.is_some() {
        let old = change.old_password.unwrap_or_default();
        if old.is_empty() && new_password.is_none() {
            return Err(ApiError::BadRequest(CURRENT_PASSWORD_NEEDED.to_owned()));
        }
        check_current_password(state, &user, &old).await?;
    }
    if let Some(password) = &new_password {
        model.password_hash = Set(hash_password(password)?);
    }
    model.update(&state.db).await.map_err(|e| match e {
        sea_orm::DbErr::RecordNotUpdated => ApiError::Unauthorized,
        other => email_race(other),
    })?;
    if new_email.is_none() && new_password.is_none() {
        return Ok(());
    }
    revoke_resets(state, user.id).await?;
    if new_password.is_some() {
        end_all_sessions(state, user.id).await?;
    } else {
        end_other_sessions(state, user.id, session).await?;
    }
    let mut what = Vec::new();
    if let Some(email) = &new_email {
        what.push(format!(
            "The email address of your Calcsmith account was changed from {} to {email}.",
            user.email
        ));
    }
    if new_password.is_some() {
        what.push("The password of your Calcsmith account was changed.".to_owned());
    }
    notify(state, &user.email, &what.join("\n")).await;
    Ok(())
}

/// 400 unless `password` is the user's current one; throttled per user, so a stolen
/// session cookie is no way to guess the password.
async fn check_current_password(
    state: &AppState,
    user: &user::Model,
    password: &str,
) -> Result<(), ApiError> {
    rate_limit::hit(
        state,
        &format!("password-check:{}", user.id),
        PASSWORD_CHECKS,
        15 * 60,
    )
    .await?;
    if !verify_password(password, &user.password_hash) {
        return Err(ApiError::BadRequest(WRONG_CURRENT_PASSWORD.to_owned()));
    }
    Ok(())
}

/// Deletes a user with their sessions and calculators (with their submissions), once
/// `password` proves it is them.
///
/// # Errors
/// 400 without the current password or with a wrong one; 429 past the password checks;
/// 502 when Stripe cannot be reached to end the subscription (the account stays); the
/// database could not be written.
pub async fn delete_account(
    state: &AppState,
    user: &user::Model,
    password: &str,
) -> Result<(), ApiError> {
    if password.is_empty() {
        return Err(ApiError::BadRequest(DELETION_PASSWORD_NEEDED.to_owned()));
    }
    check_current_password(state, user, password).await?;
    // Then the subscription, so a deleted account is never charged again.
    crate::services::billing::close_customer(state, user).await?;
    // Their calculators with every version and the analytics of each.
    let txn = state.db.begin().await?;
    crate::services::analytics::store::delete_owner(&txn, user.id).await?;
    crate::services::submissions::removal::delete_owner(&txn, user.id).await?;
    crate::services::webhooks::removal::delete_owner(&txn, user.id).await?;
    let theirs = sea_orm::sea_query::Query::select()
        .column(calculator::Column::Id)
        .from(calculator::Entity)
        .and_where(calculator::Column::OwnerId.eq(user.id))
        .to_owned();
    calculator_version::Entity::delete_many()
        .filter(calculator_version::Column::CalculatorId.in_subquery(theirs))
        .exec(&txn)
        .await?;
    calculator::Entity::delete_many()
        .filter(calculator::Column::OwnerId.eq(user.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    state.published.forget_all();
    end_all_sessions(state, user.id).await?;
    revoke_resets(state, user.id).await?;
    user::Entity::delete_by_id(user.id).exec(&state.db).await?;
    Ok(())
}
