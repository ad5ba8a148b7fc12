// The lobby: start a table (game, options, decks, opponents, your seat) and list the tables.
import { games as loadGames, getJSON, lang, postJSON, seats as seatStore } from "./api.js";
import { agentName } from "./board.js";
import { t } from "./i18n.js";
import { crumbs, h, plain, toast, when } from "./ui.js";

const HIDDEN_OPTIONS = new Set(["players", "cards"]);
const label = (s) => String(s).replace(/[_-]/g, " ");

export async function lobbyPage(root) {
  document.title = t("cardtable · lobby");
  crumbs(t("Lobby"));
  const games = await loadGames();
  const pick = h("div.game-picker", { role: "tablist" });
  const form = h("div.new-table");
  const lists = h("div.table-lists");
  root.replaceChildren(
    h(
      "div.lobby",
      null,
      h("section.panel.start", null, h("h2", null, t("New table")), pick, form),
      h("section.panel.tables", null, h("h2", null, t("Tables")), lists, h("p.lab-link", null, h("a#lab-link", { href: "/lab" }, t("Balance lab: test and tune a card set")))),
    ),
  );

  let current = null;
  games.sort((a, b) => Number(a.example) - Number(b.example)); // example games last
  for (const g of games) {
    const btn = h(
      "button.game-tile",
      { role: "tab", dataset: { game: g.name }, onclick: () => choose(g) },
      h("span.game-title", null, g.title),
      h("span.game-sub", null, g.min_players === g.max_players ? t("{n} players", { n: g.min_players }) : t("{min}–{max} players", { min: g.min_players, max: g.max_players })),
    );
    pick.appendChild(btn);
  }
  function choose(g) {
    current = g;
    for (const b of pick.children) b.classList.toggle("selected", b.dataset.game === g.name);
    buildForm(form, g);
  }
  const wanted = new URLSearchParams(location.search).get("game");
  choose(games.find((g) => g.name === wanted) || games[0]);

  const refresh = async () => {
    try {
      renderLists(lists, await getJSON(`/api/tables?lang=${lang()}`), games);
    } catch (e) {
      lists.replaceChildren(h("p.error", null, t("Could not list the tables: {why}", { why: e.message })));
    }
  };
  await refresh();
  setInterval(() => {
    if (!document.hidden) refresh();
  }, 4000);
  return current;
}

function optionInput(name, spec) {
  const d = spec.default;
  let input;
  if (Array.isArray(spec.choices) && spec.choices.length) {
    input = h("select", { name }, spec.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === d }, c === null ? "—" : String(c))));
  } else if (typeof d === "boolean") {
    input = h("input", { type: "checkbox", name, checked: d });
  } else if (typeof d === "number") {
    input = h("input", { type: "number", name, value: d, step: Number.isInteger(d) ? 1 : "any" });
  } else {
    input = h("input", { type: "text", name, value: d ?? "" });
  }
  input.dataset.option = name;
  return input;
}

function readOption(input, spec) {
  if (input.type === "checkbox") return input.checked;
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "number") return input.value === "" ? spec.default : Number(input.value);
  return input.value;
}

function buildForm(form, g) {
  const opts = g.options || {};
  const playersSpec = opts.players;
  const optionRows = Object.entries(opts)
    .filter(([n]) => !HIDDEN_OPTIONS.has(n))
    .map(([n, spec]) =>
      h("label.opt", { title: plain(spec.description || "") }, h("span.opt-name", null, label(n)), optionInput(n, spec), spec.description ? h("span.opt-desc", null, plain(spec.description)) : null),
    );
  const nPlayers = h(
    "select#players",
    { name: "players" },
    Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i).map((n) =>
      h("option", { value: n, selected: n === (playersSpec ? playersSpec.default : g.min_players) }, t("{n} players", { n })),
    ),
  );
  const seatRows = h("div.seat-rows");
  const seed = h("input#seed", { type: "number", min: 0, placeholder: t("random") });
  // private (the default): only people given a link find the table; public: the lobby lists it
  const visibility = h(
    "select#visibility",
    { name: "visibility" },
    h("option", { value: "private", selected: true }, t("Private: only people you send a link")),
    h("option", { value: "public" }, t("Public: listed in the lobby, anyone may watch")),
  );
  const createBtn = h("button#create.primary", { onclick: () => create(false) }, t("Start the table"));
  const formError = h("p.error", { hidden: true });
  // the cards whose text the rules do not all enforce, when the server asks to accept them
  const unenforcedBox = h("div#unenforced.problems", { hidden: true, role: "alert" });

  const seatState = []; // per seat: {kind: "me"|"agent"|"human", spec, deck: null|name|{text, ok}}

  function renderSeats() {
    const n = Number(nPlayers.value);
    while (seatState.length < n) {
      const def = g.agents.find((a) => a.default) || g.agents[0];
      seatState.push({ kind: seatState.length === 0 ? "me" : "agent", spec: def ? def.spec : "random", deck: null });
    }
    seatState.length = n;
    if (!seatState.some((s) => s.kind === "me")) seatState[0].kind = "me";
    seatRows.replaceChildren(
      h("div.seat-row.head", null, h("span", null, t("Seat")), h("span", null, t("Player")), h("span", null, t("Deck"))),
      ...seatState.map((s, i) => seatRow(i, s)),
    );
    updateCreate();
  }

  function seatRow(i, s) {
    const mine = h("label.me", null, h("input", { type: "radio", name: "myseat", value: i, checked: s.kind === "me", onchange: () => setMe(i) }), " ", t("me"));
    const who =
      s.kind === "me"
        ? h("span.you", null, t("You"))
        : h(
            "select.opponent",
            {
              dataset: { seat: i },
              onchange: (e) => {
                const v = e.target.value;
                if (v === "human") s.kind = "human";
                else {
                  s.kind = "agent";
                  s.spec = v;
                }
              },
            },
            g.agents.map((a) => h("option", { value: a.spec, selected: s.kind === "agent" && s.spec === a.spec }, t("Computer · {label}", { label: a.label }))),
            h("option", { value: "human", selected: s.kind === "human" }, t("A person (invite link)")),
          );
    const deckSel = h(
      "select.deck",
      { dataset: { seat: i } },
      h("option", { value: "", selected: s.deck === null }, t("Default deck")),
      (g.decks || []).map((d) => {
        const words = (g.deck_words || {})[d];
        return h("option", { value: `starter:${d}`, selected: s.deck === d, title: words ? words.description : "" }, words ? words.name : label(d));
      }),
      h("option", { value: "upload", selected: typeof s.deck === "object" && s.deck !== null }, t("Upload a deck file…")),
    );
    const file = h("input.deck-file", { type: "file", accept: ".yaml,.yml,.txt", hidden: !(s.deck && typeof s.deck === "object"), dataset: { seat: i } });
    const report = h("div.deck-report", { dataset: { seat: i } });
    if (s.deck && typeof s.deck === "object") showReport(report, s.deck);
    deckSel.addEventListener("change", () => {
      const v = deckSel.value;
      if (v === "upload") {
        file.hidden = false;
        file.click();
      } else {
        file.hidden = true;
        report.replaceChildren();
        s.deck = v ? v.slice("starter:".length) : null;
        updateCreate();
      }
    });
    file.addEventListener("change", async () => {
      const f = file.files && file.files[0];
      if (!f) return;
      const text = await f.text();
      report.replaceChildren(h("span.muted", null, t("Checking {file}…", { file: f.name })));
      try {
        const res = await postJSON(`/api/decks/check?lang=${lang()}`, { game: g.name, text });
        s.deck = { text, name: f.name, ok: !!res.ok, problems: res.problems || [], deck: res.deck };
      } catch (e) {
        s.deck = { text, name: f.name, ok: false, problems: [{ rule: "file", message: e.message }] };
      }
      showReport(report, s.deck);
      updateCreate();
    });
    return h("div.seat-row", { dataset: { seat: i } }, h("span.seat-no", null, `P${i}`, mine), who, h("div.deck-cell", null, deckSel, file, report));
  }

  function showReport(report, d) {
    if (d.ok) {
      report.replaceChildren(h("div.ok", null, t("✓ {file}: the deck is legal.", { file: d.name })));
    } else {
      report.replaceChildren(
        h(
          "div.problems",
          { role: "alert" },
          h("strong", null, t("✗ {file} cannot be used:", { file: d.name })),
          h("ul", null, (d.problems.length ? d.problems : [{ rule: "", message: t("the server refused the deck") }]).map((p) => h("li", null, p.rule ? h("code", null, p.rule) : null, " ", plain(p.message)))),
        ),
      );
    }
  }

  function setMe(i) {
    for (const [j, s] of seatState.entries()) {
      if (j === i) s.kind = "me";
      else if (s.kind === "me") {
        const def = g.agents.find((a) => a.default) || g.agents[0];
        s.kind = "agent";
        s.spec = def ? def.spec : "random";
      }
    }
    renderSeats();
  }

  function showUnenforced(cards) {
    unenforcedBox.hidden = false;
    unenforcedBox.replaceChildren(
      h("strong", null, t("The decks hold cards whose printed text the rules do not all enforce:")),
      h("ul", null, cards.map((c) => h("li", { translate: "no" }, h("b", null, plain(c.name)), ": ", (c.sentences || []).map(plain).join(" / ")))),
      h("p", null, t("Those sentences do nothing in this game.")),
      h("button#accept-unenforced", { onclick: () => create(true) }, t("Play with them anyway")),
    );
  }

  function updateCreate() {
    unenforcedBox.hidden = true;
    const bad = seatState.some((s) => s.deck && typeof s.deck === "object" && !s.deck.ok);
    createBtn.disabled = bad;
    formError.hidden = !bad;
    formError.textContent = bad ? t("Fix or replace the deck files marked ✗ before starting.") : "";
  }

  async function create(accept) {
    const options = {};
    for (const input of form.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const v = readOption(input, opts[name]);
      if (JSON.stringify(v) !== JSON.stringify(opts[name].default)) options[name] = v;
    }
    const players = Number(nPlayers.value);
    if (playersSpec ? players !== playersSpec.default : players !== 2) options.players = players;
    const me = seatState.findIndex((s) => s.kind === "me");
    const body = {
      game: g.name,
      options,
      seats: seatState.map((s) => (s.kind === "agent" ? { kind: "agent", spec: s.spec } : { kind: "human" })),
      seat: me,
      visibility: visibility.value,
    };
    if (seatState.some((s) => s.deck !== null)) body.decks = seatState.map((s) => (s.deck === null ? null : typeof s.deck === "string" ? s.deck : s.deck.text));
    if (seed.value !== "") body.seed = Number(seed.value);
    if (accept) body.accept_unenforced = true;
    createBtn.disabled = true;
    try {
      const res = await postJSON("/api/tables", body);
      seatStore.set(res.table, res.seat, res.token, res.invites);
      location.href = `/table/${encodeURIComponent(res.table)}`;
    } catch (e) {
      createBtn.disabled = false;
      if (!accept && e.data && Array.isArray(e.data.unenforced)) return showUnenforced(e.data.unenforced);
      formError.hidden = false;
      formError.textContent = t("The server refused the table: {why}", { why: e.message });
      toast(e.message);
    }
  }

  nPlayers.addEventListener("change", renderSeats);
  form.replaceChildren(
    h("h3", null, g.title),
    g.max_players > g.min_players ? h("label.opt", null, h("span.opt-name", null, t("players")), nPlayers) : "", // replaceChildren writes null as "null"
    seatRows,
    optionRows.length ? h("details.options", null, h("summary", null, t("Options ({n})", { n: optionRows.length })), h("div.opt-grid", null, optionRows)) : "",
    h("label.opt.visibility", null, h("span.opt-name", null, t("who finds it")), visibility, h("span.opt-desc", null, t("a seat always needs its invite link"))),
    h("label.opt.seed", null, h("span.opt-name", null, t("seed")), seed, h("span.opt-desc", null, t("the shuffle; empty for a random one"))),
    formError,
    unenforcedBox,
    createBtn,
  );
  renderSeats();
}

function seatWords(row) {
  return (row.seats || []).map((s, i) => {
    const mine = seatStore.get(row.table);
    const you = mine && mine.seat === i ? t(" (you)") : "";
    if (s.kind === "agent") return `P${i} ${agentName(s.spec)}${you}`;
    const what = s.conceded ? t("person, conceded") : s.taken ? t("person") : t("free seat");
    return `P${i} ${what}${you}`;
  });
}

const EMPTY_LIST = () => ({
  open: t("No table is waiting for players."),
  running: t("No game is being played."),
  finished: t("No finished game yet."),
  abandoned: t("No table was abandoned."),
});
const LIST_TITLE = () => ({ open: t("open"), running: t("running"), finished: t("finished"), abandoned: t("abandoned") });

const tableWord = (table) => t("table {table}", { table });

function renderLists(root, data, games) {
  const title = (name) => (games.find((g) => g.name === name) || { title: name }).title;
  const section = (name, rows, buttons) =>
    h(
      "div.table-list",
      { dataset: { list: name } },
      h("h3", null, `${LIST_TITLE()[name]} (${rows.length})`),
      rows.length
        ? h(
            "table",
            null,
            h("tbody", null, rows.map((row) => h("tr", { dataset: { table: row.table } }, h("td", null, h("strong", null, title(row.game)), h("div.muted", null, `${tableWord(row.table)} · ${when(row.created)}`)), h("td.seats", null, seatWords(row).join(" · "), row.result_text ? h("div.muted.result-text", null, row.result_text) : null), h("td.buttons", null, buttons(row))))),
          )
        : h("p.muted", null, EMPTY_LIST()[name]),
    );
  const mine = (row) => seatStore.get(row.table);
  root.replaceChildren(
    section("open", data.open || [], (row) => [
      mine(row) ? h("a.button", { href: `/table/${row.table}` }, t("Back to my seat")) : null, // a seat needs its invite link
      h("a.button.ghost", { href: `/table/${row.table}?watch=1` }, t("Watch")),
    ]),
    section("running", data.running || [], (row) => [
      mine(row) ? h("a.button.primary", { href: `/table/${row.table}` }, t("Back to my seat")) : null,
      h("a.button.ghost", { href: `/table/${row.table}?watch=1` }, t("Watch")),
    ]),
    section("finished", data.finished || [], (row) => [h("a.button", { href: `/replay/${row.table}` }, t("Replay")), h("a.button.ghost", { href: `/table/${row.table}?watch=1` }, t("Final position"))]),
    section("abandoned", data.abandoned || [], (row) => [h("a.button.ghost", { href: `/table/${row.table}?watch=1` }, t("Last position"))]),
  );
}
