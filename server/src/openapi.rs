//! The API's OpenAPI 3.1 document, served at `/api/openapi.json`.
//!
//! The operations are declared here, beside the wire types they take and answer, rather
//! than on the handlers, so the document reads as one piece. It cannot drift unnoticed:
//! `scripts/test` runs schemathesis against the real server with this document (every
//! operation, signed in and anonymous; no 5xx, no answer outside its schema), and a test
//! calls every documented operation to prove it is routed.

use std::collections::BTreeMap;

use axum::Json;
use axum::Router;
use axum::routing::get;
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::state::AppState;

/// Serves the document.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(document))
}

async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// Every failure: a 4xx (or a generic 500) with a message for people.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in English.
    pub message: String,
}

/// A confirmation for people.
#[derive(Serialize, ToSchema)]
pub struct MessageBody {
    pub message: String,
}

/// `POST /api/signup`.
#[derive(Serialize, ToSchema)]
pub struct SignUpRequest {
    pub email: String,
    pub password: String,
    pub name: String,
    /// The solved ALTCHA challenge from `GET /api/captcha`, base64 JSON.
    #[serde(rename = "captchaResponse")]
    pub captcha_response: String,
}

/// `POST /api/login`.
#[derive(Serialize, ToSchema)]
pub struct SignInRequest {
    pub email: String,
    pub password: String,
}

/// `DELETE /api/account`.
#[derive(Serialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The user's current password.
    pub password: String,
}

/// `POST /api/forgot`.
#[derive(Serialize, ToSchema)]
pub struct ForgotRequest {
    pub email: String,
}

/// `POST /api/forgot/check`.
#[derive(Serialize, ToSchema)]
pub struct ResetLinkRequest {
    /// The token from the reset link.
    pub token: String,
}

/// `POST /api/forgot/reset`.
#[derive(Serialize, ToSchema)]
pub struct ResetRequest {
    /// The token from the reset link.
    pub token: String,
    pub password: String,
}

/// `POST /api/acc/save`: the settings that change; absent ones stay.
#[derive(Serialize, ToSchema)]
pub struct SettingsRequest {
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

/// One of the user's calculators as the account lists it.
#[derive(Serialize, ToSchema)]
pub struct AccountCalc {
    pub _id: String,
    /// The calculator doc (spec §3).
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
}

/// The signed-in user (`PUT /api/account`, and the answer to sign-up and sign-in).
#[derive(Serialize, ToSchema)]
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

/// A calculator's source as its owner saves it.
#[derive(Serialize, ToSchema)]
pub struct SourceRequest {
    /// The calculator doc (spec §3): name, script, metaInputs, metaOutputs, defaults, ….
    pub doc: Value,
    pub doc_style: Option<Value>,
    /// The revision this save is based on (from the last read or save). Needed to
    /// overwrite an existing calculator: a stale or missing one gets 409.
    pub revision: Option<i64>,
}

/// A calculator's source as its owner reads it.
#[derive(Serialize, ToSchema)]
pub struct Source {
    pub _id: String,
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
    /// Counts the saves; the next save sends it back.
    pub revision: i64,
    /// The number of the current version (`GET /api/source/{id}/versions/{number}`).
    pub version: i64,
    /// The number of the version visitors see: the current one, unless
    /// `doc.holdWhileTestsFail` holds the last one whose tests passed.
    pub published_version: i64,
    /// What the doc's tests gave when it was saved; null when it has none.
    pub tests: Option<TestReport>,
}

/// What a calculator's tests (`doc.tests`) gave.
#[derive(Serialize, ToSchema)]
pub struct TestReport {
    pub passed: u64,
    pub failed: u64,
    /// Each test in the doc's order.
    pub tests: Vec<TestOutcome>,
}

/// One test's outcome.
#[derive(Serialize, ToSchema)]
pub struct TestOutcome {
    pub name: String,
    pub passed: bool,
    /// Each output that differs from what the test expects (absent when it passed).
    pub differences: Option<Vec<Difference>>,
    /// The error the script gave (absent when it ran); over 1,000 characters it is cut,
    /// ending `… (N characters)`.
    pub error: Option<String>,
    /// How many more outputs or cells differ than the 20 `differences` show (absent: none).
    #[serde(rename = "moreDifferences")]
    pub more_differences: Option<u64>,
    /// True when this failed test's details were left out to keep the report within
    /// 64 KB (absent otherwise).
    #[serde(rename = "detailsDropped")]
    pub details_dropped: Option<bool>,
}

/// One output (or one cell of a table) that differs from what a test expects.
#[derive(Serialize, ToSchema)]
pub struct Difference {
    /// The output's name.
    pub output: String,
    /// A table's row, from 0 (null: the table as a whole).
    pub row: Option<u64>,
    /// A table's column (null: the output or the row as a whole).
    pub column: Option<String>,
    /// The value expected; over 200 characters of JSON, a string of its first 200
    /// followed by `… (N characters)`, with `expectedElided`.
    pub expected: Value,
    /// The value the script gave, shortened as `expected` is, with `actualElided`.
    pub actual: Value,
    #[serde(rename = "expectedElided")]
    pub expected_elided: Option<bool>,
    #[serde(rename = "actualElided")]
    pub actual_elided: Option<bool>,
}

/// How many of a calculator's tests passed and failed.
#[derive(Serialize, ToSchema)]
pub struct TestsSummary {
    pub passed: u64,
    pub failed: u64,
}

/// One kept version on a page of a calculator's history.
#[derive(Serialize, ToSchema)]
pub struct ListedVersion {
    pub number: i64,
    /// Unix milliseconds.
    pub created_at: i64,
    /// The engine's error when this version was run with its defaults, if any.
    pub error: Option<String>,
    /// Null when this version has no tests.
    pub tests: Option<TestsSummary>,
    /// This is the version the editor opens.
    pub current: bool,
    /// This is the version visitors see.
    pub published: bool,
}

/// A page of a calculator's versions, newest first.
#[derive(Serialize, ToSchema)]
pub struct VersionPage {
    pub data: Vec<ListedVersion>,
    pub paging: Paging,
}

/// One version of a calculator, as it was saved.
#[derive(Serialize, ToSchema)]
pub struct Version {
    pub number: i64,
    /// Unix milliseconds.
    pub created_at: i64,
    pub doc: Value,
    pub doc_style: Value,
    pub error: Option<String>,
    /// Null when this version has no tests.
    pub tests: Option<TestReport>,
    pub current: bool,
    pub published: bool,
}

/// The answer to a save.
#[derive(Serialize, ToSchema)]
pub struct Saved {
    pub message: String,
    pub _id: String,
    /// The engine's error when the calculator was run with its defaults, if any.
    pub error: Option<String>,
    /// The calculator's revision after this save.
    pub revision: i64,
    /// The version that is now current (the same as before when the doc and style did not
    /// change).
    pub version: i64,
    /// The version visitors now see.
    pub published_version: i64,
    /// What the doc's tests gave; null when it has none. Failing tests do not stop a save.
    pub tests: Option<TestReport>,
}

/// What a published calculator shows: the doc, its style, and the result of the last
/// save's run with the defaults.
#[derive(Serialize, ToSchema)]
pub struct Published {
    pub doc: Value,
    pub doc_style: Value,
    pub error: Option<String>,
    pub result: Option<EvalResult>,
}

/// `POST /api/calc/{id}/eval`.
#[derive(Serialize, ToSchema)]
pub struct EvalRequest {
    /// Input values keyed by input id, like `doc.defaults`.
    pub values: Option<BTreeMap<String, Value>>,
    /// `en` (default) or `ru`.
    pub locale: Option<String>,
}

/// What the engine answers (docs/engine.md, "The result").
#[derive(Serialize, ToSchema)]
pub struct EvalResult {
    /// Every declared output by name; null on an error.
    pub outputs: Option<BTreeMap<String, Value>>,
    /// Each output's display text (or rows of text); null on an error.
    pub display: Option<BTreeMap<String, Value>>,
    #[serde(rename = "usedInputs")]
    pub used_inputs: Vec<String>,
    pub error: Option<String>,
}

/// `POST /api/calc/edit/`.
#[derive(Serialize, ToSchema)]
pub struct PrivacyRequest {
    #[serde(rename = "calcId")]
    pub calc_id: String,
}

/// One calculator on a page of "My Calculators".
#[derive(Serialize, ToSchema)]
pub struct ListedCalc {
    pub _id: String,
    pub doc: Value,
    pub doc_style: Value,
    pub private: bool,
    pub error: Option<String>,
    /// Null when the calculator has no tests.
    pub tests: Option<TestsSummary>,
}

/// Where a page of "My Calculators" is.
#[derive(Serialize, ToSchema)]
pub struct Paging {
    pub page: u64,
    pub pages: u64,
    #[serde(rename = "perPage")]
    pub per_page: u64,
    pub total: u64,
}

/// A page of "My Calculators", newest first.
#[derive(Serialize, ToSchema)]
pub struct CalcPage {
    pub data: Vec<ListedCalc>,
    pub paging: Paging,
}

/// A proof-of-work challenge for the ALTCHA widget (ALTCHA's v2 challenge format).
#[derive(Serialize, ToSchema)]
pub struct Captcha {
    /// algorithm, cost, nonce, salt, keyLength, keyPrefix, expiresAt, ….
    pub parameters: BTreeMap<String, Value>,
    pub signature: Option<String>,
}

/// A plan on sale (`GET /api/billing`); the limits are those the server enforces.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanOnSale {
    /// `regular` or `premium`.
    pub id: String,
    pub name: String,
    /// In cents a month.
    pub price: i64,
    pub currency: String,
    pub interval: String,
    /// How many calculators it saves; null: no limit.
    pub max_calculators: Option<u64>,
    pub allows_private: bool,
}

/// The free plan's limits.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FreePlan {
    pub max_calculators: Option<u64>,
    pub allows_private: bool,
}

/// `GET /api/billing`: how plans are sold here.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingInfo {
    /// `sandbox` (no real charges) or `live`.
    pub mode: String,
    /// Stripe's publishable key (the sandbox's in sandbox mode).
    pub publishable_key: String,
    /// `/stripe-sandbox` in sandbox mode; null live.
    pub sandbox_url: Option<String>,
    /// Where `/pricing_fail` sends people.
    pub support_url: String,
    pub plans: Vec<PlanOnSale>,
    pub free: FreePlan,
}

/// A saved card.
#[derive(Serialize, ToSchema)]
pub struct Card {
    /// Stripe's payment method id (`pm_…`).
    pub id: String,
    /// `visa`, `mastercard`, ….
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// The card that pays by default.
    pub default: bool,
}

/// The user's subscription.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    /// Stripe's subscription id (`sub_…`).
    pub id: String,
    /// `regular` or `premium` (`free` for a price this server does not sell).
    pub plan: String,
    /// Stripe's: `active`, `incomplete`, `past_due`, `canceled`, `unpaid`, ….
    pub status: String,
    /// In cents a month.
    pub price: i64,
    pub currency: String,
    /// Unix seconds.
    pub current_period_end: i64,
    /// Set: the plan ends at `currentPeriodEnd`.
    pub cancel_at_period_end: bool,
    pub default_card: Option<Card>,
}

/// `PUT /api/account/sub`.
#[derive(Serialize, ToSchema)]
pub struct SubscriptionOrNone {
    /// Null: the user never subscribed.
    pub data: Option<Subscription>,
}

/// A changed subscription.
#[derive(Serialize, ToSchema)]
pub struct SubscriptionData {
    pub data: Subscription,
}

/// `POST /api/account/sub/{id}/preview` and `/plan`.
#[derive(Serialize, ToSchema)]
pub struct PlanRequest {
    /// `regular` or `premium`.
    pub plan: String,
}

/// What a plan switch costs now (Stripe's proration).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProrationPreview {
    /// In cents.
    pub amount_due: i64,
    pub currency: String,
}

/// The user's cards.
#[derive(Serialize, ToSchema)]
pub struct CardList {
    pub data: Vec<Card>,
}

/// `POST /api/account/card`: a card's new expiry.
#[derive(Serialize, ToSchema)]
pub struct CardExpiryRequest {
    #[serde(rename = "cardId")]
    pub card_id: String,
    /// 1–12.
    pub exp_month: i64,
    /// 2020–2040.
    pub exp_year: i64,
}

/// `POST /api/checkout`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutRequest {
    /// The user's Stripe customer id; null before their first checkout.
    pub customer_id: Option<String>,
    /// `regular` or `premium`; absent: only add the card.
    pub plan: Option<String>,
    /// A payment method id from Stripe.js or the sandbox's card form (`pm_…`).
    pub payment_method: String,
}

/// How a checkout went: `succeeded` (with the subscription and cards) or
/// `requires_action` (3-D Secure: confirm `clientSecret`, then
/// `POST /api/checkout/complete` with `intentId`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutAnswer {
    /// `succeeded` or `requires_action`.
    pub status: String,
    pub subscription: Option<Subscription>,
    pub cards: Option<Vec<Card>>,
    pub client_secret: Option<String>,
    pub intent_id: Option<String>,
}

/// `POST /api/checkout/complete`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteRequest {
    /// The `intentId` of a `requires_action` answer.
    pub intent_id: String,
}

/// One invoice.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invoice {
    /// Stripe's invoice id (`in_…`).
    pub id: String,
    pub number: Option<String>,
    /// Unix seconds.
    pub created: i64,
    /// In cents.
    pub total: i64,
    pub amount_paid: i64,
    pub currency: String,
    /// `paid`, `open`, `draft`, `void`, `uncollectible`.
    pub status: Option<String>,
    /// `/api/account/invoice/{id}/pdf`.
    pub pdf: String,
}

/// The user's invoices, newest first.
#[derive(Serialize, ToSchema)]
pub struct InvoiceList {
    pub data: Vec<Invoice>,
}

/// The answer to a Stripe event.
#[derive(Serialize, ToSchema)]
pub struct WebhookAnswer {
    pub received: bool,
    /// This event id was processed before; nothing was done.
    pub duplicate: bool,
}

/// The session cookie, set by sign-up and sign-in.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                crate::auth::SESSION_COOKIE,
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Calcsmith API",
        description = "The JSON API of Calcsmith, the online calculator builder. Errors are \
            `{\"message\": \"...\"}` with a 4xx status. Bodies may also be form-encoded where \
            the spec says \"form params\"; bodies over 512 KB get 413."
    ),
    paths(
        captcha, signup, login, logout, logout_form, account, delete_account, save_settings, forgot, reset, check_reset,
        read_source, save_source, delete_source, list_versions, read_version,
        read_published, delete_published,
        toggle_privacy, my_calculators, evaluate,
        billing_info, subscription, cancel_subscription, resume_subscription, preview_switch,
        switch_plan, cards, edit_card, default_card, delete_card, checkout, checkout_complete,
        invoices, invoice_pdf, stripe_webhook
    ),
    modifiers(&SessionCookie)
)]
struct ApiDoc;

// The operations. Each function only carries its documentation; the handlers are in
// `routes/`.

/// A proof-of-work challenge for sign-up.
#[utoipa::path(get, path = "/api/captcha", tag = "account",
    responses((status = 200, body = Captcha)))]
#[allow(dead_code)]
fn captcha() {}

/// Creates an account and signs it in (sets the session cookie).
#[utoipa::path(post, path = "/api/signup", tag = "account",
    request_body(content(
        (SignUpRequest = "application/json"),
        (SignUpRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = Account, description = "Signed up and signed in"),
        (status = 400, body = ErrorBody, description = "Invalid details, a taken email, or \
            `Please resolve the captcha and submit!`"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn signup() {}

/// Signs in (a fresh session cookie).
#[utoipa::path(post, path = "/api/login", tag = "account",
    request_body(content(
        (SignInRequest = "application/json"),
        (SignInRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = Account),
        (status = 400, body = ErrorBody, description = "`Wrong email or password.`"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn login() {}

/// Ends the session and redirects to `/` (a cross-site request only redirects).
#[utoipa::path(get, path = "/api/logout", tag = "account",
    responses((status = 303, description = "Signed out; to `/`")))]
#[allow(dead_code)]
fn logout() {}

/// Ends the session and redirects to `/` (for forms; cross-site requests are refused).
#[utoipa::path(post, path = "/api/logout", tag = "account",
    responses(
        (status = 303, description = "Signed out; to `/`"),
        (status = 403, body = ErrorBody, description = "A cross-site request")))]
#[allow(dead_code)]
fn logout_form() {}

/// The signed-in user with their calculators.
#[utoipa::path(put, path = "/api/account", tag = "account", security(("session" = [])),
    responses((status = 200, body = Account), (status = 401, body = ErrorBody)))]
#[allow(dead_code)]
fn account() {}

/// Deletes the user, their sessions and calculators; needs the current password; a
/// subscription ends at once.
#[utoipa::path(delete, path = "/api/account", tag = "account", security(("session" = [])),
    request_body(content(
        (DeleteAccountRequest = "application/json"),
        (DeleteAccountRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody),
        (status = 400, body = ErrorBody,
            description = "No current password, or a wrong one (the account stays)"),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached to end the \
            subscription; nothing was deleted")))]
#[allow(dead_code)]
fn delete_account() {}

/// Changes settings; a new email must be free, a new password needs the old one.
#[utoipa::path(post, path = "/api/acc/save", tag = "account", security(("session" = [])),
    request_body(content(
        (SettingsRequest = "application/json"),
        (SettingsRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn save_settings() {}

/// Mails a password-reset link (the same answer for unknown emails).
#[utoipa::path(post, path = "/api/forgot", tag = "account",
    request_body(content(
        (ForgotRequest = "application/json"),
        (ForgotRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn forgot() {}

/// Sets a new password with a reset link's token.
#[utoipa::path(post, path = "/api/forgot/reset", tag = "account",
    request_body(content(
        (ResetRequest = "application/json"),
        (ResetRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn reset() {}

/// Whether a reset link's token can still be used (spends nothing).
#[utoipa::path(post, path = "/api/forgot/check", tag = "account",
    request_body(content(
        (ResetLinkRequest = "application/json"),
        (ResetLinkRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody)))]
#[allow(dead_code)]
fn check_reset() {}

/// The owner's source of a calculator.
#[utoipa::path(get, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = Source), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
#[allow(dead_code)]
fn read_source() {}

/// Saves a calculator (the first save creates it, within the plan's limit) and runs it
/// with its defaults.
#[utoipa::path(post, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((SourceRequest = "application/json"))),
    responses(
        (status = 200, body = Saved),
        (status = 400, body = ErrorBody, description = "Not a calculator, or the plan's limit"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Changed elsewhere, or a racing save"),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
#[allow(dead_code)]
fn save_source() {}

/// Deletes the owner's calculator.
#[utoipa::path(delete, path = "/api/source/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[allow(dead_code)]
fn delete_source() {}

/// A page of the owner's versions of a calculator, newest first (20 a page).
#[utoipa::path(get, path = "/api/source/{id}/versions", tag = "calculators", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("page" = Option<String>, Query, description = "1-based page number")),
    responses(
        (status = 200, body = VersionPage),
        (status = 400, body = ErrorBody, description = "A bad id or page"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing, or someone else's")))]
#[allow(dead_code)]
fn list_versions() {}

/// One kept version of the owner's calculator.
#[utoipa::path(get, path = "/api/source/{id}/versions/{number}", tag = "calculators", security(("session" = [])),
    params(
        ("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]"),
        ("number" = i64, Path, minimum = 1, description = "The version's number")),
    responses(
        (status = 200, body = Version),
        (status = 400, body = ErrorBody, description = "A bad id or number"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Missing (never kept, or dropped), \
            or someone else's")))]
#[allow(dead_code)]
fn read_version() {}

/// A published calculator (private ones look missing to all but their owner). While
/// `doc.holdWhileTestsFail` holds it, this is the last version whose tests passed.
#[utoipa::path(get, path = "/api/calc/{id}", tag = "calculators",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = Published), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
#[allow(dead_code)]
fn read_published() {}

/// Deletes the owner's calculator.
#[utoipa::path(delete, path = "/api/calc/{id}", tag = "calculators", security(("session" = [])),
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    responses(
        (status = 200, body = MessageBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[allow(dead_code)]
fn delete_published() {}

/// Toggles a calculator's privacy (`calcId` in the query, JSON or a form).
#[utoipa::path(post, path = "/api/calc/edit/", tag = "calculators", security(("session" = [])),
    params(("calcId" = Option<String>, Query, description = "the calculator, if not in the body")),
    request_body(content(
        (PrivacyRequest = "application/json"),
        (PrivacyRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = MessageBody),
        (status = 400, body = ErrorBody, description = "No or a bad id, or the plan has no \
            private calculators"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
#[allow(dead_code)]
fn toggle_privacy() {}

/// A page of the user's calculators, newest first.
#[utoipa::path(put, path = "/api/calc/user/", tag = "calculators", security(("session" = [])),
    params(("page" = Option<String>, Query, description = "1-based page number")),
    responses(
        (status = 200, body = CalcPage), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
#[allow(dead_code)]
fn my_calculators() {}

/// Runs a calculator the caller may see with the given values (rate-limited).
#[utoipa::path(post, path = "/api/calc/{id}/eval", tag = "calculators",
    params(("id" = String, Path, pattern = "^[0-9A-Za-z]{16}$", description = "16 of [0-9A-Za-z]")),
    request_body(content((EvalRequest = "application/json"))),
    responses(
        (status = 200, body = EvalResult, description = "The engine's result; a failing \
            calculation is a result with `error` set"),
        (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)))]
#[allow(dead_code)]
fn evaluate() {}

/// How plans are sold: the mode (sandbox or live), the keys for the browser, the plans.
#[utoipa::path(get, path = "/api/billing", tag = "billing",
    responses((status = 200, body = BillingInfo)))]
#[allow(dead_code)]
fn billing_info() {}

/// The user's subscription (null before the first); the plan is re-read from Stripe.
#[utoipa::path(put, path = "/api/account/sub", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = SubscriptionOrNone), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached")))]
#[allow(dead_code)]
fn subscription() {}

/// Cancels at the end of the period (the plan stays until `currentPeriodEnd`).
#[utoipa::path(delete, path = "/api/account/sub/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    responses(
        (status = 200, body = SubscriptionData),
        (status = 400, body = ErrorBody, description = "The subscription has ended"),
        (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "Not the user's, or no such subscription"),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn cancel_subscription() {}

/// Undoes a cancellation before the period ends.
#[utoipa::path(post, path = "/api/account/sub/{id}/resume", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    responses(
        (status = 200, body = SubscriptionData), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn resume_subscription() {}

/// What switching to another plan costs now (Stripe's proration), without switching.
#[utoipa::path(post, path = "/api/account/sub/{id}/preview", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    request_body(content((PlanRequest = "application/json"))),
    responses(
        (status = 200, body = ProrationPreview),
        (status = 400, body = ErrorBody, description = "Unknown plan, the same plan, or ended"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn preview_switch() {}

/// Switches to another plan with proration, invoiced and charged now.
#[utoipa::path(post, path = "/api/account/sub/{id}/plan", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The subscription id (`sub_…`)")),
    request_body(content((PlanRequest = "application/json"))),
    responses(
        (status = 200, body = SubscriptionData),
        (status = 400, body = ErrorBody, description = "Unknown plan, the same plan, or ended"),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "The card was declined (the provider's \
            message, with `code` and `declineCode`)"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn switch_plan() {}

/// The user's cards, the default marked.
#[utoipa::path(get, path = "/api/account/card", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = CardList), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn cards() {}

/// Changes a card's expiry.
#[utoipa::path(post, path = "/api/account/card", tag = "billing", security(("session" = [])),
    request_body(content(
        (CardExpiryRequest = "application/json"),
        (CardExpiryRequest = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, body = CardList),
        (status = 400, body = ErrorBody, description = "Month outside 1–12, year outside 2020–2040"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn edit_card() {}

/// Makes a card the default (also of the subscription).
#[utoipa::path(post, path = "/api/account/card/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The card's id (`pm_…`)")),
    responses(
        (status = 200, body = CardList), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn default_card() {}

/// Deletes a card; not the one paying for a live subscription.
#[utoipa::path(delete, path = "/api/account/card/{id}", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The card's id (`pm_…`)")),
    responses(
        (status = 200, body = CardList),
        (status = 400, body = ErrorBody, description = "`This card pays for your subscription. \
            Make another card the default before deleting it.`"),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn delete_card() {}

/// Buys a plan with a card, or (no `plan`) adds the card.
#[utoipa::path(post, path = "/api/checkout", tag = "billing", security(("session" = [])),
    request_body(content((CheckoutRequest = "application/json"))),
    responses(
        (status = 200, body = CheckoutAnswer),
        (status = 400, body = ErrorBody, description = "Bad input, or already subscribed"),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "The card was declined (the provider's \
            message, with `code` and `declineCode`)"),
        (status = 404, body = ErrorBody, description = "Another user's customer id"),
        (status = 413, body = ErrorBody), (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn checkout() {}

/// After 3-D Secure: the payment or card setup as Stripe has it now.
#[utoipa::path(post, path = "/api/checkout/complete", tag = "billing", security(("session" = [])),
    request_body(content((CompleteRequest = "application/json"))),
    responses(
        (status = 200, body = CheckoutAnswer), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 402, body = ErrorBody, description = "Authentication failed or the card was declined"),
        (status = 404, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Another change to the user's plan or cards is still in progress"),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn checkout_complete() {}

/// The user's invoices, newest first.
#[utoipa::path(get, path = "/api/account/invoice", tag = "billing", security(("session" = [])),
    responses(
        (status = 200, body = InvoiceList), (status = 401, body = ErrorBody),
        (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn invoices() {}

/// Redirects to the invoice's PDF.
#[utoipa::path(get, path = "/api/account/invoice/{id}/pdf", tag = "billing", security(("session" = [])),
    params(("id" = String, Path, description = "The invoice id (`in_…`)")),
    responses(
        (status = 302, description = "To the PDF"), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
#[allow(dead_code)]
fn invoice_pdf() {}

/// Stripe's events, signed (`Stripe-Signature`); each event id is processed once.
#[utoipa::path(post, path = "/api/stripe/webhook", tag = "billing",
    request_body(content((Value = "application/json"))),
    params(("Stripe-Signature" = Option<String>, Header, description = "`t=…,v1=…`")),
    responses(
        (status = 200, body = WebhookAnswer),
        (status = 400, body = ErrorBody, description = "A bad or stale signature, or not an event"),
        (status = 413, body = ErrorBody),
        (status = 502, body = ErrorBody, description = "Stripe cannot be reached; Stripe retries")))]
#[allow(dead_code)]
fn stripe_webhook() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_answers_errors_in_the_one_error_shape() {
        let doc = serde_json::to_value(ApiDoc::openapi()).expect("document");
        let paths = doc["paths"].as_object().expect("paths");
        assert_eq!(paths.len(), 29);
        for (path, operations) in paths {
            for (method, operation) in operations.as_object().expect("operations") {
                for (status, response) in operation["responses"].as_object().expect("responses") {
                    if status.starts_with('4') || status.starts_with('5') {
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            "#/components/schemas/ErrorBody",
                            "{method} {path} {status}"
                        );
                    }
                }
            }
        }
    }
}
