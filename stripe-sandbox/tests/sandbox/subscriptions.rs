//! Subscriptions on a test clock: plan switches with proration, cancellation at the period
//! end, renewals that fail, invoices and their PDFs, signed webhooks.

use stripe_billing::invoice::{
    CreatePreviewInvoice, CreatePreviewInvoiceSubscriptionDetails,
    CreatePreviewInvoiceSubscriptionDetailsItems,
    CreatePreviewInvoiceSubscriptionDetailsProrationBehavior, ListInvoice,
};
use stripe_billing::subscription::{
    CreateSubscription, CreateSubscriptionItems, UpdateSubscription, UpdateSubscriptionItems,
    UpdateSubscriptionProrationBehavior,
};
use stripe_billing::test_helpers_test_clock::{
    AdvanceTestHelpersTestClock, CreateTestHelpersTestClock,
};
use stripe_core::customer::{CreateCustomer, OptionalFieldsCustomerAddress};

use crate::{Process, Receiver, TestSandbox, fresh_state_file, spawn, spawn_with};

/// 2027-01-15 12:00 UTC.
const START: i64 = 1_800_014_400;
const DAY: i64 = 86_400;

struct Subscribed {
    clock: String,
    customer: String,
    subscription: stripe_shared::Subscription,
}

async fn price(app: &TestSandbox, lookup_key: &str) -> String {
    app.get(&format!("/v1/prices?lookup_keys[]={lookup_key}"))
        .await["data"][0]["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Grace Hopper on a test clock at [`START`], subscribed to Regular with `pm`.
async fn subscribed(app: &TestSandbox, pm: &str) -> Subscribed {
    let grace = CreateCustomer::new()
        .name("Grace Hopper")
        .email("grace@example.com");
    subscribed_as(app, pm, grace).await
}

/// `customer`, created on a test clock at [`START`], subscribed to Regular with `pm`.
async fn subscribed_as(app: &TestSandbox, pm: &str, customer: CreateCustomer) -> Subscribed {
    let clock = CreateTestHelpersTestClock::new(START)
        .send(&app.client)
        .await
        .unwrap()
        .id
        .to_string();
    let customer = customer
        .test_clock(clock.clone())
        .send(&app.client)
        .await
        .unwrap()
        .id
        .to_string();
    let mut item = CreateSubscriptionItems::new();
    item.price = Some(price(app, "calcsmith_regular_monthly").await);
    let subscription = CreateSubscription::new()
        .customer(customer.clone())
        .items(vec![item])
        .default_payment_method(pm)
        .send(&app.client)
        .await
        .unwrap();
    Subscribed {
        clock,
        customer,
        subscription,
    }
}

async fn advance(app: &TestSandbox, clock: &str, to: i64) {
    AdvanceTestHelpersTestClock::new(clock, to)
        .send(&app.client)
        .await
        .unwrap();
}

#[tokio::test]
async fn switching_plans_invoices_the_prorated_difference_now() {
    let app = spawn().await;
    let s = subscribed(&app, "pm_card_visa").await;
    let item = &s.subscription.items.data[0];
    assert_eq!(
        (item.current_period_start, item.current_period_end),
        (START, START + 31 * DAY)
    );
    // Ten days in, 21 of the 31 days are left.
    advance(&app, &s.clock, START + 10 * DAY).await;
    let premium = price(&app, "calcsmith_premium_monthly").await;
    let mut preview_item = CreatePreviewInvoiceSubscriptionDetailsItems::new();
    (preview_item.id, preview_item.price) = (Some(item.id.to_string()), Some(premium.clone()));
    let mut details = CreatePreviewInvoiceSubscriptionDetails::new();
    details.items = Some(vec![preview_item]);
    details.proration_behavior =
        Some(CreatePreviewInvoiceSubscriptionDetailsProrationBehavior::AlwaysInvoice);
    let preview = CreatePreviewInvoice::new()
        .customer(s.customer.clone())
        .subscription(s.subscription.id.to_string())
        .subscription_details(details)
        .send(&app.client)
        .await
        .unwrap();
    let expected = (4990 * 21 + 15) / 31 - (990 * 21 + 15) / 31;
    assert_eq!(preview.amount_due, expected);

    let mut switch = UpdateSubscriptionItems::new();
    (switch.id, switch.price) = (Some(item.id.to_string()), Some(premium.clone()));
    let switched = UpdateSubscription::new(s.subscription.id.clone())
        .items(vec![switch])
        .proration_behavior(UpdateSubscriptionProrationBehavior::AlwaysInvoice)
        .expand(vec!["latest_invoice".to_string()])
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(switched.items.data[0].price.id.as_str(), premium);
    let invoice = switched.latest_invoice.unwrap().into_object().unwrap();
    assert_eq!(
        (invoice.amount_paid, invoice.lines.data.len()),
        (expected, 2)
    );
    // The next renewal charges the full Premium price.
    advance(&app, &s.clock, START + 31 * DAY + 60).await;
    let invoices = ListInvoice::new()
        .customer(s.customer.clone())
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(
        invoices
            .data
            .iter()
            .map(|i| i.amount_paid)
            .collect::<Vec<_>>(),
        [4990, expected, 990]
    );
}

#[tokio::test]
async fn cancel_at_period_end_keeps_the_plan_until_the_clock_passes_it() {
    let app = spawn().await;
    let s = subscribed(&app, "pm_card_visa").await;
    let canceled = UpdateSubscription::new(s.subscription.id.clone())
        .cancel_at_period_end(true)
        .send(&app.client)
        .await
        .unwrap();
    assert_eq!(
        (canceled.status.as_str(), canceled.cancel_at),
        ("active", Some(START + 31 * DAY))
    );
    advance(&app, &s.clock, START + 30 * DAY).await;
    assert_eq!(
        app.get(&format!("/v1/subscriptions/{}", s.subscription.id))
            .await["status"],
        "active"
    );
    advance(&app, &s.clock, START + 32 * DAY).await;
    let ended = app
        .get(&format!("/v1/subscriptions/{}", s.subscription.id))
        .await;
    assert_eq!(
        (ended["status"].as_str(), ended["ended_at"].as_i64()),
        (Some("canceled"), Some(START + 31 * DAY))
    );
    let deleted = app
        .wait_for_event("customer.subscription.deleted", s.subscription.id.as_str())
        .await;
    assert_eq!(deleted[0]["data"]["object"]["status"], "canceled");
    // No renewal invoice was made.
    assert_eq!(
        ListInvoice::new()
            .customer(s.customer)
            .send(&app.client)
            .await
            .unwrap()
            .data
            .len(),
        1
    );
}

#[tokio::test]
async fn a_failed_renewal_makes_the_subscription_past_due_then_canceled_after_the_retries() {
    let app = spawn().await;
    let s = subscribed(&app, "pm_card_visa").await;
    UpdateSubscription::new(s.subscription.id.clone())
        .default_payment_method("pm_card_chargeCustomerFail")
        .send(&app.client)
        .await
        .unwrap();
    advance(&app, &s.clock, START + 31 * DAY + 60).await;
    let past_due = app
        .get(&format!(
            "/v1/subscriptions/{}?expand[]=latest_invoice",
            s.subscription.id
        ))
        .await;
    assert_eq!(past_due["status"], "past_due");
    assert_eq!(
        (
            past_due["latest_invoice"]["status"].as_str(),
            past_due["latest_invoice"]["attempt_count"].as_i64()
        ),
        (Some("open"), Some(1))
    );
    app.wait_for_event(
        "invoice.payment_failed",
        past_due["latest_invoice"]["id"].as_str().unwrap(),
    )
    .await;
    // Retries after 3, 5 and 7 more days fail too; then the subscription ends.
    advance(&app, &s.clock, START + 40 * DAY).await;
    assert_eq!(
        app.get(&format!("/v1/subscriptions/{}", s.subscription.id))
            .await["status"],
        "past_due"
    );
    advance(&app, &s.clock, START + 50 * DAY).await;
    let ended = app
        .get(&format!(
            "/v1/subscriptions/{}?expand[]=latest_invoice",
            s.subscription.id
        ))
        .await;
    assert_eq!(
        (
            ended["status"].as_str(),
            ended["latest_invoice"]["attempt_count"].as_i64()
        ),
        (Some("canceled"), Some(4))
    );
    assert_eq!(ended["cancellation_details"]["reason"], "payment_failed");
}

#[tokio::test]
async fn invoices_are_listed_newest_first_and_their_pdf_has_the_number_and_amount() {
    let app = spawn().await;
    let s = subscribed(&app, "pm_card_visa").await;
    advance(&app, &s.clock, START + 31 * DAY + 60).await;
    let invoices = ListInvoice::new()
        .customer(s.customer.clone())
        .send(&app.client)
        .await
        .unwrap()
        .data;
    assert_eq!(invoices.len(), 2);
    assert!(invoices[0].created > invoices[1].created);
    let invoice = &invoices[0];
    let number = invoice.number.clone().unwrap();
    let text = pdf_text(&app, &invoice.invoice_pdf.clone().unwrap()).await;
    for expected in [
        number.as_str(),
        "$9.90",
        "Grace Hopper",
        "grace@example.com",
        "February 15, 2027",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
    // Without the token in the address there is no PDF.
    let guessed = format!(
        "{}/files/invoices/{}/{}.pdf",
        app.base,
        invoice.id.as_ref().unwrap(),
        "0".repeat(32)
    );
    assert_eq!(app.raw_bytes("GET", &guessed, None, "").await.0, 404);
}

#[tokio::test]
async fn the_invoice_pdf_prints_cyrillic_billing_details_as_written() {
    let app = spawn().await;
    let address = OptionalFieldsCustomerAddress {
        line1: Some("ул. Ленина, 1".into()),
        line2: Some("кв. 12 — вход со двора".into()),
        postal_code: Some("101000".into()),
        city: Some("Москва".into()),
        country: Some("RU".into()),
        ..OptionalFieldsCustomerAddress::new()
    };
    let ivan = CreateCustomer::new()
        .name("Иван Петров")
        .email("ivan@example.ru")
        .address(address);
    let s = subscribed_as(&app, "pm_card_visa", ivan).await;
    let subscription = app
        .get(&format!(
            "/v1/subscriptions/{}?expand[]=latest_invoice",
            s.subscription.id
        ))
        .await;
    let url = subscription["latest_invoice"]["invoice_pdf"]
        .as_str()
        .unwrap();
    let text = pdf_text(&app, url).await;
    for expected in [
        "Иван Петров",
        "ул. Ленина, 1",
        "кв. 12 — вход со двора",
        "101000 Москва",
        "$9.90",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
}

/// The text of the PDF at `url`, as `pdftotext` reads it.
async fn pdf_text(app: &TestSandbox, url: &str) -> String {
    let (status, pdf) = app.raw_bytes("GET", url, None, "").await;
    assert_eq!(status, 200);
    assert!(pdf.starts_with(b"%PDF-"));
    let path = app.state_file.with_file_name("invoice.pdf");
    std::fs::write(&path, &pdf).unwrap();
    let text = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(
        text.status.success(),
        "pdftotext failed: {}",
        String::from_utf8_lossy(&text.stderr)
    );
    String::from_utf8(text.stdout).unwrap()
}

#[tokio::test]
async fn webhooks_are_signed_as_stripe_signs_them_and_retried_until_delivered() {
    // The receiver refuses the first two deliveries; the sandbox tries again.
    let app = spawn_with(fresh_state_file(), 2).await;
    let s = subscribed(&app, "pm_card_visa").await;
    app.wait_for_event("customer.subscription.created", s.subscription.id.as_str())
        .await;
    let invoice = s
        .subscription
        .latest_invoice
        .unwrap()
        .id()
        .clone()
        .unwrap()
        .to_string();
    app.wait_for_event("invoice.paid", &invoice).await;
    let secret = app.sandbox.webhook_secret();
    for delivery in app.deliveries() {
        let event =
            stripe_webhook::Webhook::construct_event(&delivery.body, &delivery.signature, &secret);
        assert!(event.is_ok(), "{:?}: {}", event.err(), delivery.body);
        let tampered = delivery
            .body
            .replacen("\"livemode\":false", "\"livemode\":true", 1);
        assert!(
            stripe_webhook::Webhook::construct_event(&tampered, &delivery.signature, &secret)
                .is_err()
        );
    }
}

#[tokio::test]
async fn a_webhook_refused_before_a_restart_is_delivered_once_by_the_next_sandbox() {
    // The receiver fails, as a server briefly down would, until the sandbox has stopped.
    let file = fresh_state_file();
    let receiver = Receiver::spawn(usize::MAX).await;
    let first = Process::start(file.clone(), &receiver);
    let s = subscribed(&first.app, "pm_card_visa").await;
    receiver.wait_for_a_refusal().await;
    first.stop().await;
    assert!(receiver.deliveries().is_empty());

    receiver.accept_all();
    let second = Process::start(file.clone(), &receiver);
    second
        .app
        .wait_for_event("customer.subscription.created", s.subscription.id.as_str())
        .await;
    // Once the sandbox has recorded every delivery nothing is left to retry, so the count
    // below is final.
    nothing_pending(&file).await;
    let secret = second.app.sandbox.webhook_secret();
    let mut ids: Vec<String> = receiver
        .deliveries()
        .iter()
        .map(|delivery| {
            let event = stripe_webhook::Webhook::construct_event(
                &delivery.body,
                &delivery.signature,
                &secret,
            );
            assert!(event.is_ok(), "{:?}: {}", event.err(), delivery.body);
            let body: serde_json::Value = serde_json::from_str(&delivery.body).unwrap();
            body["id"].as_str().unwrap().to_string()
        })
        .collect();
    let delivered = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), delivered, "an event was delivered twice");
    second.stop().await;
}

/// Waits (up to 10 s) until the state file holds no undelivered event.
async fn nothing_pending(file: &std::path::Path) {
    for _ in 0..200 {
        let state: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        if state["outbox"].as_array().is_some_and(Vec::is_empty) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("events are still waiting in {}", file.display());
}

#[tokio::test]
async fn the_state_survives_reopening_the_sandbox_from_its_file() {
    let file = fresh_state_file();
    let first = spawn_with(file.clone(), 0).await;
    let s = subscribed(&first, "pm_card_visa").await;
    let keys = (
        first.sandbox.secret_key(),
        first.sandbox.publishable_key(),
        first.sandbox.webhook_secret(),
    );
    drop(first);
    let second = spawn_with(file, 0).await;
    assert_eq!(
        keys,
        (
            second.sandbox.secret_key(),
            second.sandbox.publishable_key(),
            second.sandbox.webhook_secret()
        )
    );
    let subscription = second
        .get(&format!("/v1/subscriptions/{}", s.subscription.id))
        .await;
    assert_eq!(
        (
            subscription["status"].as_str(),
            subscription["customer"].as_str()
        ),
        (Some("active"), Some(s.customer.as_str()))
    );
    // The clock carries on from where it was.
    advance(&second, &s.clock, START + 31 * DAY + 60).await;
    assert_eq!(
        ListInvoice::new()
            .customer(s.customer)
            .send(&second.client)
            .await
            .unwrap()
            .data
            .len(),
        2
    );
}
