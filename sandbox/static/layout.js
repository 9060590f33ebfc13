// The page's frame: on a phone (at most 700 px wide, phone.css) the channel list is a drawer
// behind the menu button; an image opens full size in a lightbox; and the page keeps to the
// part of the screen the on-screen keyboard leaves (window.visualViewport), so the message box
// and its list stay above the keyboard.

import { $ } from "./util.js";

export const phone = window.matchMedia("(max-width: 700px)");

// -- the drawer ----------------------------------------------------------------------------

export function drawerOpen() {
  return document.body.classList.contains("drawer-open");
}

export function openDrawer() {
  document.body.classList.add("drawer-open");
  $("#scrim").hidden = false;
  $("#menu-button").setAttribute("aria-expanded", "true");
}

export function closeDrawer() {
  document.body.classList.remove("drawer-open");
  $("#scrim").hidden = true;
  $("#menu-button").setAttribute("aria-expanded", "false");
}

function setupDrawer() {
  $("#menu-button").addEventListener("click", () => (drawerOpen() ? closeDrawer() : openDrawer()));
  $("#scrim").addEventListener("click", closeDrawer);
  phone.addEventListener("change", closeDrawer);
}

// -- images, full size ---------------------------------------------------------------------

export function openImage(img) {
  const box = $("#lightbox");
  const full = box.querySelector("img");
  full.src = img.currentSrc || img.src;
  full.alt = img.alt;
  box.classList.remove("zoomed");
  box.hidden = false;
  $("#lightbox-close").focus({ preventScroll: true });
}

export function closeImage() {
  const box = $("#lightbox");
  box.hidden = true;
  box.classList.remove("zoomed");
  box.querySelector("img").removeAttribute("src");
}

function setupLightbox() {
  const box = $("#lightbox");
  $("#lightbox-close").addEventListener("click", closeImage);
  // A tap on the picture shows it at its own size (scroll to move around); beside it, closes.
  $("#lightbox-frame").addEventListener("click", (e) => {
    if (e.target.tagName === "IMG") box.classList.toggle("zoomed");
    else closeImage();
  });
}

// -- the on-screen keyboard ----------------------------------------------------------------

function followKeyboard(onResize) {
  const vv = window.visualViewport;
  if (!vv) return;
  const root = document.documentElement;
  const apply = () => {
    if (Math.abs(vv.scale - 1) > 0.01) return; // pinch-zoomed: the layout stays as it was
    root.style.setProperty("--app-height", `${Math.round(vv.height)}px`);
    root.style.setProperty("--app-top", `${Math.round(vv.offsetTop)}px`);
    onResize();
  };
  vv.addEventListener("resize", apply);
  vv.addEventListener("scroll", apply);
  apply();
}

// -- start ---------------------------------------------------------------------------------

export function setupLayout({ onResize }) {
  setupDrawer();
  setupLightbox();
  followKeyboard(onResize);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (!$("#lightbox").hidden) closeImage();
    else if (drawerOpen()) closeDrawer();
  });
}
