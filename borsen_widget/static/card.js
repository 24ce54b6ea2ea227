/* Built from js/src by `make js` (esbuild); do not edit by hand. */

// src/i18n.js
var CONTEXT = "";
function pageLanguages(doc = globalThis.document, nav = globalThis.navigator) {
  const tags = [];
  const lang = doc?.documentElement?.lang;
  if (lang && /^(nb|nn|no)\b/i.test(lang)) tags.push(lang);
  const wanted = nav?.languages?.length ? nav.languages : [nav?.language];
  for (const tag of wanted) if (typeof tag === "string" && tag) tags.push(tag);
  return tags.slice(0, 16).map((tag) => tag.slice(0, 35));
}
function reportLanguage(model) {
  model.send({ intent: "page_language", tags: pageLanguages() });
}
function translator(speech) {
  const texts = speech && speech.texts || {};
  const head = texts[""] || {};
  const formats = head.formats || {};
  const language = speech && speech.language || "en";
  const decimal = formats.decimal || ".";
  const group = formats.group ?? ",";
  const grouping = formats.grouping || [3, 3];
  const minus = formats.minus || "-";
  function number(value, maxDigits = 3, minDigits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const sign = value < 0 || Object.is(value, -0) ? minus : "";
    let [whole, frac = ""] = roundHalfEven(Math.abs(value), maxDigits).split(".");
    frac = frac.replace(/0+$/, "").padEnd(Math.min(minDigits, maxDigits), "0");
    const groups = [];
    let size = grouping[0];
    while (whole.length > size) {
      groups.unshift(whole.slice(-size));
      whole = whole.slice(0, -size);
      size = grouping[1];
    }
    whole = [whole, ...groups].join(group);
    return sign + whole + (frac ? decimal + frac : "");
  }
  function percent(value, digits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const text = number(Math.abs(value) * 100, digits, digits);
    const sign = value < 0 ? minus : "";
    return sign + (formats.percent_prefix || "") + text + (formats.percent_suffix ?? "%");
  }
  function join(items) {
    const list = formats.list || { 2: "{0} and {1}", start: "{0}, {1}", middle: "{0}, {1}", end: "{0} and {1}" };
    const parts = items.map(String);
    const put = (pattern, a, b) => pattern.replace("{0}", a).replace("{1}", b);
    if (parts.length <= 1) return parts.join("");
    if (parts.length === 2) return put(list["2"], parts[0], parts[1]);
    let text = put(list.start, parts[0], parts[1]);
    for (const part of parts.slice(2, -1)) text = put(list.middle, text, part);
    return put(list.end, text, parts[parts.length - 1]);
  }
  function show(value) {
    return typeof value === "number" ? number(value) : String(value);
  }
  function fill(text, values) {
    if (!values) return text;
    return text.replace(
      /\{(\w+)\}/g,
      (whole, key) => Object.prototype.hasOwnProperty.call(values, key) ? show(values[key]) : whole
    );
  }
  const pluralIndex = (n) => n === 1 ? 0 : 1;
  function lookup(key) {
    const found = texts[key];
    return Array.isArray(found) ? found : null;
  }
  function t(msgid, values) {
    const found = lookup(msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tn(singular, plural, n, values) {
    const found = lookup(singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  function tp(context, msgid, values) {
    const found = lookup(context + CONTEXT + msgid);
    return fill(found && found[0] || msgid, values);
  }
  function tnp(context, singular, plural, n, values) {
    const found = lookup(context + CONTEXT + singular);
    const index = pluralIndex(n);
    return fill(found && found[index] || (index === 0 ? singular : plural), values);
  }
  return { language, t, tn, tp, tnp, number, percent, join };
}
function roundHalfEven(value, digits) {
  const factor = 10 ** digits;
  const scaled = value * factor;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const eps = 1e-9 * Math.max(1, Math.abs(scaled));
  let whole;
  if (Math.abs(diff - 0.5) < eps) whole = floor % 2 === 0 ? floor : floor + 1;
  else whole = Math.round(scaled);
  const text = String(whole).padStart(digits + 1, "0");
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

// src/helpers.js
var ENGLISH = translator(void 0);
function escapeHTML(value) {
  return String(value).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
function requestIds(prefix) {
  let n = 0;
  return {
    next() {
      n += 1;
      return `${prefix}-${n}`;
    }
  };
}

// src/panel-helpers.js
var ENGLISH2 = translator(null);
function symbols(words) {
  const w = words || ENGLISH2;
  const half = w.number(1.5, 1, 1);
  const minus = w.number(-1);
  return { decimal: half.charAt(1), minus: minus.slice(0, minus.length - 1) };
}
function parseFraction(text) {
  const m = /^\s*(-?\d+)\s*(?:\/\s*(\d+))?\s*$/.exec(String(text));
  if (!m || m[2] === "0" || /^0+$/.test(m[2] ?? "1")) {
    throw new Error(`not a fraction: ${JSON.stringify(text)}`);
  }
  return { num: BigInt(m[1]), den: BigInt(m[2] ?? "1") };
}
function fractionText(text, words) {
  const { num, den } = parseFraction(text);
  const body = den === 1n ? String(num) : `${num}/${den}`;
  return words ? body.replace(/^-/, symbols(words).minus) : body;
}
function decimalText(text, places = 3, words) {
  if (typeof places === "object" && places !== null) [places, words] = [3, places];
  const { num, den } = parseFraction(text);
  const negative = num < 0n;
  const scale = 10n ** BigInt(places);
  const abs = negative ? -num : num;
  const scaled = (2n * abs * scale + den) / (2n * den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  const sign = words ? symbols(words) : { decimal: ".", minus: "-" };
  const body = places ? `${whole}${sign.decimal}${frac}` : `${whole}`;
  return negative && scaled !== 0n ? `${sign.minus}${body}` : body;
}
function isExactDecimal(text, places = 3) {
  const { num, den } = parseFraction(text);
  return num * 10n ** BigInt(places) % den === 0n;
}
function approxSign(text, places = 3, _words) {
  if (typeof places !== "number") places = 3;
  return isExactDecimal(text, places) ? "=" : "≈";
}

// src/student-helpers.js
var ENGLISH3 = translator(null);
function seatState(seat, tr = ENGLISH3) {
  if (seat.bot) return tr.t("a bot");
  if (seat.holder) return tr.t("played by {student}", { student: seat.holder });
  return seat.open ? (
    // TRANSLATORS: the state of a seat on the join card: open to the students' phones.
    tr.t("open: a student may take it")
  ) : (
    // TRANSLATORS: the state of a seat on the join card: played on the teacher's screen.
    tr.t("played here")
  );
}
function roomSummary(card, tr = ENGLISH3) {
  const students = card.students || [];
  const n = students.length;
  const parts = [tr.tn("{count} student", "{count} students", n, { count: n })];
  const away = students.filter((s) => !s.here).length;
  if (away) parts.push(tr.t("{count} away", { count: away }));
  if (card.voters) parts.push(tr.t("{count} voted", { count: card.voters }));
  return parts.join(" · ");
}
function voteQuestion(c, tr = ENGLISH3) {
  const player = c.player || "";
  if (c.kind === "forced") return tr.t("{player} must draw: the pile is empty.", { player });
  const n = c.pile_size || 0;
  return tr.tn(
    "{player}: draw once more, or bank the pile's {count} card?",
    "{player}: draw once more, or bank the pile's {count} cards?",
    n,
    { player, count: n }
  );
}
var QUESTION_KINDS = ["chance", "count", "expected", "choice"];
function questionText(q, tr = ENGLISH3) {
  const player = q.player || "";
  if (q.kind === "chance") {
    return tr.t("What is the chance that the next card {player} draws is accepted?", { player });
  }
  if (q.kind === "count") {
    const n = q.deck_size || 0;
    return tr.tn(
      "How many of the {count} card left in the deck would be accepted on top of the pile?",
      "How many of the {count} cards left in the deck would be accepted on top of the pile?",
      n,
      { count: n }
    );
  }
  if (q.kind === "expected") {
    return tr.t(
      "How many cards will {player} bank on average this turn if they draw exactly once more and then bank?",
      { player }
    );
  }
  return voteQuestion({ kind: "choice", player, pile_size: q.pile_size }, tr);
}
function percentText(p, tr = ENGLISH3) {
  const tenth = tr.number(Math.abs(p) * 100, 1, 1).slice(-1);
  return tr.percent(p, tenth === "0" ? 0 : 1);
}
function fractionValue(text) {
  const m = /^(\d+)\/(\d+)$/.exec(String(text));
  return m ? Number(m[1]) / Number(m[2]) : Number(text);
}
function answerValueText(kind, value, tr = ENGLISH3) {
  if (kind === "chance") {
    if (typeof value === "string") return `${value} (${percentText(fractionValue(value), tr)})`;
    return percentText(value, tr);
  }
  if (kind === "count") return tr.number(value, 0);
  if (kind === "expected") return tr.number(value, 2);
  if (value === "draw") return tr.tp("answer", "draw");
  if (value === "bank") return tr.tp("answer", "bank");
  return String(value);
}
function truthShort(q, tr = ENGLISH3) {
  const t = q.truth;
  if (!t) return "";
  if (q.kind === "choice") {
    if (t.action === "either") return tr.t("either (equally good)");
    return answerValueText("choice", t.action, tr);
  }
  if (q.kind === "count") return tr.number(t.value, 0);
  const fraction = t.fraction ? fractionText(t.fraction, tr) : "";
  const sign = t.fraction ? approxSign(t.fraction) : "≈";
  const decimal = t.fraction ? decimalText(t.fraction, 3, tr).replace(/0+$/, "").replace(/[.,]$/, "") : tr.number(t.value, 3);
  const parts = [];
  if (fraction && fraction !== decimal) parts.push(fraction);
  parts.push(decimal);
  let text = parts.join(` ${sign} `);
  if (q.kind === "chance") text += ` ${sign} ${percentText(t.value, tr)}`;
  return text;
}
function errorText(kind, error, tr = ENGLISH3) {
  if (kind === "chance") {
    const n2 = Math.round(error * 1e3) / 10;
    return tr.tn("{count} percentage point", "{count} percentage points", n2, { count: n2 });
  }
  const n = Math.round(error * 100) / 100;
  return tr.tn("{count} card", "{count} cards", n, { count: n });
}
function pointsText(points, tr = ENGLISH3) {
  return tr.tn("{count} point", "{count} points", points, { count: points });
}
function classText(q, tr = ENGLISH3) {
  if (q.kind === "choice") {
    if (q.right === null || q.right === void 0) return "";
    const total = (q.answers || []).length;
    return tr.tn("{count} of {total} chose right.", "{count} of {total} chose right.", q.right, {
      count: q.right,
      total
    });
  }
  if (q.mean_error === null || q.mean_error === void 0) return "";
  return tr.t("The class was off by {error} on average.", { error: errorText(q.kind, q.mean_error, tr) });
}

// src/room-card.js
var TEMPLATE = `
<div class="borsen-room-head">
  <h3 class="borsen-room-title"></h3>
  <span class="borsen-room-count" aria-live="polite"></span>
</div>
<div class="borsen-room-body">
  <div class="borsen-room-qr"></div>
  <div class="borsen-room-info">
    <a class="borsen-room-url" target="_blank" rel="noopener noreferrer"></a>
    <p class="borsen-room-note"></p>
    <p class="borsen-room-reach" role="status" hidden></p>
    <div class="borsen-room-network" hidden></div>
    <p class="borsen-room-projector" hidden>
      <a class="borsen-room-projector-link" target="_blank" rel="noopener noreferrer"></a>
      <a class="borsen-btn borsen-quiet borsen-room-code" target="_blank"
        rel="noopener noreferrer"></a>
    </p>
  </div>
</div>
<div class="borsen-room-question" hidden>
  <p class="borsen-room-q-text"></p>
  <p class="borsen-room-q-line" aria-live="polite"></p>
</div>
<div class="borsen-room-controls" role="group"></div>
<div class="borsen-room-tables" role="group"></div>
<ul class="borsen-room-students"></ul>
<div class="borsen-room-seats" role="list"></div>
`;
var ENGLISH4 = translator(null);
function askLabel(kind, t) {
  if (kind === "chance") return t("Ask: chance");
  if (kind === "count") return t("Ask: count");
  if (kind === "expected") return t("Ask: expected cards");
  return t("Ask: draw or bank");
}
function teacherQuestionLine(q, tr = ENGLISH4) {
  const parts = [];
  if (q.truth) parts.push(tr.t("Answer: {answer}", { answer: truthShort(q, tr) }));
  const n = q.answered || 0;
  parts.push(tr.tn("{count} of {total} answered", "{count} of {total} answered", n, {
    count: n,
    total: q.students || 0
  }));
  if (q.state === "revealed") {
    parts.push(tr.t("revealed"));
    const line = classText(q, tr);
    if (line) parts.push(line);
  }
  return parts.join(" · ");
}
async function answers(url, ms = 5e3) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ms);
  try {
    await fetch(url, { mode: "no-cors", cache: "no-store", credentials: "omit", signal: stop.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
function pageAddress(doc = document, where = window.location) {
  const out = { origin: String(where.origin) };
  try {
    const config = doc.getElementById("jupyter-config-data");
    const base = config ? JSON.parse(config.textContent || "{}").baseUrl : void 0;
    if (typeof base === "string" && base.startsWith("/")) out.base = base.endsWith("/") ? base : `${base}/`;
  } catch {
  }
  return out;
}
function mountRoomCard(host, { send, uid, words = () => ENGLISH4, probe = answers }) {
  const section = document.createElement("section");
  section.className = "borsen-room";
  section.innerHTML = TEMPLATE;
  section.hidden = true;
  host.appendChild(section);
  const $ = (sel) => section.querySelector(sel);
  const ui = {
    title: $(".borsen-room-title"),
    count: $(".borsen-room-count"),
    qr: $(".borsen-room-qr"),
    url: $(".borsen-room-url"),
    note: $(".borsen-room-note"),
    reach: $(".borsen-room-reach"),
    network: $(".borsen-room-network"),
    projector: $(".borsen-room-projector"),
    projectorLink: $(".borsen-room-projector-link"),
    code: $(".borsen-room-code"),
    question: $(".borsen-room-question"),
    qText: $(".borsen-room-q-text"),
    qLine: $(".borsen-room-q-line"),
    controls: $(".borsen-room-controls"),
    students: $(".borsen-room-students"),
    seats: $(".borsen-room-seats"),
    tables: $(".borsen-room-tables")
  };
  ui.title.id = `${uid}-room-title`;
  section.setAttribute("aria-labelledby", ui.title.id);
  let shownQr = "";
  let last = null;
  const local = { renaming: null, draft: "", removing: null, network: false, size: 4 };
  let toldAddress = false;
  const reach = { url: "", state: "" };
  function checkReach(url) {
    if (!url || reach.url === url) return;
    reach.url = url;
    reach.state = "checking";
    probe(url).then(
      (ok) => {
        if (reach.url !== url) return;
        reach.state = ok ? "ok" : "failed";
        redraw(null);
      },
      () => {
        if (reach.url !== url) return;
        reach.state = "failed";
        redraw(null);
      }
    );
  }
  function drawReach(card, t) {
    ui.reach.hidden = card.local || !reach.state;
    if (ui.reach.hidden) return;
    ui.reach.dataset.state = reach.state;
    ui.reach.textContent = reach.state === "checking" ? t("Checking whether the class answers at this address…") : reach.state === "ok" ? t("This computer reaches the class at this address. A network that keeps its devices apart can still stop phones: try one phone first.") : t("The class did not answer at this address from this computer, so phones will not reach it either.");
  }
  function focusedId() {
    const active = document.activeElement;
    return active && section.contains(active) ? active.dataset.fid || null : null;
  }
  function restoreFocus(fid) {
    if (!fid) return;
    const again = [...section.querySelectorAll("[data-fid]")].find((n) => n.dataset.fid === fid);
    if (again && !again.disabled) again.focus();
    else section.querySelector(".borsen-room-controls button:not([disabled])")?.focus();
  }
  function drawNetwork(card, t) {
    ui.network.hidden = !card.local;
    if (!card.local) {
      local.network = false;
      ui.network.innerHTML = "";
      return;
    }
    if (local.network) {
      const ask = t(
        "Phones on this computer's network will reach the class at this computer's address, on port {port}. Open it to them?",
        { port: String(card.network_port ?? "") }
      );
      const yes = escapeHTML(t("Yes, open it"));
      ui.network.innerHTML = `<p class="borsen-room-network-ask">${escapeHTML(ask)}</p><button type="button" class="borsen-btn borsen-primary" data-do="network" data-fid="network-yes">${yes}</button><button type="button" class="borsen-btn borsen-quiet" data-local="network-cancel" data-fid="network-no">${escapeHTML(t("Cancel"))}</button>`;
      return;
    }
    const why = t("Open the class to the classroom's network to let the phones in.");
    const open = escapeHTML(t("Open to the classroom's network"));
    ui.network.innerHTML = `<p>${escapeHTML(why)}</p><button type="button" class="borsen-btn borsen-secondary" data-local="network" data-fid="network">${open}</button>`;
  }
  function drawControls(card, t, tn) {
    const q = card.question || { state: "none" };
    const open = q.state === "open";
    const askBlocked = card.can_ask === false || card.forced === true || open;
    const asks = QUESTION_KINDS.map(
      (kind) => `<button type="button" class="borsen-btn borsen-secondary" data-do="ask" data-kind="${kind}" data-fid="ask-${kind}"${askBlocked ? " disabled" : ""}>${escapeHTML(askLabel(kind, t))}</button>`
    );
    const reveal = escapeHTML(t("Reveal the answer"));
    const locked = Boolean(card.locked);
    const lock = escapeHTML(
      locked ? (
        // TRANSLATORS: the teacher's button on the join card: let new students join again.
        t("Open to new students")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: no new students may join.
        t("Close to new students")
      )
    );
    const lockState = escapeHTML(
      locked ? (
        // TRANSLATORS: on the join card, beside the button: the state now.
        t("New students cannot join now.")
      ) : (
        // TRANSLATORS: on the join card, beside the button: the state now.
        t("New students can join.")
      )
    );
    const board = escapeHTML(t("Leaderboard on the projector"));
    const on = Boolean(card.leaderboard);
    const strategies = card.strategies || { open: false, submitted: 0 };
    const make = escapeHTML(
      strategies.open ? (
        // TRANSLATORS: the teacher's button on the join card: no more strategies are taken.
        t("Close submissions of strategies")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: the phones build a strategy.
        t("Make your strategy")
      )
    );
    const submitted = escapeHTML(
      tn("{count} strategy submitted.", "{count} strategies submitted.", strategies.submitted || 0, {
        count: strategies.submitted || 0
      })
    );
    ui.controls.innerHTML = asks.join("") + `<button type="button" class="borsen-btn borsen-primary" data-do="reveal" data-fid="reveal"${open ? "" : " disabled"}>${reveal}</button><span class="borsen-room-lock"><button type="button" class="borsen-btn borsen-quiet" data-do="${locked ? "unlock" : "lock"}" data-fid="lock" aria-describedby="${uid}-lock-state">${lock}</button> <span class="borsen-room-lock-state" id="${uid}-lock-state" role="status" data-locked="${locked}">${lockState}</span></span><button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" data-do="leaderboard" data-on="${!on}" data-fid="board" aria-pressed="${on}">${board}</button><span class="borsen-room-strategies"><button type="button" class="borsen-btn borsen-secondary" data-do="strategies" data-on="${!strategies.open}" data-fid="strategies" data-testid="card-strategies" aria-pressed="${Boolean(strategies.open)}" aria-describedby="${uid}-strategies-count">${make}</button> <span id="${uid}-strategies-count" role="status">${submitted}</span></span>`;
  }
  function drawTables(card, tr) {
    const t = tr.t;
    const tables = card.tables;
    ui.tables.setAttribute("aria-label", t("The class at tables"));
    if (!tables) {
      const sizes = [2, 3, 4, 5].map((n) => `<option value="${n}"${n === local.size ? " selected" : ""}>${escapeHTML(tr.number(n, 0))}</option>`).join("");
      const size = escapeHTML(t("Seats per table"));
      const seat = escapeHTML(t("Put the class at tables"));
      ui.tables.innerHTML = `<div class="borsen-room-controls"><label for="${uid}-table-size">${size}</label> <select id="${uid}-table-size" class="borsen-room-table-size" data-fid="tables-size">${sizes}</select><button type="button" class="borsen-btn borsen-secondary" data-do="tables" data-fid="tables">${seat}</button></div>`;
      ui.tables.querySelector("select").value = String(local.size);
      return;
    }
    const paused = Boolean(tables.paused);
    const toggle = (what, on, label) => `<button type="button" class="borsen-btn borsen-quiet borsen-room-toggle" data-do="${what}" data-on="${!on}" data-fid="${what}" aria-pressed="${on}">${escapeHTML(label)}</button>`;
    const line = escapeHTML(
      paused ? t("All tables are paused.") : tables.next === "teacher" ? t("Each table's next game starts when you start it.") : t("Each table's next game starts by itself.")
    );
    const pause = escapeHTML(
      paused ? (
        // TRANSLATORS: the teacher's button on the join card: every table plays on.
        t("Resume all tables")
      ) : (
        // TRANSLATORS: the teacher's button on the join card: every table stops for now.
        t("Pause all tables")
      )
    );
    const nextGame = escapeHTML(t("Start the next game"));
    const buttons = `<div class="borsen-room-controls"><button type="button" class="borsen-btn borsen-secondary" data-do="${paused ? "resume_tables" : "pause_tables"}" data-fid="pause-tables">${pause}</button><button type="button" class="borsen-btn borsen-secondary" data-do="next_game" data-fid="next-game">${nextGame}</button>` + // TRANSLATORS: a switch on the join card: the phones show the exact chance of the next
    // card when it is the student's choice.
    toggle("chance", Boolean(tables.chance), t("Show the exact chance on the phones")) + // TRANSLATORS: a switch on the join card: every table plays with the same shuffled deck.
    toggle("same_deck", Boolean(tables.same_deck), t("The same deck at every table")) + `</div><p class="borsen-room-note" role="status">${line}</p>`;
    const boxes = (tables.tables || []).map((table) => tableHTML(table, tr)).join("");
    ui.tables.innerHTML = buttons + `<div class="borsen-room-seats borsen-room-table-list" role="list">${boxes}</div>`;
  }
  function tableHTML(table, tr) {
    const t = tr.t;
    const head = t("Table {number} · game {game}", { number: table.number, game: table.game ?? 1 });
    const overWord = escapeHTML(t("game over"));
    const over = table.over ? ` <span class="borsen-room-seat-state">${overWord}</span>` : "";
    const seats = (table.seats || []).map((seat, i) => {
      const marks = [];
      if (seat.bot) marks.push(t("a bot"));
      else if (seat.away) marks.push(t("away: a bot plays for now"));
      else if (seat.student && !seat.here) marks.push(t("not connected"));
      const n = Number(seat.bank) || 0;
      marks.push(tr.tn("{count} card in the bank", "{count} cards in the bank", n, { count: n }));
      const index = seat.seat ?? i;
      const turn = !table.over && table.turn === index;
      if (turn) marks.push(t("their turn"));
      const name = seat.student && seat.student !== seat.name ? t("{player}, played by {student}", { player: seat.name, student: seat.student }) : seat.name;
      return `<div class="borsen-room-seat${turn ? " is-turn" : ""}${seat.bot ? " is-bot" : ""}${seat.away ? " is-away" : ""}" data-seat="${Number(index)}"><span class="borsen-room-seat-name">${turn ? "▶ " : ""}${escapeHTML(name)}</span><span class="borsen-room-seat-state">${escapeHTML(marks.join(" · "))}</span></div>`;
    });
    return `<div class="borsen-room-question borsen-room-table" role="listitem" data-table="${Number(table.number)}"${table.over ? ' data-over="true"' : ""}><p class="borsen-room-q-text">${escapeHTML(head)}${over}</p>${seats.join("")}</div>`;
  }
  function studentHTML(s, tr) {
    const t = tr.t;
    const key = escapeHTML(s.key ?? "");
    const cls = `${s.seat !== null && s.seat !== void 0 ? "is-seated" : ""}${s.here ? "" : " is-away"}`;
    const name = s.here ? s.name : t("{student} (away)", { student: s.name });
    const answeredWord = escapeHTML(t("answered"));
    const mark = s.answered ? `<span class="borsen-room-answered" role="img" aria-label="${answeredWord}" title="${answeredWord}">✓</span>` : "";
    const total = typeof s.total === "number" ? `<span class="borsen-room-total">${escapeHTML(pointsText(s.total, tr))}</span>` : "";
    const save = escapeHTML(t("Save"));
    const cancel = escapeHTML(t("Cancel"));
    const yes = escapeHTML(t("Yes, remove"));
    const rename = escapeHTML(t("Rename"));
    const remove = escapeHTML(t("Remove"));
    let tools = "";
    if (s.key !== void 0 && s.key !== null) {
      if (local.renaming === s.key) {
        const label = escapeHTML(t("New name for {student}", { student: s.name }));
        tools = `<form class="borsen-room-rename" data-key="${key}"><input class="borsen-room-rename-field" data-fid="rename-field-${key}" aria-label="${label}" maxlength="24" value="${escapeHTML(local.draft)}"><button type="submit" class="borsen-btn borsen-primary" data-fid="rename-save-${key}">${save}</button><button type="button" class="borsen-btn borsen-quiet" data-local="cancel" data-fid="rename-cancel-${key}">${cancel}</button></form>`;
      } else if (local.removing === s.key) {
        const sure = escapeHTML(t("Remove {student} from the class?", { student: s.name }));
        tools = `<span class="borsen-room-sure">${sure}</span><button type="button" class="borsen-btn borsen-primary" data-do="remove" data-key="${key}" data-fid="remove-yes-${key}">${yes}</button><button type="button" class="borsen-btn borsen-quiet" data-local="cancel" data-fid="remove-no-${key}">${cancel}</button>`;
      } else {
        const renameLabel = escapeHTML(t("Rename {student}", { student: s.name }));
        const removeLabel = escapeHTML(t("Remove {student}", { student: s.name }));
        tools = `<button type="button" class="borsen-btn borsen-quiet" data-local="rename" data-key="${key}" data-fid="rename-${key}" aria-label="${renameLabel}">${rename}</button><button type="button" class="borsen-btn borsen-quiet" data-local="remove" data-key="${key}" data-fid="remove-${key}" aria-label="${removeLabel}">${remove}</button>`;
      }
    }
    return `<li class="${cls.trim()}" data-key="${key}"><span class="borsen-room-student-name">${escapeHTML(name)}</span>${mark}${total}${tools ? `<span class="borsen-room-student-tools">${tools}</span>` : ""}</li>`;
  }
  function update(card) {
    last = card;
    const on = Boolean(card && card.url);
    section.hidden = !on;
    if (!on) return;
    const fid = focusedId();
    const field = section.querySelector(".borsen-room-rename-field");
    if (field) local.draft = field.value;
    const tr = words() || ENGLISH4;
    const t = tr.t;
    ui.title.textContent = t("Join on your phone");
    ui.students.setAttribute("aria-label", t("Students in the class"));
    ui.seats.setAttribute("aria-label", t("Seats on the students' phones"));
    ui.controls.setAttribute("aria-label", t("The class's questions"));
    if (card.via === "jupyter" && !toldAddress) {
      toldAddress = true;
      send("room", { do: "address", ...pageAddress() });
    }
    ui.qr.hidden = !card.qr;
    if (card.qr !== shownQr) {
      ui.qr.innerHTML = card.qr || "";
      shownQr = card.qr;
    }
    const code = ui.qr.querySelector("svg");
    if (code) code.setAttribute("aria-label", t("QR code of the class's address: {url}", { url: card.url }));
    ui.url.href = card.url;
    ui.url.textContent = card.url;
    ui.note.textContent = card.local ? t("Only this computer can open this address: no phone can.") : card.via === "jupyter" ? t("Phones reach the class through this Jupyter server's address: they need no Jupyter account, only this link.") : t("Anyone on this network who has the address can join.");
    drawNetwork(card, t);
    if (!card.local) checkReach(card.url);
    drawReach(card, t);
    ui.projector.hidden = !card.projector;
    if (card.projector) {
      ui.projectorLink.href = card.projector;
      ui.projectorLink.textContent = t("Open the projector page");
      ui.code.href = `${card.projector}#code`;
      ui.code.textContent = t("Full-screen code");
    }
    const q = card.question || { state: "none" };
    const asked = q.state === "open" || q.state === "revealed";
    ui.question.hidden = !asked;
    if (asked) {
      ui.qText.textContent = questionText(q, tr);
      ui.qLine.textContent = teacherQuestionLine(q, tr);
    }
    drawControls(card, t, tr.tn);
    drawTables(card, tr);
    ui.count.textContent = roomSummary(card, tr);
    const students = card.students || [];
    ui.students.classList.toggle("is-rows", students.some((s) => s.key !== void 0));
    ui.students.innerHTML = students.map((s) => studentHTML(s, tr)).join("");
    ui.seats.innerHTML = (card.seats || []).map((seat) => {
      const state = seatState(seat, tr);
      const player = seat.name;
      const back = escapeHTML(t("Take {player}'s seat back", { player }));
      const open = escapeHTML(t("Open {player}'s seat to students", { player }));
      const backText = escapeHTML(t("Take back"));
      const openText = escapeHTML(t("Open to students"));
      const button = seat.bot ? "" : seat.open || seat.holder ? `<button type="button" class="borsen-btn borsen-quiet" data-room="take_back" data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${back}">${backText}</button>` : `<button type="button" class="borsen-btn borsen-quiet" data-room="open_seat" data-seat="${seat.seat}" data-fid="seat-${seat.seat}" aria-label="${open}">${openText}</button>`;
      return `<div class="borsen-room-seat" role="listitem" data-seat="${seat.seat}"><span class="borsen-room-seat-name">${escapeHTML(seat.name)}</span><span class="borsen-room-seat-state">${escapeHTML(state)}</span>${button}</div>`;
    }).join("");
    restoreFocus(fid);
  }
  function redraw(fid) {
    if (last) update(last);
    restoreFocus(fid);
  }
  function onClick(event) {
    const button = (
      /** @type {HTMLElement} */
      event.target.closest("button")
    );
    if (!button || !section.contains(button) || button.disabled) return;
    const d = button.dataset;
    if (d.room) {
      send(d.room, { seat: Number(d.seat) });
    } else if (d.do === "ask") {
      send("room", { do: "ask", kind: d.kind });
    } else if (d.do === "tables") {
      send("room", { do: "tables", size: local.size });
    } else if (d.do === "leaderboard" || d.do === "strategies" || d.do === "chance" || d.do === "same_deck") {
      send("room", { do: d.do, on: d.on === "true" });
    } else if (d.do === "network") {
      local.network = false;
      send("room", { do: "network" });
      redraw("network");
    } else if (d.local === "network") {
      local.network = true;
      redraw("network-yes");
    } else if (d.local === "network-cancel") {
      local.network = false;
      redraw("network");
    } else if (d.do === "remove") {
      local.removing = null;
      send("room", { do: "remove", student: d.key });
      redraw(null);
      ui.controls.querySelector("button:not([disabled])")?.focus();
    } else if (d.do) {
      send("room", { do: d.do });
    } else if (d.local === "rename") {
      const student = (last && last.students || []).find((s) => s.key === d.key);
      local.renaming = d.key;
      local.removing = null;
      local.draft = student ? student.name : "";
      redraw(`rename-field-${d.key}`);
      section.querySelector(".borsen-room-rename-field")?.select();
    } else if (d.local === "remove") {
      local.removing = d.key;
      local.renaming = null;
      redraw(`remove-no-${d.key}`);
    } else if (d.local === "cancel") {
      const key = local.renaming ?? local.removing;
      const was = local.renaming !== null ? "rename" : "remove";
      local.renaming = null;
      local.removing = null;
      redraw(`${was}-${key}`);
    }
  }
  function onSubmit(event) {
    const form = (
      /** @type {HTMLElement} */
      event.target.closest("form.borsen-room-rename")
    );
    if (!form) return;
    event.preventDefault();
    const key = form.dataset.key;
    const name = form.querySelector("input").value.trim().replace(/\s+/g, " ");
    if (!name) return;
    local.renaming = null;
    send("room", { do: "rename", student: key, name });
    redraw(`rename-${key}`);
  }
  function onKeydown(event) {
    if (event.key !== "Escape" || local.renaming === null && local.removing === null) return;
    event.preventDefault();
    event.stopPropagation();
    const key = local.renaming ?? local.removing;
    const was = local.renaming !== null ? "rename" : "remove";
    local.renaming = null;
    local.removing = null;
    redraw(`${was}-${key}`);
  }
  function onChange(event) {
    const select = (
      /** @type {HTMLElement} */
      event.target.closest(".borsen-room-table-size")
    );
    if (select) local.size = Number(
      /** @type {HTMLSelectElement} */
      select.value
    ) || 4;
  }
  section.addEventListener("click", onClick);
  section.addEventListener("change", onChange);
  section.addEventListener("submit", onSubmit);
  section.addEventListener("keydown", onKeydown);
  return {
    update,
    destroy() {
      section.removeEventListener("click", onClick);
      section.removeEventListener("change", onChange);
      section.removeEventListener("submit", onSubmit);
      section.removeEventListener("keydown", onKeydown);
      section.remove();
    }
  };
}

// src/card-widget.js
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "borsen borsen-solo borsen-class-card";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML = `<p class="borsen-card-ended" role="status" hidden></p><p class="borsen-card-notice" role="alert" hidden></p>`;
  el.appendChild(root);
  const ended = root.querySelector(".borsen-card-ended");
  const notice = root.querySelector(".borsen-card-notice");
  const uid = `borsen-card-${Math.random().toString(36).slice(2, 9)}`;
  const ids = requestIds(uid);
  let words = translator(model.get("speech"));
  function send(intent, extra = {}) {
    model.send({ intent, id: ids.next(), ...extra });
  }
  const card = mountRoomCard(root, { send, uid, words: () => words });
  function draw() {
    const data = model.get("card") || {};
    if (data.ended) {
      card.update({});
      ended.hidden = false;
      ended.textContent = words.t("The class has ended.");
    } else {
      ended.hidden = true;
      card.update(data);
    }
    const n = model.get("notice") || {};
    notice.hidden = !n.text;
    notice.innerHTML = n.text ? escapeHTML(n.text) : "";
  }
  function onSpeech() {
    words = translator(model.get("speech"));
    draw();
  }
  model.on("change:card", draw);
  model.on("change:notice", draw);
  model.on("change:speech", onSpeech);
  reportLanguage(model);
  draw();
  return () => {
    model.off("change:card", draw);
    model.off("change:notice", draw);
    model.off("change:speech", onSpeech);
    card.destroy();
  };
}
var card_widget_default = { render };
export {
  card_widget_default as default
};
