//! One connection, whatever carries it: greets the client, enforces the
//! rate limit and the idle timeout, parses each message and hands it to the
//! lobby or to the connection's room.

use std::sync::Arc;
use std::time::Instant;

use futures_util::{Stream, StreamExt};
use gomoku::{Color, Rule};
use tokio::sync::oneshot;
use tracing::debug;

use crate::hub::Hub;
use crate::outbox::Outbox;
use crate::protocol::{
    parse_client_message, ClientMessage, ErrorCode, Hello, LevelRange, LimitsView, Refusal,
    ServerMessage, SizeRange,
};
use crate::rate::RateLimiter;
use crate::room::{Command, Entry, MemberId, Request, RoomHandle, RoomSettings};
use crate::secrets;

/// The protocol's version, as told in `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// A connection is closed after this many refused messages in a row beyond
/// the rate limit, counted in bursts.
const FLOOD_BURSTS: u32 = 3;

/// What a transport delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// One message's text.
    Text(String),
    /// A message longer than the limit (its text was dropped).
    TooLarge,
    /// A message that is not text (binary, or not UTF-8).
    NotText,
    /// Proof of life without a message (a WebSocket ping or pong, a blank line).
    Activity,
}

/// The `hello` message for these limits.
pub fn hello(hub: &Hub) -> ServerMessage {
    let l = &hub.limits;
    ServerMessage::Hello(Box::new(Hello {
        server: format!("gomoku-server {}", env!("CARGO_PKG_VERSION")),
        protocol: PROTOCOL_VERSION,
        rules: Rule::ALL.iter().map(|r| r.name().to_string()).collect(),
        sizes: SizeRange {
            min: gomoku::MIN_SIZE,
            max: gomoku::MAX_SIZE,
            default: gomoku::DEFAULT_SIZE,
        },
        ai_levels: LevelRange {
            min: 1,
            max: gomoku::ai::MAX_LEVEL,
        },
        limits: LimitsView {
            max_message_bytes: l.max_message_bytes,
            messages_per_second: l.messages_per_second,
            burst: l.burst,
            idle_timeout_ms: l.idle_timeout.as_millis() as u64,
            min_turn_ms: l.min_turn.as_millis() as u64,
            max_turn_ms: l.max_turn.as_millis() as u64,
            max_name_chars: l.max_name_chars,
        },
    }))
}

/// Serves one connection until the client goes, idles out, floods, or the
/// server shuts down. `frames` is what the client sends; replies go to `outbox`.
pub async fn run(hub: Arc<Hub>, frames: impl Stream<Item = Frame> + Unpin, outbox: Outbox) {
    let mut session = Session {
        member: hub.new_member_id(),
        hub,
        outbox,
        room: None,
    };
    session.serve(frames).await;
    session.leave().await;
    session.outbox.close();
}

struct Session {
    hub: Arc<Hub>,
    member: MemberId,
    outbox: Outbox,
    room: Option<RoomHandle>,
}

impl Session {
    async fn serve(&mut self, mut frames: impl Stream<Item = Frame> + Unpin) {
        self.outbox.send(&hello(&self.hub));
        let limits = self.hub.limits.clone();
        let mut limiter =
            RateLimiter::new(limits.messages_per_second, limits.burst, Instant::now());
        let mut refused_in_a_row = 0u32;
        loop {
            let frame = tokio::select! {
                frame = tokio::time::timeout(limits.idle_timeout, frames.next()) => frame,
                () = self.outbox.closing() => return,
                () = self.hub.shutdown.cancelled() => return,
            };
            let frame = match frame {
                Ok(Some(frame)) => frame,
                Ok(None) => return,
                Err(_) => {
                    self.refuse(Refusal::new(
                        ErrorCode::IdleTimeout,
                        format!(
                            "nothing received for {} s; send ping to stay connected",
                            limits.idle_timeout.as_secs()
                        ),
                    ));
                    return;
                }
            };
            if !limiter.allow(Instant::now()) {
                refused_in_a_row += 1;
                if refused_in_a_row > FLOOD_BURSTS * limits.burst.max(1) {
                    debug!(member = self.member, "flooding connection closed");
                    return;
                }
                if frame == Frame::Activity {
                    continue;
                }
                self.refuse(Refusal::new(
                    ErrorCode::RateLimited,
                    format!(
                        "more than {} messages a second; this one was dropped",
                        limits.messages_per_second
                    ),
                ));
                continue;
            }
            refused_in_a_row = 0;
            match frame {
                Frame::Text(text) => match parse_client_message(&text) {
                    Ok(message) => {
                        if let Err(refusal) = self.dispatch(message).await {
                            self.refuse(refusal);
                        }
                    }
                    Err(refusal) => self.refuse(refusal),
                },
                Frame::TooLarge => self.refuse(Refusal::new(
                    ErrorCode::TooLarge,
                    format!("messages are limited to {} bytes", limits.max_message_bytes),
                )),
                Frame::NotText => self.refuse(Refusal::new(
                    ErrorCode::BadRequest,
                    "messages are UTF-8 JSON text",
                )),
                Frame::Activity => {}
            }
        }
    }

    fn refuse(&self, refusal: Refusal) {
        self.outbox.send(&refusal.to_message());
    }

    async fn dispatch(&mut self, message: ClientMessage) -> Result<(), Refusal> {
        match message {
            ClientMessage::Create {
                rule,
                size,
                color,
                opponent,
                clock,
                name,
            } => {
                let rule: Rule = rule.parse().map_err(|_| {
                    bad(format!(
                        "unknown rule {rule:?}: freestyle, standard, renju or caro"
                    ))
                })?;
                let size = usize::try_from(size)
                    .ok()
                    .filter(|s| (gomoku::MIN_SIZE..=gomoku::MAX_SIZE).contains(s))
                    .ok_or_else(|| {
                        bad(format!(
                            "size must be {} to {}",
                            gomoku::MIN_SIZE,
                            gomoku::MAX_SIZE
                        ))
                    })?;
                let color = match color.as_str() {
                    "black" => Color::Black,
                    "white" => Color::White,
                    "random" => {
                        if secrets::coin().map_err(|_| internal())? {
                            Color::Black
                        } else {
                            Color::White
                        }
                    }
                    other => return Err(bad(format!("unknown colour {other:?}"))),
                };
                let level = match opponent {
                    None => None,
                    Some(o) => {
                        let max = gomoku::ai::MAX_LEVEL;
                        let level = u8::try_from(o.ai)
                            .ok()
                            .filter(|&l| l <= max)
                            .ok_or_else(|| bad(format!("the computer's level is 1 to {max}")))?;
                        Some(if level == 0 { max } else { level })
                    }
                };
                let limits = &self.hub.limits;
                let turn = match clock {
                    None => None,
                    Some(c) => {
                        let (min, max) = (limits.min_turn.as_millis(), limits.max_turn.as_millis());
                        if !(min..=max).contains(&u128::from(c.turn_ms)) {
                            return Err(bad(format!("turn_ms must be {min} to {max}")));
                        }
                        Some(std::time::Duration::from_millis(c.turn_ms))
                    }
                };
                let name = self.clean_name(name)?;
                let settings = RoomSettings { rule, size, turn };
                let (room, token) = self.hub.create_room(settings, color, name, level).await?;
                self.enter(room, Entry::Resume(token)).await;
                Ok(())
            }
            ClientMessage::Join { room, name } => {
                let name = self.clean_name(name)?;
                let room = self.find(&room)?;
                self.enter(room, Entry::Join(name)).await;
                Ok(())
            }
            ClientMessage::Watch { room } => {
                let room = self.find(&room)?;
                self.enter(room, Entry::Watch).await;
                Ok(())
            }
            ClientMessage::Resume { room, token } => {
                let room = self.find(&room)?;
                self.enter(room, Entry::Resume(token)).await;
                Ok(())
            }
            ClientMessage::Leave => {
                self.leave().await;
                Ok(())
            }
            ClientMessage::Ping => {
                self.outbox.send(&ServerMessage::Pong);
                Ok(())
            }
            ClientMessage::Move { point } => self.request(Request::Move(point)).await,
            ClientMessage::Undo => self.request(Request::Undo).await,
            ClientMessage::UndoReply { accept } => self.request(Request::UndoReply(accept)).await,
            ClientMessage::Resign => self.request(Request::Resign).await,
            ClientMessage::DrawOffer => self.request(Request::DrawOffer).await,
            ClientMessage::DrawReply { accept } => self.request(Request::DrawReply(accept)).await,
            ClientMessage::Rematch => self.request(Request::Rematch).await,
        }
    }

    fn clean_name(&self, name: Option<String>) -> Result<String, Refusal> {
        let name = name.unwrap_or_default();
        let name = name.trim();
        let max = self.hub.limits.max_name_chars;
        if name.chars().count() > max {
            return Err(bad(format!("names are at most {max} characters")));
        }
        if name.chars().any(char::is_control) {
            return Err(bad("names may not contain control characters"));
        }
        Ok(if name.is_empty() { "guest" } else { name }.to_string())
    }

    fn find(&self, code: &str) -> Result<RoomHandle, Refusal> {
        secrets::normalize_room_code(code)
            .and_then(|code| self.hub.find_room(&code))
            .ok_or_else(|| Refusal::new(ErrorCode::NoRoom, "no open room has that code"))
    }

    /// Enters `room`; once in, leaves the room this connection was in before,
    /// so that a refused entry changes nothing.
    async fn enter(&mut self, room: RoomHandle, entry: Entry) {
        let (reply, answer) = oneshot::channel();
        let sent = room
            .send(Command::Enter {
                member: self.member,
                outbox: self.outbox.clone(),
                entry,
                reply,
            })
            .await;
        if !sent {
            self.refuse(Refusal::new(ErrorCode::NoRoom, "the room has closed"));
            return;
        }
        // The room has already told the client the outcome.
        if let Ok(Ok(_seat)) = answer.await {
            let code = room.code.clone();
            if let Some(old) = self.room.replace(room) {
                // In the same room the new entry has replaced the old one.
                if old.code != code {
                    old.send(Command::Leave {
                        member: self.member,
                    })
                    .await;
                }
            }
        }
    }

    async fn request(&mut self, request: Request) -> Result<(), Refusal> {
        let Some(room) = &self.room else {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "create, join or resume a room first",
            ));
        };
        let command = Command::Request {
            member: self.member,
            request,
        };
        if room.send(command).await {
            Ok(())
        } else {
            self.room = None;
            Err(Refusal::new(ErrorCode::NoRoom, "the room has closed"))
        }
    }

    async fn leave(&mut self) {
        if let Some(room) = self.room.take() {
            room.send(Command::Leave {
                member: self.member,
            })
            .await;
        }
    }
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadRequest, message)
}

fn internal() -> Refusal {
    Refusal::new(ErrorCode::Internal, "no randomness available")
}
