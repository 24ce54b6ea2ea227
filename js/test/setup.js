// No test reaches the network: the join card tries its address with fetch (room-card.js,
// `answers`), so fetch fails at once here; a test that wants an answer passes its own probe.
globalThis.fetch = async (url) => {
  throw new TypeError(`no network in the tests: ${url}`);
};
