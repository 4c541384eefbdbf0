//! `piquet convert` and `piquet replay` on both forms of a record, and the
//! shipped historical records (records/README.md).

use piquet_engine::Record;
use std::io::Write;
use std::process::{Command, Stdio};

fn piquet_with_input(args: &[&str], input: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_piquet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run piquet");
    {
        let mut stdin = child.stdin.take().unwrap();
        if let Some(i) = input {
            // A command that fails before reading its input closes the pipe: not a test failure.
            if let Err(e) = stdin.write_all(i.as_bytes()) {
                assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
            }
        }
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn piquet(args: &[&str]) -> (i32, String, String) {
    piquet_with_input(args, None)
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn shipped(name: &str) -> String {
    format!("{}/../../records/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn converts_both_ways_without_loss() {
    let json_path = data("first-deal.json");
    let (code, text, err) = piquet(&["convert", &json_path]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("[Rules \"classique\"]"), "{text}");
    assert!(
        text.contains("B:x 8C {Bruno keeps his quinte and his aces}"),
        "{text}"
    );
    let original = Record::from_json(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(Record::from_text(&text).unwrap(), original);

    let dir = std::env::temp_dir().join(format!("piquet-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let txt = dir.join("deal.txt");
    let back = dir.join("deal.json");
    let (code, out, err) = piquet(&["convert", &json_path, "-o", txt.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#""format":"text""#), "{out}");
    let (code, out, err) = piquet(&[
        "convert",
        txt.to_str().unwrap(),
        "--to",
        "json",
        "-o",
        back.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(r#""format":"json""#), "{out}");
    let json = std::fs::read_to_string(&back).unwrap();
    assert_eq!(json.trim_end(), original.to_json());
    // The same form again (normalized), and standard input.
    let (code, same, _) = piquet(&["convert", txt.to_str().unwrap(), "--to", "text"]);
    assert_eq!((code, same.trim_end()), (0, text.trim_end()));
    let (code, from_stdin, _) = piquet_with_input(&["convert", "-"], Some(&text));
    assert_eq!(
        (code, from_stdin.trim_end()),
        (0, original.to_json().as_str())
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_reads_either_form() {
    let (code, from_json, err) = piquet(&["replay", &data("first-deal.json")]);
    assert_eq!(code, 0, "{err}");
    let (_, text, _) = piquet(&["convert", &data("first-deal.json")]);
    let (code, from_text, err) =
        piquet_with_input(&["convert", "-", "-o", "/dev/null"], Some(&text));
    assert_eq!(code, 0, "{err}");
    assert!(from_text.contains("\"deals\":1"));
    let dir = std::env::temp_dir().join(format!("piquet-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("first.txt");
    std::fs::write(&p, &text).unwrap();
    let (code, replayed, err) = piquet(&["replay", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(replayed, from_json);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn historical_records_replay_to_their_documented_scores() {
    for form in ["json", "txt"] {
        let (code, out, err) = piquet(&[
            "replay",
            &shipped(&format!("les-facheux.{form}")),
            "--explain",
        ]);
        assert_eq!(code, 0, "{err}");
        let last = out.lines().last().unwrap();
        assert!(last.contains(r#""points":[0,69]"#), "{last}");
        assert!(last.contains(r#""totals":[0,69]"#), "{last}");
        assert!(!out.contains("pique"), "no pic under the engine's count");
        let (code, out, err) = piquet(&["replay", &shipped(&format!("hoffmann-1909.{form}"))]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(r#""points":[43,23]"#), "{out}");
    }
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let bad_text = "[Format \"piquet-record\"]\n[Version \"2\"]\n[Rules \"classique\"]\n[Cut \"AS 7H\"]\n[Deal \"1\"]\n[Dealer \"A\"]\nA:frobnicate\n";
    let cases: Vec<(Vec<&str>, Option<&str>, &str)> = vec![
        (vec!["convert"], None, "needs a record"),
        (
            vec!["convert", "/nonexistent.txt"],
            None,
            "/nonexistent.txt",
        ),
        (vec!["convert", "a", "b"], None, "one record"),
        (
            vec!["convert", "-", "--to", "xml"],
            Some("{}"),
            "expected json or text",
        ),
        (
            vec!["convert", "-", "--frob"],
            Some("{}"),
            "unknown option --frob",
        ),
        (
            vec!["convert", "-"],
            Some("{\"format\":"),
            "malformed record",
        ),
        (vec!["convert", "-"], Some(bad_text), "line 7"),
        (
            vec!["convert", "-"],
            Some("[Rules \"classique\"\n"),
            "line 1",
        ),
        (vec!["convert", "-", "--to"], Some(""), "--to needs"),
        (vec!["replay", "-"], None, "-"),
    ];
    for (args, input, says) in cases {
        let (code, out, err) = piquet_with_input(&args, input);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
