// Talking to the server (docs/server-api.md): HTTP helpers, seat tokens, card data.
// The language the tables speak (i18n.js: chosen in this browser, else Accept-Language).
import { lang } from "./i18n.js";

export { lang };

export class ApiError extends Error {
  constructor(message, status, data = null) {
    super(message);
    this.status = status;
    this.data = data; // the answer's JSON: {error, message, problems?}
  }
}

async function request(method, path, body, token) {
  // the page's language: a refusal's message comes back in it (docs/server-api.md, Languages)
  const headers = { "Accept-Language": lang() };
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
    // message: the refusal in the page's language; error: the same in English
    const msg = (data && (data.message || data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(typeof msg === "string" ? msg : JSON.stringify(msg), res.status, data);
  }
  return data;
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
