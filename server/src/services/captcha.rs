//! Self-hosted proof-of-work captcha (ALTCHA): challenges signed with the secret key,
//! solutions verified here, each challenge usable once across every instance.

use altcha::{Challenge, CreateChallengeOptions, Payload, VerifySolutionOptions};
use base64::Engine as _;
use sea_orm::{ActiveModelTrait, Set};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::entities::used_captcha;
use crate::error::ApiError;
use crate::state::AppState;
use crate::tokens::now;

/// The spec's message for a missing or wrong captcha.
pub const CAPTCHA_MESSAGE: &str = "Please resolve the captcha and submit!";

/// How long a challenge stays valid.
const CHALLENGE_SECONDS: i64 = 600;

fn key_secret(secret: &str) -> String {
    format!("{secret}:altcha-key")
}

/// A proof-of-work challenge for the ALTCHA widget (ALTCHA's v2 challenge format), read
/// from the `altcha` crate's own type so that the answer has a schema of ours.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Captcha {
    /// algorithm, cost, nonce, salt, keyLength, keyPrefix, expiresAt, ….
    #[schema(value_type = Object)]
    pub parameters: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
}

/// A new signed challenge for the widget.
///
/// # Errors
/// The challenge could not be created (not expected).
pub fn new_challenge(secret: &str) -> Result<Captcha, ApiError> {
    let challenge: Challenge = altcha::create_challenge(CreateChallengeOptions {
        algorithm: "SHA-256".to_owned(),
        cost: 1,
        counter: Some(rand::random_range(5_000..=20_000)),
        expires_at: Some(now() + CHALLENGE_SECONDS),
        hmac_signature_secret: Some(secret.to_owned()),
        hmac_key_signature_secret: Some(key_secret(secret)),
        ..Default::default()
    })
    .map_err(|e| ApiError::Internal(format!("captcha: {e}")))?;
    serde_json::to_value(challenge)
        .and_then(serde_json::from_value)
        .map_err(|e| ApiError::Internal(format!("captcha: {e}")))
}

/// Checks the widget's payload (base64 JSON of `{challenge, solution}`) and marks the
/// challenge used.
///
/// # Errors
/// 400 with the spec's message when the payload is missing, wrong, expired or reused.
pub async fn check(state: &AppState, response: Option<&str>) -> Result<(), ApiError> {
    let wrong = || ApiError::BadRequest(CAPTCHA_MESSAGE.to_owned());
    let response = response
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .ok_or_else(wrong)?;
    let json = base64::engine::general_purpose::STANDARD
        .decode(response)
        .unwrap_or_else(|_| response.as_bytes().to_vec());
    let payload: Payload = serde_json::from_slice(&json).map_err(|_| wrong())?;
    let secret = &state.config.secret_key;
    let verified = altcha::verify_solution(VerifySolutionOptions {
        hmac_key_signature_secret: Some(key_secret(secret)),
        ..VerifySolutionOptions::new(&payload.challenge, &payload.solution, secret.as_str())
    })
    .map_err(|_| wrong())?;
    if !verified.verified {
        return Err(wrong());
    }
    // The primary key refuses a second use of the same challenge, on any instance.
    used_captcha::ActiveModel {
        signature: Set(payload.challenge.parameters.nonce.clone()),
        used_at: Set(now()),
    }
    .insert(&state.db)
    .await
    .map_err(|_| wrong())?;
    Ok(())
}
