// A link per position: the record and the settings in the address's hash
// (#record=15%2026&computer=mcts-O&present=1&lang=nl), written after every change and
// read when the page opens or the hash changes.
import { Game, QtttError, opponents } from "./qttt/index.js";
import { state } from "./state.js";
import { language } from "./i18n.js";

/** The language a link asks for (`#...&lang=`, or `?lang=` as the tables pages write it), or null. */
export const linkedLanguage = () =>
  new URLSearchParams(location.hash.slice(1)).get("lang") ?? new URLSearchParams(location.search).get("lang");

/**
 * Whether a link asks for the presenter layout: true for `present=1`,
 * false for `present=0`, null when it does not say (the layout stays as it is).
 */
export function linkedPresent() {
  const present = new URLSearchParams(location.hash.slice(1)).get("present");
  return present === null ? null : present === "1";
}

/** The hash for the state now. */
export function linkHash() {
  const params = new URLSearchParams();
  params.set("record", state.game.record);
  if (state.mode === "computer") params.set("computer", `${state.kind}-${state.side}`);
  if (state.present) params.set("present", "1");
  params.set("lang", language());
  return `#${params.toString()}`;
}

/** Puts the state's hash into the address bar (no new history entry) and the link. */
export function updateLink(anchor) {
  const hash = linkHash();
  // The language once, in the hash: a `?lang=` the page was opened with goes.
  const search = new URLSearchParams(location.search);
  search.delete("lang");
  const address = `${location.pathname}${search.size ? `?${search}` : ""}${hash}`;
  if (location.hash !== hash || location.search !== (search.size ? `?${search}` : "")) history.replaceState(null, "", address);
  anchor.href = hash;
  anchor.textContent = location.href;
}

/**
 * Reads the address's hash: the settings into `state`, and the game, or a
 * new game and the error when the record does not play.
 */
export function readLink() {
  const params = new URLSearchParams(location.hash.slice(1));
  const computer = params.get("computer");
  if (computer) {
    const [kind, side] = computer.split("-");
    if (opponents().includes(kind) && ["X", "O"].includes(side)) Object.assign(state, { mode: "computer", kind, side });
  }
  try {
    return { game: Game.fromRecord(params.get("record") ?? "") };
  } catch (error) {
    if (!(error instanceof QtttError)) throw error;
    return { game: new Game(), error };
  }
}
