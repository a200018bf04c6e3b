//! Sign-up with the captcha, sign-in, sign-out, settings, deletion, password resets,
//! CSRF and rate limits.

use crate::both_databases;
use crate::helpers::*;
use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

async fn message(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("json error body");
    (
        status,
        body["message"].as_str().unwrap_or_default().to_owned(),
    )
}

both_databases!(
    sign_up_needs_a_solved_captcha_used_once,
    |app: TestApp| async move {
        let client = app.browser();
        let form = |captcha: Option<&str>| json!({"email": "new@example.com", "password": "correct horse", "name": "N", "captchaResponse": captcha});
        for bad in [None, Some(""), Some("bm90IGEgcGF5bG9hZA==")] {
            let response = client
                .post(app.url("/api/signup"))
                .json(&form(bad))
                .send()
                .await
                .unwrap();
            assert_eq!(
                message(response).await,
                (400, "Please resolve the captcha and submit!".to_owned())
            );
        }
        let captcha = solve_captcha(&app, &client).await;
        let response = client
            .post(app.url("/api/signup"))
            .json(&form(Some(&captcha)))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let cookie = response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        let user: Value = response.json().await.unwrap();
        assert_eq!(user["email"], "new@example.com");
        assert_eq!(user["calcs"], json!([]));
        // The same solved challenge cannot sign up a second account.
        let again = json!({"email": "other@example.com", "password": "correct horse", "captchaResponse": captcha});
        let response = app
            .browser()
            .post(app.url("/api/signup"))
            .json(&again)
            .send()
            .await
            .unwrap();
        assert_eq!(
            message(response).await,
            (400, "Please resolve the captcha and submit!".to_owned())
        );
    }
);

both_databases!(
    sign_up_refuses_bad_emails_short_passwords_and_taken_emails,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "taken@example.com").await;
        for (email, password, expected) in [
            (
                "not-an-email",
                "correct horse",
                "Please enter a valid email address.",
            ),
            (
                "short@example.com",
                "short",
                "The password must have at least 8 characters.",
            ),
            (
                "TAKEN@example.com",
                "correct horse",
                "An account with this email already exists.",
            ),
        ] {
            let captcha = solve_captcha(&app, &client).await;
            let body = json!({"email": email, "password": password, "captchaResponse": captcha});
            let response = app
                .browser()
                .post(app.url("/api/signup"))
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(
                message(response).await,
                (400, expected.to_owned()),
                "{email}"
            );
        }
    }
);

both_databases!(
    sign_in_answers_the_same_for_unknown_email_and_wrong_password,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "ada@example.com").await;
        let visitor = app.browser();
        for (email, password) in [
            ("ada@example.com", "wrong password"),
            ("nobody@example.com", "correct horse"),
        ] {
            let response = visitor
                .post(app.url("/api/login"))
                .json(&json!({"email": email, "password": password}))
                .send()
                .await
                .unwrap();
            assert_eq!(
                message(response).await,
                (400, "Wrong email or password.".to_owned())
            );
        }
        // Form params work too (spec §7), and the email is case-insensitive.
        let response = visitor
            .post(app.url("/api/login"))
            .form(&[("email", "ADA@example.com"), ("password", "correct horse")])
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let account: Value = visitor
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(account["email"], "ada@example.com");
    }
);

both_databases!(
    sign_out_ends_the_session_and_redirects_home,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "out@example.com").await;
        assert_eq!(
            client
                .put(app.url("/api/account"))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
        let response = client.get(app.url("/api/logout")).send().await.unwrap();
        assert_eq!(response.status(), 303);
        assert_eq!(response.headers()["location"], "/");
        let response = client.put(app.url("/api/account")).send().await.unwrap();
        assert_eq!(message(response).await, (401, "Please sign in.".to_owned()));
    }
);

both_databases!(
    settings_change_with_email_uniqueness_and_old_password_check,
    |app: TestApp| async move {
        let first = app.browser();
        sign_up(&app, &first, "first@example.com").await;
        let second = app.browser();
        sign_up(&app, &second, "second@example.com").await;
        let save = |body: Value| second.post(app.url("/api/acc/save")).json(&body).send();
        let response = save(json!({"name": "Grace", "country": "FR", "city": "Paris"}))
            .await
            .unwrap();
        assert_eq!(message(response).await, (200, "Settings saved.".to_owned()));
        let account: Value = second
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            (account["name"].as_str(), account["country"].as_str()),
            (Some("Grace"), Some("FR"))
        );
        let response = save(json!({"email": "first@example.com"})).await.unwrap();
        assert_eq!(
            message(response).await,
            (400, "An account with this email already exists.".to_owned())
        );
        let response = save(json!({"password": "a new password", "oldPassword": "wrong"}))
            .await
            .unwrap();
        assert_eq!(
            message(response).await,
            (400, "The current password is wrong.".to_owned())
        );
        let response = save(json!({"password": "a new password", "oldPassword": "correct horse"}))
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let login = app.browser();
        let response = login
            .post(app.url("/api/login"))
            .json(&json!({"email": "second@example.com", "password": "a new password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
);

both_databases!(
    deleting_the_account_removes_sessions_and_calculators,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "gone@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &client, &id, &doc("return { x: 1 };"))
                .await
                .status(),
            200
        );
        let response = delete_account(&app, &client).await;
        assert_eq!(response.status(), 200);
        assert_eq!(
            client
                .put(app.url("/api/account"))
                .send()
                .await
                .unwrap()
                .status(),
            401
        );
        let visitor = app.browser();
        assert_eq!(
            visitor
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            404
        );
        let response = visitor
            .post(app.url("/api/login"))
            .json(&json!({"email": "gone@example.com", "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 400);
    }
);

both_databases!(
    deleting_the_account_needs_the_current_password,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "careful@example.com").await;
        let id = new_id();
        assert_eq!(
            save(&app, &client, &id, &doc("return { x: 1 };"))
                .await
                .status(),
            200
        );
        let without = client.delete(app.url("/api/account")).send().await.unwrap();
        let empty = client
            .delete(app.url("/api/account"))
            .json(&json!({"password": ""}))
            .send()
            .await
            .unwrap();
        let wrong = client
            .delete(app.url("/api/account"))
            .json(&json!({"password": "not my password"}))
            .send()
            .await
            .unwrap();
        for (response, message) in [
            (
                without,
                "Please enter your current password to delete your account.",
            ),
            (
                empty,
                "Please enter your current password to delete your account.",
            ),
            (wrong, "The current password is wrong."),
        ] {
            assert_eq!(response.status(), 400);
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["message"], message);
        }
        // Nothing was deleted: the session, the account and the calculator are all there.
        let account: Value = client
            .put(app.url("/api/account"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(account["email"], "careful@example.com");
        assert_eq!(
            app.browser()
                .get(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
    }
);

both_databases!(
    a_reset_link_from_the_outbox_sets_a_new_password_once,
    |app: TestApp| async move {
        let client = app.browser();
        sign_up(&app, &client, "forgot@example.com").await;
        let visitor = app.browser();
        let expected = "If an account uses this email, a link to reset its password is on its way.";
        for email in ["forgot@example.com", "unknown@example.com"] {
            let response = visitor
                .post(app.url("/api/forgot"))
                .json(&json!({"email": email}))
                .send()
                .await
                .unwrap();
            assert_eq!(message(response).await, (200, expected.to_owned()));
        }
        let db = Database::connect(&app.config.database_url).await.unwrap();
        let rows = db
            .query_all_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                "SELECT recipient, body FROM outbox",
            ))
            .await
            .unwrap();
        assert_eq!(rows.len(), 1, "only the known email gets mail");
        let body: String = rows[0].try_get("", "body").unwrap();
        let token = body
            .split("token=")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
            .to_owned();
        let reset = |password: &str| {
            visitor
                .post(app.url("/api/forgot/reset"))
                .json(&json!({"token": token, "password": password}))
                .send()
        };
        let response = reset("brand new password").await.unwrap();
        assert_eq!(
            message(response).await,
            (
                200,
                "Your password has been changed. Please sign in.".to_owned()
            )
        );
        let response = reset("another password").await.unwrap();
        assert_eq!(
            message(response).await,
            (400, "This reset link is invalid or has expired.".to_owned())
        );
        // The old session ended with the reset; the new password works.
        assert_eq!(
            client
                .put(app.url("/api/account"))
                .send()
                .await
                .unwrap()
                .status(),
            401
        );
        let response = visitor
            .post(app.url("/api/login"))
            .json(&json!({"email": "forgot@example.com", "password": "brand new password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
);

both_databases!(cross_site_writes_are_refused, |app: TestApp| async move {
    let client = app.browser();
    sign_up(&app, &client, "csrf@example.com").await;
    let response = client
        .post(app.url("/api/acc/save"))
        .header("sec-fetch-site", "cross-site")
        .json(&json!({"name": "Mallory"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        message(response).await,
        (403, "Cross-site requests are not allowed.".to_owned())
    );
    let response = client
        .post(app.url("/api/acc/save"))
        .header("origin", "https://evil.example")
        .json(&json!({"name": "Mallory"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let response = client
        .post(app.url("/api/acc/save"))
        .header("sec-fetch-site", "same-origin")
        .json(&json!({"name": "Ada"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
});

both_databases!(
    repeated_sign_in_attempts_are_rate_limited,
    |app: TestApp| async move {
        let client = app.browser();
        let mut statuses = Vec::new();
        for _ in 0..12 {
            let response = client
                .post(app.url("/api/login"))
                .json(&json!({"email": "brute@example.com", "password": "guess"}))
                .send()
                .await
                .unwrap();
            statuses.push(response.status().as_u16());
        }
        assert_eq!(&statuses[..10], &[400; 10]);
        assert_eq!(&statuses[10..], &[429, 429]);
    }
);
