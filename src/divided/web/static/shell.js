/* The web app's shell in the browser, the same for every game: the lobby, the settings page,
 * the table's frame (requests with move_number, pacing of the bots' moves, alerts, the log,
 * knowledge panels, hints, the review, history, replay and export).
 *
 * Hand-written, no framework, no build step. The server is authoritative: the table shows
 * only what GET /api/games/{id} returns and sends moves as the number of one of the
 * state's `legal` actions. What a game's table looks like is drawn by its own script
 * (static/games/<game>.js), which calls
 *   DividedShell.register(gameId, {renderTable, renderControls, renderShowdown, ...})
 * Cards and settings helpers live in cards.js (DividedCards).
 */
(function () {
  "use strict";

  var C = window.DividedCards;
  var settings = C.loadSettings();

  // -- the games' renderers ------------------------------------------------------------------
  /* A renderer: {title, renderTable(s), renderControls(box, s), renderShowdown(box, s),
   * and optionally stylesheet (true: the game has games/<game>.css beside its script),
   * renderKnowledge(body, s), renderReplay(s), meta(s) -> [words], outcome(s) -> the header's words
   * at the end, ownWayOn (true: the game draws its own buttons after the end), help {phase:
   * text}, phaseWords {phase: words}, settings {key, defaults, choices} (the game's own choices,
   * stored under its own key), lobbyDefaults(own settings) -> {field: value},
   * sameGame(s, own settings) -> new-game body, botMovesNext(s), reset()}. */
  var GAMES = {};

  function register(id, renderer) {
    if (typeof id !== "string" || !id || !renderer || typeof renderer.renderTable !== "function" ||
        typeof renderer.renderControls !== "function" || typeof renderer.renderShowdown !== "function") {
      throw new Error("DividedShell.register(id, {renderTable, renderControls, renderShowdown})");
    }
    GAMES[id] = renderer;
    if (renderer.stylesheet) { loadStylesheet(id); }
  }

  /** A game's own styles, games/<id>.css from beside its script (same version query), once per page. */
  function loadStylesheet(id) {
    var script = document.querySelector('script[src*="games/' + id + '.js"]');
    if (!script || document.getElementById(id + "-css")) { return; }
    var href = script.getAttribute("src").replace(id + ".js", id + ".css");
    document.head.appendChild(el("link", { rel: "stylesheet", id: id + "-css", href: href }));
  }

  var NO_GAME = {
    title: "the game", renderTable: function () {}, renderShowdown: function () {},
    renderControls: function (box, s) {
      box.appendChild(el("p", { text: "This page cannot draw a game of " + String(s.game) + "." }));
    }
  };

  function gameOf(s) { return (s && GAMES[s.game]) || NO_GAME; }

  /** A game's own settings (its lobby's defaults), from its own storage key. */
  function gameSettings(id) {
    var g = GAMES[id];
    return g && g.settings ? C.loadGameSettings(g.settings) : {};
  }

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

  /** Text ending in a full stop (one only: a server's message may end in one already). */
  function sentence(text) { return /[.!?]$/.test(text) ? text : text + "."; }

  function errorText(result, fallback) {
    if (result && result.data && typeof result.data.error === "string") { return result.data.error; }
    if (result && result.data && typeof result.data.detail === "string") { return result.data.detail; }
    return fallback;
  }

  var NETWORK_ERROR = "Could not reach the server. Check your connection and try again.";

  // -- words ---------------------------------------------------------------------------------
  function botName(bot) {
    var name = String(bot || "bot");
    return name.charAt(0).toUpperCase() + name.slice(1);
  }

  /** A game's name as the server gives it (``title``), else its id. */
  function gameTitle(game) {
    return String(game.title || game.game || "");
  }

  /** The first bot of a game's seats (a two-player game has one). */
  function firstBot(seats) {
    return (seats || []).filter(function (b) { return b !== null && b !== undefined; })[0] || "bot";
  }

  function phaseWords(game, phase) {
    var words = (GAMES[game] && GAMES[game].phaseWords) || {};
    return words[phase] || (phase === "over" ? "finished" : String(phase));
  }

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
    if (!game.over && (r === null || r === undefined)) { return "In play, " + phaseWords(game.game, game.phase); }
    if (winner === "you" || winner === "win" || winner === "won") { return "You won"; }
    if (winner === "bot" || winner === "loss" || winner === "lost") {
      return (game.seats || []).filter(function (b) { return b; }).length > 1 ? "A bot won" : "The bot won";
    }
    if (winner === null || winner === "draw" || winner === "drawn") {
      if (!game.over) { return "In play"; }
      return (game.seats || []).filter(function (b) { return b; }).length > 1 ? "You shared the win" : "Drawn";
    }
    return String(winner);
  }

  // ==========================================================================================
  // Lobby
  // ==========================================================================================
  function initLobby() {
    var form = byId("new-game");
    var status = byId("new-game-status");
    var button = byId("start-game");
    var gameInput = form.querySelector('input[name="game"][type="hidden"], input[name="game"]:checked');
    // a family's variant picker: another game has its own options (table sizes), so its lobby opens
    form.querySelectorAll('input[type="radio"][name="game"]').forEach(function (input) {
      input.addEventListener("change", function () {
        if (input.checked) { window.location.assign("/?game=" + encodeURIComponent(input.value)); }
      });
    });
    variantSearch(form);
    var renderer = gameInput && GAMES[gameInput.value];
    var defaults = renderer && renderer.lobbyDefaults ? renderer.lobbyDefaults(gameSettings(gameInput.value)) : {};
    Object.keys(defaults).forEach(function (name) { setRadio(form, name, defaults[name]); });
    var hints = hintsBox(form, button);

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (button.disabled) { return; }
      // every option the form offers (it is drawn from the game's lobby options)
      var body = { hints: hints.checked };
      if (gameInput) { body.game = gameInput.value; }
      form.querySelectorAll('input[type="radio"]:checked').forEach(function (input) { body[input.name] = input.value; });
      button.disabled = true;
      status.textContent = "Shuffling and dealing…";
      startGame(body, function (message) {
        status.textContent = message;
        button.disabled = false;
      });
    });
    loadGames();
  }

  // A family's variant picker with a search box: a game shows while every word typed is found in
  // its name or in what it has (the server writes both on each choice's data-search).
  function variantSearch(form) {
    var box = byId("variant-search");
    if (!box) { return; }
    var status = byId("variant-search-status");
    var choices = Array.prototype.slice.call(form.querySelectorAll("#variant-picker label.choice[data-search]"));
    function filter() {
      var words = box.value.toLowerCase().split(/[\s,]+/).filter(Boolean);
      var shown = 0;
      choices.forEach(function (label) {
        var text = label.getAttribute("data-search");
        var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
        label.hidden = !hit;
        if (hit) { shown += 1; }
      });
      status.textContent = !words.length ? "" : shown ? shown + (shown === 1 ? " game has it." : " games have it.")
        : "No game has that: try other words.";
    }
    box.addEventListener("input", filter);
  }

  // The "Allow hints" checkbox of the new-game form (off by default): the form's own if it
  // has one, else one added before the start button.
  function hintsBox(form, button) {
    // a game without an advisor (yet) offers no hints: its lobby says so with data-hints="off"
    if (form.getAttribute("data-hints") === "off") { return { checked: false }; }
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
        var bot = firstBot(game.seats);
        var link = "/games/" + encodeURIComponent(game.id);
        var verb = game.over ? "See the result" : "Resume";
        return el("tr", null,
          el("td", { "data-label": "Last played" }, el("time", { datetime: String(game.updated || game.created || "") }, formatTime(game.updated || game.created))),
          el("td", { "data-label": "Game", text: gameTitle(game) }),
          el("td", { "data-label": "Bot", text: botName(bot) }),
          el("td", { "data-label": "Rules", text: game.variant || "Standard" }),
          el("td", { "data-label": "State", text: resultText(game) }),
          el("td", { class: "actions-cell" }, el("a", { href: link, class: "button-link" + (game.over ? "" : " primary") }, verb,
            el("span", { class: "visually-hidden", text: ": " + gameTitle(game) + " against the " + botName(bot) + " bot, " + formatTime(game.created) })),
            game.over ? el("a", { href: link + "/replay", class: "button-link" }, "Replay",
              el("span", { class: "visually-hidden", text: ": " + gameTitle(game) + " against the " + botName(bot) + " bot, " + formatTime(game.created) })) : null)
        );
      });
      box.appendChild(el("div", { class: "table-scroll" },
        el("table", { class: "games stack" },
          el("caption", { class: "visually-hidden", text: "Your games, newest first" }),
          el("thead", null, el("tr", null,
            el("th", { scope: "col", text: "Last played" }),
            el("th", { scope: "col", text: "Game" }),
            el("th", { scope: "col", text: "Bot" }),
            el("th", { scope: "col", text: "Rules" }),
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
    // the games' own settings, each under its game's key; the display settings are shared
    var own = {};
    Object.keys(GAMES).forEach(function (id) { if (GAMES[id].settings) { own[id] = gameSettings(id); } });

    function ownerOf(name) {
      return Object.keys(own).filter(function (id) { return name in GAMES[id].settings.defaults; })[0] || null;
    }

    function fillFrom(values) {
      Object.keys(values).forEach(function (key) {
        var input = form.elements[key];
        if (!input) { return; }
        if (input.type === "checkbox") { input.checked = !!values[key]; } else { input.value = values[key]; }
      });
    }

    function fill() {
      fillFrom(settings);
      Object.keys(own).forEach(function (id) { fillFrom(own[id]); });
    }

    function say(text) {
      status.textContent = text;
      if (timer) { window.clearTimeout(timer); }
      timer = window.setTimeout(function () { status.textContent = ""; }, 4000);
    }

    form.addEventListener("change", function (event) {
      var input = event.target;
      var value = input.type === "checkbox" ? input.checked : input.value;
      var saved;
      if (input.name && input.name in C.DEFAULTS) {
        settings[input.name] = value;
        C.applySettings(settings);
        saved = C.saveSettings(settings);
      } else {
        var id = input.name ? ownerOf(input.name) : null;
        if (!id) { return; }
        own[id][input.name] = value;
        saved = C.saveGameSettings(GAMES[id].settings, own[id]);
      }
      say(saved ? "Saved." : "This browser would not store the setting; it lasts until you leave the page.");
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    byId("settings-reset").addEventListener("click", function () {
      Object.keys(C.DEFAULTS).forEach(function (key) { settings[key] = C.DEFAULTS[key]; });
      C.saveSettings(settings);
      C.applySettings(settings);
      Object.keys(own).forEach(function (id) {
        var spec = GAMES[id].settings;
        Object.keys(spec.defaults).forEach(function (key) { own[id][key] = spec.defaults[key]; });
        C.saveGameSettings(spec, own[id]);
      });
      fill();
      say("The defaults are back.");
    });
    ["As", "Kh", "Qd", "Jc", "Jk"].forEach(function (code) { preview.appendChild(cardFace(code, { known: code === "Kh" })); });
    fill();
  }

  // ==========================================================================================
  // The table
  // ==========================================================================================
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
    if (s.phase === "over") { return (s.result && s.result.headline) || outcomeHeadline(s.result) + "."; }
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
    var g = gameOf(s);
    if (g.botMovesNext && g.botMovesNext(s)) { botsTurn(); return null; }
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
      showAlert(sentence(prefix + errorText(result, "status " + result.status)), "error");
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
    if (gameOf(state).reset) { gameOf(state).reset(); }
    var botEntries = fresh.filter(isBots).length;
    var delay = C.paceDelay(settings.pace, botEntries);
    if (!delay) {
      finishReceive(fresh);
      return;
    }
    // Pace the bot's moves: the log entries appear and are announced one at a time (controls
    // off); where the game sends the table after each move (`steps`), the table follows the
    // log, else it keeps its old look until the end.
    T.pacing = { queue: fresh.slice(), timer: null, shown: start, steps: state.steps || [], step: null };
    setBusy(true);
    renderPacing();
    stepPacing(delay);
  }

  function isPrefix(a, b) {
    if (a.length > b.length) { return false; }
    for (var i = 0; i < a.length; i++) { if (a[i].text !== b[i].text || a[i].actor !== b[i].actor) { return false; } }
    return true;
  }

  /** Log entries of the human's own moves: the entry names the human's seat as its actor. */
  function isMine(entry) { return T.state !== null && entry.actor === T.state.seat; }

  /** Log entries of the bots' moves (another seat acted): the ones paced one by one. */
  function isBots(entry) {
    return entry.actor !== null && entry.actor !== undefined && T.state !== null && entry.actor !== T.state.seat;
  }

  function stepPacing(delay) {
    var p = T.pacing;
    if (!p) { return; }
    if (!p.queue.length) { endPacing(); return; }
    var entry = p.queue.shift();
    appendLog(entry, true);
    T.logShown += 1;
    p.shown += 1;
    if (!isBots(entry)) { stepPacing(delay); return; }
    // the rest of the lines of the same move come with it: what the table does after a bot's
    // move (a trick's finishing order, a token turning, the round's end) and, where the game
    // sends its steps, every line up to the end of that move (a reward left over and taken)
    var said = [entry.text];
    var end = stepEnd(p);
    while (p.queue.length && (end !== null ? p.shown < end : p.queue[0].actor === null || p.queue[0].actor === undefined)) {
      var follows = p.queue.shift();
      appendLog(follows, true);
      T.logShown += 1;
      p.shown += 1;
      said.push(follows.text);
    }
    showStep(p);
    announce(said.join(" "));
    var now = byId("pacing-now");
    if (now) { clear(now).appendChild(richText(entry.text)); }
    p.timer = window.setTimeout(function () { stepPacing(delay); }, delay);
  }

  /** Where the log stands at the end of the move whose line was shown last (null: no steps). */
  function stepEnd(p) {
    var ends = p.steps.map(function (step) { return step.log; }).filter(function (n) { return n >= p.shown; });
    return ends.length ? Math.min.apply(null, ends) : null;
  }

  /** The table as it stood once the log lines shown so far had happened (the last of the
   * move's `steps` no further on than the log), drawn without your controls. */
  function showStep(p) {
    var found = null;
    p.steps.forEach(function (step) { if (step.log <= p.shown) { found = step; } });
    if (!found || found === p.step) { return; }
    p.step = found;
    var view = {};
    Object.keys(T.state).forEach(function (key) { view[key] = T.state[key]; });
    view.phase = found.phase;
    view.table = found.table;
    view.to_move = "bot";
    view.legal = [];
    var main = byId("main");
    main.setAttribute("data-phase", found.phase || "");
    main.setAttribute("data-to-move", "bot");
    gameOf(view).renderTable(view);
    byId("game-meta").textContent = metaLine(view);
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
    var parts = afterPacing ? [] : fresh.filter(function (entry) { return !isMine(entry); })
      .map(function (entry) { return entry.text; });
    var sentence = turnSentence(T.state);
    if (parts[parts.length - 1] !== sentence) { parts.push(sentence); }
    announce(parts.join(" "));
    if (focusWasInControls) { focusFirstControl(); }
  }

  function renderPacing() {
    // the header says whose moves these are (not the decision you just made)
    var many = T.state && (T.state.seats || []).filter(function (b) { return b; }).length > 1;
    var whose = byId("whose-turn");
    whose.className = "whose-turn bots";
    whose.textContent = many ? "The bots' turn" : "The bot's turn";
    clear(byId("prompt")).appendChild(document.createTextNode(many ? "The bots are playing…" : "The bot is playing…"));
    byId("hint").textContent = "";
    var controls = clear(byId("controls"));
    controls.appendChild(el("p", { class: "pacing" },
      el("span", { class: "spinner", "aria-hidden": "true" }), many ? " The bots are playing…" : " The bot is playing…"));
    // the bot's move being shown, beside the controls (the log may be off the screen; the
    // announcer reads it out, so this copy is hidden from screen readers)
    controls.appendChild(el("p", { class: "pacing-now", id: "pacing-now", "aria-hidden": "true" }));
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
    var g = gameOf(s);
    renderHeader(s);
    g.renderTable(s);
    renderControls();
    if (g.renderKnowledge) { g.renderKnowledge(clear(byId("knowledge-body")), s); }
    syncLog();
    if (key) { focusKey(key); }
    revealDecision();
  }

  /** Bring the decision onto the screen when it is the player's: the nodes a game marks
   * `data-decision` (what is decided on and the control that commits it), else the controls.
   * The page scrolls only when part of it is off the screen, and then only as far as needed:
   * down until its bottom shows, or up to its top (where it is taller than the screen). */
  function revealDecision() {
    var s = T.state;
    if (!s || T.pacing || (s.to_move !== "you" && !T.confirm) || s.phase === "over") { return; }
    var nodes = Array.prototype.slice.call(document.querySelectorAll("#main [data-decision]"))
      .filter(function (n) { return n.getClientRects().length; });
    if (!nodes.length) { nodes = [byId("action-area")]; }
    var top = Infinity, bottom = -Infinity;
    nodes.forEach(function (n) {
      var r = n.getBoundingClientRect();
      top = Math.min(top, r.top);
      bottom = Math.max(bottom, r.bottom);
    });
    var margin = 8, room = window.innerHeight;
    var area = byId("action-area").getBoundingClientRect();
    if (area.top < top && bottom - area.top + 2 * margin <= room) { top = area.top; }  // its heading too, where it fits
    if (top >= 0 && bottom <= room) { return; }
    var by = bottom - top + 2 * margin > room || top < 0 ? top - margin : bottom - room + margin;
    window.scrollBy(0, by);
  }

  function metaLine(s) {
    var g = gameOf(s);
    return "· " + [botName(firstBot(s.seats)) + " bot"].concat(g.meta ? g.meta(s) : []).join(" · ");
  }

  function renderHeader(s) {
    var main = byId("main");
    main.setAttribute("data-phase", s.phase || "");
    main.setAttribute("data-to-move", s.to_move || "");
    var g = gameOf(s);
    byId("game-meta").textContent = metaLine(s);
    document.title = "Game: " + phaseWords(s.game, s.phase) + " · " + g.title;

    var whose = byId("whose-turn");
    whose.className = "whose-turn";
    if (s.phase === "over") { whose.textContent = "Game over"; whose.classList.add("over"); }
    else if (s.bot_error) { whose.textContent = "The bot is stuck"; whose.classList.add("stuck"); }
    else if (s.to_move === "you") { whose.textContent = "Your turn"; whose.classList.add("yours"); }
    else if (s.to_move === "bot") { whose.textContent = "The bot's turn"; whose.classList.add("bots"); }
    else { whose.textContent = ""; }
    var prompt = clear(byId("prompt"));
    prompt.appendChild(richText(s.phase === "over" ? (g.outcome ? g.outcome(s) : outcomeHeadline(s.result)) : (s.prompt || "")));
    var help = typeof g.help === "function" ? g.help(s) : (g.help || {})[s.phase];  // a game may word it per state
    byId("hint").textContent = s.to_move === "you" || s.phase === "over" ? (help || "") : "";
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
    if (T.confirm) { heading.textContent = "Please confirm"; renderConfirm(box); revealDecision(); return; }
    if (s.phase === "over") { heading.textContent = "Showdown"; renderOver(box, s); return; }
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
    gameOf(s).renderControls(box, s);
    if (T.busy) { setBusy(true); }
    revealDecision();
  }

  function renderConfirm(box) {
    var c = T.confirm;
    box.appendChild(el("div", { class: "confirm", role: "group", "aria-labelledby": "confirm-question", "data-decision": "" },
      el("p", { id: "confirm-question", class: "confirm-question" }, richText(c.message)),
      el("div", { class: "button-row" },
        el("button", { type: "button", class: "primary", id: "confirm-yes", "data-focus": "confirm-yes",
          onclick: function () { var a = c.action; T.confirm = null; submit(a); renderControls(); }, text: c.yes }),
        el("button", { type: "button", "data-focus": "confirm-no", onclick: cancelConfirm, text: "Go back" })),
      el("p", { class: "help", text: "You can turn these questions off in Settings." })));
  }

  // Showdown.
  /** The result in a few words, from the state's `result` (the engine's, with `you`). */
  function outcomeHeadline(result) {
    if (!result) { return "The game is over"; }
    if (result.you === "win") { return "You win"; }
    if (result.you === "loss") { return result.places && result.places.length > 2 ? "You lose" : "The bot wins"; }
    return "A draw";
  }

  /** The end of the game: the game's showdown, then the way on (the same for every game). */
  function renderOver(box, s) {
    var g = gameOf(s);
    g.renderShowdown(box, s);
    var replay = "/games/" + encodeURIComponent(s.id) + "/replay";
    if (g.ownWayOn) {  // a game with its own way on (poker's next hand): the replay link only
      box.appendChild(el("div", { class: "button-row" },
        el("a", { href: replay + "?move=0", class: "button-link", id: "showdown-replay", text: "Replay this hand" })));
      return;
    }
    box.appendChild(el("div", { class: "button-row" },
      el("button", { type: "button", class: "primary", "data-focus": "again", onclick: function () { playAgain(s); }, text: "Play again" }),
      el("a", { href: replay + "?move=0", class: "button-link", id: "showdown-replay", text: "Replay this game" }),
      el("a", { href: replay + "#review-panel", class: "button-link", id: "showdown-review", text: "The Expert's review" }),
      el("a", { href: "/?game=" + encodeURIComponent(s.game), class: "button-link", id: "showdown-lobby", text: "Back to Play" })));
  }

  /** The new-game body that starts a game like ``s``: the game's own, or the same game, bot
   * and rule options; hints allowed if they were in ``s``. */
  function sameGame(s) {
    var g = gameOf(s);
    var body;
    if (g.sameGame) { body = g.sameGame(s, gameSettings(s.game)); }
    else {
      body = { game: s.game, bot: firstBot(s.seats) };
      Object.keys(s.options || {}).forEach(function (name) { body[name] = s.options[name]; });
    }
    body.hints = s.hints === true;
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
    var item = el("li", { class: isNew ? "new" : "" }, richText(entry.text));
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
    for (var i = 0; same && i < shown; i++) { if (items[i].textContent !== C.pretty(log[i].text)) { same = false; } }
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
    // the log ends at the step shown, as the table's does: its last lines in view, not its first
    document.querySelectorAll("ol.log").forEach(function (list) { list.scrollTop = list.scrollHeight; });
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
      var g = gameOf(step.state);
      if (g.renderReplay) { g.renderReplay(step.state); }
      // the last step ends as the live table does: the game's own showdown
      var showdown = byId("replay-showdown-body");
      if (showdown && step.state.phase === "over") { g.renderShowdown(clear(showdown), step.state); }
      if (g.renderKnowledge) { g.renderKnowledge(clear(byId("knowledge-body")), step.state); }
      byId("knowledge-body").setAttribute("data-loaded", "");
    }, function () {
      clear(byId("knowledge-body")).appendChild(el("p", { class: "help", text: NETWORK_ERROR }));
    });
  }

  function start() {
    var page = document.body.getAttribute("data-page");
    localTimes();
    initFeedback();
    if (page === "data") { initData(); }
    if (page === "lobby") { initLobby(); }
    else if (page === "settings") { initSettings(); }
    else if (page === "table") { initTable(); }
    else if (page === "replay") { initReplay(); }
    loadReviewAssets();
  }

  // The games' scripts load after this one (deferred, in order) and register before the page
  // starts: the shell starts at DOMContentLoaded, which fires only after every deferred script
  // has run. (Deferred scripts run while readyState is already "interactive", so that state
  // does not mean the event has passed; "load" is the fallback for a script added later.)
  var started = false;
  function startOnce() {
    if (started) { return; }
    started = true;
    start();
  }
  if (document.readyState === "complete") { window.setTimeout(startOnce, 0); }
  else {
    document.addEventListener("DOMContentLoaded", startOnce);
    window.addEventListener("load", startOnce);
  }

  window.DividedShell = {
    register: register,
    /** What a game's renderer draws with (the shell's own helpers and the table's state). */
    ui: {
      el: el, append: append, clear: clear, byId: byId, faceParts: faceParts, cardFace: cardFace,
      cardButton: cardButton, cardBack: cardBack, richText: richText, chip: chip, chips: chips,
      cardList: cardList, spokenList: spokenList, announce: announce, focusKey: focusKey, play: play,
      legal: legal, renderControls: renderControls, details: details, oddsTable: oddsTable,
      settings: function () { return settings; }, table: T
    }
  };
  // Exposed for debugging in the console only; the page never reads it back.
  window.DividedTable = T;
})();
