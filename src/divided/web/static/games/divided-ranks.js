/* Divided Ranks' table in the browser, drawn inside the shell (shell.js).
 *
 * Everything here is drawn from the state object's `table` (your hand, the bot's hand as your
 * books know it, the stock, the reserve, the cards split or offered, the build's divisions with
 * their categories, the showdown) and `knowledge`; the page ranks no hand itself: the server
 * sends every category and which division scores best.
 */
(function () {
  "use strict";

  var GAME = "divided-ranks";
  var C = window.DividedCards;
  var ui = window.DividedShell.ui;
  var T = ui.table;
  var el = ui.el, append = ui.append, clear = ui.clear, byId = ui.byId, faceParts = ui.faceParts;
  var cardFace = ui.cardFace, cardButton = ui.cardButton, cardBack = ui.cardBack, richText = ui.richText;
  var chip = ui.chip, chips = ui.chips, cardList = ui.cardList, spokenList = ui.spokenList;
  var announce = ui.announce, focusKey = ui.focusKey, play = ui.play, legal = ui.legal;
  var renderControls = ui.renderControls, details = ui.details, oddsTable = ui.oddsTable;

  function cardCount(n) { return n + (n === 1 ? " card" : " cards"); }

  function firstBot(seats) {
    return (seats || []).filter(function (b) { return b !== null && b !== undefined; })[0] || null;
  }

  function headline(o) {
    if (!o) { return "The game is over"; }
    if (o.winner === "you") { return "You win"; }
    if (o.winner === "bot") { return "The bot wins"; }
    return "A draw";
  }

  var HINTS = {
    split: "You drew four cards. Pick two to show face up; the other two go face down. " +
      "The bot takes one pair and you keep the other, so weigh what each pair is worth to it as well as to you.",
    choose: "Take the pair you can see, or gamble on the hidden one. The bot gets whichever you leave. " +
      "Taking the hidden pair also shows you what the bot would have kept.",
    reserve: "You may give away one card and take the face-down reserve in its place, or keep your hand. " +
      "Each option shows how often it would make your best result better, the same, or worse.",
    build: "Divide your ten cards into two hands of five. The lowest hand at the table loses, so your weaker hand matters most. " +
      "Press a card to move it to the other hand, or use Auto-arrange for the best division.",
    over: "The game is over. The showdown below explains who won and why."
  };

  var PLACE_NAMES = {
    "opponent's hand": "Bot's hand", "my hand": "Your hand", reserve: "Reserve", stock: "Stock",
    "on the table": "Face-down pair"
  };
  var PLACE_ORDER = ["opponent's hand", "on the table", "reserve", "stock", "my hand"];


  function roundNumber(s) {
    if (s.phase !== "split" && s.phase !== "choose") { return null; }
    var held = (s.table.hand || []).length + ((s.table.opponent && s.table.opponent.size) || 0);
    return Math.min(5, Math.floor(held / 4) + 1);
  }


  /** The bot's hand as the player knows it (from the books; older states have only `known`). */
  function opponentBooks(s) {
    var opp = s.table.opponent || { known: [], unknown: 0, size: 0 };
    var known = opp.known || [];
    var workedOut = opp.worked_out || [];
    var watched = opp.watched || known.filter(function (c) { return workedOut.indexOf(c) < 0; })
      .map(function (c) { return { card: c, p: 1 }; });
    // certain and not by deduction alone: seen going there (or, at the showdown, seen there)
    var sure = (opp.seen || []).slice();
    watched.forEach(function (w) { if (w.p >= 1 && sure.indexOf(w.card) < 0) { sure.push(w.card); } });
    var maybe = watched.filter(function (w) { return w.p < 1; });
    return {
      size: opp.size || 0, sure: C.sortCards(sure), workedOut: C.sortCards(workedOut), maybe: maybe,
      unseen: typeof opp.unseen === "number" ? opp.unseen : (opp.unknown || 0)
    };
  }

  function chanceText(p) { return Math.round(p * 100) + "%"; }

  function taggedFace(code, tag, label, className) {
    return el("span", { class: "card suit-" + C.suitName(code) + " " + className, role: "img", "aria-label": label },
      faceParts(code, el("span", { class: "chance-tag", "aria-hidden": "true", text: tag })));
  }

  function renderOpponent(s) {
    var b = opponentBooks(s);
    var hand = clear(byId("opponent-hand"));
    b.sure.forEach(function (code) { hand.appendChild(cardFace(code)); });
    b.workedOut.forEach(function (code) {
      hand.appendChild(taggedFace(code, "worked out", C.words(code) + ", worked out (never seen there)", "is-worked-out"));
    });
    b.maybe.forEach(function (w) {
      hand.appendChild(taggedFace(w.card, chanceText(w.p), C.words(w.card) + ", seen going to the bot, " +
        chanceText(w.p) + " likely still there", "is-maybe"));
    });
    for (var i = 0; i < b.unseen; i++) { hand.appendChild(cardBack("a card you have not seen")); }
    var summary = byId("opponent-summary");
    if (!b.size) { summary.textContent = "No cards yet."; }
    else {
      var parts = [];
      if (b.sure.length) { parts.push(b.sure.length + " seen going there, certain"); }
      if (b.workedOut.length) { parts.push(b.workedOut.length + " worked out"); }
      if (b.maybe.length) { parts.push(b.maybe.length + " seen going there, each with its chance of still being there"); }
      if (b.unseen) { parts.push((b.maybe.length ? "at least " : "") + b.unseen + " not seen"); }
      summary.textContent = b.size + " card" + (b.size === 1 ? "" : "s") + ": " + parts.join("; ") + ".";
    }
    // an empty bot's hand is not worth a panel the player has to scroll past
    byId("opponent-area").hidden = s.phase === "over" || !b.size;
  }

  function renderCentre(s) {
    var body = clear(byId("centre-body"));
    var stock = el("div", { class: "pile" },
      el("span", { class: "pile-label", text: "Stock" }),
      s.table.stock_size > 0 ? el("span", { class: "card back stack", role: "img", "aria-label": s.table.stock_size + " cards in the stock" })
        : el("span", { class: "card empty", role: "img", "aria-label": "the stock is empty" }),
      el("span", { class: "pile-count", "aria-hidden": "true", text: s.table.stock_size + " left" }));
    var reserveKnown = s.table.reserve && s.table.reserve.known;
    var reserve = el("div", { class: "pile" },
      el("span", { class: "pile-label", text: "Reserve" }),
      reserveKnown ? cardFace(reserveKnown) : cardBack("the reserve, face down"),
      el("span", { class: "pile-count", text: reserveKnown ? (s.table.reserve.worked_out ? "worked out" : "seen") : "face down" }));
    body.appendChild(el("div", { class: "piles" }, stock, reserve));

    var table = s.table || {};
    var faceUp = table.face_up || [];
    if (s.phase === "choose" && (faceUp.length || table.face_down)) {
      var up = el("div", { class: "offer" }, el("span", { class: "pile-label", text: "Face-up pair" }),
        el("div", { class: "card-row" }, faceUp.map(function (c) { return cardFace(c); })));
      // When you split, you know your face-down pair: the drawn cards that are not face up.
      var mineDown = (table.drawn || []).filter(function (c) { return faceUp.indexOf(c) < 0; });
      var downCards = [];
      if (mineDown.length) { downCards = C.sortCards(mineDown).map(function (c) { return cardFace(c); }); }
      else { for (var i = 0; i < (table.face_down || 0); i++) { downCards.push(cardBack("face-down pair card")); } }
      var down = el("div", { class: "offer" },
        el("span", { class: "pile-label", text: mineDown.length ? "Face-down pair (yours, hidden from the bot)" : "Face-down pair" }),
        el("div", { class: "card-row" }, downCards));
      body.appendChild(el("div", { class: "offers" }, up, down));
    }
  }

  function renderYourHand(s) {
    var area = byId("your-area");
    var building = s.phase === "build" && s.to_move === "you" && !T.confirm;
    area.hidden = building || s.phase === "over";
    var hand = clear(byId("your-hand"));
    var knownSet = {};
    (s.table.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    var cards = C.sortCards(s.table.hand || []);
    cards.forEach(function (code) { hand.appendChild(cardFace(code, { known: !!knownSet[code] })); });
    var knownCount = cards.filter(function (c) { return knownSet[c]; }).length;
    byId("your-summary").textContent = cards.length ?
      cards.length + " card" + (cards.length === 1 ? "" : "s") + ". " +
      (knownCount ? knownCount + " marked known: the bot can be sure you hold them." : "The bot cannot be sure of any of them.") :
      "No cards yet.";
  }


  // Split: pick the face-up pair from the four drawn cards.
  function renderSplit(box, s) {
    var drawn = C.sortCards((s.table && s.table.drawn) || []);
    var picks = T.picks.filter(function (c) { return drawn.indexOf(c) >= 0; });
    T.picks = picks;
    box.appendChild(el("p", { id: "split-help", class: "help",
      text: "Press two cards to put them face up. Press a picked card again to put it back." }));
    var row = el("div", { class: "card-row pick-row", role: "group", "aria-label": "The four cards you drew", "data-decision": true });
    drawn.forEach(function (code) {
      var picked = picks.indexOf(code) >= 0;
      row.appendChild(cardButton(code, {
        pressed: picked, tag: picked ? "face up" : null, describedby: "split-help",
        className: picked ? "picked" : "",
        label: C.words(code) + (picked ? ", face up" : ""),
        onclick: function () { togglePick(code); }
      }));
    });
    box.appendChild(row);
    var down = drawn.filter(function (c) { return picks.indexOf(c) < 0; });
    var summary = picks.length === 2 ?
      el("p", { class: "split-summary" }, "Face up: ", richText(picks.join(" ")), ". Face down: ", richText(down.join(" ")), ".") :
      el("p", { class: "split-summary", text: picks.length === 1 ? "Pick one more card." : "Pick two cards." });
    box.appendChild(summary);
    var action = picks.length === 2 ? legal("split").filter(function (a) { return C.sameSet(a.cards, picks); })[0] : null;
    box.appendChild(el("div", { class: "button-row", "data-decision": true },
      el("button", {
        type: "button", class: "primary", "data-focus": "split-confirm", disabled: !action,
        "aria-label": picks.length === 2 ? "Show " + spokenList(picks) + " face up" : null,
        onclick: function () { play(action); },
        text: picks.length === 2 ? "Show " + cardList(picks) + " face up" : "Split"
      })));
  }

  function togglePick(code) {
    if (T.busy) { return; }
    var i = T.picks.indexOf(code);
    if (i >= 0) { T.picks.splice(i, 1); }
    else {
      T.picks.push(code);
      if (T.picks.length > 2) { T.picks.shift(); }
    }
    renderControls();
    focusKey("card-" + code);
    var drawn = (T.state.table && T.state.table.drawn) || [];
    if (T.picks.length === 2) {
      var down = drawn.filter(function (c) { return T.picks.indexOf(c) < 0; });
      announce("Face up: " + spokenList(T.picks) + ". Face down: " + spokenList(down) + ". Press the split button to confirm.");
    } else {
      announce(i >= 0 ? C.words(code) + " put back." : C.words(code) + " picked. Pick one more.");
    }
  }

  // Choose: the face-up pair or the face-down pair.
  function renderChoose(box, s) {
    var up = legal("take-up")[0];
    var down = legal("take-down")[0];
    var faceUp = (s.table && s.table.face_up) || [];
    var row = el("div", { class: "button-row big", "data-decision": true });
    if (up) {
      row.appendChild(el("button", { type: "button", class: "primary choice-button", "data-focus": "take-up",
        onclick: function () { play(up); } }, "Take the face-up pair ", el("span", { class: "nowrap" }, richText(faceUp.join(" ")))));
    }
    if (down) {
      row.appendChild(el("button", { type: "button", class: "choice-button", "data-focus": "take-down",
        onclick: function () {
          play(down, {
            message: "Take the face-down pair without seeing it? The bot keeps " + faceUp.join(" ") + ". This cannot be undone.",
            yes: "Yes, take the face-down pair", back: "take-down"
          });
        } }, "Take the face-down pair ", el("span", { class: "muted" }, "(unseen)")));
    }
    box.appendChild(row);
  }

  // Reserve: keep, or give one card (each with its swap odds).
  function renderReserve(box, s) {
    var odds = {};
    ((s.knowledge && s.knowledge.swap_odds) || []).forEach(function (o) { odds[o.give === null ? "" : o.give] = o; });
    var known = s.table.reserve && s.table.reserve.known;
    var blind = !known;
    var keep = legal("keep")[0];
    var gives = legal("give");
    var list = el("ul", { class: "swap-options", "data-decision": true });
    if (keep) {
      list.appendChild(el("li", null, el("button", { type: "button", class: "swap-button primary", "data-focus": "keep",
        onclick: function () { play(keep); } },
        el("span", { class: "swap-what", text: "Keep my cards" }), oddsLine(odds[""], true))));
    }
    gives.forEach(function (action) {
      var code = (action.cards && action.cards[0]) || (action.label || "").split(" ").pop();
      list.appendChild(el("li", null, el("button", { type: "button", class: "swap-button", "data-focus": "give-" + code,
        onclick: function () {
          play(action, blind ? {
            message: "Give " + code + " and take the reserve without seeing it? This cannot be undone.",
            yes: "Yes, give the " + C.words(code), back: "give-" + code
          } : null);
        } },
        el("span", { class: "swap-what" }, "Give ", richText(code), known ? [" for ", richText(known)] : " for the reserve"),
        oddsLine(odds[code], false))));
    });
    var reserveOdds = (s.knowledge && s.knowledge.reserve_odds) || [];
    box.appendChild(el("p", { class: "help" }, known ?
      ["The reserve is ", richText(known), ": you know exactly what a swap gets you."] :
      ["The reserve is face down. It could be any of " + reserveOdds.length + " cards; ",
        el("a", { href: "#reserve-odds" }, "see the odds"), "."]));
    box.appendChild(list);
  }

  function oddsLine(o, isKeep) {
    if (!o) { return el("span", { class: "odds muted", text: isKeep ? "" : "odds not available" }); }
    var bar = el("span", { class: "odds-bar", "aria-hidden": "true" },
      seg("better", o.better), seg("same", o.same), seg("worse", o.worse));
    var text = isKeep && o.same >= 1 ? "your hand stays as it is" :
      "better " + C.percent(o.better) + " · same " + C.percent(o.same) + " · worse " + C.percent(o.worse);
    return el("span", { class: "odds" }, bar, el("span", { class: "odds-text", text: text }));
  }

  function seg(kind, p) {
    var node = el("span", { class: "seg seg-" + kind });
    node.style.width = Math.max(0, Math.min(100, (p || 0) * 100)) + "%";
    return node;
  }

  // Build: two rows of five, cards move between them.
  function ensureRows(s) {
    if (T.rows && T.rowsFor === s.move_number && C.sameSet(T.rows[0].concat(T.rows[1]), s.table.hand || [])) { return; }
    var saved = null;
    try { saved = JSON.parse(window.sessionStorage.getItem(rowsKey(s)) || "null"); } catch (e) { saved = null; }
    if (saved && saved.length === 2 && C.sameSet(saved[0].concat(saved[1]), s.table.hand || [])) {
      T.rows = [C.sortCards(saved[0]), C.sortCards(saved[1])];
    } else {
      var hand = C.sortCards(s.table.hand || []);
      T.rows = [hand.slice(0, 5), hand.slice(5)];
    }
    T.rowsFor = s.move_number;
  }

  function rowsKey(s) { return "divided-ranks.rows." + T.id + "." + s.move_number; }

  function saveRows() {
    try { window.sessionStorage.setItem(rowsKey(T.state), JSON.stringify(T.rows)); } catch (e) { /* optional */ }
  }

  function buildAction(rows) {
    if (rows[0].length !== 5 || rows[1].length !== 5) { return null; }
    return legal("build").filter(function (a) {
      return C.sameSet(a.cards, rows[0]) || C.sameSet(a.cards, rows[1]);
    })[0] || null;
  }

  /** The server's facts about the division the rows make (null unless both hold five). */
  function division(rows) {
    if (rows[0].length !== 5 || rows[1].length !== 5) { return null; }
    var build = T.state.table.build;
    return ((build && build.options) || []).filter(function (o) {
      return C.sameSet(o.first.cards, rows[0]) || C.sameSet(o.second.cards, rows[0]);
    })[0] || null;
  }

  function rowStatus(rows, index) {
    var row = rows[index];
    if (row.length !== 5) { return { text: cardCount(row.length) + ": a hand needs 5", role: null, category: null }; }
    var d = division(rows);
    if (!d) { return { text: "", role: null, category: null }; }
    var isFirst = C.sameSet(d.first.cards, row);
    var category = (isFirst ? d.first : d.second).category;
    var role = (d.weaker === 0) === isFirst ? "weaker" : "stronger";
    return { text: category + " · " + role, role: role, category: category };
  }

  function renderBuild(box, s) {
    ensureRows(s);
    var rows = T.rows;
    var knownSet = {};
    (s.table.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    box.appendChild(el("p", { id: "build-help", class: "help",
      text: "Press a card (Enter or Space) to move it to the other hand. You can also drag cards between the rows." }));
    var wrap = el("div", { class: "build-rows", "data-decision": true });
    [0, 1].forEach(function (index) {
      var status = rowStatus(rows, index);
      var row = el("div", {
        class: "build-row" + (status.role ? " is-" + status.role : "") + (rows[index].length !== 5 ? " is-uneven" : ""),
        role: "group", "aria-labelledby": "row-title-" + index, "data-row": index
      });
      var title = el("h3", { class: "row-title", id: "row-title-" + index },
        "Hand " + (index + 1) + ": ", el("span", { class: "row-category", text: status.text }));
      var cards = el("div", { class: "card-row build-cards" });
      rows[index].forEach(function (code) {
        var button = cardButton(code, {
          known: !!knownSet[code], focusKey: "card-" + code, describedby: "build-help",
          label: C.words(code) + (knownSet[code] ? ", known to the bot" : "") + ", in hand " + (index + 1),
          onclick: function () { moveCard(code); }
        });
        button.draggable = true;
        button.addEventListener("dragstart", function (event) {
          event.dataTransfer.setData("text/plain", code);
          event.dataTransfer.effectAllowed = "move";
          button.classList.add("dragging");
        });
        button.addEventListener("dragend", function () { button.classList.remove("dragging"); });
        cards.appendChild(button);
      });
      for (var i = rows[index].length; i < 5; i++) { cards.appendChild(el("span", { class: "card slot", "aria-hidden": "true" })); }
      row.addEventListener("dragover", function (event) { event.preventDefault(); row.classList.add("drop-target"); });
      row.addEventListener("dragleave", function () { row.classList.remove("drop-target"); });
      row.addEventListener("drop", function (event) {
        event.preventDefault();
        row.classList.remove("drop-target");
        var code = event.dataTransfer.getData("text/plain");
        if (code && T.rows[1 - index].indexOf(code) >= 0) { moveCard(code); }
      });
      append(row, [title, cards]);
      wrap.appendChild(row);
    });
    box.appendChild(wrap);

    var action = buildAction(rows);
    var auto = s.table.build && s.table.build.auto;
    var chosen = division(rows);
    var verdict = "";
    if (action && chosen) {
      verdict = chosen.best ? "As good as any division of these cards." : "Auto-arrange can do better with these cards.";
    }
    box.appendChild(el("p", { class: "build-verdict", id: "build-verdict", text: action ? verdict :
      "Each hand needs exactly five cards before you can lock them in." }));
    box.appendChild(el("div", { class: "button-row", "data-decision": true },
      el("button", { type: "button", "data-focus": "auto", disabled: !auto, onclick: autoArrange, text: "Auto-arrange" }),
      el("button", {
        type: "button", class: "primary", "data-focus": "build-confirm", disabled: !action,
        onclick: function () {
          var st = [rowStatus(rows, 0), rowStatus(rows, 1)];
          play(action, {
            message: "Lock in hand 1 (" + rows[0].join(" ") + ": " + st[0].text + ") and hand 2 (" +
              rows[1].join(" ") + ": " + st[1].text + ")? This is final.",
            yes: "Yes, lock them in", back: "build-confirm"
          });
        },
        text: "Lock in these two hands"
      })));
  }

  function moveCard(code) {
    if (T.busy) { return; }
    var from = T.rows[0].indexOf(code) >= 0 ? 0 : 1;
    var to = 1 - from;
    T.rows[from] = T.rows[from].filter(function (c) { return c !== code; });
    T.rows[to] = C.sortCards(T.rows[to].concat([code]));
    saveRows();
    renderControls();
    focusKey("card-" + code);
    var message = C.words(code) + " moved to hand " + (to + 1) + ". ";
    if (T.rows[0].length === 5) {
      message += "Hand 1: " + rowStatus(T.rows, 0).text + ". Hand 2: " + rowStatus(T.rows, 1).text + ".";
    } else {
      message += "Hand 1 has " + cardCount(T.rows[0].length) + ", hand 2 has " + cardCount(T.rows[1].length) + ".";
    }
    announce(message);
  }

  function autoArrange() {
    var auto = T.state.table.build && T.state.table.build.auto;
    if (!auto || T.busy) { return; }
    T.rows = [C.sortCards(auto.weaker.cards), C.sortCards(auto.stronger.cards)];
    saveRows();
    renderControls();
    focusKey("build-confirm");
    announce("Arranged: hand 1 " + auto.weaker.category + ", the weaker; hand 2 " +
      auto.stronger.category + ", the stronger. Lock them in when ready.");
  }


  var STEP_NAMES = {
    "categories-first": ["Weaker hands' categories", "Stronger hands' categories", "Weaker hands card for card",
      "Stronger hands card for card"],
    "weaker-first": ["Weaker hands card for card", "Stronger hands card for card"]
  };

  function renderShowdown(box, s) {
    var o = s.table.showdown || {};
    box.appendChild(el("p", { class: "result result-" + (o.winner || "draw") },
      el("strong", null, richText(o.description || headline(o) + "."))));
    var scoringName = (s.options && s.options.scoring) || "categories-first";
    var decidingHand = null;
    if (typeof o.step === "number") {
      decidingHand = scoringName === "weaker-first" ? (o.step === 1 ? "weaker" : "stronger") : (o.step % 2 ? "weaker" : "stronger");
    }
    var players = el("div", { class: "showdown" });
    [["you", "Your hands"], ["bot", "The bot's hands"]].forEach(function (pair) {
      var hands = o[pair[0]] || {};
      var section = el("section", { class: "showdown-side", "aria-labelledby": "sd-" + pair[0] },
        el("h3", { id: "sd-" + pair[0], text: pair[1] + (o.winner === pair[0] ? " (winner)" : "") }));
      ["weaker", "stronger"].forEach(function (which) {
        var h = hands[which];
        if (!h || !h.cards) { return; }
        var deciding = which === decidingHand;
        section.appendChild(el("div", { class: "showdown-hand" + (deciding ? " deciding" : "") },
          el("p", { class: "row-title" }, which === "weaker" ? "Weaker: " : "Stronger: ",
            el("strong", { text: h.category || "" }),
            deciding ? el("span", { class: "decider-tag", text: " compared at the deciding step" }) : null),
          el("div", { class: "card-row" }, C.sortCards(h.cards).map(function (c) { return cardFace(c); }))));
      });
      players.appendChild(section);
    });
    box.appendChild(players);
    var steps = el("ol", { class: "steps" });
    var scoring = (s.options && s.options.scoring) || "categories-first";
    (STEP_NAMES[scoring] || STEP_NAMES["categories-first"]).forEach(function (name, i) {
      var decided = o.step === i + 1;
      var later = typeof o.step === "number" && i + 1 > o.step;
      steps.appendChild(el("li", { class: decided ? "decided" : later ? "unused" : "" },
        name, decided ? el("strong", null, " ", el("span", { "aria-hidden": "true", text: "\u2190" }), " decided here") :
          el("span", { class: "muted", text: later ? " (not needed)" : " (equal)" })));
    });
    box.appendChild(el("h3", { text: "How it was scored" }));
    box.appendChild(el("p", { text: typeof o.step === "number" && o.step_name ?
      "Decided at step " + o.step + ": " + o.step_name + "." : "Every step was equal, so the game is drawn." }));
    box.appendChild(steps);
  }

  /** The new-game body that starts a game like ``s`` (same bot and rule options). */
  function sameGame(s, settings) {
    var o = s.options || {};
    var body = { game: GAME, bot: firstBot(s.seats) || settings.bot };
    var first = o.first_splitter;
    body.first_splitter = first === "coin" ? "coin" : first === s.seat ? "you" :
      (first === 0 || first === 1) ? "bot" : settings.firstSplitter;
    ["swap", "reserve_order", "scoring", "rounds", "opening_seed", "build"].forEach(function (name) {
      if (o[name] !== undefined && o[name] !== null) { body[name] = o[name]; }
    });
    return body;
  }


  function renderKnowledge(body, s) {
    var k = s.knowledge || {};
    var knownSet = {};
    (s.table.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    var hand = C.sortCards(s.table.hand || []);
    var known = hand.filter(function (c) { return knownSet[c]; });
    var hidden = hand.filter(function (c) { return !knownSet[c]; });

    if (s.phase === "over") {
      body.appendChild(el("p", { class: "help", text: "Both players' hands are on show in the showdown." }));
      return;
    }
    body.appendChild(details("know-yours", "Your hand, as the bot sees it", hand.length ? [
      el("p", null, "The bot can count on: ", known.length ? chips(known) : "none of your cards", "."),
      hidden.length ? el("p", null, "The bot cannot be sure of: ", chips(hidden), ".") :
        el("p", { text: "It can be sure of every card you hold." })
    ] : el("p", { text: "You hold no cards yet." }), true));

    var b = opponentBooks(s);
    var theirs = [];
    if (!b.size) { theirs.push(el("p", { text: "It holds no cards yet." })); }
    if (b.sure.length) { theirs.push(el("p", null, "Seen going there, certain: ", chips(b.sure), ".")); }
    if (b.workedOut.length) {
      theirs.push(el("p", null, "Worked out (never seen there, but every other card is placed): ", chips(b.workedOut), "."));
    }
    if (b.maybe.length) {
      theirs.push(el("p", { text: "Seen going there, though it may have given one away in its blind swap:" }));
      theirs.push(el("ul", { class: "chance-list" }, b.maybe.map(function (w) {
        return el("li", null, chip(w.card), " " + chanceText(w.p) + " still there");
      })));
    }
    if (b.size && b.unseen) {
      theirs.push(el("p", { text: (theirs.length ? "Plus " : "It holds ") + (b.maybe.length ? "at least " : "") + b.unseen +
        " card" + (b.unseen === 1 ? "" : "s") + " you have not seen." }));
    } else if (b.size && !b.maybe.length) {
      theirs.push(el("p", { text: "You know every card it holds." }));
    }
    body.appendChild(details("know-theirs", "The bot's hand, as you know it", theirs, true));

    var reserveOdds = k.reserve_odds || [];
    if (reserveOdds.length) {
      body.appendChild(details("reserve-odds", "What the reserve could be", [
        el("p", { class: "help", text: "Exact odds: every way the unseen cards could lie counts the same." }),
        oddsTable(["Card", "Chance"], reserveOdds.map(function (r) { return [r.card, [C.percent(r.p)]]; }), "The reserve card")
      ], s.phase === "reserve"));
    }

    var swaps = k.swap_odds || [];
    if (swaps.length && s.phase === "reserve") {
      body.appendChild(details("swap-odds", "What each swap does to your result", [
        el("p", { class: "help", text: "How often your best division would end up better, the same, or worse than now." }),
        oddsTable(["Give", "Better", "Same", "Worse"], swaps.map(function (o) {
          return [o.give, [C.percent(o.better), C.percent(o.same), C.percent(o.worse)]];
        }), "Swap chances", "Keep")
      ], true));
    }

    var unaccounted = k.unaccounted || [];
    if (unaccounted.length) {
      var places = [];
      unaccounted.forEach(function (u) {
        Object.keys(u.places || {}).forEach(function (p) { if (places.indexOf(p) < 0) { places.push(p); } });
      });
      places.sort(function (a, b) {
        var x = PLACE_ORDER.indexOf(a), y = PLACE_ORDER.indexOf(b);
        return (x < 0 ? 99 : x) - (y < 0 ? 99 : y);
      });
      body.appendChild(details("unaccounted", "Unaccounted for (" + unaccounted.length + " cards)", [
        el("p", { class: "help", text: "Cards you cannot place for certain, and the chance each is in each place." }),
        oddsTable(["Card"].concat(places.map(function (p) { return PLACE_NAMES[p] || p.charAt(0).toUpperCase() + p.slice(1); })),
          C.sortCards(unaccounted.map(function (u) { return u.card; })).map(function (code) {
            var u = unaccounted.filter(function (x) { return x.card === code; })[0];
            return [code, places.map(function (p) { return C.percent((u.places || {})[p] || 0); })];
          }), "Where the unaccounted cards could be")
      ], s.phase !== "build"));
    } else {
      body.appendChild(el("p", { class: "help", text: "Every card is accounted for." }));
    }
  }


  var SWAP_NAMES = { blind: "blind swap", "face-up": "face-up swap" };

  /** The header's words after the bot's name: the variant and where the game is. */
  function meta(s) {
    var parts = [];
    if (s.options && s.options.swap) { parts.push(SWAP_NAMES[s.options.swap] || s.options.swap); }
    var order = s.options && s.options.reserve_order;
    if (order === "coin") { parts.push("reserve order by coin"); }
    else if (order === "splitter-first") { parts.push("three-time splitter first at the reserve"); }
    var round = roundNumber(s);
    if (round) { parts.push("round " + round + " of 5"); }
    else if (s.phase === "reserve") { parts.push("the reserve"); }
    else if (s.phase === "build") { parts.push("building"); }
    else if (s.phase === "over") { parts.push("showdown"); }
    return parts;
  }

  function renderTable(s) {
    renderOpponent(s);
    renderCentre(s);
    renderYourHand(s);
  }

  function renderControlsFor(box, s) {
    if (s.phase === "split") { renderSplit(box, s); }
    else if (s.phase === "choose") { renderChoose(box, s); }
    else if (s.phase === "reserve") { renderReserve(box, s); }
    else if (s.phase === "build") { renderBuild(box, s); }
  }

  window.DividedShell.register(GAME, {
    title: "Divided Ranks",
    help: HINTS,
    phaseWords: { split: "splitting", choose: "choosing", reserve: "at the reserve", build: "building", over: "finished" },
    meta: meta,
    renderTable: renderTable,
    renderControls: renderControlsFor,
    renderShowdown: renderShowdown,
    renderKnowledge: renderKnowledge,
    renderReplay: renderOpponent,
    sameGame: sameGame,
    /** After your split the bot is to choose at once. */
    botMovesNext: function (s) { return s.phase === "split"; },
    /** Your choices for new games, kept under this game's own key (the settings page). */
    settings: {
      key: "divided-ranks.settings",
      defaults: { bot: "skilled", swap: "blind", firstSplitter: "coin", reserveOrder: "literal" },
      choices: {
        bot: ["random", "skilled", "expert"], swap: ["blind", "face-up"],
        firstSplitter: ["you", "bot", "coin"], reserveOrder: ["literal", "splitter-first", "coin"]
      }
    },
    lobbyDefaults: function (settings) {
      return { bot: settings.bot, swap: settings.swap, first_splitter: settings.firstSplitter,
        reserve_order: settings.reserveOrder };
    }
  });
})();
