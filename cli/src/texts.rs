//! What the terminal game says, in English or Chinese (chosen by `LANG`).
//! The game's own words (rules, colours, results, hint reasons) come from
//! the library's [`Language`].

use gomoku::Language;

/// The terminal game's messages in one language.
pub struct Texts {
    /// The language of the game's own words.
    pub language: Language,
    /// The command list.
    pub help: &'static str,
    /// Prompt word while the computer thinks.
    pub thinking: &'static str,
    /// " (you)" after the side to move.
    pub you: &'static str,
    /// " (computer)" after the side to move.
    pub computer: &'static str,
    /// "to move".
    pub to_move: &'static str,
    /// "last move".
    pub last_move: &'static str,
    /// After a finished game.
    pub game_over: &'static str,
    /// "took back".
    pub took_back: &'static str,
    /// "replayed".
    pub replayed: &'static str,
    /// "hint".
    pub hint: &'static str,
    /// "new game".
    pub new_game: &'static str,
    /// "colours swapped".
    pub swapped: &'static str,
    /// "no forbidden points".
    pub no_forbidden: &'static str,
    /// "saved to".
    pub saved: &'static str,
    /// "loaded".
    pub loaded: &'static str,
    /// "it is the computer's turn".
    pub computers_turn: &'static str,
    /// "unknown command".
    pub unknown: &'static str,
    /// "error".
    pub error: &'static str,
    /// "no finished games in".
    pub no_history: &'static str,
    /// "moves".
    pub moves: &'static str,
    /// Replay mode's keys.
    pub replay_keys: &'static str,
    /// The heading of a replay: game number and its summary.
    pub replay_of: fn(usize, &str) -> String,
    /// Where a replay stands: move shown and moves in all.
    pub replay_at: fn(usize, usize) -> String,
    /// "level must be 1 to".
    pub level_range: &'static str,
    /// "no such game".
    pub no_such_game: &'static str,
    /// "you" as a player's name in the history.
    pub you_name: &'static str,
    /// "computer" as a player's name in the history.
    pub computer_name: &'static str,
    /// Online: the seat taken, with the room, the token and where to share it.
    pub online_seat: fn(&str, &str, &str) -> String,
    /// Online: the commands.
    pub online_help: &'static str,
    /// Online: the opponent asks to take back a move.
    pub undo_requested: &'static str,
    /// Online: the opponent offers a draw.
    pub draw_offered: &'static str,
    /// Online: the opponent wants a rematch.
    pub rematch_offered: &'static str,
    /// Online: the opponent said no.
    pub declined: &'static str,
}

/// English.
pub const ENGLISH: Texts = Texts {
    language: Language::English,
    help: "\
commands:
  h8            play a move (column letter, row number from the top)
  undo / redo   take back or replay (back to your turn against the computer)
  hint          ask the computer for your best move, and why
  resign        give up this game
  level N       computer strength, 1 (classic) to 5 (full search)
  forbidden     list black's forbidden points (renju)
  save FILE     save the game; load FILE to continue one
  history       list finished games; history N replays game N
  new           start again; swap to change colours
  help          this text; quit to leave",
    thinking: "thinking…",
    you: " (you)",
    computer: " (computer)",
    to_move: "to move",
    last_move: "last move",
    game_over: "Type undo, new or quit.",
    took_back: "took back",
    replayed: "replayed",
    hint: "hint",
    new_game: "new game",
    swapped: "colours swapped",
    no_forbidden: "no forbidden points",
    saved: "saved to",
    loaded: "loaded",
    computers_turn: "it is the computer's turn",
    unknown: "unknown command; type help",
    error: "error",
    no_history: "no finished games in",
    moves: "moves",
    replay_keys: "Enter: next move, b: back, e: end, q: leave the replay",
    replay_of: |n, summary| format!("replay of game {n}: {summary}"),
    replay_at: |k, n| format!("move {k} of {n}"),
    level_range: "level must be 1 to",
    no_such_game: "no such game; history lists them",
    you_name: "you",
    computer_name: "computer",
    online_seat: |room, token, server| {
        format!(
            "room {room}: a friend joins with `gomoku play --connect {server} --room {room}` or at http://{}/#room={room}\nyour token (to take your seat back with --token): {token}",
            server.trim_start_matches("ws://").split('/').next().unwrap_or(server)
        )
    },
    online_help: "\
commands online:
  h8            play a move
  undo          ask your opponent to take back your last move
  yes / no      answer your opponent's undo request or draw offer
  draw          offer a draw; resign to give up
  rematch       another game with colours swapped, once this one is over
  quit          leave (your seat waits for you: --room and --token)",
    undo_requested: "Your opponent asks to take back a move: yes or no?",
    draw_offered: "Your opponent offers a draw: yes or no?",
    rematch_offered: "Your opponent wants a rematch with colours swapped: type rematch to accept.",
    declined: "Your opponent said no.",
};

/// Simplified Chinese.
pub const CHINESE: Texts = Texts {
    language: Language::Chinese,
    help: "\
命令：
  h8            落子（列字母加行号，行号从上往下数）
  undo / redo   悔棋或重做（人机对战时退回到你的回合）
  hint          提示：电脑推荐的一步和理由
  resign        认输
  level N       电脑难度，1（经典算法）到 5（完整搜索）
  forbidden     列出黑棋的禁手点（连珠规则）
  save 文件     保存对局；load 文件 继续一局
  history       列出历史棋局；history N 回放第 N 局
  new           重新开始；swap 交换执子颜色
  help          显示本帮助；quit 退出",
    thinking: "电脑思考中…",
    you: "（你）",
    computer: "（电脑）",
    to_move: "走棋",
    last_move: "上一手",
    game_over: "输入 undo 悔棋、new 新局或 quit 退出。",
    took_back: "已悔棋",
    replayed: "已重做",
    hint: "提示",
    new_game: "新的一局",
    swapped: "已交换颜色",
    no_forbidden: "没有禁手点",
    saved: "已保存到",
    loaded: "已载入",
    computers_turn: "现在轮到电脑",
    unknown: "未知命令，输入 help 查看帮助",
    error: "错误",
    no_history: "还没有历史棋局：",
    moves: "手",
    replay_keys: "回车：下一手，b：上一手，e：终局，q：退出回放",
    replay_of: |n, summary| format!("回放第 {n} 局：{summary}"),
    replay_at: |k, n| format!("第 {k} 手，共 {n} 手"),
    level_range: "难度必须是 1 到",
    no_such_game: "没有这一局；输入 history 查看列表",
    you_name: "你",
    computer_name: "电脑",
    online_seat: |room, token, server| {
        format!(
            "房间 {room}：朋友可以用 `gomoku play --connect {server} --room {room}` 加入，或在浏览器打开 http://{}/#room={room}\n你的令牌（用 --token 取回座位）：{token}",
            server.trim_start_matches("ws://").split('/').next().unwrap_or(server)
        )
    },
    online_help: "\
联机命令：
  h8            落子
  undo          请求对方同意悔棋
  yes / no      回答对方的悔棋请求或和棋提议
  draw          提议和棋；resign 认输
  rematch       本局结束后交换颜色再下一局
  quit          离开（座位会为你保留：--room 和 --token）",
    undo_requested: "对方请求悔棋：同意吗？（yes 或 no）",
    draw_offered: "对方提议和棋：同意吗？（yes 或 no）",
    rematch_offered: "对方想交换颜色再下一局：输入 rematch 同意。",
    declined: "对方拒绝了。",
};

/// The texts for a language.
pub fn texts(language: Language) -> &'static Texts {
    match language {
        Language::English => &ENGLISH,
        Language::Chinese => &CHINESE,
    }
}

/// The language the environment asks for: the first set of `LC_ALL`,
/// `LC_MESSAGES` and `LANG`, as POSIX orders them.
pub fn language_from_env() -> Language {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .map_or(Language::English, |v| Language::from_locale(&v))
}
