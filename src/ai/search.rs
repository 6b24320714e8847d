//! The search: iterative deepening alpha-beta (principal variation search,
//! aspiration windows at the root) with a transposition table, move
//! ordering by learned scores, killers and history, late-move reductions
//! and pruning, and a VCF quiescence search at the leaves (through the
//! same table); its moves come from [`super::movegen`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::movegen::{self, Decision};
use super::pattern::Pattern;
use super::position::Position;
use super::tt::{Bound, Entry, TranspositionTable};
use crate::board::CELLS;

/// The score of a win on the board now; a win `n` plies away scores `WIN - n`.
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub(crate) const MATE_BOUND: i32 = WIN - 1_000;
const INFINITY: i32 = WIN + 1;
const MAX_PLY: usize = 200;
/// Deepest iteration when the root has a single move.
const SINGULAR_DEPTH: u32 = 10;
/// Deepest remaining depth where futility pruning applies.
const FUTILITY_DEPTH: i32 = 5;
/// Futility margin per ply of remaining depth, in evaluation units. Against
/// Rapfi (built-in tables, 100 ms, iterations started until the limit):
/// 41.3% over 612 games at 120, 40.3% over 1,768 at 60.
const FUTILITY_MARGIN: i32 = 120;

/// Most answers an open three of the opponent may leave for answering it to
/// cost no depth, as the single block of a four costs none: the search then
/// follows a sequence of threats to its end. Against Rapfi (built-in
/// tables) from balanced openings, with against without: 23.0% to 20.0%
/// over 274 and 270 games at 100 ms, 26.7% to 22.3% over 180 and 166 at
/// 0.5 s, both arms playing at the same time.
const NARROW_ANSWERS: usize = 4;
/// Plies from the root within which narrow answers are free; deeper, every
/// ply counts, so that a long chain of threes stays bounded.
const EXTENDED_PLIES: usize = 24;

/// A move whose ordering score is this far below the node's best (in
/// hundredths of a log-odds unit: a 20 times smaller chance of being the
/// move a strong player picks) is searched one ply shallower first.
const POLICY_REDUCTION_GAP: i32 = 300;

/// Below this remaining depth, a move that makes not even an open two for
/// either side is not searched once the node has a move that does not lose.
const TRIVIAL_PRUNING_DEPTH: i32 = 4;

/// Facing an open three, an answer that does not block it (no four of the
/// opponent's to be made on its cell) and lands more than this many cells
/// from the opponent's last stone, in the larger of the two directions, is
/// a far answer: a four of our own elsewhere, say, that only delays.
const FAR_ANSWER_DISTANCE: u32 = 4;
/// Plies a far answer is searched shallower first, as Rapfi reduces its
/// "useless defence". Against Rapfi (built-in tables): 43.2% over 1,278
/// games at 100 ms, where the search without it scored 42.2% over 2,634;
/// 39.4% over 400 at 0.5 s, where it scored 37.1% over the same openings.
const FAR_ANSWER_REDUCTION: i32 = 2;

/// Quiescence plies at whose start an open three of the opponent's is
/// answered (every answer searched) rather than the static value stood on:
/// the value of a position with an open three to answer is no value.
const ANSWERED_THREE_PLIES: usize = 1;

/// Deepest quiescence (continuous fours) line, in plies.
const MAX_QUIESCENCE: usize = 24;

/// From this iteration on, the root is searched in a window around the
/// last iteration's score rather than an open one: most moves then fail
/// fast, and a score outside the window is searched again, wider. Against
/// Rapfi (built-in tables, 0.5 s): 44.0% over 600 games, where the search
/// with open windows scored 41.7% from the same openings.
const ASPIRATION_DEPTH: u32 = 5;
/// The window's half-width at first, in evaluation units (about a fifteenth
/// of a log-odds unit).
const ASPIRATION_WINDOW: i32 = 30;
/// A half-width beyond which the window opens fully.
const ASPIRATION_LIMIT: i32 = 1_000;

/// From this depth on, root moves after the first are searched shallower
/// first, by [`late_move_reduction`] as on the principal line inside the
/// tree. Against Rapfi (built-in tables, 0.5 s), 600 games: 47.0%, where
/// the search without it scored 42.8% from the same openings.
const ROOT_REDUCTION_DEPTH: i32 = 3;

/// From this remaining depth on, a table move that no other move comes near
/// in a search half as deep is singular, and searched one ply deeper.
/// Against Rapfi (built-in tables, 0.5 s), 900 games from three opening
/// sets: 47.2%, where the search without it scored 45.4% (paired by
/// opening +1.7 ± 2.8 points, the same sign on each set).
const SINGULAR_EXTENSION_DEPTH: i32 = 7;
/// How far below the table's score the other moves must stay for the table
/// move to be singular, per ply of remaining depth.
const SINGULAR_MARGIN: i32 = 2;
/// How many plies shallower than the node the table entry may be for its
/// move to be tested for singularity.
const SINGULAR_TABLE_SLACK: i32 = 3;

/// What a search may use.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Node budget (0 = none).
    pub nodes: u64,
    /// Hard time budget.
    pub time: Option<Duration>,
    /// The time the move should take on average: no iteration starts after
    /// half of it, or after one and a half times it while the best move is
    /// unstable.
    pub target: Option<Duration>,
    /// Widest a quiet node may branch (0 = all candidates).
    pub width: usize,
    /// Root moves not to play while another remains (cell indices).
    pub avoid: Vec<usize>,
}

/// One finished iteration.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    /// Depth completed.
    pub depth: u32,
    /// Score from the side to move's view.
    pub score: i32,
    /// Best line, first move first (cell indices).
    pub pv: Vec<usize>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// A search in progress.
pub(crate) struct Search<'a> {
    pos: Position,
    tt: &'a mut TranspositionTable,
    stop: &'a AtomicBool,
    limits: Limits,
    start: Instant,
    nodes: u64,
    aborted: bool,
    killers: Vec<[usize; 2]>,
    history: Vec<[i32; 2]>,
    /// Per ply, the node's move list, kept between nodes so that the node
    /// loop allocates nothing once each ply has grown its list.
    lists: Vec<Vec<usize>>,
    /// Ordering keys, reused by every [`Search::order`].
    keys: Vec<(std::cmp::Reverse<i64>, usize)>,
    /// Per ply, the static value of the node searched there: a node whose
    /// value rose since the same side's last node is improving.
    evals: Vec<i32>,
    /// Depth of the root iteration in progress.
    root_depth: i32,
}

impl<'a> Search<'a> {
    /// A search of `pos` for its side to move; `start` is when the move's
    /// clock started (time already spent counts against the budget).
    pub(crate) fn new(
        pos: Position,
        tt: &'a mut TranspositionTable,
        stop: &'a AtomicBool,
        limits: Limits,
        start: Instant,
    ) -> Search<'a> {
        Search {
            pos,
            tt,
            stop,
            limits,
            start,
            nodes: 0,
            aborted: false,
            killers: vec![[usize::MAX; 2]; MAX_PLY + 1],
            history: vec![[0; 2]; CELLS],
            lists: vec![Vec::new(); MAX_PLY + 1],
            keys: Vec::with_capacity(CELLS),
            evals: vec![0; MAX_PLY + 1],
            root_depth: 0,
        }
    }

    /// Nodes searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Runs iterative deepening; `report` sees each finished iteration.
    /// Returns the last finished iteration (or a best guess if none finished),
    /// `None` when the side to move has no legal move.
    pub(crate) fn run(&mut self, report: &mut dyn FnMut(&Iteration)) -> Option<Iteration> {
        let mut root = Vec::new();
        match movegen::generate(&mut self.pos, &mut root)
            .map(|(plies, play)| (mate_score(plies, 0), play))
        {
            Some((score, Some(m))) => return Some(self.iteration(0, score, vec![m])),
            Some((score, None)) => {
                // Lost whatever we do: play any legal move.
                let any = self.pos.empty_cells().find(|&i| self.pos.is_legal(i))?;
                return Some(self.iteration(0, score, vec![any]));
            }
            None => {}
        }
        if root.is_empty() {
            return None;
        }
        if root.iter().any(|m| !self.limits.avoid.contains(m)) {
            root.retain(|m| !self.limits.avoid.contains(m));
        }
        self.order(&mut root, 0, None);
        let mut best = self.iteration(0, 0, vec![root[0]]);
        // A forced reply is searched only a little, for its score.
        let deepest = if root.len() == 1 {
            self.limits.depth.min(SINGULAR_DEPTH)
        } else {
            self.limits.depth
        };
        let mut previous: Option<(usize, i32)> = None;
        for depth in 1..=deepest.max(1) {
            let (score, m, complete) = if depth >= ASPIRATION_DEPTH && best.score.abs() < MATE_BOUND
            {
                self.aspiration(depth as i32, &mut root, best.score)
            } else {
                self.root(depth as i32, &mut root, -INFINITY, INFINITY)
            };
            if self.aborted {
                // A move that beat the last best line in full is still news.
                if complete > 0 && m != best.pv[0] && score > best.score {
                    best = self.iteration(depth, score, vec![m]);
                }
                break;
            }
            let mut pv = vec![m];
            self.extend_pv(&mut pv);
            best = self.iteration(depth, score, pv);
            report(&best);
            let proven = score.abs() >= MATE_BOUND && (WIN - score.abs()) as u32 + 1 < depth;
            // A new iteration starts while any time is left: it rarely
            // finishes, but a root move that beats the best line in full is
            // still played. Against Rapfi (built-in tables, 100 ms): 40.3%
            // over 1,768 games, where stopping at half the limit scored 38.5%
            // over 2,774.
            let elapsed = self.start.elapsed();
            let time_left = self.limits.time.is_none_or(|t| elapsed < t);
            // A best move that just changed, a score that fell, or a position
            // that looks lost earns more of the budget than the target.
            let unstable =
                previous.is_some_and(|(was, old)| was != m || score < old - 30) || score <= -300;
            // An iteration costs about three times the one before, so one
            // started at half the target ends near it on average.
            let before_target = self
                .limits
                .target
                .is_none_or(|t| elapsed < if unstable { t * 3 / 2 } else { t / 2 });
            previous = Some((m, score));
            if proven || !time_left || !before_target || self.out_of_nodes() {
                break;
            }
        }
        Some(best)
    }

    fn iteration(&self, depth: u32, score: i32, pv: Vec<usize>) -> Iteration {
        Iteration {
            depth,
            score,
            pv,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }

    /// Follows the table's best moves from the root line's end.
    fn extend_pv(&mut self, pv: &mut Vec<usize>) {
        let mut made = 0;
        let mut ended = pv.first().is_some_and(|&m| self.wins_now(m));
        for &m in pv.iter() {
            self.pos.make(m);
            made += 1;
        }
        while pv.len() < 32 && !ended {
            let Some(e) = self.tt.probe(self.pos.hash()) else {
                break;
            };
            let m = e.best as usize;
            if e.best == u16::MAX || !self.pos.is_legal(m) {
                break;
            }
            ended = self.wins_now(m);
            self.pos.make(m);
            pv.push(m);
            made += 1;
        }
        for _ in 0..made {
            self.pos.unmake();
        }
    }

    /// Whether the side to move wins by playing `m`.
    fn wins_now(&self, m: usize) -> bool {
        self.pos.threat(m, self.pos.side()).is_five()
    }

    /// One root iteration in windows around `guess`, the last iteration's
    /// score, each wider than the one before, until the score falls inside
    /// one (or the search stops); returns as [`Search::root`] does.
    fn aspiration(&mut self, depth: i32, moves: &mut [usize], guess: i32) -> (i32, usize, usize) {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        loop {
            let found = self.root(depth, moves, alpha, beta);
            let score = found.0;
            if self.aborted {
                return found;
            }
            if score <= alpha && alpha > -INFINITY {
                // Failed low: look lower, and bring the top down halfway.
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta && beta < INFINITY {
                beta = (score + delta).min(INFINITY);
            } else {
                return found;
            }
            delta += delta / 2 + 10;
            if delta > ASPIRATION_LIMIT {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// One root iteration in the window (`alpha`, `beta`); keeps `moves`
    /// ordered best first. Returns the best score (a bound when outside the
    /// window) and move and how many root moves were searched in full.
    fn root(
        &mut self,
        depth: i32,
        moves: &mut [usize],
        mut alpha: i32,
        beta: i32,
    ) -> (i32, usize, usize) {
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        self.root_depth = depth;
        self.evals[0] = self.pos.evaluate();
        let mut best = moves[0];
        let mut complete = 0;
        let mut scores = vec![-INFINITY; moves.len()];
        // A forced reply costs no depth, as inside the tree.
        let child = if moves.len() == 1 { depth } else { depth - 1 };
        for (n, &m) in moves.iter().enumerate() {
            // Late root moves are searched shallower first, as late moves
            // inside the tree are, and again in full when they beat alpha.
            let reduction = if n >= 1 && depth >= ROOT_REDUCTION_DEPTH {
                let me = self.pos.side();
                let quiet = is_quiet(
                    self.pos.threat(m, me).best,
                    self.pos.threat(m, me.opponent()).best,
                );
                late_move_reduction(depth, n, true, true, quiet, false).min(child - 1)
            } else {
                0
            };
            self.pos.make(m);
            let score = if n == 0 {
                -self.negamax(child, 1, -beta, -alpha)
            } else {
                let mut s = -self.negamax(child - reduction, 1, -alpha - 1, -alpha);
                if reduction > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(child, 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(child, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.aborted {
                break;
            }
            scores[n] = score;
            complete += 1;
            if score > best_score {
                best_score = score;
                best = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        // Best first, the rest by their scores (stable, so ties keep order).
        let mut ranked: Vec<(i32, usize)> = scores.into_iter().zip(moves.iter().copied()).collect();
        ranked.sort_by_key(|&(s, m)| std::cmp::Reverse(if m == best { INFINITY + 1 } else { s }));
        for (slot, (_, m)) in moves.iter_mut().zip(ranked) {
            *slot = m;
        }
        if !self.aborted && alpha0 < best_score && best_score < beta {
            self.tt
                .store(self.pos.hash(), Some(best), best_score, depth, Bound::Exact);
        }
        (best_score, best, complete)
    }

    fn out_of_nodes(&self) -> bool {
        self.limits.nodes > 0 && self.nodes >= self.limits.nodes
    }

    /// Counts a node and says whether the search must stop.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        let over = self.stop.load(Ordering::Relaxed)
            || self.out_of_nodes()
            || (self.nodes & 255 == 0
                && self.limits.time.is_some_and(|t| self.start.elapsed() >= t));
        self.aborted = over;
        over
    }

    /// Sorts moves best first: table move, killers, then learned move
    /// scores ([`Position::move_score`]) and history.
    fn order(&mut self, moves: &mut [usize], ply: usize, tt_move: Option<usize>) {
        let me = self.pos.side();
        let c = me as usize - 1;
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        keys.extend(moves.iter().map(|&m| {
            let key = if Some(m) == tt_move {
                i64::MAX
            } else {
                let killer = if killers.contains(&m) { 300 } else { 0 };
                self.pos.move_score(m) as i64 + killer + (self.history[m][c] as i64 >> 6)
            };
            (std::cmp::Reverse(key), m)
        }));
        // Keys are distinct (they end with the move), so unstable is exact.
        keys.sort_unstable();
        for (slot, &(_, m)) in moves.iter_mut().zip(&keys) {
            *slot = m;
        }
        self.keys = keys;
    }

    fn negamax(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.pos.evaluate();
        }
        self.with_list(ply, |s, moves| s.node(depth, ply, alpha, beta, moves))
    }

    /// Lends the move list of `ply` to `f` and takes it back, whatever `f`
    /// returns: the lists keep their capacity from node to node, and a ply
    /// reached for the first time allocates its list once, for every cell.
    fn with_list(&mut self, ply: usize, f: impl FnOnce(&mut Self, &mut Vec<usize>) -> i32) -> i32 {
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.reserve(CELLS);
        let score = f(self, &mut list);
        self.lists[ply] = list;
        score
    }

    /// [`Search::negamax`] for a node, its moves generated into `moves`.
    fn node(
        &mut self,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        moves: &mut Vec<usize>,
    ) -> i32 {
        if let Some((mate, _)) = movegen::generate(&mut self.pos, moves) {
            return mate_score(mate, ply);
        }
        if moves.is_empty() {
            return if self.pos.is_full() {
                0
            } else {
                -(WIN - ply as i32 - 2)
            };
        }
        let forced = moves.len() == 1;
        if depth <= 0 && !forced {
            return self.quiesce(ply, alpha, beta, 0, moves);
        }
        // An open three of theirs with few answers costs no depth either.
        let narrow = moves.len() <= NARROW_ANSWERS
            && ply < EXTENDED_PLIES
            && self
                .pos
                .flex_four_point(self.pos.side().opponent())
                .is_some();
        // Mate distance pruning.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let eval = self.pos.evaluate();
        self.evals[ply] = eval;
        let improving = ply >= 2 && eval > self.evals[ply - 2];
        let hash = self.pos.hash();
        let entry = self.tt.probe(hash);
        let tt_move = entry.map(|e| e.best as usize).filter(|m| moves.contains(m));
        if let Some(score) = entry
            .filter(|e| !pv_node && e.depth as i32 >= depth)
            .and_then(|e| table_cut(e, ply, alpha, beta))
        {
            return score;
        }
        // Whether the opponent has an open three (or a double four point) to
        // be answered.
        let their_three = self.pos.has_flex_four_point(self.pos.side().opponent());
        // Futility: near the leaves, a static value far above beta stands
        // unless the opponent has an open three to be answered.
        if !pv_node
            && !forced
            && depth <= FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && !their_three
            && eval - FUTILITY_MARGIN * depth >= beta
        {
            return eval;
        }
        self.order(moves, ply, tt_move);
        if self.limits.width > 0 && ply > 0 && !forced {
            let me = self.pos.side();
            let width = self.limits.width + depth.max(0) as usize;
            let mut kept = 0;
            moves.retain(|&m| {
                kept += 1;
                kept <= width || self.pos.threat(m, me).is_four()
            });
        }
        // Singular extension: the table move is searched a ply deeper when
        // no other move comes near its score in a shallower search, and the
        // node is cut when another move alone beats beta.
        let mut extended = None;
        if let (Some(t), Some(e)) = (tt_move, entry) {
            let tt_score = from_tt(e.score as i32, ply);
            if !forced
                && !narrow
                && depth >= SINGULAR_EXTENSION_DEPTH
                && (ply as i32) < 2 * self.root_depth
                && e.depth as i32 >= depth - SINGULAR_TABLE_SLACK
                && e.bound != Bound::Upper
                && tt_score.abs() < MATE_BOUND
            {
                let bound = tt_score - SINGULAR_MARGIN * depth;
                let count = late_move_count(depth / 2, improving);
                let other = self.best_other(t, moves, depth / 2, ply, bound, count);
                if self.aborted {
                    return 0;
                }
                if other < bound {
                    extended = Some(t);
                } else if bound >= beta {
                    return bound;
                }
            }
        }
        let alpha0 = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let me = self.pos.side();
        // The node's best ordering score, for the policy reduction (which
        // applies from depth 3 on).
        let top_score = if depth >= 3 {
            moves.iter().map(|&m| self.pos.move_score(m)).max()
        } else {
            None
        };
        let searched_moves = late_move_count(depth, improving);
        let their_last = self.pos.last_move();
        for (n, &m) in moves.iter().enumerate() {
            let new_depth = if forced || narrow || extended == Some(m) {
                depth
            } else {
                depth - 1
            };
            let (mine, theirs) = (
                self.pos.threat(m, me).best,
                self.pos.threat(m, me.opponent()).best,
            );
            // Once a move that does not lose is known, late moves and moves
            // that make nothing for either side are not searched.
            if !forced
                && n > 0
                && best_score > -MATE_BOUND
                && (n >= searched_moves
                    || (depth < TRIVIAL_PRUNING_DEPTH
                        && mine < Pattern::F2
                        && theirs < Pattern::F2))
            {
                continue;
            }
            let quiet = is_quiet(mine, theirs);
            let unlikely = n > 0
                && depth >= 3
                && top_score.is_some_and(|t| self.pos.move_score(m) < t - POLICY_REDUCTION_GAP);
            let reduction = if n >= 1 && depth >= 2 {
                let far_answer = their_three
                    && theirs < Pattern::B4
                    && their_last.is_some_and(|l| Position::distance(l, m) > FAR_ANSWER_DISTANCE);
                let far = if far_answer { FAR_ANSWER_REDUCTION } else { 0 };
                (late_move_reduction(depth, n, pv_node, improving, quiet, unlikely) + far)
                    .min(new_depth - 1)
            } else {
                0
            };
            self.pos.make(m);
            let score = if n == 0 {
                -self.negamax(new_depth, ply + 1, -beta, -alpha)
            } else {
                let mut s = -self.negamax(new_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if s > alpha && (reduction > 0 || pv_node) && !self.aborted {
                    s = -self.negamax(new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        self.reward(m, ply, depth);
                        break;
                    }
                }
            }
        }
        let bound = bound_of(best_score, alpha0, beta);
        self.tt
            .store(hash, best_move, to_tt(best_score, ply), depth, bound);
        best_score
    }

    /// The best score, in a null window at `bound`, of the first `count`
    /// of `moves` other than `excluded`, each searched `depth` plies deep;
    /// stops at the first that reaches `bound`.
    fn best_other(
        &mut self,
        excluded: usize,
        moves: &[usize],
        depth: i32,
        ply: usize,
        bound: i32,
        count: usize,
    ) -> i32 {
        let mut best = -INFINITY;
        for &m in moves.iter().filter(|&&m| m != excluded).take(count) {
            self.pos.make(m);
            let score = -self.negamax(depth - 1, ply + 1, -bound, -bound + 1);
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            if best >= bound {
                break;
            }
        }
        best
    }

    /// Remembers a move that caused a cut-off.
    fn reward(&mut self, m: usize, ply: usize, depth: i32) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let c = self.pos.side() as usize - 1;
        self.history[m][c] = (self.history[m][c] + depth * depth).min(1 << 20);
    }

    /// [`Search::quiesce`] on the move list of `ply`.
    fn quiesce_at(&mut self, ply: usize, alpha: i32, beta: i32, qply: usize) -> i32 {
        self.with_list(ply, |s, fours| s.quiesce(ply, alpha, beta, qply, fours))
    }

    /// Quiescence: the static value, or better through continuous fours
    /// (generated into `fours`). Its results go to the transposition table
    /// where no main-search result is. Proving a win of 25 plies from one
    /// middle game took 1.96 M nodes without the table and mate distance
    /// pruning here, 216 k with them.
    fn quiesce(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: usize,
        fours: &mut Vec<usize>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let me = self.pos.side();
        match movegen::decide(&mut self.pos) {
            Decision::Mate(mate, _) => return mate_score(mate, ply),
            Decision::Block(b) => {
                // Their four: the block is forced.
                self.pos.make(b);
                let score = -self.quiesce_at(ply + 1, -beta, -alpha, qply + 1);
                self.pos.unmake();
                return score;
            }
            Decision::Open => {}
        }
        // Mate distance pruning: once a shorter win is known, a line of
        // fours here cannot better it.
        alpha = alpha.max(-(WIN - ply as i32));
        let beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        // Lines of fours meet the same positions in other orders.
        let hash = self.pos.hash();
        if let Some(score) = self
            .tt
            .probe(hash)
            .and_then(|e| table_cut(e, ply, alpha, beta))
        {
            return score;
        }
        let alpha0 = alpha;
        if qply < ANSWERED_THREE_PLIES && self.pos.has_flex_four_point(me.opponent()) {
            if let Some(score) = self.answer_three(ply, alpha, beta, qply, fours) {
                return score;
            }
        }
        let stand = self.pos.evaluate();
        if stand >= beta || qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        fours.clear();
        fours.extend(self.pos.four_points(me));
        if qply >= 2 {
            // Deep in a line of fours, only fours that continue from our own
            // last stone (its 5×5 square and its lines out to four): the line
            // stays narrow. Arena, brain against brain at 150 ms: 59.7% over
            // 300 games against trying every four.
            if let Some(last) = self.pos.own_last_move() {
                fours.retain(|&m| continues_from(last, m));
            }
        }
        self.order(fours, ply, None);
        for &m in fours.iter() {
            self.pos.make(m);
            let score = -self.quiesce_at(ply + 1, -beta, -alpha, qply + 1);
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        if self.aborted {
            return 0;
        }
        self.tt
            .store_quiescence(hash, to_tt(alpha, ply), bound_of(alpha, alpha0, beta));
        alpha
    }

    /// Quiescence when the opponent has an open three: the best of the
    /// answers the move generator gives (into `answers`), or `None` if it
    /// gives none.
    fn answer_three(
        &mut self,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: usize,
        answers: &mut Vec<usize>,
    ) -> Option<i32> {
        if let Some((mate, _)) = movegen::generate(&mut self.pos, answers) {
            return Some(mate_score(mate, ply));
        }
        if answers.is_empty() {
            return None;
        }
        self.order(answers, ply, None);
        let mut best = -INFINITY;
        for &m in answers.iter() {
            self.pos.make(m);
            let score = -self.quiesce_at(ply + 1, -beta, -alpha, qply + 1);
            self.pos.unmake();
            if self.aborted {
                return Some(0);
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        Some(best)
    }
}

/// How many of a node's moves are searched once one that does not lose is
/// known: those before the `3 + depth^1.32`th, that count halved unless the
/// node is improving. With [`late_move_reduction`] and the pruning of moves
/// that make nothing, against Rapfi (built-in tables, 100 ms): 42.1% over
/// 1,278 games, where reducing only quiet moves from the fourth on (one ply,
/// two from the ninth) scored 40.1% over 1,278; the reductions without the
/// pruning scored 39.2% and the pruning without them 39.8%, over 678 each.
fn late_move_count(depth: i32, improving: bool) -> usize {
    let count = 3.0 + f64::from(depth.max(0)).powf(1.32);
    (count / if improving { 1.0 } else { 2.0 }).ceil() as usize - 1
}

/// How many plies shallower the `n`th move (from 0) of a node `depth`
/// plies from the leaves is searched first: `ln(depth) × ln(n + 1)`, one
/// more at a node that is neither on the principal line nor improving, one
/// less on the principal line or for a move that makes or stops a three,
/// one more for a move the ordering scores far below the best.
fn late_move_reduction(
    depth: i32,
    n: usize,
    pv_node: bool,
    improving: bool,
    quiet: bool,
    unlikely: bool,
) -> i32 {
    let mut r = f64::from(depth).ln() * ((n + 1) as f64).ln();
    if !pv_node && !improving && r > 1.0 {
        r += 1.0;
    }
    if pv_node {
        r -= 1.0;
    }
    if !quiet {
        r -= 1.0;
    }
    if unlikely {
        r += 1.0;
    }
    (r.round() as i32).max(0)
}

/// Whether a move whose best shapes are `mine` for the mover and `theirs`
/// for the opponent neither makes nor stops a three.
fn is_quiet(mine: Pattern, theirs: Pattern) -> bool {
    mine < Pattern::F3 && theirs < Pattern::F3
}

/// Whether cell `m` is in the 5×5 square around `last` or on one of its
/// lines within four cells.
fn continues_from(last: usize, m: usize) -> bool {
    let (a, b) = (Position::point(last), Position::point(m));
    let (dx, dy) = (a.x().abs_diff(b.x()), a.y().abs_diff(b.y()));
    dx.max(dy) <= 2 || (dx.max(dy) <= 4 && (dx == 0 || dy == 0 || dx == dy))
}

/// The score at `ply` of a win (`plies` > 0) or loss (< 0) that many plies
/// away.
fn mate_score(plies: i32, ply: usize) -> i32 {
    let score = WIN - ply as i32 - plies.abs();
    if plies > 0 {
        score
    } else {
        -score
    }
}

/// A score as stored: mate scores counted from this node.
fn to_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s + ply as i32,
        s if s <= -MATE_BOUND => s - ply as i32,
        s => s,
    }
}

/// How a node's result `score` bounds its value, searched in the window
/// (`alpha`, `beta`).
fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The stored score of `e` at `ply` when it settles the window (`alpha`,
/// `beta`) by its bound.
fn table_cut(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_tt(e.score as i32, ply);
    match e.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
    .then_some(score)
}

/// A stored score back at `ply`.
fn from_tt(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= MATE_BOUND => s - ply as i32,
        s if s <= -MATE_BOUND => s + ply as i32,
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;
    use crate::{Game, Rule};

    /// The root at `depth` from `moves`, searched in one open window or by
    /// aspiration from `guess`, each with a table of its own.
    fn root_search(moves: &str, depth: i32, guess: Option<i32>) -> (i32, usize) {
        let game = Game::from_moves(15, Rule::Freestyle, &parse_moves(moves).unwrap()).unwrap();
        let mut pos = Position::new(&game);
        let mut root = Vec::new();
        assert!(movegen::generate(&mut pos, &mut root).is_none());
        let mut tt = TranspositionTable::new(4).unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: depth as u32,
            nodes: 0,
            time: None,
            target: None,
            width: 0,
            avoid: Vec::new(),
        };
        let mut search = Search::new(pos, &mut tt, &stop, limits, Instant::now());
        search.order(&mut root, 0, None);
        let (score, m, complete) = match guess {
            Some(g) => search.aspiration(depth, &mut root, g),
            None => search.root(depth, &mut root, -INFINITY, INFINITY),
        };
        assert!(complete > 0);
        (score, m)
    }

    #[test]
    fn a_wrong_aspiration_guess_is_searched_again_until_the_score_is_exact() {
        for moves in ["h8 i9 j8 h7", "h8 h9 i8 g10 j7 i9", "h8 i7 g9 j6 h6 i9 i8"] {
            let (open, best) = root_search(moves, 4, None);
            assert!(open.abs() < MATE_BOUND, "{moves}: {open}");
            for guess in [open, open - 700, open + 700, -MATE_BOUND + 1] {
                assert_eq!(
                    root_search(moves, 4, Some(guess)),
                    (open, best),
                    "{moves}, guess {guess}"
                );
            }
        }
    }
}
