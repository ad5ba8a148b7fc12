// Shaman King: each player's Shaman and three zones (green, yellow, red), each with its
// furyoku (face down), its play area and its teamwork area; the attack in the middle.
import { backEl, cardEl, cardName, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const ZONES = ["green", "yellow", "red"];
const TYPE_TONE = { shaman: "purple", teamwork: "teal", advantage: "blue" };
const STRIKE_TONE = { melee: "orange", ranged: "gold", guardian: "slate" };

// A face: the card's rules text (cost, effects; a Shaman's traits and two Signatures, in the
// language of the page) with a Strike's Intercept and Force as badges.
function face(card) {
  const kind = card.kind;
  if (kind === "shaman") return { tone: "purple", kind: "Shaman", badges: [], text: cardText(card) };
  const badges = [];
  const i = stat(card, "intercept");
  const f = stat(card, "force");
  if (i !== undefined) badges.push({ k: "INT", v: i, title: "Intercept", cls: "big" });
  if (f !== undefined) badges.push({ k: "FOR", v: f, title: "Force", cls: "big" });
  const trait = stat(card, "trait");
  const guardian = (stat(card, "shamans") || []).length ? "guardian spirit" : "";
  return {
    tone: kind === "strike" ? STRIKE_TONE[trait] || "gray" : TYPE_TONE[kind] || "gray",
    kind: `${kind}${trait || guardian ? ` · ${trait || guardian}` : ""}${stat(card, "immediate") ? " · immediate" : ""}`,
    corner: f,
    cornerTitle: "Force",
    badges,
    text: cardText(card),
  };
}

function column(ctx, p, c) {
  const z = ctx.obs.zones;
  const charged = ((ctx.obs.charges || [])[p] || []).includes(c);
  const fur = z[`p${p}.furyoku.${c}`];
  const isFlipZone = ctx.obs.defender === p && ctx.obs.zone === c && !["over", "opening choice"].includes(ctx.obs.phase);
  return h(
    `div.sk-col.sk-${c}`,
    { dataset: { zone: `p${p}.${c}` }, class: isFlipZone ? "current" : "" },
    h("div.sk-col-head", null, h("span", null, c), charged ? h("span.tag", { title: "this zone is charged" }, "charged") : null),
    h(
      "div.sk-furyoku",
      { dataset: { zone: `p${p}.furyoku.${c}` }, title: `${zoneCount(fur)} ${c} furyoku, face down` },
      zoneCount(fur) ? backEl(zoneCount(fur), { size: "s", alwaysCount: true, label: "F" }) : emptyEl("no furyoku", { size: "s" }),
      h("div.pile-label", null, `furyoku · ${zoneCount(fur)}`),
    ),
    h(
      "div.sk-areas",
      null,
      h("div.sk-area", null, h("div.zone-label", null, "play"), rowEl(ctx, `p${p}.play.${c}`, { size: "s", emptyLabel: "" })),
      h("div.sk-area", null, h("div.zone-label", null, "teamwork"), rowEl(ctx, `p${p}.teamwork.${c}`, { size: "s", emptyLabel: "" })),
    ),
  );
}

// The Signature Move of the Shaman's face that is up: the Shaman's rules line for that face
// (its second line for the front, its third for the back: name, cost, Intercept, Force).
function signatureEl(ctx, p) {
  const o = ctx.obs;
  const shaman = (o.zones[`p${p}.shaman`] || [])[0];
  const sideUp = (o.shaman_side || [])[p] || "front";
  const card = shaman && ctx.cards[shaman];
  const line = card ? (card.rules || [])[sideUp === "back" ? 2 : 1] : undefined;
  const used = (o.signature_pending || [])[p];
  return h(
    "span.sk-signature",
    { title: "the Signature Move, usable when all three zones are charged" },
    `${sideUp} side · `,
    line ? h("b", null, line) : "Signature ?",
    used ? h("span.tag.bad", null, "used") : null,
  );
}

function side(ctx, p) {
  const o = ctx.obs;
  const z = o.zones;
  const pts = (o.points || [])[p] ?? 0;
  const target = (ctx.options && ctx.options.target_points) || o.target_points || 3;
  return h(
    "div.sk-side",
    { dataset: { player: p } },
    h(
      "div.sk-head",
      null,
      h("span.rd-who", null, who(ctx, p)),
      o.defender === p && !["over", "opening choice"].includes(o.phase) ? h("span.tag", null, "defending") : null,
      h("span.sk-points", { title: `${pts} point${pts === 1 ? "" : "s"}` }, Array.from({ length: Math.max(target, pts) }, (_, i) => h("span", { class: i < pts ? "on" : "" }, "●")), ` ${pts} pt${pts === 1 ? "" : "s"}`),
      signatureEl(ctx, p),
    ),
    h(
      "div.sk-grid",
      null,
      h("div.zone.sk-shaman", { dataset: { zone: `p${p}.shaman` } }, h("div.zone-label", null, "Shaman"), rowEl(ctx, `p${p}.shaman`, { size: "m" })),
      ...ZONES.map((c) => column(ctx, p, c)),
      h(
        "div.zone.sk-piles",
        null,
        h("div.sk-piles-row", null, pileEl(ctx, `p${p}.deck`, "deck", { size: "s", top: "first" }), pileEl(ctx, `p${p}.discard`, "discard", { size: "s" })),
        h("div.zone-label", null, "advantage"),
        rowEl(ctx, `p${p}.advantage`, { size: "s", emptyLabel: "" }),
      ),
    ),
  );
}

function center(ctx) {
  const o = ctx.obs;
  const attack = o.attack && ctx.cards[o.attack] ? cardName(ctx, o.attack) : String(o.attack || "").replace(/-/g, " ");
  const bonus = o.turn_bonus || {};
  return h(
    "div.sk-center",
    null,
    h("div.sk-turn", null, h("b", null, `Turn ${o.turn}`), " · ", o.phase),
    o.phase === "opening choice"
      ? h("div.sk-attack", null, h("div.rd-big", null, `${who(ctx, o.current_player)} chooses who sends the Opening Attack (Force 4)`))
      : o.phase !== "over"
      ? h(
          "div.sk-attack",
          null,
          h("div.sk-force", { title: "incoming Force" }, String(o.incoming_force ?? 0)),
          h("div", null, h("div.rd-big", null, `${who(ctx, o.defender)} defends against ${attack || "the attack"}`), h("div", null, `in the ${o.zone} zone · incoming Force ${o.incoming_force}`), bonus.force || bonus.intercept ? h("div.muted", null, `this turn: +${bonus.intercept || 0} Intercept, +${bonus.force || 0} Force`) : null),
        )
      : null,
    o.flipped ? h("div.sk-flipped", null, h("div.zone-label", null, "flipped"), cardEl(ctx, o.flipped, { size: "m", zone: "flipped" })) : null,
  );
}

function render(ctx) {
  const order = seatOrder(ctx, ctx.obs.num_players);
  const me = order[order.length - 1];
  return h("div.sk-table", null, ...order.slice(0, -1).map((p) => side(ctx, p)), center(ctx), side(ctx, me));
}

function targets(ctx, text) {
  const me = ctx.seat;
  if (["play", "counter", "counter+", "focus", "pass"].includes(text) && ctx.obs.flipped) return [".sk-flipped .card"];
  if (text === "signature") return [`.sk-shaman[data-zone="p${me}.shaman"] .card`];
  return [];
}

function prompt(ctx) {
  const o = ctx.obs;
  if (o.phase === "opening choice") return { title: "Who sends the Opening Attack?", text: "Send it yourself (first) or let the other player send it (second)." };
  if (o.phase === "signature step") return { title: "Signature step", text: "All three zones are charged: make your Signature Move, or pass to flip." };
  if (o.flipped) return { title: `You flipped ${cardName(ctx, o.flipped)}`, text: `Incoming Force ${o.incoming_force} in the ${o.zone} zone: play the card, counterattack with it, focus it, or pass.` };
  return { title: "Your turn", text: `Incoming Force ${o.incoming_force} in the ${o.zone} zone.` };
}

function status(ctx) {
  const o = ctx.obs;
  return `Turn ${o.turn}: ${o.phase}, ${o.zone} zone, incoming Force ${o.incoming_force}.`;
}

export default {
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: () => [],
};
