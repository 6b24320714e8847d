//! The invariants the fuzz targets check, one function per target: each
//! takes arbitrary bytes and panics only when the library breaks a promise.
//! `fuzz_targets/` drives them with libFuzzer (`scripts/fuzz.sh`);
//! `tests/corpus.rs` replays the committed corpus as a regression test.

use std::ffi::{c_char, CString};

use gomoku::ffi::*;
use gomoku::notation::{format_moves, parse_moves};
use gomoku::{Color, Game, Point, Rule, Setup};

/// Move strings: parsing never panics, and what parses prints and parses
/// back to the same points.
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(moves) = parse_moves(text) {
        assert_eq!(parse_moves(&format_moves(&moves)).as_ref(), Ok(&moves));
    }
}

/// Save text: loading never panics, a loaded game saves and loads back
/// equal, and its search board is consistent along its moves.
pub fn save(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = Game::load(text) {
        check_game(&game);
    }
}

/// Piskvork records under each rule: reading never panics, and what reads
/// writes and reads back to the same game.
pub fn psq(data: &[u8]) {
    let Some((&rule, rest)) = data.split_first() else {
        return;
    };
    let rule = Rule::ALL[rule as usize % Rule::ALL.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(game) = Game::from_psq(text, rule) {
        let again = Game::from_psq(&game.to_psq(), rule).expect("a written record reads back");
        assert_eq!(again.moves(), game.moves());
        check_game(&game);
    }
}

/// Set-up positions from bytes (size, rule, side to move, then stones as
/// column, row and colour, some off the board): refused with an error or
/// accepted with exactly those stones and a consistent game.
pub fn setup(data: &[u8]) {
    let [size, rule, to_move, stones @ ..] = data else {
        return;
    };
    let mut setup = Setup::new(*size as usize % 30, Rule::ALL[*rule as usize % 4]);
    setup.to_move = if to_move % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    for s in stones.chunks_exact(3) {
        let p = Point::try_new(i64::from(s[0] % 32), i64::from(s[1] % 32));
        let color = if s[2] % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if let Some(p) = p {
            setup.stones.push((p, color));
        }
    }
    if let Ok(game) = Game::from_setup(&setup) {
        assert_eq!(game.board().stone_count(), setup.stones.len());
        for &(p, c) in &setup.stones {
            assert_eq!(game.board().stone(p), Some(c));
        }
        assert_eq!(game.side_to_move(), setup.to_move);
        check_game(&game);
    }
}

/// The Gomocup brain, fed arbitrary lines: it never panics, and answers
/// every line with nothing, `OK`, `ERROR …`, `UNKNOWN …`, a `MESSAGE`, its
/// `ABOUT` line, `FORBID …`, `SWAP`, or one to three moves `x,y` on a board.
pub fn protocol(data: &[u8]) {
    use gomoku_cli::protocol::{Brain, Event};
    let text = String::from_utf8_lossy(data);
    let (sender, events) = std::sync::mpsc::channel();
    for line in text.lines() {
        sender
            .send(Event::Line(line.to_string()))
            .expect("the channel is open");
    }
    sender.send(Event::Closed).expect("the channel is open");
    let mut out = Vec::new();
    Brain::new()
        .with_node_limit(300)
        .run(&events, &sender, &mut out);
    for reply in String::from_utf8_lossy(&out).lines() {
        let known = [
            "OK", "ERROR", "UNKNOWN", "MESSAGE", "name=", "FORBID", "SWAP",
        ]
        .iter()
        .any(|prefix| reply.starts_with(prefix));
        let moves: Vec<_> = reply.split(' ').collect();
        let is_moves = (1..=3).contains(&moves.len())
            && moves.iter().all(|m| {
                let xy: Vec<_> = m.split(',').collect();
                xy.len() == 2
                    && xy.iter().all(|c| {
                        c.parse::<u8>()
                            .is_ok_and(|v| (v as usize) < gomoku::MAX_SIZE)
                    })
            });
        assert!(known || is_moves, "reply {reply:?}");
    }
}

/// A game script through the C ABI, one operation per few bytes, with the
/// arguments a careless or hostile host might pass. After every step the
/// board the ABI reports equals a replay of the history, the search board is
/// consistent, and a refused call changed nothing.
pub fn c_abi(data: &[u8]) {
    let mut bytes = data.iter().copied();
    let mut next = move || bytes.next();
    let mut g = gomoku_new(15, GomokuRule::Renju as i32);
    while let Some(op) = next() {
        let (a, b) = (next().unwrap_or(0), next().unwrap_or(0));
        let before = snapshot(g);
        let status = unsafe { step(&mut g, op, a, b) };
        let after = snapshot(g);
        if status < 0 {
            assert_eq!(
                before, after,
                "op {op} ({a}, {b}) refused with {status} but changed the game"
            );
        }
        check_handle(g);
    }
    unsafe { gomoku_free(g) };
}

/// One operation of the C ABI script; its status (negative if refused).
///
/// # Safety
/// `*g` is a live handle; it may be replaced by a new one.
unsafe fn step(g: &mut *mut GomokuGame, op: u8, a: u8, b: u8) -> i32 {
    // Coordinates that reach far off the board and below zero.
    let coordinate = |v: u8| i32::from(v as i8) * if v & 0x40 != 0 { 1 << 20 } else { 1 };
    match op % 15 {
        0 | 1 => gomoku_play(*g, coordinate(a) % 20, coordinate(b) % 20),
        2 => gomoku_undo(*g),
        3 => gomoku_redo(*g),
        4 => {
            let text = CString::new(format!(
                "{}{} {}{}",
                (b'a' + a % 28) as char,
                b % 30,
                (b'a' + b % 28) as char,
                a % 30
            ))
            .expect("no NUL");
            gomoku_play_moves(*g, text.as_ptr())
        }
        5 => gomoku_play(*g, coordinate(a), coordinate(b)),
        6 => {
            let mut options = GomokuAiOptions::default();
            gomoku_ai_options_init(&mut options);
            options.level = i32::from(a % 7) - 1;
            options.max_nodes = 200;
            options.max_depth = u32::from(b % 4);
            options.table_mib = 1;
            let (mut x, mut y) = (-1, -1);
            let status = gomoku_ai_move(*g, &options, &mut x, &mut y);
            if status == 0 {
                assert_eq!(
                    gomoku_is_legal(*g, x, y),
                    1,
                    "the AI chose an illegal point"
                );
                gomoku_play(*g, x, y)
            } else {
                status
            }
        }
        7 => replace(g, |h| {
            let text = save_text(h);
            let text = CString::new(text).expect("no NUL");
            gomoku_load(text.as_ptr())
        }),
        8 => replace(g, |h| gomoku_clone(h)),
        9 => replace(g, |_| gomoku_new(u32::from(a % 30), i32::from(b % 5))),
        12 => match a % 3 {
            0 => gomoku_resign(*g, i32::from(b % 4)),
            1 => gomoku_lose_on_time(*g, i32::from(b % 4)),
            _ => gomoku_agree_draw(*g),
        },
        13 => replace(g, |h| gomoku_transform(h, i32::from(a % 9))),
        14 => replace(g, |h| {
            let len = gomoku_to_sgf(h, std::ptr::null_mut(), 0);
            let mut buf = vec![0u8; len as usize + 1];
            gomoku_to_sgf(h, buf.as_mut_ptr().cast(), buf.len() as u32);
            let back = gomoku_from_sgf(buf.as_ptr().cast());
            if !back.is_null() {
                // SGF keeps all but the redo list.
                assert_eq!(gomoku_move_count(back), gomoku_move_count(h));
                assert_eq!(gomoku_result_reason(back), gomoku_result_reason(h));
            }
            back
        }),
        10 => {
            let mut xs = vec![0; usize::from(a % 8)];
            let mut ys = vec![0; xs.len()];
            let cap = xs.len() as u32;
            gomoku_forbidden_points(*g, xs.as_mut_ptr(), ys.as_mut_ptr(), cap)
                .min(gomoku_winning_line(
                    *g,
                    xs.as_mut_ptr(),
                    ys.as_mut_ptr(),
                    cap,
                ))
                .min(gomoku_moves(*g, xs.as_mut_ptr(), ys.as_mut_ptr(), cap))
                .min(0)
        }
        _ => {
            let mut buf = vec![0 as c_char; usize::from(a)];
            let n = gomoku_save(*g, buf.as_mut_ptr(), buf.len() as u32);
            assert!(n > 0);
            gomoku_to_psq(*g, buf.as_mut_ptr(), buf.len() as u32).min(0)
        }
    }
}

/// Replaces the handle by `make(handle)` when that gives one; a status.
///
/// # Safety
/// `*g` is a live handle.
unsafe fn replace(
    g: &mut *mut GomokuGame,
    make: impl FnOnce(*mut GomokuGame) -> *mut GomokuGame,
) -> i32 {
    let new = make(*g);
    if new.is_null() {
        return GomokuStatus::InvalidArgument as i32;
    }
    gomoku_free(*g);
    *g = new;
    0
}

/// The save text behind a handle.
fn save_text(g: *mut GomokuGame) -> String {
    let len = unsafe { gomoku_save(g, std::ptr::null_mut(), 0) };
    assert!(len > 0, "a live handle saves");
    let mut buf = vec![0u8; len as usize + 1];
    let written = unsafe { gomoku_save(g, buf.as_mut_ptr().cast(), buf.len() as u32) };
    assert_eq!(written, len);
    buf.truncate(len as usize);
    String::from_utf8(buf).expect("save text is UTF-8")
}

/// Everything a host can read of a handle, to compare before and after.
fn snapshot(g: *mut GomokuGame) -> (String, Vec<i32>, i32) {
    let mut cells = vec![0; gomoku::MAX_SIZE * gomoku::MAX_SIZE];
    let n = unsafe { gomoku_board_rows(g, cells.as_mut_ptr(), cells.len() as u32) };
    cells.truncate(n as usize);
    (save_text(g), cells, unsafe { gomoku_result(g) })
}

/// The handle's state is a replay of its history and agrees with its board.
fn check_handle(g: *mut GomokuGame) {
    let (text, cells, result) = snapshot(g);
    let game = Game::load(&text).expect("a handle's save text loads");
    assert_eq!(result, game.result() as i32);
    let n = game.size();
    for p in game.board().points() {
        let code = game.board().stone(p).map_or(0, |c| c as i32);
        assert_eq!(
            cells[usize::from(p.y()) * n + usize::from(p.x())],
            code,
            "{p}"
        );
    }
    check_game(&game);
}

/// A game equals the replay of its moves from its start, saves and loads
/// back equal, and its search board is consistent along the moves.
fn check_game(game: &Game) {
    let mut replay = Game::from_setup(game.setup()).expect("a game's start position is valid");
    for &p in game.moves() {
        replay.play(p).expect("a game's moves replay");
    }
    assert_eq!(replay.board(), game.board());
    if game.end_reason().is_some_and(|r| r.is_declared()) {
        // Resigned, timed out or agreed: declared while the moves left it open.
        assert!(!replay.is_over(), "{game:?}");
    } else {
        assert_eq!(replay.result(), game.result());
        assert_eq!(replay.end_reason(), game.end_reason());
    }
    assert_eq!(Game::load(&game.save()).as_ref(), Ok(game));
    assert!(gomoku::ai::incremental_state_matches(game), "{game:?}");
}
