//! What the strong bots read from a view: their tiles as counts, the copies they have not
//! seen, and the distance to Mah-jong of their hand after a discard or a claim.

use mahjong_tiles::Tile;

use crate::distance;
use crate::meld::{Exposure, Meld, MeldKind};
use crate::table::View;

/// A seat's own tiles as counts, with its melds laid apart.
#[derive(Clone, Debug)]
pub(super) struct Reading {
    pub(super) counts: [u8; Tile::COUNT],
    pub(super) melds: Vec<Meld>,
    /// Copies of each kind the seat has not seen (4 less those it sees).
    pub(super) unseen: [u8; Tile::COUNT],
}

/// A distance no hand has: the hand is not 13 or 14 tiles (never for a view's hand).
pub(super) const FAR: u8 = 99;

impl Reading {
    pub(super) fn of(view: &View<'_>) -> Reading {
        let seat = view.seat();
        let visible = view.visible_counts();
        let mut unseen = [0u8; Tile::COUNT];
        for t in Tile::ALL {
            unseen[t.index()] = t.copies().saturating_sub(visible[t.index()]);
        }
        Reading {
            counts: Tile::count_kinds(view.concealed().iter().copied()),
            melds: view.melds(seat).collect(),
            unseen,
        }
    }

    /// A hand of concealed tile `counts` and `melds` laid apart, with nothing known of the
    /// copies unseen.
    pub(super) fn bare(counts: [u8; Tile::COUNT], melds: &[Meld]) -> Reading {
        Reading {
            counts,
            melds: melds.to_vec(),
            unseen: [0; Tile::COUNT],
        }
    }

    /// Tiles from Mah-jong of the hand as it is.
    pub(super) fn away(&self) -> u8 {
        let (proxies, n) = self.proxies();
        distance::tiles_away_counts(&self.counts, &proxies[..n]).unwrap_or(FAR)
    }

    /// The melds laid apart as the distance is asked about them: each suited meld stands
    /// as a triplet of an honour the hand does not hold. The distance only counts the melds
    /// laid apart, and an honour block is costed at once where a suit holding a meld laid
    /// apart is costed rank by rank (to keep its copies exact): the bots trade that
    /// exactness (a fifth copy of a suited tile, which decides nothing they choose) for
    /// speed. With too few honours free, the melds stand as they are.
    fn proxies(&self) -> ([Meld; 4], usize) {
        let mut out =
            [Meld::from_checked_parts(MeldKind::Triplet, Tile::EAST, Exposure::Exposed); 4];
        let mut n = 0;
        let mut free = (Tile::EAST.index()..Tile::PLAYING_COUNT)
            .filter(|&i| self.counts[i] == 0 && !self.melds.iter().any(|m| m.tile().index() == i));
        for m in &self.melds {
            if n == 4 {
                break;
            }
            let proxy = if m.tile().is_honour() {
                Some(*m)
            } else {
                free.next()
                    .and_then(Tile::from_index)
                    .map(|t| Meld::from_checked_parts(MeldKind::Triplet, t, Exposure::Exposed))
            };
            match proxy {
                Some(p) => {
                    out[n] = p;
                    n += 1;
                }
                None => {
                    let k = self.melds.len().min(4);
                    out[..k].copy_from_slice(&self.melds[..k]);
                    return (out, k);
                }
            }
        }
        (out, n)
    }

    /// Tiles from Mah-jong after discarding `t` (from 14 tiles).
    pub(super) fn away_without(&mut self, t: Tile) -> u8 {
        let i = t.index();
        if self.counts[i] == 0 {
            return FAR;
        }
        self.counts[i] -= 1;
        let d = self.away();
        self.counts[i] += 1;
        d
    }

    /// How many unseen copies of the tiles that would bring the 13-tile hand after
    /// discarding `t` closer ("its acceptance").
    pub(super) fn acceptance_without(&mut self, t: Tile) -> u32 {
        let i = t.index();
        if self.counts[i] == 0 {
            return 0;
        }
        self.counts[i] -= 1;
        let (proxies, k) = self.proxies();
        let n = distance::useful_tiles_counts(&self.counts, &proxies[..k])
            .map(|useful| {
                useful
                    .iter()
                    .map(|u| u32::from(self.unseen[u.index()]))
                    .sum()
            })
            .unwrap_or(0);
        self.counts[i] += 1;
        n
    }

    /// The kinds that would bring the hand of 13 tiles closer (empty for 14).
    pub(super) fn useful(&self) -> Vec<Tile> {
        let (proxies, k) = self.proxies();
        distance::useful_tiles_counts(&self.counts, &proxies[..k]).unwrap_or_default()
    }

    /// The distinct concealed tiles.
    pub(super) fn held(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL.into_iter().filter(|t| self.counts[t.index()] > 0)
    }

    /// The hand after laying out `meld` made with `tile` from another seat (the tile
    /// added, the meld's tiles taken from the concealed ones); `None` if the tiles are not
    /// held.
    pub(super) fn with_meld(&self, tile: Tile, meld: Meld) -> Option<Reading> {
        let mut r = self.clone();
        r.counts[tile.index()] += 1;
        for t in meld.tiles() {
            let c = &mut r.counts[t.index()];
            *c = c.checked_sub(1)?;
        }
        r.melds.push(meld);
        Some(r)
    }

    /// The best distance reachable by one discard from a hand of 14 (a meld just claimed).
    pub(super) fn best_after_discard(&mut self) -> u8 {
        let held: Vec<Tile> = self.held().collect();
        held.into_iter()
            .map(|t| self.away_without(t))
            .min()
            .unwrap_or(FAR)
    }
}

/// The meld a claim makes with `tile`.
pub(super) fn claimed_meld(kind: MeldKind, first: Tile) -> Option<Meld> {
    match kind {
        MeldKind::Sequence => Meld::sequence(first, Exposure::Exposed).ok(),
        MeldKind::Triplet => Meld::triplet(first, Exposure::Exposed).ok(),
        MeldKind::Kong => Meld::kong(first, Exposure::Exposed).ok(),
    }
}
