//! The wall and the deal: dice, the breach, the dead wall, dealing, flowers and replacements.
//!
//! "La brèche, la colline, le Vent dominant" in the French Wikipedia article on Mah-jong, restated:
//! - The shuffled tiles form four walls of 18 stacks of two (17 without the 8 bonus tiles),
//!   one in front of each player.
//! - East rolls two dice; the total picks the wall of the breach, counting counter-clockwise
//!   from East: 5, 9 East; 2, 6, 10 South; 3, 7, 11 West; 4, 8, 12 North
//!   ([`breach_wall`]). That wall's owner is the dominant wind.
//! - The dominant wind rolls two dice, adds East's total, and counts that many stacks on its
//!   wall from its right; past the end it goes on along the wall of the player on its left
//!   ([`locate_breach`]). The last stack counted is lifted: the breach.
//! - Its top tile is laid on the stack just right of the breach, its bottom tile two stacks
//!   further right. The dead wall ("colline", "mont intouchable") is the 14 tiles right of the
//!   breach: those two loose tiles and the six stacks under and beside them (fourteen, as
//!   the article's picture caption counts them, "Les 14 tuiles de la colline"; seven stacks
//!   plus the two moved tiles would be sixteen). It is drawn from only to replace flowers,
//!   seasons and kongs ([`Wall::draw_replacement`]). The article does not say in which order;
//!   this crate takes the loose tiles first (the top one, nearer the breach, then the
//!   bottom one), then the stacks from the breach outwards, top tile first.
//! - Dealing starts left of the breach: four tiles at a time to each player, the dominant
//!   wind first, until each has 12; then the dominant wind takes two and each other player
//!   one ([`deal`]). The dominant wind holds 14 and discards first.
//! - Flowers and seasons are laid out at once and replaced from the dead wall.
//! - The live wall is drawn from the left of the breach onward; when it is empty the round
//!   ends, even if the dead wall still has tiles.
//!
//! Geometry: players sit counter-clockwise East, South, West, North, so a player's right-hand
//! neighbour is the next in turn order and the counting runs clockwise (East's wall, then
//! North's, West's, South's).
//!
//! Randomness comes from the caller, as the last argument `rng: &mut R` (`R: rand::Rng +
//! ?Sized`): the tiles are shuffled with `rand`'s `SliceRandom::shuffle` and the dice rolled
//! with `random_range`. A seeded generator such as `rand_pcg::Pcg64Mcg` deals the same round
//! for the same seed within one minor version of `rand` (0.10.x).
//!
//! ```
//! use mahjong_rules::wall::{breach_wall, locate_breach};
//! use mahjong_tiles::Wind;
//!
//! // The article's example: East rolls 8, North is dominant, rolls 6: the 14th stack of North's
//! // wall from the right.
//! assert_eq!(breach_wall(8)?, Wind::North);
//! let breach = locate_breach(8, 6, 18)?;
//! assert_eq!((breach.dominant, breach.wall, breach.stack), (Wind::North, Wind::North, 14));
//! # Ok::<(), mahjong_rules::wall::WallError>(())
//! ```

use mahjong_tiles::{Tile, TileSet, Wind};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

/// Tiles in the dead wall.
pub const DEAD_WALL_TILES: usize = 14;

/// Two dice, 1 to 6 each: East's roll, then the dominant wind's.
///
/// ```
/// use mahjong_rules::wall::roll_dice;
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let [a, b] = roll_dice(&mut rng);
/// assert!((1..=6).contains(&a) && (1..=6).contains(&b));
/// ```
pub fn roll_dice<R: Rng + ?Sized>(rng: &mut R) -> [u8; 2] {
    [rng.random_range(1..=6), rng.random_range(1..=6)]
}

/// Why a wall could not be built or located.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WallError {
    /// Two dice total 2 to 12.
    #[error("two dice cannot total {total}")]
    DiceTotal {
        /// The total given.
        total: u8,
    },
    /// The wall needs 144 tiles (18 stacks a side) or 136 (17).
    #[error("a wall is built of 144 or 136 tiles, found {count}")]
    TileCount {
        /// How many were given.
        count: usize,
    },
    /// The breach was located for walls of another length.
    #[error("the breach was located on walls of {breach} stacks, the wall has {wall}")]
    StacksMismatch {
        /// Stacks per wall of the breach.
        breach: usize,
        /// Stacks per wall of the tiles.
        wall: usize,
    },
    /// Walls have 18 stacks, or 17 without the bonus tiles.
    #[error("walls have 18 or 17 stacks, not {stacks}")]
    StacksPerWall {
        /// The number of stacks asked.
        stacks: usize,
    },
    /// The breach's stack is not on the wall (stacks count from 1 at the wall's right end).
    #[error("stack {stack} is not on a wall of {stacks_per_wall} stacks")]
    BreachStack {
        /// The stack given.
        stack: usize,
        /// Stacks per wall.
        stacks_per_wall: usize,
    },
    /// Dealing needs 3 or 4 players.
    #[error("a deal is for 3 or 4 players, not {players}")]
    Players {
        /// How many were asked.
        players: usize,
    },
    /// The wall ran out during the deal.
    #[error("the wall ran out during the deal")]
    Exhausted,
    /// A die shows 1 to 6.
    #[error("a die cannot show {value}")]
    Die {
        /// The value given.
        value: u8,
    },
    /// The tiles of a [`Deal`] are not a whole set: a kind has another number of copies.
    #[error("the tiles hold {found} of {tile}, a set holds {expected}")]
    Copies {
        /// The tile kind.
        tile: Tile,
        /// How many the tiles hold.
        found: usize,
        /// How many the set holds.
        expected: u8,
    },
}

/// The wall of the breach for East's dice `total` (2–12): 5, 9 East; 2, 6, 10 South;
/// 3, 7, 11 West; 4, 8, 12 North.
///
/// # Errors
/// [`WallError::DiceTotal`] outside 2–12.
///
/// ```
/// use mahjong_rules::wall::{breach_wall, WallError};
/// use mahjong_tiles::Wind;
/// assert_eq!(breach_wall(5)?, Wind::East);
/// assert_eq!(breach_wall(12)?, Wind::North);
/// assert_eq!(breach_wall(13), Err(WallError::DiceTotal { total: 13 }));
/// # Ok::<(), mahjong_rules::wall::WallError>(())
/// ```
pub fn breach_wall(total: u8) -> Result<Wind, WallError> {
    if !(2..=12).contains(&total) {
        return Err(WallError::DiceTotal { total });
    }
    Ok(Wind::ALL[(total as usize - 1) % 4])
}

/// Where the breach is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Breach {
    /// The dominant wind: the owner of the wall East's dice picked.
    pub dominant: Wind,
    /// The wall where the counting stopped (the dominant wind's, or the one on its left).
    pub wall: Wind,
    /// The lifted stack, 1-based, counted from the right end of `wall`.
    pub stack: usize,
    /// Stacks per wall (18, or 17 without bonus tiles).
    pub stacks_per_wall: usize,
}

/// Locates the breach from East's dice total and the dominant wind's dice total, on walls of
/// `stacks_per_wall` stacks (18, or 17 without the bonus tiles).
///
/// # Errors
/// [`WallError::DiceTotal`] if a total is outside 2–12, [`WallError::StacksPerWall`] for
/// walls of another length.
///
/// ```
/// use mahjong_rules::wall::locate_breach;
/// use mahjong_tiles::Wind;
/// // East rolls 9 (East is dominant) and East rolls 12: 21 stacks, past the 18 of its wall.
/// let b = locate_breach(9, 12, 18)?;
/// assert_eq!((b.dominant, b.wall, b.stack), (Wind::East, Wind::North, 3));
/// assert!(locate_breach(9, 12, 20).is_err());
/// # Ok::<(), mahjong_rules::wall::WallError>(())
/// ```
pub fn locate_breach(
    east_total: u8,
    dominant_total: u8,
    stacks_per_wall: usize,
) -> Result<Breach, WallError> {
    let dominant = breach_wall(east_total)?;
    breach_wall(dominant_total)?;
    if !(17..=18).contains(&stacks_per_wall) {
        return Err(WallError::StacksPerWall {
            stacks: stacks_per_wall,
        });
    }
    let n = east_total as usize + dominant_total as usize;
    let l = stacks_per_wall;
    // Counting past the dominant wind's wall goes on along its left neighbour's (the
    // previous in turn order).
    let (wall, stack) = if n <= l {
        (dominant, n)
    } else {
        (dominant.previous(), n - l)
    };
    Ok(Breach {
        dominant,
        wall,
        stack,
        stacks_per_wall: l,
    })
}

/// The position of wind `w`'s wall on the clockwise ring: East, North, West, South.
fn ring_wall(w: Wind) -> usize {
    (4 - w as usize) % 4
}

/// A list of at most 144 tiles (a whole set), read with serde.
#[cfg(feature = "serde")]
pub(super) fn tiles_of_a_set<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<Tile>, D::Error> {
    crate::capped::vec(d, TileSet::Full.len(), "tiles")
}

/// The built wall: the live wall in draw order and the dead wall in replacement order.
///
/// With the `serde` feature a wall is read back only with consistent positions (the next
/// tile to draw no further than the live wall's end, the end within the live wall, the next
/// replacement within the dead wall), so what it reports left is what it draws.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "WallParts"))]
pub struct Wall {
    live: Vec<Tile>,
    next: usize,
    end: usize,
    dead: Vec<Tile>,
    dead_next: usize,
    breach: Breach,
}

/// A wall as read with serde, before its positions are checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct WallParts {
    #[serde(deserialize_with = "tiles_of_a_set")]
    live: Vec<Tile>,
    next: usize,
    end: usize,
    #[serde(deserialize_with = "tiles_of_a_set")]
    dead: Vec<Tile>,
    dead_next: usize,
    breach: Breach,
}

#[cfg(feature = "serde")]
impl TryFrom<WallParts> for Wall {
    type Error = String;

    fn try_from(w: WallParts) -> Result<Wall, String> {
        if w.next > w.end || w.end > w.live.len() || w.dead_next > w.dead.len() {
            return Err(format!(
                "a wall's positions do not fit its tiles: next {}, end {} of {} live tiles, \
                 next replacement {} of {} dead tiles",
                w.next,
                w.end,
                w.live.len(),
                w.dead_next,
                w.dead.len()
            ));
        }
        Ok(Wall {
            live: w.live,
            next: w.next,
            end: w.end,
            dead: w.dead,
            dead_next: w.dead_next,
            breach: w.breach,
        })
    }
}

/// Where a replacement tile came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReplacementSource {
    /// The dead wall, as the article says.
    DeadWall,
    /// The far end of the live wall, once the dead wall is empty (the article does not say; this
    /// crate's reading, so a round can go on).
    LiveWallTail,
}

impl Wall {
    /// Builds the wall from `tiles` in stack order and the breach.
    ///
    /// `tiles` (144 or 136) fill the stacks two by two (top then bottom), wall by wall
    /// clockwise from East's (each wall from its owner's right to left: East, North, West,
    /// South).
    ///
    /// # Errors
    /// [`WallError::TileCount`] for another number of tiles, [`WallError::StacksMismatch`] if
    /// the breach was located on walls of another length, [`WallError::BreachStack`] if its
    /// stack is not on the wall.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall, DEAD_WALL_TILES};
    /// use mahjong_tiles::TileSet;
    /// let wall = Wall::build(&TileSet::Full.to_vec(), locate_breach(8, 6, 18)?)?;
    /// assert_eq!((wall.live_len(), wall.dead_len()), (144 - DEAD_WALL_TILES, DEAD_WALL_TILES));
    /// assert!(Wall::build(&TileSet::Full.to_vec()[1..], locate_breach(8, 6, 18)?).is_err());
    /// # Ok::<(), mahjong_rules::wall::WallError>(())
    /// ```
    pub fn build(tiles: &[Tile], breach: Breach) -> Result<Wall, WallError> {
        if tiles.len() != 144 && tiles.len() != 136 {
            return Err(WallError::TileCount { count: tiles.len() });
        }
        let l = tiles.len() / 8;
        if breach.stacks_per_wall != l {
            return Err(WallError::StacksMismatch {
                breach: breach.stacks_per_wall,
                wall: l,
            });
        }
        if !(1..=l).contains(&breach.stack) {
            return Err(WallError::BreachStack {
                stack: breach.stack,
                stacks_per_wall: l,
            });
        }
        let ring = 4 * l;
        let stack = |k: usize| -> [Tile; 2] {
            let k = k % ring;
            [tiles[2 * k], tiles[2 * k + 1]]
        };
        let b = ring_wall(breach.wall) * l + breach.stack - 1;
        let lifted = stack(b);
        // Dead wall: the two loose tiles, then the six stacks from the breach rightwards.
        let mut dead = vec![lifted[0], lifted[1]];
        for d in 1..=6 {
            dead.extend(stack(b + ring - d));
        }
        // Live wall: from the stack left of the breach, around to the dead wall.
        let mut live = Vec::with_capacity(2 * (ring - 7));
        for d in 1..=(ring - 7) {
            live.extend(stack(b + d));
        }
        Ok(Wall::from_parts(live, dead, breach))
    }

    /// A wall from its two parts as they stand: the live wall in draw order, the dead wall in
    /// replacement order, and the breach they were built from. For scripted rounds and
    /// tests; nothing is checked here (the table engine checks that the tiles of a round
    /// are a whole set).
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("12m")?, parse_tiles("9p")?, locate_breach(5, 2, 18)?);
    /// assert_eq!(wall.draw(), Some("1m".parse()?));
    /// assert_eq!(wall.draw_replacement().map(|(t, _)| t), Some("9p".parse()?));
    /// assert_eq!((wall.live_len(), wall.dead_len()), (1, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_parts(live: Vec<Tile>, dead: Vec<Tile>, breach: Breach) -> Wall {
        let end = live.len();
        Wall {
            live,
            next: 0,
            end,
            dead,
            dead_next: 0,
            breach,
        }
    }

    /// Shuffles a set with `rng` and builds the wall with the breach for these dice totals.
    ///
    /// # Errors
    /// [`WallError::DiceTotal`] if a total is outside 2–12.
    ///
    /// ```
    /// use mahjong_rules::wall::Wall;
    /// use mahjong_tiles::TileSet;
    /// use rand::SeedableRng;
    /// let wall = Wall::shuffled(TileSet::WithoutBonus, 7, 4, &mut rand_pcg::Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(wall.live_len() + wall.dead_len(), 136);
    /// assert_eq!(wall.breach().stacks_per_wall, 17);
    /// # Ok::<(), mahjong_rules::wall::WallError>(())
    /// ```
    pub fn shuffled<R: Rng + ?Sized>(
        set: TileSet,
        east_total: u8,
        dominant_total: u8,
        rng: &mut R,
    ) -> Result<Wall, WallError> {
        let mut tiles = set.to_vec();
        tiles.shuffle(rng);
        let breach = locate_breach(east_total, dominant_total, tiles.len() / 8)?;
        Wall::build(&tiles, breach)
    }

    /// The breach.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::TileSet;
    /// let breach = locate_breach(8, 6, 18)?;
    /// assert_eq!(Wall::build(&TileSet::Full.to_vec(), breach)?.breach(), breach);
    /// # Ok::<(), mahjong_rules::wall::WallError>(())
    /// ```
    pub fn breach(&self) -> Breach {
        self.breach
    }

    /// Draws the next tile of the live wall, or `None` when it is exhausted.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("1m")?, vec![], locate_breach(5, 2, 18)?);
    /// assert_eq!(wall.draw(), Some("1m".parse()?));
    /// assert_eq!(wall.draw(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw(&mut self) -> Option<Tile> {
        if self.next >= self.end {
            return None;
        }
        let t = *self.live.get(self.next)?;
        self.next += 1;
        Some(t)
    }

    /// Draws a replacement for a flower, a season or a kong: from the dead wall, or, once it
    /// is empty, from the far end of the live wall. `None` when both are empty.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, ReplacementSource, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("12m")?, parse_tiles("9p")?, locate_breach(5, 2, 18)?);
    /// assert_eq!(wall.draw_replacement(), Some(("9p".parse()?, ReplacementSource::DeadWall)));
    /// // The dead wall is empty: the far end of the live wall replaces.
    /// assert_eq!(wall.draw_replacement(), Some(("2m".parse()?, ReplacementSource::LiveWallTail)));
    /// assert_eq!(wall.live_len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw_replacement(&mut self) -> Option<(Tile, ReplacementSource)> {
        if let Some(&t) = self.dead.get(self.dead_next) {
            self.dead_next += 1;
            return Some((t, ReplacementSource::DeadWall));
        }
        if self.next < self.end {
            let t = *self.live.get(self.end - 1)?;
            self.end -= 1;
            return Some((t, ReplacementSource::LiveWallTail));
        }
        None
    }

    /// Tiles left in the live wall.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("123m")?, vec![], locate_breach(5, 2, 18)?);
    /// wall.draw();
    /// assert_eq!(wall.live_len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn live_len(&self) -> usize {
        self.live_tiles().len()
    }

    /// Tiles left in the dead wall.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(vec![], parse_tiles("99p")?, locate_breach(5, 2, 18)?);
    /// wall.draw_replacement();
    /// assert_eq!(wall.dead_len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dead_len(&self) -> usize {
        self.dead_tiles().len()
    }

    /// Whether the live wall is empty: the round ends if nobody has gone Mah-jong.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("1m")?, parse_tiles("9p")?, locate_breach(5, 2, 18)?);
    /// assert!(!wall.is_exhausted());
    /// wall.draw();
    /// assert!(wall.is_exhausted() && wall.dead_len() == 1); // the dead wall does not count
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_exhausted(&self) -> bool {
        self.live_len() == 0
    }

    /// The tiles left in the live wall, in draw order.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(parse_tiles("123m")?, vec![], locate_breach(5, 2, 18)?);
    /// wall.draw();
    /// assert_eq!(wall.live_tiles(), parse_tiles("23m")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn live_tiles(&self) -> &[Tile] {
        // Positions are consistent (built here, or checked when read with serde); slice
        // without panicking all the same.
        self.live.get(self.next..self.end).unwrap_or(&[])
    }

    /// The tiles left in the dead wall, in replacement order.
    ///
    /// ```
    /// use mahjong_rules::wall::{locate_breach, Wall};
    /// use mahjong_tiles::parse_tiles;
    /// let mut wall = Wall::from_parts(vec![], parse_tiles("789p")?, locate_breach(5, 2, 18)?);
    /// wall.draw_replacement();
    /// assert_eq!(wall.dead_tiles(), parse_tiles("89p")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dead_tiles(&self) -> &[Tile] {
        self.dead.get(self.dead_next..).unwrap_or(&[])
    }
}

mod deal;

pub use deal::{Deal, DealtHand, Setup, deal, replace_bonus_tiles, setup};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breach_sides() {
        let side = |t| breach_wall(t).unwrap();
        for t in [5, 9] {
            assert_eq!(side(t), Wind::East);
        }
        for t in [2, 6, 10] {
            assert_eq!(side(t), Wind::South);
        }
        for t in [3, 7, 11] {
            assert_eq!(side(t), Wind::West);
        }
        for t in [4, 8, 12] {
            assert_eq!(side(t), Wind::North);
        }
        assert!(breach_wall(1).is_err() && breach_wall(13).is_err());
    }

    #[test]
    fn counting_past_the_wall_goes_left() {
        // East rolls 12 (North), North rolls 12: 24 > 18, 6th stack of West's wall (North's
        // left neighbour is West).
        let b = locate_breach(12, 12, 18).unwrap();
        assert_eq!((b.dominant, b.wall, b.stack), (Wind::North, Wind::West, 6));
        let b = locate_breach(5, 12, 17).unwrap();
        assert_eq!((b.dominant, b.wall, b.stack), (Wind::East, Wind::East, 17));
        let b = locate_breach(5, 12, 17).unwrap();
        assert_eq!((b.dominant, b.wall, b.stack), (Wind::East, Wind::East, 17));
        let b = locate_breach(9, 12, 17).unwrap();
        assert_eq!((b.dominant, b.wall, b.stack), (Wind::East, Wind::North, 4));
        assert_eq!(
            locate_breach(5, 12, 16),
            Err(WallError::StacksPerWall { stacks: 16 })
        );
    }

    #[test]
    fn a_breach_off_the_wall_is_an_error() {
        let tiles = marked(144);
        let mut b = locate_breach(8, 6, 18).unwrap();
        for stack in [0, 19, usize::MAX] {
            b.stack = stack;
            assert_eq!(
                Wall::build(&tiles, b),
                Err(WallError::BreachStack {
                    stack,
                    stacks_per_wall: 18
                })
            );
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn a_wall_read_back_with_bad_positions_is_refused() {
        let good = Wall::build(&marked(144), locate_breach(8, 6, 18).unwrap()).unwrap();
        let json = serde_json::to_string(&good).unwrap();
        let back: Wall = serde_json::from_str(&json).unwrap();
        assert_eq!(back, good);
        let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
        v["next"] = 500.into();
        v["end"] = 900.into();
        v["dead_next"] = 99.into();
        let e = serde_json::from_value::<Wall>(v).unwrap_err().to_string();
        assert!(
            e.starts_with("a wall's positions do not fit its tiles: next 500, end 900"),
            "{e}"
        );
    }

    /// Tiles whose stack `k` is recognisable: top `k % 34`, bottom `(k + 17) % 34`.
    pub(in crate::wall) fn marked(len: usize) -> Vec<Tile> {
        (0..len / 2)
            .flat_map(|k| {
                [
                    Tile::from_index(k % 34).unwrap(),
                    Tile::from_index((k + 17) % 34).unwrap(),
                ]
            })
            .collect()
    }

    #[test]
    fn layout_of_live_and_dead_walls() {
        let tiles = marked(144);
        // North dominant, 14th stack of North's wall: ring index 18 + 13 = 31.
        let wall = Wall::build(&tiles, locate_breach(8, 6, 18).unwrap()).unwrap();
        assert_eq!(wall.live_len(), 130);
        assert_eq!(wall.dead_len(), 14);
        let top = |k: usize| Tile::from_index(k % 34).unwrap();
        let bottom = |k: usize| Tile::from_index((k + 17) % 34).unwrap();
        // Loose tiles: the lifted stack 31; then stacks 30, 29, ... 25.
        assert_eq!(
            &wall.dead_tiles()[..4],
            &[top(31), bottom(31), top(30), bottom(30)]
        );
        assert_eq!(wall.dead_tiles()[13], bottom(25));
        // Live wall: from stack 32 round to stack 24.
        assert_eq!(&wall.live_tiles()[..2], &[top(32), bottom(32)]);
        assert_eq!(wall.live_tiles()[129], bottom(24));
        assert!(Wall::build(&tiles[..100], locate_breach(8, 6, 18).unwrap()).is_err());
        assert!(Wall::build(&marked(136), locate_breach(8, 6, 18).unwrap()).is_err());
        let wall = Wall::build(&marked(136), locate_breach(8, 6, 17).unwrap()).unwrap();
        assert_eq!((wall.live_len(), wall.dead_len()), (122, 14));
    }

    #[test]
    fn replacements_fall_back_to_the_live_tail() {
        let tiles = marked(144);
        let mut wall = Wall::build(&tiles, locate_breach(5, 2, 18).unwrap()).unwrap();
        for _ in 0..14 {
            assert_eq!(
                wall.draw_replacement().unwrap().1,
                ReplacementSource::DeadWall
            );
        }
        let last = *wall.live_tiles().last().unwrap();
        assert_eq!(
            wall.draw_replacement(),
            Some((last, ReplacementSource::LiveWallTail))
        );
        assert_eq!(wall.live_len(), 129);
        while wall.draw().is_some() {}
        assert!(wall.is_exhausted());
        assert_eq!(wall.draw_replacement(), None);
    }
}
