//! Dealing: the hands dealt from a built wall, flowers and seasons laid out and replaced, and
//! what chance decides in a round's setup (see [`Deal`]).

use mahjong_tiles::{Tile, TileSet, Wind};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::rotation::next_seat;

#[cfg(feature = "serde")]
use super::tiles_of_a_set;
use super::{Breach, Wall, WallError, locate_breach, roll_dice};

/// A player's tiles after the deal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DealtHand {
    /// The player's wind.
    pub wind: Wind,
    /// Its concealed tiles, in the order received (replacements included).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "tiles_of_a_set"))]
    pub concealed: Vec<Tile>,
    /// The flowers and seasons it laid out.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "tiles_of_a_set"))]
    pub bonus: Vec<Tile>,
}

/// Deals from the wall to `players` (3 or 4) players, the dominant wind first: four tiles
/// at a time until each has 12, then two to the dominant wind and one to each other; then
/// each player in the same order lays out its flowers and seasons and draws replacements
/// until it has none. Returns the hands in seat order (East first).
///
/// # Errors
/// [`WallError::Players`] for another player count, [`WallError::Exhausted`] if the wall
/// runs out.
///
/// ```
/// use mahjong_rules::wall::{deal, locate_breach, Wall};
/// use mahjong_tiles::{TileSet, Wind};
/// let mut wall = Wall::build(&TileSet::Full.to_vec(), locate_breach(3, 4, 18)?)?;
/// let hands = deal(&mut wall, 4)?;
/// assert_eq!(hands.iter().map(|h| h.wind).collect::<Vec<_>>(), Wind::ALL);
/// // West is dominant (East rolled 3) and holds 14 tiles.
/// assert_eq!(hands[2].concealed.len(), 14);
/// assert!(hands.iter().all(|h| h.concealed.iter().all(|t| !t.is_bonus())));
/// # Ok::<(), mahjong_rules::wall::WallError>(())
/// ```
pub fn deal(wall: &mut Wall, players: usize) -> Result<Vec<DealtHand>, WallError> {
    if !(3..=4).contains(&players) {
        return Err(WallError::Players { players });
    }
    let dominant = wall.breach().dominant;
    // With three players the dominant wind may be the empty seat (North); the deal then
    // starts with the next seated player.
    let first = if (dominant as usize) < players {
        dominant
    } else {
        Wind::East
    };
    let mut order = vec![first];
    while order.len() < players {
        let last = order[order.len() - 1];
        order.push(next_seat(last, players));
    }
    let mut hands: Vec<DealtHand> = Wind::ALL[..players]
        .iter()
        .map(|&wind| DealtHand {
            wind,
            concealed: Vec::with_capacity(14),
            bonus: Vec::new(),
        })
        .collect();
    let take = |wall: &mut Wall, hand: &mut DealtHand, n: usize| -> Result<(), WallError> {
        for _ in 0..n {
            hand.concealed
                .push(wall.draw().ok_or(WallError::Exhausted)?);
        }
        Ok(())
    };
    for _ in 0..3 {
        for &w in &order {
            take(wall, &mut hands[w as usize], 4)?;
        }
    }
    for (i, &w) in order.iter().enumerate() {
        take(wall, &mut hands[w as usize], if i == 0 { 2 } else { 1 })?;
    }
    for &w in &order {
        replace_bonus_tiles(wall, &mut hands[w as usize])?;
    }
    Ok(hands)
}

/// Lays out the bonus tiles of a hand and draws replacements until it holds none. Returns
/// how many replacements were drawn.
///
/// # Errors
/// [`WallError::Exhausted`] if no replacement is left.
///
/// ```
/// use mahjong_rules::wall::{locate_breach, replace_bonus_tiles, DealtHand, Wall};
/// use mahjong_tiles::{parse_tiles, Wind};
/// // 1f is laid out and replaced by 2f, laid out in turn with nothing left to replace it.
/// let mut wall = Wall::from_parts(vec![], parse_tiles("2f")?, locate_breach(5, 2, 18)?);
/// let mut hand = DealtHand { wind: Wind::East, concealed: parse_tiles("1m 1f")?, bonus: vec![] };
/// assert!(replace_bonus_tiles(&mut wall, &mut hand).is_err());
/// let mut wall = Wall::from_parts(vec![], parse_tiles("2f 9p")?, locate_breach(5, 2, 18)?);
/// let mut hand = DealtHand { wind: Wind::East, concealed: parse_tiles("1m 1f")?, bonus: vec![] };
/// assert_eq!(replace_bonus_tiles(&mut wall, &mut hand)?, 2);
/// assert_eq!((hand.concealed, hand.bonus), (parse_tiles("1m 9p")?, parse_tiles("1f 2f")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replace_bonus_tiles(wall: &mut Wall, hand: &mut DealtHand) -> Result<usize, WallError> {
    let mut drawn = 0;
    while let Some(i) = hand.concealed.iter().position(|t| t.is_bonus()) {
        let t = hand.concealed.remove(i);
        hand.bonus.push(t);
        let (r, _) = wall.draw_replacement().ok_or(WallError::Exhausted)?;
        hand.concealed.push(r);
        drawn += 1;
    }
    Ok(drawn)
}

/// A setup's hands, at most four, read with serde.
#[cfg(feature = "serde")]
fn four_hands<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<DealtHand>, D::Error> {
    crate::capped::vec(d, 4, "hands")
}

/// A whole round's setup: the dice, the wall and the dealt hands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// East's roll.
    pub east_roll: [u8; 2],
    /// The dominant wind's roll.
    pub dominant_roll: [u8; 2],
    /// The wall after the deal.
    pub wall: Wall,
    /// The hands, in seat order.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "four_hands"))]
    pub hands: Vec<DealtHand>,
}

/// What chance decides in a round's setup: the shuffled tiles and the two rolls of the dice.
/// Everything else — the breach, the dead wall, the deal, the flowers laid out — follows
/// from it ([`Deal::setup`]), so a deal written down replays the same round whatever
/// generator drew it.
///
/// ```
/// use mahjong_rules::wall::{setup, Deal};
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let deal = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(7));
/// // The same draws as `setup` with the same generator.
/// let same = setup(TileSet::Full, 4, &mut rand_pcg::Pcg64Mcg::seed_from_u64(7))?;
/// assert_eq!(deal.setup(4)?, same);
/// # Ok::<(), mahjong_rules::wall::WallError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Deal {
    /// East's roll.
    pub east_roll: [u8; 2],
    /// The dominant wind's roll.
    pub dominant_roll: [u8; 2],
    /// The tiles in stack order, as [`Wall::build`] lays them (144, or 136 without the bonus
    /// tiles). With the `serde` feature a list of more than 144 is refused as it is read.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "tiles_of_a_set"))]
    pub tiles: Vec<Tile>,
}

impl Deal {
    /// Shuffles `set` with `rng`, then rolls East's dice and the dominant wind's, in that
    /// order (the draws of [`setup`]).
    ///
    /// ```
    /// use mahjong_rules::wall::Deal;
    /// use mahjong_tiles::TileSet;
    /// use rand::SeedableRng;
    /// let deal = Deal::random(TileSet::Full, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1));
    /// assert_eq!(deal.tiles.len(), 144);
    /// assert!(deal.east_roll.iter().chain(&deal.dominant_roll).all(|d| (1..=6).contains(d)));
    /// ```
    pub fn random<R: Rng + ?Sized>(set: TileSet, rng: &mut R) -> Deal {
        let mut tiles = set.to_vec();
        tiles.shuffle(rng);
        let east_roll = roll_dice(rng);
        let dominant_roll = roll_dice(rng);
        Deal {
            east_roll,
            dominant_roll,
            tiles,
        }
    }

    /// The set the tiles form: [`TileSet::Full`] for 144 tiles, [`TileSet::WithoutBonus`]
    /// for 136 (`None` for another count; [`Deal::setup`] checks the copies).
    ///
    /// ```
    /// use mahjong_rules::wall::Deal;
    /// use mahjong_tiles::TileSet;
    /// let deal = Deal { east_roll: [1, 2], dominant_roll: [3, 4], tiles: TileSet::WithoutBonus.to_vec() };
    /// assert_eq!(deal.tile_set(), Some(TileSet::WithoutBonus));
    /// ```
    pub fn tile_set(&self) -> Option<TileSet> {
        match self.tiles.len() {
            144 => Some(TileSet::Full),
            136 => Some(TileSet::WithoutBonus),
            _ => None,
        }
    }

    /// The breach these dice locate on walls of these tiles.
    ///
    /// # Errors
    /// [`WallError::Die`] for a die outside 1–6, [`WallError::TileCount`] for another
    /// number of tiles than 144 or 136.
    ///
    /// ```
    /// use mahjong_rules::wall::{Deal, WallError};
    /// use mahjong_tiles::{TileSet, Wind};
    /// let deal = Deal { east_roll: [4, 4], dominant_roll: [3, 3], tiles: TileSet::Full.to_vec() };
    /// assert_eq!(deal.breach()?.dominant, Wind::North); // East's 8
    /// let bad = Deal { east_roll: [0, 4], ..deal };
    /// assert_eq!(bad.breach(), Err(WallError::Die { value: 0 }));
    /// # Ok::<(), mahjong_rules::wall::WallError>(())
    /// ```
    pub fn breach(&self) -> Result<Breach, WallError> {
        for &value in self.east_roll.iter().chain(&self.dominant_roll) {
            if !(1..=6).contains(&value) {
                return Err(WallError::Die { value });
            }
        }
        if self.tile_set().is_none() {
            return Err(WallError::TileCount {
                count: self.tiles.len(),
            });
        }
        locate_breach(
            self.east_roll[0] + self.east_roll[1],
            self.dominant_roll[0] + self.dominant_roll[1],
            self.tiles.len() / 8,
        )
    }

    /// Builds the wall, deals to `players` (3 or 4) and lays out the flowers and seasons.
    ///
    /// # Errors
    /// [`WallError::Players`] for another player count, [`WallError::Die`] for a die
    /// outside 1–6, [`WallError::TileCount`] or [`WallError::Copies`] when the tiles are not
    /// a whole set.
    ///
    /// ```
    /// use mahjong_rules::wall::Deal;
    /// use mahjong_tiles::TileSet;
    /// let deal = Deal { east_roll: [4, 4], dominant_roll: [3, 3], tiles: TileSet::Full.to_vec() };
    /// let setup = deal.setup(4)?;
    /// assert_eq!(setup.hands.len(), 4);
    /// assert_eq!(setup.east_roll, [4, 4]);
    /// assert!(deal.setup(2).is_err());
    /// # Ok::<(), mahjong_rules::wall::WallError>(())
    /// ```
    pub fn setup(&self, players: usize) -> Result<Setup, WallError> {
        if !(3..=4).contains(&players) {
            return Err(WallError::Players { players });
        }
        let breach = self.breach()?;
        let set = self.tile_set().ok_or(WallError::TileCount {
            count: self.tiles.len(),
        })?;
        let counts = Tile::count_kinds(self.tiles.iter().copied());
        for tile in Tile::ALL {
            let expected = set.copies(tile);
            if counts[tile.index()] != expected {
                return Err(WallError::Copies {
                    tile,
                    found: self.tiles.iter().filter(|&&t| t == tile).count(),
                    expected,
                });
            }
        }
        let mut wall = Wall::build(&self.tiles, breach)?;
        let hands = deal(&mut wall, players)?;
        Ok(Setup {
            east_roll: self.east_roll,
            dominant_roll: self.dominant_roll,
            wall,
            hands,
        })
    }
}

/// Sets up a round with `rng`: shuffle the set, East rolls, the dominant wind rolls, build
/// the wall, deal to `players` (3 or 4), lay out flowers and seasons ([`Deal::random`] then
/// [`Deal::setup`]).
///
/// ```
/// use mahjong_rules::wall::setup;
/// use mahjong_tiles::TileSet;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
/// let round = setup(TileSet::Full, 4, &mut rng)?;
/// let dominant = round.wall.breach().dominant;
/// for hand in &round.hands {
///     assert_eq!(hand.concealed.len(), if hand.wind == dominant { 14 } else { 13 });
/// }
/// // Every flower and season dealt was replaced from the dead wall.
/// let bonus: usize = round.hands.iter().map(|h| h.bonus.len()).sum();
/// assert_eq!(round.wall.dead_len(), 14 - bonus);
/// # Ok::<(), mahjong_rules::wall::WallError>(())
/// ```
///
/// # Errors
/// [`WallError::Players`] for another player count.
pub fn setup<R: Rng + ?Sized>(
    set: TileSet,
    players: usize,
    rng: &mut R,
) -> Result<Setup, WallError> {
    if !(3..=4).contains(&players) {
        return Err(WallError::Players { players });
    }
    Deal::random(set, rng).setup(players)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wall::tests::marked;

    #[test]
    fn a_deal_checks_its_dice_and_tiles() {
        let good = Deal {
            east_roll: [3, 5],
            dominant_roll: [6, 6],
            tiles: TileSet::Full.to_vec(),
        };
        assert!(good.setup(4).is_ok());
        let mut bad = good.clone();
        bad.east_roll[1] = 7;
        assert_eq!(bad.setup(4), Err(WallError::Die { value: 7 }));
        let mut bad = good.clone();
        bad.tiles[0] = bad.tiles[143];
        assert!(matches!(bad.setup(4), Err(WallError::Copies { .. })));
        let mut bad = good.clone();
        bad.tiles.pop();
        assert_eq!(bad.setup(4), Err(WallError::TileCount { count: 143 }));
        assert_eq!(good.setup(5), Err(WallError::Players { players: 5 }));
        let small = Deal {
            tiles: TileSet::WithoutBonus.to_vec(),
            ..good
        };
        assert_eq!(small.tile_set(), Some(TileSet::WithoutBonus));
        assert!(small.setup(4).is_ok());
    }

    #[test]
    fn deal_gives_14_to_the_dominant_and_13_to_others() {
        let tiles = marked(144);
        let mut wall = Wall::build(&tiles, locate_breach(3, 4, 18).unwrap()).unwrap();
        let hands = deal(&mut wall, 4).unwrap();
        for h in &hands {
            let want = if h.wind == Wind::West { 14 } else { 13 };
            assert_eq!(h.concealed.len(), want, "{:?}", h.wind);
        }
        // West (dominant) received the first four tiles of the live wall.
        let fresh = Wall::build(&tiles, locate_breach(3, 4, 18).unwrap()).unwrap();
        assert_eq!(&hands[2].concealed[..4], &fresh.live_tiles()[..4]);
        // Then North (next in turn order after West).
        assert_eq!(&hands[3].concealed[..4], &fresh.live_tiles()[4..8]);
        assert_eq!(wall.live_len(), 130 - 53);
        assert!(deal(&mut wall, 5).is_err());
    }
}
