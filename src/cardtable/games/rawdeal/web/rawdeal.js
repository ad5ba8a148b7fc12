// Raw Deal: each wrestler's mat with the Superstar backstage, the Ring (cards that hit, the
// Fortitude Rating), Ringside (the discard pile), the Arsenal (life, face down), the Pre-match
// cards and the Backlash deck; the card being played in the middle.
import { backEl, cardEl, cardName, cardText, emptyEl, pileEl, rowEl, seatOrder, stat, who, zoneCount } from "../js/board.js";
import { lang, t } from "../js/i18n.js";
import { h } from "../js/ui.js";

const TONES = { maneuver: "red", action: "blue", reversal: "yellow", superstar: "gold", prematch: "purple", midmatch: "teal" };

// A schema word as printed: "high_risk" -> "High Risk" (in the page's language when known).
const SCHEMA_WORDS = {
  maneuver: () => t("Maneuver"),
  action: () => t("Action"),
  reversal: () => t("Reversal"),
  strike: () => t("Strike"),
  grapple: () => t("Grapple"),
  submission: () => t("Submission"),
  high_risk: () => t("High Risk"),
  trademark_finisher: () => t("Trademark Finisher"),
  face: () => t("Face"),
  heel: () => t("Heel"),
  raw: () => t("Raw"),
  smackdown: () => t("SmackDown!"),
  superstar: () => t("Superstar"),
  enforcer: () => t("Enforcer"),
  venue: () => t("Venue"),
  feud: () => t("Feud"),
  stipulation: () => t("Stipulation"),
  manager: () => t("Manager"),
  title_belt: () => t("Title Belt"),
  event: () => t("Event"),
};
const WORD = (s) => (SCHEMA_WORDS[s] ? SCHEMA_WORDS[s]() : String(s ?? "").replace(/[-_]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase()));
const LIST = (words) => words.join(lang() === "ja" ? "、" : ", ");

// What a card is played as (the observation's "as"), and the phase, in words.
const AS_WORDS = { maneuver: () => t("maneuver"), action: () => t("action"), reversal: () => t("reversal") };
const asWord = (as) => (AS_WORDS[as] ? AS_WORDS[as]() : String(as ?? ""));
const PHASE_WORDS = {
  "pre-match": () => t("pre-match"),
  main: () => t("main"),
  "reversal window": () => t("reversal window"),
  "stun draw": () => t("stun draw"),
  bury: () => t("bury"),
  over: () => t("over"),
  target: () => t("target"),
  may: () => t("may"),
  discard: () => t("discard"),
  retrieve: () => t("retrieve"),
  recover: () => t("recover"),
};
const phaseWord = (ph) => (PHASE_WORDS[ph] ? PHASE_WORDS[ph]() : String(ph ?? ""));

// A card face: the type line and the printed numbers (Fortitude, Damage, Stun Value; Hand Size
// and Superstar Value) as badges, and the card's rules text (cardText: the sentences the
// server words from the card data, in the table's language).
function face(card) {
  const kind = card.kind;
  if (kind === "superstar" || kind === "enforcer") {
    const badges = [];
    const hs = stat(card, "hand_size");
    const sv = stat(card, "superstar_value");
    if (hs !== undefined) badges.push({ k: t("hand"), v: hs, title: t("Hand Size") });
    if (sv !== undefined) badges.push({ k: "SV", v: sv, title: t("Superstar Value") });
    const line = [stat(card, "alignment"), stat(card, "brand"), kind].filter(Boolean).map(WORD).join(" · ");
    return { tone: "gold", kind: line, badges, corner: sv, cornerTitle: t("Superstar Value"), text: cardText(card) };
  }
  const plays = stat(card, "plays_as") || [];
  const subtypes = stat(card, "subtypes") || [];
  const pm = stat(card, "prematch_kind");
  const first = plays[0] || (kind === "prematch" ? "prematch" : kind === "midmatch" ? "midmatch" : kind);
  const f = stat(card, "fortitude") ?? 0;
  const d = stat(card, "damage_as_reversed") ? "#" : stat(card, "damage") ?? 0;
  const sv = stat(card, "stun") ?? 0;
  const badges = [];
  if (plays.length || f) badges.push({ k: "F", v: f, title: t("Fortitude needed"), cls: "big" });
  if (plays.includes("maneuver") || d) badges.push({ k: "D", v: d, title: t("damage"), cls: "big" });
  if (sv) badges.push({ k: "SV", v: sv, title: t("Stun Value") });
  const types = plays.length ? plays.map(WORD).join("/") : kind === "prematch" && pm ? t("Pre-match ({kind})", { kind: WORD(pm) }) : WORD(kind);
  return {
    tone: plays.length > 1 ? "orange" : TONES[first] || "slate",
    kind: [kind === "midmatch" && plays.length ? t("Mid-match {types}", { types }) : types, LIST(subtypes.map(WORD))].filter(Boolean).join(" · "),
    corner: plays.includes("maneuver") ? d : undefined,
    cornerTitle: t("damage"),
    badges,
    text: cardText(card),
  };
}

// Tag teams (RD-9.4): seats 0 and 2 are team A, seats 1 and 3 team B.
const isTag = (o) => o.match === "tag" && o.num_players === 4;
const teamOf = (p) => (p % 2 === 0 ? "A" : "B");
const teamWords = (ctx, team) => {
  const [a, b] = team === "A" ? [0, 2] : [1, 3];
  return t("Team {team} ({a} and {b})", { team, a: who(ctx, a), b: who(ctx, b) });
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
    tag ? h(`span.team.team-${teamOf(p).toLowerCase()}`, { title: teamWords(ctx, teamOf(p)) }, t("Team {team}", { team: teamOf(p) })) : null,
    h("span.rd-who", null, who(ctx, p)),
    partner ? h("span.tag.info", null, t("your partner")) : null,
    star ? h("span.rd-star", null, cardName(ctx, star)) : null,
    o.turn_player === p && o.phase !== "pre-match" && !over ? h("span.tag", null, t("turn")) : null,
    o.current_player === p && !over ? h("span.tag.act", null, t("to act")) : null,
    tag && !out
      ? inRing(o, p)
        ? h("span.tag.ring", { title: t("the team's legal man: plays and takes the damage") }, t("in the ring"))
        : h("span.tag.apron", { title: t("waits for a tag") }, t("on the apron"))
      : null,
    aimed ? h("span.tag.bad", null, t("aimed at")) : null,
    out ? h("span.tag.bad", null, t("out")) : null,
    h("span.rd-stats", null,
      h("span", { title: t("Fortitude Rating: the D of the cards in the Ring") }, "F ", h("b", null, String((o.fortitude || [])[p] ?? 0))),
      h("span", { title: t("Superstar Value") }, "SV ", h("b", null, String((o.superstar_values || [])[p] ?? "?"))),
      h("span", { title: t("cards left in the Arsenal: the wrestler's life") }, t("Arsenal"), " ", h("b", null, String(zoneCount(o.zones[`p${p}.arsenal`])))),
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
      h("div.zone.rd-backstage", { dataset: { zone: `p${p}.backstage` } }, h("div.zone-label", null, t("Backstage")), rowEl(ctx, `p${p}.backstage`, { size: "m" })),
      h(
        "div.zone.rd-ring",
        { dataset: { zone: `p${p}.ring` } },
        h("div.zone-label", null, t("Ring"), h("span.zone-count", null, " · ", t("{n} cards", { n: zoneCount(z[`p${p}.ring`]) }), ` · F ${(ctx.obs.fortitude || [])[p] ?? 0}`)),
        rowEl(ctx, `p${p}.ring`, { size: "s", emptyLabel: "" }),
        zoneCount(z[`p${p}.prematch`]) ? h("div.rd-prematch", null, h("div.zone-label", null, t("Pre-match")), rowEl(ctx, `p${p}.prematch`, { size: "s" })) : null,
        seenEl(ctx, p),
      ),
      h(
        "div.zone.rd-piles",
        null,
        pileEl(ctx, `p${p}.arsenal`, t("Arsenal"), { size: "s", top: "first" }),
        pileEl(ctx, `p${p}.ringside`, t("Ringside"), { size: "s" }),
        Array.isArray(backlash)
          ? null
          : h(
              "div.pile",
              { dataset: { zone: `p${p}.backlash` } },
              backlash ? backEl(backlash, { size: "s", alwaysCount: true, label: t("BL") }) : emptyEl(t("none"), { size: "s" }),
              h("div.pile-label", null, t("Backlash · {n}", { n: backlash || 0 })),
            ),
        mine
          ? null
          : h(
              "div.pile",
              { dataset: { zone: `p${p}.hand` } },
              backEl(zoneCount(z[`p${p}.hand`]), { size: "s", alwaysCount: true, label: t("hand") }),
              h("div.pile-label", null, t("Hand · {n}", { n: zoneCount(z[`p${p}.hand`]) })),
            ),
      ),
    ),
    Array.isArray(z[`p${p}.hand`]) && mine
      ? h(
          "div.hand-area",
          null,
          h("div.zone-label", null, ctx.seat === null || ctx.replay ? t("P{player}'s hand", { player: p }) : t("Your hand"), ` · ${zoneCount(z[`p${p}.hand`])}`),
          rowEl(ctx, `p${p}.hand`, { size: "m", emptyLabel: t("empty") }),
          Array.isArray(backlash) && backlash.length
            ? [h("div.zone-label.rd-bl-label", null, t("Your Backlash deck"), ` · ${backlash.length}`), rowEl(ctx, `p${p}.backlash`, { size: "s" })]
            : null,
        )
      : null,
  );
}

// RD-7.26: the cards of another player's hand this viewer has seen (or everyone was shown).
function seenEl(ctx, p) {
  const seen = (ctx.obs.seen_hands || {})[String(p)];
  if (!seen || !seen.length) return null;
  const cards = seen.map((id) => cardEl(ctx, id, { size: "s", zone: `p${p}.hand` }));
  return h("div.rd-seen", null, h("div.zone-label", null, t("Seen in hand")), h("div.zone-row", null, cards));
}

function center(ctx) {
  const o = ctx.obs;
  const pl = o.playing;
  const match = o.num_players > 2 ? (isTag(o) ? t("tag team match") : t("{n}-player free-for-all", { n: o.num_players })) : null;
  const over = o.winner !== null && o.winner !== undefined;
  const parts = [
    h(
      "div.rd-turn",
      null,
      h("b", null, t("Turn {turn}", { turn: o.turn })),
      " · ",
      over ? t("the match is over") : [t("{player}'s turn", { player: who(ctx, o.turn_player) }), " · ", phaseWord(o.phase)],
      match ? h("div.muted-light", null, match) : null,
    ),
  ];
  const choosing = o.phase === "target" && pl && (pl.target === null || pl.target === undefined);
  if (pl && pl.card) {
    const aimed = pl.target !== undefined && pl.target !== null;
    parts.push(
      h(
        "div.rd-playing",
        null,
        cardEl(ctx, pl.card, { size: "m", zone: "playing" }),
        h(
          "div.rd-playing-text",
          null,
          h("div.rd-big", null, t("{player} plays {card}", { player: who(ctx, o.turn_player), card: cardName(ctx, pl.card) })),
          h("div", null, aimed ? t("as {type} at {target}", { type: asWord(pl.as), target: who(ctx, pl.target) }) : t("as {type}", { type: asWord(pl.as) })),
          choosing
            ? h(
                "div.rd-aim",
                null,
                ctx.legal.length ? t("▲ choose its target: click a highlighted opponent") : t("{player} is choosing its target", { player: who(ctx, o.turn_player) }),
              )
            : null,
          pl.damage !== undefined && pl.damage !== null ? h("div.rd-dmg", null, t("{n} damage", { n: pl.damage })) : null,
          pl.reversals_needed ? h("div.muted", null, t("reversals needed: {n}", { n: pl.reversals_needed })) : null,
        ),
      ),
    );
  } else if (o.last_played) {
    const lp = typeof o.last_played === "string" ? { card: o.last_played } : o.last_played;
    if (lp && lp.card) parts.push(h("div.rd-last", null, t("last played:"), " ", h("b", null, cardName(ctx, lp.card)), lp.as ? [" ", t("as {type}", { type: asWord(lp.as) })] : ""));
  }
  if (o.setup_bonus) parts.push(h("span.tag", null, t("set-up +{n}D", { n: o.setup_bonus })));
  if (o.stun_max) parts.push(h("span.tag", null, t("stun: draw up to {n}", { n: o.stun_max })));
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
    tag ? h("div.rd-team-label", null, seated ? t("Opponents: {team}", { team: teamWords(ctx, me % 2 === 0 ? "B" : "A") }) : teamWords(ctx, me % 2 === 0 ? "B" : "A")) : null,
    row(rivals, ""),
    center(ctx),
    tag ? h("div.rd-team-label", null, seated ? t("Your team: {team}", { team: teamWords(ctx, teamOf(me)) }) : teamWords(ctx, teamOf(me))) : null,
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

// What to do now, in the game's words, for the player to act (a first-time player included).
function prompt(ctx) {
  const o = ctx.obs;
  const pl = o.playing;
  switch (o.phase) {
    case "pre-match":
      return {
        title: t("Pre-match"),
        text: t("Before the match: place a Pre-match card from your Backlash deck (it stays in play all match and helps you), or pass. Two passes in a row start the match."),
      };
    case "reversal window":
      return { title: t("Reversal window!"), text: reversalText(ctx, pl) };
    case "stun draw":
      return { title: t("Stun Value"), text: t("A reversal overturned from your opponent's Arsenal stopped your maneuver's damage early: choose how many cards to draw, up to your Stun Value. Then your turn ends.") };
    case "bury":
      return { title: t("Bury a card"), text: t("Your Superstar ability: put a card from your hand on the bottom of your Arsenal.") };
    case "may":
    case "discard":
    case "retrieve":
    case "recover":
      return choicePrompt(ctx, o.phase, o.choice || {});
    case "target":
      return { title: t("Choose a target"), text: t("Aim the card at one opponent: click a highlighted wrestler. Only that opponent may reverse it, and takes its damage.") };
    default:
      return {
        title: t("Your turn"),
        text: t("Play maneuvers from your hand to damage your opponent (each point of damage overturns a card of their Arsenal, their life), or actions for their effects; a card needs your Fortitude (F) at least its own F. End your turn when you are done."),
      };
  }
}

// The reversal window: the card coming at you, and your two choices.
function reversalText(ctx, pl) {
  if (!pl || !pl.card) return t("Reverse the card with a highlighted card, or let it through.");
  const fields = { player: who(ctx, ctx.obs.turn_player), card: cardName(ctx, pl.card), type: asWord(pl.as), damage: pl.damage };
  if (pl.damage) return t("{player} plays {card} as {type} for {damage} damage. Reverse it with a highlighted card (their turn ends), or let it through and take the damage.", fields);
  return t("{player} plays {card} as {type}. Reverse it with a highlighted card (their turn ends), or let it through.", fields);
}

// A choice a card or an ability asks (RD-7.10 to RD-7.14): what to choose, and from where.
const CHOICE_PROMPTS = {
  may: () => ({ title: t("Your choice"), text: t("You may take what the card offers, or decline it.") }),
  discard: () => ({ title: t("Discard a card"), text: t("Choose a card of your hand to discard to your Ringside pile.") }),
  retrieve: () => ({ title: t("Take a card back"), text: t("Choose a card of your Ringside pile to put into your hand.") }),
  recover: () => ({ title: t("Put a card back"), text: t("Choose a card of your Ringside pile to put on the bottom of your Arsenal.") }),
};

function choicePrompt(ctx, phase, choice) {
  const { title, text } = CHOICE_PROMPTS[phase]();
  const from = choice.card ? t("From {card}:", { card: cardName(ctx, choice.card) }) + " " : "";
  const more = choice.decline && phase !== "may" ? " " + t("You may also decline.") : "";
  return { title, text: from + text + more };
}

function status(ctx) {
  const o = ctx.obs;
  return t("Turn {turn}, {phase}.", { turn: o.turn, phase: phaseWord(o.phase) });
}

// A tag match is won by a team: say so, rather than "you share the win".
function resultWords(ctx, result) {
  if (!ctx.obs || !isTag(ctx.obs) || result.length !== 4) return null;
  if (result[0] === result[1]) return t("A draw.");
  const winner = result[0] > result[1] ? "A" : "B";
  if (ctx.seat !== null && ctx.seat !== undefined && !ctx.replay) return teamOf(ctx.seat) === winner ? t("Your team wins!") : t("Your team loses.");
  return t("{team} wins.", { team: teamWords(ctx, winner) });
}

const STAT_NAMES = () => ({ unique: t("Unique"), universally_unique: t("Unique to the whole match"), plays_as: t("Plays as"), subtypes: t("Subtypes"), fortitude: t("Fortitude"), damage: t("Damage"), stun: t("Stun Value"), damage_as_reversed: t("Reversed damage counts"), active: t("Active"), setup: t("Set-up"), follow_up: t("Follow-up"), multi: t("Several copies"), cannot_be_reversed: t("Cannot be reversed"), alignment: t("Alignment"), brand: t("Brand"), superstar: t("Superstar"), prematch_kind: t("Pre-match card"), hand_size: t("Hand size"), superstar_value: t("Superstar Value"), ability: t("Ability") });
const STAT_WORDS = () => ({ action: t("action"), maneuver: t("maneuver"), reversal: t("reversal"), grapple: t("Grapple"), high_risk: t("High Risk"), strike: t("Strike"), submission: t("Submission"), trademark_finisher: t("Trademark Finisher"), face: t("Face"), heel: t("Heel"), event: t("event"), feud: t("feud"), manager: t("manager"), stipulation: t("stipulation"), title_belt: t("title belt"), venue: t("venue"), draw_and_bury: t("draws and buries"), draw_two: t("draws two"), enforcer: t("enforcer"), none: t("none"), start_overturn: t("overturns at the start"), start_recycle: t("recycles at the start"), tough: t("tough"), damage_reduction: t("takes less damage"), start_recycle_choice: t("recycles a card of choice at the start"), discard_to_retrieve: t("discards to take a card back"), discard_to_opp_discard: t("discards to make the opponent discard") });
const statWord = (v) => STAT_WORDS()[v] || (v === "raw" || v === "smackdown" ? (v === "raw" ? "Raw" : "SmackDown") : undefined);

export default {
  statName: (key) => STAT_NAMES()[key] || key,
  statValue: (key, v) => (Array.isArray(v) && v.every(statWord) ? v.map(statWord).join(t(", ")) : statWord(v)),
  face,
  resultWords,
  render,
  targets,
  prompt,
  status,
  sourceZones: (ctx) => {
    if (ctx.seat === null || ctx.replay) return [];
    const fromRingside = ctx.obs && (ctx.obs.phase === "retrieve" || ctx.obs.phase === "recover");
    return [`p${ctx.seat}.hand`, `p${ctx.seat}.backlash`, ...(fromRingside ? [`p${ctx.seat}.ringside`] : [])];
  },
};
