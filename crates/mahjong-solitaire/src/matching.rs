//! Which tiles make a pair (as in the rules page): suited tiles, winds and dragons match only
//! an identical tile; any flower matches any flower, any season any season; flowers never
//! match seasons.

use mahjong_tiles::Tile;

/// The number of match classes: the 34 playing kinds, the flowers, the seasons.
pub(crate) const MATCH_CLASSES: usize = 36;

/// The class of tiles that match `tile`: its kind index (0–33) for a playing tile, 34 for
/// every flower, 35 for every season. Two tiles match when their classes are equal.
pub(crate) const fn match_class(tile: Tile) -> usize {
    if tile.is_flower() {
        Tile::PLAYING_COUNT
    } else if tile.is_season() {
        Tile::PLAYING_COUNT + 1
    } else {
        tile.index()
    }
}

/// Whether two tiles can be removed together (as the rules page says): suited tiles, winds
/// and dragons match only an identical tile; any flower matches any flower, any season any
/// season; flowers never match seasons.
///
/// ```
/// use mahjong_solitaire::tiles_match;
/// use mahjong_tiles::Tile;
///
/// let t = |s: &str| s.parse::<Tile>().unwrap();
/// assert!(tiles_match(t("5p"), t("5p")));
/// assert!(!tiles_match(t("5p"), t("5s")));
/// assert!(tiles_match(t("2f"), t("3f"))); // plum and bamboo flowers
/// assert!(tiles_match(t("1y"), t("4y"))); // spring and winter
/// assert!(!tiles_match(t("1f"), t("1y"))); // flowers never match seasons
/// ```
pub const fn tiles_match(a: Tile, b: Tile) -> bool {
    match_class(a) == match_class(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let t = |s: &str| s.parse::<Tile>().unwrap();
        assert_eq!(match_class(t("1m")), 0);
        assert_eq!(match_class(t("1f")), match_class(t("4f")));
        assert_ne!(match_class(t("1f")), match_class(t("1y")));
        let mut seen = [0; MATCH_CLASSES];
        for t in Tile::ALL {
            seen[match_class(t)] += 1;
        }
        assert!(seen[..34].iter().all(|&c| c == 1));
        assert_eq!(&seen[34..], &[4, 4]);
        for a in Tile::ALL {
            for b in Tile::ALL {
                let expected =
                    a == b || (a.is_flower() && b.is_flower()) || (a.is_season() && b.is_season());
                assert_eq!(tiles_match(a, b), expected, "{a} {b}");
            }
        }
    }
}
