// The page's language and its messages. Every text the page shows goes through t(message,
// fields): the English message, translated by the catalogues the server sends
// (GET /api/messages: cardtable's and the game's, the same gettext catalogues as the
// terminal's), with {field}s filled in after translating. The language is the one the person
// chose (remembered in this browser), else the server's pick from Accept-Language.

const KEY = "cardtable.lang";
export const LANGS = { en: "English", ja: "日本語" };
let messages = {};
let current = "en";

function stored() {
  try {
    const v = localStorage.getItem(KEY);
    return v && v in LANGS ? v : null;
  } catch {
    return null;
  }
}

// The language of the page ("en" or "ja").
export const lang = () => current;

// Load the messages of the page (and of a game, when given) in the chosen language.
export async function loadMessages(game = null) {
  const params = new URLSearchParams();
  const mine = stored();
  if (mine) params.set("lang", mine);
  if (game) params.set("game", game);
  const got = await fetch(`/api/messages?${params}`);
  const res = got.ok ? await got.json() : { lang: mine || "en", messages: {} };
  current = res.lang in LANGS ? res.lang : "en";
  messages = res.messages || {};
  document.documentElement.lang = current;
}

// Remember a language for this browser and show the page again in it.
export function chooseLang(code) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    /* storage may be unavailable: the choice lasts this page only */
  }
  location.reload();
}

// A message in the page's language, its {fields} filled in.
export function t(message, fields = {}) {
  const text = Object.prototype.hasOwnProperty.call(messages, message) ? messages[message] : message;
  return text.replace(/\{(\w+)\}/g, (m, key) => (key in fields ? String(fields[key]) : m));
}
