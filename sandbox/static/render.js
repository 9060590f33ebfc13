// Drawing messages as Discord shows them: author, the command it answers, markdown, images,
// embeds, buttons and menus. Pure DOM building; app.js decides what to draw and wires actions.

const COLOURS = ["#5865f2", "#eb459e", "#3ba55c", "#faa61a", "#ed4245", "#9b59b6", "#1abc9c"];

export function colourOf(id) {
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length];
}

export function avatar(user) {
  const el = document.createElement("div");
  el.className = "avatar";
  el.style.background = user.bot ? "#e8590c" : colourOf(user.id);
  el.textContent = user.bot ? "🌋" : (user.name || "?").slice(0, 1).toUpperCase();
  return el;
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// How far the bot's clock runs ahead of this one (the sidebar's ⏩): relative times count from
// the bot's "now", as its deadlines do.
let clockAhead = 0;
export function setClockAhead(seconds) { clockAhead = seconds; }

function relative(seconds) {
  const diff = seconds - (Date.now() / 1000 + clockAhead);
  const abs = Math.abs(diff);
  const units = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  const fmt = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of units) {
    if (abs >= size || unit === "second") return fmt.format(Math.round(diff / size), unit);
  }
  return "";
}

function timestamp(seconds, style) {
  const d = new Date(seconds * 1000);
  if (style === "R") return relative(seconds);
  if (style === "t") return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (style === "T") return d.toLocaleTimeString();
  if (style === "d") return d.toLocaleDateString();
  return d.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

// A link to a channel or thread, opened inside the page. One the page does not know yet is
// marked, so that it is drawn again with its name once the page learns of it.
function channelLink(id, name, fallback) {
  const unresolved = name ? "" : " data-unresolved";
  return `<a class="channel-link" href="#" role="link" data-channel="${id}"${unresolved}>#${escapeHtml(name || fallback)}</a>`;
}

// Inline markdown on escaped text: mentions, channels, timestamps, links, code, emphasis.
function inline(text, ctx) {
  const codes = [];
  let html = escapeHtml(text).replace(/`([^`\n]+)`/g, (_, code) => {
    codes.push(code);
    return `\u0000${codes.length - 1}\u0000`;
  });
  html = html
    // A masked link, as Discord draws it: only with an http(s) URL (anything else, a channel
    // mention included, stays as typed); a jump into Discord opens that channel in the page.
    .replace(/\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) => {
      const jump = url.match(/^https:\/\/discord\.com\/channels\/(?:\d+|@me)\/(\d+)/);
      if (jump) return `<a class="channel-link" href="#" role="link" data-channel="${jump[1]}">${label}</a>`;
      return `<a class="masked-link" href="#" role="link" title="${url} (not followed in the sandbox)">${label}</a>`;
    })
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => {
      const user = ctx.users[id];
      const me = id === ctx.meId ? " me" : "";
      return `<span class="mention${me}" data-user="${id}">@${escapeHtml(user ? user.name : "unknown")}</span>`;
    })
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => channelLink(id, ctx.channelName(id), "unknown"))
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, s, style) =>
      `<span class="timestamp" title="${escapeHtml(new Date(Number(s) * 1000).toLocaleString())}">${escapeHtml(timestamp(Number(s), style))}</span>`)
    // Links into Discord become links inside the sandbox; nothing points outside 127.0.0.1.
    .replace(/https:\/\/discord\.com\/channels\/(\d+|@me)\/(\d+)(?:\/\d+)?/g, (_, g, id) =>
      channelLink(id, ctx.channelName(id), "channel"))
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/__([^_]+)__/g, "<u>$1</u>")
    .replace(/(^|[^*\w])\*([^*\n]+)\*/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_([^_\n]+)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~([^~]+)~~/g, "<s>$1</s>");
  return html.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[Number(i)]}</code>`);
}

export function markdown(text, ctx) {
  const out = [];
  const blocks = text.split(/```(?:\w*\n)?/);
  blocks.forEach((block, i) => {
    if (i % 2 === 1) {
      out.push(`<pre>${escapeHtml(block.replace(/\n$/, ""))}</pre>`);
      return;
    }
    const lines = block.split("\n");
    lines.forEach((line, j) => {
      let m;
      if ((m = line.match(/^(#{1,3}) (.*)$/))) out.push(`<h${m[1].length}>${inline(m[2], ctx)}</h${m[1].length}>`);
      else if ((m = line.match(/^-# (.*)$/))) out.push(`<div class="subtext">${inline(m[1], ctx)}</div>`);
      else if ((m = line.match(/^> ?(.*)$/))) out.push(`<blockquote>${inline(m[1], ctx)}</blockquote>`);
      else out.push(inline(line, ctx) + (j < lines.length - 1 ? "<br>" : ""));
    });
  });
  return out.join("");
}

function isImage(att) {
  return (att.content_type || "").startsWith("image/") || /\.(png|jpe?g|gif|webp)$/i.test(att.filename);
}

function renderAttachments(msg) {
  const box = document.createElement("div");
  box.className = "attachments";
  for (const att of msg.attachments) {
    if (isImage(att)) {
      const wrap = document.createElement("div");
      wrap.className = att.filename.replace(/\.\w+$/, "");
      const img = document.createElement("img");
      img.src = att.url;
      img.alt = att.filename;
      img.dataset.attachment = att.id;
      img.dataset.url = att.url;
      img.decoding = "async";
      if (att.dimensions) {
        // The space is kept while it loads, so the view does not jump (style.css sizes it).
        const [w, h] = att.dimensions;
        img.classList.add("sized");
        img.style.setProperty("--w", String(w));
        img.style.setProperty("--h", String(h));
      }
      wrap.append(img);
      box.append(wrap);
    } else {
      const a = document.createElement("a");
      a.className = "file";
      a.href = att.url;
      a.download = att.filename;
      a.textContent = `📎 ${att.filename} (${Math.ceil(att.size / 1024)} KB)`;
      box.append(a);
    }
  }
  return box;
}

function renderEmbed(embed, ctx) {
  const el = document.createElement("div");
  el.className = "embed";
  if (embed.color) el.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
  if (embed.title) el.insertAdjacentHTML("beforeend", `<div class="title">${inline(embed.title, ctx)}</div>`);
  if (embed.description) el.insertAdjacentHTML("beforeend", `<div>${markdown(embed.description, ctx)}</div>`);
  for (const f of embed.fields || []) {
    el.insertAdjacentHTML("beforeend", `<div class="field-name">${inline(f.name, ctx)}</div><div>${markdown(f.value, ctx)}</div>`);
  }
  if (embed.footer && embed.footer.text) el.insertAdjacentHTML("beforeend", `<div class="subtext">${inline(embed.footer.text, ctx)}</div>`);
  return el;
}

function emojiText(emoji) {
  return emoji && emoji.name && !emoji.id ? `${emoji.name} ` : "";
}

function renderComponent(comp, msg, ctx) {
  switch (comp.type) {
    case 1: { // action row
      const row = document.createElement("div");
      row.className = "row";
      for (const child of comp.components || []) row.append(renderComponent(child, msg, ctx));
      return row;
    }
    case 2: { // button
      const b = document.createElement("button");
      b.className = `btn style-${comp.style || 2}`;
      b.textContent = emojiText(comp.emoji) + (comp.label || "");
      b.disabled = Boolean(comp.disabled) || comp.style === 5 || !comp.custom_id;
      if (comp.style === 5) b.title = `a link: ${comp.url || ""} (not followed in the sandbox)`;
      if (comp.custom_id) b.dataset.customId = comp.custom_id;
      b.addEventListener("click", () => ctx.click(msg, comp, b));
      return b;
    }
    case 3: { // string select
      const s = document.createElement("select");
      s.className = "select";
      s.dataset.customId = comp.custom_id;
      s.disabled = Boolean(comp.disabled);
      const placeholder = document.createElement("option");
      placeholder.value = "";
      placeholder.textContent = comp.placeholder || "Make a selection";
      placeholder.disabled = true;
      placeholder.selected = true;
      s.append(placeholder);
      for (const o of comp.options || []) {
        const opt = document.createElement("option");
        opt.value = o.value;
        opt.textContent = emojiText(o.emoji) + o.label + (o.description ? ` — ${o.description}` : "");
        s.append(opt);
      }
      s.addEventListener("change", () => ctx.select(msg, comp, s));
      return s;
    }
    case 10: { // text display (components v2)
      const d = document.createElement("div");
      d.className = "content";
      d.innerHTML = markdown(comp.content || "", ctx);
      return d;
    }
    default: { // sections, containers and the rest: their children, in order
      const d = document.createElement("div");
      d.className = "components";
      for (const child of comp.components || []) d.append(renderComponent(child, msg, ctx));
      if (comp.accessory) d.append(renderComponent(comp.accessory, msg, ctx));
      return d;
    }
  }
}

export function renderMessage(msg, ctx) {
  const author = { ...msg.author };
  const el = document.createElement("article");
  el.className = "message";
  el.dataset.id = msg.id;
  if (msg.ephemeral) el.classList.add("ephemeral");
  if (msg.content.includes(`<@${ctx.meId}>`)) el.classList.add("mentions-me");
  el.append(avatar(author));
  const body = document.createElement("div");
  body.className = "body";
  if (msg.interaction && msg.interaction.name) {
    const verb = msg.interaction.type === 2 ? `used <b>/${escapeHtml(msg.interaction.name)}</b>` : "clicked a button";
    body.insertAdjacentHTML("beforeend", `<div class="reply">↳ <b>${escapeHtml(msg.interaction.user_name)}</b> ${verb}</div>`);
  }
  const time = new Date(msg.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  body.insertAdjacentHTML(
    "beforeend",
    `<div class="head"><span class="author">${escapeHtml(author.name)}</span>${author.bot ? '<span class="tag">BOT</span>' : ""}<span class="time">${time}</span></div>`,
  );
  const content = document.createElement("div");
  content.className = "content";
  if (msg.loading) {
    content.classList.add("loading");
    content.textContent = `${author.name} is thinking`;
  } else {
    content.innerHTML = markdown(msg.content, ctx);
    if (msg.edited) content.insertAdjacentHTML("beforeend", '<span class="edited">(edited)</span>');
  }
  body.append(content);
  for (const e of msg.embeds || []) body.append(renderEmbed(e, ctx));
  if (msg.attachments.length) body.append(renderAttachments(msg));
  if (msg.components.length) {
    const comps = document.createElement("div");
    comps.className = "components";
    for (const c of msg.components) comps.append(renderComponent(c, msg, ctx));
    body.append(comps);
  }
  if (msg.thread) {
    body.insertAdjacentHTML(
      "beforeend",
      `<div class="thread-link">🧵 <a class="channel-link" href="#" role="link" data-channel="${msg.thread.id}">${escapeHtml(msg.thread.name)}</a></div>`,
    );
  }
  if (msg.ephemeral) body.insertAdjacentHTML("beforeend", '<div class="ephemeral-note">👁 Only you can see this</div>');
  el.append(body);
  return el;
}
