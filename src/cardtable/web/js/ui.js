// Small DOM helpers shared by every page.
import { LANGS, chooseLang, lang, t } from "./i18n.js";

export function h(tag, attrs, ...children) {
  // "tag#id.class.class" (the id and the classes in any order)
  const name = tag.match(/^[a-z0-9]*/i)[0];
  const id = tag.match(/#([\w-]+)/);
  const classes = [...tag.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  const el = document.createElement(name || "div");
  if (id) el.id = id[1];
  if (classes.length) el.className = classes.join(" ");
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") el.className = [el.className, v].filter(Boolean).join(" ");
      else if (k === "dataset") Object.assign(el.dataset, v);
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (v === true) el.setAttribute(k, "");
      else el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

// The server's text may carry rich markup ("[bold red]Taz[/]"): show it as plain words.
export function plain(text) {
  return String(text ?? "")
    .replace(/\[\/?[a-z][a-z0-9 _#.=-]*\]|\[\/\]/gi, "")
    .replace(/\s+/g, " ")
    .trim();
}

let toastTimer = null;
export function toast(message, kind = "error") {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    el.hidden = true;
  }, 6000);
}

export function crumbs(...items) {
  const nav = document.getElementById("crumbs");
  if (!nav) return;
  nav.replaceChildren(...items.map((i) => h("span.crumb", null, i)));
}

export function setConn(state) {
  const el = document.getElementById("conn");
  if (!el) return;
  if (!state) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.className = `conn ${state}`;
  el.textContent = { live: t("● live"), connecting: t("● connecting…"), lost: t("● reconnecting…") }[state] || state;
}

export function when(ts) {
  if (ts === undefined || ts === null) return "";
  const d = typeof ts === "number" ? new Date(ts > 1e12 ? ts : ts * 1000) : new Date(ts);
  if (Number.isNaN(d.getTime())) return String(ts);
  return d.toLocaleString(lang() === "en" ? [] : lang(), { dateStyle: "short", timeStyle: "short" });
}

export function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const ta = h("textarea", { style: { position: "fixed", opacity: "0" } });
  ta.value = text;
  document.body.appendChild(ta);
  ta.select();
  try {
    document.execCommand("copy");
  } finally {
    ta.remove();
  }
  return Promise.resolve();
}

export function modal(title, body) {
  const close = () => back.remove();
  const back = h(
    "div.modal-back",
    { onclick: (e) => e.target === back && close() },
    h(
      "div.modal",
      { role: "dialog", "aria-label": title },
      h("div.modal-head", null, h("h3", null, title), h("button.ghost", { onclick: close, "aria-label": t("close") }, "✕")),
      h("div.modal-body", null, body),
    ),
  );
  document.body.appendChild(back);
  const onKey = (e) => {
    if (e.key === "Escape") {
      close();
      document.removeEventListener("keydown", onKey);
    }
  };
  document.addEventListener("keydown", onKey);
  return close;
}

// The language switch of the top bar: each language in its own words; the chosen one is
// remembered in this browser (i18n.js), and the page is drawn again in it.
export function langSwitch() {
  const el = document.getElementById("langs");
  if (!el) return;
  el.setAttribute("aria-label", t("Language"));
  el.replaceChildren(
    ...Object.entries(LANGS).map(([code, name]) =>
      h("button.lang", { lang: code, dataset: { lang: code }, "aria-pressed": String(code === lang()), disabled: code === lang(), onclick: () => chooseLang(code) }, name),
    ),
  );
}
