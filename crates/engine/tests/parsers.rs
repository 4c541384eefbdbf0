#![cfg(not(target_arch = "wasm32"))]
//! Property tests for the card notation and the record parser: round trips,
//! and no panic on any input.

use piquet_engine::{Card, CardSet, Record, Rules};
use proptest::prelude::*;

proptest! {
    #[test]
    fn card_round_trip(i in 0u8..36) {
        let c = Card::from_index(i).unwrap();
        prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.to_string().to_lowercase().parse::<Card>().unwrap(), c);
        prop_assert_eq!(c.index(), c.suit().index() * 9 + c.rank().index());
    }

    #[test]
    fn cardset_round_trip(bits in 0u64..(1u64 << 36)) {
        let s = CardSet::from_bits(bits);
        prop_assert_eq!(s.to_string().parse::<CardSet>().unwrap(), s);
        prop_assert_eq!(s.into_iter().count(), s.len());
        let json = serde_json::to_string(&s).unwrap();
        prop_assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), s);
    }

    #[test]
    fn ten_is_t(s in 0u8..4) {
        let suit = ['S', 'H', 'D', 'C'][s as usize];
        prop_assert_eq!(format!("10{suit}").parse::<Card>().unwrap(), format!("T{suit}").parse::<Card>().unwrap());
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}") {
        let _ = s.parse::<Card>();
        let _ = s.parse::<CardSet>();
        let _ = Rules::by_id(&s);
        if let Ok(r) = Record::from_json(&s) {
            let _ = r.replay();
        }
    }

    #[test]
    fn record_like_json_never_panics(s in "\\{\"format\":\"piquet-record\",\"version\":1,\"rules\":\"(classique|rubicon|x)\",\"cut\":\\{\"draws\":\\[\\[\"[AKQ][SH]\",\"[789T][DC]\"\\]\\]\\},\"deals\":\\[[ -~]{0,30}\\]\\}") {
        if let Ok(r) = Record::from_json(&s) {
            let _ = r.replay();
        }
    }
}
