/* DIVIDE's table in the browser, drawn inside the shell (shell.js).
 *
 * Everything is drawn from the state object's `table` (every seat around the table, the Trump
 * Rank, the token line, the trick in play with its finishing order, the last trick, the draft,
 * your hand by suit, your commit and pass, the rounds so far) and `knowledge`. The page works
 * nothing out itself: which cards may be played comes from the state's `legal` list (follow-suit
 * is the server's), the finishing order and every count from the server. A move is always one of
 * the state's `legal` actions: the controls only enable a submission that matches one.
 */
(function () {
  "use strict";

  var GAME = "divide";
  var C = window.DividedCards;
  var ui = window.DividedShell.ui;
  var T = ui.table;
  var el = ui.el, clear = ui.clear, byId = ui.byId;
  var cardFace = ui.cardFace, cardButton = ui.cardButton, richText = ui.richText;
  var chip = ui.chip, chips = ui.chips;
  var announce = ui.announce, focusKey = ui.focusKey, play = ui.play, legal = ui.legal;
  var renderControls = ui.renderControls, details = ui.details, oddsTable = ui.oddsTable;

  // What the player is choosing on this page (reset whenever a new state arrives).
  var P = { card: null, left: null, right: null, trump: false, at: null };

  function reset() { P.card = null; P.left = null; P.right = null; P.trump = false; P.at = null; }

  function count(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  var HELP = {
    commit: "Your committed card is Trick 1's card: it is flipped with the others after the pass.",
    pass: "Press a card for your left neighbour, then one for your right; press a picked card to put it back.",
    play: "Only the cards you may play can be pressed: follow the lead suit if you can.",
    draft: "1st chooses any reward, 2nd one of the two left; Trump means declaring a rank (or No Trump) at once.",
    over: "The game is over. The totals are below."
  };
  var REWARD = { points: "Points", trump: "Trump", lead: "Lead" };
  var SUIT_TITLE = { spades: "Spades", hearts: "Hearts", diamonds: "Diamonds", clubs: "Clubs", jokers: "Jokers" };
  var SUIT_SIGN = { spades: "\u2660", hearts: "\u2665", diamonds: "\u2666", clubs: "\u2663", jokers: "Jk" };

  /** A suit row's label (the row's group names the suit for screen readers): the word, or on
   * a phone the suit's sign, read across like the cards (an upright word was cut there). */
  function suitLabel(suit) {
    return el("span", { class: "dv-suit-name", "aria-hidden": "true" },
      el("span", { class: "dv-suit-word", text: SUIT_TITLE[suit] }), el("span", { class: "dv-suit-sign", text: SUIT_SIGN[suit] }));
  }

  // -- the table ------------------------------------------------------------------------------
  function seatBox(seat, s) {
    var marks = [];
    if (seat.dealer) { marks.push(el("span", { class: "dv-badge", title: "the dealer", text: "Dealer" })); }
    if (seat.leads) { marks.push(el("span", { class: "dv-badge is-lead", text: "Leads" })); }
    if (seat.lead_control) { marks.push(el("span", { class: "dv-badge", text: "Took Lead" })); }
    if (s.phase === "commit" || s.phase === "pass") {
      marks.push(el("span", { class: "dv-badge" + (seat.committed ? " is-done" : ""),
        text: seat.committed ? "Committed" : "No commit yet" }));
      if (s.phase === "pass") {
        marks.push(el("span", { class: "dv-badge" + (seat.passed ? " is-done" : ""),
          text: seat.passed ? "Passed" : "Not passed yet" }));
      }
    }
    var stats = "This round: " + count(seat.round_points, "point") + " · total " + seat.score + " · 5\u2011tokens " + seat.fives +
      " · tricks led " + seat.led;
    return el("li", { class: "dv-seat" + (seat.to_move && s.phase !== "over" ? " is-to-move" : "") + (seat.where === "you" ? " is-you" : ""),
      "data-seat": seat.seat },
      el("p", { class: "dv-seat-name" }, el("strong", { text: seat.name }),
        seat.where !== "you" && seat.where !== "across" ? el("span", { class: "muted", text: " (your " + seat.where + ")" }) : null,
        seat.to_move && s.phase !== "over" ? el("span", { class: "dv-turn", text: " to move" }) : null),
      el("p", { class: "dv-seat-cards", text: count(seat.hand_size, "card") + " in hand" }),
      el("p", { class: "dv-seat-stats", text: stats }),
      marks.length ? el("p", { class: "dv-badges" }, marks) : null);
  }

  function renderSeats(s) {
    var t = s.table;
    byId("opponent-heading").textContent = "The table";
    byId("opponent-summary").textContent = t.players + " players · round " + t.round + " of " + t.rounds_total +
      (t.end_score ? " · the game ends after a round at " + t.end_score + " points" : "") + ".";
    var box = clear(byId("opponent-hand"));
    box.className = "dv-seats-box";
    box.appendChild(el("ul", { class: "dv-seats", "aria-label": "Every seat, clockwise from you" },
      (t.seats || []).map(function (seat) { return seatBox(seat, s); })));
    var rt = s.phase === "over" ? null : roundsTable(s);  // at the end it is under the result
    if (rt) { box.appendChild(rt); }
  }

  function trumpBox(t) {
    return el("div", { class: "dv-trump", role: "group", "aria-label": "The Trump Rank" },
      el("span", { class: "pile-label", text: "Trump Rank" }),
      el("strong", { class: "dv-trump-rank", id: "dv-trump", text: t.trump.words }),
      t.trump_persists ? null : el("span", { class: "muted", text: " (resets each round)" }));
  }

  function tokenLine(t) {
    var tokens = t.tokens || { line: [] };
    var left = Object.keys(tokens.face_down || {}).map(function (v) { return tokens.face_down[v] + "×" + v; });
    return el("div", { class: "dv-tokens" },
      el("p", { class: "pile-label", text: "The token line" + (left.length ? " (face down: " + left.join(", ") + ")" : "") }),
      el("ol", { class: "dv-line", "aria-label": "The token line, positions 1 to 9" }, tokens.line.map(function (tok) {
        var label = "Token " + tok.position + ": " + (tok.value === null ? "face down" : tok.value) +
          (tok.current ? ", claimed by this trick's Points" : "") + (tok.claimed_by ? ", claimed by " + tok.claimed_by : "");
        return el("li", { class: "dv-token" + (tok.value === null ? " is-down" : " v" + tok.value) +
            (tok.current ? " is-current" : "") + (tok.claimed_by ? " is-claimed" : ""), "aria-label": label, title: label },
          el("span", { "aria-hidden": "true", text: tok.value === null ? "?" : String(tok.value) }),
          tok.claimed_by ? el("span", { class: "dv-token-who", "aria-hidden": "true", text: tok.claimed_by }) :
            tok.current ? el("span", { class: "dv-token-now", "aria-hidden": "true", text: "now" }) : null);
      })));
  }

  function placeWord(n) { return ["1st", "2nd", "3rd", "4th", "5th", "6th"][n - 1] || String(n); }

  function trickBox(trick, s, title, id) {
    var t = s.table;
    var plays = trick.plays || [];
    var row = el("ol", { class: "dv-trick", "aria-label": title });
    plays.forEach(function (p) {
      row.appendChild(el("li", { class: "dv-play" + (p.place === 1 ? " is-winner" : "") },
        cardFace(p.card, { small: true }),
        el("span", { class: "dv-play-who", text: p.name }),
        p.place ? el("span", { class: "dv-place", text: placeWord(p.place) }) : null));
    });
    var waiting = (t.players || 4) - plays.length;
    for (var i = 0; i < waiting && !trick.order; i++) {
      row.appendChild(el("li", { class: "dv-play is-empty", "aria-hidden": "true" }, el("span", { class: "card slot small" })));
    }
    var parts = [el("h3", { class: "row-title", id: id, text: title })];
    if (!plays.length) { parts.push(el("p", { class: "muted", text: "No card played yet." })); } else { parts.push(row); }
    if (trick.order) {
      parts.push(el("p", { class: "dv-order" }, "Finishing order: " + trick.order.map(function (o) {
        return placeWord(o.place) + " " + o.name; }).join(", ") + "."));
    } else if (trick.lead_suit) {
      parts.push(el("p", { class: "help", text: "Lead suit: " + trick.lead_suit + "." }));
    }
    if (trick.picks && trick.picks.length) {
      parts.push(el("p", { class: "dv-picks" }, "Divide: " + trick.picks.map(function (p) {
        return p.name + " " + REWARD[p.reward] + (p.reward === "points" ? " (" + p.token + ")" : p.reward === "trump" ? " (" + p.trump + ")" : "");
      }).join(" · ") + "."));
    }
    return el("div", { class: "dv-trick-box", role: "group", "aria-labelledby": id }, parts);
  }

  function draftBox(s) {
    var d = s.table.draft;
    if (!d) { return null; }
    var rows = d.finishers.map(function (f) {
      var pick = d.picks.filter(function (p) { return p.place === f.place; })[0];
      var what = pick ? pick.text : (f.place === d.picking ? "choosing now…" : "waits");
      return el("li", { class: pick ? "is-done" : f.place === d.picking ? "is-now" : "" },
        el("strong", { text: placeWord(f.place) + " " + f.name + ": " }), pick ? richText(pick.text.replace(/^.*?\) /, "")) : what);
    });
    return el("div", { class: "dv-draft", role: "group", "aria-labelledby": "dv-draft-title" },
      el("h3", { class: "row-title", id: "dv-draft-title", text: "The Divide of Trick " + s.table.trick +
        (d.token ? " (Points: a " + d.token + "-token)" : "") }),
      el("ol", { class: "dv-draft-list" }, rows),
      el("p", { class: "help", text: "Still on offer: " + (d.left.map(function (r) { return REWARD[r]; }).join(", ") || "nothing") + "." }));
  }

  function roundsTable(s) {
    var t = s.table;
    var rounds = t.rounds || [];
    var seats = t.seats || [];
    if (!rounds.length) { return null; }
    var head = el("tr", null, el("th", { scope: "col", text: "Round" }), seats.map(function (seat) {
      return el("th", { scope: "col", text: seat.name }); }));
    var body = rounds.map(function (r) {
      return el("tr", null, el("th", { scope: "row", text: String(r.round) }), seats.map(function (seat) {
        return el("td", null, String(r.scores[seat.seat]),
          el("span", { class: "dv-round-points", text: " (+" + r.points[seat.seat] + ")" })); }));
    });
    return details("dv-rounds", "Totals after each round (" + rounds.length + "; the round's points in brackets)",
      el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Scores by round" },
        el("table", { class: "odds-table dv-scores" }, el("caption", { class: "visually-hidden", text: "Points each round and totals" }),
          el("thead", null, head), el("tbody", null, body))), false);
  }

  function renderCentre(s) {
    var t = s.table;
    byId("centre-heading").textContent = "Round " + t.round + (t.trick ? ", Trick " + t.trick : ", before Trick 1");
    var body = clear(byId("centre-body"));
    body.appendChild(el("div", { class: "dv-top" }, trumpBox(t), tokenLine(t)));
    var tricks = el("div", { class: "dv-tricks" });
    if (t.current_trick) {
      var title = "Trick " + t.current_trick.number + (t.current_trick.order ? " (complete)" : "");
      var current = trickBox(t.current_trick, s, title, "dv-current");
      // the cards already played are part of your decision when you play one (not when you lead)
      if (s.phase === "play" && s.to_move === "you" && t.current_trick.plays.length) { current.setAttribute("data-decision", ""); }
      tricks.appendChild(current);
    } else if (s.phase === "commit" || s.phase === "pass") {
      tricks.appendChild(el("p", { class: "help", id: "dv-before", text: "Trick 1 is the committed cards, flipped after the pass." }));
    }
    if (t.last_trick) {
      var key = "dv-last-" + t.last_trick.round + "-" + t.last_trick.number + "-" + s.phase;
      tricks.appendChild(details(key, "Last trick: round " + t.last_trick.round + ", Trick " + t.last_trick.number,
        trickBox(t.last_trick, s, "Trick " + t.last_trick.number + " (Trump: " + t.last_trick.trump + ")", "dv-last-title"),
        !!t.current_trick && !t.current_trick.plays.length));  // open when you lead
    }
    body.appendChild(tricks);
  }

  function handRows(t) {
    return el("div", { class: "dv-suits" }, (t.suits || []).filter(function (g) { return g.cards.length; }).map(function (g) {
      return el("div", { class: "dv-suit", role: "group", "aria-label": SUIT_TITLE[g.suit] },
        suitLabel(g.suit),
        el("div", { class: "card-row" }, g.cards.map(function (code) { return cardFace(code, { small: true }); })));
    }));
  }

  function renderYours(s) {
    var t = s.table;
    byId("your-heading").textContent = "Your hand";
    var area = byId("your-area");
    area.hidden = s.phase === "over";
    var parts = [count((t.hand || []).length, "card")];
    if (t.commit) { parts.push("committed " + C.label(t.commit)); }
    if (t.pass) { parts.push("passed " + C.label(t.pass.left) + " left, " + C.label(t.pass.right) + " right"); }
    byId("your-summary").textContent = parts.join(" · ") + ".";
    var box = clear(byId("your-hand"));
    box.className = "dv-hand";
    // while you choose cards, the hand is in the controls (as buttons): not twice on the page
    var choosing = s.to_move === "you" && (s.phase === "commit" || s.phase === "pass" || s.phase === "play");
    if (!choosing) {
      box.appendChild((t.hand || []).length ? handRows(t) : el("p", { class: "muted", text: "No cards in hand." }));
    }
    var notes = [];
    if (t.commit) { notes.push(el("p", { class: "help" }, "Your commit for Trick 1: ", chip(t.commit), s.phase === "commit" || s.phase === "pass" ? " (face down until the flip)." : ".")); }
    if (t.pass) { notes.push(el("p", { class: "help" }, "You passed ", chip(t.pass.left), " to your left and ", chip(t.pass.right), " to your right.")); }
    if (t.received) {
      var got = [];
      if (t.received.from_left) { got.push([chip(t.received.from_left.card), " from " + t.received.from_left.name + " (left)"]); }
      if (t.received.from_right) { got.push([chip(t.received.from_right.card), " from " + t.received.from_right.name + " (right)"]); }
      notes.push(el("p", { class: "help" }, "You received ", got.map(function (g, i) { return [i ? " and " : "", g]; }), "."));
    }
    notes.forEach(function (n) { box.appendChild(n); });
  }

  function renderTable(s) {
    var main = byId("main");
    if (main) { main.classList.add("dv-table"); }
    renderSeats(s);
    renderCentre(s);
    renderYours(s);
  }

  // -- your decisions ------------------------------------------------------------------------------
  /** Your hand as buttons by suit: `enabled(code)` says which may be pressed; `tag(code)` marks picks. */
  function handButtons(s, enabled, tag, onclick, help) {
    return el("div", { class: "dv-suits dv-pick", role: "group", "aria-label": "Your hand", "data-decision": true },
      (s.table.suits || []).filter(function (g) { return g.cards.length; }).map(function (g) {
        return el("div", { class: "dv-suit" },
          suitLabel(g.suit),
          el("div", { class: "card-row" }, g.cards.map(function (code) {
            var mark = tag(code);
            var ok = enabled(code);
            return cardButton(code, { tag: mark, pressed: mark ? true : undefined, className: (mark ? "picked" : "") + (ok ? "" : " dv-not-legal"),
              describedby: help, label: C.words(code) + (mark ? ", " + mark : "") + (ok ? "" : ", cannot be played now"),
              onclick: ok ? function () { onclick(code); } : null, focusKey: "card-" + code });
          })));
      }));
  }

  function disableIllegal(box) {
    box.querySelectorAll("button.dv-not-legal").forEach(function (b) { b.disabled = true; });
  }

  function actionFor(kind, cards) {
    return legal(kind).filter(function (a) {
      return a.cards.length === cards.length && a.cards.every(function (c, i) { return c === cards[i]; });
    })[0] || null;
  }

  function renderCommit(box, s) {
    var choices = legal("commit").map(function (a) { return a.cards[0]; });
    box.appendChild(el("p", { id: "dv-help", class: "help", text: "Press the card to commit face down for Trick 1." }));
    box.appendChild(handButtons(s, function (c) { return choices.indexOf(c) >= 0; },
      function (c) { return c === P.card ? "commit" : null; },
      function (c) { P.card = P.card === c ? null : c; renderControls(); focusKey("card-" + c);
        announce(P.card ? C.words(c) + " picked to commit." : C.words(c) + " put back."); }, "dv-help"));
    var action = P.card ? actionFor("commit", [P.card]) : null;
    box.appendChild(el("div", { class: "button-row", "data-decision": true }, el("button", {
      type: "button", class: "primary", "data-focus": "dv-commit", disabled: !action,
      onclick: function () { play(action, { message: "Commit " + P.card + " face down for Trick 1? It cannot be taken back.", yes: "Yes, commit it", back: "dv-commit" }); },
      text: action ? "Commit " + C.label(P.card) : "Commit a card" })));
  }

  function renderPass(box, s) {
    var seats = s.table.seats || [];
    var leftName = (seats.filter(function (x) { return x.where === "left"; })[0] || {}).name || "left";
    var rightName = (seats.filter(function (x) { return x.where === "right"; })[0] || {}).name || "right";
    var inHand = s.table.hand || [];
    box.appendChild(el("p", { id: "dv-help", class: "help", text: "Press a card for " + leftName + " (your left), then one for " + rightName + " (your right)." }));
    box.appendChild(handButtons(s, function (c) { return inHand.indexOf(c) >= 0; },
      function (c) { return c === P.left ? "to " + leftName : c === P.right ? "to " + rightName : null; },
      function (c) {
        if (P.left === c) { P.left = null; } else if (P.right === c) { P.right = null; }
        else if (!P.left) { P.left = c; } else if (!P.right) { P.right = c; } else { P.right = c; }
        renderControls(); focusKey("card-" + c);
        announce((P.left ? C.words(P.left) + " to " + leftName + ". " : "") + (P.right ? C.words(P.right) + " to " + rightName + "." : ""));
      }, "dv-help"));
    var action = P.left && P.right ? actionFor("pass", [P.left, P.right]) : null;
    box.appendChild(el("p", { class: "split-summary", id: "dv-pass-summary", text:
      "Left (" + leftName + "): " + (P.left ? C.label(P.left) : "–") + " · Right (" + rightName + "): " + (P.right ? C.label(P.right) : "–") }));
    box.appendChild(el("div", { class: "button-row", "data-decision": true },
      el("button", { type: "button", "data-focus": "dv-swap", disabled: !(P.left && P.right),
        onclick: function () { var x = P.left; P.left = P.right; P.right = x; renderControls(); focusKey("dv-swap"); }, text: "Swap left and right" }),
      el("button", { type: "button", class: "primary", "data-focus": "dv-pass", disabled: !action,
        onclick: function () { play(action, { message: "Pass " + P.left + " to " + leftName + " and " + P.right + " to " + rightName + "?", yes: "Yes, pass them", back: "dv-pass" }); },
        text: action ? "Pass " + C.label(P.left) + " left and " + C.label(P.right) + " right" : "Pass two cards" })));
  }

  function renderPlay(box, s) {
    var choices = legal("play").map(function (a) { return a.cards[0]; });
    box.appendChild(el("p", { id: "dv-help", class: "help", text: choices.length === (s.table.hand || []).length ?
      "Press a card to play it." : "Press a card to play it: you must follow suit, so only " + count(choices.length, "card") + " can be played." }));
    box.appendChild(handButtons(s, function (c) { return choices.indexOf(c) >= 0; }, function () { return null; },
      function (c) { var a = actionFor("play", [c]); if (a) { play(a); } }, "dv-help"));
  }

  function renderDraft(box, s) {
    var d = s.table.draft || { left: [] };
    var draft = draftBox(s);  // who drafts in which place, and what is taken: beside the choice
    if (draft) { draft.setAttribute("data-decision", ""); box.appendChild(draft); }
    var points = legal("points")[0], lead = legal("lead")[0], trumps = d.trump || [];
    box.appendChild(el("div", { class: "button-row dv-rewards", role: "group", "aria-label": "Rewards on offer", "data-decision": true },
      points ? el("button", { type: "button", class: "primary", "data-focus": "dv-points", onclick: function () { play(points); },
        text: "Points" + (d.token ? " (a " + d.token + "-token)" : "") }) : null,
      trumps.length ? el("button", { type: "button", "data-focus": "dv-trump-open", "aria-expanded": P.trump ? "true" : "false",
        onclick: function () { P.trump = !P.trump; renderControls(); focusKey(P.trump ? "dv-rank-" + trumps[0].rank : "dv-trump-open"); },
        text: P.trump ? "Trump: choose a rank below" : "Trump…" }) : null,
      lead ? el("button", { type: "button", "data-focus": "dv-lead", onclick: function () { play(lead); }, text: "Lead (lead the next trick)" }) : null));
    if (P.trump && trumps.length) {
      box.appendChild(el("p", { class: "help", id: "dv-rank-help", text: "Declare the Trump Rank (now: " + s.table.trump.words + "):" }));
      box.appendChild(el("div", { class: "dv-ranks", role: "group", "aria-labelledby": "dv-rank-help", "data-decision": true }, trumps.map(function (r) {
        var a = { action: r.action };
        return el("button", { type: "button", class: "dv-rank" + (r.current ? " is-current" : ""), "data-focus": "dv-rank-" + r.rank,
          "aria-label": "Declare " + r.words + (r.current ? " (the current Trump Rank)" : ""),
          onclick: function () { play(a); }, text: r.rank === "No Trump" ? "No Trump" : r.rank === "T" ? "10" : r.rank });
      })));
    }
  }

  function renderControlsFor(box, s) {
    if (P.at !== s.move_number) { reset(); P.at = s.move_number; }  // picks belong to one decision
    if (s.phase === "commit") { renderCommit(box, s); }
    else if (s.phase === "pass") { renderPass(box, s); }
    else if (s.phase === "play") { renderPlay(box, s); }
    else if (s.phase === "draft") { renderDraft(box, s); }
    disableIllegal(box);
  }

  // -- the end -------------------------------------------------------------------------------
  function renderShowdown(box, s) {
    var r = s.result || {};
    var sd = s.table.showdown;
    box.appendChild(el("p", { class: "result result-" + (r.you || "draw") }, el("strong", null, richText(r.headline || "The game is over."))));
    if (sd) {
      box.appendChild(el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": "Final totals" },
        el("table", { class: "odds-table dv-final" }, el("caption", { text: "Final totals (" + sd.reason + ")" }),
          el("thead", null, el("tr", null, ["Player", "Place", "Points", "5-tokens", "Tricks led"].map(function (h) { return el("th", { scope: "col", text: h }); }))),
          el("tbody", null, sd.seats.map(function (x) {
            return el("tr", { class: x.winner ? "is-winner" : "" }, el("th", { scope: "row", text: x.name + (x.winner ? " (wins)" : "") }),
              el("td", { text: placeWord(x.place) }), el("td", { text: String(x.score) }), el("td", { text: String(x.fives) }), el("td", { text: String(x.led) }));
          })))));
    }
    var rt = roundsTable(s);
    if (rt) { rt.open = true; box.appendChild(rt); }
  }

  // -- the books -------------------------------------------------------------------------------
  var SUIT_ORDER = { s: 0, h: 1, d: 2, c: 3 };
  var RANK_ORDER = "AKQJT98765432";

  /** Cards by suit (spades first), high to low: the order the hand is shown in. */
  function bySuit(codes) {
    return codes.slice().sort(function (a, b) {
      var ka = a.indexOf("Jk") === 0 ? [4, a] : [SUIT_ORDER[a.charAt(1)], RANK_ORDER.indexOf(a.charAt(0))];
      var kb = b.indexOf("Jk") === 0 ? [4, b] : [SUIT_ORDER[b.charAt(1)], RANK_ORDER.indexOf(b.charAt(0))];
      return ka[0] - kb[0] || (ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0);
    });
  }

  function seatName(s, seat) {
    var found = (s.table.seats || []).filter(function (x) { return x.seat === seat; })[0];
    return found ? found.name : "Seat " + seat;
  }

  function renderKnowledge(body, s) {
    var k = s.knowledge || {};
    if (!Object.keys(k).length) {
      body.appendChild(el("p", { class: "help", text: "The books are not available for this game yet." }));
      return;
    }
    if (s.phase === "over") {
      body.appendChild(el("p", { class: "help", text: "The game is over: every total is in the table below the result." }));
      return;
    }
    var mine = k.mine || {};
    var yours = [];
    if (mine.commit) { yours.push(el("p", null, "Your commit: ", chip(mine.commit), ".")); }
    if (mine.passed_left) { yours.push(el("p", null, "You passed ", chip(mine.passed_left), " left and ", chip(mine.passed_right), " right.")); }
    if (mine.received_from_left || mine.received_from_right) {
      yours.push(el("p", null, "You received ", mine.received_from_left ? [chip(mine.received_from_left), " from your left"] : "",
        mine.received_from_left && mine.received_from_right ? " and " : "",
        mine.received_from_right ? [chip(mine.received_from_right), " from your right"] : "", "."));
    }
    if (yours.length) { body.appendChild(details("dv-know-yours", "Your cards this round", yours, true)); }
    var seats = (k.seats || []).map(function (x, seat) {
      if (seat === s.seat) { return null; }
      var parts = [el("strong", { text: seatName(s, seat) + ": " }), count(x.hand_size, "card")];
      if (x.voids && x.voids.length) { parts.push("; no " + x.voids.join(", ") + " (failed to follow)"); }
      if (x.known && x.known.length) { parts.push("; holds ", chips(x.known)); }
      return el("li", null, parts);
    });
    body.appendChild(details("dv-know-seats", "The other hands", el("ul", { class: "dv-know-list" }, seats), true));
    var tricks = k.tricks || [];
    if (tricks.length) {
      body.appendChild(details("dv-know-played", "Played this round (" + tricks.length + (tricks.length === 1 ? " trick)" : " tricks)"),
        el("ol", { class: "dv-know-list" }, tricks.map(function (t) {
          return el("li", null, "Trick " + t.number + " (" + t.trump + "): ",
            t.cards.map(function (pc, i) { return [i ? ", " : "", seatName(s, pc[0]) + " ", chip(pc[1])]; }));
        })), false));
    }
    var tok = k.tokens || {};
    if (tok.face_down && tok.face_down.length) {
      body.appendChild(el("p", { class: "help", id: "dv-know-tokens" }, "Tokens still face down: " + tok.face_down.join(", ") + "."));
    }
    var unseen = k.unseen || [];
    if (unseen.length) {
      var places = [];
      unseen.forEach(function (u) { Object.keys(u.places || {}).forEach(function (p) { if (places.indexOf(p) < 0) { places.push(p); } }); });
      var byCard = {};
      unseen.forEach(function (u) { byCard[u.card] = u.places || {}; });
      var sizes = k.places || {};
      body.appendChild(details("dv-know-odds", "Where the unseen cards are (" + unseen.length + " cards)", [
        el("p", { class: "help", text: "Every card you have not seen, and the exact chance that it is in each place: every deal that fits what you have seen (hand sizes, voids, the cards you passed) counts once." }),
        // a column per place, headed by the seat's name and its hand size ("Bot 2 (8)"): the
        // table says they are hands; six columns then fit the panel
        oddsTable(["Card"].concat(places.map(function (p) { return p.replace(/'s hand$/, "") + (sizes[p] !== undefined ? " (" + sizes[p] + ")" : ""); })),
          bySuit(Object.keys(byCard)).map(function (code) {
            return [code, places.map(function (p) { return C.percent(byCard[code][p] || 0); })];
          }), "Where the unseen cards could be")
      ], false));
    }
  }

  // -- words -------------------------------------------------------------------------------------
  function meta(s) {
    var t = s.table || {};
    var parts = [t.players + " players"];
    var you = (t.seats || [])[0];
    if (s.phase !== "over" && t.round) { parts.push("round " + t.round + " of " + t.rounds_total); }
    if (you) { parts.push("you " + you.score); }
    if (t.trump && s.phase !== "over") { parts.push("Trump: " + t.trump.words); }
    return parts;
  }

  /** The lobby's keys of a finished game's options, to start one like it. */
  function sameGame(s) {
    var o = s.options || {};
    var body = { game: GAME, bot: (s.seats || []).filter(function (b) { return b; })[0] || "random" };
    if (o.players !== undefined) { body.players = String(o.players); }
    if (o.trump !== undefined) { body.trump = o.trump; }
    if (o.end_score !== undefined) { body.end_score = String(o.end_score); }
    if (o.rounds !== undefined) { body.rounds = String(o.rounds); }
    if (o.first_dealer !== undefined) { body.first_dealer = o.first_dealer === s.seat ? "you" : "random"; }
    return body;
  }

  window.DividedShell.register(GAME, {
    stylesheet: true,
    title: "DIVIDE",
    help: HELP,
    phaseWords: { commit: "committing", pass: "passing", play: "playing a trick", draft: "drafting", deal: "dealing", tokens: "turning tokens", over: "finished" },
    meta: meta,
    renderTable: renderTable,
    renderControls: renderControlsFor,
    renderShowdown: renderShowdown,
    renderKnowledge: renderKnowledge,
    renderReplay: renderTable,
    sameGame: sameGame,
    reset: reset,
    /** After your action the bots move (someone else always acts before your next decision). */
    botMovesNext: function () { return true; }
  });
})();
