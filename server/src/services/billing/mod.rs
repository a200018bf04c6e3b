//! Plans sold through Stripe (docs/billing.md): one async-stripe client, pointed at live
//! Stripe or at the sandbox the server mounts. Stripe holds the truth (customers, cards,
//! subscriptions, invoices); the database keeps only the user's customer id, the plan
//! that follows the subscription, and the webhook events already processed.

use std::collections::HashMap;

use hmac::{KeyInit, Mac};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde_json::Value;
use stripe::{ApiErrors, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_billing::invoice::{
    CreatePreviewInvoice, CreatePreviewInvoiceSubscriptionDetails,
    CreatePreviewInvoiceSubscriptionDetailsItems,
    CreatePreviewInvoiceSubscriptionDetailsProrationBehavior, ListInvoice, RetrieveInvoice,
};
use stripe_billing::subscription::{
    CancelSubscription, CreateSubscription, CreateSubscriptionItems,
    CreateSubscriptionPaymentBehavior, ListSubscription, ListSubscriptionStatus,
    RetrieveSubscription, UpdateSubscription, UpdateSubscriptionItems,
    UpdateSubscriptionPaymentBehavior, UpdateSubscriptionProrationBehavior,
};
use stripe_billing::test_helpers_test_clock::CreateTestHelpersTestClock;
use stripe_billing::{Subscription, SubscriptionStatus};
use stripe_core::customer::{
    CreateCustomer, DeleteCustomer, ListPaymentMethodsCustomer, OptionalFieldsCustomerAddress,
    RetrieveCustomer, RetrieveCustomerReturned, UpdateCustomer, UpdateCustomerInvoiceSettings,
};
use stripe_core::payment_intent::RetrievePaymentIntent;
use stripe_core::setup_intent::{CreateSetupIntent, CreateSetupIntentUsage, RetrieveSetupIntent};
use stripe_core::{PaymentIntentStatus, SetupIntentStatus};
use stripe_payment::PaymentMethod;
use stripe_payment::payment_method::{
    AttachPaymentMethod, DetachPaymentMethod, RetrievePaymentMethod, UpdatePaymentMethod,
    UpdatePaymentMethodCard,
};
use stripe_product::Price;
use stripe_product::price::ListPrice;

use crate::config::BillingConfig;
use crate::entities::{stripe_event, user};
use crate::error::ApiError;
use crate::services::plans::Plan;
use crate::state::AppState;
use crate::tokens::{hex, now};

mod lease;
mod reconcile;

pub use lease::BILLING_BUSY;

/// How long a webhook's signature stays good (Stripe's default tolerance).
const WEBHOOK_TOLERANCE_SECONDS: i64 = 300;

/// The answer when Stripe cannot be reached.
const UNREACHABLE: &str =
    "The payment provider cannot be reached right now. Please try again in a few minutes.";

/// The answer to another user's (or a missing) card, subscription, invoice or payment.
fn not_found(what: &str) -> ApiError {
    ApiError::NotFound(format!("{what} not found."))
}

/// The Stripe client and what the browser needs to know about it.
pub struct Stripe {
    client: stripe::Client,
    /// `pk_…`, for Stripe.js or the sandbox's card form.
    pub publishable_key: String,
    /// `whsec_…`: verifies webhooks.
    webhook_secret: String,
    /// `/stripe-sandbox` when this server mounts the sandbox (set by `startup`), else `None`.
    pub sandbox_url: Option<String>,
    config: BillingConfig,
}

impl Stripe {
    /// A client for `base_url` (`None`: api.stripe.com) with these keys.
    ///
    /// # Errors
    /// The client cannot be built (no TLS roots).
    pub fn new(
        config: BillingConfig,
        base_url: Option<String>,
        secret_key: &str,
        publishable_key: String,
        webhook_secret: String,
    ) -> Result<Stripe, String> {
        let mut builder = stripe::ClientBuilder::new(secret_key);
        if let Some(url) = base_url {
            builder = builder.url(url);
        }
        let client = builder
            .build()
            .map_err(|e| format!("cannot build the Stripe client: {e}"))?;
        Ok(Stripe {
            client,
            publishable_key,
            webhook_secret,
            sandbox_url: None,
            config,
        })
    }

    /// Whether this is live Stripe.
    pub fn is_live(&self) -> bool {
        self.sandbox_url.is_none()
    }

    /// The `SUPPORT_URL`.
    pub fn support_url(&self) -> &str {
        &self.config.support_url
    }

    /// What the configuration names as `plan`'s price (an id or a lookup key).
    fn configured_price(&self, plan: Plan) -> Option<&str> {
        match plan {
            Plan::Regular => Some(&self.config.price_regular),
            Plan::Premium => Some(&self.config.price_premium),
            Plan::Free => None,
        }
    }

    /// The plan a price sells (free: a price this server does not sell).
    fn plan_of(&self, price: &Price) -> Plan {
        [Plan::Regular, Plan::Premium]
            .into_iter()
            .find(|&plan| {
                self.configured_price(plan).is_some_and(|wanted| {
                    price.id.as_str() == wanted || price.lookup_key.as_deref() == Some(wanted)
                })
            })
            .unwrap_or(Plan::Free)
    }
}

/// A Stripe failure as the API answers it: card errors 402 with Stripe's message, bad
/// input 400, a missing object 404, anything else 502.
fn stripe_error(error: StripeError) -> ApiError {
    match error {
        StripeError::Stripe(details, status) => {
            let message = details.message.clone().unwrap_or_default();
            match status {
                402 => card_error(&details),
                404 => ApiError::NotFound("Not found.".to_owned()),
                400 if !message.is_empty() => ApiError::BadRequest(message),
                _ => {
                    tracing::warn!(status, "Stripe refused a request");
                    ApiError::BadGateway(UNREACHABLE.to_owned())
                }
            }
        }
        StripeError::ClientError(_) | StripeError::Timeout | StripeError::JSONDeserialize(_) => {
            tracing::warn!(error = %error, "Stripe cannot be reached");
            ApiError::BadGateway(UNREACHABLE.to_owned())
        }
        StripeError::ConfigError(detail) => ApiError::Internal(format!("Stripe: {detail}")),
    }
}

/// A card error (402) with the provider's message.
fn card_error(details: &ApiErrors) -> ApiError {
    ApiError::PaymentFailed {
        message: details
            .message
            .clone()
            .unwrap_or_else(|| "Your card was declined.".to_owned()),
        code: details.code.as_ref().map(|c| c.as_str().to_owned()),
        decline_code: details.decline_code.clone(),
    }
}

/// A 404 answer from Stripe as our own 404 for `what` (the same as someone else's id).
fn or_not_found(what: &'static str) -> impl Fn(StripeError) -> ApiError {
    move |error| match stripe_error(error) {
        ApiError::NotFound(_) => not_found(what),
        other => other,
    }
}

/// An idempotency key for one intent: `calcsmith-{purpose}-` and a hash of what the
/// request means (the user, what they ask for, and what they had when they asked). A
/// retry of the same request is then the same Stripe request, which Stripe answers once;
/// a request made after the first one changed something is a new one.
fn once_key(parts: &[&str]) -> Result<RequestStrategy, ApiError> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    for part in parts {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    let digest = hasher.finalize();
    let purpose = parts.first().copied().unwrap_or("request");
    let key = format!("calcsmith-{purpose}-{}", hex(&digest[..16]));
    IdempotencyKey::new(key)
        .map(RequestStrategy::Idempotent)
        .map_err(|e| ApiError::Internal(format!("idempotency key: {e}")))
}

/// A card as the API shows it.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    pub id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub default: bool,
}

fn card_of(method: &PaymentMethod, default: Option<&str>) -> Option<Card> {
    let card = method.card.as_ref()?;
    Some(Card {
        id: method.id.as_str().to_owned(),
        brand: card.brand.clone(),
        last4: card.last4.clone(),
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        default: default == Some(method.id.as_str()),
    })
}

/// A subscription as the API shows it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionView {
    pub id: String,
    pub plan: &'static str,
    pub status: String,
    pub price: i64,
    pub currency: String,
    pub current_period_end: i64,
    pub cancel_at_period_end: bool,
    pub default_card: Option<Card>,
}

/// Whether a subscription still counts: the user must switch it, not buy another.
fn is_live(subscription: &Subscription) -> bool {
    !matches!(
        subscription.status,
        SubscriptionStatus::Canceled | SubscriptionStatus::IncompleteExpired
    )
}

/// The plan a subscription gives: its plan while active, trialing or past due.
fn entitled_plan(stripe: &Stripe, subscription: &Subscription) -> Plan {
    match subscription.status {
        SubscriptionStatus::Active | SubscriptionStatus::Trialing | SubscriptionStatus::PastDue => {
            subscription
                .items
                .data
                .first()
                .map_or(Plan::Free, |item| stripe.plan_of(&item.price))
        }
        _ => Plan::Free,
    }
}

fn view(stripe: &Stripe, subscription: &Subscription) -> SubscriptionView {
    let item = subscription.items.data.first();
    let default_card = subscription
        .default_payment_method
        .as_ref()
        .and_then(|method| method.as_object())
        .and_then(|method| card_of(method, Some(method.id.as_str())));
    SubscriptionView {
        id: subscription.id.as_str().to_owned(),
        plan: item
            .map_or(Plan::Free, |item| stripe.plan_of(&item.price))
            .name(),
        status: subscription.status.as_str().to_owned(),
        price: item.and_then(|item| item.price.unit_amount).unwrap_or(0),
        currency: subscription.currency.to_string(),
        current_period_end: item.map_or(0, |item| item.current_period_end),
        cancel_at_period_end: subscription.cancel_at_period_end,
        default_card,
    }
}

/// The price id `plan` is sold at (resolving a lookup key).
async fn price_id(state: &AppState, plan: Plan) -> Result<String, ApiError> {
    let stripe = &state.stripe;
    let wanted = stripe
        .configured_price(plan)
        .ok_or_else(|| ApiError::BadRequest("The free plan is not sold.".to_owned()))?;
    if wanted.starts_with("price_") {
        return Ok(wanted.to_owned());
    }
    let prices = ListPrice::new()
        .lookup_keys(vec![wanted.to_owned()])
        .active(true)
        .send(&stripe.client)
        .await
        .map_err(stripe_error)?;
    prices
        .data
        .first()
        .map(|price| price.id.as_str().to_owned())
        .ok_or_else(|| ApiError::Internal(format!("no active Stripe price {wanted}")))
}

/// A plan a user may buy, from the request's `plan`.
///
/// # Errors
/// 400 for anything but `regular` or `premium`.
pub fn paid_plan(name: &str) -> Result<Plan, ApiError> {
    match Plan::parse(name) {
        Plan::Free => Err(ApiError::BadRequest(
            "Please choose the Regular or Premium plan.".to_owned(),
        )),
        plan => Ok(plan),
    }
}

/// The user's Stripe customer, created on first need. Race-free: the creation's
/// idempotency key is the user's, so two at once get the same customer from Stripe, and
/// only a user without one has it stored.
async fn customer_of(state: &AppState, user: &user::Model) -> Result<String, ApiError> {
    if let Some(id) = &user.customer_id {
        return Ok(id.clone());
    }
    let client = &state.stripe.client;
    let mut create = CreateCustomer::new()
        .email(user.email.clone())
        .metadata(HashMap::from([(
            "calcsmith_user".to_owned(),
            user.id.to_string(),
        )]));
    if !user.name.is_empty() {
        create = create.name(user.name.clone());
    }
    if !user.phone.is_empty() {
        create = create.phone(user.phone.clone());
    }
    if !(user.address.is_empty() && user.city.is_empty() && user.country.is_empty()) {
        let mut address = OptionalFieldsCustomerAddress::new();
        let nonempty = |v: &String| (!v.is_empty()).then(|| v.clone());
        address.line1 = nonempty(&user.address);
        address.city = nonempty(&user.city);
        address.state = nonempty(&user.state);
        address.postal_code = nonempty(&user.zipcode);
        address.country = nonempty(&user.country);
        create = create.address(address);
    }
    let user_id = user.id.to_string();
    let key = |purpose: &str| once_key(&[purpose, &user_id]);
    if state.stripe.config.test_clocks && !state.stripe.is_live() {
        let clock = CreateTestHelpersTestClock::new(now())
            .name(format!("calcsmith user {}", user.id))
            .customize()
            .request_strategy(key("clock")?)
            .send(client)
            .await
            .map_err(stripe_error)?;
        create = create.test_clock(clock.id.as_str().to_owned());
    }
    let customer = create
        .customize()
        .request_strategy(key("customer")?)
        .send(client)
        .await
        .map_err(stripe_error)?;
    user::Entity::update_many()
        .col_expr(
            user::Column::CustomerId,
            Expr::value(customer.id.as_str().to_owned()),
        )
        .filter(user::Column::Id.eq(user.id))
        .filter(user::Column::CustomerId.is_null())
        .exec(&state.db)
        .await?;
    let stored = user::Entity::find_by_id(user.id)
        .one(&state.db)
        .await?
        .and_then(|u| u.customer_id)
        .ok_or_else(|| ApiError::Internal("the customer id was not stored".to_owned()))?;
    Ok(stored)
}

/// Every subscription of the customer, with its default card; more than one live is
/// put right first (`reconcile.rs`).
async fn subscriptions_of(state: &AppState, customer: &str) -> Result<Vec<Subscription>, ApiError> {
    let list = ListSubscription::new()
        .customer(customer.to_owned())
        .status(ListSubscriptionStatus::All)
        .limit(100)
        .expand(vec!["data.default_payment_method".to_owned()])
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?
        .data;
    reconcile::cancel_duplicates(state, customer, list).await
}

/// The customer's subscription: the live one, else the newest ended one; with its
/// default card.
async fn subscription_of(
    state: &AppState,
    customer: &str,
) -> Result<Option<Subscription>, ApiError> {
    Ok(current(subscriptions_of(state, customer).await?))
}

/// Of a customer's subscriptions, the live one, else the newest ended one.
fn current(mut list: Vec<Subscription>) -> Option<Subscription> {
    list.sort_by_key(|s| std::cmp::Reverse((is_live(s), s.created)));
    list.into_iter().next()
}

/// Sets the user's plan to what `subscription` entitles them to. A plan that ends leaves
/// everything the user has as it is; the plan's limits apply to what they do next.
async fn follow(
    state: &AppState,
    user_id: i64,
    subscription: Option<&Subscription>,
) -> Result<(), ApiError> {
    let plan = subscription.map_or(Plan::Free, |s| entitled_plan(&state.stripe, s));
    user::Entity::update_many()
        .col_expr(user::Column::Plan, Expr::value(plan.name()))
        .filter(user::Column::Id.eq(user_id))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// `PUT /api/account/sub`: the user's subscription (the plan re-read from Stripe).
///
/// # Errors
/// Stripe cannot be reached (502).
pub async fn subscription(
    state: &AppState,
    user: &user::Model,
) -> Result<Option<SubscriptionView>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(None);
    };
    let subscription = subscription_of(state, customer).await?;
    follow(state, user.id, subscription.as_ref()).await?;
    Ok(subscription.map(|s| view(&state.stripe, &s)))
}

/// The user's subscription `id`; someone else's is the same 404 as a missing one.
async fn own_subscription(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Subscription, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Err(not_found("Subscription"));
    };
    if !id.starts_with("sub_") {
        return Err(not_found("Subscription"));
    }
    let subscription = RetrieveSubscription::new(id)
        .expand(vec!["default_payment_method".to_owned()])
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Subscription"))?;
    if subscription.customer.id().as_str() != customer.as_str() {
        return Err(not_found("Subscription"));
    }
    Ok(subscription)
}

/// `DELETE /api/account/sub/{id}` (`cancel: true`) and its undo.
///
/// # Errors
/// Not the user's (404), already ended (400), Stripe failed.
pub async fn cancel_at_period_end(
    state: &AppState,
    user: &user::Model,
    id: &str,
    cancel: bool,
) -> Result<SubscriptionView, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let subscription = own_subscription(state, user, id).await?;
        if !is_live(&subscription) {
            return Err(ApiError::BadRequest(
                "This subscription has ended.".to_owned(),
            ));
        }
        let updated = UpdateSubscription::new(subscription.id.clone())
            .cancel_at_period_end(cancel)
            .expand(vec!["default_payment_method".to_owned()])
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        follow(state, user.id, Some(&updated)).await?;
        Ok(view(&state.stripe, &updated))
    })
    .await
}

/// Closes the user's Stripe customer (the account is being deleted): every live
/// subscription ends at once, so a deleted account is never charged again, and the
/// customer goes with its name, e-mail and cards.
///
/// # Errors
/// Stripe failed.
pub async fn close_customer(state: &AppState, user: &user::Model) -> Result<(), ApiError> {
    lease::serialised(state, user, |user| async move {
        let Some(customer) = &user.customer_id else {
            return Ok(());
        };
        for subscription in subscriptions_of(state, customer).await? {
            if is_live(&subscription) {
                cancel_now(state, &subscription).await?;
            }
        }
        match DeleteCustomer::new(customer.as_str())
            .send(&state.stripe.client)
            .await
        {
            // Already gone at Stripe: nothing left to delete.
            Ok(_) | Err(StripeError::Stripe(_, 404)) => Ok(()),
            Err(e) => Err(stripe_error(e)),
        }
    })
    .await
}

/// The price a live subscription would switch to, checked.
async fn switch_target(
    state: &AppState,
    subscription: &Subscription,
    plan: Plan,
) -> Result<(String, String), ApiError> {
    if !is_live(subscription) {
        return Err(ApiError::BadRequest(
            "This subscription has ended.".to_owned(),
        ));
    }
    let item = subscription
        .items
        .data
        .first()
        .ok_or_else(|| ApiError::Internal("a subscription without items".to_owned()))?;
    if state.stripe.plan_of(&item.price) == plan {
        return Err(ApiError::BadRequest(
            "You are already on this plan.".to_owned(),
        ));
    }
    Ok((item.id.as_str().to_owned(), price_id(state, plan).await?))
}

/// What switching the subscription to `plan` costs now (Stripe's proration).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    pub amount_due: i64,
    pub currency: String,
}

/// `POST /api/account/sub/{id}/preview`.
///
/// # Errors
/// Not the user's (404), same plan (400), Stripe failed.
pub async fn preview_switch(
    state: &AppState,
    user: &user::Model,
    id: &str,
    plan: Plan,
) -> Result<Preview, ApiError> {
    let subscription = own_subscription(state, user, id).await?;
    let (item, price) = switch_target(state, &subscription, plan).await?;
    let mut line = CreatePreviewInvoiceSubscriptionDetailsItems::new();
    line.id = Some(item);
    line.price = Some(price);
    let mut details = CreatePreviewInvoiceSubscriptionDetails::new();
    details.items = Some(vec![line]);
    details.proration_behavior =
        Some(CreatePreviewInvoiceSubscriptionDetailsProrationBehavior::AlwaysInvoice);
    let invoice = CreatePreviewInvoice::new()
        .customer(subscription.customer.id().as_str().to_owned())
        .subscription(subscription.id.as_str().to_owned())
        .subscription_details(details)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(Preview {
        amount_due: invoice.amount_due,
        currency: invoice.currency.to_string(),
    })
}

/// `POST /api/account/sub/{id}/plan`: switches with proration, invoiced and charged now.
///
/// # Errors
/// Not the user's (404), same plan (400), the card declined (402), Stripe failed.
pub async fn switch_plan(
    state: &AppState,
    user: &user::Model,
    id: &str,
    plan: Plan,
) -> Result<SubscriptionView, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let subscription = own_subscription(state, user, id).await?;
        let (item, price) = switch_target(state, &subscription, plan).await?;
        // The latest invoice changes with every switch, so switching back later is a
        // new request, and a retry of this one is not.
        let latest_invoice = subscription
            .latest_invoice
            .as_ref()
            .and_then(|invoice| invoice.id().as_ref().map(|id| id.as_str().to_owned()))
            .unwrap_or_default();
        let key = once_key(&[
            "switch",
            &user.id.to_string(),
            &item,
            &price,
            &latest_invoice,
        ])?;
        let mut line = UpdateSubscriptionItems::new();
        line.id = Some(item);
        line.price = Some(price);
        let updated = UpdateSubscription::new(subscription.id.clone())
            .items(vec![line])
            .proration_behavior(UpdateSubscriptionProrationBehavior::AlwaysInvoice)
            .payment_behavior(UpdateSubscriptionPaymentBehavior::ErrorIfIncomplete)
            .expand(vec!["default_payment_method".to_owned()])
            .customize()
            .request_strategy(key)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        follow(state, user.id, Some(&updated)).await?;
        Ok(view(&state.stripe, &updated))
    })
    .await
}

/// The customer's default card id.
async fn default_card(state: &AppState, customer: &str) -> Result<Option<String>, ApiError> {
    let customer = RetrieveCustomer::new(customer)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    let RetrieveCustomerReturned::Customer(customer) = customer else {
        return Ok(None);
    };
    Ok(customer
        .invoice_settings
        .and_then(|settings| settings.default_payment_method)
        .map(|method| method.id().as_str().to_owned()))
}

/// `GET /api/account/card`: the user's cards, the default marked.
///
/// # Errors
/// Stripe failed.
pub async fn cards(state: &AppState, user: &user::Model) -> Result<Vec<Card>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(Vec::new());
    };
    let default = default_card(state, customer).await?;
    let methods = ListPaymentMethodsCustomer::new(customer.as_str())
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(methods
        .data
        .iter()
        .filter_map(|method| card_of(method, default.as_deref()))
        .collect())
}

/// The ids of the customer's cards, sorted.
async fn card_ids(state: &AppState, customer: &str) -> Result<Vec<String>, ApiError> {
    let methods = ListPaymentMethodsCustomer::new(customer)
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    let mut ids: Vec<String> = methods
        .data
        .iter()
        .map(|m| m.id.as_str().to_owned())
        .collect();
    ids.sort_unstable();
    Ok(ids)
}

/// The user's card `id`; someone else's is the same 404 as a missing one.
async fn own_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<(String, PaymentMethod), ApiError> {
    let customer = user.customer_id.clone().ok_or_else(|| not_found("Card"))?;
    if !id.starts_with("pm_") {
        return Err(not_found("Card"));
    }
    let method = RetrievePaymentMethod::new(id)
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Card"))?;
    let owner = method.customer.as_ref().map(|c| c.id().as_str());
    if owner != Some(customer.as_str()) {
        return Err(not_found("Card"));
    }
    Ok((customer, method))
}

/// `POST /api/account/card`: a new expiry for a card (month 1–12, year 2020–2040).
///
/// # Errors
/// Out of range (400), not the user's (404), Stripe failed.
pub async fn edit_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
    exp_month: i64,
    exp_year: i64,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        if !(1..=12).contains(&exp_month) {
            return Err(ApiError::BadRequest(
                "The expiry month must be from 1 to 12.".to_owned(),
            ));
        }
        if !(2020..=2040).contains(&exp_year) {
            return Err(ApiError::BadRequest(
                "The expiry year must be from 2020 to 2040.".to_owned(),
            ));
        }
        let (_, method) = own_card(state, user, id).await?;
        let mut card = UpdatePaymentMethodCard::new();
        card.exp_month = Some(exp_month);
        card.exp_year = Some(exp_year);
        UpdatePaymentMethod::new(method.id)
            .card(card)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        cards(state, user).await
    })
    .await
}

/// Makes `card` the customer's default, and the live subscription's.
async fn make_default(
    state: &AppState,
    customer: &str,
    card: &str,
    subscription: Option<&Subscription>,
) -> Result<(), ApiError> {
    let mut settings = UpdateCustomerInvoiceSettings::new();
    settings.default_payment_method = Some(card.to_owned());
    UpdateCustomer::new(customer)
        .invoice_settings(settings)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    if let Some(subscription) = subscription.filter(|s| is_live(s)) {
        UpdateSubscription::new(subscription.id.clone())
            .default_payment_method(card.to_owned())
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
    }
    Ok(())
}

/// `POST /api/account/card/{id}`: makes the card the default (also of the subscription).
///
/// # Errors
/// Not the user's (404), Stripe failed.
pub async fn set_default_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let (customer, method) = own_card(state, user, id).await?;
        let subscription = subscription_of(state, &customer).await?;
        make_default(state, &customer, method.id.as_str(), subscription.as_ref()).await?;
        cards(state, user).await
    })
    .await
}

/// The answer to deleting the card that pays for a live subscription.
pub const CARD_PAYS_SUBSCRIPTION: &str =
    "This card pays for your subscription. Make another card the default before deleting it.";

/// `DELETE /api/account/card/{id}`.
///
/// # Errors
/// Not the user's (404), the default card of a live subscription (400), Stripe failed.
pub async fn delete_card(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<Vec<Card>, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let (customer, method) = own_card(state, user, id).await?;
        if let Some(subscription) = subscription_of(state, &customer).await?
            && is_live(&subscription)
        {
            let paying = match &subscription.default_payment_method {
                Some(card) => card.id().as_str().to_owned(),
                None => default_card(state, &customer).await?.unwrap_or_default(),
            };
            if paying == method.id.as_str() {
                return Err(ApiError::BadRequest(CARD_PAYS_SUBSCRIPTION.to_owned()));
            }
        }
        DetachPaymentMethod::new(method.id)
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        cards(state, user).await
    })
    .await
}

/// A checkout's request (`POST /api/checkout`).
#[derive(Debug)]
pub struct Checkout {
    pub customer_id: Option<String>,
    pub plan: Option<Plan>,
    pub payment_method: String,
}

/// How a checkout ended.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CheckoutOutcome {
    Succeeded {
        subscription: Option<SubscriptionView>,
        cards: Vec<Card>,
    },
    #[serde(rename_all = "camelCase")]
    RequiresAction {
        client_secret: String,
        intent_id: String,
    },
}

/// `POST /api/checkout`: buys `plan` with the card, or (no plan) adds the card.
///
/// # Errors
/// Bad input or already subscribed (400), another user's customer (404), the card
/// declined (402), Stripe failed (502).
pub async fn checkout(
    state: &AppState,
    user: &user::Model,
    request: Checkout,
) -> Result<CheckoutOutcome, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let method = request.payment_method.trim();
        if !method.starts_with("pm_") || method.len() > 255 {
            return Err(ApiError::BadRequest(
                "paymentMethod must be a payment method id (pm_…).".to_owned(),
            ));
        }
        if let Some(asked) = &request.customer_id
            && user.customer_id.as_ref() != Some(asked)
        {
            return Err(not_found("Customer"));
        }
        let customer = customer_of(state, user).await?;
        let client = &state.stripe.client;
        let Some(plan) = request.plan else {
            let intent = CreateSetupIntent::new()
                .customer(customer.clone())
                .payment_method(method.to_owned())
                .confirm(true)
                .usage(CreateSetupIntentUsage::OffSession)
                .customize()
                .request_strategy(once_key(&[
                    "setup",
                    &user.id.to_string(),
                    method,
                    &card_ids(state, &customer).await?.join(","),
                ])?)
                .send(client)
                .await
                .map_err(stripe_error)?;
            return setup_outcome(state, user, &customer, intent).await;
        };
        let seen = subscriptions_of(state, &customer).await?;
        let mut seen_ids: Vec<&str> = seen.iter().map(|s| s.id.as_str()).collect();
        seen_ids.sort_unstable();
        // What this checkout means: this user buying this plan with this card, after the
        // subscriptions they had. A retry of it is the same request to Stripe.
        let intent = [
            "subscription".to_owned(),
            user.id.to_string(),
            plan.name().to_owned(),
            method.to_owned(),
            seen_ids.join(","),
        ];
        if let Some(existing) = current(seen).filter(is_live) {
            if existing.status == SubscriptionStatus::Incomplete {
                // An abandoned earlier attempt (3-D Secure never finished): it goes.
                cancel_now(state, &existing).await?;
            } else {
                return Err(ApiError::BadRequest(
                    "You already have a subscription. Change its plan instead.".to_owned(),
                ));
            }
        }
        let price = price_id(state, plan).await?;
        // Attaching a test id (`pm_card_visa`) makes a new payment method: use its id.
        let attached = AttachPaymentMethod::new(method)
            .customer(customer.clone())
            .send(client)
            .await
            .map_err(or_bad_card)?;
        let method = attached.id.as_str();
        if default_card(state, &customer).await?.is_none() {
            make_default(state, &customer, method, None).await?;
        }
        let mut item = CreateSubscriptionItems::new();
        item.price = Some(price);
        let subscription = CreateSubscription::new()
            .customer(customer.clone())
            .items(vec![item])
            .default_payment_method(method.to_owned())
            .payment_behavior(CreateSubscriptionPaymentBehavior::AllowIncomplete)
            .metadata(HashMap::from([(
                "calcsmith_user".to_owned(),
                user.id.to_string(),
            )]))
            .expand(vec![
                "latest_invoice.payments".to_owned(),
                "default_payment_method".to_owned(),
            ])
            .customize()
            .request_strategy(once_key(&intent.each_ref().map(String::as_str))?)
            .send(client)
            .await
            .map_err(stripe_error)?;
        subscription_outcome(state, user, &customer, subscription).await
    })
    .await
}

/// An unknown payment method id is bad input, not a missing page.
fn or_bad_card(error: StripeError) -> ApiError {
    match stripe_error(error) {
        ApiError::NotFound(_) => ApiError::BadRequest("No such payment method.".to_owned()),
        other => other,
    }
}

/// Cancels a subscription at once (its first payment failed or was abandoned, or the
/// account goes).
async fn cancel_now(state: &AppState, subscription: &Subscription) -> Result<(), ApiError> {
    CancelSubscription::new(subscription.id.clone())
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?;
    Ok(())
}

/// The payment intent of a subscription's latest invoice.
fn payment_intent_of(subscription: &Subscription) -> Option<String> {
    let invoice = subscription.latest_invoice.as_ref()?.as_object()?;
    invoice.payments.as_ref()?.data.iter().find_map(|payment| {
        payment
            .payment
            .payment_intent
            .as_ref()
            .map(|intent| intent.id().as_str().to_owned())
    })
}

/// The answer to a new subscription: active, waiting for 3-D Secure, or declined.
async fn subscription_outcome(
    state: &AppState,
    user: &user::Model,
    customer: &str,
    subscription: Subscription,
) -> Result<CheckoutOutcome, ApiError> {
    if subscription.status == SubscriptionStatus::Incomplete {
        let intent_id = payment_intent_of(&subscription)
            .ok_or_else(|| ApiError::BadGateway("The payment could not be started.".to_owned()))?;
        let intent = RetrievePaymentIntent::new(intent_id.as_str())
            .send(&state.stripe.client)
            .await
            .map_err(stripe_error)?;
        if intent.status == PaymentIntentStatus::RequiresAction {
            return Ok(CheckoutOutcome::RequiresAction {
                client_secret: intent.client_secret.unwrap_or_default(),
                intent_id,
            });
        }
        cancel_now(state, &subscription).await?;
        follow(state, user.id, None).await?;
        return Err(intent.last_payment_error.as_deref().map_or_else(
            || ApiError::PaymentFailed {
                message: "Your card was declined.".to_owned(),
                code: Some("card_declined".to_owned()),
                decline_code: None,
            },
            card_error,
        ));
    }
    follow(state, user.id, Some(&subscription)).await?;
    Ok(CheckoutOutcome::Succeeded {
        subscription: Some(view(&state.stripe, &subscription)),
        cards: cards_of_customer(state, user, customer).await?,
    })
}

/// The cards of a user whose customer may have been created during this request.
async fn cards_of_customer(
    state: &AppState,
    user: &user::Model,
    customer: &str,
) -> Result<Vec<Card>, ApiError> {
    let mut user = user.clone();
    user.customer_id = Some(customer.to_owned());
    cards(state, &user).await
}

/// The answer to a card being added: saved, waiting for 3-D Secure, or declined.
async fn setup_outcome(
    state: &AppState,
    user: &user::Model,
    customer: &str,
    intent: stripe_core::SetupIntent,
) -> Result<CheckoutOutcome, ApiError> {
    match intent.status {
        SetupIntentStatus::Succeeded => {
            if let Some(method) = &intent.payment_method
                && default_card(state, customer).await?.is_none()
            {
                let subscription = subscription_of(state, customer).await?;
                make_default(state, customer, method.id().as_str(), subscription.as_ref()).await?;
            }
            let subscription = subscription_of(state, customer).await?;
            Ok(CheckoutOutcome::Succeeded {
                subscription: subscription.map(|s| view(&state.stripe, &s)),
                cards: cards_of_customer(state, user, customer).await?,
            })
        }
        SetupIntentStatus::RequiresAction => Ok(CheckoutOutcome::RequiresAction {
            client_secret: intent.client_secret.unwrap_or_default(),
            intent_id: intent.id.as_str().to_owned(),
        }),
        _ => Err(intent.last_setup_error.as_deref().map_or_else(
            || ApiError::PaymentFailed {
                message: "Your card was declined.".to_owned(),
                code: Some("card_declined".to_owned()),
                decline_code: None,
            },
            card_error,
        )),
    }
}

/// `POST /api/checkout/complete`: after 3-D Secure, the intent re-read from Stripe.
///
/// # Errors
/// Not the user's (404), declined (402), Stripe failed (502).
pub async fn complete(
    state: &AppState,
    user: &user::Model,
    intent_id: &str,
) -> Result<CheckoutOutcome, ApiError> {
    lease::serialised(state, user, |user| async move {
        let user = &user;
        let customer = user
            .customer_id
            .clone()
            .ok_or_else(|| not_found("Payment"))?;
        let client = &state.stripe.client;
        let owned = |owner: Option<&str>| {
            if owner == Some(customer.as_str()) {
                Ok(())
            } else {
                Err(not_found("Payment"))
            }
        };
        if intent_id.starts_with("seti_") {
            let intent = RetrieveSetupIntent::new(intent_id)
                .send(client)
                .await
                .map_err(or_not_found("Payment"))?;
            owned(intent.customer.as_ref().map(|c| c.id().as_str()))?;
            return setup_outcome(state, user, &customer, intent).await;
        }
        if !intent_id.starts_with("pi_") {
            return Err(not_found("Payment"));
        }
        let intent = RetrievePaymentIntent::new(intent_id)
            .send(client)
            .await
            .map_err(or_not_found("Payment"))?;
        owned(intent.customer.as_ref().map(|c| c.id().as_str()))?;
        let subscription = ListSubscription::new()
            .customer(customer.clone())
            .status(ListSubscriptionStatus::All)
            .expand(vec![
                "data.latest_invoice.payments".to_owned(),
                "data.default_payment_method".to_owned(),
            ])
            .send(client)
            .await
            .map_err(stripe_error)?
            .data
            .into_iter()
            .find(|s| payment_intent_of(s).as_deref() == Some(intent_id))
            .ok_or_else(|| not_found("Payment"))?;
        subscription_outcome(state, user, &customer, subscription).await
    })
    .await
}

/// One row of `GET /api/account/invoice`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub id: String,
    pub number: Option<String>,
    pub created: i64,
    pub total: i64,
    pub amount_paid: i64,
    pub currency: String,
    pub status: Option<String>,
    pub pdf: String,
}

/// `GET /api/account/invoice`: newest first.
///
/// # Errors
/// Stripe failed.
pub async fn invoices(state: &AppState, user: &user::Model) -> Result<Vec<InvoiceView>, ApiError> {
    let Some(customer) = &user.customer_id else {
        return Ok(Vec::new());
    };
    let mut list = ListInvoice::new()
        .customer(customer.clone())
        .limit(100)
        .send(&state.stripe.client)
        .await
        .map_err(stripe_error)?
        .data;
    list.sort_by_key(|invoice| std::cmp::Reverse(invoice.created));
    Ok(list
        .into_iter()
        .filter_map(|invoice| {
            let id = invoice.id?.as_str().to_owned();
            Some(InvoiceView {
                pdf: format!("/api/account/invoice/{id}/pdf"),
                id,
                number: invoice.number,
                created: invoice.created,
                total: invoice.total,
                amount_paid: invoice.amount_paid,
                currency: invoice.currency.to_string(),
                status: invoice.status.map(|s| s.as_str().to_owned()),
            })
        })
        .collect())
}

/// `GET /api/account/invoice/{id}/pdf`: where the user's invoice's PDF is.
///
/// # Errors
/// Not the user's (404), Stripe failed.
pub async fn invoice_pdf(
    state: &AppState,
    user: &user::Model,
    id: &str,
) -> Result<String, ApiError> {
    let customer = user
        .customer_id
        .clone()
        .ok_or_else(|| not_found("Invoice"))?;
    if !id.starts_with("in_") {
        return Err(not_found("Invoice"));
    }
    let invoice = RetrieveInvoice::new(id)
        .send(&state.stripe.client)
        .await
        .map_err(or_not_found("Invoice"))?;
    let owner = invoice.customer.as_ref().map(|c| c.id().as_str());
    if owner != Some(customer.as_str()) {
        return Err(not_found("Invoice"));
    }
    invoice
        .invoice_pdf
        .ok_or_else(|| ApiError::NotFound("This invoice has no PDF yet.".to_owned()))
}

/// Checks a webhook's `Stripe-Signature` (`t=…,v1=…`) over the raw body.
///
/// # Errors
/// 400: no or a wrong signature, or a timestamp more than five minutes away.
pub fn verify_signature(
    secret: &str,
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<(), ApiError> {
    let bad = |why: &str| ApiError::BadRequest(format!("Invalid webhook signature: {why}."));
    let header = header.ok_or_else(|| bad("missing"))?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v1)) => signatures.push(v1),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or_else(|| bad("no timestamp"))?;
    if (now - timestamp).abs() > WEBHOOK_TOLERANCE_SECONDS {
        return Err(bad("the timestamp is too old"));
    }
    let matches = signatures.iter().any(|signature| {
        let Some(expected) = hex_decode(signature) else {
            return false;
        };
        let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()) else {
            return false;
        };
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac.verify_slice(&expected).is_ok()
    });
    if matches {
        Ok(())
    } else {
        Err(bad("no match"))
    }
}

fn hex_decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

/// `POST /api/stripe/webhook`: verifies the event, processes each event id once, and
/// makes the customer's user follow their subscription as Stripe has it now (so events
/// may come in any order).
///
/// # Errors
/// A bad signature or body (400); Stripe unreachable (502, Stripe retries).
pub async fn webhook(
    state: &AppState,
    signature: Option<&str>,
    body: &[u8],
) -> Result<bool, ApiError> {
    verify_signature(&state.stripe.webhook_secret, signature, body, now())?;
    let event: Value = serde_json::from_slice(body)
        .map_err(|_| ApiError::BadRequest("The event is not JSON.".to_owned()))?;
    let (Some(id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(ApiError::BadRequest(
            "The event has no id or type.".to_owned(),
        ));
    };
    let fresh = match stripe_event::Entity::insert(stripe_event::ActiveModel {
        id: Set(id.to_owned()),
        event_type: Set(kind.to_owned()),
        received_at: Set(now()),
    })
    .on_conflict(
        sea_orm::sea_query::OnConflict::column(stripe_event::Column::Id)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(&state.db)
    .await
    {
        Ok(rows) => rows > 0,
        Err(sea_orm::DbErr::RecordNotInserted) => false,
        Err(e) => return Err(e.into()),
    };
    if !fresh {
        return Ok(false);
    }
    let handled = handle_event(state, kind, &event["data"]["object"]).await;
    if handled.is_err() {
        // Not processed after all: Stripe's redelivery gets another try.
        stripe_event::Entity::delete_by_id(id.to_owned())
            .exec(&state.db)
            .await?;
    }
    handled.map(|()| true)
}

async fn handle_event(state: &AppState, kind: &str, object: &Value) -> Result<(), ApiError> {
    let concerns_plan = kind.starts_with("customer.subscription.")
        || kind == "invoice.paid"
        || kind == "invoice.payment_failed";
    if !concerns_plan {
        return Ok(());
    }
    let customer = match &object["customer"] {
        Value::String(id) => id.clone(),
        Value::Object(customer) => customer
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        _ => String::new(),
    };
    if customer.is_empty() {
        return Ok(());
    }
    let Some(owner) = user::Entity::find()
        .filter(user::Column::CustomerId.eq(customer.as_str()))
        .one(&state.db)
        .await?
    else {
        return Ok(());
    };
    let subscription = subscription_of(state, &customer).await?;
    follow(state, owner.id, subscription.as_ref()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(secret: &str, t: i64, body: &[u8]) -> String {
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("key");
        mac.update(format!("{t}.").as_bytes());
        mac.update(body);
        let hex: String = mac
            .finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("t={t},v1={hex}")
    }

    #[test]
    fn a_signature_over_the_body_with_the_secret_and_a_fresh_time_is_good() {
        let header = signed("whsec_x", 1000, b"{}");
        assert!(verify_signature("whsec_x", Some(&header), b"{}", 1100).is_ok());
        assert!(verify_signature("whsec_y", Some(&header), b"{}", 1100).is_err());
        assert!(verify_signature("whsec_x", Some(&header), b"{ }", 1100).is_err());
        assert!(verify_signature("whsec_x", Some(&header), b"{}", 1301).is_err());
        assert!(verify_signature("whsec_x", None, b"{}", 1000).is_err());
        assert!(verify_signature("whsec_x", Some("t=1000,v1=zz"), b"{}", 1000).is_err());
    }
}
