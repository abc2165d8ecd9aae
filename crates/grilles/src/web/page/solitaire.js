// Grilles & Tuiles: mahjong solitaire — the board as mahjong-solitaire draws it (layers
// raised, free tiles outlined), click two free matching tiles to remove them; hint, undo,
// redo, shuffle, the solver's dead-end warning, game numbers, best scores per layout.
'use strict';
(function () {
  const el = G.el;
  const S = { id: null, reply: null, at: 0, kbd: null };
  const NS = 'http://www.w3.org/2000/svg';

  // A small picture of a layout: one rectangle a tile, upper layers lighter and raised.
  function miniature(p) {
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', `-1 -1 ${p.width + 2 + p.depth} ${p.height + 2 + p.depth}`);
    const order = p.positions.slice().sort((a, b) => a[2] - b[2]);
    for (const [x, y, z] of order) {
      const r = document.createElementNS(NS, 'rect');
      r.setAttribute('x', x - z * 0.3 + p.depth * 0.3);
      r.setAttribute('y', y - z * 0.3 + p.depth * 0.3);
      r.setAttribute('width', 1.9);
      r.setAttribute('height', 1.9);
      r.setAttribute('fill', `hsl(40, 45%, ${88 - 8 * z}%)`);
      r.setAttribute('stroke', '#6b5b3e');
      r.setAttribute('stroke-width', 0.1);
      svg.appendChild(r);
    }
    return svg;
  }

  async function form(main) {
    const chosen = { key: 'turtle', file: null, name: null };
    const grid = el('div.previews#sl-layouts');
    const upload = el('input#sl-file', { type: 'file', accept: '.layout,.txt' });
    const uploaded = el('div#sl-uploaded');
    const number = el('input#sl-number', { type: 'number', min: 1, max: 999999, placeholder: 'any' });
    const deal = G.select('sl-deal', [['winnable', 'Winnable (made by reverse placement)'], ['random', 'Random (may not be winnable)']], 'winnable');
    const pick = (card, key) => {
      for (const c of grid.querySelectorAll('.preview')) c.classList.remove('chosen');
      card.classList.add('chosen');
      chosen.key = key;
    };
    upload.addEventListener('change', () => {
      const file = upload.files[0];
      if (!file) return;
      const reader = new FileReader();
      reader.onload = async () => {
        try {
          const p = await G.api('POST', '/api/solitaire/layout', { text: reader.result, name: file.name });
          chosen.file = reader.result;
          chosen.name = file.name;
          const card = el('div.preview.chosen', miniature(p), el('div', `${p.name} · ${p.tiles} tiles · ${p.depth} layers`));
          for (const c of grid.querySelectorAll('.preview')) c.classList.remove('chosen');
          G.clear(uploaded).appendChild(card);
          chosen.key = '';
          G.say('');
        } catch (e) {
          chosen.file = null;
          G.clear(uploaded);
          G.say(e.message, 'error');
        }
      };
      reader.readAsText(file);
    });
    const f = el('form.setup', {
      onsubmit: (e) => {
        e.preventDefault();
        const options = { random: deal.value === 'random' };
        if (chosen.key) options.layout = chosen.key;
        else { options.file = chosen.file; options.file_name = chosen.name; }
        if (number.value !== '') options.number = Number(number.value);
        G.start('solitaire', options);
      },
    },
    el('div.wide', grid),
    G.field('Or a KMahjongg file', upload, 'A .layout file of KMahjongg (or of mahjong-solitaire\'s own format).'),
    el('div.wide', uploaded),
    G.field('Deal', deal), G.field('Game number', number, 'The same number and layout deal the same game again.'),
    el('div.wide', el('button.primary#sl-start', { type: 'submit' }, 'Start')));
    G.add(main, [el('h1', 'New mahjong solitaire'),
      el('p.note', 'Remove the tiles in pairs of free matching tiles: a tile is free when nothing lies on it and its left or right side is clear. Flowers match flowers, seasons seasons.'), f]);
    try {
      const layouts = await G.api('GET', '/api/solitaire/layouts');
      for (const p of layouts) {
        const card = el(`div.preview${p.key === chosen.key ? '.chosen' : ''}`, { 'data-layout': p.key },
          miniature(p), el('div', `${p.name} · ${p.depth} layers`));
        card.addEventListener('click', () => { chosen.file = null; G.clear(uploaded); pick(card, p.key); });
        grid.appendChild(card);
      }
    } catch (e) {
      G.say(e.message, 'error');
    }
  }

  function render(reply, main) {
    const v = reply.view;
    if (S.id !== reply.id) { S.id = reply.id; S.kbd = null; }
    S.reply = reply;
    S.at = performance.now();
    const board = el('div.board#sl-board');
    // The picture is mahjong-solitaire's own SVG, written by the server.
    board.innerHTML = v.svg;
    const mark = (i, cls) => {
      const g = board.querySelector(`g.tile[data-index="${i}"]`);
      if (g) g.classList.add(cls);
    };
    if (v.selected !== null) mark(v.selected, 'sel');
    if (v.hint) v.hint.forEach((i) => mark(i, 'hint'));
    if (S.kbd !== null) mark(S.kbd, 'kbd');
    board.addEventListener('click', (e) => {
      const g = e.target.closest('g.tile');
      if (g) pick(Number(g.getAttribute('data-index')));
    });
    const top = el('div.bar#sl-facts',
      el('b', v.layout), ` · game #${v.number}${v.winnable_deal ? '' : ' (random deal)'} · `,
      el('span#sl-remaining', `${v.remaining}/${v.total} tiles`), ` · ${v.pairs_free} pairs free · score `,
      el('span#sl-score', String(v.score)), ' · ', el('span#sl-time', G.clock(v.elapsed_ms)),
      ` · hints ${v.hints} · shuffles ${v.shuffles}`);
    const status = el(`div.box${v.cleared ? '.done' : v.warning ? '.warn' : ''}#sl-status`, v.status);
    const hint = v.hint_text ? el('div.box.hint#sl-hint', v.hint_text, ' ',
      el('button.primary#sl-play-hint', { onclick: () => G.act({ op: 'play-hint' }) }, 'Remove them')) : null;
    const buttons = el('div.bar',
      el('button#sl-hint-button', { onclick: hintKey, disabled: v.cleared }, 'Hint'),
      el('button#sl-undo', { onclick: () => G.act({ op: 'undo' }), disabled: !v.can_undo }, 'Undo'),
      el('button#sl-redo', { onclick: () => G.act({ op: 'redo' }), disabled: !v.can_redo }, 'Redo'),
      el('button#sl-shuffle', { onclick: () => G.act({ op: 'shuffle' }), disabled: v.cleared }, 'Shuffle'),
      el('button#sl-svg', { onclick: () => G.download('svg') }, 'Picture'),
      ...G.commonButtons('solitaire'));
    const best = el('div#sl-best');
    G.clear(main);
    G.add(main, [top, status, hint, board, buttons, best,
      el('p.note', 'Keys: Tab / Shift-Tab or the arrows go from free tile to free tile, Enter or Space picks, h hint (again: remove it), u undo, y redo, s shuffle.')]);
    showBest(best, v.layout);
  }

  async function showBest(holder, layout) {
    try {
      const all = await G.api('GET', '/api/solitaire/best');
      const list = (all.layouts || {})[layout] || [];
      if (!list.length) return;
      const t = el('table', el('tr', el('th', '#'), el('th.n', 'Score'), el('th.n', 'Time'), el('th.n', 'Hints'), el('th.n', 'Shuffles'), el('th', 'Game')));
      list.forEach((b, i) => t.appendChild(el('tr', el('td', String(i + 1)), el('td.n', String(b.score)),
        el('td.n', G.clock(b.time_ms)), el('td.n', String(b.hints)), el('td.n', String(b.shuffles)), el('td', `#${b.number}`))));
      G.add(holder, [el('h2', `Best scores · ${layout}`), t]);
    } catch (e) {
      // The best scores are a comfort: the game goes on without them.
    }
  }

  function pick(i) {
    S.kbd = i;
    G.act({ op: 'pick', tile: i });
  }

  function hintKey() {
    const v = S.reply.view;
    G.act({ op: v.hint ? 'play-hint' : 'hint' });
  }

  // The free tiles, in reading order.
  function free(v) {
    return v.tiles.filter((t) => t.free).sort((a, b) => a.y - b.y || a.x - b.x || b.z - a.z);
  }

  function moveKbd(dx, dy) {
    const v = S.reply.view;
    const tiles = free(v);
    if (!tiles.length) return;
    const here = tiles.find((t) => t.i === S.kbd);
    if (!here) { S.kbd = tiles[0].i; return; }
    let best = null;
    for (const t of tiles) {
      if (t.i === here.i) continue;
      const ex = t.x - here.x, ey = t.y - here.y;
      const along = dx ? ex * dx : ey * dy;
      const across = dx ? Math.abs(ey) : Math.abs(ex);
      if (along <= 0) continue;
      const cost = along + 3 * across;
      if (!best || cost < best.cost) best = { cost, i: t.i };
    }
    if (best) S.kbd = best.i;
  }

  function key(e) {
    if (!S.reply || G.current.kind !== 'solitaire') return false;
    const v = S.reply.view;
    if (e.key === 'Tab') {
      const tiles = free(v);
      if (!tiles.length) return true;
      const k = tiles.findIndex((t) => t.i === S.kbd);
      const next = e.shiftKey ? (k <= 0 ? tiles.length - 1 : k - 1) : (k + 1) % tiles.length;
      S.kbd = tiles[next].i;
      render(S.reply, G.main());
      return true;
    }
    const arrow = G.arrows[e.key];
    if (arrow) {
      moveKbd(arrow[1], arrow[0]);
      render(S.reply, G.main());
      return true;
    }
    if ((e.key === 'Enter' || e.key === ' ') && S.kbd !== null) { pick(S.kbd); return true; }
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    switch (e.key) {
      case 'h': hintKey(); return true;
      case 'u': G.act({ op: 'undo' }); return true;
      case 'y': G.act({ op: 'redo' }); return true;
      case 's': G.act({ op: 'shuffle' }); return true;
      default: return false;
    }
  }

  setInterval(() => {
    const t = document.getElementById('sl-time');
    if (t && S.reply && !S.reply.view.cleared && document.visibilityState === 'visible') {
      t.textContent = G.clock(S.reply.view.elapsed_ms + performance.now() - S.at);
    }
  }, 1000);

  G.games.solitaire = {
    name: 'Mahjong solitaire',
    blurb: 'Turtle, Pyramid, Fortress, Bridge, Spider, or any KMahjongg layout; hints and a dead-end warning.',
    help: 'Click two free tiles that match to remove them (free: nothing on top, left or right side clear; they are outlined). ' +
      'Hint shows a pair that keeps the game winnable; the status line warns as soon as the position can no longer be won. ' +
      'The game number deals the same game again; the best scores of each layout are kept.',
    form, render, key,
  };
})();
