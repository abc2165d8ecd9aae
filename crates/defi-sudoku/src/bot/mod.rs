//! Computer players: one trait, three kinds, and the runner that seats any mix of them.
//!
//! A [`Bot`] sees a [`View`] (the grid, quotas and scores, never the solution) and enters only
//! digits it can deduce with the techniques up to its [`Method`] letter on sudoku-grade's
//! ladder ([`deduce`]; F, "trial and error", adds nothing to E: a bot guesses instead). When
//! its techniques establish nothing more it must still use its quota (entries are
//! compulsory), so it guesses: the cell and candidate with the best expected face value
//! (fewest candidates, highest digit). A guess can be wrong; the game corrects it and it
//! scores nothing. That is the only way a bot errs.
//!
//! | bot | name | chooses among the digits it knows |
//! |---|---|---|
//! | [`GreedyBot`] | `greedy` | the most points now, highest digits first, taking a completion bonus when one is within reach (the first "basic strategy" of "La jeune histoire du Défi Sudoku en famille ou entre amis") |
//! | [`BlockingBot`] | `blocking` | like greedy, but never leaves a house that the next player can complete with its quota when another choice avoids it (its second basic strategy) |
//! | [`SearchBot`] | `search` | looks ahead over the next players' quotas (until its own next turn), assuming they play greedily with what it knows itself, and maximises its points minus the best of theirs |
//!
//! [`NAMES`] lists them and [`by_name`] makes one; [`play_out`] plays a game to its end with
//! one bot per player, of any kinds. A bot draws only from the generator it is handed
//! (`rand`'s own `random_range` and `SliceRandom::shuffle`), to order known digits of equal
//! value and to break ties between guesses, so a game played with a seeded generator is the
//! same every time.
//!
//! ```
//! use defi_sudoku::bot::{self, BlockingBot, Bot, GreedyBot, play_out};
//! use defi_sudoku::{Game, Options, SolvedPuzzle};
//! use rand::SeedableRng;
//!
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
//! let puzzle = SolvedPuzzle::generate(&mut rng);
//! let mut game = Game::new(puzzle, ["Ann", "Bob", "Cy"], Options::default())?;
//! let mut table: Vec<Box<dyn Bot>> = vec![
//!     Box::new(GreedyBot::new()),
//!     Box::new(BlockingBot::new().with_speed(150)),
//!     bot::by_name("search").unwrap(),
//! ];
//! play_out(&mut game, &mut table, &mut rng)?;
//! assert!(game.is_over());
//! assert_eq!(table.iter().map(|b| b.name()).collect::<Vec<_>>(), ["greedy", "blocking", "search"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Thinking time and the chrono
//!
//! A bot also says how long it thought before each entry ([`Bot::think`]): the time the
//! [`ThinkingTime`] model gives for the effort of finding that digit (or for a guess) at the
//! bot's speed (`with_speed`, percent of the reference player's). A bot plans its turn when
//! it begins; its entries come in the plan's order, each after the time of the ones before
//! it. [`play_out`] passes these times to [`Game::play_timed`], so with the chrono a bot's
//! slow finds come late and score nothing. With the chrono a bot plays for it: it leaves out
//! the digits it could not find within the limit (unless that leaves nothing), and enters the
//! quickest found first (highest digit first among equally quick ones). Without the chrono it
//! enters its plan highest digit first and times do not matter.
//!
//! # Cost of a decision
//!
//! A decision is bounded whatever the position, the grid being 9×9, and needs no budget: one
//! deduction ([`deduce`], with a step budget), then at most C(24, 3) = 2,024 plans of the
//! turn's quota (at most 3 digits) among at most 24 cells, and for the search bot a
//! look-ahead of at most 49 plans against at most 4 greedy replies. A game asks for at most
//! 81 decisions. (Measured times are in the workspace's BENCHMARKS.md.)

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

use rand::seq::SliceRandom as _;
use rand::{Rng, RngExt as _};
use sudoku_core::{Cell, Grid, Shape};
use sudoku_grade::Method;

use crate::deduce::{Knowledge, deduce};
use crate::game::{Entry, Game, PlayError};
use crate::houses::{cell_houses, house_cells};
use crate::scoring::COMPLETION_BONUS;
use crate::thinking::{REFERENCE_SPEED, ThinkingTime};
use crate::view::View;

mod blocking;
mod greedy;
mod kinds;
mod search;

pub use kinds::{BlockingBot, GreedyBot, SearchBot};

/// A computer player (or a front end asking a person): chooses the next entry of the player
/// to move from what that player may see.
///
/// Randomness comes from the caller's generator, so a game run with a seeded one is the same
/// every time.
///
/// ```
/// use defi_sudoku::bot::{Bot, GreedyBot};
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// use rand::SeedableRng;
///
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
/// let game = Game::with_player_count(SolvedPuzzle::generate(&mut rng), 2, Options::default())?;
/// let mut bot = GreedyBot::new();
/// let entry = bot.choose(&game.view(), &mut rng);
/// assert!(game.is_legal(entry));
/// assert_eq!(bot.name(), "greedy");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot {
    /// The bot's name (`greedy`, …), as [`by_name`] reads it.
    fn name(&self) -> &str;

    /// The next entry of the player to move in `view`, drawing from `rng` if it draws at all.
    /// Asked only while the game is not over, and only for the player to move.
    fn choose(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> Entry;

    /// The next entry and the time the player took to find it, counted from its previous
    /// entry of the turn (or from the start of the turn). [`play_out`] adds these times up
    /// over a turn for the chrono. The default takes no time.
    ///
    /// ```
    /// use defi_sudoku::bot::{Bot, SearchBot};
    /// use defi_sudoku::{Game, Options, SolvedPuzzle};
    /// use rand::SeedableRng;
    ///
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    /// let game = Game::with_player_count(SolvedPuzzle::generate(&mut rng), 2, Options::default())?;
    /// let (entry, time) = SearchBot::new().think(&game.view(), &mut rng);
    /// assert!(game.is_legal(entry));
    /// assert!(time.as_secs() >= 3); // at least the reference player's 3 s per entry
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn think(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> (Entry, Duration) {
        (self.choose(view, rng), Duration::ZERO)
    }
}

/// The techniques a bot masters unless told otherwise: up to B on sudoku-grade's ladder.
///
/// ```
/// use defi_sudoku::bot::{DEFAULT_SKILL, GreedyBot};
/// assert_eq!(GreedyBot::new().skill(), DEFAULT_SKILL);
/// ```
pub const DEFAULT_SKILL: Method = Method::B;

/// The names of the bots [`by_name`] knows, weakest first.
///
/// ```
/// use defi_sudoku::bot;
/// assert_eq!(bot::NAMES, ["greedy", "blocking", "search"]);
/// for name in bot::NAMES {
///     assert_eq!(bot::by_name(name).unwrap().name(), *name);
/// }
/// ```
pub const NAMES: &[&str] = &["greedy", "blocking", "search"];

/// A bot by its name (one of [`NAMES`], ASCII case ignored), with the default skill and
/// speed, or `None`. ([`Strategy`]'s `FromStr` reads the same names.)
///
/// ```
/// use defi_sudoku::bot;
/// assert_eq!(bot::by_name("Blocking").map(|b| b.name().to_string()), Some("blocking".into()));
/// assert!(bot::by_name("oracle").is_none());
/// ```
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    Strategy::from_name(name).map(Strategy::bot)
}

/// Which of the three bots: the kind a [`BotSpec`](crate::simulate::BotSpec) seats (and a
/// saved seat names), read and printed as its [`NAMES`] entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Strategy {
    /// [`GreedyBot`]: most points now, highest digits first, completing houses.
    Greedy,
    /// [`BlockingBot`]: greedy, but never leaves a house the next player can complete.
    Blocking,
    /// [`SearchBot`]: looks ahead over the next players' quotas.
    Search,
}

impl Strategy {
    /// Every strategy, in the order of [`NAMES`].
    ///
    /// ```
    /// use defi_sudoku::bot::{NAMES, Strategy};
    /// assert_eq!(Strategy::ALL.map(Strategy::name), NAMES);
    /// ```
    pub const ALL: [Strategy; 3] = [Strategy::Greedy, Strategy::Blocking, Strategy::Search];

    /// Its name in [`NAMES`]: `greedy`, `blocking`, `search`.
    ///
    /// ```
    /// use defi_sudoku::bot::Strategy;
    /// assert_eq!(Strategy::Search.name(), "search");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Greedy => "greedy",
            Strategy::Blocking => "blocking",
            Strategy::Search => "search",
        }
    }

    /// A bot of this kind with `skill` and `speed` (see [`GreedyBot::with_speed`]).
    ///
    /// ```
    /// use defi_sudoku::bot::Strategy;
    /// use defi_sudoku::sudoku_grade::Method;
    /// let bot = Strategy::Blocking.bot_with(Method::C, 100);
    /// assert_eq!(bot.name(), "blocking");
    /// ```
    pub fn bot_with(self, skill: Method, speed: u32) -> Box<dyn Bot> {
        let planner = Planner::new(self, skill, speed);
        match self {
            Strategy::Greedy => Box::new(GreedyBot(planner)),
            Strategy::Blocking => Box::new(BlockingBot(planner)),
            Strategy::Search => Box::new(SearchBot(planner)),
        }
    }

    fn bot(self) -> Box<dyn Bot> {
        self.bot_with(DEFAULT_SKILL, REFERENCE_SPEED)
    }

    /// The strategy named `name` in [`NAMES`], ASCII case ignored (the one lookup of
    /// [`by_name`] and `FromStr`).
    fn from_name(name: &str) -> Option<Strategy> {
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|i| Strategy::ALL[i])
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = crate::options::ParseOptionError;

    /// One of [`NAMES`] (ASCII case ignored), as [`by_name`] reads it.
    ///
    /// ```
    /// use defi_sudoku::bot::Strategy;
    /// assert_eq!("GREEDY".parse::<Strategy>()?, Strategy::Greedy);
    /// assert!("oracle".parse::<Strategy>().is_err());
    /// # Ok::<(), defi_sudoku::ParseOptionError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Strategy::from_name(s).ok_or_else(|| crate::options::ParseOptionError {
            option: "bot",
            text: crate::options::excerpt(s),
            expected: "greedy, blocking, search",
        })
    }
}

/// What every bot kind holds: its strategy, the techniques it masters, its speed, and the
/// rest of its turn's plan.
#[derive(Clone, Debug)]
struct Planner {
    strategy: Strategy,
    skill: Method,
    speed: u32,
    /// The rest of the turn's plan, the next entry last, with the time each takes, and the
    /// (round, player, empty cells) at which its next entry is due.
    pending: Vec<(Cell, u8, Duration)>,
    pending_at: (u32, usize, usize),
}

impl Planner {
    fn new(strategy: Strategy, skill: Method, speed: u32) -> Planner {
        Planner {
            strategy,
            skill,
            speed: speed.max(1),
            pending: Vec::new(),
            pending_at: (0, 0, 0),
        }
    }

    fn think(&mut self, view: &View<'_>, rng: &mut dyn Rng) -> (Entry, Duration) {
        let player = view.to_act().first().copied().unwrap_or(0);
        // The rest of the plan made at the start of the turn, if the game went as expected.
        if self.pending_at == (view.round(), player, view.empty_cells())
            && let Some((cell, digit, time)) = self.pending.pop()
            && view.grid().get(cell.index()) == 0
        {
            self.pending_at.2 -= 1;
            return (Entry::new(player, cell, digit), time);
        }
        self.pending.clear();
        let model = ThinkingTime::REFERENCE;
        let mut knowledge = deduce(view.grid(), self.skill);
        let limit = view.options().chrono.limit();
        if let Some(limit) = limit
            && knowledge
                .placements
                .iter()
                .any(|p| model.for_placement(p, self.speed) <= limit)
        {
            knowledge
                .placements
                .retain(|p| model.for_placement(p, self.speed) <= limit);
        }
        if knowledge.placements.is_empty() {
            let (cell, digit) = guess(view.grid(), &knowledge, rng);
            return (Entry::new(player, cell, digit), model.for_guess(self.speed));
        }
        let mut time = [Duration::ZERO; 81];
        for p in &knowledge.placements {
            time[p.cell.index()] = model.for_placement(p, self.speed);
        }
        let pos = Pos::new(view.grid(), &knowledge, rng);
        let quota = view.digits_left();
        let bonus = !view.bonus_taken();
        let plan = match self.strategy {
            Strategy::Greedy => greedy::plan(&pos, quota, bonus),
            Strategy::Blocking => {
                blocking::plan(&pos, quota, bonus, next_rival_quota(view, player))
            }
            Strategy::Search => {
                let upcoming = view.upcoming_turns(view.player_count() - 1);
                search::plan(&pos, quota, bonus, &upcoming, player)
            }
        };
        let mut planned: Vec<(Cell, u8, Duration)> = plan
            .cells
            .iter()
            .map(|&c| (c, pos.known[c.index()], time[c.index()]))
            .collect();
        if planned.is_empty() {
            let c = pos.by_digit[0];
            planned.push((c, pos.known[c.index()], time[c.index()]));
        }
        // `pending` is popped from the back, so it holds the next entry last. Without the
        // chrono: highest digit first (the order does not change the points); with it: the
        // quickest first, then the highest digit.
        if limit.is_some() {
            planned.sort_by_key(|&(c, d, t)| (core::cmp::Reverse(t), d, core::cmp::Reverse(c)));
        } else {
            planned.sort_by_key(|&(c, d, _)| (d, core::cmp::Reverse(c)));
        }
        let (cell, digit, time) = planned.pop().expect("a plan has a cell");
        self.pending = planned;
        self.pending_at = (view.round(), player, view.empty_cells() - 1);
        (Entry::new(player, cell, digit), time)
    }
}

/// The quota of the turn after the current one, or 0 when there is nobody to block: the grid
/// fills first, or that turn is `player`'s own (an increasing final round can open with the
/// player who ended the round before).
fn next_rival_quota(view: &View<'_>, player: usize) -> u8 {
    view.upcoming_turns(1)
        .first()
        .filter(|&&(p, _)| p != player)
        .map_or(0, |&(_, q)| q)
}

/// Plays the game to its end, asking `bots[p]` for player `p`'s entries (bots of any kinds,
/// boxed). The bots draw from `rng`. Does nothing once the game is over.
///
/// Each entry is played at the time its bot took to think ([`Bot::think`]), added up from the
/// start of its turn: with the chrono option, the entries past the turn's limit score
/// nothing, and the record keeps every entry's time. Without the chrono the times are not
/// used.
///
/// At most one decision per empty cell: every entry fills a cell (a wrong digit is
/// corrected), so a game asks for at most 81 decisions.
///
/// # Errors
/// The first illegal entry a bot chooses (the bots of this module never choose one; the game
/// stays where it was), or [`PlayError::UnknownPlayer`] when `bots` has no bot for the
/// player to move.
///
/// ```
/// use defi_sudoku::bot::{self, Bot, play_out};
/// use defi_sudoku::{Game, Options, SolvedPuzzle};
/// use rand::SeedableRng;
///
/// let play = |seed| {
///     let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
///     let puzzle = SolvedPuzzle::generate(&mut rng);
///     let mut game = Game::with_player_count(puzzle, 2, Options::default()).unwrap();
///     let mut table: Vec<Box<dyn Bot>> =
///         ["greedy", "search"].map(|name| bot::by_name(name).unwrap()).into();
///     play_out(&mut game, &mut table, &mut rng).unwrap();
///     game
/// };
/// let game = play(4);
/// assert!(game.is_over());
/// assert_eq!(game, play(4)); // reproducible
/// ```
pub fn play_out<R: Rng + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    rng: &mut R,
) -> Result<(), PlayError> {
    let mut rng = rng;
    play_out_while(game, bots, &mut Draw::One(&mut rng), &mut || true).map(|_| ())
}

/// Where the bots draw from: one generator for all, or one per seat (the simulator's).
pub(crate) enum Draw<'a> {
    /// Every bot draws from this one.
    One(&'a mut dyn Rng),
    /// The bot of seat `k` draws from the `k`th.
    PerSeat(&'a mut [rand_pcg::Pcg64Mcg]),
}

impl Draw<'_> {
    fn for_seat(&mut self, seat: usize) -> &mut dyn Rng {
        match self {
            Draw::One(rng) => &mut **rng,
            Draw::PerSeat(rngs) => &mut rngs[seat],
        }
    }
}

/// [`play_out`], asking `go_on` before each decision: `Ok(false)` when it said no (the game
/// is left as it was then).
pub(crate) fn play_out_while(
    game: &mut Game,
    bots: &mut [Box<dyn Bot>],
    draw: &mut Draw<'_>,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<bool, PlayError> {
    let mut turn = usize::MAX;
    let mut elapsed = Duration::ZERO;
    while let Some(p) = game.player_to_move() {
        if !go_on() {
            return Ok(false);
        }
        if game.turns().len() != turn {
            turn = game.turns().len();
            elapsed = Duration::ZERO;
        }
        let Some(bot) = bots.get_mut(p) else {
            return Err(PlayError::UnknownPlayer {
                player: p,
                players: bots.len(),
            });
        };
        let (entry, thinking) = bot.think(&game.view(), draw.for_seat(p));
        elapsed = elapsed.saturating_add(thinking);
        game.play_timed(entry, elapsed)?;
    }
    Ok(true)
}

/// A guess when nothing is known: the candidate with the best expected face value (digit
/// divided by the cell's number of candidates), ties broken at random.
fn guess(grid: &Grid, knowledge: &Knowledge, rng: &mut dyn Rng) -> (Cell, u8) {
    let mut best: Vec<(Cell, u8)> = Vec::new();
    let mut best_value = 0.0f64;
    for cell in Shape::CLASSIC.cells() {
        let cands = knowledge.candidates[cell.index()];
        if grid.get(cell.index()) != 0 || cands.is_empty() {
            continue;
        }
        let top = cands.iter().last().unwrap_or(0);
        let value = f64::from(top) / cands.len() as f64;
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
        }
        if (value - best_value).abs() <= 1e-9 {
            best.push((cell, top));
        }
    }
    if best.is_empty() {
        // No candidate anywhere (impossible on a game's positions): any empty cell, digit 9.
        let cell = grid.cells().iter().position(|&d| d == 0).unwrap_or(0);
        return (Cell::new(cell), 9);
    }
    best[rng.random_range(0..best.len())]
}

/// A position as a bot plans on it: which empty cells it knows, house by house (houses by
/// their indices in the classic geometry).
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    /// The known digit of each empty cell, 0 when unknown or filled.
    pub(crate) known: [u8; 81],
    /// Empty cells per house.
    pub(crate) house_empty: [u8; 27],
    /// Known empty cells per house.
    pub(crate) house_known: [u8; 27],
    /// Known cells, highest digit first (ties in a random order drawn once per position).
    pub(crate) by_digit: Vec<Cell>,
}

/// How many cells of `combo` each house holds.
fn hits(combo: &[Cell]) -> [u8; 27] {
    let table = cell_houses();
    let mut hits = [0u8; 27];
    for c in combo {
        for &h in &table[c.index()] {
            hits[usize::from(h)] += 1;
        }
    }
    hits
}

impl Pos {
    pub(crate) fn new(grid: &Grid, knowledge: &Knowledge, rng: &mut dyn Rng) -> Pos {
        let mut known = [0u8; 81];
        for p in &knowledge.placements {
            known[p.cell.index()] = p.digit;
        }
        let mut house_empty = [0u8; 27];
        let mut house_known = [0u8; 27];
        let cells = grid.cells();
        for (cell, houses) in cell_houses().iter().enumerate() {
            if cells[cell] == 0 {
                for &h in houses {
                    house_empty[usize::from(h)] += 1;
                    house_known[usize::from(h)] += u8::from(known[cell] != 0);
                }
            }
        }
        let mut by_digit: Vec<Cell> = knowledge.placements.iter().map(|p| p.cell).collect();
        by_digit.shuffle(rng);
        by_digit.sort_by_key(|&c| core::cmp::Reverse(known[c.index()]));
        Pos {
            known,
            house_empty,
            house_known,
            by_digit,
        }
    }

    /// Fills the cells of `combo` (all known).
    pub(crate) fn apply(&mut self, combo: &[Cell]) {
        let table = cell_houses();
        for &c in combo {
            self.known[c.index()] = 0;
            for &h in &table[c.index()] {
                self.house_empty[usize::from(h)] -= 1;
                self.house_known[usize::from(h)] -= 1;
            }
        }
        self.by_digit.retain(|c| !combo.contains(c));
    }

    /// The points of filling `combo`: face values, +10 if it completes a house and the bonus
    /// is still available.
    pub(crate) fn gain(&self, combo: &[Cell], bonus: bool) -> u32 {
        let face: u32 = combo
            .iter()
            .map(|&c| u32::from(self.known[c.index()]))
            .sum();
        if bonus && self.completes(combo) {
            face + COMPLETION_BONUS
        } else {
            face
        }
    }

    /// Whether `combo` fills the last empty cells of some house.
    pub(crate) fn completes(&self, combo: &[Cell]) -> bool {
        let hits = hits(combo);
        (0..27).any(|h| hits[h] != 0 && hits[h] == self.house_empty[h])
    }

    /// Whether, once `combo` is filled, some house has between 1 and `quota` empty cells, all
    /// known (a player with that quota and this knowledge could complete it).
    pub(crate) fn completable_after(&self, combo: &[Cell], quota: u8) -> bool {
        let hits = hits(combo);
        (0..27).any(|h| {
            let e = self.house_empty[h] - hits[h];
            e >= 1 && e <= quota && self.house_known[h] - hits[h] == e
        })
    }

    /// The empty cells of house `h` (its index), if they are all known.
    pub(crate) fn known_house(&self, h: usize) -> Option<Vec<Cell>> {
        (self.house_known[h] == self.house_empty[h]).then(|| {
            house_cells()[h]
                .iter()
                .filter(|&&c| self.known[usize::from(c)] != 0)
                .map(|&c| Cell::new(usize::from(c)))
                .collect()
        })
    }
}

/// A set of cells to fill this turn and its points.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    pub(crate) cells: Vec<Cell>,
    pub(crate) gain: u32,
}

/// Calls `f` on every subset of `pool` with `size` elements (in lexicographic order of
/// indices).
pub(crate) fn for_each_combo(pool: &[Cell], size: usize, f: &mut dyn FnMut(&[Cell])) {
    fn rec(
        pool: &[Cell],
        size: usize,
        start: usize,
        acc: &mut Vec<Cell>,
        f: &mut dyn FnMut(&[Cell]),
    ) {
        if acc.len() == size {
            f(acc);
            return;
        }
        for i in start..pool.len() {
            if pool.len() - i < size - acc.len() {
                break;
            }
            acc.push(pool[i]);
            rec(pool, size, i + 1, acc, f);
            acc.pop();
        }
    }
    rec(pool, size, 0, &mut Vec::with_capacity(size), f);
}

/// The cells worth considering for a turn of `quota` when the next player's quota is `next`:
/// the best digits, the known cells of houses nearly full, and the best "safe" cells whose
/// houses stay out of reach.
pub(crate) fn pool(pos: &Pos, quota: u8, next: u8) -> Vec<Cell> {
    let reach = usize::from(quota) + usize::from(next);
    let mut pool: Vec<Cell> = pos
        .by_digit
        .iter()
        .copied()
        .take(usize::from(quota) + 6)
        .collect();
    let mut safe = 0;
    let table = cell_houses();
    for &c in &pos.by_digit {
        let near = table[c.index()]
            .iter()
            .any(|&h| usize::from(pos.house_empty[usize::from(h)]) <= reach);
        if near || safe < quota {
            if !near {
                safe += 1;
            }
            if !pool.contains(&c) {
                pool.push(c);
            }
        }
        if pool.len() >= 24 {
            break;
        }
    }
    pool
}

#[cfg(test)]
mod tests {
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::{Handicap, Options, SolvedPuzzle};

    #[test]
    fn nobody_to_block_when_the_next_turn_is_ones_own() {
        // A valid grid; row 1's cells 0-3 and 8 emptied (each the only gap of its column).
        let digits: Vec<u8> = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                ((r * 3 + r / 3 + c) % 9 + 1) as u8
            })
            .collect();
        let solution = Grid::new(Shape::CLASSIC, digits).unwrap();
        let mut puzzle = solution.clone();
        for c in [0, 1, 2, 3, 8] {
            puzzle.set(c, 0).unwrap();
        }
        let solved = SolvedPuzzle::new(puzzle, solution).unwrap();
        let options = Options {
            handicap: Handicap::Without,
            ..Options::default()
        };
        let mut game = Game::with_player_count(solved, 2, options).unwrap();
        game.play(Entry::new(0, Cell::new(8), 9)).unwrap(); // 9 + 10 for column 9
        // Player 2 ends round 1; round 2 (quota 2, 3 cells left) is final, lowest score first.
        let view = game.view();
        assert_eq!(view.to_act(), [1]);
        assert_eq!(view.upcoming_turns(1), [(1, 2)]);
        assert_eq!(next_rival_quota(&view, 1), 0);
        // Player 1's view: player 2 follows with one digit.
        let mut game = Game::with_player_count(game.puzzle().clone(), 2, options).unwrap();
        assert_eq!(next_rival_quota(&game.view(), 0), 1);
        game.play(Entry::new(0, Cell::new(0), 2)).unwrap(); // wrong: nothing, the scores tie
        assert_eq!(game.view().upcoming_turns(1), [(0, 2)]);
        assert_eq!(next_rival_quota(&game.view(), 1), 2);
    }

    #[test]
    fn a_guess_is_the_best_expected_face_value() {
        // Row 1 holds 1..7 in its first seven cells: r1c8 and r1c9 can be 8 or 9 (9 / 2 each),
        // every other empty cell has more candidates.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for c in 0..7 {
            grid.set(c, c as u8 + 1).unwrap();
        }
        let knowledge = Knowledge {
            placements: Vec::new(),
            candidates: crate::houses::classic().candidates(grid.cells()),
        };
        let mut seen = Vec::new();
        for seed in 0..16 {
            let mut rng = <Pcg64Mcg as rand::SeedableRng>::seed_from_u64(seed);
            let (cell, digit) = guess(&grid, &knowledge, &mut rng);
            assert!([7, 8].contains(&cell.index()) && digit == 9);
            seen.push(cell.index());
        }
        // Ties are broken at random.
        assert!(seen.contains(&7) && seen.contains(&8));
    }
}
