// The front end's words: the catalogues' messages that Python sends with each widget
// (its synced `speech`: {language, texts}), read the way gettext reads them. There is no
// dictionary here: every text a person reads is written t("...") in the source, extracted by
// Babel into the same .po files as Python's, translated there, and sent back by Python.
//
//   const { t, tn, tp, number, percent, join } = translator(model.get("speech"));
//   t("Draw a card (key {key})", { key: "D" });  tn("{count} card", "{count} cards", n, { count: n })
//
// Numbers in placeholders are written the language's way (0,42 and 1 000 in Norwegian), from
// the CLDR data (Babel's) that the catalogue's header carries.

const CONTEXT = "\u0004";

/** The language tags of the page this view is shown in, most wanted first: JupyterLab's
 * own language when a Norwegian language pack is chosen (it sets <html lang>), then the
 * browser's languages. Python picks the first it speaks, else English. */
export function pageLanguages(doc = globalThis.document, nav = globalThis.navigator) {
  const tags = [];
  const lang = doc?.documentElement?.lang;
  if (lang && /^(nb|nn|no)\b/i.test(lang)) tags.push(lang);
  const wanted = nav?.languages?.length ? nav.languages : [nav?.language];
  for (const tag of wanted) if (typeof tag === "string" && tag) tags.push(tag);
  return tags.slice(0, 16).map((tag) => tag.slice(0, 35));
}

/** Tell Python the page's languages once (it answers with `speech` if that changes it). */
export function reportLanguage(model) {
  model.send({ intent: "page_language", tags: pageLanguages() });
}

/** The words of one language: `speech` is {language, texts} as Python sends it. */
export function translator(speech) {
  const texts = (speech && speech.texts) || {};
  const head = texts[""] || {};
  const formats = head.formats || {};
  const language = (speech && speech.language) || "en";
  const decimal = formats.decimal || ".";
  const group = formats.group ?? ",";
  const grouping = formats.grouping || [3, 3];
  const minus = formats.minus || "-";

  /** 0,422 / 0.422: at most `maxDigits` decimals (half to even, as Babel), grouped. */
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

  /** 0.42 → 42 % (nb) / 42% (en). */
  function percent(value, digits = 0) {
    if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
    const text = number(Math.abs(value) * 100, digits, digits);
    const sign = value < 0 ? minus : "";
    return sign + (formats.percent_prefix || "") + text + (formats.percent_suffix ?? "%");
  }

  /** Ada, Bo og Cy / Ada, Bo and Cy. */
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
    return text.replace(/\{(\w+)\}/g, (whole, key) =>
      Object.prototype.hasOwnProperty.call(values, key) ? show(values[key]) : whole,
    );
  }

  const pluralIndex = (n) => (n === 1 ? 0 : 1); // nplurals=2; plural=(n != 1) in en, nb, nn

  function lookup(key) {
    const found = texts[key];
    return Array.isArray(found) ? found : null;
  }

  /** A message in this language, its {placeholders} filled. */
  function t(msgid, values) {
    const found = lookup(msgid);
    return fill((found && found[0]) || msgid, values);
  }
  /** The plural form for n. */
  function tn(singular, plural, n, values) {
    const found = lookup(singular);
    const index = pluralIndex(n);
    return fill((found && found[index]) || (index === 0 ? singular : plural), values);
  }
  /** A message in a context (one English word, two meanings). */
  function tp(context, msgid, values) {
    const found = lookup(context + CONTEXT + msgid);
    return fill((found && found[0]) || msgid, values);
  }
  /** The plural form for n, in a context. */
  function tnp(context, singular, plural, n, values) {
    const found = lookup(context + CONTEXT + singular);
    const index = pluralIndex(n);
    return fill((found && found[index]) || (index === 0 ? singular : plural), values);
  }

  return { language, t, tn, tp, tnp, number, percent, join };
}

/** `value` rounded to `digits` decimals, half to even, as a plain decimal string. */
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
