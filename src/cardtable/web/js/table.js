// A table: the WebSocket connection, the board drawn by the game's module, the prompt, the
// legal moves (as clicks on the board and as a list of buttons), the log and the result.
import { loadMessages, t } from "./i18n.js";
import { games, cards as loadCards, getJSON, lang, postJSON, rules, seats, wsURL } from "./api.js";
import { cardName, detailEl, who } from "./board.js";
import { copyText, crumbs, h, plain, setConn, toast } from "./ui.js";

const ABANDONED = () => t("This table was abandoned: its players all left and none came back.");

export async function loadModule(game) {
  return (await import(`/games/${encodeURIComponent(game)}.js`)).default;
}

// An action's words with card ids replaced by card names; with `shown` (a set of card ids),
// a card not in it is "a face-down card" (the board does not show it either).
export function actionLabel(ctx, text, shown = null) {
  const word = (w) => (shown && !shown.has(w) ? t("a face-down card") : cardName(ctx, w));
  return String(text)
    .split(/(\s+)/)
    .map((w) => (ctx.cards[w] ? word(w) : w))
    .join("");
}

// The elements of the board an action may be given on: the cards it names in the zones the
// module says they come from, plus whatever the module adds (a slot, a pile, a player).
function targetsOf(ctx, board, text) {
  const found = new Set();
  const sources = ctx.module.sourceZones ? ctx.module.sourceZones(ctx) : [];
  for (const w of String(text).split(/\s+/)) {
    if (!ctx.cards[w]) continue;
    for (const el of board.querySelectorAll(`.card[data-card="${CSS.escape(w)}"]`)) {
      if (sources.includes(el.dataset.zone)) found.add(el);
    }
    break; // the first card named is the one acted with
  }
  if (ctx.module.targets) {
    for (const sel of ctx.module.targets(ctx, text) || []) {
      for (const el of board.querySelectorAll(sel)) found.add(el);
    }
  }
  return [...found];
}

// The table's options: the game's defaults, then what the table set.
export function optionValues(gameInfo, summary) {
  const out = {};
  for (const [k, spec] of Object.entries(gameInfo.options || {})) out[k] = spec.default;
  return { ...out, ...(summary.options || {}) };
}

// "P1 conceded." (or "You conceded.") when a seat gave the game up, else "".
function concededWords(ctx) {
  const p = (ctx.seats || []).findIndex((s) => s && s.conceded);
  if (p < 0) return "";
  const words = p === ctx.seat && !ctx.replay ? t("You conceded.") : t("P{p} conceded.", { p });
  return `${words} `;
}

export function resultWords(ctx, result) {
  if (!result) return "";
  return concededWords(ctx) + outcomeWords(ctx, result);
}

function outcomeWords(ctx, result) {
  const own = ctx.module && ctx.module.resultWords ? ctx.module.resultWords(ctx, result) : null;
  if (own) return own;
  const best = Math.max(...result);
  const winners = result.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
  if (winners.length === result.length) return t("A draw.");
  if (ctx.seat !== null && ctx.seat !== undefined) {
    if (winners.length === 1 && winners[0] === ctx.seat) return t("You win!");
    if (winners.includes(ctx.seat)) return t("You share the win.");
    return t("You lose.");
  }
  const names = winners.map((p) => who(ctx, p));
  const and = t(" and ");
  return names.length === 1 ? t("{who} wins.", { who: names[0] }) : t("{who} win.", { who: names.join(and) });
}

export function showDetailOnHover(container, ctxRef, detail) {
  const show = (e) => {
    const el = e.target.closest && e.target.closest("[data-card]");
    if (!el || !el.dataset.card) return;
    const ctx = ctxRef();
    if (ctx && ctx.cards[el.dataset.card]) detail.replaceChildren(detailEl(ctx, el.dataset.card));
  };
  container.addEventListener("mouseover", show);
  container.addEventListener("focusin", show);
}

// Keep a scrolling list's newest line in view: it follows new lines and changes of its size
// (a taller card panel beside it) unless the reader has scrolled up. Returns the call that
// scrolls down after lines are added.
export function stickToBottom(el) {
  let atBottom = true;
  let lastTop = 0;
  const follow = () => {
    if (atBottom) el.scrollTop = el.scrollHeight;
    lastTop = el.scrollTop;
  };
  // only a scroll up leaves the bottom: a list made shorter (its scroll event comes before
  // the resize is seen) keeps its scrollTop and stays stuck
  el.addEventListener("scroll", () => {
    atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 4 || (atBottom && el.scrollTop >= lastTop);
    lastTop = el.scrollTop;
  });
  new ResizeObserver(follow).observe(el);
  return follow;
}

// The opponent's last play: the cards and zones its last action's events touched, as this
// seat saw them (`last` of the update), marked until the next move.
export function markLastPlay(board, ctx, last) {
  if (!last || last.player === null || last.player === undefined || last.player === ctx.seat) return;
  const marked = new Set();
  for (const z of last.zones || []) {
    const zone = CSS.escape(z);
    const named = (last.cards || []).flatMap((c) => [...board.querySelectorAll(`.card[data-card="${CSS.escape(c)}"][data-zone="${zone}"]`)]);
    const found = named.length ? named : [...board.querySelectorAll(`[data-zone="${zone}"]:not(.card)`)];
    const els = found.length ? found : [...board.querySelectorAll(`.card[data-zone="${zone}"]`)];
    for (const el of els) marked.add(el);
  }
  for (const el of marked) {
    el.classList.add("last-play");
    el.dataset.lastPlay = `P${last.player}`;
  }
}

// Whether a flag is set in this browser's storage (false when storage is unavailable).
function remembered(key) {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function remember(key, on) {
  try {
    if (on) localStorage.setItem(key, "1");
    else localStorage.removeItem(key);
  } catch {
    /* the choice lasts this page only */
  }
}

// A rules text with its `quoted` parts (notation, commands) as code, which is not translated.
const withCode = (text) => String(text).split("`").map((part, i) => (i % 2 ? h("code", { translate: "no" }, part) : part));

// "How to play": the game's rules sheet (GET /api/games/{game}/rules), folded away unless the
// reader opened it last time.
export function howToPlay(game) {
  const body = h("div.howto-body", null, h("p.muted", null, t("Loading…")));
  const el = h("details.panel.howto#howto", { open: remembered("cardtable.howto.open") }, h("summary", null, t("How to play")), body);
  el.addEventListener("toggle", () => remember("cardtable.howto.open", el.open));
  rules(game).then(
    (sheet) =>
      body.replaceChildren(
        ...sheet.sections.flatMap((s) => [h("h5", null, s.heading), h("p", null, withCode(s.text))]),
        h("p.muted", null, t("Every rule, with its source and test: {file}", { file: "" }), h("code", { translate: "no" }, sheet.reference)),
      ),
    (e) => body.replaceChildren(h("p.error", null, e.message)),
  );
  return el;
}

const GUIDE_OFF = "cardtable.guide.hidden";

// The first-game guide under the prompt: what to do now, in a sentence, until the person
// hides it (remembered in this browser).
function guideEl(ctx, msg) {
  if (remembered(GUIDE_OFF)) return null;
  let text;
  if (msg.status === "open") text = t("The game starts by itself once every seat is taken.");
  else if (msg.status !== "running") text = t("The game is over: watch the replay to see every move again, or go back to the lobby for a new game.");
  else if (ctx.seat === null) text = t("You are watching: the table follows the game as it is played. Point at a card to read it.");
  else if (ctx.legal.length) text = t("Your turn: click a highlighted card on the table, or choose a move under Moves. Point at any card to read what it does; How to play has the rules.");
  else text = t("{who} is choosing a move; the table changes by itself when they have. Meanwhile, point at the cards to read them.", { who: who(ctx, msg.to_act) });
  const el = h("div.guide#guide", { role: "note" }, h("p", null, text));
  const hide = () => {
    remember(GUIDE_OFF, true);
    el.remove();
  };
  el.appendChild(h("button.ghost.guide-close", { onclick: hide, title: t("Hide these tips"), "aria-label": t("Hide these tips") }, "✕"));
  return el;
}

export async function tablePage(root, table) {
  let summary = await getJSON(`/api/tables/${encodeURIComponent(table)}?lang=${lang()}`);
  const [module, cardData, gameList] = await Promise.all([
    loadModule(summary.game),
    loadCards(summary.game),
    games(),
    loadMessages(summary.game),
  ]);
  const gameInfo = gameList.find((g) => g.name === summary.game) || { title: summary.game };
  const watching = new URLSearchParams(location.search).has("watch");
  const stored = watching ? null : seats.get(table);
  let token = stored ? stored.token : null;
  let invites = stored && stored.invites ? stored.invites : [];

  document.title = t("{title} · table {table}", { title: gameInfo.title, table });
  crumbs(h("a", { href: "/" }, t("Lobby")), `${gameInfo.title}`, t("table {table}", { table }));

  const banner = h("div#banner.banner", { hidden: true });
  const board = h("div#board.board", { class: `game-${summary.game}` });
  const promptEl = h("div#prompt.prompt");
  const actionsEl = h("div#actions.actions");
  const detail = h("div#detail.detail-box", null, h("p.muted", null, t("Point at a card to read it.")));
  const logEl = h("ol#log.log");
  const movesPanel = h("div.panel#moves-panel", { hidden: !token }, h("h4", null, t("Moves")), actionsEl);
  root.replaceChildren(
    h(
      "div.table-page",
      null,
      h("section.board-wrap", null, banner, board),
      h(
        "aside.side",
        null,
        promptEl,
        movesPanel,
        howToPlay(summary.game),
        h("div.panel", null, h("h4", null, t("Card")), detail),
        h("div.panel.log-panel", null, h("h4", null, t("Log")), logEl),
      ),
    ),
  );

  let last = null; // the last update
  let ctx = null;
  let pending = false;
  let ws = null;
  let firstOfConnection = true;
  let retry = 0;
  let closedByUs = false;
  let menu = null;

  showDetailOnHover(board, () => ctx, detail);
  const stick = stickToBottom(logEl);
  document.addEventListener("click", (e) => {
    if (menu && !menu.contains(e.target)) closeMenu();
  });
  function closeMenu() {
    if (menu) menu.remove();
    menu = null;
  }

  function connect() {
    setConn("connecting");
    // the seat's token travels as a WebSocket subprotocol (a header), not in the address,
    // which proxies and browser histories keep
    const protocols = token ? ["cardtable", `token.${token}`] : ["cardtable"];
    ws = new WebSocket(wsURL(`/ws/tables/${encodeURIComponent(table)}?lang=${lang()}`), protocols);
    firstOfConnection = true;
    let gotMessage = false;
    ws.onopen = () => setConn("live");
    ws.onmessage = (e) => {
      gotMessage = true;
      retry = 0;
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === "update") onUpdate(msg);
      else if (msg.type === "error") {
        pending = false;
        toast(plain(msg.message || t("refused")));
        if (last) render();
      }
    };
    ws.onclose = (e) => {
      if (closedByUs) return;
      setConn("lost");
      if (!gotMessage && token && (e.code === 1008 || (e.code >= 4000 && e.code < 5000))) {
        toast(t("This seat's token was refused; you are watching as a spectator."));
        seats.forget(table);
        token = null;
      }
      const wait = Math.min(5000, 400 * 2 ** retry);
      retry += 1;
      setTimeout(connect, wait);
    };
  }

  async function refreshSummary() {
    try {
      summary = await getJSON(`/api/tables/${encodeURIComponent(table)}?lang=${lang()}`);
    } catch {
      /* keep the old summary */
    }
  }

  async function onUpdate(msg) {
    const statusChanged = last && last.status !== msg.status;
    const lines = (msg.log || []).map(plain).filter(Boolean);
    if (firstOfConnection && lines.length) logEl.replaceChildren();
    firstOfConnection = false;
    for (const line of lines) logEl.appendChild(h("li", null, line));
    last = msg;
    pending = false;
    if (statusChanged || msg.status === "open") await refreshSummary(); // a seat taken
    render();
    stick(); // once the page around the log has its new size
  }

  function send(action) {
    if (pending || !ws || ws.readyState !== WebSocket.OPEN) return;
    pending = true;
    closeMenu();
    for (const b of actionsEl.querySelectorAll("button")) b.disabled = true;
    board.classList.add("waiting");
    ws.send(JSON.stringify({ type: "act", action, seq: last.seq }));
  }

  function openMenu(el, acts, x, y) {
    closeMenu();
    menu = h(
      "div.menu",
      { role: "menu" },
      acts.map((a) => h("button.menu-item", { role: "menuitem", onclick: () => send(a.action), dataset: { action: a.action, text: a.text } }, a.words || actionLabel(ctx, a.text))),
    );
    document.body.appendChild(menu);
    const r = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(4, Math.min(x, window.innerWidth - r.width - 8)) + window.scrollX}px`;
    menu.style.top = `${Math.max(4, Math.min(y, window.innerHeight - r.height - 8)) + window.scrollY}px`;
  }

  function render() {
    const msg = last;
    ctx = {
      obs: msg.observation,
      seat: msg.seat ?? null,
      cards: cardData,
      module,
      seats: summary.seats,
      options: optionValues(gameInfo, summary),
      legal: msg.legal || [],
      toAct: msg.to_act,
      status: msg.status,
    };
    board.classList.remove("waiting");
    board.replaceChildren(module.render(ctx));
    markLastPlay(board, ctx, msg.last);

    // legal moves on the board
    const byEl = new Map();
    for (const a of ctx.legal) {
      for (const el of targetsOf(ctx, board, a.text)) {
        if (!byEl.has(el)) byEl.set(el, []);
        byEl.get(el).push(a);
      }
    }
    for (const [el, acts] of byEl) {
      el.classList.add("actionable");
      el.setAttribute("role", "button");
      const name = el.dataset.card && ctx.cards[el.dataset.card] ? `${cardName(ctx, el.dataset.card)}\n` : "";
      el.title = name + acts.map((a) => a.words || actionLabel(ctx, a.text)).join("\n");
      el.addEventListener("click", (e) => {
        e.stopPropagation();
        if (acts.length === 1) send(acts[0].action);
        else openMenu(el, acts, e.clientX + 4, e.clientY + 4);
      });
      el.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        const r = el.getBoundingClientRect();
        if (acts.length === 1) send(acts[0].action);
        else openMenu(el, acts, r.left, r.bottom);
      });
    }

    // the list of moves (a spectator has none: no panel)
    movesPanel.hidden = ctx.seat === null;
    actionsEl.replaceChildren(
      ...(ctx.legal.length
        ? ctx.legal.map((a) =>
            h("button.action", { dataset: { action: a.action, text: a.text }, title: a.text, onclick: () => send(a.action) }, a.words || actionLabel(ctx, a.text)),
          )
        : [h("p.muted", null, msg.status === "finished" || msg.status === "abandoned" ? t("The game is over.") : t("No move for you now."))]),
    );

    renderPrompt();
    renderBanner();
  }

  // The host's invite links, one per seat still free (each takes its own seat, once).
  function inviteLinks() {
    const free = invites.filter((i) => summary.seats[i.seat] && !summary.seats[i.seat].taken);
    const renew = token ? [h("button.renew-invites", { onclick: renewInvites, title: t("Every free seat gets a new link; the earlier links stop working.") }, t("New links"))] : [];
    if (!free.length) return [h("p", null, t("The table starts when every seat is taken; the host has sent the invite links.")), ...renew];
    return [
      h("p", null, t("The table starts when every seat is taken. Send each person their own link (it takes one seat, once):")),
      ...free.map((i) => {
        const link = `${location.origin}${i.link}`;
        return h(
          "div.invite",
          { dataset: { seat: i.seat } },
          h("span.invite-seat", null, `P${i.seat}`),
          h("input.invite-link", { value: link, readonly: true, dataset: { seat: i.seat }, onclick: (e) => e.target.select() }),
          h("button", { onclick: () => copyText(link).then(() => toast(t("Link copied"), "ok")) }, t("Copy")),
        );
      }),
      ...renew,
    ];
  }

  // New invite links for the free seats (a lost link, or one sent to the wrong person).
  async function renewInvites() {
    try {
      const res = await postJSON(`/api/tables/${encodeURIComponent(table)}/invites`, { token });
      invites = res.invites;
      const mine = seats.get(table);
      if (mine) seats.set(table, mine.seat, mine.token, invites);
      await refreshSummary();
      renderPrompt();
      toast(t("New links made; the earlier ones no longer work."), "ok");
    } catch (e) {
      toast(e.message);
    }
  }

  function renderPrompt() {
    const msg = last;
    const me = ctx.seat;
    const parts = [];
    const seatLine = me === null ? t("You are watching (spectator).") : t("You are P{p}.", { p: me });
    if (msg.status === "open") {
      parts.push(h("div.prompt-title", null, t("Waiting for players")), ...inviteLinks());
    } else if (msg.status === "finished") {
      parts.push(h("div.prompt-title", null, t("Game over")), h("p", null, msg.result_text || resultWords(ctx, msg.result)));
    } else if (msg.status === "abandoned") {
      parts.push(h("div.prompt-title", null, t("Abandoned")), h("p", null, ABANDONED()));
    } else if (ctx.legal.length) {
      const p = module.prompt ? module.prompt(ctx) : null;
      const title = (p && p.title) || t("Your turn");
      parts.push(h("div.prompt-title.your-turn", null, title), p && p.text ? h("p", null, p.text) : null);
      parts.push(h("p.hint", null, t("Click a highlighted card or zone, or a move below.")));
    } else {
      parts.push(h("div.prompt-title", null, t("Waiting for {who}", { who: who(ctx, msg.to_act) })));
      const p = module.status ? module.status(ctx) : null;
      if (p) parts.push(h("p", null, p));
    }
    if (msg.status === "running" && me !== null) {
      parts.push(
        h(
          "div.leave",
          null,
          h("button#concede.ghost", { onclick: concede, title: t("Give the game up: the other side wins") }, t("Concede")),
          h("a#leave.button.ghost", { href: "/", title: t("Back to the lobby; your seat stays yours (the table is abandoned if nobody comes back)") }, t("Leave the table")),
        ),
      );
    }
    promptEl.className = `prompt${ctx.legal.length ? " act" : ""}`;
    promptEl.replaceChildren(h("div.seat-line", null, seatLine), ...parts, guideEl(ctx, msg) || "");
  }

  function concede() {
    if (!ws || ws.readyState !== WebSocket.OPEN || !window.confirm(t("Concede this game? The other side wins, and the table ends for everyone."))) return;
    ws.send(JSON.stringify({ type: "concede" }));
  }

  function renderBanner() {
    const msg = last;
    if (msg.status === "abandoned") {
      banner.hidden = false;
      banner.replaceChildren(h("div.banner-title", null, ABANDONED()), h("div.banner-links", null, h("a.button.ghost", { href: "/" }, t("Back to the lobby"))));
      return;
    }
    if (msg.status !== "finished") {
      banner.hidden = true;
      return;
    }
    banner.hidden = false;
    // how the game ended in its own words (the server's result_text, in this browser's language)
    banner.replaceChildren(
      h("div.banner-title", null, resultWords(ctx, msg.result)),
      h("div.banner-scores#result-text", null, msg.result_text || ""),
      h("div.banner-links", null, h("a.button#replay-link", { href: `/replay/${table}` }, t("Watch the replay")), h("a.button.ghost", { href: "/" }, t("Back to the lobby"))),
    );
  }

  // for the browser tests and the curious: drop the connection to see it come back
  window.cardtableTable = { table, drop: () => ws && ws.close() };
  window.addEventListener("beforeunload", () => {
    closedByUs = true;
    if (ws) ws.close();
  });
  connect();
}
