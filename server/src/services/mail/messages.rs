//! The words of submission mail, in English and Russian. Like the web app's catalogs
//! (`web/src/lib/i18n.ts`), every English text has its Russian one: both are values of
//! [`Texts`], so a missing one does not compile. `{name}`-style placeholders are filled
//! by [`fill`].

use calcsmith_engine::Locale;

/// Every text of a submission mail in one language.
pub struct Texts {
    pub notify_subject: &'static str,
    pub notify_intro: &'static str,
    pub held_back_intro: &'static str,
    pub digest_subject: &'static str,
    pub digest_intro: &'static str,
    pub digest_more: &'static str,
    pub digest_held_back: &'static str,
    pub results_subject: &'static str,
    pub results_intro: &'static str,
    pub results_footer: &'static str,
    pub inputs: &'static str,
    pub outputs: &'static str,
    pub contact: &'static str,
    pub page: &'static str,
    pub version: &'static str,
    pub received: &'static str,
    pub calculator_link: &'static str,
    pub editor_link: &'static str,
    pub why_each: &'static str,
    pub why_daily: &'static str,
    pub unsubscribe: &'static str,
    pub link_removed: &'static str,
    pub list_items: &'static str,
    /// Contact field labels: name, email, phone, company, message, consent.
    pub contact_labels: [&'static str; 6],
}

const EN: Texts = Texts {
    notify_subject: "New submission: {name}",
    notify_intro: "\"{name}\" has a new submission.",
    held_back_intro: "\"{name}\" has a new submission. It is past your plan's monthly \
        limit, so it is kept but held back: upgrade your plan to read it.",
    digest_subject: "Submissions of {date}: {name}",
    digest_intro: "\"{name}\" had {count} submission(s) on {date} (UTC).",
    digest_more: "…and {count} more: see them all on the Submissions screen.",
    digest_held_back: "{count} past your plan's monthly limit are kept but held back: \
        upgrade your plan to read them.",
    results_subject: "Your results: {name}",
    results_intro: "Here are your results from \"{name}\", as you asked.",
    results_footer: "You get this e-mail because your address was entered on the \
        calculator's page with a request for the results. It is the only one you will get \
        about it.",
    inputs: "Inputs",
    outputs: "Results",
    contact: "Contact",
    page: "Page",
    version: "Version",
    received: "Received",
    calculator_link: "Calculator",
    editor_link: "Editor",
    why_each: "You get this e-mail because \"{name}\" tells you of each submission.",
    why_daily: "You get this e-mail because \"{name}\" sends you a daily digest of its \
        submissions.",
    unsubscribe: "Stop these e-mails for this calculator (no sign-in needed): {link}",
    link_removed: "[link removed]",
    list_items: "{count} item(s)",
    contact_labels: ["Name", "Email", "Phone", "Company", "Message", "Consent"],
};

const RU: Texts = Texts {
    notify_subject: "Новая заявка: {name}",
    notify_intro: "В калькулятор «{name}» пришла новая заявка.",
    held_back_intro: "В калькулятор «{name}» пришла новая заявка. Она сверх месячного \
        лимита вашего тарифа: она сохранена, но скрыта — перейдите на тариф выше, чтобы её \
        прочитать.",
    digest_subject: "Заявки за {date}: {name}",
    digest_intro: "Заявок в калькулятор «{name}» за {date} (UTC): {count}.",
    digest_more: "…и ещё {count}: все они на экране «Заявки».",
    digest_held_back: "Сверх месячного лимита тарифа: {count} — они сохранены, но скрыты; \
        перейдите на тариф выше, чтобы их прочитать.",
    results_subject: "Ваши результаты: {name}",
    results_intro: "Ваши результаты расчёта «{name}», как вы просили.",
    results_footer: "Вы получили это письмо, потому что ваш адрес ввели на странице \
        калькулятора с просьбой прислать результаты. Других писем об этом не будет.",
    inputs: "Исходные данные",
    outputs: "Результаты",
    contact: "Контакты",
    page: "Страница",
    version: "Версия",
    received: "Получена",
    calculator_link: "Калькулятор",
    editor_link: "Редактор",
    why_each: "Вы получили это письмо, потому что калькулятор «{name}» сообщает вам о \
        каждой заявке.",
    why_daily: "Вы получили это письмо, потому что калькулятор «{name}» присылает вам \
        ежедневную сводку заявок.",
    unsubscribe: "Не присылать эти письма по этому калькулятору (без входа): {link}",
    link_removed: "[ссылка удалена]",
    list_items: "элементов: {count}",
    contact_labels: [
        "Имя",
        "Email",
        "Телефон",
        "Компания",
        "Сообщение",
        "Согласие",
    ],
};

/// The texts of `locale`.
pub fn texts(locale: Locale) -> &'static Texts {
    match locale {
        Locale::En => &EN,
        Locale::Ru => &RU,
    }
}

/// `template` with each `{key}` of `values` replaced by its value, in one pass (a value
/// that holds `{key}` stays as it is).
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    crate::domain::template::fill(template, |key| {
        values.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_in_both_languages() {
        let values = [("name", "Loan")];
        assert_eq!(
            fill(texts(Locale::En).notify_subject, &values),
            "New submission: Loan"
        );
        assert_eq!(
            fill(texts(Locale::Ru).notify_subject, &values),
            "Новая заявка: Loan"
        );
        assert_eq!(
            fill("{name} on {date}", &[("name", "{date}"), ("date", "May 1")]),
            "{date} on May 1"
        );
    }
}
