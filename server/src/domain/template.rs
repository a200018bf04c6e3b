//! Texts with `{key}` placeholders: a thank-you quoting outputs, a mail's sentences.

/// `template` with each `{key}` that `lookup` knows replaced by its text, in one pass: a
/// replacement that itself holds `{key}` stays as it is, and braces `lookup` does not
/// know stay as written.
pub fn fill<'a>(template: &str, lookup: impl Fn(&str) -> Option<&'a str>) -> String {
    let mut filled = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        filled.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let known = after
            .find('}')
            .and_then(|close| Some((close, lookup(&after[..close])?)));
        match known {
            Some((close, text)) => {
                filled.push_str(text);
                rest = &after[close + 1..];
            }
            None => {
                filled.push('{');
                rest = after;
            }
        }
    }
    filled.push_str(rest);
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_keys_are_replaced_once_and_the_rest_stays() {
        let lookup = |key: &str| match key {
            "total" => Some("1,234.50"),
            "name" => Some("{total}"),
            _ => None,
        };
        assert_eq!(
            fill("Your quote: {total} for {name}. {unknown} {", lookup),
            "Your quote: 1,234.50 for {total}. {unknown} {"
        );
    }
}
