/* Divided Ranks in the browser: the lobby, the settings page and the table.
 *
 * Hand-written, no framework, no build step. The server is authoritative: the table shows
 * only what GET /api/games/{id} returns and sends moves as the number of one of the
 * state's `legal` actions. Cards and settings helpers live in cards.js (DividedCards).
 */
(function () {
  "use strict";

  var C = window.DividedCards;
  var settings = C.loadSettings();

  // -- small DOM helpers -----------------------------------------------------------------
  function el(tag, attrs) {
    var node = document.createElement(tag);
    var children = Array.prototype.slice.call(arguments, 2);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) { return; }
        if (key === "text") { node.textContent = value; }
        else if (key === "class") { node.className = value; }
        else if (key.slice(0, 2) === "on" && typeof value === "function") {
          node.addEventListener(key.slice(2), value);
        } else if (value === true) { node.setAttribute(key, ""); }
        else { node.setAttribute(key, String(value)); }
      });
    }
    append(node, children);
    return node;
  }

  function append(node, children) {
    children.forEach(function (child) {
      if (child === null || child === undefined || child === false) { return; }
      if (Array.isArray(child)) { append(node, child); return; }
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
    return node;
  }

  function byId(id) { return document.getElementById(id); }

  // -- cards ------------------------------------------------------------------------------
  function faceParts(code, extra) {
    return [
      el("span", { class: "card-rank", "aria-hidden": "true", text: C.rankLabel(code) }),
      el("span", { class: "card-suit", "aria-hidden": "true", text: C.suitGlyph(code) }),
      extra || null
    ];
  }

  /** A card face (not interactive). opts.known adds the "known" marker. */
  function cardFace(code, opts) {
    opts = opts || {};
    var name = C.words(code) + (opts.known ? ", known to the bot" : "");
    return el("span", {
      class: "card suit-" + C.suitName(code) + (opts.known ? " is-known" : "") + (opts.small ? " small" : ""),
      role: "img", "aria-label": name
    }, faceParts(code, opts.known ? el("span", { class: "known-tag", "aria-hidden": "true", text: "known" }) : null));
  }

  /** A card that is a button (split picks, build moves). */
  function cardButton(code, opts) {
    var attrs = {
      type: "button",
      class: "card card-button suit-" + C.suitName(code) + (opts.known ? " is-known" : "") +
        (opts.className ? " " + opts.className : ""),
      "aria-label": opts.label || C.words(code),
      "data-focus": opts.focusKey || ("card-" + code),
      onclick: opts.onclick
    };
    if (opts.pressed !== undefined) { attrs["aria-pressed"] = opts.pressed ? "true" : "false"; }
    if (opts.describedby) { attrs["aria-describedby"] = opts.describedby; }
    var tag = opts.tag ? el("span", { class: "pick-tag", "aria-hidden": "true", text: opts.tag }) : null;
    var known = opts.known ? el("span", { class: "known-tag", "aria-hidden": "true", text: "known" }) : null;
    return el("button", attrs, faceParts(code, [known, tag]));
  }

  function cardBack(label) {
    return el("span", { class: "card back", role: "img", "aria-label": label || "a face-down card" });
  }

  /** Free text with card codes drawn as small inline cards. */
  function richText(text) {
    var frag = document.createDocumentFragment();
    C.tokenize(text || "").forEach(function (part) {
      if (part.card) {
        frag.appendChild(chip(part.card));
      } else {
        frag.appendChild(document.createTextNode(part.text));
      }
    });
    return frag;
  }

  /** A compact card (rank and suit symbol in a small box) for lists and tables. */
  function chip(code) {
    return el("span", {
      class: "inline-card suit-" + C.suitName(code), role: "img", "aria-label": C.words(code)
    }, el("span", { "aria-hidden": "true", text: C.label(code) }));
  }

  function chips(codes) {
    return el("span", { class: "chips" }, codes.map(chip));
  }

  function cardList(codes) {
    return codes.map(C.label).join(" ");
  }

  function spokenList(codes) {
    var names = codes.map(C.words);
    if (names.length <= 1) { return names.join(""); }
    return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  // -- HTTP ---------------------------------------------------------------------------------
  function request(method, path, body) {
    var init = {
      method: method,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      cache: "no-store"
    };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        return { status: response.status, ok: response.ok, data: data };
      });
    });
  }

  function errorText(result, fallback) {
    if (result && result.data && typeof result.data.error === "string") { return result.data.error; }
    if (result && result.data && typeof result.data.detail === "string") { return result.data.detail; }
    return fallback;
  }

  var NETWORK_ERROR = "Could not reach the server. Check your connection and try again.";

  // -- words ---------------------------------------------------------------------------------
  var BOT_NAMES = { random: "Random", skilled: "Skilled", expert: "Expert" };
  var SWAP_NAMES = { blind: "blind swap", "face-up": "face-up swap" };
  var PHASE_NAMES = {
    split: "splitting", choose: "choosing", reserve: "at the reserve", build: "building", over: "finished"
  };

  function botName(bot) { return BOT_NAMES[bot] || String(bot || "bot"); }

  function formatTime(value) {
    if (value === null || value === undefined || value === "") { return ""; }
    var date = typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
    if (isNaN(date.getTime())) { return String(value); }
    try {
      return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
    } catch (e) {
      return date.toLocaleString();
    }
  }

  function resultText(game) {
    var r = game.result;
    var winner = r && typeof r === "object" ? r.winner : r;
    if (!game.over && (r === null || r === undefined)) { return "In play, " + (PHASE_NAMES[game.phase] || game.phase); }
    if (winner === "you" || winner === "win" || winner === "won") { return "You won"; }
    if (winner === "bot" || winner === "loss" || winner === "lost") { return "The bot won"; }
    if (winner === null || winner === "draw" || winner === "drawn") { return game.over ? "Drawn" : "In play"; }
    return String(winner);
  }

  // ==========================================================================================
  // Lobby
  // ==========================================================================================
  function initLobby() {
    var form = byId("new-game");
    var status = byId("new-game-status");
    var button = byId("start-game");
    setRadio(form, "bot", settings.bot);
    setRadio(form, "swap", settings.swap);
    setRadio(form, "first_splitter", settings.firstSplitter);
    setRadio(form, "reserve_order", settings.reserveOrder);
    var hints = hintsBox(form, button);

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (button.disabled) { return; }
      var body = {
        bot: radioValue(form, "bot"),
        swap: radioValue(form, "swap"),
        first_splitter: radioValue(form, "first_splitter"),
        reserve_order: radioValue(form, "reserve_order"),
        hints: hints.checked
      };
      button.disabled = true;
      status.textContent = "Shuffling and dealing…";
      startGame(body, function (message) {
        status.textContent = message;
        button.disabled = false;
      });
    });
    loadGames();
  }

  // The "Allow hints" checkbox of the new-game form (off by default): the form's own if it
  // has one, else one added before the start button.
  function hintsBox(form, button) {
    var box = form.querySelector('input[name="hints"]');
    if (box) { return box; }
    box = el("input", { type: "checkbox", name: "hints", id: "new-game-hints" });
    var label = el("label", { for: "new-game-hints", class: "hints-option" });
    label.appendChild(box);
    label.appendChild(document.createTextNode(" Allow hints (the Expert suggests a move when you ask; the game records how many you used)"));
    var holder = el("p", null, label);
    button.parentNode.insertBefore(holder, button);
    return box;
  }

  // The Expert's hint and review panels (table and replay pages) have their own script and
  // styles, loaded only where such a panel is on the page.
  function loadReviewAssets() {
    var panel = byId("hint-area") || byId("review-panel");
    if (!panel || byId("review-script")) { return; }
    var base = panel.getAttribute("data-assets") || "/static";
    var v = encodeURIComponent(panel.getAttribute("data-v") || "");
    document.head.appendChild(el("link", { rel: "stylesheet", href: base + "/review.css?v=" + v }));
    document.head.appendChild(el("script", { id: "review-script", src: base + "/review.js?v=" + v }));
  }

  function startGame(body, onError) {
    request("POST", "/api/games", body).then(function (result) {
      if ((result.status === 201 || result.status === 200) && result.data && result.data.id !== undefined) {
        window.location.assign("/games/" + encodeURIComponent(result.data.id));
      } else {
        onError("The game could not be started: " + errorText(result, "the server said no (" + result.status + ")."));
      }
    }, function () { onError(NETWORK_ERROR); });
  }

  function setRadio(form, name, value) {
    var input = form.querySelector('input[name="' + name + '"][value="' + value + '"]');
    if (input) { input.checked = true; }
  }

  function radioValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : undefined;
  }

  function loadGames() {
    var box = byId("games");
    request("GET", "/api/games").then(function (result) {
      box.setAttribute("aria-busy", "false");
      clear(box);
      if (!result.ok || !result.data || !Array.isArray(result.data.games)) {
        box.appendChild(el("p", { class: "muted", text: "Your games could not be loaded: " + errorText(result, "status " + result.status) }));
        return;
      }
      var games = result.data.games;
      if (!games.length) {
        box.appendChild(el("p", { class: "muted", text: "No games yet. Start one above." }));
        return;
      }
      var rows = games.map(function (game) {
        var swap = game.options && game.options.swap;
        var link = "/games/" + encodeURIComponent(game.id);
        var verb = game.over ? "See the result" : "Resume";
        return el("tr", null,
          el("td", { "data-label": "Last played" }, el("time", { datetime: String(game.updated || game.created || "") }, formatTime(game.updated || game.created))),
          el("td", { "data-label": "Bot", text: botName(game.bot) }),
          el("td", { "data-label": "Swap", text: swap ? (swap === "face-up" ? "Face up" : "Blind") : "" }),
          el("td", { "data-label": "State", text: resultText(game) }),
          el("td", { class: "actions-cell" }, el("a", { href: link, class: "button-link" + (game.over ? "" : " primary") }, verb,
            el("span", { class: "visually-hidden", text: ": game against the " + botName(game.bot) + " bot, " + formatTime(game.created) })),
            game.over ? el("a", { href: link + "/replay", class: "button-link" }, "Replay",
              el("span", { class: "visually-hidden", text: ": game against the " + botName(game.bot) + " bot, " + formatTime(game.created) })) : null)
        );
      });
      box.appendChild(el("div", { class: "table-scroll" },
        el("table", { class: "games stack" },
          el("caption", { class: "visually-hidden", text: "Your games, newest first" }),
          el("thead", null, el("tr", null,
            el("th", { scope: "col", text: "Last played" }),
            el("th", { scope: "col", text: "Bot" }),
            el("th", { scope: "col", text: "Swap" }),
            el("th", { scope: "col", text: "State" }),
            el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: "Open" })))),
          el("tbody", null, rows))));
    }, function () {
      box.setAttribute("aria-busy", "false");
      clear(box).appendChild(el("p", { class: "muted", text: NETWORK_ERROR }));
    });
  }

  // ==========================================================================================
  // Settings page
  // ==========================================================================================
  function initSettings() {
    var form = byId("settings-form");
    var status = byId("settings-status");
    var preview = byId("settings-preview");
    var timer = null;

    function fill() {
      Object.keys(C.DEFAULTS).forEach(function (key) {
        var input = form.elements[key];
        if (!input) { return; }
        if (input.type === "checkbox") { input.checked = !!settings[key]; } else { input.value = settings[key]; }
      });
    }

    function say(text) {
      status.textContent = text;
      if (timer) { window.clearTimeout(timer); }
      timer = window.setTimeout(function () { status.textContent = ""; }, 4000);
    }

    form.addEventListener("change", function (event) {
      var input = event.target;
      if (!input.name || !(input.name in C.DEFAULTS)) { return; }
      settings[input.name] = input.type === "checkbox" ? input.checked : input.value;
      C.applySettings(settings);
      say(C.saveSettings(settings) ? "Saved." : "This browser would not store the setting; it lasts until you leave the page.");
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    byId("settings-reset").addEventListener("click", function () {
      settings = C.loadSettings();
      Object.keys(C.DEFAULTS).forEach(function (key) { settings[key] = C.DEFAULTS[key]; });
      C.saveSettings(settings);
      C.applySettings(settings);
      fill();
      say("The defaults are back.");
    });
    ["As", "Kh", "Qd", "Jc", "Jk"].forEach(function (code) { preview.appendChild(cardFace(code, { known: code === "Kh" })); });
    fill();
  }

  // ==========================================================================================
  // The table
  // ==========================================================================================
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

  var T = {
    id: null,
    state: null,
    busy: false,
    pacing: null,      // {timer, queue, next} while the bot's moves are being shown one by one
    confirm: null,     // {message, yes, action} while asking for a confirmation
    picks: [],         // split: the cards picked for the face-up pair
    rows: null,        // build: [hand 1, hand 2] as arrays of card codes
    rowsFor: null,     // the move number the rows belong to
    logShown: 0,
    openDetails: {}
  };

  function initTable() {
    T.id = byId("main").getAttribute("data-game-id");
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && T.confirm) { event.preventDefault(); cancelConfirm(); }
    });
    fetchState(null);
  }

  function gamePath(suffix) {
    return "/api/games/" + encodeURIComponent(T.id) + (suffix || "");
  }

  function fetchState(notice) {
    setBusy(true);
    return request("GET", gamePath()).then(function (result) {
      setBusy(false);
      if (result.ok && result.data) {
        T.state = result.data;
        T.logShown = (result.data.log || []).length;
        T.confirm = null;
        render();
        if (notice) { showAlert(notice, "notice"); }
        announce((notice ? notice + " " : "") + turnSentence(T.state));
        return;
      }
      if (result.status === 404) { showMissing(); return; }
      showAlert("The game could not be loaded: " + errorText(result, "status " + result.status) + ".", "error",
        { label: "Try again", onclick: function () { fetchState(null); } });
    }, function () {
      setBusy(false);
      showAlert(NETWORK_ERROR, "error", { label: "Try again", onclick: function () { fetchState(notice); } });
    });
  }

  function showMissing() {
    byId("whose-turn").textContent = "";
    byId("prompt").textContent = "There is no such game in this browser.";
    byId("hint").textContent = "Games belong to the browser that started them. Start a new one from the Play page.";
    ["opponent-area", "centre", "action-area", "your-area", "knowledge", "log-area"].forEach(function (id) {
      byId(id).hidden = true;
    });
    var controls = byId("turn");
    controls.appendChild(el("p", null, el("a", { href: "/", class: "button-link primary", text: "Go to Play" })));
    announce("There is no such game in this browser.");
  }

  // -- announcing ---------------------------------------------------------------------------
  var announceTimer = null;
  function announce(text) {
    var region = byId("announcer");
    if (!region) { return; }
    // Clear first so that repeating the same words is still read out.
    region.textContent = "";
    if (announceTimer) { window.clearTimeout(announceTimer); }
    announceTimer = window.setTimeout(function () { region.textContent = C.spoken(text); }, 60);
  }

  function showAlert(message, kind, action) {
    var box = byId("alert");
    clear(box);
    box.className = "alert " + (kind || "error");
    box.appendChild(el("p", null, richText(message)));
    if (action) {
      box.appendChild(el("button", { type: "button", class: kind === "error" ? "primary" : "", onclick: action.onclick, text: action.label }));
    }
    box.appendChild(el("button", { type: "button", class: "link-button", onclick: hideAlert, text: "Dismiss" }));
    box.hidden = false;
  }

  function hideAlert() {
    var box = byId("alert");
    box.hidden = true;
    clear(box);
  }

  function turnSentence(s) {
    if (s.phase === "over") { return (s.outcome && s.outcome.description) || outcomeHeadline(s.outcome) + "."; }
    if (s.bot_error) { return "The bot could not move: " + s.bot_error; }
    if (s.to_move === "you") { return "Your turn. " + (s.prompt || ""); }
    return s.prompt || "Waiting for the bot.";
  }

  // -- moves --------------------------------------------------------------------------------
  function setBusy(busy) {
    T.busy = busy;
    var main = byId("main");
    if (main) { main.setAttribute("aria-busy", busy ? "true" : "false"); }
    var controls = byId("controls");
    if (!controls) { return; }
    controls.querySelectorAll("button, input, select").forEach(function (node) {
      if (busy) {
        if (!node.disabled) { node.setAttribute("data-busy-disabled", ""); node.disabled = true; }
      } else if (node.hasAttribute("data-busy-disabled")) {
        node.removeAttribute("data-busy-disabled");
        node.disabled = false;
      }
    });
    var alertButtons = byId("alert").querySelectorAll("button.primary");
    alertButtons.forEach(function (node) { node.disabled = busy; });
  }

  /** Play a legal action, asking first when it is blind or final (unless turned off). */
  function play(action, confirmation) {
    if (T.busy || T.pacing || !action) { return; }
    if (confirmation && settings.confirm) {
      T.confirm = { message: confirmation.message, yes: confirmation.yes, action: action, back: confirmation.back };
      renderControls();
      var yes = byId("confirm-yes");
      if (yes) { yes.focus(); }
      announce(confirmation.message);
      return;
    }
    T.confirm = null;
    submit(action);
  }

  function cancelConfirm() {
    var back = T.confirm && T.confirm.back;
    T.confirm = null;
    renderControls();
    focusKey(back);
    announce("Cancelled. " + (T.state.prompt || ""));
  }

  /** The header while a move is with the server. After a split the bot is to choose at once;
   * otherwise the bot may or may not be next, and an answer that takes a moment is the bot
   * thinking (the server answers a move with the bot's replies). */
  function showMoveSent(s) {
    var whose = byId("whose-turn");
    var prompt = byId("prompt");
    function botsTurn() {
      whose.className = "whose-turn bots";
      whose.textContent = "The bot's turn";
      clear(prompt).appendChild(document.createTextNode("The bot is thinking…"));
      byId("hint").textContent = "";
    }
    if (s.phase === "split") { botsTurn(); return null; }
    whose.className = "whose-turn";
    whose.textContent = "Move sent";
    byId("hint").textContent = "";
    return window.setTimeout(botsTurn, 400);
  }

  function submit(action) {
    if (T.busy) { return; }
    var s = T.state;
    hideAlert();
    setBusy(true);
    var thinking = showMoveSent(s);
    function done() {
      if (thinking) { window.clearTimeout(thinking); thinking = null; }
      if (T.state === s) { renderHeader(s); }  // not answered with a new state: the old header again
    }
    request("POST", gamePath("/moves"), { move_number: s.move_number, action: action.action }).then(function (result) {
      done();
      setBusy(false);
      if (result.ok && result.data) { receive(result.data); return; }
      if (result.status === 409) {
        fetchState("This page was out of date, so it has been refreshed. Check the table and make your move again.");
        return;
      }
      if (result.status === 404) { showMissing(); return; }
      var prefix = result.status >= 500 ? "The server had a problem: " : "That move was not accepted: ";
      showAlert(prefix + errorText(result, "status " + result.status) + ".", "error");
      announce(prefix + errorText(result, ""));
      renderControls();
    }, function () {
      done();
      setBusy(false);
      showAlert(NETWORK_ERROR + " Your move was not sent.", "error");
      announce(NETWORK_ERROR);
      renderControls();
    });
  }

  function retryBot() {
    if (T.busy) { return; }
    hideAlert();
    setBusy(true);
    announce("Asking the bot to try again.");
    request("POST", gamePath("/bot"), { move_number: T.state.move_number }).then(function (result) {
      setBusy(false);
      if (result.ok && result.data) { receive(result.data); return; }
      if (result.status === 409) { fetchState("This page was out of date, so it has been refreshed."); return; }
      showAlert("The bot still could not move: " + errorText(result, "status " + result.status) + ".", "error");
      render();
    }, function () {
      setBusy(false);
      showAlert(NETWORK_ERROR, "error");
      render();
    });
  }

  /** A new state from the server: show the new log entries (pacing the bot's), then the table. */
  function receive(state) {
    var old = T.state;
    byId("log").querySelectorAll("li.new").forEach(function (item) { item.classList.remove("new"); });
    var log = state.log || [];
    var start = T.logShown;
    if (old && old.log && !isPrefix(old.log.slice(0, start), log)) { start = 0; }
    var fresh = log.slice(start);
    T.state = state;
    T.picks = [];
    var delay = C.PACE_MS[settings.pace] || 0;
    var botEntries = fresh.filter(isBots).length;
    if (!delay || botEntries === 0) {
      finishReceive(fresh);
      return;
    }
    // Pace the bot's moves: the table keeps its old look (controls off) while the log
    // entries appear and are announced one at a time.
    T.pacing = { queue: fresh.slice(), timer: null, spoken: [] };
    setBusy(true);
    renderPacing();
    stepPacing(delay);
  }

  function isPrefix(a, b) {
    if (a.length > b.length) { return false; }
    for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { return false; } }
    return true;
  }

  /** Log lines about the human's own moves ("You took…", "Round 2: you split…"). */
  function isMine(entry) { return /^(round \d+: )?you\b/i.test(String(entry)); }

  /** Log lines about the bot's moves: the ones paced one by one. */
  function isBots(entry) { return /^(round \d+: )?the bot\b/i.test(String(entry)); }

  function stepPacing(delay) {
    var p = T.pacing;
    if (!p) { return; }
    if (!p.queue.length) { endPacing(); return; }
    var entry = p.queue.shift();
    appendLog(entry, true);
    T.logShown += 1;
    if (!isBots(entry)) { stepPacing(delay); return; }
    announce(entry);
    p.timer = window.setTimeout(function () { stepPacing(delay); }, delay);
  }

  function endPacing() {
    var p = T.pacing;
    if (!p) { return; }
    if (p.timer) { window.clearTimeout(p.timer); }
    var rest = p.queue;
    T.pacing = null;
    setBusy(false);
    finishReceive(rest, true);
  }

  function finishReceive(fresh, afterPacing) {
    var focusWasInControls = byId("controls").contains(document.activeElement) ||
      document.activeElement === document.body || document.activeElement === byId("main");
    fresh.forEach(function (entry) { appendLog(entry, true); });
    T.logShown = (T.state.log || []).length;
    render();
    var parts = afterPacing ? [] : fresh.filter(function (entry) { return !isMine(entry); });
    var sentence = turnSentence(T.state);
    if (parts[parts.length - 1] !== sentence) { parts.push(sentence); }
    announce(parts.join(" "));
    if (focusWasInControls) { focusFirstControl(); }
  }

  function renderPacing() {
    var controls = clear(byId("controls"));
    controls.appendChild(el("p", { class: "pacing" },
      el("span", { class: "spinner", "aria-hidden": "true" }), " The bot is playing…"));
    controls.appendChild(el("button", {
      type: "button", class: "link-button", "data-focus": "skip-pacing",
      onclick: function () { endPacing(); }, text: "Show everything now"
    }));
    var skip = controls.querySelector("button");
    if (byId("controls").contains(document.activeElement) || document.activeElement === document.body) { skip.focus(); }
  }

  // -- focus -------------------------------------------------------------------------------
  function currentFocusKey() {
    var active = document.activeElement;
    return active && active.getAttribute ? active.getAttribute("data-focus") : null;
  }

  function focusKey(key) {
    if (!key) { return false; }
    var node = document.querySelector('[data-focus="' + key + '"]');
    if (node && !node.disabled) { node.focus(); return true; }
    return false;
  }

  function focusFirstControl() {
    var node = byId("controls").querySelector("button:not([disabled]), a[href], input:not([disabled])");
    if (node) { node.focus(); } else { byId("prompt").focus(); }
  }

  // -- rendering ----------------------------------------------------------------------------
  function render() {
    var s = T.state;
    if (!s) { return; }
    var key = currentFocusKey();
    renderHeader(s);
    renderOpponent(s);
    renderCentre(s);
    renderControls();
    renderYourHand(s);
    renderKnowledge(s);
    syncLog();
    if (key) { focusKey(key); }
  }

  function roundNumber(s) {
    if (s.phase !== "split" && s.phase !== "choose") { return null; }
    var held = (s.hand || []).length + ((s.opponent && s.opponent.size) || 0);
    return Math.min(5, Math.floor(held / 4) + 1);
  }

  function renderHeader(s) {
    var main = byId("main");
    main.setAttribute("data-phase", s.phase || "");
    main.setAttribute("data-to-move", s.to_move || "");
    var parts = [botName(s.bot) + " bot"];
    if (s.options && s.options.swap) { parts.push(SWAP_NAMES[s.options.swap] || s.options.swap); }
    var order = s.options && s.options.reserve_order;
    if (order === "coin") { parts.push("reserve order by coin"); }
    else if (order === "splitter-first") { parts.push("three-time splitter first at the reserve"); }
    var round = roundNumber(s);
    if (round) { parts.push("round " + round + " of 5"); }
    else if (s.phase === "reserve") { parts.push("the reserve"); }
    else if (s.phase === "build") { parts.push("building"); }
    else if (s.phase === "over") { parts.push("showdown"); }
    byId("game-meta").textContent = "· " + parts.join(" · ");
    document.title = "Game: " + (PHASE_NAMES[s.phase] || s.phase) + " · Divided Ranks";

    var whose = byId("whose-turn");
    whose.className = "whose-turn";
    if (s.phase === "over") { whose.textContent = "Game over"; whose.classList.add("over"); }
    else if (s.bot_error) { whose.textContent = "The bot is stuck"; whose.classList.add("stuck"); }
    else if (s.to_move === "you") { whose.textContent = "Your turn"; whose.classList.add("yours"); }
    else if (s.to_move === "bot") { whose.textContent = "The bot's turn"; whose.classList.add("bots"); }
    else { whose.textContent = ""; }
    var prompt = clear(byId("prompt"));
    prompt.appendChild(richText(s.phase === "over" ? outcomeHeadline(s.outcome) : (s.prompt || "")));
    byId("hint").textContent = s.to_move === "you" || s.phase === "over" ? (HINTS[s.phase] || "") : "";
  }

  /** The bot's hand as the player knows it (from the books; older states have only `known`). */
  function opponentBooks(s) {
    var opp = s.opponent || { known: [], unknown: 0, size: 0 };
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
      s.stock_size > 0 ? el("span", { class: "card back stack", role: "img", "aria-label": s.stock_size + " cards in the stock" })
        : el("span", { class: "card empty", role: "img", "aria-label": "the stock is empty" }),
      el("span", { class: "pile-count", "aria-hidden": "true", text: s.stock_size + " left" }));
    var reserveKnown = s.reserve && s.reserve.known;
    var reserve = el("div", { class: "pile" },
      el("span", { class: "pile-label", text: "Reserve" }),
      reserveKnown ? cardFace(reserveKnown) : cardBack("the reserve, face down"),
      el("span", { class: "pile-count", text: reserveKnown ? (s.reserve.worked_out ? "worked out" : "seen") : "face down" }));
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
    (s.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    var cards = C.sortCards(s.hand || []);
    cards.forEach(function (code) { hand.appendChild(cardFace(code, { known: !!knownSet[code] })); });
    var knownCount = cards.filter(function (c) { return knownSet[c]; }).length;
    byId("your-summary").textContent = cards.length ?
      cards.length + " card" + (cards.length === 1 ? "" : "s") + ". " +
      (knownCount ? knownCount + " marked known: the bot can be sure you hold them." : "The bot cannot be sure of any of them.") :
      "No cards yet.";
  }

  // -- controls per phase -------------------------------------------------------------------
  function legal(kind) {
    return (T.state.legal || []).filter(function (a) { return a.kind === kind; });
  }

  function renderControls() {
    var s = T.state;
    var box = clear(byId("controls"));
    var heading = byId("action-heading");
    if (T.pacing) { renderPacing(); return; }
    if (T.confirm) { heading.textContent = "Please confirm"; renderConfirm(box); return; }
    if (s.phase === "over") { heading.textContent = "Showdown"; renderShowdown(box, s); return; }
    if (s.bot_error) {
      heading.textContent = "The bot is stuck";
      box.appendChild(el("p", { text: "The bot hit a problem while choosing its move. Nothing is lost: ask it to try again." }));
      box.appendChild(el("button", { type: "button", class: "primary", "data-focus": "retry-bot", onclick: retryBot, text: "Let the bot try again" }));
      return;
    }
    if (s.to_move !== "you") {
      heading.textContent = "Waiting";
      box.appendChild(el("p", { text: "The bot is to move." }));
      box.appendChild(el("button", { type: "button", "data-focus": "refresh", onclick: function () { fetchState(null); }, text: "Check again" }));
      return;
    }
    heading.textContent = "Your move";
    if (s.phase === "split") { renderSplit(box, s); }
    else if (s.phase === "choose") { renderChoose(box, s); }
    else if (s.phase === "reserve") { renderReserve(box, s); }
    else if (s.phase === "build") { renderBuild(box, s); }
    if (T.busy) { setBusy(true); }
  }

  function renderConfirm(box) {
    var c = T.confirm;
    box.appendChild(el("div", { class: "confirm", role: "group", "aria-labelledby": "confirm-question" },
      el("p", { id: "confirm-question", class: "confirm-question" }, richText(c.message)),
      el("div", { class: "button-row" },
        el("button", { type: "button", class: "primary", id: "confirm-yes", "data-focus": "confirm-yes",
          onclick: function () { var a = c.action; T.confirm = null; submit(a); renderControls(); }, text: c.yes }),
        el("button", { type: "button", "data-focus": "confirm-no", onclick: cancelConfirm, text: "Go back" })),
      el("p", { class: "help", text: "You can turn these questions off in Settings." })));
  }

  // Split: pick the face-up pair from the four drawn cards.
  function renderSplit(box, s) {
    var drawn = C.sortCards((s.table && s.table.drawn) || []);
    var picks = T.picks.filter(function (c) { return drawn.indexOf(c) >= 0; });
    T.picks = picks;
    box.appendChild(el("p", { id: "split-help", class: "help",
      text: "Press two cards to put them face up. Press a picked card again to put it back." }));
    var row = el("div", { class: "card-row pick-row", role: "group", "aria-label": "The four cards you drew" });
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
    box.appendChild(el("div", { class: "button-row" },
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
    var row = el("div", { class: "button-row big" });
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
    var known = s.reserve && s.reserve.known;
    var blind = !known;
    var keep = legal("keep")[0];
    var gives = legal("give");
    var list = el("ul", { class: "swap-options" });
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
    if (T.rows && T.rowsFor === s.move_number && C.sameSet(T.rows[0].concat(T.rows[1]), s.hand || [])) { return; }
    var saved = null;
    try { saved = JSON.parse(window.sessionStorage.getItem(rowsKey(s)) || "null"); } catch (e) { saved = null; }
    if (saved && saved.length === 2 && C.sameSet(saved[0].concat(saved[1]), s.hand || [])) {
      T.rows = [C.sortCards(saved[0]), C.sortCards(saved[1])];
    } else {
      var hand = C.sortCards(s.hand || []);
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

  /** The result key scoring compares for two rows (larger is better). */
  function resultKey(rows) {
    var a = C.handKey(rows[0]);
    var b = C.handKey(rows[1]);
    if (!a || !b) { return null; }
    var weak = C.weakerRow(rows[0], rows[1]) === 0 ? a : b;
    var strong = weak === a ? b : a;
    var scoring = (T.state.options && T.state.options.scoring) || "categories-first";
    if (scoring === "weaker-first") { return weak.concat([99], strong); }
    return [weak[0], strong[0]].concat(weak, [99], strong);
  }

  function rowStatus(rows, index) {
    var row = rows[index];
    if (row.length !== 5) { return { text: row.length + " cards: a hand needs 5", role: null, category: null }; }
    var other = rows[1 - index];
    var category = C.categoryName(row);
    var role = other.length === 5 ? (C.weakerRow(rows[0], rows[1]) === index ? "weaker" : "stronger") : null;
    return { text: category + (role ? " · " + role : ""), role: role, category: category };
  }

  function renderBuild(box, s) {
    ensureRows(s);
    var rows = T.rows;
    var knownSet = {};
    (s.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    box.appendChild(el("p", { id: "build-help", class: "help",
      text: "Press a card (Enter or Space) to move it to the other hand. You can also drag cards between the rows." }));
    var wrap = el("div", { class: "build-rows" });
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
    var auto = s.build && s.build.auto;
    var verdict = "";
    if (action && auto && auto.weaker && auto.stronger) {
      var mine = resultKey(rows);
      var best = resultKey([auto.weaker.cards, auto.stronger.cards]);
      verdict = mine && best && C.compareKeys(mine, best) >= 0 ? "As good as any division of these cards." :
        "Auto-arrange can do better with these cards.";
    }
    box.appendChild(el("p", { class: "build-verdict", id: "build-verdict", text: action ? verdict :
      "Each hand needs exactly five cards before you can lock them in." }));
    box.appendChild(el("div", { class: "button-row" },
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
      message += "Hand 1 has " + T.rows[0].length + " cards, hand 2 has " + T.rows[1].length + ".";
    }
    announce(message);
  }

  function autoArrange() {
    var auto = T.state.build && T.state.build.auto;
    if (!auto || T.busy) { return; }
    T.rows = [C.sortCards(auto.weaker.cards), C.sortCards(auto.stronger.cards)];
    saveRows();
    renderControls();
    focusKey("build-confirm");
    announce("Arranged: hand 1 " + (auto.weaker.category || C.categoryName(auto.weaker.cards)) + ", the weaker; hand 2 " +
      (auto.stronger.category || C.categoryName(auto.stronger.cards)) + ", the stronger. Lock them in when ready.");
  }

  // Showdown.
  function outcomeHeadline(outcome) {
    if (!outcome) { return "The game is over"; }
    if (outcome.winner === "you") { return "You win"; }
    if (outcome.winner === "bot") { return "The bot wins"; }
    return "A draw";
  }

  var STEP_NAMES = {
    "categories-first": ["Weaker hands' categories", "Stronger hands' categories", "Weaker hands card for card",
      "Stronger hands card for card"],
    "weaker-first": ["Weaker hands card for card", "Stronger hands card for card"]
  };

  function renderShowdown(box, s) {
    var o = s.outcome || {};
    box.appendChild(el("p", { class: "result result-" + (o.winner || "draw") },
      el("strong", null, richText(o.description || outcomeHeadline(o) + "."))));
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
            el("strong", { text: h.category || C.categoryName(h.cards) || "" }),
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
    var replay = "/games/" + encodeURIComponent(s.id) + "/replay";
    box.appendChild(el("div", { class: "button-row" },
      el("button", { type: "button", class: "primary", "data-focus": "again", onclick: function () { playAgain(s); }, text: "Play again" }),
      el("a", { href: replay + "?move=0", class: "button-link", id: "showdown-replay", text: "Replay this game" }),
      el("a", { href: replay + "#review-panel", class: "button-link", id: "showdown-review", text: "The Expert's review" }),
      el("a", { href: "/", class: "button-link", text: "Back to Play" })));
  }

  /** The new-game body that starts a game like ``s`` (same bot and rule options). */
  function sameGame(s) {
    var o = s.options || {};
    var body = { bot: s.bot || settings.bot };
    var first = o.first_splitter;
    body.first_splitter = first === "coin" ? "coin" : first === s.seat ? "you" :
      (first === 0 || first === 1) ? "bot" : settings.firstSplitter;
    ["swap", "reserve_order", "scoring", "rounds", "opening_seed", "build"].forEach(function (name) {
      if (o[name] !== undefined && o[name] !== null) { body[name] = o[name]; }
    });
    return body;
  }

  function playAgain(s) {
    var button = document.querySelector('[data-focus="again"]');
    if (button) { button.disabled = true; }
    startGame(sameGame(s), function (message) {
      if (button) { button.disabled = false; }
      showAlert(message, "error");
    });
  }

  // -- knowledge panel ----------------------------------------------------------------------
  function details(key, summary, content, openByDefault) {
    var open = key in T.openDetails ? T.openDetails[key] : openByDefault;
    var node = el("details", { class: "know", id: key, open: open }, el("summary", null, summary), content);
    node.addEventListener("toggle", function () { T.openDetails[key] = node.open; });
    return node;
  }

  function renderKnowledge(s) {
    var body = clear(byId("knowledge-body"));
    var k = s.knowledge || {};
    var knownSet = {};
    (s.hand_known_to_bot || []).forEach(function (c) { knownSet[c] = true; });
    var hand = C.sortCards(s.hand || []);
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

  function oddsTable(headers, rows, caption, nullLabel) {
    // focusable, so that a keyboard can scroll it when it is wider than the panel
    return el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption }, el("table", { class: "odds-table" },
      el("caption", { class: "visually-hidden", text: caption }),
      el("thead", null, el("tr", null, headers.map(function (h) { return el("th", { scope: "col", text: h }); }))),
      el("tbody", null, rows.map(function (row) {
        var head = row[0] === null || row[0] === undefined ?
          el("th", { scope: "row", text: nullLabel || "" }) :
          el("th", { scope: "row" }, chip(row[0]));
        return el("tr", null, head, row[1].map(function (v) { return el("td", { text: v }); }));
      }))));
  }

  // -- log ----------------------------------------------------------------------------------
  function appendLog(entry, isNew) {
    var list = byId("log");
    var item = el("li", { class: isNew ? "new" : "" }, richText(entry));
    list.appendChild(item);
    if (isNew) { list.scrollTop = list.scrollHeight; }
  }

  /** Make the visible log hold exactly the entries already shown. */
  function syncLog() {
    var list = byId("log");
    var log = (T.state && T.state.log) || [];
    var shown = Math.min(T.logShown, log.length);
    var items = list.children;
    var same = items.length === shown;
    for (var i = 0; same && i < shown; i++) { if (items[i].textContent !== C.pretty(log[i])) { same = false; } }
    if (same) { return; }
    clear(list);
    log.slice(0, shown).forEach(function (entry) { appendLog(entry, false); });
    list.scrollTop = list.scrollHeight;
  }

  // ==========================================================================================
  // ==========================================================================================
  // Feedback (every page) and the saved-data page
  // ==========================================================================================
  function initFeedback() {
    var form = byId("feedback-form");
    if (!form) { return; }
    var box = byId("feedback-message");
    var status = byId("feedback-status");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var message = box.value;
      if (!message.trim()) { status.textContent = "Write something first."; box.focus(); return; }
      if (message.length > 4000) { status.textContent = "That is too long: at most 4,000 characters."; return; }
      var body = { message: message, page: form.getAttribute("data-page-path") || location.pathname };
      var main = byId("main");
      var gameId = form.getAttribute("data-game-id") || (main && main.getAttribute("data-game-id"));
      if (gameId) { body.game_id = gameId; }
      status.textContent = "Sending…";
      request("POST", "/api/feedback", body).then(function (result) {
        if (result.ok) {
          box.value = "";
          status.textContent = "Thank you: your feedback is saved.";
        } else {
          status.textContent = "Not sent: " + errorText(result, "status " + result.status);
        }
      }, function () { status.textContent = NETWORK_ERROR; });
    });
  }

  function initData() {
    var form = byId("delete-data");
    if (!form) { return; }
    var status = byId("delete-status");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!byId("delete-confirm").checked) {
        status.textContent = "Tick \u201cYes, delete all of it\u201d first.";
        return;
      }
      status.textContent = "Deleting…";
      request("POST", "/api/data/delete", { confirm: true }).then(function (result) {
        status.textContent = result.ok && result.data ? result.data.message :
          "Not deleted: " + errorText(result, "status " + result.status);
      }, function () { status.textContent = NETWORK_ERROR; });
    });
  }

  /** Times written by the server (in UTC) are shown in the browser's local time, as the lobby's are. */
  function localTimes() {
    document.querySelectorAll("[data-local]").forEach(function (node) {
      var value = node.getAttribute("datetime") || node.getAttribute("data-datetime");
      if (value) { node.textContent = formatTime(value); }
    });
  }

  // ==========================================================================================
  // The replay: the same card chips, bot's hand and knowledge panel as the table
  // ==========================================================================================
  function initReplay() {
    document.querySelectorAll("[data-rich]").forEach(function (node) {
      var text = node.textContent;
      clear(node).appendChild(richText(text));
    });
    // the step's state object, as the API gives it (the page itself names no unseen card)
    var holder = byId("replay-state");
    var main = byId("main");
    if (!holder || !main) { return; }
    var path = "/api/games/" + encodeURIComponent(main.getAttribute("data-game-id")) + "/replay?move=" +
      encodeURIComponent(holder.getAttribute("data-step"));
    request("GET", path).then(function (result) {
      var step = result.ok && result.data && result.data.steps && result.data.steps[0];
      if (!step) {
        clear(byId("knowledge-body")).appendChild(el("p", { class: "help", text: "What you knew could not be loaded: " +
          errorText(result, "status " + result.status) + "." }));
        return;
      }
      renderOpponent(step.state);
      renderKnowledge(step.state);
      byId("knowledge-body").setAttribute("data-loaded", "");
    }, function () {
      clear(byId("knowledge-body")).appendChild(el("p", { class: "help", text: NETWORK_ERROR }));
    });
  }

  var page = document.body.getAttribute("data-page");
  localTimes();
  initFeedback();
  if (page === "data") { initData(); }
  if (page === "lobby") { initLobby(); }
  else if (page === "settings") { initSettings(); }
  else if (page === "table") { initTable(); }
  else if (page === "replay") { initReplay(); }
  loadReviewAssets();

  // Exposed for debugging in the console only; the page never reads it back.
  window.DividedTable = T;
})();
