//! A doc's `embedDomains`: the sites allowed to embed the calculator, a list of
//! `[scheme://]host[:port]` entries read exactly as `web/src/lib/embed-domains.ts` reads
//! them (the embed's postMessage checks use that file). No list, or an empty one, leaves
//! the calculator open to every site. `/embed/{id}` pages carry the list as the CSP's
//! `frame-ancestors` ([`FrameAncestors`]).
//!
//! - `example.com`: https://example.com (the scheme is https unless written)
//! - `*.example.com`: any subdomain of example.com over https, not example.com itself
//! - `http://127.0.0.1:5174`: that scheme, host and port only

use serde_json::Value;

/// The doc's field that lists the sites.
pub const FIELD: &str = "embedDomains";

/// At most this many entries in a doc's list.
pub const MAX_ENTRIES: usize = 20;

/// The longest entry, as a DNS name's longest text.
const MAX_ENTRY_LEN: usize = 253;

/// How much of a refused entry its message quotes.
const QUOTED_CHARS: usize = 60;

/// An allowed site's scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Http,
    Https,
}

/// One allowed site, parsed: only letters, digits, `-` and `.` in its host, so its CSP
/// source can never carry `;`, a quote or a space into the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbedDomain {
    scheme: Scheme,
    /// Lower case, without the leading `*.`.
    host: String,
    /// `*.host`: subdomains of `host`, not `host` itself.
    subdomains: bool,
    /// `None` for the scheme's default port.
    port: Option<u16>,
}

impl EmbedDomain {
    /// An entry as an author writes it (trimmed, any case), or `None` when it is not one.
    pub fn parse(entry: &str) -> Option<EmbedDomain> {
        // JavaScript's `trim` also drops the byte-order mark, which is not white space here.
        let text = entry
            .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
            .to_lowercase();
        if text.is_empty() || text.len() > MAX_ENTRY_LEN {
            return None;
        }
        let (scheme, rest) = if let Some(rest) = text.strip_prefix("http://") {
            (Scheme::Http, rest)
        } else if let Some(rest) = text.strip_prefix("https://") {
            (Scheme::Https, rest)
        } else {
            (Scheme::Https, text.as_str())
        };
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        let (subdomains, rest) = match rest.strip_prefix("*.") {
            Some(rest) => (true, rest),
            None => (false, rest),
        };
        let (host, port) = match rest.split_once(':') {
            Some((host, digits)) => (host, Some(parse_port(digits)?)),
            None => (rest, None),
        };
        if !host.split('.').all(is_label) {
            return None;
        }
        Some(EmbedDomain {
            scheme,
            host: host.to_owned(),
            subdomains,
            port,
        })
    }

    /// The entry as a CSP source with its scheme: `https://*.example.com`,
    /// `http://127.0.0.1:5174`.
    pub fn csp_source(&self) -> String {
        let scheme = match self.scheme {
            Scheme::Http => "http",
            Scheme::Https => "https",
        };
        let star = if self.subdomains { "*." } else { "" };
        let port = self.port.map(|p| format!(":{p}")).unwrap_or_default();
        format!("{scheme}://{star}{}{port}", self.host)
    }
}

/// 1 to 5 digits naming a port from 1 to 65535.
fn parse_port(digits: &str) -> Option<u16> {
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u16>().ok().filter(|port| *port >= 1)
}

/// A DNS label: letters and digits, with `-` inside.
fn is_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    !bytes.is_empty()
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && bytes.first() != Some(&b'-')
        && bytes.last() != Some(&b'-')
}

/// A doc's list, every entry parsed. Empty: every site may embed the calculator.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmbedDomains(Vec<EmbedDomain>);

impl EmbedDomains {
    /// The doc's `embedDomains` (`setting`; absent or null: no list).
    ///
    /// # Errors
    /// The problem, naming the first entry that is not a site, when the setting is not a
    /// list of at most [`MAX_ENTRIES`] sites.
    pub fn parse(setting: Option<&Value>) -> Result<EmbedDomains, String> {
        let entries = match setting {
            None | Some(Value::Null) => return Ok(EmbedDomains::default()),
            Some(Value::Array(entries)) => entries,
            Some(_) => return Err(format!("{FIELD} must be a list of sites")),
        };
        if entries.len() > MAX_ENTRIES {
            return Err(format!(
                "{FIELD} has {} sites: at most {MAX_ENTRIES} may embed a calculator",
                entries.len()
            ));
        }
        entries
            .iter()
            .map(|entry| {
                entry
                    .as_str()
                    .and_then(EmbedDomain::parse)
                    .ok_or_else(|| format!("{FIELD}: {}", not_a_site(entry)))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(EmbedDomains)
    }

    /// Whether every site may embed the calculator.
    pub fn is_open(&self) -> bool {
        self.0.is_empty()
    }

    /// The entries.
    pub fn entries(&self) -> &[EmbedDomain] {
        &self.0
    }
}

/// What is wrong with an entry: `"exa mple.com" is not a site (…)`, the words the editor
/// shows under its field (`web/src/features/editor/embed-domains-messages.ts`).
fn not_a_site(entry: &Value) -> String {
    let text = match entry {
        Value::String(text) => text.trim().to_owned(),
        other => other.to_string(),
    };
    let mut quoted: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(QUOTED_CHARS)
        .collect();
    if text.chars().count() > QUOTED_CHARS {
        quoted.push('…');
    }
    format!(
        "\"{quoted}\" is not a site (write example.com, *.example.com or http://127.0.0.1:5174)"
    )
}

/// The problem with a doc's `embedDomains` (`setting`), if any: save validation's words.
pub fn problem(setting: Option<&Value>) -> Option<String> {
    EmbedDomains::parse(setting).err()
}

/// The CSP `frame-ancestors` of an embed page, made only from parsed entries. A response
/// carrying it as an extension gets it in its CSP (`security::headers`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameAncestors(String);

impl FrameAncestors {
    /// The framing rule of a published doc: `None` when every site may embed it (no list,
    /// or an empty one). A stored list is read as the embed's origin checks read it: the
    /// entries that parse count, and a list none of whose entries parse lets no site
    /// frame it (saves refuse such lists; this is for docs stored before they did).
    pub fn of_doc(doc: &Value) -> Option<FrameAncestors> {
        let sources: Vec<String> = match doc.get(FIELD) {
            None | Some(Value::Null) => return None,
            Some(Value::Array(entries)) if entries.is_empty() => return None,
            Some(Value::Array(entries)) => entries
                .iter()
                .filter_map(Value::as_str)
                .filter_map(EmbedDomain::parse)
                .map(|domain| domain.csp_source())
                .collect(),
            Some(_) => Vec::new(),
        };
        Some(FrameAncestors(if sources.is_empty() {
            "'none'".to_owned()
        } else {
            sources.join(" ")
        }))
    }

    /// The directive's value: sources separated by spaces, or `'none'`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn domain(scheme: Scheme, host: &str, subdomains: bool, port: Option<u16>) -> EmbedDomain {
        EmbedDomain {
            scheme,
            host: host.to_owned(),
            subdomains,
            port,
        }
    }

    // The same table as web/src/lib/embed-domains.test.ts.
    #[test]
    fn a_bare_host_is_https_on_the_default_port() {
        assert_eq!(
            EmbedDomain::parse(" Shop.Example.com "),
            Some(domain(Scheme::Https, "shop.example.com", false, None))
        );
    }

    #[test]
    fn a_scheme_a_wildcard_and_a_port_are_read() {
        assert_eq!(
            EmbedDomain::parse("http://*.example.com:8080"),
            Some(domain(Scheme::Http, "example.com", true, Some(8080)))
        );
    }

    #[test]
    fn entries_that_are_not_sites_are_refused() {
        for entry in [
            "",
            "ftp://example.com",
            "https://example.com/path",
            "example.com:0",
            "example.com:70000",
            "exa mple.com",
            "*example.com",
            "example.*.com",
            "example.com'; script-src *",
            "https://user@example.com",
        ] {
            assert_eq!(EmbedDomain::parse(entry), None, "{entry:?}");
        }
    }

    #[test]
    fn edges_read_as_the_web_app_reads_them() {
        assert_eq!(
            EmbedDomain::parse("https://example.com/"),
            Some(domain(Scheme::Https, "example.com", false, None))
        );
        assert_eq!(
            EmbedDomain::parse("example.com:00080"),
            Some(domain(Scheme::Https, "example.com", false, Some(80)))
        );
        assert_eq!(
            EmbedDomain::parse("\u{feff}example.com"),
            Some(domain(Scheme::Https, "example.com", false, None))
        );
        for entry in [
            "-example.com",
            "example-.com",
            "example..com",
            "*.",
            "https://",
            "example.com:",
            "example.com:123456",
            "example.com//",
            "http://http://example.com",
            "éxample.com",
            &"a".repeat(254),
        ] {
            assert_eq!(EmbedDomain::parse(entry), None, "{entry:?}");
        }
    }

    #[test]
    fn an_entry_becomes_a_csp_source_with_its_scheme() {
        let source = |entry| EmbedDomain::parse(entry).map(|d| d.csp_source());
        assert_eq!(
            source("example.com").as_deref(),
            Some("https://example.com")
        );
        assert_eq!(
            source("*.Example.com").as_deref(),
            Some("https://*.example.com")
        );
        assert_eq!(
            source("http://127.0.0.1:5174").as_deref(),
            Some("http://127.0.0.1:5174")
        );
    }

    #[test]
    fn no_list_or_an_empty_one_leaves_every_site_open() {
        assert!(EmbedDomains::parse(None).unwrap().is_open());
        assert!(EmbedDomains::parse(Some(&json!(null))).unwrap().is_open());
        assert!(EmbedDomains::parse(Some(&json!([]))).unwrap().is_open());
        assert_eq!(FrameAncestors::of_doc(&json!({"name": "x"})), None);
        assert_eq!(FrameAncestors::of_doc(&json!({"embedDomains": []})), None);
    }

    #[test]
    fn a_list_is_parsed_entry_by_entry() {
        let list = EmbedDomains::parse(Some(&json!(["example.com", "*.shop.test"]))).unwrap();
        assert_eq!(
            list.entries(),
            [
                domain(Scheme::Https, "example.com", false, None),
                domain(Scheme::Https, "shop.test", true, None)
            ]
        );
    }

    #[test]
    fn a_bad_list_names_its_first_bad_entry() {
        assert_eq!(
            problem(Some(&json!(["example.com", " exa mple.com ", "ftp://x"]))).as_deref(),
            Some(
                "embedDomains: \"exa mple.com\" is not a site (write example.com, \
                 *.example.com or http://127.0.0.1:5174)"
            )
        );
        assert_eq!(
            problem(Some(&json!([5]))).as_deref(),
            Some(
                "embedDomains: \"5\" is not a site (write example.com, *.example.com or \
                 http://127.0.0.1:5174)"
            )
        );
        assert_eq!(
            problem(Some(&json!("example.com"))).as_deref(),
            Some("embedDomains must be a list of sites")
        );
        assert_eq!(problem(Some(&json!(["example.com"]))), None);
    }

    #[test]
    fn a_long_entry_is_quoted_short_and_without_control_characters() {
        let entry = format!("a\nb{}", "c".repeat(100));
        let message = problem(Some(&json!([entry]))).unwrap();
        assert!(
            message.starts_with(&format!("embedDomains: \"a b{}…\" is", "c".repeat(57))),
            "{message}"
        );
    }

    #[test]
    fn at_most_twenty_sites() {
        let sites: Vec<String> = (0..21).map(|n| format!("s{n}.example.com")).collect();
        assert_eq!(
            problem(Some(&json!(sites))).as_deref(),
            Some("embedDomains has 21 sites: at most 20 may embed a calculator")
        );
        assert_eq!(problem(Some(&json!(sites[..20]))), None);
    }

    #[test]
    fn frame_ancestors_list_every_entry_as_a_source() {
        let doc = json!({"embedDomains": ["Example.com", "*.shop.test", "http://127.0.0.1:5174"]});
        assert_eq!(
            FrameAncestors::of_doc(&doc).unwrap().as_str(),
            "https://example.com https://*.shop.test http://127.0.0.1:5174"
        );
    }

    #[test]
    fn a_stored_list_of_nothing_readable_frames_nowhere() {
        let doc = json!({"embedDomains": ["example.com'; script-src *", 7]});
        assert_eq!(FrameAncestors::of_doc(&doc).unwrap().as_str(), "'none'");
        let doc = json!({"embedDomains": ["bad entry", "example.com"]});
        assert_eq!(
            FrameAncestors::of_doc(&doc).unwrap().as_str(),
            "https://example.com"
        );
    }
}
