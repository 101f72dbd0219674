// A short guided tour for a first lesson: each step is a real position,
// reached by its record and drawn by the engine, with what it shows. The
// words are messages of the locale files (`title`, `text`), given what the
// engine says of the position (`args`).
import { t, list } from "./i18n.js";

export const TOUR = [
  {
    title: "tour-superposition-title",
    text: "tour-superposition",
    record: "15",
    args: (game) => ({ marks: game.spookyMarks(1).join(", ") }),
  },
  { title: "tour-entanglement-title", text: "tour-entanglement", record: "15 56", args: () => ({}) },
  {
    title: "tour-cycle-title",
    text: "tour-cycle",
    record: "15 56 16",
    args: (game) => ({ chooser: game.toAct, options: list(game.collapseOptions(), "disjunction") }),
  },
  {
    title: "tour-collapse-title",
    text: "tour-collapse",
    record: "15 56 16 @1",
    args: (game) => ({ landings: list([1, 5, 6].map((square) => t("landing", { mark: game.classical(square), square }))) }),
  },
  {
    title: "tour-lines-title",
    text: "tour-lines",
    record: "58 47 67 59 48 68 @8",
    args: (game) => {
      const [x, o] = game.outcome().lines;
      return {
        xLine: x.squares.join("–"),
        xNewest: `X${x.highest}`,
        oLine: o.squares.join("–"),
        oNewest: `O${o.highest}`,
        winner: game.outcome().winner,
      };
    },
  },
].map((step) => ({ ...step, title: () => t(step.title), text: (game) => t(step.text, step.args(game)) }));
