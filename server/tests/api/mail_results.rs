//! "E-mail me my results": only where the calculator offers it, only to the address the
//! visitor typed, in the submission's language, with the calculator's public page as the
//! only link, and capped per address and per calculator — the submission is stored even
//! when the copy is not sent.

use serde_json::json;

use crate::both_databases;
use crate::helpers::*;
use crate::mail_notify::{mail_made, mailing_doc, outbox_with};
use crate::submissions::{author_with, collecting_doc, post_submit, stored_count};

pub const NOT_OFFERED: &str = "This calculator does not offer to email your results.";
pub const NEEDS_EMAIL: &str = "Please enter your email address to get your results by email.";
pub const ADDRESS_CAP: &str =
    "Your results were not emailed: this address has had too many copies today.";
pub const CALCULATOR_CAP: &str = "Your results were not emailed: this calculator has sent too \
    many copies in the last hour. Please try again later.";

both_databases!(
    email_me_is_refused_where_it_cannot_be_kept,
    |app: TestApp| async move {
        let (_author, plain) = author_with(&app, "author@example.com", &collecting_doc()).await;
        let offering = new_id();
        let author = app.browser();
        sign_up(&app, &author, "other@example.com").await;
        let mut doc = mailing_doc(json!({"emailResults": true, "notify": "off"}));
        doc["submissions"]["fields"] = json!([{"name": "email"}, {"name": "name"}]);
        assert_eq!(save(&app, &author, &offering, &doc).await.status(), 200);
        let visitor = app.browser();
        for (id, contact, email_me, message) in [
            (
                &plain,
                json!({"email": "ada@example.com"}),
                json!(true),
                NOT_OFFERED.to_owned(),
            ),
            (
                &offering,
                json!({"name": "Ada"}),
                json!(true),
                NEEDS_EMAIL.to_owned(),
            ),
            (
                &offering,
                json!({"email": "", "name": "Ada"}),
                json!(true),
                NEEDS_EMAIL.to_owned(),
            ),
            (
                &offering,
                json!({"email": "ada@example.com"}),
                json!("yes"),
                "Invalid request body: invalid type: string \"yes\", expected a boolean".to_owned(),
            ),
        ] {
            let captcha = solve_captcha(&app, &visitor).await;
            let body = json!({"values": {"1": 1}, "contact": contact, "emailMe": email_me,
                          "captchaResponse": captcha});
            let (status, answer) = post_submit(&app, &visitor, id, &body).await;
            assert_eq!(status, 400, "{answer}");
            assert!(
                answer["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with(&message)),
                "{answer} is not {message}"
            );
        }
        // Unknown fields are still named, the new one among the known.
        let (status, answer) = post_submit(
            &app,
            &visitor,
            &offering,
            &json!({"emailMe": true, "mailMe": true}),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(
            answer["message"],
            "Unknown field \"mailMe\" (a submission has values, contact, locale, captchaResponse, \
         site, website, emailMe)."
        );
        assert_eq!(stored_count(&app).await, 0);
        // `emailMe: false` is no request at all.
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 1}, "contact": {"email": "ada@example.com"},
                      "emailMe": false, "captchaResponse": captcha});
        let (status, answer) = post_submit(&app, &visitor, &plain, &body).await;
        assert_eq!(status, 201, "{answer}");
        assert!(answer.get("emailed").is_none(), "{answer}");
    }
);

both_databases!(
    the_copy_goes_to_the_visitor_in_their_language,
    |app: TestApp| async move {
        let mut doc = mailing_doc(json!({"emailResults": true, "notify": "off"}));
        doc["name"] = json!("Quote see www.spam.example now");
        let (_author, id) = author_with(&app, "author@example.com", &doc).await;
        let visitor = app.browser();
        let captcha = solve_captcha(&app, &visitor).await;
        let body = json!({"values": {"1": 1234.5}, "contact": {"email": "Ada@Example.com"},
                      "locale": "ru", "emailMe": true, "captchaResponse": captcha});
        let (status, answer) = post_submit(&app, &visitor, &id, &body).await;
        assert_eq!(status, 201, "{answer}");
        assert_eq!(answer["emailed"], true);
        assert!(answer.get("emailReason").is_none(), "{answer}");
        let mail = outbox_with(&app, 1).await;
        assert_eq!(mail.len(), 1, "the author is not mailed (notify off)");
        assert_eq!(mail[0].to, "ada@example.com");
        assert_eq!(
            mail[0].subject,
            "Ваши результаты: Quote see [ссылка удалена] now"
        );
        let link = format!("{}/calc/{id}", app.address);
        assert_eq!(
            mail[0].body,
            format!(
                "Ваши результаты расчёта «Quote see [ссылка удалена] now», как вы просили.\n\
             \nИсходные данные\n  a: 1\u{a0}234,5\n\
             \nРезультаты\n  x: 2\u{a0}469,00\n\
             \nКалькулятор: {link}\n\n-- \n\
             Вы получили это письмо, потому что ваш адрес ввели на странице калькулятора с \
             просьбой прислать результаты. Других писем об этом не будет.\n"
            )
        );
    }
);

both_databases!(
    copies_are_capped_per_address_and_per_calculator,
    configure = |config: &mut calcsmith_server::config::Config| {
        config.mail.results_per_address_day = 1;
        config.mail.results_per_calculator_hour = 3;
    },
    |app: TestApp| async move {
        let doc = mailing_doc(json!({"emailResults": true, "notify": "off"}));
        let (_author, id) = author_with(&app, "author@example.com", &doc).await;
        let copy_to = |email: &str| {
            let (app, id, email) = (&app, id.clone(), email.to_owned());
            async move {
                let visitor = app.browser();
                let captcha = solve_captcha(app, &visitor).await;
                let body = json!({"values": {"1": 1}, "contact": {"email": email},
                                  "emailMe": true, "captchaResponse": captcha});
                let (status, answer) = post_submit(app, &visitor, &id, &body).await;
                assert_eq!(status, 201, "{answer}");
                answer
            }
        };
        let first = copy_to("ada@example.com").await;
        assert_eq!(first["emailed"], true);
        let again = copy_to("ada@example.com").await;
        assert_eq!(
            (&again["emailed"], &again["emailReason"]),
            (&json!(false), &json!(ADDRESS_CAP))
        );
        // Other addresses until the calculator's hour is spent (3; a new hour may begin
        // meanwhile and give 3 more).
        let mut sent = 1;
        let mut refused = None;
        for n in 0..8 {
            let answer = copy_to(&format!("visitor{n}@example.com")).await;
            if answer["emailed"] == true {
                sent += 1;
                continue;
            }
            assert_eq!(answer["emailReason"], CALCULATOR_CAP, "{answer}");
            refused = Some(n);
            break;
        }
        let refused = refused.expect("the calculator's cap was reached");
        assert!(refused >= 2, "{refused}");
        // Every lead is stored, copies or not.
        assert_eq!(stored_count(&app).await, 3 + refused as i64);
        let mail = outbox_with(&app, sent).await;
        assert_eq!(mail_made(&app).await, sent as i64);
        assert_eq!(mail.iter().filter(|m| m.to == "ada@example.com").count(), 1);
    }
);
