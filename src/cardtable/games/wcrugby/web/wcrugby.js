// Wheelchair rugby: two halves of a court, four places per team (the lineup face down until
// the reveal, then the players on court, sideways for defence), the inbounder and the target,
// the bench (the hand), and the scoreboard: periods, TOP, ATK and DEF. Every word goes through
// t() (the game's catalogue, locale/ja/LC_MESSAGES/messages.po); a team's index is `tm`.
import { backEl, cardEl, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { t } from "../js/i18n.js";
import { h } from "../js/ui.js";

const PLACES = [1, 2, 3, 4];
const ST = { chair: () => t("Ch"), throw: () => t("Th"), catch: () => t("Ca"), keep: () => t("Ke"), passion: () => t("Pa") };
const statShort = (k) => (ST[k] ? ST[k]() : String(k).toUpperCase());
const PHASES = {
  lineup: () => t("lineup"),
  positions: () => t("positions"),
  order: () => t("order"),
  strategy: () => t("strategy"),
  "substitution window": () => t("substitution window"),
  fatigue: () => t("fatigue"),
  over: () => t("over"),
};
const phaseWords = (phase) => (PHASES[phase] ? PHASES[phase]() : phase);

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
    const flags = [stat(card, "female") && t("female"), stat(card, "over_age") && t("over-age")].filter(Boolean);
    return {
      tone: classTone(cls),
      kind: [t("player · class {cls}", { cls }), ...flags].join(" · "),
      corner: cls,
      cornerTitle: t("class points"),
      badges: [
        { k: "ATK", v: atk ?? 0, title: t("attack"), cls: "big" },
        { k: "DEF", v: def ?? 0, title: t("defence"), cls: "big" },
        { k: t("side"), v: `${datk ?? 0}/${ddef ?? 0}`, title: t("sideways (defensive position): ATK/DEF") },
      ],
      sub: Object.keys(ST).map((k) => `${statShort(k)}${stat(card, k) ?? "-"}`).join(" "),
      text: cardText(card),
    };
  }
  return { tone: kind === "special" ? "purple" : "teal", kind: kind === "bench" ? t("bench work") : t("special"), badges: [], text: cardText(card) };
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
function classPoints(ctx, tm, team) {
  const z = ctx.obs.zones;
  if (!BEFORE_REVEAL.has(ctx.obs.phase)) return { total: team.class_total ?? 0, limit: team.class_limit ?? 8 };
  const placed = PLACES.map((n) => z[`t${tm}.lineup.${n}`]);
  if (placed.some((v) => typeof v === "number" && v > 0)) return null;
  const cards = placed.flatMap((v) => (Array.isArray(v) ? v : [])).map((id) => ctx.cards[id]).filter(Boolean);
  const total = cards.reduce((sum, c) => sum + (stat(c, "player_class") ?? 0), 0);
  const limit = 16 + cards.reduce((sum, c) => sum + allowanceHalves(c, ctx.options && ctx.options.female_allowance), 0);
  return { total, limit: limit / 2 };
}

function classWords(ctx, tm, team) {
  const p = classPoints(ctx, tm, team);
  return p ? t("class {total} / {limit}", { total: p.total, limit: p.limit }) : t("class ? / ?");
}

// The tags of a place: its position, sideways, a special used on its player this period.
function roleTags(team, n, sideways) {
  return [
    team.inbounder === n && h("span.tag", { title: t("inbounder: needs Throw 3") }, t("inbounder")),
    team.target === n && h("span.tag.info", { title: t("target: needs Catch 3") }, t("target")),
    sideways && h("span.tag.bad", { title: t("defensive position") }, t("sideways")),
    (team.special_slots || []).includes(n) && h("span.tag", { title: t("a special was used on this player this period") }, t("special")),
  ].filter(Boolean);
}

function place(ctx, tm, n) {
  const o = ctx.obs;
  const z = o.zones;
  const team = (o.teams || [])[tm] || {};
  const court = z[`t${tm}.court.${n}`];
  const lineup = z[`t${tm}.lineup.${n}`];
  const sideways = (team.sideways || []).includes(n);
  let content;
  if (Array.isArray(court) && court.length) content = court.map((id) => cardEl(ctx, id, { zone: `t${tm}.court.${n}`, size: "m", rotate: sideways }));
  else if (Array.isArray(lineup) && lineup.length) content = lineup.map((id) => cardEl(ctx, id, { zone: `t${tm}.lineup.${n}`, size: "m", dim: true, rotate: sideways, note: t("face down") }));
  else if (typeof lineup === "number" && lineup) content = backEl(lineup, { size: "m", zone: `t${tm}.lineup.${n}`, title: t("a player, face down until the reveal") });
  else content = emptyEl(t("empty"), { size: "m" });
  const mods = (team.modifiers || {})[String(n)];
  return h(
    "div.wr-place",
    { dataset: { team: tm, place: n, zone: `t${tm}.place.${n}` }, class: sideways ? "sideways" : "" },
    h("div.wr-place-head", null, h("b", null, `${n}`), roleTags(team, n, sideways)),
    h("div.wr-place-card", null, content),
    mods && Object.keys(mods).length ? h("div.wr-mods", null, Object.entries(mods).map(([k, v]) => h("span", { class: v < 0 ? "neg" : "pos" }, `${statShort(k)} ${v > 0 ? "+" : ""}${v}`))) : null,
  );
}

// The piles beside a court: deck, discard, the players back from court, and the hand and pool
// as backs when the viewer may not see them.
function piles(ctx, tm, mine) {
  const z = ctx.obs.zones;
  const hand = z[`t${tm}.hand`];
  const pool = z[`t${tm}.pool`];
  const n = zoneCount(hand);
  return h(
    "div.wr-piles",
    null,
    pileEl(ctx, `t${tm}.deck`, t("deck"), { size: "s", top: "first" }),
    pileEl(ctx, `t${tm}.discard`, t("discard"), { size: "s" }),
    zoneCount(z[`t${tm}.tired`]) ? pileEl(ctx, `t${tm}.tired`, t("tired"), { size: "s" }) : null,
    zoneCount(z[`t${tm}.fatigued`]) ? pileEl(ctx, `t${tm}.fatigued`, t("fatigued"), { size: "s" }) : null,
    !mine || !Array.isArray(hand) ? h("div.pile", null, n ? backEl(n, { size: "s", alwaysCount: true, label: t("bench") }) : emptyEl(t("none"), { size: "s" }), h("div.pile-label", null, t("bench (hand) · {count}", { count: n }))) : null,
    !Array.isArray(pool) && pool ? h("div.pile", null, backEl(pool, { size: "s", alwaysCount: true, label: t("pool") }), h("div.pile-label", null, t("pool · {count}", { count: pool }))) : null,
  );
}

// A team's header. Before a period's reveal it shows nothing of the last period: no special
// used, no substitution, no strategy done, no skills blocked, nobody first yet.
function header(ctx, tm) {
  const o = ctx.obs;
  const team = (o.teams || [])[tm] || {};
  const fresh = BEFORE_REVEAL.has(o.phase);
  return h(
    "div.wr-head",
    { dataset: { team: tm } },
    h("span.rd-who", null, who(ctx, tm)),
    o.first === tm && !fresh ? h("span.tag.info", null, t("first in strategy")) : null,
    team.substituted && !fresh ? h("span.tag", null, t("substituted")) : null,
    team.strategy_done && !fresh ? h("span.tag.info", null, t("strategy done")) : null,
    team.skills_blocked && !fresh ? h("span.tag.bad", null, t("skills blocked")) : null,
    h("span.wr-class", { title: fresh ? t("class points of the lineup placed / allowed") : t("class points on court / allowed") }, classWords(ctx, tm, team)),
    h("span.wr-specials", { title: t("specials used this period (at most 2)") }, t("specials {used}/2", { used: fresh ? 0 : team.specials_used ?? 0 })),
  );
}

function half(ctx, tm, mine) {
  const o = ctx.obs;
  const z = o.zones;
  const hand = z[`t${tm}.hand`];
  const pool = z[`t${tm}.pool`];
  const tired = z[`t${tm}.tired`];
  const court = h("div.wr-court", null, PLACES.map((n) => place(ctx, tm, n)));
  const parts = [header(ctx, tm), h("div.wr-row", null, court, piles(ctx, tm, mine))];
  if (mine && Array.isArray(pool) && pool.length) parts.push(h("div.hand-area", null, h("div.zone-label", null, t("Your pool (pick the lineup from it)"), ` · ${pool.length}`), rowEl(ctx, `t${tm}.pool`, { size: "s" })));
  if (mine && Array.isArray(tired) && tired.length && o.phase === "fatigue") parts.push(h("div.hand-area", null, h("div.zone-label", null, t("Back from court (drop the tired ones)")), rowEl(ctx, `t${tm}.tired`, { size: "s" })));
  if (mine && Array.isArray(hand)) {
    const label = ctx.seat === null || ctx.replay ? t("P{player}'s bench (hand)", { player: tm }) : t("Your bench (hand)");
    parts.push(h("div.hand-area", null, h("div.zone-label", null, label, ` · ${hand.length}`), rowEl(ctx, `t${tm}.hand`, { size: "m", emptyLabel: t("empty") })));
  }
  return h("div.wr-half", { dataset: { team: tm }, class: mine ? "mine" : "" }, parts);
}

function scoreboard(ctx) {
  const o = ctx.obs;
  const cell = (label, vals, title) => h("div.wr-cell", { title }, h("div.wr-cell-label", null, label), h("div.wr-cell-vals", null, vals.map((v, i) => h("span", { class: `t${i}` }, String(v)))));
  return h(
    "div.wr-board",
    null,
    h("div.wr-period", null, h("div.wr-cell-label", null, t("period")), h("b", null, String(o.period)), h("div.muted", null, phaseWords(o.phase))),
    cell(t("score"), o.totals || [0, 0], t("total points")),
    cell("TOP", o.top || [0, 0], t("this period's points so far")),
    cell("ATK", o.atk || [0, 0], t("attack totals at the reveal")),
    cell("DEF", o.def || [0, 0], t("defence totals at the reveal")),
    h("div.wr-cell", null, h("div.wr-cell-label", null, t("by period")), h("div.wr-periods", null, (o.scores || []).map((s, tm) => h("div", null, `P${tm}: ${s.length ? s.join(" · ") : "–"}`)))),
    o.held_ball ? h("span.tag.bad", { title: t("the order of strategy times swaps from the next period") }, t("held ball")) : null,
  );
}

function render(ctx) {
  const order = seatOrder(ctx, 2);
  return h("div.wr-table", null, scoreboard(ctx), half(ctx, order[0], false), h("div.wr-midline", null, h("span", null, t("half-court line"))), half(ctx, order[1], true));
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
  const what = t("Choose four players for this period, one at a time: each goes face down to the next free place. A sideways player defends better but cannot use special skills.");
  if (!p) return what;
  const within = t("Stay within {limit} class points ({total} so far).", { limit: p.limit, total: p.total });
  return `${what} ${within}`;
}

// What to do now, for the team to act, in the game's words.
function prompt(ctx) {
  const o = ctx.obs;
  const team = (o.teams || [])[ctx.seat] || {};
  switch (o.phase) {
    case "lineup":
      return { title: t("Pick your lineup"), text: lineupText(classPoints(ctx, ctx.seat, team)) };
    case "positions":
      return { title: t("Name the positions"), text: t("Choose the inbounder (Throw 3 or more) and the target (Catch 3 or more) in your lineup; each one short of 3 gives the opponent 1 TOP.") };
    case "order":
      return { title: t("Who goes first?"), text: t("The ATK totals are tied: choose whether your strategy time comes first or second.") };
    case "substitution window":
      return { title: t("Substitution window"), text: t("The other team is in its strategy time: you may bring players on from your bench, then end.") };
    case "fatigue":
      return { title: t("Fatigue"), text: t("You made no substitution last period: drop at least one tired player, then end.") };
    default:
      return { title: t("Your strategy time"), text: t("Play bench-work cards, play a special card to activate a skill of an upright player (2 players a period at most), bring players on from your bench, then end your strategy time.") };
  }
}

function status(ctx) {
  const o = ctx.obs;
  return t("Period {period}, {phase}. Score {score}.", { period: o.period, phase: phaseWords(o.phase), score: (o.totals || []).join(" – ") });
}

const STAT_NAMES = () => ({ player_class: t("Class"), female: t("Female"), over_age: t("Over the age limit"), atk: t("ATK"), def_: t("DEF"), def_atk: t("sideways ATK"), def_def: t("sideways DEF"), chair: t("Chair"), throw: t("Throw"), catch: t("Catch"), keep: t("Keep"), passion: t("Passion") });

export default {
  statName: (key) => STAT_NAMES()[key] || key,
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`t${ctx.seat}.pool`, `t${ctx.seat}.hand`, `t${ctx.seat}.tired`]),
};
