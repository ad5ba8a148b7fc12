// The balance lab (docs/balance.md, "In the browser"): a card set edited in forms or uploaded
// as card files, balance runs with their progress, the report and its suggestions. The page's
// state is in its address: /lab?game=wcrugby&set=SET&run=RUN.
import { deleteJSON, games as loadGames, getJSON, lang, postJSON } from "./api.js";
import { t } from "./i18n.js";
import { crumbs, h, modal, toast, when } from "./ui.js";

const pct = (x) => `${(x * 100).toFixed(0)}%`;
const span = (x) => `${pct(x.low)}–${pct(x.high)}`;
const enc = encodeURIComponent;
// The games' units of length (Presentation.length_unit), in the page's language.
const UNITS = { periods: () => t("periods"), turns: () => t("turns"), rounds: () => t("rounds") };
const unitWord = (u) => (UNITS[u] ? UNITS[u]() : u);
// What the report's items are (sim/balance_summary.py: kind and metric), in the page's language.
const KINDS = { seat: () => t("seat"), deck: () => t("deck"), agent: () => t("computer player"), card: () => t("card") };
const METRICS = { "win rate": () => t("win rate"), played: () => t("when played"), "on court": () => t("on court") };
const word = (table, key) => (table[key] ? table[key]() : key);
// A translated message around a node: the message is given with MARK for that field.
const MARK = "\u0001";
function around(text, node) {
  const [before, after] = text.split(MARK);
  return [before, node, after];
}
// The punctuation between the page's own parts, in its language.
const punct = () => (lang() === "ja" ? { colon: "：", comma: "、", semi: "、" } : { colon: ": ", comma: ", ", semi: "; " });
// Names as the files have them (ids, file names, fields): not words to translate.
const asWritten = (text) => h("span", { translate: "no" }, text);

export async function labPage(root) {
  document.title = t("cardtable · balance lab");
  crumbs(h("a", { href: "/" }, t("Lobby")), t("Balance lab"));
  const games = await loadGames();
  const q = new URLSearchParams(location.search);
  const lab = { games, game: q.get("game"), set: q.get("set"), run: q.get("run"), timer: null };
  if (!games.some((g) => g.name === lab.game)) lab.game = games[0].name;
  lab.setPanel = h("section.panel.lab-set");
  lab.runPanel = h("section.panel.lab-run");
  lab.reportPanel = h("section.panel.lab-report", { hidden: true });
  root.replaceChildren(h("div.lab", null, lab.setPanel, h("div.lab-side", null, lab.runPanel, lab.reportPanel)));
  await showSet(lab);
  showRunForm(lab);
  if (lab.run) await followRun(lab, lab.run);
}

function remember(lab) {
  const q = new URLSearchParams({ game: lab.game });
  if (lab.set) q.set("set", lab.set);
  if (lab.run) q.set("run", lab.run);
  history.replaceState(null, "", `/lab?${q}`);
}

// ----- the card set ------------------------------------------------------------------------

async function showSet(lab) {
  let data = null;
  if (lab.set) {
    try {
      data = await getJSON(`/api/lab/sets/${enc(lab.set)}`);
      lab.game = data.game;
    } catch (e) {
      toast(t("Could not open the card set: {why}", { why: e.message }));
      lab.set = null;
    }
  }
  remember(lab);
  const picker = h(
    "select#lab-game",
    { disabled: !!data, onchange: (e) => ((lab.game = e.target.value), (lab.run = null), remember(lab), showRunForm(lab)) },
    lab.games.map((g) => h("option", { value: g.name, selected: g.name === lab.game }, g.title)),
  );
  const upload = h("input#lab-upload", { type: "file", multiple: true, accept: ".yaml,.yml", onchange: (e) => uploadFiles(lab, e.target.files) });
  const head = [
    h("h2", null, t("Card set")),
    h("p.lab-row", null, h("label", { for: "lab-game" }, t("Game")), " ", picker),
    data
      ? h("p.muted", null, around(t("Your card set {set}: change a number or a text, then save. Every change is checked against the game's card rules.", { set: MARK }), asWritten(data.set)))
      : h("p.muted", null, t("No card set yet: a run plays the game's own cards. Start from them to change numbers and texts, or upload your card files.")),
    h(
      "div.lab-buttons",
      null,
      data ? null : h("button.primary#lab-new-set", { onclick: () => newSet(lab) }, t("Edit the game's cards")),
      h("label.button", null, data ? t("Upload card files (replace by name)") : t("Upload card files"), upload),
      data ? h("a.button.ghost", { href: `/api/lab/sets/${enc(data.set)}/patch`, download: "cards.patch" }, t("Download the change (patch)")) : null,
      data ? h("button.ghost.danger#lab-delete-set", { onclick: () => askDelete(lab) }, t("Delete this card set")) : null,
    ),
  ];
  const open = new Set([...lab.setPanel.querySelectorAll("details.lab-card[open]")].map((d) => d.dataset.card));
  lab.setPanel.replaceChildren(h("div", null, head, h("div#lab-set-errors.lab-problems", { hidden: true, role: "alert" }), data ? cardList(lab, data) : null));
  for (const d of lab.setPanel.querySelectorAll("details.lab-card")) d.open = open.has(d.dataset.card); // the cards being edited stay open
}

async function newSet(lab, files = null) {
  const body = { game: lab.game };
  if (files) body.files = files;
  const data = await postJSON(`/api/lab/sets?lang=${lang()}`, body);
  lab.set = data.set;
  await showSet(lab);
  showRunForm(lab);
  return data;
}

// Deleting the set, once the designer confirms: the runs already finished keep their results.
function askDelete(lab) {
  const close = modal(
    t("Delete this card set?"),
    h(
      "div.lab-confirm",
      null,
      h("p", null, around(t("Your card set {set} and every change in it will be gone. Finished runs keep their reports and suggestions; a set with a run waiting or playing cannot be deleted.", { set: MARK }), asWritten(lab.set))),
      h(
        "p.lab-buttons",
        null,
        h("button.danger#lab-delete-yes", { onclick: () => (close(), deleteSet(lab)) }, t("Delete it")),
        h("button.ghost#lab-delete-no", { onclick: () => close() }, t("Keep it")),
      ),
    ),
  );
}

async function deleteSet(lab) {
  try {
    await deleteJSON(`/api/lab/sets/${enc(lab.set)}`);
    lab.set = null;
    await showSet(lab);
    showRunForm(lab);
    toast(t("The card set is deleted."), "ok");
  } catch (e) {
    toast(t("Could not delete the card set: {why}", { why: e.message }));
  }
}

async function readFiles(list) {
  return Promise.all([...list].map(async (f) => ({ name: f.name.replace(/\.yml$/, ".yaml"), text: await f.text() })));
}

async function uploadFiles(lab, list) {
  try {
    const files = await readFiles(list);
    if (lab.set) await postJSON(`/api/lab/sets/${enc(lab.set)}?lang=${lang()}`, { files });
    else await newSet(lab, files);
    await showSet(lab);
    toast(t("The card files are checked and saved."), "ok");
  } catch (e) {
    showProblems(lab, e);
  }
}

function cardList(lab, data) {
  const filter = h("input#lab-filter", { type: "text", placeholder: t("Find a card"), oninput: (e) => filterCards(list, e.target.value) });
  const list = h("div.lab-cards", null, data.cards.map((c) => cardForm(c)));
  const save = h("button.primary#lab-save", { onclick: () => saveSet(lab, list) }, t("Save changes"));
  const files = h(
    "p.lab-files.muted",
    null,
    t("Card files:"),
    " ",
    data.files.map((f) => [h("a", { href: `/api/lab/sets/${enc(data.set)}/files/${enc(f.name)}`, download: f.name, translate: "no" }, f.name), " "]),
  );
  return h("div", null, h("div.lab-row", null, filter, " ", save), files, list);
}

function cardForm(card) {
  const name = (card.fields.find((f) => f.field === (lang() === "ja" ? "name_ja" : "name")) || card.fields.find((f) => f.field === "name") || { value: "" }).value;
  const rows = card.fields.map((f) => {
    // the file's own values (in any language): as written, not words of the page to translate
    const attrs = { dataset: { file: card.file, card: card.card, field: f.field, kind: f.kind, orig: String(f.value) }, "aria-label": `${card.card} ${f.field}`, translate: "no" };
    const input =
      f.kind === "int"
        ? h("input", { ...attrs, type: "number", step: 1, value: f.value })
        : String(f.value).length > 50
          ? h("textarea", { ...attrs, rows: 2 }, f.value)
          : h("input", { ...attrs, type: "text", value: f.value });
    input.addEventListener("input", () => input.classList.toggle("changed", input.value !== input.dataset.orig));
    return h("label.lab-field", { dataset: { field: f.field } }, h("span.lab-field-name", { translate: "no" }, f.field), input);
  });
  return h(
    "details.lab-card",
    { dataset: { card: card.card, file: card.file } },
    h("summary", null, h("strong", null, name || card.card), " ", h("span.muted", { translate: "no" }, `${card.card} · ${card.file}`)),
    h("div.lab-fields", null, rows),
  );
}

function filterCards(list, text) {
  const words = text.trim().toLowerCase();
  for (const el of list.children) el.hidden = !!words && !el.textContent.toLowerCase().includes(words) && !el.dataset.card.includes(words);
}

function edits(list) {
  const out = [];
  for (const input of list.querySelectorAll("input.changed, textarea.changed")) {
    const d = input.dataset;
    const value = d.kind === "int" ? Number(input.value) : input.value;
    if (d.kind === "int" && (input.value.trim() === "" || !Number.isInteger(value))) throw new Error(t("{card} {field}: a whole number, please", { card: d.card, field: d.field }));
    out.push({ file: d.file, card: d.card, field: d.field, value });
  }
  return out;
}

async function saveSet(lab, list) {
  try {
    const changes = edits(list);
    if (!changes.length) {
      toast(t("Nothing changed."), "ok");
      return;
    }
    await postJSON(`/api/lab/sets/${enc(lab.set)}?lang=${lang()}`, { edits: changes });
    await showSet(lab);
    toast(t("Saved: {n} changes, checked against the card rules.", { n: changes.length }), "ok");
  } catch (e) {
    showProblems(lab, e);
  }
}

// A refused change: each problem next to its card and field (the change was not saved).
function showProblems(lab, e) {
  const box = document.getElementById("lab-set-errors");
  const problems = (e.data && e.data.problems) || [];
  for (const old of lab.setPanel.querySelectorAll(".field-error")) old.remove();
  box.hidden = false;
  box.replaceChildren(
    h("strong", null, t("Not saved: the card set would not load.")),
    h("ul", null, problems.length ? problems.map((p) => h("li", null, problemText(lab, p))) : h("li", null, e.message)),
  );
  for (const p of problems) {
    const card = p.card && lab.setPanel.querySelector(`details.lab-card[data-card="${CSS.escape(p.card)}"]`);
    if (!card) continue;
    card.open = true;
    const field = card.querySelector(`label.lab-field[data-field="${CSS.escape(p.field || "")}"]`);
    (field || card.querySelector(".lab-fields")).appendChild(h("span.field-error.error", null, p.message));
  }
}

// Where a problem is (file, card by its name, field, line) and what it is, in the page's language;
// the file's own names (file, card id, field) as the file has them.
function problemText(lab, p) {
  const id = asWritten;
  const card = p.card && cardName(lab, p.card);
  const where = [
    p.file && id(p.file),
    card && t("card {card}", { card: card }),
    p.field && around(t("field {field}", { field: MARK }), id(p.field)),
    p.line && t("line {line}", { line: p.line }),
  ].filter(Boolean);
  const { colon, comma } = punct();
  return where.length ? [where.flatMap((w, i) => (i ? [comma, w] : [w])), colon, p.message] : p.message;
}

// A card's name as its form shows it (in the page's language), else its id.
function cardName(lab, card) {
  const el = lab.setPanel.querySelector(`details.lab-card[data-card="${CSS.escape(card)}"] summary strong`);
  return el ? el.textContent : card;
}

// ----- runs --------------------------------------------------------------------------------

function showRunForm(lab) {
  const game = lab.games.find((g) => g.name === lab.game);
  const agents = (game.agents || []).filter((a) => !a.spec.startsWith("ismcts"));
  const pick = agents.find((a) => a.spec === "greedy") || agents[0];
  const agent = h("select#lab-agent", null, agents.map((a) => h("option", { value: a.spec, selected: a === pick }, a.label)));
  const games = h("input#lab-games", { type: "number", min: 1, max: 5000, step: 1, value: 200 });
  const suggest = h("input#lab-suggest", { type: "checkbox" });
  // a run compares or suggests, not both (the server refuses both)
  const compare = h("input#lab-compare", { type: "checkbox", onchange: () => (suggest.disabled = compare.checked) });
  suggest.onchange = () => (compare.disabled = suggest.checked);
  const comparing = lab.set ? [h("label", { for: "lab-compare" }, t("Compare with the game's cards")), h("span", null, compare, " ", h("span.muted", null, t("play the game's own cards too (once for the same settings), on the same deals, and show what your changes move")))] : [];
  lab.progress = h("div#lab-progress.lab-progress", { hidden: true }, h("progress", { max: 1, value: 0 }), h("span.lab-progress-text"));
  lab.runs = h("div#lab-runs.lab-runs");
  lab.runPanel.replaceChildren(
    h("h2", null, t("Balance run")),
    h("p.muted", null, t("Plays many games between computer players with every starter deck, and shows which decks, seats and cards win too often or too rarely.")),
    h("div.lab-grid", null, h("label", { for: "lab-games" }, t("Games")), games, h("label", { for: "lab-agent" }, t("Computer players")), agent, h("label", { for: "lab-suggest" }, t("Suggest changes")), h("span", null, suggest, " ", h("span.muted", null, t("search and verify changes of card numbers for what is off (takes much longer)"))), ...comparing),
    h("p", null, h("button.primary#lab-start", { onclick: () => startRun(lab, { agents: [agent.value, agent.value], games: Number(games.value), suggest: suggest.checked, ...(lab.set ? { compare: compare.checked } : {}) }) }, lab.set ? t("Run with my card set") : t("Run with the game's cards"))),
    lab.progress,
    h("h3", null, t("Earlier runs")),
    lab.runs,
  );
  listRuns(lab);
}

async function startRun(lab, settings) {
  try {
    const body = lab.set ? { set: lab.set, ...settings } : { game: lab.game, ...settings };
    const run = await postJSON("/api/lab/runs", body);
    await followRun(lab, run.run);
  } catch (e) {
    toast(t("Could not start the run: {why}", { why: e.message }));
  }
}

async function listRuns(lab) {
  try {
    const runs = (await getJSON("/api/lab/runs")).filter((r) => r.game === lab.game);
    lab.runs.replaceChildren(
      runs.length
        ? h("ul", null, runs.map((r) => h("li", null, h("a", { href: "#", onclick: (e) => (e.preventDefault(), followRun(lab, r.run)) }, when(r.created)), " · ", t("{n} games", { n: r.games }), r.compare ? " · " + t("my card set against the game's cards") : r.set ? " · " + t("my card set") : "", " · ", statusWord(r.status))))
        : h("p.muted", null, t("No runs yet.")),
    );
  } catch (e) {
    lab.runs.replaceChildren(h("p.error", null, e.message));
  }
}

function statusWord(status) {
  return { queued: t("waiting"), running: t("playing"), finished: t("finished"), failed: t("failed") }[status] || status;
}

async function followRun(lab, id) {
  clearTimeout(lab.timer);
  lab.run = id;
  remember(lab);
  let run;
  try {
    run = await getJSON(`/api/lab/runs/${enc(id)}?lang=${lang()}`);
  } catch (e) {
    toast(t("Could not read the run: {why}", { why: e.message }));
    return;
  }
  showProgress(lab, run);
  if (run.status === "queued" || run.status === "running") {
    lab.timer = setTimeout(() => followRun(lab, id), 1000);
    return;
  }
  listRuns(lab);
  if (run.status === "finished") showReport(lab, run);
  else lab.reportPanel.hidden = true;
}

function showProgress(lab, run) {
  const bar = lab.progress.querySelector("progress");
  const text = lab.progress.querySelector(".lab-progress-text");
  const p = run.progress || {};
  lab.progress.hidden = false;
  bar.max = p.total || 1;
  bar.value = run.status === "finished" ? bar.max : p.done || 0;
  if (run.status === "failed") text.textContent = t("The run failed: {why}", { why: run.error || "" });
  else if (run.status === "finished") text.textContent = t("Finished: {n} games.", { n: run.result ? run.result.games : "" });
  else if (run.status === "queued" || p.phase === "queued" || !p.phase) text.textContent = t("Waiting for the lab (one run plays at a time)…");
  else if (p.phase === "playing") text.textContent = t("{done} of {total} games played", { done: p.done, total: p.total });
  else if (p.phase === "suggest") text.textContent = p.target ? t("Searching for changes, target {n} of {total}: {target}", { n: p.done + 1, total: p.total, target: searched(p) }) : t("Searching for changes…");
  else text.textContent = t("Writing the report…");
}

// The target the suggestion search is on: its kind and its name (a card's in the page's language).
function searched(p) {
  return p.kind ? `${word(KINDS, p.kind)} ${p.kind === "seat" ? seatName(p.label) : p.label}` : p.target;
}

// ----- the report --------------------------------------------------------------------------

function showReport(lab, run) {
  const r = run.result;
  const page = `/api/lab/runs/${enc(run.run)}/report.html?lang=${lang()}`;
  lab.reportPanel.hidden = false;
  lab.reportPanel.replaceChildren(
    h(
    "div",
    null,
    h("h2", null, t("Report")),
    h("p#lab-summary-line", null, t("{finished} of {games} games finished, {agents}.", { finished: r.finished, games: r.games, agents: agentNames(lab, run) }), r.errors ? h("span.error", null, " ", t("{n} games ended in an error.", { n: r.errors })) : null),
    r.changes ? changesTable(r) : null,
    r.changes ? h("h3", null, t("With your card set")) : null,
    rateTable(t("Seats"), seatRows(r)),
    rateTable(t("Decks"), r.decks.map((d) => [deckName(r, d.deck), d])),
    matchups(r),
    lengthLine(r),
    flagsList(r),
    r.suggestions ? suggestions(lab, run) : null,
    r.html
      ? h("p", null, h("a.button#lab-open-report", { href: page, target: "_blank", rel: "noopener" }, t("Open the full report")), " ", h("a.button.ghost", { href: `/api/lab/runs/${enc(run.run)}/report.json`, download: "balance.json" }, t("Download the data (JSON)")))
      : h("p.muted", null, t("The full report needs matplotlib on the server.")),
    r.html ? h("details.lab-frame", null, h("summary", null, t("Show the full report here")), h("iframe", { src: page, title: t("The full report"), loading: "lazy" })) : null,
    ),
  );
}

// The run's computer players by their names in the lobby (in the page's language).
function agentNames(lab, run) {
  const game = lab.games.find((g) => g.name === run.game) || { agents: [] };
  const label = (spec) => ((game.agents || []).find((a) => a.spec === spec) || { label: spec }).label.split(/[:：]/)[0];
  return [...new Set(run.settings.agents)].map(label).join(", ");
}

// A verified proposal's side effects: every deck, and the first player (else seat P0), before
// and after.
function sideEffects(run, p) {
  const fields = { decks: p.decks.map((d) => `${deckName(run.result, d.deck)} ${pct(d.before)} → ${pct(d.after)}`).join(punct().comma) };
  const seat = p.first_player || p.seat0;
  Object.assign(fields, { before: pct(seat.before), after: pct(seat.after) });
  return p.first_player ? t("Decks after: {decks}; first player {before} → {after}", fields) : t("Decks after: {decks}; P0 {before} → {after}", fields);
}

// A name the report gives: a card by its name in the page's language (the run's card files),
// a starter deck by its name in the page's language, the first player in the page's words.
const named = (r, kind, name) => (kind === "card" && r.names && r.names[name]) || (kind === "seat" ? seatName(name) : kind === "deck" ? deckName(r, name) : name);
const seatName = (name) => (name === "first" ? t("first player") : name);
// The seats' rows, and the first player's when the games tell who played first.
const seatRows = (x) => [...x.seats.map((s) => [`P${s.seat}`, s]), ...(x.first_player ? [[t("first player"), x.first_player]] : [])];
const deckName = (r, name) => (r.deck_names && r.deck_names[name]) || name;

function flagWord(flag) {
  return { above: t("wins too often"), below: t("wins too rarely") }[flag] || "";
}

function rateTable(title, rows) {
  return h(
    "table.lab-table",
    null,
    h("caption", null, title),
    h("tr", null, h("th"), h("th", null, t("win rate")), h("th", null, t("95% interval")), h("th", null, t("games")), h("th")),
    rows.map(([name, x]) => h("tr", { class: x.flag ? `flag-${x.flag}` : null }, h("th", null, name), h("td", null, pct(x.score)), h("td", null, span(x)), h("td", null, x.n), h("td", null, flagWord(x.flag)))),
  );
}

// A comparison: each seat's, deck's and matchup's win rate with the game's cards and with the
// set, and the change with its interval (paired over the shared deals), flagged or not.
function changesTable(r) {
  const c = r.changes;
  const rows = [
    ...seatRows(c),
    ...c.decks.map((d) => [deckName(r, d.deck), d]),
    ...c.matchups.filter((m) => m.deck < m.against).map((m) => [t("{deck} against {other}", { deck: deckName(r, m.deck), other: deckName(r, m.against) }), m]),
  ];
  return h(
    "table.lab-table.lab-changes",
    null,
    h("caption", null, t("What your card set changes (the same deals with the game's cards and with yours)")),
    h("tr", null, h("th"), h("th", null, t("the game's cards")), h("th", null, t("your cards")), h("th", null, t("change")), h("th", null, t("95% interval")), h("th")),
    rows.map(([name, x]) => h("tr", { class: x.flag ? `flag-${x.flag}` : null }, h("th", null, name), h("td", null, pct(x.before)), h("td", null, pct(x.after)), h("td", null, points(x.delta)), h("td", null, x.low === null ? "–" : `${points(x.low)} – ${points(x.high)}`), h("td", null, changeWord(x.flag)))),
  );
}

const points = (x) => t("{points} pts", { points: `${x > 0 ? "+" : ""}${(x * 100).toFixed(1)}` });

function changeWord(flag) {
  return { above: t("up beyond chance"), below: t("down beyond chance") }[flag] || "";
}

function matchups(r) {
  if (!r.matchups.length) return null;
  const names = r.decks.map((d) => d.deck);
  const cell = (a, b) => r.matchups.find((m) => m.deck === a && m.against === b);
  return h(
    "table.lab-table.lab-matchups",
    null,
    h("caption", null, t("Matchups (the row's win rate against the column)")),
    h("tr", null, h("th"), names.map((n) => h("th", null, deckName(r, n)))),
    names.map((a) => h("tr", null, h("th", null, deckName(r, a)), names.map((b) => h("td", null, cell(a, b) ? pct(cell(a, b).score) : "–")))),
  );
}

function lengthLine(r) {
  const parts = [t("Game length: {mean} decisions on average ({low}–{high})", { mean: r.length.mean.toFixed(1), low: r.length.low.toFixed(1), high: r.length.high.toFixed(1) })];
  if (r.units) parts.push(t("{mean} {unit} ({low}–{high}); short games: {short}", { mean: r.units.mean.toFixed(1), unit: unitWord(r.units.unit), low: r.units.low.toFixed(1), high: r.units.high.toFixed(1), short: pct(r.units.short) }));
  return h("p.lab-length", null, parts.join(" · "));
}

function flagsList(r) {
  const flags = r.flags;
  if (!flags.length) return h("p.lab-flags", null, t("Nothing stands out under the flag rule."));
  return h(
    "div.lab-flags",
    null,
    h("h3", null, t("What stands out")),
    h("ul", null, flags.map((f) => h("li", null, h("strong", null, named(r, f.kind, f.name)), " ", t("({kind}, {metric})", { kind: word(KINDS, f.kind), metric: word(METRICS, f.metric) }), `${punct().colon}${pct(f.score)} [${span(f)}]${punct().comma}`, flagWord(f.direction)))),
  );
}

function suggestions(lab, run) {
  const targets = run.result.suggestions;
  if (!targets.length) return h("p.lab-suggestions", null, t("Suggestions: nothing is off, so nothing to change."));
  return h(
    "div.lab-suggestions",
    null,
    h("h3", null, t("Suggestions")),
    targets.map((tg, i) =>
      h(
        "div.lab-target",
        null,
        h("h4", null, `${word(KINDS, tg.kind)} ${named(run.result, tg.kind, tg.name)}${punct().colon}${pct(tg.before.score)} [${span(tg.before)}]${punct().comma}${flagWord(tg.direction)}`),
        h("p.muted.lab-why", null, tg.why),
        tg.proposals.length ? tg.proposals.map((p, k) => proposal(lab, run, i, k, p)) : h("p.muted", null, t("No change of its numbers moved it toward the band.")),
      ),
    ),
  );
}

function proposal(lab, run, i, k, p) {
  const v = p.verified;
  const { colon, semi } = punct();
  const changes = p.changes.flatMap((c, n) => [n ? semi : "", `${named(run.result, "card", c.card)} `, c.file.startsWith("decks/") ? t("copies in {deck}", { deck: c.file.slice(6, -5) }) : asWritten(c.field), `${colon}${c.from} → ${c.to}`]);
  return h(
    "div.lab-proposal",
    null,
    h("p", null, h("strong", null, changes), " ", v ? h(v.in_band ? "span.ok" : "span.muted", null, v.in_band ? t("in the band") : v.closer === false ? t("not closer over the verifying games") : t("closer, not in the band")) : null),
    v ? h("p.muted", null, t("Verified over {n} player-games: {rate} [{span}]; {flags} items flagged after.", { n: v.n, rate: pct(v.score), span: span(v), flags: v.flags })) : null,
    v ? h("p.muted", null, sideEffects(run, p)) : null,
    h("p", null, h("button.apply", { onclick: () => applyProposal(lab, p) }, t("Apply to my card set")), " ", h("a.button.ghost", { href: `/api/lab/runs/${enc(run.run)}/suggestions/${i}/${k + 1}.patch`, download: "" }, t("Download patch"))),
  );
}

async function applyProposal(lab, p) {
  try {
    if (!lab.set) await newSet(lab);
    const edits = p.changes.map((c) => ({ file: c.file, card: c.card, field: c.field, value: c.to, from: c.from }));
    await postJSON(`/api/lab/sets/${enc(lab.set)}?lang=${lang()}`, { edits });
    await showSet(lab);
    showRunForm(lab);
    toast(t("Applied to your card set: run again to see it."), "ok");
  } catch (e) {
    toast(t("Could not apply it: {why}", { why: e.message }));
  }
}
