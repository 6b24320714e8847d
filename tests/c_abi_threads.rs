//! The C ABI under threads: `gomoku_ai_stop` racing `gomoku_ai_move`, and
//! reads, moves and a second search on the same handle meanwhile. Run as a
//! normal test and, by `scripts/sanitizers.sh`, under ThreadSanitizer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Barrier;
use std::time::Duration;

use gomoku::ffi::*;

/// A handle that may be shared between threads: the C ABI serialises calls
/// on one handle itself.
#[derive(Clone, Copy)]
struct Shared(*mut GomokuGame);
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

impl Shared {
    /// The raw handle (a method, so closures capture the whole `Shared`).
    fn ptr(self) -> *mut GomokuGame {
        self.0
    }
}

fn options(time_ms: u32) -> GomokuAiOptions {
    let mut o = GomokuAiOptions::default();
    unsafe { gomoku_ai_options_init(&mut o) };
    o.time_ms = time_ms;
    o.table_mib = 1;
    o
}

#[test]
fn stop_races_search_while_other_calls_go_on() {
    let g = Shared(gomoku_new(15, GomokuRule::Renju as i32));
    let moves = c"h8 i9 j8 i7 i8";
    assert_eq!(unsafe { gomoku_play_moves(g.ptr(), moves.as_ptr()) }, 0);
    let before = save(g);
    let done = AtomicBool::new(false);
    let start = Barrier::new(4);
    std::thread::scope(|s| {
        // The searcher: long searches, each cut short by the stopper.
        s.spawn(|| {
            start.wait();
            let o = options(20_000);
            let mut answered = 0;
            while answered < 12 {
                let (mut x, mut y) = (-1, -1);
                match unsafe { gomoku_ai_move(g.ptr(), &o, &mut x, &mut y) } {
                    0 => {
                        assert!((0..15).contains(&x) && (0..15).contains(&y));
                        answered += 1;
                    }
                    // The player's short search holds the engine.
                    status => assert_eq!(status, GomokuStatus::Busy as i32),
                }
            }
            done.store(true, Ordering::SeqCst);
        });
        // The stopper: stops at every moment, thinking or not.
        s.spawn(|| {
            start.wait();
            while !done.load(Ordering::SeqCst) {
                unsafe { gomoku_ai_stop(g.ptr()) };
                std::thread::sleep(Duration::from_millis(3));
            }
        });
        // A reader, as a UI repaint would be.
        s.spawn(|| {
            start.wait();
            let mut cells = [0i32; 225];
            while !done.load(Ordering::SeqCst) {
                let n = unsafe { gomoku_board_rows(g.ptr(), cells.as_mut_ptr(), 225) };
                assert_eq!(n, 225);
                assert_eq!(cells[7 * 15 + 7], GomokuStone::Black as i32);
                assert!(unsafe { gomoku_save(g.ptr(), std::ptr::null_mut(), 0) } > 0);
            }
        });
        // A player that moves and takes back, and asks for a second search.
        s.spawn(|| {
            start.wait();
            let o = options(5);
            while !done.load(Ordering::SeqCst) {
                assert_eq!(unsafe { gomoku_play(g.ptr(), 0, 0) }, 0);
                assert_eq!(unsafe { gomoku_undo(g.ptr()) }, 0);
                let (mut x, mut y) = (0, 0);
                let status = unsafe { gomoku_ai_move(g.ptr(), &o, &mut x, &mut y) };
                assert!(
                    status == GomokuStatus::Ok as i32 || status == GomokuStatus::Busy as i32,
                    "{status}"
                );
            }
        });
    });
    let after = save(g);
    assert!(
        after.starts_with(&before.replace("result ongoing\n", "")),
        "{after}"
    );
    assert!(
        after.ends_with("redo a1\nresult ongoing\n"),
        "every move was taken back: {after}"
    );
    unsafe { gomoku_free(g.ptr()) };
}

/// The save text behind a handle.
fn save(g: Shared) -> String {
    let mut buf = vec![0u8; 4096];
    let n = unsafe { gomoku_save(g.ptr(), buf.as_mut_ptr().cast(), buf.len() as u32) };
    buf.truncate(n as usize);
    String::from_utf8(buf).unwrap()
}

#[test]
fn handles_on_many_threads_play_as_they_do_one_by_one() {
    let play = |seed: u64| -> String {
        let g = Shared(gomoku_new(11, (seed % 4) as i32));
        let mut o = options(0);
        o.max_nodes = 2_000;
        o.seed = seed;
        unsafe { gomoku_play(g.ptr(), 5, 5) };
        for ply in 0..20 {
            o.level = if ply % 2 == 0 { 5 } else { 2 };
            let (mut x, mut y) = (0, 0);
            if unsafe { gomoku_ai_move(g.ptr(), &o, &mut x, &mut y) } != 0
                || unsafe { gomoku_play(g.ptr(), x, y) } != 0
            {
                break;
            }
        }
        let text = save(g);
        unsafe { gomoku_free(g.ptr()) };
        text
    };
    let sequential: Vec<String> = (0..8).map(play).collect();
    let concurrent: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8).map(|k| s.spawn(move || play(k))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(sequential, concurrent);
}
