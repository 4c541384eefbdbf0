//! Seeds the end-to-end tests rely on, checked against the session's own dealing: if the way
//! a game seed becomes a cut and deals ever changes, this fails before the browser tests do.
//! And the saved games they load (`tests/e2e/fixtures/`), checked against the engine.
#![cfg(not(target_arch = "wasm32"))]

use piquet_engine::combos::is_carte_blanche;
use piquet_engine::{Rules, ScoreReason, Seat};
use piquet_table::session::{FormatChoice, GameConfig, Opponent, Session};
use piquet_table::stored::Reading;

/// A new game of `preset` against level 1, as the app starts it from `?seed=`.
fn new_game(preset: &str, seed: u64) -> Session {
    let rules = Rules::by_id(preset).unwrap();
    Session::new(GameConfig {
        preset: preset.into(),
        format: FormatChoice::of(&rules),
        opponent: Opponent::Computer { bot: "1".into() },
        seed,
        custom_rules: None,
    })
    .unwrap()
}

fn first_deal(seed: u64) -> Session {
    let mut s = new_game("classique", seed);
    s.deal_next();
    s
}

/// `tests/e2e/carte-blanche.test.mjs`: the player (seat A) is elder in the first deal of
/// `?seed=CARTE_BLANCHE_ELDER` and holds carte blanche (Art. 3).
const CARTE_BLANCHE_ELDER: u64 = 7221;

#[test]
fn the_carte_blanche_seed_deals_carte_blanche_to_the_player() {
    let s = first_deal(CARTE_BLANCHE_ELDER);
    let deal = s.deal().unwrap();
    assert_eq!(deal.elder(), Seat::A);
    assert!(
        is_carte_blanche(deal.hand(Seat::A)),
        "{}",
        deal.hand(Seat::A)
    );
    assert!(!is_carte_blanche(deal.hand(Seat::B)));
}

#[test]
#[ignore = "search for a new seed: cargo test --test seeds -- --ignored --nocapture"]
fn search() {
    let seed = (0..10_000_000u64)
        .find(|&seed| {
            let s = first_deal(seed);
            s.deal()
                .is_some_and(|d| d.elder() == Seat::A && is_carte_blanche(d.hand(Seat::A)))
        })
        .unwrap();
    println!("CARTE_BLANCHE_ELDER = {seed}");
}

/// `tests/e2e/embed.test.mjs` (axe-core on the play table): the Rubicon cut of
/// `seed=TIED_CUT` draws equal ranks twice before the decisive draw, so the faded tied draws
/// are checked for contrast.
const TIED_CUT: u64 = 132;

#[test]
fn the_tied_cut_seed_cuts_equal_ranks_twice() {
    let s = new_game("rubicon", TIED_CUT);
    let draws = &s.cut().draws;
    assert_eq!(draws.len(), 3, "{draws:?}");
    assert!(draws[..2].iter().all(|(a, b)| a.rank() == b.rank()));
    assert_ne!(draws[2].0.rank(), draws[2].1.rank());
}

/// `tests/e2e/remarks.test.mjs`: a classique game to 200 whose two deals were laid out for the
/// score sheet's remarks. In the first, the player (A, elder) declares the point and a quint
/// (23), sinks his sets, and leads twelve winners: the seventh lead makes 30 before the computer
/// has scored anything (pic), and every trick is his (capot). In the second he deals with no
/// court card (cartes blanches).
const REMARKS_GAME: &str = include_str!("e2e/fixtures/pic-capot-blanche.json");

#[test]
fn the_remarks_game_scores_pic_capot_and_cartes_blanches() {
    let Reading::Whole(s) = Session::read_stored(REMARKS_GAME) else {
        panic!("the fixture replays whole")
    };
    assert_eq!(
        s.highlights,
        [
            vec![(Seat::A, ScoreReason::Pic), (Seat::A, ScoreReason::Capot)],
            vec![(Seat::A, ScoreReason::CarteBlanche)],
        ]
    );
    let results = s.game.as_ref().unwrap().results();
    assert_eq!(results[0].points, [106, 0]);
    assert!(
        s.game.as_ref().unwrap().outcome().is_none(),
        "the game goes on"
    );
    // The e2e test resumes the first deal after six tricks: the player leads, on 29.
    let mut raw: serde_json::Value = serde_json::from_str(REMARKS_GAME).unwrap();
    let deals = raw["record"]["deals"].as_array_mut().unwrap();
    deals.truncate(1);
    deals[0]["actions"].as_array_mut().unwrap().truncate(21);
    let Reading::Whole(before) = Session::read_stored(&raw.to_string()) else {
        panic!("the prefix replays whole")
    };
    assert_eq!(before.to_act(), Some(Seat::A));
    let view = before.view(Seat::A).unwrap();
    assert_eq!(view.plays.len() % 2, 0, "to lead");
    assert_eq!(view.hand.len(), 6);
    assert!(before.highlights[0].is_empty(), "no pic yet");
}
