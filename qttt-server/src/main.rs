//! `qttt-server`: the tables and the playground on one port.

use std::io::IsTerminal;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use clap::builder::TypedValueParser as _;
use qttt_server::{Config, Metrics, MonotonicTime, PgStore, SqliteStore, Store, Tables};

/// Quantum tic-tac-toe tables: two people on two devices play one game,
/// spectators watch, a class page shows every board of a class. Serves the
/// playground and the tables on one port; the games are kept in an
/// embedded database file, or in PostgreSQL, which several instances
/// behind a reverse proxy can share.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The address to listen on; 0.0.0.0:8023 serves the whole network.
    #[arg(long, default_value = "127.0.0.1:8023")]
    addr: SocketAddr,
    /// The database: a file (created if missing), or
    /// postgres://USER:PASSWORD@HOST/DATABASE for PostgreSQL, which several
    /// instances can share.
    #[arg(long, default_value = "qttt-tables.db")]
    db: String,
    /// Seconds a seat waits for a player who dropped out; then, with a
    /// clock, they lose on time, and without one the game waits.
    #[arg(long, default_value_t = 60)]
    grace: u64,
    /// Milliseconds a computer seat may think per action.
    #[arg(long, default_value_t = 2000)]
    computer_ms: u64,
    /// Another page origin allowed to open the WebSocket (such as
    /// https://example.org); repeatable; `*` allows any.
    #[arg(long = "allow-origin")]
    allow_origin: Vec<String>,
    /// The address in shared links and QR codes (such as
    /// http://192.168.1.20:8023); by default the one the browser used.
    #[arg(long)]
    public_url: Option<String>,
    /// Spectators a table may have (at this instance); one more is refused.
    #[arg(long, default_value_t = Config::default().max_spectators,
          value_parser = clap::value_parser!(u32).range(1..).map(|n| n as usize))]
    max_spectators: usize,
    /// WebSocket connections one client address may hold open (at this
    /// instance); one more is refused.
    #[arg(long, default_value_t = Config::default().max_connections_per_address,
          value_parser = clap::value_parser!(u32).range(1..).map(|n| n as usize))]
    max_connections_per_address: usize,
    /// Tables and classes one client address may create at once.
    #[arg(long, default_value_t = Config::default().create_burst,
          value_parser = clap::value_parser!(u32).range(1..))]
    create_burst: u32,
    /// Tables and classes one client address may create per minute after
    /// its burst.
    #[arg(long, default_value_t = Config::default().create_per_minute,
          value_parser = clap::value_parser!(u32).range(1..))]
    create_per_minute: u32,
    /// Hours after which a table whose seats nobody took (and with no
    /// action) is deleted.
    #[arg(long, default_value_t = Config::default().expire_unjoined.as_secs() / 3600,
          value_parser = clap::value_parser!(u64).range(1..))]
    expire_unjoined_hours: u64,
    /// A reverse proxy (its IP address) whose X-Forwarded-For header names
    /// the client, for the limits per client address; repeatable. From
    /// any other address the header is ignored.
    #[arg(long = "trust-proxy")]
    trust_proxy: Vec<IpAddr>,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a person's terminal, not in a log file.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let args = Args::parse();
    // Each WebSocket holds an open file: raise the soft limit to the hard
    // one (the soft limit is often 1,024, the hard one far more).
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(files) => tracing::debug!(files, "open files allowed"),
        Err(error) => tracing::warn!(%error, "could not raise the open files limit"),
    }
    let metrics = Arc::new(Metrics::default());
    let shared = ["postgres://", "postgresql://"]
        .iter()
        .any(|scheme| args.db.starts_with(scheme));
    let store: Arc<dyn Store> = if shared {
        Arc::new(PgStore::open(&args.db, Arc::clone(&metrics)).await?)
    } else {
        Arc::new(SqliteStore::open(Path::new(&args.db), Arc::clone(&metrics)).await?)
    };
    // The address of a database may hold a password: never logged.
    let db = if shared { "postgres" } else { args.db.as_str() };
    let config = Config {
        grace: Duration::from_secs(args.grace),
        computer_time: Duration::from_millis(args.computer_ms),
        allowed_origins: args.allow_origin,
        public_url: args.public_url,
        max_spectators: args.max_spectators,
        max_connections_per_address: args.max_connections_per_address,
        create_burst: args.create_burst,
        create_per_minute: args.create_per_minute,
        expire_unjoined: Duration::from_secs(args.expire_unjoined_hours * 3600),
        trusted_proxies: args.trust_proxy,
        ..Config::default()
    };
    let tables = Arc::new(Tables::new(
        config,
        store,
        Arc::new(MonotonicTime::new()),
        metrics,
    ));
    let listener = tokio::net::TcpListener::bind(args.addr).await?;
    let addr = listener.local_addr()?;
    tracing::info!(
        db,
        started_in_ms = started.elapsed().as_millis(),
        "listening on http://{addr}/"
    );
    println!("qttt-server: http://{addr}/");
    print_addresses(addr);
    let stopping = Arc::clone(&tables);
    tables
        .serve(listener, async move {
            signal().await;
            tracing::info!("shutting down: telling clients to reconnect, finishing writes");
            stopping.shutdown(Duration::from_secs(10)).await;
        })
        .await?;
    tracing::info!("stopped");
    Ok(())
}

/// Says at which addresses other devices (a class's) reach the server:
/// `0.0.0.0` is no address to give anyone. For a server on every
/// interface, the machine's addresses on the networks it has routes to;
/// for one on loopback, that only this machine can open it.
fn print_addresses(addr: SocketAddr) {
    let port = addr.port();
    if addr.ip().is_loopback() {
        println!(
            "  only this machine can open these pages; for other devices (a class), start with --addr 0.0.0.0:{port}"
        );
        return;
    }
    let ips = if addr.ip().is_unspecified() {
        network_ips(addr.is_ipv6())
    } else {
        vec![addr.ip()]
    };
    if ips.is_empty() {
        println!("  no network address found: other devices cannot reach this machine now");
    }
    for ip in ips {
        println!("  on the network: http://{}/", SocketAddr::new(ip, port));
    }
}

/// This machine's addresses towards a few destinations (a public one and
/// one in each private range): the address a UDP socket gets when it is
/// connected there. Connecting a UDP socket sends nothing; a destination
/// without a route is skipped.
fn network_ips(ipv6_too: bool) -> Vec<IpAddr> {
    let mut towards: Vec<IpAddr> = [
        Ipv4Addr::new(192, 0, 2, 1), // a documentation address: any default route
        Ipv4Addr::new(10, 255, 255, 254),
        Ipv4Addr::new(172, 31, 255, 254),
        Ipv4Addr::new(192, 168, 255, 254),
    ]
    .map(IpAddr::V4)
    .to_vec();
    if ipv6_too {
        towards.push(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)));
        towards.push(IpAddr::V6(Ipv6Addr::new(0xfd00, 0, 0, 0, 0, 0, 0, 1)));
    }
    let mut ips = Vec::new();
    for destination in towards {
        let any: IpAddr = if destination.is_ipv4() {
            Ipv4Addr::UNSPECIFIED.into()
        } else {
            Ipv6Addr::UNSPECIFIED.into()
        };
        let local = UdpSocket::bind((any, 0))
            .and_then(|socket| socket.connect((destination, 9)).map(|()| socket))
            .and_then(|socket| socket.local_addr());
        if let Ok(local) = local {
            let ip = local.ip();
            if !ip.is_loopback() && !ip.is_unspecified() && !ips.contains(&ip) {
                ips.push(ip);
            }
        }
    }
    ips
}

/// Resolves on SIGTERM or Ctrl-C.
async fn signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                .expect("a SIGTERM handler");
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
