//! The historical records shipped in `records/` (records/README.md): built
//! here from their sources, compared with the files (JSON and text form), and
//! replayed to their documented final scores. Their commentary is written for
//! readers, in French and in English; what only a developer needs (the
//! project's rule references, what was reconstructed and how) is in the notes.
//!
//! To regenerate the files after changing a record here:
//! `PIQUET_WRITE_RECORDS=1 cargo test -p piquet-engine --test historical`.

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::record::{DealRecord, RecordedAction, RulesSpec};
use piquet_engine::{
    Action, Answer, Card, CardSet, Cut, DealEnd, DealSetup, Event, Localized, Metadata, Record,
    Rules, ScoreReason, Seat,
};
use std::path::PathBuf;

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// French typography for a French text written with plain spaces: a no-break space before
/// « : » and inside « guillemets », a narrow no-break space before « ; », « ? » and « ! ».
fn fr(text: &str) -> String {
    text.replace(" :", "\u{a0}:")
        .replace("« ", "«\u{a0}")
        .replace(" »", "\u{a0}»")
        .replace(" ;", "\u{202f};")
        .replace(" ?", "\u{202f}?")
        .replace(" !", "\u{202f}!")
}

/// A text in English and in French.
fn say(en: &str, fr_text: &str) -> Localized {
    Localized::new().with("en", en).with("fr", fr(fr_text))
}

/// Nothing to say.
fn quiet() -> Localized {
    Localized::new()
}

/// Builds a deal's actions: `(seat, action, comment, note)`.
fn actions(list: Vec<(Seat, Action, Localized, Localized)>) -> Vec<RecordedAction> {
    list.into_iter()
        .map(|(seat, action, comment, note)| RecordedAction {
            comment,
            note,
            ..RecordedAction::new(seat, action)
        })
        .collect()
}

/// A card played without comment.
fn card_played(seat: Seat, c: &str) -> (Seat, Action, Localized, Localized) {
    (seat, Action::Play(card(c)), quiet(), quiet())
}

/// A card played with the running count said aloud (the same in both languages).
fn count_said(seat: Seat, c: &str, count: &str) -> (Seat, Action, Localized, Localized) {
    (seat, Action::Play(card(c)), say(count, count), quiet())
}

/// Molière, *Les Fâcheux* (1661), Act II scene 2, with the unnamed cards
/// from Cavendish (facts: docs/spec/HISTORICAL.md).
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
        event: Some("Molière, Les Fâcheux (1661), II, 2".into()),
        date: Some("1661".into()),
        players: Some(["Alcippe".into(), "Saint-Bouvain".into()]),
        source: Some("Molière, Les Fâcheux (1661), II, 2 — Cavendish, The Laws of Piquet (London: De La Rue, 1882 and later editions), \"Historical\"".into()),
        licence: Some("CC0-1.0".into()),
        annotator: Some("Projet Piquet".into()),
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
    let list = vec![
        (
            b,
            Action::Discard(cards("KC QC 9C 7C 9H 7H")),
            say(
                "Saint-Bouvain throws his four clubs and his two hearts, and takes six of the eight cards he may: the ace of diamonds, the six of hearts, and the ace, king, jack and eight of spades. He may look at the two cards he leaves.",
                "Saint-Bouvain écarte ses quatre trèfles et ses deux cœurs, et prend six des huit cartes auxquelles il a droit : l'as de carreau, le six de cœur, et l'as, le roi, le valet et le huit de pique. Il peut regarder les deux cartes qu'il laisse.",
            ),
            say(
                "The six cards taken are Cavendish's; the two left (Q♥ 9♠) follow from this record's reconstruction of the talon order.",
                "Les six cartes prises sont celles de Cavendish ; les deux laissées (D♥ 9♠) découlent de l'ordre du talon reconstitué pour ce relevé.",
            ),
        ),
        (
            b,
            Action::ProposeAbandon(true),
            say(
                "Needing a pic, Saint-Bouvain offers to abandon the deal.",
                "Il lui faut un pic : Saint-Bouvain propose d'abandonner le coup.",
            ),
            say(
                "The verse has the offer; seed 000 (« du temps de Molière ») places it after elder's exchange and before the dealer's (RULES.md 11.8).",
                "Les vers donnent l'offre ; le texte source du projet (seed 000, « du temps de Molière ») la place après l'écart du premier et avant celui du donneur (RULES.md 11.8).",
            ),
        ),
        (
            a,
            Action::AcceptAbandon(false),
            say(
                "Alcippe, two points from the game, with the ace of clubs and five hearts to the ace, refuses.",
                "Alcippe, à deux points de la partie, avec l'as de trèfle et cinq cœurs à l'as, refuse.",
            ),
            quiet(),
        ),
        (
            a,
            Action::Discard(cards("KD QD QS TS JC 8C")),
            say(
                "To keep his point, Alcippe throws the king and queen of diamonds and the queen and ten of spades (the verse), with the jack and eight of clubs (Cavendish). He takes the queen of hearts, which gives him a quinte major in hearts. Cavendish judges that discarding for the score — keeping guards against a capot rather than the point — would almost surely have won him the game.",
                "Pour garder son point, Alcippe écarte le roi et la dame de carreau, la dame et le dix de pique (les vers), avec le valet et le huit de trèfle (Cavendish). Il prend la dame de cœur, qui lui donne une quinte majeure à cœur. Selon Cavendish, écarter pour le score — garder de quoi éviter le capot plutôt que le point — lui aurait presque sûrement valu la partie.",
            ),
            quiet(),
        ),
        (
            b,
            Action::Declare(Some(cards("AD JD TD 9D 8D 7D 6D"))),
            say(
                "A point of seven diamonds, worth 61. These rules count the point by its tens (Art. 6): it scores 6. Cavendish, counting one for each card as in his own day, makes it 7.",
                "Un point de sept carreaux, qui vaut 61. Cette règle compte le point par ses dizaines (Art. 6) : il marque 6. Cavendish, qui compte un par carte comme de son temps, en fait 7.",
            ),
            say(
                "RULES.md 11.1: the point in tens, rounded half up (Art. 6 of seed 000).",
                "RULES.md 11.1 : le point compté en dizaines, arrondi au plus proche (Art. 6 de seed 000).",
            ),
        ),
        (
            a,
            Action::Answer(Answer::Good),
            say(
                "Alcippe's six hearts make only 59: good.",
                "Les six cœurs d'Alcippe ne font que 59 : c'est bon.",
            ),
            quiet(),
        ),
        (
            b,
            Action::Declare(Some(cards("JD TD 9D 8D 7D 6D"))),
            say(
                "A sixième minor, from the jack down to the six of diamonds: 16, better than Alcippe's quinte major.",
                "Une seizième mineure, du valet au six de carreau : 16, meilleure que la quinte majeure d'Alcippe.",
            ),
            say(
                "RULES.md 5.2: a sequence of six is worth 16.",
                "RULES.md 5.2 : une séquence de six cartes vaut 16.",
            ),
        ),
        (
            a,
            Action::Answer(Answer::Good),
            say(
                "Good: Saint-Bouvain counts 6 and 16, 22 (Cavendish: 23).",
                "Bon : Saint-Bouvain compte 6 et 16, soit 22 (Cavendish : 23).",
            ),
            quiet(),
        ),
        (
            b,
            Action::Declare(None),
            say(
                "No trio: he holds only two aces and two jacks.",
                "Pas de trois : il n'a que deux as et deux valets.",
            ),
            quiet(),
        ),
        (
            a,
            Action::Declare(None),
            say(
                "Elder declared no set, so the dealer's would have counted without an answer (Art. 8); but Alcippe has none either, only two aces.",
                "Le premier n'a rien annoncé : le donneur aurait compté les siens sans réponse (Art. 8) ; mais Alcippe n'en a pas non plus, seulement deux as.",
            ),
            say(
                "RULES.md 11.2: the dealer counts his sets when elder declared none.",
                "RULES.md 11.2 : le donneur compte ses trois et quatorze quand le premier n'en a pas annoncé.",
            ),
        ),
        (
            b,
            Action::Play(card("AD")),
            say(
                "Saint-Bouvain plays his diamonds, then his spades: Alcippe has neither diamonds nor spades that can win a trick.",
                "Saint-Bouvain joue ses carreaux, puis ses piques : Alcippe n'a ni carreau ni pique qui puisse faire une levée.",
            ),
            say(
                "The order of the leads is reconstructed; only the last two tricks are in the verse.",
                "L'ordre des entames est reconstitué ; seules les deux dernières levées sont dans les vers.",
            ),
        ),
        card_played(a, "6C"),
        card_played(b, "JD"),
        card_played(a, "TC"),
        card_played(b, "TD"),
        card_played(a, "8H"),
        card_played(b, "9D"),
        card_played(a, "TH"),
        card_played(b, "8D"),
        card_played(a, "JH"),
        card_played(b, "7D"),
        card_played(a, "QH"),
        card_played(b, "6D"),
        card_played(a, "KH"),
        card_played(b, "AS"),
        card_played(a, "9S"),
        card_played(b, "KS"),
        card_played(a, "7S"),
        card_played(b, "JS"),
        card_played(a, "6S"),
        (
            b,
            Action::Play(card("8S")),
            say(
                "Alcippe is put to a card: he must choose between the ace of hearts and the ace of clubs.",
                "Alcippe est réduit à une carte : il doit choisir entre l'as de cœur et l'as de trèfle.",
            ),
            quiet(),
        ),
        (
            a,
            Action::Play(card("AH")),
            say(
                "He keeps the ace of clubs and throws the ace of hearts. Cavendish reckons that keeping the heart was three to two in his favour.",
                "Il garde l'as de trèfle et jette l'as de cœur. Cavendish estime que garder le cœur lui donnait trois chances contre deux.",
            ),
            quiet(),
        ),
        (
            b,
            Action::Play(card("6H")),
            say(
                "The six of hearts wins the last trick. In the story that makes thirty before Alcippe has scored a point — a pic — and every trick — a capot. Counting the point as 6, not 7, Saint-Bouvain reaches only 29 (22, six leads and the last trick): no pic, which needs 30 (Art. 18), and the capot's 40 never counts toward it. The deal ends 69 to 0.",
                "Le six de cœur fait la dernière levée. Dans l'histoire, cela fait trente avant qu'Alcippe ait compté un point — le pic — et toutes les levées — le capot. Avec un point compté 6 et non 7, Saint-Bouvain n'atteint que 29 (22, six entames et la dernière levée) : pas de pic, qui demande 30 (Art. 18), et les 40 du capot n'y comptent jamais. Le coup finit à 69 contre 0.",
            ),
            say(
                "Cavendish: 23 + 6 leads + 1 = 30, pic and capot. The engine: 22 + 6 + 1 = 29 (RULES.md 11.1), no pic.",
                "Cavendish : 23 + 6 entames + 1 = 30, pic et capot. Le moteur : 22 + 6 + 1 = 29 (RULES.md 11.1), pas de pic.",
            ),
        ),
        card_played(a, "AC"),
    ];
    rec.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions(list),
    });
    rec.deal_comments.insert(0, say(
        "Alcippe tells Éraste how he lost. He dealt, needing only two points to win the game; Saint-Bouvain, elder, needed a pic. The verse gives the offer to abandon the deal, the six cards Saint-Bouvain takes, Alcippe's discards and his queen of hearts, the diamonds and spades shown, the four clubs thrown away and the last two tricks; Cavendish, two centuries later, names every other card of both hands. The count here starts at 0–0: the score before this deal is not shown.",
        "Alcippe raconte à Éraste comment il a perdu. Il donnait, et n'avait besoin que de deux points pour gagner la partie ; Saint-Bouvain, premier en main, avait besoin d'un pic. Les vers donnent l'offre d'abandonner le coup, les six cartes que prend Saint-Bouvain, l'écart d'Alcippe et sa dame de cœur, les carreaux et les piques montrés, les quatre trèfles écartés et les deux dernières levées ; Cavendish, deux siècles plus tard, nomme toutes les autres cartes des deux jeux. Le compte part ici de 0 à 0 : le score d'avant ce coup n'est pas affiché.",
    ));
    rec.deal_notes.insert(0, say(
        "Reconstructed for this record: the cut (it only makes Alcippe deal), the order of the talon after elder's six cards (Cavendish allows any order with those six first), the order of the leads, and of Alcippe's discards before his last choice. A record starts at 0–0 after the cut, so the scores before this deal are not in the engine's totals.",
        "Reconstitué pour ce relevé : la coupe (elle ne sert qu'à faire donner Alcippe), l'ordre du talon après les six cartes du premier (Cavendish admet tout ordre qui les place d'abord), l'ordre des entames et des défausses d'Alcippe avant son dernier choix. Un relevé part de 0 à 0 après la coupe : les scores d'avant ce coup ne sont pas dans les totaux du moteur.",
    ));
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
        event: Some("Hoffmann, Hoyle's Games Modernized (1909): Piquet".into()),
        date: Some("1909".into()),
        players: Some(["A".into(), "B".into()]),
        source: Some("Professor Hoffmann (Angelo Lewis), Hoyle's Games Modernized (London: George Routledge & Sons, 1909), \"Piquet\", p. 111 — Wikisource".into()),
        licence: Some("CC0-1.0".into()),
        annotator: Some("Projet Piquet".into()),
    };
    let layout = DealSetup {
        dealer: b,
        elder: cards("AS 9S 8S KH JH 9H 8H AD JD TD JC 9C"),
        dealer_hand: cards("KS JS TS 7S QH TH KD QD AC KC QC 8C"),
        talon: "AH TC 9D 8D 7D QS 7H 7C".split(' ').map(card).collect(),
    };
    let list = vec![
        (
            a,
            Action::Discard(cards("9S 8S JH 9H 8H")),
            say(
                "A keeps his diamonds and his aces and takes five cards: the ace of hearts, the ten of clubs and the nine, eight and seven of diamonds.",
                "A garde ses carreaux et ses as et prend cinq cartes : l'as de cœur, le dix de trèfle et le neuf, le huit et le sept de carreau.",
            ),
            say(
                "Reconstructed: the book starts from the hands after the exchange.",
                "Reconstitué : le livre part des jeux après l'écart.",
            ),
        ),
        (
            b,
            Action::Discard(cards("JS TS TH")),
            say(
                "B keeps his kings and queens and takes the last three cards: the queen of spades and the sevens of hearts and clubs. Nothing is left of the talon.",
                "B garde ses rois et ses dames et prend les trois dernières cartes : la dame de pique, le sept de cœur et le sept de trèfle. Il ne reste rien du talon.",
            ),
            say(
                "Reconstructed, like A's exchange.",
                "Reconstitué, comme l'écart de A.",
            ),
        ),
        (
            a,
            Action::Declare(Some(cards("AD JD TD 9D 8D 7D"))),
            say(
                "A point of six: Rubicon counts the point by the number of its cards.",
                "Point de six : le Rubicon compte le point au nombre de ses cartes.",
            ),
            say("RULES.md 5.1.", "RULES.md 5.1."),
        ),
        (
            b,
            Action::Answer(Answer::Good),
            say(
                "B has five clubs at most: good.",
                "B a au plus cinq trèfles : c'est bon.",
            ),
            quiet(),
        ),
        (
            a,
            Action::Declare(Some(cards("JD TD 9D 8D 7D"))),
            say("A quint to the jack.", "Une quinte au valet."),
            quiet(),
        ),
        (
            b,
            Action::Answer(Answer::Good),
            say(
                "Good: B's best is a tierce major in clubs. A will also count his tierce to the jack in clubs, which is not better than his quint (Art. 7).",
                "Bon : le mieux de B est une tierce majeure à trèfle. A comptera aussi sa tierce au valet à trèfle, moins bonne que sa quinte (Art. 7).",
            ),
            quiet(),
        ),
        (
            a,
            Action::Declare(Some(cards("AS AH AD"))),
            say(
                "Three aces. The book gives the counts, not this call: since A scores nothing for trios and B scores fourteen queens, whatever A called here was not good.",
                "Trois as. Le livre donne les comptes, pas cette annonce : puisque A ne marque rien en trois et que B marque quatorze de dames, ce que A a annoncé là n'était pas bon.",
            ),
            quiet(),
        ),
        (
            b,
            Action::Answer(Answer::Better(cards("QS QH QD QC"))),
            say(
                "Not good: four queens. A counts 6 for the point, 15 for the quint and 3 for the tierce: 24.",
                "Pas bon : quatre dames. A compte 6 pour le point, 15 pour la quinte et 3 pour la tierce : 24.",
            ),
            quiet(),
        ),
        (
            a,
            Action::Play(card("AD")),
            say(
                "A leads the ace of diamonds: 25. Now B counts his fourteen queens and his three kings, which are not better: 17.",
                "A entame de l'as de carreau : 25. B compte alors son quatorze de dames et ses trois rois, qui ne valent pas mieux : 17.",
            ),
            quiet(),
        ),
        card_played(b, "QD"),
        count_said(a, "7D", "26."),
        (
            b,
            Action::Play(card("KD")),
            say(
                "B wins with the king: 18, and takes the lead.",
                "B prend du roi : 18, et prend la main.",
            ),
            quiet(),
        ),
        count_said(b, "AC", "19."),
        card_played(a, "JC"),
        count_said(b, "KC", "20."),
        card_played(a, "TC"),
        count_said(b, "QC", "21."),
        card_played(a, "9C"),
        count_said(b, "8C", "22."),
        (
            a,
            Action::Play(card("KH")),
            say(
                "A, out of clubs, throws the king of hearts.",
                "A, qui n'a plus de trèfle, jette le roi de cœur.",
            ),
            quiet(),
        ),
        count_said(b, "KS", "23."),
        (
            a,
            Action::Play(card("AS")),
            say(
                "A takes it with the ace: 27, and leads his diamonds.",
                "A prend de l'as : 27, et joue ses carreaux.",
            ),
            quiet(),
        ),
        count_said(a, "JD", "28."),
        (
            b,
            Action::Play(card("7C")),
            say(
                "For B's cards on the next four tricks the book says only “anything”.",
                "Pour les cartes de B sur les quatre levées suivantes, le livre dit seulement « n'importe laquelle ».",
            ),
            say(
                "Reconstructed: 7♠ 7♥ 7♣ are the three cards of B's hand the book never names.",
                "Reconstitué : 7♠ 7♥ 7♣ sont les trois cartes du jeu de B que le livre ne nomme jamais.",
            ),
        ),
        count_said(a, "TD", "29."),
        card_played(b, "7S"),
        (
            a,
            Action::Play(card("9D")),
            say(
                "30: no pic, since B has scored (Art. 18).",
                "30 : pas de pic, puisque B a marqué (Art. 18).",
            ),
            quiet(),
        ),
        card_played(b, "QS"),
        count_said(a, "8D", "31."),
        card_played(b, "QH"),
        count_said(a, "AH", "32."),
        (
            b,
            Action::Play(card("7H")),
            say(
                "A wins the last trick, 33, and seven tricks: 10 for the cards, 43 in all. B has 23. The count is the book's at every card.",
                "A fait la dernière levée, 33, et sept levées : 10 pour les cartes, 43 en tout. B a 23. Le compte est celui du livre à chaque carte.",
            ),
            quiet(),
        ),
    ];
    rec.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions(list),
    });
    rec.deal_comments.insert(0, say(
        "Professor Hoffmann's example of a hand of Rubicon piquet, every point said aloud as it is scored. The book gives A's twelve cards after the exchange, all of which he plays, B's four queens and three kings, and seven of B's cards by name; the rest is reconstructed so that the exchange leads to those hands. The scoring is the Rubicon game of Hoffmann's time: the point by the number of cards, a point for every card led and for every trick won on the opponent's lead.",
        "L'exemple du professeur Hoffmann : un coup de piquet Rubicon où chaque point est dit à voix haute au moment où il se marque. Le livre donne les douze cartes de A après l'écart, qu'il joue toutes, les quatre dames et les trois rois de B, et sept des cartes de B ; le reste est reconstitué pour que l'écart mène à ces jeux. Le compte est celui du Rubicon au temps d'Hoffmann : le point au nombre de cartes, un point par carte jouée en entame et par levée gagnée sur l'entame de l'adversaire.",
    ));
    rec.deal_notes.insert(0, say(
        "Reconstructed for this record: the dealt hands, the discards, the talon order, the cut, and B's three cards the book never names (7♠ 7♥ 7♣). The engine's rubicon preset scores exactly as the book.",
        "Reconstitué pour ce relevé : les jeux donnés, les écarts, l'ordre du talon, la coupe, et les trois cartes de B que le livre ne nomme jamais (7♠ 7♥ 7♣). Le préréglage rubicon du moteur compte exactement comme le livre.",
    ));
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
    // The cursor shows the commentary where it belongs, the notes apart.
    let mut c = ReplayCursor::new(&rec).unwrap();
    assert!(
        c.comment()
            .unwrap()
            .get("en")
            .unwrap()
            .contains("Alcippe tells Éraste")
    );
    assert!(
        c.note()
            .unwrap()
            .get("en")
            .unwrap()
            .contains("Reconstructed for this record")
    );
    c.to_end();
    assert_eq!(c.counts().deal_points, [0, 69]);
    assert!(c.goto_trick(0, 12));
    assert_eq!(c.counts().deal_points, [0, 28]);
    assert!(c.forward());
    assert!(c.comment().unwrap().get("fr").unwrap().contains("29"));
}

/// Every comment of the shipped records is in French and in English, for readers: the
/// project's own references (RULES.md, the seed texts) are in the notes only, and the French
/// follows French typography.
#[test]
fn shipped_commentary_is_in_both_languages_and_for_readers() {
    for rec in [les_facheux(), hoffmann()] {
        let comments = rec
            .deal_comments
            .values()
            .chain(
                rec.deals
                    .iter()
                    .flat_map(|d| d.actions.iter().map(|a| &a.comment)),
            )
            .filter(|c| !c.is_empty());
        let mut n = 0;
        for c in comments {
            n += 1;
            let (en, fr) = (c.get("en").unwrap(), c.get("fr").unwrap());
            assert_eq!(c.iter().count(), 2, "{c:?}");
            for text in [en, fr] {
                for technical in ["RULES.md", "seed 0", "engine", "moteur"] {
                    assert!(
                        !text.contains(technical),
                        "{technical} in a reader's comment: {text}"
                    );
                }
            }
            assert!(
                !fr.contains(" :") && !fr.contains(" ;"),
                "French typography: {fr}"
            );
        }
        assert!(n > 10, "{n} comments");
        let notes = rec
            .deals
            .iter()
            .flat_map(|d| d.actions.iter().map(|a| &a.note));
        for note in notes
            .chain(rec.deal_notes.values())
            .filter(|n| !n.is_empty())
        {
            assert!(
                note.get("en").is_some() && note.get("fr").is_some(),
                "{note:?}"
            );
        }
    }
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
