//! Submissions sent by visitors: the server computes the numbers, bad input and abuse get
//! a clear 4xx, and nothing is stored unless everything holds.

use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;

pub const CAPTCHA: &str = "Please resolve the captcha and submit!";
pub const NOT_COLLECTING: &str = "This calculator does not collect submissions.";
pub const NOT_FOUND: &str = "Calculator not found.";

/// A calculator that doubles input `a` into output `x` and collects an e-mail (required),
/// a name and a consent box.
pub fn collecting_doc() -> Value {
    let mut doc = doc(
        "if (inputs.a < 0) throw new Error('a must not be negative');\n\
                       return { x: inputs.a * 2 };",
    );
    doc["submissions"] = json!({
        "enabled": true,
        "fields": [{"name": "email", "required": true}, {"name": "name"},
                   {"name": "consent"}],
        "buttonLabel": "Get my quote",
        "thankYou": "Your quote: {x}",
        "redirect": "https://example.com/thanks",
        "consentText": "You may call me.",
        "privacyUrl": "https://example.com/privacy"
    });
    doc
}

/// A signed-up author's browser and a saved calculator of theirs with `doc`.
pub async fn author_with(app: &TestApp, email: &str, doc: &Value) -> (Client, String) {
    let author = app.browser();
    sign_up(app, &author, email).await;
    let id = new_id();
    assert_eq!(save(app, &author, &id, doc).await.status(), 200);
    (author, id)
}

/// `POST /api/calc/{id}/submit` with `body` as it is.
pub async fn post_submit(app: &TestApp, client: &Client, id: &str, body: &Value) -> (u16, Value) {
    json_answer(
        client
            .post(app.url(&format!("/api/calc/{id}/submit")))
            .json(body)
            .send()
            .await
            .expect("submit"),
    )
    .await
}

/// A visitor's submission of `a` with `contact`, its captcha solved.
pub async fn submit(
    app: &TestApp,
    client: &Client,
    id: &str,
    a: f64,
    contact: Value,
) -> (u16, Value) {
    let captcha = solve_captcha(app, client).await;
    let body = json!({"values": {"1": a}, "contact": contact, "captchaResponse": captcha});
    post_submit(app, client, id, &body).await
}

/// How many submissions are stored, held back or not.
pub async fn stored_count(app: &TestApp) -> i64 {
    let db = Database::connect(&app.config.database_url)
        .await
        .expect("db");
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM submissions",
        ))
        .await
        .expect("count")
        .expect("row");
    row.try_get("", "n").expect("n")
}

both_databases!(
    submit_stores_the_servers_numbers,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let captcha = solve_captcha(&app, &visitor).await;
        let (status, body) = json_answer(
            visitor
                .post(app.url(&format!("/api/calc/{id}/submit")))
                .header("Referer", format!("{}/calc/{id}?utm=x", app.address))
                .json(&json!({
                    "values": {"1": 5},
                    "contact": {"email": " Ada@Example.COM ", "name": "Ada", "consent": true},
                    "locale": "en",
                    "captchaResponse": captcha,
                    "website": ""
                }))
                .send()
                .await
                .expect("submit"),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["outputs"], json!({"x": 10}));
        assert_eq!(body["display"], json!({"x": "10.00"}));
        assert_eq!(body["version"], 1);
        assert_eq!(body["thankYou"], "Your quote: 10.00");
        assert_eq!(body["redirect"], "https://example.com/thanks");
        let submission_id = body["id"].as_str().expect("id").to_owned();

        let path = format!("/api/calc/{id}/submissions");
        let (status, list) = get_json(&app, &author, &path).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["paging"]["total"], 1);
        assert_eq!(list["heldBack"], 0);
        assert_eq!(list["monthlyLimit"], 100);
        let stored = &list["data"][0];
        assert_eq!(stored["id"], submission_id);
        assert_eq!(stored["values"], json!({"a": 5}));
        assert_eq!(stored["outputs"], json!({"x": 10}));
        assert_eq!(stored["display"], json!({"x": "10.00"}));
        assert_eq!(stored["version"], 1);
        assert_eq!(
            stored["contact"],
            json!({"email": "ada@example.com", "name": "Ada", "consent": true})
        );
        assert_eq!(stored["consent_text"], "You may call me.");
        let host = app.address.trim_start_matches("http://");
        let host = host.split(':').next().expect("host");
        assert_eq!(stored["page"], format!("{host}/calc/{id}"));
        assert_eq!(stored["read"], false);
        assert!(stored["created_at"].as_i64().expect("created_at") > 1_700_000_000_000);
        // Shown once, it is read.
        let (_, again) = get_json(&app, &author, &path).await;
        assert_eq!(again["data"][0]["read"], true);

        // An embed names the page embedding it; its host and path are kept.
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 1}, "contact": {"email": "b@example.com"},
                      "captchaResponse": captcha,
                      "site": "https://Shop.example.com/quote?ref=1#form"});
        assert_eq!(post_submit(&app, &visitor, &id, &body).await.0, 201);
        let (_, list) = get_json(&app, &author, &path).await;
        assert_eq!(list["data"][0]["page"], "shop.example.com/quote");
        assert_eq!(
            list["data"][0]["contact"],
            json!({"email": "b@example.com", "consent": false})
        );
    }
);

both_databases!(
    outputs_from_the_browser_are_refused,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 5}, "outputs": {"x": 1_000_000},
                      "contact": {"email": "a@example.com"}, "captchaResponse": captcha});
        let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (
                400,
                Some(
                    "Unknown field \"outputs\" (a submission has values, contact, locale, \
                 captchaResponse, site, website, emailMe)."
                )
            )
        );
        assert_eq!(stored_count(&app).await, 0);
    }
);

both_databases!(
    bad_input_gets_a_clear_400,
    configure = many_saves,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        for (body, message) in [
            (
                json!({"contact": {"email": "not-an-address"}}),
                "Please enter a valid email address.",
            ),
            (
                json!({"contact": {"email": "a@example.com", "name": "n".repeat(201)}}),
                "Name is too long (at most 200 characters).",
            ),
            (
                json!({"contact": {"email": "a@example.com", "fax": "1"}}),
                "Unknown contact field \"fax\".",
            ),
            (
                json!({"contact": {"email": "a@example.com", "phone": "123"}}),
                "This form has no \"phone\" field.",
            ),
            (json!({"contact": {"name": "Ada"}}), "Email is required."),
            (
                json!({"values": {"7": 1}, "contact": {"email": "a@example.com"}}),
                "This calculator has no input with id \"7\".",
            ),
            (
                json!({"locale": "xx", "contact": {"email": "a@example.com"}}),
                "Unknown locale \"xx\" (use en or ru).",
            ),
            (json!({"contact": {"email": "a@example.com"}}), CAPTCHA),
            (
                json!({"contact": {"email": "a@example.com"}, "captchaResponse": "forged"}),
                CAPTCHA,
            ),
            (json!([1, 2]), "A submission is a JSON object."),
        ] {
            let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
            assert_eq!(
                (status, answer["message"].as_str()),
                (400, Some(message)),
                "{body}"
            );
        }
        // A solved captcha is good once.
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 1}, "contact": {"email": "a@example.com"},
                      "captchaResponse": captcha});
        assert_eq!(post_submit(&app, &visitor, &id, &body).await.0, 201);
        let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
        assert_eq!((status, answer["message"].as_str()), (400, Some(CAPTCHA)));
        assert_eq!(stored_count(&app).await, 1);
    }
);

both_databases!(
    a_failing_calculation_is_refused_with_the_engines_message,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let (_, evaluated) = json_answer(
            visitor
                .post(app.url(&format!("/api/calc/{id}/eval")))
                .json(&json!({"values": {"1": -1}}))
                .send()
                .await
                .expect("eval"),
        )
        .await;
        let engine_says = evaluated["error"].as_str().expect("an error").to_owned();
        assert!(
            engine_says.contains("a must not be negative"),
            "{engine_says}"
        );
        let (status, answer) =
            submit(&app, &visitor, &id, -1.0, json!({"email": "a@example.com"})).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (400, Some(engine_says.as_str()))
        );
        assert_eq!(stored_count(&app).await, 0);
    }
);

both_databases!(
    a_filled_honeypot_looks_like_success_and_stores_nothing,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let robot = app.browser();
        let captcha = solve_captcha(&app, &robot).await;
        let body = json!({"values": {"1": 5}, "contact": {"email": "bot@example.com"},
                      "captchaResponse": captcha, "website": "http://spam.example"});
        let (status, answer) = post_submit(&app, &robot, &id, &body).await;
        assert_eq!(status, 201, "{answer}");
        assert_eq!(answer["outputs"], json!({"x": 10}));
        assert_eq!(answer["id"].as_str().map(str::len), Some(16));
        assert_eq!(stored_count(&app).await, 0);
    }
);

both_databases!(
    only_collecting_visible_calculators_take_submissions,
    |app: TestApp| async move {
        let (author, quiet) =
            author_with(&app, "author@example.com", &doc("return { x: 1 };")).await;
        let visitor = app.browser();
        let contact = json!({"email": "a@example.com"});
        let (status, answer) = submit(&app, &visitor, &quiet, 1.0, contact.clone()).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (400, Some(NOT_COLLECTING))
        );
        // Switched off, it no longer collects.
        let mut off = collecting_doc();
        off["submissions"]["enabled"] = json!(false);
        let paused = new_id();
        assert_eq!(save(&app, &author, &paused, &off).await.status(), 200);
        let (status, answer) = submit(&app, &visitor, &paused, 1.0, contact.clone()).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (400, Some(NOT_COLLECTING))
        );
        // A private calculator is missing to everyone but its owner.
        let private = new_id();
        assert_eq!(
            save(&app, &author, &private, &collecting_doc())
                .await
                .status(),
            200
        );
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .expect("plan");
        let toggled = author
            .post(app.url(&format!("/api/calc/edit/?calcId={private}")))
            .send()
            .await
            .expect("toggle");
        assert_eq!(toggled.status(), 200);
        let (status, answer) = submit(&app, &visitor, &private, 1.0, contact.clone()).await;
        assert_eq!((status, answer["message"].as_str()), (404, Some(NOT_FOUND)));
        let (status, _) = submit(&app, &author, &private, 1.0, contact.clone()).await;
        assert_eq!(status, 201);
        let (status, answer) = submit(&app, &visitor, &new_id(), 1.0, contact).await;
        assert_eq!((status, answer["message"].as_str()), (404, Some(NOT_FOUND)));
        assert_eq!(stored_count(&app).await, 1);
    }
);

both_databases!(settings_are_checked_on_save, |app: TestApp| async move {
    let author = app.browser();
    sign_up(&app, &author, "author@example.com").await;
    for (settings, problem) in [
        (
            json!({"enabled": true, "redirect": "javascript:alert(1)"}),
            "submissions.redirect must be an http or https address",
        ),
        (
            json!({"enabled": true, "fields": [{"name": "fax"}]}),
            "submissions.fields: there is no field \"fax\" (use name, email, phone, company, message or consent)",
        ),
        (
            json!({"enabled": true, "retentionDays": 10}),
            "submissions.retentionDays must be 30, 90, 365 or null (for ever)",
        ),
        (
            json!({"enabled": true, "fields": [{"name": "consent"}]}),
            "submissions.consentText is needed for the consent box",
        ),
    ] {
        let mut doc = collecting_doc();
        doc["submissions"] = settings;
        let (status, answer) = json_answer(save(&app, &author, &new_id(), &doc).await).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (
                400,
                Some(format!("The calculator is not valid: {problem}").as_str())
            )
        );
    }
});

both_databases!(
    one_address_may_submit_ten_times_a_minute,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let body = json!({"contact": {"email": "a@example.com"}});
        // The count starts again each minute: within 21 tries at most one minute begins, so
        // the 11th of one minute is refused.
        let mut refused = None;
        for attempt in 0..21 {
            let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
            if status == 429 {
                assert_eq!(
                    answer["message"],
                    "Too many attempts. Please wait a minute and try again."
                );
                refused = Some(attempt);
                break;
            }
            assert_eq!(status, 400, "{answer}");
        }
        assert!(refused.is_some_and(|attempt| attempt >= 10), "{refused:?}");
    }
);
