//! "Download my data": one JSON file with the profile, each calculator with its versions,
//! and its submissions as the owner may read them; nobody else's, and no secrets.

use sea_orm::{ConnectionTrait, Database};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;
use crate::submissions::{author_with, collecting_doc, submit};

/// `GET /api/account/export` in `client`'s session: the status, the headers that matter
/// and the file.
async fn export(app: &TestApp, client: &reqwest::Client) -> (u16, String, String, Value) {
    let response = client
        .get(app.url("/api/account/export"))
        .send()
        .await
        .expect("export");
    let status = response.status().as_u16();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let (disposition, cache) = (header("content-disposition"), header("cache-control"));
    (
        status,
        disposition,
        cache,
        response.json().await.expect("json"),
    )
}

both_databases!(
    the_file_holds_the_account_its_calculators_versions_and_submissions,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let mut second = collecting_doc();
        second["name"] = json!("Quote, second version");
        assert_eq!(save(&app, &author, &id, &second).await.status(), 200);
        let contact = json!({"email": "visitor@example.com", "name": "Vera"});
        assert_eq!(submit(&app, &app.browser(), &id, 4.0, contact).await.0, 201);
        // Someone else's calculator and submissions stay out of the file.
        let (_, other) = author_with(&app, "other@example.com", &collecting_doc()).await;
        let contact = json!({"email": "stranger@example.com"});
        assert_eq!(
            submit(&app, &app.browser(), &other, 1.0, contact).await.0,
            201
        );

        let (status, disposition, cache, file) = export(&app, &author).await;
        assert_eq!(status, 200, "{file}");
        let day = calcsmith_engine::dates::CivilDate::from_epoch_ms(
            calcsmith_server::tokens::now_ms() as f64,
        )
        .expect("today")
        .to_iso();
        assert_eq!(
            disposition,
            format!("attachment; filename=\"calcsmith-data-{day}.json\"")
        );
        assert_eq!(cache, "no-store");
        assert_eq!(file["format"], 1);
        assert_eq!(file["account"]["email"], "author@example.com");
        assert_eq!(file["account"]["name"], "Ada");
        assert_eq!(file["account"]["plan"], "free");
        let text = file.to_string();
        for secret in [
            "password",
            "hash",
            "session",
            "stranger@example.com",
            &other,
        ] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let calcs = file["calculators"].as_array().expect("calculators");
        assert_eq!(calcs.len(), 1);
        let calc = &calcs[0];
        assert_eq!(calc["id"], id.as_str());
        assert_eq!(calc["doc"]["name"], "Quote, second version");
        assert_eq!(
            (calc["version"].clone(), calc["published_version"].clone()),
            (json!(2), json!(2))
        );
        let names: Vec<&Value> = calc["versions"]
            .as_array()
            .expect("versions")
            .iter()
            .map(|v| &v["doc"]["name"])
            .collect();
        assert_eq!(names, [&json!("Test"), &json!("Quote, second version")]);
        let submissions = calc["submissions"].as_array().expect("submissions");
        assert_eq!(submissions.len(), 1);
        assert_eq!(submissions[0]["contact"]["email"], "visitor@example.com");
        assert_eq!(submissions[0]["outputs"]["x"].as_f64(), Some(8.0));
        assert_eq!(submissions[0]["display"]["x"], "8.00");
        assert_eq!(calc["submissionsHeldBack"], 0);
    }
);

both_databases!(
    submissions_past_the_plan_are_counted_not_exported,
    |app: TestApp| async move {
        let (author, id) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        let contact = json!({"email": "first@example.com"});
        assert_eq!(submit(&app, &app.browser(), &id, 1.0, contact).await.0, 201);
        db.execute_unprepared("UPDATE submission_months SET count = 100")
            .await
            .expect("count");
        let contact = json!({"email": "late@example.com"});
        assert_eq!(submit(&app, &app.browser(), &id, 2.0, contact).await.0, 201);

        let (_, _, _, file) = export(&app, &author).await;
        let calc = &file["calculators"][0];
        let emails: Vec<&Value> = calc["submissions"]
            .as_array()
            .expect("submissions")
            .iter()
            .map(|s| &s["contact"]["email"])
            .collect();
        assert_eq!(emails, [&json!("first@example.com")]);
        assert_eq!(calc["submissionsHeldBack"], 1);
    }
);

both_databases!(
    the_file_needs_a_session_and_is_not_made_too_often,
    |app: TestApp| async move {
        let (status, _, _, body) = export(&app, &app.browser()).await;
        assert_eq!(status, 401, "{body}");
        let author = app.browser();
        sign_up(&app, &author, "author@example.com").await;
        for _ in 0..10 {
            assert_eq!(export(&app, &author).await.0, 200);
        }
        let (status, _, _, body) = export(&app, &author).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (
                429,
                Some("You have downloaded your data 10 times this hour. Please try again later.")
            )
        );
    }
);
