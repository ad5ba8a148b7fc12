// Looney Tunes TCG: the storyboard of four scenes in the middle, each player's side of every
// scene in the column under it (face-down actors, effects, face-up actors), piles at the left.
import { backEl, cardEl, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const SLOTS = [1, 2, 3, 4];

function face(card) {
  const kind = card.kind;
  const colour = card.colour || stat(card, "color") || "gray";
  const rank = stat(card, "rank");
  const points = stat(card, "points");
  const badges = [];
  if (kind === "scene") {
    if (rank !== undefined) badges.push({ k: "needs", v: rank, title: "rank: the acting the scene needs" });
    if (points !== undefined) badges.push({ k: "pts", v: points, title: "points" });
  } else if (kind === "actor") {
    if (rank !== undefined) badges.push({ k: "rank", v: rank, title: "acting ability" });
  }
  const deck = stat(card, "deck");
  return {
    tone: colour,
    kind: `${colour} ${kind}${deck === "movie" ? " · Movie deck" : ""}`,
    corner: kind === "scene" ? points : kind === "actor" ? rank : undefined,
    cornerTitle: kind === "scene" ? "points" : "rank",
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
  if (Array.isArray(down)) for (const id of down) parts.push(cardEl(ctx, id, { zone: `p${p}.slot${s}.down`, size: "s", dim: true, note: "face down" }));
  else for (let i = 0; i < (down || 0); i++) parts.push(backEl(1, { size: "s", zone: `p${p}.slot${s}.down`, title: "an actor, face down" }));
  if (Array.isArray(fx)) for (const id of fx) parts.push(cardEl(ctx, id, { zone: `p${p}.slot${s}.effects`, size: "s", note: "effect" }));
  else for (let i = 0; i < (fx || 0); i++) parts.push(backEl(1, { size: "s", zone: `p${p}.slot${s}.effects`, label: "FX", title: "a special effect, face down" }));
  const used = ctx.obs.round_player === p && (ctx.obs.used_slots || []).includes(s);
  return h(
    "div.lt-slot",
    { dataset: { zone: `p${p}.slot${s}`, slot: s, player: p }, class: used ? "used" : "" },
    parts.length ? h("div.zone-row.stack-s", null, parts) : h("div.slot-empty", null, `slot ${s}`),
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
      o.winner === p ? h("span.tag.win", null, "winner") : null,
      over ? null : o.round_player === p ? h("span.tag", null, "round player") : null,
      !over && o.current_player === p ? h("span.tag.act", null, "to act") : null,
      out ? h("span.tag.bad", null, "eliminated") : null,
    ),
    h("div.lt-score", { title: `score ${o.scores[p]} of ${o.target}` }, h("b", null, String(o.scores[p])), ` / ${o.target} pts`, h("div.bar", null, h("span", { style: { width: `${Math.min(100, (100 * o.scores[p]) / o.target)}%` } }))),
    h("div.lt-counts.muted", null, `hand ${zoneCount(z[`p${p}.hand`])} · deck ${zoneCount(z[`p${p}.deck`])}`),
  );
}

function piles(ctx, p) {
  return h(
    "div.lt-piles",
    null,
    pileEl(ctx, `p${p}.deck`, "deck", { size: "s", top: "first" }),
    pileEl(ctx, `p${p}.discard`, "discard", { size: "s" }),
    pileEl(ctx, `p${p}.score`, "scenes won", { size: "s" }),
    zoneCount(ctx.obs.zones[`p${p}.role`]) ? pileEl(ctx, `p${p}.role`, "role", { size: "s" }) : null,
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
      h("div.lt-round", null, h("b", null, `Round ${o.round}`), h("div.muted", null, o.phase.replace(/-/g, " ")), o.answering ? h("span.tag", null, "answering") : null),
      h("div.lt-piles", null, pileEl(ctx, "movie_deck", "Movie deck", { size: "s", top: "first" }), pileEl(ctx, "movie_discard", "Movie discard", { size: "s" })),
    ),
  );
  for (const s of SLOTS) {
    const scene = z[`storyboard.${s}`];
    const loc = z[`location.${s}`];
    grid.appendChild(
      h(
        "div.lt-scene",
        { dataset: { zone: `storyboard.${s}`, slot: s }, class: (o.used_slots || []).includes(s) ? "used" : "" },
        h("div.slot-no", null, `scene ${s}`),
        Array.isArray(scene) && scene.length ? scene.map((id) => cardEl(ctx, id, { zone: `storyboard.${s}`, size: "m" })) : emptyEl("no scene", { zone: `storyboard.${s}` }),
        h("div.lt-location", { dataset: { zone: `location.${s}` } }, Array.isArray(loc) && loc.length ? loc.map((id) => cardEl(ctx, id, { zone: `location.${s}`, size: "s", note: "location" })) : h("span.muted", null, "no location")),
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
      h("div.zone-label", null, ctx.seat === null || ctx.replay ? `P${me}'s hand` : "Your hand", ` · ${zoneCount(hand)}`),
      rowEl(ctx, `p${me}.hand`, { size: "m", emptyLabel: "empty" }),
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

function prompt(ctx) {
  const o = ctx.obs;
  if (o.phase === "choose-first") return { title: "You choose who starts", text: "Pick the player who plays the first round." };
  if (o.phase === "storyboard") return { title: "Build the storyboard", text: "Refill the empty scenes from the Movie deck, or play a scene card from your hand." };
  if (o.answering) return { title: "Your answer", text: `P${o.round_player} has placed. Place actors face down on the scenes you want to contest, then say done.` };
  return { title: "Your round: place actors", text: "Place actors face down on the scenes (an effect may follow an actor), turn over a role, or say done." };
}

function status(ctx) {
  const o = ctx.obs;
  return `Round ${o.round}, ${o.phase.replace(/-/g, " ")}${o.answering ? " (answering)" : ""}. First to ${o.target} points wins.`;
}

export default {
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`p${ctx.seat}.hand`]),
};
