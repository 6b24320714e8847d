// The browser client of `gomoku serve`. It only shows what the server says:
// the board, the rules, the limits and the levels all come from the server's
// `hello` and `state` messages.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const tokenKey = (room) => "gomoku.token." + room;

let socket = null;
let hello = null;         // the server's hello: rules, sizes, levels, limits
let state = null;         // the last state of the current room
let myColor = null;       // "black", "white" or null when watching
let currentRoom = null;   // the room this page is in (or trying to enter)
let watching = false;     // entered as a spectator on purpose
let pending = null;       // "undo", "draw" or "rematch": an offer to answer
let reconnectDelay = 500;
let pingTimer = null;
let clockTimer = null;

// --- notation: column letter a.. and row number counted from the top ---
const pointName = (x, y) => String.fromCharCode(97 + x) + (y + 1);
function pointXY(name) {
  const m = /^([a-z])(\d+)$/.exec(name);
  return m ? [m[1].charCodeAt(0) - 97, Number(m[2]) - 1] : null;
}

// --- connection ---
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws");
  $("connection").textContent = "connecting…";
  socket.onopen = () => { reconnectDelay = 500; $("connection").textContent = "online"; };
  socket.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    handle(message);
  };
  socket.onclose = () => {
    $("connection").textContent = "offline, reconnecting…";
    clearInterval(pingTimer);
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 10000);
  };
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function handle(m) {
  switch (m.type) {
    case "hello":
      hello = m;
      fillLobby();
      clearInterval(pingTimer);
      pingTimer = setInterval(() => send({ type: "ping" }), Math.max(5000, m.limits.idle_timeout_ms / 3));
      if (currentRoom) enterRoom(currentRoom);
      break;
    case "seat":
      myColor = m.color;
      currentRoom = m.room;
      if (m.token) localStorage.setItem(tokenKey(m.room), m.token);
      if (location.hash !== "#room=" + m.room) history.replaceState(null, "", "#room=" + m.room);
      break;
    case "state":
      if (m.room !== currentRoom) { currentRoom = m.room; myColor = null; }
      state = m;
      if (location.hash !== "#room=" + m.room) history.replaceState(null, "", "#room=" + m.room);
      show("room");
      renderRoom();
      break;
    case "undo_requested": offer("undo", "Your opponent asks to take back a move."); break;
    case "draw_offered": offer("draw", "Your opponent offers a draw."); break;
    case "rematch_offered": offer("rematch", "Your opponent wants a rematch, colours swapped."); break;
    case "undo_declined": note("Your opponent refused the undo."); break;
    case "draw_declined": note("The draw offer was refused."); break;
    case "error": onError(m); break;
  }
}

function onError(m) {
  if (m.code === "room_full" && currentRoom) { watching = true; send({ type: "watch", room: currentRoom }); note("Both seats are taken: you are watching."); return; }
  if (m.code === "bad_token" && currentRoom) { localStorage.removeItem(tokenKey(currentRoom)); send({ type: "join", room: currentRoom, name: $("name").value }); return; }
  if (m.code === "replaced") myColor = null;
  if (m.code === "no_room") { currentRoom = null; state = null; show("lobby"); }
  note(m.message);
}

function enterRoom(code) {
  currentRoom = code;
  const token = localStorage.getItem(tokenKey(code));
  if (token) send({ type: "resume", room: code, token });
  else if (watching) send({ type: "watch", room: code });
  else send({ type: "join", room: code, name: $("name").value });
}

// --- pages ---
function show(page) {
  for (const id of ["lobby", "room", "history", "replay"]) $(id).hidden = id !== page;
}

function route() {
  const hash = location.hash.slice(1);
  const room = /^room=([A-Za-z0-9]+)$/.exec(hash);
  const game = /^game=(\d+)$/.exec(hash);
  if (room) {
    const code = room[1].toUpperCase();
    if (code !== currentRoom || !state) { state = null; myColor = null; enterRoom(code); }
    else show("room");
  } else if (hash === "history") {
    leaveRoom(); show("history"); loadHistory();
  } else if (game) {
    leaveRoom(); show("replay"); loadReplay(game[1]);
  } else {
    leaveRoom(); show("lobby");
  }
}

function leaveRoom() {
  if (currentRoom) send({ type: "leave" });
  currentRoom = null; state = null; myColor = null; watching = false;
}

function fillLobby() {
  const fill = (select, items, chosen) => {
    select.replaceChildren(...items.map(([value, label]) => new Option(label, value, false, value == chosen)));
  };
  fill($("rule"), hello.rules.map((r) => [r, r]), "freestyle");
  const sizes = [];
  for (let s = hello.sizes.min; s <= hello.sizes.max; s++) sizes.push([s, s + " × " + s]);
  fill($("size"), sizes, hello.sizes.default);
  const levels = [];
  for (let l = hello.ai_levels.min; l <= hello.ai_levels.max; l++) levels.push([l, "level " + l]);
  fill($("level"), levels, Math.min(3, hello.ai_levels.max));
  for (const option of $("clock").options) {
    const ms = Number(option.value) * 1000;
    option.disabled = option.value !== "" && (ms < hello.limits.min_turn_ms || ms > hello.limits.max_turn_ms);
  }
  $("name").maxLength = hello.limits.max_name_chars;
}

// --- board ---
function svgElement(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// Draws a board of `size` with `moves` (black first); `marks` adds the last
// move, the winning line and forbidden points; `onPoint` makes it clickable.
function drawBoard(svg, size, moves, marks, onPoint) {
  const pad = 1;
  const span = size - 1 + 2 * pad;
  svg.setAttribute("viewBox", `0 0 ${span} ${span}`);
  svg.replaceChildren();
  svgElement("rect", { x: 0, y: 0, width: span, height: span, fill: "#e3b76b" }, svg);
  const grid = svgElement("g", { class: "grid" }, svg);
  for (let i = 0; i < size; i++) {
    svgElement("line", { x1: pad, y1: pad + i, x2: pad + size - 1, y2: pad + i }, grid);
    svgElement("line", { x1: pad + i, y1: pad, x2: pad + i, y2: pad + size - 1 }, grid);
    const letter = svgElement("text", { x: pad + i, y: pad - 0.6, class: "coord" }, svg);
    letter.textContent = String.fromCharCode(97 + i);
    const number = svgElement("text", { x: pad - 0.6, y: pad + i, class: "coord" }, svg);
    number.textContent = i + 1;
  }
  if (size >= 13) {
    const c = (size - 1) / 2, q = size >= 15 ? 3 : 2;
    for (const [x, y] of [[c, c], [q, q], [size - 1 - q, q], [q, size - 1 - q], [size - 1 - q, size - 1 - q]])
      svgElement("circle", { cx: pad + x, cy: pad + y, r: 0.09, fill: "#5a4220" }, svg);
  }
  for (const name of marks.forbidden || []) {
    const p = pointXY(name); if (!p) continue;
    const [x, y] = [pad + p[0], pad + p[1]];
    svgElement("path", { d: `M${x - .2} ${y - .2}L${x + .2} ${y + .2}M${x + .2} ${y - .2}L${x - .2} ${y + .2}`, class: "forbidden" }, svg);
  }
  moves.forEach((name, i) => {
    const p = pointXY(name); if (!p) return;
    const black = i % 2 === 0;
    svgElement("circle", { cx: pad + p[0], cy: pad + p[1], r: 0.44, fill: black ? "#111" : "#fafafa", stroke: "#000", "stroke-width": 0.03, "data-stone": name, "data-color": black ? "black" : "white" }, svg);
  });
  if (marks.last) {
    const p = pointXY(marks.last);
    if (p) svgElement("circle", { cx: pad + p[0], cy: pad + p[1], r: 0.16, class: "last" }, svg);
  }
  const line = (marks.winning || []).map(pointXY).filter(Boolean);
  if (line.length >= 2) {
    line.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const [a, b] = [line[0], line[line.length - 1]];
    svgElement("line", { x1: pad + a[0], y1: pad + a[1], x2: pad + b[0], y2: pad + b[1], class: "win", "stroke-linecap": "round" }, svg);
  }
  if (onPoint) {
    const cells = svgElement("g", {}, svg);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        svgElement("rect", { x: pad + x - 0.5, y: pad + y - 0.5, width: 1, height: 1, class: "cell", "data-point": pointName(x, y) }, cells);
    cells.onclick = (event) => { const p = event.target.getAttribute("data-point"); if (p) onPoint(p); };
  }
}

// --- room ---
function renderRoom() {
  const s = state;
  $("room-code").textContent = s.room;
  $("room-rule").textContent = `${s.rule}, ${s.size} × ${s.size}` + (s.game > 1 ? `, game ${s.game}` : "")
    + (s.spectators > 0 ? `, ${s.spectators} watching` : "") + (myColor ? "" : " (watching)");
  $("share-link").value = location.origin + "/#room=" + s.room;
  for (const color of ["black", "white"]) {
    const box = $(color + "-player");
    const name = s.names[color];
    box.querySelector(".pname").textContent = (name ?? "waiting…") + (myColor === color ? " (you)" : "");
    box.classList.toggle("to-move", s.result === "ongoing" && s.to_move === color);
    box.classList.toggle("away", name !== null && !s.players[color]);
  }
  const myTurn = s.result === "ongoing" && myColor === s.to_move;
  drawBoard($("board"), s.size, s.moves,
    { last: s.last_move, winning: s.winning_line, forbidden: myTurn ? s.forbidden : [] },
    myColor ? (p) => send({ type: "move", move: p }) : null);
  $("status").textContent = statusText(s, myTurn);
  const seated = myColor !== null, ongoing = s.result === "ongoing";
  const opponent = seated && s.names[myColor === "black" ? "white" : "black"] !== null;
  $("undo").disabled = !(seated && ongoing && opponent && s.moves.length > (myColor === "black" ? 0 : 1));
  $("draw").disabled = !(seated && ongoing && opponent);
  $("resign").disabled = !(seated && ongoing && opponent);
  $("rematch").disabled = !(seated && !ongoing) || s.offers.rematch.includes(myColor);
  if (pending === "undo" && s.offers.undo === null) hideOffer();
  if (pending === "draw" && s.offers.draw === null) hideOffer();
  if (pending === "rematch" && ongoing) hideOffer();
  startClock(s);
}

function statusText(s, myTurn) {
  if (s.result !== "ongoing") {
    const why = { five: "five in a row", resign: "resignation", time: "time", agreed: "agreement", full: "full board", abandoned: "abandoned" }[s.reason] || s.reason;
    const verdict = s.result === "draw" ? "Draw" : (s.result === myColor ? "You won" : (myColor ? "You lost" : s.result + " won"));
    return `${verdict} (${why})`;
  }
  if (s.names.black === null || s.names.white === null) return "Waiting for an opponent: send them the link.";
  if (s.computer && s.computer.thinking) return "The computer is thinking…";
  if (myTurn) return s.offers.undo === myColor ? "Waiting for your opponent's answer…" : "Your move";
  return myColor ? "Opponent's move" : s.to_move + " to move";
}

function startClock(s) {
  clearInterval(clockTimer);
  const view = $("clock-view");
  if (!s.clock) { view.hidden = true; return; }
  view.hidden = false;
  const end = s.clock.remaining_ms === null ? null : Date.now() + s.clock.remaining_ms;
  const tick = () => {
    const left = end === null ? s.clock.turn_ms : Math.max(0, end - Date.now());
    view.textContent = (left / 1000).toFixed(left < 10000 ? 1 : 0) + " s";
    view.classList.toggle("low", end !== null && left < 10000);
  };
  tick();
  if (end !== null) clockTimer = setInterval(tick, 100);
}

function offer(kind, text) {
  pending = kind;
  $("offer-text").textContent = text;
  $("offer-no").hidden = kind === "rematch";
  $("offer-yes").textContent = kind === "rematch" ? "Rematch" : "Accept";
  $("offer").hidden = false;
}

function hideOffer() { pending = null; $("offer").hidden = true; }

function answerOffer(accept) {
  if (pending === "undo") send({ type: "undo_reply", accept });
  else if (pending === "draw") send({ type: "draw_reply", accept });
  else if (pending === "rematch" && accept) send({ type: "rematch" });
  hideOffer();
}

let noteTimer = null;
function note(text) {
  $("message").textContent = text;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { $("message").textContent = ""; }, 5000);
}

// --- history and replay ---
async function loadHistory() {
  const body = $("games").querySelector("tbody");
  body.replaceChildren();
  let games = [];
  try { games = await (await fetch("/api/games?limit=100")).json(); } catch { note("The archive is unavailable."); return; }
  for (const g of games) {
    const row = document.createElement("tr");
    const result = g.result === "draw" ? "draw" : (g.result === "ongoing" ? "—" : g.result + " won");
    for (const text of [g.id, g.black, g.white, `${result} (${g.reason})`, `${g.rule} ${g.size}`, g.move_count, new Date(g.ended_at).toLocaleString()]) {
      const cell = document.createElement("td"); cell.textContent = text; row.appendChild(cell);
    }
    row.onclick = () => { location.hash = "game=" + g.id; };
    body.appendChild(row);
  }
}

let replayGame = null;
async function loadReplay(id) {
  try {
    const response = await fetch(`/api/games/${id}?format=json`);
    if (!response.ok) throw new Error();
    replayGame = await response.json();
  } catch { note("No such game."); show("history"); return; }
  const g = replayGame;
  $("replay-title").textContent = `Game ${g.id}: ${g.black} (black) – ${g.white} (white)`;
  $("replay-step").max = g.moves.length;
  $("replay-save").href = `/api/games/${g.id}`;
  $("replay-psq").href = `/api/games/${g.id}?format=psq`;
  replayTo(g.moves.length);
}

function replayTo(n) {
  const g = replayGame; if (!g) return;
  n = Math.max(0, Math.min(g.moves.length, n));
  $("replay-step").value = n;
  const moves = g.moves.slice(0, n);
  const end = n === g.moves.length;
  drawBoard($("replay-board"), g.size, moves, { last: moves[n - 1] }, null);
  const result = g.result === "draw" ? "draw" : (g.result === "ongoing" ? "unfinished" : g.result + " won");
  $("replay-status").textContent = `move ${n} of ${g.moves.length}` + (end ? ` · ${result} (${g.reason})` : "");
}

// --- wiring ---
$("opponent").onchange = () => { $("level-label").hidden = $("opponent").value !== "computer"; };
$("create-form").onsubmit = (event) => {
  event.preventDefault();
  const f = new FormData(event.target);
  const message = { type: "create", rule: f.get("rule"), size: Number(f.get("size")), color: f.get("color"), name: f.get("name") };
  if (f.get("opponent") === "computer") message.opponent = { ai: Number(f.get("level")) };
  if (f.get("clock")) message.clock = { turn_ms: Number(f.get("clock")) * 1000 };
  state = null; myColor = null; currentRoom = null; watching = false;
  send(message);
};
$("join-form").onsubmit = (event) => {
  event.preventDefault();
  const code = $("code").value.trim().toUpperCase();
  if (code) location.hash = "room=" + code;
};
$("watch").onclick = () => {
  const code = $("code").value.trim().toUpperCase();
  if (!code) return;
  currentRoom = code; state = null; myColor = null; watching = true;
  send({ type: "watch", room: code });
};
$("copy-link").onclick = () => { $("share-link").select(); navigator.clipboard?.writeText($("share-link").value); };
$("undo").onclick = () => send({ type: "undo" });
$("draw").onclick = () => send({ type: "draw_offer" });
$("resign").onclick = () => { if (confirm("Resign this game?")) send({ type: "resign" }); };
$("rematch").onclick = () => send({ type: "rematch" });
$("leave").onclick = () => { location.hash = ""; };
$("offer-yes").onclick = () => answerOffer(true);
$("offer-no").onclick = () => answerOffer(false);
$("replay-first").onclick = () => replayTo(0);
$("replay-prev").onclick = () => replayTo(Number($("replay-step").value) - 1);
$("replay-next").onclick = () => replayTo(Number($("replay-step").value) + 1);
$("replay-last").onclick = () => replayTo(Infinity);
$("replay-step").oninput = () => replayTo(Number($("replay-step").value));
$("name").value = localStorage.getItem("gomoku.name") || "";
$("name").onchange = () => localStorage.setItem("gomoku.name", $("name").value);
window.addEventListener("hashchange", route);

connect();
route();
