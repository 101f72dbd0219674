//! The limits per client: a token bucket, the client's address (the
//! socket's peer, or behind a trusted proxy the address it forwards), the
//! connections each address holds open and the tables and classes each
//! address creates.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::hub::{Config, Shared};

/// A token bucket: `burst` at once, refilled at `rate` a second.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    at: Duration,
}

impl Bucket {
    /// A full bucket at `now`.
    pub fn new(burst: u32, rate: f64, now: Duration) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            rate,
            burst: f64::from(burst),
            at: now,
        }
    }

    fn refill(&mut self, now: Duration) {
        let refill = now.saturating_sub(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
    }

    /// Takes a token at `now`; `Err` with the time until the next one when
    /// the bucket is empty.
    pub fn take(&mut self, now: Duration) -> Result<(), Duration> {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else if self.rate > 0.0 {
            Err(Duration::from_secs_f64((1.0 - self.tokens) / self.rate))
        } else {
            Err(Duration::MAX)
        }
    }

    fn is_full(&mut self, now: Duration) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// The client's address, as the limits count it: `None` when the server
/// was not started with the peers' addresses (axum's `ConnectInfo`), and
/// then no limit per address applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub Option<IpAddr>);

impl FromRequestParts<Arc<Shared>> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        shared: &Arc<Shared>,
    ) -> Result<ClientAddr, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientAddr(peer.map(|peer| {
            client_of(&shared.config, peer, &parts.headers)
        })))
    }
}

/// The client behind `peer`: `peer` itself, unless it is a trusted proxy;
/// then the last address of `X-Forwarded-For` that is not a trusted proxy
/// (each proxy appends the address it was reached from, so the ones
/// before that are the client's own say and not to be believed).
fn client_of(config: &Config, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    let trusted = |ip: &IpAddr| config.trusted_proxies.contains(&ip.to_canonical());
    if !trusted(&peer) {
        return key(peer);
    }
    let forwarded: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .collect();
    let mut client = peer;
    for hop in forwarded.iter().rev() {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) if trusted(&ip) => client = ip,
            Ok(ip) => return key(ip),
            Err(_) => break,
        }
    }
    key(client)
}

/// The address as counted: an IPv4 address as itself (also when written
/// as IPv6), an IPv6 address by its /64 network (one device may use many
/// addresses of its network).
fn key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
}

/// Above this many addresses in the creation buckets, the full ones (the
/// addresses that have not created anything for a while) are dropped.
const BUCKETS_KEPT: usize = 4096;

/// What each client address holds and has used.
#[derive(Debug, Default)]
pub struct Limits {
    connections: Mutex<HashMap<IpAddr, usize>>,
    creations: Mutex<HashMap<IpAddr, Bucket>>,
}

/// One open connection of an address, counted until it drops.
#[derive(Debug)]
pub struct Slot {
    limits: Arc<Limits>,
    addr: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut connections = self.limits.connections.lock().expect("limits lock");
        if let Some(count) = connections.get_mut(&self.addr) {
            *count -= 1;
            if *count == 0 {
                connections.remove(&self.addr);
            }
        }
    }
}

impl Limits {
    /// Counts one more connection of `addr`, unless it holds `max`.
    pub fn connect(self: &Arc<Limits>, addr: IpAddr, max: usize) -> Option<Slot> {
        let mut connections = self.connections.lock().expect("limits lock");
        let count = connections.entry(addr).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(Slot {
            limits: Arc::clone(self),
            addr,
        })
    }

    /// Takes one creation of `addr` at `now`; `Err` with the time until it
    /// may create again.
    pub fn create(&self, config: &Config, addr: IpAddr, now: Duration) -> Result<(), Duration> {
        let mut creations = self.creations.lock().expect("limits lock");
        if creations.len() >= BUCKETS_KEPT {
            creations.retain(|_, bucket| !bucket.is_full(now));
        }
        let rate = f64::from(config.create_per_minute) / 60.0;
        creations
            .entry(addr)
            .or_insert_with(|| Bucket::new(config.create_burst, rate, now))
            .take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", forwarded.parse().unwrap());
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_header_counts_only_from_a_trusted_proxy() {
        let config = Config {
            trusted_proxies: vec![ip("127.0.0.1"), ip("10.0.0.2")],
            ..Config::default()
        };
        let forged = headers("203.0.113.9, 198.51.100.7");
        // Not a proxy: its header is its own say.
        assert_eq!(
            client_of(&config, ip("192.0.2.1"), &forged),
            ip("192.0.2.1")
        );
        // A proxy appended the address it was reached from, last.
        assert_eq!(
            client_of(&config, ip("127.0.0.1"), &forged),
            ip("198.51.100.7")
        );
        // Two trusted proxies in a row: the one before them.
        assert_eq!(
            client_of(&config, ip("127.0.0.1"), &headers("198.51.100.7, 10.0.0.2")),
            ip("198.51.100.7")
        );
        // No header, or nothing readable: the proxy itself.
        assert_eq!(
            client_of(&config, ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        assert_eq!(
            client_of(&config, ip("127.0.0.1"), &headers("nonsense")),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn an_ipv6_client_counts_by_its_network() {
        let config = Config::default();
        let none = HeaderMap::new();
        assert_eq!(
            client_of(&config, ip("2001:db8:1:2:aaaa::1"), &none),
            ip("2001:db8:1:2::")
        );
        assert_eq!(
            client_of(&config, ip("::ffff:192.0.2.1"), &none),
            ip("192.0.2.1")
        );
    }

    #[test]
    fn a_bucket_says_when_its_next_token_comes() {
        // 2 at once, then one every 4 seconds.
        let mut bucket = Bucket::new(2, 0.25, Duration::ZERO);
        assert_eq!(bucket.take(Duration::ZERO), Ok(()));
        assert_eq!(bucket.take(Duration::ZERO), Ok(()));
        assert_eq!(bucket.take(Duration::ZERO), Err(Duration::from_secs(4)));
        assert_eq!(
            bucket.take(Duration::from_secs(3)),
            Err(Duration::from_secs(1))
        );
        assert_eq!(bucket.take(Duration::from_secs(4)), Ok(()));
    }
}
