//! One deal (coup) as a validated, `Copy`, heap-free state machine:
//! exchange, carte blanche, leftover, declarations, counting, the twelve tricks
//! and the end of the deal (RULES.md 2–8, Art. 3–18).

use crate::card::{Card, CardSet, Rank, Suit};
use crate::combos::{self, Point, Sequence, Set};
use crate::error::{IllegalAction, SetupProblem};
use crate::event::{Claim, Event, EventSink, ScoreReason};
use crate::rules::{LeftoverRule, Rules, ScoredCombos, TrickPoints};
use serde::{Deserialize, Serialize};

pub use crate::action::{Action, Answer, AnswerKind};
pub use crate::phase::{Category, DealEnd, Phase};
pub use crate::seat::Seat;
use crate::setup::shuffled;
pub use crate::setup::{DealSetup, SetupError};

/// Per-category declaration record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DeclRecord {
    /// Elder's declaration: `None` before he spoke; `Some(EMPTY)` for nothing.
    pub elder: Option<CardSet>,
    /// The dealer's holding (answer backing, or declaration when elder had nothing).
    pub dealer: Option<CardSet>,
    /// The dealer's answers, per step.
    pub answers: [Option<AnswerKind>; 2],
    /// Who won the category (`None`: nobody, or not yet resolved).
    pub winner: Option<Seat>,
    /// Resolved.
    pub done: bool,
}

/// Score items of one player for one category: up to 4 items.
type Items = [(u16, ScoreReason); 5];

/// A deal in progress: validated, `Copy`, heap-free.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deal {
    rules: Rules,
    dealer: Seat,
    phase: Phase,
    hands: [CardSet; 2],
    dealt: [CardSet; 2],
    discards: [CardSet; 2],
    talon: [u8; 12],
    talon_len: u8,
    talon_top: u8,
    seen_talon: [CardSet; 2],
    shown: [CardSet; 2],
    played: CardSet,
    voids: [u8; 2],
    blanche: [bool; 2],
    elder_took: u8,
    dealer_blind: Option<u8>,
    lead_suit: Option<Suit>,
    decls: [DeclRecord; 3],
    /// Declaration points per seat per category (blanche, point, sequence, sets), set at their end.
    cat_points: [[u16; 4]; 2],
    /// Category after which a seat's repic is counted.
    repic_after: [Option<u8>; 2],
    dealer_counted: bool,
    scores: [u16; 2],
    pic_done: bool,
    tricks: [u8; 2],
    trick: u8,
    leader: Seat,
    lead: Option<Card>,
    /// Cards in play order (2 per trick).
    plays: [u8; 24],
    /// Cent stop: target and the totals before this deal (RULES.md 9).
    stop: Option<(u16, [u16; 2])>,
}

impl Deal {
    /// Validates a layout into a deal.
    pub fn new(rules: Rules, setup: DealSetup) -> Result<Deal, SetupError> {
        Deal::with_stop(rules, setup, None)
    }

    /// Like [`Deal::new`], with the cent stop during declarations: the target and
    /// both totals before the deal (applies when both are below it).
    pub fn with_stop(
        rules: Rules,
        setup: DealSetup,
        stop: Option<(u16, [u16; 2])>,
    ) -> Result<Deal, SetupError> {
        let err = |problem, setup| Err(SetupError { problem, setup });
        if let Err(reason) = rules.validate() {
            return err(SetupProblem::BadRules { reason }, setup);
        }
        let deck = rules.deck_cards();
        let tl = rules.talon_len();
        for (part, n, e) in [
            ("elder", setup.elder.len(), 12),
            ("dealer", setup.dealer_hand.len(), 12),
            ("talon", setup.talon.len(), tl as usize),
        ] {
            if n != e {
                return err(
                    SetupProblem::WrongCount {
                        part: part.into(),
                        expected: e as u8,
                        found: n.min(255) as u8,
                    },
                    setup,
                );
            }
        }
        let mut seen = CardSet::EMPTY;
        let all = setup
            .elder
            .into_iter()
            .chain(setup.dealer_hand)
            .chain(setup.talon.iter().copied());
        for c in all {
            if !deck.contains(c) {
                return err(SetupProblem::NotInDeck { card: c }, setup);
            }
            if seen.contains(c) {
                return err(SetupProblem::Duplicate { card: c }, setup);
            }
            seen.insert(c);
        }
        if let Some(c) = (deck - seen).lowest() {
            return err(SetupProblem::Missing { card: c }, setup);
        }
        let mut talon = [0u8; 12];
        for (i, c) in setup.talon.iter().enumerate() {
            talon[i] = c.index();
        }
        Ok(Deal::build(
            rules,
            setup.dealer,
            setup.elder,
            setup.dealer_hand,
            talon,
            stop,
        ))
    }

    /// Assembles a validated layout.
    fn build(
        rules: Rules,
        dealer: Seat,
        elder_hand: CardSet,
        dealer_hand: CardSet,
        talon: [u8; 12],
        stop: Option<(u16, [u16; 2])>,
    ) -> Deal {
        let elder = dealer.other();
        let mut hands = [CardSet::EMPTY; 2];
        hands[elder.index()] = elder_hand;
        hands[dealer.index()] = dealer_hand;
        let stop = stop.filter(|(t, totals)| totals[0] < *t && totals[1] < *t);
        Deal {
            rules,
            dealer,
            phase: Phase::ElderExchange,
            hands,
            dealt: hands,
            discards: [CardSet::EMPTY; 2],
            talon,
            talon_len: rules.talon_len(),
            talon_top: 0,
            seen_talon: [CardSet::EMPTY; 2],
            shown: [CardSet::EMPTY; 2],
            played: CardSet::EMPTY,
            voids: [0; 2],
            blanche: [false; 2],
            elder_took: 0,
            dealer_blind: None,
            lead_suit: None,
            decls: [DeclRecord::default(); 3],
            cat_points: [[0; 4]; 2],
            repic_after: [None; 2],
            dealer_counted: false,
            scores: [0; 2],
            pic_done: false,
            tricks: [0; 2],
            trick: 0,
            leader: elder,
            lead: None,
            plays: [0; 24],
            stop,
        }
    }

    /// A deal from a seed (see [`DealSetup::from_seed`]).
    /// Allocation-free: the shuffle is dealt straight into the state.
    pub fn from_seed(rules: Rules, dealer: Seat, seed: u64) -> Result<Deal, SetupError> {
        if rules.validate().is_err() {
            return Deal::new(rules, DealSetup::from_seed(&rules, dealer, seed));
        }
        let (elder, dealer_hand, talon, _) = shuffled(&rules, seed);
        Ok(Deal::build(rules, dealer, elder, dealer_hand, talon, None))
    }

    // ----- accessors -----

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The dealer (younger hand).
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The elder hand (premier en cartes).
    pub fn elder(&self) -> Seat {
        self.dealer.other()
    }
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// A seat's hand now.
    pub fn hand(&self, s: Seat) -> CardSet {
        self.hands[s.index()]
    }
    /// A seat's dealt twelve.
    pub fn dealt(&self, s: Seat) -> CardSet {
        self.dealt[s.index()]
    }
    /// A seat's discards.
    pub fn discards(&self, s: Seat) -> CardSet {
        self.discards[s.index()]
    }
    /// The talon cards not drawn yet, top first.
    pub fn talon_remaining(&self) -> impl Iterator<Item = Card> + '_ {
        self.talon[self.talon_top as usize..self.talon_len as usize]
            .iter()
            .filter_map(|&i| Card::from_index(i))
    }
    /// Number of talon cards not drawn yet.
    pub fn talon_left(&self) -> u8 {
        self.talon_len - self.talon_top
    }
    /// Talon cards a seat has seen (peek, leftover).
    pub fn seen_talon(&self, s: Seat) -> CardSet {
        self.seen_talon[s.index()]
    }
    /// Cards of a seat shown to the opponent.
    pub fn shown(&self, s: Seat) -> CardSet {
        self.shown[s.index()]
    }
    /// Cards played so far.
    pub fn played(&self) -> CardSet {
        self.played
    }
    /// Suits (bit per suit index) a seat showed void in by not following.
    pub fn voids(&self, s: Seat) -> u8 {
        self.voids[s.index()]
    }
    /// Carte blanche declared by each seat.
    pub fn carte_blanche(&self, s: Seat) -> bool {
        self.blanche[s.index()]
    }
    /// The declaration record of a category.
    pub fn declaration(&self, c: Category) -> &DeclRecord {
        &self.decls[c as usize]
    }
    /// Points scored in this deal so far (the sum of the `Scored` events).
    pub fn score(&self, s: Seat) -> u16 {
        self.scores[s.index()]
    }
    /// Tricks won.
    pub fn tricks_won(&self, s: Seat) -> u8 {
        self.tricks[s.index()]
    }
    /// Tricks completed (0..=12).
    pub fn tricks_played(&self) -> u8 {
        self.trick
    }
    /// The current trick's leader and led card.
    pub fn current_trick(&self) -> (Seat, Option<Card>) {
        (self.leader, self.lead)
    }
    /// The cards played so far, in order.
    pub fn play_sequence(&self) -> impl Iterator<Item = Card> + '_ {
        let n = self.trick as usize * 2 + usize::from(self.lead.is_some());
        self.plays[..n].iter().filter_map(|&i| Card::from_index(i))
    }
    /// Suit elder named to see the leftover.
    pub fn announced_lead_suit(&self) -> Option<Suit> {
        self.lead_suit
    }
    /// The dealer has counted his declarations (after elder's first lead).
    pub fn dealer_has_counted(&self) -> bool {
        self.dealer_counted
    }
    /// A claim as heard at a protocol step.
    pub fn claim_of(&self, c: Category, cards: CardSet, step: u8) -> Claim {
        self.public_claim(c, cards, step)
    }
    /// The deal is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. })
    }

    /// Whose decision it is (`None` when over).
    pub fn to_act(&self) -> Option<Seat> {
        let e = self.elder();
        let d = self.dealer;
        Some(match self.phase {
            Phase::ElderExchange
            | Phase::ElderBlancheDiscard { .. }
            | Phase::AbandonOffer
            | Phase::Declare { .. } => e,
            Phase::DealerBlindDiscard { .. }
            | Phase::AbandonReply
            | Phase::DealerExchange
            | Phase::Answer { .. } => d,
            Phase::Leftover => match self.rules.leftover {
                LeftoverRule::Classic => e,
                LeftoverRule::Rubicon => d,
            },
            Phase::Play => {
                if self.lead.is_some() {
                    self.leader.other()
                } else {
                    self.leader
                }
            }
            Phase::Finished { .. } => return None,
        })
    }

    /// When the decision is a discard: (min, max) cards, from the hand of `to_act`.
    pub fn discard_limits(&self) -> Option<(u8, u8)> {
        let left = self.talon_left();
        match self.phase {
            Phase::ElderExchange => Some((1, self.rules.elder_max.min(left))),
            Phase::ElderBlancheDiscard { exchange } => Some((exchange, exchange)),
            Phase::DealerBlindDiscard { exchange } => {
                let max = left - exchange;
                Some((self.rules.dealer_min_for(exchange).min(max), max))
            }
            Phase::DealerExchange => {
                Some((self.rules.dealer_min_for(self.elder_took).min(left), left))
            }
            _ => None,
        }
    }

    /// Cards the player to act may play (empty outside the play).
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let Some(p) = self.to_act() else {
            return CardSet::EMPTY;
        };
        let hand = self.hands[p.index()];
        match self.lead {
            None => match self.lead_suit {
                Some(s) if self.trick == 0 => hand.in_suit(s),
                _ => hand,
            },
            Some(l) => {
                let follow = hand.in_suit(l.suit());
                if follow.is_empty() { hand } else { follow }
            }
        }
    }

    /// The legal actions, except discards (see [`Deal::discard_limits`]), which are
    /// subsets; declarations and answers are listed with whole holdings and every
    /// sub-run or trois that sinking allows, while [`Deal::apply`] accepts any
    /// partial point too.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(p) = self.to_act() else { return };
        let hand = self.hands[p.index()];
        match self.phase {
            Phase::ElderExchange => {
                if combos::is_carte_blanche(hand) {
                    let (lo, hi) = self.discard_limits().unwrap_or((1, 1));
                    for k in lo..=hi {
                        out.push(Action::AnnounceCarteBlanche(k));
                    }
                }
            }
            Phase::DealerBlindDiscard { .. } | Phase::DealerExchange => {
                if self.may_declare_dealer_blanche() {
                    out.push(Action::DeclareCarteBlanche);
                }
            }
            Phase::AbandonOffer => {
                out.extend([Action::ProposeAbandon(false), Action::ProposeAbandon(true)])
            }
            Phase::AbandonReply => {
                out.extend([Action::AcceptAbandon(false), Action::AcceptAbandon(true)])
            }
            Phase::Leftover => match self.rules.leftover {
                LeftoverRule::Classic => {
                    out.push(Action::LookAtLeftover(None));
                    for s in hand.suits() {
                        out.push(Action::LookAtLeftover(Some(s)));
                    }
                }
                LeftoverRule::Rubicon => {
                    out.extend([Action::ExposeLeftover(false), Action::ExposeLeftover(true)])
                }
            },
            Phase::Declare { category } => {
                out.push(Action::Declare(None));
                for h in holdings(hand, category) {
                    out.push(Action::Declare(Some(h)));
                }
            }
            Phase::Answer { category, step } => {
                let rec = self.decls[category as usize];
                let elder_nothing = rec.elder.is_some_and(|e| e.is_empty());
                if elder_nothing && category != Category::Sequence {
                    out.push(Action::Declare(None));
                    for h in holdings(hand, category) {
                        out.push(Action::Declare(Some(h)));
                    }
                    return;
                }
                out.push(Action::Answer(Answer::Good));
                if elder_nothing
                    && self
                        .check_answer(category, step, Answer::Equal(CardSet::EMPTY))
                        .is_ok()
                {
                    out.push(Action::Answer(Answer::Equal(CardSet::EMPTY)));
                }
                for h in holdings(hand, category) {
                    for a in [Answer::Equal(h), Answer::Better(h)] {
                        if self.check_answer(category, step, a).is_ok() {
                            out.push(Action::Answer(a));
                        }
                    }
                }
            }
            Phase::Play => {
                for c in self.legal_plays() {
                    out.push(Action::Play(c));
                }
            }
            Phase::ElderBlancheDiscard { .. } | Phase::Finished { .. } => {}
        }
    }

    /// Checks an action without applying it.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        let mut copy = *self;
        copy.apply_with(seat, action, &mut crate::event::NoEvents)
    }

    /// Applies an action, returning the new state and its events; `self` is untouched.
    pub fn apply(&self, seat: Seat, action: Action) -> Result<(Deal, Vec<Event>), IllegalAction> {
        let mut next = *self;
        let mut ev = Vec::new();
        next.apply_with(seat, action, &mut ev)?;
        Ok((next, ev))
    }

    /// Applies an action in place, writing events to `sink`. On error nothing
    /// has changed and nothing was written (every check precedes every change).
    ///
    /// After the turn is checked, each phase has its own `apply_…` method below;
    /// an action that phase does not take is refused with the reason `refusal`
    /// gives.
    pub fn apply_with<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Some(to_act) = self.to_act() else {
            return Err(IllegalAction::DealOver);
        };
        if seat != to_act {
            return Err(IllegalAction::NotYourTurn { to_act });
        }
        match self.phase {
            Phase::ElderExchange => self.apply_elder_exchange(seat, action, sink),
            Phase::DealerBlindDiscard { exchange } => {
                self.apply_dealer_blind_discard(seat, exchange, action, sink)
            }
            Phase::ElderBlancheDiscard { exchange } => {
                self.apply_elder_blanche_discard(seat, exchange, action, sink)
            }
            Phase::AbandonOffer => self.apply_abandon_offer(action, sink),
            Phase::AbandonReply => self.apply_abandon_reply(action, sink),
            Phase::DealerExchange => self.apply_dealer_exchange(seat, action, sink),
            Phase::Leftover => self.apply_leftover(action, sink),
            Phase::Declare { category } => self.apply_declare(category, action, sink),
            Phase::Answer { category, step } => self.apply_answer(category, step, action, sink),
            Phase::Play => self.apply_play(seat, action, sink),
            // `to_act` is `None` once the deal is over.
            Phase::Finished { .. } => Err(IllegalAction::DealOver),
        }
    }

    /// Why an action the current phase does not take is refused: the most telling
    /// reason first, [`IllegalAction::WrongPhase`] when there is none.
    fn refusal(&self, action: Action) -> IllegalAction {
        match (self.phase, action) {
            (
                Phase::AbandonOffer | Phase::AbandonReply,
                Action::ProposeAbandon(_) | Action::AcceptAbandon(_),
            ) => IllegalAction::WrongPhase,
            (_, Action::ProposeAbandon(_) | Action::AcceptAbandon(_)) if !self.rules.abandon => {
                IllegalAction::AbandonNotAllowed
            }
            (_, Action::AnnounceCarteBlanche(_) | Action::DeclareCarteBlanche) => {
                IllegalAction::NoCarteBlanche
            }
            (_, Action::LookAtLeftover(_) | Action::ExposeLeftover(_))
                if self.talon_left() == 0 =>
            {
                IllegalAction::NoLeftover
            }
            _ => IllegalAction::WrongPhase,
        }
    }

    // ----- the exchange (Art. 4–5) -----

    /// Elder exchanges (Art. 4), or announces carte blanche and how many he will
    /// exchange (Art. 5).
    fn apply_elder_exchange<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let e = self.elder();
        match action {
            Action::Discard(cards) => {
                self.check_discard(seat, cards)?;
                let k = cards.len() as u8;
                self.discard(e, cards, sink);
                self.draw(e, k, sink);
                self.after_elder_drew(k, sink);
            }
            Action::AnnounceCarteBlanche(k) => {
                if !combos::is_carte_blanche(self.hands[e.index()]) {
                    return Err(IllegalAction::NoCarteBlanche);
                }
                let (lo, hi) = self.discard_limits().unwrap_or((1, 1));
                if k < lo {
                    return Err(IllegalAction::MustDiscardAtLeastOne { min: lo });
                }
                if k > hi {
                    return Err(IllegalAction::TooManyDiscards { max: hi });
                }
                self.blanche[e.index()] = true;
                sink.push(Event::CarteBlanche {
                    seat: e,
                    exchange: Some(k),
                });
                self.phase = Phase::DealerBlindDiscard { exchange: k };
            }
            _ => return Err(self.refusal(action)),
        }
        Ok(())
    }

    /// After elder's carte blanche, the dealer discards without drawing yet (or
    /// declares his own carte blanche first); then elder shows his twelve (Art. 5).
    fn apply_dealer_blind_discard<E: EventSink>(
        &mut self,
        seat: Seat,
        exchange: u8,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let (e, d) = (self.elder(), self.dealer);
        match action {
            Action::Discard(cards) => {
                self.check_discard(seat, cards)?;
                self.discard(d, cards, sink);
                self.dealer_blind = Some(cards.len() as u8);
                // Art. 5: elder shows his twelve, then discards the announced number.
                self.show(e, self.hands[e.index()], sink);
                self.phase = Phase::ElderBlancheDiscard { exchange };
            }
            Action::DeclareCarteBlanche => self.declare_dealer_blanche(sink)?,
            _ => return Err(self.refusal(action)),
        }
        Ok(())
    }

    /// Elder, having shown carte blanche, discards exactly the number he announced
    /// and draws (Art. 5).
    fn apply_elder_blanche_discard<E: EventSink>(
        &mut self,
        seat: Seat,
        exchange: u8,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Action::Discard(cards) = action else {
            return Err(self.refusal(action));
        };
        let e = self.elder();
        self.check_discard(seat, cards)?;
        self.discard(e, cards, sink);
        self.draw(e, exchange, sink);
        self.after_elder_drew(exchange, sink);
        Ok(())
    }

    /// The dealer exchanges (Art. 4), or first declares carte blanche (Art. 5).
    fn apply_dealer_exchange<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let d = self.dealer;
        match action {
            Action::Discard(cards) => {
                self.check_discard(seat, cards)?;
                let k = cards.len() as u8;
                self.discard(d, cards, sink);
                self.draw(d, k, sink);
                self.after_dealer_drew(sink);
            }
            Action::DeclareCarteBlanche => self.declare_dealer_blanche(sink)?,
            _ => return Err(self.refusal(action)),
        }
        Ok(())
    }

    /// The dealer's "cartes blanches" (Art. 5), before his discard.
    fn declare_dealer_blanche<E: EventSink>(&mut self, sink: &mut E) -> Result<(), IllegalAction> {
        let d = self.dealer;
        if !self.may_declare_dealer_blanche() {
            return Err(IllegalAction::NoCarteBlanche);
        }
        self.blanche[d.index()] = true;
        sink.push(Event::CarteBlanche {
            seat: d,
            exchange: None,
        });
        if self.phase == Phase::DealerExchange {
            // Art. 5: the dealer shows his twelve, then exchanges.
            self.show(d, self.hands[d.index()], sink);
        }
        Ok(())
    }

    // ----- Les Fâcheux (RULES.md 11.8) -----

    /// Elder proposes, or not, to abandon the deal.
    fn apply_abandon_offer<E: EventSink>(
        &mut self,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Action::ProposeAbandon(p) = action else {
            return Err(self.refusal(action));
        };
        if p {
            sink.push(Event::AbandonProposed);
            self.phase = Phase::AbandonReply;
        } else {
            self.enter_dealer_exchange(sink);
        }
        Ok(())
    }

    /// The dealer accepts elder's proposal (the deal ends) or refuses it.
    fn apply_abandon_reply<E: EventSink>(
        &mut self,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Action::AcceptAbandon(a) = action else {
            return Err(self.refusal(action));
        };
        sink.push(Event::AbandonAnswered { accepted: a });
        if a {
            self.finish(DealEnd::Abandoned, sink);
        } else {
            self.enter_dealer_exchange(sink);
        }
        Ok(())
    }

    // ----- the leftover (RULES.md 3.4) -----

    /// Classic: elder names his lead suit to see the leftover, or passes. Rubicon:
    /// the dealer exposes the leftover or hides it.
    fn apply_leftover<E: EventSink>(
        &mut self,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let e = self.elder();
        match action {
            Action::LookAtLeftover(choice) => {
                if let Some(s) = choice {
                    if self.hands[e.index()].in_suit(s).is_empty() {
                        return Err(IllegalAction::SuitNotHeld);
                    }
                    self.lead_suit = Some(s);
                    sink.push(Event::LeadSuitAnnounced { suit: s });
                    let left = self.leftover();
                    self.seen_talon[e.index()] |= left;
                    sink.push(Event::Peeked {
                        seat: e,
                        cards: left,
                    });
                }
            }
            Action::ExposeLeftover(expose) => {
                let left = self.leftover();
                if expose {
                    self.seen_talon[0] |= left;
                    self.seen_talon[1] |= left;
                    sink.push(Event::LeftoverExposed { cards: left });
                } else {
                    sink.push(Event::LeftoverHidden);
                }
            }
            _ => return Err(self.refusal(action)),
        }
        self.phase = Phase::Declare {
            category: Category::Point,
        };
        Ok(())
    }

    // ----- the declarations (Art. 6–8) -----

    /// Elder declares a holding of `category`, or nothing.
    fn apply_declare<E: EventSink>(
        &mut self,
        category: Category,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Action::Declare(claim) = action else {
            return Err(self.refusal(action));
        };
        let e = self.elder();
        let cards = claim.unwrap_or(CardSet::EMPTY);
        if !cards.is_empty() && !valid_holding(self.hands[e.index()], category, cards) {
            return Err(IllegalAction::DeclarationNotHeld);
        }
        self.decls[category as usize].elder = Some(cards);
        sink.push(Event::Declared {
            seat: e,
            category,
            claim: self.public_claim(category, cards, 1),
        });
        self.phase = Phase::Answer { category, step: 1 };
        Ok(())
    }

    /// The dealer answers elder's declaration; or, when elder declared nothing for
    /// the point or the sets, declares his own holding.
    fn apply_answer<E: EventSink>(
        &mut self,
        category: Category,
        step: u8,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let rec = self.decls[category as usize];
        let elder_nothing = rec.elder.is_some_and(|c| c.is_empty());
        match action {
            Action::Declare(claim) => {
                if category == Category::Sequence || !elder_nothing {
                    return Err(IllegalAction::WrongPhase);
                }
                let d = self.dealer;
                let cards = claim.unwrap_or(CardSet::EMPTY);
                if !cards.is_empty() && !valid_holding(self.hands[d.index()], category, cards) {
                    return Err(IllegalAction::DeclarationNotHeld);
                }
                // RULES.md 11.2: the dealer's holding is good; it is said when he counts.
                let r = &mut self.decls[category as usize];
                r.dealer = Some(cards);
                r.winner = if cards.is_empty() { None } else { Some(d) };
                r.done = true;
                self.next_category(category, sink);
            }
            Action::Answer(a) => {
                if elder_nothing && category != Category::Sequence {
                    return Err(IllegalAction::WrongPhase);
                }
                self.check_answer(category, step, a)?;
                self.answer(category, step, a, sink);
            }
            _ => return Err(self.refusal(action)),
        }
        Ok(())
    }

    // ----- the play (Art. 13–18) -----

    /// A card is led or played to the trick: held, and following suit (Art. 13) or
    /// leading the suit named for the leftover.
    fn apply_play<E: EventSink>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut E,
    ) -> Result<(), IllegalAction> {
        let Action::Play(card) = action else {
            return Err(self.refusal(action));
        };
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return Err(IllegalAction::CardNotInHand { card });
        }
        if !self.legal_plays().contains(card) {
            return Err(if self.lead.is_some() {
                IllegalAction::MustFollowSuit
            } else {
                IllegalAction::MustLeadAnnouncedSuit
            });
        }
        self.play(seat, card, sink);
        Ok(())
    }

    // ----- exchange helpers -----

    fn may_declare_dealer_blanche(&self) -> bool {
        let d = self.dealer.index();
        let e = self.elder().index();
        match self.phase {
            Phase::DealerBlindDiscard { .. } | Phase::DealerExchange => {}
            _ => return false,
        }
        !self.blanche[d]
            && combos::is_carte_blanche(self.dealt[d])
            && self.hands[d] == self.dealt[d]
            && (!self.blanche[e] || self.rules.both_carte_blanche)
    }

    fn check_discard(&self, seat: Seat, cards: CardSet) -> Result<(), IllegalAction> {
        let hand = self.hands[seat.index()];
        if let Some(c) = (cards - hand).lowest() {
            return Err(IllegalAction::CardNotInHand { card: c });
        }
        let (lo, hi) = self.discard_limits().unwrap_or((0, 0));
        let n = cards.len() as u8;
        if let Phase::ElderBlancheDiscard { exchange } = self.phase {
            if n != exchange {
                return Err(IllegalAction::WrongExchangeCount { expected: exchange });
            }
        }
        if n < lo {
            return Err(IllegalAction::MustDiscardAtLeastOne { min: lo });
        }
        if n > hi {
            return Err(IllegalAction::TooManyDiscards { max: hi });
        }
        Ok(())
    }

    fn discard<E: EventSink>(&mut self, s: Seat, cards: CardSet, sink: &mut E) {
        self.hands[s.index()] -= cards;
        self.discards[s.index()] |= cards;
        sink.push(Event::Discarded {
            seat: s,
            count: cards.len() as u8,
        });
    }

    fn draw<E: EventSink>(&mut self, s: Seat, k: u8, sink: &mut E) {
        for _ in 0..k {
            if let Some(c) = Card::from_index(self.talon[self.talon_top as usize]) {
                self.hands[s.index()].insert(c);
            }
            self.talon_top += 1;
        }
        sink.push(Event::Drew { seat: s, count: k });
    }

    fn show<E: EventSink>(&mut self, s: Seat, cards: CardSet, sink: &mut E) {
        if !cards.is_empty() {
            self.shown[s.index()] |= cards;
            sink.push(Event::Shown { seat: s, cards });
        }
    }

    fn leftover(&self) -> CardSet {
        self.talon_remaining().collect()
    }

    /// Elder has drawn `k`: his peek at what he could have taken (Art. 4), then
    /// Les Fâcheux or the dealer's turn.
    fn after_elder_drew<E: EventSink>(&mut self, k: u8, sink: &mut E) {
        let e = self.elder();
        self.elder_took = k;
        let could = self.rules.elder_max.min(self.talon_left() + k) - k;
        if could > 0 {
            let start = self.talon_top as usize;
            let peek: CardSet = self.talon[start..start + could as usize]
                .iter()
                .filter_map(|&i| Card::from_index(i))
                .collect();
            self.seen_talon[e.index()] |= peek;
            sink.push(Event::Peeked {
                seat: e,
                cards: peek,
            });
        }
        if self.rules.abandon {
            self.phase = Phase::AbandonOffer;
        } else {
            self.enter_dealer_exchange(sink);
        }
    }

    fn enter_dealer_exchange<E: EventSink>(&mut self, sink: &mut E) {
        let d = self.dealer;
        match self.dealer_blind {
            Some(k) => {
                // Art. 5 (both blanches): the dealer shows his dealt twelve, then draws.
                if self.blanche[d.index()] {
                    self.show(d, self.dealt[d.index()], sink);
                }
                self.draw(d, k, sink);
                self.after_dealer_drew(sink);
            }
            None => self.phase = Phase::DealerExchange,
        }
    }

    fn after_dealer_drew<E: EventSink>(&mut self, sink: &mut E) {
        let left = self.leftover();
        if left.is_empty() {
            self.phase = Phase::Declare {
                category: Category::Point,
            };
            return;
        }
        if self.rules.leftover == LeftoverRule::Classic {
            let d = self.dealer;
            self.seen_talon[d.index()] |= left;
            sink.push(Event::Peeked {
                seat: d,
                cards: left,
            });
        }
        self.phase = Phase::Leftover;
    }

    // ----- declarations -----

    fn two_step(&self, c: Category) -> bool {
        self.rules.two_step(c)
    }

    /// What the opponent hears of a claim at a given step.
    fn public_claim(&self, c: Category, cards: CardSet, step: u8) -> Claim {
        self.rules.claim_of(c, cards, step)
    }

    /// Comparison key of a holding for a protocol step: (primary, full).
    fn step_key(&self, c: Category, cards: CardSet, step: u8) -> u32 {
        let two = self.two_step(c);
        match c {
            Category::Point => {
                let p =
                    Point::of(cards).map_or((0, 0), |p| (u32::from(p.length), p.key(&self.rules)));
                if two && step == 1 { p.0 } else { p.1 }
            }
            Category::Sequence => {
                let q = Sequence::of(cards)
                    .map_or((0, 0), |q| (u32::from(q.length), u32::from(q.key())));
                if two && step == 1 { q.0 } else { q.1 }
            }
            Category::Sets => Set::of(cards).map_or(0, |s| u32::from(s.key())),
        }
    }

    fn check_answer(&self, c: Category, step: u8, a: Answer) -> Result<(), IllegalAction> {
        let d = self.dealer.index();
        let elder_cards = self.decls[c as usize].elder.unwrap_or(CardSet::EMPTY);
        let (h, better) = match a {
            Answer::Good => return Ok(()),
            Answer::Equal(h) => (h, false),
            Answer::Better(h) => (h, true),
        };
        if c == Category::Sets && !better {
            return Err(IllegalAction::AnswerNotBacked);
        }
        if h.is_empty() {
            // "Égal" to "pas de séquence": he has none either.
            let ok = !better
                && elder_cards.is_empty()
                && combos::sequences(self.hands[d]).next().is_none();
            return if ok {
                Ok(())
            } else {
                Err(IllegalAction::AnswerNotBacked)
            };
        }
        if !valid_holding(self.hands[d], c, h) {
            return Err(IllegalAction::AnswerNotBacked);
        }
        if elder_cards.is_empty() {
            return if better {
                Ok(())
            } else {
                Err(IllegalAction::AnswerNotBacked)
            };
        }
        // Second step: the holding must match the first step's length.
        if step == 2 && self.step_key(c, h, 1) != self.step_key(c, elder_cards, 1) {
            return Err(IllegalAction::AnswerNotBacked);
        }
        let (mine, his) = (
            self.step_key(c, h, step),
            self.step_key(c, elder_cards, step),
        );
        let ok = if better { mine > his } else { mine == his };
        if ok {
            Ok(())
        } else {
            Err(IllegalAction::AnswerNotBacked)
        }
    }

    fn answer<E: EventSink>(&mut self, c: Category, step: u8, a: Answer, sink: &mut E) {
        let (e, d) = (self.elder(), self.dealer);
        let kind = match a {
            Answer::Good => AnswerKind::Good,
            Answer::Equal(_) => AnswerKind::Equal,
            Answer::Better(_) => AnswerKind::Better,
        };
        sink.push(Event::Answered {
            seat: d,
            category: c,
            answer: kind,
        });
        let elder_cards = self.decls[c as usize].elder.unwrap_or(CardSet::EMPTY);
        let two = self.two_step(c);
        let r = &mut self.decls[c as usize];
        r.answers[step as usize - 1] = Some(kind);
        match a {
            Answer::Good => {
                r.winner = if elder_cards.is_empty() {
                    None
                } else {
                    Some(e)
                };
            }
            Answer::Better(h) => {
                r.dealer = Some(h);
                r.winner = Some(d);
            }
            Answer::Equal(h) => {
                r.dealer = Some(h);
                if two && step == 1 && !h.is_empty() {
                    // Two steps: "equal" on length; elder says the rest.
                    sink.push(Event::Declared {
                        seat: e,
                        category: c,
                        claim: self.public_claim(c, elder_cards, 2),
                    });
                    self.phase = Phase::Answer {
                        category: c,
                        step: 2,
                    };
                    return;
                }
                r.winner = None;
                // RULES.md 5.4: both show an equal holding.
                self.show(e, elder_cards, sink);
                self.show(d, h, sink);
            }
        }
        self.decls[c as usize].done = true;
        self.next_category(c, sink);
    }

    fn next_category<E: EventSink>(&mut self, c: Category, sink: &mut E) {
        match c {
            Category::Point => {
                self.phase = Phase::Declare {
                    category: Category::Sequence,
                }
            }
            Category::Sequence => {
                self.phase = Phase::Declare {
                    category: Category::Sets,
                }
            }
            Category::Sets => self.end_declarations(sink),
        }
    }

    /// The items a seat scores in a category (RULES.md 5.1–5.3), with the cards shown.
    fn items(&self, s: Seat, cat: usize) -> (Items, usize, CardSet) {
        let mut out: Items = [(0, ScoreReason::Point); 5];
        let mut n = 0;
        let mut show = CardSet::EMPTY;
        let hand = self.hands[s.index()];
        if cat == 0 {
            if self.blanche[s.index()] {
                out[0] = (
                    u16::from(self.rules.carte_blanche),
                    ScoreReason::CarteBlanche,
                );
                n = 1;
            }
            return (out, n, show);
        }
        let c = [Category::Point, Category::Sequence, Category::Sets][cat - 1];
        let rec = self.decls[cat - 1];
        if rec.winner != Some(s) {
            return (out, 0, show);
        }
        let declared = if s == self.dealer {
            rec.dealer
        } else {
            rec.elder
        }
        .unwrap_or(CardSet::EMPTY);
        let all = self.rules.scored_combos == ScoredCombos::DeclaredAndNotBetter;
        match c {
            Category::Point => {
                if let Some(p) = Point::of(declared) {
                    out[0] = (p.score(&self.rules), ScoreReason::Point);
                    n = 1;
                    show = declared;
                }
            }
            Category::Sequence => {
                if let Some(q) = Sequence::of(declared) {
                    out[0] = (q.score(&self.rules), ScoreReason::Sequence);
                    n = 1;
                    show = declared;
                    if all {
                        let own_run = combos::run_containing(hand, &q);
                        for r in combos::sequences(hand) {
                            if Some(r) != own_run && r.key() <= q.key() && n < 5 {
                                out[n] = (r.score(&self.rules), ScoreReason::Sequence);
                                n += 1;
                                show |= r.cards();
                            }
                        }
                    }
                }
            }
            Category::Sets => {
                if let Some(t) = Set::of(declared) {
                    out[0] = (t.score(), ScoreReason::Set);
                    n = 1;
                    show = declared;
                    if all {
                        for o in combos::sets(hand) {
                            if o.rank != t.rank && o.key() <= t.key() && n < 5 {
                                out[n] = (o.score(), ScoreReason::Set);
                                n += 1;
                                show |= combos::set_cards(hand, o.rank);
                            }
                        }
                    }
                }
            }
        }
        (out, n, show)
    }

    /// End of declarations: repic, the cent stop, elder's count (Art. 9–12).
    fn end_declarations<E: EventSink>(&mut self, sink: &mut E) {
        let (e, d) = (self.elder(), self.dealer);
        let mut run = [0u16; 2];
        let mut stop_at = None;
        for cat in 0..4 {
            for s in [e, d] {
                let (items, n, _) = self.items(s, cat);
                let pts: u16 = items[..n].iter().map(|i| i.0).sum();
                self.cat_points[s.index()][cat] = pts;
                run[s.index()] += pts;
                // Art. 12: 30 from declarations before the other has scored anything.
                let o = s.other().index();
                if self.rules.repic_pic
                    && self.repic_after[s.index()].is_none()
                    && run[s.index()] >= 30
                    && run[o] == 0
                {
                    self.repic_after[s.index()] = Some(cat as u8);
                    run[s.index()] += 60;
                }
            }
            if let (Some((target, totals)), None) = (self.stop, stop_at) {
                let reach = |s: Seat| totals[s.index()] + run[s.index()] >= target;
                let (ta, tb) = (totals[0] + run[0], totals[1] + run[1]);
                stop_at = match (reach(Seat::A), reach(Seat::B)) {
                    (true, false) => Some((cat, Seat::A)),
                    (false, true) => Some((cat, Seat::B)),
                    (true, true) if ta != tb => {
                        Some((cat, if ta > tb { Seat::A } else { Seat::B }))
                    }
                    (true, true) => {
                        // Equal totals: the deal is played out.
                        self.stop = None;
                        None
                    }
                    _ => None,
                };
            }
        }
        if let Some((last, winner)) = stop_at {
            for cat in 0..=last {
                for s in [e, d] {
                    self.count_category(s, cat, sink);
                }
            }
            self.dealer_counted = true;
            self.finish(DealEnd::Stopped { winner }, sink);
            return;
        }
        for cat in 0..4 {
            self.count_category(e, cat, sink);
        }
        self.phase = Phase::Play;
    }

    /// Counts (says, shows and scores) one seat's good declarations of a category.
    fn count_category<E: EventSink>(&mut self, s: Seat, cat: usize, sink: &mut E) {
        let (items, n, show) = self.items(s, cat);
        if s == self.dealer && cat > 0 {
            let rec = self.decls[cat - 1];
            if rec.elder.is_some_and(|c| c.is_empty()) && rec.winner == Some(s) {
                let c = [Category::Point, Category::Sequence, Category::Sets][cat - 1];
                let claim = self.public_claim(c, rec.dealer.unwrap_or(CardSet::EMPTY), 2);
                sink.push(Event::Declared {
                    seat: s,
                    category: c,
                    claim,
                });
            }
        }
        self.show(s, show, sink);
        for &(pts, reason) in &items[..n] {
            self.award(s, pts, reason, false, sink);
        }
        if self.repic_after[s.index()] == Some(cat as u8) {
            self.award(s, 60, ScoreReason::Repic, false, sink);
        }
    }

    fn dealer_count<E: EventSink>(&mut self, sink: &mut E) {
        self.dealer_counted = true;
        for cat in 0..4 {
            self.count_category(self.dealer, cat, sink);
        }
    }

    // ----- scoring and play -----

    /// Scores points; in play, checks pic (Art. 18; RULES.md 7).
    fn award<E: EventSink>(
        &mut self,
        s: Seat,
        pts: u16,
        reason: ScoreReason,
        in_play: bool,
        sink: &mut E,
    ) {
        if pts == 0 {
            return;
        }
        let before = self.scores[s.index()];
        self.scores[s.index()] += pts;
        sink.push(Event::Scored {
            seat: s,
            points: pts,
            reason,
        });
        if in_play
            && self.rules.repic_pic
            && !self.pic_done
            && before < 30
            && self.scores[s.index()] >= 30
        {
            let o = s.other();
            let pending = if o == self.dealer && !self.dealer_counted {
                self.cat_points[o.index()].iter().sum::<u16>()
                    + if self.repic_after[o.index()].is_some() {
                        60
                    } else {
                        0
                    }
            } else {
                0
            };
            if self.scores[o.index()] + pending == 0 {
                self.pic_done = true;
                self.scores[s.index()] += 30;
                sink.push(Event::Scored {
                    seat: s,
                    points: 30,
                    reason: ScoreReason::Pic,
                });
            }
        }
    }

    fn play<E: EventSink>(&mut self, s: Seat, card: Card, sink: &mut E) {
        self.hands[s.index()].remove(card);
        self.played.insert(card);
        let pos = self.trick as usize * 2 + usize::from(self.lead.is_some());
        self.plays[pos] = card.index();
        sink.push(Event::Played { seat: s, card });
        let Some(led) = self.lead else {
            self.lead = Some(card);
            match self.rules.trick_points {
                TrickPoints::ScoringCards if card.rank().is_scoring() => {
                    self.award(s, 1, ScoreReason::LeadScoringCard, true, sink)
                }
                TrickPoints::AllCards => self.award(s, 1, ScoreReason::Lead, true, sink),
                _ => {}
            }
            if !self.dealer_counted {
                // Art. 14: the dealer counts after elder's first lead, then plays.
                self.dealer_count(sink);
            }
            return;
        };
        if card.suit() != led.suit() {
            self.voids[s.index()] |= 1 << led.suit().index();
        }
        let second_wins = card.suit() == led.suit() && card.rank() > led.rank();
        let winner = if second_wins { s } else { self.leader };
        self.trick += 1;
        self.tricks[winner.index()] += 1;
        sink.push(Event::TrickWon {
            seat: winner,
            trick: self.trick,
        });
        match self.rules.trick_points {
            TrickPoints::ScoringCards if second_wins && card.rank().is_scoring() => {
                self.award(s, 1, ScoreReason::WonWithScoringCard, true, sink)
            }
            TrickPoints::AllCards if second_wins => {
                self.award(s, 1, ScoreReason::WonTrick, true, sink)
            }
            TrickPoints::PerTrickWon => self.award(winner, 1, ScoreReason::TrickWon, true, sink),
            _ => {}
        }
        self.leader = winner;
        self.lead = None;
        if self.trick == 12 {
            let capot = self.tricks[winner.index()] == 12;
            if !(capot && self.rules.capot_no_last_trick) {
                self.award(
                    winner,
                    u16::from(self.rules.last_trick_bonus),
                    ScoreReason::LastTrick,
                    true,
                    sink,
                );
            }
            // Art. 16–17: the cards, or capot instead.
            let (a, b) = (self.tricks[0], self.tricks[1]);
            if a != b {
                let w = if a > b { Seat::A } else { Seat::B };
                if capot {
                    self.award(
                        w,
                        u16::from(self.rules.capot_bonus),
                        ScoreReason::Capot,
                        false,
                        sink,
                    );
                } else {
                    self.award(
                        w,
                        u16::from(self.rules.cards_bonus),
                        ScoreReason::Cards,
                        false,
                        sink,
                    );
                }
            }
            self.finish(DealEnd::Played, sink);
        }
    }

    fn finish<E: EventSink>(&mut self, end: DealEnd, sink: &mut E) {
        self.phase = Phase::Finished { end };
        sink.push(Event::DealEnded { end });
    }
}

/// The natural holdings of a category in a hand, for `legal_actions`: each whole
/// suit (point), every sub-run of 3+ of each run (sequences), every set and every
/// trois out of a quatorze (sets).
pub fn holdings(hand: CardSet, c: Category) -> impl Iterator<Item = CardSet> {
    let mut out = [CardSet::EMPTY; 64];
    let mut n = 0;
    match c {
        Category::Point => {
            for s in hand.suits() {
                out[n] = hand.in_suit(s);
                n += 1;
            }
        }
        Category::Sequence => {
            for r in combos::sequences(hand) {
                let low = r.top.index() + 1 - r.length;
                for len in 3..=r.length {
                    for lo in low..=r.top.index() + 1 - len {
                        if n < 64 {
                            let q = Sequence {
                                suit: r.suit,
                                length: len,
                                top: Rank::from_index(lo + len - 1),
                            };
                            out[n] = q.cards();
                            n += 1;
                        }
                    }
                }
            }
        }
        Category::Sets => {
            for s in combos::sets(hand) {
                let cards = combos::set_cards(hand, s.rank);
                out[n] = cards;
                n += 1;
                if s.count == 4 {
                    for c in cards {
                        out[n] = cards - c.set();
                        n += 1;
                    }
                }
            }
        }
    }
    out.into_iter().take(n)
}

/// A declaration of this category is held: subset of the hand and of the right shape.
pub fn valid_holding(hand: CardSet, c: Category, cards: CardSet) -> bool {
    hand.is_superset(cards)
        && match c {
            Category::Point => Point::of(cards).is_some(),
            Category::Sequence => Sequence::of(cards).is_some(),
            Category::Sets => Set::of(cards).is_some(),
        }
}
