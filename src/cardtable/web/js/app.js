// The single page: which view the address asks for.
import { getJSON, postJSON, seats } from "./api.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";
import { loadMessages } from "./i18n.js";
import { crumbs, h } from "./ui.js";

async function joinPage(root, table) {
  const mine = seats.get(table);
  if (mine) {
    location.replace(`/table/${encodeURIComponent(table)}`);
    return;
  }
  const t = await getJSON(`/api/tables/${encodeURIComponent(table)}`);
  const games = await getJSON("/api/games");
  const title = (games.find((g) => g.name === t.game) || { title: t.game }).title;
  crumbs(h("a", { href: "/" }, "Lobby"), `Join table ${table}`);
  document.title = `${title} · join table ${table}`;
  const free = (t.seats || []).map((s, i) => ({ ...s, i })).filter((s) => s.kind === "human" && !s.taken);
  const err = h("p.error", { hidden: true });
  const takeSeat = async (seat) => {
    try {
      const res = await postJSON(`/api/tables/${encodeURIComponent(table)}/join`, seat === undefined ? {} : { seat });
      seats.set(res.table || table, res.seat, res.token);
      location.replace(`/table/${encodeURIComponent(table)}`);
    } catch (e) {
      err.hidden = false;
      err.textContent = `Could not join: ${e.message}`;
    }
  };
  root.replaceChildren(
    h(
      "section.panel.join",
      null,
      h("h2", null, `${title}: table ${table}`),
      h(
        "ul.seat-list",
        null,
        (t.seats || []).map((s, i) => h("li", null, `P${i}: `, s.kind === "agent" ? `computer (${s.spec})` : s.taken ? "a person (taken)" : "a free seat")),
      ),
      free.length
        ? h("div.join-buttons", null, free.map((s) => h("button.primary.take-seat", { onclick: () => takeSeat(s.i), dataset: { seat: s.i } }, `Take seat P${s.i}`)))
        : h("p", null, t.status === "finished" ? "This game is over." : "Every seat is taken."),
      h("p", null, h("a.button.ghost", { href: `/table/${encodeURIComponent(table)}?watch=1` }, "Just watch"), " ", t.status === "finished" ? h("a.button", { href: `/replay/${table}` }, "Replay") : null),
      err,
    ),
  );
}

async function main() {
  const root = document.getElementById("app");
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  try {
    await loadMessages();
    if (parts[0] === "table" && parts[1]) await tablePage(root, parts[1]);
    else if (parts[0] === "join" && parts[1]) await joinPage(root, parts[1]);
    else if (parts[0] === "replay" && parts[1]) await replayPage(root, parts[1]);
    else await lobbyPage(root);
  } catch (e) {
    root.replaceChildren(h("section.panel", null, h("h2", null, "Something went wrong"), h("p.error", null, e.message || String(e)), h("p", null, h("a", { href: "/" }, "Back to the lobby"))));
    console.error(e);
  }
}

main();
