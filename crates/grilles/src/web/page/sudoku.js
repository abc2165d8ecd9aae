// Grilles & Tuiles: sudoku — every size and variant, pencil marks, the cursor's houses and
// digit lit, hints with the grader's sentence, check, undo and redo, print.
'use strict';
(function () {
  const el = G.el;
  const S = { id: null, cursor: 0, pencil: false, reply: null, at: 0 };

  const COMMANDS = { p: 'pencil', a: 'auto', h: 'hint', c: 'check', r: 'reveal', u: 'undo', y: 'redo' };

  function form(main) {
    const sizes = { classic: [9, 6, 4, 16, 25], x: [9, 6, 4, 16, 25], jigsaw: [9, 6], samurai: [9], killer: [9, 6, 4] };
    const size = G.select('sd-size', [], 9);
    const variant = G.select('sd-variant', [
      ['classic', 'Classic'], ['x', 'Sudoku X (diagonals too)'], ['jigsaw', 'Jigsaw (irregular regions)'],
      ['samurai', 'Samurai (five overlapping grids)'], ['killer', 'Killer (cages with sums)']], 'classic');
    const fill = () => {
      const keep = size.value || '9';
      G.clear(size);
      for (const s of sizes[variant.value]) size.appendChild(el('option', { value: s, selected: String(s) === keep }, `${s}×${s}`));
    };
    variant.addEventListener('change', fill);
    fill();
    const level = G.select('sd-level', [['easy', 'Easy'], ['intermediate', 'Intermediate'], ['expert', 'Expert']], 'easy');
    const number = el('input#sd-number', { type: 'number', min: 0, max: 999999999, placeholder: 'any' });
    const typed = el('textarea#sd-typed', { placeholder: 'one line: 1-9 then A, B… ; . or 0 for an empty cell' });
    const start = el('button.primary#sd-start', { type: 'submit' }, 'Start');
    const f = el('form.setup', {
      onsubmit: (e) => {
        e.preventDefault();
        const options = { variant: variant.value, size: Number(size.value), level: level.value, typed: typed.value };
        if (number.value !== '') options.number = Number(number.value);
        G.start('sudoku', options);
      },
    },
    G.field('Variant', variant), G.field('Size', size),
    G.field('Level', level, 'By level: classic and X up to 9×9; the others are made, then rated when the grader reads their rules.'),
    G.field('Puzzle number', number, 'The same number makes the same puzzle again.'),
    G.field('Or type a puzzle', typed, 'Classic or X: its length gives its size.'),
    el('div.wide', start));
    G.add(main, [el('h1', 'New sudoku'), f]);
  }

  function symbolValue(v, key) {
    const i = v.symbols.indexOf(key.toUpperCase());
    return i >= 0 && key.length === 1 ? i + 1 : 0;
  }

  function render(reply, main) {
    const v = reply.view;
    if (S.id !== reply.id) {
      S.id = reply.id;
      S.cursor = v.cursor;
      S.pencil = v.pencil;
    }
    S.reply = reply;
    S.at = performance.now();
    const cur = S.cursor;
    const curHouses = new Set(v.houses[cur]);
    const curValue = v.values[cur];
    const hinted = new Set(v.hint ? v.hint.cells : []);
    const wrong = new Set(v.wrong || []);
    const revealed = new Set(v.revealed);
    const diagonal = new Set(v.diagonal);
    const grid = G.drawGrid({
      rows: v.rows, cols: v.cols, places: v.places, boxes: v.boxes, values: v.values,
      symbols: v.symbols, marks: v.marks, size: v.size, cages: v.cages,
      classes: (i) => {
        const k = [];
        if (v.givens[i]) k.push('given');
        if (revealed.has(i)) k.push('revealed');
        if (diagonal.has(i)) k.push('diag');
        if (v.houses[i].some((h) => curHouses.has(h))) k.push('peer');
        if (curValue && v.values[i] === curValue) k.push('same');
        if (hinted.has(i)) k.push('hinted');
        if (wrong.has(i)) k.push('wrong');
        if (i === cur) k.push('cur');
        return k;
      },
      onclick: (i) => { S.cursor = i; render(S.reply, G.main()); G.act({ op: 'cursor', cell: i }); },
    });
    grid.id = 'sudoku-grid';
    const facts = el('dl.facts');
    const fact = (k, val) => { if (val !== null && val !== undefined) G.add(facts, [el('dt', k), el('dd', val)]); };
    fact('Puzzle', `${v.name}${v.variant === 'samurai' ? '' : ` ${v.size}×${v.size}`}`);
    fact('Number', v.number === null ? 'typed in' : `#${v.number}`);
    fact('Level', v.level ? `${v.level}${v.score ? ` (difficulty ${v.score})` : ''}` : (v.rated ? 'not rated in time' : 'not rated'));
    fact('A person takes', v.human_seconds ? `about ${Math.round(v.human_seconds / 60)} min` : (v.rated ? 'no estimate in time' : 'no estimate for this variant'));
    fact('Time', el('span#sd-time', G.clock(v.elapsed_ms)));
    fact('Empty cells', String(v.empty));
    fact('Hints', `${v.hints}, cells revealed ${v.revealed.length}`);
    const side = el('div.side');
    if (v.solved) side.appendChild(el('div.box.done#sd-solved', `Solved in ${G.clock(v.elapsed_ms)}!`));
    side.appendChild(facts);
    if (v.hint) {
      side.appendChild(el('div.box.hint#sd-hint', el('div', v.hint.text),
        v.hint.action ? el('div.bar', el('button.primary#sd-play-hint', { onclick: () => G.act({ op: 'play-hint' }) }, v.hint.action)) : null));
    }
    const b = (id, text, onclick, extra) => el(`button#${id}`, Object.assign({ onclick }, extra || {}), text);
    side.appendChild(el('div.bar',
      b('sd-pencil', S.pencil ? 'Pencil: on' : 'Pencil: off', () => { S.pencil = !S.pencil; render(S.reply, G.main()); }, { class: S.pencil ? 'on' : null }),
      b('sd-undo', 'Undo', () => G.act({ op: 'undo' }), { disabled: !v.can_undo }),
      b('sd-redo', 'Redo', () => G.act({ op: 'redo' }), { disabled: !v.can_redo }),
      b('sd-hint-button', 'Hint', () => G.act({ op: 'hint' }), { disabled: v.solved }),
      b('sd-check', 'Check', () => G.act({ op: 'check' })),
      b('sd-reveal', 'Reveal cell', () => G.act({ op: 'reveal', cell: S.cursor })),
      b('sd-auto', 'All candidates', () => G.act({ op: 'auto' })),
      b('sd-restart', 'Restart', () => { if (window.confirm('Start this puzzle again?')) G.act({ op: 'restart' }); })));
    const pad = el('div.pad');
    for (let d = 1; d <= v.size; d++) {
      pad.appendChild(el('button', { 'data-digit': d, onclick: () => write(d) }, v.symbols[d - 1]));
    }
    pad.appendChild(el('button#sd-erase', { onclick: () => G.act({ op: 'clear', cell: S.cursor }) }, 'Erase'));
    side.appendChild(pad);
    side.appendChild(el('div.bar',
      b('sd-print', 'Print', () => window.print()),
      b('sd-latex', 'LaTeX', () => G.download('latex')),
      ...G.commonButtons('sudoku')));
    side.appendChild(el('p.note', keysText(v)));
    G.clear(main);
    main.appendChild(el('div.play', el('div.board', grid), side));
  }

  function keysText(v) {
    const alt = v.size >= 16 ? ' (with Alt where the letter is a symbol)' : '';
    return `Keys: arrows move; ${v.symbols[0]}–${v.symbols[v.size - 1]} write; 0, Delete or Backspace erase; ` +
      `p pencil, h hint (again: play it), c check, r reveal, a all candidates, u undo, y redo${alt}.`;
  }

  function write(d) {
    const v = S.reply.view;
    if (v.givens[S.cursor]) return G.say('This cell is a given.', 'error');
    G.act({ op: S.pencil ? 'mark' : 'place', cell: S.cursor, value: d });
  }

  function command(name) {
    const v = S.reply.view;
    switch (name) {
      case 'pencil': S.pencil = !S.pencil; render(S.reply, G.main()); return;
      case 'hint': G.act({ op: v.hint && v.hint.action ? 'play-hint' : 'hint' }); return;
      case 'reveal': G.act({ op: 'reveal', cell: S.cursor }); return;
      default: G.act({ op: name });
    }
  }

  function key(e) {
    if (!S.reply || G.current.kind !== 'sudoku') return false;
    const v = S.reply.view;
    const arrow = G.arrows[e.key];
    if (arrow) {
      const next = G.gridStep(v.places, S.cursor, arrow[0], arrow[1]);
      if (next !== undefined) {
        S.cursor = next;
        render(S.reply, G.main());
      }
      return true;
    }
    if (e.ctrlKey || e.metaKey) {
      if (e.key === 'z') { command('undo'); return true; }
      if (e.key === 'y') { command('redo'); return true; }
      return false;
    }
    if (['Backspace', 'Delete', '0', '.'].includes(e.key)) {
      G.act({ op: 'clear', cell: S.cursor });
      return true;
    }
    const d = e.altKey ? 0 : symbolValue(v, e.key);
    if (d) {
      write(d);
      return true;
    }
    const c = COMMANDS[e.key.toLowerCase()];
    if (c) {
      command(c);
      return true;
    }
    return false;
  }

  setInterval(() => {
    const t = document.getElementById('sd-time');
    if (t && S.reply && !S.reply.view.solved && document.visibilityState === 'visible') {
      t.textContent = G.clock(S.reply.view.elapsed_ms + performance.now() - S.at);
    }
  }, 1000);

  G.games.sudoku = {
    name: 'Sudoku',
    blurb: 'Classic, X, jigsaw, Samurai, killer; 4×4 to 25×25, by level; pencil marks and hints that explain.',
    help: 'Click a cell (or move with the arrows) and type a digit, or click the pad. Pencil mode writes marks. ' +
      'Hint shows the next step from your own digits and marks, with the grader\'s sentence; press it again to play it. ' +
      'Check marks wrong digits; Print prints the grid, LaTeX downloads it.',
    form, render, key,
  };
})();
