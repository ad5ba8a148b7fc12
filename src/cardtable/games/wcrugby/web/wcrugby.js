// Wheelchair rugby: two halves of a court, four places per team (the lineup face down until
// the reveal, then the players on court, sideways for defence), the inbounder and the target,
// the bench (the hand), and the scoreboard: periods, TOP, ATK and DEF.
import { backEl, cardEl, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const PLACES = [1, 2, 3, 4];
const ST = { chair: "Ch", throw: "Th", catch: "Ca", keep: "Ke", passion: "Pa" };

function classTone(c) {
  if (c === undefined) return "slate";
  if (c <= 1) return "blue";
  if (c <= 2) return "green";
  if (c <= 3) return "orange";
  return "red";
}

function face(card) {
  const kind = card.kind;
  if (kind === "player") {
    const cls = stat(card, "player_class");
    const atk = stat(card, "atk");
    const def = stat(card, "def_", "def");
    const datk = stat(card, "def_atk");
    const ddef = stat(card, "def_def");
    const flags = [stat(card, "female") && "female", stat(card, "over_age") && "over-age"].filter(Boolean);
    return {
      tone: classTone(cls),
      kind: `player · class ${cls}${flags.length ? ` · ${flags.join(", ")}` : ""}`,
      corner: cls,
      cornerTitle: "class points",
      badges: [
        { k: "ATK", v: atk ?? 0, title: "attack", cls: "big" },
        { k: "DEF", v: def ?? 0, title: "defence", cls: "big" },
        { k: "side", v: `${datk ?? 0}/${ddef ?? 0}`, title: "sideways (defensive position): ATK/DEF" },
      ],
      sub: Object.entries(ST).map(([k, a]) => `${a}${stat(card, k) ?? "-"}`).join(" "),
      text: cardText(card),
    };
  }
  return { tone: kind === "special" ? "purple" : "teal", kind: kind === "bench" ? "bench work" : kind, badges: [], text: cardText(card) };
}

// The phases before a period's reveal: the header shows the lineup being placed, not the
// last period's court, substitutions, specials or strategy.
const BEFORE_REVEAL = new Set(["lineup", "positions", "fatigue"]);
const BAND_1_5 = { "wwr-2025": 1, "seed-1.5-none": 0, "seed-1.5-full": 2 };

// What a player adds to the team's limit, in halves (WR-2.2, WR-2.3; lineup.py's rule).
function allowanceHalves(card, rule) {
  const extra = stat(card, "over_age") ? 1 : 0;
  if (!stat(card, "female")) return extra;
  const halves = Math.round(2 * (stat(card, "player_class") ?? 0));
  if (rule === "legacy") return extra + 1;
  if (halves >= 4) return extra + 2;
  if (halves <= 2) return extra + 1;
  return extra + (BAND_1_5[rule] ?? 1);
}

// The class points and the limit: of the players on court, or before the reveal of the
// lineup placed face down (its owner sees it); null when the lineup is hidden from the viewer.
function classPoints(ctx, t, team) {
  const z = ctx.obs.zones;
  if (!BEFORE_REVEAL.has(ctx.obs.phase)) return { total: team.class_total ?? 0, limit: team.class_limit ?? 8 };
  const placed = PLACES.map((n) => z[`t${t}.lineup.${n}`]);
  if (placed.some((v) => typeof v === "number" && v > 0)) return null;
  const cards = placed.flatMap((v) => (Array.isArray(v) ? v : [])).map((id) => ctx.cards[id]).filter(Boolean);
  const total = cards.reduce((sum, c) => sum + (stat(c, "player_class") ?? 0), 0);
  const limit = 16 + cards.reduce((sum, c) => sum + allowanceHalves(c, ctx.options && ctx.options.female_allowance), 0);
  return { total, limit: limit / 2 };
}

function classWords(ctx, t, team) {
  const p = classPoints(ctx, t, team);
  return p ? `class ${p.total} / ${p.limit}` : "class ? / ?";
}

function place(ctx, t, n) {
  const o = ctx.obs;
  const z = o.zones;
  const team = (o.teams || [])[t] || {};
  const court = z[`t${t}.court.${n}`];
  const lineup = z[`t${t}.lineup.${n}`];
  const sideways = (team.sideways || []).includes(n);
  let content;
  if (Array.isArray(court) && court.length) content = court.map((id) => cardEl(ctx, id, { zone: `t${t}.court.${n}`, size: "m", rotate: sideways }));
  else if (Array.isArray(lineup) && lineup.length) content = lineup.map((id) => cardEl(ctx, id, { zone: `t${t}.lineup.${n}`, size: "m", dim: true, rotate: sideways, note: "face down" }));
  else if (typeof lineup === "number" && lineup) content = backEl(lineup, { size: "m", zone: `t${t}.lineup.${n}`, title: "a player, face down until the reveal" });
  else content = emptyEl("empty", { size: "m" });
  const mods = (team.modifiers || {})[String(n)];
  const roles = [team.inbounder === n && h("span.tag", { title: "inbounder: needs Throw 3" }, "inbounder"), team.target === n && h("span.tag.info", { title: "target: needs Catch 3" }, "target"), sideways && h("span.tag.bad", { title: "defensive position" }, "sideways"), (team.special_slots || []).includes(n) && h("span.tag", null, "special")].filter(Boolean);
  return h(
    "div.wr-place",
    { dataset: { team: t, place: n, zone: `t${t}.place.${n}` }, class: sideways ? "sideways" : "" },
    h("div.wr-place-head", null, h("b", null, `${n}`), roles),
    h("div.wr-place-card", null, content),
    mods && Object.keys(mods).length ? h("div.wr-mods", null, Object.entries(mods).map(([k, v]) => h("span", { class: v < 0 ? "neg" : "pos" }, `${ST[k] || k} ${v > 0 ? "+" : ""}${v}`))) : null,
  );
}

function half(ctx, t, mine) {
  const o = ctx.obs;
  const z = o.zones;
  const team = (o.teams || [])[t] || {};
  const hand = z[`t${t}.hand`];
  const pool = z[`t${t}.pool`];
  const piles = h(
    "div.wr-piles",
    null,
    pileEl(ctx, `t${t}.deck`, "deck", { size: "s", top: "first" }),
    pileEl(ctx, `t${t}.discard`, "discard", { size: "s" }),
    zoneCount(z[`t${t}.tired`]) ? pileEl(ctx, `t${t}.tired`, "tired", { size: "s" }) : null,
    zoneCount(z[`t${t}.fatigued`]) ? pileEl(ctx, `t${t}.fatigued`, "fatigued", { size: "s" }) : null,
    !mine || !Array.isArray(hand) ? h("div.pile", null, zoneCount(hand) ? backEl(zoneCount(hand), { size: "s", alwaysCount: true, label: "bench" }) : emptyEl("none", { size: "s" }), h("div.pile-label", null, `bench (hand) · ${zoneCount(hand)}`)) : null,
    !Array.isArray(pool) && pool ? h("div.pile", null, backEl(pool, { size: "s", alwaysCount: true, label: "pool" }), h("div.pile-label", null, `pool · ${pool}`)) : null,
  );
  const fresh = BEFORE_REVEAL.has(o.phase); // a new period: nothing of the last one
  const head = h(
    "div.wr-head",
    { dataset: { team: t } },
    h("span.rd-who", null, who(ctx, t)),
    o.first === t && !fresh ? h("span.tag.info", null, "first in strategy") : null,
    team.substituted && !fresh ? h("span.tag", null, "substituted") : null,
    team.strategy_done && !fresh ? h("span.tag.info", null, "strategy done") : null,
    team.skills_blocked && !fresh ? h("span.tag.bad", null, "skills blocked") : null,
    h("span.wr-class", { title: fresh ? "class points of the lineup placed / allowed" : "class points on court / allowed" }, classWords(ctx, t, team)),
    h("span.wr-specials", { title: "specials used this period (at most 2)" }, `specials ${fresh ? 0 : team.specials_used ?? 0}/2`),
  );
  const court = h("div.wr-court", null, PLACES.map((n) => place(ctx, t, n)));
  const parts = [head, h("div.wr-row", null, court, piles)];
  if (mine && Array.isArray(pool) && pool.length) parts.push(h("div.hand-area", null, h("div.zone-label", null, "Your pool (pick the lineup from it)", ` · ${pool.length}`), rowEl(ctx, `t${t}.pool`, { size: "s" })));
  if (mine && Array.isArray(z[`t${t}.tired`]) && z[`t${t}.tired`].length && o.phase === "fatigue") parts.push(h("div.hand-area", null, h("div.zone-label", null, "Back from court (drop the tired ones)"), rowEl(ctx, `t${t}.tired`, { size: "s" })));
  if (mine && Array.isArray(hand)) parts.push(h("div.hand-area", null, h("div.zone-label", null, ctx.seat === null || ctx.replay ? `P${t}'s bench (hand)` : "Your bench (hand)", ` · ${hand.length}`), rowEl(ctx, `t${t}.hand`, { size: "m", emptyLabel: "empty" })));
  return h("div.wr-half", { dataset: { team: t }, class: mine ? "mine" : "" }, mine ? parts : parts);
}

function scoreboard(ctx) {
  const o = ctx.obs;
  const cell = (label, vals, title) => h("div.wr-cell", { title }, h("div.wr-cell-label", null, label), h("div.wr-cell-vals", null, vals.map((v, i) => h("span", { class: `t${i}` }, String(v)))));
  return h(
    "div.wr-board",
    null,
    h("div.wr-period", null, h("div.wr-cell-label", null, "period"), h("b", null, String(o.period)), h("div.muted", null, o.phase)),
    cell("score", o.totals || [0, 0], "total points"),
    cell("TOP", o.top || [0, 0], "this period's points so far"),
    cell("ATK", o.atk || [0, 0], "attack totals at the reveal"),
    cell("DEF", o.def || [0, 0], "defence totals at the reveal"),
    h("div.wr-cell", null, h("div.wr-cell-label", null, "by period"), h("div.wr-periods", null, (o.scores || []).map((s, t) => h("div", null, `P${t}: ${s.length ? s.join(" · ") : "–"}`)))),
    o.held_ball ? h("span.tag.bad", null, "held ball") : null,
  );
}

function render(ctx) {
  const order = seatOrder(ctx, 2);
  return h("div.wr-table", null, scoreboard(ctx), half(ctx, order[0], false), h("div.wr-midline", null, h("span", null, "half-court line")), half(ctx, order[1], true));
}

function targets(ctx, text) {
  const w = text.split(" ");
  const me = ctx.seat;
  const at = (n) => `.wr-place[data-team="${me}"][data-place="${n}"]`;
  if (w[0] === "sub" && w[2] === "for") return [at(w[3])];
  if (w[0] === "special" && w[2] === "on") return [at(w[3])];
  if (w[0] === "inbounder" || w[0] === "target") return [at(w[1])];
  return [];
}

function lineupText(p) {
  const points = p ? ` within ${p.limit} class points (${p.total} so far)` : "";
  return `Four players face down, upright or sideways${points}.`;
}

function prompt(ctx) {
  const o = ctx.obs;
  const team = (o.teams || [])[ctx.seat] || {};
  switch (o.phase) {
    case "lineup":
      return { title: "Pick your lineup", text: lineupText(classPoints(ctx, ctx.seat, team)) };
    case "positions":
      return { title: "Name the positions", text: "Choose the inbounder (Throw 3 or more) and the target (Catch 3 or more)." };
    case "order":
      return { title: "Who goes first?", text: "The ATK totals are tied: choose to have your strategy time first or second." };
    case "substitution window":
      return { title: "Substitution window", text: "The other team is in its strategy time: you may bring players on from your bench, then end." };
    case "fatigue":
      return { title: "Fatigue", text: "You made no substitution: drop at least one tired player, then end." };
    default:
      return { title: "Your strategy time", text: "Play bench-work and special cards, substitute players, or end your strategy time." };
  }
}

function status(ctx) {
  const o = ctx.obs;
  return `Period ${o.period}, ${o.phase}. Score ${(o.totals || []).join(" – ")}.`;
}

export default {
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`t${ctx.seat}.pool`, `t${ctx.seat}.hand`, `t${ctx.seat}.tired`]),
};
