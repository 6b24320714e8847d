//! A connection's outgoing queue. Rooms never wait on a slow client: a
//! client whose queue is full is disconnected instead.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::protocol::ServerMessage;

/// Messages queued for one connection before it counts as too slow.
pub const OUTBOX_CAPACITY: usize = 256;

/// The sending side of a connection's queue (cheap to clone).
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    closed: CancellationToken,
}

impl Outbox {
    /// A queue and its receiving end, which the connection's writer drains.
    pub fn channel() -> (Outbox, mpsc::Receiver<Arc<str>>) {
        let (tx, rx) = mpsc::channel(OUTBOX_CAPACITY);
        (
            Outbox {
                tx,
                closed: CancellationToken::new(),
            },
            rx,
        )
    }

    /// Queues a message; `false` if the connection is gone or too slow.
    pub fn send(&self, message: &ServerMessage) -> bool {
        self.send_text(message.to_json().into())
    }

    /// Queues a serialised message (shared by everyone in a room).
    pub fn send_text(&self, text: Arc<str>) -> bool {
        match self.tx.try_send(text) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.close();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Asks the connection to close.
    pub fn close(&self) {
        self.closed.cancel();
    }

    /// Resolves once someone asked the connection to close.
    pub async fn closing(&self) {
        self.closed.cancelled().await;
    }
}
