// The lobby: start a table (game, options, decks, opponents, your seat) and list the tables.
import { games as loadGames, getJSON, lang, postJSON, seats as seatStore } from "./api.js";
import { crumbs, h, plain, toast, when } from "./ui.js";

const HIDDEN_OPTIONS = new Set(["players", "cards"]);
const label = (s) => String(s).replace(/[_-]/g, " ");

export async function lobbyPage(root) {
  document.title = "cardtable · lobby";
  crumbs("Lobby");
  const games = await loadGames();
  const pick = h("div.game-picker", { role: "tablist" });
  const form = h("div.new-table");
  const lists = h("div.table-lists");
  root.replaceChildren(
    h(
      "div.lobby",
      null,
      h("section.panel.start", null, h("h2", null, "New table"), pick, form),
      h("section.panel.tables", null, h("h2", null, "Tables"), lists),
    ),
  );

  let current = null;
  games.sort((a, b) => Number(a.example) - Number(b.example)); // example games last
  for (const g of games) {
    const btn = h(
      "button.game-tile",
      { role: "tab", dataset: { game: g.name }, onclick: () => choose(g) },
      h("span.game-title", null, g.title),
      h("span.game-sub", null, `${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} players`),
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
      lists.replaceChildren(h("p.error", null, `Could not list the tables: ${e.message}`));
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
    input = h("select", { name }, spec.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === d }, String(c))));
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
      h("option", { value: n, selected: n === (playersSpec ? playersSpec.default : g.min_players) }, `${n} players`),
    ),
  );
  const seatRows = h("div.seat-rows");
  const seed = h("input#seed", { type: "number", min: 0, placeholder: "random" });
  const createBtn = h("button#create.primary", { onclick: create }, "Start the table");
  const formError = h("p.error", { hidden: true });

  const seatState = []; // per seat: {kind: "me"|"agent"|"human", spec, deck: null|name|{text, ok}}

  function renderSeats() {
    const n = Number(nPlayers.value);
    while (seatState.length < n) {
      const def = g.agents.find((a) => a.spec.startsWith("greedy")) || g.agents[0];
      seatState.push({ kind: seatState.length === 0 ? "me" : "agent", spec: def ? def.spec : "random", deck: null });
    }
    seatState.length = n;
    if (!seatState.some((s) => s.kind === "me")) seatState[0].kind = "me";
    seatRows.replaceChildren(
      h("div.seat-row.head", null, h("span", null, "Seat"), h("span", null, "Player"), h("span", null, "Deck")),
      ...seatState.map((s, i) => seatRow(i, s)),
    );
    updateCreate();
  }

  function seatRow(i, s) {
    const mine = h("label.me", null, h("input", { type: "radio", name: "myseat", value: i, checked: s.kind === "me", onchange: () => setMe(i) }), " me");
    const who =
      s.kind === "me"
        ? h("span.you", null, "You")
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
            g.agents.map((a) => h("option", { value: a.spec, selected: s.kind === "agent" && s.spec === a.spec }, `Computer: ${a.label}`)),
            h("option", { value: "human", selected: s.kind === "human" }, "A person (invite link)"),
          );
    const deckSel = h(
      "select.deck",
      { dataset: { seat: i } },
      h("option", { value: "", selected: s.deck === null }, "Default deck"),
      (g.decks || []).map((d) => h("option", { value: `starter:${d}`, selected: s.deck === d }, label(d))),
      h("option", { value: "upload", selected: typeof s.deck === "object" && s.deck !== null }, "Upload a deck file…"),
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
      report.replaceChildren(h("span.muted", null, `Checking ${f.name}…`));
      try {
        const res = await postJSON("/api/decks/check", { game: g.name, text });
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
      report.replaceChildren(h("div.ok", null, `✓ ${d.name}: the deck is legal.`));
    } else {
      report.replaceChildren(
        h(
          "div.problems",
          { role: "alert" },
          h("strong", null, `✗ ${d.name} cannot be used:`),
          h("ul", null, (d.problems.length ? d.problems : [{ rule: "", message: "the server refused the deck" }]).map((p) => h("li", null, p.rule ? h("code", null, p.rule) : null, " ", plain(p.message)))),
        ),
      );
    }
  }

  function setMe(i) {
    for (const [j, s] of seatState.entries()) {
      if (j === i) s.kind = "me";
      else if (s.kind === "me") {
        const def = g.agents.find((a) => a.spec.startsWith("greedy")) || g.agents[0];
        s.kind = "agent";
        s.spec = def ? def.spec : "random";
      }
    }
    renderSeats();
  }

  function updateCreate() {
    const bad = seatState.some((s) => s.deck && typeof s.deck === "object" && !s.deck.ok);
    createBtn.disabled = bad;
    formError.hidden = !bad;
    formError.textContent = bad ? "Fix or replace the deck files marked ✗ before starting." : "";
  }

  async function create() {
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
    };
    if (seatState.some((s) => s.deck !== null)) body.decks = seatState.map((s) => (s.deck === null ? null : typeof s.deck === "string" ? s.deck : s.deck.text));
    if (seed.value !== "") body.seed = Number(seed.value);
    createBtn.disabled = true;
    try {
      const res = await postJSON("/api/tables", body);
      seatStore.set(res.table, res.seat, res.token);
      location.href = `/table/${encodeURIComponent(res.table)}`;
    } catch (e) {
      formError.hidden = false;
      formError.textContent = `The server refused the table: ${e.message}`;
      createBtn.disabled = false;
      toast(e.message);
    }
  }

  nPlayers.addEventListener("change", renderSeats);
  form.replaceChildren(
    h("h3", null, g.title),
    g.max_players > g.min_players ? h("label.opt", null, h("span.opt-name", null, "players"), nPlayers) : "", // replaceChildren writes null as "null"
    seatRows,
    optionRows.length ? h("details.options", null, h("summary", null, `Options (${optionRows.length})`), h("div.opt-grid", null, optionRows)) : "",
    h("label.opt.seed", null, h("span.opt-name", null, "seed"), seed, h("span.opt-desc", null, "the shuffle; empty for a random one")),
    formError,
    createBtn,
  );
  renderSeats();
}

function seatWords(t) {
  return (t.seats || []).map((s, i) => {
    const mine = seatStore.get(t.table);
    const you = mine && mine.seat === i ? " (you)" : "";
    if (s.kind === "agent") return `P${i} ${s.spec}${you}`;
    if (s.conceded) return `P${i} person, conceded${you}`;
    return `P${i} ${s.taken ? "person" : "free seat"}${you}`;
  });
}

const EMPTY_LIST = {
  open: "No table is waiting for players.",
  running: "No game is being played.",
  finished: "No finished game yet.",
  abandoned: "No table was abandoned.",
};

function renderLists(root, data, games) {
  const title = (name) => (games.find((g) => g.name === name) || { title: name }).title;
  const section = (name, rows, buttons) =>
    h(
      "div.table-list",
      { dataset: { list: name } },
      h("h3", null, `${label(name)} (${rows.length})`),
      rows.length
        ? h(
            "table",
            null,
            h("tbody", null, rows.map((t) => h("tr", { dataset: { table: t.table } }, h("td", null, h("strong", null, title(t.game)), h("div.muted", null, `table ${t.table} · ${when(t.created)}`)), h("td.seats", null, seatWords(t).join(" · "), t.result_text ? h("div.muted.result-text", null, t.result_text) : null), h("td.buttons", null, buttons(t))))),
          )
        : h("p.muted", null, EMPTY_LIST[name]),
    );
  const mine = (t) => seatStore.get(t.table);
  root.replaceChildren(
    section("open", data.open || [], (t) => [
      mine(t) ? h("a.button", { href: `/table/${t.table}` }, "Back to my seat") : h("a.button.primary", { href: `/join/${t.table}` }, "Join"),
      h("a.button.ghost", { href: `/table/${t.table}?watch=1` }, "Watch"),
    ]),
    section("running", data.running || [], (t) => [
      mine(t) ? h("a.button.primary", { href: `/table/${t.table}` }, "Back to my seat") : null,
      h("a.button.ghost", { href: `/table/${t.table}?watch=1` }, "Watch"),
    ]),
    section("finished", data.finished || [], (t) => [h("a.button", { href: `/replay/${t.table}` }, "Replay"), h("a.button.ghost", { href: `/table/${t.table}?watch=1` }, "Final position")]),
    section("abandoned", data.abandoned || [], (t) => [h("a.button.ghost", { href: `/table/${t.table}?watch=1` }, "Last position")]),
  );
}
