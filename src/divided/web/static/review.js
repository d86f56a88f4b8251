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

  // -- the table: hints ------------------------------------------------------------------------
  function initHints(area) {
    var id = area.getAttribute("data-game-id");
    var button = byId("hint-button");
    var out = byId("hint-output");
    var used = byId("hint-used");
    function showUsed(n) { used.textContent = n === 1 ? "1 hint used in this game." : n + " hints used in this game."; }
    call("GET", gamePath(id, "/hint")).then(function (result) {
      if (!result.ok || !result.data || !result.data.allowed) { return; }
      area.hidden = false;
      showUsed(result.data.used);
    });
    // a hint is for one decision: clear it when the table shows a new prompt
    var prompt = byId("prompt");
    if (prompt && window.MutationObserver) {
      new MutationObserver(function () { out.textContent = ""; }).observe(prompt, { childList: true, characterData: true, subtree: true });
    }
    button.addEventListener("click", function () {
      button.disabled = true;
      out.textContent = "The Expert is thinking…";
      call("POST", gamePath(id, "/hint")).then(function (result) {
        button.disabled = false;
        if (!result.ok) { out.textContent = "No hint: " + errorOf(result) + "."; return; }
        out.textContent = "The Expert would " + result.data.label + " (about " + pct(result.data.value) + " to win).";
        showUsed(result.data.used);
      }, function () {
        button.disabled = false;
        out.textContent = "No hint: the server could not be reached.";
      });
    });
  }

  // -- the replay: the review ------------------------------------------------------------------
  var GRADES = { best: "Best", good: "Good", close: "A close call (not graded)", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };

  function initReview(panel) {
    var id = panel.getAttribute("data-game-id");
    var here = Number(panel.getAttribute("data-move-number"));
    var button = byId("review-button");
    var status = byId("review-status");
    var progress = byId("review-progress");
    var entry = byId("review-entry");
    var timer = null;

    function show(body) {
      var st = body.status;
      progress.hidden = st !== "running";
      if (st === "running") {
        progress.max = Math.max(body.total, 1);
        progress.value = body.done;
        status.textContent = "Reviewing: " + body.done + " of " + (body.total || "?") + " decisions.";
      } else if (st === "done") {
        status.textContent = "Reviewed by the Expert: " + body.total + " decisions.";
      } else if (st === "failed") {
        status.textContent = "The review stopped (" + body.error + "); " + body.done + " of " + body.total + " decisions scored. You can try again.";
      } else {
        status.textContent = "Not reviewed yet.";
      }
      button.hidden = st === "done" || st === "running";
      button.textContent = st === "failed" ? "Try the review again" : "Review this game";
      showEntry(body.moves || []);
      if (st === "running" && timer === null) {
        timer = window.setTimeout(function () { timer = null; poll(); }, 700);
      }
    }

    function showEntry(moves) {
      while (entry.firstChild) { entry.removeChild(entry.firstChild); }
      var found = null;
      moves.forEach(function (m) { if (m.move_number === here) { found = m; } });
      if (!found) { entry.hidden = true; return; }
      entry.hidden = false;
      var head = document.createElement("p");
      head.className = "review-grade grade-" + found.grade;
      head.textContent = "Your move from here, " + (GRADES[found.grade] || found.grade).toLowerCase() + ": you played " + found.played_label + ".";
      var reason = document.createElement("p");
      reason.textContent = found.reason;
      var best = document.createElement("p");
      best.textContent = found.played === found.best
        ? "The Expert's choice too."
        : "The Expert's choice: " + found.best_label + "; you lost " + Math.round(found.loss * 100) + " points of win chance" +
          (found.loss_error ? " (give or take " + (found.loss_error * 100).toFixed(1) + ")" : "") + ".";
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
