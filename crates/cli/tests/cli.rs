//! The `piquet` binary end to end.

use std::process::Command;

fn piquet(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_piquet"))
        .args(args)
        .output()
        .expect("run piquet");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn analyze_prints_one_json_object() {
    let (code, out, _) = piquet(&[
        "analyze",
        "--rules",
        "classique",
        "AS KS QS JS TS AH AD 7H 8D 7C 8C 9H",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        r#"{"point":{"suit":"S","length":5,"value":51,"score":5},"sequences":[{"suit":"S","length":5,"top":"A","score":15}],"sets":[{"rank":"A","count":3,"score":3}],"carte_blanche":false}"#
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["analyze", "--rules", "nope", "AS"][..],
        &["analyze", "AS KS"],
        &["analyze", "AS AS KS QS JS TS AH AD 7H 8D 7C 8C"],
        &["replay", "/nonexistent.json"],
    ] {
        let (code, out, err) = piquet(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn each_command_has_its_help() {
    let (code, out, _) = piquet(&["arena", "--help"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("usage: piquet arena --rules <id> --a <bot> --b <bot>"),
        "{out}"
    );
    assert_eq!(out.trim().lines().count(), 1);
    let (code, _, err) = piquet(&["frobnicate", "--help"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown command"), "{err}");
}

#[test]
fn replays_the_documented_example() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/first-deal.json");
    let (code, out, err) = piquet(&["replay", path, "--explain"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("B scores 60 — repique (Art. 12)"));
    assert!(out.lines().last().unwrap().contains(r#""points":[0,95]"#));
    // The metadata first, then each comment right after the action it annotates.
    assert!(out.starts_with(
        "Event: Worked example for docs/record-format.md\nPlayers: A = Alice, B = Bruno\n"
    ));
    let lines: Vec<&str> = out.lines().collect();
    let repic = lines
        .iter()
        .position(|l| l.contains("repique (Art. 12)"))
        .unwrap();
    assert_eq!(lines[repic + 1], "  ※ 5 + 15 + 14 = 34: repic, 94");
    let exchange = lines
        .iter()
        .position(|l| l.contains("Bruno keeps"))
        .unwrap();
    assert!(
        lines[exchange - 1].starts_with("B "),
        "{}",
        lines[exchange - 1]
    );
}
