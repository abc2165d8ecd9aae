//! The three kinds of bots: one type each, over the shared planner.

use core::time::Duration;

use rand::Rng;
use sudoku_grade::Method;

use super::{Bot, DEFAULT_SKILL, Planner, Strategy};
use crate::game::Entry;
use crate::thinking::REFERENCE_SPEED;
use crate::view::View;

macro_rules! bot_kind {
    ($(#[$doc:meta])* $name:ident, $strategy:ident, $text:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name(pub(super) Planner);

        impl Default for $name {
            fn default() -> $name {
                $name::new()
            }
        }

        impl $name {
            /// A bot mastering the techniques up to [`DEFAULT_SKILL`], at the reference speed.
            ///
            /// ```
            #[doc = concat!("use defi_sudoku::bot::{Bot, ", stringify!($name), "};")]
            #[doc = concat!("let bot = ", stringify!($name), "::new();")]
            #[doc = concat!("assert_eq!(bot.name(), \"", $text, "\");")]
            /// assert_eq!(bot.speed(), 100);
            /// ```
            pub fn new() -> $name {
                $name(Planner::new(Strategy::$strategy, DEFAULT_SKILL, REFERENCE_SPEED))
            }

            /// This bot mastering the techniques up to `skill` (sudoku-grade's letters; F adds
            /// nothing to E).
            ///
            /// ```
            #[doc = concat!("use defi_sudoku::bot::", stringify!($name), ";")]
            /// use defi_sudoku::sudoku_grade::Method;
            #[doc = concat!("let bot = ", stringify!($name), "::new().with_skill(Method::A1);")]
            /// assert_eq!(bot.skill(), Method::A1);
            /// ```
            #[must_use]
            pub fn with_skill(mut self, skill: Method) -> $name {
                self.0.skill = skill;
                self
            }

            /// This bot thinking at `speed`, in percent of the reference player's (100, the
            /// default; 200 is twice as fast; 0 counts as 1). See [`ThinkingTime`](crate::ThinkingTime).
            ///
            /// ```
            #[doc = concat!("use defi_sudoku::bot::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().with_speed(150).speed(), 150);")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().with_speed(0).speed(), 1);")]
            /// ```
            #[must_use]
            pub fn with_speed(mut self, speed: u32) -> $name {
                self.0.speed = speed.max(1);
                self
            }

            /// The techniques it masters.
            ///
            /// ```
            #[doc = concat!("use defi_sudoku::bot::{DEFAULT_SKILL, ", stringify!($name), "};")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().skill(), DEFAULT_SKILL);")]
            /// ```
            pub fn skill(&self) -> Method {
                self.0.skill
            }

            /// Its speed, in percent of the reference player's.
            ///
            /// ```
            #[doc = concat!("use defi_sudoku::bot::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::new().speed(), 100);")]
            /// ```
            pub fn speed(&self) -> u32 {
                self.0.speed
            }
        }

        impl Bot for $name {
            fn name(&self) -> &str {
                $text
            }

            fn choose(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Entry {
                self.0.think(view, rng).0
            }

            fn think(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> (Entry, Duration) {
                self.0.think(view, rng)
            }
        }
    };
}

bot_kind!(
    /// The greedy bot (`greedy`): the most points now, highest digits first, taking a
    /// completion bonus when one is within reach.
    ///
    /// ```
    /// use defi_sudoku::bot::{Bot, GreedyBot};
    /// use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// use defi_sudoku::sudoku_core::Cell;
    ///
    /// use rand::SeedableRng;
    ///
    /// // Row 1 is empty and each of its cells a naked single: greedy takes the 9 first.
    /// let puzzle: SolvedPuzzle = concat!(
    ///     ".........456789123789123456234567891567891234",
    ///     "891234567345678912678912345912345678",
    /// ).parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
    /// let entry = GreedyBot::new().choose(&game.view(), &mut rng);
    /// assert_eq!((entry.cell, entry.value), (Cell::new(8), 9));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    GreedyBot,
    Greedy,
    "greedy"
);

bot_kind!(
    /// The blocking bot (`blocking`): greedy, but never leaves a house that the next player
    /// can complete with its quota when another choice avoids it.
    ///
    /// ```
    /// use defi_sudoku::bot::{BlockingBot, Bot};
    /// use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let game = Game::with_player_count(SolvedPuzzle::generate(&mut rng), 3, Options::default())?;
    /// let entry = BlockingBot::new().choose(&game.view(), &mut rng);
    /// assert!(game.is_legal(entry));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    BlockingBot,
    Blocking,
    "blocking"
);

bot_kind!(
    /// The search bot (`search`): looks ahead over the next players' quotas (until its own
    /// next turn), assuming they play greedily with what it knows itself, and maximises its
    /// points minus the best of theirs.
    ///
    /// ```
    /// use defi_sudoku::bot::{Bot, SearchBot};
    /// use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    /// let game = Game::with_player_count(SolvedPuzzle::generate(&mut rng), 2, Options::default())?;
    /// let entry = SearchBot::new().choose(&game.view(), &mut rng);
    /// assert!(game.is_legal(entry));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    SearchBot,
    Search,
    "search"
);
