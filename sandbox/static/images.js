// An edited message keeps its pictures on screen. The same picture (same URL) stays the very
// same <img> element, moved into the message's new rendering, so it is never reloaded; a
// changed one is loaded and decoded off screen while the old one stays in its place, then
// swapped in. An edit therefore never shows an empty frame.

export function keepImages(oldEl, newEl) {
  const olds = [...oldEl.querySelectorAll(".attachments img")];
  const news = [...newEl.querySelectorAll(".attachments img")];
  const used = new Set();
  const kept = new Map();
  for (const img of news) {
    const same = olds.find((o) => !used.has(o) && o.dataset.url === img.dataset.url);
    if (same) {
      used.add(same);
      kept.set(img, same);
    }
  }
  news.forEach((img, i) => {
    const same = kept.get(img);
    if (same) {
      delete same.dataset.pending;
      img.replaceWith(same);
      return;
    }
    // The old picture at the same place stands in until the new one is ready to be drawn.
    const stand = olds[i];
    if (!stand || used.has(stand) || !stand.complete || !stand.naturalWidth) return;
    used.add(stand);
    const url = img.dataset.url;
    stand.dataset.pending = url;
    img.replaceWith(stand);
    img.decode().catch(() => null).then(() => {
      // Unless a later edit took its place meanwhile.
      if (stand.isConnected && stand.dataset.pending === url) stand.replaceWith(img);
    });
  });
}
