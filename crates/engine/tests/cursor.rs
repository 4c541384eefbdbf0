//! The replay cursor: stepping forward reproduces `Record::replay` event for
//! event; any jump lands on the same state as stepping there; tricks, deals,
//! comments and counts are where the record says.

use piquet_engine::cursor::{OpenView, Position, ReplayCursor};
use piquet_engine::random_play::random_action;
use piquet_engine::record::{DealRecord, RecordedAction};
use piquet_engine::{
    Action, Cut, DealSetup, Event, Game, Localized, NoEvents, Record, RecordError, Rules, Seat,
    SplitMix64,
};

fn random_record(rules: Rules, seed: u64) -> Record {
    let cut = Cut::from_seed(&rules, seed);
    let mut rec = Record::new(rules, cut.clone());
    let mut g = Game::new(rules, &cut).unwrap();
    let mut rng = SplitMix64::new(seed ^ 0xC0);
    let mut buf = Vec::new();
    while g.outcome().is_none() {
        if g.needs_deal() {
            let layout = DealSetup::from_seed(&rules, g.dealer(), rng.next_u64());
            g.start_deal(layout.clone()).unwrap();
            rec.deal_comments.insert(
                rec.deals.len(),
                Localized::untagged(format!("deal {}", rec.deals.len())),
            );
            rec.deals.push(DealRecord {
                layout,
                seed: None,
                actions: Vec::new(),
            });
        }
        let (seat, action) = random_action(g.deal().unwrap(), &mut rng, &mut buf).unwrap();
        g.apply_with(seat, action, &mut NoEvents).unwrap();
        let n = rec.deals.len() - 1;
        let d = rec.deals.last_mut().unwrap();
        let comment = Localized::new().with("en", format!("{n}/{}", d.actions.len()));
        d.actions.push(RecordedAction {
            comment,
            ..RecordedAction::new(seat, action)
        });
    }
    rec
}

#[test]
fn stepping_matches_replay_in_every_preset() {
    for (_, rules) in Rules::ALL {
        for seed in 0..3 {
            let rec = random_record(rules, seed);
            let rep = rec.replay().unwrap();
            let mut c = ReplayCursor::new(&rec).unwrap();
            let total: usize = rec.deals.iter().map(|d| d.actions.len() + 1).sum();
            assert_eq!(c.len(), total);
            let mut per_deal: Vec<Vec<Event>> = vec![Vec::new(); rec.deals.len()];
            let mut states = Vec::new();
            loop {
                let p = c.position();
                per_deal[p.deal].extend_from_slice(c.events());
                assert_eq!(c.deal_log(), &per_deal[p.deal][..]);
                let expected = match p.actions {
                    0 => format!("deal {}", p.deal),
                    k => format!("{}/{}", p.deal, k - 1),
                };
                assert_eq!(
                    c.comment().and_then(|l| l.pick("fr", &["en"])).map(|p| p.1),
                    Some(expected.as_str())
                );
                let d = c.deal().unwrap();
                assert_eq!(c.counts().deal_points, [d.score(Seat::A), d.score(Seat::B)]);
                states.push((c.game().clone(), *d, c.counts()));
                if !c.forward() {
                    break;
                }
            }
            assert_eq!(per_deal, rep.events, "the same events as Record::replay");
            assert_eq!(c.game(), &rep.game);
            assert_eq!(c.game().outcome(), rep.game.outcome());
            // Jumps land where stepping does, backwards and at random.
            let mut rng = SplitMix64::new(seed);
            for i in (0..c.len()).rev() {
                assert!(c.seek(i));
                assert_eq!((c.game(), c.deal().unwrap()), (&states[i].0, &states[i].1));
            }
            for _ in 0..200 {
                let i = rng.below(c.len() as u32) as usize;
                c.seek(i);
                assert_eq!(c.index(), i);
                assert_eq!(c.counts(), states[i].2);
                assert_eq!(c.index_of(c.position()), Some(i));
            }
            assert!(!c.seek(c.len()));
            // Deals and tricks.
            for (d, deal) in rec.deals.iter().enumerate() {
                assert!(c.goto_deal(d));
                assert_eq!(
                    c.position(),
                    Position {
                        deal: d,
                        actions: 0
                    }
                );
                assert!(c.events().is_empty());
                for t in 1..=c.tricks_in_deal(d) {
                    assert!(c.goto_trick(d, t));
                    let dl = c.deal().unwrap();
                    assert_eq!(dl.tricks_played(), t - 1);
                    assert_eq!(dl.current_trick().1, None);
                    assert!(matches!(
                        deal.actions[c.position().actions].action,
                        Action::Play(_)
                    ));
                }
                assert!(!c.goto_trick(d, 13));
                assert!(!c.goto_trick(d, 0));
            }
            c.to_end();
            assert!(!c.forward());
            c.to_start();
            assert!(!c.back());
        }
    }
}

#[test]
fn views_hide_and_show_what_they_should() {
    let rec = random_record(Rules::classique(), 7);
    let mut c = ReplayCursor::new(&rec).unwrap();
    let elder = c.deal().unwrap().elder();
    let open: OpenView = c.open_view().unwrap();
    assert_eq!(open.hands[elder.index()].len(), 12);
    assert_eq!(open.talon.len(), 8);
    let obs = c.deal_observation(elder.other()).unwrap();
    assert_eq!(obs.hand, open.hands[elder.other().index()]);
    c.forward();
    // Elder's exchange: he drew, and peeked at what he left (a private event).
    let private = c.events().iter().filter(|e| e.audience().is_some()).count();
    assert_eq!(
        c.events_for(elder.other()).count(),
        c.events().len() - private
    );
    let g = c.observation(elder);
    assert_eq!(g.deal.unwrap().hand, c.deal().unwrap().hand(elder));
}

#[test]
fn bad_records_are_refused_with_the_replay_error() {
    let mut rec = random_record(Rules::moderne(), 2);
    rec.deals[0].actions[3].seat = rec.deals[0].actions[3].seat.other();
    let want = rec.replay().unwrap_err();
    let got = ReplayCursor::new(&rec).unwrap_err();
    assert_eq!(got, want);
    assert!(matches!(
        got,
        RecordError::Action {
            deal: 0,
            action: 3,
            ..
        }
    ));
    let empty = Record::new(Rules::classique(), Cut::from_seed(&Rules::classique(), 1));
    let mut c = ReplayCursor::new(&empty).unwrap();
    assert_eq!((c.len(), c.position()), (1, Position::default()));
    assert!(c.deal().is_none() && c.events().is_empty() && c.comment().is_none());
    assert!(!c.forward() && !c.back() && !c.goto_deal(1));
}
