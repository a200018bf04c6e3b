//! A calculator's `submissions` settings as its doc holds them:
//! `{"enabled": true, "fields": [{"name": "email", "required": true}, {"name": "name"}],
//! "buttonLabel", "thankYou", "redirect", "consentText", "privacyUrl", "retentionDays",
//! "notify", "emailResults"}`.
//! Read here rather than in the engine: the engine never needs them, and every byte of its
//! wasm module counts. A save refuses settings that are not these
//! (`services::calculators::save`); a doc without them does not collect.

use serde_json::{Map, Value};

/// The form's fields a visitor may fill in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactField {
    Name,
    Email,
    Phone,
    Company,
    Message,
    Consent,
}

impl ContactField {
    /// Every field, in the order a form and a CSV file show them.
    pub const ALL: [ContactField; 6] = [
        ContactField::Name,
        ContactField::Email,
        ContactField::Phone,
        ContactField::Company,
        ContactField::Message,
        ContactField::Consent,
    ];

    /// The field named `name` in the doc and the API.
    pub fn parse(name: &str) -> Option<ContactField> {
        ContactField::ALL.into_iter().find(|f| f.key() == name)
    }

    /// Its name in the doc and the API.
    pub const fn key(self) -> &'static str {
        match self {
            ContactField::Name => "name",
            ContactField::Email => "email",
            ContactField::Phone => "phone",
            ContactField::Company => "company",
            ContactField::Message => "message",
            ContactField::Consent => "consent",
        }
    }

    /// Its name in messages for people.
    pub const fn label(self) -> &'static str {
        match self {
            ContactField::Name => "Name",
            ContactField::Email => "Email",
            ContactField::Phone => "Phone",
            ContactField::Company => "Company",
            ContactField::Message => "Message",
            ContactField::Consent => "Consent",
        }
    }
}

/// One field of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldSetting {
    pub field: ContactField,
    pub required: bool,
}

/// How the author hears of submissions (`notify`; absent: each).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Notify {
    /// An e-mail per submission.
    #[default]
    Each,
    /// One e-mail a day listing the day's submissions.
    Daily,
    /// No e-mail.
    Off,
}

impl Notify {
    /// The value `name` in the doc.
    pub fn parse(name: &str) -> Option<Notify> {
        [Notify::Each, Notify::Daily, Notify::Off]
            .into_iter()
            .find(|n| n.key() == name)
    }

    /// Its value in the doc.
    pub const fn key(self) -> &'static str {
        match self {
            Notify::Each => "each",
            Notify::Daily => "daily",
            Notify::Off => "off",
        }
    }
}

/// The retention choices: days a submission is kept (none: for ever).
pub const RETENTION_DAYS: [i32; 3] = [30, 90, 365];

/// The longest button label.
pub const BUTTON_LABEL_CHARS: usize = 60;

/// The longest thank-you message and consent text.
pub const LONG_TEXT_CHARS: usize = 2000;

/// The longest redirect or privacy link.
pub const URL_CHARS: usize = 2048;

/// What the author chose.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SubmissionSettings {
    /// "Collect submissions" is on.
    pub enabled: bool,
    pub fields: Vec<FieldSetting>,
    pub button_label: Option<String>,
    /// May quote outputs by name: `Your quote: {total}`.
    pub thank_you: Option<String>,
    /// Where the visitor goes after submitting (http or https).
    pub redirect: Option<String>,
    /// The consent box's text, stored with each submission as shown.
    pub consent_text: Option<String>,
    pub privacy_url: Option<String>,
    /// 30, 90 or 365; `None`: kept for ever.
    pub retention_days: Option<i32>,
    /// How the author is told of submissions.
    pub notify: Notify,
    /// The visitor is offered "E-mail me my results" (the form needs its email field).
    pub email_results: bool,
}

/// The settings' keys, for the message about an unknown one.
const KEYS: [&str; 10] = [
    "enabled",
    "fields",
    "buttonLabel",
    "thankYou",
    "redirect",
    "consentText",
    "privacyUrl",
    "retentionDays",
    "notify",
    "emailResults",
];

impl SubmissionSettings {
    /// The settings of `doc` (a doc as JSON); `None` when it has none (absent or null).
    ///
    /// # Errors
    /// The settings are not of the documented shape; the message names the setting.
    pub fn of_doc(doc: &Value) -> Result<Option<SubmissionSettings>, String> {
        match doc.get("submissions") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(settings)) => Self::from_object(settings).map(Some),
            Some(_) => Err("submissions must be an object".to_owned()),
        }
    }

    /// Whether a visitor may submit.
    pub fn collects(settings: Option<&SubmissionSettings>) -> bool {
        settings.is_some_and(|s| s.enabled)
    }

    /// The form's setting of `field`, if the form has it.
    pub fn field(&self, field: ContactField) -> Option<FieldSetting> {
        self.fields.iter().copied().find(|f| f.field == field)
    }

    fn from_object(settings: &Map<String, Value>) -> Result<SubmissionSettings, String> {
        if let Some(unknown) = settings.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(format!(
                "submissions has no setting \"{unknown}\" (use {})",
                KEYS.join(", ")
            ));
        }
        let parsed = SubmissionSettings {
            enabled: match settings.get("enabled") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(on)) => *on,
                Some(_) => return Err("submissions.enabled must be true or false".to_owned()),
            },
            fields: fields(settings.get("fields"))?,
            button_label: text(settings, "buttonLabel", BUTTON_LABEL_CHARS)?,
            thank_you: text(settings, "thankYou", LONG_TEXT_CHARS)?,
            redirect: address(settings, "redirect")?,
            consent_text: text(settings, "consentText", LONG_TEXT_CHARS)?,
            privacy_url: address(settings, "privacyUrl")?,
            retention_days: match settings.get("retentionDays") {
                None | Some(Value::Null) => None,
                Some(days) => Some(
                    days.as_i64()
                        .and_then(|d| i32::try_from(d).ok())
                        .filter(|d| RETENTION_DAYS.contains(d))
                        .ok_or_else(|| {
                            "submissions.retentionDays must be 30, 90, 365 or null (for ever)"
                                .to_owned()
                        })?,
                ),
            },
            notify: match settings.get("notify") {
                None | Some(Value::Null) => Notify::default(),
                Some(value) => value.as_str().and_then(Notify::parse).ok_or_else(|| {
                    "submissions.notify must be \"each\", \"daily\" or \"off\"".to_owned()
                })?,
            },
            email_results: match settings.get("emailResults") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(on)) => *on,
                Some(_) => return Err("submissions.emailResults must be true or false".to_owned()),
            },
        };
        if parsed.email_results && parsed.field(ContactField::Email).is_none() {
            return Err(
                "submissions.emailResults needs the form's email field (results go to it)"
                    .to_owned(),
            );
        }
        if parsed.field(ContactField::Consent).is_some() && parsed.consent_text.is_none() {
            return Err("submissions.consentText is needed for the consent box".to_owned());
        }
        Ok(parsed)
    }
}

fn fields(raw: Option<&Value>) -> Result<Vec<FieldSetting>, String> {
    let list = match raw {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(list)) => list,
        Some(_) => return Err("submissions.fields must be a list".to_owned()),
    };
    let mut fields: Vec<FieldSetting> = Vec::new();
    for entry in list {
        let Some(name) = entry.get("name").and_then(Value::as_str) else {
            return Err("submissions.fields: each field is an object with a name".to_owned());
        };
        let Some(field) = ContactField::parse(name) else {
            return Err(format!(
                "submissions.fields: there is no field \"{name}\" (use name, email, phone, \
                 company, message or consent)"
            ));
        };
        if let Some(unknown) = entry.as_object().and_then(|e| {
            e.keys()
                .find(|k| !matches!(k.as_str(), "name" | "required"))
        }) {
            return Err(format!(
                "submissions.fields: \"{name}\" has no setting \"{unknown}\" (use name, required)"
            ));
        }
        let required = match entry.get("required") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(required)) => *required,
            Some(_) => {
                return Err(format!(
                    "submissions.fields: \"{name}\".required must be true or false"
                ));
            }
        };
        if fields.iter().any(|f| f.field == field) {
            return Err(format!("submissions.fields: \"{name}\" is listed twice"));
        }
        fields.push(FieldSetting { field, required });
    }
    Ok(fields)
}

/// A text setting: absent, null and empty are none.
fn text(settings: &Map<String, Value>, key: &str, max: usize) -> Result<Option<String>, String> {
    match settings.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(Value::String(text)) if text.chars().count() > max => {
            Err(format!("submissions.{key} may be at most {max} characters"))
        }
        Some(Value::String(text)) => Ok(Some(text.trim().to_owned())),
        Some(_) => Err(format!("submissions.{key} must be text")),
    }
}

/// An address setting: absent, null and empty are none; else an http or https address.
fn address(settings: &Map<String, Value>, key: &str) -> Result<Option<String>, String> {
    let bad = || format!("submissions.{key} must be an http or https address");
    let Some(text) = text(settings, key, URL_CHARS).map_err(|_| bad())? else {
        return Ok(None);
    };
    let parsed = url::Url::parse(&text).map_err(|_| bad())?;
    if matches!(parsed.scheme(), "http" | "https") && parsed.host_str().is_some() {
        Ok(Some(text))
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn of(settings: Value) -> Result<Option<SubmissionSettings>, String> {
        SubmissionSettings::of_doc(&json!({ "submissions": settings }))
    }

    #[test]
    fn a_doc_without_settings_does_not_collect() {
        let none = SubmissionSettings::of_doc(&json!({"name": "Old"})).unwrap();
        assert!(!SubmissionSettings::collects(none.as_ref()));
        assert_eq!(of(Value::Null), Ok(None));
    }

    #[test]
    fn the_contract_shape_reads_as_its_settings() {
        let read = of(json!({
            "enabled": true,
            "fields": [{"name": "email", "required": true}, {"name": "name"},
                       {"name": "consent", "required": true}],
            "buttonLabel": "Get my quote",
            "thankYou": "Your quote: {total}",
            "redirect": "https://example.com/thanks",
            "consentText": "I agree",
            "privacyUrl": "http://example.com/privacy",
            "retentionDays": 90
        }))
        .unwrap()
        .unwrap();
        assert!(read.enabled);
        assert_eq!(
            read.field(ContactField::Email),
            Some(FieldSetting {
                field: ContactField::Email,
                required: true
            })
        );
        assert_eq!(
            read.field(ContactField::Name).map(|f| f.required),
            Some(false)
        );
        assert_eq!(read.field(ContactField::Phone), None);
        assert_eq!(read.retention_days, Some(90));
        assert_eq!(read.notify, Notify::Each);
        assert!(!read.email_results);
    }

    #[test]
    fn notify_and_email_results_read_as_set() {
        let read = of(json!({"fields": [{"name": "email"}], "notify": "daily",
                             "emailResults": true}))
        .unwrap()
        .unwrap();
        assert_eq!(read.notify, Notify::Daily);
        assert!(read.email_results);
        let off = of(json!({"notify": "off", "emailResults": false}))
            .unwrap()
            .unwrap();
        assert_eq!(off.notify, Notify::Off);
    }

    #[test]
    fn wrong_settings_are_refused_by_name() {
        for (settings, message) in [
            (json!(true), "submissions must be an object"),
            (
                json!({"enabled": "yes"}),
                "submissions.enabled must be true or false",
            ),
            (json!({"fields": {}}), "submissions.fields must be a list"),
            (
                json!({"fields": [{"name": "fax"}]}),
                "submissions.fields: there is no field \"fax\" (use name, email, phone, company, message or consent)",
            ),
            (
                json!({"fields": [{"name": "email"}, {"name": "email"}]}),
                "submissions.fields: \"email\" is listed twice",
            ),
            (
                json!({"redirect": "javascript:alert(1)"}),
                "submissions.redirect must be an http or https address",
            ),
            (
                json!({"privacyUrl": "ftp://example.com"}),
                "submissions.privacyUrl must be an http or https address",
            ),
            (
                json!({"retentionDays": 7}),
                "submissions.retentionDays must be 30, 90, 365 or null (for ever)",
            ),
            (
                json!({"fields": [{"name": "consent"}]}),
                "submissions.consentText is needed for the consent box",
            ),
            (
                json!({"notify": "weekly"}),
                "submissions.notify must be \"each\", \"daily\" or \"off\"",
            ),
            (
                json!({"notify": true}),
                "submissions.notify must be \"each\", \"daily\" or \"off\"",
            ),
            (
                json!({"emailResults": "yes"}),
                "submissions.emailResults must be true or false",
            ),
            (
                json!({"emailResults": true, "fields": [{"name": "name"}]}),
                "submissions.emailResults needs the form's email field (results go to it)",
            ),
            (
                json!({"buttonLabel": "x".repeat(61)}),
                "submissions.buttonLabel may be at most 60 characters",
            ),
        ] {
            assert_eq!(of(settings.clone()), Err(message.to_owned()), "{settings}");
        }
    }
}
