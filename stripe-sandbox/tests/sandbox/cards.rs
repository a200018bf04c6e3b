//! Stripe's test cards through the real client: saved with a SetupIntent, charged by a
//! subscription, 3-D Secure completed and failed; cards edited and detached.

use stripe_billing::subscription::{
    CreateSubscription, CreateSubscriptionItems, CreateSubscriptionPaymentBehavior,
};
use stripe_core::customer::{CreateCustomer, ListPaymentMethodsCustomer, UpdateCustomer};
use stripe_core::setup_intent::CreateSetupIntent;
use stripe_payment::payment_method::{
    CreatePaymentMethod, CreatePaymentMethodCard, CreatePaymentMethodCardDetailsParams,
    CreatePaymentMethodType, DetachPaymentMethod, UpdatePaymentMethod, UpdatePaymentMethodCard,
};

use crate::{TestSandbox, spawn, stripe_error};

async fn customer(app: &TestSandbox) -> String {
    CreateCustomer::new()
        .email("card@example.com")
        .send(&app.client)
        .await
        .unwrap()
        .id
        .to_string()
}

/// A card as Stripe.js would create it from the number typed in.
async fn card(app: &TestSandbox, number: &str) -> String {
    let details = CreatePaymentMethodCardDetailsParams::new(12, 2034, number);
    CreatePaymentMethod::new()
        .type_(CreatePaymentMethodType::Card)
        .card(CreatePaymentMethodCard::CardDetailsParams(details))
        .send(&app.client)
        .await
        .unwrap()
        .id
        .to_string()
}

async fn save_card(
    app: &TestSandbox,
    customer: &str,
    pm: &str,
) -> Result<stripe_shared::SetupIntent, stripe::StripeError> {
    CreateSetupIntent::new()
        .customer(customer)
        .payment_method(pm)
        .confirm(true)
        .send(&app.client)
        .await
}

async fn subscribe(
    app: &TestSandbox,
    customer: &str,
    pm: &str,
    behavior: CreateSubscriptionPaymentBehavior,
) -> Result<stripe_shared::Subscription, stripe::StripeError> {
    let price = app.regular_price().await;
    let mut item = CreateSubscriptionItems::new();
    item.price = Some(price);
    CreateSubscription::new()
        .customer(customer)
        .items(vec![item])
        .default_payment_method(pm)
        .payment_behavior(behavior)
        .expand(vec!["latest_invoice.confirmation_secret".to_string()])
        .send(&app.client)
        .await
}

#[tokio::test]
async fn the_success_card_saves_and_pays() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4242 4242 4242 4242").await;
    let setup = save_card(&app, &customer, &pm).await.unwrap();
    assert_eq!(setup.status.as_str(), "succeeded");
    let subscription = subscribe(
        &app,
        &customer,
        &pm,
        CreateSubscriptionPaymentBehavior::ErrorIfIncomplete,
    )
    .await
    .unwrap();
    assert_eq!(subscription.status.as_str(), "active");
    let invoice = subscription.latest_invoice.unwrap().into_object().unwrap();
    assert_eq!(
        (
            invoice.amount_paid,
            invoice.status.unwrap().as_str().to_string()
        ),
        (990, "paid".to_string())
    );
}

#[tokio::test]
async fn the_declined_card_is_refused_when_saved_and_when_charged() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4000 0000 0000 0002").await;
    let error = stripe_error(save_card(&app, &customer, &pm).await.unwrap_err());
    assert_eq!(
        error,
        (
            402,
            "card_declined".into(),
            "generic_decline".into(),
            "Your card was declined.".into()
        )
    );
    let error = subscribe(
        &app,
        &customer,
        "pm_card_chargeDeclined",
        CreateSubscriptionPaymentBehavior::AllowIncomplete,
    )
    .await;
    assert_eq!(
        stripe_error(error.unwrap_err()).3,
        "Your card was declined."
    );
}

#[tokio::test]
async fn insufficient_funds_saves_but_the_charge_fails() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4000000000009995").await;
    assert_eq!(
        save_card(&app, &customer, &pm)
            .await
            .unwrap()
            .status
            .as_str(),
        "succeeded"
    );
    let error = subscribe(
        &app,
        &customer,
        &pm,
        CreateSubscriptionPaymentBehavior::ErrorIfIncomplete,
    )
    .await
    .unwrap_err();
    assert_eq!(
        stripe_error(error),
        (
            402,
            "card_declined".into(),
            "insufficient_funds".into(),
            "Your card has insufficient funds.".into()
        )
    );
    // Allowed to be incomplete, the subscription waits with an open invoice.
    let subscription = subscribe(
        &app,
        &customer,
        &pm,
        CreateSubscriptionPaymentBehavior::AllowIncomplete,
    )
    .await
    .unwrap();
    assert_eq!(subscription.status.as_str(), "incomplete");
    let invoice = subscription.latest_invoice.unwrap().into_object().unwrap();
    assert_eq!(
        (
            invoice.status.unwrap().as_str().to_string(),
            invoice.amount_paid
        ),
        ("open".to_string(), 0)
    );
}

#[tokio::test]
async fn the_attach_then_fail_card_attaches_and_every_charge_is_declined() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4000 0000 0000 0341").await;
    assert_eq!(
        save_card(&app, &customer, &pm)
            .await
            .unwrap()
            .status
            .as_str(),
        "succeeded"
    );
    let listed = ListPaymentMethodsCustomer::new(customer.as_str())
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(listed.data.len(), 1);
    let error = subscribe(
        &app,
        &customer,
        &pm,
        CreateSubscriptionPaymentBehavior::ErrorIfIncomplete,
    )
    .await
    .unwrap_err();
    assert_eq!(stripe_error(error).1, "card_declined");
}

#[tokio::test]
async fn three_d_secure_completed_saves_the_card_and_activates_the_subscription() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4000 0025 0000 3155").await;
    let setup = save_card(&app, &customer, &pm).await.unwrap();
    assert_eq!(setup.status.as_str(), "requires_action");
    assert_eq!(setup.next_action.as_ref().unwrap().type_, "use_stripe_sdk");
    let (status, done) = app
        .authenticate(setup.client_secret.as_deref().unwrap(), "complete")
        .await;
    assert_eq!((status, done["status"].as_str()), (200, Some("succeeded")));
    assert_eq!(
        app.get(&format!("/v1/payment_methods/{pm}")).await["customer"],
        customer.as_str()
    );

    let subscription = subscribe(
        &app,
        &customer,
        &pm,
        CreateSubscriptionPaymentBehavior::AllowIncomplete,
    )
    .await
    .unwrap();
    assert_eq!(subscription.status.as_str(), "incomplete");
    let invoice = subscription.latest_invoice.unwrap().into_object().unwrap();
    let secret = invoice.confirmation_secret.unwrap().client_secret;
    let (status, intent) = app.authenticate(&secret, "complete").await;
    assert_eq!(
        (status, intent["status"].as_str()),
        (200, Some("succeeded"))
    );
    let subscription = app
        .get(&format!("/v1/subscriptions/{}", subscription.id))
        .await;
    assert_eq!(subscription["status"], "active");
    // Completing twice is refused.
    assert_eq!(app.authenticate(&secret, "complete").await.0, 400);
}

#[tokio::test]
async fn three_d_secure_failed_leaves_the_card_unsaved_and_the_subscription_incomplete() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let pm = card(&app, "4000 0025 0000 3155").await;
    let setup = save_card(&app, &customer, &pm).await.unwrap();
    let (_, failed) = app
        .authenticate(setup.client_secret.as_deref().unwrap(), "fail")
        .await;
    assert_eq!(failed["status"], "requires_payment_method");
    assert_eq!(
        failed["last_setup_error"]["code"],
        "setup_intent_authentication_failure"
    );
    assert!(app.get(&format!("/v1/payment_methods/{pm}")).await["customer"].is_null());

    let subscription = subscribe(
        &app,
        &customer,
        "pm_card_authenticationRequired",
        CreateSubscriptionPaymentBehavior::AllowIncomplete,
    )
    .await
    .unwrap();
    let invoice = subscription.latest_invoice.unwrap().into_object().unwrap();
    let (_, intent) = app
        .authenticate(&invoice.confirmation_secret.unwrap().client_secret, "fail")
        .await;
    assert_eq!(
        intent["last_payment_error"]["code"],
        "payment_intent_authentication_failure"
    );
    assert_eq!(
        app.get(&format!("/v1/subscriptions/{}", subscription.id))
            .await["status"],
        "incomplete"
    );
}

#[tokio::test]
async fn cards_are_added_edited_made_default_and_detached() {
    let app = spawn().await;
    let customer = customer(&app).await;
    let first = card(&app, "4242424242424242").await;
    let second = card(&app, "5555555555554444").await;
    for pm in [&first, &second] {
        save_card(&app, &customer, pm).await.unwrap();
    }
    UpdateCustomer::new(customer.as_str())
        .invoice_settings(stripe_core::customer::UpdateCustomerInvoiceSettings {
            default_payment_method: Some(second.clone()),
            ..Default::default()
        })
        .send(&app.client)
        .await
        .unwrap();
    let mut expiry = UpdatePaymentMethodCard::new();
    (expiry.exp_month, expiry.exp_year) = (Some(3), Some(2031));
    let edited = UpdatePaymentMethod::new(second.as_str())
        .card(expiry)
        .send(&app.client)
        .await
        .unwrap();
    let card = edited.card.unwrap();
    assert_eq!(
        (card.exp_month, card.exp_year, card.brand.as_str()),
        (3, 2031, "mastercard")
    );

    let mut bad = UpdatePaymentMethodCard::new();
    bad.exp_month = Some(13);
    let error = UpdatePaymentMethod::new(second.as_str())
        .card(bad)
        .send(&app.client)
        .await
        .unwrap_err();
    assert_eq!(stripe_error(error).1, "invalid_expiry_month");

    DetachPaymentMethod::new(second.as_str())
        .send(&app.client)
        .await
        .unwrap();
    let listed = ListPaymentMethodsCustomer::new(customer.as_str())
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(
        listed
            .data
            .iter()
            .map(|pm| pm.id.to_string())
            .collect::<Vec<_>>(),
        [first]
    );
    // The detached card was the default; the customer has none now.
    assert!(app.get(&format!("/v1/customers/{customer}")).await["invoice_settings"]["default_payment_method"].is_null());
}

#[tokio::test]
async fn a_mistyped_card_number_is_stripes_incorrect_number() {
    let app = spawn().await;
    let (status, error) = app
        .raw(
            "POST",
            "/v1/payment_methods",
            Some(&app.sandbox.publishable_key()),
            "type=card&card[number]=4242424242424241&card[exp_month]=1&card[exp_year]=2035&card[cvc]=123",
        )
        .await;
    assert_eq!(
        (status, error["error"]["code"].as_str()),
        (402, Some("incorrect_number"))
    );
    assert_eq!(error["error"]["message"], "Your card number is incorrect.");
}
