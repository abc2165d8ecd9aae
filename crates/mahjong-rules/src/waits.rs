//! Waits: the tiles that would complete a hand, and the calling-hand check.
//!
//! A hand of 13 is *calling* ("main appelante" in the French Wikipedia article on Mah-jong:
//! "n'attend plus qu'une seule tuile") when one more tile would make it a Mah-jong — four melds and
//! a pair, or a Grand Jeu. Its waits are those tiles. A tile of which the hand already holds all
//! four copies cannot come and is not listed. "Une seule tuile" is read as *one more tile*, not
//! *one kind of tile*: the article calls the declaration the Japanese rule, where a hand one tile
//! from winning may declare whatever its number of waits.
//!
//! ```
//! use mahjong_rules::{Hand, waits};
//! use mahjong_tiles::{Tiles, Wind};
//!
//! let hand: Hand = "23m 456p 789s 111z 55z".parse()?;
//! let w: Tiles = waits::waits(&hand, Wind::East)?.into();
//! assert_eq!(w.to_string(), "14m");
//! assert!(waits::is_calling(&hand, Wind::East));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use mahjong_tiles::{Tile, Wind};

use crate::decompose;
use crate::hand::{Hand, KINDS};
use crate::limit_hands::{LimitHand, MeldsApart};

/// Waits are asked of a hand of 13 tiles.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("waits are computed for a hand of 13 tiles (kongs counting three), this one has {size}")]
pub struct WaitsError {
    /// The hand's size.
    pub size: usize,
}

/// Whether a hand of 14 is a Mah-jong: four melds and a pair, or a Grand Jeu (the imperial
/// Mah-jong needs the player's wind `seat`).
///
/// ```
/// use mahjong_rules::{Hand, waits};
/// use mahjong_tiles::Wind;
/// assert!(waits::is_mah_jong(&"123m 456p 789s 111z 55z".parse::<Hand>()?, Wind::East));
/// assert!(!waits::is_mah_jong(&"123m 456p 789s 111z 5z 6z".parse::<Hand>()?, Wind::East));
/// # Ok::<(), mahjong_rules::ParseHandError>(())
/// ```
pub fn is_mah_jong(hand: &Hand, seat: Wind) -> bool {
    hand.size() == 14
        && (decompose::is_complete(&hand.concealed_counts())
            || !LimitHand::matching(hand, seat).is_empty())
}

/// The tiles that would make the 13-tile `hand` a Mah-jong, in canonical order.
///
/// A tile counts when, drawn from the wall, it would complete the hand: the mandarin's and
/// the imperial Mah-jong, whose kongs must be "naturels", may be completed by the fourth
/// tile of a kong only when it is drawn (see [`LimitHand::is_won_with`]).
///
/// How: four melds and a pair are checked block by block (a suit or the honours; melds do
/// not cross blocks), so only the block that receives the tile is decomposed again; each
/// Grand Jeu is tried only when the hand has no tile outside the kinds it uses.
///
/// # Errors
/// [`WaitsError`] if the hand does not have 13 tiles.
///
/// ```
/// use mahjong_rules::{Hand, waits};
/// use mahjong_tiles::{Tiles, Wind};
/// let hand: Hand = "1112345678999m 1z".parse::<Hand>()?.without_tile("1z".parse()?).unwrap();
/// // The nine gates wait on every tile of the suit.
/// assert_eq!(Tiles(waits::waits(&hand, Wind::East)?).to_string(), "123456789m");
/// let full: Hand = "123m 456p 789s 111z 55z".parse()?;
/// assert!(waits::waits(&full, Wind::East).is_err()); // 14 tiles
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn waits(hand: &Hand, seat: Wind) -> Result<Vec<Tile>, WaitsError> {
    if hand.size() != 13 {
        return Err(WaitsError { size: hand.size() });
    }
    let mut complete = [false; KINDS];
    decompose::completing_kinds(&hand.concealed_counts(), &mut complete);
    let slots = hand.slot_counts();
    let apart = MeldsApart::of(hand);
    for limit in LimitHand::ALL {
        if !limit.may_complete(&slots, seat) {
            continue;
        }
        for (i, done) in complete.iter_mut().enumerate() {
            if !*done {
                let mut s = slots;
                s[i] += 1;
                *done = limit.matches_slots(&s, apart, seat);
            }
        }
    }
    if !complete.contains(&true) {
        return Ok(Vec::new());
    }
    // A fifth copy cannot come: the slots count every tile held but the fourth of a kong.
    let held = |t: Tile| {
        let kong = hand.melds().iter().any(|m| m.is_kong() && m.tile() == t);
        slots[t.index()] + u8::from(kong)
    };
    Ok(Tile::ALL
        .into_iter()
        .take(KINDS)
        .filter(|&t| complete[t.index()] && held(t) < 4)
        .collect())
}

/// Whether the `hand` is calling: 13 tiles, and one tile from Mah-jong.
///
/// ```
/// use mahjong_rules::{Hand, waits};
/// use mahjong_tiles::Wind;
/// assert!(waits::is_calling(&"23m 456p 789s 111z 55z".parse::<Hand>()?, Wind::East));
/// assert!(!waits::is_calling(&"1m 456p 79s 111z 2468s".parse::<Hand>()?, Wind::East));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_calling(hand: &Hand, seat: Wind) -> bool {
    waits(hand, seat).is_ok_and(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mahjong_tiles::Tiles;

    fn w(s: &str) -> String {
        Tiles(waits(&s.parse().unwrap(), Wind::East).unwrap()).to_string()
    }

    #[test]
    fn nine_gates_waits_on_all_nine() {
        assert_eq!(w("1112345678999m"), "123456789m");
    }

    #[test]
    fn single_and_pair_waits() {
        assert_eq!(w("123m 456p 789s 111z 5z"), "5z");
        assert_eq!(w("123m 456p 789s 11z 55z"), "15z");
        assert_eq!(w("13m 456p 789s 111z 55z"), "2m");
    }

    #[test]
    fn grand_jeu_waits() {
        // Thirteen lanterns before the pairing tile: any of the six terminals.
        assert_eq!(w("19m 19p 19s 1234567z"), "19m 19p 19s");
        // Little snake: any honour.
        assert_eq!(w("123456789p 1234z"), "1234567z");
        // Great snake waiting on its pair or its triplet.
        assert_eq!(w("123456789s 77z 11z"), "17z");
        // Great green hand on its pair (8s); 7s makes 678s, an ordinary Mah-jong.
        assert_eq!(w("222444666s 666z 8s"), "78s");
        // The mandarin's third kong (when drawn); the imperial Mah-jong's pair.
        assert_eq!(w("111122223333z 4z"), "4z");
        assert_eq!(w("11112222333z 44z"), "3z");
        assert_eq!(w("555566667777z 1z"), "1z");
        // Fourfold happiness with a pung laid apart.
        assert_eq!(w("[111z] 222333444z 5m"), "5m");
    }

    #[test]
    fn a_fifth_copy_is_not_a_wait() {
        // 1111m and three pungs: only a fifth 1m would complete it, and there is none.
        let hand = "1111m [222p] [333p] [444p]";
        assert_eq!(w(hand), "");
        let mut counts = hand.parse::<Hand>().unwrap().concealed_counts();
        counts[0] += 1;
        assert!(
            decompose::is_complete(&counts),
            "by counts alone it would be complete"
        );
    }

    #[test]
    fn thirteen_tiles_required() {
        let h: Hand = "123m 456p 789s 111z 55z".parse().unwrap();
        assert_eq!(waits(&h, Wind::East), Err(WaitsError { size: 14 }));
        assert!(!is_calling(&h, Wind::East));
    }
}
