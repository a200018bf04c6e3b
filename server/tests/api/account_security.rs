//! Account security (issue 10, finding 5, and the text checks of finding 7): reset links
//! revoked, the current password for email changes, other sessions ended, notices to the
//! old address, sign-in throttles that cannot lock the owner out, a logout other sites
//! cannot trigger, and user text checked before the database.

use std::net::{IpAddr, Ipv4Addr};

use crate::both_databases;
use crate::helpers::*;
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};

async fn message(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("json error body");
    (
        status,
        body["message"].as_str().unwrap_or_default().to_owned(),
    )
}

/// The mail sent to `recipient` so far, oldest first.
async fn mail_to(app: &TestApp, recipient: &str) -> Vec<String> {
    let db = Database::connect(&app.config.database_url).await.unwrap();
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => {
            "SELECT body FROM outbox WHERE recipient = $1 ORDER BY id"
        }
        _ => "SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id",
    };
    db.query_all_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [recipient.into()],
    ))
    .await
    .unwrap()
    .iter()
    .map(|row| row.try_get::<String>("", "body").unwrap())
    .collect()
}

/// Asks for a reset link for `email` and returns its token, read from the outbox.
async fn reset_token(app: &TestApp, email: &str) -> String {
    let response = app
        .browser()
        .post(app.url("/api/forgot"))
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let mail = mail_to(app, email).await;
    let body = mail.last().expect("a reset mail");
    body.split("token=")
        .nth(1)
        .expect("a link")
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

async fn reset(app: &TestApp, token: &str, password: &str) -> (u16, String) {
    let response = app
        .browser()
        .post(app.url("/api/forgot/reset"))
        .json(&json!({"token": token, "password": password}))
        .send()
        .await
        .unwrap();
    message(response).await
}

const DEAD_LINK: &str = "This reset link is invalid or has expired.";

async fn sign_in(app: &TestApp, client: &Client, email: &str, password: &str) -> u16 {
    client
        .post(app.url("/api/login"))
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn account_status(app: &TestApp, client: &Client) -> u16 {
    client
        .put(app.url("/api/account"))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

both_databases!(
    a_password_change_in_settings_revokes_reset_links_and_other_sessions,
    |app: TestApp| async move {
        let owner = app.browser();
        sign_up(&app, &owner, "change@example.com").await;
        let elsewhere = app.browser();
        assert_eq!(
            sign_in(&app, &elsewhere, "change@example.com", "correct horse").await,
            200
        );
        let token = reset_token(&app, "change@example.com").await;
        let response = owner
            .post(app.url("/api/acc/save"))
            .json(&json!({"password": "a new password", "oldPassword": "correct horse"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(
            reset(&app, &token, "attacker password").await,
            (400, DEAD_LINK.to_owned())
        );
        assert_eq!(account_status(&app, &elsewhere).await, 401);
        let mail = mail_to(&app, "change@example.com").await;
        assert!(
            mail.last()
                .unwrap()
                .contains("The password of your Calcsmith account was changed."),
            "{mail:?}"
        );
        assert_eq!(
            sign_in(&app, &app.browser(), "change@example.com", "a new password").await,
            200
        );
    }
);

both_databases!(
    using_one_reset_link_revokes_the_others,
    |app: TestApp| async move {
        sign_up(&app, &app.browser(), "links@example.com").await;
        let first = reset_token(&app, "links@example.com").await;
        let second = reset_token(&app, "links@example.com").await;
        assert_ne!(first, second);
        assert_eq!(
            reset(&app, &second, "the second password").await,
            (
                200,
                "Your password has been changed. Please sign in.".to_owned()
            )
        );
        assert_eq!(
            reset(&app, &first, "the first password").await,
            (400, DEAD_LINK.to_owned())
        );
        assert_eq!(
            sign_in(
                &app,
                &app.browser(),
                "links@example.com",
                "the second password"
            )
            .await,
            200
        );
    }
);

both_databases!(
    an_email_change_needs_the_current_password_and_signs_out_other_sessions,
    |app: TestApp| async move {
        let owner = app.browser();
        sign_up(&app, &owner, "old@example.com").await;
        let elsewhere = app.browser();
        assert_eq!(
            sign_in(&app, &elsewhere, "old@example.com", "correct horse").await,
            200
        );
        let token = reset_token(&app, "old@example.com").await;
        let save = |body: Value| owner.post(app.url("/api/acc/save")).json(&body).send();
        let response = save(json!({"email": "new@example.com"})).await.unwrap();
        assert_eq!(
            message(response).await,
            (
                400,
                "Please enter your current password to change your email.".to_owned()
            )
        );
        let response = save(json!({"email": "new@example.com", "oldPassword": "wrong password"}))
            .await
            .unwrap();
        assert_eq!(
            message(response).await,
            (400, "The current password is wrong.".to_owned())
        );
        // Nothing changed so far: the other session still works.
        assert_eq!(account_status(&app, &elsewhere).await, 200);

        let response = save(json!({"email": "new@example.com", "oldPassword": "correct horse"}))
            .await
            .unwrap();
        assert_eq!(message(response).await, (200, "Settings saved.".to_owned()));
        // The device that made the change stays signed in; every other one is signed out.
        let account: Value = owner
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(account["email"], "new@example.com");
        assert_eq!(account_status(&app, &elsewhere).await, 401);
        // The old address is told, and its reset link no longer works.
        let notice = mail_to(&app, "old@example.com").await;
        assert!(
            notice.last().unwrap().contains(
                "The email address of your Calcsmith account was changed from old@example.com to new@example.com."
            ),
            "{notice:?}"
        );
        assert_eq!(
            reset(&app, &token, "attacker password").await,
            (400, DEAD_LINK.to_owned())
        );
    }
);

/// A browser whose requests come from another address of this machine.
fn browser_at(address: [u8; 4]) -> Client {
    Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .local_address(IpAddr::V4(Ipv4Addr::from(address)))
        .build()
        .unwrap()
}

both_databases!(
    wrong_passwords_from_elsewhere_do_not_lock_the_owner_out_of_a_known_device,
    |app: TestApp| async move {
        let owner = app.browser();
        sign_up(&app, &owner, "target@example.com").await;
        // Someone at another address guesses: refused, then throttled there.
        let guesser = browser_at([127, 0, 0, 2]);
        let mut statuses = Vec::new();
        for attempt in 0..12 {
            let password = format!("guess number {attempt}");
            statuses.push(sign_in(&app, &guesser, "target@example.com", &password).await);
        }
        assert_eq!(&statuses[..10], &[400; 10]);
        assert_eq!(&statuses[10..], &[429, 429]);
        // A browser the account never signed in on waits too, even with the password
        // (a device of another account is no device of this one)...
        let stranger = app.browser();
        sign_up(&app, &stranger, "stranger@example.com").await;
        assert_eq!(
            sign_in(&app, &stranger, "target@example.com", "correct horse").await,
            429
        );
        // ...but the owner's own browser signs in.
        assert_eq!(
            sign_in(&app, &owner, "target@example.com", "correct horse").await,
            200
        );
        assert_eq!(account_status(&app, &owner).await, 200);
    }
);

both_databases!(
    concurrent_wrong_passwords_get_no_more_tries_than_one_after_another,
    |app: TestApp| async move {
        sign_up(&app, &app.browser(), "raced@example.com").await;
        // Thirty guesses at once from three addresses (ten each, within each address's own
        // limit): the account's ten free failures hold however the requests interleave.
        let mut guesses = tokio::task::JoinSet::new();
        for n in 0..30u8 {
            let url = app.url("/api/login");
            guesses.spawn(async move {
                browser_at([127, 0, 0, 2 + n % 3])
                    .post(url)
                    .json(&json!({"email": "raced@example.com", "password": format!("guess {n}")}))
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            });
        }
        let statuses = guesses.join_all().await;
        let refused = statuses.iter().filter(|&&s| s == 400).count();
        let throttled = statuses.iter().filter(|&&s| s == 429).count();
        assert_eq!((refused, throttled), (10, 20), "{statuses:?}");
    }
);

both_databases!(
    a_logout_from_another_site_signs_nobody_out,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "stay@example.com").await;
        let response = client
            .get(app.url("/api/logout"))
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(account_status(&app, &client).await, 200);
        let response = client
            .get(app.url("/api/logout"))
            .header("referer", "https://evil.example/page")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(account_status(&app, &client).await, 200);
        let response = client
            .post(app.url("/api/logout"))
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403);
        assert_eq!(account_status(&app, &client).await, 200);
        // From the app itself (a same-origin navigation or form), it signs out.
        let response = client
            .get(app.url("/api/logout"))
            .header("sec-fetch-site", "same-origin")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(account_status(&app, &client).await, 401);
        assert_eq!(
            sign_in(&app, &client, "stay@example.com", "correct horse").await,
            200
        );
        let response = client
            .post(app.url("/api/logout"))
            .header("sec-fetch-site", "same-origin")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(account_status(&app, &client).await, 401);
    }
);

both_databases!(
    long_emails_and_control_characters_get_the_apps_message,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "text@example.com").await;
        let long_email = format!("{}@example.com", "a".repeat(388));
        let invalid_email = (400, "Please enter a valid email address.".to_owned());
        for email in [long_email.as_str(), "nul\u{0}@example.com"] {
            let response = app
                .browser()
                .post(app.url("/api/login"))
                .json(&json!({"email": email, "password": "correct horse"}))
                .send()
                .await
                .unwrap();
            assert_eq!(message(response).await, invalid_email, "sign-in {email:?}");
            let response = app
                .browser()
                .post(app.url("/api/forgot"))
                .json(&json!({"email": email}))
                .send()
                .await
                .unwrap();
            assert_eq!(message(response).await, invalid_email, "forgot {email:?}");
        }
        let captcha = solve_captcha(&app, &client).await;
        let response = app
            .browser()
            .post(app.url("/api/signup"))
            .json(
                &json!({"email": "fresh@example.com", "password": "correct horse",
                "name": "Ada\u{0}", "captchaResponse": captcha}),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(
            message(response).await,
            (400, "Name cannot contain control characters.".to_owned())
        );
        let save = |body: Value| client.post(app.url("/api/acc/save")).json(&body).send();
        let response = save(json!({"city": "Par\u{0}is"})).await.unwrap();
        assert_eq!(
            message(response).await,
            (400, "City cannot contain control characters.".to_owned())
        );
        let response = save(json!({"name": "n".repeat(201)})).await.unwrap();
        assert_eq!(
            message(response).await,
            (400, "Name is too long (at most 200 characters).".to_owned())
        );
        let response = save(json!({"email": "x\u{0}@example.com", "oldPassword": "correct horse"}))
            .await
            .unwrap();
        assert_eq!(message(response).await, invalid_email);
        // Nothing of it was stored.
        let account: Value = client
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            (account["name"].as_str(), account["city"].as_str()),
            (Some("Ada"), Some(""))
        );
    }
);

async fn check(app: &TestApp, token: &str) -> (u16, String) {
    let response = app
        .browser()
        .post(app.url("/api/forgot/check"))
        .json(&json!({"token": token}))
        .send()
        .await
        .unwrap();
    message(response).await
}

both_databases!(
    a_reset_link_can_be_checked_without_spending_it,
    |app: TestApp| async move {
        sign_up(&app, &app.browser(), "check@example.com").await;
        let token = reset_token(&app, "check@example.com").await;
        let usable = (200, "This reset link can be used.".to_owned());
        assert_eq!(check(&app, &token).await, usable);
        assert_eq!(check(&app, &token).await, usable, "checking spends nothing");
        assert_eq!(reset(&app, &token, "a new password").await.0, 200);
        // Used: the page says so as soon as it opens the link again.
        assert_eq!(check(&app, &token).await, (400, DEAD_LINK.to_owned()));
        assert_eq!(check(&app, "made-up").await, (400, DEAD_LINK.to_owned()));
        assert_eq!(check(&app, "").await, (400, DEAD_LINK.to_owned()));
    }
);
