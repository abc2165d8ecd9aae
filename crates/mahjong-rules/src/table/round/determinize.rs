//! Worlds a seat cannot tell from the real one: the hidden tiles dealt again at random,
//! for the searching bot.

use mahjong_tiles::{Tile, Wind};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::meld::{Exposure, Meld, MeldKind};
use crate::points::DiscardRule;
use crate::wall::Wall;

use crate::table::action::Action;

use super::Round;
use super::state::{State, Step};

/// How many times a calling opponent's hand is dealt again to make it calling.
const CALLING_TRIES: usize = 12;

impl Round {
    /// A copy of the round as `seat` might believe it to be: every tile `seat` cannot see
    /// (the other seats' concealed tiles, the tiles of their face-down kongs, the face-down
    /// discards, both walls) dealt again at random from the copies `seat` has not seen,
    /// keeping every count `seat` sees (tiles held, walls' lengths, kongs laid face down).
    /// Flowers and seasons go only to the walls; a face-down kong is of a kind with four
    /// unseen copies; a seat that declared a calling hand is dealt again (a few times) until
    /// its hand is calling. Claims not yet made are open again: the other seats that can
    /// claim decide anew.
    ///
    /// Once the hands are dealt, `refine` may rearrange the other seats' concealed tiles
    /// with the tiles bound for the walls (`refine(seats, hands, walls, rng)`: `seats` the
    /// other seats and their hands' sizes, `hands` their tiles one after the other in that
    /// order; tiles are only moved between `hands` and `walls`), so that a caller can make
    /// the hands likelier than uniformly random ones; the walls are shuffled after it.
    ///
    /// The copy is built from what [`View`](crate::table::View) shows `seat`, from `rng`
    /// and from `refine` only, so that two rounds with the same view give the same copies
    /// for the same generator. It keeps no history.
    pub(in crate::table) fn determinized<R: Rng + ?Sized>(
        &self,
        seat: Wind,
        rng: &mut R,
        mut refine: impl FnMut(&[(Wind, usize)], &mut [Tile], &mut [Tile], &mut R),
    ) -> Round {
        let view = self.view(seat);
        let mut state: State = self.state.clone();
        let visible = view.visible_counts();
        // The unseen copies, in canonical order (never in the order the round keeps them).
        let mut unseen: Vec<Tile> = Vec::with_capacity(144);
        let mut bonus: Vec<Tile> = Vec::new();
        let mut left = [0u8; Tile::COUNT];
        for t in Tile::ALL {
            let n = state
                .options
                .tile_set
                .copies(t)
                .saturating_sub(visible[t.index()]);
            left[t.index()] = n;
        }
        // Face-down kongs of the others: a kind with four unseen copies each.
        for w in Wind::ALL.into_iter().filter(|&w| w != seat) {
            for i in 0..state.seats[w as usize].melds.len() {
                if !state.seats[w as usize].melds[i].is_concealed() {
                    continue;
                }
                let kinds: Vec<Tile> = Tile::ALL
                    .into_iter()
                    .filter(|t| !t.is_bonus() && left[t.index()] >= 4)
                    .collect();
                if kinds.is_empty() {
                    continue;
                }
                let k = kinds[rng.random_range(0..kinds.len())];
                left[k.index()] -= 4;
                state.seats[w as usize].melds[i] =
                    Meld::from_checked_parts(MeldKind::Kong, k, Exposure::Concealed);
            }
        }
        for t in Tile::ALL {
            let n = usize::from(left[t.index()]);
            if t.is_bonus() {
                bonus.extend(std::iter::repeat_n(t, n));
            } else {
                unseen.extend(std::iter::repeat_n(t, n));
            }
        }
        let japanese = state.options.rules.discards == DiscardRule::Japanese;
        let face_down = view.face_down_discards();
        let others: Vec<Wind> = Wind::ALL.into_iter().filter(|&w| w != seat).collect();
        let sizes: Vec<usize> = others
            .iter()
            .map(|&w| state.seats[w as usize].concealed.len())
            .collect();
        let seats: Vec<(Wind, usize)> = others.iter().copied().zip(sizes.iter().copied()).collect();
        let in_hands: usize = sizes.iter().sum::<usize>() + if japanese { face_down } else { 0 };
        let mut tries = 0;
        loop {
            unseen.shuffle(rng);
            let dealt = sizes.iter().sum::<usize>().min(unseen.len());
            let (hands, rest) = unseen.split_at_mut(dealt);
            let walls = rest
                .get_mut(in_hands.saturating_sub(dealt)..)
                .unwrap_or_default();
            refine(&seats, hands, walls, rng);
            let mut it = unseen.iter().copied();
            for (&w, &n) in others.iter().zip(&sizes) {
                let mut tiles: Vec<Tile> = it.by_ref().take(n).collect();
                tiles.sort_unstable();
                state.seats[w as usize].concealed = tiles;
                state.refresh_waits(w);
            }
            tries += 1;
            let calling_ok = others.iter().all(|&w| {
                !state.seats[w as usize].calling || !state.seats[w as usize].waits.is_empty()
            });
            if calling_ok || tries >= CALLING_TRIES {
                break;
            }
        }
        // The rest: the face-down discards, then the walls (flowers and seasons among them).
        let mut rest: Vec<Tile> = unseen[in_hands.min(unseen.len())..].to_vec();
        if japanese {
            let start = sizes.iter().sum::<usize>();
            let down = unseen.get(start..in_hands).unwrap_or(&[]);
            for (entry, &t) in state.pool.iter_mut().zip(down) {
                entry.1 = t;
            }
        }
        rest.extend(bonus);
        rest.shuffle(rng);
        let live_len = state.wall.live_len();
        let dead: Vec<Tile> = rest.split_off(live_len.min(rest.len()));
        state.wall = Wall::from_parts(rest, dead, state.wall.breach());
        // Claims not made yet are open again.
        match &mut state.step {
            Step::Claims(w) => {
                let mut window = *w;
                for o in Wind::ALL
                    .into_iter()
                    .filter(|&o| o != seat && o != window.from)
                {
                    window.claims[o as usize] = None;
                    window.pending[o as usize] = false;
                }
                for o in Wind::ALL
                    .into_iter()
                    .filter(|&o| o != seat && o != window.from)
                {
                    window.pending[o as usize] = state.can_claim(&window, o);
                }
                state.step = Step::Claims(window);
            }
            Step::Robbing(w) => {
                let mut window = *w;
                for o in Wind::ALL
                    .into_iter()
                    .filter(|&o| o != seat && o != window.from)
                {
                    window.claims[o as usize] = None;
                    window.pending[o as usize] = state
                        .check_rob(&window, Action::MahJong { seat: o })
                        .is_ok();
                }
                state.step = Step::Robbing(window);
            }
            _ => {}
        }
        Round {
            state,
            history: Vec::new(),
            checks: Vec::new(),
            start: std::sync::Arc::clone(&self.start),
        }
    }

    /// Plays a checked action without recording it: for copies made by
    /// [`Round::determinized`], which keep no history.
    pub(in crate::table) fn play_unrecorded(
        &mut self,
        action: Action,
    ) -> Result<(), super::PlayError> {
        let checked = self.state.validate(action)?;
        self.state.apply(action, checked);
        Ok(())
    }
}
