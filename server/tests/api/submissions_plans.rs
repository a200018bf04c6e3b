//! Plans and submissions: past the plan's monthly limit none is dropped, they are held
//! back until an upgrade; and submissions racing each other each get their own place in
//! the month.

use calcsmith_server::services::submissions::months::month_of;
use sea_orm::{ConnectionTrait, Database, Statement};
use serde_json::json;

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, post_submit, stored_count, submit};

both_databases!(
    past_the_monthly_limit_submissions_are_held_back_until_an_upgrade,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        assert_eq!(
            submit(
                &app,
                &app.browser(),
                &id,
                1.0,
                json!({"email": "a@example.com"})
            )
            .await
            .0,
            201
        );
        // The free plan's 100 of this month are used up (99 more, counted as stored).
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let month = month_of(calcsmith_server::tokens::now_ms());
        db.execute_unprepared(&format!(
            "UPDATE submission_months SET count = 100 WHERE month = {month}"
        ))
        .await
        .expect("count");
        // Past the limit the visitor is still thanked, and the lead is kept.
        let (status, answer) = submit(
            &app,
            &app.browser(),
            &id,
            2.0,
            json!({"email": "late@example.com"}),
        )
        .await;
        assert_eq!(
            (status, answer["thankYou"].as_str()),
            (201, Some("Your quote: 4.00"))
        );
        assert_eq!(stored_count(&app).await, 2);
        let path = format!("/api/calc/{id}/submissions");
        let (_, free) = get_json(&app, &author, &path).await;
        assert_eq!(free["paging"]["total"], 1);
        assert_eq!(free["data"][0]["contact"]["email"], "a@example.com");
        assert_eq!(
            (free["heldBack"].clone(), free["monthlyLimit"].clone()),
            (json!(1), json!(100))
        );
        let csv = author
            .get(app.url(&format!("{path}.csv")))
            .send()
            .await
            .expect("csv")
            .text()
            .await
            .expect("text");
        assert!(!csv.contains("late@example.com"), "{csv}");
        // After upgrading, every one of them is there.
        db.execute_unprepared("UPDATE users SET plan = 'regular'")
            .await
            .expect("plan");
        let (_, regular) = get_json(&app, &author, &path).await;
        assert_eq!(regular["paging"]["total"], 2);
        assert_eq!(regular["data"][0]["contact"]["email"], "late@example.com");
        assert_eq!(
            (regular["heldBack"].clone(), regular["monthlyLimit"].clone()),
            (json!(0), json!(1000))
        );
    }
);

both_databases!(
    submissions_sent_at_once_each_get_their_own_place_in_the_month,
    |app: TestApp| async move {
        let (_author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let mut bodies = Vec::new();
        for n in 0..5 {
            let captcha = solve_captcha(&app, &visitor).await;
            bodies.push(
                json!({"values": {"1": n}, "contact": {"email": format!("v{n}@example.com")},
                               "captchaResponse": captcha}),
            );
        }
        let send = |n: usize| post_submit(&app, &visitor, &id, &bodies[n]);
        let sent = tokio::join!(send(0), send(1), send(2), send(3), send(4));
        let sent = [sent.0, sent.1, sent.2, sent.3, sent.4];
        assert!(sent.iter().all(|(status, _)| *status == 201), "{sent:?}");
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let places: Vec<i64> = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT month_seq FROM submissions ORDER BY month_seq",
            ))
            .await
            .expect("places")
            .iter()
            .map(|row| row.try_get("", "month_seq").expect("month_seq"))
            .collect();
        assert_eq!(places, [1, 2, 3, 4, 5]);
        assert_eq!(stored_count(&app).await, 5);
    }
);

/// The unread count My Calculators shows for calculator `id`.
async fn unread_in_list(app: &TestApp, author: &reqwest::Client, id: &str) -> serde_json::Value {
    let list: serde_json::Value = author
        .put(app.url("/api/calc/user/"))
        .send()
        .await
        .expect("list")
        .json()
        .await
        .expect("json");
    list["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|c| c["_id"] == id)
        .map(|c| c["unread_submissions"].clone())
        .expect("the calculator is listed")
}

both_databases!(
    my_calculators_counts_unread_submissions_the_plan_lets_the_owner_read,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let other = new_id();
        assert_eq!(
            save(&app, &author, &other, &doc("return {x: 1};"))
                .await
                .status(),
            200
        );
        for email in ["a@example.com", "b@example.com"] {
            let contact = json!({ "email": email });
            assert_eq!(submit(&app, &app.browser(), &id, 1.0, contact).await.0, 201);
        }
        assert_eq!(unread_in_list(&app, &author, &id).await, json!(2));
        assert_eq!(unread_in_list(&app, &author, &other).await, json!(0));
        // Reading the list marks them read.
        let (status, _) = get_json(&app, &author, &format!("/api/calc/{id}/submissions")).await;
        assert_eq!(status, 200);
        assert_eq!(unread_in_list(&app, &author, &id).await, json!(0));
        let contact = json!({"email": "c@example.com"});
        submit(&app, &app.browser(), &id, 1.0, contact).await;
        assert_eq!(unread_in_list(&app, &author, &id).await, json!(1));
        // One past the free plan's 100 this month is held back, and not counted.
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let month = month_of(calcsmith_server::tokens::now_ms());
        db.execute_unprepared(&format!(
            "UPDATE submission_months SET count = 100 WHERE month = {month}"
        ))
        .await
        .expect("count");
        let contact = json!({"email": "late@example.com"});
        assert_eq!(submit(&app, &app.browser(), &id, 1.0, contact).await.0, 201);
        assert_eq!(stored_count(&app).await, 4);
        assert_eq!(unread_in_list(&app, &author, &id).await, json!(1));
    }
);
