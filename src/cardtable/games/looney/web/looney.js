// Looney Tunes TCG: the storyboard of four scenes in the middle, each player's side of every
// scene in the column under it (face-down actors, effects, face-up actors), piles at the left.
import { backEl, cardEl, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { t } from "../js/i18n.js";
import { h } from "../js/ui.js";

const SLOTS = [1, 2, 3, 4];

// The words of the game's catalogue (locale/ja/LC_MESSAGES/messages.po), one literal a message.
function colourWord(colour) {
  const words = { red: t("red"), blue: t("blue"), yellow: t("yellow"), green: t("green"), gray: t("gray") };
  return words[colour] || colour;
}

function kindWord(kind) {
  const words = { scene: t("scene"), actor: t("actor"), effect: t("special effect"), location: t("location") };
  return words[kind] || kind;
}

function phaseWord(phase) {
  const words = {
    "choose-first": t("choosing who goes first"),
    storyboard: t("building the storyboard"),
    placement: t("placing actors"),
    over: t("game over"),
  };
  return words[phase] || phase;
}

function face(card) {
  const kind = card.kind;
  const colour = card.colour || stat(card, "color") || "gray";
  const rank = stat(card, "rank");
  const points = stat(card, "points");
  const badges = [];
  if (kind === "scene") {
    if (rank !== undefined) badges.push({ k: t("needs"), v: rank, title: t("rank: the acting the scene needs") });
    if (points !== undefined) badges.push({ k: t("pts"), v: points, title: t("points") });
  } else if (kind === "actor") {
    if (rank !== undefined) badges.push({ k: t("rank"), v: rank, title: t("acting ability") });
  }
  const deck = stat(card, "deck");
  const words = t("{color} {kind}", { color: colourWord(colour), kind: kindWord(kind) });
  return {
    tone: colour,
    kind: deck === "movie" ? [words, t("Movie deck")].join(" · ") : words,
    corner: kind === "scene" ? points : kind === "actor" ? rank : undefined,
    cornerTitle: kind === "scene" ? t("points") : t("rank"),
    badges,
    text: cardText(card), // the rules sentences (an actor's name already names its character)
  };
}

function slotCell(ctx, p, s) {
  const z = ctx.obs.zones;
  const down = z[`p${p}.slot${s}.down`];
  const up = z[`p${p}.slot${s}.up`];
  const fx = z[`p${p}.slot${s}.effects`];
  const parts = [];
  if (Array.isArray(up)) for (const id of up) parts.push(cardEl(ctx, id, { zone: `p${p}.slot${s}.up`, size: "s" }));
  if (Array.isArray(down)) for (const id of down) parts.push(cardEl(ctx, id, { zone: `p${p}.slot${s}.down`, size: "s", dim: true, note: t("face down") }));
  else for (let i = 0; i < (down || 0); i++) parts.push(backEl(1, { size: "s", zone: `p${p}.slot${s}.down`, title: t("an actor, face down") }));
  if (Array.isArray(fx)) for (const id of fx) parts.push(cardEl(ctx, id, { zone: `p${p}.slot${s}.effects`, size: "s", note: t("special effect") }));
  else for (let i = 0; i < (fx || 0); i++) parts.push(backEl(1, { size: "s", zone: `p${p}.slot${s}.effects`, label: t("FX"), title: t("a special effect, face down") }));
  const used = ctx.obs.round_player === p && (ctx.obs.used_slots || []).includes(s);
  return h(
    "div.lt-slot",
    { dataset: { zone: `p${p}.slot${s}`, slot: s, player: p }, class: used ? "used" : "" },
    parts.length ? h("div.zone-row.stack-s", null, parts) : h("div.slot-empty", null, t("slot {place}", { place: s })),
  );
}

function playerHead(ctx, p) {
  const o = ctx.obs;
  const z = o.zones;
  const out = (o.eliminated || []).includes(p);
  const over = o.winner !== null && o.winner !== undefined;
  return h(
    "div.lt-player",
    { dataset: { player: p }, class: [o.round_player === p && "round", !over && o.current_player === p && "to-act", out && "out"].filter(Boolean).join(" ") },
    h(
      "div.lt-name",
      null,
      who(ctx, p),
      o.winner === p ? h("span.tag.win", null, t("winner")) : null,
      over ? null : o.round_player === p ? h("span.tag", null, t("round player")) : null,
      !over && o.current_player === p ? h("span.tag.act", null, t("to act")) : null,
      out ? h("span.tag.bad", null, t("eliminated")) : null,
    ),
    h(
      "div.lt-score",
      { title: t("score {score} of {target}", { score: o.scores[p], target: o.target }) },
      h("b", null, String(o.scores[p])),
      " / " + t("{points} pts", { points: o.target }),
      h("div.bar", null, h("span", { style: { width: `${Math.min(100, (100 * o.scores[p]) / o.target)}%` } })),
    ),
    h("div.lt-counts.muted", null, t("hand {hand} · deck {deck}", { hand: zoneCount(z[`p${p}.hand`]), deck: zoneCount(z[`p${p}.deck`]) })),
  );
}

function piles(ctx, p) {
  return h(
    "div.lt-piles",
    null,
    pileEl(ctx, `p${p}.deck`, t("deck"), { size: "s", top: "first" }),
    pileEl(ctx, `p${p}.discard`, t("discard"), { size: "s" }),
    pileEl(ctx, `p${p}.score`, t("scenes won"), { size: "s" }),
    zoneCount(ctx.obs.zones[`p${p}.role`]) ? pileEl(ctx, `p${p}.role`, t("Role"), { size: "s" }) : null,
  );
}

function sideRow(ctx, p) {
  return [h("div.lt-aside", null, playerHead(ctx, p), piles(ctx, p)), ...SLOTS.map((s) => slotCell(ctx, p, s))];
}

function render(ctx) {
  const o = ctx.obs;
  const n = o.num_players;
  const order = seatOrder(ctx, n);
  const me = order[order.length - 1];
  const z = o.zones;
  const grid = h("div.lt-grid");
  for (const p of order.slice(0, -1)) {
    grid.append(...sideRow(ctx, p));
    grid.appendChild(h("div.lt-sep"));
  }
  // the storyboard
  grid.appendChild(
    h(
      "div.lt-aside.movie",
      null,
      h("div.lt-round", null, h("b", null, t("Round {round}", { round: o.round })), h("div.muted", null, phaseWord(o.phase)), o.answering ? h("span.tag", null, t("answering")) : null),
      h("div.lt-piles", null, pileEl(ctx, "movie_deck", t("Movie deck"), { size: "s", top: "first" }), pileEl(ctx, "movie_discard", t("Movie discard"), { size: "s" })),
    ),
  );
  for (const s of SLOTS) {
    const scene = z[`storyboard.${s}`];
    const loc = z[`location.${s}`];
    grid.appendChild(
      h(
        "div.lt-scene",
        { dataset: { zone: `storyboard.${s}`, slot: s }, class: (o.used_slots || []).includes(s) ? "used" : "" },
        h("div.slot-no", null, t("scene {place}", { place: s })),
        Array.isArray(scene) && scene.length ? scene.map((id) => cardEl(ctx, id, { zone: `storyboard.${s}`, size: "m" })) : emptyEl(t("no scene"), { zone: `storyboard.${s}` }),
        h("div.lt-location", { dataset: { zone: `location.${s}` } }, Array.isArray(loc) && loc.length ? loc.map((id) => cardEl(ctx, id, { zone: `location.${s}`, size: "s", note: t("location") })) : h("span.muted", null, t("no location"))),
      ),
    );
  }
  grid.appendChild(h("div.lt-sep"));
  grid.append(...sideRow(ctx, me));
  const hand = z[`p${me}.hand`];
  return h(
    "div.lt-table",
    null,
    grid,
    h(
      "div.hand-area",
      null,
      h("div.zone-label", null, ctx.seat === null || ctx.replay ? t("P{player}'s hand", { player: me }) : t("Your hand"), ` · ${zoneCount(hand)}`),
      rowEl(ctx, `p${me}.hand`, { size: "m", emptyLabel: t("empty") }),
    ),
  );
}

function targets(ctx, text) {
  const me = ctx.seat;
  const w = text.split(" ");
  if (text === "refill") return ['.pile[data-zone="movie_deck"]'];
  if (w[0] === "first") return [`.lt-player[data-player="${w[1]}"]`];
  if (w[0] === "place" && w[2] === "on") return [`.lt-slot[data-zone="p${me}.slot${w[3]}"]`];
  if (w[0] === "location" && w[2] === "on") return [`.lt-location[data-zone="location.${w[3]}"]`];
  if (w[0] === "role" && w[1] === "on") return [`.lt-slot[data-zone="p${me}.slot${w[2]}"]`];
  if (text === "role") return [`.pile[data-zone="p${me}.role"]`];
  return [];
}

// What the player to act does now, in the game's words, for someone who has never played.
function prompt(ctx) {
  const o = ctx.obs;
  const me = ctx.seat;
  const role = me === null || me === undefined ? [] : o.zones[`p${me}.role`];
  if (o.phase === "choose-first") {
    return { title: t("Choose who goes first"), text: t("You were drawn to choose. Go first yourself, or let another player play the first round.") };
  }
  if (o.phase === "storyboard") {
    return { title: t("Build the storyboard"), text: t("The storyboard needs four scenes. Fill the empty ones from the Movie deck, or play scene cards from your hand.") };
  }
  if (Array.isArray(role) && role.length) {
    return { title: t("Place your Role"), text: t("Your Role turned up an actor. Place it face up on a scene.") };
  }
  if (o.answering) {
    return {
      title: t("Answer P{player}", { player: o.round_player }),
      text: t("P{player}, the round player, has placed actors. Place at least one actor face down on each marked scene (click an actor in your hand), then choose Done.", { player: o.round_player }),
    };
  }
  if (o.effect_slot && (ctx.legal || []).some((a) => a.text.startsWith("effect "))) {
    return {
      title: t("Your round: place actors"),
      text: t("You may add a special effect of the same colour (or gray) to the actor you just placed on scene {place}, place another actor, or choose Done.", { place: o.effect_slot }),
    };
  }
  return {
    title: t("Your round: place actors"),
    text: t("Click an actor in your hand and place it face down on a scene. Place as many as you like, or play a Role, then choose Done. The other players must answer on the same scenes; the best acting wins each scene's points."),
  };
}

function status(ctx) {
  const o = ctx.obs;
  const fields = { round: o.round, phase: phaseWord(o.phase), target: o.target };
  return o.answering
    ? t("Round {round}, {phase} (answering). First to {target} points wins.", fields)
    : t("Round {round}, {phase}. First to {target} points wins.", fields);
}

const STAT_NAMES = () => ({ deck: t("Deck"), rank: t("rank"), points: t("points"), character: t("Character") });
const STAT_WORDS = () => ({ movie: t("Movie deck"), personal: t("personal deck") });

export default {
  statName: (key) => STAT_NAMES()[key] || key,
  statValue: (key, v) => STAT_WORDS()[v],
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`p${ctx.seat}.hand`]),
};
