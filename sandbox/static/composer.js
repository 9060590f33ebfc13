// The message box: plain messages, and slash commands as Discord offers them. Typing "/" lists
// the commands the bot synced; choosing one shows its options inline (required ones at once,
// optional ones to add); an option with fixed choices or autocomplete opens a list, the bot's
// autocomplete answering as the user types. Enter (or the send button, on a phone) sends. The
// list opens above the box and is never taller than the room left above it.

import { phone } from "./layout.js";

const STRING = 3, INTEGER = 4, BOOLEAN = 5, NUMBER = 10;
const $ = (sel) => document.querySelector(sel);

export class Composer {
  constructor(app) {
    this.app = app;
    this.input = $("#composer-input");
    this.popup = $("#popup");
    this.chip = $("#cmd-chip");
    this.optsBox = $("#cmd-options");
    this.optional = $("#optional-options");
    this.cmd = null;
    this.fields = new Map(); // option name -> { def, input, box, value }
    this.items = [];
    this.active = 0;
    this.popupFor = null;
    this.seq = 0;
    this.timer = null;
    this.input.addEventListener("input", () => this.onMainInput());
    this.input.addEventListener("keydown", (e) => this.onKey(e, null));
    const sendButton = $("#send-button");
    sendButton.addEventListener("mousedown", (e) => e.preventDefault()); // the keyboard stays up
    sendButton.addEventListener("click", () => this.send());
    document.addEventListener("click", (e) => {
      // (The path as it was when clicked: the clicked item may be gone from the page since.)
      if (!e.composedPath().some((node) => node.id === "composer-area")) this.hidePopup();
    });
  }

  // -- the current place ------------------------------------------------------------------

  update() {
    const { channel, isDm } = this.app.where();
    this.input.placeholder = isDm ? "Message @Vesuvius" : `Message #${channel ? channel.name : ""} — type / for commands`;
  }

  commands() {
    const { isDm } = this.app.where();
    return this.app.state.commands.filter((c) => !isDm || c.dm);
  }

  reset() {
    this.cmd = null;
    this.fields.clear();
    this.optsBox.replaceChildren();
    this.optional.replaceChildren();
    this.chip.hidden = true;
    this.input.hidden = false;
    this.input.value = "";
    this.update(); // the box's hint is the channel's again
    this.hidePopup();
  }

  // -- the popup list ---------------------------------------------------------------------

  showPopup(title, items, forInput, typed = "") {
    this.items = items;
    this.popup.dataset.typed = typed; // what the list answers (the bot's answers can lag)
    this.popup.dataset.for = forInput ? forInput.def.name : "/";
    this.active = 0;
    this.popupFor = forInput;
    this.popup.replaceChildren();
    const head = document.createElement("div");
    head.className = "popup-title";
    head.textContent = title;
    this.popup.append(head);
    items.forEach((item, i) => {
      const row = document.createElement("div");
      row.className = "item" + (i === 0 ? " active" : "");
      row.setAttribute("role", "option");
      row.innerHTML = '<span class="name"></span><span class="desc"></span>';
      row.querySelector(".name").textContent = item.label;
      row.querySelector(".desc").textContent = item.desc || "";
      if (item.value !== undefined) row.dataset.value = JSON.stringify(item.value);
      row.addEventListener("mousedown", (e) => e.preventDefault()); // the focus stays in the box
      row.addEventListener("click", () => item.pick());
      this.popup.append(row);
    });
    this.popup.hidden = false;
    this.fitPopup();
  }

  // The list is as tall as the room between the top bar and the box allows (less with the
  // on-screen keyboard up), at most 340 px; it scrolls.
  fitPopup() {
    if (this.popup.hidden) return;
    const top = document.querySelector("#topbar").getBoundingClientRect().bottom;
    const room = this.popup.parentElement.getBoundingClientRect().top - top - 4;
    this.popup.style.maxHeight = `${Math.max(96, Math.min(340, room))}px`;
  }

  hidePopup() {
    this.popup.hidden = true;
    delete this.popup.dataset.typed;
    delete this.popup.dataset.for;
    this.items = [];
    this.popupFor = null;
  }

  move(delta) {
    if (!this.items.length) return;
    this.active = (this.active + delta + this.items.length) % this.items.length;
    this.popup.querySelectorAll(".item").forEach((row, i) => row.classList.toggle("active", i === this.active));
    this.popup.querySelectorAll(".item")[this.active].scrollIntoView({ block: "nearest" });
  }

  onKey(e, field) {
    const open = !this.popup.hidden && this.items.length > 0;
    if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      e.preventDefault();
      this.move(e.key === "ArrowDown" ? 1 : -1);
    } else if (open && (e.key === "Enter" || e.key === "Tab")) {
      e.preventDefault();
      this.items[this.active].pick();
    } else if (e.key === "Escape") {
      if (open) this.hidePopup();
      else this.reset();
    } else if (e.key === "Enter") {
      e.preventDefault();
      this.send();
    } else if (e.key === "Backspace" && field && field.input.value === "" && this.cmd) {
      if (![...this.fields.values()].some((f) => f.input.value)) {
        e.preventDefault();
        this.reset();
        this.input.focus();
      }
    }
  }

  // -- choosing a command -----------------------------------------------------------------

  onMainInput() {
    const text = this.input.value;
    if (!this.cmd && text.startsWith("/")) {
      const typed = text.slice(1).trim().toLowerCase();
      const found = this.commands().filter((c) => c.name.startsWith(typed) || c.name.includes(typed));
      this.showPopup(
        found.length ? "Commands" : "No command matches",
        found.map((c) => ({ label: `/${c.name}`, desc: c.description, pick: () => this.choose(c) })),
        null,
      );
    } else {
      this.hidePopup();
    }
  }

  choose(cmd) {
    this.reset();
    this.cmd = cmd;
    this.chip.textContent = `/${cmd.name}`;
    this.chip.hidden = false;
    this.input.hidden = true;
    const required = cmd.options.filter((o) => o.required);
    for (const def of required) this.addField(def);
    this.renderOptional();
    const first = [...this.fields.values()][0];
    if (first) first.input.focus();
    else {
      this.input.hidden = false;
      this.input.value = "";
      this.input.placeholder = `${phone.matches ? "Tap ➤" : "Press Enter"} to send /${cmd.name}`;
      this.input.focus();
    }
  }

  renderOptional() {
    this.optional.replaceChildren();
    for (const def of this.cmd.options) {
      if (this.fields.has(def.name)) continue;
      const b = document.createElement("button");
      b.className = "add-opt";
      b.type = "button";
      b.textContent = def.name;
      b.title = def.description || "";
      b.dataset.option = def.name;
      b.addEventListener("click", () => {
        const field = this.addField(def);
        this.renderOptional();
        field.input.focus();
      });
      this.optional.append(b);
    }
  }

  addField(def) {
    const box = document.createElement("label");
    box.className = "opt" + (def.required ? " required" : "");
    box.dataset.option = def.name;
    const name = document.createElement("span");
    name.textContent = def.name;
    const input = document.createElement("input");
    input.autocomplete = "off";
    input.spellcheck = false;
    input.dataset.option = def.name;
    input.title = def.description || "";
    if (def.autocomplete || def.type === STRING) input.className = "wide";
    box.append(name, input);
    this.optsBox.append(box);
    const field = { def, input, box, value: undefined };
    this.fields.set(def.name, field);
    input.addEventListener("focus", () => {
      box.classList.add("focused");
      this.suggest(field);
    });
    input.addEventListener("blur", () => box.classList.remove("focused"));
    input.addEventListener("input", () => {
      field.value = undefined;
      this.suggest(field);
    });
    input.addEventListener("keydown", (e) => this.onKey(e, field));
    return field;
  }

  // -- suggestions for an option ----------------------------------------------------------

  suggest(field) {
    const { def, input } = field;
    const typed = input.value.trim().toLowerCase();
    const pick = (name, value) => () => this.pickValue(field, name, value);
    if (def.choices) {
      const found = def.choices.filter((c) => c.name.toLowerCase().includes(typed) || String(c.value).toLowerCase().includes(typed));
      this.showPopup(def.name, found.map((c) => ({ label: c.name, value: c.value, pick: pick(c.name, c.value) })), field, input.value);
    } else if (def.type === BOOLEAN) {
      this.showPopup(def.name, [["True", true], ["False", false]].map(([n, v]) => ({ label: n, pick: pick(n, v) })), field);
    } else if (def.autocomplete) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.autocomplete(field), 60);
    } else {
      this.hidePopup();
    }
  }

  async autocomplete(field) {
    const seq = ++this.seq;
    const options = {};
    for (const [name, f] of this.fields) {
      if (f === field) continue;
      const v = this.valueOf(f, false);
      if (v !== undefined) options[name] = v;
    }
    const { user, channel } = this.app.where();
    const typed = field.input.value;
    const res = await this.app.post("/sandbox/autocomplete", {
      user: user.id, channel: channel.id, command: this.cmd.name, option: field.def.name, typed, options,
    });
    if (seq !== this.seq || document.activeElement !== field.input) return;
    const choices = res.choices || [];
    let title = `Options matching ${field.def.name}`;
    if (res.error) title = `No suggestions (${res.error})`;
    else if (!choices.length) title = `No options match ${field.def.name}`;
    this.showPopup(title, choices.map((c) => ({ label: c.name, value: c.value, pick: () => this.pickValue(field, c.name, c.value) })), field, typed);
  }

  pickValue(field, name, value) {
    field.input.value = name;
    field.value = value;
    this.hidePopup();
    const fields = [...this.fields.values()];
    const next = fields[fields.indexOf(field) + 1];
    if (next) next.input.focus();
  }

  // -- sending ----------------------------------------------------------------------------

  valueOf(field, strict) {
    if (field.value !== undefined) return field.value;
    const text = field.input.value.trim();
    if (!text) return undefined;
    const { def } = field;
    if (def.choices) {
      const hit = def.choices.find((c) => c.name.toLowerCase() === text.toLowerCase() || String(c.value) === text);
      if (hit) return hit.value;
      if (strict) throw new Error(`${def.name}: choose one of ${def.choices.map((c) => c.name).join(", ")}`);
    }
    if (def.type === INTEGER) {
      if (!/^-?\d+$/.test(text)) { if (strict) throw new Error(`${def.name} takes a whole number`); return undefined; }
      return Number(text);
    }
    if (def.type === NUMBER) {
      const n = Number(text);
      if (Number.isNaN(n)) { if (strict) throw new Error(`${def.name} takes a number`); return undefined; }
      return n;
    }
    if (def.type === BOOLEAN) return /^(true|yes|1)$/i.test(text);
    return text;
  }

  async send() {
    const { user, channel } = this.app.where();
    if (this.cmd) {
      const options = {};
      try {
        for (const [name, f] of this.fields) {
          const v = this.valueOf(f, true);
          if (v !== undefined) options[name] = v;
          else if (f.def.required) throw new Error(`/${this.cmd.name} needs ${name}`);
        }
      } catch (err) {
        this.app.notify(err.message);
        return;
      }
      const command = this.cmd.name;
      this.reset();
      this.input.focus();
      const res = await this.app.post("/sandbox/slash", { user: user.id, channel: channel.id, command, options });
      this.app.answered(res, `/${command}`);
      return;
    }
    const text = this.input.value.trim();
    if (!text) return;
    if (text.startsWith("/")) {
      this.app.notify("Choose a command from the list (type / and pick one).");
      return;
    }
    this.input.value = "";
    const res = await this.app.post("/sandbox/say", { user: user.id, channel: channel.id, content: text });
    if (!res.ok) this.app.notify(res.error || "not sent");
  }
}
