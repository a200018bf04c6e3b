//! Refunds and deleted customers through the real client (`CreateRefund`, `ListRefund`,
//! `DeleteCustomer`, `RetrieveCustomer`), so the shapes are what async-stripe parses.

use stripe_billing::subscription::{CreateSubscription, CreateSubscriptionItems};
use stripe_core::customer::{
    CreateCustomer, DeleteCustomer, ListPaymentMethodsCustomer, RetrieveCustomer,
    RetrieveCustomerReturned,
};
use stripe_core::refund::{CreateRefund, CreateRefundReason, ListRefund};

use crate::fixtures::{fixture, missing_keys};
use crate::{TestSandbox, spawn, stripe_error};

/// A customer with a Regular subscription paid by a saved Visa: (customer, subscription,
/// the payment intent of its first invoice).
async fn paying_customer(app: &TestSandbox) -> (String, String, String) {
    let customer = CreateCustomer::new()
        .email("refund@example.com")
        .send(&app.client)
        .await
        .unwrap()
        .id
        .to_string();
    let price = app.regular_price().await;
    let mut item = CreateSubscriptionItems::new();
    item.price = Some(price);
    let subscription = CreateSubscription::new()
        .customer(customer.as_str())
        .items(vec![item])
        .default_payment_method("pm_card_visa")
        .send(&app.client)
        .await
        .unwrap();
    let invoice = subscription.latest_invoice.unwrap().id().clone().unwrap();
    let payments = app
        .get(&format!("/v1/invoices/{invoice}?expand[]=payments"))
        .await;
    let pi = payments["payments"]["data"][0]["payment"]["payment_intent"]
        .as_str()
        .unwrap()
        .to_string();
    (customer, subscription.id.to_string(), pi)
}

/// The delivered event of `kind` about `id` reads as async-stripe's own webhook event (what
/// the server's webhook handler parses).
fn reads_as_a_stripe_event(app: &TestSandbox, kind: &str, id: &str) {
    let delivery = app
        .deliveries()
        .into_iter()
        .find(|d| {
            let event: serde_json::Value = serde_json::from_str(&d.body).unwrap();
            event["type"] == kind && event["data"]["object"]["id"] == id
        })
        .unwrap();
    let event = stripe_webhook::Webhook::construct_event(
        &delivery.body,
        &delivery.signature,
        &app.sandbox.webhook_secret(),
    )
    .unwrap();
    assert!(
        !matches!(event.data.object, stripe_webhook::EventObject::Unknown(_)),
        "{kind} read as an unknown event"
    );
}

#[tokio::test]
async fn a_payment_is_refunded_in_full_by_default() {
    let app = spawn().await;
    let (customer, _, pi) = paying_customer(&app).await;
    let refund = CreateRefund::new()
        .payment_intent(pi.as_str())
        .reason(CreateRefundReason::RequestedByCustomer)
        .send(&app.client)
        .await
        .unwrap();
    assert!(refund.id.as_str().starts_with("re_"));
    assert_eq!(refund.amount, 990);
    assert_eq!(refund.status.as_deref(), Some("succeeded"));
    assert_eq!(refund.payment_intent.unwrap().id().as_str(), pi);
    assert_eq!(refund.customer.unwrap().id().as_str(), customer);
    assert_eq!(
        refund.charge.unwrap().id().as_str(),
        pi.replacen("pi_", "ch_", 1)
    );
    let stored = app.get(&format!("/v1/refunds/{}", refund.id)).await;
    let missing = missing_keys("refund", &fixture("refund"), &stored);
    assert!(missing.is_empty(), "missing keys: {missing:?}");
    app.wait_for_event("refund.created", refund.id.as_str())
        .await;
    let again = CreateRefund::new()
        .payment_intent(pi.as_str())
        .send(&app.client)
        .await;
    let (status, code, _, _) = stripe_error(again.unwrap_err());
    assert_eq!((status, code.as_str()), (400, "charge_already_refunded"));
}

#[tokio::test]
async fn partial_refunds_add_up_to_at_most_what_was_paid() {
    let app = spawn().await;
    let (_, _, pi) = paying_customer(&app).await;
    let refund = |amount: i64| {
        let request = CreateRefund::new()
            .payment_intent(pi.as_str())
            .amount(amount);
        let client = &app.client;
        async move { request.send(client).await }
    };
    let too_much = stripe_error(refund(991).await.unwrap_err());
    assert_eq!((too_much.0, too_much.1.as_str()), (400, "amount_too_large"));
    assert_eq!(refund(500).await.unwrap().amount, 500);
    let over = stripe_error(refund(491).await.unwrap_err());
    assert_eq!((over.0, over.1.as_str()), (400, "amount_too_large"));
    assert_eq!(refund(490).await.unwrap().amount, 490);
    let listed = ListRefund::new()
        .payment_intent(pi.as_str())
        .send(&app.client)
        .await
        .unwrap();
    let mut amounts: Vec<i64> = listed.data.iter().map(|r| r.amount).collect();
    amounts.sort_unstable();
    assert_eq!(amounts, [490, 500]);
    let by_charge = ListRefund::new()
        .charge(pi.replacen("pi_", "ch_", 1))
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(by_charge.data.len(), 2);
    let (status, error) = app
        .raw(
            "POST",
            "/v1/refunds",
            Some(&app.sandbox.secret_key()),
            "payment_intent=pi_missing",
        )
        .await;
    assert_eq!(status, 400, "{error}");
}

#[tokio::test]
async fn a_deleted_customer_is_a_stub_with_nothing_live() {
    let app = spawn().await;
    let (customer, subscription, _) = paying_customer(&app).await;
    let deleted = DeleteCustomer::new(customer.as_str())
        .send(&app.client)
        .await
        .unwrap();
    // async-stripe's DeletedCustomer reads only with `"deleted": true`.
    assert_eq!(deleted.id.as_str(), customer);
    let ended = app.get(&format!("/v1/subscriptions/{subscription}")).await;
    assert_eq!(ended["status"], "canceled", "{ended}");
    app.wait_for_event("customer.subscription.deleted", &subscription)
        .await;
    app.wait_for_event("customer.deleted", &customer).await;
    reads_as_a_stripe_event(&app, "customer.deleted", &customer);
    match RetrieveCustomer::new(customer.as_str())
        .send(&app.client)
        .await
        .unwrap()
    {
        RetrieveCustomerReturned::DeletedCustomer(stub) => {
            assert_eq!(stub.id.as_str(), customer);
        }
        RetrieveCustomerReturned::Customer(c) => panic!("not deleted: {c:?}"),
    }
    let cards = ListPaymentMethodsCustomer::new(customer.as_str())
        .send(&app.client)
        .await
        .unwrap();
    assert!(cards.data.is_empty(), "{:?}", cards.data);
    let live = app
        .get(&format!("/v1/subscriptions?customer={customer}"))
        .await;
    assert_eq!(live["data"].as_array().unwrap().len(), 0, "{live}");
    let secret = app.sandbox.secret_key();
    let (status, _) = app
        .raw(
            "POST",
            &format!("/v1/customers/{customer}"),
            Some(&secret),
            "name=x",
        )
        .await;
    assert_eq!(status, 404);
    let again = DeleteCustomer::new(customer.as_str())
        .send(&app.client)
        .await;
    assert_eq!(stripe_error(again.unwrap_err()).0, 404);
}
