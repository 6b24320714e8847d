//! The words of the game in the languages the front ends speak: rule,
//! colour and result names, and the shapes the tutorials teach, so every
//! front end says them the same way.

use crate::{Color, EndReason, GameResult, Rule};

/// A language for the words a player reads; the values are the C ABI codes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Language {
    /// English.
    #[default]
    English = 0,
    /// Simplified Chinese.
    Chinese = 1,
}

impl Language {
    /// Both languages, in the order of their codes.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language for a C code, `None` for anything else.
    pub const fn from_code(code: i32) -> Option<Language> {
        match code {
            0 => Some(Language::English),
            1 => Some(Language::Chinese),
            _ => None,
        }
    }

    /// The language of a locale name as `LANG` or Java give it (`zh_CN.UTF-8`,
    /// `zh-Hans`, `en_US`): Chinese for `zh…`, English otherwise.
    ///
    /// ```
    /// use gomoku::Language;
    /// assert_eq!(Language::from_locale("zh_CN.UTF-8"), Language::Chinese);
    /// assert_eq!(Language::from_locale("C"), Language::English);
    /// ```
    pub fn from_locale(locale: &str) -> Language {
        if locale.trim().to_ascii_lowercase().starts_with("zh") {
            Language::Chinese
        } else {
            Language::English
        }
    }

    /// A rule's name in this language.
    pub const fn rule(self, rule: Rule) -> &'static str {
        match (self, rule) {
            (Language::English, Rule::Freestyle) => "freestyle",
            (Language::English, Rule::Standard) => "standard (exactly five)",
            (Language::English, Rule::Renju) => "renju",
            (Language::English, Rule::Caro) => "caro",
            (Language::Chinese, Rule::Freestyle) => "无禁手",
            (Language::Chinese, Rule::Standard) => "标准（恰好五连）",
            (Language::Chinese, Rule::Renju) => "连珠（黑棋禁手）",
            (Language::Chinese, Rule::Caro) => "越南规则（两端被堵的五连不算）",
        }
    }

    /// A colour's name in this language.
    pub const fn color(self, color: Color) -> &'static str {
        match (self, color) {
            (Language::English, Color::Black) => "black",
            (Language::English, Color::White) => "white",
            (Language::Chinese, Color::Black) => "黑棋",
            (Language::Chinese, Color::White) => "白棋",
        }
    }

    /// How a game stands, as a sentence: "black wins with five in a row",
    /// "白棋因对方认输获胜", "draw: the board is full", "game on".
    pub fn result(self, result: GameResult, reason: Option<EndReason>) -> String {
        let english = |reason: EndReason| match reason {
            EndReason::Five => "with five in a row",
            EndReason::Overline => "with an overline",
            EndReason::Resignation => "by resignation",
            EndReason::Timeout => "on time",
            EndReason::FullBoard => "the board is full",
            EndReason::NoLegalMove => "black has no legal move",
            EndReason::Agreement => "agreed",
        };
        let chinese_win = |winner: Color, reason: EndReason| {
            let (w, l) = (self.color(winner), self.color(winner.opponent()));
            match reason {
                EndReason::Five => format!("{w}五连获胜"),
                EndReason::Overline => format!("{w}长连获胜"),
                EndReason::Resignation => format!("{l}认输，{w}获胜"),
                EndReason::Timeout => format!("{l}超时，{w}获胜"),
                _ => format!("{w}获胜"),
            }
        };
        let chinese_draw = |reason: EndReason| match reason {
            EndReason::FullBoard => "棋盘已满",
            EndReason::NoLegalMove => "黑棋无处可下",
            _ => "双方同意",
        };
        match (self, result.winner(), reason) {
            (Language::English, _, None) if result == GameResult::Ongoing => "game on".into(),
            (Language::Chinese, _, None) if result == GameResult::Ongoing => "对局进行中".into(),
            (Language::English, Some(c), Some(r)) => {
                format!("{} wins {}", self.color(c), english(r))
            }
            (Language::English, Some(c), None) => format!("{} wins", self.color(c)),
            (Language::English, None, Some(r)) => format!("draw: {}", english(r)),
            (Language::English, None, None) => "draw".into(),
            (Language::Chinese, Some(c), Some(r)) => chinese_win(c, r),
            (Language::Chinese, Some(c), None) => format!("{}获胜", self.color(c)),
            (Language::Chinese, None, Some(r)) => format!("和棋：{}", chinese_draw(r)),
            (Language::Chinese, None, None) => "和棋".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_reads_as_a_sentence_in_both_languages() {
        let en = Language::English;
        let zh = Language::Chinese;
        assert_eq!(
            en.result(GameResult::BlackWon, Some(EndReason::Five)),
            "black wins with five in a row"
        );
        assert_eq!(
            zh.result(GameResult::WhiteWon, Some(EndReason::Resignation)),
            "黑棋认输，白棋获胜"
        );
        assert_eq!(
            en.result(GameResult::Draw, Some(EndReason::FullBoard)),
            "draw: the board is full"
        );
        assert_eq!(zh.result(GameResult::Ongoing, None), "对局进行中");
        for lang in Language::ALL {
            assert_eq!(Language::from_code(lang as i32), Some(lang));
            for rule in Rule::ALL {
                assert!(!lang.rule(rule).is_empty());
            }
            for reason in EndReason::ALL {
                let result = if reason == EndReason::FullBoard || reason == EndReason::Agreement {
                    GameResult::Draw
                } else {
                    GameResult::BlackWon
                };
                assert!(lang.result(result, Some(reason)).len() > 4);
            }
        }
    }
}
