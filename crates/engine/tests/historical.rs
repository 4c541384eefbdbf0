//! The historical records shipped in `records/` (records/README.md): built
//! here from their sources, compared with the files (JSON and text form), and
//! replayed to their documented final scores.
//!
//! To regenerate the files after changing a record here:
//! `PIQUET_WRITE_RECORDS=1 cargo test -p piquet-engine --test historical`.

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::record::{DealRecord, RecordedAction, RulesSpec};
use piquet_engine::{
    Action, Answer, Card, CardSet, Cut, DealEnd, DealSetup, Event, Metadata, Record, Rules,
    ScoreReason, Seat,
};
use std::path::PathBuf;

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Builds a deal's actions: `(seat, action, comment)`.
fn actions(list: Vec<(Seat, Action, Option<&str>)>) -> Vec<RecordedAction> {
    list.into_iter()
        .map(|(seat, action, comment)| RecordedAction {
            seat,
            action,
            comment: comment.map(String::from),
        })
        .collect()
}

/// Molière, *Les Fâcheux* (1661), Act II scene 2, with the unnamed cards
/// from Cavendish (facts: ../shared/HISTORICAL.md).
fn les_facheux() -> Record {
    let mut rules = Rules::ancien();
    rules.abandon = true; // RULES.md 10 "extra", 11.8
    let (a, b) = (Seat::A, Seat::B); // A = Alcippe (dealer), B = Saint-Bouvain (elder)
    let cut = Cut {
        draws: vec![(card("8H"), card("KS"))],
        higher_deals: None,
    };
    let mut rec = Record::new(rules, cut);
    assert!(matches!(rec.rules, RulesSpec::Custom(_)));
    rec.meta = Metadata {
        event: Some("Molière, Les Fâcheux (1661), Act II scene 2: the game Alcippe lost to Saint-Bouvain".into()),
        date: Some("1661".into()),
        players: Some(["Alcippe".into(), "Saint-Bouvain".into()]),
        source: Some("Molière, Les Fâcheux, comédie-ballet (1661), acte II, scène 2 (Alcippe's narrative to Éraste); the cards the verse does not name are from Cavendish, The Laws of Piquet adopted by the Portland and Turf Clubs, with a Treatise on the Game (London: Thomas De La Rue, 1882 and later editions), treatise, chapter \"Historical\"".into()),
        licence: Some("CC0-1.0".into()),
        annotator: Some("The Piquet project (commentary written for this record)".into()),
    };
    let layout = DealSetup {
        dealer: a,
        elder: cards("JD TD 9D 8D 7D 6D KC QC 9C 7C 9H 7H"),
        dealer_hand: cards("KD QD QS TS AH KH JH TH 8H AC JC 8C"),
        talon: "AD 6H AS KS JS 8S QH 9S 7S 6S TC 6C"
            .split(' ')
            .map(card)
            .collect(),
    };
    let play = |_: Seat, c: &str| Action::Play(card(c));
    let list = vec![
        (
            b,
            Action::Discard(cards("KC QC 9C 7C 9H 7H")),
            Some(
                "Saint-Bouvain throws his four clubs and his two hearts and takes six of the eight cards he may: A♦ 6♥ A♠ K♠ J♠ 8♠ (Cavendish). He looks at the two he left (Q♥ 9♠ in this reconstruction of the talon order).",
            ),
        ),
        (
            b,
            Action::ProposeAbandon(true),
            Some(
                "Needing a pic, Saint-Bouvain offers to abandon the deal. The verse has the proposal; seed 000 (« du temps de Molière ») places it after elder's exchange, before the dealer's (RULES.md 11.8).",
            ),
        ),
        (
            a,
            Action::AcceptAbandon(false),
            Some(
                "Alcippe, two points from the game with the ace of clubs and five hearts to the ace, refuses.",
            ),
        ),
        (
            a,
            Action::Discard(cards("KD QD QS TS JC 8C")),
            Some(
                "To keep his point Alcippe throws K♦ Q♦ and Q♠ 10♠ (the verse), and J♣ 8♣ (Cavendish); he takes Q♥, which makes his quinte major in hearts, with 9♠ 7♠ 6♠ 10♣ 6♣. Cavendish judges that discarding to the score — keeping guards against a capot rather than a point — would almost surely have won him the game.",
            ),
        ),
        (
            b,
            Action::Declare(Some(cards("AD JD TD 9D 8D 7D 6D"))),
            Some(
                "Point of seven cards, worth 61. The engine scores the tens (Art. 6, RULES.md 11.1): 6. Cavendish, one point per card as in his own day, counts 7.",
            ),
        ),
        (
            a,
            Action::Answer(Answer::Good),
            Some("Alcippe's six hearts make 59: good."),
        ),
        (
            b,
            Action::Declare(Some(cards("JD TD 9D 8D 7D 6D"))),
            Some(
                "A sixième minor, jack to six of diamonds: 16 (RULES.md 5.2), better than Alcippe's quinte major.",
            ),
        ),
        (
            a,
            Action::Answer(Answer::Good),
            Some("Good: Saint-Bouvain counts 6 + 16 = 22 (Cavendish: 23)."),
        ),
        (
            b,
            Action::Declare(None),
            Some("No trois: two aces and two jacks."),
        ),
        (
            a,
            Action::Declare(None),
            Some(
                "Elder declared no set, so the dealer's would be good without an answer (Art. 8, RULES.md 11.2); Alcippe has none either, only two aces.",
            ),
        ),
        (
            b,
            play(b, "AD"),
            Some(
                "He plays his diamonds and his spades: Alcippe holds neither diamonds nor spades that can win. The order of the leads is reconstructed; only the last two tricks are in the verse.",
            ),
        ),
        (a, play(a, "6C"), None),
        (b, play(b, "JD"), None),
        (a, play(a, "TC"), None),
        (b, play(b, "TD"), None),
        (a, play(a, "8H"), None),
        (b, play(b, "9D"), None),
        (a, play(a, "TH"), None),
        (b, play(b, "8D"), None),
        (a, play(a, "JH"), None),
        (b, play(b, "7D"), None),
        (a, play(a, "QH"), None),
        (b, play(b, "6D"), None),
        (a, play(a, "KH"), None),
        (b, play(b, "AS"), None),
        (a, play(a, "9S"), None),
        (b, play(b, "KS"), None),
        (a, play(a, "7S"), None),
        (b, play(b, "JS"), None),
        (a, play(a, "6S"), None),
        (
            b,
            play(b, "8S"),
            Some("Alcippe is put to a card: the ace of hearts or the ace of clubs."),
        ),
        (
            a,
            play(a, "AH"),
            Some(
                "He keeps the ace of clubs and throws the ace of hearts. Cavendish reckons that keeping the heart was three to two in his favour.",
            ),
        ),
        (
            b,
            play(b, "6H"),
            Some(
                "The six of hearts wins the last trick. In the story that makes thirty before Alcippe has a point: pic and capot (Cavendish: 23 + 6 leads + 1 = 30). The engine counts the point 6, not 7, so Saint-Bouvain reaches 22 + 6 + 1 = 29: no pic (Art. 18 needs 30), and the capot's 40 never counts toward it: 69 to 0.",
            ),
        ),
        (a, play(a, "AC"), None),
    ];
    rec.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions(list),
    });
    rec.deal_comments.insert(0, "Alcippe tells Éraste how he lost: he dealt, needing only two points to win the game; Saint-Bouvain, elder, needed a pic. A record starts at 0–0 after the cut, so the scores before this deal are not in the engine's totals. From the verse: the proposal to abandon, Saint-Bouvain taking six cards, Alcippe's discards and his Q♥, the shown sixième and four spades, the four clubs thrown, and the last two tricks. From Cavendish: every other card of both hands. Reconstructed here: the cut (it only makes Alcippe deal), the talon order after elder's six (Cavendish: any order with elder's six first), the order of the leads and of Alcippe's discards before the last choice.".into());
    rec
}

/// Hoffmann, *Hoyle's Games Modernized* (1909), Piquet: the hand counted aloud.
fn hoffmann() -> Record {
    let (a, b) = (Seat::A, Seat::B); // A elder, B dealer, as in the book
    let cut = Cut {
        draws: vec![(card("9S"), card("KH"))],
        higher_deals: Some(true),
    };
    let mut rec = Record::new(Rules::rubicon(), cut);
    rec.meta = Metadata {
        event: Some("Worked example: a hand of Rubicon piquet counted aloud".into()),
        date: Some("1909".into()),
        players: Some(["A".into(), "B".into()]),
        source: Some("Professor Hoffmann (Angelo Lewis), Hoyle's Games Modernized (London: George Routledge & Sons, 1909), chapter \"Piquet\", the example of a hand scored aloud that ends \"A: … that makes me in all 43. B: And I score 23.\" (the example ends on p. 111); transcription: Wikisource, \"Hoyle's Games Modernized/Piquet\"".into()),
        licence: Some("CC0-1.0".into()),
        annotator: Some("The Piquet project (commentary written for this record)".into()),
    };
    let layout = DealSetup {
        dealer: b,
        elder: cards("AS 9S 8S KH JH 9H 8H AD JD TD JC 9C"),
        dealer_hand: cards("KS JS TS 7S QH TH KD QD AC KC QC 8C"),
        talon: "AH TC 9D 8D 7D QS 7H 7C".split(' ').map(card).collect(),
    };
    let play = |_: Seat, c: &str| Action::Play(card(c));
    let list = vec![
        (
            a,
            Action::Discard(cards("9S 8S JH 9H 8H")),
            Some(
                "Reconstructed: the book starts from the hands after the exchange. A keeps his diamonds and his aces and takes five: A♥ 10♣ 9♦ 8♦ 7♦.",
            ),
        ),
        (
            b,
            Action::Discard(cards("JS TS TH")),
            Some(
                "Reconstructed: B keeps his kings and queens and takes the last three: Q♠ 7♥ 7♣. The talon is used up, so nothing is left over.",
            ),
        ),
        (
            a,
            Action::Declare(Some(cards("AD JD TD 9D 8D 7D"))),
            Some("Point of six: Rubicon counts the point by its length (RULES.md 5.1)."),
        ),
        (
            b,
            Action::Answer(Answer::Good),
            Some("B has five clubs at most: good."),
        ),
        (
            a,
            Action::Declare(Some(cards("JD TD 9D 8D 7D"))),
            Some("A quint to the knave."),
        ),
        (
            b,
            Action::Answer(Answer::Good),
            Some(
                "Good: B's best is a tierce major in clubs. A will also count his tierce to the knave in clubs, not better than his quint (Art. 7).",
            ),
        ),
        (
            a,
            Action::Declare(Some(cards("AS AH AD"))),
            Some(
                "Three aces. The book gives the counts, not this call: A counts nothing for sets and B counts fourteen queens, so whatever A called there was not good.",
            ),
        ),
        (
            b,
            Action::Answer(Answer::Better(cards("QS QH QD QC"))),
            Some("Not good: four queens. A counts 6 + 15 + 3 = 24."),
        ),
        (
            a,
            play(a, "AD"),
            Some(
                "A leads the ace of diamonds: 25. Now B counts fourteen queens and his three kings, not better than them: 17.",
            ),
        ),
        (b, play(b, "QD"), None),
        (a, play(a, "7D"), Some("26.")),
        (
            b,
            play(b, "KD"),
            Some("B wins with the king: 18, and has the lead."),
        ),
        (b, play(b, "AC"), Some("19.")),
        (a, play(a, "JC"), None),
        (b, play(b, "KC"), Some("20.")),
        (a, play(a, "TC"), None),
        (b, play(b, "QC"), Some("21.")),
        (a, play(a, "9C"), None),
        (b, play(b, "8C"), Some("22.")),
        (
            a,
            play(a, "KH"),
            Some("A, out of clubs, throws the king of hearts."),
        ),
        (b, play(b, "KS"), Some("23.")),
        (
            a,
            play(a, "AS"),
            Some("A takes it with the ace: 27, and leads his diamonds."),
        ),
        (a, play(a, "JD"), Some("28.")),
        (
            b,
            play(b, "7C"),
            Some(
                "The book says only « anything » for B's cards on the next four tricks; these are reconstructed (7♠ 7♥ 7♣ are the three cards of B's hand the book never names).",
            ),
        ),
        (a, play(a, "TD"), Some("29.")),
        (b, play(b, "7S"), None),
        (
            a,
            play(a, "9D"),
            Some("30: no pic, B has scored (Art. 18)."),
        ),
        (b, play(b, "QS"), None),
        (a, play(a, "8D"), Some("31.")),
        (b, play(b, "QH"), None),
        (a, play(a, "AH"), Some("32.")),
        (
            b,
            play(b, "7H"),
            Some(
                "A wins the last trick, 33, and seven tricks: 10 for the cards, 43 in all. B: 23. The engine's count is the book's throughout.",
            ),
        ),
    ];
    rec.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions(list),
    });
    rec.deal_comments.insert(0, "Hoffmann's example of the calling and the play, every point said aloud. The book gives A's twelve cards after the exchange (all played), B's four queens and three kings, and seven of B's cards by name; the dealt hands, the discards, the talon order, the cut and B's three other cards are reconstructed so that the exchange leads to those hands. The scoring is the Rubicon game of Hoffmann's time: the point by length, a point for every card led and for every trick won on the opponent's lead; the engine's rubicon preset.".into());
    rec
}

fn records_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../records")
}

/// Compares (or, with `PIQUET_WRITE_RECORDS`, writes) both forms of a record.
fn check_files(name: &str, rec: &Record) -> Record {
    let dir = records_dir();
    let json_path = dir.join(format!("{name}.json"));
    let text_path = dir.join(format!("{name}.txt"));
    let json = rec.to_json() + "\n";
    let text = rec.to_text();
    if std::env::var_os("PIQUET_WRITE_RECORDS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&json_path, &json).unwrap();
        std::fs::write(&text_path, &text).unwrap();
    }
    let on_disk_json = std::fs::read_to_string(&json_path).unwrap();
    let on_disk_text = std::fs::read_to_string(&text_path).unwrap();
    assert_eq!(on_disk_json, json, "{json_path:?} is stale: regenerate it");
    assert_eq!(on_disk_text, text, "{text_path:?} is stale: regenerate it");
    let from_json = Record::parse(&on_disk_json).unwrap();
    let from_text = Record::parse(&on_disk_text).unwrap();
    assert_eq!(from_json, from_text);
    assert_eq!(&from_json, rec);
    from_json
}

fn scored(events: &[Event], who: Seat, why: ScoreReason) -> u16 {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                seat,
                points,
                reason,
            } if seat == who && reason == why => Some(points),
            _ => None,
        })
        .sum()
}

#[test]
fn les_facheux_replays_to_69_to_0_without_pic() {
    let rec = check_files("les-facheux", &les_facheux());
    let rep = rec.replay().unwrap();
    let r = rep.game.results()[0];
    assert_eq!((r.dealer, r.end), (Seat::A, DealEnd::Played));
    assert_eq!(r.points, [0, 69], "Alcippe 0, Saint-Bouvain 69");
    assert_eq!(rep.game.totals(), [0, 69]);
    let ev = &rep.events[0];
    let sb = Seat::B;
    assert_eq!(scored(ev, sb, ScoreReason::Point), 6, "61 in tens: 6");
    assert_eq!(scored(ev, sb, ScoreReason::Sequence), 16);
    assert_eq!(scored(ev, sb, ScoreReason::LeadScoringCard), 6);
    assert_eq!(scored(ev, sb, ScoreReason::LastTrick), 1);
    assert_eq!(scored(ev, sb, ScoreReason::Pic), 0, "29, not 30: no pic");
    assert_eq!(scored(ev, sb, ScoreReason::Capot), 40);
    assert!(ev.contains(&Event::AbandonProposed));
    assert!(ev.contains(&Event::AbandonAnswered { accepted: false }));
    assert!(rep.game.outcome().is_none(), "the game goes on from 0–69");
    // The cursor shows the commentary where it belongs.
    let mut c = ReplayCursor::new(&rec).unwrap();
    assert!(c.comment().unwrap().contains("Reconstructed here"));
    c.to_end();
    assert_eq!(c.counts().deal_points, [0, 69]);
    assert!(c.goto_trick(0, 12));
    assert_eq!(c.counts().deal_points, [0, 28]);
    assert!(c.forward());
    assert!(c.comment().unwrap().contains("29"));
}

#[test]
fn hoffmann_replays_to_43_to_23() {
    let rec = check_files("hoffmann-1909", &hoffmann());
    let rep = rec.replay().unwrap();
    assert_eq!(
        rep.game.results()[0].points,
        [43, 23],
        "A 43, B 23 (p. 111)"
    );
    // The running count said aloud in the book, after each lead and win.
    let mut c = ReplayCursor::new(&rec).unwrap();
    let mut said = Vec::new();
    while c.forward() {
        if let Some(RecordedAction {
            action: Action::Play(_),
            seat,
            ..
        }) = c.last_action()
        {
            said.push(c.counts().deal_points[seat.index()]);
        }
    }
    assert_eq!(
        said,
        [
            25, 17, 26, 18, 19, 26, 20, 26, 21, 26, 22, 26, 23, 27, 28, 23, 29, 23, 30, 23, 31, 23,
            32, 23
        ]
    );
}
