// The replay viewer: step through a finished game from one seat's view, the public view, or
// every view side by side.
import { loadMessages, t } from "./i18n.js";
import { games, cards as loadCards, getJSON, lang } from "./api.js";
import { who } from "./board.js";
import { actionLabel, howToPlay, loadModule, optionValues, showDetailOnHover } from "./table.js";
import { crumbs, h, plain } from "./ui.js";

// The observations of one step, as [seat, observation] pairs: with the view "all" a step
// has `observations` (one per seat) besides the spectator's `observation`.
function views(step, view) {
  if (view === "all" && Array.isArray(step.observations)) return step.observations.map((o, i) => [i, o]);
  return [[/^\d+$/.test(view) ? Number(view) : null, step.observation]];
}

// The card ids the observations show face up (in any zone given as a list).
function shownCards(observations) {
  const out = new Set();
  for (const obs of observations) {
    for (const v of Object.values((obs && obs.zones) || {})) if (Array.isArray(v)) for (const id of v) out.add(id);
  }
  return out;
}

export async function replayPage(root, table) {
  const summary = await getJSON(`/api/tables/${encodeURIComponent(table)}?lang=${lang()}`);
  const [module, cardData, gameList] = await Promise.all([loadModule(summary.game), loadCards(summary.game), games(), loadMessages(summary.game)]);
  const gameInfo = gameList.find((g) => g.name === summary.game) || { title: summary.game, options: {} };
  const title = gameInfo.title;
  const options = optionValues(gameInfo, summary);
  document.title = t("{title} · replay of table {table}", { title, table });
  crumbs(h("a", { href: "/" }, t("Lobby")), title, t("replay of table {table}", { table }));
  const n = (summary.seats || []).length;

  const params = new URLSearchParams(location.search);
  let view = params.get("view") || "public";
  let steps = [];
  let index = 0;
  let ctxNow = null;

  const viewSel = h(
    "select#view",
    { "aria-label": t("view") },
    h("option", { value: "public" }, t("Public view (spectator)")),
    Array.from({ length: n }, (_, i) => h("option", { value: String(i) }, t("P{p}'s view", { p: i }))),
    h("option", { value: "all" }, t("All views")),
  );
  viewSel.value = view;
  const btn = (id, text, fn, label) => h(`button#${id}`, { onclick: fn, title: label, "aria-label": label }, text);
  const slider = h("input#step-slider", { type: "range", min: 0, max: 0, value: 0 });
  const counter = h("span#step-counter.step-counter");
  const stepText = h("div#step-text.step-text");
  const events = h("ul#step-events.step-events");
  const boards = h("div#replay-boards.replay-boards");
  const detail = h("div#detail.detail-box", null, h("p.muted", null, t("Point at a card to read it.")));
  const controls = h(
    "div.replay-controls",
    null,
    viewSel,
    btn("first", "|◀", () => go(0), t("first")),
    btn("prev", "◀", () => go(index - 1), t("previous")),
    slider,
    btn("next", "▶", () => go(index + 1), t("next")),
    btn("last", "▶|", () => go(steps.length - 1), t("last")),
    counter,
  );
  root.replaceChildren(
    h(
      "div.table-page.replay",
      null,
      h("section.board-wrap", null, controls, boards),
      h(
        "aside.side",
        null,
        h("div.prompt", null, h("div.prompt-title", null, t("Replay: {title}", { title })), summary.result_text ? h("p#replay-result", null, summary.result_text) : null, stepText),
        h("div.panel", null, h("h4", null, t("What happened")), events),
        howToPlay(summary.game),
        h("div.panel", null, h("h4", null, t("Card")), detail),
      ),
    ),
  );
  showDetailOnHover(boards, () => ctxNow, detail);

  slider.addEventListener("input", () => go(Number(slider.value)));
  viewSel.addEventListener("change", () => load(viewSel.value));
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowRight") go(index + 1);
    else if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(steps.length - 1);
  });

  async function load(v) {
    view = v;
    const u = new URL(location.href);
    u.searchParams.set("view", v);
    history.replaceState(null, "", u);
    boards.replaceChildren(h("p.muted", null, t("Loading…")));
    try {
      const data = await getJSON(`/api/tables/${encodeURIComponent(table)}/replay?view=${encodeURIComponent(v)}&lang=${lang()}`);
      // the position before the first action, then one step per action
      steps = [{ action: null, observation: data.initial, events: [] }, ...(data.steps || [])];
    } catch (e) {
      boards.replaceChildren(h("p.error", null, t("No replay: {why}", { why: e.message })));
      steps = [];
      return;
    }
    slider.max = String(Math.max(0, steps.length - 1));
    go(Math.min(index, steps.length - 1));
  }

  function go(i) {
    if (!steps.length) return;
    index = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = String(index);
    counter.textContent = t("step {n} of {total}", { n: index, total: steps.length - 1 });
    const step = steps[index];
    const base = { cards: cardData, module, seats: summary.seats, options, legal: [], status: "replay", replay: true };
    const labelCtx = { ...base, seat: null };
    // the header names a card only where the board (before or after the step) shows it
    const before = index > 0 ? views(steps[index - 1], view) : [];
    const shown = shownCards([...before, ...views(step, view)].map(([, obs]) => obs));
    stepText.replaceChildren(
      step.action === null || step.action === undefined
        ? h("p", null, t("The start of the game."))
        : h("p", null, h("strong", null, who(labelCtx, step.player)), " ", step.words || (step.words === null ? t("makes a move with a card this view does not see") : actionLabel(labelCtx, step.text ?? String(step.action), shown))),
    );
    events.replaceChildren(...(step.events || []).map((line) => h("li", null, plain(line))));
    if (!(step.events || []).length) events.appendChild(h("li.muted", null, t("nothing else to see")));
    const vs = views(step, view);
    boards.classList.toggle("multi", vs.length > 1);
    boards.replaceChildren(
      ...vs.map(([seat, obs]) => {
        const ctx = { ...base, seat, obs, toAct: obs && obs.current_player };
        ctxNow = ctx;
        return h("div.replay-board", null, vs.length > 1 ? h("h4", null, seat === null ? t("Public view") : t("P{p}'s view", { p: seat })) : null, h("div.board", { class: `game-${summary.game}` }, module.render(ctx)));
      }),
    );
    for (const b of [["first", index === 0], ["prev", index === 0], ["next", index >= steps.length - 1], ["last", index >= steps.length - 1]]) {
      document.getElementById(b[0]).disabled = b[1];
    }
  }

  await load(view);
}
