//! The computer seats' thinking: searches run on blocking threads, at most
//! one per core at a time, each with an engine borrowed from a shared pool
//! (so memory does not grow with the number of rooms), and can be stopped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gomoku::ai::{AiOptions, Engine, StopHandle};
use gomoku::{Game, Point};
use tokio::sync::Semaphore;

/// Engines and the permits to run them.
pub struct ComputerPool {
    idle: Mutex<Vec<Engine>>,
    running: Semaphore,
}

impl ComputerPool {
    /// A pool that runs at most `parallel` searches at once.
    pub fn new(parallel: usize) -> ComputerPool {
        ComputerPool {
            idle: Mutex::new(Vec::new()),
            running: Semaphore::new(parallel.max(1)),
        }
    }

    /// Starts a search for the side to move in `game` at `level`, bounded by
    /// `time`, and hands the chosen point (or `None` if the search failed or
    /// was cancelled) to `done`.
    pub fn think(
        self: &Arc<Self>,
        game: Game,
        level: u8,
        time: Duration,
        done: impl FnOnce(Option<Point>) + Send + 'static,
    ) -> Thinking {
        let thinking = Thinking {
            cancel: Arc::new(Cancel::default()),
        };
        let cancel = thinking.cancel.clone();
        let pool = self.clone();
        tokio::spawn(async move {
            let Ok(_permit) = pool.running.acquire().await else {
                return done(None);
            };
            if cancel.is_cancelled() {
                return done(None);
            }
            let engines = pool.clone();
            let search = tokio::task::spawn_blocking(move || {
                let pool = engines;
                let mut engine = pool.take_engine();
                engine.clear();
                cancel.attach(engine.stop_handle());
                let options = AiOptions {
                    level,
                    time: Some(time),
                    ..AiOptions::default()
                };
                let reply = (!cancel.is_cancelled())
                    .then(|| engine.best_move(&game, &options).ok())
                    .flatten();
                cancel.detach();
                pool.return_engine(engine);
                reply.filter(|_| !cancel.is_cancelled()).map(|m| m.point)
            });
            done(search.await.ok().flatten());
        });
        thinking
    }

    fn take_engine(&self) -> Engine {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        idle.pop().unwrap_or_default()
    }

    fn return_engine(&self, engine: Engine) {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        idle.push(engine);
    }
}

/// A search in progress; cancelling it stops the engine and drops its move.
#[derive(Debug)]
pub struct Thinking {
    cancel: Arc<Cancel>,
}

impl Thinking {
    /// Stops the search promptly; its result is discarded.
    pub fn cancel(&self) {
        self.cancel.cancelled.store(true, Ordering::SeqCst);
        if let Some(stop) = self.cancel.slot().as_ref() {
            stop.stop();
        }
    }
}

#[derive(Debug, Default)]
struct Cancel {
    cancelled: AtomicBool,
    stop: Mutex<Option<StopHandle>>,
}

impl Cancel {
    fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    fn slot(&self) -> std::sync::MutexGuard<'_, Option<StopHandle>> {
        self.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn attach(&self, stop: StopHandle) {
        *self.slot() = Some(stop);
    }

    fn detach(&self) {
        *self.slot() = None;
    }
}
