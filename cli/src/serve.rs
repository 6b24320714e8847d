//! `gomoku serve`: the network-play server (see the `gomoku-server` crate).

use std::net::SocketAddr;

use gomoku_server::{Config, DEFAULT_DB};

/// The options of `gomoku serve`.
#[derive(clap::Args, Clone, Debug)]
pub struct ServeArgs {
    /// Where the browser client and /ws listen (loopback unless told).
    #[arg(long)]
    pub listen: Option<SocketAddr>,
    /// Also serve JSON lines over plain TCP here.
    #[arg(long)]
    pub tcp: Option<SocketAddr>,
    /// A SQLite file, or a postgres:// URL.
    #[arg(long, default_value = DEFAULT_DB)]
    pub db: String,
}

/// `gomoku serve [--listen ADDR] [--tcp ADDR] [--db URL]`: serves until
/// interrupted (Ctrl-C or SIGTERM); logs go to stderr (`RUST_LOG` filters).
pub fn run(args: ServeArgs) -> Result<(), String> {
    let mut config = Config::new(&args.db);
    if let Some(listen) = args.listen {
        config.listen = listen;
    }
    config.tcp = args.tcp;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| format!("no runtime: {e}"))?;
    runtime.block_on(async {
        let server = gomoku_server::serve(config)
            .await
            .map_err(|e| e.to_string())?;
        eprintln!("gomoku serve: open http://{}/", server.http_addr());
        if let Some(tcp) = server.tcp_addr() {
            eprintln!("gomoku serve: JSON lines on tcp {tcp}");
        }
        wait_for_signal().await;
        server.shutdown().await;
        Ok(())
    })
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
