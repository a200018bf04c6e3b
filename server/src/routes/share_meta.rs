//! What a link to a published calculator previews as when it is shared: the page's
//! title is the calculator's name, with its description, canonical address, and Open
//! Graph and Twitter card tags, all escaped.

use serde_json::Value;

/// The description of a calculator that has none.
const NO_DESCRIPTION: &str = "A calculator made with Calcsmith.";

/// `html` (the app's `index.html`) with the title and preview tags of `doc`, published at
/// `canonical`. The app's own title and description are replaced, not repeated.
pub fn with_share_meta(html: &str, doc: &Value, canonical: &str) -> String {
    let text = |key: &str| {
        doc.get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|t| !t.is_empty())
    };
    let name = escape(text("name").unwrap_or("Calculator"));
    let description = escape(text("description").unwrap_or(NO_DESCRIPTION));
    let canonical = escape(canonical);
    let tags = format!(
        "<title>{name} · Calcsmith</title>\n\
         <meta name=\"description\" content=\"{description}\">\n\
         <link rel=\"canonical\" href=\"{canonical}\">\n\
         <meta property=\"og:type\" content=\"website\">\n\
         <meta property=\"og:site_name\" content=\"Calcsmith\">\n\
         <meta property=\"og:title\" content=\"{name}\">\n\
         <meta property=\"og:description\" content=\"{description}\">\n\
         <meta property=\"og:url\" content=\"{canonical}\">\n\
         <meta name=\"twitter:card\" content=\"summary\">\n\
         <meta name=\"twitter:title\" content=\"{name}\">\n\
         <meta name=\"twitter:description\" content=\"{description}\">\n"
    );
    let html = without_element(html, "<title>", "</title>");
    let html = without_meta_description(&html);
    match html.find("</head>") {
        Some(at) => format!("{}{tags}{}", &html[..at], &html[at..]),
        None => format!("{tags}{html}"),
    }
}

/// Text safe inside an element and inside a double- or single-quoted attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `html` without the first element from `open` to `close`, both included.
fn without_element(html: &str, open: &str, close: &str) -> String {
    let Some(start) = html.find(open) else {
        return html.to_owned();
    };
    match html[start..].find(close) {
        Some(length) => format!(
            "{}{}",
            &html[..start],
            &html[start + length + close.len()..]
        ),
        None => html.to_owned(),
    }
}

/// `html` without its `<meta name="description" ...>` (which may span lines).
fn without_meta_description(html: &str) -> String {
    let Some(attribute) = html.find("name=\"description\"") else {
        return html.to_owned();
    };
    let Some(start) = html[..attribute].rfind("<meta") else {
        return html.to_owned();
    };
    match html[attribute..].find('>') {
        Some(end) => format!("{}{}", &html[..start], &html[attribute + end + 1..]),
        None => html.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const APP: &str = "<head>\n<meta charset=\"UTF-8\" />\n<meta\n  name=\"description\"\n  \
        content=\"Calcsmith: build calculators.\"\n/>\n<title>Calcsmith</title>\n</head><body></body>";

    #[test]
    fn the_apps_title_and_description_give_way_to_the_calculators() {
        let html = with_share_meta(
            APP,
            &json!({"name": "Tip", "description": "Split a bill."}),
            "https://c.example/calc/abc",
        );
        assert_eq!(html.matches("<title>").count(), 1);
        assert_eq!(html.matches("name=\"description\"").count(), 1);
        assert!(html.contains("<title>Tip · Calcsmith</title>"));
        assert!(html.contains("<meta name=\"description\" content=\"Split a bill.\">"));
        assert!(html.contains("<meta charset=\"UTF-8\" />"));
        assert!(html.ends_with("</head><body></body>"));
    }

    #[test]
    fn quotes_and_angle_brackets_cannot_leave_an_attribute() {
        assert_eq!(escape(r#"a"b'c<d>&"#), "a&quot;b&#39;c&lt;d&gt;&amp;");
    }
}
