// The class page (qttt-server): every table of a class, live, for the
// projector. It polls the class's tables and draws each board; a click
// opens a table to watch it.

import { drawBoard } from "./board.js";
import { setLanguage } from "./i18n.js";

// The board's accessible labels are the playground's (board.js); this page's own text is English.
await setLanguage("en");

const $ = (id) => document.getElementById(id);
const code = (location.pathname.match(/^\/class\/([0-9A-Za-z]{6})$/) || [])[1]?.toUpperCase()
  || new URLSearchParams(location.search).get("c")?.toUpperCase();

function caption(table) {
  const { view, result, seats } = table;
  const who = (side) => (seats[side].kind === "person" ? side : `${side} (${seats[side].kind})`);
  let text = `${table.table}: ${who("X")} – ${who("O")}, `;
  if (result) text += result.winner ? `${result.winner} won (${result.ending})` : "a draw";
  else if (!seats.O.taken || !seats.X.taken) text += "waiting for a player";
  else text += `${view.to_act} to act, move ${view.move_number}`;
  return text;
}

async function refresh() {
  const response = await fetch(`/api/classes/${code}`);
  if (!response.ok) {
    $("status").textContent = response.status === 404 ? `No class has the code ${code}.` : "The server did not answer.";
    return;
  }
  const { tables } = await response.json();
  $("status").textContent = tables.length ? `${tables.length} table${tables.length === 1 ? "" : "s"}` : "No tables yet.";
  $("boards").replaceChildren(...tables.map((table) => {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/t/${table.table}?watch`;
    const figure = document.createElement("figure");
    const board = document.createElement("div");
    board.className = "board small";
    board.dataset.table = table.table;
    drawBoard(board, { viewObject: () => table.view }, { label: `Table ${table.table}` });
    const text = document.createElement("figcaption");
    text.textContent = caption(table);
    figure.append(board, text);
    link.append(figure);
    li.append(link);
    return li;
  }));
}

if (code) {
  $("class").hidden = false;
  $("code").textContent = code;
  $("new-table").href = `/online.html?class=${code}`;
  $("new-table").textContent = `${location.origin}/online.html?class=${code}`;
  refresh();
  setInterval(refresh, 1500);
} else {
  $("open").hidden = false;
  $("open-class").addEventListener("click", async () => {
    const response = await fetch("/api/classes", { method: "POST" });
    const reply = await response.json();
    location.href = `/class/${reply.class}`;
  });
}
