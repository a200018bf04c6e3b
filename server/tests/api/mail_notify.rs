//! The author hears of submissions by e-mail: one mail per submission (`notify: "each"`,
//! the default) with a one-click unsubscribe that only a POST uses, a daily digest made
//! once across instances (`"daily"`), or nothing (`"off"`). With no SMTP relay set up,
//! mail lands in the outbox, where these tests read it.

use std::time::{Duration, Instant};

use calcsmith_server::config::Clock;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, submit};

/// One row of the outbox.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

async fn db_of(app: &TestApp) -> DatabaseConnection {
    Database::connect(&app.config.database_url)
        .await
        .expect("db")
}

/// The outbox, oldest first.
pub async fn outbox(app: &TestApp) -> Vec<Mail> {
    let db = db_of(app).await;
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT recipient, subject, body FROM outbox ORDER BY id",
        ))
        .await
        .expect("outbox");
    rows.iter()
        .map(|row| Mail {
            to: row.try_get("", "recipient").expect("recipient"),
            subject: row.try_get("", "subject").expect("subject"),
            body: row.try_get("", "body").expect("body"),
        })
        .collect()
}

/// The outbox once it holds at least `n` messages (waiting at most a minute).
pub async fn outbox_with(app: &TestApp, n: usize) -> Vec<Mail> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let mail = outbox(app).await;
        if mail.len() >= n {
            return mail;
        }
        assert!(
            Instant::now() < deadline,
            "the outbox has {} messages, not {n}",
            mail.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Messages waiting in the mail queue.
pub async fn queued(app: &TestApp) -> i64 {
    let db = db_of(app).await;
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM mail_queue",
        ))
        .await
        .expect("count")
        .expect("row");
    row.try_get("", "n").expect("n")
}

/// [`collecting_doc`] with `settings` added to its `submissions`.
pub fn mailing_doc(settings: Value) -> Value {
    let mut doc = collecting_doc();
    for (key, value) in settings.as_object().expect("settings").clone() {
        doc["submissions"][key] = value;
    }
    doc
}

/// The unsubscribe link in a mail's body.
fn unsubscribe_link(app: &TestApp, body: &str) -> String {
    let start = body
        .find(&format!("{}/unsubscribe/", app.address))
        .unwrap_or_else(|| panic!("no unsubscribe link in {body}"));
    body[start..]
        .split_whitespace()
        .next()
        .expect("link")
        .to_owned()
}

/// Ada's contact fields.
fn ada() -> Value {
    json!({"email": "ada@example.com", "name": "Ada", "consent": true})
}

both_databases!(
    each_submission_is_mailed_to_its_author_with_an_unsubscribe_link,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (status, answer) = submit(&app, &app.browser(), &id, 5.0, ada()).await;
        assert_eq!(status, 201, "{answer}");
        assert!(answer.get("emailed").is_none(), "{answer}");
        let mail = outbox_with(&app, 1).await;
        assert_eq!(mail.len(), 1);
        let Mail { to, subject, body } = &mail[0];
        assert_eq!(to, "author@example.com");
        assert_eq!(subject, "New submission: Test");
        assert!(
            body.starts_with("\"Test\" has a new submission.\n"),
            "{body}"
        );
        for part in [
            "\nInputs\n  a: 5\n",
            "\nResults\n  x: 10.00\n",
            "\nContact\n  Name: Ada\n  Email: ada@example.com\n  Consent: Yes\n",
            "; Version 1\n",
            &format!("\nCalculator: {}/calc/{id}\n", app.address),
            &format!("\nEditor: {}/source/{id}\n", app.address),
            "\nYou get this e-mail because \"Test\" tells you of each submission.\n",
        ] {
            assert!(body.contains(part), "{part:?} is not in {body}");
        }
        let link = unsubscribe_link(&app, body);
        let signature = link.rsplit("?key=").next().expect("signature");
        assert_eq!(signature.len(), 64, "{link}");
        assert_eq!(queued(&app).await, 0);
    }
);

/// A submission of `id` whose mail, if any, has been queued by the time it is answered.
pub async fn submit_one(app: &TestApp, id: &str) {
    let (status, answer) = submit(app, &app.browser(), id, 1.0, ada()).await;
    assert_eq!(status, 201, "{answer}");
}

/// Mail queued or written so far (a submission's mail is queued before it is answered),
/// counted in one statement so a message moving to the outbox is counted once.
pub async fn mail_made(app: &TestApp) -> i64 {
    let db = db_of(app).await;
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT (SELECT COUNT(*) FROM outbox) + (SELECT COUNT(*) FROM mail_queue) AS n",
        ))
        .await
        .expect("count")
        .expect("row");
    row.try_get("", "n").expect("n")
}

both_databases!(
    unsubscribing_takes_a_post_and_holds_until_notify_changes,
    configure = many_saves,
    |app: TestApp| async move {
        let doc = collecting_doc();
        let (author, id) = author_with(&app, "author@example.com", &doc).await;
        submit_one(&app, &id).await;
        let link = unsubscribe_link(&app, &outbox_with(&app, 1).await[0].body);
        let client = app.browser();

        // Opening the link (as a mail scanner does) asks and changes nothing.
        let page = client.get(&link).send().await.expect("get");
        assert_eq!(page.status(), 200);
        let html = page.text().await.expect("html");
        assert!(
            html.contains("Stop e-mails about submissions to &quot;Test&quot;?"),
            "{html}"
        );
        assert!(
            html.contains(&format!(
                "<form method=\"post\" action=\"?key={}\"><button type=\"submit\">\
                 Unsubscribe</button>",
                link.rsplit("?key=").next().expect("key")
            )),
            "{html}"
        );
        submit_one(&app, &id).await;
        assert_eq!(mail_made(&app).await, 2);

        // A link for another calculator, or a wrong signature, is not valid.
        let last = if link.ends_with('0') { '1' } else { '0' };
        let forged = format!("{}{last}", &link[..link.len() - 1]);
        let answer = client.post(&forged).send().await.expect("post");
        assert_eq!(answer.status(), 404);
        submit_one(&app, &id).await;
        assert_eq!(mail_made(&app).await, 3);

        // RFC 8058's one-click POST unsubscribes.
        let answer = client
            .post(&link)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .expect("post");
        assert_eq!(answer.status(), 200);
        let html = answer.text().await.expect("html");
        assert!(
            html.contains(
                "Done: you will get no more e-mails about submissions to &quot;Test&quot;."
            ),
            "{html}"
        );
        submit_one(&app, &id).await;
        assert_eq!(mail_made(&app).await, 3);

        // A save that keeps `notify` keeps the opt-out.
        let mut renamed = doc.clone();
        renamed["name"] = json!("Test");
        renamed["description"] = json!("Saved again");
        let (status, _) = save_on_current(&app, &author, &id, &renamed, &style()).await;
        assert_eq!(status, 200);
        submit_one(&app, &id).await;
        assert_eq!(mail_made(&app).await, 3);

        // Changing `notify` (off, then back to each) turns mail on again.
        for notify in ["off", "each"] {
            let mut changed = renamed.clone();
            changed["submissions"]["notify"] = json!(notify);
            let (status, answer) = save_on_current(&app, &author, &id, &changed, &style()).await;
            assert_eq!(status, 200, "{answer}");
        }
        submit_one(&app, &id).await;
        assert_eq!(outbox_with(&app, 4).await.len(), 4);
    }
);

both_databases!(notify_off_sends_nothing, |app: TestApp| async move {
    let (_author, id) = author_with(
        &app,
        "author@example.com",
        &mailing_doc(json!({"notify": "off"})),
    )
    .await;
    submit_one(&app, &id).await;
    assert_eq!(mail_made(&app).await, 0);
});

both_databases!(
    notify_and_email_results_are_checked_on_save,
    |app: TestApp| async move {
        let author = app.browser();
        sign_up(&app, &author, "author@example.com").await;
        for (settings, problem) in [
            (
                json!({"notify": "weekly"}),
                "submissions.notify must be \"each\", \"daily\" or \"off\"",
            ),
            (
                json!({"emailResults": "yes"}),
                "submissions.emailResults must be true or false",
            ),
            (
                json!({"emailResults": true, "fields": [{"name": "name"}]}),
                "submissions.emailResults needs the form's email field (results go to it)",
            ),
        ] {
            let doc = mailing_doc(settings);
            let (status, answer) = json_answer(save(&app, &author, &new_id(), &doc).await).await;
            assert_eq!(
                (status, answer["message"].as_str()),
                (
                    400,
                    Some(format!("The calculator is not valid: {problem}").as_str())
                )
            );
        }
        let doc = mailing_doc(json!({"notify": "daily", "emailResults": true}));
        assert_eq!(save(&app, &author, &new_id(), &doc).await.status(), 200);
    }
);

fn style() -> Value {
    json!({"bgcolor": "#fff", "fsize": 12})
}

const DAY_MS: i64 = 86_400_000;

both_databases!(
    a_daily_digest_is_made_once_across_two_instances,
    configure = |config: &mut calcsmith_server::config::Config| {
        config.mail.digest_every = Duration::from_millis(50);
        config.mail.clock = Clock::fixed(calcsmith_server::tokens::now_ms());
    },
    |first: TestApp| async move {
        // A second instance on the same database, with the same (shared) clock.
        let second = start(first.config.clone()).await;
        let doc = mailing_doc(json!({"notify": "daily"}));
        let (author, id) = author_with(&first, "author@example.com", &doc).await;
        submit_one(&first, &id).await;
        let (status, answer) = submit(
            &second,
            &second.browser(),
            &id,
            2.0,
            json!({"email": "bob@example.com"}),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
        assert_eq!(
            mail_made(&first).await,
            0,
            "nothing is mailed during the day"
        );

        // The day is over: both instances look, one makes the digest.
        let (_, list) = get_json(&first, &author, &format!("/api/calc/{id}/submissions")).await;
        let last = list["data"][0]["created_at"].as_i64().expect("created_at");
        let day = last.div_euclid(DAY_MS);
        first.config.mail.clock.set((day + 1) * DAY_MS + 6 * 60_000);
        let mail = outbox_with(&first, 1).await;
        let Mail { to, subject, body } = &mail[0];
        assert_eq!(to, "author@example.com");
        assert!(subject.starts_with("Submissions of "), "{subject}");
        assert!(subject.ends_with(": Test"), "{subject}");
        assert!(body.contains("\"Test\" had 2 submission(s) on "), "{body}");
        assert!(body.contains("\n#1\n") && body.contains("\n#2\n"), "{body}");
        assert!(body.contains("Email: ada@example.com"), "{body}");
        assert!(body.contains("Email: bob@example.com"), "{body}");
        assert!(body.contains("sends you a daily digest"), "{body}");
        // Rendered by whichever instance sent it, with its own address (in production
        // they share PUBLIC_URL).
        assert!(body.contains(&format!("/unsubscribe/{id}?key=")), "{body}");

        // Every further look, by either instance or a third, finds the day done.
        let db = db_of(&first).await;
        for _ in 0..3 {
            let made = calcsmith_server::services::mail::digest::make_due(&db, &first.config)
                .await
                .expect("digest look");
            assert_eq!(made, 0);
        }
        assert_eq!(mail_made(&first).await, 1);
        second.stop().await;
        first.stop().await;
    }
);

both_databases!(
    a_held_back_submission_is_announced_without_its_contents,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        submit_one(&app, &id).await;
        // The free plan's 100 of this month are used up.
        let db = db_of(&app).await;
        let month = calcsmith_server::services::submissions::months::month_of(
            calcsmith_server::tokens::now_ms(),
        );
        db.execute_unprepared(&format!(
            "UPDATE submission_months SET count = 100 WHERE month = {month}"
        ))
        .await
        .expect("count");
        let (status, answer) = submit(
            &app,
            &app.browser(),
            &id,
            2.0,
            json!({"email": "late@example.com", "name": "Late"}),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
        let mail = outbox_with(&app, 2).await;
        let held = mail
            .iter()
            .find(|m| !m.body.contains("ada@example.com"))
            .expect("the second mail");
        assert!(
            held.body.starts_with(
                "\"Test\" has a new submission. It is past your plan's monthly limit, so it is \
                 kept but held back: upgrade your plan to read it.\n"
            ),
            "{}",
            held.body
        );
        assert!(!held.body.contains("late@example.com"), "{}", held.body);
        assert!(!held.body.contains("Late"), "{}", held.body);
        assert!(held.body.contains("/unsubscribe/"), "{}", held.body);
    }
);
