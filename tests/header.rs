//! The header's promises are tested for every function it declares.

/// The names of the functions `include/gomoku.h` declares.
fn declared_functions() -> Vec<String> {
    let header = include_str!("../include/gomoku.h");
    let mut names: Vec<String> = header
        .lines()
        .filter(|l| !l.starts_with("//") && !l.starts_with(' ') && l.contains('('))
        .filter_map(|l| {
            let name = l.split('(').next()?.split_whitespace().last()?;
            let name = name.trim_start_matches('*');
            name.starts_with("gomoku_").then(|| name.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_name_the_header_defines_is_prefixed() {
    let header = include_str!("../include/gomoku.h");
    for line in header.lines() {
        if let Some(rest) = line.strip_prefix("#define ") {
            let name = rest.split_whitespace().next().unwrap_or("");
            assert!(
                name.starts_with("GOMOKU_"),
                "include/gomoku.h defines {name}, which a C host may define too"
            );
        }
    }
}

#[test]
fn the_null_handle_test_calls_every_function() {
    let test = include_str!("../bindings/c/test_gomoku.c");
    let start = test
        .find("static void test_null_handles(void) {")
        .expect("the NULL-handle test");
    let body = &test[start..];
    let body = &body[..body.find("\n}\n").expect("its end")];
    let declared = declared_functions();
    assert!(declared.len() > 30, "{declared:?}");
    let missing: Vec<_> = declared
        .iter()
        .filter(|name| !body.contains(&format!("{name}(")))
        .collect();
    assert!(missing.is_empty(), "not called with NULL: {missing:?}");
}
