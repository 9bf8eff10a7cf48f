// The card table of Expeditions, drawn in the browser.
//
// A plain ES module for anywidget (no build step, no imports, nothing fetched). It draws the session's
// view (the "view" trait: plain JSON made in Python by expeditions.session) and sends every gesture back
// with model.send({action: ...}); Python decides what a gesture means and answers with a new view. Each
// part of the table is drawn by a small function of the view, so that other panels (a lesson's text, its
// buttons) can be added beside them.

const GLYPHS = { Y: "☀", B: "≋", W: "❄", G: "✿", R: "▲", P: "✦" }; // the Lost Cities colours' marks
const SLOW_MS = 330; // a gesture not answered by then shows that the table is working

// --- small helpers ---------------------------------------------------------------------------------
function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "true" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function mark(view, suit) {
  if (view.palette === "lost-cities") return GLYPHS[suit] || suit;
  const found = view.suits.find((s) => s.suit === suit);
  return found && found.symbol ? found.symbol : suit;
}

function suitName(view, suit) {
  const found = view.suits.find((s) => s.suit === suit);
  return found ? found.name : suit;
}

// --- cards ------------------------------------------------------------------------------------------
function cardFace(view, card, props) {
  const m = mark(view, card.suit);
  const classes = ["xt-card", `suit-${card.suit}`];
  if (card.investment) classes.push("xt-invest");
  if (props && props.class) classes.push(props.class);
  const centre = card.investment
    ? h("span", { class: "xt-medal" }, h("b", {}, card.rank), h("small", {}, view.palette === "lost-cities" ? "wager" : "invest"))
    : h("span", { class: "xt-pip" }, m);
  return h(
    "div",
    { title: card.label, "aria-label": card.label, ...props, class: classes.join(" "), "data-card": card.card },
    h("span", { class: "xt-index" }, h("b", {}, card.rank), h("i", {}, m)),
    centre,
    h("span", { class: "xt-index xt-index-end" }, h("b", {}, card.rank), h("i", {}, m)),
  );
}

function cardBack(props) {
  return h("div", { ...props, class: `xt-card xt-back ${(props && props.class) || ""}` });
}

function slot(view, suit, label) {
  return h("div", { class: `xt-slot suit-${suit}` }, h("span", {}, mark(view, suit)), label ? h("small", {}, label) : null);
}

// --- the parts of the table -----------------------------------------------------------------------------
function renderScoreboard(view) {
  const match = view.round_number > 1 || view.round_over;
  return h(
    "div",
    { class: "xt-scoreboard", "data-testid": "scoreboard", title: "the round, and the match so far" },
    h("div", { class: "xt-round", "data-testid": "round" }, `Round ${view.round_number} of ${view.rounds}`),
    match && view.sides.length > 1
      ? h("div", { class: "xt-chips", "data-testid": "match-score", title: "the match so far" },
          view.sides.map((side, i) => h("span", { class: `xt-chip role-${side.role}` }, side.name, h("b", {}, view.totals[i]))))
      : null,
  );
}

function renderBar(view, ctx) {
  return h(
    "div",
    { class: "xt-bar" },
    h("div", { class: "xt-title", title: view.label }, h("b", {}, view.title), practiceBadge(view)),
    renderScoreboard(view),
    h(
      "div",
      { class: "xt-controls" },
      view.lessons_back ? button(ctx, "back-to-lessons", "◂ Lessons", { action: "lesson", do: "lessons" }, { title: "back to the lessons" }) : null,
      h("span", { class: "xt-bar-games" }, gamesButton(view, ctx, "games-button")),
      button(ctx, "hint", "Hint", { action: "hint" }, { disabled: !view.can_hint, working: view.busy === "hint", key: "h" }),
      button(ctx, "undo", "Undo", { action: "undo" }, { disabled: !view.can_undo || view.busy === "hint" || view.busy === "review", key: "u" }),
      view.players === 4
        ? button(ctx, "pass", view.pass_legal ? "Pass 2 ▸" : view.passing ? "Cancel pass" : "Pass 2",
            { action: "pass" }, { disabled: !(view.can_pass || view.passing), pressed: view.passing })
        : null,
      helpButton(ctx),
      h("button", {
        class: "xt-button xt-menu-button", "data-testid": "menu-button", "aria-expanded": ctx.menuOpen ? "true" : "false",
        title: "the game: opponent, new game, rules, colours, save and load",
        onclick: (event) => { event.stopPropagation(); ctx.menuOpen = !ctx.menuOpen; ctx.redraw(); },
      }, "☰", h("span", { class: "xt-wide" }, " Game")),
    ),
  );
}

function helpButton(ctx) {
  return h("button", {
    class: "xt-button xt-help-button", "data-testid": "help-button", "aria-expanded": ctx.helpOpen ? "true" : "false",
    title: "the rules in short, how they differ from Lost Cities, the keys (key ?)",
    onclick: (event) => { event.stopPropagation(); toggleHelp(ctx); },
  }, "?", h("span", { class: "xt-wide" }, " Help"));
}

function toggleHelp(ctx, open) {
  ctx.helpOpen = open === undefined ? !ctx.helpOpen : open;
  ctx.redraw();
}

// The help panel (the ``help`` trait, made in Python from the rules: expeditions.widgets.help): the rules of the
// game in short, how they differ from Lost Cities, the gestures and the keys. Over the table; Esc or Close shuts it.
function renderHelp(ctx) {
  const help = ctx.model.get("help");
  if (!ctx.helpOpen || !help || !help.title) return null;
  const list = (items) => h("ul", {}, items.map((line) => h("li", {}, line)));
  return h(
    "section",
    { class: "xt-help", "data-testid": "help-panel", role: "dialog", "aria-label": "help" },
    h("div", { class: "xt-help-head" },
      h("h3", {}, help.title),
      h("button", { class: "xt-button", "data-testid": "help-close", onclick: (event) => { event.stopPropagation(); toggleHelp(ctx, false); } },
        "Close")),
    h("p", { class: "xt-help-lead" }, help.lead),
    h("h4", {}, "The rules in short"), list(help.rules),
    h("h4", {}, help.differences_title), list(help.differences),
    h("h4", {}, "How to play on this table"), list(help.gestures),
    h("h4", {}, "Keys"),
    h("table", { class: "xt-help-keys", "data-testid": "help-keys" },
      help.keys.map(([key, what]) => h("tr", {}, h("td", {}, h("kbd", {}, key)), h("td", {}, what)))),
    help.quotes.length
      ? h("details", { class: "xt-help-quotes" }, h("summary", {}, `The rules in the words of document ${help.document}`),
          help.quotes.map((q) => h("p", {}, q)))
      : null,
  );
}

// A button that sends ``message`` once (the new view draws it afresh). Options: disabled, working (a spinner),
// alert, pressed, primary, quiet (the lesson panel's looks), key (said in the tooltip) or title.
function button(ctx, testid, label, message, opts) {
  const o = opts || {};
  const looks = [o.working && "xt-working", o.alert && "xt-alert", o.primary && "xt-primary", o.quiet && "xt-quiet"];
  return h(
    "button",
    {
      class: ["xt-button", ...looks.filter(Boolean)].join(" "),
      "data-testid": testid,
      disabled: o.disabled || o.working,
      "aria-pressed": o.pressed ? "true" : null,
      "aria-busy": o.working ? "true" : null,
      title: o.title || (o.key ? `${label} (key ${o.key.toUpperCase()})` : label),
      onclick: (event) => {
        event.stopPropagation();
        event.currentTarget.disabled = true; // answered by a new view, which draws the button afresh
        ctx.send(typeof message === "function" ? message() : message);
      },
    },
    o.working ? h("span", { class: "xt-spinner" }) : null,
    label,
  );
}

// A two-player game shows the opponent's plaque in its row (``inRow``); other games show the seats in a line.
function seatsInRow(view) {
  const others = view.seats.filter((s) => s.role !== "you");
  return others.length === 1 && others[0].role !== "partner";
}

function renderSeats(view, ctx) {
  const others = view.seats.filter((s) => s.role !== "you");
  if (!others.length) {
    return h("div", { class: "xt-seats xt-seats-solo" },
      h("span", { class: "xt-plaque" }, `Solitaire: your ${view.suits.length} expeditions against the deck`));
  }
  if (seatsInRow(view)) return null;
  return h("div", { class: "xt-seats" }, others.map((seat) => renderPlaque(view, seat, ctx)));
}

function renderPlaque(view, seat, ctx) {
  const legal = seat.role === "partner" && view.pass_legal;
  const hidden = Math.max(0, seat.hand_size - seat.known.length);
  return h(
    "div",
    {
      class: `xt-plaque role-${seat.role}${seat.to_move ? " xt-to-move" : ""}`,
      "data-testid": seat.role === "partner" ? "partner" : "seat",
      "data-seat": seat.seat,
      "data-legal": legal,
      "data-hint": seat.hint ? "best" : null,
      "data-hint-label": seat.hint ? "best: pass to your partner" : null,
      title: `${seat.name}: ${seat.hand_size} card${seat.hand_size === 1 ? "" : "s"} in hand` +
        (seat.known.length ? `, ${seat.known.map((c) => c.label).join(" ")} known` : ""),
      onclick: legal ? () => ctx.send({ action: "pass" }) : null,
    },
    h("div", { class: "xt-name" }, h("span", {}, seat.name), seat.role === "partner" ? h("small", {}, "your partner") : null,
      h("small", { class: "xt-count" }, `${seat.hand_size} card${seat.hand_size === 1 ? "" : "s"}`,
        seat.known.length ? ` · ${seat.known.length} known` : ""),
      seat.to_move && view.busy === "bot" ? h("span", { class: "xt-dots", title: "thinking" }, h("i"), h("i"), h("i")) : null),
    h("div", { class: "xt-minihand" },
      seat.known.map((c) => cardFace(view, c, { class: "xt-mini", "data-testid": "known-card" })),
      Array.from({ length: hidden }, () => cardBack({ class: "xt-mini" }))),
  );
}

function renderRow(view, side, ctx) {
  const mine = side.role === "you";
  const seat = !mine && seatsInRow(view) ? view.seats.find((s) => s.role !== "you") : null;
  return h(
    "div",
    { class: `xt-row ${mine ? "xt-row-you" : "xt-row-opp"}`, "data-testid": "side", "data-side": side.role },
    h("div", { class: "xt-row-name" }, h("span", {}, side.name), h("b", { title: "on the table this round" }, side.score),
      seat ? renderPlaque(view, seat, ctx) : null),
    h("div", { class: "xt-columns" }, side.expeditions.map((e) => renderColumn(view, e, mine, ctx))),
  );
}

function renderColumn(view, e, mine, ctx) {
  const m = mark(view, e.suit);
  const stack = h(
    "div",
    { class: "xt-stack", style: `--n:${Math.max(1, e.cards.length)}` }, // a long expedition packs its cards closer
    e.cards.length
      ? e.cards.map((c, i) => {
          const pending = e.pending === c.card && i === e.cards.length - 1;
          const marked = e.marked === c.card;
          return cardFace(view, c, {
            class: `${pending ? "xt-pending" : ""}${marked ? " xt-marked" : ""}${marked && ctx.flash ? " xt-flash" : ""}`,
            "data-marked": marked ? "laid" : null,
            style: `--i:${i}`,
          });
        })
      : slot(view, e.suit, ""),
  );
  const score = h(
    "div",
    { class: "xt-col-score", title: `${suitName(view, e.suit)}: ${e.explain}` },
    h("span", { class: `xt-col-mark suit-${e.suit}` }, m),
    e.cards.length ? h("b", {}, e.score) : h("small", {}, "–"),
  );
  const props = {
    class: `xt-col suit-${e.suit}`,
    "data-testid": "expedition",
    "data-side": e.side,
    "data-suit": e.suit,
    "data-legal": e.legal,
    "data-hint": e.hint ? "best" : null,
    "data-hint-label": e.hint ? "best: lay here" : null,
    title: `${mine ? "your" : "their"} ${suitName(view, e.suit)} expedition: ${e.explain}`,
  };
  if (mine) {
    props.onclick = () => ctx.send({ action: "expedition", suit: e.suit });
    Object.assign(props, dropTarget(ctx, "expedition", e.suit));
  }
  return h("div", props, mine ? [score, stack] : [stack, score]);
}

function dropTarget(ctx, target, suit) {
  return {
    ondragover: (event) => {
      if (ctx.dragging === null) return;
      event.preventDefault();
      event.currentTarget.classList.add("xt-dragover");
    },
    ondragleave: (event) => event.currentTarget.classList.remove("xt-dragover"),
    ondrop: (event) => {
      event.preventDefault();
      event.currentTarget.classList.remove("xt-dragover");
      if (ctx.dragging !== null) ctx.send({ action: "drop", index: ctx.dragging, target, suit });
      ctx.dragging = null;
    },
  };
}

function renderCentre(view, ctx) {
  const piles = view.piles.map((p) => {
    const top = p.cards.slice(-3);
    const marked = p.marked;
    return h(
      "div",
      {
        class: `xt-pile suit-${p.suit}${marked ? " xt-marked-pile" : ""}${marked && ctx.flash ? " xt-flash" : ""}`,
        "data-testid": "discard-pile",
        "data-suit": p.suit,
        "data-legal": p.legal,
        "data-hint": p.hint ? "best" : null,
        "data-hint-label": p.hint ? (view.hint && view.hint.draw === p.suit ? "best: draw here" : "best: discard here") : null,
        "data-marked": marked,
        title: `${view.out_of_game ? "discards (out of the game)" : "discard pile"}: ${suitName(view, p.suit)}` +
          (p.cards.length ? ` · ${p.cards.length} card${p.cards.length === 1 ? "" : "s"}` : " · empty"),
        onclick: () => ctx.send({ action: "pile", suit: p.suit }),
        ...dropTarget(ctx, "discard", p.suit),
      },
      top.length
        ? h("div", { class: "xt-pile-stack" }, top.map((c, i) =>
            cardFace(view, c, { class: `${i < top.length - 1 ? "xt-under" : ""}${p.pending === c.card && i === top.length - 1 ? " xt-pending" : ""}`, style: `--u:${top.length - 1 - i}` })))
        : slot(view, p.suit, ""),
      p.cards.length > 1 ? h("span", { class: "xt-badge" }, p.cards.length) : null,
      marked ? h("span", { class: "xt-flag" }, marked === "taken" ? "taken" : "discarded") : null,
    );
  });
  const deck = view.deck;
  const deckEl = h(
    "div",
    {
      class: "xt-deck",
      "data-testid": "deck",
      "data-legal": deck.legal,
      "data-hint": deck.hint ? "best" : null,
      "data-hint-label": deck.hint ? "best: draw here" : null,
      "data-marked": deck.marked ? "taken" : null,
      "data-count": deck.size,
      title: `the deck: ${deck.size} card${deck.size === 1 ? "" : "s"} (Enter draws)`,
      onclick: () => ctx.send({ action: "deck" }),
    },
    deck.size ? cardBack({ class: "xt-deck-card" }) : h("div", { class: "xt-slot xt-empty-deck" }, h("small", {}, "empty")),
    deck.size ? h("span", { class: "xt-deck-count" }, deck.size) : null,
    h("small", { class: "xt-deck-label" }, "deck"),
  );
  return h(
    "div",
    { class: "xt-centre" },
    h("div", { class: "xt-piles", "data-label": view.out_of_game ? "discards leave the game" : "discard piles" }, piles),
    deckEl,
  );
}

function renderStatus(view, ctx) {
  const who = view.turn === "replay" ? "Replay" : view.lesson && view.turn === "lesson" ? view.lesson.turn_label : view.turn === "you" ? "Your turn" : view.turn === "over" ? (view.round_over && view.round_over.match_over ? "Game over" : "Round over")
    : view.seats.find((s) => s.to_move) ? view.seats.find((s) => s.to_move).name : "Waiting";
  const m = view.message;
  return h(
    "div",
    { class: `xt-statusbar turn-${view.turn}` }, // the turn, what to do, and what just happened, side by side
    h("div", { class: "xt-status", "data-testid": "status", "data-turn": view.turn },
      h("span", { class: "xt-pill" }, who, view.turn === "bot" ? h("span", { class: "xt-dots" }, h("i"), h("i"), h("i")) : null),
      h("span", { class: "xt-status-text" }, view.status)),
    m
      ? h("div", { class: `xt-message tone-${m.tone}`, "data-testid": "message", role: "status", "aria-live": "polite" },
          h("span", {}, m.text),
          m.quote ? h("div", { class: "xt-quote", "data-testid": "quote" }, `The rules (document ${m.document}): “${m.quote}”`) : null)
      : h("div", { class: "xt-message", "data-testid": "message" }),
  );
}

function renderHand(view, ctx) {
  const yourTurn = view.turn === "you";
  return h(
    "div",
    { class: `xt-hand${view.passing ? " xt-passing" : ""}`, "data-testid": "hand" },
    view.hand.map((hc) => {
      const laid = view.pending && hc.selected;
      const classes = [];
      if (hc.selected) classes.push("xt-selected");
      if (yourTurn && !hc.playable && !view.passing) classes.push("xt-dim");
      if (laid) classes.push("xt-laid");
      const face = cardFace(view, hc.face, {
        class: classes.join(" "),
        "data-testid": "hand-card",
        "data-index": hc.index,
        "data-selected": hc.selected,
        "data-playable": hc.playable,
        "data-hint": hc.hint ? "best" : null,
        draggable: yourTurn && !view.pending ? "true" : null,
        title: `${hc.face.label}${hc.playable ? "" : yourTurn ? " (cannot go on its expedition now: discard it)" : ""} · key ${hc.index + 1}`,
        onclick: () => ctx.send({ action: "select", index: hc.index, card: hc.face.card }),
        ondragstart: (event) => {
          ctx.dragging = hc.index;
          event.dataTransfer.setData("text/plain", hc.face.card);
          event.dataTransfer.effectAllowed = "move";
        },
        ondragend: () => { ctx.dragging = null; },
      });
      return h("div", { class: "xt-hand-slot" }, hc.hint ? h("span", { class: "xt-hint-tag" }, "best") : null, face,
        h("span", { class: "xt-key" }, hc.index < 9 ? hc.index + 1 : hc.index === 9 ? 0 : ""));
    }),
  );
}

const HINT_GROUPS = [["best", "Best move"], ["about as good", "About as good: too close to call"], ["worse", "Worse"]];

function renderHint(view, ctx) {
  if (view.busy === "hint") {
    return h("section", { class: "xt-panel xt-hint-panel", "data-testid": "hint-panel", "aria-busy": "true" },
      h("h4", {}, "Hint"), progress(view.busy_text, ctx));
  }
  const hint = view.hint;
  if (!hint) return null;
  const groups = HINT_GROUPS.map(([group, title]) => {
    const lines = hint.lines.filter((line) => line.group === group);
    if (!lines.length) return null;
    return h("div", { class: "xt-hint-group", "data-group": group },
      h("div", { class: "xt-hint-title", title: group === "about as good"
        ? "played out on the same sampled deals of the hidden cards, these moves and the best cannot be told apart: the difference may be 0"
        : null }, title),
      lines.map((line) => h("div", { class: "xt-hint-line", "data-testid": "hint-line", "data-group": line.group },
        h("div", { class: "xt-hint-move" }, h("b", {}, line.words),
          h("span", { class: "xt-value", title: "expected points, with the 95% interval in brackets" }, line.value)),
        line.group === "worse" ? h("div", { class: "xt-versus" }, line.versus) : null,
        line.reason ? h("small", {}, line.reason) : null)));
  });
  return h(
    "section",
    { class: "xt-panel xt-hint-panel", "data-testid": "hint-panel" },
    h("h4", {}, "Hint", h("span", { class: "xt-h4-note" }, "outlined on the table")),
    h("p", { class: "xt-note xt-units", "data-testid": "hint-units" }, `Numbers: ${hint.value_words}; in brackets, its 95% interval.`),
    groups,
    h("p", { class: "xt-note", "data-testid": "hint-note" }, `${hint.situation}.`,
      hint.piles.length ? ` Pile cards: ${hint.piles.join("; ")}.` : "",
      hint.more ? ` ${hint.more}` : ""),
  );
}

// A progress bar: moving while the share done is unknown, else filled to ``share`` (0 to 1).
function progress(text, ctx, share) {
  const started = ctx.busySince || Date.now();
  const seconds = Math.floor((Date.now() - started) / 1000);
  const known = typeof share === "number";
  return h("div", { class: "xt-progress", "data-testid": "progress" },
    h("div", { class: `xt-progress-bar${known ? " xt-known" : ""}` },
      h("span", known ? { style: `width:${Math.round(100 * share)}%` } : {})),
    h("small", {}, text, h("span", { class: "xt-elapsed" }, seconds > 0 ? ` · ${seconds} s` : "")));
}

function renderLog(view, ctx) {
  const list = h("ol", { class: "xt-log", "data-testid": "log" }, view.log.map((line) =>
    line.startsWith("Round ") ? h("li", { class: "xt-log-round" }, line) : h("li", {}, line)));
  return h("section", { class: "xt-panel" }, h("h4", {}, "Moves"), list);
}

function renderTyped(ctx) {
  return h("section", { class: "xt-panel xt-tools" },
    h("h4", {}, "Type a move"),
    h("div", { class: "xt-typed" }, ctx.moveInput,
      h("button", { class: "xt-button", "data-testid": "move-go", onclick: () => submitTyped(ctx) }, "Go")));
}

// The game's settings in one panel: beside the table where there is room, else opened from the bar's "Game" menu.
function renderGame(view, ctx) {
  const busy = view.busy !== "";
  syncSelect(ctx.levelSelect, view.levels, view.level);
  ctx.levelSelect.disabled = view.solitaire;
  syncSelect(ctx.rulesSelect, view.rule_sets, view.rules);
  syncSelect(ctx.coloursSelect, [{ value: "four", label: "four colours" }, { value: "two", label: "two colours" }], view.colours);
  ctx.coloursSelect.disabled = view.palette === "lost-cities";
  return h("section", { class: "xt-panel xt-tools xt-game", "data-testid": "game-panel" },
    h("h4", {}, "Game"),
    view.solitaire ? null : h("label", { class: "xt-level" }, h("span", {}, "Opponent"), ctx.levelSelect),
    view.solitaire ? null : h("div", { class: "xt-level-note", "data-testid": "level-note" },
      (view.levels.find((o) => o.value === view.level) || {}).note || ""),
    h("div", { class: "xt-files" },
      button(ctx, "new-game", view.confirm_new ? "Abandon game?" : "New game",
        () => ({ action: "new_game", rules: ctx.rulesSelect.value, level: ctx.levelSelect.value, colours: ctx.coloursSelect.value }),
        { disabled: busy && view.busy !== "bot", alert: view.confirm_new })),
    h("label", {}, h("span", {}, "Rules of the next game"), ctx.rulesSelect),
    h("label", {}, h("span", {}, "Deck colours"), ctx.coloursSelect),
    h("div", { class: "xt-files" },
      button(ctx, "save", "Save", { action: "save" }, {}),
      h("button", { class: "xt-button", "data-testid": "load", onclick: () => ctx.fileInput.click() }, "Load…"),
      ctx.fileInput),
    h("div", { class: "xt-files xt-menu-games" }, gamesButton(view, ctx, "games-menu-button")));
}

function renderRoundOver(view, ctx) {
  const over = view.round_over;
  if (!over) return null;
  if (ctx.collapsed) {
    return h("div", { class: "xt-over xt-over-collapsed", "data-testid": "round-over" },
      h("b", {}, over.result), " ",
      h("button", { class: "xt-button", "data-testid": "show-scores", onclick: () => { ctx.collapsed = false; ctx.redraw(); } }, "Show the scores"),
      button(ctx, "continue", over.next, { action: "continue" }, { disabled: view.busy === "review" }));
  }
  const sides = over.sides.map((side) =>
    h("div", { class: `xt-breakdown role-${side.role}`, "data-testid": "breakdown", "data-side": side.role },
      h("h4", {}, side.name, h("b", {}, side.total)),
      h("table", {}, side.lines.filter((l) => l.cards.length).map((l) =>
        h("tr", {},
          h("td", { class: `xt-col-mark suit-${l.suit}` }, mark(view, l.suit)),
          h("td", { class: "xt-cards-text" }, l.cards.map((c) => h("span", { class: `suit-${c.suit}` }, c.label))),
          h("td", { class: "xt-explain" }, l.explain),
          h("td", { class: "xt-total" }, l.total))),
        side.lines.every((l) => !l.cards.length) ? h("tr", {}, h("td", { colspan: 4 }, "no expedition started: 0")) : null)));
  const match = over.match.length > 2 || over.match_over || view.rounds > 1
    ? h("table", { class: "xt-match", "data-testid": "match-table" },
        h("tr", {}, h("th"), over.names.map((n) => h("th", {}, n))),
        over.match.map((row) => h("tr", { class: row.label === "Total" ? "xt-total-row" : "" },
          h("td", {}, row.label), row.scores.map((s) => h("td", {}, s === null ? "…" : s)))))
    : null;
  const reviewing = view.busy === "review";
  return h(
    "div",
    { class: "xt-over", "data-testid": "round-over" },
    h("div", { class: "xt-over-panel" },
      h("div", { class: "xt-over-head" },
        h("h3", {}, over.match_over ? over.result : `Round ${over.number} is over`),
        h("button", { class: "xt-link", "data-testid": "hide-scores", title: "look at the table", onclick: () => { ctx.collapsed = true; ctx.redraw(); } }, "See the table")),
      h("p", { class: "xt-reason" }, over.reason, over.match_over ? "" : ` ${over.result}`),
      h("div", { class: "xt-breakdowns" }, sides),
      match,
      renderKept(view, ctx),
      renderReview(view, ctx),
      h("div", { class: "xt-over-buttons" },
        view.solitaire && !view.can_review && !view.review ? null
          : button(ctx, "review", reviewing ? "Reviewing…" : "Review my moves", { action: "review" },
              { disabled: !view.can_review, working: reviewing }),
        button(ctx, "continue", over.next, { action: "continue" }, { disabled: reviewing })),
    ),
  );
}

// The review of the round: filled in move by move as it is computed (a progress bar, the moments found so far),
// each moment with its picture of the table at that moment (static HTML made in Python, both moves marked).
function renderReview(view, ctx) {
  const review = view.review;
  const working = view.busy === "review";
  if (!review && !working) return null;
  const done = review ? review.done : 0;
  const total = review ? review.to_review : 0;
  const complete = review && review.complete;
  return h("div", {
    class: "xt-review", "data-testid": "review-result", "data-done": done, "data-to-review": total,
    "data-complete": complete ? "true" : "false", "aria-busy": working ? "true" : null,
  },
    h("h4", {}, review ? `Review of round ${review.number}` : "Review"),
    complete ? null : progress(total ? `Reviewing your moves against the Expert: ${done} of ${total}` : view.busy_text, ctx,
      total ? done / total : undefined),
    review ? h("p", { class: "xt-review-summary", "data-testid": "review-summary" }, review.summary) : null,
    review ? review.moments.map((m) => renderMoment(m)) : null,
    complete ? h("p", { class: "xt-note" }, review.method) : null,
  );
}

function renderMoment(m) {
  const picture = h("div", { class: "xt-picture" });
  picture.innerHTML = m.picture; // the package's own static HTML: cards and marks, no scripts
  return h("div", { class: "xt-moment", "data-testid": "review-moment", "data-move": m.number },
    h("div", { class: "xt-moment-head" }, m.headline),
    h("div", { class: "xt-moment-body" },
      picture,
      h("div", { class: "xt-moment-words" },
        h("p", { class: "xt-wrong" }, h("b", {}, "What went wrong: "), `${m.wrong}.`),
        h("p", { class: "xt-better" }, h("b", {}, "Better: "), `${m.instead}.`))));
}

// --- your games: the panel of kept games, a kept game replayed, the practice badge --------------------------
// The panel is static HTML made in Python (expeditions.widgets.games_panel: its charts are SVG); its buttons carry
// data-games (what they ask) and are sent back as {action: "games", do: ...}. A replay is the table at a position of a
// kept game (view.replay: where it stands), with a bar to step through it in place of the game's bar.
function practiceBadge(view) {
  if (!view.practice) return null;
  return h("span", { class: "xt-practice", "data-testid": "practice-badge",
    title: "Undo was used, or the game was loaded from a record: your games count it apart from the rated ones" }, "Practice");
}

// In the bar where there is room; on a narrow screen in the Game menu instead (its copy: "games-menu-button").
function gamesButton(view, ctx, testid) {
  const open = Boolean(view.games);
  return button(ctx, testid, "Your games", { action: "games", do: open ? "close" : "open" },
    { pressed: open, title: open ? "back to the table" : "your finished games: win rates, mistakes, replays" });
}

function renderGames(view, ctx) {
  const panel = h("section", { class: "xt-games", "data-testid": "games-panel" });
  panel.innerHTML = view.games.html; // the package's own static HTML: text, tables and SVG, no scripts
  panel.addEventListener("click", (event) => {
    const el = event.target.closest("[data-games]");
    if (!el || el.disabled) return;
    event.stopPropagation();
    if (el.dataset.games === "import") { ctx.gamesFile.click(); return; }
    el.disabled = true;
    ctx.send({ action: "games", do: el.dataset.games, key: el.dataset.key || null });
  });
  panel.append(ctx.gamesFile);
  return panel;
}

function renderReplayBar(view, ctx) {
  const r = view.replay;
  return h(
    "div",
    { class: "xt-bar xt-replay-bar", "data-testid": "replay", "data-index": r.index, "data-steps": r.steps },
    h("div", { class: "xt-title", title: r.title }, h("b", {}, "Replay"), h("span", {}, ` ${r.title}`), practiceBadge(view)),
    h(
      "div",
      { class: "xt-controls" },
      button(ctx, "replay-back", "◂ Back", { action: "games", do: "replay-back" }, { disabled: r.at_start, title: "the move before (←)" }),
      h("span", { class: "xt-replay-at", "data-testid": "replay-at" }, `${r.index} / ${r.steps - 1}`),
      button(ctx, "replay-next", "Next ▸", { action: "games", do: "replay-next" }, { disabled: r.at_end, primary: !r.at_end, title: "the next move (→)" }),
      button(ctx, "replay-close", "All games", { action: "games", do: "replay-close" }, { title: "back to the list of your games" }),
    ),
  );
}

function renderKept(view, ctx) {
  const kept = view.kept;
  if (!kept) return null;
  return h("p", { class: `xt-kept${kept.saved ? "" : " xt-kept-problem"}`, "data-testid": "kept", "data-saved": kept.saved ? "true" : "false" },
    kept.message, " ",
    kept.download ? button(ctx, "download-game", "Download the game", { action: "games", do: "download" }, { alert: true }) : null,
    kept.saved ? button(ctx, "games-open", "Your games", { action: "games", do: "open" }, { quiet: true }) : null);
}

// --- the lesson mode: a lesson's panel above the table ---------------------------------------------------
// The view then has a "lesson" block (expeditions.session.lesson): its title, text, task, the rules' quotes,
// the feedback on the last try, the progress and which buttons apply. Moves are made on the table by its own
// gestures; a number is typed in the panel's box, a choice clicked among its buttons.
function quoteLine(document, quote, testid) {
  return h("div", { class: "xt-lesson-quote", "data-testid": testid }, `The rules (document ${document}): “${quote}”`);
}

function renderAnswer(view, ctx) {
  const L = view.lesson;
  const done = L.solved;
  if (L.answer === "number") {
    const input = ctx.numberInput;
    input.disabled = done || view.busy !== "";
    const check = () => {
      const value = input.value.trim();
      ctx.send({ action: "lesson", do: "answer", value });
    };
    input.onkeydown = (event) => { if (event.key === "Enter") { event.preventDefault(); check(); } event.stopPropagation(); };
    return h("div", { class: "xt-lesson-answer" },
      h("label", {}, "Your answer: ", input),
      h("button", { class: "xt-button xt-primary", "data-testid": "lesson-check", disabled: done,
        onclick: (event) => { event.stopPropagation(); check(); } }, "Check"));
  }
  if (L.answer === "choice") {
    return h("div", { class: "xt-lesson-answer" },
      L.options.map((o) => button(ctx, "lesson-choice", o.label, { action: "lesson", do: "answer", value: o.value },
        { disabled: done })).map((b, i) => { b.dataset.value = L.options[i].value; return b; }));
  }
  if (L.answer === "move") return h("p", { class: "xt-lesson-how" }, L.how);
  return h("p", { class: "xt-lesson-how" },
    `Play on the table, against the ${L.opponent} bot. `, L.hints ? "Stuck? Hint shows the best moves and why." : "");
}

function renderFeedback(view) {
  const L = view.lesson;
  const fb = L.feedback;
  return h(
    "div",
    { class: `xt-lesson-result kind-${fb.text ? fb.kind : "none"}`, role: "status", "aria-live": "polite" },
    h("div", { class: "xt-lesson-feedback", "data-testid": "lesson-feedback", "data-kind": fb.text ? fb.kind : "", "data-case": fb.case },
      fb.text || null),
    fb.quote ? quoteLine(view.lesson.document, fb.quote, "lesson-quote") : null,
    fb.reveal && fb.reveal.length
      ? h("ul", { class: "xt-lesson-reveal", "data-testid": "lesson-reveal" }, fb.reveal.map((line) => h("li", {}, line)))
      : null,
    fb.figures && fb.figures.length
      ? h("details", { class: "xt-lesson-figures", "data-testid": "lesson-figures" },
        h("summary", {}, "The exact figures"),
        h("ul", {}, fb.figures.map((line) => h("li", {}, line))))
      : null,
  );
}

function renderLessonHead(view, ctx) {
  const L = view.lesson;
  const dots = h("ol", { class: "xt-lesson-dots", "aria-label": "the lessons" },
    L.lessons.map((each, i) => h("li", {},
      h("button", {
        class: `xt-dot${each.done ? " xt-dot-done" : ""}${each.id === L.lesson ? " xt-dot-here" : ""}`,
        title: `${i + 1}. ${each.title}${each.done ? " (done)" : ""}`,
        "aria-label": `lesson ${i + 1}: ${each.title}`,
        onclick: (event) => { event.stopPropagation(); if (each.id !== L.lesson) ctx.send({ action: "lesson", do: "go", lesson: each.id }); },
      }, each.done ? "✓" : String(i + 1)))));
  const tracks = h("div", { class: "xt-lesson-tracks" }, L.tracks.map((t) =>
    h("button", {
      class: `xt-tab${t.value === L.track ? " xt-tab-here" : ""}`, "data-testid": "lesson-track", "data-track": t.value,
      "aria-pressed": t.value === L.track ? "true" : "false",
      onclick: (event) => { event.stopPropagation(); if (t.value !== L.track) ctx.send({ action: "lesson", do: "track", track: t.value }); },
    }, t.label)));
  return h("div", { class: "xt-lesson-head" },
    h("span", { class: "xt-lesson-progress", "data-testid": "lesson-progress" }, L.progress.text),
    dots,
    tracks,
    helpButton(ctx));
}

function renderLessonPanel(view, ctx) {
  const L = view.lesson;
  const b = L.buttons;
  const round = L.answer === "round";
  const quotes = L.quotes.length
    ? h("details", { class: "xt-lesson-rules" }, h("summary", {}, L.quotes.length === 1 ? "The rule in the rule document's words" : "The rules in the rule document's words"),
        L.quotes.map((q) => quoteLine(L.document, q.quote, "lesson-rule")))
    : null;
  return h(
    "div",
    { class: `xt-lesson kind-${L.answer}` },
    h("div", { class: "xt-lesson-body" },
      h("h2", { class: "xt-lesson-title" }, L.title, L.state === "done" ? h("span", { class: "xt-lesson-badge" }, "✓ done") : null),
      L.default_rules ? null : h("p", { class: "xt-lesson-rules-name" }, `${L.rules_title} (document ${L.document})`),
      h("p", { class: "xt-lesson-text" }, L.text),
      quotes,
      h("div", { class: "xt-lesson-task" }, h("b", {}, "Your task: "), h("span", { "data-testid": "lesson-task" }, L.task)),
      renderAnswer(view, ctx),
      h("div", { class: "xt-lesson-actions" },
        round
          ? button(ctx, "hint", "Hint", { action: "hint" }, { disabled: !view.can_hint, working: view.busy === "hint", key: "h" })
          : button(ctx, "lesson-show-me", "Show me", { action: "lesson", do: "show_me" }, { disabled: !b.show_me, title: "make a right answer for me" }),
        L.answer === "move" || round
          ? button(ctx, "undo", "Undo", { action: "undo" }, { disabled: !view.can_undo || view.busy === "hint" || view.busy === "review", key: "u" })
          : null,
        view.players === 4 && (L.answer === "move" || round)
          ? button(ctx, "pass", view.pass_legal ? "Pass 2 ▸" : view.passing ? "Cancel pass" : "Pass 2",
              { action: "pass" }, { disabled: !(view.can_pass || view.passing), pressed: view.passing })
          : null),
      renderFeedback(view),
    ),
    h("div", { class: "xt-lesson-buttons" },
      button(ctx, "lesson-back", "◂ Back", { action: "lesson", do: "back" }, { disabled: !b.back, title: "the lesson before" }),
      button(ctx, "lesson-restart", "Restart", { action: "lesson", do: "restart" }, { title: "this lesson from its start" }),
      h("span", { class: "xt-grow" }),
      L.finished || (L.solved && !b.next)
        ? button(ctx, "lesson-play", "Play a real game ▸", { action: "lesson", do: "play" },
            { primary: true, title: "a whole match against the Normal bot, on this table" })
        : null,
      L.finished ? button(ctx, "lesson-start-over", "Start over", { action: "lesson", do: "start_over" }, { quiet: true, title: "every lesson to do again" }) : null,
      b.skip ? button(ctx, "lesson-skip", "Skip", { action: "lesson", do: "skip" }, { quiet: true, title: "on to the next lesson, this one left to do" }) : null,
      button(ctx, "lesson-next", "Next ▸", { action: "lesson", do: "next" }, { disabled: !b.next, primary: b.next, title: b.next ? "the next lesson" : "do the task first (or Skip)" }),
    ),
    round ? renderHint(view, ctx) : null,
    round ? renderLog(view, ctx) : null,
  );
}

// A lesson: its head (progress, the lessons, the tracks) above its panel and the table, side by side where
// there is room (the panel goes above the table in narrower places).
function renderLesson(view, ctx) {
  const L = view.lesson;
  return h(
    "section",
    { class: "xt-lesson-mode", "data-testid": "lesson", "data-lesson": L.lesson, "data-state": L.state },
    renderLessonHead(view, ctx),
    h("div", { class: "xt-body" }, renderLessonPanel(view, ctx), h("div", { class: "xt-main" }, renderTable(view, ctx))),
  );
}

// The panels beside the table (a lesson has its own: renderLessonPanel).
function renderPanels(view, ctx) {
  const review = view.round_over && ctx.collapsed ? renderReview(view, ctx) : null; // the table shown: the review beside it
  return [renderHint(view, ctx), review ? h("section", { class: "xt-panel xt-review-panel" }, review) : null,
    renderGame(view, ctx), renderLog(view, ctx), renderTyped(ctx)];
}

function renderTable(view, ctx) {
  const opponents = view.sides.filter((s) => s.role !== "you");
  const mine = view.sides.find((s) => s.role === "you");
  return h(
    "div",
    { class: "xt-felt" },
    view.lesson ? renderScoreboard(view) : null,
    renderSeats(view, ctx),
    opponents.map((side) => renderRow(view, side, ctx)),
    renderCentre(view, ctx),
    mine ? renderRow(view, mine, ctx) : null,
    renderStatus(view, ctx),
    renderHand(view, ctx),
    renderRoundOver(view, ctx),
  );
}

// --- persistent controls (kept across redraws, so typing and open menus survive an update) -------------
// The select shows ``value`` when the options change or the view's value changes; a choice the person made
// in between (the rules of the next game) stays.
function syncSelect(select, options, value) {
  const wanted = options.map((o) => `${o.value}\u0000${o.label}`).join("\u0001");
  if (select.dataset.options !== wanted) {
    select.replaceChildren(...options.map((o) => h("option", { value: o.value, title: o.note || null }, o.label)));
    select.dataset.options = wanted;
    select.dataset.shown = "";
  }
  if (select.dataset.shown !== value && document.activeElement !== select) {
    select.value = value;
    select.dataset.shown = value;
  }
}

function submitTyped(ctx) {
  const text = ctx.moveInput.value.trim();
  if (!text) return;
  ctx.send({ action: "move", text });
  ctx.moveInput.value = "";
}

function makeControls(ctx) {
  ctx.moveInput = h("input", {
    type: "text", "data-testid": "move-input", placeholder: "play 7H, draw deck", spellcheck: "false",
    "aria-label": "type a move in the notation",
    onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); submitTyped(ctx); } event.stopPropagation(); },
  });
  ctx.levelSelect = h("select", { "data-testid": "level", onchange: () => ctx.send({ action: "level", level: ctx.levelSelect.value }) });
  ctx.rulesSelect = h("select", { "data-testid": "rule-set", title: "the rule set of the next New game" });
  ctx.coloursSelect = h("select", { "data-testid": "colours", onchange: () => ctx.send({ action: "colours", colours: ctx.coloursSelect.value }) });
  ctx.numberInput = h("input", {
    type: "text", inputmode: "numeric", "data-testid": "lesson-number", placeholder: "e.g. 38", spellcheck: "false",
    autocomplete: "off", "aria-label": "your answer, a whole number",
  });
  ctx.gamesFile = h("input", {
    type: "file", accept: ".json,application/json", class: "xt-file", "data-testid": "games-import-file",
    onchange: async () => {
      const file = ctx.gamesFile.files && ctx.gamesFile.files[0];
      if (!file) return;
      ctx.send({ action: "games", do: "import", name: file.name, text: await file.text() });
      ctx.gamesFile.value = "";
    },
  });
  ctx.fileInput = h("input", {
    type: "file", accept: ".json,application/json", class: "xt-file", "data-testid": "load-file",
    onchange: async () => {
      const file = ctx.fileInput.files && ctx.fileInput.files[0];
      if (!file) return;
      ctx.send({ action: "load", name: file.name, text: await file.text() });
      ctx.fileInput.value = "";
    },
  });
}

// --- keys: 1-9 select a card, P lays it on its expedition, D discards it, Enter draws off the deck, U undoes,
// H hints, ? opens the help, Esc closes it. A table takes the keys pressed in it, and those pressed when nothing
// has the focus (the page itself: at page load, and after a click on a button the new view has replaced); with
// several tables on a page, the one last clicked or focused takes those.
const TABLES = [];
let ACTIVE = null;

function tableForKey(event, ctx) {
  const target = event.target;
  if (ctx.root.contains(target)) return true;
  const nowhere = !target || target === document.body || target === document.documentElement;
  return nowhere && (ACTIVE === ctx || (ACTIVE === null && TABLES[0] === ctx));
}

function onKey(event, ctx) {
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || !tableForKey(event, ctx)) return;
  if (event.key === "?" || (event.key === "Escape" && (ctx.helpOpen || ctx.menuOpen))) {
    event.preventDefault();
    if (event.key === "?") toggleHelp(ctx);
    else { ctx.helpOpen = false; ctx.menuOpen = false; ctx.redraw(); }
    return;
  }
  const view = ctx.model.get("view");
  let message = null;
  const key = event.key.toLowerCase();
  if (view.replay && (key === "arrowright" || key === "arrowleft")) {
    message = { action: "games", do: key === "arrowright" ? "replay-next" : "replay-back" };
  } else if (/^[0-9]$/.test(key)) {
    const index = key === "0" ? 9 : Number(key) - 1;
    if (index < view.hand.length) message = { action: "select", index };
  } else if (key === "p") message = { action: "lay", target: "expedition" };
  else if (key === "d") message = { action: "lay", target: "discard" };
  else if (key === "enter") message = { action: "deck" };
  else if (key === "u") message = { action: "undo" };
  else if (key === "h") message = { action: "hint" };
  if (message) {
    event.preventDefault();
    event.stopPropagation();
    ctx.send(message);
  }
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = h("a", { href: url, download: name, style: "display:none" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// --- the widget -------------------------------------------------------------------------------------
function render({ model, el }) {
  const root = h("div", { class: "xt", tabindex: "0", "data-testid": "card-table", "data-lm-suppress-shortcuts": "true", "data-p-suppress-shortcuts": "true" });
  el.append(root);
  const ctx = { model, root, dragging: null, flash: false, collapsed: false, lastMoves: "", roundKey: "", reviewKey: "", followReview: false, busySince: 0, slowTimer: 0, ticker: 0, helpOpen: false, menuOpen: false };
  TABLES.push(ctx);
  const activate = () => { ACTIVE = ctx; };
  root.addEventListener("pointerdown", activate);
  root.addEventListener("focusin", activate);
  ctx.send = (message) => {
    root.dataset.waiting = "true";
    clearTimeout(ctx.slowTimer);
    ctx.slowTimer = setTimeout(() => root.classList.add("xt-slow"), SLOW_MS);
    model.send(message);
  };
  makeControls(ctx);

  ctx.redraw = () => {
    const view = model.get("view");
    if (!view || !view.sides) return;
    clearTimeout(ctx.slowTimer);
    root.classList.remove("xt-slow");
    delete root.dataset.waiting;
    const moves = JSON.stringify(view.last_moves);
    ctx.flash = moves !== ctx.lastMoves && view.last_moves.length > 0;
    ctx.lastMoves = moves;
    const roundKey = `${view.round_number}/${view.rules}/${view.round_over ? 1 : 0}`;
    if (roundKey !== ctx.roundKey) ctx.collapsed = false;
    ctx.roundKey = roundKey;
    if (view.busy && view.busy !== "bot") {
      if (!ctx.busySince) ctx.busySince = Date.now();
      if (!ctx.ticker) ctx.ticker = setInterval(() => {
        root.querySelectorAll(".xt-elapsed").forEach((e) => { e.textContent = ` · ${Math.floor((Date.now() - ctx.busySince) / 1000)} s`; });
      }, 500);
    } else {
      ctx.busySince = 0;
      clearInterval(ctx.ticker);
      ctx.ticker = 0;
    }
    const focused = root.contains(document.activeElement) && !ctx.moveInput.contains(document.activeElement)
      && !(document.activeElement && document.activeElement.tagName === "SELECT");
    const log = root.querySelector(".xt-log");
    const atEnd = !log || log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const overPanel = root.querySelector(".xt-over-panel");
    const overScroll = overPanel ? overPanel.scrollTop : 0;

    root.dataset.busy = view.busy ? "true" : "false";
    root.dataset.palette = view.palette;
    root.dataset.players = view.players;
    root.dataset.turn = view.turn;
    if (view.lesson) {
      root.dataset.lessonKind = view.lesson.answer;
      root.dataset.scores = view.lesson.show_scores ? "shown" : "hidden";
      if (ctx.lessonKey !== view.lesson.lesson) ctx.numberInput.value = "";
      ctx.lessonKey = view.lesson.lesson;
    }
    root.dataset.menu = ctx.menuOpen ? "open" : "closed";
    root.dataset.mode = view.lesson ? "lesson" : view.replay ? "replay" : view.games ? "games" : "play";
    root.style.setProperty("--suits", String(view.suits.length)); // the cards take their size from these
    root.style.setProperty("--hand", String(Math.max(1, view.hand.length)));
    const parts = view.lesson
      ? [renderLesson(view, ctx)]
      : view.games
        ? [renderBar(view, ctx), renderGames(view, ctx)]
        : [view.replay ? renderReplayBar(view, ctx) : renderBar(view, ctx),
           h("div", { class: "xt-body" }, h("div", { class: "xt-main" }, renderTable(view, ctx)), h("aside", { class: "xt-side" }, renderPanels(view, ctx)))];
    root.replaceChildren(...parts, ...[renderHelp(ctx)].filter(Boolean));
    const newLog = root.querySelector(".xt-log");
    if (newLog && atEnd) newLog.scrollTop = newLog.scrollHeight;
    const newOver = root.querySelector(".xt-over-panel");
    if (newOver && overPanel) newOver.scrollTop = overScroll;
    // A review just asked for is kept in sight while it fills in, until the person scrolls the panel themselves.
    const reviewKey = view.review || view.busy === "review" ? `${view.round_number}/${view.rules}` : "";
    if (reviewKey && reviewKey !== ctx.reviewKey) ctx.followReview = true;
    ctx.reviewKey = reviewKey;
    if (newOver) {
      const start = newOver.querySelector("[data-testid=review-result]");
      if (start && ctx.followReview) newOver.scrollTop = Math.max(0, start.offsetTop - newOver.offsetTop - 8);
      if (view.review && view.review.complete) ctx.followReview = false; // complete: the person reads on from there
      const stop = () => { ctx.followReview = false; };
      for (const name of ["wheel", "touchstart", "mousedown", "keydown"]) newOver.addEventListener(name, stop, { passive: true });
    }
    if (focused) root.focus({ preventScroll: true });
  };

  const keepProgress = () => {
    if (model.get("keep") !== "browser") return;
    try {
      window.localStorage.setItem(model.get("storage_key"), JSON.stringify(model.get("progress")));
    } catch (error) { /* storage refused (a private window): the lessons go on, unkept */ }
  };
  model.on("change:progress", keepProgress);

  const onCustom = (message) => {
    if (message && message.type === "record") download(message.name, message.text);
  };
  const keydown = (event) => onKey(event, ctx);
  model.on("change:view", ctx.redraw);
  model.on("change:help", ctx.redraw);
  model.on("msg:custom", onCustom);
  document.addEventListener("keydown", keydown);
  ctx.redraw();
  // Where the learner had got to, kept by this browser: sent once the table is drawn, so that it shows it waits.
  if (model.get("keep") === "browser") {
    let kept = null;
    try { kept = JSON.parse(window.localStorage.getItem(model.get("storage_key")) || "null"); } catch (error) { kept = null; }
    if (kept && typeof kept === "object" && Object.keys(kept).length) ctx.send({ action: "lesson", do: "restore", progress: kept });
  }
  return () => {
    model.off("change:view", ctx.redraw);
    model.off("change:help", ctx.redraw);
    model.off("change:progress", keepProgress);
    model.off("msg:custom", onCustom);
    document.removeEventListener("keydown", keydown);
    TABLES.splice(TABLES.indexOf(ctx), 1);
    if (ACTIVE === ctx) ACTIVE = null;
    clearInterval(ctx.ticker);
    clearTimeout(ctx.slowTimer);
  };
}

export default { render };
