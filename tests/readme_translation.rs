//! Keeps the Chinese README (`README.zh-CN.md`) from drifting away from the
//! English one (`README.md`).
//!
//! The translation renders the prose in Chinese but copies every fenced code
//! block byte for byte: the commands, the examples and their comments are
//! the same in both files. So when a block is added, removed or changed in
//! one README and not the other, the translation is out of date, and this
//! test says which block differs first. It also checks that each file links
//! to the other near its top, so a reader of either finds the other.

use std::path::Path;

/// The file's text, read from the crate root.
fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A fenced code block: the line number (1-based) of its opening fence and
/// its lines, fences included.
struct Block<'a> {
    line: usize,
    lines: Vec<&'a str>,
}

impl Block<'_> {
    /// Where the block starts and its first line: the first line inside the
    /// fences (the opening fence itself says little: many are just ```sh).
    fn describe(&self) -> String {
        let first = self
            .lines
            .get(1)
            .filter(|l| **l != "```")
            .unwrap_or(&self.lines[0]);
        format!("at line {} ({}): {:?}", self.line, self.lines[0], first)
    }
}

/// The fenced code blocks of a Markdown text, in order.
///
/// A block starts with a line beginning with three backticks and ends with
/// the next line that is exactly three backticks. A block left open runs to
/// the end of the text.
fn code_blocks(text: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        if line.starts_with("```") {
            let mut block = Block {
                line: n + 1,
                lines: vec![line],
            };
            for (_, inner) in lines.by_ref() {
                block.lines.push(inner);
                if inner == "```" {
                    break;
                }
            }
            blocks.push(block);
        }
    }
    blocks
}

#[test]
fn code_blocks_are_identical() {
    let english = read("README.md");
    let chinese = read("README.zh-CN.md");
    let en = code_blocks(&english);
    let zh = code_blocks(&chinese);
    assert!(!en.is_empty(), "README.md has no fenced code blocks");
    let describe = |blocks: &[Block<'_>], i: usize| {
        blocks
            .get(i)
            .map_or_else(|| "missing".to_owned(), Block::describe)
    };
    let differs = (0..en.len().max(zh.len()))
        .find(|&i| en.get(i).map(|b| &b.lines) != zh.get(i).map(|b| &b.lines));
    if let Some(i) = differs {
        panic!(
            "code block {i} (0-based) differs; README.md has {} blocks, README.zh-CN.md {}.\n  \
             README.md:       block {i} {}\n  README.zh-CN.md: block {i} {}\n\
             Code blocks must be copied from README.md into README.zh-CN.md unchanged, in order.",
            en.len(),
            zh.len(),
            describe(&en, i),
            describe(&zh, i),
        );
    }
}

/// Whether one of the first `lines` lines of `text` holds a Markdown link to `target`.
fn links_near_top(text: &str, target: &str, lines: usize) -> bool {
    let plain = format!("]({target}");
    let dotted = format!("](./{target}");
    text.lines()
        .take(lines)
        .any(|line| line.contains(&plain) || line.contains(&dotted))
}

#[test]
fn english_readme_links_to_the_chinese_near_its_top() {
    assert!(
        links_near_top(&read("README.md"), "README.zh-CN.md", 10),
        "README.md should link to README.zh-CN.md in its first 10 lines"
    );
}

#[test]
fn chinese_readme_links_to_the_english_near_its_top() {
    assert!(
        links_near_top(&read("README.zh-CN.md"), "README.md", 5),
        "README.zh-CN.md should link to README.md in its first 5 lines"
    );
}
