//! Time management: how long a move may take under a tournament's clock (a
//! limit per move, a match clock, or both), as the time the move should
//! normally take and the most it may ever take.

use std::time::Duration;

/// What a tournament manager says about time (Gomocup `INFO timeout_turn`,
/// `timeout_match` and `time_left`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// The limit for each move; `Some(ZERO)` means "as fast as possible".
    pub turn: Option<Duration>,
    /// What is left of the match clock, when the match is timed.
    pub left: Option<Duration>,
}

/// How long one move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time the move should take on average; the search goes on past
    /// it, up to `limit`, while its best move is unstable or the position
    /// looks lost. `None`: the search uses `limit` alone.
    pub target: Option<Duration>,
    /// The most the move may take, the reserve for I/O already kept back.
    pub limit: Duration,
}

/// Kept back from every limit for reading the command, writing the answer
/// and the manager's own overhead: the same flat 30 ms as Rapfi keeps, so
/// that both engines think equally long under one manager.
const IO_RESERVE: Duration = Duration::from_millis(30);

/// The smallest limit a move gets, however short the clock.
const SHORTEST: Duration = Duration::from_millis(5);

/// Own moves expected to be left at ply `ply` of a game with `empty` empty
/// points: about 30 at the start, never fewer than 10, never more than
/// there is room for.
fn moves_left(ply: usize, empty: usize) -> u32 {
    let expected = 30usize.saturating_sub(ply / 2).max(10);
    expected.min(empty.div_ceil(2).max(1)) as u32
}

impl Clock {
    /// The budget of the move at ply `ply` (stones on the board) with
    /// `empty` empty points; `None` if the clock says nothing (the caller's
    /// default applies).
    ///
    /// With a limit per move only, the move may use it all but the reserve.
    /// With a match clock, the move's target is an even share of what is
    /// left over the moves expected to remain, and its limit three shares
    /// but never more than a fifth of what is left; a limit per move caps
    /// both.
    ///
    /// ```
    /// use gomoku::ai::Clock;
    /// use std::time::Duration;
    /// let ms = Duration::from_millis;
    /// let turn = Clock { turn: Some(ms(500)), left: None }.budget(10, 200).unwrap();
    /// assert!(turn.target.is_none() && turn.limit < ms(500));
    /// let matched = Clock { turn: None, left: Some(ms(180_000)) }.budget(0, 225).unwrap();
    /// assert!(matched.target.unwrap() <= ms(6_000) && matched.limit <= ms(18_000));
    /// ```
    pub fn budget(&self, ply: usize, empty: usize) -> Option<Budget> {
        let reserve = |t: Duration| t.saturating_sub(IO_RESERVE).max(SHORTEST);
        let turn_limit = self.turn.map(reserve);
        match self.left {
            Some(left) => {
                let share = left / moves_left(ply, empty);
                let mut target = reserve(share);
                let mut limit = reserve((share * 3).min(left / 5));
                if let Some(t) = turn_limit {
                    target = target.min(t);
                    limit = limit.min(t);
                }
                Some(Budget {
                    target: Some(target.min(limit)),
                    limit,
                })
            }
            None => turn_limit.map(|limit| Budget {
                target: None,
                limit,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_turn_limit_keeps_a_reserve_and_nothing_else() {
        for turn in [100, 500, 5_000, 60_000] {
            let b = Clock {
                turn: Some(ms(turn)),
                left: None,
            }
            .budget(20, 200)
            .unwrap();
            assert!(b.target.is_none());
            assert_eq!(b.limit, ms(turn) - IO_RESERVE, "{turn}: {b:?}");
        }
        let fastest = Clock {
            turn: Some(Duration::ZERO),
            left: None,
        };
        assert_eq!(fastest.budget(0, 225).unwrap().limit, SHORTEST);
        assert_eq!(Clock::default().budget(0, 225), None);
    }

    #[test]
    fn a_match_clock_is_shared_over_the_moves_left_and_never_spent_at_once() {
        let minutes3 = Clock {
            turn: None,
            left: Some(ms(180_000)),
        };
        let opening = minutes3.budget(0, 225).unwrap();
        let late = minutes3.budget(60, 165).unwrap();
        assert!(
            opening.target.unwrap() < late.target.unwrap(),
            "fewer moves left, more each"
        );
        for b in [opening, late] {
            let target = b.target.unwrap();
            assert!(b.limit <= ms(36_000) && target <= b.limit);
            // Target and limit each keep the reserve back from their shares.
            assert!(
                b.limit + IO_RESERVE <= (target + IO_RESERVE) * 3,
                "three shares at most: {b:?}"
            );
        }
        // Nearly out of time: a fifth of what is left at most.
        let short = Clock {
            turn: None,
            left: Some(ms(1_000)),
        }
        .budget(40, 100)
        .unwrap();
        assert!(short.limit <= ms(200), "{short:?}");
        // A turn limit caps the match share.
        let both = Clock {
            turn: Some(ms(500)),
            left: Some(ms(600_000)),
        }
        .budget(0, 225)
        .unwrap();
        assert!(both.limit < ms(500) && both.target.unwrap() <= both.limit);
    }
}
