//! The review of a deal (`piquet_ai::review`): its open-card values against a
//! plain minimax over the engine's own deal, its decisions on the shipped
//! records, its determinism, and that its expected values see nothing but
//! the seat's observation.

use piquet_ai::Solver;
use piquet_ai::review::{
    Budget, DecisionKind, DecisionReview, Mark, ReviewConfig, annotate, open_values, review_deal,
    review_record,
};
use piquet_engine::random::random_action;
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::{
    Action, Card, Cut, Deal, DealSetup, NoEvents, Record, Rules, Seat, SplitMix64,
};

/// Seat A's points minus B's.
fn margin_a(deal: &Deal) -> i32 {
    i32::from(deal.score(Seat::A)) - i32::from(deal.score(Seat::B))
}

/// A margin of seat A as `seat`'s.
fn for_seat(seat: Seat, margin_a: i32) -> i32 {
    match seat {
        Seat::A => margin_a,
        Seat::B => -margin_a,
    }
}

fn after(deal: &Deal, card: Card) -> Deal {
    let mut d = *deal;
    let seat = d.to_act().expect("a player to move");
    d.apply_with(seat, Action::Play(card), &mut NoEvents)
        .expect("a legal card");
    d
}

/// Plain minimax over the engine: A's final margin of the deal with best play
/// by both from here, every card known. The engine scores everything (trick
/// points, the last trick, the cards, capot, pic).
fn minimax(deal: &Deal) -> i32 {
    let Some(seat) = deal.to_act() else {
        return margin_a(deal);
    };
    let values = deal
        .legal_plays()
        .into_iter()
        .map(|c| minimax(&after(deal, c)));
    match seat {
        Seat::A => values.max(),
        Seat::B => values.min(),
    }
    .expect("a legal card")
}

/// Checks the open values of `deal` and of every position below it against
/// the minimax; returns how many positions were checked.
fn check_below(deal: &Deal, solver: &mut Solver, what: &str) -> usize {
    let Some(seat) = deal.to_act() else {
        return 0;
    };
    let legal = deal.legal_plays();
    let want: Vec<(Card, i32)> = legal
        .into_iter()
        .map(|c| (c, for_seat(seat, minimax(&after(deal, c)))))
        .collect();
    assert_eq!(open_values(deal, solver), want, "{what}: {deal:?}");
    1 + legal
        .into_iter()
        .map(|c| check_below(&after(deal, c), solver, what))
        .sum::<usize>()
}

/// Random legal decisions until `stop` holds (or the deal ends).
fn play_until(deal: &mut Deal, rng: &mut SplitMix64, stop: impl Fn(&Deal) -> bool) -> bool {
    let mut buf = Vec::new();
    while !stop(deal) {
        let Some((seat, action)) = random_action(deal, rng, &mut buf) else {
            return false;
        };
        deal.apply_with(seat, action, &mut NoEvents)
            .expect("a legal random action");
    }
    true
}

#[test]
fn open_values_match_a_brute_force_minimax_over_the_last_three_tricks() {
    let mut solver = Solver::new();
    for (id, rules) in Rules::ALL {
        let mut rng = SplitMix64::new(0x0BE5_7ED0 ^ u64::from(rules.talon_len()));
        let (mut deals, mut positions, mut seed) = (0, 0, 0u64);
        while deals < 1000 {
            seed += 1;
            let dealer = if seed % 2 == 0 { Seat::A } else { Seat::B };
            let mut deal = Deal::from_seed(rules, dealer, seed).expect("a deal");
            let three_left = |d: &Deal| {
                d.phase() == piquet_engine::Phase::Play
                    && d.tricks_played() == 9
                    && d.current_trick().1.is_none()
            };
            if play_until(&mut deal, &mut rng, three_left) {
                positions += check_below(&deal, &mut solver, id);
                deals += 1;
            }
        }
        // Every position below three tricks to play: at least the 6 cards of one line.
        assert!(positions >= 6 * deals, "{id}: {positions} positions");
    }
}

#[test]
fn the_first_lead_counts_the_dealers_declarations_as_the_engine_does() {
    // Elder's first lead is the one position where the dealer has not
    // counted yet (Art. 14): each card's value must be the dealer's best
    // answer to it, read after the engine has counted his declarations.
    let mut solver = Solver::new();
    for (id, rules) in Rules::ALL {
        let mut rng = SplitMix64::new(77);
        for seed in 0..8 {
            let mut deal = Deal::from_seed(rules, Seat::A, seed).expect("a deal");
            let first_lead = |d: &Deal| d.phase() == piquet_engine::Phase::Play;
            if !play_until(&mut deal, &mut rng, first_lead) {
                continue;
            }
            for (card, value) in open_values(&deal, &mut solver) {
                let next = after(&deal, card);
                let answers = open_values(&next, &mut solver);
                let best_answer = answers.iter().map(|&(_, v)| v).max().expect("a card");
                assert_eq!(value, -best_answer, "{id} seed {seed}, lead {card}");
            }
        }
    }
}

fn shipped() -> Vec<(String, Record)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../records");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the records") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json" || e == "txt") {
            let text = std::fs::read_to_string(&path).expect("readable");
            let record = Record::parse(&text).expect("a shipped record parses");
            out.push((path.display().to_string(), record));
        }
    }
    assert!(out.len() >= 4, "{out:?}");
    out
}

/// The deal before each action.
fn states(record: &Record, deal: usize) -> Vec<Deal> {
    let rules = record.resolved_rules().expect("rules");
    let mut game = piquet_engine::Game::new(rules, &record.cut).expect("a cut");
    for (i, d) in record.deals.iter().enumerate() {
        game.start_deal(d.layout.clone()).expect("a layout");
        let mut cur = *game.deal().expect("a deal");
        let mut out = Vec::new();
        for a in &d.actions {
            out.push(cur);
            cur.apply_with(a.seat, a.action, &mut NoEvents)
                .expect("legal");
            game.apply_with(a.seat, a.action, &mut NoEvents)
                .expect("legal");
        }
        if i == deal {
            out.push(cur);
            return out;
        }
    }
    panic!("no deal {deal}")
}

fn check_review(name: &str, record: &Record, decisions: &[DecisionReview], deal: usize) {
    let states = states(record, deal);
    let actions = &record.deals[deal].actions;
    assert_eq!(decisions.len(), actions.len(), "{name}: one per action");
    for (k, d) in decisions.iter().enumerate() {
        let at = &states[d.index];
        assert_eq!(d.chosen, actions[d.index].action, "{name} #{}", d.index);
        assert_eq!(d.seat, actions[d.index].seat);
        assert!(d.loss >= 0.0, "{name} #{}: loss {}", d.index, d.loss);
        assert!(d.option(&d.best).is_some() || d.best == d.chosen);
        assert_eq!(d.mark, Mark::of(d.loss), "{name} #{}", d.index);
        assert_eq!(d.mark.is_some(), d.loss >= 3.0, "{name} #{}", d.index);
        assert!(!d.reason.fr.is_empty() && !d.reason.en.is_empty());
        if d.kind == DecisionKind::Play {
            let listed: Vec<Action> = d.options.iter().map(|o| o.action).collect();
            let legal: Vec<Action> = at.legal_plays().into_iter().map(Action::Play).collect();
            assert_eq!(listed, legal, "{name} #{}: every legal card", d.index);
            assert!(
                d.options.iter().all(|o| o.open.is_some()),
                "{name} #{}",
                d.index
            );
            // Along the record, a card's open value is the next player's best.
            let open = d.option(&d.chosen).and_then(|o| o.open).expect("open");
            let next = &states[d.index + 1];
            let expected = match (next.to_act(), decisions.get(k + 1)) {
                (None, _) => f64::from(for_seat(d.seat, margin_a(next))),
                (Some(s), Some(n)) if n.index == d.index + 1 => {
                    let best = n
                        .options
                        .iter()
                        .filter_map(|o| o.open)
                        .fold(f64::NEG_INFINITY, f64::max);
                    if s == d.seat { best } else { -best }
                }
                _ => open,
            };
            assert_eq!(open, expected, "{name} #{}", d.index);
        } else {
            assert!(d.options.iter().all(|o| o.open.is_none()), "{name}");
        }
    }
}

#[test]
fn shipped_records_review_every_decision() {
    for (name, record) in shipped() {
        let config = ReviewConfig {
            budget: Budget::QUICK,
            ..ReviewConfig::default()
        };
        let mut steps = Vec::new();
        let reviews = review_record(&record, &config, &mut |done, total| {
            steps.push((done, total))
        })
        .expect("a shipped record reviews");
        assert_eq!(reviews.len(), record.deals.len());
        let total: usize = record.deals.iter().map(|d| d.actions.len()).sum();
        let want: Vec<(usize, usize)> = (0..=total).map(|k| (k, total)).collect();
        assert_eq!(steps, want, "{name}: progress");
        for r in &reviews {
            check_review(&name, &record, &r.decisions, r.deal);
            for s in &r.summary {
                let mine: f64 = r
                    .decisions
                    .iter()
                    .filter(|d| d.seat == s.seat)
                    .map(|d| d.loss)
                    .sum();
                assert!((s.lost.total() - mine).abs() < 0.05, "{name}");
            }
        }
    }
}

#[test]
fn a_review_is_deterministic_for_its_seed_and_one_seat_reviews_alone() {
    let (_, record) = shipped().remove(0);
    let config = ReviewConfig {
        seat: Some(Seat::B),
        seed: 5,
        budget: Budget::QUICK,
        deal: None,
    };
    let a = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
    let b = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
    assert_eq!(a, b);
    assert!(a.decisions.iter().all(|d| d.seat == Seat::B));
    assert_eq!(a.summary.len(), 1);
    assert!(matches!(
        review_deal(&record, 9, &config, &mut |_, _| {}),
        Err(piquet_ai::review::ReviewError::NoSuchDeal { deal: 9, .. })
    ));
}

#[test]
fn a_blunder_in_hoffmanns_example_is_marked_and_explained() {
    // B, to lead at trick 7, plays K♠ into A's A♠ instead of a club: A then
    // cashes his diamonds. With every card known that costs 12 points.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../records/hoffmann-1909.json"
    ))
    .unwrap();
    let mut record = Record::parse(&text).unwrap();
    let config = ReviewConfig {
        seat: Some(Seat::B),
        ..ReviewConfig::default()
    };
    let review = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
    let d = review
        .decisions
        .iter()
        .find(|d| d.chosen == Action::Play("KS".parse().unwrap()))
        .expect("B's K♠");
    assert_eq!(d.mark, Some(Mark::Blunder), "{d:?}");
    assert!(d.loss >= Mark::BLUNDER);
    let Action::Play(best) = d.best else {
        panic!("{d:?}")
    };
    assert_eq!(best.suit(), piquet_engine::Suit::Clubs, "{d:?}");
    assert_eq!(d.option(&d.chosen).unwrap().open, Some(-20.0));
    assert_eq!(d.option(&d.best).unwrap().open, Some(-8.0));
    assert!(
        d.reason
            .en
            .contains("with all cards seen, −8 by playing the ")
            && d.reason
                .en
                .contains(" and −20 by playing the king of spades"),
        "{}",
        d.reason.en
    );
    assert!(
        d.reason.fr.starts_with("Mieux valait jouer "),
        "{}",
        d.reason.fr
    );
    assert!(
        d.reason.fr.contains("à cartes ouvertes, −8 en jouant le ")
            && d.reason.fr.contains(" et −20 en jouant le roi de pique"),
        "{}",
        d.reason.fr
    );
    assert_eq!(review.summary[0].marks[2], 1);
    assert!(review.summary[0].lost.play >= d.loss);
    annotate(&mut record, &review);
    let comment = &record.deals[0].actions[d.index].comment;
    let fr = comment.get("fr").unwrap();
    assert!(fr.contains("Revue\u{a0}: gaffe"), "{fr}");
    let en = comment.get("en").unwrap();
    assert!(en.contains("Review: blunder"), "{en}");
}

#[test]
fn reasons_follow_french_typography() {
    for (name, record) in shipped() {
        let config = ReviewConfig {
            budget: Budget::QUICK,
            ..ReviewConfig::default()
        };
        for r in review_record(&record, &config, &mut |_, _| {}).unwrap() {
            for d in &r.decisions {
                let fr: Vec<char> = d.reason.fr.chars().collect();
                for (k, &c) in fr.iter().enumerate() {
                    let before = k.checked_sub(1).map(|i| fr[i]);
                    let after = fr.get(k + 1).copied();
                    let ok = match c {
                        ':' => before == Some('\u{a0}'),
                        ';' | '?' | '!' => before == Some('\u{202f}'),
                        '«' => after == Some('\u{a0}'),
                        '»' => before == Some('\u{a0}'),
                        _ => true,
                    };
                    assert!(ok, "{name}: {:?}", d.reason.fr);
                }
                assert!(!d.reason.en.contains(['\u{a0}', '\u{202f}', '«']), "{name}");
                assert!(!d.reason.fr.contains('.'), "{name}: {:?}", d.reason.fr);
            }
        }
    }
}

/// A classic record of one deal whose first actions are `actions`.
fn one_deal(layout: DealSetup, actions: &[(Seat, Action)]) -> Record {
    let rules = Rules::classique();
    // The lower card deals (Art. 3).
    let (low, high) = ("7H".parse().unwrap(), "AS".parse().unwrap());
    let cut = Cut {
        draws: vec![if layout.dealer == Seat::A {
            (low, high)
        } else {
            (high, low)
        }],
        higher_deals: None,
    };
    let mut record = Record::new(rules, cut);
    record.deals.push(DealRecord {
        layout,
        seed: None,
        actions: actions
            .iter()
            .map(|&(seat, action)| RecordedAction::new(seat, action))
            .collect(),
    });
    record.replay().expect("a legal record");
    record
}

fn expected_values(record: &Record, index: usize) -> Vec<(Action, Option<f64>)> {
    let seat = record.deals[0].actions[index].seat;
    let config = ReviewConfig {
        seat: Some(seat),
        seed: 3,
        budget: Budget::QUICK,
        deal: None,
    };
    let review = review_deal(record, 0, &config, &mut |_, _| {}).unwrap();
    let d = review
        .decisions
        .iter()
        .find(|d| d.index == index)
        .expect("the decision");
    assert!(d.worlds > 0, "{d:?}");
    d.options.iter().map(|o| (o.action, o.expected)).collect()
}

#[test]
fn expected_values_see_only_the_seats_observation() {
    let rules = Rules::classique();
    let layout = DealSetup::from_seed(&rules, Seat::B, 11);
    let elder = layout.elder;
    let low5 = |hand: piquet_engine::CardSet| -> piquet_engine::CardSet {
        hand.into_iter()
            .filter(|c| c.rank() < piquet_engine::Rank::Jack)
            .take(5)
            .collect()
    };
    let discard = low5(elder);
    assert_eq!(discard.len(), 5);
    // Elder's exchange: the dealer's hand and the talon are hidden from him;
    // swapping a dealer's card with the last talon card changes nothing he saw.
    let mut swapped = layout.clone();
    let x = swapped.dealer_hand.lowest().unwrap();
    let y = swapped.talon[7];
    swapped.dealer_hand.remove(x);
    swapped.dealer_hand.insert(y);
    swapped.talon[7] = x;
    let a = one_deal(layout.clone(), &[(Seat::A, Action::Discard(discard))]);
    let b = one_deal(swapped, &[(Seat::A, Action::Discard(discard))]);
    assert_eq!(expected_values(&a, 0), expected_values(&b, 0));

    // The dealer's exchange: elder's discards are hidden from him. Elder
    // discards `x` in one record and the talon's last card `y` (dealt to him
    // instead) in the other; the dealer has seen neither.
    let x = discard.lowest().unwrap();
    let y = layout.talon[7];
    let mut moved = layout.clone();
    moved.elder.remove(x);
    moved.elder.insert(y);
    moved.talon[7] = x;
    let mut other = discard;
    other.remove(x);
    other.insert(y);
    let dealer_discard = low5(layout.dealer_hand).into_iter().take(2).collect();
    let a = one_deal(
        layout,
        &[
            (Seat::A, Action::Discard(discard)),
            (Seat::B, Action::Discard(dealer_discard)),
        ],
    );
    let b = one_deal(
        moved,
        &[
            (Seat::A, Action::Discard(other)),
            (Seat::B, Action::Discard(dealer_discard)),
        ],
    );
    assert_eq!(expected_values(&a, 1), expected_values(&b, 1));
}

/// A layout where elder is dealt no face card (Art. 5: carte blanche).
fn blanche_layout(rules: &Rules, dealer: Seat) -> DealSetup {
    let deck = rules.deck_cards();
    let plain: piquet_engine::CardSet = deck
        .into_iter()
        .filter(|c| c.rank() <= piquet_engine::Rank::Ten)
        .take(12)
        .collect();
    let rest: Vec<Card> = (deck - plain).into_iter().collect();
    DealSetup {
        dealer,
        elder: plain,
        dealer_hand: rest[..12].iter().copied().collect(),
        talon: rest[12..].to_vec(),
    }
}

/// A game of random legal decisions (at most three deals), recorded; its first
/// deal a carte blanche when `blanche`.
fn random_game(rules: Rules, seed: u64, blanche: bool) -> Record {
    let cut = Cut::from_seed(&rules, seed);
    let mut record = Record::new(rules, cut.clone());
    let mut game = piquet_engine::Game::new(rules, &cut).unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut buf = Vec::new();
    let mut first = blanche.then(|| blanche_layout(&rules, game.dealer()));
    while game.outcome().is_none() && record.deals.len() < 3 {
        if game.needs_deal() {
            let layout = first
                .take()
                .unwrap_or_else(|| DealSetup::from_seed(&rules, game.dealer(), rng.next_u64()));
            game.start_deal(layout.clone()).unwrap();
            record.deals.push(DealRecord {
                layout,
                seed: None,
                actions: Vec::new(),
            });
        }
        let deal = game.deal().unwrap();
        deal.legal_actions(&mut buf);
        // Carte blanche is announced whenever it may be.
        let blanche = buf
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche
                )
            })
            .copied();
        let (seat, action) = match (deal.to_act(), blanche) {
            (Some(s), Some(a)) => (s, a),
            _ => random_action(deal, &mut rng, &mut buf).unwrap(),
        };
        game.apply_with(seat, action, &mut NoEvents).unwrap();
        record
            .deals
            .last_mut()
            .unwrap()
            .actions
            .push(RecordedAction::new(seat, action));
    }
    record
}

#[test]
fn random_games_review_without_fail_carte_blanche_and_abandon_included() {
    let mut facheux = Rules::ancien();
    facheux.abandon = true;
    let presets = Rules::ALL.iter().map(|&(_, r)| r).chain([facheux]);
    for (k, rules) in presets.enumerate() {
        for seed in 0..2u64 {
            let record = random_game(rules, seed + 10 * k as u64, seed == 0);
            let config = ReviewConfig {
                budget: Budget::QUICK,
                seed,
                ..ReviewConfig::default()
            };
            let reviews = review_record(&record, &config, &mut |_, _| {}).unwrap();
            for r in &reviews {
                check_review(&format!("{rules:?} {seed}"), &record, &r.decisions, r.deal);
            }
            if seed == 0 {
                let first = &reviews[0].decisions;
                let blanche = first.iter().find(|d| d.kind == DecisionKind::CarteBlanche);
                let blanche = blanche.expect("carte blanche announced");
                // Valued against the discards, on the worlds of the deal.
                assert!(
                    blanche.options.len() > 1 && blanche.worlds > 0,
                    "{blanche:?}"
                );
            }
        }
    }
}

/// A classic deal where elder (A) took five cards and the dealer two, one card left: elder
/// holds spades and clubs headed by their aces, and the seven of diamonds.
fn leftover_deal() -> Record {
    let layout = DealSetup {
        dealer: Seat::B,
        dealer_hand: "JS AH JH TH 9H 8H AD QD TD 9D 8D 9C".parse().unwrap(),
        elder: "AS KS QS TS 9S 7S QH 7H JD KC QC JC".parse().unwrap(),
        talon: ["8C", "TC", "AC", "7D", "8S", "KD", "KH", "7C"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect(),
    };
    let mut record = one_deal(
        layout,
        &[
            (Seat::A, Action::Discard("QH 7H JD QC JC".parse().unwrap())),
            (Seat::B, Action::Discard("JS 9C".parse().unwrap())),
        ],
    );
    // Elder looks without naming a suit: the decision reviewed.
    record.deals[0]
        .actions
        .push(RecordedAction::new(Seat::A, Action::LookAtLeftover(None)));
    record.replay().expect("a legal record");
    record
}

#[test]
fn the_leftover_is_valued_the_look_binding_the_first_lead() {
    let record = leftover_deal();
    let values = expected_values(&record, 2);
    use piquet_engine::Suit;
    assert_eq!(
        values.len(),
        4,
        "no look, or a look naming spades, diamonds, clubs"
    );
    let look = |s: Option<Suit>| {
        values
            .iter()
            .find(|(a, _)| *a == Action::LookAtLeftover(s))
            .and_then(|(_, v)| *v)
            .expect("every option valued")
    };
    let free = look(None);
    // Looking binds the lead: never worth more than leading freely, on the same worlds; the
    // suit of the lead Le Maître chooses anyway costs nothing.
    let suits: Vec<f64> = [Suit::Spades, Suit::Diamonds, Suit::Clubs]
        .into_iter()
        .map(|s| look(Some(s)))
        .collect();
    assert!(suits.iter().all(|&v| v <= free + 1e-9), "{values:?}");
    assert!(suits.iter().any(|&v| (v - free).abs() < 1e-9), "{values:?}");
    // Leading the lone seven of diamonds into the dealer's long diamonds costs points.
    assert!(look(Some(Suit::Diamonds)) < free - 4.0, "{values:?}");
    // The reason gives the values, not « a choice of information ».
    let config = ReviewConfig {
        seat: Some(Seat::A),
        seed: 3,
        budget: Budget::QUICK,
        deal: None,
    };
    let review = review_deal(&record, 0, &config, &mut |_, _| {}).unwrap();
    let d = review.decisions.iter().find(|d| d.index == 2).unwrap();
    assert_eq!(d.kind, DecisionKind::Leftover);
    assert!(d.reason.en.contains("points expected"), "{}", d.reason.en);
}
