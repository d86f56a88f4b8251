/* The Expert's help: the "Hint" button of the table page (games started with hints allowed)
 * and the "Review this game" panel of the replay page. Both only call the JSON API
 * (docs/web-api.md) and write text with textContent. */
(function () {
  "use strict";

  function byId(id) { return document.getElementById(id); }

  function call(method, path, body) {
    var init = { method: method, credentials: "same-origin", headers: { "Accept": "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response.json().then(function (data) {
        return { ok: response.ok, status: response.status, data: data };
      }, function () { return { ok: false, status: response.status, data: null }; });
    });
  }

  function errorOf(result) {
    return (result.data && result.data.error) || ("the server said no (" + result.status + ")");
  }

  function pct(value) { return Math.round(value * 100) + "%"; }

  function gamePath(id, suffix) { return "/api/games/" + encodeURIComponent(id) + suffix; }

  // DIVIDE's Trump Ranks as its table names them ("Tens", never "T")
  var TRUMP_WORDS = { "2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes", "7": "Sevens",
    "8": "Eights", "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces",
    "No Trump": "No Trump" };

  /** An action label of the API ("split Th Jc", "take face-down", "give Qs", "build … | …")
   * in the words of the table's buttons (card codes stay codes; write() draws them as chips). */
  function actionWords(label) {
    var text = String(label || "");
    var m;
    if ((m = /^split (.+)$/.exec(text))) { return "show " + m[1] + " face up"; }
    if (text === "take face-up") { return "take the face-up pair"; }
    if (text === "take face-down") { return "take the face-down pair"; }
    if (text === "keep") { return "keep your cards"; }
    if ((m = /^give (.+)$/.exec(text))) { return "give " + m[1] + " for the reserve"; }
    if ((m = /^build (.+) \| (.+)$/.exec(text))) { return "build " + m[1] + " and " + m[2]; }
    if ((m = /^take Trump: (.+)$/.exec(text))) { return "take Trump and declare " + (TRUMP_WORDS[m[1]] || m[1]); }
    if (/^(?:[2-9TJQKA][shdc]|Jk[12]?)$/.test(text)) { return "play " + text; }  // a card played to a trick
    return text;
  }

  /** Replace a node's content with text in which card codes are drawn as small cards. */
  function write(node, parts) {
    var C = window.DividedCards;
    while (node.firstChild) { node.removeChild(node.firstChild); }
    parts.forEach(function (part) {
      if (typeof part !== "string") { node.appendChild(part); return; }
      if (!C || !C.tokenize) { node.appendChild(document.createTextNode(part)); return; }
      C.tokenize(part).forEach(function (piece) {
        if (!piece.card) { node.appendChild(document.createTextNode(piece.text)); return; }
        var chip = document.createElement("span");
        chip.className = "inline-card suit-" + C.suitName(piece.card);
        chip.setAttribute("role", "img");
        chip.setAttribute("aria-label", C.words(piece.card));
        var face = document.createElement("span");
        face.setAttribute("aria-hidden", "true");
        face.textContent = C.label(piece.card);
        chip.appendChild(face);
        node.appendChild(chip);
      });
    });
  }

  /** Percent of a strategy's weight, never shown as 0% or 100% unless it is. */
  function share(weight) {
    if (weight > 0 && weight < 0.005) { return "under 1%"; }
    if (weight >= 0.995 && weight < 1) { return "over 99%"; }
    return pct(weight);
  }

  /** What a move is worth in the advisor's unit: "% of the pot" for a game whose values are in
   * pots (the chips it expects to end with from here), else a chance to win. */
  function valueWords(hint, value, about) {
    if (typeof hint.unit === "string" && hint.unit) {
      var n = Math.round(value * 100);
      return "worth about " + (n > 0 ? "+" : n < 0 ? "\u2212" : "") + Math.abs(n) + hint.unit + " to you from here";
    }
    return (about ? "about " : "") + pct(value) + " to win";
  }

  /** A hint in words: the Expert's move, or, where it plays a mixed strategy (hint.mix lists
   * the moves it plays with real weight), each of those moves with how often it plays it. */
  function hintWords(hint) {
    var mix = Array.isArray(hint.mix) ? hint.mix : [];
    var guess = hint.opponent_off_path === true ?
      " Your opponent got here by a move the Expert's solved strategy almost never makes, so these " +
      "chances rest on a guess about its cards." : "";
    if (mix.length < 2) {
      return "The Expert would " + actionWords(hint.label) + " (" + valueWords(hint, hint.value, true) + ")." + guess;
    }
    var total = 0;
    var moves = mix.map(function (m) {
      total += m.weight;
      return actionWords(m.label) + " " + share(m.weight) + " of the time (" + valueWords(hint, m.value, false) + ")";
    });
    var rest = 1 - total;
    return "The Expert plays a mixed strategy here: " + moves.join("; ") +
      (rest >= 0.005 ? "; other moves " + share(rest) + " together" : "") +
      ". Pick one at random with these weights, so that the bot cannot read your choice." +
      (guess ? guess + " Playing the mix still protects you if that move was a trap." : "");
  }

  // -- the table: hints ------------------------------------------------------------------------
  function initHints(area) {
    var id = area.getAttribute("data-game-id");
    var button = byId("hint-button");
    var out = byId("hint-output");
    var used = byId("hint-used");
    function showUsed(n) { used.textContent = n === 1 ? "1 hint used in this game." : n + " hints used in this game."; }
    call("GET", gamePath(id, "/hint")).then(function (result) {
      if (!result.ok || !result.data || !result.data.allowed) { return; }
      allowed = true;
      sync();
      showUsed(result.data.used);
    });
    var allowed = false;
    var main = byId("main");
    // Hints are for the player's own decisions: none once the game is over, and the button
    // rests while it is not the player's turn.
    function sync() {
      var phase = main ? main.getAttribute("data-phase") : null;
      var yours = !main || main.getAttribute("data-to-move") === "you";
      area.hidden = !allowed || phase === "over";
      if (!button.hasAttribute("data-asking")) { button.disabled = !yours || phase === "over"; }
    }
    // a hint is for one decision: clear it when the table shows a new prompt
    var prompt = byId("prompt");
    if (prompt && window.MutationObserver) {
      new MutationObserver(function () { out.textContent = ""; }).observe(prompt, { childList: true, characterData: true, subtree: true });
    }
    if (main && window.MutationObserver) {
      new MutationObserver(sync).observe(main, { attributes: true, attributeFilter: ["data-phase", "data-to-move"] });
    }
    button.addEventListener("click", function () {
      button.disabled = true;
      button.setAttribute("data-asking", "");
      out.textContent = "The Expert is thinking…";
      call("POST", gamePath(id, "/hint")).then(function (result) {
        button.removeAttribute("data-asking");
        sync();
        if (!result.ok) { out.textContent = "No hint: " + errorOf(result) + "."; return; }
        write(out, [hintWords(result.data)]);
        showUsed(result.data.used);
      }, function () {
        button.removeAttribute("data-asking");
        sync();
        out.textContent = "No hint: the server could not be reached.";
      });
    });
  }

  // -- the replay: the review ------------------------------------------------------------------
  var GRADES = { best: "Best", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
  // each game's decisions as the list names them, in the middle of a sentence (after the grade)
  var PHASES = { split: "the split", choose: "the choice", reserve: "the reserve", build: "the build",
    turn: "the turn", keep: "the pick from an offer", commit: "the commit", pass: "the pass", play: "the card played",
    divide: "the pick in the Divide",
    bet: "the betting", draw: "the draw", assign: "the placing", order: "the order", swap: "the swap",
    "take-back": "the take-back", call: "the dealer's call", auction: "the auction" };  // poker's phases
  var PLURALS = { best: "best", good: "good", inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
  var SINGULARS = { best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" };

  function gradeName(grade) { return GRADES[grade] || "Close call"; }

  /** How often the Expert's mixed strategy plays the move played (null where it has none). */
  function weightOf(m) {
    var w = m.policy && typeof m.policy === "object" ? m.policy[String(m.played)] : undefined;
    return typeof w === "number" && isFinite(w) ? w : null;
  }

  function points(n) { return n === 1 ? "1 point" : n + " points"; }

  // How the review's losses read: the advisor's unit ("% of the pot": poker's values are pots),
  // set from the review's answer; null: points of a chance to win.
  var reviewUnit = null;

  /** A loss with its margin in the review's unit: "7 points ± 0.8 points of win chance", or
   * "7% ± 0.8% of the pot". */
  function lossAmount(lost, error) {
    var has = typeof error === "number" && isFinite(error) && error > 0;
    if (reviewUnit && reviewUnit.charAt(0) === "%") {
      return lost + "%" + (has ? " \u00b1 " + (error * 100).toFixed(1) + "%" : "") + reviewUnit.slice(1);
    }
    if (reviewUnit) { return lost + reviewUnit + (has ? " \u00b1 " + (error * 100).toFixed(1) : ""); }
    return points(lost) + (has ? " \u00b1 " + (error * 100).toFixed(1) + " points" : "") + " of win chance";
  }

  /** What a graded decision cost, in words; nothing is claimed for a close call (a grade this
   * page does not know, such as "close", is one) or for a decision as good as the Expert's. */
  function lossWords(m) {
    if (m.mixed && m.played !== m.best) {
      return "Not graded: the Expert's solved strategy plays this " + share(weightOf(m) || 0) +
        " of the time (a mixed strategy; its most played move: " + actionWords(m.best_label) + ").";
    }
    if (!GRADES[m.grade]) { return "Too close to call: the difference is within the review's margin of error."; }
    var lost = Math.round((m.loss || 0) * 100);
    if (m.played === m.best) { return "The Expert's choice too."; }
    if (m.grade === "best" || lost === 0) { return "Just as good as the Expert's choice (" + actionWords(m.best_label) + ")."; }
    var error = typeof m.loss_error === "number" ? m.loss_error : m.se;  // the loss's standard error
    return "The Expert's choice: " + actionWords(m.best_label) + "; you lost " + lossAmount(lost, error) + ".";
  }

  /** A decision's grade badge; a move of the Expert's mix that it does not play most is not
   * graded ("In the mix", drawn like "Best"). */
  function badge(m) {
    var node = document.createElement("span");
    var grade = m.grade;
    node.className = "grade-badge grade-" + (GRADES[grade] ? grade : "close");
    node.textContent = m.mixed && m.played !== m.best ? "In the mix" : gradeName(grade);
    var stop = document.createElement("span");  // read out as "Best, the split at move 3"
    stop.className = "visually-hidden";
    stop.textContent = ",";
    node.appendChild(stop);
    return node;
  }

  /** The grade a decision counts under in the tally (null: not graded, a close call or a move
   * of the Expert's mix). */
  function tallyGrade(m) {
    if (m.mixed && m.played !== m.best) { return null; }
    return GRADES[m.grade] ? m.grade : null;
  }

  function initReview(panel) {
    var id = panel.getAttribute("data-game-id");
    var here = Number(panel.getAttribute("data-move-number"));
    // the replay step (?move=) of each move number: steps are listed in order
    var steps = (panel.getAttribute("data-steps") || "").split(",").filter(function (x) { return x !== ""; }).map(Number);
    var button = byId("review-button");
    var status = byId("review-status");
    var progress = byId("review-progress");
    var entry = byId("review-entry");
    var summary = byId("review-summary");
    var list = byId("review-list");
    var tally = byId("review-tally");
    var timer = null;

    function stepLink(m) {
      var index = steps.indexOf(m.move_number);
      if (index < 0) { return null; }
      var link = document.createElement("a");
      link.href = "/games/" + encodeURIComponent(id) + "/replay?move=" + index;
      link.textContent = String(index);
      if (m.move_number === here) { link.setAttribute("aria-current", "step"); }
      return link;
    }

    /** How many decisions got each grade; the weaker ones link to their steps. */
    function showTally(moves) {
      if (!tally) { return; }
      while (tally.firstChild) { tally.removeChild(tally.firstChild); }
      tally.hidden = !moves.length;
      if (!moves.length) { return; }
      var by = { best: [], good: [], inaccuracy: [], mistake: [], blunder: [] };
      var ungraded = 0;
      moves.forEach(function (m) { var g = tallyGrade(m); if (g) { by[g].push(m); } else { ungraded += 1; } });
      tally.appendChild(document.createTextNode("Your grades: "));
      Object.keys(by).forEach(function (grade, i) {
        var n = by[grade].length;
        if (i) { tally.appendChild(document.createTextNode(", ")); }
        var count = document.createElement("span");
        count.className = "tally-" + grade;
        count.textContent = (n === 0 ? "no" : String(n)) + " " + (n === 1 ? SINGULARS[grade] : PLURALS[grade]);
        tally.appendChild(count);
        if (n && grade !== "best" && grade !== "good") {
          var links = by[grade].map(stepLink).filter(function (a) { return a; });
          if (links.length) {
            tally.appendChild(document.createTextNode(links.length === 1 ? " (move " : " (moves "));
            links.forEach(function (a, k) {
              if (k) { tally.appendChild(document.createTextNode(k === links.length - 1 ? " and " : ", ")); }
              tally.appendChild(a);
            });
            tally.appendChild(document.createTextNode(")"));
          }
        }
      });
      tally.appendChild(document.createTextNode("."));
      if (ungraded) {
        tally.appendChild(document.createTextNode(" " + (ungraded === 1 ? "1 decision is" : ungraded + " decisions are") +
          " not graded (too close to call, or a move of the Expert's mix)."));
      }
    }

    function show(body) {
      var st = body.status;
      progress.hidden = st !== "running";
      if (st === "running") {
        progress.max = Math.max(body.total, 1);
        progress.value = body.done;
        status.textContent = "Reviewing: " + body.done + " of " + (body.total || "?") + " decisions.";
      } else if (st === "done") {
        status.textContent = "Reviewed by the Expert: " + body.total + " decision" + (body.total === 1 ? "" : "s") + ".";
      } else if (st === "failed") {
        status.textContent = "The review stopped (" + body.error + "); " + body.done + " of " + body.total + " decisions scored. You can try again.";
      } else {
        status.textContent = "Not reviewed yet.";
      }
      button.hidden = st === "done" || st === "running";
      button.textContent = st === "failed" ? "Try the review again" : "Review this game";
      reviewUnit = typeof body.unit === "string" && body.unit ? body.unit : null;
      showTally(body.moves || []);
      showSummary(body.moves || []);
      showEntry(body.moves || []);
      if (st === "running" && timer === null) {
        timer = window.setTimeout(function () { timer = null; poll(); }, 700);
      }
    }

    function showSummary(moves) {
      if (!summary || !list) { return; }
      while (list.firstChild) { list.removeChild(list.firstChild); }
      summary.hidden = !moves.length;
      byId("review-summary-count").textContent = moves.length === 1 ? "1 decision" : moves.length + " decisions";
      moves.forEach(function (m) {
        var item = document.createElement("li");
        var index = steps.indexOf(m.move_number);
        // numbered like the replay's own "Move N of M"
        var where = (PHASES[m.phase] || m.phase || "a decision") + (index >= 0 ? " at move " + index : "");
        var link = document.createElement(index >= 0 ? "a" : "span");
        if (index >= 0) {
          link.href = "/games/" + encodeURIComponent(id) + "/replay?move=" + index;
          if (m.move_number === here) { link.setAttribute("aria-current", "step"); }
        }
        link.textContent = where;
        var played = document.createElement("span");
        write(played, [": you chose to " + actionWords(m.played_label) + ". "]);
        var loss = document.createElement("span");
        write(loss, [lossWords(m)]);
        item.appendChild(badge(m));
        item.appendChild(document.createTextNode(" "));
        item.appendChild(link);
        item.appendChild(played);
        item.appendChild(loss);
        list.appendChild(item);
      });
    }

    function showEntry(moves) {
      while (entry.firstChild) { entry.removeChild(entry.firstChild); }
      var found = null;
      moves.forEach(function (m) { if (m.move_number === here) { found = m; } });
      if (!found) { entry.hidden = true; return; }
      entry.hidden = false;
      var head = document.createElement("p");
      head.className = "review-grade";
      var words = document.createElement("span");
      write(words, [" your move from here: you chose to " + actionWords(found.played_label) + "."]);
      head.appendChild(badge(found));
      head.appendChild(words);
      var reason = document.createElement("p");
      write(reason, [found.reason || ""]);
      var best = document.createElement("p");
      write(best, [lossWords(found)]);
      entry.appendChild(head); entry.appendChild(reason); entry.appendChild(best);
    }

    function poll() {
      call("GET", gamePath(id, "/review")).then(function (result) {
        if (result.ok) { show(result.data); } else { status.textContent = "The review could not be loaded: " + errorOf(result) + "."; }
      }, function () { status.textContent = "The server could not be reached."; });
    }

    button.addEventListener("click", function () {
      button.hidden = true;
      status.textContent = "Starting the review…";
      call("POST", gamePath(id, "/review")).then(function (result) {
        if (result.ok) { show(result.data); } else { button.hidden = false; status.textContent = "No review: " + errorOf(result) + "."; }
      }, function () { button.hidden = false; status.textContent = "The server could not be reached."; });
    });
    panel.hidden = false;
    poll();
  }

  function start() {
    var area = byId("hint-area");
    if (area) { initHints(area); }
    var panel = byId("review-panel");
    if (panel) { initReview(panel); }
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
}());
