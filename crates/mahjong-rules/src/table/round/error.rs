//! Why a round cannot start, an action cannot be played, or hands cannot be scored.

use mahjong_tiles::{Tile, Wind};

use crate::claims::ClaimError;
use crate::hand::HandError;
use crate::score::ScoreError;

use crate::table::action::Action;

/// Why a round cannot start from a setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The table seats four.
    #[error("the table seats 4 players, the setup deals to {players}")]
    Players {
        /// How many hands the setup holds.
        players: usize,
    },
    /// Hands come in seat order East, South, West, North.
    #[error(
        "hand {index} of the setup belongs to {found_name}, expected {expected_name}",
        found_name = crate::rotation::wind_name(.found),
        expected_name = crate::rotation::wind_name(.expected)
    )]
    SeatOrder {
        /// Its position (from 0: East's hand comes first).
        index: usize,
        /// Its wind.
        found: Wind,
        /// The wind expected there.
        expected: Wind,
    },
    /// A flower or season among a hand's concealed tiles, or another tile among its bonus
    /// tiles.
    #[error("{seat_name} holds {tile} in the wrong place: flowers and seasons are laid out, the others are held", seat_name = crate::rotation::wind_name(.seat))]
    MisplacedTile {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// The dominant wind holds 14 tiles, the others 13.
    #[error("{seat_name} holds {found} tiles, expected {expected}", seat_name = crate::rotation::wind_name(.seat))]
    HandSize {
        /// The seat.
        seat: Wind,
        /// Its concealed tiles.
        found: usize,
        /// The size expected.
        expected: usize,
    },
    /// The tiles of the hands and the walls are not the table's set.
    #[error("the round holds {found} of {tile}, the set holds {expected}")]
    Census {
        /// The tile kind.
        tile: Tile,
        /// How many the hands and walls hold.
        found: usize,
        /// How many the set holds.
        expected: u8,
    },
    /// The deal itself is wrong (dice, tile count, copies).
    #[error(transparent)]
    Wall(#[from] crate::wall::WallError),
}

/// Why an action cannot be played now. The round is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The round is over.
    #[error("the round is over")]
    RoundOver,
    /// No round is in progress (a [`Game`](crate::table::Game) waits for a deal).
    #[error("no round is in progress: deal one first")]
    NoRound,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat has nothing to decide now.
    #[error("{seat_name} has nothing to decide now", seat_name = crate::rotation::wind_name(.seat))]
    NotToAct {
        /// The seat.
        seat: Wind,
    },
    /// The seat may act, but not so (a discard in the claim window, a pung on its own turn…).
    #[error("{action}: not an action of this moment")]
    NotNow {
        /// The action.
        action: Action,
    },
    /// The tile is not among the seat's concealed tiles.
    #[error("{seat_name} holds no {tile}", seat_name = crate::rotation::wind_name(.seat))]
    NotInHand {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// A seat that declared a calling hand discards the tile it drew, claims only for
    /// Mah-jong and makes no kong.
    #[error("{seat_name} declared a calling hand: it discards the tile it drew or goes Mah-jong", seat_name = crate::rotation::wind_name(.seat))]
    CallingHandFixed {
        /// The seat.
        seat: Wind,
    },
    /// The calling-hand declaration is not in use at this table.
    #[error("the calling-hand declaration is not in use")]
    CallingNotInUse,
    /// The seat already declared a calling hand.
    #[error("{seat_name} already declared a calling hand", seat_name = crate::rotation::wind_name(.seat))]
    AlreadyCalling {
        /// The seat.
        seat: Wind,
    },
    /// Discarding the tile does not leave the hand one tile from Mah-jong.
    #[error("{seat_name}'s hand without {tile} is not one tile from Mah-jong", seat_name = crate::rotation::wind_name(.seat))]
    NotCalling {
        /// The seat.
        seat: Wind,
        /// The tile it would discard.
        tile: Tile,
    },
    /// Neither four tiles held, nor an exposed pung with the tile just drawn.
    #[error("{seat_name} can make no kong of {tile}: it holds neither four of them nor an exposed pung with {tile} just drawn", seat_name = crate::rotation::wind_name(.seat))]
    NoKong {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// No replacement tile is left for a kong.
    #[error("no replacement tile is left for a kong")]
    NoReplacement,
    /// The hand is not a Mah-jong.
    #[error("{seat_name}'s hand is not a Mah-jong", seat_name = crate::rotation::wind_name(.seat))]
    NotMahJong {
        /// The seat.
        seat: Wind,
    },
    /// A Mah-jong on one's own turn is on a tile drawn; after a claim the turn has none.
    #[error("{seat_name} drew no tile this turn: a Mah-jong on a discard is claimed when it is discarded", seat_name = crate::rotation::wind_name(.seat))]
    NoTileDrawn {
        /// The seat.
        seat: Wind,
    },
    /// The last discard may be claimed only for Mah-jong.
    #[error("the last discard may be claimed only for Mah-jong")]
    LastDiscard,
    /// The action names another tile than the one in play (a kong of another tile than the
    /// discard, a chow without it).
    #[error("{action} does not use {tile}, the tile in play")]
    WrongTile {
        /// The action.
        action: Action,
        /// The tile in play.
        tile: Tile,
    },
    /// The claim is not allowed (see [`claims`](crate::claims)).
    #[error(transparent)]
    Claim(#[from] ClaimError),
    /// The tile is not among the discards.
    #[error("{tile} is not among the discards")]
    NotDiscarded {
        /// The tile.
        tile: Tile,
    },
    /// A tile may be taken from the discards only to make a meld or Mah-jong with it.
    #[error("{seat_name} can make neither a meld nor Mah-jong with {tile}", seat_name = crate::rotation::wind_name(.seat))]
    UselessTile {
        /// The seat.
        seat: Wind,
        /// The tile.
        tile: Tile,
    },
    /// The seat's tiles do not form a hand: never for a round built by [`Round::new`](super::Round::new) (a bug
    /// if it happens).
    #[error("the tiles of {seat_name} do not form a hand: {source}", seat_name = crate::rotation::wind_name(.seat))]
    Hand {
        /// The seat.
        seat: Wind,
        /// Why.
        source: HandError,
    },
    /// The round's hands could not be scored when it ended: never for a round built by
    /// [`Round::new`](super::Round::new) (a bug if it happens).
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

/// Why a round's hands could not be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoringError {
    /// The round is not over.
    #[error("the round is not over")]
    NotOver,
    /// A seat's tiles do not form a hand.
    #[error("the tiles of {seat_name} do not form a hand: {source}", seat_name = crate::rotation::wind_name(.seat))]
    Hand {
        /// The seat.
        seat: Wind,
        /// Why.
        source: HandError,
    },
    /// The scores could not be settled.
    #[error(transparent)]
    Payment(crate::payment::PaymentError),
    /// A hand could not be scored.
    #[error("{seat_name}'s hand: {source}", seat_name = crate::rotation::wind_name(.seat))]
    Score {
        /// The seat.
        seat: Wind,
        /// Why.
        source: ScoreError,
    },
}
