//! The command-line tools over the gomoku core: the terminal game, the
//! engine's bench, arena, labeller, tuner and puzzle solver, the Gomocup brain, and
//! the network-play server.
//! Their dependencies stay out of the core library, which C and Python
//! hosts link.

pub mod arena;
pub mod brain;
pub mod label;
pub mod online;
pub mod play;
pub mod protocol;
pub mod puzzles;
#[cfg(feature = "serve")]
pub mod serve;
pub mod texts;
pub mod tune;
