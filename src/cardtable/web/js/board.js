// Drawing cards, card backs, piles and zones; shared by the four game modules.
import { t } from "./i18n.js";
import { h, modal, plain } from "./ui.js";

// t (i18n.js) for the game modules: one import line gives them the drawing helpers and words.
export { t };

// A card's field, looked up in its stats first, then at its top level (the server sends
// {name, kind, rules: [sentences], text (flavour), stats: {...}, colour?, unenforced?}).
export function stat(card, ...names) {
  if (!card) return undefined;
  for (const n of names) {
    if (card.stats && card.stats[n] !== undefined && card.stats[n] !== null) return card.stats[n];
    if (card[n] !== undefined && card[n] !== null) return card[n];
  }
  return undefined;
}

export function cardName(ctx, id) {
  const c = ctx.cards[id];
  return c ? plain(c.name) : id;
}

const TITLE = (s) => String(s ?? "").replace(/[-_]/g, " ");

// The rules text a face shows: the card's rules sentences, else its flavour text.
export function cardText(card) {
  // sentences ending in "。" need no space between them; English ones do
  const rules = (card.rules || []).reduce((text, r) => text + (text && !text.endsWith("。") ? " " : "") + r, "");
  return rules || card.text || "";
}

// The generic face: colour, kind, the numeric stats as badges.
export function genericFace(card) {
  const badges = [];
  for (const [k, v] of Object.entries(card.stats || {})) {
    if (typeof v === "number" && badges.length < 4) badges.push({ k: TITLE(k), v });
  }
  return { tone: card.colour || card.kind, kind: TITLE(card.kind), badges, text: cardText(card) };
}

function faceOf(ctx, id) {
  const card = ctx.cards[id];
  if (!card) return { tone: "unknown", kind: "", badges: [], text: "", name: id };
  const f = (ctx.module.face && ctx.module.face(card, id, ctx)) || genericFace(card);
  return { name: plain(card.name), unenforced: card.unenforced || [], ...f };
}

// The mark of a card whose printed text the rules do not all enforce (an imported card):
// a small label, its sentences in the tooltip.
function unenforcedMark(f) {
  if (!f.unenforced.length) return null;
  return h("div.card-unenforced", { title: unenforcedWords(f) }, t("text not enforced"));
}

function unenforcedWords(f) {
  return t("Not enforced by the rules: {sentences}", { sentences: f.unenforced.map(plain).join(" / ") });
}

// One face-up card. opts: zone (zone key), size ("s" | "m" | "l"), note (a small label),
// dim (face down but seen by its owner), rotate (sideways).
export function cardEl(ctx, id, opts = {}) {
  const f = faceOf(ctx, id);
  const size = opts.size || "m";
  const notEnforced = f.unenforced.length ? `\n${unenforcedWords(f)}` : "";
  const el = h(
    `div.card.size-${size}`,
    {
      class: [`tone-${cssName(f.tone)}`, opts.dim && "dim", opts.rotate && "sideways", f.unenforced.length && "unenforced", opts.extra].filter(Boolean).join(" "),
      dataset: { card: id, zone: opts.zone || "" },
      title: `${f.name}${f.kind ? ` (${f.kind})` : ""}${f.text ? `\n${plain(f.text)}` : ""}${notEnforced}`,
      tabindex: "0",
    },
    h("div.card-head", null, h("span.card-name", { title: f.name }, f.name), f.corner !== undefined ? h("span.card-corner", { title: f.cornerTitle || "" }, f.corner) : null),
    h("div.card-kind", null, f.kind || ""),
    f.badges && f.badges.length
      ? h("div.card-badges", null, f.badges.map((b) => h("span.badge", { title: b.title || b.k, class: b.cls }, h("b", null, b.k), " ", String(b.v))))
      : null,
    f.sub ? h("div.card-sub", null, f.sub) : null,
    size !== "s" && f.text ? h("div.card-text", null, plain(f.text)) : null,
    unenforcedMark(f),
    opts.note ? h("div.card-note", null, opts.note) : null,
  );
  return el;
}

export function cssName(s) {
  return String(s ?? "none").toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

// The back of a card, with a count when the pile holds more than one.
export function backEl(count, opts = {}) {
  const el = h(
    `div.card.back.size-${opts.size || "m"}`,
    { dataset: { zone: opts.zone || "" }, title: opts.title || (count === 1 ? t("1 card, face down") : t("{count} cards, face down", { count })) },
    h("div.back-pattern", null, opts.label || ""),
  );
  if (count !== 1 || opts.alwaysCount) el.appendChild(h("span.count", null, String(count)));
  return el;
}

export function emptyEl(label, opts = {}) {
  return h(`div.card.empty.size-${opts.size || "m"}`, { dataset: { zone: opts.zone || "" } }, h("span", null, label || ""));
}

const count = (v) => (Array.isArray(v) ? v.length : Number(v) || 0);
export const zoneCount = count;

// A pile (deck, discard): the top card (or back) and the count; a click opens the list.
// `top` says which end of a visible list is the top: "first" (a stack) or "last".
export function pileEl(ctx, key, label, opts = {}) {
  const v = ctx.obs.zones[key];
  const n = count(v);
  let face;
  if (v === undefined) face = emptyEl("", { size: opts.size, zone: key });
  else if (!Array.isArray(v)) face = n ? backEl(n, { size: opts.size, zone: key, alwaysCount: true }) : emptyEl(t("empty"), { size: opts.size, zone: key });
  else if (!v.length) face = emptyEl(t("empty"), { size: opts.size, zone: key });
  else {
    const topId = opts.top === "first" ? v[0] : v[v.length - 1];
    face = cardEl(ctx, topId, { zone: key, size: opts.size });
    if (n > 1) face.appendChild(h("span.count", null, String(n)));
  }
  const el = h("div.pile", { dataset: { zone: key } }, face, h("div.pile-label", null, `${label} · ${n}`));
  if (Array.isArray(v) && v.length && opts.open !== false) {
    el.classList.add("openable");
    el.addEventListener("click", (e) => {
      if (e.target.closest(".actionable")) return;
      const ids = opts.top === "first" ? v : [...v].reverse();
      modal(t("{label} ({n}, top first)", { label, n }), h("div.zone-row.wrap", null, ids.map((id) => cardEl(ctx, id, { size: "m" }))));
    });
  }
  return el;
}

// A row of cards in a zone: face up when visible, else backs with a count.
export function rowEl(ctx, key, opts = {}) {
  const v = ctx.obs.zones[key];
  const items = [];
  if (Array.isArray(v)) {
    for (const id of v) items.push(cardEl(ctx, id, { zone: key, size: opts.size, dim: opts.dim, rotate: opts.rotate }));
    if (!v.length && opts.emptyLabel !== undefined) items.push(emptyEl(opts.emptyLabel, { size: opts.size, zone: key }));
  } else if (v) {
    const shown = Math.min(v, opts.maxBacks ?? 8);
    for (let i = 0; i < shown; i++) items.push(backEl(1, { size: opts.size, zone: key }));
    if (v > shown) items.push(h("span.more", null, `+${v - shown}`));
  } else if (opts.emptyLabel !== undefined) items.push(emptyEl(opts.emptyLabel, { size: opts.size, zone: key }));
  return h(`div.zone-row${opts.fan ? ".fan" : ""}`, { dataset: { zone: key } }, items);
}

// A labelled zone box.
export function zoneBox(label, content, opts = {}) {
  return h(
    `div.zone${opts.cls ? `.${opts.cls}` : ""}`,
    { dataset: opts.zone ? { zone: opts.zone } : undefined },
    label ? h("div.zone-label", null, label, opts.count !== undefined ? h("span.zone-count", null, ` ${opts.count}`) : null) : null,
    content,
  );
}

// The big card shown in the side panel.
export function detailEl(ctx, id) {
  const card = ctx.cards[id];
  if (!card) return h("div.muted", null, id);
  const f = faceOf(ctx, id);
  const stats = Object.entries(card.stats || {}).filter(([, v]) => v !== null && v !== undefined && v !== "" && v !== false && !(Array.isArray(v) && !v.length));
  const rules = card.rules || [];
  return h(
    "div.detail",
    null,
    cardEl(ctx, id, { size: "l" }),
    rules.length ? h("div.rules", null, h("div.rules-label", null, t("What it does (generated from the card's data)")), rules.map((r) => h("p.rule", null, plain(r)))) : null,
    rules.length && card.text ? h("p.flavour", null, h("i", null, plain(card.text))) : null,
    card.unenforced && card.unenforced.length
      ? h("div.rules.unenforced-rules", null, h("div.rules-label", null, t("Printed text the rules do not enforce")), card.unenforced.map((r) => h("p.rule", { translate: "no" }, plain(r))))
      : null,
    stats.length
      ? h(
          "dl.stats",
          null,
          stats.map(([k, v]) => [h("dt", null, ctx.module.statName ? ctx.module.statName(k) : TITLE(k)), h("dd", null, statValue(ctx, k, v))]),
        )
      : null,
  );
}

// A stat's value in words: the module's own (statValue), a card id as the card's name, else
// formatValue.
function statValue(ctx, key, v) {
  const own = ctx.module.statValue ? ctx.module.statValue(key, v) : undefined;
  if (own !== undefined && own !== null) return own;
  const named = (x) => (typeof x === "string" && ctx.cards[x] ? cardName(ctx, x) : null);
  if (Array.isArray(v) && v.length && v.every(named)) return v.map(named).join(t(", "));
  return named(v) || formatValue(v);
}

export function formatValue(v) {
  if (v === true) return t("yes");
  if (v === false) return t("no");
  if (Array.isArray(v)) return v.map(formatValue).join(", ");
  return plain(TITLE(String(v)));
}

// An agent spec in words: "computer (greedy)", "computer (search, 100 simulations a move)".
export function agentName(spec) {
  const [kind, params] = String(spec).split(":");
  const n = /iterations=(\d+)/.exec(params || "");
  if (kind === "random") return t("computer (random)");
  if (kind === "greedy") return t("computer (greedy)");
  if (kind === "ismcts") return n ? t("computer (search, {n} simulations a move)", { n: n[1] }) : t("computer (search)");
  return t("computer ({spec})", { spec });
}

// Words for a player: "You (P0)", "P1 · computer (greedy)", ...
export function who(ctx, p) {
  if (p === null || p === undefined) return t("nobody");
  if (ctx.seat === p && !ctx.replay) return t("You (P{p})", { p });
  const s = ctx.seats && ctx.seats[p];
  if (s && s.kind === "agent") return `P${p} · ${agentName(s.spec)}`;
  if (s && s.kind === "human") return s.taken === false ? t("P{p} · invited, not here yet", { p }) : t("P{p} · person", { p });
  return `P${p}`;
}

// Seats in drawing order: the others first (top of the table), the viewer last (bottom).
export function seatOrder(ctx, n) {
  const me = ctx.seat ?? 0;
  const order = [];
  for (let i = 1; i <= n; i++) order.push((me + i) % n);
  return order; // ends with `me`
}
