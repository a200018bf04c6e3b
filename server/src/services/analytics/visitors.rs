//! What a beacon's request says of its visitor, and no more than the rollups keep: whether
//! to count it at all (Do Not Track, Global Privacy Control, bots), the device class, the
//! language, a referrer's host, and the day's salted hash that tells visitors apart.

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, USER_AGENT};
use sha2::{Digest, Sha256};

/// Parts of user agents that name robots, crawlers, previewers, headless browsers and
/// HTTP libraries (lower case).
const BOTS: &[&str] = &[
    "bot",
    "crawl",
    "spider",
    "slurp",
    "headless",
    "lighthouse",
    "phantomjs",
    "selenium",
    "puppeteer",
    "preview",
    "facebookexternalhit",
    "mediapartners",
    "curl/",
    "wget/",
    "python",
    "go-http-client",
    "java/",
    "okhttp",
    "httpclient",
    "libwww",
    "axios/",
    "node-fetch",
    "reqwest",
];

/// The user agent, when there is one.
fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|ua| !ua.is_empty())
}

/// Whether a header is present with the value `1` (`DNT: 1`, `Sec-GPC: 1`).
fn says_one(headers: &HeaderMap, name: &str) -> bool {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim() == "1")
}

/// Why a beacon is answered but not counted, if it is not.
pub fn not_counted(headers: &HeaderMap) -> Option<&'static str> {
    if says_one(headers, "dnt") {
        return Some("do not track");
    }
    if says_one(headers, "sec-gpc") {
        return Some("global privacy control");
    }
    match user_agent(headers) {
        None => Some("no user agent"),
        Some(ua) if is_bot(ua) => Some("bot"),
        Some(_) => None,
    }
}

/// Whether `ua` names a robot or an HTTP library rather than a person's browser.
pub fn is_bot(ua: &str) -> bool {
    let ua = ua.to_ascii_lowercase();
    BOTS.iter().any(|bot| ua.contains(bot))
}

/// `phone`, `tablet` or `desktop`, from the user agent.
pub fn device_class(headers: &HeaderMap) -> &'static str {
    let ua = user_agent(headers).unwrap_or_default();
    let has = |part: &str| ua.contains(part);
    // An Android browser without "Mobile" is a tablet's.
    let android_tablet = has("Android") && !has("Mobile");
    if has("iPad") || has("Tablet") || has("PlayBook") || has("Silk/") || android_tablet {
        "tablet"
    } else if has("Mobi") || has("iPhone") || has("iPod") || has("Android") {
        "phone"
    } else {
        "desktop"
    }
}

/// The visitor's first language (`en`, `ru`, …) from `Accept-Language`; `unknown` when
/// it names none.
pub fn language(headers: &HeaderMap) -> String {
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|list| list.split(',').next())
        .and_then(|first| first.split(';').next())
        .and_then(|tag| tag.trim().split(['-', '_']).next())
        .map(str::to_ascii_lowercase)
        .filter(|primary| {
            (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_lowercase())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The host of an `http(s)` address (without `www.`), the only part of a referrer kept;
/// `None` for anything else (an app, `file:`, nonsense).
pub fn host_of(address: &str) -> Option<String> {
    let parsed = url::Url::parse(address.trim()).ok()?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return None;
    }
    let host = parsed.host_str()?.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_owned();
    (!host.is_empty() && host.len() <= 100).then_some(host)
}

/// The visitor's hash for the day of `salt`: the same address and user agent give the
/// same hash all day; with the next day's salt, an unrelated one.
pub fn visitor_hash(salt: &str, address: &str, headers: &HeaderMap) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update([0]);
    hasher.update(address.as_bytes());
    hasher.update([0]);
    hasher.update(user_agent(headers).unwrap_or_default().as_bytes());
    crate::tokens::hex(&hasher.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(name: &'static str, value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(name, HeaderValue::from_static(value));
        headers
    }

    const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const IPAD: &str = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
    const ANDROID_TABLET: &str = "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
    const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

    #[test]
    fn phones_tablets_and_desktops_are_told_apart() {
        assert_eq!(device_class(&with("user-agent", IPHONE)), "phone");
        assert_eq!(device_class(&with("user-agent", IPAD)), "tablet");
        assert_eq!(device_class(&with("user-agent", ANDROID_TABLET)), "tablet");
        assert_eq!(device_class(&with("user-agent", DESKTOP)), "desktop");
    }

    #[test]
    fn robots_libraries_and_privacy_signals_are_not_counted() {
        assert_eq!(not_counted(&with("user-agent", DESKTOP)), None);
        assert!(is_bot("Mozilla/5.0 (compatible; Googlebot/2.1)"));
        assert!(is_bot("curl/8.5.0"));
        assert!(is_bot("Mozilla/5.0 HeadlessChrome/120.0"));
        assert_eq!(not_counted(&HeaderMap::new()), Some("no user agent"));
        let mut dnt = with("user-agent", DESKTOP);
        dnt.insert("dnt", HeaderValue::from_static("1"));
        assert_eq!(not_counted(&dnt), Some("do not track"));
        let mut gpc = with("user-agent", DESKTOP);
        gpc.insert("sec-gpc", HeaderValue::from_static("1"));
        assert_eq!(not_counted(&gpc), Some("global privacy control"));
    }

    #[test]
    fn the_language_is_the_first_primary_tag() {
        assert_eq!(
            language(&with("accept-language", "ru-RU,ru;q=0.9,en;q=0.8")),
            "ru"
        );
        assert_eq!(language(&with("accept-language", "*")), "unknown");
        assert_eq!(language(&HeaderMap::new()), "unknown");
    }

    #[test]
    fn only_the_host_of_a_web_address_is_kept() {
        assert_eq!(
            host_of("https://www.Example.com/path?q=secret").as_deref(),
            Some("example.com")
        );
        assert_eq!(host_of("android-app://com.google.android.gm/"), None);
        assert_eq!(host_of("not an address"), None);
    }

    #[test]
    fn a_new_salt_makes_a_new_visitor() {
        let headers = with("user-agent", DESKTOP);
        let monday = visitor_hash("salt-1", "192.0.2.1", &headers);
        assert_eq!(monday, visitor_hash("salt-1", "192.0.2.1", &headers));
        assert_ne!(monday, visitor_hash("salt-2", "192.0.2.1", &headers));
        assert_ne!(monday, visitor_hash("salt-1", "192.0.2.2", &headers));
    }
}
