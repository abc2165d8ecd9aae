//! Claims on a discard: what each claim needs, and which claim wins.
//!
//! From "Construction des combinaisons" and "Règle des priorités" in the French Wikipedia article
//! on Mah-jong:
//! - a discard may be claimed only to complete a meld — never a lone pair — except to go
//!   Mah-jong;
//! - chow: only the player after the discarder, except that any player may take it to go
//!   Mah-jong;
//! - pung: anyone holding two of the tile;
//! - kong: from a concealed triplet with the discard, yes; onto an exposed pung with a
//!   discard, no; onto an exposed pung with a self-drawn fourth tile, yes ("small kong",
//!   [`can_extend_pung`]) — and another player may rob that tile to go Mah-jong
//!   ([`check_robbing_kong`]);
//! - priorities: Mah-jong > pung or kong > chow; between Mah-jong claims: Grand Jeu
//!   (optional rule) > Mah-jong by pung > by chow > by pair > nearest in turn order.
//!
//! ```
//! use mahjong_rules::claims::{check_claim, winning_claim, ClaimKind, MahJongWay};
//! use mahjong_rules::{Hand, RuleOptions};
//! use mahjong_tiles::{Tile, Wind};
//!
//! let five: Tile = "5p".parse()?;
//! let south: Hand = "55p 123m 456m 789s 1z 9p".parse()?;    // can pung
//! let north: Hand = "46p 123m 456m 789s 11z".parse()?;      // Mah-jong by chow
//! let s = check_claim(&south, Wind::South, Wind::East, five, ClaimKind::Pung)?;
//! let n = check_claim(&north, Wind::North, Wind::East, five, ClaimKind::MahJong)?;
//! assert_eq!(n.way, Some(MahJongWay::Chow));
//! let options = RuleOptions::default();
//! assert_eq!(winning_claim(Wind::East, &[s, n], &options).map(|c| c.seat), Some(Wind::North));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::ops::ControlFlow;

use mahjong_tiles::{Tile, Wind};

use crate::decompose;
use crate::hand::Hand;
use crate::limit_hands::LimitHand;
use crate::meld::MeldKind;
use crate::points::RuleOptions;
use crate::rotation::{next_seat, turns_from};

/// What a player claims a discard for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ClaimKind {
    /// To complete a sequence (next player only).
    Chow,
    /// To complete a triplet.
    Pung,
    /// To make a kong from a concealed triplet.
    Kong,
    /// To go Mah-jong.
    MahJong,
}

impl core::fmt::Display for ClaimKind {
    /// `chow`, `pung`, `kong` or `Mah-jong`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            ClaimKind::Chow => "chow",
            ClaimKind::Pung => "pung",
            ClaimKind::Kong => "kong",
            ClaimKind::MahJong => "Mah-jong",
        })
    }
}

/// How a discard completes a Mah-jong: the ranks of Mah-jong claims, best first (a Grand Jeu
/// comes before all of them under the optional rule, see [`Claim::grand_jeu`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MahJongWay {
    /// The discard completes a triplet.
    Pung,
    /// The discard completes a sequence.
    Chow,
    /// The discard completes the pair.
    Pair,
}

/// A claim found legal by [`check_claim`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Claim {
    /// Who claims.
    pub seat: Wind,
    /// For what.
    pub kind: ClaimKind,
    /// For a Mah-jong claim, the best way the discard completes it.
    pub way: Option<MahJongWay>,
    /// For a Mah-jong claim, whether the completed hand is a Grand Jeu.
    pub grand_jeu: bool,
}

/// Why a claim is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClaimError {
    /// Nobody claims their own discard.
    #[error("{seat_name} cannot claim its own discard", seat_name = crate::rotation::wind_name(.seat))]
    OwnDiscard {
        /// The claimer.
        seat: Wind,
    },
    /// Bonus tiles are never discarded.
    #[error("{tile} is a bonus tile: it is laid out, never discarded")]
    BonusTile {
        /// The tile.
        tile: Tile,
    },
    /// A claim needs a hand of 13 tiles.
    #[error("a claiming hand holds 13 tiles, this one has {size}")]
    WrongHandSize {
        /// The hand's size.
        size: usize,
    },
    /// Chow only from the previous player, unless for Mah-jong.
    #[error("{seat_name} may take {discarder_name}'s discard for a chow only to go Mah-jong", seat_name = crate::rotation::wind_name(.seat), discarder_name = crate::rotation::wind_name(.discarder))]
    ChowNotNextPlayer {
        /// The claimer.
        seat: Wind,
        /// The discarder.
        discarder: Wind,
    },
    /// The hand cannot make the meld claimed.
    #[error("the hand cannot make a {kind} with {tile}")]
    CannotMeld {
        /// The claim.
        kind: ClaimKind,
        /// The discard.
        tile: Tile,
    },
    /// An exposed pung cannot be made a kong with a discard (only with a drawn tile).
    #[error("an exposed pung of {tile} becomes a kong only with a self-drawn tile")]
    ExposedPungWithDiscard {
        /// The tile.
        tile: Tile,
    },
    /// A player robbing a kong already holds a copy of the tile: with the three of the
    /// robbed pung and the robbed tile that makes more than four.
    #[error(
        "the hand already holds {tile}: with the robbed pung's three and the robbed tile that is more than four"
    )]
    RobbedTileHeld {
        /// The robbed tile.
        tile: Tile,
    },
    /// The discard does not complete a Mah-jong (a lone pair may not be claimed otherwise).
    #[error("{tile} does not complete a Mah-jong")]
    NotMahJong {
        /// The discard.
        tile: Tile,
    },
}

/// Checks a claim of `discarder`'s discard `tile` by `seat` holding the 13-tile `hand`,
/// and returns it ranked. Four players are assumed for "the next player"; see
/// [`check_claim_with_players`] for three.
///
/// # Errors
/// [`ClaimError`] says why the claim is not allowed.
///
/// ```
/// use mahjong_rules::claims::{check_claim, ClaimError, ClaimKind};
/// use mahjong_rules::Hand;
/// use mahjong_tiles::Wind;
/// let hand: Hand = "55p 123m 456m 789s 1z 9p".parse()?;
/// let five = "5p".parse()?;
/// let pung = check_claim(&hand, Wind::South, Wind::East, five, ClaimKind::Pung)?;
/// assert_eq!((pung.seat, pung.kind), (Wind::South, ClaimKind::Pung));
/// assert_eq!(
///     check_claim(&hand, Wind::South, Wind::South, five, ClaimKind::Pung),
///     Err(ClaimError::OwnDiscard { seat: Wind::South })
/// );
/// let err = check_claim(&hand, Wind::South, Wind::East, five, ClaimKind::Kong).unwrap_err();
/// assert_eq!(err.to_string(), "the hand cannot make a kong with 5p");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_claim(
    hand: &Hand,
    seat: Wind,
    discarder: Wind,
    tile: Tile,
    kind: ClaimKind,
) -> Result<Claim, ClaimError> {
    check_claim_with_players(hand, seat, discarder, tile, kind, 4)
}

/// [`check_claim`] at a table of `players` (3 or 4).
///
/// # Errors
/// [`ClaimError`] says why the claim is not allowed.
///
/// ```
/// use mahjong_rules::claims::{check_claim_with_players, ClaimKind};
/// use mahjong_rules::Hand;
/// use mahjong_tiles::Wind;
/// let hand: Hand = "46p 123m 456m 789s 1z 9p".parse()?;
/// // At a table of three, East follows West: it may chow West's discard.
/// assert!(check_claim_with_players(&hand, Wind::East, Wind::West, "5p".parse()?, ClaimKind::Chow, 3).is_ok());
/// assert!(check_claim_with_players(&hand, Wind::East, Wind::West, "5p".parse()?, ClaimKind::Chow, 4).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_claim_with_players(
    hand: &Hand,
    seat: Wind,
    discarder: Wind,
    tile: Tile,
    kind: ClaimKind,
    players: usize,
) -> Result<Claim, ClaimError> {
    if seat == discarder {
        return Err(ClaimError::OwnDiscard { seat });
    }
    if tile.is_bonus() {
        return Err(ClaimError::BonusTile { tile });
    }
    if hand.size() != 13 {
        return Err(ClaimError::WrongHandSize { size: hand.size() });
    }
    let held = hand.concealed_count(tile);
    let claim = |way| Claim {
        seat,
        kind,
        way,
        grand_jeu: false,
    };
    match kind {
        ClaimKind::Chow => {
            if next_seat(discarder, players) != seat {
                return Err(ClaimError::ChowNotNextPlayer { seat, discarder });
            }
            if can_chow(hand, tile) {
                Ok(claim(None))
            } else {
                Err(ClaimError::CannotMeld { kind, tile })
            }
        }
        ClaimKind::Pung if held >= 2 => Ok(claim(None)),
        ClaimKind::Kong if held >= 3 => Ok(claim(None)),
        ClaimKind::Kong
            if hand
                .melds()
                .iter()
                .any(|m| m.kind() == MeldKind::Triplet && m.tile() == tile) =>
        {
            Err(ClaimError::ExposedPungWithDiscard { tile })
        }
        ClaimKind::Pung | ClaimKind::Kong => Err(ClaimError::CannotMeld { kind, tile }),
        ClaimKind::MahJong => {
            let (way, grand_jeu) =
                mah_jong_way(hand, seat, tile).ok_or(ClaimError::NotMahJong { tile })?;
            Ok(Claim {
                grand_jeu,
                ..claim(Some(way))
            })
        }
    }
}

fn can_chow(hand: &Hand, tile: Tile) -> bool {
    let has = |t: Option<Tile>| t.is_some_and(|t| hand.concealed().contains(&t));
    let p1 = tile.previous_in_suit();
    let p2 = p1.and_then(Tile::previous_in_suit);
    let n1 = tile.next_in_suit();
    let n2 = n1.and_then(Tile::next_in_suit);
    (has(p2) && has(p1)) || (has(p1) && has(n1)) || (has(n1) && has(n2))
}

/// How `tile` completes the 13-tile `hand` of the player of wind `seat` into a Mah-jong —
/// the best way over every reading, and whether the hand is a Grand Jeu — or `None` if it
/// does not. For a Grand Jeu that is not four melds and a pair, the way is the tile's part
/// in it: a third or fourth copy makes a pung, a second a pair, a single tile a chow.
///
/// ```
/// use mahjong_rules::claims::{mah_jong_way, MahJongWay};
/// use mahjong_rules::Hand;
/// use mahjong_tiles::Wind;
/// let hand: Hand = "123m 456p 789s 111z 5z".parse()?;
/// assert_eq!(mah_jong_way(&hand, Wind::East, "5z".parse()?), Some((MahJongWay::Pair, false)));
/// assert_eq!(mah_jong_way(&hand, Wind::East, "6z".parse()?), None);
/// let lanterns: Hand = "19m 19p 19s 1234567z".parse()?;
/// assert_eq!(mah_jong_way(&lanterns, Wind::East, "9s".parse()?), Some((MahJongWay::Pair, true)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mah_jong_way(hand: &Hand, seat: Wind, tile: Tile) -> Option<(MahJongWay, bool)> {
    let full = hand.with_tile(tile).ok()?;
    let grand_jeu = !LimitHand::won_with(&full, seat, tile, false).is_empty();
    let mut best: Option<MahJongWay> = None;
    decompose::for_each(&full.concealed_counts(), false, |a| {
        for m in &a.melds {
            if m.contains(tile) {
                let w = if m.is_sequence() {
                    MahJongWay::Chow
                } else {
                    MahJongWay::Pung
                };
                best = Some(best.map_or(w, |b| b.min(w)));
            }
        }
        if a.pair == Some(tile) {
            best = Some(best.map_or(MahJongWay::Pair, |b| b.min(MahJongWay::Pair)));
        }
        if best == Some(MahJongWay::Pung) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    match (best, grand_jeu) {
        (Some(w), g) => Some((w, g)),
        (None, true) => {
            let w = match full.concealed_count(tile) {
                0 | 1 => MahJongWay::Chow,
                2 => MahJongWay::Pair,
                _ => MahJongWay::Pung,
            };
            Some((w, true))
        }
        (None, false) => None,
    }
}

/// The claim that takes the discard of `discarder` among checked `claims` at a table of four,
/// or `None` if there are none.
///
/// ```
/// use mahjong_rules::claims::{check_claim, winning_claim, ClaimKind};
/// use mahjong_rules::{Hand, RuleOptions};
/// use mahjong_tiles::Wind;
/// let five = "5p".parse()?;
/// let south: Hand = "46p 123m 456m 789s 1z 9p".parse()?; // chow, next after East
/// let west: Hand = "55p 123m 456m 789s 1z 9p".parse()?; // pung
/// let chow = check_claim(&south, Wind::South, Wind::East, five, ClaimKind::Chow)?;
/// let pung = check_claim(&west, Wind::West, Wind::East, five, ClaimKind::Pung)?;
/// let best = winning_claim(Wind::East, &[chow, pung], &RuleOptions::default());
/// assert_eq!(best, Some(pung)); // a pung beats a chow
/// assert_eq!(winning_claim(Wind::East, &[], &RuleOptions::default()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_claim(discarder: Wind, claims: &[Claim], options: &RuleOptions) -> Option<Claim> {
    winning_claim_with_players(discarder, claims, options, 4)
}

/// [`winning_claim`] at a table of `players` (3 or 4).
///
/// ```
/// use mahjong_rules::claims::{check_claim_with_players, winning_claim_with_players, ClaimKind};
/// use mahjong_rules::{Hand, RuleOptions};
/// use mahjong_tiles::Wind;
/// let hand: Hand = "123m 456p 789s 111z 5z".parse()?;
/// let five = "5z".parse()?;
/// // Two Mah-jong claims of the same rank: the nearer in turn order from the discarder wins.
/// let east = check_claim_with_players(&hand, Wind::East, Wind::South, five, ClaimKind::MahJong, 3)?;
/// let west = check_claim_with_players(&hand, Wind::West, Wind::South, five, ClaimKind::MahJong, 3)?;
/// let best = winning_claim_with_players(Wind::South, &[east, west], &RuleOptions::default(), 3);
/// assert_eq!(best.map(|c| c.seat), Some(Wind::West));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn winning_claim_with_players(
    discarder: Wind,
    claims: &[Claim],
    options: &RuleOptions,
    players: usize,
) -> Option<Claim> {
    claims
        .iter()
        .copied()
        .min_by_key(|c| claim_key(c, discarder, options, players))
}

/// The sort key of a claim: its rank, then its distance in turn order from the discarder.
fn claim_key(c: &Claim, discarder: Wind, options: &RuleOptions, players: usize) -> (u8, u8, usize) {
    let (kind, way) = rank(c, options);
    (kind, way, turns_from(discarder, c.seat, players))
}

/// Lower ranks win.
fn rank(c: &Claim, options: &RuleOptions) -> (u8, u8) {
    match c.kind {
        ClaimKind::MahJong => {
            let way = match c.way {
                _ if c.grand_jeu && options.grand_jeu_priority => 0,
                Some(MahJongWay::Pung) => 1,
                Some(MahJongWay::Chow) => 2,
                Some(MahJongWay::Pair) | None => 3,
            };
            (0, way)
        }
        ClaimKind::Pung | ClaimKind::Kong => (1, 0),
        ClaimKind::Chow => (2, 0),
    }
}

/// Whether the player may add the self-drawn `tile` to an exposed pung of its hand, making a
/// "small kong" (then draw a replacement from the dead wall).
///
/// ```
/// use mahjong_rules::claims::can_extend_pung;
/// use mahjong_rules::Hand;
/// let hand: Hand = "123m 456p 789s 5z 5z [111z]".parse()?;
/// assert!(can_extend_pung(&hand, "1z".parse()?));
/// assert!(!can_extend_pung(&hand, "5z".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn can_extend_pung(hand: &Hand, tile: Tile) -> bool {
    hand.melds()
        .iter()
        .any(|m| m.kind() == MeldKind::Triplet && !m.is_concealed() && m.tile() == tile)
}

/// Checks that `seat`, holding the 13-tile `hand`, may rob the tile another player adds to
/// an exposed pung: only to go Mah-jong, and only holding no other copy of the tile (the
/// pung holds three).
///
/// ```
/// use mahjong_rules::claims::{check_robbing_kong, ClaimError};
/// use mahjong_rules::Hand;
/// use mahjong_tiles::Wind;
/// let hand: Hand = "46m 456p 789s 111z 55z".parse()?;
/// assert!(check_robbing_kong(&hand, Wind::West, "5m".parse()?).is_ok());
/// // Holding a 5m already: the robbed pung of 5m and its fourth would make six.
/// let five: Hand = "456m 456p 789s 55z 55m".parse()?;
/// assert!(matches!(
///     check_robbing_kong(&five, Wind::West, "5m".parse()?),
///     Err(ClaimError::RobbedTileHeld { .. })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ClaimError::WrongHandSize`] for a hand that is not of 13 tiles,
/// [`ClaimError::RobbedTileHeld`] if the hand holds the tile, [`ClaimError::NotMahJong`] if
/// the tile does not complete the hand.
pub fn check_robbing_kong(hand: &Hand, seat: Wind, tile: Tile) -> Result<Claim, ClaimError> {
    if hand.size() != 13 {
        return Err(ClaimError::WrongHandSize { size: hand.size() });
    }
    if hand.count(tile) > 0 {
        return Err(ClaimError::RobbedTileHeld { tile });
    }
    let (way, grand_jeu) = mah_jong_way(hand, seat, tile).ok_or(ClaimError::NotMahJong { tile })?;
    Ok(Claim {
        seat,
        kind: ClaimKind::MahJong,
        way: Some(way),
        grand_jeu,
    })
}

/// The claims sorted from strongest to weakest at a table of four (ties in turn order from
/// the discarder); the first is [`winning_claim`]'s.
///
/// ```
/// use mahjong_rules::claims::{check_claim, rank_claims, ClaimKind};
/// use mahjong_rules::{Hand, RuleOptions};
/// use mahjong_tiles::Wind;
/// let five = "5p".parse()?;
/// let south: Hand = "46p 123m 456m 789s 1z 9p".parse()?;
/// let west: Hand = "55p 123m 456m 789s 1z 9p".parse()?;
/// let mut claims = [
///     check_claim(&south, Wind::South, Wind::East, five, ClaimKind::Chow)?,
///     check_claim(&west, Wind::West, Wind::East, five, ClaimKind::Pung)?,
/// ];
/// rank_claims(Wind::East, &mut claims, &RuleOptions::default());
/// assert_eq!(claims.map(|c| c.kind), [ClaimKind::Pung, ClaimKind::Chow]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rank_claims(discarder: Wind, claims: &mut [Claim], options: &RuleOptions) {
    claims.sort_by_key(|c| claim_key(c, discarder, options, 4));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{h, t};

    #[test]
    fn chow_only_from_the_previous_player() {
        let hand = h("46p 123m 456m 789s 1z 9p");
        assert!(check_claim(&hand, Wind::South, Wind::East, t("5p"), ClaimKind::Chow).is_ok());
        assert_eq!(
            check_claim(&hand, Wind::West, Wind::East, t("5p"), ClaimKind::Chow),
            Err(ClaimError::ChowNotNextPlayer {
                seat: Wind::West,
                discarder: Wind::East
            })
        );
        assert!(matches!(
            check_claim(&hand, Wind::South, Wind::East, t("1p"), ClaimKind::Chow),
            Err(ClaimError::CannotMeld { .. })
        ));
        // With three players, East follows West.
        assert!(
            check_claim_with_players(&hand, Wind::East, Wind::West, t("5p"), ClaimKind::Chow, 3)
                .is_ok()
        );
    }

    #[test]
    fn kong_cases() {
        let concealed = h("555p 123m 456m 789s 1z");
        assert!(
            check_claim(
                &concealed,
                Wind::North,
                Wind::East,
                t("5p"),
                ClaimKind::Kong
            )
            .is_ok()
        );
        let exposed = h("[555p] 123m 456m 789s 1z");
        assert_eq!(
            check_claim(&exposed, Wind::North, Wind::East, t("5p"), ClaimKind::Kong),
            Err(ClaimError::ExposedPungWithDiscard { tile: t("5p") })
        );
        assert!(can_extend_pung(&exposed, t("5p")));
        assert!(!can_extend_pung(&concealed, t("5p")));
    }

    #[test]
    fn lone_pair_only_for_mah_jong() {
        let hand = h("5p 123m 456m 789s 111z");
        assert!(matches!(
            check_claim(&hand, Wind::North, Wind::East, t("5p"), ClaimKind::Pung),
            Err(ClaimError::CannotMeld { .. })
        ));
        let c = check_claim(&hand, Wind::North, Wind::East, t("5p"), ClaimKind::MahJong).unwrap();
        assert_eq!(c.way, Some(MahJongWay::Pair));
    }
}
