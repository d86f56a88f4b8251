/* The poker games' table in the browser (every poker game: one script), drawn inside the shell.
 *
 * Everything comes from the state object's `table`: the seats (stacks, bets, the button and the
 * forced bets, every hand's cards, face down as backs), the pots with who can win each, and the
 * viewer's decision (betting range, the draw, the two cards to place, the hands to make). The
 * page works out no rule: a move is one of the state's `legal` actions, or under pot and no limit
 * an amount inside the range the server gives; a refused move shows the server's words.
 * After a hand, "Deal the next hand" asks the server for the table's next hand.
 */
(function () {
  "use strict";

  // The poker games this script draws: the server lists them on the script's own tag (every game
  // whose room names this script), so a new game needs no change here.
  var self = document.currentScript || document.querySelector('script[src*="games/poker.js"]');
  var GAMES = ((self && self.getAttribute("data-games")) || "").split(" ").filter(Boolean);
  var ui = window.DividedShell.ui;
  var el = ui.el, clear = ui.clear, byId = ui.byId;
  var cardFace = ui.cardFace, cardButton = ui.cardButton, cardBack = ui.cardBack, richText = ui.richText;
  var play = ui.play, legal = ui.legal, renderControls = ui.renderControls;
  var NOTES_KEY = "divided-poker-notes";

  // What the player is choosing on this page (reset whenever a new state arrives).
  var P = { picked: [], amount: null };
  function reset() { P.picked = []; P.amount = null; }

  function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function cap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  var HELP = {
    bet: "Fold gives up the hand; check passes when nobody has bet; call matches the bet; bet or raise puts in more.",
    draw: "Press the cards you want to throw away (press again to keep one), then press the button under them.",
    assign: "Each hand takes five cards; a card placed is never moved.",
    arrange: "First choose the cards of one hand; then put each hand in order, top card first.",
    "take-back": "Your set-aside cards come back for as many cards of your hand; or keep your hand as it is.",
    call: "The dealer calls how many draws this deal has and how many cards each draw is.",
    auction: "Each lot goes to the highest bidder; when nobody bids, the first voice takes it free or pays to refuse it.",
    over: "The hand is over: deal the next one, or leave the table."
  };
  var STRUCTURE = { fixed: "fixed limit", pot: "pot limit", no: "no limit" };

  function loadStylesheet() {
    if (byId("poker-css")) { return; }
    var script = document.querySelector('script[src*="games/poker.js"]');
    if (!script) { return; }
    var href = script.getAttribute("src").replace("poker.js", "poker.css");
    document.head.appendChild(el("link", { rel: "stylesheet", id: "poker-css", href: href }));
  }

  // -- cards ------------------------------------------------------------------------------------
  function cardOf(card, who) {
    if (card.card === null) { return cardBack(who + ": a face-down card"); }
    var face = cardFace(card.card, { small: true });
    if (card.up) { face.classList.add("pk-up"); }
    return face;
  }

  function handBox(hand, who) {
    return el("div", { class: "pk-hand", "data-slot": hand.slot },
      el("p", { class: "pk-hand-label", text: hand.label }),
      el("div", { class: "pk-cards" }, hand.cards.map(function (c) { return cardOf(c, who); })));
  }

  // -- the table ----------------------------------------------------------------------------------
  function badges(seat) {
    var out = [];
    if (seat.button) { out.push(el("span", { class: "pk-badge pk-button", title: "the button (the dealer)", text: "Button" })); }
    if (seat.forced) { out.push(el("span", { class: "pk-badge", text: cap(seat.forced) })); }
    if (seat.folded) { out.push(el("span", { class: "pk-badge is-out", text: "Folded" })); }
    if (seat.sitting_out) { out.push(el("span", { class: "pk-badge is-out", title: "not dealt in this deal of the match", text: "Sitting out" })); }
    if (seat.all_in) { out.push(el("span", { class: "pk-badge is-all-in", text: "All in" })); }
    if (seat.to_move) { out.push(el("span", { class: "pk-badge is-turn", text: "To act" })); }
    return out;
  }

  function seatBox(seat, s) {
    var chips = seat.final_stack !== null && seat.final_stack !== undefined
      ? "Stack " + seat.final_stack + (seat.won ? " (" + (seat.won > 0 ? "+" : "") + seat.won + ")" : "")
      : "Stack " + seat.stack;
    var drew = seat.draw_words || [];
    return el("li", { class: "pk-seat" + (seat.you ? " is-you" : "") + (seat.to_move ? " is-to-move" : "") +
      (seat.folded || seat.sitting_out ? " is-folded" : ""), "data-seat": seat.seat },
      el("p", { class: "pk-seat-head" }, el("strong", { text: seat.name }), " ", badges(seat)),
      el("p", { class: "pk-chips" }, el("span", { text: chips }),
        seat.bet ? el("span", { class: "pk-bet", text: "Bet " + seat.bet }) : null),
      drew.length ? el("p", { class: "pk-drew", text: drew.join(", ") }) : null,
      seat.you ? null : el("div", { class: "pk-hands" }, seat.hands.map(function (h) { return handBox(h, seat.name); })));
  }

  function renderTable(s) {
    var t = s.table;
    loadStylesheet();
    byId("opponent-heading").textContent = "The table";
    var stakes = t.stakes;
    byId("opponent-summary").textContent = t.betting_rounds === false  // no betting (Auction Flop): no limits to name
      ? t.title + " \u00b7 " + count(t.players, "player") + (stakes.ante ? " \u00b7 ante " + stakes.ante : "") + "."
      : t.title + " \u00b7 " + STRUCTURE[t.structure] + " \u00b7 " +
        count(t.players, "player") + " \u00b7 " + (stakes.ante ? "ante " + stakes.ante + ", " : "") +
        (stakes.blinds ? "blinds, " : "") + "bets " + stakes.small_bet + "/" + stakes.big_bet + ".";
    var others = t.seats.filter(function (seat) { return !seat.you; });
    var box = clear(byId("opponent-hand"));
    box.className = "pk-seats-box";
    box.appendChild(el("ul", { class: "pk-seats", "aria-label": "The other seats" },
      others.map(function (seat) { return seatBox(seat, s); })));

    byId("centre-heading").textContent = t.step;
    var centre = clear(byId("centre-body"));
    centre.appendChild(el("p", { class: "pk-pot" }, el("strong", { text: "Pot " + t.pot })));
    if (t.match) {  // a match (T18): the deal, what was carried in, the token, the forfeits
      var m = t.match;
      var parts = ["Deal " + m.deal + " of at most " + m.max_deals + (m.last ? " (the last)" : "")];
      if (m.carried) { parts.push(m.carried + " carried into the main pot"); }
      if (m.token) { parts.push("token: " + m.token); }
      m.forfeits.forEach(function (f) { parts.push(f.name + " paid a forfeit of " + f.amount); });
      if (m.out.length) { parts.push("sitting out: " + m.out.join(", ")); }
      centre.appendChild(el("p", { class: "pk-match", role: "status", text: parts.join(" \u00b7 ") + "." }));
    }
    if (t.pots.length) {
      centre.appendChild(el("ul", { class: "pk-pots" }, t.pots.map(function (pot) {
        return el("li", null, el("strong", { text: pot.name + ": " + pot.amount }),
          " \u2014 " + (pot.eligible.length === 1 ? pot.eligible[0] + " alone can win it" : "can be won by " + pot.eligible.join(", ")));
      })));
    }
    renderFacts(centre, t.facts || {});
    var notes = readNotes(s);
    if (notes.length) { centre.appendChild(el("p", { class: "pk-notes", role: "status", text: notes.join(" ") })); }

    // your cards just above the controls (what a bet is decided on), unless the controls draw them
    var me = t.seats.filter(function (seat) { return seat.you; })[0];
    if (me && !t.draw && !t.partition && !(t.pick && t.pick.from === "hand" && t.pick.choices.length) && me.hands.length) {
      var attrs = { class: "pk-hands pk-mine", "aria-label": "Your cards" };
      if (t.betting || t.assign || t.pick) { attrs["data-decision"] = ""; }
      centre.appendChild(el("div", attrs, me.hands.map(function (h) { return handBox(h, "You"); })));
      var up = me.hands.some(function (h) { return h.cards.some(function (c) { return c.up; }); });
      if (up) { centre.appendChild(el("p", { class: "pk-key", text: "Outlined cards are face up: everyone sees them." })); }
    }
    byId("your-heading").textContent = "You";
    byId("your-summary").textContent = "";
    var mine = clear(byId("your-hand"));
    mine.className = "pk-you";
    if (me) { mine.appendChild(el("ul", { class: "pk-seats pk-me" }, seatBox(me, s))); }
  }

  /** The draw games' public facts: the trash, set-aside cards, the dealer's call, the auction, prices. */
  function renderFacts(centre, f) {
    var items = [];
    (f.wilds || []).forEach(function (w) { items.push(el("li", { class: "pk-wilds", text: w })); });
    if (f.called) { items.push(el("li", { class: "pk-called", text: f.called.dealer + " called " + f.called.text + "." })); }
    if (f.trash) {
      items.push(el("li", { class: "pk-trash" }, el("strong", { text: "Trash: " }),
        count(f.trash.down, "card") + " face down" + (f.trash.yours.length ? " (yours: " + f.trash.yours.join(" ") + ")" : ""),
        f.trash.up.length ? el("span", null, "; face up: ", el("span", { class: "pk-cards pk-inline" },
          f.trash.up.map(function (code) { return cardFace(code, { small: true }); }))) : null));
    }
    (f.aside || []).forEach(function (a) {
      items.push(el("li", { class: "pk-aside", text: a.name + " set aside " + count(a.count, "card") +
        (a.cards.length ? ": " + a.cards.join(" ") : " (face down)") + "." }));
    });
    if (f.auction) {
      var a = f.auction;
      items.push(el("li", { class: "pk-auction" }, el("strong", { text: "Lot: " }),
        el("span", { class: "pk-cards pk-inline" }, a.lot.map(function (code) { return cardFace(code, { small: true }); })),
        " in front of " + a.voice + ". " + (a.stage === "bidding" ? (a.bidder ? "Highest bid " + a.high + " (" + a.bidder + ")." : "No bid yet.")
          : a.stage === "refusing" ? "Nobody bid: refusing it costs " + a.price + "."
          : a.bidder === "You" ? "You choose the cards you keep." : (a.bidder || a.voice) + " chooses the cards to keep.")));
    }
    if (f.prices) {
      items.push(el("li", { class: "pk-prices", text: "The draw's prices: " + f.prices + "." }));
    }
    if (items.length) { centre.appendChild(el("ul", { class: "pk-facts", "aria-label": "On the table" }, items)); }
  }

  // -- the decisions ------------------------------------------------------------------------------
  function actionButton(action, primary, extra) {
    return el("button", { type: "button", class: primary ? "primary" : "", "data-focus": "act-" + action.kind,
      "data-kind": action.kind, onclick: function () { play(action); }, text: cap(action.text) + (extra || "") });
  }

  function renderBetting(box, s) {
    var b = s.table.betting;
    var row = el("div", { class: "button-row pk-bet-row", "data-decision": "" });
    ["fold", "check", "call", "bring-in"].forEach(function (kind) {
      legal(kind).forEach(function (a) { row.appendChild(actionButton(a, kind !== "fold")); });
    });
    if (b.structure === "fixed" || !b.range) {
      ["bet", "raise", "complete"].forEach(function (kind) {
        legal(kind).forEach(function (a) { row.appendChild(actionButton(a, true)); });
      });
      box.appendChild(row);
      return;
    }
    legal("complete").forEach(function (a) { row.appendChild(actionButton(a, true)); });
    box.appendChild(row);
    var range = b.range;
    if (P.amount === null) { P.amount = range.min; }
    var verb = range.verb === "bet" ? "Bet" : "Raise to";
    var input = el("input", { type: "number", id: "pk-amount", min: String(range.min), max: String(range.max),
      step: "1", value: String(P.amount), inputmode: "numeric", "data-focus": "amount",
      "aria-describedby": "pk-range" });
    var commit = el("button", { type: "button", class: "primary", id: "pk-raise", "data-focus": "raise",
      text: verb + " " + P.amount });
    input.addEventListener("input", function () {
      var n = parseInt(input.value, 10);
      P.amount = isNaN(n) ? null : n;
      commit.textContent = verb + " " + (isNaN(n) ? "\u2026" : n);
    });
    commit.addEventListener("click", function () {
      var n = P.amount;
      if (n === null) { return; }
      play({ action: range.action_base + n, kind: range.verb, text: verb.toLowerCase() + " " + n });
    });
    var presets = el("div", { class: "button-row pk-presets" }, b.presets.map(function (p) {
      return el("button", { type: "button", "data-focus": "preset-" + p.label, onclick: function () {
        P.amount = p.amount; renderControls(); var i = byId("pk-amount"); if (i) { i.focus(); }
      }, text: p.label + " (" + p.amount + ")" });
    }));
    box.appendChild(el("div", { class: "pk-amount", "data-decision": "" },
      el("label", { for: "pk-amount", text: verb + " (chips in front of you this round): " }), input, " ", commit,
      el("p", { id: "pk-range", class: "help", text: "Any amount from " + range.min + " to " + range.max +
        " (all in). You have " + b.stack + " behind" + (b.your_bet ? " and " + b.your_bet + " in front." : ".") }),
      presets));
  }

  /** The draw: press cards to throw away; the button names the count. */
  function renderDraw(box, s) {
    var d = s.table.draw;
    var mask = 0;
    var cards = el("div", { class: "pk-cards pk-pick", role: "group", "aria-label": "Your hand: press the cards to throw away" },
      d.hand.map(function (code, i) {
        var on = P.picked.indexOf(code) >= 0;
        if (on) { mask |= 1 << i; }
        return cardButton(code, { pressed: on, className: on ? "is-picked" : "", tag: on ? "out" : null,
          label: code + (on ? ", to throw away" : ""), onclick: function () { toggle(code); } });
      }));
    var n = P.picked.length;
    var allowed = n >= d.least && n <= d.most;
    var commit = allowed
      ? el("button", { type: "button", class: "primary", id: "pk-draw", "data-focus": "draw",
          onclick: function () { play({ action: 4 + mask, kind: n ? "discard" : "stand-pat" }); },
          text: n ? "Discard " + n : "Stand pat" })
      : el("button", { type: "button", class: "primary is-waiting", id: "pk-draw", "data-focus": "draw", disabled: true,
          text: n > d.most ? "At most " + cardCount(d.most) + " at this draw" : "Choose at least " + cardCount(d.least) });
    var limits = d.least === d.most ? "Exactly " + cardCount(d.most)
      : d.least > 0 ? "From " + d.least + " to " + cardCount(d.most) : "Up to " + cardCount(d.most);
    box.appendChild(el("div", { "data-decision": "" }, cards,
      el("p", { class: "help", text: limits + "; you draw as many new ones." }),
      el("div", { class: "button-row" }, commit)));
  }

  function cardCount(n) { return n + (n === 1 ? " card" : " cards"); }

  function toggle(code) {
    var i = P.picked.indexOf(code);
    if (i >= 0) { P.picked.splice(i, 1); } else { P.picked.push(code); }
    renderControls();
    ui.focusKey("card-" + code);
  }

  /** 10 Card Regrets: the two cards dealt, and the four ways to place them. */
  function renderAssign(box, s) {
    var a = s.table.assign;
    var names = a.hands.map(function (h) { return h.label; });
    var row = el("div", { class: "pk-assign", "data-decision": "" });
    a.choices.forEach(function (c, i) {
      function side(cards, label) {
        return el("span", { class: "pk-assign-side" }, el("span", { class: "pk-hand-label", text: label + ": " }),
          cards.length ? cards.map(function (code) { return cardFace(code, { small: true }); }) : el("span", { text: "nothing" }));
      }
      row.appendChild(el("button", { type: "button", class: "pk-assign-choice", "data-focus": "assign-" + i,
        "data-action": String(c.action), onclick: function () { play({ action: c.action, kind: "assign" }); } },
        side(c.first, names[0]), side(c.second, names[1])));
    });
    box.appendChild(el("p", { class: "help", text: a.hands.map(function (h) {
      return h.label + ": room for " + h.room; }).join(" \u00b7 ") }));
    box.appendChild(row);
  }

  /** The hands to make: pick the last hand's cards, then order each hand card by card. */
  function renderPartition(box, s) {
    var p = s.table.partition;
    if (p.stage === "order") {
      var o = p.ordering;
      box.appendChild(el("p", { class: "pk-placed" }, el("strong", { text: o.label + " so far: " }),
        o.placed.length ? o.placed.map(function (code) { return cardFace(code, { small: true }); }) : el("span", { text: "nothing yet" })));
      box.appendChild(el("div", { class: "pk-cards pk-pick", role: "group", "data-decision": "",
        "aria-label": "Press the " + o.place + " card of your " + o.label },
        o.left.map(function (code) {
          var action = legal("order").filter(function (a) { return a.cards[0] === code; })[0];
          return cardButton(code, { label: code + ", " + o.place + " in your " + o.label, onclick: function () {
            play(action); } });
        })));
      return;
    }
    var last = p.hands[p.hands.length - 1];
    var first = p.hands[0];
    var n = P.picked.length;
    var cards = el("div", { class: "pk-cards pk-pick", role: "group", "aria-label": "Press the cards of your " + last.label },
      p.held.map(function (code) {
        var on = P.picked.indexOf(code) >= 0;
        return cardButton(code, { pressed: on, className: on ? "is-picked" : "", tag: on ? last.label.split(" ")[0] : null,
          label: code + (p.up.indexOf(code) >= 0 ? " (face up)" : "") + (on ? ", in your " + last.label : ""),
          onclick: function () { toggle(code); } });
      }));
    var ready = n === last.size;
    var commit = el("button", { type: "button", class: "primary", id: "pk-split", "data-focus": "split",
      disabled: !ready, onclick: function () {
        var idx = P.picked.map(function (code) { return p.held.indexOf(code); }).sort(function (x, y) { return x - y; });
        play({ action: 136 + combinationIndex(p.held.length, idx), kind: "split" });
      }, text: ready ? "Make these my " + last.label.toLowerCase() : "Pick " + (last.size - n) + " more for your " + last.label.toLowerCase() });
    box.appendChild(el("div", { "data-decision": "" }, cards,
      el("p", { class: "help", text: "The other " + first.size + " cards make your " + first.label.toLowerCase() + "." +
        (p.rules ? " The rules: " + p.rules + "." : "") + (p.ordered ? " Next you put each hand in order." : "") }),
      el("div", { class: "button-row" }, commit)));
  }

  /** The index of a k-subset (sorted positions) among all k-subsets of n in lexicographic order. */
  function combinationIndex(n, chosen) {
    var k = chosen.length, index = 0, start = 0;
    for (var i = 0; i < k; i++) {
      for (var v = start; v < chosen[i]; v++) { index += binomial(n - v - 1, k - i - 1); }
      start = chosen[i] + 1;
    }
    return index;
  }

  function binomial(n, k) {
    if (k < 0 || k > n) { return 0; }
    var r = 1;
    for (var i = 1; i <= k; i++) { r = r * (n - k + i) / i; }
    return Math.round(r);
  }

  /** A pick: press cards; the buttons are the choices naming exactly the cards pressed, and the
   * choices naming none (fold, pass, "I call", bid...). The dealer's call is a list of calls. */
  function renderPick(box, s) {
    var p = s.table.pick;
    var picked = P.picked.slice().sort();
    var key = picked.join(" ");
    var decision = el("div", { class: "pk-pick-box", "data-decision": "" });
    if (p.cards.length) {
      var where = p.from === "lot" ? "The lot" : "Your hand";
      decision.appendChild(el("div", { class: "pk-cards pk-pick", role: "group", "aria-label": where + ": press cards to choose them" },
        p.cards.map(function (code) {
          var on = P.picked.indexOf(code) >= 0;
          var up = p.from === "hand" && p.up.indexOf(code) >= 0;  // your own face-up card (Mississippi's, Crazy 4's shown ace)
          return cardButton(code, { pressed: on, className: on ? "is-picked" : "", tag: on ? (p.from === "lot" ? "keep" : "out") : up ? "up" : null,
            label: code + (p.up.indexOf(code) >= 0 ? " (face up)" : "") + (on ? ", chosen" : ""), onclick: function () { toggle(code); } });
        })));
      if (p.help) { decision.appendChild(el("p", { class: "help", text: p.help })); }
    }
    var row = el("div", { class: "button-row pk-pick-row" });
    var matching = p.choices.filter(function (c) { return c.cards.slice().sort().join(" ") === key; });
    matching.forEach(function (c) {
      row.appendChild(el("button", { type: "button", class: "primary pk-choice", "data-kind": c.kind, "data-action": String(c.action),
        "data-focus": "choice-" + c.action, onclick: function () { play({ action: c.action, kind: c.kind }); } }, richText(c.button)));
    });
    if (p.choices.length && !matching.length) {
      row.appendChild(el("button", { type: "button", class: "primary pk-choice is-waiting", disabled: true, id: "pk-pick-waiting",
        text: picked.length ? "Not a choice: press other cards" : "Press cards to choose them" }));
    }
    p.others.forEach(function (o) {
      row.appendChild(el("button", { type: "button", class: o.kind === "fold" ? "" : "primary", "data-kind": o.kind,
        "data-action": String(o.action), "data-focus": "act-" + o.kind, onclick: function () { play({ action: o.action, kind: o.kind }); } },
        richText(o.button)));
    });
    if (p.calls.length) {
      var select = el("select", { id: "pk-call-list", "data-focus": "call-list", "aria-label": "The calls you may make" },
        p.calls.map(function (c) { return el("option", { value: String(c.action), text: c.text }); }));
      if (P.amount !== null) { select.value = String(P.amount); }
      select.addEventListener("change", function () { P.amount = parseInt(select.value, 10); });
      row.appendChild(select);
      row.appendChild(el("button", { type: "button", class: "primary", id: "pk-call", "data-kind": "call-draws", "data-focus": "call",
        onclick: function () { var n = parseInt(select.value, 10); play({ action: n, kind: "call-draws" }); }, text: "Call" }));
    }
    decision.appendChild(row);
    box.appendChild(decision);
  }

  function renderControlsFor(box, s) {
    var t = s.table;
    if (t.betting) { renderBetting(box, s); }
    else if (t.pick) { renderPick(box, s); }
    else if (t.draw) { renderDraw(box, s); }
    else if (t.assign) { renderAssign(box, s); }
    else if (t.partition) { renderPartition(box, s); }
    else {
      box.appendChild(el("div", { class: "button-row", "data-decision": "" },
        (s.legal || []).map(function (a) { return actionButton(a, true); })));
    }
  }

  // -- the showdown and the next hand ----------------------------------------------------------------
  function renderShowdown(box, s) {
    var sd = s.table.showdown;
    var r = s.result || {};
    box.appendChild(el("p", { class: "result result-" + (r.you || "draw") }, el("strong", null, richText(r.headline || "The hand is over."))));
    if (sd) {
      sd.pots.forEach(function (pot) {
        box.appendChild(el("div", { class: "pk-award-pot" },
          el("p", null, el("strong", { text: pot.name + " (" + pot.amount + ")" })),
          el("ul", { class: "pk-awards" }, pot.awards.map(function (a) {
            return el("li", null, a.winners.map(function (w) {
              return el("span", { class: "pk-award" },  // a place that won nothing (the fourth at 60/30/10): no place
                el("strong", { text: w.chips === 0 && w.place ? w.name + ": " + w.place : w.name + (w.you ? " win " : " wins ") + w.chips }),
                w.chips === 0 && w.place ? "" : " " + (a.title === "uncontested" ? "uncontested" : "for " + (w.place || a.title)),
                w.hand ? el("span", null, " with " + (w.label && w.label !== "Hand" ? "the " + w.label.toLowerCase() + ": " : "") + w.hand + " ",
                  el("span", { class: "pk-cards pk-inline" }, w.cards.map(function (code) { return cardFace(code, { small: true }); })),
                  w.wild && w.wild.length ? el("span", { class: "pk-wild-used" }, " (wild: ", richText(w.wild.join(" ")), ")") : null) : null);
            }));
          }))));
      });
    }
    if (sd && sd.notes && sd.notes.length) {
      box.appendChild(el("ul", { class: "pk-notes-list" }, sd.notes.map(function (n) { return el("li", null, richText(n)); })));
    }
    var me = s.table.seats.filter(function (seat) { return seat.you; })[0];
    var broke = me && me.final_stack === 0;
    var buyIn = s.options && s.options.stack;
    box.appendChild(el("div", { class: "button-row", "data-decision": "" },
      el("button", { type: "button", class: "primary", id: "pk-next", "data-focus": "next",
        onclick: function () { nextHand(s, broke); },
        text: broke ? "Rebuy " + buyIn + " chips and deal the next hand" : "Deal the next hand" }),
      el("a", { href: "/?game=" + encodeURIComponent(s.game), class: "button-link", id: "pk-leave", text: "Leave the table" })));
    box.appendChild(el("p", { class: "help", text: "Leaving keeps every hand in your history; a new game from Play starts a new table." }));
    box.appendChild(el("p", { class: "help", text: "Stacks carry over and the button moves one seat. A bot that goes broke rebuys " +
      buyIn + " chips at once; you rebuy only when you ask." }));
  }

  function nextHand(s, rebuy) {
    var button = byId("pk-next");
    if (button) { button.disabled = true; }
    fetch("/api/games/" + encodeURIComponent(s.id) + "/next", {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(rebuy ? { rebuy: true } : {})
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    }).then(function (result) {
      if (!result.ok) {
        if (button) { button.disabled = false; }
        var alertBox = byId("alert");
        alertBox.hidden = false;
        alertBox.className = "alert error";
        alertBox.textContent = "The next hand was not dealt: " + (result.data && result.data.error || "try again") + ".";
        return;
      }
      try { window.sessionStorage.setItem(NOTES_KEY, JSON.stringify({ id: result.data.id, notes: result.data.notes || [] })); } catch (e) { /* private mode */ }
      window.location.assign("/games/" + encodeURIComponent(result.data.id));
    }, function () { if (button) { button.disabled = false; } });
  }

  function readNotes(s) {
    try {
      var saved = JSON.parse(window.sessionStorage.getItem(NOTES_KEY) || "null");
      return saved && saved.id === s.id ? saved.notes : [];
    } catch (e) { return []; }
  }

  function renderKnowledge(body, s) {
    var k = s.knowledge || {};
    if (k.pot === undefined) { return; }
    body.appendChild(el("p", { text: "Pot " + k.pot + (k.to_call ? "; " + k.to_call + " to call" : "") +
      (k.pot_odds !== null && k.pot_odds !== undefined ? " (pot odds " + Math.round(k.pot_odds * 100) + "%: you need to win that often to call)" : "") + "." }));
    body.appendChild(el("p", { text: count((k.unseen || []).length, "card") + " you have not seen." }));
    (k.opponents || []).forEach(function (o) {
      var shown = [].concat.apply([], o.visible);
      body.appendChild(el("p", null, el("strong", { text: "Bot " + o.seat + ": " }),
        richText(o.folded ? "folded" : (o.all_in ? "all in; " : "") + "shows " + (shown.length ? shown.join(" ") : "nothing") + ", " + o.hidden + " hidden")));
    });
  }

  /** The header at the end of a hand: the chips you won or lost (a hand is not a win or a loss). */
  function outcome(s) {
    var won = s.result ? s.result.returns[s.seat] : 0;
    if (won > 0) { return "You win " + count(won, "chip"); }
    if (won < 0) { return "You lose " + count(-won, "chip"); }
    return "You break even";
  }

  function meta(s) {
    var n = (s.seats || []).filter(function (b) { return b; }).length;
    return s.table.betting_rounds === false ? [count(n, "bot"), "no betting"] : [count(n, "bot"), STRUCTURE[s.table.structure]];
  }

  /** The help under the prompt: the phase's, except at Jackpot's "I call" (a swap's phase with no card to press). */
  function help(s) {
    var p = s.table && s.table.pick;
    if (s.phase === "draw" && p && p.step === "exchange-turns" && !p.cards.length) {
      return "Saying \"I call\" ends the swapping: one betting round follows, then the showdown. Otherwise the swapping goes on.";
    }
    return HELP[s.phase] || "";
  }

  /** A new table like this one: the same game, bots and options, fresh stacks. */
  function sameGame(s) {
    var body = { game: s.game, bot: (s.seats || []).filter(function (b) { return b; })[0] || "equity" };
    ["players", "structure", "stack"].forEach(function (k) { if (s.options && k in s.options) { body[k] = s.options[k]; } });
    return body;
  }

  GAMES.forEach(function (id) {
    window.DividedShell.register(id, {
      title: "Poker",
      help: help,
      phaseWords: { bet: "betting", draw: "drawing", assign: "placing cards", arrange: "making hands", deal: "dealing",
        "take-back": "taking back", call: "the dealer's call", auction: "the auction", over: "hand over" },
      meta: meta,
      renderTable: renderTable,
      renderControls: renderControlsFor,
      renderShowdown: renderShowdown,
      renderKnowledge: renderKnowledge,
      outcome: outcome,
      ownWayOn: true,
      renderReplay: renderTable,
      sameGame: sameGame,
      reset: reset,
      botMovesNext: function () { return false; }
    });
  });
})();
