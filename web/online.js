// "Play online": a table of qttt-server (docs/protocol.md). The server
// checks every action with the engine and sends its view; this page only
// draws the view (board.js) and sends what the player clicks. The seat's
// token is kept in this browser's local storage, never in the link, and so
// is the player's name (sent with every join; names are shown as text in
// <bdi>, never as markup). The page speaks the playground's languages
// (tables.js: `?lang=`). With a class's code and an event at the class,
// a student joins it here and goes to each round's table (events.js).

import { drawBoard } from "./board.js";
import { eventLink, studentEvent } from "./events.js";
import { list, t } from "./i18n.js";
import { checkedName, nameMark, saveName, savedName, startLanguage, withLanguage, withNames } from "./tables.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const code = (location.pathname.match(/^\/t\/([0-9A-Za-z]{6})$/) || [])[1]?.toUpperCase()
  || params.get("t")?.toUpperCase();
const tokenKey = (table) => `qttt-seat-${table}`;

let socket = null;
let state = null; // the last update
let received = 0; // performance.now() when it came
let selected = 0; // the first square of a spooky move
let retry = 500;
let take = !params.has("watch"); // what a join without a token asks for
let lastMessage = null; // what #message shows, a function of the language in use
let nameRefused = false; // the server refused the kept name: joins go without it

/** Shows `message()` (a t(...) call, made again in a new language), or nothing. */
function say(message) {
  lastMessage = message;
  $("message").textContent = message ? message() : "";
}

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

/** A finished game in a sentence: who won and how; when both made lines, whose came first. */
function resultText(result, outcome) {
  if (!result.winner) return t("online-result-draw");
  // Each player's line that counts is the one with the lowest newest mark (docs/RULES.md): a player may have two.
  const lines = [...(outcome?.lines ?? [])].sort((a, b) => a.highest - b.highest);
  const mine = lines.find((line) => line.player === result.winner);
  const theirs = lines.find((line) => line.player !== result.winner);
  if (result.ending === "line" && mine && theirs)
    return t("online-result-both-lines", {
      winner: result.winner,
      line: mine.squares.join("-"),
      newest: mine.highest,
      loser: theirs.player,
      other: theirs.squares.join("-"),
      otherNewest: theirs.highest,
    });
  return t("online-result", { winner: result.winner, ending: result.ending });
}

function statusText() {
  const { view, you, result } = state;
  const myTurn = !result && you && view.to_act === you;
  if (result) return t("online-game-over", { game: state.game, result: resultText(result, view.outcome) });
  if (state.paused) return t("online-paused");
  if (!you && view.phase === "collapse") return t("online-watching-collapse", { player: view.to_act });
  if (!you) return t("online-watching-move", { player: view.to_act });
  if (!myTurn) return t("online-waiting", { you, player: view.to_act });
  if (view.phase === "collapse")
    return t("online-your-collapse", { you, options: list(view.collapse_options, "disjunction") });
  return selected ? t("online-your-move-second", { you, square: selected }) : t("online-your-move", { you });
}

function seatItem(side) {
  const { seats, you } = state;
  const seat = seats[side];
  const li = document.createElement("li");
  const name = seat.kind === "person" && seat.name ? nameMark(0) : null;
  const who = seat.kind !== "person"
    ? t("online-seat-computer", { side, kind: t("opponent", { kind: seat.kind }) })
    : side === you
      ? (name ? t("online-seat-you-named", { side, name }) : t("online-seat-you", { side }))
      : (name ? t("online-seat-named", { side, name }) : t("online-seat-person", { side }));
  let presence = null;
  if (seat.kind === "person") {
    if (!seat.taken) presence = t("online-seat-free");
    else if (seat.connected) presence = t("online-seat-connected");
    else if (seat.grace_ms > 0) presence = t("online-seat-grace", { time: clockText(seat.grace_ms) });
    else presence = t("online-seat-away");
  }
  li.replaceChildren(...withNames(presence ? `${who} — ${presence}` : who, [seat.name]));
  li.dataset.side = side;
  return li;
}

function render() {
  if (!state) return;
  const { view, you, result, seats } = state;
  const myTurn = !result && you && view.to_act === you;
  const legal = new Set(view.legal);
  drawBoard($("board"), { viewObject: () => view }, {
    interactive: myTurn,
    selected,
    label: t("online-board", { code }),
    onSquare: (square) => {
      const n = String(square);
      if (legal.has(`@${n}`)) return act(`@${n}`);
      if (legal.has(n)) return act(n);
      if (!selected) { selected = square; return render(); }
      if (selected === square) { selected = 0; return render(); }
      const pair = [selected, square].sort().join("");
      selected = 0;
      if (legal.has(pair)) act(pair); else { say(() => t("online-not-legal", { move: pair })); render(); }
    },
  });
  $("status").textContent = statusText();
  $("seats").replaceChildren(...["X", "O"].map(seatItem));
  // A watcher may sit down at a free person's seat (the game not over).
  const free = you || result ? undefined : ["X", "O"].find((side) => seats[side].kind === "person" && !seats[side].taken);
  $("take-seat").hidden = !free;
  if (free) {
    $("take-seat").textContent = t("online-take-seat", { side: free });
    $("take-seat").dataset.side = free;
  }
  $("clocks").textContent = state.clocks
    ? t("online-clocks", { x: clockText(timeLeft("X")), o: clockText(timeLeft("O")) }) : "";
  $("resign").hidden = !(you && !result);
  $("rematch").hidden = !(you && result);
  $("rematch").textContent = state.rematch && state.rematch !== you ? t("online-rematch-accept")
    : state.rematch === you ? t("online-rematch-offered") : t("online-rematch");
  $("moves").textContent = view.record ? t("online-record", { record: view.record }) : "";
  // A finished game's review: the playground opens a record from its link (web/links.js).
  $("review").hidden = !result || !view.record;
  const hash = new URLSearchParams({ record: view.record, lang: document.documentElement.lang });
  $("review-link").href = `/#${hash}`;
  pageLinks();
}

/** The header's links, in the language in use: the playground, and the class page (this table's class, if any). */
function pageLinks() {
  $("playground-link").href = `/#lang=${document.documentElement.lang}`;
  const classCode = state?.class ?? params.get("class");
  $("class-link").href = withLanguage(classCode ? `/class/${classCode}` : "/class.html");
  // A table of the class's event, played from this browser: the way back to the next round.
  const back = code ? eventLink(state?.class) : null;
  $("event-back").hidden = !back;
  if (back) $("event-back-link").href = back;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  say(null);
  send({ type: "act", action, ply: state.view.record.split(" ").filter(Boolean).length });
}

/** The join this page sends: back in its seat with the kept token, else asking for a seat (or to watch); with the kept name. */
function joinMessage() {
  const token = localStorage.getItem(tokenKey(code));
  const message = token ? { type: "join", table: code, token } : { type: "join", table: code, take };
  const name = savedName();
  if (name && !nameRefused) message.name = name;
  return message;
}

function connect() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  socket = new WebSocket(url);
  socket.addEventListener("open", () => {
    retry = 500;
    send(joinMessage());
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome" && message.token) localStorage.setItem(tokenKey(code), message.token);
    else if (message.type === "update") { state = message; received = performance.now(); render(); }
    else if (message.type === "error") {
      if (message.code === "bad_token") {
        localStorage.removeItem(tokenKey(code));
        send(joinMessage());
      } else if (message.code === "bad_name") {
        // Not joined: join again without the name.
        nameRefused = true;
        say(() => t("online-name-bad"));
        send(joinMessage());
      } else if (message.code === "unknown_table") {
        $("status").textContent = t("online-no-table", { code });
        retry = 0;
      } else $("message").textContent = message.message; // the server's own words (English)
    }
  });
  socket.addEventListener("close", () => {
    if (!retry) return;
    $("status").textContent = t("online-reconnecting");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

/** Sits down at the free seat: a new connection that joins asking for it (a join is once per connection). */
function takeSeat() {
  take = $("take-seat").dataset.side;
  history.replaceState(null, "", withLanguage(`/t/${code}`));
  $("take-seat").hidden = true;
  retry = 50;
  socket.close();
}

function shareLink() {
  return `${location.origin}${withLanguage(`/t/${code}`)}`;
}

function showTable() {
  $("table").hidden = false;
  const heading = () => {
    $("table-heading").textContent = t("online-table", { code });
    $("link").textContent = shareLink();
  };
  heading();
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(shareLink()); say(() => t("link-copied")); }
    catch { say(() => t("copy-this-link", { href: shareLink() })); }
  });
  $("show-qr").addEventListener("click", () => {
    $("qr").src = `/api/tables/${code}/qr.svg`;
    $("qr").hidden = !$("qr").hidden;
  });
  $("take-seat").addEventListener("click", takeSeat);
  $("resign").addEventListener("click", () => send({ type: "resign" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  setInterval(() => { if (state?.clocks?.running || Object.values(state?.seats || {}).some((s) => s.grace_ms > 0)) render(); }, 250);
  connect();
  return heading;
}

const clocks = {
  none: { kind: "none" },
  move30: { kind: "per_move", seconds: 30 },
  fischer5: { kind: "fischer", base_seconds: 300, increment_seconds: 3 },
};

/** A table's code as typed: its letters and digits, in capitals (codes are six of them). */
const typedCode = (text) => text.replace(/[^0-9A-Za-z]/g, "").toUpperCase();

function showCreate() {
  const form = $("create");
  form.hidden = false;
  $("join").hidden = false;
  $("status").textContent = t("online-create-prompt");
  drawBoard($("board"), { viewObject: () => ({ classical: {}, spooky: {}, collapse_options: [], move_number: 1, outcome: null }) });
  const fromClass = params.get("class");
  if (fromClass) form.elements.class.value = fromClass;
  // A student of the class's event plays at the event's tables, not at one of their own.
  const redrawEvent = fromClass && /^[0-9A-Za-z]{6}$/.test(fromClass)
    ? studentEvent(fromClass.toUpperCase(), (playing) => {
      form.hidden = playing;
      $("join").hidden = playing;
      $("status").textContent = playing ? t("event-box-heading") : t("online-create-prompt");
    })
    : () => {};
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = typedCode($("join").elements.code.value);
    if (!/^[0-9A-Z]{6}$/.test(typed)) return say(() => t("online-join-bad-code"));
    location.href = withLanguage(`/t/${typed}`);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { x: form.elements.x.value, o: form.elements.o.value, clock: clocks[form.elements.clock.value] };
    if (form.elements.class.value.trim()) body.class = form.elements.class.value.trim();
    const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
    const reply = await response.json();
    if (!response.ok) { $("message").textContent = reply.message; return; }
    location.href = withLanguage(`/t/${reply.table}`);
  });
  return () => { $("status").textContent = t("online-create-prompt"); redrawEvent(); };
}

/** The name field: filled from this browser; a new name is kept and, at a table, sent (a new connection's join: a join is once per connection). */
function nameField() {
  const input = $("name");
  input.value = savedName() ?? "";
  const keep = () => {
    if (!input.value.trim()) return; // a seat's name is changed, never removed
    const name = checkedName(input.value);
    if (!name) return say(() => t("online-name-bad"));
    input.value = name;
    if (name === savedName() && !nameRefused) return;
    saveName(name);
    nameRefused = false;
    say(null);
    if (code && socket && state?.you) {
      retry = 50;
      socket.close();
    }
  };
  input.addEventListener("change", keep);
  $("name-form").addEventListener("submit", (event) => { event.preventDefault(); keep(); });
}

let redrawFixed = () => {};
await startLanguage(() => {
  redrawFixed();
  pageLinks();
  render();
  say(lastMessage);
});
pageLinks();
nameField();
redrawFixed = code ? showTable() : showCreate();
