//! `piquet convert <in> [--to json|text] [-o out]`: a record from one form to
//! the other (docs/record-format.md). The input form is told from its content
//! (`{` first: JSON; anything else: the text form); without `--to` the output
//! is the other form. `-` reads standard input. The record is converted as
//! written; `piquet replay` checks it against the rules.

use piquet_engine::Record;

/// The usage line of the command.
pub const USAGE: &str = "convert <record|-> [--to json|text] [-o <file>]";

/// Runs the command; the returned text is printed (the converted record, or a
/// one-line JSON summary when written to a file).
pub fn run(args: &[String]) -> Result<String, String> {
    let mut input: Option<&str> = None;
    let mut to: Option<&str> = None;
    let mut out: Option<&str> = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--to" => to = Some(it.next().ok_or("--to needs json or text")?),
            "-o" | "--output" => out = Some(it.next().ok_or("-o needs a file name")?),
            f if f.starts_with('-') && f != "-" => {
                return Err(format!(
                    "convert: unknown option {f}; usage: piquet {USAGE}"
                ));
            }
            path => {
                if input.replace(path).is_some() {
                    return Err(format!("convert takes one record; usage: piquet {USAGE}"));
                }
            }
        }
    }
    let input = input.ok_or(format!("convert needs a record; usage: piquet {USAGE}"))?;
    let text = if input == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("standard input: {e}"))?
    } else {
        std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?
    };
    let is_json = text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{');
    let to_json = match to {
        Some("json") => true,
        Some("text") => false,
        Some(other) => return Err(format!("--to {other:?}: expected json or text")),
        None => !is_json,
    };
    let rec = Record::parse(&text).map_err(|e| format!("{input}: {e}"))?;
    let converted = if to_json {
        rec.to_json() + "\n"
    } else {
        rec.to_text()
    };
    match out {
        None => Ok(converted.trim_end().to_string()),
        Some(path) => {
            std::fs::write(path, &converted).map_err(|e| format!("{path}: {e}"))?;
            Ok(serde_json::json!({
                "written": path,
                "format": if to_json { "json" } else { "text" },
                "deals": rec.deals.len(),
            })
            .to_string())
        }
    }
}
