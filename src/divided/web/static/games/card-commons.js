/* Card Commons' table in the browser, drawn inside the shell (shell.js).
 *
 * Everything is drawn from the state object's `table` (your hand, both Collections, the four
 * action markers of each player, the offer waiting for a keep decision, the build's splits with
 * the values the server computed, the rounds so far) and `knowledge`. The page ranks no hand and
 * values no split itself: the server sends every category, every split's expected points and
 * match-win chance, and auto-arrange's choice. A move is always one of the state's `legal`
 * actions: the controls only enable a submission that matches one.
 */
(function () {
  "use strict";

  var GAME = "card-commons";
  var C = window.DividedCards;
  var ui = window.DividedShell.ui;
  var T = ui.table;
  var el = ui.el, clear = ui.clear, byId = ui.byId;
  var cardFace = ui.cardFace, cardButton = ui.cardButton, cardBack = ui.cardBack, richText = ui.richText;
  var chip = ui.chip, chips = ui.chips, cardList = ui.cardList, spokenList = ui.spokenList;
  var announce = ui.announce, focusKey = ui.focusKey, play = ui.play, legal = ui.legal;
  var renderControls = ui.renderControls, details = ui.details, oddsTable = ui.oddsTable;

  // What the player is choosing on this page (reset whenever a new state arrives).
  var P = { kind: null, picks: [], three: null, threeFor: null, showAll: false };

  function reset() { P.kind = null; P.picks = []; P.showAll = false; }

  var NEED = { reserve: 1, discard: 2, "offer-three": 3, "offer-sets": 4 };
  var VERB = { reserve: "Reserve", discard: "Discard", "offer-three": "Offer", "offer-sets": "Offer" };

  function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function firstBot(seats) {
    return (seats || []).filter(function (b) { return b !== null && b !== undefined; })[0] || null;
  }

  function pct(p) { return typeof p === "number" ? C.percent(p) : "–"; }
  function points(x) { return typeof x === "number" ? x.toFixed(2) : "–"; }

  var HELP = {
    turn: "Pick an action, then its cards. Each action is used once a round.",
    keep: "What you leave goes face up into the bot's Collection.",
    build: "The bot sees seven of your cards: the strongest 5-card hand is not always the best split.",
    over: "The match is over. Every round's showdown is below."
  };

  // -- the table ------------------------------------------------------------------------------
  function markers(actions, who) {
    return el("ul", { class: "cc-markers", "aria-label": who + " actions this round" }, (actions || []).map(function (a) {
      return el("li", { class: "cc-marker" + (a.used ? " is-used" : ""),
        "aria-label": a.name + (a.used ? ", used" : ", not used yet") },
        el("span", { "aria-hidden": "true", text: a.name }),
        el("span", { class: "cc-marker-state", "aria-hidden": "true", text: a.used ? "used" : "ready" }));
    }));
  }

  function tagged(code, tag, label, className) {
    return el("span", { class: "card suit-" + C.suitName(code) + " " + className, role: "img", "aria-label": label },
      ui.faceParts(code, el("span", { class: "chance-tag", "aria-hidden": "true", text: tag })));
  }

  function collectionRow(cards, extra) {
    var row = el("div", { class: "card-row cc-collection" });
    C.sortCards(cards || []).forEach(function (code) { row.appendChild(cardFace(code, { small: true })); });
    (extra || []).forEach(function (node) { row.appendChild(node); });
    return row;
  }

  function renderOpponent(s) {
    var t = s.table;
    var bot = t.bot || {};
    byId("opponent-heading").textContent = "The bot";
    var n = (bot.face_up || []).length + (bot.reserved ? 1 : 0);
    var parts = [count(bot.hand_size || 0, "card") + " in hand", "Collection " + n + " of 8"];
    if (bot.discarded) { parts.push("discarded 2 face down"); }
    if (bot.built) { parts.push("has built"); }
    byId("opponent-summary").textContent = parts.join(" · ") + ".";
    var box = clear(byId("opponent-hand"));
    box.className = "cc-side";
    box.appendChild(markers(bot.actions, "The bot's"));
    var hand = el("div", { class: "card-row cc-backs", role: "img", "aria-label": "The bot's hand: " + count(bot.hand_size || 0, "card") + " face down" });
    for (var i = 0; i < (bot.hand_size || 0); i++) { hand.appendChild(el("span", { class: "card back small", "aria-hidden": "true" })); }
    var back = bot.reserved ? [el("span", { class: "card back small", role: "img", "aria-label": "the bot's reserved card, face down" })] : [];
    box.appendChild(el("div", { class: "cc-line" },
      el("div", { class: "cc-group" }, el("p", { class: "cc-label", text: "Hand" }), hand),
      el("div", { class: "cc-group" }, el("p", { class: "cc-label", text: "Collection" }), collectionRow(bot.face_up, back))));
    byId("opponent-area").hidden = s.phase === "over";
  }

  function renderCentre(s) {
    var t = s.table;
    byId("centre-heading").textContent = "The match";
    var body = clear(byId("centre-body"));
    var scores = t.scores || { you: 0, bot: 0 };
    body.appendChild(el("div", { class: "cc-score", role: "group", "aria-label": "Score" },
      el("p", null, el("strong", { text: "You " + scores.you }), " · ", el("strong", { text: "Bot " + scores.bot }),
        el("span", { class: "muted", text: " (first to " + t.target + ")" })),
      el("p", { class: "cc-round", text: "Round " + t.round + (t.extra ? " (an extra round)" : "") +
        (t.starter ? " · " + (t.starter === "you" ? "you started" : "the bot started") : "") +
        (s.phase === "turn" || s.phase === "keep" ? " · turn " + Math.min(8, t.turn + 1) + " of 8" : "") })));
    if (s.phase !== "over") {
      body.appendChild(el("div", { class: "pile" },
        el("span", { class: "pile-label", text: "Draw pile" }),
        t.pile_size > 0 ? el("span", { class: "card back stack small", role: "img", "aria-label": count(t.pile_size, "card") + " in the draw pile" })
          : el("span", { class: "card empty small", role: "img", "aria-label": "the draw pile is empty" }),
        el("span", { class: "pile-count", "aria-hidden": "true", text: t.pile_size + " left" })));
    }
    if (t.offer) {
      var who = t.offer.by === "you" ? "Your offer" : "The bot's offer";
      var shown = t.offer.sets ?
        el("div", { class: "card-row" }, t.offer.sets.map(function (set, i) {
          return el("span", { class: "cc-set", role: "group", "aria-label": "set " + (i + 1) }, set.map(function (c) { return cardFace(c, { small: true }); }));
        })) :
        el("div", { class: "card-row" }, t.offer.cards.map(function (c) { return cardFace(c, { small: true }); }));
      body.appendChild(el("div", { class: "offer" }, el("span", { class: "pile-label", text: who }), shown));
    }
    var rounds = t.rounds || [];
    if (rounds.length && s.phase !== "over") {
      // the last showdown stays open at the start of the next round (the bot's hands, shown at last)
      var last = rounds[rounds.length - 1];
      var fresh = t.round === last.round + 1 && t.turn <= 1;
      var key = "cc-last-" + last.round;
      body.appendChild(el("div", { class: "cc-rounds" },
        details(key, "Round " + last.round + "'s showdown", roundBlock(last), fresh),
        rounds.length > 1 ? details("cc-rounds", "Every round so far (" + rounds.length + ")",
          el("ol", { class: "cc-round-list" }, rounds.map(function (r) { return el("li", null, richText(r.description)); })), false) : null));
    }
  }

  function renderYours(s) {
    var t = s.table;
    var you = t.you || {};
    byId("your-heading").textContent = "You";
    var area = byId("your-area");
    area.hidden = s.phase === "over";
    var n = (you.face_up || []).length + (you.reserved ? 1 : 0);
    byId("your-summary").textContent = count((t.hand || []).length, "card") + " in hand · Collection " + n + " of 8" +
      ((you.discards || []).length ? " · discarded " + cardList(you.discards) : "") + ".";
    var box = clear(byId("your-hand"));
    box.className = "cc-side";
    box.appendChild(markers(you.actions, "Your"));
    var building = s.phase === "build" && s.to_move === "you";
    if (!building) {
      box.appendChild(el("p", { class: "cc-label", text: "Hand" }));
      var hand = el("div", { class: "card-row" });
      C.sortCards(t.hand || []).forEach(function (code) {
        hand.appendChild(code === t.drawn ? tagged(code, "drawn", C.words(code) + ", just drawn", "is-drawn") : cardFace(code));
      });
      if (!(t.hand || []).length) { hand.appendChild(el("span", { class: "muted", text: "No cards in hand." })); }
      box.appendChild(hand);
    }
    box.appendChild(el("p", { class: "cc-label", text: "Collection" }));
    var reserved = you.reserved ? [tagged(you.reserved, "unseen", C.words(you.reserved) +
      ", reserved face down: the bot has not seen it", "is-reserved small")] : [];
    box.appendChild(collectionRow(you.face_up, reserved));
    if (you.reserved) {
      box.appendChild(el("p", { class: "help" }, "Your reserved card ", chip(you.reserved), " is face down: the bot has not seen it."));
    }
    if ((you.discards || []).length) {
      box.appendChild(el("p", { class: "help" }, "Your discards (only you know them): ", chips(you.discards), "."));
    }
  }

  function renderTable(s) {
    var main = byId("main");
    if (main) { main.classList.add("cc-table"); }  // the game's own layout rules (card-commons.css)
    renderOpponent(s);
    renderCentre(s);
    renderYours(s);
  }

  // -- your turn: an action and its cards --------------------------------------------------------
  function matching(kind, picks) {
    if (picks.length !== NEED[kind]) { return null; }
    return legal(kind).filter(function (a) {
      if (kind !== "offer-sets") { return C.sameSet(a.cards, picks); }
      var one = picks.slice(0, 2), two = picks.slice(2, 4);
      var x = a.cards.slice(0, 2), y = a.cards.slice(2, 4);
      return (C.sameSet(x, one) && C.sameSet(y, two)) || (C.sameSet(x, two) && C.sameSet(y, one));
    })[0] || null;
  }

  function renderTurn(box, s) {
    var kinds = (s.table.you.actions || []);
    if (P.kind && !legal(P.kind).length) { P.kind = null; P.picks = []; }
    box.appendChild(el("p", { id: "cc-kind-help", class: "help", text: "Choose an action, then its cards." }));
    box.appendChild(el("div", { class: "button-row cc-kinds", role: "group", "aria-label": "Your actions", "data-decision": true }, kinds.map(function (a) {
      var on = P.kind === a.kind;
      return el("button", { type: "button", class: "cc-kind" + (on ? " primary" : ""), "data-focus": "kind-" + a.kind,
        "aria-pressed": on ? "true" : "false", disabled: a.used || !legal(a.kind).length,
        onclick: function () { chooseKind(a.kind); } },
        a.name, a.used ? el("span", { class: "muted", text: " (used)" }) : null);
    })));
    if (!P.kind) { return; }
    var need = NEED[P.kind];
    var sets = P.kind === "offer-sets";
    var helpText = sets ? "Press two cards for the first set, then two for the second." :
      "Press " + count(need, "card") + " to " + VERB[P.kind].toLowerCase() + ". Press a picked card again to put it back.";
    box.appendChild(el("p", { id: "cc-pick-help", class: "help", text: helpText }));
    var row = el("div", { class: "card-row pick-row", role: "group", "aria-label": "Your hand", "data-decision": true });
    C.sortCards(s.table.hand || []).forEach(function (code) {
      var at = P.picks.indexOf(code);
      var tag = at < 0 ? null : sets ? "set " + (at < 2 ? 1 : 2) : VERB[P.kind].toLowerCase();
      row.appendChild(cardButton(code, {
        pressed: at >= 0, tag: tag, className: at >= 0 ? "picked" : "", describedby: "cc-pick-help",
        label: C.words(code) + (tag ? ", " + tag : "") + (code === s.table.drawn ? ", just drawn" : ""),
        onclick: function () { togglePick(code); }
      }));
    });
    box.appendChild(row);
    var action = matching(P.kind, P.picks);
    var words = sets ? cardList(P.picks.slice(0, 2)) + " | " + cardList(P.picks.slice(2)) : cardList(P.picks);
    box.appendChild(el("p", { class: "split-summary", id: "cc-pick-summary", text: action ? whatHappens(P.kind, P.picks) :
      "Picked " + P.picks.length + " of " + need + "." }));
    box.appendChild(el("div", { class: "button-row", "data-decision": true },
      el("button", { type: "button", class: "primary", "data-focus": "cc-submit", disabled: !action,
        onclick: function () {
          var confirm = P.kind === "discard" ? { message: "Discard " + words + " face down, out of the round? This cannot be undone.",
            yes: "Yes, discard them", back: "cc-submit" } : null;
          play(action, confirm);
        },
        text: action ? VERB[P.kind] + " " + words : VERB[P.kind] })));
  }

  function whatHappens(kind, picks) {
    if (kind === "reserve") { return picks[0] + " goes face down into your Collection; the bot will not see it."; }
    if (kind === "discard") { return picks.join(" ") + " leave the round face down; nobody sees them."; }
    if (kind === "offer-three") { return "The bot keeps one of " + picks.join(" ") + "; you keep the other two, face up."; }
    return "The bot keeps " + picks.slice(0, 2).join(" ") + " or " + picks.slice(2).join(" ") + "; you keep the other set.";
  }

  function chooseKind(kind) {
    if (T.busy) { return; }
    P.kind = P.kind === kind ? null : kind;
    P.picks = [];
    renderControls();
    focusKey("kind-" + kind);
    if (P.kind) { announce(kind === "offer-sets" ? "Pick two cards for each set." : "Pick " + count(NEED[kind], "card") + "."); }
  }

  function togglePick(code) {
    if (T.busy || !P.kind) { return; }
    var i = P.picks.indexOf(code);
    if (i >= 0) { P.picks.splice(i, 1); }
    else if (P.picks.length < NEED[P.kind]) { P.picks.push(code); }
    else { P.picks[P.picks.length - 1] = code; }
    renderControls();
    focusKey("card-" + code);
    var action = matching(P.kind, P.picks);
    announce(action ? whatHappens(P.kind, P.picks) : (i >= 0 ? C.words(code) + " put back. " : C.words(code) + " picked. ") +
      "Picked " + P.picks.length + " of " + NEED[P.kind] + ".");
  }

  // -- the bot's offer: your keep decision --------------------------------------------------------
  function renderKeep(box, s) {
    var offer = s.table.offer || { cards: [] };
    var list = el("ul", { class: "swap-options", "data-decision": true });
    legal("keep-card").concat(legal("keep-set")).forEach(function (a) {
      var rest = offer.cards.filter(function (c) { return a.cards.indexOf(c) < 0; });
      list.appendChild(el("li", null, el("button", { type: "button", class: "swap-button", "data-focus": "keep-" + a.cards.join("-"),
        onclick: function () { play(a); } },
        el("span", { class: "swap-what" }, "Keep ", richText(a.cards.join(" "))),
        el("span", { class: "cc-rest" }, "The bot keeps ", richText(rest.join(" "))))));
    });
    box.appendChild(list);
  }

  // -- the build -------------------------------------------------------------------------------
  function buildOptions(s) { return (s.table.build && s.table.build.options) || []; }

  function optionFor(s, three) {
    if (!three || three.length !== 3) { return null; }
    return buildOptions(s).filter(function (o) { return C.sameSet(o.three.cards, three); })[0] || null;
  }

  function autoOption(s) {
    var b = s.table.build;
    if (!b) { return null; }
    return buildOptions(s).filter(function (o) { return o.action === b.auto; })[0] || null;
  }

  function ensureThree(s) {
    if (P.threeFor === s.move_number && P.three) { return; }
    var auto = autoOption(s);
    P.three = auto ? auto.three.cards.slice() : [];
    P.threeFor = s.move_number;
  }

  function valueLine(o) {
    if (!o || typeof o.points_for !== "number") { return ""; }
    return "Expected points: " + points(o.points_for) + " for you, " + points(o.points_against) + " for the bot · match win " + pct(o.win);
  }

  function renderBuild(box, s) {
    ensureThree(s);
    var collection = C.sortCards(((s.table.you.face_up || []).concat(s.table.you.reserved ? [s.table.you.reserved] : [])));
    var three = P.three.filter(function (c) { return collection.indexOf(c) >= 0; });
    P.three = three;
    var five = collection.filter(function (c) { return three.indexOf(c) < 0; });
    var chosen = optionFor(s, three);
    box.appendChild(el("p", { id: "build-help", class: "help", text: "Press a card to move it between the hands." }));
    var rows = el("div", { class: "build-rows", "data-decision": true });
    [["5-card hand", five, 5, chosen && chosen.five], ["3-card hand", three, 3, chosen && chosen.three]].forEach(function (r, index) {
      var cards = el("div", { class: "card-row" });
      r[1].forEach(function (code) {
        cards.appendChild(cardButton(code, { focusKey: "card-" + code, describedby: "build-help",
          label: C.words(code) + ", in the " + r[0] + (code === s.table.you.reserved ? ", your reserved card" : ""),
          onclick: function () { moveCard(code); } }));
      });
      for (var i = r[1].length; i < r[2]; i++) { cards.appendChild(el("span", { class: "card slot", "aria-hidden": "true" })); }
      rows.appendChild(el("div", { class: "build-row" + (r[1].length !== r[2] ? " is-uneven" : ""), role: "group", "aria-labelledby": "cc-row-" + index },
        el("h3", { class: "row-title", id: "cc-row-" + index }, r[0] + ": ",
          el("span", { class: "row-category", text: r[3] ? r[3].category : count(r[1].length, "card") + " (needs " + r[2] + ")" })),
        cards));
    });
    box.appendChild(rows);
    var auto = autoOption(s);
    var verdict = chosen ? valueLine(chosen) + (auto && chosen.action === auto.action ? " · the best split" : "") :
      "The 3-card hand needs exactly three cards.";
    box.appendChild(el("div", { class: "button-row", "data-decision": true },
      el("button", { type: "button", "data-focus": "auto", disabled: !auto, onclick: autoArrange, text: "Auto-arrange" }),
      el("button", { type: "button", class: "primary", "data-focus": "build-confirm", disabled: !chosen,
        onclick: function () {
          play({ action: chosen.action }, { message: "Lock in " + five.join(" ") + " (" + chosen.five.category + ") and " +
            three.join(" ") + " (" + chosen.three.category + ")? This is final.", yes: "Yes, lock them in", back: "build-confirm" });
        }, text: "Lock in these hands" })));
    box.appendChild(el("p", { class: "build-verdict", id: "build-verdict", text: verdict }));
    if (s.table.build && s.table.build.aim) { box.appendChild(el("p", { class: "help", id: "cc-aim", text: s.table.build.aim })); }
    box.appendChild(splitTable(s, chosen));
  }

  /** Every split as a button (best first when valued): its two hands with their categories,
   * its expected points for and against and its match-win chance; pressing one puts it in the
   * rows above. */
  function splitTable(s, chosen) {
    var options = buildOptions(s).slice();
    var valued = options.length && typeof options[0].win === "number";
    if (valued) { options.sort(function (a, b) { return (b.win - a.win) || ((b.points_for - b.points_against) - (a.points_for - a.points_against)) || a.action - b.action; }); }
    var shown = P.showAll ? options : options.slice(0, 6);
    var list = el("ul", { class: "cc-split-list", "aria-label": valued ? "Splits, best first" : "Splits" }, shown.map(function (o) {
      var isChosen = !!(chosen && o.action === chosen.action);
      return el("li", null, el("button", {
        type: "button", class: "cc-split" + (isChosen ? " is-chosen" : ""), "data-focus": "use-" + o.action,
        "aria-pressed": isChosen ? "true" : "false",
        "aria-label": "5-card hand " + spokenList(o.five.cards) + ", " + o.five.category + "; 3-card hand " +
          spokenList(o.three.cards) + ", " + o.three.category + (valued ? "; " + valueLine(o) : ""),
        onclick: function () { useSplit(o); } },
        el("span", { class: "cc-split-hand", "aria-hidden": "true" }, chips(o.five.cards), " ", el("span", { class: "cc-cat", text: o.five.category })),
        el("span", { class: "cc-split-hand", "aria-hidden": "true" }, chips(o.three.cards), " ", el("span", { class: "cc-cat", text: o.three.category })),
        valued ? el("span", { class: "cc-split-value", "aria-hidden": "true",
          text: points(o.points_for) + " / " + points(o.points_against) + " points · " + pct(o.win) + " match win" }) : null));
    }));
    var more = options.length > 6 ? el("button", { type: "button", class: "link-button", "data-focus": "cc-all",
      onclick: function () { P.showAll = !P.showAll; renderControls(); focusKey("cc-all"); },
      text: P.showAll ? "Show the best 6" : "Show all " + options.length + " splits" }) : null;
    return el("div", { class: "cc-split-box" },
      el("h3", { class: "row-title", text: valued ? "Splits, best first (points for / against, match win)" : "Splits" }), list, more);
  }

  function useSplit(o) {
    if (T.busy) { return; }
    P.three = o.three.cards.slice();
    renderControls();
    focusKey("build-confirm");
    announce("5-card hand " + o.five.category + ", 3-card hand " + o.three.category + ". " + valueLine(o));
  }

  function moveCard(code) {
    if (T.busy) { return; }
    var i = P.three.indexOf(code);
    if (i >= 0) { P.three.splice(i, 1); } else { P.three.push(code); }
    renderControls();
    focusKey("card-" + code);
    var chosen = optionFor(T.state, P.three);
    announce(C.words(code) + " moved to the " + (i >= 0 ? "5-card" : "3-card") + " hand. " +
      (chosen ? chosen.five.category + " and " + chosen.three.category + ". " + valueLine(chosen) :
        "The 3-card hand has " + count(P.three.length, "card") + "."));
  }

  function autoArrange() {
    var auto = autoOption(T.state);
    if (!auto || T.busy) { return; }
    useSplit(auto);
  }

  // -- the end -------------------------------------------------------------------------------
  function roundBlock(r) {
    function side(key, title) {
      var h = r[key];
      return el("section", { class: "showdown-side" },
        el("h4", { text: title + " (+" + h.points + ", total " + h.score + ")" }),
        el("p", { class: "row-title" }, "5-card: ", el("strong", { text: h.five.category }), r.five === key ? " (won)" : r.five === null ? " (equal)" : ""),
        el("div", { class: "card-row" }, h.five.cards.map(function (c) { return cardFace(c, { small: true }); })),
        el("p", { class: "row-title" }, "3-card: ", el("strong", { text: h.three.category }), r.three === key ? " (won)" : r.three === null ? " (equal)" : ""),
        el("div", { class: "card-row" }, h.three.cards.map(function (c) { return cardFace(c, { small: true }); })));
    }
    return el("div", { class: "cc-round-block" },
      el("h3", { text: "Round " + r.round + (r.extra ? " (extra)" : "") + ": you " + r.scores.you + ", the bot " + r.scores.bot }),
      el("div", { class: "showdown" }, side("you", "You"), side("bot", "The bot")));
  }

  function renderShowdown(box, s) {
    var r = s.result || {};
    box.appendChild(el("p", { class: "result result-" + (r.you || "draw") }, el("strong", null, richText(r.headline || "The match is over."))));
    (s.table.rounds || []).slice().reverse().forEach(function (round) { box.appendChild(roundBlock(round)); });
  }

  // -- the books -------------------------------------------------------------------------------
  // a column header: the place as the table names it ("opponent's hand" is "Bot's hand"), so
  // that six columns fit the panel
  function placeName(p) {
    var name = String(p).replace(/^opponent's /, "bot's ");
    return name.charAt(0).toUpperCase() + name.slice(1);
  }

  function renderKnowledge(body, s) {
    var k = s.knowledge || {};
    var you = s.table.you || {};
    if (s.phase === "over") {
      body.appendChild(el("p", { class: "help", text: "Every Collection is on show in the showdowns." }));
      return;
    }
    var seen = (you.face_up || []);
    body.appendChild(details("know-yours", "Your Collection, as the bot sees it", [
      el("p", null, "Face up, seen by the bot: ", seen.length ? chips(seen) : "none yet", "."),
      you.reserved ? el("p", null, "Not seen by the bot: ", chip(you.reserved), " (your reserved card).") :
        el("p", { text: "You have not reserved a card yet." })
    ], true));
    var slots = k.places || {};
    var names = Object.keys(slots).filter(function (p) { return slots[p] > 0; });
    if (names.length) {
      body.appendChild(el("p", { class: "help", id: "cc-places" }, "Cards you have not seen this round: " +
        names.map(function (p) { return p + " " + slots[p]; }).join(", ") + "."));
    }
    var unaccounted = k.unaccounted || [];
    if (unaccounted.length) {
      var places = [];
      unaccounted.forEach(function (u) { Object.keys(u.places || {}).forEach(function (p) { if (places.indexOf(p) < 0) { places.push(p); } }); });
      body.appendChild(details("unaccounted", "Unaccounted for (" + unaccounted.length + " cards)", [
        el("p", { class: "help", text: "Cards you cannot place, and the exact chance each is in each place." }),
        oddsTable(["Card"].concat(places.map(placeName)),
          C.sortCards(unaccounted.map(function (u) { return u.card; })).map(function (code) {
            var u = unaccounted.filter(function (x) { return x.card === code; })[0];
            return [code, places.map(function (p) { return C.percent((u.places || {})[p] || 0); })];
          }), "Where the unaccounted cards could be")
      ], true));
    } else if (!Object.keys(k).length) {
      body.appendChild(el("p", { class: "help", text: "The books are not available for this game yet." }));
    }
  }

  // -- words -------------------------------------------------------------------------------------
  function meta(s) {
    var t = s.table || {};
    var parts = [];
    if (t.target && t.target !== 5) { parts.push("first to " + t.target); }
    if (s.options && s.options.next_starter === "alternate") { parts.push("starters alternate"); }
    if (t.scores) { parts.push("you " + t.scores.you + ", bot " + t.scores.bot); }
    if (s.phase !== "over" && t.round) { parts.push("round " + t.round); }
    return parts;
  }

  function sameGame(s, settings) {
    var o = s.options || {};
    var body = { game: GAME, bot: firstBot(s.seats) || settings.bot };
    var first = o.first_starter;
    body.first_starter = first === "coin" ? "coin" : first === s.seat ? "you" : (first === 0 || first === 1) ? "bot" : settings.firstStarter;
    if (o.target !== undefined && o.target !== null) { body.target = String(o.target); }  // a lobby option: its key
    ["next_starter", "max_extra_rounds"].forEach(function (name) {
      if (o[name] !== undefined && o[name] !== null) { body[name] = o[name]; }
    });
    return body;
  }

  function renderControlsFor(box, s) {
    if (s.phase === "turn") { renderTurn(box, s); }
    else if (s.phase === "keep") { renderKeep(box, s); }
    else if (s.phase === "build") { renderBuild(box, s); }
  }

  window.DividedShell.register(GAME, {
    stylesheet: true,
    title: "Card Commons",
    help: HELP,
    phaseWords: { turn: "drafting", keep: "keeping", build: "building", deal: "dealing", draw: "drawing", over: "finished" },
    meta: meta,
    renderTable: renderTable,
    renderControls: renderControlsFor,
    renderShowdown: renderShowdown,
    renderKnowledge: renderKnowledge,
    renderReplay: renderTable,
    sameGame: sameGame,
    reset: reset,
    /** After your action the bot moves at once (it keeps from your offer or takes its turn),
     * except after the round's last turn, when you build first. */
    botMovesNext: function (s) { return s.phase === "turn" && s.table.turn < 7; },
    settings: {
      key: "card-commons.settings",
      defaults: { ccBot: "skilled", firstStarter: "coin" },
      choices: { ccBot: ["random", "skilled", "expert"], firstStarter: ["you", "bot", "coin"] }
    },
    lobbyDefaults: function (settings) { return { bot: settings.ccBot, first_starter: settings.firstStarter }; }
  });
})();
