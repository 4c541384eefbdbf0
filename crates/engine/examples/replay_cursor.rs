//! Measures the replay cursor: `cargo run --release -p piquet-engine --example replay_cursor`.
//! Prints, per preset, the cost of opening a record and of each kind of move.

use piquet_engine::cursor::ReplayCursor;
use piquet_engine::random_play::random_record;
use piquet_engine::{Record, Rules, SplitMix64};
use std::hint::black_box;
use std::time::Instant;

fn ns_per(start: Instant, n: usize) -> f64 {
    start.elapsed().as_nanos() as f64 / n.max(1) as f64
}

fn main() {
    println!(
        "preset      deals positions  open(µs)  forward(ns)  back(ns)  seek(ns)  json→text→json(µs)"
    );
    for (id, rules) in Rules::ALL {
        let rec = random_record(rules, 7);
        let reps = 200;
        let t = Instant::now();
        for _ in 0..reps {
            black_box(ReplayCursor::new(black_box(&rec)).unwrap());
        }
        let open = ns_per(t, reps) / 1000.0;
        let mut c = ReplayCursor::new(&rec).unwrap();
        let n = c.len();
        let t = Instant::now();
        for _ in 0..reps {
            c.to_start();
            while c.forward() {
                black_box(c.counts());
            }
        }
        let forward = ns_per(t, reps * n);
        let t = Instant::now();
        for _ in 0..reps {
            c.to_end();
            while c.back() {
                black_box(c.counts());
            }
        }
        let back = ns_per(t, reps * n);
        let mut rng = SplitMix64::new(1);
        let seeks = 100_000;
        let t = Instant::now();
        for _ in 0..seeks {
            c.seek(rng.below(n as u32) as usize);
            black_box(c.counts());
        }
        let seek = ns_per(t, seeks);
        let json = rec.to_json();
        let t = Instant::now();
        for _ in 0..reps {
            let text = Record::from_json(&json).unwrap().to_text();
            black_box(Record::from_text(&text).unwrap().to_json());
        }
        let conv = ns_per(t, reps) / 1000.0;
        println!(
            "{id:<10} {:>6} {n:>9} {open:>9.1} {forward:>12.0} {back:>9.0} {seek:>9.0} {conv:>19.1}",
            rec.deals.len()
        );
    }
}
