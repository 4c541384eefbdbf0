//! `piquet problems verify [DIR | FILE] [--json]` and
//! `piquet problems generate --preset P --count N --seed S [--out DIR]`: the problems kept in
//! `problems/` (docs/record-format.md, "Problems"), their verdicts recomputed, and new ones
//! picked from Le Maître's own games (`piquet_table::problem`).

use crate::args::parse_args;
use piquet_table::problem::generate::{generate, generate_cent_stop, generate_sinking};
use piquet_table::problem::theme::theme_of;
use piquet_table::problem::verdict::{check, evaluate};
use piquet_table::problem::{IndexEntry, Problem, ProblemIndex, ProblemKind, Theme};
use serde_json::json;
use std::path::Path;

/// The usage lines of the command.
pub const USAGE: &str = "problems verify [DIR | FILE] [--json] [--fill] | \
problems generate --preset P --count N --seed S [--kind K] [--theme T] [--out DIR] | \
problems generate --preset P --sinking --count N --seed S [--from-game G] [--out DIR]";

/// Runs the command; the returned text is printed. A failed verification prints its report
/// and returns the error.
pub fn run(args: &[String]) -> Result<String, String> {
    let (sub, rest) = args.split_first().ok_or(format!("usage: piquet {USAGE}"))?;
    match sub.as_str() {
        "verify" => {
            let a = parse_args(rest, &[])?;
            a.only(&["json", "fill"])?;
            let dir = match a.positional[..] {
                [] => "problems",
                [d] => d,
                _ => return Err(format!("usage: piquet {USAGE}")),
            };
            let (report, failed) = verify(Path::new(dir), a.has("json"), a.has("fill"))?;
            if failed > 0 {
                println!("{report}");
                return Err(format!("{failed} problem(s) failed the verification"));
            }
            Ok(report)
        }
        "generate" => {
            // The options that take a value; `--sinking` is a switch.
            const VALUED: [&str; 7] = [
                "preset",
                "count",
                "seed",
                "out",
                "kind",
                "theme",
                "from-game",
            ];
            let a = parse_args(rest, &VALUED)?;
            let mut known = VALUED.to_vec();
            known.push("sinking");
            a.only(&known)?;
            if a.has("sinking") {
                // Rubicon's last deal, or a cent game's stop.
                let preset = a.value("preset").ok_or("--preset is required")?;
                if a.value("kind").is_some() || a.value("theme").is_some() {
                    return Err(
                        "--sinking: the game's stakes choose the decisions (no --kind, no --theme)"
                            .into(),
                    );
                }
                let out = Path::new(a.value("out").unwrap_or("problems"));
                let (count, seed) = (a.number("count", 2)? as usize, a.number("seed", 0)?);
                let first = a.number("from-game", 0)?;
                return write_problems(out, &mut |progress| match preset {
                    "rubicon" => generate_sinking(count, seed, first, progress),
                    cent => generate_cent_stop(cent, count, seed, first, progress, &mut |g| {
                        eprintln!("game {g} searched (--from-game {} goes on after it)", g + 1)
                    }),
                });
            }
            let theme = match a.value("theme") {
                None => None,
                Some(t) => Some(Theme::from_id(t).ok_or(format!(
                    "--theme: not a theme of the play: {t:?} (cards, last_trick, capot, pic)"
                ))?),
            };
            let kind: Option<ProblemKind> = match a.value("kind") {
                None => None,
                Some(k) => Some(
                    serde_json::from_value(json!(k))
                        .map_err(|_| format!("--kind: not a kind of problem: {k:?}"))?,
                ),
            };
            let preset = a.value("preset").ok_or("--preset is required")?;
            let out = Path::new(a.value("out").unwrap_or("problems"));
            write_generated(
                preset,
                a.number("count", 10)? as usize,
                a.number("seed", 0)?,
                kind,
                theme,
                out,
            )
        }
        other => Err(format!(
            "unknown subcommand {other:?}; usage: piquet {USAGE}"
        )),
    }
}

/// The list of `dir`; when there is none, an empty one if the folder `may_be_new` (problems
/// about to be generated into it), else an error naming the missing list (a folder to verify).
fn read_index(dir: &Path, may_be_new: bool) -> Result<ProblemIndex, String> {
    let path = dir.join("index.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => ProblemIndex::parse(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if may_be_new && e.kind() == std::io::ErrorKind::NotFound => Ok(ProblemIndex::new()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Reads the problem of `entry` in `dir`, checked against its entry.
pub fn read_problem(dir: &Path, entry: &IndexEntry) -> Result<Problem, String> {
    let path = dir.join(&entry.file);
    let name = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
    let problem = Problem::parse(&name, &text).map_err(|e| e.to_string())?;
    let kind = problem.kind().map_err(|e| format!("{name}: {e}"))?;
    if problem.id != entry.id
        || kind != entry.kind
        || problem.rules_id() != entry.rules
        || problem.theme != entry.theme
    {
        return Err(format!(
            "{name}: the list says {} ({}, {}, theme {}), the file {} ({}, {kind}, theme {})",
            entry.id,
            entry.rules,
            entry.kind,
            entry.theme.map_or("-", Theme::id),
            problem.id,
            problem.rules_id(),
            problem.theme.map_or("-", Theme::id)
        ));
    }
    Ok(problem)
}

/// The line of a problem that could not be read or valued: its id and why.
fn failure(id: &str, e: &str, as_json: bool) -> String {
    if as_json {
        json!({"id": id, "error": e, "ok": false}).to_string()
    } else {
        format!("{id:<28} FAILED  {e}")
    }
}

/// The problems to verify at `path`: the list of a folder, or one problem file (a problem kept
/// from a review and exported, say), whose entry is read from the file itself.
fn problems_at(path: &Path) -> Result<(std::path::PathBuf, ProblemIndex), String> {
    if !path.is_file() {
        return Ok((path.to_path_buf(), read_index(path, false)?));
    }
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let problem = Problem::parse(&name, &text).map_err(|e| e.to_string())?;
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let entry = IndexEntry::of(&problem, &file).map_err(|e| format!("{name}: {e}"))?;
    let mut index = ProblemIndex::new();
    index.problems.push(entry);
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    Ok((dir, index))
}

/// Every problem of `path` (a folder with its list, or one problem file) verified: the report,
/// and how many failed. A lead or a follow that states its theme must have the one read from
/// the verdict recomputed. With `fill`, a problem without a verdict gets the one recomputed, with
/// the review's reason, and a lead or a follow without a theme gets its theme (its file
/// rewritten, and its entry in the list).
fn verify(path: &Path, as_json: bool, fill: bool) -> Result<(String, usize), String> {
    let (dir, index) = problems_at(path)?;
    let dir = dir.as_path();
    // The list as `fill` leaves it (the themes filled in).
    let mut themed = index.clone();
    let mut lines = Vec::new();
    let mut failed = 0;
    for entry in &index.problems {
        let problem = match read_problem(dir, entry) {
            Ok(p) => p,
            Err(e) => {
                failed += 1;
                lines.push(failure(&entry.id, &e, as_json));
                continue;
            }
        };
        let seed = problem.answer.verdict.as_ref().map_or(0, |v| v.seed);
        let filling = fill && problem.answer.verdict.is_none();
        let verdict = match evaluate(&problem, seed, filling) {
            Ok(v) => v,
            Err(e) => {
                failed += 1;
                lines.push(failure(&entry.id, &e, as_json));
                continue;
            }
        };
        let theme = match theme_of(&problem, &verdict) {
            Ok(t) => t,
            Err(e) => {
                failed += 1;
                lines.push(failure(&entry.id, &e, as_json));
                continue;
            }
        };
        let theming = fill && problem.theme.is_none() && theme.is_some();
        if filling || theming {
            let mut filled = problem.clone();
            if filling {
                filled.answer.verdict = Some(verdict.clone());
            }
            filled.theme = filled.theme.or(theme);
            let path = dir.join(&entry.file);
            std::fs::write(&path, filled.to_json())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if let Some(e) = themed.problems.iter_mut().find(|e| e.id == entry.id) {
                e.theme = filled.theme;
            }
        }
        let theme_ok = problem.theme.is_none() || problem.theme == theme;
        if !theme_ok {
            failed += 1;
            lines.push(failure(
                &entry.id,
                &format!(
                    "the theme stated is {}, the verdict's is {}",
                    problem.theme.map_or("-", Theme::id),
                    theme.map_or("-", Theme::id)
                ),
                as_json,
            ));
            continue;
        }
        let c = check(&problem, Some(&verdict));
        failed += usize::from(!c.ok);
        let options: Vec<_> = verdict
            .options
            .iter()
            .map(|o| json!({"action": o.action, "value": o.value}))
            .collect();
        lines.push(if as_json {
            json!({
                "id": problem.id,
                "rules": entry.rules,
                "kind": entry.kind,
                "theme": theme,
                "source": problem.source.id(),
                "options": options,
                "accepted": problem.answer.accepted,
                "best": c.best,
                "ok": c.ok,
            })
            .to_string()
        } else {
            format!(
                "{:<28} {:<9} {:<18} {:<10} accepted {:<16} best {:<16} {}",
                problem.id,
                entry.rules,
                match theme {
                    Some(t) => format!("{} ({t})", entry.kind.id()),
                    None => entry.kind.id().to_string(),
                },
                problem.source.id(),
                problem.answer.accepted.join(" | "),
                c.best.as_deref().unwrap_or("-"),
                match (c.ok, c.agrees) {
                    (true, true) => "ok",
                    (true, false) => "ok (disputed)",
                    _ => "FAILED",
                }
            )
        });
    }
    if themed != index && path.is_dir() {
        let list = dir.join("index.json");
        std::fs::write(&list, themed.to_json()).map_err(|e| format!("{}: {e}", list.display()))?;
    }
    let n = index.problems.len();
    lines.push(if as_json {
        json!({"count": n, "failed": failed}).to_string()
    } else {
        format!("{n} problems, {failed} failed")
    });
    Ok((lines.join("\n"), failed))
}

/// Generates problems into `dir` (a file each, and the list updated).
fn write_generated(
    preset: &str,
    count: usize,
    seed: u64,
    kind: Option<ProblemKind>,
    theme: Option<Theme>,
    dir: &Path,
) -> Result<String, String> {
    write_problems(dir, &mut |progress| {
        generate(preset, count, seed, kind, theme, progress)
    })
}

/// A generator of problems, told of each as it is found.
type Make<'a> = dyn FnMut(&mut dyn FnMut(&Problem)) -> Result<Vec<Problem>, String> + 'a;

/// The problems `make` generates written into `dir` (a file each, and the list updated), each
/// written as soon as it is found (a long run stopped keeps what it found) and told on stderr.
fn write_problems(dir: &Path, make: &mut Make<'_>) -> Result<String, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut index = read_index(dir, true)?;
    let mut lines = Vec::new();
    let mut failure: Option<String> = None;
    let write = |p: &Problem, index: &mut ProblemIndex| -> Result<String, String> {
        let file = format!("{}.json", p.id);
        let path = dir.join(&file);
        std::fs::write(&path, p.to_json()).map_err(|e| format!("{}: {e}", path.display()))?;
        let entry = IndexEntry::of(p, &file)?;
        let line = format!(
            "{} {} {} difficulty {}",
            p.id,
            entry.kind.id(),
            p.answer.accepted.join(" | "),
            p.difficulty
        );
        match index.problems.iter_mut().find(|e| e.id == entry.id) {
            Some(e) => *e = entry,
            None => index.problems.push(entry),
        }
        let list = dir.join("index.json");
        std::fs::write(&list, index.to_json()).map_err(|e| format!("{}: {e}", list.display()))?;
        Ok(line)
    };
    let problems = make(&mut |p| {
        eprintln!("{} {}", p.id, p.kind().map(|k| k.id()).unwrap_or("?"));
        if failure.is_none() {
            match write(p, &mut index) {
                Ok(line) => lines.push(line),
                Err(e) => failure = Some(e),
            }
        }
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    let list = dir.join("index.json");
    std::fs::write(&list, index.to_json()).map_err(|e| format!("{}: {e}", list.display()))?;
    lines.push(format!(
        "{} problems written to {}",
        problems.len(),
        dir.display()
    ));
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_without_its_list_is_refused_by_name_but_may_receive_new_problems() {
        let dir = std::env::temp_dir().join(format!("piquet-no-list-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = verify(&dir, false, false).unwrap_err();
        assert!(e.contains("index.json"), "{e}");
        assert!(read_index(&dir, true).unwrap().problems.is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn one_problem_file_is_verified_alone() {
        let shipped = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems"));
        let file = shipped.join("classique-1-6-19.json");
        let (report, failed) = verify(&file, true, false).unwrap();
        assert_eq!(failed, 0, "{report}");
        assert!(report.starts_with(r#"{"accepted":"#), "{report}");
        assert!(report.contains(r#""id":"classique-1-6-19""#), "{report}");
        assert!(report.ends_with(r#"{"count":1,"failed":0}"#), "{report}");
        let missing = shipped.join("no-such-problem.json");
        assert!(verify(&missing, false, false).is_err());
    }

    #[test]
    fn a_malformed_problem_fails_the_verification_by_name() {
        let dir = std::env::temp_dir().join(format!("piquet-problems-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shipped = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems"));
        let index = read_index(shipped, false).unwrap();
        let entry = index.problems[0].clone();
        let text = std::fs::read_to_string(shipped.join(&entry.file)).unwrap();
        std::fs::write(dir.join(&entry.file), text.replace("\"seat\"", "\"chair\"")).unwrap();
        let mut one = ProblemIndex::new();
        one.problems.push(entry.clone());
        std::fs::write(dir.join("index.json"), one.to_json()).unwrap();
        let (report, failed) = verify(&dir, true, false).unwrap();
        assert_eq!(failed, 1, "{report}");
        assert!(report.contains("field seat: missing"), "{report}");
        assert!(report.ends_with(r#"{"count":1,"failed":1}"#), "{report}");
        let args: Vec<String> = ["verify", dir.to_str().unwrap()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert!(run(&args).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
