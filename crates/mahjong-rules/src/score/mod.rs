//! Scoring a hand: the best decomposition, the winning tile's placement, the itemised result
//! (see [`score()`]).

use core::ops::ControlFlow;

use mahjong_tiles::{Tile, TileClass, Wind};

use crate::decompose::{self, Decomposition};
use crate::hand::Hand;
use crate::limit_hands::LimitHand;
use crate::meld::{Exposure, Meld, MeldKind};
use crate::points::{Item, PointsTable, RuleOptions, ScoringSystem};
use crate::waits;

mod itemised;

pub use itemised::{HandPart, Score, ScoreLine, ScoreRule};

/// How a hand went Mah-jong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win {
    /// The winning tile (it is among the hand's concealed tiles).
    pub tile: Tile,
    /// Drawn from the wall (otherwise taken from another player).
    pub self_drawn: bool,
    /// The last tile of the live wall ("fishing the moon"); needs `self_drawn`.
    pub last_wall_tile: bool,
    /// The last discard of the round; not with `self_drawn`.
    pub last_discard: bool,
    /// Taken by robbing another player's exposed kong; not with `self_drawn`.
    pub robbing_kong: bool,
}

impl Win {
    /// A win on a discard.
    ///
    /// ```
    /// use mahjong_rules::Win;
    /// let w = Win::discard("5z".parse()?);
    /// assert!(!w.self_drawn && !w.robbing_kong);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn discard(tile: Tile) -> Win {
        Win {
            tile,
            self_drawn: false,
            last_wall_tile: false,
            last_discard: false,
            robbing_kong: false,
        }
    }

    /// A win on a tile drawn from the wall.
    ///
    /// ```
    /// use mahjong_rules::Win;
    /// let w = Win::self_drawn("5z".parse()?);
    /// assert!(w.self_drawn && !w.last_wall_tile);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn self_drawn(tile: Tile) -> Win {
        Win {
            self_drawn: true,
            ..Win::discard(tile)
        }
    }
}

/// How the round ended for this hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandOutcome {
    /// This hand went Mah-jong.
    Won(Win),
    /// Another player went Mah-jong.
    AnotherWon,
    /// Nobody went Mah-jong (the live wall ran out).
    NobodyWon,
}

/// Everything about a hand's seat and round that scoring needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Situation {
    /// The player's own wind.
    pub seat: Wind,
    /// The round's dominant wind (the owner of the wall with the breach).
    pub dominant: Wind,
    /// The round wind, when the round-wind option is in use.
    pub round_wind: Option<Wind>,
    /// Whether the player declared a calling hand (Japanese rule).
    pub calling: bool,
    /// How the round ended.
    pub outcome: HandOutcome,
}

impl Situation {
    /// A losing hand of the player of wind `seat` in a round another player won, no round
    /// wind, no calling hand.
    ///
    /// ```
    /// use mahjong_rules::{HandOutcome, Situation};
    /// use mahjong_tiles::Wind;
    /// let s = Situation::new(Wind::West, Wind::East);
    /// assert_eq!((s.seat, s.dominant, s.round_wind), (Wind::West, Wind::East, None));
    /// assert_eq!(s.outcome, HandOutcome::AnotherWon);
    /// ```
    pub const fn new(seat: Wind, dominant: Wind) -> Situation {
        Situation {
            seat,
            dominant,
            round_wind: None,
            calling: false,
            outcome: HandOutcome::AnotherWon,
        }
    }

    /// The same situation where this hand went Mah-jong.
    ///
    /// ```
    /// use mahjong_rules::{HandOutcome, Situation, Win};
    /// use mahjong_tiles::Wind;
    /// let win = Win::discard("5z".parse()?);
    /// let s = Situation::new(Wind::West, Wind::East).with_win(win);
    /// assert_eq!(s.outcome, HandOutcome::Won(win));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn with_win(mut self, win: Win) -> Situation {
        self.outcome = HandOutcome::Won(win);
        self
    }

    /// The same situation with another outcome.
    ///
    /// ```
    /// use mahjong_rules::{HandOutcome, Situation};
    /// use mahjong_tiles::Wind;
    /// let s = Situation::new(Wind::West, Wind::East).with_outcome(HandOutcome::NobodyWon);
    /// assert_eq!(s.outcome, HandOutcome::NobodyWon);
    /// ```
    pub const fn with_outcome(mut self, outcome: HandOutcome) -> Situation {
        self.outcome = outcome;
        self
    }

    /// The same situation in a round nobody won (the live wall ran out): every hand is then
    /// scored as it stands, the way the table scores the four hands of a drawn round
    /// ([`Round::scores`](crate::table::Round::scores)); a hand of a round another player
    /// won is scored as [`Situation::new`] says.
    ///
    /// ```
    /// use mahjong_rules::{HandOutcome, RuleOptions, Situation, score};
    /// use mahjong_tiles::Wind;
    /// let s = Situation::new(Wind::South, Wind::East).with_draw();
    /// assert_eq!(s.outcome, HandOutcome::NobodyWon);
    /// let hand = "[555z] 123m 456p 11s 78s 1f".parse()?;
    /// let drawn = score(&hand, &s, &RuleOptions::default())?;
    /// assert!(drawn.total > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn with_draw(self) -> Situation {
        self.with_outcome(HandOutcome::NobodyWon)
    }

    /// The same situation with the round-wind option and this round wind.
    ///
    /// ```
    /// use mahjong_rules::Situation;
    /// use mahjong_tiles::Wind;
    /// let s = Situation::new(Wind::West, Wind::East).with_round_wind(Wind::South);
    /// assert_eq!(s.round_wind, Some(Wind::South));
    /// ```
    pub const fn with_round_wind(mut self, round_wind: Wind) -> Situation {
        self.round_wind = Some(round_wind);
        self
    }

    /// The same situation with a declared calling hand.
    ///
    /// ```
    /// use mahjong_rules::Situation;
    /// use mahjong_tiles::Wind;
    /// assert!(Situation::new(Wind::West, Wind::East).with_calling(true).calling);
    /// ```
    pub const fn with_calling(mut self, calling: bool) -> Situation {
        self.calling = calling;
        self
    }
}

/// Why a hand could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// A winning hand has 14 tiles, a losing one 13 (kongs counting three).
    #[error("a {which} hand has {expected} tiles (kongs counting three), this one has {found}")]
    WrongHandSize {
        /// "winning" or "losing".
        which: &'static str,
        /// The size expected.
        expected: usize,
        /// The hand's size.
        found: usize,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {tile} is not among the hand's concealed tiles")]
    WinningTileNotInHand {
        /// The winning tile.
        tile: Tile,
    },
    /// The hand is neither four melds and a pair nor a Grand Jeu.
    #[error("{hand} is not a Mah-jong: neither four melds and a pair nor a Grand Jeu")]
    NotMahJong {
        /// The hand.
        hand: String,
    },
    /// Contradictory flags on the win.
    #[error("inconsistent win: {reason}")]
    InconsistentWin {
        /// Which flags clash.
        reason: &'static str,
    },
    /// A hand robbing a kong holds another copy of the robbed tile: with the three of the
    /// robbed pung that makes more than four.
    #[error(
        "{count} copies of {tile} in a hand that robs a kong of {tile}: the robbed pung holds the other three, so the robber holds only the robbed one"
    )]
    RobbedTileHeld {
        /// The robbed tile.
        tile: Tile,
        /// How many copies the hand holds, the robbed one included.
        count: usize,
    },
    /// A calling hand was declared but the hand does not wait on any tile.
    #[error("a calling hand was declared but {hand} is not one tile from Mah-jong")]
    NotCalling {
        /// The hand.
        hand: String,
    },
}

/// Scores a hand: the best score over every reading of it.
///
/// "Décompte des points" in the French Wikipedia article on Mah-jong (simple system): every player
/// scores its combinations, winner or not; the winner adds the Mah-jong points and doubles. Score =
/// points × 2^doubles, capped at the limit (1000) for an ordinary hand; a Grand Jeu scores its
/// fixed value instead. In the simple system East's score is then doubled.
///
/// How the best score is found:
/// - a winning hand: each Grand Jeu it makes, and each complete decomposition of its concealed
///   tiles with each placement of the winning tile. A winning tile taken from another player
///   (a discard, or a robbed kong) completes its group from outside, so that group counts as
///   exposed (a triplet completed by a discard is a pung; a pair completed by a discard is an
///   exposed pair). The highest final score wins.
/// - a losing hand: each partial decomposition of its concealed tiles (disjoint melds and at
///   most one pair) with its melds laid apart; no Mah-jong items. A declared calling hand
///   that loses to another player scores only the points of its flowers and seasons ("ne
///   marque que les points de ses Fleurs et de ses Saisons"): 4 each, without the doubles
///   of its own flower or season or of all four (East's doubling in the simple system still
///   applies: it belongs to the seat, not to a combination).
/// - the doubles of the flowers and seasons add up like every other double: a player holding
///   its own flower and all four flowers has 1 + 4 doubles.
/// - a hand robbing a kong holds one copy of the robbed tile, the robbed one: the robbed
///   player's pung holds the other three ([`ScoreError::RobbedTileHeld`]).
///
/// ```
/// use mahjong_rules::{Hand, RuleOptions, Situation, Win, score};
/// use mahjong_tiles::Wind;
///
/// let hand: Hand = "123m 456p 789s 777z 11z".parse()?;
/// let situation = Situation::new(Wind::South, Wind::East)
///     .with_win(Win::self_drawn("3m".parse()?));
/// let s = score(&hand, &situation, &RuleOptions::default())?;
/// // Mah-jong 20, self-drawn 2, concealed triplet of dragons 8, pair of the dominant wind 2;
/// // doubles: triplet of dragons.
/// assert_eq!((s.points, s.doubles, s.total), (32, 1, 64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Cost
///
/// Its cost is bounded by the hand's: at most 4 complete readings of a Mah-jong or 169
/// partial ones of a losing hand (see [`Decomposition`]), each scored line by line, so no
/// budget is needed.
///
/// # Errors
/// [`ScoreError`] when the hand's size does not fit the outcome, the winning tile is not in
/// the hand, a winning hand is not a Mah-jong, the win's flags contradict each other, or a
/// declared calling hand is not calling.
pub fn score(
    hand: &Hand,
    situation: &Situation,
    options: &RuleOptions,
) -> Result<Score, ScoreError> {
    match situation.outcome {
        HandOutcome::Won(win) => score_win(hand, situation, &win, options),
        HandOutcome::AnotherWon | HandOutcome::NobodyWon => score_loss(hand, situation, options),
    }
}

fn check_win(hand: &Hand, win: &Win) -> Result<(), ScoreError> {
    if hand.size() != 14 {
        return Err(ScoreError::WrongHandSize {
            which: "winning",
            expected: 14,
            found: hand.size(),
        });
    }
    if !hand.concealed().contains(&win.tile) {
        return Err(ScoreError::WinningTileNotInHand { tile: win.tile });
    }
    if win.robbing_kong && hand.count(win.tile) > 1 {
        // The robbed player holds three copies in its pung: the robber can hold no other.
        return Err(ScoreError::RobbedTileHeld {
            tile: win.tile,
            count: hand.count(win.tile),
        });
    }
    let reason = if win.last_wall_tile && !win.self_drawn {
        Some("the last wall tile is self-drawn")
    } else if win.self_drawn && win.last_discard {
        Some("a self-drawn tile is not a discard")
    } else if win.self_drawn && win.robbing_kong {
        Some("a robbed kong tile is not self-drawn")
    } else if win.last_discard && win.robbing_kong {
        Some("a robbed kong tile is not a discard")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(ScoreError::InconsistentWin { reason }),
        None => Ok(()),
    }
}

fn score_win(
    hand: &Hand,
    situation: &Situation,
    win: &Win,
    options: &RuleOptions,
) -> Result<Score, ScoreError> {
    check_win(hand, win)?;
    let mut best: Option<Score> = None;
    let mut consider = |s: Score| {
        let better = best
            .as_ref()
            .is_none_or(|b| (s.total, s.points) > (b.total, b.points));
        if better {
            best = Some(s);
        }
    };
    for limit in LimitHand::won_with(hand, situation.seat, win.tile, win.self_drawn) {
        let lines = vec![ScoreLine {
            rule: ScoreRule::LimitHand(limit),
            part: HandPart::Whole,
            value: limit.points(),
        }];
        consider(finish(lines, Some(limit), None, situation, options));
    }
    let table = &options.table;
    decompose::for_each(&hand.concealed_counts(), false, |a| {
        for placed in placements(a, win) {
            let mut lines = Vec::with_capacity(16);
            let melds: Vec<Meld> = placed.melds.iter().chain(hand.melds()).copied().collect();
            let pair = placed.pair.map(|t| (t, placed.pair_concealed));
            combination_lines(&melds, pair, hand.bonus(), situation, table, &mut lines);
            mah_jong_lines(
                hand,
                &melds,
                placed.pair_concealed,
                win,
                situation,
                table,
                &mut lines,
            );
            let decomposition = Decomposition {
                melds: placed.melds.clone(),
                pair: placed.pair,
            };
            consider(finish(lines, None, Some(decomposition), situation, options));
        }
        ControlFlow::Continue(())
    });
    best.ok_or_else(|| ScoreError::NotMahJong {
        hand: hand.to_string(),
    })
}

/// An arrangement with the winning tile's group marked.
struct Placed {
    melds: Vec<Meld>,
    pair: Option<Tile>,
    pair_concealed: bool,
}

/// Every placement of the winning tile in the arrangement: one (all concealed) for a
/// self-drawn tile; otherwise one per group that holds the tile, that group exposed.
fn placements(a: &Decomposition, win: &Win) -> Vec<Placed> {
    if win.self_drawn {
        return vec![Placed {
            melds: a.melds.clone(),
            pair: a.pair,
            pair_concealed: true,
        }];
    }
    let mut out = Vec::new();
    for (i, m) in a.melds.iter().enumerate() {
        // Identical melds give identical placements: keep the first.
        if m.contains(win.tile) && !a.melds[..i].contains(m) {
            let mut melds = a.melds.clone();
            melds[i] = m.with_exposure(Exposure::Exposed);
            out.push(Placed {
                melds,
                pair: a.pair,
                pair_concealed: true,
            });
        }
    }
    if a.pair == Some(win.tile) {
        out.push(Placed {
            melds: a.melds.clone(),
            pair: a.pair,
            pair_concealed: false,
        });
    }
    out
}

fn score_loss(
    hand: &Hand,
    situation: &Situation,
    options: &RuleOptions,
) -> Result<Score, ScoreError> {
    if hand.size() != 13 {
        return Err(ScoreError::WrongHandSize {
            which: "losing",
            expected: 13,
            found: hand.size(),
        });
    }
    if situation.calling && !waits::is_calling(hand, situation.seat) {
        return Err(ScoreError::NotCalling {
            hand: hand.to_string(),
        });
    }
    let table = &options.table;
    if situation.calling && situation.outcome == HandOutcome::AnotherWon {
        // The article: "le joueur ne marque que les points de ses Fleurs et de ses Saisons.
        // Toutes ses autres combinaisons sont annulées": the points of its flowers and
        // seasons, not their doubles.
        let mut lines = Vec::new();
        bonus_points(hand.bonus(), table, &mut lines);
        return Ok(finish(lines, None, None, situation, options));
    }
    let mut best: Option<Score> = None;
    decompose::for_each(&hand.concealed_counts(), true, |a| {
        let melds: Vec<Meld> = a.melds.iter().chain(hand.melds()).copied().collect();
        let mut lines = Vec::with_capacity(12);
        combination_lines(
            &melds,
            a.pair.map(|t| (t, true)),
            hand.bonus(),
            situation,
            table,
            &mut lines,
        );
        let s = finish(lines, None, Some(a.clone()), situation, options);
        // Ties go to the fuller arrangement (more melds, then a pair), easier to check.
        let key = |s: &Score| {
            let a = s.decomposition.as_ref();
            (
                s.total,
                s.points,
                a.map_or(0, |a| a.melds.len()),
                a.is_some_and(|a| a.pair.is_some()),
            )
        };
        if best.as_ref().is_none_or(|b| key(&s) > key(b)) {
            best = Some(s);
        }
        ControlFlow::Continue(())
    });
    // The walk always visits at least the empty arrangement.
    Ok(best.unwrap_or_else(|| finish(Vec::new(), None, None, situation, options)))
}

fn push(
    lines: &mut Vec<ScoreLine>,
    table: &PointsTable,
    item: Item,
    part: HandPart,
    concealed: bool,
) {
    let v = table.get(item);
    if !v.enabled {
        return;
    }
    lines.push(ScoreLine {
        rule: ScoreRule::Table(item),
        part,
        value: v.points(concealed),
    });
}

/// Points and doubles of the melds, the pair and the bonus tiles (every hand scores these).
fn combination_lines(
    melds: &[Meld],
    pair: Option<(Tile, bool)>,
    bonus: &[Tile],
    situation: &Situation,
    table: &PointsTable,
    lines: &mut Vec<ScoreLine>,
) {
    for &m in melds {
        let part = HandPart::Meld(m);
        let concealed = m.is_concealed();
        let class = m.tile().class();
        let item = match (m.kind(), class) {
            (MeldKind::Sequence, _) => Item::Sequence,
            (MeldKind::Triplet, TileClass::Minor) => Item::TripletMinor,
            (MeldKind::Triplet, TileClass::Terminal) => Item::TripletTerminal,
            (MeldKind::Triplet, _) => Item::TripletHonour,
            (MeldKind::Kong, TileClass::Minor) => Item::KongMinor,
            (MeldKind::Kong, TileClass::Terminal) => Item::KongTerminal,
            (MeldKind::Kong, _) => Item::KongHonour,
        };
        push(lines, table, item, part, concealed);
        if m.is_triplet_or_kong() {
            honour_items(m.tile(), situation, |triplet, _| {
                push(lines, table, triplet, part, concealed)
            });
        }
    }
    if let Some((t, concealed)) = pair {
        let part = HandPart::Pair { tile: t, concealed };
        honour_items(t, situation, |_, pair| {
            push(lines, table, pair, part, concealed)
        });
    }
    bonus_lines(bonus, situation.seat, table, lines);
}

/// Calls `line(triplet item, pair item)` for each item a triplet (or kong) and a pair of `t`
/// score for being the player's wind, the dominant wind, the round wind or a dragon, in
/// table order.
fn honour_items(t: Tile, situation: &Situation, mut line: impl FnMut(Item, Item)) {
    if !t.is_honour() {
        return;
    }
    if t == Tile::wind(situation.seat) {
        line(Item::TripletSeatWind, Item::PairSeatWind);
    }
    if t == Tile::wind(situation.dominant) {
        line(Item::TripletDominantWind, Item::PairDominantWind);
    }
    if situation.round_wind.is_some_and(|r| t == Tile::wind(r)) {
        line(Item::TripletRoundWind, Item::PairRoundWind);
    }
    if t.is_dragon() {
        line(Item::TripletDragon, Item::PairDragon);
    }
}

/// The points of the flowers and seasons: 4 each.
fn bonus_points(bonus: &[Tile], table: &PointsTable, lines: &mut Vec<ScoreLine>) {
    for &t in bonus {
        let item = if t.is_flower() {
            Item::Flower
        } else {
            Item::Season
        };
        push(lines, table, item, HandPart::Tile(t), false);
    }
}

/// Flowers and seasons: 4 points each; own flower or season 1 double, both 2; all four
/// flowers and/or all four seasons 4 doubles. The doubles add up, as every double of the
/// table does ("les points et les doubles sont additionnés"): South holding `1234f` has its
/// own flower (1) and all four flowers (4), 5 doubles.
fn bonus_lines(bonus: &[Tile], seat: Wind, table: &PointsTable, lines: &mut Vec<ScoreLine>) {
    bonus_points(bonus, table, lines);
    let own = [Tile::flower(seat.flower()), Tile::season(seat.season())];
    match own.map(|t| bonus.contains(&t)) {
        [true, true] => push(
            lines,
            table,
            Item::OwnFlowerAndSeason,
            HandPart::Whole,
            false,
        ),
        [false, false] => {}
        held => {
            let t = if held[0] { own[0] } else { own[1] };
            push(
                lines,
                table,
                Item::OwnFlowerOrSeason,
                HandPart::Tile(t),
                false,
            );
        }
    }
    let flowers = bonus.iter().filter(|t| t.is_flower()).count();
    let seasons = bonus.iter().filter(|t| t.is_season()).count();
    if flowers == 4 || seasons == 4 {
        push(
            lines,
            table,
            Item::AllFlowersOrSeasons,
            HandPart::Whole,
            false,
        );
    }
}

/// The Mah-jong points and doubles of a complete hand.
fn mah_jong_lines(
    hand: &Hand,
    melds: &[Meld],
    pair_concealed: bool,
    win: &Win,
    situation: &Situation,
    table: &PointsTable,
    lines: &mut Vec<ScoreLine>,
) {
    let all = HandPart::Whole;
    push(lines, table, Item::MahJong, all, true);
    let sequences = melds.iter().filter(|m| m.is_sequence()).count();
    if sequences == 4 {
        push(lines, table, Item::FourSequences, all, true);
    }
    if win.self_drawn {
        push(lines, table, Item::SelfDrawn, all, true);
    }
    if sequences == 0 {
        push(lines, table, Item::NoSequence, all, true);
    }
    if win.last_wall_tile {
        push(lines, table, Item::LastWallTile, all, true);
    }
    if win.robbing_kong {
        push(lines, table, Item::RobbingKong, all, true);
    }
    // Flushes, over every playing tile of the hand.
    let mut suits = [false; 3];
    let mut honours = false;
    for t in hand
        .concealed()
        .iter()
        .copied()
        .chain(hand.melds().iter().map(Meld::tile))
    {
        match t.suit() {
            Some(s) => suits[s as usize] = true,
            None => honours = true,
        }
    }
    let suit_count = suits.iter().filter(|&&s| s).count();
    if suit_count == 1 {
        let item = if honours {
            Item::HalfFlush
        } else {
            Item::PureFlush
        };
        push(lines, table, item, all, true);
    }
    if win.last_discard {
        push(lines, table, Item::LastDiscard, all, true);
    }
    if situation.calling {
        push(lines, table, Item::CallingHand, all, true);
    }
    if pair_concealed && melds.iter().all(Meld::is_concealed) {
        push(lines, table, Item::FullyConcealed, all, true);
    }
    if suit_count == 0 {
        push(lines, table, Item::OnlyHonours, all, true);
    }
}

/// Adds up the lines and applies the limit and East's doubling.
fn finish(
    lines: Vec<ScoreLine>,
    limit_hand: Option<LimitHand>,
    decomposition: Option<Decomposition>,
    situation: &Situation,
    options: &RuleOptions,
) -> Score {
    let mut points = 0u32;
    let mut doubles = 0u32;
    for l in &lines {
        points = points.saturating_add(l.points());
        doubles = doubles.saturating_add(l.doubles());
    }
    let base = if points == 0 {
        0
    } else if doubles >= 63 {
        u64::MAX
    } else {
        u64::from(points).saturating_mul(1u64 << doubles)
    };
    let (capped_total, capped) = if limit_hand.is_none() && base > options.limit {
        (options.limit, true)
    } else {
        (base, false)
    };
    let east_doubled = options.system == ScoringSystem::Simple && situation.seat == Wind::East;
    let mut total = if east_doubled {
        capped_total.saturating_mul(2)
    } else {
        capped_total
    };
    let mut capped = capped;
    if options.limit_after_east_doubling && limit_hand.is_none() && total > options.limit {
        total = options.limit;
        capped = true;
    }
    Score {
        lines,
        points,
        doubles,
        limit_hand,
        decomposition,
        capped,
        east_doubled,
        total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{h, t};

    #[test]
    fn discard_placement_prefers_the_concealed_triplet() {
        // 1m completes either 111m (then exposed) or 123m: the sequence reading keeps the
        // triplet concealed (8 points instead of 4).
        let hand = h("111123m 456p 789s 55p");
        let sit = Situation::new(Wind::South, Wind::West).with_win(Win::discard(t("1m")));
        let s = score(&hand, &sit, &RuleOptions::default()).unwrap();
        assert!(
            s.lines
                .iter()
                .any(|l| l.to_string() == "triplet of terminals 111m: 8 points")
        );
        assert_eq!(s.points, 28);
    }

    #[test]
    fn errors() {
        let opts = RuleOptions::default();
        let sit = Situation::new(Wind::South, Wind::West);
        assert!(matches!(
            score(&h("123m 456p 789s 111z 55z"), &sit, &opts),
            Err(ScoreError::WrongHandSize { expected: 13, .. })
        ));
        let won = sit.with_win(Win::discard(t("9m")));
        assert_eq!(
            score(&h("123m 456p 789s 111z 55z"), &won, &opts),
            Err(ScoreError::WinningTileNotInHand { tile: t("9m") })
        );
        let won = sit.with_win(Win::discard(t("1m")));
        assert!(matches!(
            score(&h("124m 456p 789s 111z 55z"), &won, &opts),
            Err(ScoreError::NotMahJong { .. })
        ));
        let mut w = Win::discard(t("1m"));
        w.last_wall_tile = true;
        assert!(matches!(
            score(&h("123m 456p 789s 111z 55z"), &sit.with_win(w), &opts),
            Err(ScoreError::InconsistentWin { .. })
        ));
        assert!(matches!(
            score(&h("1m 456p 79s 111z 2468s"), &sit.with_calling(true), &opts),
            Err(ScoreError::NotCalling { .. })
        ));
    }

    #[test]
    fn display_ends_with_the_totals_line() {
        let hand = h("123m 456p 789s 777z 11z");
        let sit = Situation::new(Wind::East, Wind::East).with_win(Win::self_drawn(t("3m")));
        let s = score(&hand, &sit, &RuleOptions::default()).unwrap();
        let text = s.to_string();
        let last = text.lines().last().unwrap();
        // 20 + 2 + 8 + pair of own wind 2 + pair of dominant wind 2 = 34, 1 double → 68, ×2.
        assert_eq!(last, "points 34 doubles 1 score 136");
        assert!(text.contains("East: score doubled (simple system)"));
    }
}
