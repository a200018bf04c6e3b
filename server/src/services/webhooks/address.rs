//! Where a webhook may go. An endpoint's address is an https URL (plain http only to
//! loopback, with `CALCSMITH_WEBHOOKS_ALLOW_LOOPBACK=1`) whose host resolves only to
//! public addresses: never loopback, private, CGNAT, link-local (cloud metadata
//! included), unique-local, unspecified, multicast, broadcast or otherwise reserved, nor
//! an IPv6 form of those. It is checked when the author adds it and again before every
//! attempt, and the attempt connects to the very addresses checked (`send.rs`), so a name
//! that resolves differently later (DNS rebinding) cannot reach inside.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use url::{Host, Url};

/// The longest address taken, in characters.
pub const URL_CHARS: usize = 2000;

/// Why an address is refused; the text is for the author (a 400 when adding it, the
/// attempt's `error` when delivering).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddressError {
    NotUrl,
    TooLong,
    NotHttps,
    Credentials,
    /// The host has no address (or DNS failed).
    Unresolved,
    /// The host resolves to an address webhooks may not reach.
    Forbidden(IpAddr),
}

impl fmt::Display for AddressError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AddressError::NotUrl => {
                f.write_str("The webhook address must be a full URL starting with https://.")
            }
            AddressError::TooLong => write!(
                f,
                "The webhook address is too long (at most {URL_CHARS} characters)."
            ),
            AddressError::NotHttps => f.write_str("The webhook address must start with https://."),
            AddressError::Credentials => {
                f.write_str("The webhook address cannot contain a user name or password.")
            }
            AddressError::Unresolved => {
                f.write_str("The webhook address's host could not be found.")
            }
            AddressError::Forbidden(ip) => write!(
                f,
                "The webhook address leads to {ip}, a private, loopback, link-local or \
                 reserved address. Webhooks go only to public internet addresses."
            ),
        }
    }
}

/// A parsed endpoint address (not yet resolved).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookUrl(Url);

impl WebhookUrl {
    /// Parses an address as the author typed it (http is let through only with
    /// `allow_loopback`, and [`resolve`] then insists on loopback).
    ///
    /// # Errors
    /// Not an absolute http(s) URL with a host, too long, credentials in it, or http
    /// without the loopback switch.
    pub fn parse(raw: &str, allow_loopback: bool) -> Result<WebhookUrl, AddressError> {
        let raw = raw.trim();
        if raw.chars().count() > URL_CHARS {
            return Err(AddressError::TooLong);
        }
        let url = Url::parse(raw).map_err(|_| AddressError::NotUrl)?;
        match url.scheme() {
            "https" => {}
            "http" if allow_loopback => {}
            "http" => return Err(AddressError::NotHttps),
            _ => return Err(AddressError::NotUrl),
        }
        if url.host().is_none() {
            return Err(AddressError::NotUrl);
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(AddressError::Credentials);
        }
        if url.as_str().chars().count() > URL_CHARS {
            return Err(AddressError::TooLong);
        }
        Ok(WebhookUrl(url))
    }

    /// The address as stored and shown (normalised).
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// Whether the attempt speaks TLS.
    pub fn is_https(&self) -> bool {
        self.0.scheme() == "https"
    }

    /// The host name (or IP address, without brackets) for TLS and DNS.
    pub fn host(&self) -> String {
        match self.0.host() {
            Some(Host::Ipv6(ip)) => ip.to_string(),
            Some(host) => host.to_string(),
            None => String::new(),
        }
    }

    /// The port, the scheme's default when none is written.
    pub fn port(&self) -> u16 {
        self.0.port_or_known_default().unwrap_or(443)
    }

    /// The `Host` header: the host, and the port when it is not the default.
    pub fn host_header(&self) -> String {
        let host = self.0.host_str().unwrap_or_default();
        match self.0.port() {
            Some(port) => format!("{host}:{port}"),
            None => host.to_owned(),
        }
    }

    /// The request target: path and query (never the fragment).
    pub fn path_and_query(&self) -> String {
        match self.0.query() {
            Some(query) => format!("{}?{query}", self.0.path()),
            None => self.0.path().to_owned(),
        }
    }
}

/// The addresses `url`'s host resolves to, every one of them allowed (else the first
/// refused one is the error). An IP address in the URL is checked as it is.
///
/// # Errors
/// The host cannot be resolved, one of its addresses is forbidden, or the URL is plain
/// http to anything but loopback.
pub async fn resolve(
    url: &WebhookUrl,
    allow_loopback: bool,
) -> Result<Vec<SocketAddr>, AddressError> {
    let port = url.port();
    let addresses: Vec<SocketAddr> = match url.0.host() {
        Some(Host::Ipv4(ip)) => vec![SocketAddr::new(IpAddr::V4(ip), port)],
        Some(Host::Ipv6(ip)) => vec![SocketAddr::new(IpAddr::V6(ip), port)],
        Some(Host::Domain(name)) => tokio::net::lookup_host((name, port))
            .await
            .map_err(|_| AddressError::Unresolved)?
            .collect(),
        None => return Err(AddressError::NotUrl),
    };
    if addresses.is_empty() {
        return Err(AddressError::Unresolved);
    }
    for address in &addresses {
        if forbidden(address.ip(), allow_loopback) {
            return Err(AddressError::Forbidden(address.ip()));
        }
        if !url.is_https() && !is_loopback(address.ip()) {
            return Err(AddressError::NotHttps);
        }
    }
    Ok(addresses)
}

/// [`resolve`] at configuration time: only whether the address is acceptable now.
///
/// # Errors
/// As [`resolve`].
pub async fn check(url: &WebhookUrl, allow_loopback: bool) -> Result<(), AddressError> {
    resolve(url, allow_loopback).await.map(|_| ())
}

/// 127.0.0.0/8, ::1, or IPv4-mapped 127.0.0.0/8: what the loopback switch allows.
fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => ip.is_loopback(),
        IpAddr::V6(ip) => {
            ip == Ipv6Addr::LOCALHOST || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

/// Whether webhooks may not reach `ip` (loopback only with `allow_loopback`).
pub fn forbidden(ip: IpAddr, allow_loopback: bool) -> bool {
    if is_loopback(ip) {
        return !allow_loopback;
    }
    match ip {
        IpAddr::V4(ip) => forbidden_v4(ip),
        IpAddr::V6(ip) => forbidden_v6(ip),
    }
}

fn forbidden_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    a == 0 // "this network", 0.0.0.0 among them
        || a == 10
        || a == 127
        || (a == 100 && (64..128).contains(&b)) // CGNAT (and some clouds' metadata)
        || (a == 169 && b == 254) // link-local, 169.254.169.254 among them
        || (a == 172 && (16..32).contains(&b))
        || (a == 192 && b == 168)
        || (a == 192 && b == 0 && (c == 0 || c == 2)) // protocol assignments, TEST-NET-1
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // TEST-NET-2
        || (a == 203 && b == 0 && c == 113) // TEST-NET-3
        || a >= 224 // multicast, reserved, 255.255.255.255
}

fn forbidden_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return forbidden_v4(v4);
    }
    let s = ip.segments();
    let embedded = |high: u16, low: u16| {
        forbidden_v4(Ipv4Addr::new(
            (high >> 8) as u8,
            high as u8,
            (low >> 8) as u8,
            low as u8,
        ))
    };
    s[..6].iter().all(|&x| x == 0) // ::, ::1 and IPv4-compatible ::a.b.c.d
        || (s[0] == 0x0064 && s[1] == 0xff9b && embedded(s[6], s[7])) // NAT64
        || (s[0] == 0x2002 && embedded(s[1], s[2])) // 6to4
        || (s[0] == 0x2001 && s[1] == 0) // Teredo
        || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
        || (s[0] == 0x0100 && s[1..4].iter().all(|&x| x == 0)) // discard-only
        || (s[0] & 0xfe00) == 0xfc00 // unique-local, fd00:ec2::254 among them
        || (s[0] & 0xffc0) == 0xfe80 // link-local
        || (s[0] & 0xffc0) == 0xfec0 // site-local (deprecated)
        || (s[0] & 0xff00) == 0xff00 // multicast
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(ip: &str) -> bool {
        forbidden(ip.parse().unwrap(), false)
    }

    #[test]
    fn private_and_reserved_addresses_are_refused() {
        for ip in [
            "127.0.0.1",
            "127.8.9.10",
            "0.0.0.0",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "100.64.0.1",
            "100.127.255.255",
            "169.254.169.254",
            "169.254.0.1",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "::",
            "::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "fe80::1",
            "fc00::1",
            "fd00:ec2::254",
            "ff02::1",
            "64:ff9b::a9fe:a9fe",
            "2002:c0a8:0101::1",
        ] {
            assert!(refused(ip), "{ip} should be refused");
        }
    }

    #[test]
    fn public_addresses_are_allowed() {
        for ip in [
            "8.8.8.8",
            "1.1.1.1",
            "172.15.0.1",
            "172.32.0.1",
            "100.63.0.1",
            "100.128.0.1",
            "169.253.1.1",
            "2606:4700:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:8.8.8.8",
        ] {
            assert!(!refused(ip), "{ip} should be allowed");
        }
    }

    #[test]
    fn the_loopback_switch_allows_loopback_only() {
        for ip in ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"] {
            assert!(!forbidden(ip.parse().unwrap(), true), "{ip}");
        }
        for ip in [
            "10.0.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "::",
            "fd00:ec2::254",
        ] {
            assert!(forbidden(ip.parse().unwrap(), true), "{ip}");
        }
    }

    #[test]
    fn only_https_addresses_without_credentials_parse() {
        assert!(WebhookUrl::parse("https://hooks.example.com/in?x=1", false).is_ok());
        assert_eq!(
            WebhookUrl::parse("http://hooks.example.com/in", false),
            Err(AddressError::NotHttps)
        );
        assert!(WebhookUrl::parse("http://127.0.0.1:9/in", true).is_ok());
        assert_eq!(
            WebhookUrl::parse("ftp://example.com/", false),
            Err(AddressError::NotUrl)
        );
        assert_eq!(
            WebhookUrl::parse("hooks.example.com", false),
            Err(AddressError::NotUrl)
        );
        assert_eq!(
            WebhookUrl::parse("https://user:pw@example.com/", false),
            Err(AddressError::Credentials)
        );
        let long = format!("https://example.com/{}", "a".repeat(URL_CHARS));
        assert_eq!(WebhookUrl::parse(&long, false), Err(AddressError::TooLong));
    }

    #[test]
    fn odd_spellings_of_an_address_are_read_as_the_address() {
        // The URL parser reads these as 127.0.0.1, so they are checked as loopback.
        for raw in ["https://0x7f.1/", "https://2130706433/", "https://127.1/"] {
            let url = WebhookUrl::parse(raw, false).unwrap();
            assert_eq!(url.host(), "127.0.0.1", "{raw}");
        }
        let url = WebhookUrl::parse("https://[::1]:8443/a?b#c", false).unwrap();
        assert_eq!(
            (
                url.host(),
                url.port(),
                url.host_header(),
                url.path_and_query()
            ),
            (
                "::1".to_owned(),
                8443,
                "[::1]:8443".to_owned(),
                "/a?b".to_owned()
            )
        );
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused_without_the_switch() {
        let url = WebhookUrl::parse("https://localhost/hook", false).unwrap();
        assert!(matches!(
            resolve(&url, false).await,
            Err(AddressError::Forbidden(_))
        ));
        let url = WebhookUrl::parse("http://localhost:9/hook", true).unwrap();
        assert!(resolve(&url, true).await.is_ok());
    }
}
