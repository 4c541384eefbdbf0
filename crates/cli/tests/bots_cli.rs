//! The bot commands end to end: a short arena (smoke test, tens of pairs),
//! a whole game played through piped input, and errors as one line with
//! exit status 2.

use std::io::Write;
use std::process::{Command, Stdio};

fn piquet(args: &[&str], input: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_piquet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run piquet");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        if let Some(text) = input {
            // The game may end before all the input is read.
            let _ = stdin.write_all(text.as_bytes());
        }
    }
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn field(json: &serde_json::Value, name: &str) -> f64 {
    json[name]
        .as_f64()
        .unwrap_or_else(|| panic!("no {name} in {json}"))
}

#[test]
fn arena_smoke_expert_beats_random() {
    let (code, out, err) = piquet(
        &[
            "arena",
            "--rules",
            "classique",
            "--a",
            "5",
            "--b",
            "random",
            "--pairs",
            "12",
            "--seed",
            "1",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(field(&v, "pairs"), 12.0);
    assert!(field(&v, "mean_margin") > 20.0, "{v}");
    assert!(field(&v, "a_wins") > field(&v, "b_wins"), "{v}");
    assert_eq!(
        field(&v, "a_wins") + field(&v, "b_wins") + field(&v, "draws"),
        12.0
    );
}

#[test]
fn arena_is_reproducible_and_mirrored() {
    let args = [
        "arena",
        "--rules",
        "rubicon",
        "--a",
        "heuristic",
        "--b",
        "1",
        "--pairs",
        "20",
        "--seed",
        "9",
        "--json",
    ];
    let (c1, o1, _) = piquet(&args, None);
    let (c2, o2, _) = piquet(&args, None);
    assert_eq!((c1, c2), (0, 0));
    assert_eq!(o1, o2, "the same seed gives the same match");
    // The same bot on both sides of mirrored pairs: every pair is a draw.
    let (_, same, _) = piquet(
        &[
            "arena",
            "--rules",
            "150",
            "--a",
            "heuristic",
            "--b",
            "h",
            "--pairs",
            "10",
            "--seed",
            "2",
            "--json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_str(same.trim()).unwrap();
    assert_eq!(field(&v, "draws"), 10.0, "{v}");
}

#[test]
fn ladder_rates_random_at_zero() {
    let (code, out, err) = piquet(
        &[
            "ladder",
            "--rules",
            "moderne",
            "--pairs",
            "6",
            "--seed",
            "3",
            "--bots",
            "random,heuristic,1",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["ratings"]["random"].as_f64(), Some(0.0));
    assert!(v["ratings"]["heuristic"].as_f64().unwrap() > 0.0, "{v}");
    assert_eq!(v["matchups"].as_array().unwrap().len(), 3);
}

#[test]
fn a_whole_game_through_piped_input() {
    for rules in ["classique", "rubicon"] {
        let mut input = String::from("y\n");
        for _ in 0..4000 {
            input.push_str("auto\n");
        }
        let (code, out, err) = piquet(
            &["play", "--rules", rules, "--level", "1", "--seed", "4"],
            Some(&input),
        );
        assert_eq!(code, 0, "{rules}: {err}");
        assert!(out.contains("the game ("), "{rules}: {out}");
        assert!(out.contains("Count: you "), "the running count is shown");
        assert!(
            out.contains("declare for the point"),
            "declarations in words"
        );
    }
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    for args in [
        &[
            "arena",
            "--rules",
            "classique",
            "--a",
            "grandmaster",
            "--b",
            "1",
        ][..],
        &["arena", "--rules", "nope", "--a", "1", "--b", "2"][..],
        &["ladder", "--pairs", "x"][..],
        &["play", "--level", "9"][..],
    ] {
        let (code, out, err) = piquet(args, None);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
    // A game whose input ends early is an error, not a panic.
    let (code, _, err) = piquet(
        &["play", "--rules", "classique", "--level", "2"],
        Some("hint\n"),
    );
    assert_eq!(code, 2);
    assert!(err.contains("input ended"), "{err}");
}
