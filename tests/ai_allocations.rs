//! The search's node loop does not allocate: the allocations of a search
//! grow with its depth (one principal variation per iteration), not with
//! the nodes it visits.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use gomoku::ai::{AiOptions, Engine};
use gomoku::notation::parse_moves;
use gomoku::{Game, Rule};

/// The system allocator, counting the allocations of each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Nodes and allocations of a top-level search to `depth` plies.
fn search(engine: &mut Engine, game: &Game, depth: u32) -> (u64, u64) {
    let options = AiOptions {
        max_depth: Some(depth),
        ..AiOptions::default()
    };
    let before = allocations();
    let m = engine.best_move(game, &options).unwrap();
    (m.nodes, allocations() - before)
}

/// Allocations a search may make per iteration of its deepening (a
/// principal variation, a progress report, root bookkeeping, the move
/// lists of plies it reaches for the first time), and once per search.
const PER_ITERATION: u64 = 20;
const PER_SEARCH: u64 = 40;

#[test]
fn allocations_grow_with_depth_not_with_nodes() {
    for (rule, moves) in [
        (Rule::Freestyle, "h8 i9 h10 j8 i7 g9"),
        (Rule::Renju, "h8 i9 j10 i8 i10 h9"),
    ] {
        let game = Game::from_moves(15, rule, &parse_moves(moves).unwrap()).unwrap();
        let mut engine = Engine::new();
        // The first search allocates the transposition table.
        search(&mut engine, &game, 2);
        let mut nodes = Vec::new();
        for depth in [4, 11] {
            let (n, allocated) = search(&mut engine, &game, depth);
            eprintln!("{rule:?}, depth {depth}: {n} nodes, {allocated} allocations");
            let most = PER_SEARCH + PER_ITERATION * u64::from(depth);
            assert!(
                allocated <= most,
                "{rule:?}, depth {depth}: {allocated} allocations for {n} nodes, at most {most} expected"
            );
            nodes.push(n);
        }
        assert!(
            nodes[1] > 50 * nodes[0],
            "{rule:?}: too few nodes to tell, {nodes:?}"
        );
    }
}
