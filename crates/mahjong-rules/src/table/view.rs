//! What one seat may know.

use mahjong_tiles::{Tile, Wind};

use crate::hand::Hand;
use crate::meld::Meld;
use crate::points::DiscardRule;

use super::action::Action;
use super::options::TableOptions;
use super::round::{Phase, PlayError, Round, Step};

/// What one seat may know of a round: its own tiles; of every seat the exposed melds, the
/// number of concealed kongs laid face down, the flowers and seasons, the number of tiles
/// held and the calling-hand declaration; the discards face up (all of them under the
/// Chinese rule, only the last under the Japanese rule); the number of tiles left in each
/// wall; the phase; its own legal actions.
///
/// It borrows the round and shows nothing else: the other seats' concealed tiles, the tiles
/// of their concealed kongs, the order of the walls and the face-down discards stay hidden.
/// Computer players ([`Bot`](super::bots::Bot)) decide from a view only.
///
/// ```
/// use mahjong_rules::table::{Round, TableOptions};
/// use mahjong_rules::wall::Deal;
/// use mahjong_tiles::{TileSet, Wind};
/// use rand::SeedableRng;
///
/// let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
/// let round = Round::new(&setup, None, TableOptions::default())?;
/// let view = round.view(Wind::South);
/// assert_eq!(view.concealed(), round.concealed(Wind::South));
/// assert_eq!(view.concealed_len(Wind::North), round.concealed(Wind::North).len());
/// assert_eq!(view.live_wall_left(), round.wall().live_len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    round: &'a Round,
    seat: Wind,
}

impl<'a> View<'a> {
    pub(super) fn new(round: &'a Round, seat: Wind) -> View<'a> {
        View { round, seat }
    }

    /// A world the seat cannot tell from the real one ([`Round::determinized`]): built from
    /// what the view shows, from `rng` and from `refine` only (which may rearrange the
    /// other seats' hands with the tiles bound for the walls).
    pub(in crate::table) fn sample_world<R: rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        refine: impl FnMut(&[(Wind, usize)], &mut [Tile], &mut [Tile], &mut R),
    ) -> Round {
        self.round.determinized(self.seat, rng, refine)
    }

    /// The seat this view belongs to.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).seat(), east.next());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seat(&self) -> Wind {
        self.seat
    }

    /// The table's options.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).options(), round.options());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> &'a TableOptions {
        &self.round.state.options
    }

    /// The dominant wind.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).dominant(), east);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dominant(&self) -> Wind {
        self.round.state.dominant
    }

    /// The round wind, when that option is used.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).round_wind(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn round_wind(&self) -> Option<Wind> {
        self.round.state.round_wind
    }

    /// Where the round stands.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).phase(), round.phase());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn phase(&self) -> Phase {
        self.round.state.phase()
    }

    /// The seat's own concealed tiles, sorted.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).concealed(), round.concealed(east));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn concealed(&self) -> &'a [Tile] {
        &self.round.state.seats[self.seat as usize].concealed
    }

    /// The tile the seat drew this turn, when it is its turn and the turn began with a draw.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// // The dominant wind's last dealt tile counts as drawn; the others draw nothing yet.
    /// assert!(round.view(east).drawn().is_some());
    /// assert_eq!(round.view(east.next()).drawn(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn drawn(&self) -> Option<Tile> {
        match self.round.state.step {
            Step::Turn(t) if t.seat == self.seat => t.drawn,
            _ => None,
        }
    }

    /// The seat's own whole hand.
    ///
    /// # Errors
    /// [`PlayError::Hand`] never for a round built by [`Round::new`].
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).hand()?, round.hand(east)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self) -> Result<Hand, PlayError> {
        self.round.hand(self.seat)
    }

    /// The tiles that would give the seat Mah-jong, while it holds 13 tiles and another seat
    /// plays (empty otherwise).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// // East holds 14 tiles on its turn: no waits to show.
    /// assert!(round.view(east).waits().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn waits(&self) -> &'a [Tile] {
        &self.round.state.seats[self.seat as usize].waits
    }

    /// The melds `seat` shows: all of them for the view's own seat; for another seat, its
    /// exposed melds (its declared concealed kongs lie face down: see
    /// [`View::face_down_kongs`]).
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).melds(east).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn melds(&self, seat: Wind) -> impl Iterator<Item = Meld> + 'a {
        let own = seat == self.seat;
        self.round.state.seats[seat as usize]
            .melds
            .iter()
            .copied()
            .filter(move |m| own || !m.is_concealed())
    }

    /// How many declared concealed kongs `seat` has laid face down.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).face_down_kongs(east), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn face_down_kongs(&self, seat: Wind) -> usize {
        self.round.state.seats[seat as usize]
            .melds
            .iter()
            .filter(|m| m.is_concealed())
            .count()
    }

    /// The flowers and seasons `seat` laid out.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east.next()).bonus(east), round.bonus(east));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn bonus(&self, seat: Wind) -> &'a [Tile] {
        &self.round.state.seats[seat as usize].bonus
    }

    /// How many concealed tiles `seat` holds.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let view = round.view(east.next());
    /// assert_eq!((view.concealed_len(east), view.concealed_len(east.next())), (14, 13));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn concealed_len(&self, seat: Wind) -> usize {
        self.round.state.seats[seat as usize].concealed.len()
    }

    /// Whether `seat` declared a calling hand.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert!(!round.view(east.next()).is_calling(east));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_calling(&self, seat: Wind) -> bool {
        self.round.state.seats[seat as usize].calling
    }

    /// The discards face up, in order, with who discarded them: every discard not taken
    /// under the Chinese rule; under the Japanese rule only the last, while it is face up.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// # use mahjong_rules::table::Action;
    /// let tile = round.concealed(east)[0];
    /// round.play(Action::Discard { seat: east, tile })?;
    /// assert_eq!(round.view(east.next()).discards().last(), Some(&(east, tile)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn discards(&self) -> &'a [(Wind, Tile)] {
        let s = &self.round.state;
        match s.options.rules.discards {
            DiscardRule::Chinese => &s.pool,
            DiscardRule::Japanese if s.last_face_up => {
                let n = s.pool.len();
                &s.pool[n.saturating_sub(1)..]
            }
            DiscardRule::Japanese => &[],
        }
    }

    /// How many discards lie face down (Japanese rule).
    ///
    /// ```
    /// # use mahjong_rules::table::{Action, Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_rules::DiscardRule;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let japanese = TableOptions::default().with_discards(DiscardRule::Japanese);
    /// let mut round = Round::new(&setup, None, japanese)?;
    /// while round.discards().len() < 3 {
    ///     round.play(round.legal_moves()[0])?;
    /// }
    /// let view = round.view(round.dominant());
    /// assert_eq!(view.discards().len() + view.face_down_discards(), round.discards().len());
    /// assert!(view.discards().len() <= 1); // only the last discard may show
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn face_down_discards(&self) -> usize {
        self.round.state.pool.len() - self.discards().len()
    }

    /// Tiles left in the live wall.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).live_wall_left(), round.wall().live_len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn live_wall_left(&self) -> usize {
        self.round.state.wall.live_len()
    }

    /// Tiles left in the dead wall.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).dead_wall_left(), round.wall().dead_len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dead_wall_left(&self) -> usize {
        self.round.state.wall.dead_len()
    }

    /// How many copies of `tile` the seat can see: in its own hand and melds, in every
    /// exposed meld, among the flowers and seasons and the discards face up.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let tile = round.concealed(east)[0];
    /// assert!(round.view(east).visible(tile) >= 1); // its own copy at least
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible(&self, tile: Tile) -> usize {
        usize::from(self.visible_counts()[tile.index()])
    }

    /// [`View::visible`] for every kind at once, indexed by [`Tile::index`].
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// let view = round.view(east);
    /// let seen: usize = view.visible_counts().iter().map(|&n| usize::from(n)).sum();
    /// // At the deal: its own 14 tiles and the flowers and seasons laid out.
    /// let bonus: usize = mahjong_tiles::Wind::ALL.iter().map(|&w| view.bonus(w).len()).sum();
    /// assert_eq!(seen, 14 + bonus);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn visible_counts(&self) -> [u8; Tile::COUNT] {
        let mut counts = [0u8; Tile::COUNT];
        let mut add = |t: Tile| counts[t.index()] = counts[t.index()].saturating_add(1);
        self.concealed().iter().copied().for_each(&mut add);
        for w in Wind::ALL {
            for m in self.melds(w) {
                m.tiles().into_iter().for_each(&mut add);
            }
            self.bonus(w).iter().copied().for_each(&mut add);
        }
        self.discards().iter().map(|&(_, t)| t).for_each(&mut add);
        counts
    }

    /// The actions the seat may play now.
    ///
    /// ```
    /// # use mahjong_rules::table::{Round, TableOptions};
    /// # use mahjong_rules::wall::Deal;
    /// # use mahjong_tiles::TileSet;
    /// # use rand::SeedableRng;
    /// # let setup = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(3)).setup(4)?;
    /// let mut round = Round::new(&setup, None, TableOptions::default())?;
    /// let east = round.dominant();
    /// assert_eq!(round.view(east).legal_actions(), round.legal_actions(east));
    /// assert!(round.view(east.next()).legal_actions().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        self.round.legal_actions(self.seat)
    }
}

#[cfg(test)]
mod tests {
    use mahjong_tiles::TileSet;
    use rand::SeedableRng;
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::table::TableOptions;
    use crate::table::bots;
    use crate::wall::{Deal, Wall};

    /// Everything a view shows, as text.
    fn fingerprint(v: &View<'_>) -> String {
        let mut s = format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {}",
            v.seat(),
            v.dominant(),
            v.round_wind(),
            v.phase(),
            v.concealed(),
            v.drawn(),
            v.waits(),
            v.discards(),
            v.legal_actions(),
            v.face_down_discards(),
            v.live_wall_left(),
            v.dead_wall_left(),
        );
        for w in Wind::ALL {
            s += &format!(
                " {:?} {} {:?} {} {}",
                v.melds(w).collect::<Vec<_>>(),
                v.face_down_kongs(w),
                v.bonus(w),
                v.concealed_len(w),
                v.is_calling(w)
            );
        }
        for t in Tile::ALL {
            s += &format!(" {}", v.visible(t));
        }
        s += &format!(" {:?}", v.hand().map(|h| h.to_string()));
        s
    }

    /// The round with every tile `seat` cannot see shuffled among the places it cannot
    /// see: the other seats' concealed tiles, both walls, the face-down discards.
    fn scramble(round: &Round, seat: Wind, rng: &mut Pcg64Mcg) -> Round {
        let mut r = round.clone();
        let s = &mut r.state;
        let japanese = s.options.rules.discards == DiscardRule::Japanese;
        let face_down = if japanese {
            s.pool.len() - usize::from(s.last_face_up && !s.pool.is_empty())
        } else {
            0
        };
        let mut hidden: Vec<Tile> = s.wall.live_tiles().to_vec();
        hidden.extend(s.wall.dead_tiles());
        hidden.extend(s.pool[..face_down].iter().map(|&(_, t)| t));
        for w in Wind::ALL.into_iter().filter(|&w| w != seat) {
            hidden.extend(&s.seats[w as usize].concealed);
        }
        hidden.shuffle(rng);
        let mut it = hidden.into_iter();
        let live: Vec<Tile> = it.by_ref().take(s.wall.live_len()).collect();
        let dead: Vec<Tile> = it.by_ref().take(s.wall.dead_len()).collect();
        s.wall = Wall::from_parts(live, dead, s.wall.breach());
        for entry in &mut s.pool[..face_down] {
            entry.1 = it.next().unwrap_or(entry.1);
        }
        for w in Wind::ALL.into_iter().filter(|&w| w != seat) {
            let n = s.seats[w as usize].concealed.len();
            let mut tiles: Vec<Tile> = it.by_ref().take(n).collect();
            tiles.sort_unstable();
            s.seats[w as usize].concealed = tiles;
            s.refresh_waits(w);
        }
        r
    }

    /// A bot by name; the searching one with a small budget, so that the test stays quick
    /// (its worlds are dealt the same way whatever the budget).
    fn test_bot(name: &str) -> Box<dyn bots::Bot> {
        match name {
            "expert" => Box::new(bots::ExpertBot::new().budget(12)),
            _ => bots::by_name(name).unwrap(),
        }
    }

    #[test]
    fn hidden_tiles_never_change_a_view_or_a_decision() {
        let mut checked = 0;
        for seed in 0..12u64 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let options = if seed % 2 == 0 {
                TableOptions::default()
            } else {
                TableOptions::default()
                    .with_discards(DiscardRule::Japanese)
                    .with_calling(true)
            };
            let setup = Deal::random(TileSet::Full, &mut rng).setup(4).unwrap();
            let mut round = Round::new(&setup, None, options).unwrap();
            let mut step = 0;
            while !round.is_over() {
                step += 1;
                for seat in Wind::ALL.into_iter().filter(|_| step % 2 == 0) {
                    let other = scramble(&round, seat, &mut rng);
                    assert_eq!(round.census(), other.census());
                    let (a, b) = (round.view(seat), other.view(seat));
                    assert_eq!(fingerprint(&a), fingerprint(&b));
                    if !a.legal_actions().is_empty() {
                        for name in bots::NAMES {
                            let mut bot = test_bot(name);
                            let one = bot.choose(&a, &mut Pcg64Mcg::seed_from_u64(seed));
                            let mut bot = test_bot(name);
                            let two = bot.choose(&b, &mut Pcg64Mcg::seed_from_u64(seed));
                            assert_eq!(one, two, "{name}");
                            checked += 1;
                        }
                    }
                }
                let &m = round.legal_moves().choose(&mut rng).unwrap();
                round.play(m).unwrap();
            }
        }
        assert!(checked > 200, "{checked}");
    }
}
