//! The bots over whole deals of every preset: only actions the engine
//! accepts, errors (never panics) on bad input, and no cheating.

use piquet_ai::{AiError, BotId, choose_to_deal, decide, hint};
use piquet_engine::{
    Action, Card, CardSet, Cut, Deal, DealSetup, Game, GameObservation, Phase, Rules, Seat,
    SplitMix64,
};
use piquet_words::Lang;

/// A game whose first deal is dealt by `Seat::B` from `setup`.
fn game_with(rules: Rules, setup: DealSetup) -> Game {
    let cut = Cut {
        draws: vec![("AS".parse().unwrap(), "7H".parse().unwrap())],
        higher_deals: (rules.cut == piquet_engine::rules::CutRule::HigherChooses).then_some(false),
    };
    let mut g = Game::new(rules, &cut).unwrap();
    assert_eq!(g.dealer(), Seat::B);
    g.start_deal(setup).unwrap();
    g
}

/// Plays one deal with `bots[seat]`; returns the points of A and B.
fn play_deal(rules: Rules, seed: u64, bots: [BotId; 2], bot_seed: u64) -> [u16; 2] {
    let mut g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, seed));
    let mut step = 0u64;
    while let Some(deal) = g.deal() {
        let seat = deal.to_act().unwrap();
        let view = g.observation(seat);
        let action = decide(bots[seat.index()], &view, bot_seed.wrapping_add(step))
            .unwrap_or_else(|e| panic!("{:?} failed: {e}", bots[seat.index()]));
        g.apply_with(seat, action, &mut piquet_engine::NoEvents)
            .unwrap_or_else(|e| panic!("{:?} chose {action:?}, refused: {e}", bots[seat.index()]));
        step += 1;
        assert!(step < 400);
    }
    g.results()[0].points
}

#[test]
fn every_bot_plays_only_legal_actions_in_every_preset() {
    let cheap = [
        BotId::Random,
        BotId::Heuristic,
        BotId::Level(1),
        BotId::Level(2),
    ];
    for (_, rules) in Rules::ALL {
        for seed in 0..12u64 {
            let a = cheap[seed as usize % cheap.len()];
            let b = cheap[(seed as usize / 2 + 1) % cheap.len()];
            play_deal(rules, seed, [a, b], seed * 7);
        }
    }
}

#[test]
fn sampling_levels_play_only_legal_actions_in_every_preset() {
    for (_, rules) in Rules::ALL {
        for seed in 0..2u64 {
            play_deal(rules, 100 + seed, [BotId::Level(3), BotId::Level(5)], seed);
            play_deal(rules, 200 + seed, [BotId::Level(4), BotId::Random], seed);
        }
    }
}

#[test]
fn bot_names_parse() {
    for b in BotId::ALL {
        assert_eq!(b.id().parse::<BotId>().unwrap(), b);
        assert_eq!(
            b.name(Lang::Fr).parse::<BotId>().unwrap(),
            b,
            "{}",
            b.name(Lang::Fr)
        );
        assert_eq!(
            b.name(Lang::En).parse::<BotId>().unwrap(),
            b,
            "{}",
            b.name(Lang::En)
        );
    }
    assert_eq!("maitre".parse::<BotId>().unwrap(), BotId::Level(5));
    assert!(matches!("6".parse::<BotId>(), Err(AiError::UnknownBot(_))));
    assert!("grandmaster".parse::<BotId>().is_err());
}

#[test]
fn errors_not_panics_on_bad_observations() {
    let rules = Rules::classique();
    let g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, 3));
    // Elder (A) is to act: B's view is not its turn.
    let view_b = g.observation(Seat::B);
    for bot in BotId::ALL {
        assert_eq!(decide(bot, &view_b, 1), Err(AiError::NotMyTurn));
    }
    assert!(hint(&view_b, 1).is_err());
    let mut no_deal = g.observation(Seat::A);
    no_deal.deal = None;
    assert_eq!(decide(BotId::Level(5), &no_deal, 1), Err(AiError::NoDeal));
    // Inconsistent: a card both in hand and discarded; counts that do not add up.
    let mut twice = g.observation(Seat::A);
    let obs = twice.deal.as_mut().unwrap();
    obs.discards = obs.hand.lowest().unwrap().set();
    for bot in BotId::ALL {
        assert!(matches!(
            decide(bot, &twice, 1),
            Err(AiError::Inconsistent(_))
        ));
    }
    let mut short = g.observation(Seat::A);
    short.deal.as_mut().unwrap().opponent_hand_len = 11;
    assert!(matches!(
        decide(BotId::Level(5), &short, 1),
        Err(AiError::Inconsistent(_))
    ));
    let mut limits = g.observation(Seat::A);
    limits.deal.as_mut().unwrap().discard_limits = Some((4, 2));
    for bot in BotId::ALL {
        assert!(matches!(
            decide(bot, &limits, 1),
            Err(AiError::Inconsistent(_))
        ));
    }
    let mut foreign = g.observation(Seat::A);
    let obs = foreign.deal.as_mut().unwrap();
    obs.legal_actions = vec![Action::Play("6S".parse::<Card>().unwrap())];
    assert!(decide(BotId::Heuristic, &foreign, 1).is_err());
    assert!(choose_to_deal(BotId::Level(5), &g.observation(Seat::A), 1));
}

/// Plays the game with the heuristic until `stop` says so.
fn advance(mut g: Game, stop: impl Fn(&Deal) -> bool) -> Game {
    let mut step = 0;
    while let Some(d) = g.deal() {
        if stop(d) {
            break;
        }
        let seat = d.to_act().unwrap();
        let a = decide(BotId::Heuristic, &g.observation(seat), step).unwrap();
        g.apply_with(seat, a, &mut piquet_engine::NoEvents).unwrap();
        step += 1;
    }
    g
}

/// Another layout giving `seat` exactly the same observation: the cards it
/// has not seen (opponent's hand, his discards, the talon) permuted among
/// themselves where the observation does not pin them.
fn same_view_other_layout(
    rules: Rules,
    setup: &DealSetup,
    seat: Seat,
    swap_seed: u64,
) -> Option<DealSetup> {
    // Before any action the seat knows only its own twelve: the opponent's
    // twelve and the talon are interchangeable.
    let mine = if seat == setup.dealer {
        setup.dealer_hand
    } else {
        setup.elder
    };
    let theirs = if seat == setup.dealer {
        setup.elder
    } else {
        setup.dealer_hand
    };
    let mut unseen: Vec<Card> = (theirs | setup.talon.iter().copied().collect::<CardSet>())
        .into_iter()
        .collect();
    let mut rng = SplitMix64::new(swap_seed);
    for i in (1..unseen.len()).rev() {
        unseen.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let new_theirs: CardSet = unseen[..12].iter().copied().collect();
    let talon = unseen[12..].to_vec();
    let out = if seat == setup.dealer {
        DealSetup {
            dealer: setup.dealer,
            elder: new_theirs,
            dealer_hand: mine,
            talon,
        }
    } else {
        DealSetup {
            dealer: setup.dealer,
            elder: mine,
            dealer_hand: new_theirs,
            talon,
        }
    };
    Deal::new(rules, out.clone()).ok().map(|_| out)
}

fn view(g: &Game, seat: Seat) -> GameObservation {
    g.observation(seat)
}

#[test]
fn no_cheating_at_the_exchange() {
    // Elder's exchange: the same observation over two layouts of the
    // unseen cards must give the same decision, for every bot.
    for (_, rules) in [Rules::ALL[0], Rules::ALL[3]] {
        for seed in 0..3u64 {
            let setup = DealSetup::from_seed(&rules, Seat::B, 50 + seed);
            let other = same_view_other_layout(rules, &setup, Seat::A, seed).unwrap();
            assert_ne!(other, setup);
            let g1 = game_with(rules, setup.clone());
            let g2 = game_with(rules, other);
            let (v1, v2) = (view(&g1, Seat::A), view(&g2, Seat::A));
            assert_eq!(v1, v2, "the two layouts must look alike to elder");
            for bot in [
                BotId::Heuristic,
                BotId::Level(4),
                BotId::Level(5),
                BotId::Random,
            ] {
                assert_eq!(decide(bot, &v1, 9), decide(bot, &v2, 9), "{bot:?}");
            }
        }
    }
}

#[test]
fn no_cheating_at_the_dealers_exchange() {
    // The dealer at his exchange knows his twelve and how many elder took:
    // the other twenty cards permuted, elder taking as many, look alike.
    for (_, rules) in [Rules::ALL[0], Rules::ALL[3], Rules::ALL[4]] {
        for seed in 0..3u64 {
            let setup = DealSetup::from_seed(&rules, Seat::B, 70 + seed);
            let other = same_view_other_layout(rules, &setup, Seat::B, seed).unwrap();
            let mut g1 = game_with(rules, setup);
            let mut g2 = game_with(rules, other);
            let a = decide(BotId::Heuristic, &view(&g1, Seat::A), 0).unwrap();
            let Action::Discard(d) = a else { continue };
            g1.apply_with(Seat::A, a, &mut piquet_engine::NoEvents)
                .unwrap();
            let hand2 = g2.deal().unwrap().hand(Seat::A);
            let d2: CardSet = hand2.into_iter().take(d.len()).collect();
            g2.apply_with(Seat::A, Action::Discard(d2), &mut piquet_engine::NoEvents)
                .unwrap();
            let (v1, v2) = (view(&g1, Seat::B), view(&g2, Seat::B));
            assert_eq!(v1, v2, "the two layouts must look alike to the dealer");
            for bot in [BotId::Heuristic, BotId::Level(4), BotId::Level(5)] {
                assert_eq!(decide(bot, &v1, 3), decide(bot, &v2, 3), "{bot:?}");
            }
        }
    }
}

#[test]
fn no_cheating_in_the_play() {
    // A card the dealer throws and a card of the leftover elder never sees
    // trade places in the layout; the dealer throws the other one instead,
    // so his hand and everything elder sees stay the same. At every card
    // elder plays, the expert decides alike in both deals.
    let rules = Rules::classique();
    let mut compared = 0;
    for seed in 0..40u64 {
        if compared >= 8 {
            break;
        }
        let setup = DealSetup::from_seed(&rules, Seat::B, 400 + seed);
        let mut g1 = game_with(rules, setup.clone());
        let mut actions = Vec::new();
        let mut step = 0;
        while let Some(d) = g1.deal() {
            let seat = d.to_act().unwrap();
            // heuristic-v1 leaves cards in the talon (today's H takes them all).
            let a = decide(BotId::HeuristicV1, &g1.observation(seat), step).unwrap();
            if d.phase() == Phase::Play {
                break;
            }
            g1.apply_with(seat, a, &mut piquet_engine::NoEvents)
                .unwrap();
            actions.push((seat, a));
            step += 1;
        }
        let Some(d1) = g1.deal() else { continue };
        let leftover: Vec<Card> = d1.talon_remaining().collect();
        let elder_saw = d1.seen_talon(Seat::A);
        let thrown = d1.discards(Seat::B);
        let (Some(&w), Some(u)) = (
            leftover.iter().find(|c| !elder_saw.contains(**c)),
            thrown.lowest(),
        ) else {
            continue;
        };
        let mut setup2 = setup.clone();
        setup2.dealer_hand = (setup.dealer_hand - u.set()) | w.set();
        for c in setup2.talon.iter_mut() {
            if *c == w {
                *c = u;
            }
        }
        let mut g2 = game_with(rules, setup2);
        for &(seat, a) in &actions {
            let a = match a {
                Action::Discard(x) if seat == Seat::B => Action::Discard((x - u.set()) | w.set()),
                other => other,
            };
            g2.apply_with(seat, a, &mut piquet_engine::NoEvents)
                .unwrap();
        }
        let mut step = 0u64;
        while let (Some(d), Some(_)) = (g1.deal(), g2.deal()) {
            let seat = d.to_act().unwrap();
            let (v1, v2) = (view(&g1, seat), view(&g2, seat));
            if seat == Seat::A {
                assert_eq!(v1, v2, "elder's views must agree");
                let a1 = decide(BotId::Level(5), &v1, step);
                assert_eq!(a1, decide(BotId::Level(5), &v2, step));
                // Also when the game's score is at stake (both near 100).
                let near = |v: &GameObservation| GameObservation {
                    totals: [78, 84],
                    ..v.clone()
                };
                assert_eq!(
                    decide(BotId::Level(5), &near(&v1), step),
                    decide(BotId::Level(5), &near(&v2), step)
                );
                compared += 1;
            }
            let a = decide(BotId::HeuristicV1, &v1, step).unwrap();
            g1.apply_with(seat, a, &mut piquet_engine::NoEvents)
                .unwrap();
            g2.apply_with(seat, a, &mut piquet_engine::NoEvents)
                .unwrap();
            step += 1;
        }
    }
    assert!(compared >= 8, "only {compared} play decisions compared");
}

#[test]
fn the_score_changes_the_play_near_the_target() {
    // The same positions, once at 0–0 and once with both players near 100:
    // the master plays for the target (its reason says so), every card legal,
    // and in some positions that changes the card.
    let rules = Rules::classique();
    let (mut positions, mut changed, mut reached) = (0, 0, 0);
    for seed in 0..60u64 {
        let g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, 900 + seed));
        let g = advance(g, |d| {
            d.phase() == Phase::Play && d.to_act() == Some(Seat::A) && d.tricks_played() >= 3
        });
        let v = g.observation(Seat::A);
        let Some(obs) = v.deal.as_ref() else { continue };
        if obs.legal_actions.len() < 2 || obs.phase != Phase::Play {
            continue;
        }
        positions += 1;
        let me = Seat::A.index();
        // Seat A needs 14 more points in this deal, the dealer 16.
        let mut totals = [0u16; 2];
        totals[me] = 86u16.saturating_sub(obs.scores[me]);
        totals[1 - me] = 84u16.saturating_sub(obs.scores[1 - me]);
        let near = GameObservation {
            totals,
            ..v.clone()
        };
        let plain = decide(BotId::Level(5), &v, 1).unwrap();
        let h = hint(&near, 1).unwrap();
        assert!(obs.legal_actions.contains(&h.action));
        // Where the card decides the count the reason gives the chances; where nothing in
        // the hand decides it any more, it says so in words.
        let reaching = h.reason.en.contains("play to reach 100 points");
        let kinds = [
            (
                "play to reach 100 points",
                "jouez pour atteindre 100\u{a0}points",
            ),
            (
                "keep the opponent from reaching 100 points",
                "empêchez l’adversaire d’atteindre 100\u{a0}points",
            ),
            (
                "nothing in your hand decides the 100 points any more",
                "plus rien dans votre main ne décide des 100\u{a0}points",
            ),
        ];
        assert!(
            kinds
                .iter()
                .any(|(en, fr)| h.reason.en.contains(en) && h.reason.fr.contains(fr)),
            "{} / {}",
            h.reason.en,
            h.reason.fr
        );
        assert!(!h.reason.fr.contains(" 0\u{202f}%"), "{}", h.reason.fr);
        reached += usize::from(reaching);
        changed += usize::from(decide(BotId::Level(5), &near, 1).unwrap() != plain);
    }
    assert!(positions >= 20, "only {positions} positions");
    assert!(
        reached >= 5,
        "the target was played for in {reached} positions"
    );
    assert!(
        changed >= 1,
        "the score never changed a card in {positions} positions"
    );
}

#[test]
fn past_the_target_the_hint_never_says_nought_per_cent() {
    // The player already past 100 (nothing more to make sure of), the opponent within reach:
    // the hint talks of keeping him from it, or says in words that nothing in the hand
    // decides it any more — never « jouez pour atteindre 100 points … 0 % … 0 % ».
    let rules = Rules::classique();
    let (mut positions, mut said_nothing_decides) = (0, 0);
    for seed in 0..30u64 {
        let g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, 700 + seed));
        let g = advance(g, |d| {
            d.phase() == Phase::Play && d.to_act() == Some(Seat::A) && d.tricks_played() >= 6
        });
        let v = g.observation(Seat::A);
        let Some(obs) = v.deal.as_ref() else { continue };
        if obs.legal_actions.len() < 2 || obs.phase != Phase::Play {
            continue;
        }
        positions += 1;
        let me = Seat::A.index();
        let mut totals = [0u16; 2];
        totals[me] = 104;
        totals[1 - me] = 90u16.saturating_sub(obs.scores[1 - me]);
        let near = GameObservation {
            totals,
            ..v.clone()
        };
        let h = hint(&near, 1).unwrap();
        assert!(
            !h.reason.fr.contains("atteindre 100\u{a0}points —")
                || h.reason.fr.contains("empêchez"),
            "{}",
            h.reason.fr
        );
        assert!(!h.reason.en.contains("play to reach"), "{}", h.reason.en);
        assert!(!h.reason.fr.contains(" 0\u{202f}%"), "{}", h.reason.fr);
        assert!(!h.reason.en.contains(" 0%"), "{}", h.reason.en);
        said_nothing_decides += usize::from(h.reason.en.contains("nothing in your hand decides"));
    }
    assert!(positions >= 10, "only {positions} positions");
    assert!(
        said_nothing_decides >= 1,
        "{said_nothing_decides} of {positions}"
    );
}

#[test]
fn hints_are_legal_and_in_a_players_words() {
    // Every decision of whole deals: the hint is legal and its reason is a
    // sentence a player reads — the action in the imperative with the cards
    // named in words (never « 8D » or "TS"), French typography in French,
    // none of it in English.
    let notation = |s: &str| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w.len() == 2 && "6789TJQKA".contains(&w[..1]) && "SHDC".contains(&w[1..]))
    };
    let mut starts = std::collections::BTreeSet::new();
    for (rules, seed) in [
        (Rules::rubicon(), 11),
        (Rules::classique(), 12),
        (Rules::classique(), 13),
    ] {
        let mut g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, seed));
        let mut step = 0;
        while let Some(deal) = g.deal() {
            let seat = deal.to_act().unwrap();
            let view = g.observation(seat);
            let h = hint(&view, step).unwrap();
            let legal = &view.deal.as_ref().unwrap().legal_actions;
            assert!(
                legal.contains(&h.action) || matches!(h.action, Action::Discard(_)),
                "{:?}",
                h.action
            );
            for r in [&h.reason.fr, &h.reason.en] {
                assert!(!notation(r), "engine notation in {r:?}");
                assert!(r.chars().next().is_some_and(char::is_uppercase), "{r:?}");
            }
            let fr: Vec<char> = h.reason.fr.chars().collect();
            for (k, &c) in fr.iter().enumerate() {
                let before = k.checked_sub(1).map(|i| fr[i]);
                let after = fr.get(k + 1).copied();
                let ok = match c {
                    ':' => before == Some('\u{a0}'),
                    ';' | '?' | '!' | '%' => before == Some('\u{202f}'),
                    '«' => after == Some('\u{a0}'),
                    '»' => before == Some('\u{a0}'),
                    _ => true,
                };
                assert!(ok, "{:?}", h.reason.fr);
            }
            assert!(
                !h.reason.en.contains(['\u{a0}', '\u{202f}', '«']),
                "{}",
                h.reason.en
            );
            starts.insert(h.reason.fr.split(' ').next().unwrap().to_string());
            g.apply_with(seat, h.action, &mut piquet_engine::NoEvents)
                .unwrap();
            step += 1;
        }
    }
    // The exchange, the declarations and the play were all explained.
    for verb in ["Écartez", "Jouez"] {
        assert!(starts.contains(verb), "{starts:?}");
    }
    assert!(
        starts.contains("Annoncez") || starts.contains("Répondez"),
        "{starts:?}"
    );
}

#[test]
fn mangled_observations_never_panic() {
    // Random corruptions of real observations: every bot answers with an
    // action or an error, never a panic.
    let mut rng = SplitMix64::new(77);
    let mut tried = 0;
    for (_, rules) in Rules::ALL {
        for seed in 0..6u64 {
            let mut g = game_with(rules, DealSetup::from_seed(&rules, Seat::B, 600 + seed));
            let mut step = 0;
            while let Some(d) = g.deal() {
                let seat = d.to_act().unwrap();
                let view = g.observation(seat);
                for k in 0..4 {
                    let mut bad = view.clone();
                    let o = bad.deal.as_mut().unwrap();
                    let bit = 1u64 << rng.below(36);
                    match (k + rng.below(8)) % 8 {
                        0 => o.hand = CardSet::from_bits(o.hand.bits() ^ bit),
                        1 => o.opponent_hand_len = rng.below(14) as u8,
                        2 => o.talon_seen = CardSet::from_bits(o.talon_seen.bits() ^ bit),
                        3 => o.opponent_shown = CardSet::from_bits(o.opponent_shown.bits() ^ bit),
                        4 => o.opponent_voids = rng.below(16) as u8,
                        5 => {
                            o.plays.pop();
                        }
                        6 => o.discards = CardSet::from_bits(o.discards.bits() ^ bit),
                        _ => o.talon_left = rng.below(13) as u8,
                    }
                    for bot in [
                        BotId::Random,
                        BotId::Heuristic,
                        BotId::Level(1),
                        BotId::Level(4),
                    ] {
                        let _ = decide(bot, &bad, step);
                    }
                    tried += 1;
                }
                let a = decide(BotId::Heuristic, &view, step).unwrap();
                g.apply_with(seat, a, &mut piquet_engine::NoEvents).unwrap();
                step += 1;
            }
        }
    }
    assert!(tried > 500);
}

/// A Rubicon play position where the dealer's hand is forced (void in
/// diamonds, "égal" on a five-card point): every level finds it.
const FORCED_LAYOUT: &str = r#"{"seat":"A","rules":{"deck":"32","elder_max":5,"dealer_min":{"fixed":0},"leftover":"rubicon","own_discards_visible":true,"carte_blanche":10,"both_carte_blanche":false,"point":"length_then_value","sequence_values":[3,4,15,16,17,18,19],"scored_combos":"declared_and_not_better","protocol":"two_step_point_and_sequence","repic_pic":true,"trick_points":"all_cards","last_trick_bonus":1,"capot_no_last_trick":false,"cards_bonus":10,"capot_bonus":40,"format":{"rubicon":{"deals":6}},"cut":"higher_chooses","abandon":false},"dealer":"B","phase":{"phase":"play"},"to_act":"A","hand":"KS JS 7S AH KD 7D AC QC JC TC 9C","discards":"QH TH JD 9D 7C","talon_seen":"","opponent_shown":"","opponent_voids":4,"plays":[["A","AD"],["B","7H"]],"declarations":[{"elder":{"kind":"point","length":5,"value":50},"answers":["equal","good"],"dealer":null,"winner":"A"},{"elder":{"kind":"sequence","length":4,"top":null},"answers":["good",null],"dealer":null,"winner":"A"},{"elder":{"kind":"set","rank":"A","count":3},"answers":["good",null],"dealer":null,"winner":"A"}],"carte_blanche":[false,false],"scores":[13,0],"tricks_won":[1,0],"opponent_hand_len":11,"opponent_discards_len":3,"talon_left":0,"announced_lead_suit":null,"discard_limits":null,"legal_actions":[{"action":"play","arg":"7S"},{"action":"play","arg":"JS"},{"action":"play","arg":"KS"},{"action":"play","arg":"AH"},{"action":"play","arg":"7D"},{"action":"play","arg":"KD"},{"action":"play","arg":"9C"},{"action":"play","arg":"TC"},{"action":"play","arg":"JC"},{"action":"play","arg":"QC"},{"action":"play","arg":"AC"}]}"#;

#[test]
fn a_forced_layout_is_found() {
    let obs: piquet_engine::Observation = serde_json::from_str(FORCED_LAYOUT).unwrap();
    let know = piquet_ai::sample::Knowledge::new(&obs, true).unwrap();
    let worlds = know.sample(&mut SplitMix64::new(1), 10, 3);
    assert_eq!(worlds.len(), 10);
    let expected: CardSet = "AS QS TS 9S 8S KH JH 9H 8H KC 8C".parse().unwrap();
    assert!(worlds.iter().all(|w| w.opp_hand == expected));
    let view = GameObservation::fresh(Seat::B, Some(obs.clone()));
    for bot in [BotId::Level(3), BotId::Level(4), BotId::Level(5)] {
        let a = decide(bot, &view, 2).unwrap();
        assert!(obs.legal_actions.contains(&a));
    }
}
