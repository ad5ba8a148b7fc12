// Raw Deal: each wrestler's mat with the Superstar backstage, the Ring (cards that hit, the
// Fortitude Rating), Ringside (the discard pile), the Arsenal (life, face down), the Pre-match
// cards and the Backlash deck; the card being played in the middle.
import { backEl, cardEl, cardName, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { h } from "../js/ui.js";

const TONES = { maneuver: "red", action: "blue", reversal: "yellow", superstar: "gold", prematch: "purple", midmatch: "teal" };

// A schema word as printed: "high_risk" -> "High Risk".
const WORD = (s) => String(s ?? "").replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

// A card face: the type line and the printed numbers (Fortitude, Damage, Stun Value; Hand Size
// and Superstar Value) as badges, and the card's rules text (cardText: the sentences the
// server words from the card data, in the table's language).
function face(card) {
  const kind = card.kind;
  if (kind === "superstar" || kind === "enforcer") {
    const badges = [];
    const hs = stat(card, "hand_size");
    const sv = stat(card, "superstar_value");
    if (hs !== undefined) badges.push({ k: "hand", v: hs, title: "Hand Size" });
    if (sv !== undefined) badges.push({ k: "SV", v: sv, title: "Superstar Value" });
    const line = [stat(card, "alignment"), stat(card, "brand"), kind].filter(Boolean).map(WORD).join(" · ");
    return { tone: "gold", kind: line, badges, corner: sv, cornerTitle: "Superstar Value", text: cardText(card) };
  }
  const plays = stat(card, "plays_as") || [];
  const subtypes = stat(card, "subtypes") || [];
  const pm = stat(card, "prematch_kind");
  const first = plays[0] || (kind === "prematch" ? "prematch" : kind === "midmatch" ? "midmatch" : kind);
  const f = stat(card, "fortitude") ?? 0;
  const d = stat(card, "damage_as_reversed") ? "#" : stat(card, "damage") ?? 0;
  const sv = stat(card, "stun") ?? 0;
  const badges = [];
  if (plays.length || f) badges.push({ k: "F", v: f, title: "Fortitude needed", cls: "big" });
  if (plays.includes("maneuver") || d) badges.push({ k: "D", v: d, title: "damage", cls: "big" });
  if (sv) badges.push({ k: "SV", v: sv, title: "Stun Value" });
  const types = plays.length ? plays.map(WORD).join("/") : [kind, pm].filter(Boolean).map(WORD).join(" · ");
  return {
    tone: plays.length > 1 ? "orange" : TONES[first] || "slate",
    kind: [kind === "midmatch" && plays.length ? `Mid-match ${types}` : types, subtypes.map(WORD).join(", ")].filter(Boolean).join(" · "),
    corner: plays.includes("maneuver") ? d : undefined,
    cornerTitle: "damage",
    badges,
    text: cardText(card),
  };
}

// Tag teams (RD-9.4): seats 0 and 2 are team A, seats 1 and 3 team B.
const isTag = (o) => o.match === "tag" && o.num_players === 4;
const teamOf = (p) => (p % 2 === 0 ? "A" : "B");
const teamWords = (ctx, team) => {
  const [a, b] = team === "A" ? [0, 2] : [1, 3];
  return `Team ${team} (${who(ctx, a)} and ${who(ctx, b)})`;
};

function inRing(o, p) {
  return Array.isArray(o.active) && o.active.includes(p);
}

function head(ctx, p) {
  const o = ctx.obs;
  const out = (o.eliminated || []).includes(p);
  const star = (o.superstars || [])[p];
  const tag = isTag(o);
  const me = ctx.seat;
  const partner = tag && me !== null && me !== undefined && !ctx.replay && p !== me && p % 2 === me % 2;
  const over = o.winner !== null && o.winner !== undefined;
  const aimed = o.playing && o.playing.target === p;
  return h(
    "div.rd-head",
    { dataset: { player: p } },
    tag ? h(`span.team.team-${teamOf(p).toLowerCase()}`, { title: teamWords(ctx, teamOf(p)) }, `Team ${teamOf(p)}`) : null,
    h("span.rd-who", null, who(ctx, p)),
    partner ? h("span.tag.info", null, "your partner") : null,
    star ? h("span.rd-star", null, cardName(ctx, star)) : null,
    o.turn_player === p && o.phase !== "pre-match" && !over ? h("span.tag", null, "turn") : null,
    o.current_player === p && !over ? h("span.tag.act", null, "to act") : null,
    tag && !out ? (inRing(o, p) ? h("span.tag.ring", { title: "the team's legal man: plays and takes the damage" }, "in the ring") : h("span.tag.apron", { title: "waits for a tag" }, "on the apron")) : null,
    aimed ? h("span.tag.bad", null, "target") : null,
    out ? h("span.tag.bad", null, "out") : null,
    h("span.rd-stats", null,
      h("span", { title: "Fortitude Rating: the D of the cards in the Ring" }, "F ", h("b", null, String((o.fortitude || [])[p] ?? 0))),
      h("span", { title: "Superstar Value" }, "SV ", h("b", null, String((o.superstar_values || [])[p] ?? "?"))),
      h("span", { title: "cards left in the Arsenal: the wrestler's life" }, "Arsenal ", h("b", null, String(zoneCount(o.zones[`p${p}.arsenal`])))),
    ),
  );
}

function mat(ctx, p, mine, compact = false) {
  const o = ctx.obs;
  const z = o.zones;
  const backlash = z[`p${p}.backlash`];
  const over = o.winner !== null && o.winner !== undefined;
  const cls = [
    mine && "mine",
    compact && "compact",
    isTag(o) && `team-${teamOf(p).toLowerCase()}`,
    o.current_player === p && !over && "to-act",
    (o.eliminated || []).includes(p) && "out",
    o.playing && o.playing.target === p && "aimed",
  ];
  return h(
    "div.rd-side",
    { dataset: { player: p }, class: cls.filter(Boolean).join(" ") },
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
  const match = o.num_players > 2 ? (isTag(o) ? "tag team match" : `${o.num_players}-player free-for-all`) : null;
  const over = o.winner !== null && o.winner !== undefined;
  const parts = [
    h(
      "div.rd-turn",
      null,
      h("b", null, `Turn ${o.turn}`),
      over ? " · the match is over" : ` · ${who(ctx, o.turn_player)}'s turn · ${o.phase}`,
      match ? h("div.muted-light", null, match) : null,
    ),
  ];
  const choosing = o.phase === "target" && pl && (pl.target === null || pl.target === undefined);
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
          choosing
            ? h(
                "div.rd-aim",
                null,
                ctx.legal.length ? "▲ choose its target: click a highlighted opponent" : `${who(ctx, o.turn_player)} is choosing its target`,
              )
            : null,
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

// Two players: the opponent above, you below. More: the opponents side by side above (in a
// tag match the other team), the card being played in the middle, then your partner and you.
function render(ctx) {
  const o = ctx.obs;
  const order = seatOrder(ctx, o.num_players);
  const me = order[order.length - 1];
  const others = order.slice(0, -1);
  if (others.length === 1) return h("div.rd-table", null, mat(ctx, others[0], false), center(ctx), mat(ctx, me, true));
  const tag = isTag(o);
  const seated = ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
  const rivals = tag ? others.filter((p) => p % 2 !== me % 2) : others;
  const partners = tag ? others.filter((p) => p % 2 === me % 2) : [];
  const row = (ps, cls) => h(`div.rd-row.cols-${ps.length}${cls}`, null, ps.map((p) => mat(ctx, p, false, true)));
  return h(
    "div.rd-table.multi",
    { class: tag ? "tag-match" : "" },
    tag ? h("div.rd-team-label", null, `${seated ? "Opponents: " : ""}${teamWords(ctx, me % 2 === 0 ? "B" : "A")}`) : null,
    row(rivals, ""),
    center(ctx),
    tag ? h("div.rd-team-label", null, `${seated ? "Your team: " : ""}${teamWords(ctx, teamOf(me))}`) : null,
    partners.length ? row(partners, ".partners") : null,
    mat(ctx, me, true),
  );
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

// A tag match is won by a team: say so, rather than "you share the win".
function resultWords(ctx, result) {
  if (!ctx.obs || !isTag(ctx.obs) || result.length !== 4) return null;
  if (result[0] === result[1]) return "A draw.";
  const winner = result[0] > result[1] ? "A" : "B";
  if (ctx.seat !== null && ctx.seat !== undefined && !ctx.replay) return teamOf(ctx.seat) === winner ? "Your team wins!" : "Your team loses.";
  return `${teamWords(ctx, winner)} wins.`;
}

export default {
  face,
  resultWords,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => (ctx.seat === null || ctx.replay ? [] : [`p${ctx.seat}.hand`, `p${ctx.seat}.backlash`]),
};
