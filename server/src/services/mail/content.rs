//! What a queued message says ([`Payload`], stored as JSON in `mail_queue.payload`) and
//! the plain-text mail it becomes ([`render`]). Rendering happens when it is sent, with
//! the configuration of the instance sending it (the public address, the key that signs
//! unsubscribe links), so the storing transaction needs neither. Plain text only: no
//! HTML, no images, no tracking.

use calcsmith_engine::Locale;
use calcsmith_engine::format::format_date;
use serde::{Deserialize, Serialize};

use super::display::{Field, SubmissionLines, unlinked};
use super::messages::{Texts, fill, texts};
use super::transport::Outgoing;
use super::unsubscribe;
use crate::config::Config;

/// The longest calculator name, label or value a visitor's copy shows.
const VISITOR_TEXT_CHARS: usize = 500;

/// A queued message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Payload {
    /// The author hears of one submission.
    Notify(Notification),
    /// The author's daily digest of one calculator.
    Digest(Digest),
    /// The visitor's copy of their results.
    Results(ResultsCopy),
}

impl Payload {
    /// Its `mail_queue.kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            Payload::Notify(_) => "notify",
            Payload::Digest(_) => "digest",
            Payload::Results(_) => "results",
        }
    }
}

/// One submission, for its author.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    pub calculator_id: String,
    pub calculator_name: String,
    pub owner_id: i64,
    /// The mail's words: `en` or `ru` (the calculator's language).
    pub locale: String,
    /// `None` when the submission is past the plan's monthly limit (held back).
    pub submission: Option<SubmissionLines>,
}

/// One calculator's submissions of one day, for its author.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Digest {
    pub calculator_id: String,
    pub calculator_name: String,
    pub owner_id: i64,
    pub locale: String,
    /// Days since 1970-01-01 (UTC).
    pub day: i64,
    /// All of the day's submissions within the plan's limit.
    pub count: u64,
    /// The first of them, listed.
    pub submissions: Vec<SubmissionLines>,
    /// The day's submissions past the plan's monthly limit.
    pub held_back: u64,
}

/// A visitor's results, for the address they typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultsCopy {
    pub calculator_id: String,
    pub calculator_name: String,
    pub locale: String,
    pub inputs: Vec<Field>,
    pub outputs: Vec<Field>,
}

fn locale(code: &str) -> Locale {
    Locale::parse(code).unwrap_or_default()
}

/// The calculator's public page.
pub fn calculator_link(config: &Config, calculator_id: &str) -> String {
    format!("{}/calc/{calculator_id}", config.public_url)
}

/// The mail `payload` becomes, to `to`.
pub fn render(config: &Config, to: &str, payload: &Payload) -> Outgoing {
    let (subject, body, headers) = match payload {
        Payload::Notify(n) => notification(config, n),
        Payload::Digest(d) => digest(config, d),
        Payload::Results(r) => results(config, r),
    };
    Outgoing {
        to: to.to_owned(),
        subject,
        body,
        headers,
    }
}

type Rendered = (String, String, Vec<(&'static str, String)>);

fn section(body: &mut String, title: &str, fields: &[Field]) {
    if fields.is_empty() {
        return;
    }
    body.push_str(&format!("\n{title}\n"));
    for field in fields {
        let value = field.value.replace('\n', "\n    ");
        body.push_str(&format!("  {}: {value}\n", field.label));
    }
}

fn submission_text(body: &mut String, t: &Texts, lines: &SubmissionLines, locale: Locale) {
    section(body, t.inputs, &lines.inputs);
    section(body, t.outputs, &lines.outputs);
    section(body, t.contact, &lines.contact);
    body.push('\n');
    if let Some(page) = &lines.page {
        body.push_str(&format!("{}: {page}\n", t.page));
    }
    let day = format_date(lines.created_at as f64, locale);
    let time = (lines.created_at.rem_euclid(86_400_000)) / 60_000;
    body.push_str(&format!(
        "{}: {day} {:02}:{:02} UTC; {} {}\n",
        t.received,
        time / 60,
        time % 60,
        t.version,
        lines.version
    ));
}

/// The links and the one-click unsubscribe every author mail ends with.
fn author_footer(
    config: &Config,
    t: &Texts,
    body: &mut String,
    calculator_id: &str,
    owner_id: i64,
    why: String,
) -> Vec<(&'static str, String)> {
    let link = unsubscribe::link(config, calculator_id, owner_id);
    body.push_str(&format!(
        "\n{}: {}\n{}: {}/source/{calculator_id}\n\n-- \n{why}\n{}\n",
        t.calculator_link,
        calculator_link(config, calculator_id),
        t.editor_link,
        config.public_url,
        fill(t.unsubscribe, &[("link", &link)]),
    ));
    // RFC 8058: a mail program may offer "Unsubscribe" and POST to the link.
    vec![
        ("List-Unsubscribe", format!("<{link}>")),
        (
            "List-Unsubscribe-Post",
            "List-Unsubscribe=One-Click".to_owned(),
        ),
    ]
}

fn notification(config: &Config, n: &Notification) -> Rendered {
    let locale = locale(&n.locale);
    let t = texts(locale);
    let name = [("name", n.calculator_name.as_str())];
    let mut body = String::new();
    match &n.submission {
        Some(lines) => {
            body.push_str(&fill(t.notify_intro, &name));
            body.push('\n');
            submission_text(&mut body, t, lines, locale);
        }
        None => {
            body.push_str(&fill(t.held_back_intro, &name));
            body.push('\n');
        }
    }
    let why = fill(t.why_each, &name);
    let headers = author_footer(config, t, &mut body, &n.calculator_id, n.owner_id, why);
    (fill(t.notify_subject, &name), body, headers)
}

fn digest(config: &Config, d: &Digest) -> Rendered {
    let locale = locale(&d.locale);
    let t = texts(locale);
    let date = format_date((d.day * 86_400_000) as f64, locale);
    let count = d.count.to_string();
    let values = [
        ("name", d.calculator_name.as_str()),
        ("date", date.as_str()),
        ("count", count.as_str()),
    ];
    let mut body = fill(t.digest_intro, &values);
    body.push('\n');
    for (n, lines) in d.submissions.iter().enumerate() {
        body.push_str(&format!("\n#{}\n", n + 1));
        submission_text(&mut body, t, lines, locale);
    }
    let more = d.count.saturating_sub(d.submissions.len() as u64);
    if more > 0 {
        body.push_str(&format!(
            "\n{}\n",
            fill(t.digest_more, &[("count", &more.to_string())])
        ));
    }
    if d.held_back > 0 {
        body.push_str(&format!(
            "\n{}\n",
            fill(t.digest_held_back, &[("count", &d.held_back.to_string())])
        ));
    }
    let why = fill(t.why_daily, &values);
    let headers = author_footer(config, t, &mut body, &d.calculator_id, d.owner_id, why);
    (fill(t.digest_subject, &values), body, headers)
}

/// The visitor's copy: the calculator's name, inputs and outputs with their labels, and
/// its public page as the only link. What the author wrote is kept free of links.
fn results(config: &Config, r: &ResultsCopy) -> Rendered {
    let t = texts(locale(&r.locale));
    let clean = |text: &str| unlinked(text, t.link_removed, VISITOR_TEXT_CHARS);
    let name = clean(&r.calculator_name);
    let values = [("name", name.as_str())];
    let cleaned = |fields: &[Field]| -> Vec<Field> {
        fields
            .iter()
            .map(|f| Field {
                label: clean(&f.label),
                value: f.value.lines().map(&clean).collect::<Vec<_>>().join("\n"),
            })
            .collect()
    };
    let mut body = fill(t.results_intro, &values);
    body.push('\n');
    section(&mut body, t.inputs, &cleaned(&r.inputs));
    section(&mut body, t.outputs, &cleaned(&r.outputs));
    body.push_str(&format!(
        "\n{}: {}\n\n-- \n{}\n",
        t.calculator_link,
        calculator_link(config, &r.calculator_id),
        t.results_footer
    ));
    (fill(t.results_subject, &values), body, Vec::new())
}
