// A class's event (docs/events.md) on the tables server's pages: on the
// class page (class.js) the form that opens one, the teacher's buttons
// (start the next round, end the round, remove a player, end the event:
// shown only in the browser that keeps the event's teacher token), and
// the projector's standings and pairings, live, in type as large as the
// screen allows; on "Play online" with the class's code (online.js) a
// student's part: join with a name, their board of the round and a
// button to it, the bye, their rank. Tokens are kept in this browser's
// local storage, never in a link: the teacher's per event, the player's
// per event, and the player's seat at a table under the key online.js
// reads (`qttt-seat-TABLE`), so that the table takes the player back in
// their reserved seat. Names are text in <bdi>, never markup.

import { t } from "./i18n.js";
import { checkedName, nameMark, saveName, savedName, withLanguage, withNames } from "./tables.js";

const $ = (id) => document.getElementById(id);

/** Milliseconds between polls of the event: every 2.5 s, backing off to 30 s while the server does not answer. */
const POLL = 2500;
const MAX_WAIT = 30000;

/** Where this browser keeps the teacher's token of `event`. */
const teacherKey = (event) => `qttt-event-teacher-${event}`;
/** Where this browser keeps its player of `event`: `{player, name, token}`. */
const playerKey = (event) => `qttt-event-player-${event}`;
/** The newest event this browser joined or opened at `classCode`. */
const classEventKey = (classCode) => `qttt-class-event-${classCode}`;

const stored = (key) => {
  try { return localStorage.getItem(key); } catch { return null; }
};
const keep = (key, value) => {
  try { localStorage.setItem(key, value); } catch { /* private mode: this tab only */ }
};

/** The teacher's token of `event` in this browser, or null. */
export const teacherToken = (event) => stored(teacherKey(event));

/** This browser's player of `event` (`{player, name, token}`), or null. */
export function playerOf(event) {
  try { return JSON.parse(stored(playerKey(event))); } catch { return null; }
}

/** The event this browser last joined or opened at `classCode`, or null. */
export const classEvent = (classCode) => stored(classEventKey(classCode));

/** `points` (a multiple of ¼) as "3½", "¾", "10¼": no decimal separator to localize. */
export function points(value) {
  if (value === null || value === undefined) return "–";
  const quarters = Math.round(value * 4);
  const sign = quarters < 0 ? "−" : "";
  const whole = Math.floor(Math.abs(quarters) / 4);
  const part = ["", "¼", "½", "¾"][Math.abs(quarters) % 4];
  return `${sign}${whole || !part ? whole : ""}${part}`;
}

/** An accuracy (mean value lost per action) with two decimals in the language in use; a dash when there is none. */
export function accuracy(value) {
  if (typeof value !== "number") return "–";
  return new Intl.NumberFormat(document.documentElement.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * A Glicko-2 rating `{rating, deviation}` as "1512 ± 87" (numbers and a
 * sign, the same in every language), the deviation in a `.deviation` span
 * that a tight projector hides; a dash when there is none.
 */
export function rating(value) {
  if (!value || typeof value.rating !== "number") return "–";
  const shown = document.createDocumentFragment();
  const deviation = document.createElement("span");
  deviation.className = "deviation";
  deviation.textContent = ` ± ${Math.round(value.deviation ?? 0)}`;
  shown.append(String(Math.round(value.rating)), deviation);
  return shown;
}

/** A finished game's review address: the `review` field (an address, or an object with one), or null. */
export function reviewLink(game) {
  const review = game?.review;
  if (typeof review === "string" && review) return review;
  if (review && typeof review === "object") return review.link ?? review.url ?? review.href ?? null;
  return null;
}

/** The event's description: "Swiss, 5 rounds" or "Round robin". */
function kindText(event) {
  return t("event-kind", { kind: event.kind, rounds: event.rounds_planned ?? 0 });
}

/** The round going on, else the last one, or null. */
const latestRound = (event) => event.rounds.at(-1) ?? null;

/** Where the event stands, in a sentence. */
function stateText(event) {
  if (event.ended) return t("event-state-ended");
  const round = latestRound(event);
  if (!round) return t("event-state-waiting", { count: event.players.filter((p) => !p.withdrawn).length });
  const playing = round.games.filter((g) => g.result === null).length;
  const of = t("event-round-of", { round: round.round, rounds: event.rounds_planned ?? "?" });
  if (round.ended) return t("event-state-between", { round: round.round, of });
  return t("event-state-round", { of, count: playing });
}

/** A game's result as the projector shows it: "1–0", "½–½", or that it goes on. */
const resultText = (game) => t("event-result", { result: game.result ?? "playing" });

/** A refusal in words: the codes a teacher or student meets, the server's own message for the rest. */
const refusal = (reply) => t("event-refused", { code: reply?.error ?? "other", message: reply?.message ?? "" });

async function request(method, path, { token, body } = {}) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let reply = null;
  try { reply = await response.json(); } catch { /* not JSON */ }
  return { ok: response.ok, status: response.status, reply };
}

/**
 * Polls `url()` (nothing while it is null) every `every()` ms, longer
 * while the server does not answer, calling `seen(status, reply)`.
 * Returns a function that polls at once.
 */
function poll(url, seen, every = () => POLL) {
  let wait = POLL;
  let timer = null;
  const once = async () => {
    clearTimeout(timer);
    let next = every();
    const address = url();
    if (address) {
      try {
        const response = await fetch(address);
        const reply = response.headers.get("content-type")?.includes("json") ? await response.json() : null;
        if (response.status >= 500) throw new Error(String(response.status));
        wait = POLL;
        await seen(response.status, reply);
        next = every();
      } catch {
        wait = Math.min(MAX_WAIT, wait * 2);
        next = wait;
      }
    }
    timer = setTimeout(once, next);
  };
  return once;
}

// ---------------------------------------------------------------- the class page

/**
 * The event part of the class page of `classCode`: the form to open one,
 * the teacher's buttons, the standings and the round's pairings. Calls
 * `changed(event)` whenever the event changes (null: no event), so that
 * the page can show the round's boards only. Returns `feed(code)`, which
 * the page calls with the class feed's `event` (the code of the class's
 * event that has not ended, or null) at each of its polls, and `redraw()`,
 * which draws it again (a new language).
 */
export function classPageEvent(classCode, changed) {
  const params = new URLSearchParams(location.search);
  let code = params.get("event")?.toUpperCase() || null; // the event shown (from the address, or found)
  let event = null;
  let last = ""; // the last answer, to redraw only on a change
  let message = null; // a refusal to show, as a function of the language
  /** What the projector shows: the standings (and beside them the round's pairings, for a dozen players or fewer), the pairings, or the round's boards. */
  let view = VIEWS.includes(params.get("view")) ? params.get("view") : "standings";

  const token = () => (event ? teacherToken(event.event) : null);

  const say = (text) => {
    message = text;
    // A refusal of the form's is shown under it, one of the teacher's buttons beside them.
    $("event-open-message").textContent = text && !event ? text() : "";
    $("event-message").textContent = text && event ? text() : "";
  };

  /** Puts the event's code (and the view) into the address, so that a reload shows it, ended or not. */
  const address = () => {
    const url = new URL(location.href);
    if (code) url.searchParams.set("event", code);
    else url.searchParams.delete("event");
    if (view !== "standings" && event) url.searchParams.set("view", view);
    else url.searchParams.delete("view");
    history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  };

  const draw = () => {
    $("event-open").hidden = Boolean(event && !event.ended);
    $("event-panel").hidden = !event;
    document.body.classList.toggle("with-event", Boolean(event));
    // Once a round has started, the standings take the whole width (the final ones too); the class code and address stay, in one line.
    document.body.classList.toggle("event-started", Boolean(event) && event.rounds.length > 0);
    $("event-again").hidden = !event?.ended;
    for (const name of VIEWS) document.body.classList.toggle(`view-${name}`, Boolean(event) && view === name);
    document.body.classList.toggle("show-boards", !event || view === "boards");
    // Beside the standings, the pairings leave their type large enough for a dozen rows only.
    document.body.classList.toggle("few-players", Boolean(event) && event.standings.length <= 12);
    if (!event) return changed(null);
    $("event-heading").textContent = kindText(event);
    $("event-code").textContent = event.event;
    $("event-state").textContent = stateText(event);
    for (const name of VIEWS) $(`view-${name}`).setAttribute("aria-pressed", String(view === name));
    drawTeacher();
    drawStandings();
    drawPairings();
    drawExports();
    changed(event, view);
    fitStandings();
  };

  function drawTeacher() {
    const mine = Boolean(token()) && !event.ended;
    $("event-teacher").hidden = !mine;
    document.body.classList.toggle("teacher", mine);
    if (!mine) return;
    const round = latestRound(event);
    const running = round && !round.ended;
    const next = (round?.round ?? 0) + 1;
    const more = event.rounds_planned === null || next <= event.rounds_planned;
    $("start-round").hidden = !more;
    $("start-round").textContent = t("event-start-round", { round: next });
    // Starting the next round ends this one first, but only once its games are over.
    $("start-round").disabled = Boolean(running && round.games.some((g) => g.result === null));
    $("end-round").hidden = !running;
    if (running) $("end-round").textContent = t("event-end-round", { round: round.round });
  }

  /** The standings table: rank, name, points, tie-breaks, games, and accuracy and rating when the server gives them. */
  function drawStandings() {
    const lines = event.standings;
    const has = (field) => lines.some((line) => Object.hasOwn(line, field));
    const columns = [
      ["rank", t("event-col-rank"), (line) => String(line.rank)],
      ["name", t("event-col-name"), null],
      ["points", t("event-col-points"), (line) => points(line.points)],
      ["buchholz", t("event-col-buchholz"), (line) => points(line.buchholz)],
      ["sb", t("event-col-sb"), (line) => points(line.sonneborn_berger)],
      ["games", t("event-col-games"), (line) => String(line.games)],
      ...(has("accuracy") ? [["accuracy", t("event-col-accuracy"), (line) => accuracy(line.accuracy)]] : []),
      ...(has("rating") ? [["rating", t("event-col-rating"), (line) => rating(line.rating)]] : []),
    ];
    const table = document.createElement("table");
    table.className = "standings";
    const head = table.createTHead().insertRow();
    for (const [key, label] of columns) {
      const th = document.createElement("th");
      th.scope = "col";
      th.className = key;
      th.textContent = label;
      if (key === "sb") th.title = t("event-col-sb-title");
      if (key === "accuracy") th.title = t("event-col-accuracy-title");
      head.append(th);
    }
    const body = table.createTBody();
    const mine = Boolean(token()) && !event.ended;
    for (const line of lines) {
      const row = body.insertRow();
      row.dataset.player = line.player;
      if (line.withdrawn) row.classList.add("withdrawn");
      for (const [key, , value] of columns) {
        const cell = row.insertCell();
        cell.className = key;
        if (value) {
          cell.append(value(line));
          continue;
        }
        const name = document.createElement("bdi");
        name.className = "name";
        name.textContent = line.name;
        cell.append(name);
        if (line.withdrawn) cell.append(" ", t("event-withdrawn"));
        else if (mine) {
          const remove = document.createElement("button");
          remove.type = "button";
          remove.className = "remove";
          remove.textContent = "×";
          remove.title = t("event-remove", { name: line.name });
          remove.setAttribute("aria-label", remove.title);
          remove.addEventListener("click", () => removePlayer(line));
          cell.append(" ", remove);
        }
      }
    }
    if (!lines.length) {
      const cell = body.insertRow().insertCell();
      cell.colSpan = columns.length;
      cell.textContent = t("event-no-players");
    }
    $("standings").replaceChildren(table);
  }

  /** The round's boards: who plays whom, the result, a link to the table (to watch it) or to the review once over. */
  function drawPairings() {
    const round = latestRound(event);
    const box = $("pairings");
    box.hidden = !round;
    if (!round) return;
    const names = new Map(event.players.map((p) => [p.player, p.name]));
    $("pairings-heading").textContent = t("event-round", { round: round.round });
    const items = round.games.map((game) => {
      const li = document.createElement("li");
      li.dataset.table = game.table;
      li.dataset.board = game.board;
      const board = document.createElement("span");
      board.className = "board-no";
      board.textContent = t("event-board", { board: game.board });
      const who = withNames(t("event-pairing", { x: nameMark(0), o: nameMark(1) }), [names.get(game.x), names.get(game.o)]);
      const result = document.createElement("span");
      result.className = game.result === null ? "result playing" : "result";
      result.textContent = resultText(game);
      const link = document.createElement("a");
      const review = reviewLink(game);
      link.href = review ?? withLanguage(`/t/${game.table}?watch`);
      link.className = review ? "review" : "watch";
      link.textContent = review ? t("event-review") : t("event-watch");
      li.append(board, " ", ...who, " ", result, " ", link);
      return li;
    });
    if (round.bye !== null && round.bye !== undefined) {
      const li = document.createElement("li");
      li.className = "bye";
      li.append(...withNames(t("event-bye", { name: nameMark(0) }), [names.get(round.bye)]));
      items.push(li);
    }
    $("pairings-list").replaceChildren(...items);
  }

  function drawExports() {
    const base = `/api/events/${event.event}`;
    $("export-games").href = `${base}/games`;
    $("export-csv").href = `${base}/standings.csv`;
    $("export-a4").href = `${base}/standings.html?paper=a4`;
    $("export-letter").href = `${base}/standings.html?paper=letter`;
  }

  /**
   * Type as large as fits: the standings' font size (and one or two
   * columns of rows) chosen so that the table fills its box without
   * scrolling, from 56 px down; the pairings likewise. While the type
   * would be smaller than the back of a room reads (`READABLE`), the
   * standings' secondary columns give way one after another (`LEAN`:
   * games, the rating's deviation, Sonneborn-Berger, Buchholz); the
   * printable page and the CSV keep them all.
   */
  function fitStandings() {
    const box = $("standings");
    for (let lean = 0; lean <= LEAN.length; lean += 1) {
      LEAN.forEach((column, at) => box.classList.toggle(`lean-${column}`, at < lean));
      if (fitText(box, 56, 12, splitRows, unsplitRows) >= READABLE) break;
    }
    fitText($("pairings"), 48, 11, splitList, unsplitList);
  }

  async function act(method, path, confirmText) {
    if (confirmText && !window.confirm(confirmText)) return;
    say(null);
    const { ok, reply } = await request(method, path, { token: token() });
    if (!ok) return say(() => refusal(reply));
    show(reply);
  }

  function removePlayer(line) {
    act("DELETE", `/api/events/${event.event}/players/${line.player}`, t("event-confirm-remove", { name: line.name }));
  }

  function show(reply) {
    const text = JSON.stringify(reply);
    if (text === last) return;
    last = text;
    event = reply;
    code = reply.event;
    address();
    draw();
  }

  // The event shown: the one in the address, else the class's newest that
  // has not ended, as the class's feed names it (class.js calls `feed`).
  // An ended one is asked for less often: only its accuracies or ratings may still come.
  const refresh = poll(
    () => (code ? `/api/events/${code}` : null),
    (status, reply) => {
      if (status === 200) return show(reply);
      if (status === 404) { code = null; event = null; last = ""; address(); draw(); } // unknown: wait for the feed's
    },
    () => (event?.ended ? MAX_WAIT : POLL),
  );
  /** The class's feed names `current` (its event that has not ended, or null). */
  const feed = (current) => {
    if (current && current !== code) {
      code = current;
      refresh();
    } else if (!code && !current) draw(); // no event: the form to open one
  };

  $("event-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = e.target;
    const kind = form.elements.kind.value;
    const body = { kind, clock: CLOCKS[form.elements.clock.value], scoring: form.elements.scoring.value };
    if (kind === "swiss") body.rounds = Number(form.elements.rounds.value);
    say(null);
    const { ok, reply } = await request("POST", `/api/classes/${classCode}/events`, { body });
    if (!ok) return say(() => refusal(reply));
    keep(teacherKey(reply.event), reply.token);
    keep(classEventKey(classCode), reply.event);
    code = reply.event;
    form.closest("details").open = false;
    refresh();
  });
  $("event-form").elements.kind.addEventListener("change", (e) => {
    $("event-form").elements.rounds.closest("label").hidden = e.target.value !== "swiss";
  });
  $("start-round").addEventListener("click", () => act("POST", `/api/events/${event.event}/rounds`));
  $("end-round").addEventListener("click", () =>
    act("POST", `/api/events/${event.event}/rounds/end`, t("event-confirm-end-round", { round: latestRound(event).round })));
  $("end-event").addEventListener("click", () => act("POST", `/api/events/${event.event}/end`, t("event-confirm-end")));
  // After the end: the form for the next one, beside the boards.
  $("event-again").addEventListener("click", () => {
    view = "boards";
    $("event-open").open = true;
    address();
    draw();
  });
  for (const name of VIEWS)
    $(`view-${name}`).addEventListener("click", () => {
      view = name;
      address();
      draw();
    });
  window.addEventListener("resize", () => event && fitStandings());
  refresh();
  return {
    feed,
    redraw: () => {
      if (event) draw();
      say(message);
    },
  };
}

/** The projector's views of an event (the address's `view=`). */
const VIEWS = ["standings", "pairings", "boards"];

/** The clocks a teacher can give an event (as online.html's for a table, and a blitz). */
const CLOCKS = {
  none: { kind: "none" },
  move30: { kind: "per_move", seconds: 30 },
  fischer3: { kind: "fischer", base_seconds: 180, increment_seconds: 2 },
  fischer5: { kind: "fischer", base_seconds: 300, increment_seconds: 3 },
};

/** The standings' smallest type for the back of a room, in px. */
const READABLE = 24;
/** The standings' columns that give way, in turn, to larger type. */
const LEAN = ["games", "deviation", "sb", "buchholz"];

/**
 * The largest font size (px, from `max` down to `min`) at which `box`'s
 * content fits it without scrolling, set on `box` (its content sized in em);
 * many rows are split into two columns (`split(box)`, undone by
 * `unsplit(box)`) when that allows a larger size.
 */
function fitText(box, max, min, split, unsplit) {
  if (box.hidden || !box.clientHeight) return max;
  // A line cut short (a pairing's, with an ellipsis) does not fit either.
  const fits = () => box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1
    && [...box.querySelectorAll("li")].every((line) => line.scrollWidth <= line.clientWidth + 1);
  const largest = () => {
    let [low, high] = [min, max];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      box.style.fontSize = `${mid}px`;
      if (fits()) low = mid;
      else high = mid - 1;
    }
    box.style.fontSize = `${low}px`;
    return low;
  };
  unsplit(box);
  const one = largest();
  if (box.querySelectorAll("tbody tr, li").length < 8) return one;
  split(box);
  const two = largest();
  if (two <= one) {
    unsplit(box);
    return largest();
  }
  return two;
}

/** The standings' rows in two tables side by side (the second with its own head); the rows are moved, not copied, so their buttons keep working. */
function splitRows(box) {
  const table = box.querySelector("table");
  const rows = [...table.tBodies[0].rows];
  const second = table.cloneNode(false);
  second.append(table.tHead.cloneNode(true), document.createElement("tbody"));
  second.tBodies[0].append(...rows.slice(Math.ceil(rows.length / 2)));
  box.append(second);
}

function unsplitRows(box) {
  const [first, second] = box.querySelectorAll("table");
  if (!second) return;
  first.tBodies[0].append(...second.tBodies[0].rows);
  second.remove();
}

/** The pairings in two columns, or one. */
const splitList = (box) => box.classList.add("split");
const unsplitList = (box) => box.classList.remove("split");

// ---------------------------------------------------------------- a student's part (online.html)

/**
 * A student's part of the class's event on "Play online" (online.html
 * with `?class=CODE`): when the class has an event, a box to join it with
 * the name of the page's name field; once joined, the student's board of
 * the round ("board 3: you play X against Bo") and a button to it, or the
 * bye, or that the next round has not started, and their rank. Calls
 * `joined(true)` while this browser plays in the event (the page then
 * hides its forms for a table of one's own). Returns a function that
 * draws it again (a new language).
 */
export function studentEvent(classCode, joined) {
  let event = null;
  let message = null;
  let last = null;
  const box = $("event-box");

  const me = () => (event ? playerOf(event.event) : null);
  const say = (text) => {
    message = text;
    $("event-message").textContent = text ? text() : "";
  };

  const draw = () => {
    box.hidden = !event;
    // The class's event in place of the page's empty board: on a phone it is what the student sees first.
    document.body.classList.toggle("event-student", Boolean(event));
    if (!event) return joined(false);
    const player = me();
    $("event-description").textContent = kindText(event);
    $("event-join").hidden = Boolean(player) || event.ended;
    $("event-you").hidden = !player;
    joined(Boolean(player) && !event.ended);
    if (!player) {
      $("event-invite").textContent = event.ended ? t("event-state-ended") : t("event-invite");
      return;
    }
    const standing = event.standings.find((line) => line.player === player.player);
    const withdrawn = event.players.find((p) => p.player === player.player)?.withdrawn;
    $("event-name").replaceChildren(...withNames(t("event-you-are", { name: nameMark(0) }), [player.name]));
    $("event-rank").textContent = standing
      ? t("event-your-rank", { rank: standing.rank, count: event.standings.length, points: points(standing.points) })
      : "";
    const go = $("event-go");
    go.hidden = true;
    const round = latestRound(event);
    const game = round?.games.find((g) => g.x === player.player || g.o === player.player);
    let text = t("event-you-wait");
    if (event.ended) text = t("event-state-ended");
    else if (withdrawn) text = t("event-you-removed");
    else if (round && round.bye === player.player && !round.ended) text = t("event-you-bye", { round: round.round });
    else if (game) {
      const side = game.x === player.player ? "X" : "O";
      const opponent = event.players.find((p) => p.player === (side === "X" ? game.o : game.x))?.name ?? "";
      const args = { round: round.round, board: game.board, side, opponent: nameMark(0) };
      if (game.result === null && !round.ended) {
        text = t("event-you-play", args);
        go.hidden = false;
        go.dataset.table = game.table;
      } else text = t("event-you-played", { ...args, result: resultText(game) });
      $("event-board").replaceChildren(...withNames(text, [opponent]));
      return;
    }
    $("event-board").textContent = text;
  };

  // Which event: the one the class's feed names (asked at the start, and
  // every 10 s while none goes on), else the last one this browser played
  // in at the class (its final standing); then that event every 2.5 s.
  let code = null;
  let feedAt = -Infinity;
  let timer = null;
  let failing = 0; // the wait (ms) while the server does not answer
  const tick = async () => {
    clearTimeout(timer);
    let wait = event?.ended ? 10000 : POLL;
    try {
      if ((!code || event?.ended) && performance.now() - feedAt >= 10000) {
        feedAt = performance.now();
        const { ok, status, reply } = await request("GET", `/api/classes/${classCode}`);
        if (status >= 500) throw new Error(String(status));
        const mine = classEvent(classCode);
        const current = (ok ? reply.event : null) ?? (mine && playerOf(mine) ? mine : null);
        if (current && current !== code) [code, event, last] = [current, null, null];
      }
      if (code) {
        const { ok, status, reply } = await request("GET", `/api/events/${code}`);
        if (status >= 500) throw new Error(String(status));
        if (ok && JSON.stringify(reply) !== last) {
          last = JSON.stringify(reply);
          event = reply;
          draw();
        } else if (!ok) [code, event, last] = [null, null, null];
      }
      if (!code) draw();
      failing = 0;
    } catch {
      failing = Math.min(MAX_WAIT, failing ? failing * 2 : POLL * 2);
      wait = failing;
    }
    timer = setTimeout(tick, wait);
  };
  const refresh = tick;

  $("event-join-button").addEventListener("click", async () => {
    const input = $("name");
    const name = checkedName(input.value) ?? savedName();
    if (!name) {
      say(() => t("event-need-name"));
      input.focus();
      return;
    }
    say(null);
    const { ok, reply } = await request("POST", `/api/events/${event.event}/players`, { body: { name } });
    if (!ok) return say(() => refusal(reply));
    saveName(name);
    input.value = name;
    keep(playerKey(reply.event), JSON.stringify({ player: reply.player, name: reply.name, token: reply.token }));
    keep(classEventKey(classCode), reply.event);
    last = "";
    refresh();
  });
  $("event-go").addEventListener("click", () => {
    const table = $("event-go").dataset.table;
    // The seat is reserved for the player's event token: the table page joins with it as with its own.
    keep(`qttt-seat-${table}`, me().token);
    location.href = withLanguage(`/t/${table}`);
  });

  refresh();
  return () => {
    draw();
    say(message);
  };
}

/** At a table of an event (online.js): the link back to the student's event page, when this browser plays in the class's event. */
export function eventLink(classCode) {
  const code = classCode && classEvent(classCode);
  return code && playerOf(code) ? withLanguage(`/online.html?class=${classCode}`) : null;
}
