//! Records as the app handles them: the historical records shipped with it, the file names of
//! exports, and a replay's position turned into a game to play on (the record cut at the
//! position, seats swapped when the player takes the other side). Pure: no browser API.

use piquet_engine::cursor::{Position, ReplayCursor};
use piquet_engine::record::RulesSpec;
use piquet_engine::{Excerpt, Record, RecordError, Rules, Seat};

use super::link::FragmentError;
use super::session::{FormatChoice, GameConfig, Opponent, Session, SessionError};

/// The most characters of a record's file name or URL quoted beside its error.
pub const SOURCE_CHARS: usize = 60;

/// Why a record could not be opened, wherever it came from (pasted, a file, a link, a URL, the
/// host page). Typed, so that the page says it in the reader's language at the moment it shows
/// it (`crate::error_words::load_problem`).
#[derive(Clone, Debug, PartialEq)]
pub enum LoadProblem {
    /// The text does not read as a record, or the record does not replay; `from` names the
    /// file or URL it came from.
    Record {
        from: Option<Excerpt>,
        error: RecordError,
    },
    /// A link's record does not decode.
    Fragment(FragmentError),
    /// A URL could not be fetched: its HTTP status, or `None` (network, or not allowed).
    Fetch { url: Excerpt, status: Option<u16> },
    /// A file larger than any record.
    TooLarge { name: Excerpt, bytes: u64 },
    /// A file the browser could not read.
    Unreadable { name: Excerpt },
    /// The file input had no file.
    NothingChosen,
    /// The paste box was empty.
    NothingPasted,
}

impl LoadProblem {
    /// A record's error, from `from` (a file name or a URL) if given: the name is quoted in
    /// [`SOURCE_CHARS`] characters at most, as the error may quote the record too.
    pub fn record(from: Option<&str>, error: RecordError) -> LoadProblem {
        LoadProblem::Record {
            from: from.map(|f| Excerpt::of_at_most(f, SOURCE_CHARS)),
            error,
        }
    }
}

/// Reads a record and replays it through the engine: the record, or why it cannot be shown.
pub fn open(text: &str, from: Option<&str>) -> Result<Record, LoadProblem> {
    Record::parse(text)
        .and_then(|r| ReplayCursor::new(&r).map(|_| r))
        .map_err(|e| LoadProblem::record(from, e))
}

/// A record shipped with the app (`records/`, see records/README.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Historical {
    /// Stable id: the file name in `records/` without extension.
    pub id: &'static str,
    /// The title the viewer offers.
    pub title: &'static str,
    /// Its place in [`HISTORICAL`] (and in `TEXTS`).
    at: usize,
}

/// The historical records of `records/` (see records/README.md).
pub const HISTORICAL: [Historical; 2] = [
    Historical {
        id: "les-facheux",
        title: "Les Fâcheux (Molière, 1661)",
        at: 0,
    },
    Historical {
        id: "hoffmann-1909",
        title: "Hoffmann 1909",
        at: 1,
    },
];

/// The texts of [`HISTORICAL`], in its order, apart from it: only a wasm that calls
/// [`Historical::text`] carries them (the app, which opens them offline); the embedded table
/// fetches [`Historical::file`] instead and is the lighter for it.
const TEXTS: [&str; 2] = [
    include_str!("../../../records/les-facheux.txt"),
    include_str!("../../../records/hoffmann-1909.txt"),
];

impl Historical {
    /// The record, text form, built into the wasm that calls this (it works offline).
    pub fn text(&self) -> &'static str {
        TEXTS[self.at]
    }

    /// The record's file as the app serves it, relative to its pages (`records/<id>.txt`).
    pub fn file(&self) -> String {
        format!("records/{}.txt", self.id)
    }
}

/// The historical record with this id.
pub fn historical(id: &str) -> Option<&'static Historical> {
    HISTORICAL.iter().find(|h| h.id == id)
}

/// The record as exported from a game: the players' names as the table says them and the day
/// of the export (ISO 8601, from the browser), written in its metadata unless it has its own,
/// so that the file, opened again in the viewer, says who played and when.
pub fn with_context(record: &Record, players: [String; 2], date: &str) -> Record {
    let mut r = record.clone();
    if r.meta.players.is_none() {
        r.meta.players = Some(players);
    }
    if r.meta.date.is_none() && !date.is_empty() {
        r.meta.date = Some(date.to_string());
    }
    r
}

/// A file name for a record: « piquet », its rules (the preset's id, or the nearest preset's), its
/// event if it has one, and its date, in lower-case ASCII words, then `ext`:
/// `piquet-rubicon-2026-11-25.json`.
pub fn file_name(record: &Record, ext: &str) -> String {
    let rules = match &record.rules {
        RulesSpec::Preset(id) => id.clone(),
        RulesSpec::Custom(r) => r.nearest_preset().0.to_string(),
    };
    let parts = [
        Some(rules),
        record.meta.event.clone(),
        record.meta.date.clone(),
    ];
    let base = parts.into_iter().flatten().collect::<Vec<_>>().join(" ");
    format!("piquet-{}.{ext}", slug(&base))
}

/// Lower-case ASCII words joined by hyphens, at most about 64 characters.
fn slug(base: &str) -> String {
    let mut slug = String::new();
    for c in base.chars() {
        let c = match c {
            'à' | 'â' | 'ä' | 'À' | 'Â' => 'a',
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' | 'Ç' => 'c',
            c => c,
        };
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 64 {
            break;
        }
    }
    slug.trim_matches('-').to_string()
}

/// The record up to a position: earlier deals whole, the position's deal up to its actions.
pub fn truncated(record: &Record, at: Position) -> Record {
    let mut r = record.clone();
    if r.deals.is_empty() {
        return r;
    }
    r.deals.truncate(at.deal + 1);
    if let Some(d) = r.deals.get_mut(at.deal) {
        d.actions.truncate(at.actions);
    }
    r.deal_comments.retain(|&d, _| d <= at.deal);
    r
}

/// The same game with seats A and B exchanged: cut draws, dealers, actions and players.
pub fn with_seats_swapped(record: &Record) -> Record {
    let mut r = record.clone();
    for draw in &mut r.cut.draws {
        *draw = (draw.1, draw.0);
    }
    for d in &mut r.deals {
        d.layout.dealer = d.layout.dealer.other();
        for a in &mut d.actions {
            a.seat = a.seat.other();
        }
    }
    if let Some([a, b]) = r.meta.players.take() {
        r.meta.players = Some([b, a]);
    }
    if let Some(start) = &mut r.start {
        start.totals.reverse();
        start.games_won.reverse();
        start.dealer = start.dealer.map(Seat::other);
    }
    r
}

/// A game against the computer (bot id `bot`) that goes on from `record` at `at`, the player
/// holding `seat` of the record. The app always seats the player in A, so taking B swaps the
/// seats. `seed` deals the deals after the record's.
pub fn play_from(
    record: &Record,
    at: Position,
    seat: Seat,
    bot: &str,
    seed: u64,
) -> Result<Session, SessionError> {
    play_on(seated_from(record, at, seat), bot, seed)
}

/// A game asked for from a position of a record (the viewer's « Jouer cette donne »): the
/// record, the position, the player's seat in the record's lettering, the computer's level and
/// the seed of the deals to come.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayFrom {
    pub record: std::rc::Rc<Record>,
    pub position: Position,
    pub seat: Seat,
    pub level: String,
    pub seed: u64,
}

impl PlayFrom {
    /// The game that goes on from the position ([`play_from`]).
    pub fn session(&self) -> Result<Session, SessionError> {
        play_from(
            &self.record,
            self.position,
            self.seat,
            &self.level,
            self.seed,
        )
    }
}

/// The record up to `at`, written from the side of the player who takes `seat` (who is seat A
/// in the app): what a game played on from there replays ([`play_from`], [`play_on`]).
pub fn seated_from(record: &Record, at: Position, seat: Seat) -> Record {
    let r = truncated(record, at);
    if seat == Seat::B {
        with_seats_swapped(&r)
    } else {
        r
    }
}

/// The game that goes on from the end of `record` (the reader at seat A) against `bot`, the
/// deals to come drawn from `seed`: what [`play_from`] makes of the record up to its position,
/// and what the embedded table that plays rebuilds from the viewer's hand-over
/// ([`crate::handover`]).
pub fn play_on(record: Record, bot: &str, seed: u64) -> Result<Session, SessionError> {
    let rules = record
        .resolved_rules()
        .map_err(|e| SessionError::Rules(e.to_string()))?;
    let config = config_for(&rules, Opponent::Computer { bot: bot.into() }, seed);
    let session = Session::from_record(config, record)?;
    if session.game.as_ref().is_some_and(|g| g.outcome().is_some()) {
        return Err(SessionError::Replay("this game is already over".into()));
    }
    Ok(session)
}

/// The settings of a game played by `rules` (a preset with its own format, or any rule set as
/// custom rules), against `opponent`, later deals dealt from `seed`.
pub fn config_for(rules: &Rules, opponent: Opponent, seed: u64) -> GameConfig {
    let preset = rules.preset_id().map(str::to_string);
    GameConfig {
        preset: preset.clone().unwrap_or_else(|| "classique".into()),
        format: FormatChoice::of(rules),
        opponent,
        seed,
        custom_rules: if preset.is_some() { None } else { Some(*rules) },
    }
}

/// Whether `rules` is one of the app's presets as is.
pub fn is_preset(rules: &Rules) -> bool {
    rules.preset_id().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_engine::cursor::ReplayCursor;

    fn record(id: &str) -> Record {
        Record::parse(historical(id).unwrap().text()).unwrap()
    }

    /// What the app builds in and what an embedded table fetches are the same files.
    #[test]
    fn each_historical_record_is_its_file_in_records() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for (i, h) in HISTORICAL.iter().enumerate() {
            assert_eq!(h.at, i, "{}", h.id);
            assert_eq!(h.file(), format!("records/{}.txt", h.id));
            let file = std::fs::read_to_string(root.join(h.file())).unwrap();
            assert_eq!(h.text(), file, "{}", h.id);
        }
    }

    #[test]
    fn historical_records_replay_to_their_documented_scores() {
        let mut c = ReplayCursor::new(&record("les-facheux")).unwrap();
        c.to_end();
        assert_eq!(c.counts().totals, [0, 69]);
        let mut c = ReplayCursor::new(&record("hoffmann-1909")).unwrap();
        c.to_end();
        assert_eq!(c.counts().totals, [43, 23]);
    }

    #[test]
    fn file_names_are_plain() {
        let r = record("les-facheux");
        let name = file_name(&r, "json");
        assert!(
            name.starts_with("piquet-ancien-moliere-les-facheux"),
            "{name}"
        );
        assert!(name.ends_with(".json"));
        let bare = Record::new(Rules::classique(), r.cut.clone());
        assert_eq!(file_name(&bare, "txt"), "piquet-classique.txt");
        // A game exported on a day: its rules and the date in the name, the players and the
        // date in the metadata; a record's own names and date are kept.
        let rubicon = Record::new(Rules::by_id("rubicon").unwrap(), r.cut.clone());
        let names = || ["Vous".to_string(), "L’ordinateur".to_string()];
        let out = with_context(&rubicon, names(), "2026-11-25");
        assert_eq!(file_name(&out, "json"), "piquet-rubicon-2026-11-25.json");
        assert_eq!(file_name(&out, "txt"), "piquet-rubicon-2026-11-25.txt");
        assert_eq!(out.meta.players, Some(names()));
        assert_eq!(out.meta.date.as_deref(), Some("2026-11-25"));
        let back = Record::from_json(&out.to_json()).unwrap();
        assert_eq!(back.meta, out.meta);
        let kept = with_context(&r, names(), "2026-11-25");
        assert_eq!(kept.meta.players, r.meta.players);
        assert_eq!(kept.meta.date, r.meta.date);
    }

    #[test]
    fn a_position_becomes_a_game_from_either_seat() {
        for id in ["les-facheux", "hoffmann-1909"] {
            let rec = record(id);
            let mut c = ReplayCursor::new(&rec).unwrap();
            // Every position of the first deal, for both seats.
            while c.position().deal == 0 && c.index() + 1 < c.len() {
                for seat in [Seat::A, Seat::B] {
                    let s = play_from(&rec, c.position(), seat, "1", 7)
                        .unwrap_or_else(|e| panic!("{id} at {:?} as {seat:?}: {e}", c.position()));
                    let deal = s.deal().unwrap();
                    let open = c.open_view().unwrap();
                    // The player (seat A of the session) holds the record seat's cards.
                    assert_eq!(deal.hand(Seat::A), open.hands[seat.index()]);
                    assert_eq!(deal.hand(Seat::B), open.hands[seat.other().index()]);
                    // It saves and resumes like any game.
                    let back = Session::from_stored(&s.to_stored()).unwrap();
                    assert_eq!(back.game, s.game);
                }
                c.forward();
            }
        }
    }

    #[test]
    fn a_finished_game_cannot_be_played_on() {
        let rec = record("hoffmann-1909");
        let mut c = ReplayCursor::new(&rec).unwrap();
        c.to_end();
        // The Hoffmann record is one deal of a partie: the next deal is dealt from the seed.
        match play_from(&rec, c.position(), Seat::A, "1", 3) {
            Ok(mut s) => {
                assert!(s.needs_deal());
                s.deal_next();
                assert_eq!(s.record.deals.len(), 2);
            }
            Err(e) => assert!(e.to_string().contains("over"), "{e}"),
        }
    }

    #[test]
    fn swapping_seats_twice_is_the_identity() {
        let r = record("les-facheux");
        assert_eq!(with_seats_swapped(&with_seats_swapped(&r)), r);
        assert_ne!(with_seats_swapped(&r), r);
        let t = truncated(
            &r,
            Position {
                deal: 0,
                actions: 3,
            },
        );
        assert_eq!(t.deals[0].actions.len(), 3);
    }
}
