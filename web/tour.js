// A short guided tour for a first lesson: each step is a real position,
// reached by its record and drawn by the engine, with what it shows.
export const TOUR = [
  {
    title: "Superposition",
    record: "15",
    text: (game) =>
      `X's first move is spooky: one mark, X1, in two squares at once (${game.spookyMarks(1)} in 1 and in 5). ` +
      "It is not yet in either: like a particle in a superposition of two places.",
  },
  {
    title: "Entanglement",
    record: "15 56",
    text: () =>
      "O's mark O2 goes into 5 and 6. Square 5 now holds two spooky marks: X1 and O2 are entangled, " +
      "since wherever one of them ends up constrains the other.",
  },
  {
    title: "A cycle",
    record: "15 56 16",
    text: (game) =>
      "X3 in 1 and 6 closes a loop: 1–5 (X1), 5–6 (O2), 6–1 (X3). Three marks for three squares: " +
      `something has to give. The player who did not close the cycle, ${game.toAct}, decides where the newest mark, ` +
      `X3, lands: in ${game.collapseOptions().join(" or in ")}.`,
  },
  {
    title: "Collapse (measurement)",
    record: "15 56 16 @1",
    text: (game) =>
      `O chooses @1: X3 lands in 1. Then X1 can only be in 5, and O2 only in 6. The whole cycle collapses at once ` +
      `into classical marks: ${[1, 5, 6].map((s) => `${game.classical(s)} in ${s}`).join(", ")}. Only these count for lines.`,
  },
  {
    title: "Lines for both players",
    record: "58 47 67 59 48 68 @8",
    text: (game) => {
      const [x, o] = game.outcome().lines;
      return (
        `One collapse can complete lines for both: X has ${x.squares.join("-")} (its newest mark ${x.highest}), ` +
        `O has ${o.squares.join("-")} (newest ${o.highest}). The line finished first, with the lower ` +
        `highest number, wins: ${game.outcome().winner} wins.`
      );
    },
  },
];
