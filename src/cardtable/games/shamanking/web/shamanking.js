// Shaman King: each player's Shaman and three zones (green, yellow, red), each with its
// furyoku (face down), its play area and its teamwork area; the attack in the middle. Every
// text goes through t() (the game's catalogue, locale/ja/LC_MESSAGES/messages.po).
import { backEl, cardEl, cardName, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { t } from "../js/i18n.js";
import { h } from "../js/ui.js";

const ZONES = ["green", "yellow", "red"];
const TYPE_TONE = { shaman: "purple", teamwork: "teal", advantage: "blue" };
const STRIKE_TONE = { melee: "orange", ranged: "gold", guardian: "slate" };
// the trait icons as the seed writes them, in both languages
const TRAITS = { "x-laws": "X-Laws", yoh: "Yoh", zeke: "Zeke", mind: "Mind", body: "Body", soul: "Soul", melee: "Melee", ranged: "Ranged", guardian: "Guardian" };

const colour = (c) => ({ green: t("green"), yellow: t("yellow"), red: t("red") })[c] || c;

function kindWord(kind) {
  return { shaman: t("Shaman"), strike: t("Strike"), advantage: t("Advantage"), teamwork: t("Teamwork") }[kind] || kind;
}

function phaseWord(phase) {
  return { "opening choice": t("choosing who attacks first"), "signature step": t("signature step"), flip: t("flipping"), over: t("game over") }[phase] || phase;
}

// The attack the defender faces: a Strike by name, the Opening Attack or a Signature Move.
function attackName(ctx, attack) {
  if (attack === "opening-attack") return t("the Opening Attack");
  if (attack === "signature") return t("a Signature Move");
  return attack ? cardName(ctx, attack) : t("the attack");
}

// A face: the card's rules text (cost, effects; a Shaman's traits and two Signatures, in the
// language of the page) with a Strike's Intercept and Force as badges.
function face(card) {
  const kind = card.kind;
  if (kind === "shaman") return { tone: "purple", kind: kindWord("shaman"), badges: [], text: cardText(card) };
  const badges = [];
  const i = stat(card, "intercept");
  const f = stat(card, "force");
  if (i !== undefined) badges.push({ k: t("INT"), v: i, title: t("Intercept"), cls: "big" });
  if (f !== undefined) badges.push({ k: t("FOR"), v: f, title: t("Force"), cls: "big" });
  const trait = stat(card, "trait");
  const guardian = (stat(card, "shamans") || []).length ? t("Guardian spirit") : "";
  const parts = [kindWord(kind)];
  if (trait || guardian) parts.push(TRAITS[trait] || trait || guardian);
  if (stat(card, "immediate")) parts.push(t("immediate"));
  return {
    tone: kind === "strike" ? STRIKE_TONE[trait] || "gray" : TYPE_TONE[kind] || "gray",
    kind: parts.join(" · "),
    corner: f,
    cornerTitle: t("Force"),
    badges,
    text: cardText(card),
  };
}

function column(ctx, p, c) {
  const z = ctx.obs.zones;
  const charged = ((ctx.obs.charges || [])[p] || []).includes(c);
  const fur = z[`p${p}.furyoku.${c}`];
  const n = zoneCount(fur);
  const isFlipZone = ctx.obs.defender === p && ctx.obs.zone === c && !["over", "opening choice"].includes(ctx.obs.phase);
  return h(
    `div.sk-col.sk-${c}`,
    { dataset: { zone: `p${p}.${c}` }, class: isFlipZone ? "current" : "" },
    h("div.sk-col-head", null, h("span", null, colour(c)), charged ? h("span.tag", { title: t("this zone is charged") }, t("charged")) : null),
    h(
      "div.sk-furyoku",
      { dataset: { zone: `p${p}.furyoku.${c}` }, title: t("{count} {colour} furyoku, face down", { count: n, colour: colour(c) }) },
      n ? backEl(n, { size: "s", alwaysCount: true, label: t("F") }) : emptyEl(t("no furyoku here"), { size: "s" }),
      h("div.pile-label", null, t("furyoku · {count}", { count: n })),
    ),
    h(
      "div.sk-areas",
      null,
      h("div.sk-area", null, h("div.zone-label", null, t("play area")), rowEl(ctx, `p${p}.play.${c}`, { size: "s", emptyLabel: "" })),
      h("div.sk-area", null, h("div.zone-label", null, t("teamwork")), rowEl(ctx, `p${p}.teamwork.${c}`, { size: "s", emptyLabel: "" })),
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
    { title: t("the Signature Move, usable when all three zones are charged") },
    // the rules line names the face (Front, Back); without it, the side word alone
    line ? h("b", null, line) : sideUp === "back" ? t("back side") : t("front side"),
    used ? h("span.tag.bad", null, t("used")) : null,
  );
}

function side(ctx, p) {
  const o = ctx.obs;
  const pts = (o.points || [])[p] ?? 0;
  const target = (ctx.options && ctx.options.target_points) || o.target_points || 3;
  const points = t("points: {points}", { points: pts });
  return h(
    "div.sk-side",
    { dataset: { player: p } },
    h(
      "div.sk-head",
      null,
      h("span.rd-who", null, who(ctx, p)),
      o.defender === p && !["over", "opening choice"].includes(o.phase) ? h("span.tag", null, t("defending")) : null,
      h("span.sk-points", { title: points }, Array.from({ length: Math.max(target, pts) }, (_, i) => h("span", { class: i < pts ? "on" : "" }, "●")), ` ${points}`),
      signatureEl(ctx, p),
    ),
    h(
      "div.sk-grid",
      null,
      h("div.zone.sk-shaman", { dataset: { zone: `p${p}.shaman` } }, h("div.zone-label", null, t("Shaman")), rowEl(ctx, `p${p}.shaman`, { size: "m" })),
      ...ZONES.map((c) => column(ctx, p, c)),
      h(
        "div.zone.sk-piles",
        null,
        h("div.sk-piles-row", null, pileEl(ctx, `p${p}.deck`, t("deck"), { size: "s", top: "first" }), pileEl(ctx, `p${p}.discard`, t("discard pile"), { size: "s" })),
        h("div.zone-label", null, t("advantage area")),
        rowEl(ctx, `p${p}.advantage`, { size: "s", emptyLabel: "" }),
      ),
    ),
  );
}

function attackEl(ctx) {
  const o = ctx.obs;
  const bonus = o.turn_bonus || {};
  return h(
    "div.sk-attack",
    null,
    h("div.sk-force", { title: t("incoming Force") }, String(o.incoming_force ?? 0)),
    h(
      "div",
      null,
      h("div.rd-big", null, t("{who} defends against {attack}", { who: who(ctx, o.defender), attack: attackName(ctx, o.attack) })),
      h("div", null, t("in the {zone} zone · incoming Force {force}", { zone: colour(o.zone), force: o.incoming_force })),
      bonus.force || bonus.intercept ? h("div.muted", null, t("Advantages this turn: Intercept +{intercept}, Force +{force}", { intercept: bonus.intercept || 0, force: bonus.force || 0 })) : null,
    ),
  );
}

function center(ctx) {
  const o = ctx.obs;
  let middle = null;
  if (o.phase === "opening choice") middle = h("div.sk-attack", null, h("div.rd-big", null, t("{who} chooses who sends the Opening Attack (Force 4)", { who: who(ctx, o.current_player) })));
  else if (o.phase !== "over") middle = attackEl(ctx);
  return h(
    "div.sk-center",
    null,
    h("div.sk-turn", null, h("b", null, t("Turn {turn}", { turn: o.turn })), " · ", phaseWord(o.phase)),
    middle,
    o.flipped ? h("div.sk-flipped", null, h("div.zone-label", null, t("flipped")), cardEl(ctx, o.flipped, { size: "m", zone: "flipped" })) : null,
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

// The words the server gives a legal move (describe_action, in the page's language): for a
// counterattack or a Signature Move they hold its Intercept against the incoming Force and the
// Force it sends back, each Teamwork, Advantage and own-text bonus spelled out.
function wordsOf(ctx, notation) {
  const a = (ctx.legal || []).find((x) => x.text === notation);
  return a ? a.words || "" : "";
}

function flipPrompt(ctx) {
  const o = ctx.obs;
  const card = cardName(ctx, o.flipped);
  const parts = [
    t("The attack (Force {force}) has reached your {zone} zone. Decide what to do with the card you flipped: pass it to your discard pile, focus it into furyoku, play it, or counterattack with it, as the moves below say.", { force: o.incoming_force, zone: colour(o.zone) }),
  ];
  const counters = ["counter", "counter+"].map((n) => wordsOf(ctx, n)).filter(Boolean);
  if (counters.length) {
    parts.push(t("Intercept against Force: a counterattack stops the attack when the Intercept reaches the incoming Force."));
    for (const w of counters) parts.push(t("If you counterattack: {words}.", { words: w }));
  } else if ((ctx.cards[o.flipped] || {}).kind === "strike") {
    parts.push(t("{card} cannot counterattack now: its Intercept is below the incoming Force, or its cost cannot be paid.", { card }));
  }
  return { title: t("You flipped {card}", { card }), text: parts.join(" ") };
}

function prompt(ctx) {
  const o = ctx.obs;
  if (o.phase === "opening choice") {
    return {
      title: t("Who sends the Opening Attack?"),
      text: t("You choose who attacks first. Send the Opening Attack (Force 4) yourself and your opponent defends first, or let your opponent send it: then you defend first and gain 1 green furyoku."),
    };
  }
  if (o.phase === "signature step") {
    const words = wordsOf(ctx, "signature");
    const text = t("All three of your zones are charged: make your Signature Move to send the attack back at once without flipping, or keep it and flip as usual.");
    const more = words ? t("If you use it: {words}.", { words }) : "";
    return { title: t("Signature step"), text: [text, more].filter(Boolean).join(" ") };
  }
  if (o.flipped) return flipPrompt(ctx);
  return { title: t("Your turn"), text: t("Incoming Force {force} in your {zone} zone.", { force: o.incoming_force, zone: colour(o.zone) }) };
}

function status(ctx) {
  const o = ctx.obs;
  return t("Turn {turn}: {phase}, {zone} zone, incoming Force {force}.", { turn: o.turn, phase: phaseWord(o.phase), zone: colour(o.zone), force: o.incoming_force });
}

const STAT_NAMES = () => ({ intercept: t("Intercept"), force: t("Force"), trait: t("Trait"), immediate: t("Immediate"), shamans: t("Shamans"), character: t("Character") });

export default {
  statName: (key) => STAT_NAMES()[key] || key,
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: () => [],
};
