//! The HTTP face: routes, keys, form parameters and `expand[]`. Handlers read the form,
//! change the [`State`] through [`Sandbox::mutate`] and answer with [`render`]ed objects.

mod catalog;
mod clocks;
mod customers;
mod idempotency;
mod intents;
mod invoices;
mod payment_methods;
mod refunds;
mod subscriptions;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Request, State as Extract};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::Value;

use crate::Sandbox;
use crate::error::ApiError;
use crate::form::Form;
use crate::limits::MAX_BODY_BYTES;
use crate::render;
use crate::store::State;
use crate::wire::bearer;

type Answer = Result<axum::Json<Value>, ApiError>;

/// The handler for `GET /v1/<objects>/{id}`: the object, if `id` is one of the path's kind.
macro_rules! retrieve {
    ($what:literal, $prefix:literal) => {
        |Extract(sandbox): Extract<Sandbox>, Path(id): Path<String>, Params(form): Params| async move {
            retrieve(&sandbox, &id, &form, $what, $prefix)
        }
    };
}

pub fn router(sandbox: Sandbox) -> Router {
    let secret = Router::new()
        .route("/v1/customers", post(customers::create))
        .route(
            "/v1/customers/{id}",
            get(retrieve!("customer", "cus_"))
                .post(customers::update)
                .delete(customers::delete),
        )
        .route(
            "/v1/customers/{id}/payment_methods",
            get(payment_methods::list),
        )
        .route(
            "/v1/payment_methods/{id}",
            get(retrieve!("PaymentMethod", "pm_")).post(payment_methods::update),
        )
        .route(
            "/v1/payment_methods/{id}/attach",
            post(payment_methods::attach),
        )
        .route(
            "/v1/payment_methods/{id}/detach",
            post(payment_methods::detach),
        )
        .route("/v1/setup_intents", post(intents::create_setup_intent))
        .route(
            "/v1/setup_intents/{id}",
            get(retrieve!("setupintent", "seti_")),
        )
        .route(
            "/v1/payment_intents/{id}",
            get(retrieve!("payment_intent", "pi_")),
        )
        .route("/v1/prices", get(catalog::list_prices))
        .route("/v1/prices/{id}", get(retrieve!("price", "price_")))
        .route("/v1/products/{id}", get(retrieve!("product", "prod_")))
        .route(
            "/v1/subscriptions",
            get(subscriptions::list).post(subscriptions::create),
        )
        .route(
            "/v1/subscriptions/{id}",
            get(retrieve!("subscription", "sub_"))
                .post(subscriptions::update)
                .delete(subscriptions::cancel),
        )
        .route("/v1/refunds", get(refunds::list).post(refunds::create))
        .route("/v1/refunds/{id}", get(retrieve!("refund", "re_")))
        .route("/v1/invoices", get(invoices::list))
        .route("/v1/invoices/create_preview", post(invoices::preview))
        .route("/v1/invoices/{id}", get(retrieve!("invoice", "in_")))
        .route("/v1/test_helpers/test_clocks", post(clocks::create))
        .route(
            "/v1/test_helpers/test_clocks/{id}",
            get(retrieve!("test_clock", "clock_")),
        )
        .route(
            "/v1/test_helpers/test_clocks/{id}/advance",
            post(clocks::advance),
        )
        .route_layer(middleware::from_fn_with_state(
            sandbox.clone(),
            idempotency::idempotency,
        ))
        .route_layer(middleware::from_fn_with_state(
            sandbox.clone(),
            require_secret_key,
        ));
    let browser = Router::new()
        .route("/v1/payment_methods", post(payment_methods::create))
        .route("/sandbox/authenticate", post(intents::authenticate))
        .route_layer(middleware::from_fn_with_state(
            sandbox.clone(),
            crate::rate_limit::limit_browser_calls,
        ));
    let public = Router::new().route("/files/invoices/{id}/{file}", get(invoices::pdf));
    secret
        .merge(browser)
        .merge(public)
        .fallback(unknown_url)
        .method_not_allowed_fallback(unknown_url)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(sandbox)
}

async fn unknown_url(method: Method, uri: Uri) -> ApiError {
    ApiError::unknown_url(method.as_str(), uri.path())
}

fn no_key() -> ApiError {
    ApiError::unauthorized(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    )
}

fn invalid_key(key: &str) -> ApiError {
    // Like Stripe: the key's start and end only.
    let chars: Vec<char> = key.chars().collect();
    let head: String = chars.iter().take(8).collect();
    let tail: String = chars[chars.len().saturating_sub(4)..].iter().collect();
    ApiError::unauthorized(format!("Invalid API Key provided: {head}****{tail}"))
}

async fn require_secret_key(
    Extract(sandbox): Extract<Sandbox>,
    request: Request,
    next: Next,
) -> Response {
    let (secret, publishable) =
        sandbox.read(|s| (s.keys.secret.clone(), s.keys.publishable.clone()));
    match bearer(request.headers()) {
        None | Some("") => no_key().into_response(),
        Some(key) if key == secret => next.run(request).await,
        Some(key) if key == publishable => ApiError::unauthorized(
            "This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.",
        )
        .into_response(),
        Some(key) => invalid_key(key).into_response(),
    }
}

/// The endpoints Stripe.js calls take the publishable key (or the secret one), as a bearer
/// header or a `key` form field.
fn require_browser_key(
    sandbox: &Sandbox,
    headers: &HeaderMap,
    form: &Form,
) -> Result<(), ApiError> {
    let (secret, publishable) =
        sandbox.read(|s| (s.keys.secret.clone(), s.keys.publishable.clone()));
    let key = match bearer(headers) {
        Some(key) => key.to_string(),
        None => form.str("key")?.unwrap_or_default().to_string(),
    };
    if key.is_empty() {
        Err(no_key())
    } else if key == secret || key == publishable {
        Ok(())
    } else {
        Err(invalid_key(&key))
    }
}

/// The request's parameters: the query string and the form body together.
pub struct Params(pub Form);

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Params, ApiError> {
        let query = request.uri().query().unwrap_or_default().to_string();
        let body = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::too_large(MAX_BODY_BYTES)
                } else {
                    ApiError::state("Invalid request: the body could not be read.")
                }
            })?;
        if query.len() + body.len() > MAX_BODY_BYTES {
            return Err(ApiError::too_large(MAX_BODY_BYTES));
        }
        let body = std::str::from_utf8(&body)
            .map_err(|_| ApiError::state("Invalid request: the body is not UTF-8."))?;
        let text = match (query.is_empty(), body.is_empty()) {
            (true, _) => body.to_string(),
            (false, true) => query,
            (false, false) => format!("{query}&{body}"),
        };
        Form::parse(&text).map(Params)
    }
}

/// Replaces ids by objects along each `expand[]` path (`latest_invoice.confirmation_secret`,
/// `data.default_payment_method`).
fn expand(state: &State, mut value: Value, form: &Form) -> Result<Value, ApiError> {
    for path in form.list("expand")? {
        let parts: Vec<&str> = path.split('.').collect();
        expand_path(state, &mut value, &parts, &path)?;
    }
    Ok(value)
}

fn expand_path(
    state: &State,
    value: &mut Value,
    path: &[&str],
    full: &str,
) -> Result<(), ApiError> {
    let Some((key, rest)) = path.split_first() else {
        return Ok(());
    };
    let cannot = || {
        ApiError::invalid(
            "expand",
            format!("This property cannot be expanded ({full})."),
        )
    };
    if value["object"] == "list" && *key == "data" {
        if let Some(items) = value["data"].as_array_mut() {
            for item in items {
                expand_path(state, item, rest, full)?;
            }
        }
        return Ok(());
    }
    if value["object"] == "invoice" && matches!(*key, "confirmation_secret" | "payments") {
        let invoice = value["id"]
            .as_str()
            .and_then(|id| state.invoices.get(id))
            .ok_or_else(cannot)?;
        value[*key] = render::invoices::invoice(state, invoice, &[key.to_string()])[*key].take();
        return Ok(());
    }
    let Some(field) = value.get_mut(*key) else {
        return Err(cannot());
    };
    if let Some(id) = field.as_str() {
        *field = object_by_id(state, id).ok_or_else(cannot)?;
    }
    if field.is_object() {
        expand_path(state, field, rest, full)?;
    }
    Ok(())
}

fn retrieve(sandbox: &Sandbox, id: &str, form: &Form, what: &str, prefix: &str) -> Answer {
    sandbox.read(|state| {
        let object = Some(id)
            .filter(|id| id.starts_with(prefix))
            .and_then(|id| object_by_id(state, id))
            .ok_or_else(|| ApiError::no_such(what, id, None))?;
        answer(state, object, form)
    })
}

fn object_by_id(state: &State, id: &str) -> Option<Value> {
    let (prefix, _) = id.split_once('_')?;
    Some(match prefix {
        "cus" => match state.customers.get(id)? {
            c if c.deleted => render::deleted_customer(id),
            c => render::customer(state, c),
        },
        "re" => render::refund(state.refunds.get(id)?),
        "pm" => render::payment_method(state.payment_methods.get(id)?),
        "seti" => render::setup_intent(&state.public_url, state.setup_intents.get(id)?),
        "pi" => render::payment_intent(&state.public_url, state.payment_intents.get(id)?),
        "price" => render::subscriptions::price(state.prices.get(id)?),
        "prod" => render::subscriptions::product(state.products.get(id)?),
        "sub" => render::subscriptions::subscription(state, state.subscriptions.get(id)?),
        "in" => render::invoices::invoice(state, state.invoices.get(id)?, &[]),
        "clock" => render::clock(state.clocks.get(id)?),
        _ => return None,
    })
}

/// Answers with an object, expanded as the request asks.
fn answer(state: &State, value: Value, form: &Form) -> Answer {
    expand(state, value, form).map(axum::Json)
}

/// A page of a list: newest first, `limit` (1–100, default 10) after `starting_after`.
fn page(url: &str, mut items: Vec<(i64, String, Value)>, form: &Form) -> Result<Value, ApiError> {
    let limit = form.int("limit")?.unwrap_or(10);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::invalid(
            "limit",
            "Limit must be between 1 and 100.",
        ));
    }
    items.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
    if let Some(after) = form.str("starting_after")? {
        let at = items
            .iter()
            .position(|(_, id, _)| id == after)
            .ok_or_else(|| ApiError::no_such("object", after, Some("starting_after")))?;
        items.drain(..=at);
    }
    let has_more = items.len() > limit as usize;
    items.truncate(limit as usize);
    Ok(render::list(
        url,
        items.into_iter().map(|(_, _, v)| v).collect(),
        has_more,
    ))
}
