// The words every part of the front end uses for cards and counts, in one place: the table,
// the teacher's panel and the charts say "1 card", "4 twos" and "Ada and Bo" the same way.
// (The game's sentences themselves come from Python, which narrates the log.)

/** Ranks in order, as the view writes them (10 as "10"). */
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/** Each rank's name: "two" … "king", "ace". */
export const RANK_WORDS = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};

/** Each rank's plural: "twos" … "kings", "aces". */
export const RANK_PLURALS = {
  2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
  9: "nines", 10: "tens", J: "jacks", Q: "queens", K: "kings", A: "aces",
};

/** "1 card" / "3 cards" (or another word: "2 aces"). */
export function count(n, word = "card") {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "1 two" / "4 twos": a number of cards of one rank. */
export function rankCount(n, rank) {
  const name = n === 1 ? RANK_WORDS[rank] : RANK_PLURALS[rank];
  return `${n} ${name ?? rank}`;
}

/** "Ada", "Ada and Bo", "Ada, Bo and Cy". */
export function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
