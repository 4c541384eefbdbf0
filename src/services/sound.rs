//! Small generated sounds (WebAudio oscillators, no sound files): a soft tick for a card, a
//! two-note chime for a declaration, a rising arpeggio for pic, repic and capot.

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Card,
    Declaration,
    Celebration,
}

fn tone(ctx: &AudioContext, freq: f32, start: f64, length: f64, kind: OscillatorType, volume: f32) {
    let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
        return;
    };
    osc.set_type(kind);
    osc.frequency().set_value(freq);
    let t = ctx.current_time() + start;
    let g = gain.gain();
    let _ = g.set_value_at_time(0.0, t);
    let _ = g.linear_ramp_to_value_at_time(volume, t + 0.01);
    let _ = g.exponential_ramp_to_value_at_time(0.0001, t + length);
    if osc.connect_with_audio_node(&gain).is_err()
        || gain.connect_with_audio_node(&ctx.destination()).is_err()
    {
        return;
    }
    let _ = osc.start_with_when(t);
    let _ = osc.stop_with_when(t + length + 0.02);
}

/// Plays a cue; silently nothing when audio is unavailable.
pub fn play(cue: Cue) {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        let Some(ctx) = c.as_ref() else { return };
        let _ = ctx.resume();
        match cue {
            Cue::Card => tone(ctx, 220.0, 0.0, 0.08, OscillatorType::Triangle, 0.18),
            Cue::Declaration => {
                tone(ctx, 523.25, 0.0, 0.18, OscillatorType::Sine, 0.12);
                tone(ctx, 659.25, 0.12, 0.22, OscillatorType::Sine, 0.12);
            }
            Cue::Celebration => {
                for (i, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                    tone(ctx, f, i as f64 * 0.11, 0.3, OscillatorType::Sine, 0.12);
                }
            }
        }
    });
}
