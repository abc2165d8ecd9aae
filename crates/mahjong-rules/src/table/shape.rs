//! The one state shape of the workspace ([`GameState`]) for a round and a game, delegating
//! to their own methods.

use grilles_game::GameState;
use mahjong_tiles::Wind;

use super::action::Action;
use super::game::Game;
use super::round::{PlayError, Round};

/// A round in the workspace's one state shape: the players are the four seats, a move is an
/// [`Action`]. Every method is the round's own method of the same name.
impl GameState for Round {
    type Move = Action;
    type Player = Wind;
    type Report = ();
    type Error = PlayError;

    fn to_act(&self) -> Vec<Wind> {
        Round::to_act(self)
    }

    fn is_over(&self) -> bool {
        Round::is_over(self)
    }

    fn legal_moves(&self) -> Vec<Action> {
        Round::legal_moves(self)
    }

    fn check(&self, m: Action) -> Result<(), PlayError> {
        Round::check(self, m)
    }

    fn is_legal(&self, m: Action) -> bool {
        Round::is_legal(self, m)
    }

    fn play(&mut self, m: Action) -> Result<(), PlayError> {
        Round::play(self, m)
    }
}

/// A game in the workspace's one state shape, move by move within its rounds: between two
/// rounds (and before the first) nobody acts until [`Game::deal`], so the game is at rest
/// there — no seat to act, no legal move, [`Game::is_over`] true — and
/// [`Game::needs_deal`] tells that pause from the end ([`Game::is_finished`]). Every method
/// is the game's own method of the same name.
impl GameState for Game {
    type Move = Action;
    type Player = Wind;
    type Report = ();
    type Error = PlayError;

    fn to_act(&self) -> Vec<Wind> {
        Game::to_act(self)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn legal_moves(&self) -> Vec<Action> {
        Game::legal_moves(self)
    }

    fn check(&self, m: Action) -> Result<(), PlayError> {
        Game::check(self, m)
    }

    fn is_legal(&self, m: Action) -> bool {
        Game::is_legal(self, m)
    }

    fn play(&mut self, m: Action) -> Result<(), PlayError> {
        Game::play(self, m)
    }
}
