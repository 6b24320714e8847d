//! A room: one task that owns a game, its two seats and its watchers. Every
//! request reaches it through one queue and is handled in order, so two
//! clients can never race; each accepted change is stored before anyone is
//! told of it.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use gomoku::{Color, Game, GameResult, PlayError, Point, Rule};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tracing::{debug, info, warn};

use crate::computer::Thinking;
use crate::hub::Hub;
use crate::outbox::Outbox;
use crate::protocol::{
    ClockView, ComputerView, ErrorCode, Offers, Refusal, RoomView, Seats, ServerMessage,
};
use crate::secrets;
use crate::store::{unix_ms, ArchivedGame, GameSummary, RoomRecord, StoredRoom};

/// Requests queued for one room before senders wait.
const QUEUE: usize = 256;

/// Delay before a computer move or a time loss that could not be stored is
/// tried again.
const STORE_RETRY: Duration = Duration::from_secs(1);

/// Identifies one connection within the server.
pub type MemberId = u64;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A winning line.
    Five,
    /// A player resigned.
    Resign,
    /// The side to move ran out of time.
    Time,
    /// Both agreed to a draw.
    Agreed,
    /// The board filled up with no winner.
    Full,
    /// Nobody came back before the room closed.
    Abandoned,
}

impl Reason {
    /// The name used on the wire and in the archive.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Five => "five",
            Reason::Resign => "resign",
            Reason::Time => "time",
            Reason::Agreed => "agreed",
            Reason::Full => "full",
            Reason::Abandoned => "abandoned",
        }
    }

    fn from_name(name: &str) -> Option<Reason> {
        [
            Reason::Five,
            Reason::Resign,
            Reason::Time,
            Reason::Agreed,
            Reason::Full,
            Reason::Abandoned,
        ]
        .into_iter()
        .find(|r| r.name() == name)
    }
}

/// How a connection enters a room.
#[derive(Clone, Debug)]
pub enum Entry {
    /// Take the free seat under this name.
    Join(String),
    /// Watch without a seat.
    Watch,
    /// Take back the seat this token belongs to.
    Resume(String),
}

/// A request for a room, from one of its members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Play this point (as typed).
    Move(String),
    /// Ask to take back one's last move.
    Undo,
    /// Answer the opponent's undo request.
    UndoReply(bool),
    /// Give up.
    Resign,
    /// Offer a draw.
    DrawOffer,
    /// Answer the opponent's draw offer.
    DrawReply(bool),
    /// Ask for another game with colours swapped.
    Rematch,
}

/// What a room's queue carries.
pub enum Command {
    /// A connection enters; `reply` says which seat it got, if the entry
    /// succeeded (the room has told the connection either way).
    Enter {
        /// The connection.
        member: MemberId,
        /// Where the room sends it messages.
        outbox: Outbox,
        /// How it enters.
        entry: Entry,
        /// `Ok(seat)` once in the room, `Err(())` if refused.
        reply: oneshot::Sender<Result<Option<Color>, ()>>,
    },
    /// A member's request.
    Request {
        /// The connection.
        member: MemberId,
        /// What it asks.
        request: Request,
    },
    /// A connection leaves or closed; its seat stays reserved.
    Leave {
        /// The connection.
        member: MemberId,
    },
}

/// The sending end of a room's queue.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    /// The room's code.
    pub code: String,
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    /// Queues a command; `false` if the room has closed.
    pub async fn send(&self, command: Command) -> bool {
        self.tx.send(command).await.is_ok()
    }
}

/// A seat: who sits there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// Nobody yet.
    Empty,
    /// A person, known by the hash of their token.
    Human {
        /// SHA-256 of the seat's token.
        token_hash: String,
        /// The name shown to others.
        name: String,
    },
    /// The computer at a level.
    Computer(u8),
}

/// The settings a room is created with.
#[derive(Clone, Debug)]
pub struct RoomSettings {
    /// The rule.
    pub rule: Rule,
    /// Board width.
    pub size: usize,
    /// Per-move clock.
    pub turn: Option<Duration>,
}

/// A room's state: the game, the seats and the open offers.
pub struct Room {
    code: String,
    settings: RoomSettings,
    game: Game,
    game_no: u32,
    game_started_at: SystemTime,
    created_at: SystemTime,
    seats: ByColor<Seat>,
    ending: Option<(GameResult, Reason)>,
    /// Whether the current game, if over, is in the archive.
    archived: bool,
    undo_offer: Option<(Color, usize)>,
    draw_offer: Option<Color>,
    rematch_offer: ByColor<bool>,
    turn_started: Instant,
    members: HashMap<MemberId, Member>,
    thinking: Option<(Thinking, u64)>,
    generation: u64,
    empty_since: Option<Instant>,
    hub: Arc<Hub>,
}

struct Member {
    outbox: Outbox,
    seat: Option<Color>,
    /// The seat's token, kept in memory only, to repeat it after a rematch.
    token: Option<String>,
}

/// A computer's answer, back on the room's task.
struct ComputerReply {
    generation: u64,
    point: Option<Point>,
}

/// One `T` per colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct ByColor<T> {
    black: T,
    white: T,
}

impl<T> ByColor<T> {
    fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    fn swap(&mut self) {
        std::mem::swap(&mut self.black, &mut self.white);
    }
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

impl Room {
    /// A new room whose creator sits at `creator_color`; the other seat is
    /// empty or the computer's.
    pub fn new(
        hub: Arc<Hub>,
        code: String,
        settings: RoomSettings,
        creator_color: Color,
        creator: Seat,
        computer_level: Option<u8>,
    ) -> Result<Room, Refusal> {
        let game = Game::new(settings.size, settings.rule)
            .map_err(|e| refuse(ErrorCode::BadRequest, e.to_string()))?;
        let mut seats = ByColor {
            black: Seat::Empty,
            white: Seat::Empty,
        };
        *seats.get_mut(creator_color) = creator;
        if let Some(level) = computer_level {
            *seats.get_mut(creator_color.opponent()) = Seat::Computer(level);
        }
        let now = SystemTime::now();
        Ok(Room {
            code,
            settings,
            game,
            game_no: 1,
            game_started_at: now,
            created_at: now,
            seats,
            ending: None,
            archived: false,
            undo_offer: None,
            draw_offer: None,
            rematch_offer: ByColor::default(),
            turn_started: Instant::now(),
            members: HashMap::new(),
            thinking: None,
            generation: 0,
            empty_since: Some(Instant::now()),
            hub,
        })
    }

    /// A room as a restarted server finds it in the database. `None` if the
    /// stored room does not make sense (it is then left alone and logged).
    pub fn restore(hub: Arc<Hub>, stored: &StoredRoom) -> Option<Room> {
        let r = &stored.record;
        let rule: Rule = r.rule.parse().ok()?;
        let size = usize::try_from(r.size).ok()?;
        let mut game = Game::new(size, rule).ok()?;
        for m in &stored.moves {
            game.play(m.parse().ok()?).ok()?;
        }
        let human = |hash: &Option<String>, name: &Option<String>| match hash {
            Some(h) => Seat::Human {
                token_hash: h.clone(),
                name: name.clone().unwrap_or_default(),
            },
            None => Seat::Empty,
        };
        let mut seats = ByColor {
            black: human(&r.black_token_hash, &r.black_name),
            white: human(&r.white_token_hash, &r.white_name),
        };
        if let (Some(level), Some(color)) = (r.ai_level, &r.ai_color) {
            let color: Color = color.parse().ok()?;
            *seats.get_mut(color) = Seat::Computer(u8::try_from(level).ok()?);
        }
        let ending = match (&r.result, &r.reason) {
            (Some(result), Some(reason)) => {
                Some((result_from_name(result)?, Reason::from_name(reason)?))
            }
            _ => None,
        };
        let at = |ms: i64| SystemTime::UNIX_EPOCH + Duration::from_millis(ms.max(0) as u64);
        Some(Room {
            code: r.code.clone(),
            settings: RoomSettings {
                rule,
                size,
                turn: r.turn_ms.map(|ms| Duration::from_millis(ms.max(0) as u64)),
            },
            game,
            game_no: u32::try_from(r.game_no).ok()?,
            game_started_at: at(r.game_started_at),
            created_at: at(r.created_at),
            seats,
            archived: ending.is_some(),
            ending,
            undo_offer: None,
            draw_offer: None,
            rematch_offer: ByColor::default(),
            // The clock starts again: the server's downtime is nobody's fault.
            turn_started: Instant::now(),
            members: HashMap::new(),
            thinking: None,
            generation: 0,
            empty_since: Some(Instant::now()),
            hub,
        })
    }

    /// The room's code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The room as the database keeps it.
    pub fn record(&self) -> RoomRecord {
        let (black, white) = (&self.seats.black, &self.seats.white);
        let hash = |s: &Seat| match s {
            Seat::Human { token_hash, .. } => Some(token_hash.clone()),
            _ => None,
        };
        let name = |s: &Seat| match s {
            Seat::Human { name, .. } => Some(name.clone()),
            _ => None,
        };
        let computer = self.computer();
        RoomRecord {
            code: self.code.clone(),
            rule: self.settings.rule.name().to_string(),
            size: self.settings.size as i64,
            turn_ms: self.settings.turn.map(|t| t.as_millis() as i64),
            ai_level: computer.map(|(_, level)| i64::from(level)),
            ai_color: computer.map(|(color, _)| color.name().to_string()),
            black_token_hash: hash(black),
            white_token_hash: hash(white),
            black_name: name(black),
            white_name: name(white),
            game_no: i64::from(self.game_no),
            game_started_at: unix_ms(self.game_started_at),
            result: self.ending.map(|(r, _)| r.name().to_string()),
            reason: self.ending.map(|(_, r)| r.name().to_string()),
            created_at: unix_ms(self.created_at),
        }
    }

    /// Starts the room's task and returns its handle.
    pub fn spawn(self) -> RoomHandle {
        let (tx, rx) = mpsc::channel(QUEUE);
        let handle = RoomHandle {
            code: self.code.clone(),
            tx,
        };
        tokio::spawn(self.run(rx));
        handle
    }

    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let (computer_tx, mut computer_rx) = mpsc::channel::<ComputerReply>(4);
        self.start_computer(&computer_tx);
        loop {
            let clock = self.clock_deadline();
            let idle = self
                .empty_since
                .map(|t| t + self.hub.limits.room_idle_timeout);
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                Some(reply) = computer_rx.recv() => {
                    self.computer_replied(reply, &computer_tx).await;
                }
                () = sleep_until(clock), if clock.is_some() => self.time_out().await,
                () = sleep_until(idle), if idle.is_some() => {
                    self.close().await;
                    break;
                }
                // The room stays open in the database for the next start.
                () = self.hub.shutdown.cancelled() => break,
            }
            self.start_computer(&computer_tx);
        }
        if let Some((thinking, _)) = self.thinking.take() {
            thinking.cancel();
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Enter {
                member,
                outbox,
                entry,
                reply,
            } => {
                let outcome = self.enter(member, outbox.clone(), entry).await;
                if let Err(refusal) = &outcome {
                    outbox.send(&refusal.to_message());
                }
                // The connection may have gone meanwhile; nothing to undo then.
                let _ = reply.send(outcome.map_err(|_| ()));
            }
            Command::Request { member, request } => {
                let Some(seat) = self.members.get(&member).map(|m| m.seat) else {
                    return;
                };
                let outcome = match seat {
                    Some(color) => self.request(color, request).await,
                    None => Err(refuse(
                        ErrorCode::NotSeated,
                        "you are watching: join or resume a seat to play",
                    )),
                };
                if let Err(refusal) = outcome {
                    debug!(room = %self.code, code = refusal.code.as_str(), "request refused");
                    if let Some(m) = self.members.get(&member) {
                        m.outbox.send(&refusal.to_message());
                    }
                }
            }
            Command::Leave { member } => {
                if let Some(m) = self.members.remove(&member) {
                    if let Some(color) = m.seat {
                        info!(room = %self.code, color = color.name(), "player left");
                    }
                    if self.members.is_empty() {
                        self.empty_since = Some(Instant::now());
                    }
                    self.broadcast_state();
                }
            }
        }
    }

    async fn enter(
        &mut self,
        member: MemberId,
        outbox: Outbox,
        entry: Entry,
    ) -> Result<Option<Color>, Refusal> {
        let (seat, token) = match entry {
            Entry::Watch => (None, None),
            Entry::Resume(token) => {
                let hash = secrets::token_hash(&token);
                let color = Color::ALL
                    .into_iter()
                    .find(|&c| matches!(self.seats.get(c), Seat::Human { token_hash, .. } if *token_hash == hash))
                    .ok_or_else(|| {
                        refuse(ErrorCode::BadToken, "that token does not hold a seat in this room")
                    })?;
                // The newest connection wins: the old one may be half-open.
                let replaced: Vec<MemberId> = self
                    .members
                    .iter()
                    .filter(|&(&id, m)| id != member && m.seat == Some(color))
                    .map(|(&id, _)| id)
                    .collect();
                for id in replaced {
                    if let Some(m) = self.members.get_mut(&id) {
                        m.seat = None;
                        m.token = None;
                        m.outbox.send(
                            &refuse(
                                ErrorCode::Replaced,
                                "your seat was resumed on another connection; you are now watching",
                            )
                            .to_message(),
                        );
                    }
                }
                outbox.send(&ServerMessage::Seat {
                    room: self.code.clone(),
                    color: color.name().to_string(),
                    token: token.clone(),
                });
                (Some(color), Some(token))
            }
            Entry::Join(name) => {
                let color = Color::ALL
                    .into_iter()
                    .find(|&c| *self.seats.get(c) == Seat::Empty)
                    .ok_or_else(|| {
                        refuse(
                            ErrorCode::RoomFull,
                            "both seats are taken: watch, or resume with your token",
                        )
                    })?;
                let token = secrets::new_token()
                    .map_err(|e| refuse(ErrorCode::Internal, format!("no randomness: {e}")))?;
                let before = self.seats.get(color).clone();
                *self.seats.get_mut(color) = Seat::Human {
                    token_hash: secrets::token_hash(&token),
                    name,
                };
                if let Err(e) = self.hub.store.update_room(&self.record()).await {
                    *self.seats.get_mut(color) = before;
                    warn!(room = %self.code, error = %e, "could not store a join");
                    return Err(refuse(ErrorCode::Internal, "could not store the seat"));
                }
                // Both seats are filled now: the first move's clock starts.
                self.turn_started = Instant::now();
                info!(room = %self.code, color = color.name(), "player joined");
                outbox.send(&ServerMessage::Seat {
                    room: self.code.clone(),
                    color: color.name().to_string(),
                    token: token.clone(),
                });
                (Some(color), Some(token))
            }
        };
        self.members.insert(
            member,
            Member {
                outbox,
                seat,
                token,
            },
        );
        self.empty_since = None;
        self.broadcast_state();
        Ok(seat)
    }

    async fn request(&mut self, color: Color, request: Request) -> Result<(), Refusal> {
        match request {
            Request::Move(text) => {
                self.check_can_play(color)?;
                let point: Point = text.parse().map_err(|_| {
                    refuse(
                        ErrorCode::BadRequest,
                        format!("{text:?} is not a point such as h8"),
                    )
                })?;
                self.play(point).await
            }
            Request::Undo => self.ask_undo(color).await,
            Request::UndoReply(accept) => self.answer_undo(color, accept).await,
            Request::Resign => {
                self.check_ongoing()?;
                self.check_opponent(color)?;
                self.finish(GameResult::won_by(color.opponent()), Reason::Resign)
                    .await
            }
            Request::DrawOffer => {
                self.check_ongoing()?;
                self.check_opponent(color)?;
                if matches!(self.seat(color.opponent()), Seat::Computer(_)) {
                    self.send_to(color, &ServerMessage::DrawDeclined);
                } else {
                    self.draw_offer = Some(color);
                    self.send_to(color.opponent(), &ServerMessage::DrawOffered);
                    self.broadcast_state();
                }
                Ok(())
            }
            Request::DrawReply(accept) => {
                self.check_ongoing()?;
                if self.draw_offer != Some(color.opponent()) {
                    return Err(refuse(ErrorCode::NoRequest, "no draw was offered to you"));
                }
                if accept {
                    self.finish(GameResult::Draw, Reason::Agreed).await
                } else {
                    self.draw_offer = None;
                    self.send_to(color.opponent(), &ServerMessage::DrawDeclined);
                    self.broadcast_state();
                    Ok(())
                }
            }
            Request::Rematch => {
                if self.result() == GameResult::Ongoing {
                    return Err(refuse(
                        ErrorCode::GameNotOver,
                        "a rematch needs a finished game",
                    ));
                }
                *self.rematch_offer.get_mut(color) = true;
                let opponent = color.opponent();
                if matches!(self.seat(opponent), Seat::Computer(_))
                    || *self.rematch_offer.get(opponent)
                {
                    self.next_game().await
                } else {
                    self.send_to(opponent, &ServerMessage::RematchOffered);
                    self.broadcast_state();
                    Ok(())
                }
            }
        }
    }

    fn seat(&self, color: Color) -> &Seat {
        self.seats.get(color)
    }

    fn computer(&self) -> Option<(Color, u8)> {
        Color::ALL.into_iter().find_map(|c| match self.seat(c) {
            Seat::Computer(level) => Some((c, *level)),
            _ => None,
        })
    }

    fn result(&self) -> GameResult {
        self.ending.map_or(self.game.result(), |(r, _)| r)
    }

    fn reason(&self) -> Option<Reason> {
        match (self.ending, self.game.result()) {
            (Some((_, reason)), _) => Some(reason),
            (None, GameResult::Ongoing) => None,
            (None, GameResult::Draw) => Some(Reason::Full),
            (None, _) => Some(Reason::Five),
        }
    }

    fn check_ongoing(&self) -> Result<(), Refusal> {
        if self.result() == GameResult::Ongoing {
            Ok(())
        } else {
            Err(refuse(ErrorCode::GameOver, "the game is over"))
        }
    }

    fn check_opponent(&self, color: Color) -> Result<(), Refusal> {
        if *self.seat(color.opponent()) == Seat::Empty {
            Err(refuse(
                ErrorCode::NoOpponent,
                "the other seat is still empty: share the room code",
            ))
        } else {
            Ok(())
        }
    }

    fn check_can_play(&self, color: Color) -> Result<(), Refusal> {
        self.check_ongoing()?;
        self.check_opponent(color)?;
        if self.game.side_to_move() != color {
            return Err(refuse(
                ErrorCode::NotYourTurn,
                "it is the other side's move",
            ));
        }
        Ok(())
    }

    /// Plays `point` for the side to move: stored, then announced; a game it
    /// ends is archived before anyone hears of it.
    async fn play(&mut self, point: Point) -> Result<(), Refusal> {
        let mut next = self.game.clone();
        next.play(point).map_err(|e| {
            let code = match e {
                PlayError::OffBoard(_) => ErrorCode::OffBoard,
                PlayError::Occupied(_) => ErrorCode::Occupied,
                PlayError::Forbidden(_) => ErrorCode::Forbidden,
                PlayError::GameOver => ErrorCode::GameOver,
            };
            refuse(code, e.to_string())
        })?;
        let ply = self.game.move_count() as i64;
        self.hub
            .store
            .record_move(
                &self.code,
                i64::from(self.game_no),
                ply,
                &point.to_string(),
                unix_ms(SystemTime::now()),
            )
            .await
            .map_err(|e| {
                warn!(room = %self.code, error = %e, "could not store a move");
                refuse(
                    ErrorCode::Internal,
                    "could not store the move; it was not played",
                )
            })?;
        self.game = next;
        self.generation += 1;
        self.turn_started = Instant::now();
        self.undo_offer = None;
        self.draw_offer = None;
        if self.game.is_over() {
            let result = self.game.result();
            let reason = if result == GameResult::Draw {
                Reason::Full
            } else {
                Reason::Five
            };
            // The move is stored; if archiving fails the game has still
            // ended, and is archived when the room closes.
            let _ = self.finish(result, reason).await;
        } else {
            self.broadcast_state();
        }
        Ok(())
    }

    async fn ask_undo(&mut self, color: Color) -> Result<(), Refusal> {
        self.check_ongoing()?;
        self.check_opponent(color)?;
        let plies = self.undo_plies(color)?;
        match self.seat(color.opponent()) {
            Seat::Computer(_) => self.take_back(plies).await,
            _ => {
                self.undo_offer = Some((color, self.game.move_count()));
                self.send_to(color.opponent(), &ServerMessage::UndoRequested);
                self.broadcast_state();
                Ok(())
            }
        }
    }

    async fn answer_undo(&mut self, color: Color, accept: bool) -> Result<(), Refusal> {
        let asker = color.opponent();
        match self.undo_offer {
            Some((c, at)) if c == asker && at == self.game.move_count() => {}
            _ => return Err(refuse(ErrorCode::NoRequest, "no undo was asked of you")),
        }
        self.check_ongoing()?;
        if accept {
            let plies = self.undo_plies(asker)?;
            self.take_back(plies).await
        } else {
            self.undo_offer = None;
            self.send_to(asker, &ServerMessage::UndoDeclined);
            self.broadcast_state();
            Ok(())
        }
    }

    /// Plies to take back so that `color`'s last move is gone and it is
    /// `color`'s turn again.
    fn undo_plies(&self, color: Color) -> Result<usize, Refusal> {
        let count = self.game.move_count();
        let plies = if self.game.side_to_move() == color {
            2
        } else {
            1
        };
        if plies > count {
            Err(refuse(
                ErrorCode::NothingToUndo,
                "you have no move to take back",
            ))
        } else {
            Ok(plies)
        }
    }

    async fn take_back(&mut self, plies: usize) -> Result<(), Refusal> {
        let moves = self.game.moves();
        let keep = moves.len().saturating_sub(plies);
        let next = Game::from_moves(
            self.settings.size,
            self.settings.rule,
            moves.get(..keep).unwrap_or_default(),
        )
        .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        self.hub
            .store
            .remove_moves_from(&self.code, i64::from(self.game_no), keep as i64)
            .await
            .map_err(|e| {
                warn!(room = %self.code, error = %e, "could not store an undo");
                refuse(
                    ErrorCode::Internal,
                    "could not store the undo; nothing changed",
                )
            })?;
        self.stop_computer();
        self.game = next;
        self.generation += 1;
        self.turn_started = Instant::now();
        self.undo_offer = None;
        self.draw_offer = None;
        info!(room = %self.code, plies, "moves taken back");
        self.broadcast_state();
        Ok(())
    }

    /// Ends the game: archived (with the room's result) before it is announced.
    async fn finish(&mut self, result: GameResult, reason: Reason) -> Result<(), Refusal> {
        let before = self.ending;
        self.ending = Some((result, reason));
        let archived = self.archive_entry();
        if let Err(e) = self.hub.store.finish_game(&self.record(), &archived).await {
            self.ending = before;
            warn!(room = %self.code, error = %e, "could not archive a game");
            self.broadcast_state();
            return Err(refuse(ErrorCode::Internal, "could not store the result"));
        }
        self.archived = true;
        self.stop_computer();
        self.undo_offer = None;
        self.draw_offer = None;
        self.rematch_offer = ByColor::default();
        info!(
            room = %self.code,
            game = self.game_no,
            result = result.name(),
            reason = reason.name(),
            moves = self.game.move_count(),
            "game over"
        );
        self.broadcast_state();
        Ok(())
    }

    /// Who sits in a seat, as the archive and the record name them.
    fn player_name(&self, color: Color) -> String {
        match self.seat(color) {
            Seat::Empty => "-".to_string(),
            Seat::Human { name, .. } => name.clone(),
            Seat::Computer(level) => format!("computer (level {level})"),
        }
    }

    /// The game as a record: the players' names, and the ending the players
    /// declared (a resignation, a loss on time, an agreed draw), which the
    /// save text then carries. An abandoned game, which the core has no
    /// word for, says so in a comment line that `load` skips.
    fn record_text(&self) -> String {
        let mut game = self.game.clone();
        for color in Color::ALL {
            if !matches!(self.seat(color), Seat::Empty) {
                game.info_mut()
                    .set_player(color, Some(&self.player_name(color)));
            }
        }
        let mut abandoned = None;
        if let Some((result, reason)) = self.ending {
            let winner = result.winner();
            let declared = match (reason, winner) {
                (Reason::Resign, Some(w)) => game.resign(w.opponent()),
                (Reason::Time, Some(w)) => game.lose_on_time(w.opponent()),
                (Reason::Agreed, None) => game.agree_draw(),
                _ => Ok(()),
            };
            if declared.is_err() || (reason == Reason::Abandoned && game.result() != result) {
                abandoned = Some((result, reason));
            }
        }
        let mut save = game.save();
        if let Some((result, reason)) = abandoned {
            save.push_str(&format!("# ended {} by {}\n", result.name(), reason.name()));
        }
        save
    }

    fn archive_entry(&self) -> ArchivedGame {
        let who = |color: Color| self.player_name(color);
        let save = self.record_text();
        ArchivedGame {
            summary: GameSummary {
                id: 0,
                room: self.code.clone(),
                game: i64::from(self.game_no),
                rule: self.settings.rule.name().to_string(),
                size: self.settings.size as i64,
                black: who(Color::Black),
                white: who(Color::White),
                result: self.result().name().to_string(),
                reason: self.reason().map_or("", Reason::name).to_string(),
                started_at: unix_ms(self.game_started_at),
                ended_at: unix_ms(SystemTime::now()),
                move_count: self.game.move_count() as i64,
            },
            save,
        }
    }

    /// Starts the next game with colours swapped.
    async fn next_game(&mut self) -> Result<(), Refusal> {
        let game = Game::new(self.settings.size, self.settings.rule)
            .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
        let previous = (
            self.game.clone(),
            self.game_no,
            self.game_started_at,
            self.ending,
            self.seats.clone(),
        );
        self.seats.swap();
        self.game = game;
        self.game_no += 1;
        self.game_started_at = SystemTime::now();
        self.ending = None;
        self.archived = false;
        if let Err(e) = self.hub.store.update_room(&self.record()).await {
            (
                self.game,
                self.game_no,
                self.game_started_at,
                self.ending,
                self.seats,
            ) = previous;
            warn!(room = %self.code, error = %e, "could not store a rematch");
            return Err(refuse(ErrorCode::Internal, "could not start the rematch"));
        }
        self.rematch_offer = ByColor::default();
        self.generation += 1;
        self.turn_started = Instant::now();
        for m in self.members.values_mut() {
            m.seat = m.seat.map(Color::opponent);
        }
        // Each player's token goes with them to their new colour.
        for m in self.members.values() {
            if let (Some(color), Some(token)) = (m.seat, &m.token) {
                m.outbox.send(&ServerMessage::Seat {
                    room: self.code.clone(),
                    color: color.name().to_string(),
                    token: token.clone(),
                });
            }
        }
        info!(room = %self.code, game = self.game_no, "rematch");
        self.broadcast_state();
        Ok(())
    }

    fn clock_deadline(&self) -> Option<Instant> {
        let turn = self.settings.turn?;
        let mover = self.game.side_to_move();
        let running = self.result() == GameResult::Ongoing
            && matches!(self.seat(mover), Seat::Human { .. })
            && *self.seat(mover.opponent()) != Seat::Empty;
        running.then_some(self.turn_started + turn)
    }

    async fn time_out(&mut self) {
        let loser = self.game.side_to_move();
        info!(room = %self.code, color = loser.name(), "out of time");
        if self
            .finish(GameResult::won_by(loser.opponent()), Reason::Time)
            .await
            .is_err()
        {
            // Try again a little later rather than at once.
            self.turn_started += STORE_RETRY;
        }
    }

    fn start_computer(&mut self, replies: &mpsc::Sender<ComputerReply>) {
        if self.thinking.is_some() || self.result() != GameResult::Ongoing {
            return;
        }
        let Some((color, level)) = self.computer() else {
            return;
        };
        if self.game.side_to_move() != color {
            return;
        }
        let mut time = self.hub.limits.ai_time;
        if let Some(turn) = self.settings.turn {
            time = time.min(turn / 2);
        }
        let generation = self.generation;
        let replies = replies.clone();
        let thinking = self
            .hub
            .computers
            .think(self.game.clone(), level, time, move |point| {
                // The room may have closed meanwhile; then nobody needs the move.
                let _ = replies.try_send(ComputerReply { generation, point });
            });
        self.thinking = Some((thinking, generation));
        self.broadcast_state();
    }

    fn stop_computer(&mut self) {
        if let Some((thinking, _)) = self.thinking.take() {
            thinking.cancel();
        }
    }

    async fn computer_replied(
        &mut self,
        reply: ComputerReply,
        again: &mpsc::Sender<ComputerReply>,
    ) {
        match &self.thinking {
            Some((_, g)) if *g == reply.generation => {}
            _ => return,
        }
        if reply.generation != self.generation {
            self.thinking = None;
            return;
        }
        let point = reply
            .point
            .or_else(|| self.game.legal_moves().first().copied());
        let Some(point) = point else {
            self.thinking = None;
            return;
        };
        // Done thinking before the move goes out, so that its state says so.
        let held = self.thinking.take();
        match self.play(point).await {
            Ok(()) => {}
            Err(refusal) if refusal.code == ErrorCode::Internal => {
                self.thinking = held;
                let again = again.clone();
                let generation = reply.generation;
                tokio::spawn(async move {
                    tokio::time::sleep(STORE_RETRY).await;
                    let _ = again
                        .send(ComputerReply {
                            generation,
                            point: Some(point),
                        })
                        .await;
                });
            }
            Err(refusal) => {
                warn!(room = %self.code, code = refusal.code.as_str(), "computer move refused");
            }
        }
    }

    /// Closes an idle room: a game not yet archived (an unfinished one as
    /// abandoned) is archived, then the room is forgotten.
    async fn close(&mut self) {
        self.stop_computer();
        if !self.archived && self.game.move_count() > 0 {
            if self.result() == GameResult::Ongoing {
                self.ending = Some((GameResult::Ongoing, Reason::Abandoned));
            }
            if let Err(e) = self
                .hub
                .store
                .finish_game(&self.record(), &self.archive_entry())
                .await
            {
                warn!(room = %self.code, error = %e, "could not archive an abandoned game");
            }
        }
        if let Err(e) = self.hub.store.delete_room(&self.code).await {
            warn!(room = %self.code, error = %e, "could not delete a closed room");
        }
        self.hub.forget_room(&self.code);
        info!(room = %self.code, "room closed");
    }

    fn send_to(&self, color: Color, message: &ServerMessage) {
        let text: Arc<str> = message.to_json().into();
        for m in self.members.values().filter(|m| m.seat == Some(color)) {
            m.outbox.send_text(text.clone());
        }
    }

    fn broadcast_state(&mut self) {
        let text: Arc<str> = ServerMessage::State(Box::new(self.view())).to_json().into();
        self.members.retain(|_, m| m.outbox.send_text(text.clone()));
        if self.members.is_empty() && self.empty_since.is_none() {
            self.empty_since = Some(Instant::now());
        }
    }

    fn view(&self) -> RoomView {
        let names = |c: Color| match self.seat(c) {
            Seat::Empty => None,
            Seat::Human { name, .. } => Some(name.clone()),
            Seat::Computer(level) => Some(format!("computer (level {level})")),
        };
        let connected = |c: Color| {
            matches!(self.seat(c), Seat::Computer(_))
                || self.members.values().any(|m| m.seat == Some(c))
        };
        let points = |ps: &[Point]| ps.iter().map(Point::to_string).collect::<Vec<_>>();
        let ongoing = self.result() == GameResult::Ongoing;
        let forbidden = if ongoing
            && self.settings.rule == Rule::Renju
            && self.game.side_to_move() == Color::Black
        {
            points(&self.game.forbidden_points())
        } else {
            Vec::new()
        };
        RoomView {
            room: self.code.clone(),
            rule: self.settings.rule.name().to_string(),
            size: self.settings.size,
            moves: points(self.game.moves()),
            to_move: self.game.side_to_move().name().to_string(),
            result: self.result().name().to_string(),
            reason: self.reason().map(|r| r.name().to_string()),
            winning_line: points(self.game.winning_line()),
            players: Seats {
                black: connected(Color::Black),
                white: connected(Color::White),
            },
            save: self.record_text(),
            game: self.game_no,
            last_move: self.game.last_move().map(|p| p.to_string()),
            forbidden,
            names: Seats {
                black: names(Color::Black),
                white: names(Color::White),
            },
            computer: self.computer().map(|(color, level)| ComputerView {
                color: color.name().to_string(),
                level,
                thinking: self.thinking.is_some(),
            }),
            clock: self.settings.turn.map(|turn| ClockView {
                turn_ms: turn.as_millis() as u64,
                remaining_ms: self
                    .clock_deadline()
                    .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64),
            }),
            offers: Offers {
                undo: self.undo_offer.map(|(c, _)| c.name().to_string()),
                draw: self.draw_offer.map(|c| c.name().to_string()),
                rematch: Color::ALL
                    .into_iter()
                    .filter(|&c| *self.rematch_offer.get(c))
                    .map(|c| c.name().to_string())
                    .collect(),
            },
            spectators: self.members.values().filter(|m| m.seat.is_none()).count(),
        }
    }
}

fn result_from_name(name: &str) -> Option<GameResult> {
    [
        GameResult::Ongoing,
        GameResult::BlackWon,
        GameResult::WhiteWon,
        GameResult::Draw,
    ]
    .into_iter()
    .find(|r| r.name() == name)
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}
