//! The visitor's contact fields, checked against the calculator's form: only the form's
//! fields, each of the right kind and length, the required ones filled in.

use serde_json::{Map, Value};

use crate::domain::submission_settings::{ContactField, SubmissionSettings};
use crate::domain::{parse_email, parse_text};
use crate::error::ApiError;

/// The longest message a visitor may write.
pub const MESSAGE_CHARS: usize = 5000;

/// What the visitor filled in; a field left empty is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Contact {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub message: Option<String>,
    /// Whether the consent box was ticked; `None` when the form has none.
    pub consent: Option<bool>,
}

impl Contact {
    /// Whether `field` is filled in (a consent box: ticked).
    fn has(&self, field: ContactField) -> bool {
        match field {
            ContactField::Name => self.name.is_some(),
            ContactField::Email => self.email.is_some(),
            ContactField::Phone => self.phone.is_some(),
            ContactField::Company => self.company.is_some(),
            ContactField::Message => self.message.is_some(),
            ContactField::Consent => self.consent == Some(true),
        }
    }
}

/// A message: several lines allowed, other control characters not.
fn parse_message(raw: &str) -> Result<String, ApiError> {
    let text = raw.trim();
    if text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(ApiError::BadRequest(
            "Message cannot contain control characters.".to_owned(),
        ));
    }
    if text.chars().count() > MESSAGE_CHARS {
        return Err(ApiError::BadRequest(format!(
            "Message is too long (at most {MESSAGE_CHARS} characters)."
        )));
    }
    Ok(text.to_owned())
}

/// `raw` (the request's `contact`) as the form allows it.
///
/// # Errors
/// 400 for a field the form does not have, a value of the wrong kind, a malformed email,
/// an over-long text or a required field left empty; the message names the field.
pub fn parse_contact(
    settings: &SubmissionSettings,
    raw: &Map<String, Value>,
) -> Result<Contact, ApiError> {
    let mut contact = Contact {
        consent: settings.field(ContactField::Consent).map(|_| false),
        ..Contact::default()
    };
    for (key, value) in raw {
        let field = ContactField::parse(key)
            .ok_or_else(|| ApiError::BadRequest(format!("Unknown contact field \"{key}\".")))?;
        if settings.field(field).is_none() {
            return Err(ApiError::BadRequest(format!(
                "This form has no \"{key}\" field."
            )));
        }
        let label = field.label();
        if field == ContactField::Consent {
            contact.consent = match value {
                Value::Null => Some(false),
                Value::Bool(ticked) => Some(*ticked),
                _ => {
                    return Err(ApiError::BadRequest(format!(
                        "{label} must be true or false."
                    )));
                }
            };
            continue;
        }
        let text = match value {
            Value::Null => continue,
            Value::String(text) => text,
            _ => return Err(ApiError::BadRequest(format!("{label} must be text."))),
        };
        let parsed = match field {
            _ if text.trim().is_empty() => continue,
            ContactField::Email => parse_email(text)?,
            ContactField::Message => parse_message(text)?,
            _ => parse_text(label, text)?,
        };
        let slot = match field {
            ContactField::Name => &mut contact.name,
            ContactField::Email => &mut contact.email,
            ContactField::Phone => &mut contact.phone,
            ContactField::Company => &mut contact.company,
            _ => &mut contact.message,
        };
        *slot = Some(parsed);
    }
    if let Some(missing) = settings
        .fields
        .iter()
        .find(|f| f.required && !contact.has(f.field))
    {
        return Err(ApiError::BadRequest(format!(
            "{} is required.",
            missing.field.label()
        )));
    }
    Ok(contact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::submission_settings::FieldSetting;
    use serde_json::json;

    fn form() -> SubmissionSettings {
        let field = |field, required| FieldSetting { field, required };
        SubmissionSettings {
            enabled: true,
            fields: vec![
                field(ContactField::Email, true),
                field(ContactField::Name, false),
                field(ContactField::Message, false),
                field(ContactField::Consent, true),
            ],
            consent_text: Some("I agree".to_owned()),
            ..SubmissionSettings::default()
        }
    }

    fn message(raw: Value) -> String {
        let raw = raw.as_object().cloned().unwrap_or_default();
        match parse_contact(&form(), &raw) {
            Err(ApiError::BadRequest(message)) => message,
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn the_forms_fields_are_read_trimmed_and_the_email_lower_cased() {
        let raw = json!({"email": " Ada@Example.COM ", "name": " Ada ", "message": "line 1\nline 2",
                         "consent": true});
        let contact = parse_contact(&form(), raw.as_object().unwrap()).unwrap();
        assert_eq!(contact.email.as_deref(), Some("ada@example.com"));
        assert_eq!(contact.name.as_deref(), Some("Ada"));
        assert_eq!(contact.message.as_deref(), Some("line 1\nline 2"));
        assert_eq!(contact.consent, Some(true));
    }

    #[test]
    fn bad_contact_fields_are_refused_by_name() {
        assert_eq!(
            message(json!({"fax": "1"})),
            "Unknown contact field \"fax\"."
        );
        assert_eq!(
            message(json!({"phone": "1"})),
            "This form has no \"phone\" field."
        );
        assert_eq!(
            message(json!({"email": "nope"})),
            "Please enter a valid email address."
        );
        assert_eq!(message(json!({"email": 5})), "Email must be text.");
        assert_eq!(
            message(json!({"email": "a@b.co", "name": "x".repeat(201)})),
            "Name is too long (at most 200 characters)."
        );
        assert_eq!(message(json!({"consent": true})), "Email is required.");
        assert_eq!(message(json!({"email": "a@b.co"})), "Consent is required.");
        assert_eq!(
            message(json!({"email": "a@b.co", "consent": "yes"})),
            "Consent must be true or false."
        );
    }
}
