// "Play online": a table of qttt-server (docs/protocol.md). The server
// checks every action with the engine and sends its view; this page only
// draws the view (board.js) and sends what the player clicks. The seat's
// token is kept in this browser's local storage, never in the link.

import { drawBoard } from "./board.js";
import { setLanguage } from "./i18n.js";

// The board's accessible labels are the playground's (board.js); this page's own text is English.
await setLanguage("en");

const $ = (id) => document.getElementById(id);
const code = (location.pathname.match(/^\/t\/([0-9A-Za-z]{6})$/) || [])[1]?.toUpperCase()
  || new URLSearchParams(location.search).get("t")?.toUpperCase();
const watchOnly = new URLSearchParams(location.search).has("watch");
const tokenKey = (table) => `qttt-seat-${table}`;

let socket = null;
let state = null; // the last update
let received = 0; // performance.now() when it came
let selected = 0; // the first square of a spooky move
let retry = 500;

function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function timeLeft(side) {
  const clocks = state.clocks;
  if (!clocks) return null;
  const elapsed = clocks.running === side ? performance.now() - received : 0;
  return clocks[side] - elapsed;
}

function resultText(result) {
  const how = { line: "with a line", draw: "", resign: "by resignation", time: "on time" }[result.ending];
  return result.winner ? `${result.winner} wins ${how}.` : "A draw.";
}

function render() {
  if (!state) return;
  const { view, you, result, seats } = state;
  const myTurn = !result && you && view.to_act === you;
  const legal = new Set(view.legal);
  drawBoard($("board"), { viewObject: () => view }, {
    interactive: myTurn,
    selected,
    label: "Board",
    onSquare: (square) => {
      const n = String(square);
      if (legal.has(`@${n}`)) return act(`@${n}`);
      if (legal.has(n)) return act(n);
      if (!selected) { selected = square; return render(); }
      if (selected === square) { selected = 0; return render(); }
      const pair = [selected, square].sort().join("");
      selected = 0;
      if (legal.has(pair)) act(pair); else { $("message").textContent = `${pair} is not a legal move.`; render(); }
    },
  });
  let status;
  if (result) status = `Game ${state.game}: ${resultText(result)}`;
  else if (!you) status = `You are watching. ${view.to_act} to ${view.phase === "collapse" ? "choose a collapse" : "move"}.`;
  else if (myTurn) status = view.phase === "collapse"
    ? `You play ${you}. Choose where the newest mark lands: ${view.collapse_options.join(" or ")}.`
    : `You play ${you}. Your move${selected ? `: square ${selected} and …` : ""}.`;
  else status = `You play ${you}. Waiting for ${view.to_act}.`;
  $("status").textContent = status;
  $("seats").replaceChildren(...["X", "O"].map((side) => {
    const seat = seats[side];
    const li = document.createElement("li");
    const who = seat.kind === "person" ? (side === you ? "you" : "a person") : `the computer (${seat.kind})`;
    let presence = "";
    if (seat.kind === "person") {
      if (!seat.taken) presence = " — seat free: share the link";
      else if (seat.connected) presence = " — connected";
      else if (seat.grace_ms > 0) presence = ` — disconnected, seat kept ${clockText(seat.grace_ms)}`;
      else presence = " — disconnected; the game waits";
    }
    li.textContent = `${side}: ${who}${presence}`;
    li.dataset.side = side;
    return li;
  }));
  $("clocks").textContent = state.clocks
    ? `Clock: X ${clockText(timeLeft("X"))} · O ${clockText(timeLeft("O"))}` : "";
  $("resign").hidden = !(you && !result);
  $("rematch").hidden = !(you && result);
  $("rematch").textContent = state.rematch && state.rematch !== you ? "Accept the rematch"
    : state.rematch === you ? "Rematch offered…" : "Rematch";
  $("moves").textContent = view.record ? `Record: ${view.record}` : "";
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  $("message").textContent = "";
  send({ type: "act", action, ply: state.view.record.split(" ").filter(Boolean).length });
}

function connect() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retry = 500;
    const token = localStorage.getItem(tokenKey(code));
    send(token ? { type: "join", table: code, token } : { type: "join", table: code, take: !watchOnly });
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome" && message.token) localStorage.setItem(tokenKey(code), message.token);
    else if (message.type === "update") { state = message; received = performance.now(); render(); }
    else if (message.type === "error") {
      if (message.code === "bad_token") {
        localStorage.removeItem(tokenKey(code));
        send({ type: "join", table: code, take: !watchOnly });
      } else if (message.code === "unknown_table") {
        $("status").textContent = `No table has the code ${code}.`;
        retry = 0;
      } else $("message").textContent = message.message;
    }
  });
  socket.addEventListener("close", () => {
    if (!retry) return;
    $("status").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function showTable() {
  $("table").hidden = false;
  $("code").textContent = code;
  const link = `${location.origin}/t/${code}`;
  $("link").textContent = link;
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(link); $("message").textContent = "Link copied."; }
    catch { $("message").textContent = `Copy the link: ${link}`; }
  });
  $("show-qr").addEventListener("click", () => {
    $("qr").src = `/api/tables/${code}/qr.svg`;
    $("qr").hidden = !$("qr").hidden;
  });
  $("resign").addEventListener("click", () => send({ type: "resign" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  setInterval(() => { if (state?.clocks?.running || Object.values(state?.seats || {}).some((s) => s.grace_ms > 0)) render(); }, 250);
  connect();
}

const clocks = {
  none: { kind: "none" },
  move30: { kind: "per_move", seconds: 30 },
  fischer5: { kind: "fischer", base_seconds: 300, increment_seconds: 3 },
};

function showCreate() {
  const form = $("create");
  form.hidden = false;
  $("status").textContent = "Create a table, then share its link.";
  drawBoard($("board"), { viewObject: () => ({ classical: {}, spooky: {}, collapse_options: [], move_number: 1, outcome: null }) });
  const fromClass = new URLSearchParams(location.search).get("class");
  if (fromClass) form.elements.class.value = fromClass;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { x: form.elements.x.value, o: form.elements.o.value, clock: clocks[form.elements.clock.value] };
    if (form.elements.class.value.trim()) body.class = form.elements.class.value.trim();
    const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
    const reply = await response.json();
    if (!response.ok) { $("message").textContent = reply.message; return; }
    location.href = `/t/${reply.table}`;
  });
}

if (code) showTable(); else showCreate();
