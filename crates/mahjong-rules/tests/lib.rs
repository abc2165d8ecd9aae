//! Integration tests of mahjong-rules (one binary).

mod claims_and_table;
mod common;
mod distance;
mod hostile;
mod limit_hands;
mod payments;
mod properties;
mod scoring_rows;
mod table;
mod vectors;
