// Grilles & Tuiles: the page's core. Talks to the server (every request carries the token),
// routes between the menu, the new-game forms and the games, shows messages, and keeps a
// game's view fresh while the server plays (computer players, countdowns, the solver).
'use strict';

const G = {
  token: new URLSearchParams(location.search).get('t') || '',
  games: {},          // kind -> { name, blurb, form(main), render(reply, main), key(event) }
  current: null,      // { id, kind, reply }
  timer: null,        // the next refresh of the current game
  timings: [],        // click-to-redraw times in milliseconds (the last 200)
  sent: 0,            // requests sent about the current game…
  drawn: 0,           // …and the last whose answer was drawn (an older answer is not)
};
window.G = G;

// ---- Elements ----

// An element: el('div.cls#id', {attr: value, onclick: f}, child, 'text', ...).
G.el = function (spec, attrs, ...children) {
  const m = spec.match(/^([a-z0-9]+)((?:[.#][\w-]+)*)$/);
  const e = document.createElement(m ? m[1] : 'div');
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === '.') e.classList.add(part.slice(1));
      else e.id = part.slice(1);
    }
  }
  if (attrs !== undefined && attrs !== null &&
      (typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  G.add(e, children);
  return e;
};

G.add = function (parent, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return parent;
};

G.clear = function (e) {
  while (e.firstChild) e.removeChild(e.firstChild);
  return e;
};

G.main = () => document.getElementById('main');

G.clock = function (ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
};

// ---- Messages ----

G.say = function (text, kind) {
  const n = document.getElementById('notice');
  n.textContent = text || '';
  n.className = kind || '';
};

// ---- The server ----

G.api = async function (method, path, body) {
  const init = { method, headers: { 'x-grilles-token': G.token } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new Error('The server does not answer: is `grilles web` still running?');
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    throw new Error((data && data.error) || `The server answered ${response.status}.`);
  }
  return data;
};

// ---- Games ----

// Draws an answer, unless a later request's answer is drawn already.
G.showIfNew = function (seq, reply) {
  if (seq < G.drawn) return false;
  G.drawn = seq;
  G.show(reply);
  return true;
};

G.show = function (reply) {
  const game = G.games[reply.kind];
  G.current = { id: reply.id, kind: reply.kind, reply };
  document.getElementById('title').textContent = reply.title;
  const main = G.main();
  game.render(reply, main);
  if (reply.notice) G.say(reply.notice, reply.finished ? 'good' : '');
  G.schedule(reply.view.poll_ms);
};

// Refreshes the current game after `ms` (a poll while the server plays), or every ten
// seconds while the page is visible (the game's clock counts the time the page is shown).
G.schedule = function (ms) {
  clearTimeout(G.timer);
  const id = G.current && G.current.id;
  const wait = ms || 10000;
  G.timer = setTimeout(async () => {
    if (!G.current || G.current.id !== id) return;
    if (!ms && document.visibilityState !== 'visible') return G.schedule();
    const seq = ++G.sent;
    try {
      const reply = await G.api('GET', `/api/games/${id}`);
      if (G.current && G.current.id === id) G.showIfNew(seq, reply);
    } catch (e) {
      G.say(e.message, 'error');
      G.schedule(3000);
    }
  }, wait);
};

// Sends an action to the current game and redraws; a refused action leaves the game as it
// was and its reason shown. Returns whether it was played.
G.act = async function (body) {
  if (!G.current) return false;
  const t0 = performance.now();
  const id = G.current.id;
  const seq = ++G.sent;
  try {
    const reply = await G.api('POST', `/api/games/${id}`, body);
    if (!G.current || G.current.id !== id) return false;
    G.say('');
    if (!G.showIfNew(seq, reply)) return true;
    G.timings.push(performance.now() - t0);
    if (G.timings.length > 200) G.timings.shift();
    return true;
  } catch (e) {
    G.say(e.message, 'error');
    return false;
  }
};

G.open = async function (id) {
  try {
    G.say('');
    const seq = ++G.sent;
    G.showIfNew(seq, await G.api('GET', `/api/games/${id}`));
  } catch (e) {
    G.say(e.message, 'error');
    G.menu();
  }
};

G.start = async function (kind, options) {
  G.say(`Making a new ${G.games[kind].name}…`);
  try {
    const reply = await G.api('POST', `/api/new/${kind}`, options);
    G.say(reply.notice || '');
    location.hash = `#/game/${reply.id}`;
    G.drawn = ++G.sent;
    G.show(reply);
    return true;
  } catch (e) {
    G.say(e.message, 'error');
    return false;
  }
};

G.download = function (format) {
  if (!G.current) return;
  // The token travels in the address of a download (a link cannot send a header).
  const a = G.el('a', {
    href: `/api/games/${G.current.id}/export/${format}?t=${encodeURIComponent(G.token)}`,
    download: '',
  });
  document.body.appendChild(a);
  a.click();
  a.remove();
};

G.save = async function () {
  if (!G.current) return;
  try {
    const r = await G.api('POST', `/api/games/${G.current.id}/save`);
    G.say(r.saved ? 'Saved.' : 'Saving is off (--no-save): the game lives until the server stops.');
  } catch (e) {
    G.say(e.message, 'error');
  }
};

// The buttons every game has.
G.commonButtons = function (kind) {
  return [
    G.el('button', { onclick: () => { location.hash = `#/new/${kind}`; } }, 'New game'),
    G.el('button', { onclick: G.save }, 'Save'),
    G.el('button', { onclick: () => { location.hash = '#/'; } }, 'Menu'),
  ];
};

// ---- The menu ----

G.menu = async function () {
  G.current = null;
  clearTimeout(G.timer);
  document.getElementById('title').textContent = '';
  const main = G.clear(G.main());
  const cards = G.el('div.cards');
  for (const [kind, game] of Object.entries(G.games)) {
    cards.appendChild(G.el('div.card',
      G.el('h2', game.name),
      G.el('p', game.blurb),
      G.el('button.primary', { id: `new-${kind}`, onclick: () => { location.hash = `#/new/${kind}`; } }, 'New game')));
  }
  G.add(main, [G.el('h1', 'Choose a game'), cards, G.el('h2', 'Your games')]);
  const holder = G.el('div', 'Loading…');
  main.appendChild(holder);
  try {
    const list = await G.api('GET', '/api/games');
    G.clear(holder);
    if (!list.length) {
      holder.appendChild(G.el('p.note', 'No game yet: games are saved as you play and listed here.'));
      return;
    }
    const table = G.el('table.games', G.el('tr', G.el('th', 'Game'), G.el('th', 'State'), G.el('th', '')));
    for (const g of list) {
      table.appendChild(G.el('tr',
        G.el('td', g.title),
        G.el('td', g.finished ? 'over' : 'in play'),
        G.el('td',
          G.el('button', { onclick: () => { location.hash = `#/game/${g.id}`; } }, 'Open'), ' ',
          G.el('button', {
            onclick: async () => {
              try { await G.api('DELETE', `/api/games/${g.id}`); } catch (e) { G.say(e.message, 'error'); }
              G.menu();
            },
          }, 'Close'))));
    }
    holder.appendChild(table);
  } catch (e) {
    G.clear(holder);
    G.say(e.message, 'error');
  }
};

G.helpPage = function () {
  G.current = null;
  clearTimeout(G.timer);
  document.getElementById('title').textContent = 'Help';
  const main = G.clear(G.main());
  G.add(main, [
    G.el('h1', 'How to play'),
    G.el('p', 'Every game is played with the mouse or the keyboard; the server keeps it, so a reload or another tab finds it as it was, and it is saved with the terminal games.'),
    ...Object.values(G.games).map((g) => [G.el('h2', g.name), G.el('p', g.help)]),
    G.el('p', G.el('a', { href: '#/help/mahjong' }, 'French mahjong: the rules and the points table')),
  ]);
};

// ---- Routes ----

G.route = function () {
  const parts = location.hash.replace(/^#\/?/, '').split('/');
  G.say('');
  if (parts[0] === 'game' && parts[1]) return G.open(parts[1]);
  if (parts[0] === 'new' && G.games[parts[1]]) {
    G.current = null;
    clearTimeout(G.timer);
    document.getElementById('title').textContent = `New ${G.games[parts[1]].name}`;
    return G.games[parts[1]].form(G.clear(G.main()));
  }
  if (parts[0] === 'help' && parts[1] && G.games[parts[1]] && G.games[parts[1]].helpPage) {
    G.current = null;
    clearTimeout(G.timer);
    return G.games[parts[1]].helpPage(G.clear(G.main()));
  }
  if (parts[0] === 'help') return G.helpPage();
  return G.menu();
};

document.addEventListener('keydown', (e) => {
  if (!G.current) return;
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
  const game = G.games[G.current.kind];
  if (game.key && game.key(e)) e.preventDefault();
});

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && G.current) G.schedule(1);
});

window.addEventListener('hashchange', G.route);
document.addEventListener('DOMContentLoaded', G.route);

// ---- Forms ----

// A labelled field of a setup form.
G.field = function (label, input, note) {
  return [G.el('label', { for: input.id }, label), G.el('div', input, note ? G.el('div.note', note) : null)];
};

G.select = function (id, options, chosen) {
  const s = G.el('select', { id });
  for (const [value, text] of options) {
    s.appendChild(G.el('option', { value, selected: String(value) === String(chosen) }, text));
  }
  return s;
};

G.value = (id) => document.getElementById(id).value;
G.checked = (id) => document.getElementById(id).checked;
