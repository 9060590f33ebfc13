// The Vesuvius sandbox page: one server, its channels and threads, each local user's DMs with
// the bot, and a switcher to act as any local user (hot seat). Updates arrive by websocket.

import { Composer } from "./composer.js";
import { keepImages } from "./images.js";
import { closeDrawer, openImage, setupLayout } from "./layout.js";
import { markDmsSeen, pendingFor, renderLocalePicker, renderSwitcher, turnMark, unreadDot, unreadFor } from "./people.js";
import { avatar, renderMessage, setClockAhead } from "./render.js";
import { $, getJson, post, stored } from "./util.js";

const TEXT = 0, DM = 1;

const state = {
  me: null, // { id, name }
  locals: [],
  users: {},
  bot: null,
  guild: null,
  dm: null,
  commands: [],
  dmIds: {},
  pending: {}, // user id -> Set of the ids of the decisions waiting on them (DMs, private replies)
  channelId: null,
  messages: new Map(),
};

let socket = null;
let composer = null;

// -- talking to the sandbox ----------------------------------------------------------------

function notify(text) {
  const el = $("#notice");
  el.textContent = text || "";
  clearTimeout(notify.timer);
  if (text) notify.timer = setTimeout(() => { el.textContent = ""; }, 6000);
}

function answered(res, what) {
  if (res.modal) openModal(res);
  else if (!res.ok) notify(`${what}: ${res.error || "This interaction failed"}`);
  else notify("");
}

// -- where we are --------------------------------------------------------------------------

function channelById(id) {
  if (state.dm && id === state.dm.id) return { id, name: state.bot ? state.bot.name : "Vesuvius", type: DM };
  return state.guild ? state.guild.channels.find((c) => c.id === id) : undefined;
}

function where() {
  const channel = channelById(state.channelId);
  return { user: state.me, channel, isDm: Boolean(channel && channel.type === DM) };
}

const ctx = {
  get users() { return state.users; },
  get meId() { return state.me && state.me.id; },
  channelName(id) {
    const c = channelById(id);
    return c ? c.name : null;
  },
  click: (msg, comp, button) => act(button, "/sandbox/click", { message: msg.id, custom_id: comp.custom_id }, comp.label || "button"),
  select: (msg, comp, select) => act(select, "/sandbox/select", { message: msg.id, custom_id: comp.custom_id, values: [select.value] }, "menu"),
};

async function act(el, path, body, what) {
  el.classList.add("busy");
  const res = await post(path, { user: state.me.id, ...body });
  el.classList.remove("busy");
  if (!res.ok && !res.modal) {
    const box = el.closest(".body");
    if (box && !box.querySelector(".failed")) box.insertAdjacentHTML("beforeend", '<div class="failed">This interaction failed</div>');
    if (el.tagName === "SELECT") el.selectedIndex = 0;
  }
  answered(res, what);
}

// -- the page ------------------------------------------------------------------------------

function renderSidebar() {
  $("#server-name").textContent = state.guild.name;
  const list = $("#channel-list");
  list.replaceChildren();
  const channels = state.guild.channels.filter((c) => c.type === TEXT).sort((a, b) => a.position - b.position);
  for (const chan of channels) {
    list.append(channelButton(chan, "#", ""));
    for (const t of state.guild.channels.filter((c) => c.parent_id === chan.id)) {
      list.append(channelButton(t, "🧵", "thread"));
    }
  }
  const dms = $("#dm-list");
  dms.replaceChildren();
  const dm = channelButton({ id: state.dm.id, name: state.bot.name, archived: false }, "", "dm");
  dm.querySelector(".icon").replaceWith(avatar({ bot: true, name: state.bot.name }));
  const pending = pendingFor(state, state.me.id, { inDms: true });
  dm.dataset.pending = String(pending);
  if (pending) dm.append(turnMark(pending, null, { compact: true }));
  const unread = unreadFor(state, state.me.id);
  if (unread) dm.append(unreadDot(unread));
  dms.append(dm);
  // On a phone the menu button carries the same marker: decisions wait in the DMs.
  const menu = $("#menu-button");
  menu.querySelector(".turn")?.remove();
  if (pending) menu.append(turnMark(pending, null, { compact: true }));
}

function channelButton(chan, icon, kind) {
  const b = document.createElement("button");
  b.className = `chan ${kind}` + (chan.id === state.channelId ? " active" : "") + (chan.archived ? " archived" : "");
  b.dataset.channel = chan.id;
  b.innerHTML = `<span class="icon"></span><span class="label"></span>`;
  b.querySelector(".icon").textContent = icon;
  b.querySelector(".label").textContent = chan.name;
  b.addEventListener("click", () => {
    closeDrawer();
    openChannel(chan.id);
  });
  return b;
}

function renderTop() {
  const { channel, isDm } = where();
  $("#channel-title").textContent = channel ? (isDm ? `@${channel.name}` : `${channel.parent_id ? "🧵" : "#"} ${channel.name}`) : "";
  const status = $("#bot-status");
  status.className = state.bot.online ? "online" : "offline";
  status.textContent = state.bot.online ? `${state.bot.name} is online` : `${state.bot.name} is offline`;
  document.title = `${channel ? (isDm ? "@" : "#") + channel.name : ""} · Vesuvius sandbox`;
}

function renderAll() {
  renderSidebar();
  renderSwitcher(state, switchUser);
  renderLocalePicker(state, pickLocale);
  renderTop();
  composer.update();
}

function nearBottom() {
  const box = $("#messages");
  return box.scrollHeight - box.scrollTop - box.clientHeight < 120;
}

function scrollDown() {
  const box = $("#messages");
  box.scrollTop = box.scrollHeight;
}

function showMessage(msg, stick) {
  const box = $("#messages");
  box.querySelector(".empty")?.remove();
  const el = renderMessage(msg, ctx);
  const old = box.querySelector(`.message[data-id="${msg.id}"]`);
  state.messages.set(msg.id, msg);
  if (old) {
    keepImages(old, el);
    old.replaceWith(el);
  } else {
    const after = [...box.querySelectorAll(".message")].find((m) => BigInt(m.dataset.id) > BigInt(msg.id));
    box.insertBefore(el, after || null);
  }
  if (stick) {
    scrollDown();
    for (const img of el.querySelectorAll("img")) img.addEventListener("load", scrollDown, { once: true });
  }
}

// While a view loads, live events for it wait here and are applied on top of what the server
// answered (in the order they came), so a message posted or edited meanwhile is not lost.
let loading = null; // { channelId, events }

async function loadMessages() {
  const channelId = state.channelId;
  const load = { channelId, events: [] };
  loading = load;
  let data;
  try {
    data = await getJson(`/sandbox/messages?user=${state.me.id}&channel=${channelId}`);
  } catch (err) {
    if (loading === load) loading = null;
    throw err;
  }
  if (loading !== load) return; // another view started loading meanwhile
  loading = null;
  if (channelId !== state.channelId) return;
  const box = $("#messages");
  box.replaceChildren();
  delete box.dataset.view;
  delete box.dataset.queued;
  state.messages.clear();
  if (!data.messages.length) {
    const { channel, isDm } = where();
    box.innerHTML = `<div class="empty"></div>`;
    box.firstChild.textContent = isDm
      ? `Your DMs with ${state.bot.name}: hands and decisions arrive here.`
      : `This is the start of #${channel.name}. Type / to see the bot's commands, e.g. /game new.`;
  }
  for (const msg of data.messages) showMessage(msg, false);
  for (const ev of load.events) onEvent(ev);
  box.dataset.view = `${state.me.id}/${channelId}`; // loaded: what tests wait for
  scrollDown();
  for (const img of box.querySelectorAll("img")) img.addEventListener("load", () => { if (nearBottom()) scrollDown(); }, { once: true });
}

async function openChannel(id) {
  state.channelId = id;
  stored.set(`channel.${state.me.id}`, id);
  if (state.dm && id === state.dm.id) markDmsSeen(state);
  composer.reset();
  renderAll();
  await loadMessages();
}

async function loadState(userId) {
  const data = await getJson(`/sandbox/state${userId ? `?user=${userId}` : ""}`);
  state.me = data.me;
  state.locals = data.local_users;
  state.users = data.users;
  state.bot = data.bot;
  state.guild = data.guild;
  state.dm = data.dm;
  state.clock = data.clock || { ahead: 0, can_forward: false };
  renderClock();
  state.commands = data.commands;
  state.dmIds = data.dm_ids;
  state.pending = Object.fromEntries(Object.entries(data.pending).map(([user, ids]) => [user, new Set(ids)]));
  if (!channelById(state.channelId)) {
    const saved = stored.get(`channel.${state.me.id}`, null);
    const general = state.guild.channels.find((c) => c.type === TEXT);
    state.channelId = channelById(saved) ? saved : general.id;
  }
}

// The bot's clock, a day ahead per click (the sandbox's fake clock: issue 46).
function renderClock() {
  setClockAhead(state.clock.ahead);
  $("#clock-forward").hidden = !state.clock.can_forward;
  const days = Math.round(state.clock.ahead / 86400);
  $("#clock-ahead").textContent = days ? `bot's clock: +${days} d` : "";
}

async function forwardClock() {
  const res = await post("/sandbox/clock", { days: 1 });
  if (res.ok === false) return notify(res.error);
  state.clock.ahead = res.ahead;
  renderClock();
  await loadMessages(); // its relative times count from the bot's new "now"
  notify("The bot's clock is a day ahead: deadlines, reminders and away run as a day later.");
}

async function pickLocale(locale) {
  const res = await post("/sandbox/locale", { user: state.me.id, locale });
  if (res.ok === false) return notify(res.error);
  const me = state.locals.find((u) => u.id === state.me.id);
  if (me) me.locale = res.locale;
  renderLocalePicker(state, pickLocale);
}

async function switchUser(userId) {
  if (state.me && userId === state.me.id) return;
  stored.set("user", userId);
  const wasDm = where().isDm;
  await loadState(userId); // keeps the channel when the new user sees it too
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ as: userId }));
  if (wasDm) state.channelId = state.dm.id; // a DM view follows the user: their own DMs
  await openChannel(state.channelId);
}

// -- live updates --------------------------------------------------------------------------

function connect() {
  const url = `ws://${location.host}/sandbox/ws?user=${state.me.id}`;
  socket = new WebSocket(url);
  socket.addEventListener("message", (e) => onEvent(JSON.parse(e.data)));
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ as: state.me.id }));
  });
  socket.addEventListener("close", () => {
    state.bot.online = false;
    renderTop();
    setTimeout(async () => {
      try {
        await loadState(state.me.id);
        connect();
        renderAll();
        await loadMessages();
      } catch {
        setTimeout(() => socket.dispatchEvent(new Event("close")), 1000);
      }
    }, 1000);
  });
}

let refreshing = null;
function refreshState() {
  // Channel and command changes come in bursts: one refetch for a burst.
  if (refreshing) return;
  refreshing = setTimeout(() => {
    refreshing = null;
    refreshNow();
  }, 50);
}

async function refreshNow() {
  await loadState(state.me.id);
  renderAll();
  redrawUnresolved();
}

// A message may name a channel the page did not know yet (the bot announces a thread it has
// just opened): drawn as "#unknown" at first, it is drawn again once the channel is known.
function redrawUnresolved() {
  for (const link of document.querySelectorAll("#messages .channel-link[data-unresolved]")) {
    if (!channelById(link.dataset.channel)) continue;
    const id = link.closest(".message")?.dataset.id;
    const msg = id && state.messages.get(id);
    if (msg) showMessage(msg, false);
  }
}

// A channel link opens its channel; one the page does not know yet is looked up first.
async function followLink(id) {
  if (!channelById(id)) await refreshNow();
  if (channelById(id)) {
    closeDrawer();
    await openChannel(id);
  } else {
    notify("That channel is not visible to you.");
  }
}

function onEvent(ev) {
  if (loading && (ev.type === "message" || ev.type === "gone")) {
    const channelId = ev.type === "message" ? ev.message.channel_id : ev.channel_id;
    if (channelId === loading.channelId) {
      loading.events.push(ev);
      $("#messages").dataset.queued = String(loading.events.length); // tests wait for it
      return;
    }
  }
  if (ev.type === "message") {
    const msg = ev.message;
    if (msg.channel_id === state.channelId) {
      const stick = nearBottom() || msg.interaction?.user_id === state.me.id || !state.messages.has(msg.id);
      showMessage(msg, stick);
    }
  } else if (ev.type === "gone") {
    document.querySelector(`.message[data-id="${ev.id}"]`)?.remove();
    state.messages.delete(ev.id);
  } else if (ev.type === "dm" || ev.type === "pending") {
    // "dm": the bot's DM to a user; "pending": its private reply to them, which may carry
    // their decision (after /move or /hand). Both say whether the game waits on them there.
    const ids = (state.dmIds[ev.user] ||= []);
    if (ev.type === "dm" && !ev.gone && !ids.includes(ev.id)) ids.push(ev.id);
    const pending = (state.pending[ev.user] ||= new Set());
    if (ev.pending) pending.add(ev.id);
    else pending.delete(ev.id);
    if (ev.user === state.me.id && state.channelId === state.dm.id) markDmsSeen(state);
    renderSidebar();
    renderSwitcher(state, switchUser);
  } else if (ev.type === "world" || ev.type === "commands") {
    refreshState();
  }
}

// -- modals (the bot may open one) -----------------------------------------------------------

function openModal(res) {
  const modal = res.modal;
  const values = {};
  const fields = [];
  const walk = (comps) => {
    for (const c of comps || []) {
      if (c.type === 4) fields.push(c);
      walk(c.components);
      if (c.component) walk([c.component]);
    }
  };
  walk(modal.components);
  for (const f of fields) {
    const answer = window.prompt(`${modal.title}\n\n${f.label || f.custom_id}`, f.value || "");
    if (answer === null) return;
    values[f.custom_id] = answer;
  }
  post("/sandbox/modal", { user: state.me.id, interaction: res.interaction, values }).then((r) => answered(r, modal.title));
}

// -- start ---------------------------------------------------------------------------------

async function main() {
  composer = new Composer({ state, where, post, notify, answered });
  setupLayout({ onResize: () => composer.fitPopup() });
  // The conversation stays at its newest message when its pane gets shorter (the keyboard).
  let atBottom = true;
  $("#clock-forward").addEventListener("click", forwardClock);
  $("#messages").addEventListener("scroll", () => { atBottom = nearBottom(); }, { passive: true });
  new ResizeObserver(() => { if (atBottom) scrollDown(); }).observe($("#messages"));
  $("#messages").addEventListener("click", (e) => {
    const link = e.target.closest(".channel-link");
    if (link) {
      e.preventDefault();
      followLink(link.dataset.channel);
      return;
    }
    const img = e.target.closest(".attachments img");
    if (img) openImage(img);
  });
  const saved = stored.get("user", null);
  try {
    await loadState(saved);
  } catch {
    await loadState(null);
  }
  stored.set("user", state.me.id);
  connect();
  await openChannel(state.channelId);
  document.body.dataset.ready = "1";
}

main();
