//! What all connections share: the database, the limits, the open rooms by
//! code, the computer players and the connection count.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use crate::computer::ComputerPool;
use crate::config::Limits;
use crate::protocol::{ErrorCode, Refusal};
use crate::room::{MemberId, Room, RoomHandle, RoomSettings, Seat};
use crate::secrets;
use crate::store::{Store, StoreError};

/// Tries at a fresh room code before giving up (a clash is already unlikely).
const CODE_TRIES: usize = 8;

/// The server's shared state.
pub struct Hub {
    /// The database.
    pub store: Store,
    /// The limits every connection and room obeys.
    pub limits: Limits,
    /// The computer players.
    pub computers: Arc<ComputerPool>,
    /// Cancelled when the server shuts down; every connection then closes.
    pub shutdown: CancellationToken,
    rooms: Mutex<HashMap<String, RoomHandle>>,
    next_member: AtomicU64,
    connections: AtomicUsize,
}

/// Counts one open connection until dropped.
pub struct ConnectionPermit(Arc<Hub>);

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Hub {
    /// A hub with no rooms yet.
    pub fn new(store: Store, limits: Limits) -> Hub {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Hub {
            store,
            limits,
            computers: Arc::new(ComputerPool::new(cores)),
            shutdown: CancellationToken::new(),
            rooms: Mutex::new(HashMap::new()),
            next_member: AtomicU64::new(1),
            connections: AtomicUsize::new(0),
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomHandle>> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes the open rooms back from the database after a restart.
    pub async fn restore_rooms(self: &Arc<Self>) -> Result<usize, StoreError> {
        let stored = self.store.open_rooms().await?;
        let mut restored = 0;
        for s in &stored {
            match Room::restore(self.clone(), s) {
                Some(room) => {
                    let handle = room.spawn();
                    self.rooms().insert(handle.code.clone(), handle);
                    restored += 1;
                }
                None => warn!(room = %s.record.code, "stored room does not make sense; left alone"),
            }
        }
        info!(rooms = restored, "open rooms restored");
        Ok(restored)
    }

    /// Counts a new connection, or `None` if the server is at its limit.
    pub fn admit(self: &Arc<Self>) -> Option<ConnectionPermit> {
        let before = self.connections.fetch_add(1, Ordering::SeqCst);
        let permit = ConnectionPermit(self.clone());
        (before < self.limits.max_connections).then_some(permit)
    }

    /// A fresh id for a connection.
    pub fn new_member_id(&self) -> MemberId {
        self.next_member.fetch_add(1, Ordering::Relaxed)
    }

    /// The open room with this code.
    pub fn find_room(&self, code: &str) -> Option<RoomHandle> {
        self.rooms().get(code).cloned()
    }

    /// Forgets a room that closed.
    pub fn forget_room(&self, code: &str) {
        self.rooms().remove(code);
    }

    /// Opens a room whose creator sits at `color` with a new token, stored
    /// before it is announced. Returns the room and the creator's token.
    pub async fn create_room(
        self: &Arc<Self>,
        settings: RoomSettings,
        color: gomoku::Color,
        name: String,
        computer_level: Option<u8>,
    ) -> Result<(RoomHandle, String), Refusal> {
        let internal = |what: &str| Refusal::new(ErrorCode::Internal, what.to_string());
        if self.rooms().len() >= self.limits.max_rooms {
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                format!("the server keeps at most {} rooms", self.limits.max_rooms),
            ));
        }
        let token = secrets::new_token().map_err(|_| internal("no randomness"))?;
        let mut code = None;
        for _ in 0..CODE_TRIES {
            let candidate = secrets::new_room_code().map_err(|_| internal("no randomness"))?;
            let in_use = self
                .store
                .code_in_use(&candidate)
                .await
                .map_err(|_| internal("database unavailable"))?;
            if !in_use && self.find_room(&candidate).is_none() {
                code = Some(candidate);
                break;
            }
        }
        let code = code.ok_or_else(|| internal("no free room code"))?;
        let creator = Seat::Human {
            token_hash: secrets::token_hash(&token),
            name,
        };
        let room = Room::new(self.clone(), code, settings, color, creator, computer_level)?;
        self.store.create_room(&room.record()).await.map_err(|e| {
            warn!(error = %e, "could not store a new room");
            internal("could not store the room")
        })?;
        info!(
            room = room.code(),
            rule = room.record().rule,
            "room created"
        );
        let handle = room.spawn();
        self.rooms().insert(handle.code.clone(), handle.clone());
        Ok((handle, token))
    }
}
