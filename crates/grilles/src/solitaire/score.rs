//! The solitaire's score: what a person's play is worth, so that two games compare.
//!
//! 10 points a pair, and a combo bonus for pairs removed quickly one after another (the
//! n-th pair of a combo, each within 3 s of the last, earns 5 × (n − 1) more); 500 for
//! clearing the board without a hint, an undo or a shuffle. A hint costs 50 points, and the
//! pair removed after it earns nothing and ends any combo: hints never pay. A shuffle costs
//! 100 points, an undo 20 (and takes its pair's 10 back).

use std::time::Duration;

use mahjong_solitaire::score::{Event, Scorer};

/// The scorer of the solitaire: 10 points a pair, 5 × (n − 1) more for the n-th pair of a
/// combo (each within 3 s of the last), 500 for a board cleared without hint, undo or
/// shuffle; −50 a hint (and the pair after it earns nothing and ends the combo), −100 a
/// shuffle, −20 an undo (which takes its pair's 10 back).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerScore {
    points: i64,
    combo: i64,
    last: Option<Duration>,
    hinted: bool,
    assisted: bool,
    cleared: bool,
}

/// Points a pair.
pub const PER_PAIR: i64 = 10;
/// The combo bonus per step.
pub const COMBO_BONUS: i64 = 5;
/// The longest pause between two pairs of a combo.
pub const COMBO_WINDOW: Duration = Duration::from_secs(3);
/// The bonus for a board cleared alone.
pub const CLEAN_BONUS: i64 = 500;
/// What a hint costs.
pub const PER_HINT: i64 = 50;
/// What a shuffle costs.
pub const PER_SHUFFLE: i64 = 100;
/// What an undo costs (besides its pair's points).
pub const PER_UNDO: i64 = 20;

/// The score's rules in one sentence, for the help.
pub const RULES: &str = "Score: 10 a pair, +5 per step of a combo (pairs within 3 s), +500 for a board cleared without hint, undo or shuffle; a hint costs 50 and its pair earns nothing, a shuffle 100, an undo 20.";

impl PlayerScore {
    /// The score of a list of events.
    pub fn of(events: &[Event]) -> i64 {
        let mut s = PlayerScore::default();
        for &e in events {
            s.record(e);
        }
        s.score()
    }
}

impl Scorer for PlayerScore {
    fn record(&mut self, event: Event) {
        match event {
            Event::Pair { at } => {
                if self.hinted {
                    // The hinted pair: nothing, and the combo ends.
                    self.hinted = false;
                    self.combo = 0;
                    self.last = None;
                    return;
                }
                let chained = self
                    .last
                    .is_some_and(|last| at.saturating_sub(last) <= COMBO_WINDOW);
                self.combo = if chained { self.combo + 1 } else { 1 };
                self.points = self
                    .points
                    .saturating_add(PER_PAIR + (self.combo - 1) * COMBO_BONUS);
                self.last = Some(at);
            }
            Event::Hint { .. } => {
                self.assisted = true;
                self.hinted = true;
                self.points = self.points.saturating_sub(PER_HINT);
            }
            Event::Undo { .. } => {
                self.assisted = true;
                self.hinted = false;
                self.combo = 0;
                self.last = None;
                self.points = self.points.saturating_sub(PER_PAIR + PER_UNDO);
            }
            Event::Shuffle { .. } => {
                self.assisted = true;
                self.combo = 0;
                self.last = None;
                self.points = self.points.saturating_sub(PER_SHUFFLE);
            }
            Event::Finished { cleared, .. } => self.cleared = cleared,
            _ => {}
        }
    }

    fn score(&self) -> i64 {
        let clean = if self.cleared && !self.assisted {
            CLEAN_BONUS
        } else {
            0
        };
        self.points.saturating_add(clean)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn hints_never_pay() {
        // A hint, then its pair, quickly, 72 times: each costs 50 and earns nothing.
        let mut events = Vec::new();
        for i in 0..72 {
            events.push(Event::Hint { at: at(i) });
            events.push(Event::Pair { at: at(i) });
        }
        events.push(Event::Finished {
            at: at(80),
            cleared: true,
        });
        assert_eq!(PlayerScore::of(&events), -72 * 50);
        // By hand, slowly: 10 a pair and the clean bonus.
        let mut by_hand: Vec<Event> = (0..72).map(|i| Event::Pair { at: at(i * 10) }).collect();
        by_hand.push(Event::Finished {
            at: at(800),
            cleared: true,
        });
        assert_eq!(PlayerScore::of(&by_hand), 720 + 500);
        // A combo of three: 10 + 15 + 20; a hint in the middle ends it.
        let quick = [0, 1, 2].map(|s| Event::Pair { at: at(s) });
        assert_eq!(PlayerScore::of(&quick), 45);
        let broken = [
            Event::Pair { at: at(0) },
            Event::Hint { at: at(1) },
            Event::Pair { at: at(1) },
            Event::Pair { at: at(2) },
        ];
        assert_eq!(PlayerScore::of(&broken), 10 - 50 + 10);
        // An undo takes its pair back and costs 20.
        let undone = [Event::Pair { at: at(0) }, Event::Undo { at: at(5) }];
        assert_eq!(PlayerScore::of(&undone), -20);
    }
}
