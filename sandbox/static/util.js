// Small helpers shared by the page's modules.

export const $ = (sel) => document.querySelector(sel);

// What the page remembers in this browser: the acting user, each user's channel, the newest DM
// each user has seen.
export const stored = {
  get(key, fallback) {
    try { return JSON.parse(localStorage.getItem(`vesuvius.${key}`)) ?? fallback; } catch { return fallback; }
  },
  set(key, value) { localStorage.setItem(`vesuvius.${key}`, JSON.stringify(value)); },
};

// The sandbox's JSON API (same origin). A failed action is an answer too: { ok: false, error }.
export async function post(path, body) {
  try {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const type = res.headers.get("Content-Type") || "";
    if (type.includes("json")) return await res.json();
    return { ok: false, error: await res.text() };
  } catch (err) {
    return { ok: false, error: `the sandbox is not answering (${err.message})` };
  }
}

export async function getJson(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}
