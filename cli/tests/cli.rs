//! The `gomoku` command's subcommands, run as a user would.

mod common;

fn gomoku(args: &[&str], input: &str) -> (bool, String) {
    let run = common::run(env!("CARGO_BIN_EXE_gomoku"), args, input);
    (run.ok, run.stdout + &run.stderr)
}

#[test]
fn the_terminal_game_plays_against_the_computer() {
    let (ok, out) = gomoku(
        &["--level", "1", "--size", "9"],
        "h8\nundo\nredo\nhint\nforbidden\nzz\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("thinking"), "{out}");
    assert!(out.contains("took back"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("unknown command"), "{out}");
}

#[test]
fn two_people_can_play_and_win() {
    let (ok, out) = gomoku(
        &["--human", "both"],
        "a1\nb1\na2\nb2\na3\nb3\na4\nb4\na5\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("black wins with a1 a2 a3 a4 a5"), "{out}");
}

#[test]
fn bad_arguments_are_reported() {
    let (ok, out) = gomoku(&["--size", "30"], "");
    assert!(!ok && out.contains("invalid board size 30"), "{out}");
    let (ok, out) = gomoku(&["arena", "--a", "nonsense"], "");
    assert!(!ok && out.contains("neither a level nor a brain"), "{out}");
}

#[test]
fn bench_prints_the_node_count() {
    let (ok, out) = gomoku(&["bench", "--depth", "2"], "");
    assert!(ok && out.contains("Bench: "), "{out}");
}

#[test]
fn the_arena_plays_levels_and_external_brains() {
    let (ok, out) = gomoku(&["arena", "--a", "2", "--b", "1", "--count", "2"], "");
    assert!(ok && out.contains("4 games"), "{out}");
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let (ok, out) = gomoku(
        &[
            "arena", "--a", "3", "--b", brain, "--count", "1", "--time", "60",
        ],
        "",
    );
    assert!(ok && out.contains("2 games"), "{out}");
}

#[test]
fn vcf_puzzles_are_solved() {
    let case = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/vcf/vcf_counter.txt"
    );
    let (ok, out) = gomoku(&["vcf", case], "");
    assert!(ok && out.contains("1/1 cases agree"), "{out}");
}

#[test]
fn tune_fits_the_weights_to_saved_games() {
    let dir = std::env::temp_dir().join(format!("gomoku-tune-{}", std::process::id()));
    let dir_text = dir.to_str().unwrap();
    let (ok, out) = gomoku(
        &[
            "arena", "--a", "2", "--b", "1", "--count", "5", "--out", dir_text,
        ],
        "",
    );
    assert!(ok, "{out}");
    let (ok, out) = gomoku(&["tune", "--games", dir_text, "--epochs", "50"], "");
    assert!(
        ok && out.contains("10 games") && out.contains("loss: fitted"),
        "{out}"
    );
    assert!(
        out.contains("mover: [") && out.contains("waiter: ["),
        "{out}"
    );
    std::fs::write(dir.join("broken.txt"), "not a game").unwrap();
    let (ok, out) = gomoku(&["tune", "--games", dir_text], "");
    assert!(!ok && out.contains("broken.txt"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
