//! The one-click unsubscribe link of an author's submission mail,
//! `/unsubscribe/{calculator}?key={signature}` (`services::mail::unsubscribe`): `GET` shows
//! a page with a button and changes nothing (mail scanners open links), `POST` turns the
//! calculator's submission mail off — the button, or a mail program's RFC 8058
//! one-click request (`List-Unsubscribe=One-Click`). No sign-in: the signature is the
//! proof. A wrong signature, or a calculator gone, is the same 404 page.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use sea_orm::EntityTrait;
use serde::Deserialize;

use crate::domain::{CalcId, parse_json_text};
use crate::entities::calculator;
use crate::error::ApiError;
use crate::services::mail::notify::calculator_locale;
use crate::services::mail::unsubscribe::{opt_out, verifies};
use crate::state::AppState;
use calcsmith_engine::Locale;

pub fn router() -> Router<AppState> {
    Router::new().route("/unsubscribe/{id}", get(confirm).post(unsubscribe))
}

/// `?key=`: the link's signature.
#[derive(Deserialize)]
struct Key {
    #[serde(default)]
    key: String,
}

/// The page's words in one language.
struct Words {
    title: &'static str,
    question: &'static str,
    button: &'static str,
    done: &'static str,
    again: &'static str,
    invalid: &'static str,
}

const EN: Words = Words {
    title: "Submission e-mails",
    question: "Stop e-mails about submissions to \"{name}\"?",
    button: "Unsubscribe",
    done: "Done: you will get no more e-mails about submissions to \"{name}\".",
    again: "To get them again, choose how you are told of submissions in the calculator's \
        settings and save it.",
    invalid: "This unsubscribe link is not valid, or its calculator was deleted.",
};

const RU: Words = Words {
    title: "Письма о заявках",
    question: "Больше не присылать письма о заявках в «{name}»?",
    button: "Отписаться",
    done: "Готово: писем о заявках в «{name}» больше не будет.",
    again: "Чтобы снова их получать, выберите в настройках калькулятора, как сообщать о \
        заявках, и сохраните его.",
    invalid: "Эта ссылка для отписки недействительна, или калькулятор удалён.",
};

fn words(locale: Locale) -> &'static Words {
    match locale {
        Locale::En => &EN,
        Locale::Ru => &RU,
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A small page of its own (the app's scripts are not needed to unsubscribe).
fn page(status: StatusCode, locale: Locale, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{}</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;\
         padding:0 1rem}}button{{font:inherit;padding:.5rem 1rem}}</style></head>\
         <body><main><h1>{}</h1>{body}</main></body></html>",
        locale.code(),
        escape(title),
        escape(title),
    );
    let mut response = (status, Html(html)).into_response();
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The calculator whose link this is, if the signature is right.
async fn signed(
    state: &AppState,
    id: &str,
    signature: &str,
) -> Result<Option<calculator::Model>, ApiError> {
    let Ok(id) = CalcId::parse(id) else {
        return Ok(None);
    };
    let found = calculator::Entity::find_by_id(id.as_str().to_owned())
        .one(&state.db)
        .await?;
    Ok(found.filter(|calc| verifies(&state.config, calc, signature)))
}

fn name_of(calc: &calculator::Model) -> String {
    let doc = parse_json_text(&calc.doc);
    match doc.get("name").and_then(serde_json::Value::as_str) {
        Some(name) if !name.trim().is_empty() => name.trim().to_owned(),
        _ => calc.id.clone(),
    }
}

fn invalid() -> Response {
    let w = words(Locale::En);
    let body = format!("<p>{}</p>", escape(w.invalid));
    page(StatusCode::NOT_FOUND, Locale::En, w.title, &body)
}

/// `GET`: asks, changes nothing.
async fn confirm(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(Key { key }): Query<Key>,
) -> Result<Response, ApiError> {
    let Some(calc) = signed(&state, &id, &key).await? else {
        return Ok(invalid());
    };
    let locale = calculator_locale(&calc.doc_style);
    let w = words(locale);
    let question = w.question.replace("{name}", &name_of(&calc));
    let body = format!(
        "<p>{}</p><form method=\"post\" action=\"?key={}\">\
         <button type=\"submit\">{}</button></form>",
        escape(&question),
        escape(&key),
        escape(w.button)
    );
    Ok(page(StatusCode::OK, locale, w.title, &body))
}

/// `POST`: unsubscribes (again is the same).
async fn unsubscribe(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(Key { key }): Query<Key>,
) -> Result<Response, ApiError> {
    let Some(calc) = signed(&state, &id, &key).await? else {
        return Ok(invalid());
    };
    opt_out(&state.db, &calc).await?;
    tracing::info!(calculator = %calc.id, "author unsubscribed from submission mail");
    let locale = calculator_locale(&calc.doc_style);
    let w = words(locale);
    let done = w.done.replace("{name}", &name_of(&calc));
    let body = format!("<p>{}</p><p>{}</p>", escape(&done), escape(w.again));
    Ok(page(StatusCode::OK, locale, w.title, &body))
}
