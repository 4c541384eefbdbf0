//! The parameters of `embed.html` and the host's messages (docs/embedding.md), parsed and
//! checked. Pure: the page hands over its query as name–value pairs and gets an [`EmbedConfig`]
//! (with the cosmetic problems it got over) or the list of every problem, each naming the
//! parameter and what it accepts; a message gets a [`HostMessage`] or a [`MessageError`].
//! Numbers are whole numbers checked against their range, never wrapped, rounded or clamped.

use piquet_engine::cursor::{Position, ReplayCursor};
use piquet_engine::{Excerpt, Phase, Rules, Seat};

use crate::i18n::Lang;

/// What the embedded table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedMode {
    /// A game against the computer.
    Play,
    /// A record, stepped through.
    Replay,
    /// A problem to answer (`problem=` its id in the shipped list, or `record=` a problem file).
    Problem,
    /// The deal of the day (the day of UTC, as in the app), played as elder against Le Maître,
    /// then compared with Le Maître's play of the same cards.
    Daily,
}

pub use crate::embed_looks::{Background, Colour, Font, Looks, LooksChange, Size, Theme};

/// Everything `embed.html` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedConfig {
    pub mode: EmbedMode,
    /// The preset of a new game (`mode=play`); [`Rules::IDS`].
    pub rules: String,
    /// The language; `None`: the browser's.
    pub lang: Option<Lang>,
    /// A record to fetch (relative to the page).
    pub record_url: Option<String>,
    /// Replay only: no loading, no export, no "play this deal".
    pub readonly: bool,
    /// Replay only: one step every so many milliseconds.
    pub autoplay: Option<u32>,
    /// How the table looks: `theme`, `bg`, `accent`, `font`, `back`, `size`.
    pub looks: Looks,
    /// The computer's level, 1 … 5.
    pub level: u8,
    /// Whether the table may write to local storage and register the service worker.
    pub storage: bool,
    /// `mode=play` only: the game's seed, so the same cut and deals come every time (a site's
    /// "deal of the day"); `None`: a fresh random game.
    pub seed: Option<u64>,
    /// `mode=play` only: the reader's seat in the record's lettering (the computer plays the
    /// other); the reader's seat is always drawn at the bottom.
    pub seat: Seat,
    /// The name of the table's save (`storage=1`): [`storage_key`].
    pub id: Option<String>,
    /// `mode=problem` only: the id of a shipped problem (`problems/index.json`).
    pub problem: Option<String>,
    /// `height=auto`: the table asks its host for a height ([`auto_height`]).
    pub auto_height: bool,
    /// `show=`: the parts of the replay shown beside the table rather than in its menu.
    pub show: Shown,
}

impl Default for EmbedConfig {
    fn default() -> Self {
        EmbedConfig {
            mode: EmbedMode::Replay,
            rules: "classique".into(),
            lang: None,
            record_url: None,
            readonly: false,
            autoplay: None,
            looks: Looks::default(),
            level: 3,
            storage: false,
            seed: None,
            seat: Seat::A,
            id: None,
            problem: None,
            auto_height: false,
            show: Shown::default(),
        }
    }
}

/// The longest `id`.
pub const MAX_ID: usize = 64;

/// The prefix of every embedded table's saved game.
pub const SAVE_PREFIX: &str = "piquet.embed.game.";

/// The key an embedded table keeps its game under (`storage=1`): `piquet.embed.game.` and its
/// `id`, or, without one, a digest of its parameters and its record (the query and the
/// fragment as given), so that two different tables never share a save and the same table
/// finds its own again after a reload.
pub fn storage_key(config: &EmbedConfig, query: &str, fragment: &str) -> String {
    match &config.id {
        Some(id) => format!("{SAVE_PREFIX}{id}"),
        None => {
            // FNV-1a, 64 bits: stable across builds and browsers.
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for b in query
                .trim_start_matches('?')
                .bytes()
                .chain([0u8])
                .chain(fragment.trim_start_matches('#').bytes())
            {
                hash ^= u64::from(b);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
            format!("{SAVE_PREFIX}{hash:016x}")
        }
    }
}

/// A part of the replay viewer that the compact embedded replay keeps in its menu, unless
/// `show=` names it: the table, the step buttons and the commentary are always in sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Opening another record.
    Loader,
    /// The record's details: title, players, date, rules, source.
    Details,
    /// Going to a deal or a trick, and whose cards are shown.
    Options,
    /// The counts of each deal and the totals.
    Counts,
    /// The log of the deal.
    Log,
    /// The review of the deal.
    Review,
    /// The export.
    Export,
    /// « Jouer cette donne »: playing on from the position.
    Play,
}

impl Part {
    /// Every part, by its name in `show=`.
    pub const ALL: [(&'static str, Part); 8] = [
        ("loader", Part::Loader),
        ("details", Part::Details),
        ("options", Part::Options),
        ("counts", Part::Counts),
        ("log", Part::Log),
        ("review", Part::Review),
        ("export", Part::Export),
        ("play", Part::Play),
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The parts of the replay shown beside the table (`show=loader,counts`, or `show=all`); the
/// others are in the replay's menu.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown(u8);

impl Shown {
    /// Every part shown.
    pub const ALL: Shown = Shown(u8::MAX);

    /// A comma list of part names (blanks around them allowed), or `all`; an unknown name or
    /// an empty item refuses the whole list.
    pub fn parse(value: &str) -> Option<Shown> {
        if value.trim() == "all" {
            return Some(Shown::ALL);
        }
        value.split(',').try_fold(Shown(0), |shown, name| {
            pick(name.trim(), &Part::ALL).map(|part| Shown(shown.0 | part.bit()))
        })
    }

    pub fn has(self, part: Part) -> bool {
        self.0 & part.bit() != 0
    }

    /// Whether every part is shown (the menu has nothing in it).
    pub fn everything(self) -> bool {
        Part::ALL.iter().all(|(_, p)| self.has(*p))
    }
}

/// The height a table with `height=auto` asks its host for, in CSS pixels, by what it shows
/// (`replay`: the viewer; otherwise a game) and the frame's width. It depends on nothing else —
/// not on the panel, the deal or the words on the table, which fill the height they are given
/// — so that the host's page moves only when the table switches between a game and a replay
/// (or the frame's width changes).
pub fn auto_height(replay: bool, width: f64) -> u32 {
    let w = if width.is_finite() {
        width.max(0.0)
    } else {
        0.0
    };
    let h = match (replay, w) {
        // The viewer: the table, the step buttons and the commentary.
        (true, w) if w < 600.0 => (w * 1.45).clamp(440.0, 640.0),
        (true, w) => (w * 0.5).clamp(420.0, 620.0),
        // A game, upright: other seat, centre, decision, hand, one above the other.
        (false, w) if w < 600.0 => (w * 1.55).clamp(480.0, 760.0),
        // Wide but not a desktop: the decision beside the centre, the hand across the foot.
        (false, w) if w < 900.0 => 560.0,
        // A desktop's table: the decision in a column of its own.
        (false, w) => (w * 0.56).clamp(600.0, 820.0),
    };
    h.round() as u32
}

/// [`auto_height`] by what the table shows (`"replay"`, `"play"` or `"problem"`): a problem
/// is a game's table with its question above the decision, and its verdict (every option's
/// value) in the decision's place, so it asks for more height than a game where the frame is
/// upright.
pub fn auto_height_of(kind: &str, width: f64) -> u32 {
    match kind {
        "replay" => auto_height(true, width),
        "problem" if width.is_nan() || width < 600.0 => auto_height(false, width) + 220,
        "problem" => auto_height(false, width) + 60,
        _ => auto_height(false, width),
    }
}

/// The phase of a deal in one word, for the host: `exchange` (and carte blanche), `abandon`,
/// `leftover`, `declare` (declarations and answers), `play`, `over`.
pub fn phase_id(phase: Phase) -> &'static str {
    match phase {
        Phase::ElderExchange
        | Phase::DealerBlindDiscard { .. }
        | Phase::ElderBlancheDiscard { .. }
        | Phase::DealerExchange => "exchange",
        Phase::AbandonOffer | Phase::AbandonReply => "abandon",
        Phase::Leftover => "leftover",
        Phase::Declare { .. } | Phase::Answer { .. } => "declare",
        Phase::Play => "play",
        Phase::Finished { .. } => "over",
    }
}

/// A seat's letter: `"A"`, `"B"`.
pub fn seat_id(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "A",
        Seat::B => "B",
    }
}

fn seat_named(value: &str) -> Option<Seat> {
    pick(value, &[("A", Seat::A), ("B", Seat::B)])
}

/// A table's `id`: 1 to [`MAX_ID`] letters, digits, `-`, `_` or `.`.
fn table_id(value: &str) -> Option<String> {
    (!value.is_empty()
        && value.len() <= MAX_ID
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)))
    .then(|| value.to_string())
}

/// The autoplay interval's bounds, in milliseconds.
pub const AUTOPLAY_MS: (u32, u32) = (200, 60_000);

/// The largest whole number a host's message carries exactly: JavaScript's
/// `Number.MAX_SAFE_INTEGER` (2⁵³ − 1). Beyond it, the number the host meant is not the one sent.
pub const MAX_EXACT: u64 = (1 << 53) - 1;

/// What a parameter accepts, named in an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    PlayOrReplay,
    Preset,
    Lang,
    RecordUrl,
    Flag,
    Autoplay,
    Theme,
    Size,
    Level,
    Seed,
    Seat,
    Id,
    Colour,
    Background,
    Font,
    Height,
    Show,
}

impl Expected {
    /// In English (the French is in [`crate::error_words`]).
    pub fn en(self) -> &'static str {
        match self {
            Expected::PlayOrReplay => "play, replay, problem or daily",
            Expected::Preset => "a preset: classique, ancien, moderne, rubicon or 150",
            Expected::Lang => "fr or en",
            Expected::RecordUrl => "the URL of a record file",
            Expected::Flag => "1 or 0",
            Expected::Autoplay => "milliseconds between steps, a whole number from 200 to 60000",
            Expected::Theme => "light, dark, baize or auto",
            Expected::Size => "small, medium or large",
            Expected::Level => "a level, a whole number from 1 to 5",
            Expected::Seed => "a whole number from 0 to 18446744073709551615",
            Expected::Seat => "A or B",
            Expected::Id => "1 to 64 letters, digits, - _ or .",
            Expected::Colour => "a CSS colour: #rrggbb, #rgb, rgb(…), hsl(…) or a colour name",
            Expected::Background => {
                "transparent or a CSS colour: #rrggbb, #rgb, rgb(…), hsl(…) or a colour name"
            }
            Expected::Font => {
                "system, serif, sans or a list of font families (inherit works through <piquet-table> only)"
            }
            Expected::Height => "auto (otherwise the table fills the frame the host sized)",
            Expected::Show => {
                "a comma list of loader, details, options, counts, log, review, export, play, or all"
            }
        }
    }
}

/// One problem with the parameters. Whatever it quotes of the query is an [`Excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// A parameter this page does not know.
    Unknown(Excerpt),
    /// A parameter given twice (the first is used when the parameter is only cosmetic).
    Repeated(&'static str),
    /// A value out of its range or list.
    BadValue {
        name: &'static str,
        value: Excerpt,
        expected: Expected,
    },
    /// A parameter that does not apply to the mode.
    NotInMode {
        name: &'static str,
        mode: &'static str,
    },
}

impl ParamError {
    /// Whether the problem is with a cosmetic parameter (`lang`, `theme`, `size`): the table
    /// then uses the default instead and shows itself all the same.
    pub fn is_cosmetic(&self) -> bool {
        let name = match self {
            ParamError::Repeated(name) | ParamError::BadValue { name, .. } => *name,
            _ => return false,
        };
        COSMETIC.contains(&name)
    }
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => {
                write!(f, "unknown parameter {name} (known: {})", KNOWN.join(", "))
            }
            ParamError::Repeated(name) => write!(f, "parameter \"{name}\" is given twice"),
            ParamError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "{name}={value} is not valid: expected {}", expected.en()),
            ParamError::NotInMode { name, mode } => {
                write!(f, "parameter \"{name}\" does not apply to mode={mode}")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Every parameter `embed.html` reads.
pub const KNOWN: [&str; 20] = [
    "mode", "rules", "lang", "record", "readonly", "autoplay", "theme", "size", "level", "storage",
    "seed", "seat", "id", "problem", "bg", "accent", "font", "back", "height", "show",
];

/// The parameters that change only how the table looks: a value not understood falls back to
/// the default (with an `error` to the host) rather than refusing the table.
pub const COSMETIC: [&str; 9] = [
    "lang", "theme", "size", "bg", "accent", "font", "back", "height", "show",
];

/// The value among `choices` named `value`.
fn pick<T: Copy>(value: &str, choices: &[(&str, T)]) -> Option<T> {
    choices.iter().find(|(n, _)| *n == value).map(|(_, t)| *t)
}

fn flag(value: &str) -> Option<bool> {
    match value {
        "1" | "true" | "" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

/// A whole number written in decimal digits only (no sign, no blank, no exponent, no
/// fraction), in `min..=max`: `None` for anything else, never a wrapped or rounded value.
pub fn whole_number(value: &str, min: u64, max: u64) -> Option<u64> {
    if value.is_empty() || value.len() > 20 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
}

/// The parameters, read: the configuration, and the cosmetic problems it got over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    pub config: EmbedConfig,
    /// Problems with `lang` or the looks (`theme`, `size`, `bg`, `accent`, `font`, `back`):
    /// the default was used instead.
    pub ignored: Vec<ParamError>,
}

/// Parses the query's pairs, in order. Every problem is reported, not only the first; problems
/// with cosmetic parameters only are not a refusal ([`Parsed::ignored`]).
pub fn parse(pairs: &[(String, String)]) -> Result<Parsed, Vec<ParamError>> {
    let mut config = EmbedConfig::default();
    let mut errors = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut given: Vec<&'static str> = Vec::new();
    for (name, value) in pairs {
        let Some(&known) = KNOWN.iter().find(|k| **k == name) else {
            errors.push(ParamError::Unknown(Excerpt::of(name)));
            continue;
        };
        if seen.contains(&known) {
            errors.push(ParamError::Repeated(known));
            continue;
        }
        seen.push(known);
        let bad = |expected: Expected| ParamError::BadValue {
            name: known,
            value: Excerpt::of(value),
            expected,
        };
        let result: Result<(), ParamError> = match known {
            "mode" => pick(
                value,
                &[
                    ("play", EmbedMode::Play),
                    ("replay", EmbedMode::Replay),
                    ("problem", EmbedMode::Problem),
                    ("daily", EmbedMode::Daily),
                ],
            )
            .map(|m| config.mode = m)
            .ok_or_else(|| bad(Expected::PlayOrReplay)),
            "rules" => {
                if Rules::by_id(value).is_ok() {
                    config.rules = value.clone();
                    Ok(())
                } else {
                    Err(bad(Expected::Preset))
                }
            }
            "lang" => pick(value, &[("fr", Lang::Fr), ("en", Lang::En)])
                .map(|l| config.lang = Some(l))
                .ok_or_else(|| bad(Expected::Lang)),
            "record" => {
                if value.trim().is_empty() {
                    Err(bad(Expected::RecordUrl))
                } else {
                    config.record_url = Some(value.clone());
                    Ok(())
                }
            }
            "readonly" => flag(value)
                .map(|b| config.readonly = b)
                .ok_or_else(|| bad(Expected::Flag)),
            "storage" => flag(value)
                .map(|b| config.storage = b)
                .ok_or_else(|| bad(Expected::Flag)),
            "autoplay" => whole_number(value, u64::from(AUTOPLAY_MS.0), u64::from(AUTOPLAY_MS.1))
                .and_then(|ms| u32::try_from(ms).ok())
                .map(|ms| config.autoplay = Some(ms))
                .ok_or_else(|| bad(Expected::Autoplay)),
            "theme" => pick(value, &Theme::CHOICES)
                .map(|t| config.looks.theme = t)
                .ok_or_else(|| bad(Expected::Theme)),
            "size" => pick(value, &Size::CHOICES)
                .map(|z| config.looks.size = z)
                .ok_or_else(|| bad(Expected::Size)),
            "bg" => Background::parse(value)
                .map(|b| config.looks.bg = Some(b))
                .ok_or_else(|| bad(Expected::Background)),
            "accent" => Colour::parse(value)
                .map(|c| config.looks.accent = Some(c))
                .ok_or_else(|| bad(Expected::Colour)),
            "back" => Colour::parse(value)
                .map(|c| config.looks.back = Some(c))
                .ok_or_else(|| bad(Expected::Colour)),
            "show" => Shown::parse(value)
                .map(|shown| config.show = shown)
                .ok_or_else(|| bad(Expected::Show)),
            "height" => (value == "auto")
                .then(|| config.auto_height = true)
                .ok_or_else(|| bad(Expected::Height)),
            "font" => Font::parse(value)
                .map(|f| config.looks.font = f)
                .ok_or_else(|| bad(Expected::Font)),
            "level" => whole_number(value, 1, 5)
                .and_then(|n| u8::try_from(n).ok())
                .map(|n| config.level = n)
                .ok_or_else(|| bad(Expected::Level)),
            "seed" => whole_number(value, 0, u64::MAX)
                .map(|n| config.seed = Some(n))
                .ok_or_else(|| bad(Expected::Seed)),
            "seat" => seat_named(value)
                .map(|seat| config.seat = seat)
                .ok_or_else(|| bad(Expected::Seat)),
            "id" => table_id(value)
                .map(|id| config.id = Some(id))
                .ok_or_else(|| bad(Expected::Id)),
            "problem" => table_id(value)
                .map(|id| config.problem = Some(id))
                .ok_or_else(|| bad(Expected::Id)),
            _ => Ok(()),
        };
        match result {
            Ok(()) => given.push(known),
            Err(e) => errors.push(e),
        }
    }
    // Parameters that only make sense in one mode.
    let (mode, only_other): (&'static str, &[&'static str]) = match config.mode {
        EmbedMode::Play => ("play", &["readonly", "autoplay", "problem"]),
        EmbedMode::Replay => ("replay", &["rules", "level", "seed", "seat", "problem"]),
        EmbedMode::Problem => (
            "problem",
            &["readonly", "autoplay", "rules", "level", "seed", "seat"],
        ),
        // The deal of the day is the same for everyone: its rules, its cards, its opponent.
        // (`id` and `storage` are allowed, as the element passes its own `id`: the deal of the
        // day saves nothing.)
        EmbedMode::Daily => (
            "daily",
            &[
                "readonly", "autoplay", "rules", "level", "seed", "seat", "problem", "record",
            ],
        ),
    };
    for name in only_other {
        if given.contains(name) {
            errors.push(ParamError::NotInMode { name, mode });
        }
    }
    let (ignored, refused): (Vec<ParamError>, Vec<ParamError>) =
        errors.into_iter().partition(ParamError::is_cosmetic);
    if refused.is_empty() {
        Ok(Parsed { config, ignored })
    } else {
        Err(refused)
    }
}

/// Splits a query string (`?a=1&b=2`, leading `?` optional) into decoded pairs.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode_component(k), decode_component(v))
        })
        .collect()
}

/// `application/x-www-form-urlencoded` decoding; bytes that are not UTF-8 are replaced.
fn decode_component(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                if let Some(b) = s
                    .get(i + 1..i + 3)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    out.push(b);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Where a host's `goto` asks to go, as the host wrote it (deals and tricks from 1, as people
/// say them). The numbers are checked whole numbers, kept as they are: the viewer compares
/// them with the record, so that none is ever wrapped or cut down to fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GotoTarget {
    /// A flat position, 0-based, as `state` reports it in `index`.
    Index(u64),
    /// The start of a deal (from 1).
    Deal(u64),
    /// A deal (from 1) after this many of its actions.
    Action(u64, u64),
    /// A deal (from 1) when trick `1..=12` is about to be led.
    Trick(u64, u8),
}

/// A message from the host page (docs/embedding.md).
#[derive(Clone, Debug, PartialEq)]
pub enum HostMessage {
    /// A record, either form (a JSON object is taken as the JSON form).
    Load(String),
    Goto(GotoTarget),
    SetLanguage(Lang),
    /// `next`, `previous`, `first`, `last`: a step of the viewer.
    Step(Step),
    /// `play` (true) or `pause` (false): the viewer's autoplay.
    Autoplay(bool),
    /// `getState`: the table answers with a `state`.
    GetState,
    /// `newGame`: a game against the computer in place of what is on the table.
    NewGame(NewGameSpec),
    /// `setLevel`: the computer's level, from its next decision on.
    SetLevel(u8),
    /// `setTheme`: the looks, changed where the host says.
    SetTheme(LooksChange),
}

/// A step of the viewer asked by the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Next,
    Previous,
    First,
    Last,
}

impl Step {
    /// The message's name.
    pub fn name(self) -> &'static str {
        match self {
            Step::Next => "next",
            Step::Previous => "previous",
            Step::First => "first",
            Step::Last => "last",
        }
    }
}

/// What a host's `newGame` asks for; what it leaves out is the table's parameter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGameSpec {
    pub rules: Option<String>,
    pub level: Option<u8>,
    pub seed: Option<u64>,
    pub seat: Option<Seat>,
}

impl NewGameSpec {
    /// The table's parameters with what the host asked put over them (the game's rules,
    /// level, seed, seat; `mode=play`).
    pub fn over(&self, config: &EmbedConfig) -> EmbedConfig {
        EmbedConfig {
            mode: EmbedMode::Play,
            rules: self.rules.clone().unwrap_or_else(|| config.rules.clone()),
            level: self.level.unwrap_or(config.level),
            seed: self.seed.or(config.seed),
            seat: self.seat.unwrap_or(config.seat),
            ..config.clone()
        }
    }
}

/// The message types the table understands.
pub const MESSAGE_TYPES: [&str; 13] = [
    "load",
    "goto",
    "setLanguage",
    "next",
    "previous",
    "first",
    "last",
    "play",
    "pause",
    "getState",
    "newGame",
    "setLevel",
    "setTheme",
];

/// Why a host's message was refused. Whatever it quotes of the message is an [`Excerpt`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// Not JSON-like data (a function, a cyclic object…).
    NotData,
    /// From another window than the host page: ignored.
    Foreign,
    NotAnObject,
    /// No `"piquet"` field.
    NotPiquet,
    /// `"piquet"` is not 1.
    Version(Excerpt),
    NoType,
    UnknownType(Excerpt),
    /// `load` without a record.
    LoadRecord,
    /// `goto` with neither `index` nor `deal`.
    GotoTarget,
    /// A number field that is not a whole number in its range.
    NotWhole {
        field: &'static str,
        found: Excerpt,
        min: u64,
        max: u64,
    },
    /// `goto` with both `trick` and `action`.
    TrickAndAction,
    /// `setLanguage` with another language.
    Lang(Excerpt),
    /// A field of `newGame` or `setLevel` out of what it accepts (`kind`: the message's type).
    BadField {
        kind: &'static str,
        field: &'static str,
        found: Excerpt,
        expected: Expected,
    },
    /// A message that moves the viewer (`next`, `play`…) while a game is on the table.
    NeedsRecord(&'static str),
    /// `setLevel` while no game is on the table.
    NeedsGame(&'static str),
    /// A message that would put something else on the table of a problem or of the deal of
    /// the day (`load`, `newGame`, `setLevel`): the table keeps what it was asked for.
    Fixed(&'static str, &'static str),
}

impl std::fmt::Display for MessageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageError::NotData => write!(f, "the message is not JSON data"),
            MessageError::Foreign => write!(
                f,
                "a message from a window other than the host page was ignored"
            ),
            MessageError::NotAnObject => {
                write!(
                    f,
                    "a message must be an object {{\"piquet\": 1, \"type\": …}}"
                )
            }
            MessageError::NotPiquet => write!(f, "not a piquet message (no \"piquet\": 1)"),
            MessageError::Version(v) => write!(
                f,
                "unknown protocol version \"piquet\": {} (this table speaks 1)",
                v.text
            ),
            MessageError::NoType => write!(f, "the message has no \"type\""),
            MessageError::UnknownType(t) => write!(
                f,
                "unknown message type {t} (known: {})",
                MESSAGE_TYPES.join(", ")
            ),
            MessageError::LoadRecord => write!(
                f,
                "load: \"record\" must be a record, as text (either form) or a JSON object"
            ),
            MessageError::GotoTarget => write!(
                f,
                "goto: give \"index\", or \"deal\" (from 1) with \"trick\" or \"action\""
            ),
            MessageError::NotWhole {
                field,
                found,
                min,
                max,
            } => write!(
                f,
                "goto: \"{field}\" must be a whole number from {min} to {max}, not {}",
                found.text
            ),
            MessageError::TrickAndAction => {
                write!(f, "goto: give \"trick\" or \"action\", not both")
            }
            MessageError::Lang(l) if l.chars == 0 => {
                write!(f, "setLanguage: \"lang\" must be \"fr\" or \"en\"")
            }
            MessageError::Lang(l) => {
                write!(
                    f,
                    "setLanguage: \"lang\" must be \"fr\" or \"en\", not {}",
                    l.text
                )
            }
            MessageError::BadField {
                kind,
                field,
                found,
                expected,
            } => write!(
                f,
                "{kind}: \"{field}\" must be {}, not {}",
                expected.en(),
                found.text
            ),
            MessageError::NeedsRecord(kind) => {
                write!(f, "{kind}: there is no record on the table")
            }
            MessageError::NeedsGame(kind) => write!(f, "{kind}: there is no game on the table"),
            MessageError::Fixed(kind, mode) => {
                write!(f, "{kind}: the table shows {mode}, which it keeps")
            }
        }
    }
}

impl std::error::Error for MessageError {}

/// Why a host's `goto` found no such position in the record on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GotoProblem {
    /// No record is open.
    NoRecord,
    /// `index` beyond the last position (`positions` in all, from 0).
    Index { asked: u64, positions: usize },
    /// A deal the record does not have (`deals` in all, from 1).
    Deal { asked: u64, deals: usize },
    /// More actions than the deal has.
    Action {
        deal: u64,
        asked: u64,
        actions: usize,
    },
    /// A trick the record does not reach in that deal (`tricks` begun).
    Trick { deal: u64, asked: u8, tricks: u8 },
}

impl std::fmt::Display for GotoProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let prefix = "goto: no such position in this record";
        match *self {
            GotoProblem::NoRecord => write!(f, "goto: no record is open"),
            GotoProblem::Index { asked, positions } => write!(
                f,
                "{prefix}: index {asked}; its positions are 0 to {}",
                positions.saturating_sub(1)
            ),
            GotoProblem::Deal { asked, deals } => {
                write!(f, "{prefix}: deal {asked}; its deals are 1 to {deals}")
            }
            GotoProblem::Action {
                deal,
                asked,
                actions,
            } => write!(
                f,
                "{prefix}: deal {deal}, action {asked}; that deal has actions 0 to {actions}"
            ),
            GotoProblem::Trick {
                deal,
                asked,
                tricks,
            } => write!(
                f,
                "{prefix}: deal {deal}, trick {asked}; that deal reaches tricks 1 to {tricks}"
            ),
        }
    }
}

/// Moves `cursor` where a host's `goto` asks, comparing the host's numbers with the record's
/// own (never converting them first, so that 2³² + 5 is not position 5).
pub fn goto(cursor: &mut ReplayCursor, target: GotoTarget) -> Result<(), GotoProblem> {
    let deals = cursor.record().deals.len().max(1);
    // The deal asked (from 1), 0-based, if the record has it.
    let deal_index = |d: u64| {
        usize::try_from(d)
            .ok()
            .and_then(|d| d.checked_sub(1))
            .filter(|&d| d < deals)
            .ok_or(GotoProblem::Deal { asked: d, deals })
    };
    let moved = match target {
        GotoTarget::Index(asked) => {
            let positions = cursor.len();
            let i = usize::try_from(asked)
                .ok()
                .filter(|&i| i < positions)
                .ok_or(GotoProblem::Index { asked, positions })?;
            cursor.seek(i)
        }
        GotoTarget::Deal(d) => {
            let d = deal_index(d)?;
            cursor.goto_deal(d)
        }
        GotoTarget::Action(deal, asked) => {
            let d = deal_index(deal)?;
            let actions = cursor.record().deals.get(d).map_or(0, |r| r.actions.len());
            let a = usize::try_from(asked)
                .ok()
                .filter(|&a| a <= actions)
                .ok_or(GotoProblem::Action {
                    deal,
                    asked,
                    actions,
                })?;
            cursor.goto(Position {
                deal: d,
                actions: a,
            })
        }
        GotoTarget::Trick(deal, asked) => {
            let d = deal_index(deal)?;
            let tricks = cursor.tricks_in_deal(d);
            if asked > tricks {
                return Err(GotoProblem::Trick {
                    deal,
                    asked,
                    tricks,
                });
            }
            cursor.goto_trick(d, asked)
        }
    };
    // Every target checked above is a position of the record.
    if moved {
        Ok(())
    } else {
        Err(GotoProblem::NoRecord)
    }
}

/// The key under which the page's reader of messages stands for a number JSON cannot carry
/// (`NaN`, `Infinity`): `{"$nonFinite": "NaN"}` (see `services::host::read`).
pub const NON_FINITE: &str = "$nonFinite";

/// A host's message as the table reads it: a JSON value ([`serde_json::Value`], as the Yew
/// tables read it) or the page's own object (the embedded replay's light first stage reads it
/// with js_sys, without a JSON library). What a message means is [`parse_message`]'s, for both.
pub trait MessageData: Sized {
    /// The field `name` of an object (absent, or not an object: `None`).
    fn get(&self, name: &str) -> Option<Self>;
    fn is_object(&self) -> bool;
    fn is_null(&self) -> bool;
    fn as_str(&self) -> Option<&str>;
    /// A non-negative integer exactly as written, if it is one.
    fn as_u64(&self) -> Option<u64>;
    fn as_f64(&self) -> Option<f64>;
    /// The value as JSON text (an object given as a record).
    fn json(&self) -> String;
    /// The value as the host wrote it, for an error: `1.5`, `"3"`, `NaN`.
    fn shown(&self) -> Excerpt {
        Excerpt::of(&self.json())
    }
}

impl MessageData for serde_json::Value {
    fn get(&self, name: &str) -> Option<Self> {
        self.as_object()?.get(name).cloned()
    }
    fn is_object(&self) -> bool {
        self.is_object()
    }
    fn is_null(&self) -> bool {
        self.is_null()
    }
    fn as_str(&self) -> Option<&str> {
        self.as_str()
    }
    fn as_u64(&self) -> Option<u64> {
        self.as_u64()
    }
    fn as_f64(&self) -> Option<f64> {
        self.as_f64()
    }
    fn json(&self) -> String {
        self.to_string()
    }
    fn shown(&self) -> Excerpt {
        match self.get(NON_FINITE).and_then(|n| n.as_str()) {
            Some(n) if self.as_object().is_some_and(|o| o.len() == 1) => Excerpt::of(n),
            _ => Excerpt::of(&self.to_string()),
        }
    }
}

/// A field's value as the host wrote it, for an error.
fn shown<V: MessageData>(v: &V) -> Excerpt {
    v.shown()
}

/// A level in a message: a JSON whole number from 1 to 5.
fn level<V: MessageData>(v: &V) -> Option<u8> {
    v.as_u64()
        .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as u64))
        .filter(|n| (1..=5).contains(n))
        .map(|n| n as u8)
}

/// An optional field of a message, read by `read`; absent or `null`, `None`; a value that will
/// not do is named with what the field accepts.
fn field<T, V: MessageData>(
    obj: &V,
    kind: &'static str,
    name: &'static str,
    expected: Expected,
    read: impl Fn(&V) -> Option<T>,
) -> Result<Option<T>, MessageError> {
    match obj.get(name) {
        None => Ok(None),
        Some(v) if v.is_null() => Ok(None),
        Some(v) => read(&v).map(Some).ok_or_else(|| MessageError::BadField {
            kind,
            field: name,
            found: shown(&v),
            expected,
        }),
    }
}

/// A field read from a string by `f`.
fn text<T, V: MessageData>(f: fn(&str) -> Option<T>) -> impl Fn(&V) -> Option<T> {
    move |v| v.as_str().and_then(f)
}

/// Reads a host's message: `{"piquet": 1, "type": …}`. The error names what is wrong.
pub fn parse_message<V: MessageData>(v: &V) -> Result<HostMessage, MessageError> {
    if !v.is_object() {
        return Err(MessageError::NotAnObject);
    }
    let obj = v;
    match obj.get("piquet") {
        Some(p) if p.as_u64() == Some(1) => {}
        Some(p) => return Err(MessageError::Version(shown(&p))),
        None => return Err(MessageError::NotPiquet),
    }
    let kind_field = obj.get("type");
    let kind = match &kind_field {
        None => return Err(MessageError::NoType),
        Some(t) if t.is_null() => return Err(MessageError::NoType),
        Some(t) => match t.as_str() {
            Some(t) => t,
            None => return Err(MessageError::UnknownType(shown(t))),
        },
    };
    // A whole number in min..=max: a JSON integer, or a float with no fraction (what a host's
    // `3.0` is), never a string, a fraction, a negative number or one beyond `MAX_EXACT`.
    let number = |field: &'static str, min: u64, max: u64| -> Result<Option<u64>, MessageError> {
        let Some(n) = obj.get(field) else {
            return Ok(None);
        };
        let whole = n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= MAX_EXACT as f64)
                .map(|f| f as u64)
        });
        match whole.filter(|w| (min..=max).contains(w)) {
            Some(w) => Ok(Some(w)),
            None => Err(MessageError::NotWhole {
                field,
                found: shown(&n),
                min,
                max,
            }),
        }
    };
    match kind {
        "load" => match obj.get("record") {
            Some(r) if r.as_str().is_some() => Ok(HostMessage::Load(
                r.as_str().unwrap_or_default().to_string(),
            )),
            Some(o) if o.is_object() => Ok(HostMessage::Load(o.json())),
            _ => Err(MessageError::LoadRecord),
        },
        "goto" => {
            if let Some(i) = number("index", 0, MAX_EXACT)? {
                return Ok(HostMessage::Goto(GotoTarget::Index(i)));
            }
            let deal = number("deal", 1, MAX_EXACT)?.ok_or(MessageError::GotoTarget)?;
            match (number("trick", 1, 12)?, number("action", 0, MAX_EXACT)?) {
                (Some(_), Some(_)) => Err(MessageError::TrickAndAction),
                (Some(t), None) => Ok(HostMessage::Goto(GotoTarget::Trick(deal, t as u8))),
                (None, Some(a)) => Ok(HostMessage::Goto(GotoTarget::Action(deal, a))),
                (None, None) => Ok(HostMessage::Goto(GotoTarget::Deal(deal))),
            }
        }
        "setLanguage" => match obj.get("lang") {
            Some(l) if l.as_str() == Some("fr") => Ok(HostMessage::SetLanguage(Lang::Fr)),
            Some(l) if l.as_str() == Some("en") => Ok(HostMessage::SetLanguage(Lang::En)),
            Some(l) => Err(MessageError::Lang(shown(&l))),
            None => Err(MessageError::Lang(Excerpt::of(""))),
        },
        "next" => Ok(HostMessage::Step(Step::Next)),
        "previous" => Ok(HostMessage::Step(Step::Previous)),
        "first" => Ok(HostMessage::Step(Step::First)),
        "last" => Ok(HostMessage::Step(Step::Last)),
        "play" => Ok(HostMessage::Autoplay(true)),
        "pause" => Ok(HostMessage::Autoplay(false)),
        "getState" => Ok(HostMessage::GetState),
        "setLevel" => match field(obj, "setLevel", "level", Expected::Level, level)? {
            Some(l) => Ok(HostMessage::SetLevel(l)),
            None => Err(MessageError::BadField {
                kind: "setLevel",
                field: "level",
                found: Excerpt::of(""),
                expected: Expected::Level,
            }),
        },
        "newGame" => Ok(HostMessage::NewGame(NewGameSpec {
            rules: field(obj, "newGame", "rules", Expected::Preset, |v| {
                v.as_str()
                    .filter(|r| Rules::by_id(r).is_ok())
                    .map(str::to_string)
            })?,
            level: field(obj, "newGame", "level", Expected::Level, level)?,
            seed: field(obj, "newGame", "seed", Expected::Seed, |v| {
                v.as_u64()
                    .filter(|n| *n <= MAX_EXACT)
                    .or_else(|| v.as_str().and_then(|s| whole_number(s, 0, u64::MAX)))
            })?,
            seat: field(obj, "newGame", "seat", Expected::Seat, |v| {
                v.as_str().and_then(seat_named)
            })?,
        })),
        "setTheme" => {
            let change = LooksChange {
                theme: field(obj, "setTheme", "theme", Expected::Theme, |v| {
                    v.as_str().and_then(|t| pick(t, &Theme::CHOICES))
                })?,
                size: field(obj, "setTheme", "size", Expected::Size, |v| {
                    v.as_str().and_then(|t| pick(t, &Size::CHOICES))
                })?,
                bg: field(
                    obj,
                    "setTheme",
                    "bg",
                    Expected::Background,
                    text(Background::parse),
                )?,
                accent: field(
                    obj,
                    "setTheme",
                    "accent",
                    Expected::Colour,
                    text(Colour::parse),
                )?,
                back: field(
                    obj,
                    "setTheme",
                    "back",
                    Expected::Colour,
                    text(Colour::parse),
                )?,
                font: field(obj, "setTheme", "font", Expected::Font, text(Font::parse))?,
            };
            Ok(HostMessage::SetTheme(change))
        }
        other => Err(MessageError::UnknownType(Excerpt::of(other))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_query(q: &str) -> Result<EmbedConfig, Vec<ParamError>> {
        parse(&query_pairs(q)).map(|p| p.config)
    }

    /// The one problem of a query that has exactly one.
    fn only_problem(q: &str) -> ParamError {
        let errors = parse_query(q).unwrap_err();
        assert_eq!(errors.len(), 1, "{q}: {errors:?}");
        errors[0].clone()
    }

    fn bad(name: &'static str, value: &str, expected: Expected) -> ParamError {
        ParamError::BadValue {
            name,
            value: Excerpt::of(value),
            expected,
        }
    }

    #[test]
    fn defaults_and_every_parameter() {
        assert_eq!(parse_query("").unwrap(), EmbedConfig::default());
        let c = parse_query(
            "?mode=play&rules=rubicon&lang=en&theme=dark&size=large&level=5&storage=1&record=r%2Fa.txt",
        )
        .unwrap();
        assert_eq!(c.mode, EmbedMode::Play);
        assert_eq!(c.rules, "rubicon");
        assert_eq!(c.lang, Some(Lang::En));
        assert_eq!(c.looks.theme, Theme::Dark);
        assert_eq!(c.looks.size, Size::Large);
        assert_eq!(c.level, 5);
        assert!(c.storage);
        assert_eq!(c.record_url.as_deref(), Some("r/a.txt"));
        let r = parse_query("mode=replay&readonly=1&autoplay=800&theme=light").unwrap();
        assert!(r.readonly);
        assert_eq!(r.autoplay, Some(800));
        assert_eq!(r.looks.theme, Theme::Light);
        assert!(parse_query("readonly").unwrap().readonly);
        assert_eq!(parse_query("mode=play").unwrap().seed, None);
        assert_eq!(
            parse_query("mode=play&seed=18446744073709551615")
                .unwrap()
                .seed,
            Some(u64::MAX)
        );
        assert_eq!(
            only_problem("mode=play&seed=-1"),
            bad("seed", "-1", Expected::Seed)
        );
        assert_eq!(
            only_problem("seed=7"),
            ParamError::NotInMode {
                name: "seed",
                mode: "replay"
            }
        );
    }

    #[test]
    fn numbers_are_whole_numbers_in_range_never_wrapped_rounded_or_clamped() {
        for (query, name, expected) in [
            (
                "mode=play&seed=18446744073709551616",
                "seed",
                Expected::Seed,
            ),
            ("mode=play&seed=1e12", "seed", Expected::Seed),
            ("mode=play&seed=%2B7", "seed", Expected::Seed),
            ("mode=play&seed=%207", "seed", Expected::Seed),
            ("mode=play&level=0", "level", Expected::Level),
            ("mode=play&level=6", "level", Expected::Level),
            ("mode=play&level=2.0", "level", Expected::Level),
            ("mode=play&level=259", "level", Expected::Level),
            ("mode=play&level=4294967299", "level", Expected::Level),
            ("autoplay=199", "autoplay", Expected::Autoplay),
            ("autoplay=60001", "autoplay", Expected::Autoplay),
            ("autoplay=4294967496", "autoplay", Expected::Autoplay),
            ("autoplay=800.5", "autoplay", Expected::Autoplay),
            ("autoplay=NaN", "autoplay", Expected::Autoplay),
        ] {
            let value = query_pairs(query).pop().unwrap().1;
            assert_eq!(only_problem(query), bad(name, &value, expected), "{query}");
        }
        assert_eq!(parse_query("autoplay=200").unwrap().autoplay, Some(200));
        assert_eq!(
            parse_query("autoplay=60000").unwrap().autoplay,
            Some(60_000)
        );
        assert_eq!(parse_query("mode=play&level=01").unwrap().level, 1);
        assert_eq!(
            whole_number("4294967301", 0, MAX_EXACT),
            Some(4_294_967_301)
        );
        assert_eq!(whole_number("99999999999999999999", 0, u64::MAX), None);
        assert_eq!(whole_number("", 0, 9), None);
        assert_eq!(whole_number("-0", 0, 9), None);
    }

    #[test]
    fn every_problem_is_named() {
        let errors = parse_query("mode=watch&colour=red&level=9&autoplay=5").unwrap_err();
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 4, "{text:?}");
        assert!(
            text[0].contains("mode=\"watch\"")
                && text[0].contains("play, replay, problem or daily")
        );
        assert!(text[1].contains("unknown parameter \"colour\""));
        assert!(text[2].contains("1 to 5"));
        assert!(text[3].contains("200 to 60000"));
        assert_eq!(
            only_problem("rules=whist"),
            bad("rules", "whist", Expected::Preset)
        );
        assert_eq!(
            only_problem("mode=play&autoplay=500"),
            ParamError::NotInMode {
                name: "autoplay",
                mode: "play"
            }
        );
        assert_eq!(
            only_problem("level=2"),
            ParamError::NotInMode {
                name: "level",
                mode: "replay"
            }
        );
        assert_eq!(
            only_problem("mode=play&mode=play"),
            ParamError::Repeated("mode")
        );
        assert!(parse_query("storage=yes").is_err());
        assert!(parse_query("record=").is_err());
    }

    #[test]
    fn cosmetic_problems_fall_back_to_the_default() {
        let parsed = parse(&query_pairs("lang=xx&theme=neon&size=huge&mode=replay")).unwrap();
        assert_eq!(parsed.config, EmbedConfig::default());
        assert_eq!(
            parsed.ignored,
            vec![
                bad("lang", "xx", Expected::Lang),
                bad("theme", "neon", Expected::Theme),
                bad("size", "huge", Expected::Size),
            ]
        );
        // Given twice: the first stands.
        let parsed = parse(&query_pairs("lang=en&lang=fr")).unwrap();
        assert_eq!(parsed.config.lang, Some(Lang::En));
        assert_eq!(parsed.ignored, vec![ParamError::Repeated("lang")]);
        // A refusal lists only what refuses the table.
        assert_eq!(
            parse(&query_pairs("theme=neon&mode=watch")).unwrap_err(),
            vec![bad("mode", "watch", Expected::PlayOrReplay)]
        );
    }

    #[test]
    fn the_deal_of_the_day_is_a_mode_of_its_own_with_nothing_to_choose() {
        let c = parse(&query_pairs("mode=daily&lang=en&theme=dark&height=auto"))
            .unwrap()
            .config;
        assert_eq!(c.mode, EmbedMode::Daily);
        assert!(c.auto_height);
        // The element passes its own `id`; the deal of the day saves nothing anyway.
        assert!(parse(&query_pairs("mode=daily&id=t&storage=1")).is_ok());
        // Its cards, rules and opponent are everyone's that day: none of a game's parameters.
        for other in [
            "rules=rubicon",
            "level=2",
            "seed=7",
            "seat=B",
            "record=x.json",
        ] {
            let name = other.split('=').next().unwrap();
            assert_eq!(
                parse(&query_pairs(&format!("mode=daily&{other}"))).unwrap_err(),
                vec![ParamError::NotInMode {
                    name: KNOWN.iter().find(|k| **k == name).unwrap(),
                    mode: "daily"
                }],
                "{other}"
            );
        }
    }

    #[test]
    fn long_values_are_quoted_short() {
        let junk = "x".repeat(100_000);
        let errors = parse_query(&format!("mode={junk}&{junk}=1")).unwrap_err();
        for e in &errors {
            let text = e.to_string();
            assert!(text.chars().count() < 400, "{} characters", text.len());
            assert!(text.contains("100,000 characters, cut"), "{text}");
        }
    }

    #[test]
    fn host_messages_are_read_or_named() {
        use serde_json::json;
        let m = |v: serde_json::Value| parse_message(&v);
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "index": 7})),
            Ok(HostMessage::Goto(GotoTarget::Index(7)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "index": 7.0})),
            Ok(HostMessage::Goto(GotoTarget::Index(7)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 2, "trick": 3})),
            Ok(HostMessage::Goto(GotoTarget::Trick(2, 3)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 1, "action": 0})),
            Ok(HostMessage::Goto(GotoTarget::Action(1, 0)))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 1})),
            Ok(HostMessage::Goto(GotoTarget::Deal(1)))
        );
        // Large whole numbers are kept as they are, for the viewer to refuse by its own range.
        for n in [4_294_967_301u64, 1_000_000_000_000, MAX_EXACT] {
            assert_eq!(
                m(json!({"piquet": 1, "type": "goto", "index": n})),
                Ok(HostMessage::Goto(GotoTarget::Index(n)))
            );
        }
        assert_eq!(
            m(json!({"piquet": 1, "type": "setLanguage", "lang": "en"})),
            Ok(HostMessage::SetLanguage(Lang::En))
        );
        assert_eq!(
            m(json!({"piquet": 1, "type": "load", "record": {"format": "piquet-record"}})),
            Ok(HostMessage::Load(r#"{"format":"piquet-record"}"#.into()))
        );
        let not_whole = |field, found: &str, min, max| MessageError::NotWhole {
            field,
            found: Excerpt::of(found),
            min,
            max,
        };
        for (bad, error) in [
            (json!("hello"), MessageError::NotAnObject),
            (json!({"type": "goto"}), MessageError::NotPiquet),
            (
                json!({"piquet": 2, "type": "goto"}),
                MessageError::Version(Excerpt::of("2")),
            ),
            (json!({"piquet": 1}), MessageError::NoType),
            (
                json!({"piquet": 1, "type": "fly"}),
                MessageError::UnknownType(Excerpt::of("fly")),
            ),
            (
                json!({"piquet": 1, "type": "goto"}),
                MessageError::GotoTarget,
            ),
            (
                json!({"piquet": 1, "type": "goto", "deal": 0}),
                not_whole("deal", "0", 1, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "deal": 1, "trick": 13}),
                not_whole("trick", "13", 1, 12),
            ),
            (
                json!({"piquet": 1, "type": "goto", "deal": 1, "trick": 257}),
                not_whole("trick", "257", 1, 12),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": -1}),
                not_whole("index", "-1", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": 1.5}),
                not_whole("index", "1.5", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": "3"}),
                not_whole("index", "\"3\"", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": 9_007_199_254_740_992u64}),
                not_whole("index", "9007199254740992", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": 1e21}),
                not_whole("index", "1e+21", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": null}),
                not_whole("index", "null", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "index": {NON_FINITE: "NaN"}}),
                not_whole("index", "NaN", 0, MAX_EXACT),
            ),
            (
                json!({"piquet": 1, "type": "goto", "deal": 1, "trick": 2, "action": 3}),
                MessageError::TrickAndAction,
            ),
            (
                json!({"piquet": 1, "type": "load", "record": 5}),
                MessageError::LoadRecord,
            ),
            (
                json!({"piquet": 1, "type": "setLanguage", "lang": "de"}),
                MessageError::Lang(Excerpt::of("\"de\"")),
            ),
        ] {
            assert_eq!(m(bad.clone()), Err(error), "{bad}");
        }
        // Deal 2³² + 1 stays itself (the viewer says the record has no such deal), and one
        // beyond 2⁵³ − 1 is refused as a number.
        assert_eq!(
            m(json!({"piquet": 1, "type": "goto", "deal": 4_294_967_297u64})),
            Ok(HostMessage::Goto(GotoTarget::Deal(4_294_967_297)))
        );
        assert!(matches!(
            m(json!({"piquet": 1, "type": "goto", "deal": 9_007_199_254_740_993u64})),
            Err(MessageError::NotWhole { field: "deal", .. })
        ));
    }

    #[test]
    fn goto_compares_the_hosts_numbers_with_the_record() {
        let record = piquet_engine::Record::parse(crate::records::HISTORICAL[1].text()).unwrap();
        let mut c = ReplayCursor::new(&record).unwrap();
        let len = c.len();
        assert_eq!(len, 33);
        assert_eq!(goto(&mut c, GotoTarget::Index(5)), Ok(()));
        assert_eq!(c.index(), 5);
        for asked in [33, 4_294_967_301, 1 << 32, 1_000_000_000_000, MAX_EXACT] {
            assert_eq!(
                goto(&mut c, GotoTarget::Index(asked)),
                Err(GotoProblem::Index {
                    asked,
                    positions: 33
                })
            );
            assert_eq!(c.index(), 5, "a refused goto does not move");
        }
        assert_eq!(
            goto(&mut c, GotoTarget::Deal(4_294_967_297)),
            Err(GotoProblem::Deal {
                asked: 4_294_967_297,
                deals: 1
            })
        );
        assert_eq!(goto(&mut c, GotoTarget::Trick(1, 12)), Ok(()));
        assert_eq!(
            goto(&mut c, GotoTarget::Action(1, 33)),
            Err(GotoProblem::Action {
                deal: 1,
                asked: 33,
                actions: 32
            })
        );
        assert_eq!(goto(&mut c, GotoTarget::Action(1, 32)), Ok(()));
        assert_eq!(c.index(), 32);
        let e = GotoProblem::Index {
            asked: 4_294_967_301,
            positions: 33,
        };
        assert_eq!(
            e.to_string(),
            "goto: no such position in this record: index 4294967301; its positions are 0 to 32"
        );
    }

    #[test]
    fn queries_decode_like_a_browser() {
        assert_eq!(
            query_pairs("?a=%C3%A9t%C3%A9&b=x+y&c&d=%zz"),
            vec![
                ("a".into(), "été".into()),
                ("b".into(), "x y".into()),
                ("c".into(), "".into()),
                ("d".into(), "%zz".into()),
            ]
        );
    }

    #[test]
    fn the_readers_seat_and_the_tables_id() {
        let c = parse_query("mode=play&seat=B&id=front-page.1").unwrap();
        assert_eq!(c.seat, Seat::B);
        assert_eq!(c.id.as_deref(), Some("front-page.1"));
        assert_eq!(parse_query("mode=play").unwrap().seat, Seat::A);
        assert_eq!(
            only_problem("mode=play&seat=C"),
            bad("seat", "C", Expected::Seat)
        );
        assert_eq!(
            only_problem("mode=replay&seat=A"),
            ParamError::NotInMode {
                name: "seat",
                mode: "replay"
            }
        );
        assert_eq!(only_problem("id=a%20b"), bad("id", "a b", Expected::Id));
        assert_eq!(
            only_problem(&format!("id={}", "x".repeat(65))),
            bad("id", &"x".repeat(65), Expected::Id)
        );
    }

    #[test]
    fn every_table_has_its_own_save() {
        let key = |q: &str, f: &str| storage_key(&parse_query(q).unwrap(), q, f);
        assert_eq!(key("mode=play&id=one", ""), "piquet.embed.game.one");
        assert_eq!(
            key("mode=play&id=one&level=2", "#x"),
            "piquet.embed.game.one"
        );
        let a = key("mode=play&storage=1&seed=1", "");
        assert!(a.starts_with(SAVE_PREFIX) && a.len() == SAVE_PREFIX.len() + 16);
        assert_eq!(a, key("?mode=play&storage=1&seed=1", ""), "stable");
        assert_ne!(a, key("mode=play&storage=1&seed=2", ""));
        assert_ne!(a, key("mode=play&storage=1&seed=1", "#record=abc"));
        assert_ne!(
            key("mode=play&record=a.txt", ""),
            key("mode=play&record=b.txt", "")
        );
    }

    #[test]
    fn the_hosts_new_messages_are_read_or_named() {
        let read = |v: serde_json::Value| parse_message(&v);
        for (kind, step) in [
            ("next", Step::Next),
            ("previous", Step::Previous),
            ("first", Step::First),
            ("last", Step::Last),
        ] {
            assert_eq!(
                read(serde_json::json!({"piquet": 1, "type": kind})),
                Ok(HostMessage::Step(step))
            );
        }
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "pause"})),
            Ok(HostMessage::Autoplay(false))
        );
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "getState"})),
            Ok(HostMessage::GetState)
        );
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "setLevel", "level": 2})),
            Ok(HostMessage::SetLevel(2))
        );
        assert_eq!(
            read(
                serde_json::json!({"piquet": 1, "type": "newGame", "rules": "rubicon", "level": 1, "seed": "18446744073709551615", "seat": "B"})
            ),
            Ok(HostMessage::NewGame(NewGameSpec {
                rules: Some("rubicon".into()),
                level: Some(1),
                seed: Some(u64::MAX),
                seat: Some(Seat::B),
            }))
        );
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "newGame"})),
            Ok(HostMessage::NewGame(NewGameSpec::default()))
        );
        let err =
            read(serde_json::json!({"piquet": 1, "type": "setLevel", "level": 6})).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setLevel: \"level\" must be a level, a whole number from 1 to 5, not 6"
        );
        let err =
            read(serde_json::json!({"piquet": 1, "type": "newGame", "seat": "C"})).unwrap_err();
        assert_eq!(
            err.to_string(),
            "newGame: \"seat\" must be A or B, not \"C\""
        );
        let err = read(serde_json::json!({"piquet": 1, "type": "newGame", "rules": "whist"}))
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("newGame: \"rules\" must be a preset")
        );
        assert!(
            read(serde_json::json!({"piquet": 1, "type": "fly"}))
                .unwrap_err()
                .to_string()
                .ends_with("(known: load, goto, setLanguage, next, previous, first, last, play, pause, getState, newGame, setLevel, setTheme)")
        );
    }

    #[test]
    fn the_looks_are_read_and_their_typos_fall_back() {
        let c = parse_query(
            "theme=auto&bg=transparent&accent=%23b91c1c&font=%22Gill%20Sans%22%2C%20serif&back=navy&size=small",
        )
        .unwrap();
        assert_eq!(c.looks.theme, Theme::Auto);
        assert_eq!(c.looks.bg, Some(Background::Transparent));
        assert_eq!(c.looks.accent.map(|a| a.css()).as_deref(), Some("#b91c1c"));
        assert_eq!(c.looks.font, Font::Families("\"Gill Sans\", serif".into()));
        assert_eq!(c.looks.back.map(|a| a.css()).as_deref(), Some("#000080"));
        assert_eq!(c.looks.size, Size::Small);
        assert_eq!(
            parse_query("mode=play&bg=%23121212&font=system")
                .unwrap()
                .looks,
            Looks {
                bg: Background::parse("#121212"),
                font: Font::System,
                ..Looks::default()
            }
        );
        // Typos in the looks: named, and the default used; the table is shown.
        let parsed = parse(&query_pairs(
            "mode=play&bg=blurple&accent=url(x)&font=inherit&back=&theme=neon",
        ))
        .unwrap();
        assert_eq!(parsed.config.looks, Looks::default());
        assert_eq!(
            parsed.ignored,
            vec![
                bad("bg", "blurple", Expected::Background),
                bad("accent", "url(x)", Expected::Colour),
                bad("font", "inherit", Expected::Font),
                bad("back", "", Expected::Colour),
                bad("theme", "neon", Expected::Theme),
            ]
        );
        assert_eq!(
            parsed.ignored[2].to_string(),
            "font=\"inherit\" is not valid: expected system, serif, sans or a list of font families (inherit works through <piquet-table> only)"
        );
    }

    #[test]
    fn set_theme_is_read_or_named() {
        let read = |v: serde_json::Value| parse_message(&v);
        assert_eq!(
            read(
                serde_json::json!({"piquet": 1, "type": "setTheme", "theme": "dark", "bg": "#121212", "size": "large"})
            ),
            Ok(HostMessage::SetTheme(LooksChange {
                theme: Some(Theme::Dark),
                bg: Background::parse("#121212"),
                size: Some(Size::Large),
                ..LooksChange::default()
            }))
        );
        assert_eq!(
            read(
                serde_json::json!({"piquet": 1, "type": "setTheme", "accent": "gold", "back": "rgb(0, 0, 128)", "font": "sans"})
            ),
            Ok(HostMessage::SetTheme(LooksChange {
                accent: Colour::parse("gold"),
                back: Colour::parse("navy"),
                font: Some(Font::Sans),
                ..LooksChange::default()
            }))
        );
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "setTheme", "bg": "blurple"}))
                .unwrap_err()
                .to_string(),
            "setTheme: \"bg\" must be transparent or a CSS colour: #rrggbb, #rgb, rgb(…), hsl(…) or a colour name, not \"blurple\""
        );
        assert_eq!(
            read(serde_json::json!({"piquet": 1, "type": "setTheme", "theme": 3}))
                .unwrap_err()
                .to_string(),
            "setTheme: \"theme\" must be light, dark, baize or auto, not 3"
        );
    }

    #[test]
    fn height_auto_asks_by_kind_and_width_only() {
        assert!(parse_query("height=auto").unwrap().auto_height);
        assert!(!parse_query("").unwrap().auto_height);
        let parsed = parse(&query_pairs("mode=play&height=600")).unwrap();
        assert!(!parsed.config.auto_height);
        assert_eq!(parsed.ignored, vec![bad("height", "600", Expected::Height)]);
        // A game upright, sideways-wide, on a desktop; a replay narrow and wide.
        assert_eq!(auto_height(false, 320.0), 496);
        assert_eq!(auto_height(false, 600.0), 560);
        assert_eq!(auto_height(false, 1280.0), 717);
        assert_eq!(auto_height(false, 4000.0), 820);
        assert_eq!(auto_height(true, 320.0), 464);
        assert_eq!(auto_height(true, 1280.0), 620);
        assert_eq!(auto_height(true, f64::NAN), 440);
        // A problem: the question and the verdict above a game's table.
        assert_eq!(
            auto_height_of("problem", 360.0),
            auto_height(false, 360.0) + 220
        );
        assert_eq!(
            auto_height_of("problem", 1280.0),
            auto_height(false, 1280.0) + 60
        );
        assert_eq!(auto_height_of("play", 360.0), auto_height(false, 360.0));
        assert_eq!(auto_height_of("replay", 360.0), auto_height(true, 360.0));
        // A desktop's game is tall enough for the desktop's layout (600 px and more).
        for w in [900.0, 1000.0, 1920.0] {
            assert!(auto_height(false, w) >= 600);
        }
    }

    #[test]
    fn show_names_the_parts_beside_the_table() {
        let shown = parse_query("show=counts,%20log").unwrap().show;
        assert!(shown.has(Part::Counts) && shown.has(Part::Log));
        assert!(!shown.has(Part::Loader) && !shown.has(Part::Play));
        assert!(!shown.everything());
        assert_eq!(parse_query("").unwrap().show, Shown::default());
        assert!(parse_query("show=all").unwrap().show.everything());
        let parsed = parse(&query_pairs("show=counts,logs")).unwrap();
        assert_eq!(
            parsed.config.show,
            Shown::default(),
            "a typo shows nothing more"
        );
        assert_eq!(
            parsed.ignored,
            vec![bad("show", "counts,logs", Expected::Show)]
        );
        assert_eq!(Shown::parse("log,"), None);
        assert_eq!(Shown::parse(""), None);
        let every = Part::ALL
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(",");
        assert!(Shown::parse(&every).unwrap().everything());
    }
}
