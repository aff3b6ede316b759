// pnp studio: draws /state.json, and draws it again on each event of /events. The page is
// updated in place (faces keyed by their preview path), so the scroll position stays.
"use strict";

const $ = (sel) => document.querySelector(sel);
const figures = new Map(); // face id -> {figure, face, img, src}
let shown = 0;             // version of the state drawn
let filtersSet = false;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function setFilters(filters) {
  if (filtersSet || !filters) return;
  for (const [name, values] of Object.entries(filters)) {
    const m = document.querySelector(`#f-${name} feColorMatrix`);
    if (m) m.setAttribute("values", values.join(" "));
  }
  filtersSet = true;
}

// A picture's size follows the zoom without being set again: width and height in mm
// times a CSS variable the zoom control sets.
function sized(node, w, h, scale) {
  node.style.width = `calc(var(${scale}) * ${w})`;
  node.style.height = `calc(var(${scale}) * ${h})`;
}

function faceFigure(face) {
  let f = figures.get(face.id);
  if (!f) {
    const figure = el("figure");
    const box = el("div", "face");
    const img = el("img");
    img.alt = `${face.component} ${face.item} ${face.side}`;
    img.decoding = "async";
    box.append(img);
    figure.append(box, el("figcaption"));
    f = { figure, face: box, img, src: "" };
    figures.set(face.id, f);
  }
  f.figure.dataset.face = face.id;
  f.face.classList.toggle("custom", face.custom);
  sized(f.face, face.w, face.h, "--px-per-mm");
  f.label = `${face.component} ${face.item} ${face.side}`;
  if (f.src !== face.src) { // only a face that changed is loaded again
    f.src = face.src;
    f.img.src = face.src;
    f.img.dataset.src = face.src;
  }
  const cap = f.figure.querySelector("figcaption");
  cap.textContent = `${face.item} · ${face.side} `;
  if (face.custom) cap.append(el("span", "badge", "custom"));
  f.face.querySelectorAll(".box").forEach((b) => b.remove());
  f.bleed = [face.bleed / face.w, face.bleed / face.h];
  return f;
}

function drawComponents(state) {
  const main = $("#components");
  const keep = new Set();
  const sections = new Map([...main.children].map((s) => [s.dataset.component, s]));
  let before = main.firstChild;
  for (const comp of state.components) {
    let section = sections.get(comp.id);
    if (!section) {
      section = el("section", "component");
      section.dataset.component = comp.id;
      section.append(el("h2", "", comp.id), el("div", "faces"));
    }
    if (section !== before) main.insertBefore(section, before);
    before = section.nextSibling;
    const row = section.querySelector(".faces");
    let next = row.firstChild;
    for (const face of comp.faces) {
      const f = faceFigure(face);
      keep.add(face.id);
      if (f.figure !== next) row.insertBefore(f.figure, next);
      next = f.figure.nextSibling;
    }
    while (next) { const gone = next; next = next.nextSibling; gone.remove(); }
    section.querySelector("h2").textContent =
      `${comp.id} (${comp.faces.length} face${comp.faces.length === 1 ? "" : "s"})`;
    sections.delete(comp.id);
  }
  sections.forEach((s) => s.remove());
  for (const id of [...figures.keys()]) if (!keep.has(id) && !id.includes("#")) figures.delete(id);
}

function pageFigure(pdf, page) {
  let f = figures.get(page.id);
  if (!f) {
    const figure = el("figure");
    const box = el("div", "page");
    const img = el("img");
    img.alt = `${pdf.id} page ${page.number}`;
    img.decoding = "async";
    img.loading = "lazy";
    box.append(img);
    figure.append(box, el("figcaption", "", `${pdf.id} · page ${page.number}`));
    f = { figure, face: box, img, src: "", bleed: [0, 0], label: `${pdf.id} page ${page.number}` };
    figures.set(page.id, f);
  }
  f.figure.dataset.face = page.id;
  sized(f.face, page.w, page.h, "--page-px-per-mm");
  if (f.src !== page.src) { f.src = page.src; f.img.src = page.src; f.img.dataset.src = page.src; }
  f.face.querySelectorAll(".box").forEach((b) => b.remove());
  return f;
}

function drawPages(state) {
  const holder = $("#pdfs");
  const note = $("#pages-note");
  const stale = state.status.state === "failed" && state.pdfs.length > 0;
  note.hidden = !state.pages_note && state.pdfs.length > 0 && !stale;
  note.textContent = state.pages_note || (stale
    ? `The pages of the last build (${state.pages_at}): the last save was not built.`
    : "The printed pages show here once the game is built (it is not, yet).");
  if (!state.pdfs.length) return; // a failed build leaves the last good pages up
  const keep = new Set();
  const old = new Map([...holder.children].map((s) => [s.dataset.pdf, s]));
  holder.replaceChildren();
  for (const pdf of state.pdfs) {
    const section = old.get(pdf.id) || el("section", "pdf");
    section.dataset.pdf = pdf.id;
    if (!section.firstChild) section.append(el("h3"), el("div", "faces"));
    section.querySelector("h3").textContent =
      `${pdf.id} (${pdf.pages.length} page${pdf.pages.length === 1 ? "" : "s"})`;
    const row = section.querySelector(".faces");
    row.replaceChildren(...pdf.pages.map((page) => { keep.add(page.id); return pageFigure(pdf, page).figure; }));
    holder.append(section);
  }
  for (const [id, f] of [...figures]) if (id.includes("#") && !keep.has(id) && !f.figure.isConnected) figures.delete(id);
}

function drawBox(problem, place, n) {
  const f = figures.get(place.face);
  if (!f) return;
  const [bx, by] = f.bleed;
  const [x0, y0, x1, y1] = place.box;
  const box = el("div", `box ${problem.severity}`);
  box.style.left = `${(bx + x0 * (1 - 2 * bx)) * 100}%`;
  box.style.top = `${(by + y0 * (1 - 2 * by)) * 100}%`;
  box.style.width = `${(x1 - x0) * (1 - 2 * bx) * 100}%`;
  box.style.height = `${(y1 - y0) * (1 - 2 * by) * 100}%`;
  box.title = `${problem.where}: ${problem.message}`;
  box.dataset.problem = String(n);
  f.face.append(box);
}

function show(id) {
  const f = figures.get(id);
  if (!f) return;
  f.figure.scrollIntoView({ block: "center", behavior: "smooth" });
  f.face.classList.remove("flash"); void f.face.offsetWidth; f.face.classList.add("flash");
}

const CHIPS = 6; // faces named under a problem; the rest are counted

function drawProblems(state) {
  const lists = { placed: $("#placed ul"), unplaced: $("#unplaced ul") };
  lists.placed.replaceChildren();
  lists.unplaced.replaceChildren();
  for (const f of figures.values()) f.face.querySelectorAll(".box").forEach((b) => b.remove());
  state.problems.forEach((p, n) => {
    const li = el("li", p.severity,
      `${p.where ? p.where + ": " : ""}${p.severity === "warning" ? "warning: " : ""}${p.message}`);
    li.dataset.problem = String(n);
    if (p.places.length) {
      const faces = [...new Set(p.places.map((pl) => pl.face))];
      li.dataset.face = faces[0];
      const at = el("span", "at", "on");
      for (const id of faces.slice(0, CHIPS)) {
        const chip = el("button", "chip", figures.get(id)?.label || id);
        chip.type = "button";
        chip.dataset.face = id;
        chip.addEventListener("click", () => show(id));
        at.append(chip);
      }
      if (faces.length > CHIPS) at.append(` and ${faces.length - CHIPS} more`);
      li.append(at);
      p.places.forEach((place) => drawBox(p, place, n));
      lists.placed.append(li);
    } else {
      lists.unplaced.append(li);
    }
  });
  $("#placed").hidden = !lists.placed.children.length;
  $("#unplaced").hidden = !lists.unplaced.children.length;
}

function drawStatus(state) {
  const s = state.status;
  $("#game").textContent = `pnp studio · ${state.game}`;
  document.title = `${state.game} · pnp studio`;
  const status = $("#status");
  status.classList.toggle("failed", s.state === "failed");
  const count = state.problems.length;
  status.textContent = {
    starting: "drawing the faces…",
    checking: s.drawn !== undefined ? `faces drawn in ${s.drawn} s; checking…` : "checking…",
    ok: `${s.at}: checked and built in ${s.seconds} s; ${count} problem${count === 1 ? "" : "s"}`,
    failed: `${s.at}: not built`,
  }[s.state] || s.state;
  const failed = $("#failed");
  failed.hidden = !s.failed;
  const faces = s.faces === "saved" ? "the faces below are drawn from the files as saved"
    : figures.size ? "the faces below are the last good ones" : "no face could be drawn yet";
  failed.textContent = s.failed ? `${s.failed}\n(${faces})` : "";
}

async function refresh() {
  const response = await fetch("/state.json", { cache: "no-store" });
  const state = await response.json();
  if (state.version <= shown) return;
  shown = state.version;
  setFilters(state.filters);
  drawStatus(state);
  drawComponents(state);
  drawPages(state);
  drawProblems(state);
  document.body.dataset.version = String(state.version);
  document.body.dataset.state = state.status.state;
}

let pending = Promise.resolve();
function queueRefresh() { pending = pending.then(refresh).catch(() => {}); }

$("#vision").addEventListener("change", (e) => {
  document.body.className = e.target.value ? `v-${e.target.value}` : "";
});
// The zoom: pixels per mm of the faces (the printed pages at half of it), kept in this
// browser for the next visit; updates never touch it.
const zoom = $("#zoom");
function setZoom(value) {
  const v = Math.min(8, Math.max(1, parseFloat(value) || 3.6));
  zoom.value = String(v);
  document.documentElement.style.setProperty("--px-per-mm", `${v}px`);
  document.documentElement.style.setProperty("--page-px-per-mm", `${v / 2}px`);
}
try { setZoom(localStorage.getItem("pnp-studio-zoom") || zoom.value); } catch { setZoom(zoom.value); }
zoom.addEventListener("input", () => {
  setZoom(zoom.value);
  try { localStorage.setItem("pnp-studio-zoom", zoom.value); } catch { /* private mode */ }
});

const events = new EventSource("/events");
events.onmessage = queueRefresh;
events.onerror = () => { $("#status").textContent = "pnp studio stopped (start it again)"; };
queueRefresh();
