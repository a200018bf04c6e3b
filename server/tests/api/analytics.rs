//! Analytics: visitors' beacons counted into daily rollups, on both databases; the daily
//! salt; who is not counted; bad beacons; the owner's report, switch and plan history;
//! deletion with the calculator and the account; two instances on one PostgreSQL
//! database; and what `kill -9` may lose.

use std::time::Duration;

use calcsmith_server::config::{Clock, Config};
use reqwest::Client;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::{Value, json};

use crate::both_databases;
use crate::helpers::*;

const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/// A visitor's browser: no cookies of ours.
fn visitor() -> Client {
    Client::new()
}

/// Sends a beacon as `user_agent` (none when `None`) with extra headers; the status.
async fn beacon_with(
    app: &TestApp,
    client: &Client,
    id: &str,
    user_agent: Option<&str>,
    body: &Value,
    headers: &[(&str, &str)],
) -> u16 {
    let mut request = client
        .post(app.url(&format!("/api/calc/{id}/events")))
        // What navigator.sendBeacon sends for a string.
        .header("content-type", "text/plain;charset=UTF-8")
        .header("accept-language", "ru-RU,ru;q=0.9,en;q=0.5")
        .body(body.to_string());
    if let Some(user_agent) = user_agent {
        request = request.header("user-agent", user_agent);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("beacon").status().as_u16()
}

/// A desktop visitor's beacon.
async fn beacon(app: &TestApp, id: &str, body: Value) -> u16 {
    beacon_with(app, &visitor(), id, Some(DESKTOP), &body, &[]).await
}

/// A signed-up author with a saved (public) calculator.
async fn author_with_calculator(app: &TestApp, email: &str) -> (Client, String) {
    let owner = app.browser();
    sign_up(app, &owner, email).await;
    let id = new_id();
    assert_eq!(
        save(app, &owner, &id, &doc("return { x: 1 };"))
            .await
            .status(),
        200
    );
    (owner, id)
}

/// `GET /api/calc/{id}/analytics?days=N` as `owner`.
async fn report(app: &TestApp, owner: &Client, id: &str, days: u32) -> Value {
    let (status, body) =
        get_json(app, owner, &format!("/api/calc/{id}/analytics?days={days}")).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The sum of `field` over the report's days.
fn total(report: &Value, field: &str) -> i64 {
    report["days"]
        .as_array()
        .expect("days")
        .iter()
        .map(|day| day[field].as_i64().expect("a count"))
        .sum()
}

/// The report once its views reach `views` (batches are written within a fifth of a
/// second in tests); fails after ten seconds.
async fn report_with_views(app: &TestApp, owner: &Client, id: &str, views: i64) -> Value {
    for _ in 0..100 {
        let report = report(app, owner, id, 7).await;
        if total(&report, "views") >= views {
            return report;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{views} views were never counted");
}

both_databases!(
    a_visit_is_counted_into_the_days_rollups,
    |app: TestApp| async move {
        let (owner, id) = author_with_calculator(&app, "counted@example.com").await;
        let ada = visitor();
        let view =
            json!({"type": "view", "referrer": "https://www.search.example/results?q=private"});
        assert_eq!(
            beacon_with(&app, &ada, &id, Some(DESKTOP), &view, &[]).await,
            202
        );
        // The same visitor again, as JSON, from no referrer.
        let answer = ada
            .post(app.url(&format!("/api/calc/{id}/events")))
            .header("user-agent", DESKTOP)
            .header("accept-language", "ru")
            .json(&json!({"type": "view"}))
            .send()
            .await
            .expect("beacon");
        assert_eq!(answer.status(), 202);
        let engaged = json!({"type": "engaged"});
        assert_eq!(
            beacon_with(&app, &ada, &id, Some(DESKTOP), &engaged, &[]).await,
            202
        );
        let error = json!({"type": "error", "message": "Division by zero in line 3"});
        assert_eq!(
            beacon_with(&app, &ada, &id, Some(DESKTOP), &error, &[]).await,
            202
        );
        // Another visitor, on a phone, embedded on a blog.
        let embedded = json!({"type": "view", "site": "https://blog.example/post"});
        assert_eq!(
            beacon_with(&app, &visitor(), &id, Some(PHONE), &embedded, &[]).await,
            202
        );
        // The owner's own visit is not counted.
        assert_eq!(
            beacon_with(
                &app,
                &owner,
                &id,
                Some(DESKTOP),
                &json!({"type": "view"}),
                &[]
            )
            .await,
            202
        );

        let report = report_with_views(&app, &owner, &id, 3).await;
        let days = report["days"].as_array().expect("days");
        assert_eq!(days.len(), 7);
        let today = &days[6];
        assert_eq!(today["views"], 3, "{report}");
        assert_eq!(today["visitors"], 2);
        assert_eq!(today["engaged"], 1);
        assert_eq!(today["submissions"], 0);
        assert_eq!(today["errors"], 1);
        assert_eq!(total(&report, "views"), 3, "earlier days are empty");
        assert_eq!(
            report["referrers"],
            json!([{"name": "search.example", "count": 1}])
        );
        assert_eq!(
            report["sites"],
            json!([{"name": "blog.example", "count": 1}])
        );
        assert_eq!(
            report["devices"],
            json!([{"name": "desktop", "count": 2}, {"name": "phone", "count": 1}])
        );
        assert_eq!(report["languages"], json!([{"name": "ru", "count": 3}]));
        let errors = report["errors"].as_array().expect("errors");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0]["message"], "Division by zero in line 3");
        assert_eq!(errors[0]["count"], 1);
        assert!(
            errors[0]["last_seen"]
                .as_str()
                .is_some_and(|seen| seen.starts_with(today["date"].as_str().expect("date"))),
            "{report}"
        );
        assert_eq!(report["enabled"], true);
        // My Calculators shows the 30 days' views.
        let (status, mine) = json_answer(
            owner
                .put(app.url("/api/calc/user/"))
                .send()
                .await
                .expect("my calculators"),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(mine["data"][0]["views_30d"], 3);
    }
);

both_databases!(
    do_not_track_privacy_control_and_bots_are_answered_alike_and_never_counted,
    |app: TestApp| async move {
        let (owner, id) = author_with_calculator(&app, "private@example.com").await;
        let view = json!({"type": "view"});
        let client = visitor();
        assert_eq!(
            beacon_with(&app, &client, &id, Some(DESKTOP), &view, &[("dnt", "1")]).await,
            202
        );
        assert_eq!(
            beacon_with(
                &app,
                &client,
                &id,
                Some(DESKTOP),
                &view,
                &[("sec-gpc", "1")]
            )
            .await,
            202
        );
        let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assert_eq!(
            beacon_with(&app, &client, &id, Some(googlebot), &view, &[]).await,
            202
        );
        assert_eq!(
            beacon_with(&app, &client, &id, Some("curl/8.5.0"), &view, &[]).await,
            202
        );
        assert_eq!(beacon_with(&app, &client, &id, None, &view, &[]).await, 202);
        // One counted view after them: once it shows, they would have too.
        assert_eq!(beacon(&app, &id, view).await, 202);
        let report = report_with_views(&app, &owner, &id, 1).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let report_later = report_with_views(&app, &owner, &id, 1).await;
        assert_eq!(total(&report, "views"), 1);
        assert_eq!(total(&report_later, "views"), 1);
        assert_eq!(total(&report_later, "visitors"), 1);
    }
);

// A clock that stands still, so that the minute of the beacon limit cannot turn mid-test.
both_databases!(
    bad_beacons_get_a_clear_4xx,
    configure = |config: &mut Config| {
        config.analytics.clock = Clock::fixed(MARCH_10_NOON_MS);
    },
    |app: TestApp| async move {
        let (_owner, id) = author_with_calculator(&app, "bad@example.com").await;
        let client = visitor();
        let send = |path: String, body: &'static str| {
            let client = client.clone();
            let url = app.url(&path);
            async move {
                let answer = client
                    .post(url)
                    .header("user-agent", DESKTOP)
                    .header("content-type", "text/plain")
                    .body(body)
                    .send()
                    .await
                    .expect("beacon");
                json_answer(answer).await
            }
        };
        let events = format!("/api/calc/{id}/events");
        let (status, body) = send(events.clone(), r#"{"type":"click"}"#).await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .expect("message")
                .starts_with("Invalid event: unknown variant `click`"),
            "{body}"
        );
        let (status, body) = send(events.clone(), "type=view").await;
        assert_eq!(status, 400);
        assert!(
            body["message"]
                .as_str()
                .expect("message")
                .starts_with("Invalid event: "),
            "{body}"
        );
        let (status, body) = send(events.clone(), r#"{"type":"error"}"#).await;
        assert_eq!(
            (status, body),
            (
                400,
                json!({"message": "An error event needs the message that was shown."})
            )
        );
        let (status, body) = send("/api/calc/short/events".to_owned(), r#"{"type":"view"}"#).await;
        assert_eq!(status, 400, "{body}");
        let (status, body) = send(
            format!("/api/calc/{}/events", new_id()),
            r#"{"type":"view"}"#,
        )
        .await;
        assert_eq!(
            (status, body),
            (404, json!({"message": "Calculator not found."}))
        );
        let huge: &'static str = Box::leak(
            format!(r#"{{"type":"error","message":"{}"}}"#, "x".repeat(9000)).into_boxed_str(),
        );
        let (status, body) = send(events.clone(), huge).await;
        assert_eq!(
            (status, body),
            (413, json!({"message": "An event may be at most 8 KB."}))
        );
        // 120 a minute per address: five so far (the bad id was refused before counting).
        for _ in 0..115 {
            assert_eq!(beacon(&app, &id, json!({"type": "submit"})).await, 202);
        }
        let (status, body) = send(events, r#"{"type":"view"}"#).await;
        assert_eq!(
            (status, body),
            (
                429,
                json!({"message": "Too many events from this address. Please wait a minute."})
            )
        );
    }
);

both_databases!(
    only_the_owner_reads_or_switches_analytics_within_the_plan_history,
    |app: TestApp| async move {
        let (owner, id) = author_with_calculator(&app, "owner@example.com").await;
        let stranger = app.browser();
        sign_up(&app, &stranger, "stranger@example.com").await;
        let path = format!("/api/calc/{id}/analytics");
        assert_eq!(
            get_json(&app, &stranger, &path).await,
            (404, json!({"message": "Calculator not found."}))
        );
        assert_eq!(
            get_json(&app, &visitor(), &path).await,
            (401, json!({"message": "Please sign in."}))
        );
        for bad in ["0", "abc", "3661", "+5", "07"] {
            assert_eq!(
                get_json(&app, &owner, &format!("{path}?days={bad}")).await,
                (
                    400,
                    json!({"message": "days must be a whole number from 1 to 3660."})
                ),
                "days={bad}"
            );
        }
        // The free plan keeps 30 days.
        let free = report(&app, &owner, &id, 90).await;
        assert_eq!(free["days"].as_array().expect("days").len(), 30);
        assert_eq!(
            (free["range_days"].clone(), free["history_days"].clone()),
            (json!(30), json!(30))
        );
        let defaulted = get_json(&app, &owner, &path).await.1;
        assert_eq!(defaulted["days"].as_array().expect("days").len(), 30);
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        for (plan, range, history) in [("regular", 90, json!(365)), ("premium", 90, Value::Null)] {
            execute(
                &db,
                &format!("UPDATE users SET plan = '{plan}' WHERE email = 'owner@example.com'"),
            )
            .await;
            let paid = report(&app, &owner, &id, 90).await;
            assert_eq!(
                paid["days"].as_array().expect("days").len(),
                range,
                "{plan}"
            );
            assert_eq!(paid["history_days"], history, "{plan}");
        }
        // Off: visits are not counted; on again: they are.
        let switch = |enabled: bool, who: &Client| {
            who.put(app.url(&path))
                .json(&json!({"enabled": enabled}))
                .send()
        };
        assert_eq!(
            json_answer(switch(false, &stranger).await.expect("switch"))
                .await
                .0,
            404
        );
        assert_eq!(
            json_answer(switch(false, &owner).await.expect("switch")).await,
            (
                200,
                json!({"message": "Analytics are off: visits to this calculator are not counted."})
            )
        );
        assert_eq!(beacon(&app, &id, json!({"type": "view"})).await, 202);
        let (_other_owner, marker) = author_with_calculator(&app, "marker@example.com").await;
        assert_eq!(beacon(&app, &marker, json!({"type": "view"})).await, 202);
        wait_for_rows(&db, &marker, 1).await;
        assert_eq!(report(&app, &owner, &id, 7).await["enabled"], false);
        assert_eq!(total(&report(&app, &owner, &id, 7).await, "views"), 0);
        assert_eq!(
            json_answer(switch(true, &owner).await.expect("switch")).await,
            (
                200,
                json!({"message": "Analytics are on: visits to this calculator are counted."})
            )
        );
        assert_eq!(beacon(&app, &id, json!({"type": "view"})).await, 202);
        assert_eq!(
            total(&report_with_views(&app, &owner, &id, 1).await, "views"),
            1
        );
    }
);

/// Runs `sql` on `db`.
async fn execute(db: &DatabaseConnection, sql: &str) {
    db.execute_unprepared(sql).await.expect(sql);
}

/// How many rows of `table` belong to calculator `id`.
async fn rows_of(db: &DatabaseConnection, table: &str, id: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) AS n FROM {table} WHERE calculator_id = '{id}'");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("count")
        .expect("a row");
    row.try_get("", "n").expect("n")
}

/// The views stored for calculator `id`, summed over its days.
async fn stored_views(db: &DatabaseConnection, id: &str) -> i64 {
    let sql = format!(
        "SELECT CAST(COALESCE(SUM(views), 0) AS BIGINT) AS n FROM analytics_days WHERE calculator_id = '{id}'"
    );
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .expect("sum")
        .expect("a row");
    row.try_get("", "n").expect("n")
}

/// Waits (up to ten seconds) until `id` has `views` stored views.
async fn wait_for_rows(db: &DatabaseConnection, id: &str, views: i64) {
    for _ in 0..100 {
        if stored_views(db, id).await >= views {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{views} views were never stored for {id}");
}

/// The tables that hold a calculator's analytics.
const TABLES: [&str; 4] = [
    "analytics_days",
    "analytics_counts",
    "analytics_errors",
    "analytics_visitors",
];

/// Waits (up to ten seconds) until `table` has a row of calculator `id`.
async fn wait_for_table(db: &DatabaseConnection, table: &str, id: &str) {
    for _ in 0..100 {
        if rows_of(db, table, id).await > 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{table} never had a row for {id}");
}

both_databases!(
    analytics_go_with_the_calculator_and_the_account,
    |app: TestApp| async move {
        let (owner, id) = author_with_calculator(&app, "leaving@example.com").await;
        let second = new_id();
        assert_eq!(
            save(&app, &owner, &second, &doc("return { x: 2 };"))
                .await
                .status(),
            200
        );
        let db = Database::connect(&app.config.database_url)
            .await
            .expect("db");
        for calc in [&id, &second] {
            assert_eq!(
                beacon(
                    &app,
                    calc,
                    json!({"type": "view", "referrer": "https://a.example/"})
                )
                .await,
                202
            );
            assert_eq!(
                beacon(&app, calc, json!({"type": "error", "message": "boom"})).await,
                202
            );
        }
        // A view and an error can land in different flushes: wait for every table.
        for calc in [&id, &second] {
            for table in TABLES {
                wait_for_table(&db, table, calc).await;
            }
        }
        assert_eq!(
            owner
                .delete(app.url(&format!("/api/calc/{id}")))
                .send()
                .await
                .expect("delete")
                .status(),
            200
        );
        for table in TABLES {
            assert_eq!(
                rows_of(&db, table, &id).await,
                0,
                "{table} after the calculator went"
            );
            assert!(
                rows_of(&db, table, &second).await > 0,
                "{table} of the other calculator"
            );
        }
        // The same id saved again starts from nothing.
        assert_eq!(
            save(&app, &owner, &id, &doc("return { x: 3 };"))
                .await
                .status(),
            200
        );
        assert_eq!(total(&report(&app, &owner, &id, 7).await, "views"), 0);
        assert_eq!(delete_account(&app, &owner).await.status(), 200);
        for table in TABLES {
            assert_eq!(
                rows_of(&db, table, &second).await,
                0,
                "{table} after the account went"
            );
        }
    }
);

/// Noon UTC of 2026-03-10, a day number 20522.
const MARCH_10_NOON_MS: i64 = 20_522 * 86_400_000 + 12 * 3_600_000;

async fn one_visitor_over_two_days_is_two_uniques(db: Db) {
    let clock = Clock::fixed(MARCH_10_NOON_MS);
    let moved = clock.clone();
    let Some(app) = spawn_app_with(db, move |config: &mut Config| {
        config.analytics.clock = clock
    })
    .await
    else {
        return;
    };
    let (owner, id) = author_with_calculator(&app, "days@example.com").await;
    let database = Database::connect(&app.config.database_url)
        .await
        .expect("db");
    assert_eq!(beacon(&app, &id, json!({"type": "view"})).await, 202);
    assert_eq!(beacon(&app, &id, json!({"type": "view"})).await, 202);
    wait_for_rows(&database, &id, 2).await;
    // The next day, the same address and browser.
    moved.set(MARCH_10_NOON_MS + 86_400_000);
    assert_eq!(beacon(&app, &id, json!({"type": "view"})).await, 202);
    wait_for_rows(&database, &id, 3).await;
    let report = report(&app, &owner, &id, 7).await;
    let days = report["days"].as_array().expect("days");
    assert_eq!(days[5]["date"], "2026-03-10");
    assert_eq!(
        (days[5]["views"].clone(), days[5]["visitors"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(days[6]["date"], "2026-03-11");
    assert_eq!(
        (days[6]["views"].clone(), days[6]["visitors"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(total(&report, "visitors"), 2);
    // Yesterday's salt and visitor hashes are gone: nothing can recognise them now.
    let count = |sql: &'static str| {
        let database = database.clone();
        async move {
            let row = database
                .query_one_raw(Statement::from_string(database.get_database_backend(), sql))
                .await
                .expect(sql)
                .expect("a row");
            row.try_get::<i64>("", "n").expect("n")
        }
    };
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM analytics_salts WHERE day < 20523").await,
        0
    );
    assert_eq!(count("SELECT COUNT(*) AS n FROM analytics_salts").await, 1);
    assert_eq!(
        count("SELECT COUNT(*) AS n FROM analytics_visitors WHERE day < 20523").await,
        0
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_visitor_over_two_days_is_two_uniques_on_sqlite() {
    one_visitor_over_two_days_is_two_uniques(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_visitor_over_two_days_is_two_uniques_on_postgres() {
    one_visitor_over_two_days_is_two_uniques(Db::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_postgres_database_add_up() {
    let Some(first) = spawn_app_with(Db::Postgres, many_saves).await else {
        return;
    };
    let second = start(first.config.clone()).await;
    let (owner, id) = author_with_calculator(&first, "two@example.com").await;
    // 40 views at once from 25 visitors, spread over both instances: visitors 0 to 14
    // come twice, once to each.
    let mut sent = Vec::new();
    for n in 0..40 {
        let app = if n % 2 == 0 { &first } else { &second };
        let user_agent = format!("{DESKTOP} visitor/{}", n % 25);
        let url = app.url(&format!("/api/calc/{id}/events"));
        sent.push(tokio::spawn(async move {
            visitor()
                .post(url)
                .header("user-agent", user_agent)
                .body(r#"{"type":"view"}"#)
                .send()
                .await
                .expect("beacon")
                .status()
                .as_u16()
        }));
    }
    for answer in sent {
        assert_eq!(answer.await.expect("sent"), 202);
    }
    // The same visitor on both instances is one visitor.
    for app in [&first, &second] {
        let status = beacon_with(
            app,
            &visitor(),
            &id,
            Some(PHONE),
            &json!({"type": "view"}),
            &[],
        )
        .await;
        assert_eq!(status, 202);
        let error = json!({"type": "error", "message": "Oops"});
        assert_eq!(
            beacon_with(app, &visitor(), &id, Some(PHONE), &error, &[]).await,
            202
        );
    }
    // Each instance writes its events in batches of its own: wait for the last error too.
    let mut report = report_with_views(&second, &owner, &id, 42).await;
    for _ in 0..100 {
        if report["errors"][0]["count"] == json!(2) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        report = report_with_views(&second, &owner, &id, 42).await;
    }
    assert_eq!(total(&report, "views"), 42);
    assert_eq!(total(&report, "visitors"), 26);
    assert_eq!(
        report["errors"],
        json!([{"message": "Oops", "count": 2, "last_seen": report["errors"][0]["last_seen"]}])
    );
    second.stop().await;
    first.stop().await;
}

/// Counts flushed in batches of ten survive `kill -9`; the batch waiting in memory is
/// what is lost. A graceful stop writes what waits.
async fn kill_9_loses_at_most_the_unflushed_batch(db: Db) {
    use crate::crash::Server;
    let data_dir = std::env::temp_dir().join(format!(
        "calcsmith-analytics-{}-{}",
        std::process::id(),
        new_id()
    ));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let Some(database_url) = fresh_database(db, &data_dir).await else {
        return;
    };
    // Never by time (ten minutes), always by ten events.
    let env = [
        ("CALCSMITH_ANALYTICS_FLUSH_MS", "600000"),
        ("CALCSMITH_ANALYTICS_BATCH", "10"),
    ];
    let server = Server::start_with(&database_url, &data_dir, &env).await;
    let owner = Client::builder()
        .cookie_store(true)
        .build()
        .expect("client");
    crate::crash::sign_up(&server, &owner).await;
    let id = new_id();
    let body = json!({"doc": doc("return { x: 1 };"), "doc_style": {}});
    let saved = owner
        .post(server.url(&format!("/api/source/{id}")))
        .json(&body)
        .send()
        .await
        .expect("save");
    assert_eq!(saved.status(), 200);
    let send = |n: usize| {
        let url = server.url(&format!("/api/calc/{id}/events"));
        async move {
            for _ in 0..n {
                let answer = visitor()
                    .post(&url)
                    .header("user-agent", DESKTOP)
                    .body(r#"{"type":"view"}"#)
                    .send()
                    .await
                    .expect("beacon");
                assert_eq!(answer.status(), 202);
            }
        }
    };
    // Ten fill a batch, which is written; five more wait for the next.
    send(10).await;
    let database = Database::connect(&database_url).await.expect("db");
    wait_for_rows(&database, &id, 10).await;
    send(5).await;
    server.kill();
    let server = Server::start_with(&database_url, &data_dir, &env).await;
    assert_eq!(
        stored_views(&database, &id).await,
        10,
        "the five waiting were lost, no more"
    );
    let url = server.url(&format!("/api/calc/{id}/events"));
    for _ in 0..3 {
        let answer = visitor()
            .post(&url)
            .header("user-agent", DESKTOP)
            .body(r#"{"type":"view"}"#)
            .send()
            .await
            .expect("beacon");
        assert_eq!(answer.status(), 202);
    }
    server.terminate();
    assert_eq!(
        stored_views(&database, &id).await,
        13,
        "a graceful stop writes what waits"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_loses_at_most_the_unflushed_batch_on_sqlite() {
    kill_9_loses_at_most_the_unflushed_batch(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_loses_at_most_the_unflushed_batch_on_postgres() {
    kill_9_loses_at_most_the_unflushed_batch(Db::Postgres).await;
}
