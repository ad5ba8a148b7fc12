// Goofspiel: the prize and its piles in the middle; each player's bid, bids shown, prizes won.
import { backEl, cardEl, cardName, emptyEl, pileEl, rowEl, seatOrder, t, who, zoneBox, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" }, SUITS = { spades: "♠", hearts: "♥", diamonds: "♦" };
const ROW = { display: "flex", gap: ".5rem", alignItems: "center", flexWrap: "wrap", margin: ".4rem 0" };
const SUIT_WORDS = () => ({ spades: t("spades"), hearts: t("hearts"), diamonds: t("diamonds") });

function face(card) {
  const [rank, suit] = [card.stats.rank, SUITS[card.kind] || ""];
  return { tone: card.kind === "spades" ? "ink" : "red", kind: `${suit} ${SUIT_WORDS()[card.kind] || card.kind}`, corner: `${RANKS[rank] || rank}${suit}`, badges: [{ k: t("worth"), v: rank }] };
}

// A pile fanned to the right, each card over the next, so that every corner shows.
const fanned = (row) => ([...row.children].forEach((c, i) => Object.assign(c.style, { position: "relative", zIndex: String(20 - i), marginLeft: i ? "-46px" : "0" })), row);

function side(ctx, p, mine) {
  const [z, score, key] = [ctx.obs.zones, ctx.obs.scores[p], (k) => `p${p}.${k}`];
  const bid = Array.isArray(z[key("bid")]) ? rowEl(ctx, key("bid"), { size: "s", dim: true }) : backEl(z[key("bid")], { size: "s", zone: key("bid"), title: t("a bid, face down") });
  const hand = zoneCount(z[key("hand")]) ? backEl(zoneCount(z[key("hand")]), { size: "s", alwaysCount: true }) : emptyEl(t("empty"), { size: "s" });
  return h("div.gs-side", { style: { ...ROW, padding: ".3rem", borderRadius: "8px", boxShadow: ctx.toAct === p && ctx.status === "running" ? "0 0 0 2px var(--act)" : "none" } },
    h("div", { style: { minWidth: "8rem" } }, h("b", null, who(ctx, p)), h("div", { style: { fontSize: "1.4rem" } }, score === 1 ? t("{n} point", { n: score }) : t("{n} points", { n: score }))),
    zoneBox(t("bid"), zoneCount(z[key("bid")]) ? bid : emptyEl(t("no bid yet"), { size: "s" })), mine ? null : zoneBox(t("hand"), hand),
    zoneBox(t("bids shown"), fanned(rowEl(ctx, key("played"), { size: "s", emptyLabel: t("none") }))), zoneBox(t("prizes won"), fanned(rowEl(ctx, key("won"), { size: "s", emptyLabel: t("none") }))));
}

function render(ctx) {
  const [other, me] = seatOrder(ctx, 2);
  const prize = ctx.obs.zones.prize.length ? rowEl(ctx, "prize", { size: "l" }) : emptyEl(t("no prize left"), { size: "l" });
  const piles = [pileEl(ctx, "prize_deck", t("prize deck"), { size: "s" }), pileEl(ctx, "discard", t("lost to ties"), { size: "s" })];
  const handLabel = ctx.seat === null || ctx.replay ? t("P{p}'s hand", { p: me }) : t("Your hand");
  return h("div.gs-table", null, side(ctx, other, false), h("div", { style: { ...ROW, justifyContent: "center" } }, zoneBox(t("prize"), prize), ...piles),
    side(ctx, me, true), h("div.hand-area", null, h("div.zone-label", null, handLabel), rowEl(ctx, `p${me}.hand`, { emptyLabel: t("empty") })));
}

const prizeName = (ctx) => cardName(ctx, ctx.obs.zones.prize[0]);
export default {
  face, render,
  prompt: (ctx) => ({ title: t("Bid for the {prize}", { prize: prizeName(ctx) }), text: t("Click a card of your hand: your bid, face down until both have bid. The higher bid takes the prize; a tie discards it.") }),
  status: (ctx) => (ctx.obs.zones.prize.length ? t("Prize: the {prize}.", { prize: prizeName(ctx) }) + " " : "") + t("Score {scores}.", { scores: ctx.obs.scores.join(" – ") }),
  statName: (key) => (key === "rank" ? t("rank") : key),
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`p${ctx.seat}.hand`]),
};
