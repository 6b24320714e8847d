//! The `gomoku` command's subcommands, run as a user would.

mod common;

/// Runs `gomoku` in English with its history in a file of the test's own.
fn gomoku(args: &[&str], input: &str) -> (bool, String) {
    let history = std::env::temp_dir().join(format!("gomoku-test-history-{}", std::process::id()));
    gomoku_with(
        args,
        input,
        &[("LANG", "C"), ("GOMOKU_HISTORY", history.to_str().unwrap())],
    )
}

fn gomoku_with(args: &[&str], input: &str, env: &[(&str, &str)]) -> (bool, String) {
    let run = common::run_with_env(env!("CARGO_BIN_EXE_gomoku"), args, input, env);
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
    assert!(
        out.contains("black wins with five in a row a1 a2 a3 a4 a5"),
        "{out}"
    );
}

#[test]
fn finished_games_go_to_the_history_and_replay() {
    let dir = std::env::temp_dir().join(format!("gomoku-history-{}", std::process::id()));
    let path = dir.join("games.txt");
    let path_text = path.to_str().unwrap();
    let win = "a1\nb1\na2\nb2\na3\nb3\na4\nb4\na5\n";
    let args = ["--human", "both", "--size", "9", "--history", path_text];
    let (ok, out) = gomoku(&args, &format!("{win}new\nh8\nresign\nquit\n"));
    assert!(ok, "{out}");
    assert!(out.contains("black wins by resignation. Type"), "{out}");
    let saved = gomoku::Game::load_all(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved.len(), 2);
    assert_eq!(saved[1].end_reason(), Some(gomoku::EndReason::Resignation));
    let (ok, out) = gomoku(&args, "history\nhistory 1\n\n\ne\nb\nq\nhistory 9\nquit\n");
    assert!(ok, "{out}");
    assert!(out.contains("  1. ") && out.contains("  2. "), "{out}");
    assert!(
        out.contains("black wins with five in a row · 9 moves"),
        "{out}"
    );
    assert!(
        out.contains("replay of game 1") && out.contains("move 2 of 9"),
        "{out}"
    );
    assert!(
        out.contains("move 8 of 9") && out.contains("no such game"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_game_speaks_chinese_when_lang_says_so() {
    let history = std::env::temp_dir().join(format!("gomoku-zh-{}", std::process::id()));
    let env = [
        ("LANG", "zh_CN.UTF-8"),
        ("GOMOKU_HISTORY", history.to_str().unwrap()),
    ];
    let (ok, out) = gomoku_with(
        &["--human", "both", "--rule", "renju"],
        "help\nh8\nhint\na1\nb1\na2\nb2\na3\nb3\na4\nb4\na5\nquit\n",
        &env,
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("连珠（黑棋禁手）") && out.contains("悔棋"),
        "{out}"
    );
    assert!(out.contains("提示：") && out.contains("白棋 走棋"), "{out}");
    std::fs::remove_file(&history).ok();
}

#[test]
fn bad_arguments_are_reported() {
    let (ok, out) = gomoku(&["--size", "30"], "");
    assert!(!ok && out.contains("invalid board size 30"), "{out}");
    let (ok, out) = gomoku(&["arena", "--a", "nonsense"], "");
    assert!(!ok && out.contains("neither a level nor a brain"), "{out}");
    // A brain that exits at once stops the match with an error.
    let (ok, out) = gomoku(
        &["arena", "--a", "2", "--b", "/bin/false", "--count", "1"],
        "",
    );
    assert!(!ok && out.contains("/bin/false failed to start"), "{out}");
    let openings = std::env::temp_dir().join(format!("gomoku-bad-openings-{}", std::process::id()));
    std::fs::write(&openings, "0,0 1,1\n0,0 0,0\n").unwrap();
    let (ok, out) = gomoku(&["arena", "--openings", openings.to_str().unwrap()], "");
    assert!(
        !ok && out.contains("opening 2") && out.contains("occupied"),
        "{out}"
    );
    std::fs::remove_file(&openings).unwrap();
}

#[test]
fn bench_prints_the_node_count() {
    let (ok, out) = gomoku(&["bench", "--depth", "2"], "");
    assert!(ok && out.contains("Bench: "), "{out}");
}

/// A reader that has gone (`gomoku openings | head -1`) ends the command
/// quietly, as with any command-line tool, rather than with a panic.
#[cfg(unix)]
#[test]
fn a_reader_that_has_gone_ends_the_output_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku"))
        .args(["openings", "--count", "40"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The pipe's reading end closes before the openings are printed.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(libc::SIGPIPE), "{:?}", out.status);
}

#[test]
fn the_arena_plays_levels_and_external_brains() {
    let (ok, out) = gomoku(&["arena", "--a", "2", "--b", "1", "--count", "2"], "");
    assert!(ok && out.contains("4 games"), "{out}");
    assert!(out.contains("pairs (A's points 0, ½, 1, 1½, 2): "), "{out}");
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
fn tune_fits_the_evaluation_weights_to_saved_games() {
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
    assert!(out.contains("pub(crate) const WEIGHTS: Weights"), "{out}");
    // --out writes the module instead of printing it.
    let module = dir.join("freestyle.rs");
    let module_text = module.to_str().unwrap();
    let (ok, out) = gomoku(
        &[
            "tune",
            "--games",
            dir_text,
            "--epochs",
            "5",
            "--out",
            module_text,
        ],
        "",
    );
    assert!(
        ok && out.contains("written") && !out.contains("WEIGHTS"),
        "{out}"
    );
    let written = std::fs::read_to_string(&module).unwrap();
    assert!(
        written.contains("pub(crate) const WEIGHTS: Weights"),
        "{written}"
    );
    std::fs::remove_file(&module).unwrap();
    // A match file of c-gomoku-cli: every game of the collection is read.
    let sgf = dir.join("match.sgf");
    let sgf_text = sgf.to_str().unwrap();
    let game = "(;GM[4]SZ[15]RU[0];B[hh];W[ah];B[hi];W[bh];B[hj];W[ch];B[hk];W[dh];B[hl])\n";
    std::fs::write(&sgf, game.repeat(3)).unwrap();
    let (ok, out) = gomoku(&["tune", "--sgf", sgf_text, "--epochs", "5"], "");
    assert!(ok && out.contains("3 games"), "{out}");
    std::fs::write(&sgf, format!("{game}(;GM[4]SZ[15];B[hh];W[hh])")).unwrap();
    let (ok, out) = gomoku(&["tune", "--sgf", sgf_text], "");
    assert!(
        !ok && out.contains("match.sgf") && out.contains("game 2"),
        "{out}"
    );
    std::fs::remove_file(&sgf).unwrap();
    std::fs::write(dir.join("broken.txt"), "not a game").unwrap();
    let (ok, out) = gomoku(&["tune", "--games", dir_text], "");
    assert!(!ok && out.contains("broken.txt"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tune_fits_the_evaluation_to_labelled_positions() {
    let dir = std::env::temp_dir().join(format!("gomoku-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let labels = dir.join("labels.txt");
    let labels_text = labels.to_str().unwrap();
    // Both notations, a blank line, and the side to move's chance.
    let lines = "7,7 8,8 7,8\t0.3\nh8 i9 h9 i10\t0.8\n\n7,7\t0.45\n";
    std::fs::write(&labels, lines.repeat(30)).unwrap();
    for extra in [&[][..], &["--combos"][..]] {
        let mut args = vec!["tune", "--labels", labels_text, "--epochs", "20"];
        args.extend(extra);
        let (ok, out) = gomoku(&args, "");
        assert!(
            ok && out.contains("90 labelled positions") && out.contains("loss: fitted"),
            "{out}"
        );
        let table = if extra.is_empty() {
            "Cells::Terms"
        } else {
            "Cells::Combos"
        };
        assert!(out.contains(table), "{out}");
    }
    // A bad line names its file and line, and says what is wrong.
    for (bad, says) in [
        ("7,7 8,8 0.5", "tab"),
        ("7,7 8,8\t1.5", "between 0 and 1"),
        ("7,7 8,8\twin", "between 0 and 1"),
        ("7,7 7,7\t0.5", "occupied"),
        ("z99\t0.5", "invalid"),
    ] {
        std::fs::write(&labels, format!("7,7\t0.5\n{bad}\n")).unwrap();
        let (ok, out) = gomoku(&["tune", "--labels", labels_text], "");
        assert!(
            !ok && out.contains("labels.txt:2") && out.contains(says),
            "{bad}: {out}"
        );
    }
    // Labels are fitted on their own, not mixed with game results.
    let (ok, out) = gomoku(&["tune", "--labels", labels_text, "--sgf", labels_text], "");
    assert!(!ok && out.contains("cannot be used with"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn label_judges_every_position_once_with_a_brain_for_tune() {
    let dir = std::env::temp_dir().join(format!("gomoku-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sgf, labels) = (dir.join("match.sgf"), dir.join("labels.txt"));
    let (sgf_text, labels_text) = (sgf.to_str().unwrap(), labels.to_str().unwrap());
    // The same game twice, as a match plays each opening twice: its eight
    // positions before the last move are judged once each.
    let game = "(;GM[4]SZ[15]RU[0];B[hh];W[ah];B[hi];W[bh];B[hj];W[ch];B[hk];W[dh];B[hl])\n";
    std::fs::write(&sgf, game.repeat(2)).unwrap();
    let brain = env!("CARGO_BIN_EXE_pbrain-gomoku");
    let args = [
        "label",
        "--sgf",
        sgf_text,
        "--brain",
        brain,
        "--nodes",
        "2000",
        "--scale",
        "400",
        "--out",
        labels_text,
    ];
    let (ok, out) = gomoku(&args, "");
    assert!(ok, "{out}");
    let written = std::fs::read_to_string(&labels).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    let (labelled, silent) = (lines.len(), 8 - lines.len());
    assert!(
        out.contains(&format!(
            "2 games: {labelled} positions labelled, {silent} answered without a value"
        )) && labelled >= 5,
        "{out}\n{written}"
    );
    assert!(lines[0].starts_with("7,7\t"), "{written}");
    for line in &lines {
        let (moves, chance) = line.split_once('\t').unwrap();
        let chance: f64 = chance.parse().unwrap();
        assert!((0.0..=1.0).contains(&chance), "{line}");
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.starts_with(&format!("{moves}\t")))
                .count(),
            1
        );
    }
    // White to move facing black's open four has lost.
    let facing_four = lines
        .iter()
        .find(|l| l.starts_with("7,7 0,7 7,8 1,7 7,9 2,7 7,10\t"));
    assert!(
        facing_four.is_none_or(|l| l.ends_with("\t0.0000")),
        "{written}"
    );
    let (ok, out) = gomoku(&["tune", "--labels", labels_text, "--epochs", "5"], "");
    assert!(
        ok && out.contains(&format!("{labelled} labelled positions")),
        "{out}"
    );
    // What it cannot label is refused with the reason.
    std::fs::write(&sgf, "(;GM[4]SZ[9];B[ee];W[ef])").unwrap();
    let (ok, out) = gomoku(&args, "");
    assert!(
        !ok && out.contains("game 1 is not freestyle on 15×15"),
        "{out}"
    );
    std::fs::write(&sgf, game).unwrap();
    let mut no_brain = args;
    no_brain[4] = "/nonexistent/pbrain";
    let (ok, out) = gomoku(&no_brain, "");
    assert!(!ok && out.contains("did not answer START"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_and_shell_completions_come_from_the_argument_definitions() {
    let (ok, out) = gomoku(&["--help"], "");
    assert!(
        ok && out.contains("arena") && out.contains("--level"),
        "{out}"
    );
    let (ok, out) = gomoku(&["arena", "--help"], "");
    assert!(ok && out.contains("--openings"), "{out}");
    let (ok, out) = gomoku(&["completions", "bash"], "");
    assert!(
        ok && out.contains("_gomoku") && out.contains("--openings"),
        "{out}"
    );
    let (ok, out) = gomoku(&["--level", "9"], "");
    assert!(!ok && out.contains("9 is not in 1..=5"), "{out}");
    let (ok, out) = gomoku(&["arena", "--bogus"], "");
    assert!(!ok && out.contains("--bogus"), "{out}");
}

#[test]
fn an_sprt_stops_a_decided_match() {
    // Level 3 against the five-tuple scorer: decided long before 60 pairs.
    let (ok, out) = gomoku(
        &[
            "arena",
            "--a",
            "3",
            "--b",
            "1",
            "--openings",
            "random",
            "--count",
            "60",
            "--time",
            "0",
            "--depth",
            "2",
            "--sprt",
            "0,100",
            "--threads",
            "2",
        ],
        "",
    );
    assert!(ok && out.contains("H1 accepted"), "{out}");
    let words: Vec<&str> = out.split_whitespace().collect();
    let games: u32 = words
        .windows(3)
        .find(|w| w[1] == "games" && w[2] == "in")
        .and_then(|w| w[0].parse().ok())
        .expect("the summary counts the games");
    assert!(games < 120, "stopped early: {out}");
    let (ok, out) = gomoku(&["arena", "--sprt", "10,0"], "");
    assert!(!ok && out.contains("elo0 < elo1"), "{out}");
}

#[test]
fn selfplay_records_are_the_same_for_the_same_seed_and_tune_reads_them() {
    let dir = std::env::temp_dir().join(format!("gomoku-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = |threads: &str| {
        vec![
            "selfplay".to_string(),
            "--level".into(),
            "4".into(),
            "--time".into(),
            "0".into(),
            "--nodes".into(),
            "1500".into(),
            "--openings".into(),
            "random".into(),
            "--count".into(),
            "3".into(),
            "--seed".into(),
            "9".into(),
            "--threads".into(),
            threads.into(),
        ]
    };
    let run = |threads: &str| {
        let a = args(threads);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let (ok, out) = gomoku(&refs, "");
        assert!(ok, "{out}");
        out
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(
        one, two,
        "the same records in the same order on any number of threads"
    );
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 6, "{one}");
    for line in &lines {
        gomoku::ai::selfplay::Record::parse(line).unwrap();
        assert!(line.contains(':'), "{line}");
    }
    let data = dir.join("records.txt");
    std::fs::write(&data, &one).unwrap();
    let data_text = data.to_str().unwrap();
    let (ok, out) = gomoku(&["tune", "--data", data_text, "--epochs", "20"], "");
    assert!(ok && out.contains("6 games"), "{out}");
    // An arena with --data writes records too, appended.
    let (ok, out) = gomoku(
        &[
            "arena", "--a", "2", "--b", "1", "--count", "1", "--data", data_text,
        ],
        "",
    );
    assert!(ok, "{out}");
    assert_eq!(std::fs::read_to_string(&data).unwrap().lines().count(), 8);
    let (ok, out) = gomoku(
        &["openings", "--count", "3", "--rule", "renju", "--seed", "2"],
        "",
    );
    assert!(ok && out.lines().count() == 3, "{out}");
    for line in out.lines() {
        gomoku::notation::parse_opening(line, 15).unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
}
