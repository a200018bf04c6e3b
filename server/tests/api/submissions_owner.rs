//! The owner's side of submissions: only they read them, as a list or a CSV file safe to
//! open in a spreadsheet; they delete them, retention deletes old ones, and they go with
//! the calculator and the account (and with the table, should its migration go down).

use std::time::Duration;

use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{NOT_FOUND, author_with, collecting_doc, stored_count, submit};

both_databases!(
    only_the_owner_reads_or_deletes_submissions,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let (_, sent) = submit(
            &app,
            &app.browser(),
            &id,
            1.0,
            json!({"email": "a@example.com"}),
        )
        .await;
        let sid = sent["id"].as_str().expect("id").to_owned();
        let stranger = app.browser();
        sign_up(&app, &stranger, "stranger@example.com").await;
        let list = format!("/api/calc/{id}/submissions");
        for path in [
            list.clone(),
            format!("{list}.csv"),
            format!("/api/calc/{}/submissions", new_id()),
        ] {
            let (status, answer) = get_json(&app, &stranger, &path).await;
            assert_eq!(
                (status, answer["message"].as_str()),
                (404, Some(NOT_FOUND)),
                "{path}"
            );
        }
        for path in [format!("{list}/{sid}"), list.clone()] {
            let (status, answer) = delete_json(&app, &stranger, &path).await;
            assert_eq!(
                (status, answer["message"].as_str()),
                (404, Some(NOT_FOUND)),
                "{path}"
            );
        }
        let (status, _) = get_json(&app, &app.browser(), &list).await;
        assert_eq!(status, 401);
        assert_eq!(stored_count(&app).await, 1);
        // The owner can.
        let (status, answer) = delete_json(&app, &author, &format!("{list}/{sid}")).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (200, Some("Deleted."))
        );
        let (status, answer) = delete_json(&app, &author, &format!("{list}/{sid}")).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (404, Some("Submission not found."))
        );
        for email in ["b@example.com", "c@example.com"] {
            submit(&app, &app.browser(), &id, 1.0, json!({"email": email})).await;
        }
        let (status, answer) = delete_json(&app, &author, &list).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (200, Some("Deleted 2 submissions."))
        );
        assert_eq!(stored_count(&app).await, 0);
    }
);

both_databases!(
    the_csv_file_cannot_run_formulas,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let contact =
            json!({"email": "a@example.com", "name": "=HYPERLINK(\"http://evil\",\"x\")"});
        assert_eq!(submit(&app, &app.browser(), &id, 3.0, contact).await.0, 201);
        let contact = json!({"email": "b@example.com", "name": "@SUM(1,2)"});
        assert_eq!(submit(&app, &app.browser(), &id, 2.5, contact).await.0, 201);
        let response = author
            .get(app.url(&format!("/api/calc/{id}/submissions.csv")))
            .send()
            .await
            .expect("csv");
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["content-type"],
            "text/csv; charset=utf-8"
        );
        // The bytes as sent: a text decoder would drop the byte-order mark.
        let bytes = response.bytes().await.expect("body");
        let text = String::from_utf8(bytes.to_vec()).expect("UTF-8");
        let lines: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "\u{FEFF}id,created_at,version,page,name,email,phone,company,message,consent,consent_text,a,x"
        );
        assert_eq!(lines.len(), 4, "{text}");
        // Newest first; the names are text a spreadsheet shows, not formulas it runs. `x`
        // has 2 decimal places: its cells are rounded as shown (rounding.rs has the rules).
        assert!(
            lines[1]
                .ends_with(",1,,\"'@SUM(1,2)\",b@example.com,,,,false,You may call me.,2.5,5.00"),
            "{}",
            lines[1]
        );
        assert!(
        lines[2].ends_with(
            ",1,,\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",a@example.com,,,,false,You may call me.,3.0,6.00"
        ),
        "{}",
        lines[2]
    );
        let created_at = lines[1].split(',').nth(1).expect("created_at");
        assert!(
            created_at.len() == 20 && created_at.ends_with('Z'),
            "{created_at}"
        );
    }
);

both_databases!(
    the_list_searches_names_and_emails_and_days,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        for (email, name) in [
            ("ada@example.com", "Ada Lovelace"),
            ("alan@example.org", "Alan"),
            ("grace_h@example.com", "Grace"),
        ] {
            let contact = json!({"email": email, "name": name});
            assert_eq!(submit(&app, &app.browser(), &id, 1.0, contact).await.0, 201);
        }
        let emails = |list: &Value| -> Vec<String> {
            list["data"]
                .as_array()
                .expect("data")
                .iter()
                .map(|s| {
                    s["contact"]["email"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned()
                })
                .collect()
        };
        let path = format!("/api/calc/{id}/submissions");
        let (_, all) = get_json(&app, &author, &path).await;
        assert_eq!(
            emails(&all),
            ["grace_h@example.com", "alan@example.org", "ada@example.com"]
        );
        let (_, found) = get_json(&app, &author, &format!("{path}?q=LOVELACE")).await;
        assert_eq!(emails(&found), ["ada@example.com"]);
        let (_, found) = get_json(&app, &author, &format!("{path}?q=example.org")).await;
        assert_eq!(emails(&found), ["alan@example.org"]);
        // `_` is a letter to search for, not SQL's wildcard.
        let (_, found) = get_json(&app, &author, &format!("{path}?q=e_h")).await;
        assert_eq!(emails(&found), ["grace_h@example.com"]);
        let (_, none) = get_json(&app, &author, &format!("{path}?from=2999-01-01")).await;
        assert_eq!(none["paging"]["total"], 0);
        let (_, old) = get_json(
            &app,
            &author,
            &format!("{path}?from=2000-01-01&to=2999-12-31"),
        )
        .await;
        assert_eq!(old["paging"]["total"], 3);
        let (status, bad) = get_json(&app, &author, &format!("{path}?from=yesterday")).await;
        assert_eq!(
            (status, bad["message"].as_str()),
            (400, Some("from must be a day written YYYY-MM-DD."))
        );
        let (status, bad) = get_json(&app, &author, &format!("{path}?page=0")).await;
        assert_eq!(
            (status, bad["message"].as_str()),
            (400, Some("page must be a number from 1 to 1000000."))
        );
    }
);

both_databases!(
    retention_deletes_old_submissions,
    configure = |config: &mut calcsmith_server::config::Config| {
        config.submissions_sweep = Duration::from_millis(100);
    },
    |app: TestApp| async move {
        let mut kept_30_days = collecting_doc();
        kept_30_days["submissions"]["retentionDays"] = json!(30);
        let (author, short) = author_with(&app, "author@example.com", &kept_30_days).await;
        let forever = new_id();
        assert_eq!(
            save(&app, &author, &forever, &collecting_doc())
                .await
                .status(),
            200
        );
        for (id, email) in [
            (&short, "old@example.com"),
            (&short, "new@example.com"),
            (&forever, "kept@example.com"),
        ] {
            assert_eq!(
                submit(&app, &app.browser(), id, 1.0, json!({"email": email}))
                    .await
                    .0,
                201
            );
        }
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let month_ago = calcsmith_server::tokens::now_ms() - 31 * 86_400_000;
        db.execute_unprepared(&format!(
            "UPDATE submissions SET created_at = {month_ago} \
             WHERE contact_email IN ('old@example.com', 'kept@example.com')"
        ))
        .await
        .expect("age");
        let emails = |list: Value| -> Vec<Value> {
            list["data"]
                .as_array()
                .expect("data")
                .iter()
                .map(|s| s["contact"]["email"].clone())
                .collect()
        };
        let mut left = Vec::new();
        for _ in 0..50 {
            left = emails(
                get_json(&app, &author, &format!("/api/calc/{short}/submissions"))
                    .await
                    .1,
            );
            if left.len() == 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(left, [json!("new@example.com")]);
        let kept = emails(
            get_json(&app, &author, &format!("/api/calc/{forever}/submissions"))
                .await
                .1,
        );
        assert_eq!(kept, [json!("kept@example.com")]);
    }
);

both_databases!(
    submissions_go_with_their_calculator_and_account,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let other = new_id();
        assert_eq!(
            save(&app, &author, &other, &collecting_doc())
                .await
                .status(),
            200
        );
        for calc in [&id, &other] {
            assert_eq!(
                submit(
                    &app,
                    &app.browser(),
                    calc,
                    1.0,
                    json!({"email": "a@example.com"})
                )
                .await
                .0,
                201
            );
        }
        let deleted = author
            .delete(app.url(&format!("/api/calc/{id}")))
            .send()
            .await
            .expect("delete");
        assert_eq!(deleted.status(), 200);
        assert_eq!(stored_count(&app).await, 1);
        assert_eq!(delete_account(&app, &author).await.status(), 200);
        assert_eq!(stored_count(&app).await, 0);
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let months = db
            .query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                "SELECT COUNT(*) AS n FROM submission_months",
            ))
            .await
            .expect("count")
            .expect("row");
        assert_eq!(months.try_get::<i64>("", "n").expect("n"), 0);
    }
);

both_databases!(
    the_submissions_migration_goes_down_and_up_under_saved_calculators,
    |app: TestApp| async move {
        use calcsmith_migrations::{Migrator, MigratorTrait};
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let visitor = app.browser();
        let contact = json!({"email": "a@example.com"});
        assert_eq!(
            submit(&app, &visitor, &id, 1.0, contact.clone()).await.0,
            201
        );
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let migrations = Migrator::migrations();
        let ours = migrations
            .iter()
            .position(|m| m.name() == "m20261128_170000_submissions")
            .expect("the submissions migration");
        let steps = u32::try_from(migrations.len() - ours).expect("steps");
        Migrator::down(&db, Some(steps)).await.expect("down");
        Migrator::up(&db, None).await.expect("up again");
        // The calculator and its settings are there; its submissions went with the table.
        let (status, source) = get_json(&app, &author, &format!("/api/source/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(source["doc"]["submissions"]["enabled"], true);
        assert_eq!(stored_count(&app).await, 0);
        assert_eq!(submit(&app, &visitor, &id, 2.0, contact).await.0, 201);
        assert_eq!(stored_count(&app).await, 1);
    }
);
