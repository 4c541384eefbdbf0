//! The command line read: `--flag value` options, flags and positional arguments, and the
//! rules named by `--rules`.

use piquet_engine::Rules;

/// Parsed `--flag value` options and positional arguments.
pub struct Args<'a> {
    flags: Vec<(&'a str, Option<&'a str>)>,
    /// The arguments that are not options, in order.
    pub positional: Vec<&'a str>,
}

pub fn parse_args<'a>(args: &'a [String], valued: &[&str]) -> Result<Args<'a>, String> {
    let mut flags = Vec::new();
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(name) = a.strip_prefix("--") {
            if valued.contains(&name) {
                let v = it.next().ok_or(format!("--{name} needs a value"))?;
                flags.push((name, Some(v.as_str())));
            } else {
                flags.push((name, None));
            }
        } else {
            positional.push(a.as_str());
        }
    }
    Ok(Args { flags, positional })
}

impl Args<'_> {
    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| *v)
    }
    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|(n, _)| *n == name)
    }
    pub fn only(&self, allowed: &[&str]) -> Result<(), String> {
        match self.flags.iter().find(|(n, _)| !allowed.contains(n)) {
            Some((n, _)) => Err(format!("unknown option --{n}")),
            None => Ok(()),
        }
    }
    pub fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        self.value(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("--{name}: not a number: {v}"))
        })
    }
}

pub fn rules_of(a: &Args) -> Result<Rules, String> {
    Rules::by_id(a.value("rules").unwrap_or("classique")).map_err(|e| e.to_string())
}
