// The class page (qttt-server): every table of a class, live, for the
// projector. It polls the class's tables and draws each board, all the
// same size, in one grid that fits the screen; beside it the class code,
// the students' address and its QR code. Each board's caption names its
// players as they named themselves ("Ana (X) – Bo (O)"; names as text in
// <bdi>, never markup). A click opens a table to watch it. When the server stops answering it says so, and asks again less
// and less often. A class's event (a Swiss or a round robin, events.js):
// the form that opens one, the teacher's buttons, and the standings and
// the round's pairings in place of the boards (a button shows the round's
// boards instead).

import { drawBoard } from "./board.js";
import { classPageEvent } from "./events.js";
import { t } from "./i18n.js";
import { nameMark, startLanguage, withLanguage, withNames } from "./tables.js";

const $ = (id) => document.getElementById(id);
const code = (location.pathname.match(/^\/class\/([0-9A-Za-z]{6})$/) || [])[1]?.toUpperCase()
  || new URLSearchParams(location.search).get("c")?.toUpperCase();

/** Milliseconds between polls: every 1.5 s while the server answers, backing off to 30 s while it does not. */
const POLL = 1500;
const MAX_WAIT = 30000;

let tables = []; // the last answer's tables
let only = null; // during an event: the round's tables (code → board number), the only boards shown, in board order
let failure = null; // { since: Date, wait: ms } while the server does not answer
let missing = false; // no class has the code
let eventPart = null; // the class's event (events.js), told of it by each answer

/** Who holds `side`'s seat: its name and side ("Ana (X)", the name as `nameMark(i)`), the side alone, or the computer. */
function who(table, side, i) {
  const seat = table.seats[side];
  if (seat.kind !== "person") return t("class-seat-computer", { side, kind: t("opponent", { kind: seat.kind }) });
  return seat.name ? t("class-seat-named", { side, name: nameMark(i) }) : side;
}

/** The board's state: when both players made lines, the winner's came first (docs/RULES.md), and the line says so. */
function stateText(table) {
  const { view, result, seats } = table;
  const lines = view.outcome?.lines ?? [];
  const both = ["X", "O"].every((player) => lines.some((line) => line.player === player));
  if (result?.winner && result.ending === "line" && both) return t("class-board-both-lines", { winner: result.winner });
  if (result) return result.winner ? t("class-board-won", { winner: result.winner, ending: result.ending }) : t("class-board-draw");
  if (!seats.O.taken || !seats.X.taken) return t("class-board-waiting");
  return t("class-board-playing", { player: view.to_act, move: view.move_number });
}

/** The side of the boards (px) and the grid that fits `count` of them, with captions, into the space left. */
function fit(count) {
  const list = $("boards");
  const style = getComputedStyle(list);
  const gapX = parseFloat(style.columnGap) || 0;
  const gapY = parseFloat(style.rowGap) || 0;
  const width = list.clientWidth;
  const height = window.innerHeight - list.getBoundingClientRect().top - 8;
  const caption = 2 * 1.25 * parseFloat(getComputedStyle(document.body).fontSize) * 0.95 + 4;
  let best = { side: 0, columns: 1, rows: 1 };
  for (let columns = 1; columns <= Math.max(1, count); columns += 1) {
    const rows = Math.ceil(Math.max(1, count) / columns);
    const side = Math.floor(Math.min((width - (columns - 1) * gapX) / columns, (height - (rows - 1) * gapY) / rows - caption));
    if (side > best.side) best = { side, columns, rows };
  }
  best.side = Math.max(60, Math.min(best.side, 420));
  return best;
}

function layout(count) {
  const { side, columns, rows } = fit(count);
  const list = $("boards");
  list.style.setProperty("--board", `${side}px`);
  list.style.setProperty("--columns", String(columns));
  list.dataset.grid = `${columns}x${rows}`;
}

/** The boards to draw: every table of the class, or during an event those of its round. */
const shown = () => (only
  ? tables.filter((table) => only.has(table.table)).sort((a, b) => only.get(a.table) - only.get(b.table))
  : tables);

function drawTables() {
  const tables = shown();
  layout(tables.length);
  $("boards").replaceChildren(...tables.map((table) => {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = withLanguage(`/t/${table.table}?watch`);
    const figure = document.createElement("figure");
    const board = document.createElement("div");
    board.className = "board small";
    board.dataset.table = table.table;
    drawBoard(board, { viewObject: () => table.view }, { label: t("class-board", { code: table.table }) });
    const text = document.createElement("figcaption");
    const name = document.createElement("strong");
    name.textContent = table.table;
    const players = t("class-players", { x: who(table, "X", 0), o: who(table, "O", 1) });
    text.append(name, " ", ...withNames(players, [table.seats.X.name, table.seats.O.name]), document.createElement("br"), stateText(table));
    figure.append(board, text);
    link.append(figure);
    li.append(link);
    return li;
  }));
}

function showStatus() {
  const status = $("status");
  status.classList.toggle("server-gone", Boolean(failure));
  document.body.classList.toggle("gone", Boolean(failure));
  if (missing) status.textContent = t("class-unknown", { code });
  else if (failure)
    status.textContent = t("class-server-gone", {
      since: failure.since.toLocaleTimeString(document.documentElement.lang),
      seconds: Math.round(failure.wait / 1000),
    });
  else status.textContent = tables.length ? t("class-tables", { count: tables.length }) : t("class-no-tables");
}

async function refresh() {
  let wait = POLL;
  try {
    const response = await fetch(`/api/classes/${code}`);
    if (response.status === 404) {
      missing = true;
      failure = null;
      showStatus();
      return; // no class: nothing to wait for
    }
    if (!response.ok) throw new Error(String(response.status));
    const reply = await response.json();
    ({ tables } = reply);
    failure = null;
    eventPart?.feed(reply.event ?? null);
    drawTables();
  } catch {
    // A server that is gone: keep the last boards, greyed, and say so; ask again later and later.
    wait = Math.min(MAX_WAIT, failure ? failure.wait * 2 : POLL * 2);
    failure = { since: failure?.since ?? new Date(), wait };
  }
  showStatus();
  setTimeout(refresh, wait);
}

function showClass() {
  $("class").hidden = false;
  $("code").textContent = code;
  const address = () => {
    const path = withLanguage(`/online.html?class=${code}`);
    $("new-table").href = path;
    $("new-table").textContent = `${location.host}${path}`;
    // The same, in one line above the standings once a round has started (the column is then hidden).
    $("event-class-code").textContent = code;
    $("event-join-address").href = path;
    $("event-join-address").textContent = `${location.host}${path}`;
    $("qr").src = `/api/classes/${code}/qr.svg?lang=${document.documentElement.lang}`;
    // Students cannot reach this machine by the name localhost: the address is wrong for them.
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname) || location.hostname.startsWith("127.");
    $("localhost").hidden = !local;
    if (local) $("localhost").textContent = t("class-localhost", { host: location.host });
  };
  address();
  eventPart = classPageEvent(code, (event) => {
    const round = event?.rounds.at(-1);
    only = round ? new Map(round.games.map((game) => [game.table, game.board])) : null;
    drawTables();
  });
  refresh();
  window.addEventListener("resize", () => tables.length && drawTables());
  return () => { address(); drawTables(); showStatus(); eventPart.redraw(); };
}

function showOpen() {
  $("open").hidden = false;
  $("open-class").addEventListener("click", async () => {
    const response = await fetch("/api/classes", { method: "POST" });
    const reply = await response.json();
    location.href = withLanguage(`/class/${reply.class}`);
  });
  return () => {};
}

let redraw = () => {};
const links = () => {
  $("online-link").href = withLanguage("/online.html");
  $("playground-link").href = `/#lang=${document.documentElement.lang}`;
};
await startLanguage(() => { links(); redraw(); });
links();
redraw = code ? showClass() : showOpen();
