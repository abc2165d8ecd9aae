// Grilles & Tuiles: Défi Sudoku — people and computer players take turns entering their
// quota of digits; the turn, the quotas, the chrono and the scores stay in view; "why?"
// explains any entry; the replay steps through the record with its explanations.
'use strict';
(function () {
  const el = G.el;
  const S = { id: null, cursor: 0, reply: null, at: 0 };
  const SYMBOLS = '123456789';
  const PLACES = Array.from({ length: 81 }, (_, i) => [Math.floor(i / 9), i % 9]);
  const BOXES = PLACES.map(([r, c]) => Math.floor(r / 3) * 3 + Math.floor(c / 3));

  function form(main) {
    const people = G.select('df-people', [['1', 'One person'], ['2', 'Two people (in turn at this screen)']], '1');
    const name1 = el('input#df-name1', { value: 'You', maxlength: 40 });
    const name2 = el('input#df-name2', { value: 'Player 2', maxlength: 40 });
    const bots = G.select('df-bots', [['1', '1'], ['2', '2'], ['3', '3'], ['4', '4']], '2');
    const strategy = G.select('df-strategy', [['greedy', 'Greedy: most points now'],
      ['blocking', 'Blocking: leaves no house to complete'], ['search', 'Search: looks ahead']], 'blocking');
    const skill = G.select('df-skill', ['A1', 'A2', 'B', 'C', 'D', 'E'].map((s) => [s, s]), 'B');
    const challenge = G.select('df-challenge', [['regular', 'Regular (1, 2, 3 digits…)'], ['shortened', 'Shortened'], ['express', 'Express (3 a turn)']], 'regular');
    const handicap = G.select('df-handicap', [['with', 'The rules\' (+4, +6…)'], ['balanced', 'Balanced (evens the seats)'], ['without', 'None']], 'with');
    const chrono = G.select('df-chrono', [['0', 'Off'], ['10', '10 s'], ['30', '30 s'], ['60', '60 s'], ['90', '90 s'], ['120', '120 s']], '0');
    const teams = el('input#df-teams', { type: 'checkbox' });
    const final = G.select('df-final', [['increasing', 'Increasing scores'], ['status-quo', 'Status quo']], 'increasing');
    const seats = G.select('df-seats', [['0', 'People first'], ['1', 'Computers first']], '0');
    const pace = G.select('df-pace', [['700', 'Calm (0.7 s)'], ['250', 'Quick (0.25 s)'], ['0', 'At once']], '700');
    const number = el('input#df-number', { type: 'number', min: 0, max: 999999999, placeholder: 'any' });
    const puzzle = el('textarea#df-puzzle', { placeholder: 'generated; or paste a 9×9 line' });
    const f = el('form.setup', {
      onsubmit: (e) => {
        e.preventDefault();
        const names = [name1.value];
        if (people.value === '2') names.push(name2.value);
        const h = handicap.value;
        const options = {
          people: names, bots: Number(bots.value), strategy: strategy.value, skill: skill.value,
          challenge: challenge.value, handicap: h, chrono_seconds: Number(chrono.value),
          teams: teams.checked, final_order: final.value, computers_first: seats.value === '1',
          puzzle: puzzle.value, pace_ms: Number(pace.value),
        };
        if (number.value !== '') options.number = Number(number.value);
        G.start('defi', options);
      },
    },
    G.field('People', people), G.field('Your name', name1), G.field('Second person', name2),
    G.field('Computer players', bots), G.field('Their strategy', strategy),
    G.field('Their techniques up to', skill, 'The letters of the A1–F ladder: A1, A2 singles; B locked candidates; C subsets; D fish and wings; E contradictions.'),
    G.field('Challenge', challenge), G.field('Handicap', handicap), G.field('Chrono per turn', chrono),
    G.field('Two against two', teams, 'Four players: 1st and 3rd against 2nd and 4th.'),
    G.field('Final round order', final), G.field('Seats', seats), G.field('Computer pace', pace),
    G.field('Puzzle number', number), G.field('Puzzle', puzzle),
    el('div.wide', el('button.primary#df-start', { type: 'submit' }, 'Start')));
    G.add(main, [el('h1', 'New Défi Sudoku'),
      el('p.note', 'Each round every player enters their quota of digits; a right digit scores its face value, completing a row, column or box +10 (once a turn); a wrong one is corrected and scores nothing.'), f]);
  }

  function drawBoard(b, cursor, onclick) {
    const owner = (i) => b.owners[i];
    const wrong = new Set(b.wrong);
    return G.drawGrid({
      rows: 9, cols: 9, places: PLACES, boxes: BOXES, values: b.values, symbols: SYMBOLS,
      classes: (i) => {
        const k = [];
        if (b.givens[i]) k.push('given');
        else if (owner(i) !== null) k.push(`p${owner(i) % 5}`);
        if (wrong.has(i)) k.push('wrong');
        if (b.last === i) k.push('last');
        if (cursor !== null && i === cursor) k.push('cur');
        return k;
      },
      onclick,
    });
  }

  function scoreTable(v) {
    const t = el('table#df-scores', el('tr', el('th', 'Player'), el('th', 'Plays'),
      el('th.n', { title: 'face values of right digits' }, 'Digits'), el('th.n', { title: 'completion bonuses' }, 'Bonus'),
      el('th.n', { title: 'the handicap of the seat' }, 'Handicap'), el('th.n', { title: 'absent from the final round' }, 'Absent'),
      el('th.n', 'Total')));
    v.players.forEach((p, i) => {
      t.appendChild(el(`tr${v.to_move === i ? '.to-move' : ''}`,
        el('td', el(`span.swatch.sw${i % 5}`), p.name, p.team ? ` (team ${p.team})` : ''),
        el('td', p.seat), el('td.n', p.face), el('td.n', p.bonus), el('td.n', p.handicap),
        el('td.n', p.absent), el('td.n', el('b', p.total))));
    });
    if (v.team_totals) {
      t.appendChild(el('tr', el('td', { colspan: 6 }, 'Teams A / B'), el('td.n', `${v.team_totals[0]} / ${v.team_totals[1]}`)));
    }
    return t;
  }

  function render(reply, main) {
    const v = reply.view;
    if (S.id !== reply.id) {
      S.id = reply.id;
      S.cursor = v.cursor;
    }
    S.reply = reply;
    S.at = performance.now();
    const side = el('div.side');
    let board;
    if (v.replay) {
      const r = v.replay;
      board = drawBoard(r.board, null, () => {});
      side.appendChild(el('div.box#df-replay', el('b', 'Replay: '), r.text,
        r.why ? el('div.popup', r.why) : null));
      side.appendChild(el('div.bar',
        el('button#df-first', { onclick: () => G.act({ op: 'replay', step: 0 }) }, '⏮ Start'),
        el('button#df-prev', { onclick: () => G.act({ op: 'replay', step: Math.max(0, r.step - 1) }) }, '◀ Back'),
        el('button#df-next', { onclick: () => G.act({ op: 'replay', step: r.step + 1 }) }, 'Next ▶'),
        el('button#df-last', { onclick: () => G.act({ op: 'replay', step: r.total }) }, 'End ⏭'),
        el('button#df-end-replay', { onclick: () => G.act({ op: 'end-replay' }) }, 'Back to the game')));
      side.appendChild(scoreTable(v));
    } else {
      board = drawBoard(v.board, S.cursor, (i) => { S.cursor = i; render(S.reply, G.main()); G.act({ op: 'cursor', cell: i }); });
      if (v.over) side.appendChild(el('div.box.done#df-result', v.result));
      const turn = el('div.box#df-turn');
      if (!v.over && v.to_move !== null) {
        const who = v.players[v.to_move].name;
        turn.appendChild(el('div', `Round ${v.round}${v.is_final ? ' (final round)' : ''} · quota ${v.quota} digit${v.quota > 1 ? 's' : ''} each`));
        turn.appendChild(el('div', el('b', v.waiting_for_seat ? `${who}: say when you are seated` : `${who} to enter ${v.digits_left} more digit${v.digits_left > 1 ? 's' : ''}`)));
        if (v.time_left_ms !== null) {
          turn.appendChild(el(`div.chrono#df-chrono${v.time_left_ms < 10000 ? '.low' : ''}`,
            v.time_left_ms === 0 ? 'Time up: entries score nothing' : G.clock(v.time_left_ms)));
        }
        if (v.upcoming.length) turn.appendChild(el('div.note', `Next: ${v.upcoming.map(([n, q]) => `${n}×${q}`).join(', ')}`));
        if (v.waiting_for_seat) turn.appendChild(el('button.primary#df-sit', { onclick: () => G.act({ op: 'sit' }) }, 'I am seated'));
      }
      side.appendChild(turn);
      side.appendChild(scoreTable(v));
      if (v.popup) {
        side.appendChild(el('div.box.hint#df-why', el('div.popup', v.popup),
          el('button', { onclick: () => G.act({ op: 'close' }) }, 'Close')));
      }
      const pad = el('div.pad');
      for (let d = 1; d <= 9; d++) pad.appendChild(el('button', { 'data-digit': d, disabled: !v.human_to_move, onclick: () => enter(d) }, String(d)));
      side.appendChild(pad);
      side.appendChild(el('div.bar',
        el('button#df-why-button', { onclick: () => G.act({ op: 'why', cell: S.cursor }) }, 'Why?'),
        el('button#df-replay-button', { onclick: () => G.act({ op: 'replay', step: 0 }) }, 'Replay'),
        el('button#df-export', { onclick: () => G.download('record') }, 'Export record'),
        ...G.commonButtons('defi')));
      side.appendChild(el('div.log#df-log', v.log.slice().reverse().map((l) => el('div', l))));
    }
    side.appendChild(el('p.note', `${v.options}${v.number !== null ? ` · puzzle #${v.number}` : ''}. Keys: arrows move, 1–9 enter on your turn, w why?, v replay (←→ step, Esc back).`));
    G.clear(main);
    main.appendChild(el('div.play', el('div.board', board), side));
  }

  function enter(d) {
    G.act({ op: 'enter', cell: S.cursor, value: d });
  }

  function key(e) {
    if (!S.reply || G.current.kind !== 'defi') return false;
    const v = S.reply.view;
    if (v.replay) {
      const r = v.replay;
      const steps = { ArrowLeft: r.step - 1, ArrowRight: r.step + 1, Home: 0, End: r.total };
      if (e.key in steps) { G.act({ op: 'replay', step: Math.max(0, steps[e.key]) }); return true; }
      if (e.key === 'Escape' || e.key === 'v') { G.act({ op: 'end-replay' }); return true; }
      return false;
    }
    const arrow = G.arrows[e.key];
    if (arrow) {
      const next = G.gridStep(PLACES, S.cursor, arrow[0], arrow[1]);
      if (next !== undefined) { S.cursor = next; render(S.reply, G.main()); }
      return true;
    }
    if (/^[1-9]$/.test(e.key)) { enter(Number(e.key)); return true; }
    if (e.key === 'w') { G.act({ op: 'why', cell: S.cursor }); return true; }
    if (e.key === 'v') { G.act({ op: 'replay', step: 0 }); return true; }
    if (e.key === 'Enter' && v.waiting_for_seat) { G.act({ op: 'sit' }); return true; }
    if (e.key === 'Escape' && v.popup) { G.act({ op: 'close' }); return true; }
    return false;
  }

  // The chrono runs in the page between two answers of the server.
  setInterval(() => {
    const c = document.getElementById('df-chrono');
    const v = S.reply && S.reply.view;
    if (!c || !v || v.time_left_ms === null || v.waiting_for_seat || v.over) return;
    const left = Math.max(0, v.time_left_ms - (performance.now() - S.at));
    c.textContent = left === 0 ? 'Time up: entries score nothing' : G.clock(left + 999);
    c.classList.toggle('low', left < 10000);
  }, 250);

  G.games.defi = {
    name: 'Défi Sudoku',
    blurb: 'The competitive sudoku: you against 1–4 computer players, with every option of the game.',
    help: 'On your turn click a cell and type (or click) a digit, as many as your quota. The turn, the quotas, ' +
      'the chrono and the scores stay in view. Why? explains the entry of the selected cell; Replay steps through the game with the reason of each entry.',
    form, render, key,
  };
})();
