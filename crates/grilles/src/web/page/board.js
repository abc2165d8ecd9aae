// Grilles & Tuiles: the sudoku grid of the sudoku and Défi pages — cells placed in a frame
// (one square, or the Samurai's five grids), thick lines between boxes or regions, pencil
// marks, killer cages with their sums, and a cell size that fits the window.
'use strict';

// The side of a cell, in pixels, for a frame of `rows` × `cols`.
G.cellSize = function (rows, cols) {
  const narrow = window.innerWidth < 700;
  const width = narrow ? window.innerWidth - 16 : window.innerWidth * 0.6;
  const height = narrow ? window.innerHeight * 0.62 : window.innerHeight - 130;
  const side = Math.floor(Math.min(width / cols, height / rows));
  return Math.max(14, Math.min(side, 56));
};

// The grid element. `o`: rows, cols, places [[r, c]], boxes (box or region of each cell),
// values, symbols, classes(i) (extra classes of a cell), marks (bit sets, optional), size
// (the side N, for the marks), cages ([{sum, cells}], optional), onclick(i).
G.drawGrid = function (o) {
  const grid = G.el('div.grid', { role: 'grid', 'aria-label': 'grid' });
  grid.style.gridTemplateColumns = `repeat(${o.cols}, var(--cell))`;
  grid.style.gridTemplateRows = `repeat(${o.rows}, var(--cell))`;
  grid.style.setProperty('--cell', `${G.cellSize(o.rows, o.cols)}px`);
  const at = new Map();
  o.places.forEach(([r, c], i) => at.set(r * 1000 + c, i));
  const neighbour = (i, dr, dc) => at.get((o.places[i][0] + dr) * 1000 + o.places[i][1] + dc);
  const cageOf = new Map();
  const sumAt = new Map();
  for (const cage of o.cages || []) {
    for (const c of cage.cells) cageOf.set(c, cage);
    sumAt.set(Math.min(...cage.cells), cage.sum);
  }
  const markCols = o.size === 6 ? 3 : Math.ceil(Math.sqrt(o.size || 9));
  const sides = [['t', -1, 0], ['b', 1, 0], ['l', 0, -1], ['r', 0, 1]];
  o.places.forEach(([r, c], i) => {
    const cell = G.el('div.cell', { 'data-cell': i, role: 'gridcell' });
    cell.style.gridRow = String(r + 1);
    cell.style.gridColumn = String(c + 1);
    for (const [side, dr, dc] of sides) {
      const n = neighbour(i, dr, dc);
      if (n === undefined || o.boxes[n] !== o.boxes[i]) cell.classList.add(`b${side}`);
    }
    for (const k of o.classes(i)) cell.classList.add(k);
    const v = o.values[i];
    if (v) {
      cell.appendChild(document.createTextNode(o.symbols[v - 1]));
    } else if (o.marks && o.marks[i]) {
      const marks = G.el('div.marks');
      marks.style.gridTemplateColumns = `repeat(${markCols}, 1fr)`;
      for (let d = 1; d <= o.size; d++) {
        marks.appendChild(G.el('span', o.marks[i] & (1 << (d - 1)) ? o.symbols[d - 1] : ''));
      }
      cell.appendChild(marks);
    }
    const cage = cageOf.get(i);
    if (cage) {
      const line = G.el('div.cage');
      for (const [side, dr, dc] of sides) {
        const n = neighbour(i, dr, dc);
        if (n === undefined || cageOf.get(n) !== cage) line.classList.add(side);
      }
      cell.appendChild(line);
      if (sumAt.has(i)) cell.appendChild(G.el('span.sum', String(sumAt.get(i))));
    }
    cell.addEventListener('click', () => o.onclick(i));
    grid.appendChild(cell);
  });
  return grid;
};

// The cell a key moves to from cell `i`: the next cell of the frame in that direction,
// skipping the holes between grids; `undefined` at the edge.
G.gridStep = function (places, i, dr, dc) {
  const at = new Map();
  places.forEach(([r, c], k) => at.set(r * 1000 + c, k));
  let [r, c] = places[i];
  for (let step = 0; step < 64; step++) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r > 255 || c > 255) return undefined;
    const k = at.get(r * 1000 + c);
    if (k !== undefined) return k;
  }
  return undefined;
};

G.arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
