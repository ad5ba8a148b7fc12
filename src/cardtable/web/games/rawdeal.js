// Raw Deal: each wrestler's mat with the Superstar backstage, the Ring (cards that hit, the
// Fortitude Rating), Ringside (the discard pile), the Arsenal (life, face down), the Pre-match
// cards and the Backlash deck; the card being played in the middle.
import { backEl, cardEl, cardName, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const TONES = { maneuver: "red", action: "blue", reversal: "yellow", superstar: "gold", prematch: "purple", midmatch: "teal" };

function face(card) {
  const kind = card.kind;
  if (kind === "superstar") {
    const badges = [];
    const hs = stat(card, "hand_size");
    const sv = stat(card, "superstar_value");
    if (hs !== undefined) badges.push({ k: "hand", v: hs, title: "Hand Size" });
    if (sv !== undefined) badges.push({ k: "SV", v: sv, title: "Superstar Value" });
    const ability = stat(card, "ability");
    return { tone: "gold", kind: [stat(card, "alignment"), stat(card, "brand"), "Superstar"].filter(Boolean).join(" · "), badges, corner: sv, cornerTitle: "Superstar Value", sub: ability ? `ability: ${String(ability).replace(/[-_]/g, " ")}` : undefined, text: card.text };
  }
  const plays = stat(card, "plays_as") || [];
  const subtypes = stat(card, "subtypes") || [];
  const pm = stat(card, "prematch_kind");
  const first = plays[0] || (kind === "prematch" ? "prematch" : kind === "midmatch" ? "midmatch" : kind);
  const f = stat(card, "fortitude") ?? 0;
  const d = stat(card, "damage") ?? 0;
  const sv = stat(card, "stun") ?? 0;
  const badges = [];
  if (plays.length || f) badges.push({ k: "F", v: f, title: "Fortitude needed", cls: "big" });
  if (plays.includes("maneuver")) badges.push({ k: "D", v: d, title: "damage", cls: "big" });
  if (sv) badges.push({ k: "SV", v: sv, title: "Stun Value" });
  const traits = ["unique", "universally_unique", "multi", "follow_up", "setup", "cannot_be_reversed"].filter((t) => stat(card, t)).map((t) => t.replace(/_/g, " "));
  return {
    tone: plays.length > 1 ? "orange" : TONES[first] || "slate",
    kind: [plays.join("/") || (pm ? `${kind} · ${pm}` : kind), subtypes.join(", ")].filter(Boolean).join(" · "),
    corner: plays.includes("maneuver") ? d : undefined,
    cornerTitle: "damage",
    badges,
    sub: traits.length ? traits.join(", ") : stat(card, "superstar") ? `${stat(card, "superstar")} only` : undefined,
    text: card.text,
  };
}

function head(ctx, p) {
  const o = ctx.obs;
  const out = (o.eliminated || []).includes(p);
  const star = (o.superstars || [])[p];
  return h(
    "div.rd-head",
    { dataset: { player: p } },
    h("span.rd-who", null, who(ctx, p)),
    star ? h("span.rd-star", null, cardName(ctx, star)) : null,
    o.turn_player === p && o.phase !== "pre-match" ? h("span.tag", null, "turn") : null,
    o.current_player === p ? h("span.tag.info", null, "to act") : null,
    out ? h("span.tag.bad", null, "out") : null,
    o.active === p ? h("span.tag.info", null, "legal man") : null,
    h("span.rd-stats", null,
      h("span", { title: "Fortitude Rating: the D of the cards in the Ring" }, "Fortitude ", h("b", null, String((o.fortitude || [])[p] ?? 0))),
      h("span", { title: "Superstar Value" }, "SV ", h("b", null, String((o.superstar_values || [])[p] ?? "?"))),
      h("span", { title: "cards left in the Arsenal: the wrestler's life" }, "Arsenal ", h("b", null, String(zoneCount(o.zones[`p${p}.arsenal`])))),
    ),
  );
}

function mat(ctx, p, mine) {
  const z = ctx.obs.zones;
  const backlash = z[`p${p}.backlash`];
  return h(
    "div.rd-side",
    { dataset: { player: p }, class: mine ? "mine" : "" },
    head(ctx, p),
    h(
      "div.rd-mat",
      null,
      h("div.zone.rd-backstage", { dataset: { zone: `p${p}.backstage` } }, h("div.zone-label", null, "Backstage"), rowEl(ctx, `p${p}.backstage`, { size: "m" })),
      h(
        "div.zone.rd-ring",
        { dataset: { zone: `p${p}.ring` } },
        h("div.zone-label", null, "Ring", h("span.zone-count", null, ` · ${zoneCount(z[`p${p}.ring`])} cards · F ${(ctx.obs.fortitude || [])[p] ?? 0}`)),
        rowEl(ctx, `p${p}.ring`, { size: "s", emptyLabel: "" }),
        zoneCount(z[`p${p}.prematch`]) ? h("div.rd-prematch", null, h("div.zone-label", null, "Pre-match"), rowEl(ctx, `p${p}.prematch`, { size: "s" })) : null,
      ),
      h(
        "div.zone.rd-piles",
        null,
        pileEl(ctx, `p${p}.arsenal`, "Arsenal", { size: "s", top: "first" }),
        pileEl(ctx, `p${p}.ringside`, "Ringside", { size: "s" }),
        Array.isArray(backlash) ? null : h("div.pile", { dataset: { zone: `p${p}.backlash` } }, backlash ? backEl(backlash, { size: "s", alwaysCount: true, label: "BL" }) : emptyEl("none", { size: "s" }), h("div.pile-label", null, `Backlash · ${backlash || 0}`)),
        mine ? null : h("div.pile", { dataset: { zone: `p${p}.hand` } }, backEl(zoneCount(z[`p${p}.hand`]), { size: "s", alwaysCount: true, label: "hand" }), h("div.pile-label", null, `Hand · ${zoneCount(z[`p${p}.hand`])}`)),
      ),
    ),
    Array.isArray(z[`p${p}.hand`]) && mine
      ? h(
          "div.hand-area",
          null,
          h("div.zone-label", null, ctx.seat === null || ctx.replay ? `P${p}'s hand` : "Your hand", ` · ${zoneCount(z[`p${p}.hand`])}`),
          rowEl(ctx, `p${p}.hand`, { size: "m", emptyLabel: "empty" }),
          Array.isArray(backlash) && backlash.length
            ? [h("div.zone-label.rd-bl-label", null, "Your Backlash deck", ` · ${backlash.length}`), rowEl(ctx, `p${p}.backlash`, { size: "s" })]
            : null,
        )
      : null,
  );
}

function center(ctx) {
  const o = ctx.obs;
  const pl = o.playing;
  const parts = [h("div.rd-turn", null, h("b", null, `Turn ${o.turn}`), " · ", o.phase, o.match && o.num_players > 2 ? ` · ${o.match}` : "")];
  if (pl && pl.card) {
    parts.push(
      h(
        "div.rd-playing",
        null,
        cardEl(ctx, pl.card, { size: "m", zone: "playing" }),
        h(
          "div.rd-playing-text",
          null,
          h("div.rd-big", null, `${who(ctx, o.turn_player)} plays ${cardName(ctx, pl.card)}`),
          h("div", null, `as ${pl.as}${pl.target !== undefined && pl.target !== null ? ` at ${who(ctx, pl.target)}` : ""}`),
          pl.damage !== undefined && pl.damage !== null ? h("div.rd-dmg", null, `${pl.damage} damage`) : null,
          pl.reversals_needed ? h("div.muted", null, `reversals needed: ${pl.reversals_needed}`) : null,
        ),
      ),
    );
  } else if (o.last_played) {
    const lp = typeof o.last_played === "string" ? { card: o.last_played } : o.last_played;
    if (lp && lp.card) parts.push(h("div.rd-last", null, "last played: ", h("b", null, cardName(ctx, lp.card)), lp.as ? ` as ${lp.as}` : ""));
  }
  if (o.setup_bonus) parts.push(h("span.tag", null, `set-up +${o.setup_bonus}D`));
  if (o.stun_max) parts.push(h("span.tag", null, `stun: draw up to ${o.stun_max}`));
  return h("div.rd-center", null, parts);
}

function render(ctx) {
  const o = ctx.obs;
  const order = seatOrder(ctx, o.num_players);
  const me = order[order.length - 1];
  return h("div.rd-table", null, ...order.slice(0, -1).map((p) => mat(ctx, p, false)), center(ctx), mat(ctx, me, true));
}

function targets(ctx, text) {
  const w = text.split(" ");
  const me = ctx.seat;
  if (w[0] === "target") return [`.rd-side[data-player="${w[1]}"] .rd-head`];
  if (text === "ability") return [`.rd-backstage[data-zone="p${me}.backstage"] .card:first-child`];
  if (text === "tag") return [`.rd-side[data-player="${me}"] .rd-head`];
  return [];
}

function prompt(ctx) {
  const o = ctx.obs;
  const pl = o.playing;
  switch (o.phase) {
    case "pre-match":
      return { title: "Pre-match", text: "Place a Pre-match card from your Backlash deck, or pass (end)." };
    case "reversal window":
      return {
        title: "Reversal window!",
        text: pl && pl.card ? `${who(ctx, o.turn_player)} plays ${cardName(ctx, pl.card)} as ${pl.as}${pl.damage ? ` for ${pl.damage} damage` : ""}. Reverse it with a card, or let it through (end).` : "Reverse the card, or let it through (end).",
      };
    case "stun draw":
      return { title: "Stun Value", text: "Choose how many cards to draw." };
    case "bury":
      return { title: "Bury a card", text: "Put a card from your hand on the bottom of your Arsenal." };
    case "target":
      return { title: "Choose a target", text: "Aim the card at one opponent." };
    default:
      return { title: "Your turn", text: "Play maneuvers and actions from your hand, or end your turn." };
  }
}

function status(ctx) {
  const o = ctx.obs;
  return `Turn ${o.turn}, ${o.phase}.`;
}

export default {
  face,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`p${ctx.seat}.hand`, `p${ctx.seat}.backlash`]),
};
