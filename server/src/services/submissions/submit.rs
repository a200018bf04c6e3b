//! A visitor's submission: the published version computed by the server with the
//! visitor's values (never outputs the browser computed), the contact fields checked
//! against the form, proof of work, and the row stored with its monthly place, all or
//! nothing. A honeypot filled in is answered as a success and nothing is stored.

use std::net::IpAddr;

use calcsmith_engine::CalcDoc;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseBackend, DatabaseTransaction, Set, SqlErr,
    Statement, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::contact::{Contact, parse_contact};
use super::hooks;
use super::months::month_of;
use crate::domain::submission_settings::SubmissionSettings;
use crate::domain::{CalcId, parse_json_text};
use crate::entities::{submission, user};
use crate::error::ApiError;
use crate::services::eval_queue::Owner;
use crate::services::mail::results::EmailCopy;
use crate::services::{calculators, captcha, rate_limit};
use crate::state::AppState;
use crate::tokens::{now_ms, random_token};

/// Submissions one address may send a minute (times `CALCSMITH_RATE_LIMIT_SCALE`).
pub const SUBMITS_PER_MINUTE: i64 = 10;

/// The largest `values` read, as JSON.
pub const VALUES_BYTES: usize = 32 * 1024;

/// The longest page address kept (host and path).
pub const PAGE_CHARS: usize = 2048;

/// The 400 answer for a calculator whose published version does not collect.
pub const NOT_COLLECTING: &str = "This calculator does not collect submissions.";

/// `POST /api/calc/{id}/submit`. Outputs are not among its fields: the server computes
/// them, and a body with any other field is refused ([`SubmitRequest::from_json`] names
/// it; `deny_unknown_fields` also says so in the schema).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmitRequest {
    /// Input values keyed by input id, like `doc.defaults`.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub values: Map<String, Value>,
    /// The form's fields: `name`, `email`, `phone`, `company`, `message` (text) and
    /// `consent` (true or false), as the calculator's form has them.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub contact: Map<String, Value>,
    /// `en` (default) or `ru`: how the outputs are displayed.
    pub locale: Option<String>,
    /// The solved ALTCHA challenge from `GET /api/captcha`, base64 JSON.
    #[serde(rename = "captchaResponse")]
    #[schema(value_type = String, required)]
    pub captcha_response: Option<String>,
    /// The address of the page embedding the calculator (an embed sends it); its host
    /// and path are kept. Without it, the request's `Referer` (or `Origin`) is.
    pub site: Option<String>,
    /// The honeypot: a field people never see and leave empty. Filled in, the answer is
    /// a success and nothing is stored.
    pub website: Option<String>,
    /// "E-mail me my results": a copy to `contact.email`, where the calculator offers it
    /// (`submissions.emailResults`).
    #[serde(rename = "emailMe")]
    pub email_me: Option<bool>,
}

/// The request's fields, for the message about an unknown one.
const FIELDS: [&str; 7] = [
    "values",
    "contact",
    "locale",
    "captchaResponse",
    "site",
    "website",
    "emailMe",
];

impl SubmitRequest {
    /// The body as a submission; an unknown field (such as `outputs`) is named.
    ///
    /// # Errors
    /// 400 for anything but an object of the documented fields of their types.
    pub fn from_json(body: Value) -> Result<SubmitRequest, ApiError> {
        let Value::Object(fields) = &body else {
            return Err(ApiError::BadRequest(
                "A submission is a JSON object.".to_owned(),
            ));
        };
        if let Some(unknown) = fields.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(ApiError::BadRequest(format!(
                "Unknown field \"{unknown}\" (a submission has {}).",
                FIELDS.join(", ")
            )));
        }
        serde_json::from_value(body)
            .map_err(|e| ApiError::BadRequest(format!("Invalid request body: {e}")))
    }
}

/// What the visitor is answered: the server's numbers and what to show next.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submitted {
    pub id: String,
    /// The outputs the server computed, raw, by output name.
    #[schema(value_type = Object)]
    pub outputs: Map<String, Value>,
    /// Their display text, by output name.
    #[schema(value_type = Object)]
    pub display: Map<String, Value>,
    /// The published version they were computed with.
    pub version: i64,
    /// The author's thank-you message with `{output}` replaced by its display text.
    pub thank_you: Option<String>,
    /// Where to send the visitor next (http or https).
    pub redirect: Option<String>,
    /// With `emailMe`: whether the copy of the results was queued (sent shortly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emailed: Option<bool>,
    /// Why the copy was not sent (a cap); the submission is stored all the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_reason: Option<String>,
}

/// Who submits, from where.
pub struct Visitor<'a> {
    pub user: Option<&'a user::Model>,
    pub address: IpAddr,
    /// The request's `Referer`, else its `Origin`.
    pub referer: Option<String>,
}

/// Host and path of an http(s) address (no scheme, query or fragment).
pub fn page_of(address: &str) -> Option<String> {
    let parsed = url::Url::parse(address.trim()).ok()?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return None;
    }
    let page = format!("{}{}", parsed.host_str()?, parsed.path());
    Some(page.chars().take(PAGE_CHARS).collect())
}

/// `template` with each `{name}` of an output replaced by its display text; other braces
/// stay as written.
pub fn fill_in(template: &str, display: &Map<String, Value>) -> String {
    crate::domain::template::fill(template, |name| display.get(name)?.as_str())
}

/// The input values by input name: what the visitor sent, else the doc's default.
///
/// # Errors
/// 400 for a value of an input the published version does not have, or values over
/// [`VALUES_BYTES`].
fn inputs_by_name(doc: &CalcDoc, values: &Map<String, Value>) -> Result<Value, ApiError> {
    if let Some(unknown) = values
        .keys()
        .find(|key| !doc.inputs.iter().any(|input| input.id.to_string() == **key))
    {
        return Err(ApiError::BadRequest(format!(
            "This calculator has no input with id \"{unknown}\"."
        )));
    }
    if serde_json::to_string(values).map_or(0, |text| text.len()) > VALUES_BYTES {
        return Err(ApiError::BadRequest(format!(
            "The values are too large (at most {} KB).",
            VALUES_BYTES / 1024
        )));
    }
    let mut named = Map::new();
    for input in &doc.inputs {
        let key = input.id.to_string();
        let value = values
            .get(&key)
            .or_else(|| doc.defaults.get(&key))
            .cloned()
            .unwrap_or(Value::Null);
        let name = if named.contains_key(&input.name) {
            format!("{} ({key})", input.name)
        } else {
            input.name.clone()
        };
        named.insert(name, value);
    }
    Ok(Value::Object(named))
}

/// Counts one more submission of `owner_id` in `month` and answers its place (from 1).
/// One statement, so submissions racing each other never share a place; inside the
/// storing transaction, so a failed insert does not count.
async fn next_in_month(
    txn: &DatabaseTransaction,
    owner_id: i64,
    month: i64,
) -> Result<i64, ApiError> {
    let backend = txn.get_database_backend();
    let sql = "INSERT INTO submission_months (owner_id, month, count) VALUES ($1, $2, 1) \
               ON CONFLICT (owner_id, month) DO UPDATE SET count = submission_months.count + 1 \
               RETURNING count";
    let sql = match backend {
        DatabaseBackend::Postgres => sql.to_owned(),
        _ => sql.replace('$', "?"),
    };
    let row = txn
        .query_one_raw(Statement::from_sql_and_values(
            backend,
            sql,
            [owner_id.into(), month.into()],
        ))
        .await?
        .ok_or_else(|| ApiError::Internal("submission count: no row".to_owned()))?;
    Ok(row.try_get("", "count")?)
}

/// Takes a visitor's submission of calculator `id`: checks, computes and stores it.
///
/// # Errors
/// 429 past the address's rate limit; 404 for a calculator that does not exist or that
/// the visitor cannot see; 400 when it does not collect, for a bad field, `emailMe` it
/// does not allow, a missing captcha or a calculation that fails (the engine's message;
/// nothing is stored); the evaluation queue's 429 and 503.
pub async fn submit(
    state: &AppState,
    id: &CalcId,
    visitor: Visitor<'_>,
    request: SubmitRequest,
) -> Result<Submitted, ApiError> {
    let key = format!("submit:{}", visitor.address);
    rate_limit::hit(state, &key, SUBMITS_PER_MINUTE, 60).await?;
    let found = calculators::visible(state, id, visitor.user)
        .await?
        .ok_or_else(ApiError::calculator_not_found)?;
    // Visitors see, and submit, the published version.
    let shown = calculators::shown(state, &found).await?;
    let doc_json = parse_json_text(&shown.doc);
    let settings = SubmissionSettings::of_doc(&doc_json)
        .ok()
        .flatten()
        .filter(|s| s.enabled)
        .ok_or_else(|| ApiError::BadRequest(NOT_COLLECTING.to_owned()))?;
    let doc = CalcDoc::from_json_value(doc_json)
        .map_err(|e| ApiError::Internal(format!("stored doc: {e}")))?;
    let locale = calculators::parse_locale(request.locale.as_deref())?;
    let contact = parse_contact(&settings, &request.contact)?;
    let copy_asked = EmailCopy::asked(&settings, request.email_me, contact.email.as_deref())?;
    let inputs = inputs_by_name(&doc, &request.values)?;
    let page = request
        .site
        .as_deref()
        .or(visitor.referer.as_deref())
        .and_then(page_of);
    // Checked last of the request, so a typo does not spend the visitor's proof of work.
    captcha::check(state, request.captcha_response.as_deref()).await?;

    let owner = Owner::of(visitor.user.map(|u| u.id), visitor.address);
    let result = calculators::run_published(state, &shown, owner, request.values, locale).await?;
    if let Some(error) = result.error {
        // A message for people: a lone surrogate in it as a browser shows it.
        let error = calcsmith_engine::js_text::well_formed(&error).into_owned();
        return Err(ApiError::BadRequest(error));
    }
    if !result.invalid.is_empty() {
        return Err(ApiError::Invalid(result.invalid));
    }
    let outputs = result.outputs.unwrap_or_default();
    let display = result.display.unwrap_or_default();
    let answer = |id: String, copy: &EmailCopy| Submitted {
        thank_you: settings.thank_you.as_deref().map(|t| fill_in(t, &display)),
        redirect: settings.redirect.clone(),
        version: found.published_version,
        id,
        outputs: outputs.clone(),
        display: display.clone(),
        emailed: copy.emailed(),
        email_reason: copy.reason(),
    };
    let submission_id: String = random_token().chars().take(16).collect();
    if request
        .website
        .as_deref()
        .is_some_and(|w| !w.trim().is_empty())
    {
        // A robot filled in the honeypot: it learns nothing from the answer.
        let copy = if copy_asked {
            EmailCopy::Send
        } else {
            EmailCopy::NotAsked
        };
        return Ok(answer(submission_id, &copy));
    }
    let copy = match (copy_asked, contact.email.as_deref()) {
        (true, Some(email)) => EmailCopy::admit(state, &found.id, email).await?,
        _ => EmailCopy::NotAsked,
    };

    let now = now_ms();
    let month = month_of(now);
    let Contact {
        name,
        email,
        phone,
        company,
        message,
        consent,
    } = contact;
    let txn = state.db.begin().await?;
    let month_seq = next_in_month(&txn, found.owner_id, month).await?;
    let stored = submission::ActiveModel {
        id: Set(submission_id.clone()),
        calculator_id: Set(found.id.clone()),
        owner_id: Set(found.owner_id),
        version: Set(found.published_version),
        inputs: Set(inputs.to_string()),
        outputs: Set(Value::Object(outputs.clone()).to_string()),
        display: Set(Value::Object(display.clone()).to_string()),
        locale: Set(locale.map(|l| l.code().to_owned())),
        contact_name: Set(name),
        contact_email: Set(email),
        contact_phone: Set(phone),
        contact_company: Set(company),
        contact_message: Set(message),
        consent: Set(consent),
        consent_text: Set(consent.and(settings.consent_text.clone())),
        page: Set(page),
        created_at: Set(now),
        month: Set(month),
        month_seq: Set(month_seq),
        is_read: Set(false),
    }
    .insert(&txn)
    .await
    .map_err(|e| match e.sql_err() {
        // The calculator was deleted since it was read.
        Some(SqlErr::ForeignKeyConstraintViolation(_)) => ApiError::calculator_not_found(),
        _ => e.into(),
    })?;
    hooks::stored(&txn, &stored).await?;
    copy.queue(&txn, &stored, &doc, &shown.doc_style).await?;
    txn.commit().await?;
    hooks::after_commit(&stored);
    Ok(answer(submission_id, &copy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_thank_you_quotes_outputs_as_displayed() {
        let display = json!({"total": "$1,234.50", "table": [{"a": "1"}]});
        let display = display.as_object().unwrap();
        assert_eq!(
            fill_in("Your quote: {total}. {unknown} {table} {", display),
            "Your quote: $1,234.50. {unknown} {table} {"
        );
    }

    #[test]
    fn a_page_is_its_host_and_path() {
        assert_eq!(
            page_of("https://Shop.example.com/quote?utm=1#top").as_deref(),
            Some("shop.example.com/quote")
        );
        assert_eq!(page_of("javascript:alert(1)"), None);
        assert_eq!(page_of("not an address"), None);
    }
}
