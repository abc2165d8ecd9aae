//! Integration tests of sudoku-core.
