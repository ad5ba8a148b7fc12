// The single page: which view the address asks for.
import { games, getJSON, lang, postJSON, seats } from "./api.js";
import { labPage } from "./lab.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";
import { tablePage } from "./table.js";
import { loadMessages, t } from "./i18n.js";
import { agentName } from "./board.js";
import { crumbs, h, langSwitch } from "./ui.js";

// The invite of a join link: `/join/{table}#invite=TOKEN` (the part after # never reaches a
// server or a proxy's log), or `?invite=TOKEN`.
function inviteOf(loc) {
  const fromHash = new URLSearchParams(loc.hash.slice(1)).get("invite");
  return fromHash || new URLSearchParams(loc.search).get("invite") || null;
}

async function joinPage(root, table) {
  const mine = seats.get(table);
  if (mine) {
    location.replace(`/table/${encodeURIComponent(table)}`);
    return;
  }
  const invite = inviteOf(location);
  window.addEventListener("hashchange", () => location.reload(), { once: true }); // a link pasted here
  const info = await getJSON(`/api/tables/${encodeURIComponent(table)}?lang=${lang()}`);
  const title = ((await games()).find((g) => g.name === info.game) || { title: info.game }).title;
  crumbs(h("a", { href: "/" }, t("Lobby")), t("Join table {table}", { table }));
  document.title = t("{title} · join table {table}", { title, table });
  const free = (info.seats || []).filter((s) => s.kind === "human" && !s.taken);
  const err = h("p.error", { hidden: true });
  const takeSeat = async () => {
    try {
      const res = await postJSON(`/api/tables/${encodeURIComponent(table)}/join`, { invite });
      seats.set(res.table || table, res.seat, res.token);
      location.replace(`/table/${encodeURIComponent(table)}`);
    } catch (e) {
      err.hidden = false;
      err.textContent = t("Could not join: {why}", { why: e.message });
    }
  };
  let offer;
  if (!free.length || info.status !== "open") offer = h("p", null, info.status === "finished" ? t("This game is over.") : t("Every seat is taken."));
  else if (!invite) offer = h("p.error.no-invite", { role: "alert" }, t("A seat needs the invite link the table's host sent you. Without it you may watch."));
  else offer = h("div.join-buttons", null, h("button.primary.take-seat", { onclick: takeSeat }, t("Take my seat")));
  root.replaceChildren(
    h(
      "section.panel.join",
      null,
      h("h2", null, t("{title}: table {table}", { title, table })),
      h(
        "ul.seat-list",
        null,
        (info.seats || []).map((s, i) => h("li", null, `P${i}: `, s.kind === "agent" ? agentName(s.spec) : s.taken ? t("a person (taken)") : t("a free seat"))),
      ),
      offer,
      h("p", null, h("a.button.ghost", { href: `/table/${encodeURIComponent(table)}?watch=1` }, t("Just watch")), " ", info.status === "finished" ? h("a.button", { href: `/replay/${table}` }, t("Replay")) : null),
      err,
    ),
  );
}

async function main() {
  const root = document.getElementById("app");
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  try {
    await loadMessages();
    langSwitch();
    if (parts[0] === "table" && parts[1]) await tablePage(root, parts[1]);
    else if (parts[0] === "join" && parts[1]) await joinPage(root, parts[1]);
    else if (parts[0] === "replay" && parts[1]) await replayPage(root, parts[1]);
    else if (parts[0] === "lab") await labPage(root);
    else await lobbyPage(root);
  } catch (e) {
    root.replaceChildren(h("section.panel", null, h("h2", null, t("Something went wrong")), h("p.error", null, e.message || String(e)), h("p", null, h("a", { href: "/" }, t("Back to the lobby")))));
    console.error(e);
  }
}

main();
