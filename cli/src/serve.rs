//! `gomoku serve`: the network-play server (see the `gomoku-server` crate).

use std::net::SocketAddr;

use gomoku_server::{Config, DEFAULT_DB};

use crate::args::Args;

/// `gomoku serve [--listen ADDR] [--tcp ADDR] [--db URL]`: serves until
/// interrupted (Ctrl-C or SIGTERM); logs go to stderr (`RUST_LOG` filters).
pub fn run(argv: &[String]) -> Result<(), String> {
    let args = Args::parse(argv, &["listen", "tcp", "db"])?;
    let mut config = Config::new(args.text("db").unwrap_or(DEFAULT_DB));
    config.listen = args.get("listen", config.listen)?;
    config.tcp = args
        .text("tcp")
        .map(str::parse::<SocketAddr>)
        .transpose()
        .map_err(|e| format!("--tcp: {e}"))?;
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
