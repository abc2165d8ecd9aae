//! Integration tests of mahjong-rules (one binary).

mod bots;
mod claims_and_table;
mod common;
mod distance;
mod hostile;
mod limit_hands;
mod payments;
mod properties;
mod scoring_rows;
mod shape;
mod table;
mod vectors;
