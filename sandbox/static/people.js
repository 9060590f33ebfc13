// Who plays (the hot seat): the "Playing as" switcher, and beside each local user whether it is
// their turn. The number shown is the user's pending decisions: the bot's messages only they
// see (DMs, and private replies to their /move or /hand, which carry the decision from then
// on) that still carry a decision's buttons or menus (the sandbox works that out, and the
// websocket's "dm" and "pending" events keep it live); the bot takes them off once the
// decision is over. A dot marks DMs the user has not seen yet.

import { avatar } from "./render.js";
import { stored } from "./util.js";

// inDms: only those in the user's DMs (the DM list's mark), not their private replies.
export function pendingFor(state, userId, { inDms = false } = {}) {
  const ids = state.pending[userId];
  if (!ids) return 0;
  if (!inDms) return ids.size;
  const dms = new Set(state.dmIds[userId] || []);
  return [...ids].filter((id) => dms.has(id)).length;
}

export function unreadFor(state, userId) {
  const seen = BigInt(stored.get(`seen.${userId}`, "0"));
  return (state.dmIds[userId] || []).filter((id) => BigInt(id) > seen).length;
}

export function markDmsSeen(state) {
  const ids = state.dmIds[state.me.id] || [];
  if (ids.length) stored.set(`seen.${state.me.id}`, ids.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b)));
}

// The marker: "● your turn" (with the count when more than one) where there is room, "● 2"
// on a phone or where it stands beside a name already (compact); the title says it in words.
export function turnMark(count, who, { compact = false } = {}) {
  const mark = document.createElement("span");
  mark.className = "turn";
  const words = count === 1 ? "1 decision waiting" : `${count} decisions waiting`;
  mark.title = who ? `${words} for ${who}: their turn` : words;
  mark.setAttribute("aria-label", mark.title);
  if (compact) {
    mark.textContent = `● ${count}`;
    return mark;
  }
  mark.innerHTML = '● <span class="only-phone"></span><span class="only-wide"></span>';
  mark.querySelector(".only-phone").textContent = String(count);
  mark.querySelector(".only-wide").textContent = count === 1 ? "your turn" : `your turn (${count})`;
  return mark;
}

export function unreadDot(count) {
  const dot = document.createElement("span");
  dot.className = "unread";
  dot.title = count === 1 ? "a new DM" : `${count} new DMs`;
  return dot;
}

export function renderSwitcher(state, onPick) {
  const box = document.querySelector("#switcher");
  box.replaceChildren();
  for (const u of state.locals) {
    const b = document.createElement("button");
    const pending = pendingFor(state, u.id);
    const active = u.id === state.me.id;
    b.type = "button";
    b.className = "who" + (active ? " active" : "") + (pending ? " their-turn" : "");
    b.dataset.user = u.name;
    b.dataset.pending = String(pending);
    b.title = `Play as ${u.name}` + (u.id === state.guild?.owner_id ? " (server owner)" : "");
    b.setAttribute("aria-pressed", String(active));
    b.append(avatar(u));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = u.name;
    b.append(name);
    if (pending) b.append(turnMark(pending, u.name));
    const unread = active ? 0 : unreadFor(state, u.id);
    if (unread) b.append(unreadDot(unread));
    b.addEventListener("click", () => onPick(u.id));
    box.append(b);
  }
}

// Each local user's Discord language (their client's setting, sent with their interactions):
// the bot answers them in it (DMs, private replies); the channel follows the server's. The
// languages the bot speaks, by Discord's locale codes; the sandbox keeps the choice.
export const LANGUAGES = [
  ["en-US", "English"],
  ["es-ES", "Español"],
  ["nl", "Nederlands"],
  ["de", "Deutsch"],
];

export function renderLocalePicker(state, onPick) {
  const picker = document.querySelector("#locale-picker");
  const me = state.locals.find((u) => u.id === state.me.id);
  const current = me?.locale || "en-US";
  const known = LANGUAGES.some(([code]) => code === current);
  picker.replaceChildren(
    ...(known ? LANGUAGES : [...LANGUAGES, [current, current]]).map(([code, name]) => new Option(name, code)),
  );
  picker.value = current;
  picker.title = `${state.me.name}'s Discord language: the bot answers them in it`;
  picker.onchange = () => onPick(picker.value);
}
