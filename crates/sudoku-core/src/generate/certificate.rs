//! Certificates of minimality: for each orbit of givens a generated puzzle keeps, a second
//! solution of the puzzle without that orbit, found by the generator when it tried to remove
//! the orbit. Checking one takes a pass over the grid, with no search.

use super::Symmetry;
use crate::cell::{Cell, CellDisplay};
use crate::geometry::Geometry;
use crate::grid::Grid;

/// Why an orbit of givens is needed: a second solution of the puzzle without it.
///
/// `grid` is a complete grid that obeys the rules, agrees with every given of the puzzle
/// outside `orbit`, and differs from the puzzle in at least one cell of `orbit`. The puzzle
/// with the orbit emptied then has two different solutions, `grid` and any solution of the
/// puzzle itself (which keeps the orbit's values): so the orbit cannot be removed without
/// losing uniqueness. [`Certificate::check`] checks this in one pass over the grid.
///
/// The generator records them when asked ([`Generator::certificates`](super::Generator::certificates));
/// [`check_minimality`] checks a whole puzzle with them.
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use sudoku_core::{Generator, Symmetry};
/// use sudoku_core::{Geometry, Shape};
///
/// let geo = Geometry::classic(Shape::CLASSIC);
/// let made = Generator::new(geo.clone()).certificates(true).generate(&mut Pcg64Mcg::seed_from_u64(1))?;
/// // One certificate per given (no symmetry: each orbit is one cell).
/// assert_eq!(made.certificates.len(), made.puzzle.given_count());
/// let cert = &made.certificates[0];
/// cert.check(&geo, &made.puzzle)?;
/// // The certificate and the solution differ at the cell, and agree on the other givens.
/// let c = cert.orbit[0].index();
/// assert_ne!(cert.grid.get(c), made.solution.get(c));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Certificate {
    /// The cells of the orbit of givens it is for, sorted (one cell without symmetry).
    pub orbit: Vec<Cell>,
    /// A solution of the puzzle without the orbit, differing from the puzzle in the orbit.
    pub grid: Grid,
}

/// Why a certificate, or a puzzle's set of certificates, does not prove minimality.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// The geometry, the puzzle and a grid are not all of one shape.
    #[error("the grids do not have the geometry's shape")]
    ShapeMismatch,
    /// The solution given with the puzzle is not a complete grid obeying the rules that
    /// keeps every given.
    #[error("the solution is not a solution of the puzzle")]
    BadSolution,
    /// The orbit is empty, or not an orbit of the symmetry.
    #[error("the certificate's orbit ({}) is not an orbit of the symmetry", list(.at))]
    BadOrbit {
        /// The orbit of the certificate.
        orbit: Vec<Cell>,
        /// Its cells for people (`r1c1`).
        at: Vec<CellDisplay>,
    },
    /// A cell of the orbit is empty in the puzzle (or outside the grid).
    #[error("{at} of the orbit is not a given")]
    NotGiven {
        /// The cell.
        cell: Cell,
        /// The cell for people.
        at: CellDisplay,
    },
    /// The grid has an empty cell or an out-of-range value, or two equal values in a house.
    #[error("the certificate's grid is not a complete grid obeying the rules (at {at})")]
    NotASolution {
        /// A cell that is empty or clashes with another in a house.
        cell: Cell,
        /// The cell for people.
        at: CellDisplay,
    },
    /// The grid changes a given outside the orbit.
    #[error("the certificate changes the given of {at}, outside its orbit")]
    ChangesGiven {
        /// The given changed.
        cell: Cell,
        /// The cell for people.
        at: CellDisplay,
    },
    /// The grid agrees with the puzzle on the whole orbit, so it may be the puzzle's own
    /// solution.
    #[error("the certificate agrees with the puzzle on its whole orbit ({})", list(.at))]
    SameOnOrbit {
        /// The orbit of the certificate.
        orbit: Vec<Cell>,
        /// Its cells for people.
        at: Vec<CellDisplay>,
    },
    /// A given is in no certified orbit.
    #[error("the given of {at} has no certificate")]
    Missing {
        /// The given without a certificate.
        cell: Cell,
        /// The cell for people.
        at: CellDisplay,
    },
}

/// Cells for people, as the messages print them: `r1c1 r9c9`.
fn list(cells: &[CellDisplay]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The error of an orbit that is not one: the orbit and its cells for people.
fn bad_orbit(geometry: &Geometry, orbit: &[Cell]) -> CertificateError {
    CertificateError::BadOrbit {
        orbit: orbit.to_vec(),
        at: orbit.iter().map(|&c| geometry.display_cell(c)).collect(),
    }
}

impl Certificate {
    /// Checks that the certificate proves its orbit needed in `puzzle`: `grid` is complete
    /// and obeys the rules of `geometry`, every cell of `orbit` is a given, `grid` keeps every
    /// given outside `orbit` and changes at least one inside. Then the puzzle without the
    /// orbit has `grid` as a solution, and, if the puzzle has a solution at all, a second
    /// one (the puzzle's, which keeps the orbit). One pass over the grid, no search.
    ///
    /// # Errors
    /// [`CertificateError`] says which condition fails, and where.
    pub fn check(&self, geometry: &Geometry, puzzle: &Grid) -> Result<(), CertificateError> {
        let count = geometry.cell_count();
        if puzzle.cells().len() != count || self.grid.cells().len() != count {
            return Err(CertificateError::ShapeMismatch);
        }
        let at = |cell: Cell| geometry.display_cell(cell);
        if self.orbit.is_empty() {
            return Err(bad_orbit(geometry, &[]));
        }
        for &cell in &self.orbit {
            if puzzle.cells().get(cell.index()).is_none_or(|&v| v == 0) {
                return Err(CertificateError::NotGiven { cell, at: at(cell) });
            }
        }
        let cells = self.grid.cells();
        let n = geometry.size();
        if let Some(cell) = cells.iter().position(|&v| v == 0 || usize::from(v) > n) {
            let cell = Cell::new(cell);
            return Err(CertificateError::NotASolution { cell, at: at(cell) });
        }
        if let Some((_, _, cell)) = geometry.find_clash(cells) {
            return Err(CertificateError::NotASolution { cell, at: at(cell) });
        }
        let mut changed = false;
        let all = (0..count).map(Cell::new);
        for (cell, (&given, &value)) in all.zip(puzzle.cells().iter().zip(cells)) {
            if given != 0 && given != value {
                if self.orbit.contains(&cell) {
                    changed = true;
                } else {
                    return Err(CertificateError::ChangesGiven { cell, at: at(cell) });
                }
            }
        }
        if changed {
            Ok(())
        } else {
            Err(CertificateError::SameOnOrbit {
                orbit: self.orbit.clone(),
                at: self.orbit.iter().map(|&c| at(c)).collect(),
            })
        }
    }
}

/// Checks that `puzzle` is irreducible with respect to the orbits of `symmetry` (minimal
/// with [`Symmetry::None`]), given a solution and certificates: `solution` is complete,
/// obeys the rules and keeps every given; every certificate is for an orbit of `symmetry`
/// and [checks](Certificate::check); every given lies in a certified orbit. Then, for each
/// orbit of givens, the puzzle without it has two solutions (`solution` and the
/// certificate's grid). It does not check uniqueness (a count does: [`Solver::count`]).
///
/// Linear in the size of the certificates: the 265 certificates of a 25×25 puzzle are checked
/// in milliseconds, where proving each given needed by search takes minutes or more.
///
/// [`Solver::count`]: crate::Solver::count
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use sudoku_core::{check_minimality, Generator, Symmetry};
/// use sudoku_core::{Geometry, Shape};
///
/// let geo = Geometry::classic(Shape::CLASSIC);
/// let made = Generator::new(geo.clone())
///     .symmetry(Symmetry::Central)
///     .certificates(true)
///     .generate(&mut Pcg64Mcg::seed_from_u64(3))?;
/// check_minimality(&geo, Symmetry::Central, &made.puzzle, &made.solution, &made.certificates)?;
/// // Without one certificate, a given is left unproved.
/// assert!(check_minimality(&geo, Symmetry::Central, &made.puzzle, &made.solution,
///     &made.certificates[1..]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// The first failure found, as a [`CertificateError`].
pub fn check_minimality(
    geometry: &Geometry,
    symmetry: Symmetry,
    puzzle: &Grid,
    solution: &Grid,
    certificates: &[Certificate],
) -> Result<(), CertificateError> {
    let count = geometry.cell_count();
    if puzzle.cells().len() != count || solution.cells().len() != count {
        return Err(CertificateError::ShapeMismatch);
    }
    if !geometry.is_solution(solution.cells()) || !puzzle.is_subset_of(solution) {
        return Err(CertificateError::BadSolution);
    }
    let orbits = geometry.orbits(symmetry);
    let mut orbit_of = vec![0usize; count];
    for (k, o) in orbits.iter().enumerate() {
        for c in o {
            orbit_of[c.index()] = k;
        }
    }
    let mut covered = vec![false; count];
    for cert in certificates {
        let first = *cert.orbit.first().ok_or_else(|| bad_orbit(geometry, &[]))?;
        if first.index() >= count || orbits[orbit_of[first.index()]] != cert.orbit {
            return Err(bad_orbit(geometry, &cert.orbit));
        }
        cert.check(geometry, puzzle)?;
        for &c in &cert.orbit {
            covered[c.index()] = true;
        }
    }
    match (0..count)
        .map(Cell::new)
        .find(|&c| puzzle.get(c.index()) != 0 && !covered[c.index()])
    {
        Some(cell) => Err(CertificateError::Missing {
            cell,
            at: geometry.display_cell(cell),
        }),
        None => Ok(()),
    }
}

/// The second solutions met by a removal loop, kept by cell when asked (the latest one for
/// each cell: a second solution found with more givens stays one with fewer).
#[derive(Clone, Debug, Default)]
pub(super) struct Found {
    keep: bool,
    by_cell: Vec<Vec<u8>>,
}

impl Found {
    /// Keeps nothing unless `keep`.
    pub(super) fn new(keep: bool, cells: usize) -> Found {
        Found {
            keep,
            by_cell: if keep {
                vec![Vec::new(); cells]
            } else {
                Vec::new()
            },
        }
    }

    /// Whether grids are kept.
    pub(super) fn keeps(&self) -> bool {
        self.keep
    }

    /// Records `grid`, a second solution found when `cell`'s orbit was emptied.
    pub(super) fn record(&mut self, cell: usize, grid: &[u8]) {
        if let Some(slot) = self.by_cell.get_mut(cell) {
            slot.clear();
            slot.extend_from_slice(grid);
        }
    }

    /// One certificate for each orbit of givens of `puzzle` with a recorded grid, by the
    /// order of the orbits' first cells.
    /// `orbits` are the symmetry's orbits, ordered by their first cells.
    pub(super) fn certificates(&self, orbits: Vec<Vec<Cell>>, puzzle: &Grid) -> Vec<Certificate> {
        if !self.keep {
            return Vec::new();
        }
        orbits
            .into_iter()
            .filter(|o| puzzle.get(o[0].index()) != 0)
            .filter_map(|orbit| {
                let grid = orbit
                    .iter()
                    .map(|&c| &self.by_cell[c.index()])
                    .find(|g| !g.is_empty())?;
                Some(Certificate {
                    orbit,
                    grid: puzzle.with_cells(grid.clone()),
                })
            })
            .collect()
    }
}
