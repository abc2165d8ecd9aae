//! Sudoku grids of every size and variant, text formats, solvers and a generator (SCAFFOLD: the fast9 branch only builds the `fast9` engine; the lead replaces this file at merge).

pub mod fast9;
