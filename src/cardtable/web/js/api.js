// Talking to the server (docs/server-api.md): HTTP helpers, seat tokens, card data.
// The language the tables speak (i18n.js: chosen in this browser, else Accept-Language).
import { lang, t } from "./i18n.js";

export { lang };

export class ApiError extends Error {
  constructor(message, status, data = null) {
    super(message);
    this.status = status;
    this.data = data; // the answer's JSON: {error, problems?}
  }
}

async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text };
    }
  }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(serverWords(typeof msg === "string" ? msg : JSON.stringify(msg)), res.status, data);
  }
  return data;
}

// The server's refusals people meet in the pages (docs/server-api.md), in the page's language:
// the server words them in English; in another language the common ones are said here.
const REFUSALS = [
  [/^no table '([^']*)'/, (m) => t("There is no table {table}.", { table: m[1] })],
  [/^table (\S+?):? (is \w+: )?no (human )?seat is free/, (m) => t("Every seat of table {table} is taken.", { table: m[1] })],
  [/^table (\S+): seat (\d+) is /, (m) => t("Seat P{seat} of table {table} is not free.", { seat: m[2], table: m[1] })],
  [/^it is P(\d+)'s turn, not yours/, (m) => t("It is P{p}'s turn, not yours.", { p: m[1] })],
  [/^stale action/, () => t("The table moved on before your move arrived: choose again.")],
  [/^a spectator cannot/, () => t("You are watching: a spectator cannot play.")],
  [/^table \S+ is open/, () => t("The game has not started: players are still coming.")],
  [/^table \S+ is finished/, () => t("The game is over.")],
  [/^table \S+ is abandoned/, () => t("The table was abandoned.")],
  [/^illegal action/, () => t("That move is not allowed now.")],
  [/^the table changed meanwhile/, () => t("The table changed meanwhile and has been reloaded: act again.")],
  [/^the server could not store/, () => t("The server could not save it (its database failed); nothing changed: try again.")],
  [/^this token is not valid/, () => t("This seat's token is not valid for this table.")],
  [/^joining table \S+ needs an invite/, () => t("A seat needs the invite link the table's host sent you.")],
  [/^this invite is not valid/, () => t("This invite is not valid: it is wrong or was already used.")],
  [/^new invites need the seat token|^this seat token is not one of/, () => t("New links need the seat of a person at this table.")],
  [/^card set \S+ has a run waiting or playing/, () => t("A run of this card set is waiting or playing: delete the set once the run has finished.")],
  [/^P(\d+)'s agent \(([^)]*)\) cannot move/, (m) => t("P{p}'s computer player cannot move; the table waits. Reload the page to let it try again.", { p: m[1] })],
];

// A message of the server in the page's language: English as the server said it; in another
// language the known refusals in its words, else the server's words.
export function serverWords(message) {
  const text = String(message ?? "");
  if (lang() === "en") return text;
  for (const [re, say] of REFUSALS) {
    const m = re.exec(text);
    if (m) return say(m);
  }
  return text;
}

export const getJSON = (path, token) => request("GET", path, undefined, token);
export const postJSON = (path, body, token) => request("POST", path, body ?? {}, token);
export const deleteJSON = (path) => request("DELETE", path);

// Seat tokens (and, for the host, the invites of the other seats: [{seat, invite, link}]).
// sessionStorage keeps the seat of this tab across reloads; localStorage lets a
// new tab (or a reopened browser) find it again. Keyed by table.
const KEY = (table) => `cardtable.seat.${table}`;

export const seats = {
  get(table) {
    for (const store of [sessionStorage, localStorage]) {
      try {
        const raw = store.getItem(KEY(table));
        if (raw) {
          const v = JSON.parse(raw);
          if (v && typeof v.token === "string") return v;
        }
      } catch {
        /* storage may be unavailable or hold junk: ignore it */
      }
    }
    return null;
  },
  set(table, seat, token, invites = []) {
    const raw = JSON.stringify({ seat, token, invites });
    for (const store of [sessionStorage, localStorage]) {
      try {
        store.setItem(KEY(table), raw);
      } catch {
        /* private mode: the seat lasts as long as the page */
      }
    }
  },
  forget(table) {
    for (const store of [sessionStorage, localStorage]) {
      try {
        store.removeItem(KEY(table));
      } catch {
        /* nothing to forget */
      }
    }
  },
};

let gamesPromise = null;
// The games with their options and agents, worded in the page's language.
export function games() {
  if (!gamesPromise) gamesPromise = getJSON(`/api/games?lang=${lang()}`);
  return gamesPromise;
}

const rulesCache = new Map();
// A game's rules sheet in the page's language: {game, title, sections: [{heading, text}], reference}.
export function rules(game) {
  if (!rulesCache.has(game)) rulesCache.set(game, getJSON(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang()}`));
  return rulesCache.get(game);
}

const cardCache = new Map();

export function cards(game) {
  const key = `${game}/${lang()}`;
  if (!cardCache.has(key)) cardCache.set(key, getJSON(`/api/games/${encodeURIComponent(game)}/cards?lang=${lang()}`));
  return cardCache.get(key);
}

export function wsURL(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}
