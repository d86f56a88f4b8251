/* Cards and browser settings for every page (the page ranks no hands: the server sends every
 * category it shows).
 *
 * Pure helpers shared by every page (no DOM work except applying the display settings to
 * <html>, which runs as soon as this file loads so the page never flashes the wrong look).
 * Also loadable in Node for tests: module.exports = DividedCards.
 */
(function (root) {
  "use strict";

  var SUITS = {
    s: { name: "spades", glyph: "\u2660" },
    h: { name: "hearts", glyph: "\u2665" },
    d: { name: "diamonds", glyph: "\u2666" },
    c: { name: "clubs", glyph: "\u2663" }
  };
  var SUIT_ORDER = "shdc";
  // Rank value 0..4 for 10..A (the 21-card pack); the full deck's 2..9 are -8..-1, below the
  // ten, so the 21-card pack keeps its order. The Joker, when it completes nothing, is -1.
  var RANKS = { T: 0, "10": 0, J: 1, Q: 2, K: 3, A: 4,
                "2": -8, "3": -7, "4": -6, "5": -5, "6": -4, "7": -3, "8": -2, "9": -1 };
  var RANK_LABEL = { "-8": "2", "-7": "3", "-6": "4", "-5": "5", "-4": "6", "-3": "7", "-2": "8", "-1": "9",
                     "0": "10", "1": "J", "2": "Q", "3": "K", "4": "A" };
  var RANK_CODE = { "-8": "2", "-7": "3", "-6": "4", "-5": "5", "-4": "6", "-3": "7", "-2": "8", "-1": "9",
                    "0": "T", "1": "J", "2": "Q", "3": "K", "4": "A" };
  var RANK_WORD = { "-8": "two", "-7": "three", "-6": "four", "-5": "five", "-4": "six", "-3": "seven",
                    "-2": "eight", "-1": "nine", "0": "ten", "1": "jack", "2": "queen", "3": "king", "4": "ace" };
  var JOKER = "Jk";
  var JOKER_INDEX = 20;
  // The 54-card deck's two Jokers are told apart: Jk1 and Jk2.
  var JOKERS = { jk: { code: "Jk", index: JOKER_INDEX, label: "Joker", word: "the Joker", rank: "Jkr" },
                 jk1: { code: "Jk1", index: JOKER_INDEX + 1, label: "Joker 1", word: "the first Joker", rank: "Jk1" },
                 jk2: { code: "Jk2", index: JOKER_INDEX + 2, label: "Joker 2", word: "the second Joker", rank: "Jk2" } };
  var LOW = -1;

  /** Read one card in the project's notation ("Ts", "10s", "7h", "Qh", "Jk", "Jk1"). Null if not a card. */
  function parse(code) {
    if (typeof code !== "string") { return null; }
    var text = code.trim();
    var joker = JOKERS[text.toLowerCase()];
    if (joker) {
      return { code: joker.code, joker: true, rank: LOW, suit: null, index: joker.index, jokerInfo: joker };
    }
    // a second copy of a card (two decks shuffled together) is written with a prime: "As'"
    var copy = text.length > 2 && text.slice(-1) === "'";
    if (copy) { text = text.slice(0, -1); }
    var suit = text.slice(-1).toLowerCase();
    var rankText = text.slice(0, -1).toUpperCase();
    if (!(rankText in RANKS) || SUIT_ORDER.indexOf(suit) < 0 || suit === "") { return null; }
    var rank = RANKS[rankText];
    return {
      code: RANK_CODE[rank] + suit + (copy ? "'" : ""), joker: false, rank: rank, suit: suit, copy: copy,
      index: rank * 4 + SUIT_ORDER.indexOf(suit) + (copy ? 0.5 : 0)
    };
  }

  function must(code) {
    var card = parse(code);
    if (!card) { throw new Error("not a card: " + code); }
    return card;
  }

  /** Short display form: "10♠", "Q♥", "Joker". */
  function label(code) {
    var card = must(code);
    return card.joker ? card.jokerInfo.label : RANK_LABEL[card.rank] + SUITS[card.suit].glyph + (card.copy ? "\u2032" : "");
  }

  /** Spoken form: "ten of spades", "the Joker". */
  function words(code) {
    var card = must(code);
    return card.joker ? card.jokerInfo.word : RANK_WORD[card.rank] + " of " + SUITS[card.suit].name;
  }

  function rankLabel(code) {
    var card = must(code);
    return card.joker ? card.jokerInfo.rank : RANK_LABEL[card.rank] + (card.copy ? "\u2032" : "");
  }

  function suitGlyph(code) {
    var card = must(code);
    return card.joker ? "\u2605" : SUITS[card.suit].glyph;
  }

  function suitName(code) {
    var card = must(code);
    return card.joker ? "joker" : SUITS[card.suit].name;
  }

  /** Pack order: twos (tens in the 21-card pack) to aces, spades hearts diamonds clubs within a
   * rank, the Jokers last. */
  function sortCards(codes) {
    return codes.slice().sort(function (a, b) { return must(a).index - must(b).index; });
  }

  function sameSet(a, b) {
    if (!a || !b || a.length !== b.length) { return false; }
    var seen = {};
    a.forEach(function (c) { seen[must(c).code] = true; });
    return b.every(function (c) { return seen[must(c).code] === true; });
  }

  var CARD_TOKEN = /\b(?:10|[2-9TJQKA])[shdc]\b'?|\bJk[12]?\b/g;

  /** Split free text into strings and card codes, for rendering cards inline. */
  function tokenize(text) {
    var parts = [];
    var last = 0;
    String(text).replace(CARD_TOKEN, function (match, offset) {
      if (offset > last) { parts.push({ text: text.slice(last, offset) }); }
      parts.push({ card: must(match).code });
      last = offset + match.length;
      return match;
    });
    if (last < String(text).length) { parts.push({ text: String(text).slice(last) }); }
    return parts;
  }

  var CARD_RUN = /(?:\b(?:10|[2-9TJQKA])[shdc]\b|\bJk[12]?\b)(?:\s+(?:\b(?:10|[2-9TJQKA])[shdc]\b|\bJk[12]?\b))*/g;

  function listWords(codes) {
    var names = codes.map(words);
    return names.length <= 1 ? names.join("") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  /** Text with card codes spelt out, for the screen-reader announcements: a run of cards
   * becomes a list ("ten of spades, jack of hearts and the Joker"), " | " a semicolon. */
  function spoken(text) {
    return String(text)
      .replace(CARD_RUN, function (run) { return listWords(run.split(/\s+/)); })
      .replace(/\s\|\s/g, "; ");
  }

  /** Text with card codes shown with suit symbols. */
  function pretty(text) {
    return String(text).replace(CARD_TOKEN, function (match) { return label(match); });
  }

  /** A probability as a short percentage: 0.0625 -> "6.3%", 0.25 -> "25%". */
  function percent(p) {
    if (typeof p !== "number" || !isFinite(p)) { return "?"; }
    if (p <= 0) { return "0%"; }
    if (p >= 1) { return "100%"; }
    var value = p * 100;
    var text = value < 0.1 ? "<0.1" : (Math.round(value * 10) / 10).toString();
    return text + "%";
  }

  // -- settings (localStorage, per browser) ------------------------------------------------
  // The display settings, shared by every game, live under SETTINGS_KEY; each game keeps its
  // own choices (its lobby's defaults) under a key of its own, named after the game (see
  // loadGameSettings). Browsers that stored everything under Divided Ranks' key before games
  // had keys of their own read their display settings from there until they save new ones.
  var SETTINGS_KEY = "divided.settings";
  var LEGACY_KEY = "divided-ranks.settings";
  var DEFAULTS = {
    pace: "normal",          // off | fast | normal | slow
    fourColour: false,
    largeCards: false,
    confirm: true
  };
  // The bots' moves are shown one at a time: `line` ms each, but a whole run of them (from your
  // move to your next decision) takes at most `most` ms, each move still at least `least` ms.
  // Steady (the default) keeps a 6-player DIVIDE game at a person's speed: 0.7 s is a glance
  // at a card landing and its line, and the longest run (a trick's end, the Divide's picks and
  // the next trick's leads, a dozen moves) waits 3.5 s, not 13 s.
  var PACE = {
    off: null,
    fast: { line: 300, most: 1500, least: 120 },
    normal: { line: 700, most: 3500, least: 250 },
    slow: { line: 1600, most: 0, least: 1600 }
  };

  /** How long to show each of `moves` bot moves at `pace` (0: show them all at once). */
  function paceDelay(pace, moves) {
    var p = PACE[pace];
    if (!p || moves <= 0) { return 0; }
    if (!p.most || moves * p.line <= p.most) { return p.line; }
    return Math.max(p.least, Math.floor(p.most / moves));
  }
  var CHOICES = {
    pace: ["off", "fast", "normal", "slow"]
  };

  function storage() {
    try { return root.localStorage || null; } catch (e) { return null; }
  }

  function readJson(store, key) {
    try {
      var value = JSON.parse(store.getItem(key) || "null");
      return value && typeof value === "object" && !Array.isArray(value) ? value : null;
    } catch (e) { return null; }  // a damaged entry counts as none
  }

  /** Settings under `key`: each of `defaults`, replaced by a stored value of the same type (one
   * of `choices[name]` when given). `fallbackKey` is read when `key` holds nothing. */
  function loadFrom(key, defaults, choices, fallbackKey) {
    var result = {};
    Object.keys(defaults).forEach(function (k) { result[k] = defaults[k]; });
    var store = storage();
    if (!store) { return result; }
    var saved = readJson(store, key) || (fallbackKey ? readJson(store, fallbackKey) : null) || {};
    Object.keys(defaults).forEach(function (k) {
      if (!(k in saved)) { return; }
      if (typeof defaults[k] === "boolean" && typeof saved[k] === "boolean") { result[k] = saved[k]; }
      if (choices && choices[k] && choices[k].indexOf(saved[k]) >= 0) { result[k] = saved[k]; }
    });
    return result;
  }

  /** Store `values` under `key`, keeping what else that key holds. */
  function saveTo(key, values) {
    var store = storage();
    if (!store) { return false; }
    var saved = readJson(store, key) || {};
    Object.keys(values).forEach(function (k) { saved[k] = values[k]; });
    try { store.setItem(key, JSON.stringify(saved)); return true; } catch (e) { return false; }
  }

  function loadSettings() { return loadFrom(SETTINGS_KEY, DEFAULTS, CHOICES, LEGACY_KEY); }

  function saveSettings(settings) {
    var display = {};
    Object.keys(DEFAULTS).forEach(function (k) { display[k] = settings[k]; });
    return saveTo(SETTINGS_KEY, display);
  }

  /** A game's own settings: `spec` is {key, defaults, choices}, as the game's script gives it. */
  function loadGameSettings(spec) { return loadFrom(spec.key, spec.defaults, spec.choices, null); }

  function saveGameSettings(spec, values) {
    var own = {};
    Object.keys(spec.defaults).forEach(function (k) { own[k] = values[k]; });
    return saveTo(spec.key, own);
  }

  function applySettings(settings) {
    if (!root.document) { return; }
    var html = root.document.documentElement;
    html.classList.toggle("four-colour", !!settings.fourColour);
    html.classList.toggle("large-cards", !!settings.largeCards);
  }

  var api = {
    SUITS: SUITS, JOKER: JOKER,
    parse: parse, label: label, words: words, rankLabel: rankLabel, suitGlyph: suitGlyph,
    suitName: suitName, sortCards: sortCards, sameSet: sameSet,
    tokenize: tokenize, spoken: spoken, listWords: listWords, pretty: pretty, percent: percent,
    DEFAULTS: DEFAULTS, CHOICES: CHOICES, PACE: PACE, paceDelay: paceDelay, SETTINGS_KEY: SETTINGS_KEY,
    loadSettings: loadSettings, saveSettings: saveSettings, applySettings: applySettings,
    loadGameSettings: loadGameSettings, saveGameSettings: saveGameSettings
  };

  root.DividedCards = api;
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
  applySettings(loadSettings());
})(typeof window !== "undefined" ? window : globalThis);
