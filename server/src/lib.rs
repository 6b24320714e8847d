//! # gomoku-server
//!
//! Network play for the gomoku core (`gomoku serve`): rooms with short
//! unguessable codes, two seats (a person or the computer) and any number of
//! watchers; a browser client at `/`; the same JSON messages over WebSocket
//! (`/ws`) and, with `--tcp`, as lines over a plain socket; every accepted
//! move stored in SQLite or PostgreSQL before it is announced, so that a
//! restarted server takes its open rooms back; finished games archived and
//! served at `/api/games`.
//!
//! ```no_run
//! # async fn run() -> Result<(), gomoku_server::ServeError> {
//! let config = gomoku_server::Config::new("games.sqlite");
//! let server = gomoku_server::serve(config).await?;
//! println!("open http://{}/", server.http_addr());
//! server.shutdown().await;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]
// No panics on any input: the server's own code may not unwrap or index.
#![cfg_attr(
    not(test),
    warn(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod computer;
mod config;
mod http;
mod hub;
mod outbox;
pub mod protocol;
mod rate;
mod room;
mod secrets;
mod session;
pub mod store;
mod tcp;
mod web;
mod ws;

use std::fmt;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tracing::info;

pub use config::{Config, Limits, DEFAULT_DB, DEFAULT_PORT};
pub use session::PROTOCOL_VERSION;

use hub::Hub;
use store::{Store, StoreError};

/// Why a server could not start.
#[derive(Debug)]
pub enum ServeError {
    /// The database could not be opened or migrated.
    Store(StoreError),
    /// A listener could not bind its address.
    Bind(SocketAddr, std::io::Error),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Store(e) => write!(f, "{e}"),
            ServeError::Bind(addr, e) => write!(f, "cannot listen on {addr}: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// A running server.
pub struct Server {
    http_addr: SocketAddr,
    tcp_addr: Option<SocketAddr>,
    hub: Arc<Hub>,
    tasks: Vec<JoinHandle<()>>,
}

/// Opens the database, takes back the open rooms, binds the listeners and
/// starts serving on the current tokio runtime.
pub async fn serve(config: Config) -> Result<Server, ServeError> {
    let store = Store::open(&config.db).await.map_err(ServeError::Store)?;
    let hub = Arc::new(Hub::new(store, config.limits.clone()));
    hub.restore_rooms().await.map_err(ServeError::Store)?;
    let bind = |addr: SocketAddr| async move {
        TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Bind(addr, e))
    };
    let http = bind(config.listen).await?;
    let http_addr = http
        .local_addr()
        .map_err(|e| ServeError::Bind(config.listen, e))?;
    let mut tasks = Vec::new();
    let app = http::router(hub.clone());
    let shutdown = hub.shutdown.clone();
    tasks.push(tokio::spawn(async move {
        let served = axum::serve(http, app)
            .with_graceful_shutdown(shutdown.cancelled_owned())
            .await;
        if let Err(e) = served {
            tracing::error!(error = %e, "http server failed");
        }
    }));
    info!(addr = %http_addr, "http and websocket listening");
    let tcp_addr = match config.tcp {
        None => None,
        Some(addr) => {
            let listener = bind(addr).await?;
            let local = listener
                .local_addr()
                .map_err(|e| ServeError::Bind(addr, e))?;
            tasks.push(tokio::spawn(tcp::accept(hub.clone(), listener)));
            info!(addr = %local, "tcp listening");
            Some(local)
        }
    };
    Ok(Server {
        http_addr,
        tcp_addr,
        hub,
        tasks,
    })
}

impl Server {
    /// The address the HTTP and WebSocket listener is bound to.
    pub fn http_addr(&self) -> SocketAddr {
        self.http_addr
    }

    /// The address the plain-socket listener is bound to, if any.
    pub fn tcp_addr(&self) -> Option<SocketAddr> {
        self.tcp_addr
    }

    /// Stops accepting, closes every connection and the database. Open rooms
    /// stay in the database for the next start.
    pub async fn shutdown(self) {
        self.hub.shutdown.cancel();
        for task in self.tasks {
            let _ = task.await;
        }
        self.hub.store.close().await;
        info!("server stopped");
    }
}
