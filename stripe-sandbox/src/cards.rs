//! Stripe's test cards: which numbers and `pm_card_*` ids succeed, decline or ask for 3-D
//! Secure, and how a card number is checked when a card is entered.

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// What a card does when it is attached and charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Behaviour {
    Succeeds,
    /// `4000 0000 0000 0002`: declined on attach and on every charge.
    Declined,
    /// `4000 0000 0000 9995`: attaches; charges fail for insufficient funds.
    InsufficientFunds,
    /// `4000 0000 0000 0341`: attaches; every charge declined.
    ChargeFails,
    /// `4000 0025 0000 3155`: setup and on-session charges need 3-D Secure; off-session
    /// charges after that succeed.
    Authenticates,
}

/// How a charge or a setup with a card ends.
#[derive(Debug, Clone)]
pub enum Outcome {
    Succeeded,
    RequiresAction,
    Failed(ApiError),
}

/// A card as entered: brand, last four digits and behaviour.
pub struct TestCard {
    pub brand: &'static str,
    pub last4: String,
    pub behaviour: Behaviour,
}

const DECLINED: (&str, Option<&str>, &str) = (
    "card_declined",
    Some("generic_decline"),
    "Your card was declined.",
);
const INSUFFICIENT: (&str, Option<&str>, &str) = (
    "card_declined",
    Some("insufficient_funds"),
    "Your card has insufficient funds.",
);

fn decline((code, decline_code, message): (&'static str, Option<&'static str>, &str)) -> ApiError {
    ApiError::card(code, decline_code, message, None)
}

impl Behaviour {
    /// Attaching the card to a customer (a SetupIntent or `attach`).
    pub fn on_attach(self, needs_authentication: bool) -> Outcome {
        match self {
            Behaviour::Declined => Outcome::Failed(decline(DECLINED)),
            Behaviour::Authenticates if needs_authentication => Outcome::RequiresAction,
            _ => Outcome::Succeeded,
        }
    }

    /// Charging the card; `off_session` charges (renewals) skip 3-D Secure.
    pub fn on_charge(self, off_session: bool) -> Outcome {
        match self {
            Behaviour::Succeeds => Outcome::Succeeded,
            Behaviour::Declined | Behaviour::ChargeFails => Outcome::Failed(decline(DECLINED)),
            Behaviour::InsufficientFunds => Outcome::Failed(decline(INSUFFICIENT)),
            Behaviour::Authenticates if off_session => Outcome::Succeeded,
            Behaviour::Authenticates => Outcome::RequiresAction,
        }
    }
}

/// The card behind one of Stripe's documented test PaymentMethod ids.
pub fn test_payment_method(id: &str) -> Option<TestCard> {
    let (brand, last4, behaviour) = match id {
        "pm_card_visa" => ("visa", "4242", Behaviour::Succeeds),
        "pm_card_mastercard" => ("mastercard", "4444", Behaviour::Succeeds),
        "pm_card_chargeDeclined" => ("visa", "0002", Behaviour::Declined),
        "pm_card_chargeDeclinedInsufficientFunds" => ("visa", "9995", Behaviour::InsufficientFunds),
        "pm_card_chargeCustomerFail" => ("visa", "0341", Behaviour::ChargeFails),
        "pm_card_authenticationRequired" => ("visa", "3155", Behaviour::Authenticates),
        _ => return None,
    };
    Some(TestCard {
        brand,
        last4: last4.to_string(),
        behaviour,
    })
}

/// Checks an entered card as Stripe does (number, expiry, CVC) and says how it behaves.
///
/// # Errors
/// Stripe's `card_error`s: `incorrect_number`, `invalid_expiry_month`,
/// `invalid_expiry_year`, `invalid_cvc`.
pub fn check(
    number: &str,
    exp_month: i64,
    exp_year: i64,
    cvc: Option<&str>,
    now: i64,
) -> Result<TestCard, ApiError> {
    let digits: String = number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if digits.len() < 12
        || digits.len() > 19
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || !luhn(&digits)
    {
        return Err(ApiError::card(
            "incorrect_number",
            None,
            "Your card number is incorrect.",
            Some("number"),
        ));
    }
    check_expiry(exp_month, exp_year, now)?;
    if let Some(cvc) = cvc
        && (!(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ApiError::card(
            "invalid_cvc",
            None,
            "Your card's security code is invalid.",
            Some("cvc"),
        ));
    }
    let behaviour = match digits.as_str() {
        "4000000000000002" => Behaviour::Declined,
        "4000000000009995" => Behaviour::InsufficientFunds,
        "4000000000000341" => Behaviour::ChargeFails,
        "4000002500003155" => Behaviour::Authenticates,
        _ => Behaviour::Succeeds,
    };
    let brand = match digits.as_bytes() {
        [b'4', ..] => "visa",
        [b'5', b'1'..=b'5', ..] | [b'2', ..] => "mastercard",
        [b'3', b'4' | b'7', ..] => "amex",
        [b'6', ..] => "discover",
        _ => "unknown",
    };
    Ok(TestCard {
        brand,
        last4: digits[digits.len() - 4..].to_string(),
        behaviour,
    })
}

/// Checks a card's expiry: month 1–12, not in the past, at most 50 years ahead.
///
/// # Errors
/// `invalid_expiry_month` or `invalid_expiry_year` card errors.
pub fn check_expiry(exp_month: i64, exp_year: i64, now: i64) -> Result<(), ApiError> {
    if !(1..=12).contains(&exp_month) {
        return Err(ApiError::card(
            "invalid_expiry_month",
            None,
            "Your card's expiration month is invalid.",
            Some("exp_month"),
        ));
    }
    let (year, month, _) = crate::dates::civil(now);
    if exp_year < year || exp_year > year + 50 || (exp_year == year && exp_month < month) {
        return Err(ApiError::card(
            "invalid_expiry_year",
            None,
            "Your card's expiration year is invalid.",
            Some("exp_year"),
        ));
    }
    Ok(())
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                if d * 2 > 9 { d * 2 - 9 } else { d * 2 }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_790_000_000; // September 2026

    #[test]
    fn test_numbers_map_to_their_behaviour() {
        assert_eq!(
            check("4242 4242 4242 4242", 12, 2030, Some("123"), NOW)
                .unwrap()
                .behaviour,
            Behaviour::Succeeds
        );
        assert_eq!(
            check("4000 0025 0000 3155", 1, 2031, None, NOW)
                .unwrap()
                .behaviour,
            Behaviour::Authenticates
        );
        assert_eq!(
            check("4000000000000002", 1, 2031, None, NOW).unwrap().last4,
            "0002"
        );
    }

    #[test]
    fn bad_numbers_expiries_and_cvcs_are_stripes_card_errors() {
        let code = |r: Result<TestCard, ApiError>| r.err().and_then(|e| e.code);
        assert_eq!(
            code(check("4242 4242 4242 4241", 1, 2031, None, NOW)),
            Some("incorrect_number")
        );
        assert_eq!(
            code(check("4242424242424242", 13, 2031, None, NOW)),
            Some("invalid_expiry_month")
        );
        assert_eq!(
            code(check("4242424242424242", 1, 2020, None, NOW)),
            Some("invalid_expiry_year")
        );
        assert_eq!(
            code(check("4242424242424242", 1, 2031, Some("12a"), NOW)),
            Some("invalid_cvc")
        );
    }
}
