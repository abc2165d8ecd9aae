// Grilles & Tuiles: French mahjong — you and three computer players at a table: each seat's
// melds and discards in their own row, the wall, claims offered with a countdown, the
// itemised scores and payments after each round, the running totals, the game log.
'use strict';
(function () {
  const el = G.el;
  const S = { id: null, reply: null, at: 0, chosen: null, turn: null };

  function tile(t, extra) {
    const group = t.t.slice(-1);
    return el(`span.tile.${group}`, Object.assign({ title: t.name }, extra || {}),
      el('span.g', t.g), el('span.t', t.t));
  }

  function back(n) {
    const out = [];
    for (let i = 0; i < n; i++) out.push(el('span.tile.back', el('span.g', '🀫'), el('span.t', ' ')));
    return out;
  }

  function form(main) {
    const bots = [['scorer', 'Scorer'], ['expert', 'Expert (searches)'], ['efficient', 'Efficient'], ['random', 'Random']];
    const name = el('input#mj-name', { value: 'You', maxlength: 40 });
    const o1 = G.select('mj-bot1', bots, 'scorer');
    const o2 = G.select('mj-bot2', bots, 'scorer');
    const o3 = G.select('mj-bot3', bots, 'expert');
    const rounds = G.select('mj-rounds', [['1', '1'], ['4', '4'], ['8', '8'], ['16', '16']], '4');
    const system = G.select('mj-system', [['advanced', 'Advanced (payments)'], ['simple', 'Simple']], 'advanced');
    const discards = G.select('mj-discards', [['chinese', 'Chinese (all face up)'], ['japanese', 'Japanese (last face up)']], 'chinese');
    const calling = el('input#mj-calling', { type: 'checkbox' });
    const wind = el('input#mj-wind', { type: 'checkbox' });
    const tiles = G.select('mj-tiles', [['144', '144 (flowers and seasons)'], ['136', '136']], '144');
    const claims = G.select('mj-claims', [['8', '8 s'], ['5', '5 s'], ['15', '15 s'], ['0', 'Until I answer']], '8');
    const pace = G.select('mj-pace', [['500', 'Calm (0.5 s)'], ['150', 'Quick'], ['0', 'At once']], '500');
    const f = el('form.setup', {
      onsubmit: (e) => {
        e.preventDefault();
        const c = Number(claims.value);
        G.start('mahjong', {
          name: name.value, opponents: [o1.value, o2.value, o3.value], rounds: Number(rounds.value),
          advanced: system.value === 'advanced', japanese_discards: discards.value === 'japanese',
          calling: calling.checked, round_wind: wind.checked, without_bonus: tiles.value === '136',
          claim_seconds: c > 0 ? c : null, pace_ms: Number(pace.value),
        });
      },
    },
    G.field('Your name', name), G.field('South of you…', o1), G.field('…across', o2), G.field('…and to your left', o3),
    G.field('Rounds', rounds), G.field('Scoring', system), G.field('Discards', discards),
    G.field('Calling hand', calling), G.field('Round wind', wind), G.field('Tiles', tiles),
    G.field('Claims offered for', claims), G.field('Computer pace', pace),
    el('div.wide', el('button.primary#mj-start', { type: 'submit' }, 'Start')));
    G.add(main, [el('h1', 'New game of French mahjong'),
      el('p.note', 'You sit East in the first round; the winds turn as East loses. ', el('a', { href: '#/help/mahjong' }, 'Rules and points table')), f]);
  }

  function seatBox(s, area) {
    const melds = s.melds.map((m) => el(`span.meld${m.concealed ? '.concealed' : ''}`, m.tiles.map((t) => tile(t))));
    for (let k = 0; k < s.face_down_kongs; k++) melds.push(el('span.meld.concealed', back(4)));
    return el(`div.seat${s.to_play ? '.to-play' : ''}`, { style: `grid-area: ${area}`, 'data-wind': s.wind },
      el('h3', `${s.wind} · ${s.name}`, el('span.note', ` · ${s.total}`), s.calling ? el('b', ' · calling') : null),
      el('div.row', el('span.label', 'hand'), s.you ? `${s.hidden} tiles` : `🀫 × ${s.hidden}`),
      el('div.row', el('span.label', 'melds'), melds, s.bonus.map((t) => tile(t)), melds.length + s.bonus.length ? null : '—'),
      el('div.row.discards', el('span.label', 'discards'), s.discards.map((t) => tile(t))));
  }

  function results(v) {
    const r = v.results;
    const box = el('div.box#mj-results', el('h2', r.headline));
    const t = el('table.results', el('tr', el('th', 'Seat'), el('th', 'Hand'), el('th.n', 'Points'), el('th.n', 'Doubles'),
      el('th.n', 'Score'), el('th.n', 'Net')));
    for (const s of r.seats) {
      t.appendChild(el('tr', el('td', `${s.wind} · ${s.name}`),
        el('td', el('code', s.hand), el('div.itemised', s.lines.join('\n'))),
        el('td.n', String(s.points)), el('td.n', String(s.doubles)), el('td.n', String(s.score)),
        el('td.n', el('b', (s.net > 0 ? '+' : '') + s.net))));
    }
    box.appendChild(t);
    if (r.payments.length) box.appendChild(el('p', el('b', 'Payments: '), r.payments.join('; ')));
    box.appendChild(el('p', el('b', 'Totals: '), v.totals.map(([n, t]) => `${n} ${t}`).join(' · ')));
    if (r.winners) box.appendChild(el('p.box.done', r.winners));
    box.appendChild(el('div.bar', r.finished
      ? el('button.primary#mj-new', { onclick: () => { location.hash = '#/new/mahjong'; } }, 'New game')
      : el('button.primary#mj-deal', { onclick: () => G.act({ op: 'deal' }) }, 'Deal the next round')));
    return box;
  }

  function render(reply, main) {
    const v = reply.view;
    if (S.id !== reply.id) { S.id = reply.id; S.chosen = null; }
    S.reply = reply;
    S.at = performance.now();
    G.clear(main);
    const head = el('div.bar#mj-head', `Round ${v.round}/${v.rounds}`);
    if (v.seats.length) {
      G.add(head, [v.dominant ? ` · dominant wind ${v.dominant}` : '', v.round_wind ? ` · round wind ${v.round_wind}` : '',
        ` · you are ${v.you} · wall `, el('b#mj-wall', String(v.wall)), ' · dead wall ', el('b', String(v.dead_wall)),
        v.face_down_discards ? ` · ${v.face_down_discards} discards face down` : '']);
    }
    main.appendChild(head);
    if (v.message) main.appendChild(el('p.note#mj-message', v.message));
    if (v.results) {
      main.appendChild(results(v));
    }
    if (v.seats.length === 4) {
      const [you, right, across, left] = v.seats;
      const centre = el('div.centre', el('div', 'Wall ', el('b', String(v.wall)), ' · dead wall ', el('b', String(v.dead_wall))),
        el('div.note', `${v.totals.map(([n, t]) => `${n} ${t}`).join(' · ')}`));
      if (v.claim_tile) {
        centre.appendChild(el('div', v.claim, el('div', tile(v.claim_tile))));
      }
      if (v.waiting) centre.appendChild(el('p.note#mj-waiting', v.waiting));
      main.appendChild(el('div.table', seatBox(across, 'across'), seatBox(left, 'left'), centre, seatBox(right, 'right'),
        el('div', { style: 'grid-area: you' }, seatBox(you, 'you'), hand(v))));
    }
    main.appendChild(el('div.bar', el('a', { href: '#/help/mahjong' }, 'Rules and points'), ' ',
      el('button#mj-export', { onclick: () => G.download('record') }, 'Export record'), ...G.commonButtons('mahjong')));
    main.appendChild(el('h2', 'Game log'));
    main.appendChild(el('div.log#mj-log', v.log.slice().reverse().map((l) => el('div', l))));
    main.appendChild(el('p.note', 'Keys: ←→ choose a tile, Enter discards it, 1–9 the listed choices, p or Space passes a claim, n deals the next round.'));
  }

  function hand(v) {
    const box = el('div.box#mj-hand');
    // A new turn chooses the tile just drawn (the last one).
    const turn = v.own_turn ? JSON.stringify(v.hand) : null;
    if (turn !== S.turn) {
      S.turn = turn;
      S.chosen = v.own_turn ? v.hand.length - 1 : null;
    }
    if (S.chosen !== null && S.chosen >= v.hand.length) S.chosen = v.hand.length - 1;
    const row = el('div.row');
    v.hand.forEach((t, i) => {
      const drawn = v.drawn && i === v.hand.length - 1;
      const b = el(`button.tile.${t.t.slice(-1)}${drawn ? '.drawn' : ''}${v.own_turn && i === S.chosen ? '.chosen' : ''}`,
        { title: t.name, 'data-tile': t.t, 'data-index': i, onclick: () => clickTile(i) }, el('span.g', t.g), el('span.t', t.t));
      row.appendChild(b);
    });
    box.appendChild(row);
    if (v.own_turn) {
      const t = v.hand[S.chosen];
      if (v.suggestion) box.appendChild(el('div.note#mj-suggestion', v.suggestion));
      const bar = el('div.bar', el('b', 'Your turn: '),
        el('button.primary#mj-discard', { onclick: () => discard() }, t ? `Discard ${t.name}` : 'Discard'));
      if (t && v.calling_tiles.includes(t.t)) {
        bar.appendChild(el('button#mj-calling', { onclick: () => G.act({ op: 'calling', tile: t.t }) }, 'Discard and declare calling'));
      }
      for (const c of v.choices) bar.appendChild(el('button.choice', { 'data-choice': c.index, onclick: () => G.act({ op: 'choose', index: c.index }) }, `${c.index + 1} ${c.text}`));
      box.appendChild(bar);
    } else if (v.claim && v.choices.length + 1 > 0 && !v.waiting) {
      const claim = el('div.claim#mj-claim', el('b', `${v.claim}: claim it?`));
      const bar = el('div.bar');
      for (const c of v.choices) bar.appendChild(el('button.choice', { 'data-choice': c.index, onclick: () => G.act({ op: 'choose', index: c.index }) }, `${c.index + 1} ${c.text}`));
      bar.appendChild(el('button#mj-pass', { onclick: () => G.act({ op: 'pass' }) }, 'Pass'));
      claim.appendChild(bar);
      if (v.countdown_ms !== null) {
        claim.appendChild(el('div.countdown#mj-countdown', { style: `width: ${Math.min(100, v.countdown_ms / 80)}%` }));
        claim.appendChild(el('span.note#mj-seconds', `${Math.ceil(v.countdown_ms / 1000)} s`));
      }
      box.appendChild(claim);
    } else if (!v.waiting && v.choices.length) {
      const bar = el('div.bar');
      for (const c of v.choices) bar.appendChild(el('button.choice', { 'data-choice': c.index, onclick: () => G.act({ op: 'choose', index: c.index }) }, `${c.index + 1} ${c.text}`));
      bar.appendChild(el('button#mj-pass', { onclick: () => G.act({ op: 'pass' }) }, 'Pass'));
      box.appendChild(bar);
    }
    return box;
  }

  function clickTile(i) {
    const v = S.reply.view;
    if (!v.own_turn) return;
    if (S.chosen === i) discard();
    else { S.chosen = i; render(S.reply, G.main()); }
  }

  function discard() {
    const v = S.reply.view;
    const t = v.hand[S.chosen];
    if (t) G.act({ op: 'discard', tile: t.t });
  }

  function key(e) {
    if (!S.reply || G.current.kind !== 'mahjong') return false;
    const v = S.reply.view;
    if (v.results) {
      if ((e.key === 'Enter' || e.key === 'n') && !v.results.finished) { G.act({ op: 'deal' }); return true; }
      return false;
    }
    if (/^[1-9]$/.test(e.key)) {
      const c = v.choices.find((x) => x.index === Number(e.key) - 1);
      if (c) G.act({ op: 'choose', index: c.index });
      return true;
    }
    if (v.own_turn) {
      if (e.key === 'ArrowLeft') { S.chosen = Math.max(0, S.chosen - 1); render(S.reply, G.main()); return true; }
      if (e.key === 'ArrowRight') { S.chosen = Math.min(v.hand.length - 1, S.chosen + 1); render(S.reply, G.main()); return true; }
      if (e.key === 'Enter' || e.key === 'd') { discard(); return true; }
      return false;
    }
    if (e.key === 'p' || e.key === ' ') { G.act({ op: 'pass' }); return true; }
    return false;
  }

  async function helpPage(main) {
    document.getElementById('title').textContent = 'French mahjong: rules and points';
    G.add(main, [el('h1', 'French mahjong'),
      el('p', 'The French rules of the Wikipedia article "Mah-jong": four players, 144 tiles (or 136). Each turn a player draws and discards; ' +
        'a discard may be claimed for a pung (three alike), a kong (four), a chow (a run of three, from the player on the left only) or Mah-jong. ' +
        'A hand goes Mah-jong with four melds and a pair. Points are counted for melds, flowers and the hand, then doubled for each double; ' +
        'in the advanced system the players settle the differences between their scores, the winner paid by all, East paying and receiving double.'),
      el('p', 'At the table: your hand is at the bottom; click a tile to choose it, click it again (or Discard) to discard it. ' +
        'When someone discards, your claims are offered with a countdown: choose one or pass. After each round the itemised scores and the payments are shown.')]);
    try {
      const h = await G.api('GET', '/api/mahjong/help');
      main.appendChild(el('div.box', h.rules.map((l) => (l ? el('div', l) : el('br')))));
      const t = el('table#mj-points', el('tr', el('th', 'Line'), el('th.n', 'Exposed'), el('th.n', 'Concealed'), el('th', 'Counts')));
      for (const p of h.points) {
        t.appendChild(el('tr', el('td', p.item), el('td.n', p.doubles ? `${p.exposed} double${p.exposed > 1 ? 's' : ''}` : String(p.exposed)),
          el('td.n', p.doubles ? '' : String(p.concealed)), el('td', p.classical ? 'by default' : 'option')));
      }
      const l = el('table', el('tr', el('th', 'Grand Jeu'), el('th', ''), el('th.n', 'Points')));
      for (const g of h.limit_hands) l.appendChild(el('tr', el('td', g.french), el('td', g.english), el('td.n', String(g.points))));
      G.add(main, [el('h2', 'The points table'), t, el('h2', 'The Grands Jeux'), l,
        el('p.note', `Computer players: ${h.bots.join(', ')}. The expert searches the tiles it cannot see from what its seat has seen.`)]);
    } catch (e) {
      G.say(e.message, 'error');
    }
  }

  setInterval(() => {
    const bar = document.getElementById('mj-countdown');
    const v = S.reply && S.reply.view;
    if (!bar || !v || v.countdown_ms === null) return;
    const left = Math.max(0, v.countdown_ms - (performance.now() - S.at));
    bar.style.width = `${Math.min(100, left / 80)}%`;
    const s = document.getElementById('mj-seconds');
    if (s) s.textContent = `${Math.ceil(left / 1000)} s`;
  }, 250);

  G.games.mahjong = {
    name: 'French mahjong',
    blurb: 'The French rules against three computer players (the expert among them); itemised scores and payments.',
    help: 'Your hand is at the bottom: click a tile to choose it, again to discard it. Claims on a discard are offered with a countdown. ' +
      'Each seat\'s discards are in its own row; the wall and dead wall are counted above the table.',
    form, render, key, helpPage,
  };
})();
