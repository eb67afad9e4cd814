// The arbiter's desk in the browser: each button posts its action as JSON to the desk and shows the answer; the
// pages of a round ask the desk every few seconds what changed (another arbiter's save, a player's report).
// Every text comes from the page (its language); data is put into the page as text, never as markup.

const texts = JSON.parse(document.getElementById("texts")?.textContent || "{}");
const status = document.getElementById("status");

function say(message, problems = []) {
  if (!status) return;
  status.textContent = "";
  const p = document.createElement("p");
  p.textContent = message;
  status.append(p);
  if (problems.length) {
    const ul = document.createElement("ul");
    for (const line of problems) {
      const li = document.createElement("li");
      li.textContent = line;
      ul.append(li);
    }
    status.append(ul);
  }
}

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    credentials: "same-origin",
  });
  let answer = {};
  try { answer = await response.json(); } catch { answer = { error: texts.failed }; }
  if (!response.ok) {
    say(answer.error || texts.failed, answer.problems || []);
    return null;
  }
  return answer;
}

function showProblems(lines) {
  const box = document.getElementById("problems");
  if (!box) return;
  const ul = box.querySelector("ul");
  ul.textContent = "";
  for (const line of lines || []) {
    const li = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = line;
    li.append(code);
    ul.append(li);
  }
  box.hidden = !(lines && lines.length);
}

function fold(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

// A search box that hides the rows whose names do not hold every word typed.
for (const input of document.querySelectorAll("input[data-filter]")) {
  input.addEventListener("input", () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    for (const row of document.querySelectorAll(input.dataset.filter)) {
      const hay = fold(row.dataset.names || row.textContent);
      row.hidden = !words.every((w) => hay.includes(w));
    }
  });
}

// Check-in ------------------------------------------------------------------------------------------------------
const late = document.getElementById("late");
if (late) {
  late.addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await post("/api/late", {
      event: late.dataset.event, round: Number(late.dataset.round), player: document.getElementById("late-player").value,
    });
    if (answer) window.location.reload();
  });
}

const checkin = document.getElementById("checkin");
if (checkin) {
  const words = JSON.parse(document.getElementById("checkin-words").textContent);
  checkin.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-checkin]");
    if (!button) return;
    const row = button.closest("tr");
    const wanted = button.dataset.checkin;
    if (button.dataset.ask && !window.confirm(button.dataset.ask)) return;
    const now = row.querySelector(".state").dataset.status;
    const status_ = wanted === now && wanted !== "withdrawn" ? "" : wanted;
    const answer = await post("/api/checkin", {
      event: checkin.dataset.event, round: Number(checkin.dataset.round), player: row.dataset.player, status: status_,
    });
    if (!answer) return;
    const cell = row.querySelector(".state");
    cell.dataset.status = status_;
    cell.textContent = words[status_];
    if (status_ === "withdrawn") row.querySelector(".actions").textContent = "";
    showProblems(answer.problems);
    say(texts.saved);
  });
}

// Results -------------------------------------------------------------------------------------------------------
const results = document.getElementById("results");
if (results) {
  const event_ = results.dataset.event;
  const round = Number(results.dataset.round);
  const scored = results.dataset.scored === "yes";
  let version = null;

  const rowOf = (board) => document.getElementById(`board-${board}`);

  function paint(row, fields, reports, replay) {
    row.dataset.fields = JSON.stringify(fields);
    const again = row.querySelector(".replay");
    if (again) {
      again.hidden = fields[0] !== "½-½";
      again.querySelector(".replay-result").textContent = (replay || []).join(" ");
    }
    row.querySelector(".result").textContent = fields.length ? fields.join(" ") : "–";
    for (const button of row.querySelectorAll(".buttons button[data-result]")) {
      if (button.dataset.result) button.setAttribute("aria-pressed", String(fields[0] === button.dataset.result));
    }
    const box = row.querySelector(".reports");
    box.textContent = "";
    const names = [row.dataset.first, row.dataset.second];
    for (const report of reports || []) {
      const p = document.createElement("p");
      p.className = reports.length === 2 ? "report disagree" : "report";
      p.textContent = `${names[report.side]}: ${report.fields.join(" ")} `;
      const confirm = document.createElement("button");
      confirm.type = "button";
      confirm.dataset.result = report.fields[0];
      confirm.dataset.extra = JSON.stringify(report.fields.slice(1));
      confirm.textContent = texts.confirm;
      p.append(confirm);
      box.append(p);
    }
  }

  async function save(row, result, extra = null) {
    let fields = result ? [result] : [];
    if (result && scored && ["1-0", "0-1", "½-½"].includes(result)) {
      if (extra && extra.length) {
        fields = [result, ...extra];
      } else {
        const took = [...row.querySelectorAll("input.took")].map((i) => i.value.trim());
        fields = [result, row.querySelector("select.ending").value, ...took];
      }
    }
    const answer = await post("/api/result", {
      event: event_, round, board: Number(row.dataset.board), players: JSON.parse(row.dataset.players),
      fields, was: JSON.parse(row.dataset.fields),
    });
    if (!answer) { refresh(); return false; }
    apply(answer);
    say(`${texts.board} ${row.dataset.board}: ${fields.join(" ") || "–"}. ${texts.saved}`);
    return true;
  }

  function apply(state) {
    version = state.version;
    for (const board of state.boards) {
      const row = rowOf(board.board);
      if (row) paint(row, board.fields, board.reports, board.replay);
    }
    showProblems(state.problems);
  }

  async function refresh() {
    const response = await fetch(`/api/state?event=${encodeURIComponent(event_)}&round=${round}`,
      { credentials: "same-origin" });
    if (!response.ok) return;
    const state = await response.json();
    if (state.version !== version) apply(state);
  }

  results.addEventListener("click", async (event) => {
    const replay = event.target.closest("button[data-replay]");
    if (replay) {
      const row = replay.closest("tr");
      const answer = await post("/api/replay", {
        event: event_, round, board: Number(row.dataset.board), players: JSON.parse(row.dataset.players),
        result: replay.dataset.replay,
      });
      if (answer) { apply(answer); say(`${texts.board} ${row.dataset.board}: ${texts.saved}`); }
      return;
    }
    const button = event.target.closest("button[data-result]");
    if (!button) return;
    const extra = button.dataset.extra ? JSON.parse(button.dataset.extra) : null;
    save(button.closest("tr"), button.dataset.result, extra);
  });

  // The keyboard's way: board number, result, Enter.
  const quick = document.getElementById("quick");
  quick.addEventListener("submit", async (event) => {
    event.preventDefault();
    const boardInput = document.getElementById("quick-board");
    const resultInput = document.getElementById("quick-result");
    const row = rowOf(boardInput.value.trim());
    if (!row) { say(texts.no_board); boardInput.focus(); return; }
    const words = { "1/2": "½-½", "=": "½-½", "draw": "½-½", "1/2-1/2": "½-½", "10": "1-0", "01": "0-1" };
    let result = resultInput.value.trim().toLowerCase().replace(/\s+/g, "");
    result = words[result] || result;
    if (!["1-0", "0-1", "½-½", "+-", "-+", "--"].includes(result)) { say(texts.no_result); resultInput.focus(); return; }
    if (await save(row, result)) {
      boardInput.value = "";
      resultInput.value = "";
      boardInput.focus();
    }
  });

  refresh();
  setInterval(refresh, 3000);
}

// Pairing -------------------------------------------------------------------------------------------------------
for (const button of document.querySelectorAll("button[data-propose]")) {
  button.addEventListener("click", async () => {
    if (await post("/api/propose", { event: button.dataset.propose })) window.location.reload();
  });
}

const pairing = document.getElementById("pairing");
if (pairing) {
  const event_ = pairing.dataset.event;
  const names = JSON.parse(pairing.dataset.names);
  const words = JSON.parse(pairing.dataset.words);
  const editable = pairing.dataset.editable === "yes";
  const fixed = Number(pairing.dataset.knockout);  // the knock-out's boards come first and stay
  const pairs = JSON.parse(pairing.dataset.pairs);
  let bye = JSON.parse(pairing.dataset.bye);
  let chosen = null;  // [board index, side] of the first player pressed; side 2: the bye
  let changed = false;

  const body = document.getElementById("pairs");

  function playerButton(pid, index, side) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "player";
    button.textContent = names[pid] || pid;
    button.setAttribute("aria-pressed", chosen && chosen[0] === index && chosen[1] === side ? "true" : "false");
    button.setAttribute("aria-label", words.swap.replace("{name}", names[pid] || pid));
    button.addEventListener("click", () => press(index, side));
    return button;
  }

  function draw() {
    if (!editable) return;
    body.textContent = "";
    pairs.forEach((pair, index) => {
      const row = document.createElement("tr");
      const number = document.createElement("td");
      number.textContent = String(index + 1);
      row.append(number);
      for (const side of [0, 1]) {
        const cell = document.createElement("td");
        if (index < fixed) cell.textContent = names[pair[side]] || pair[side];
        else cell.append(playerButton(pair[side], index, side));
        row.append(cell);
      }
      const moves = document.createElement("td");
      if (index >= fixed) {
        for (const [arrow, step, label] of [["▲", -1, words.up], ["▼", 1, words.down]]) {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = arrow;
          button.setAttribute("aria-label", label.replace("{board}", String(index + 1)));
          button.disabled = index + step < fixed || index + step >= pairs.length;
          button.addEventListener("click", () => move(index, step));
          moves.append(button);
        }
      }
      row.append(moves);
      body.append(row);
    });
    if (bye) {
      const row = document.createElement("tr");
      const label = document.createElement("td");
      label.textContent = words.bye;
      const cell = document.createElement("td");
      cell.append(playerButton(bye, -1, 2));
      row.append(label, cell, document.createElement("td"), document.createElement("td"));
      body.append(row);
    }
  }

  function get(index, side) { return side === 2 ? bye : pairs[index][side]; }
  function put(index, side, pid) { if (side === 2) bye = pid; else pairs[index][side] = pid; }

  function press(index, side) {
    if (!chosen) { chosen = [index, side]; draw(); return; }
    const [i, s] = chosen;
    chosen = null;
    if (i !== index || s !== side) {
      const a = get(i, s);
      put(i, s, get(index, side));
      put(index, side, a);
      changed = true;
      check();
    }
    draw();
  }

  function move(index, step) {
    const other = index + step;
    [pairs[index], pairs[other]] = [pairs[other], pairs[index]];
    changed = true;
    draw();
    check();
  }

  const breaks = document.getElementById("breaks");
  async function check() {
    const answer = await post("/api/pairing/check", { event: event_, boards: pairs, bye });
    if (!answer) return [];
    breaks.textContent = "";
    const ul = document.createElement("ul");
    for (const item of answer.breaks) {
      const li = document.createElement("li");
      li.className = item.blocking ? "blocking" : "rule";
      li.textContent = (item.board ? `${words.board} ${item.board}: ` : "") + item.message;
      ul.append(li);
    }
    if (!answer.breaks.length) {
      const p = document.createElement("p");
      p.textContent = texts.ok_rules;
      breaks.append(p);
    } else {
      breaks.append(ul);
    }
    return answer.breaks;
  }

  document.getElementById("publish").addEventListener("click", async () => {
    const accept = document.getElementById("accept").checked;
    const answer = await post("/api/publish", changed ? { event: event_, boards: pairs, bye, accept } : { event: event_ });
    if (answer) window.location.href = `/event/${event_}/results`;
  });
  draw();
}

// Git -----------------------------------------------------------------------------------------------------------
const commit = document.getElementById("commit");
if (commit) {
  commit.addEventListener("click", async () => {
    const answer = await post("/api/commit", {});
    if (answer) { say(`${texts.committed} ${answer.commit}`); setTimeout(() => window.location.reload(), 800); }
  });
}

// A player's report ---------------------------------------------------------------------------------------------
const play = document.getElementById("play");
if (play) {
  const code = document.getElementById("code");
  code.value = sessionStorage.getItem("desk-code") || "";
  const select = document.getElementById("event");
  const found = document.getElementById("found");
  const section = document.getElementById("report");
  let chosen = null;  // {event, round, board, side}

  play.addEventListener("submit", async (event) => {
    event.preventDefault();
    sessionStorage.setItem("desk-code", code.value.trim());
    const option = select.selectedOptions[0];
    const q = document.getElementById("who").value;
    const response = await fetch(`/api/find?event=${encodeURIComponent(option.value)}&q=${encodeURIComponent(q)}`);
    const answer = await response.json();
    found.textContent = "";
    section.hidden = true;
    if (!answer.boards || !answer.boards.length) { found.textContent = texts.no_player; return; }
    const list = document.createElement("ul");
    list.className = "found";
    for (const board of answer.boards) {
      const li = document.createElement("li");
      const title = document.createElement("p");
      title.textContent = `${texts.board} ${board.board}: ${board.names[0]} – ${board.names[1]}`;
      li.append(title);
      for (const side of [0, 1]) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = texts.i_am.replace("{name}", board.names[side]);
        button.addEventListener("click", () => {
          chosen = { event: option.value, round: answer.round, board: board.board, side };
          section.hidden = false;
          document.getElementById("report-head").textContent = `${texts.board} ${board.board}: ${board.names[side]} – ${board.names[1 - side]}`;
          const endings = JSON.parse(option.dataset.endings);
          const scoredBox = section.querySelector(".scored");
          scoredBox.hidden = !endings.length;
          const ending = document.getElementById("ending");
          ending.textContent = "";
          for (const e of endings) { const o = document.createElement("option"); o.value = e; o.textContent = e; ending.append(o); }
          section.querySelector("button").focus();
        });
        li.append(button);
      }
      list.append(li);
    }
    found.append(list);
  });

  section?.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-outcome]");
    if (!button || !chosen) return;
    if (!code.value.trim()) { say(texts.code_first); code.focus(); return; }
    sessionStorage.setItem("desk-code", code.value.trim());
    const outcome = button.dataset.outcome;
    const result = outcome === "draw" ? "½-½" : (outcome === "won") === (chosen.side === 0) ? "1-0" : "0-1";
    let fields = [result];
    if (!section.querySelector(".scored").hidden) {
      const mine = document.getElementById("mine").value.trim();
      const theirs = document.getElementById("theirs").value.trim();
      const took = chosen.side === 0 ? [mine, theirs] : [theirs, mine];
      fields = [result, document.getElementById("ending").value, ...took];
    }
    const answer = await post("/api/report", { ...chosen, fields, code: code.value.trim() });
    if (answer) say(answer.message);
  });
}

// The screen: pages of rows that turn by themselves, and a new page when the desk's data changes ---------------
const screen = document.querySelector("main.screen");
if (screen) {
  const tables = [...screen.querySelectorAll("table.pages")];
  const pages = [];
  for (const table of tables) {
    const rows = [...table.tBodies[0].rows];
    const per = Math.max(5, Math.floor((window.innerHeight - 320) / 44));  // headings and the corner stay in view
    for (let start = 0; start < rows.length; start += per) pages.push({ table, rows: rows.slice(start, start + per) });
  }
  let at = 0;
  function turn() {
    for (const table of tables) {
      table.closest("section").hidden = true;
      table.hidden = true;
      for (const row of table.tBodies[0].rows) row.hidden = true;
    }
    const heads = screen.querySelectorAll("h2");
    for (const h of heads) h.hidden = true;
    if (!pages.length) return;
    const page = pages[at % pages.length];
    page.table.hidden = false;
    page.table.closest("section").hidden = false;
    const head = document.getElementById(page.table.getAttribute("aria-labelledby"));
    if (head) head.hidden = false;
    for (const row of page.rows) row.hidden = false;
    at += 1;
  }
  turn();
  setInterval(turn, 10000);
  const version = screen.dataset.version;
  setInterval(async () => {
    try {
      const response = await fetch("/api/state");
      const state = await response.json();
      if (String(state.version) !== version) window.location.reload();
    } catch { /* the desk restarts: try again later */ }
  }, 15000);
}
