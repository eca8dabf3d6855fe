// The page around the firmware's WebAssembly module (Web/WebMain/Page.swift
// lists its calls). Everything the phone does happens in the module; this
// script only moves key edges, the clock, bytes and pixels across, and keeps
// the saved state in the browser's storage.
"use strict";
(async () => {
  const $ = (id) => document.getElementById(id);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const started = performance.now();

  const fromBase64 = (text) => {
    const binary = atob(text.trim());
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  };
  const toBase64 = (bytes) => {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  };

  // The module, with the three WASI calls its headless entry imports (the
  // page never calls that entry; writes go to the console).
  let memory;
  const wasi = {
    fd_read: (fd, vectors, count, done) => {
      new DataView(memory.buffer).setInt32(done, 0, true);
      return 0;
    },
    fd_write: (fd, vectors, count, done) => {
      const view = new DataView(memory.buffer);
      let written = 0;
      for (let i = 0; i < count; i++) {
        const address = view.getUint32(vectors + 8 * i, true);
        const length = view.getUint32(vectors + 8 * i + 4, true);
        console.log(decoder.decode(new Uint8Array(memory.buffer, address, length)));
        written += length;
      }
      view.setInt32(done, written, true);
      return 0;
    },
    proc_exit: (status) => {
      throw new Error(`the module exited with ${status}`);
    },
  };
  const { instance } = await WebAssembly.instantiate(fromBase64($("module").textContent), {
    wasi_snapshot_preview1: wasi,
  });
  const X = instance.exports;
  memory = X.memory;
  const marks = { module: performance.now() };

  // Bundle sections: `dictionary en` (a .t9dict), `pairs en` (a .t9pairs).
  const dictionaries = JSON.parse($("dictionaries").textContent).map(([section, text]) => [
    section,
    fromBase64(text),
  ]);
  marks.dictionaries = performance.now();

  // Bytes in and out of the module.
  const put = (bytes) => {
    const address = X.t9_input(bytes.length);
    new Uint8Array(memory.buffer, address, bytes.length).set(bytes);
    return bytes.length;
  };
  const taken = (length) =>
    length < 0 ? null : new Uint8Array(memory.buffer, X.t9_output(), length).slice();
  const takenText = (length) => (length < 0 ? null : decoder.decode(taken(length)));

  // A web bundle (WebPhone/WebBundle.swift): `t9phone-web-bundle 1`, then
  // sections `NAME LENGTH` and their bytes.
  const bundle = (sections) => {
    const parts = [encoder.encode("t9phone-web-bundle 1\n")];
    for (const [head, body] of sections) {
      parts.push(encoder.encode(`${head} ${body.length}\n`), body, encoder.encode("\n"));
    }
    const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      bytes.set(part, offset);
      offset += part.length;
    }
    return bytes;
  };
  const sectionsOf = (bytes) => {
    const sections = [];
    let index = bytes.indexOf(10) + 1;
    while (index > 0 && index < bytes.length) {
      const end = bytes.indexOf(10, index);
      if (end < 0) break;
      const head = decoder.decode(bytes.subarray(index, end));
      const space = head.lastIndexOf(" ");
      const length = Number(head.slice(space + 1));
      sections.push([head.slice(0, space), bytes.slice(end + 1, end + 1 + length)]);
      index = end + 2 + length;
    }
    return sections;
  };
  const dictionarySections = () => dictionaries;

  // Settings, as scenario header lines.
  const settingsForm = $("settings");
  const stored = JSON.parse(localStorage.getItem("t9phone.settings") || "{}");
  for (const [name, value] of Object.entries(stored)) {
    if (settingsForm.elements[name]) settingsForm.elements[name].value = value;
  }
  const setting = (name) => settingsForm.elements[name].value;
  // The phone's clock starts at the computer's time of day.
  const clock = () => {
    const date = new Date();
    const two = (value) => String(value).padStart(2, "0");
    return `clock ${two(date.getHours())}:${two(date.getMinutes())}`;
  };
  const header = () =>
    [
      `lcd ${setting("lcd")}`,
      clock(),
      `rom ${setting("rom")}`,
      `language ${setting("language")}`,
      `set input-mode ${setting("mode")}`,
      `set long-press ${Math.round(Number(setting("longpress")) || 800)}ms`,
      "modem sim",
      "",
    ].join("\n");
  const scale = 2;
  const palette = () => Number(setting("palette"));

  // The phone.
  let origin = performance.now();
  const now = () => performance.now() - origin;
  let recording = null; // the contacts the recording started with
  let replaying = null;
  const down = new Set();
  const keyNumbers = new Map(takenText(X.t9_key_names()).split("\n").map((name, i) => [name, i]));
  const keyTimes = [];
  const keyAllocations = [];
  // Allocations while the phone's clock moved on (its deadlines fired).
  let clockAllocations = 0;
  let firstFrame = null;
  let savedAt = 0;

  const storedState = () => {
    const text = localStorage.getItem("t9phone.state");
    if (!text) return [];
    try {
      return sectionsOf(fromBase64(text)).filter(([head]) => !head.startsWith("scenario"));
    } catch {
      return [];
    }
  };

  const startPhone = (state) => {
    down.clear();
    const status = X.t9_start(
      put(bundle([["scenario settings", encoder.encode(header())], ...dictionarySections(), ...state])),
    );
    const said = takenText(X.t9_output_length());
    origin = performance.now();
    if (!marks.phone) marks.phone = origin;
    if (status !== 0) {
      $("status").textContent = "The phone did not start: " + said;
      return false;
    }
    $("status").textContent = said ? "Set aside: " + said : "";
    draw();
    schedule();
    return true;
  };

  const canvas = $("lcd");
  const context = canvas.getContext("2d");
  let lastText = "";
  const paint = (size) => {
    if (size < 0) return; // the canvas shows it already
    const width = size >>> 16;
    const height = size & 0xffff;
    if (!width) return;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const rgba = new Uint8ClampedArray(memory.buffer, X.t9_pixels(), width * height * 4);
    context.putImageData(new ImageData(rgba.slice(), width, height), 0, 0);
  };
  const showText = (text) => {
    if (text === lastText) return;
    lastText = text;
    $("lcd-text").textContent = text;
    canvas.setAttribute("aria-label", "The phone's LCD: " + text.split("\n")[0].trim());
  };
  const draw = () => {
    if (replaying) return;
    paint(X.t9_draw(scale, palette(), now()));
    showText(takenText(X.t9_text()));
    if (firstFrame === null) firstFrame = performance.now();
  };

  // The phone's own deadlines (long presses, repeats, timeouts, the clock),
  // and a blinking cursor's half cycle.
  let timer = 0;
  const schedule = () => {
    clearTimeout(timer);
    const deadline = X.t9_deadline();
    const wait = Math.min(deadline < 0 ? 250 : Math.max(0, deadline - now()), 250);
    timer = setTimeout(tick, wait);
  };
  const tick = () => {
    const allocated = X.t9_allocations();
    X.t9_advance(now());
    clockAllocations += X.t9_allocations() - allocated;
    draw();
    schedule();
    if (!recording && performance.now() - savedAt > 2000 && down.size === 0) save();
  };

  // A key edge at the time its event happened (`event.timeStamp`, on the
  // clock of `performance.now()`), or now.
  const edge = (name, pressed, stamp = performance.now()) => {
    if (replaying) return;
    const number = keyNumbers.get(name);
    if (number === undefined) return;
    if (pressed === down.has(name)) return;
    if (pressed) down.add(name);
    else down.delete(name);
    for (const button of document.querySelectorAll(`#keypad button[data-key="${CSS.escape(name)}"]`)) {
      button.classList.toggle("down", pressed);
    }
    const before = performance.now();
    const allocated = X.t9_allocations();
    X.t9_key(pressed ? 1 : 0, number, stamp - origin);
    keyAllocations.push(X.t9_allocations() - allocated);
    draw();
    keyTimes.push(performance.now() - before);
    schedule();
  };

  // Saved state: settings, contacts, learned words, messages.
  const save = () => {
    savedAt = performance.now();
    if (recording) return;
    const length = X.t9_save(put(encoder.encode(header())));
    if (length < 0) return;
    try {
      localStorage.setItem("t9phone.state", toBase64(taken(length)));
    } catch (error) {
      $("storage-outcome").textContent = "The browser's storage refused the phone's state: " + error.message;
    }
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });

  // The keypad: pointer down presses, pointer up releases, at their times.
  const keypad = $("keypad");
  for (const button of keypad.querySelectorAll("button")) {
    const name = button.dataset.key;
    button.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      button.setPointerCapture(event.pointerId);
      edge(name, true, event.timeStamp);
    });
    button.addEventListener("pointerup", (event) => edge(name, false, event.timeStamp));
    button.addEventListener("pointercancel", (event) => edge(name, false, event.timeStamp));
    button.addEventListener("contextmenu", (event) => event.preventDefault());
    button.addEventListener("keydown", (event) => {
      if (event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) edge(name, true, event.timeStamp);
    });
    button.addEventListener("keyup", (event) => {
      if (event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      event.stopPropagation();
      edge(name, false, event.timeStamp);
    });
  }
  // The computer keyboard, as in the terminal simulator (docs/keys.md).
  const keyboard = {
    Enter: "ok", Backspace: "back", ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left",
    ArrowRight: "right", F1: "softleft", F2: "softright", c: "call", e: "end",
  };
  const keyFor = (event) =>
    /^[0-9*#]$/.test(event.key) ? event.key : keyboard[event.key];
  keypad.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      $("title").focus();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const name = keyFor(event);
    if (!name) return;
    event.preventDefault();
    if (!event.repeat) edge(name, true, event.timeStamp);
  });
  keypad.addEventListener("keyup", (event) => {
    const name = keyFor(event);
    if (name) edge(name, false, event.timeStamp);
  });
  keypad.addEventListener("focusin", () => keypad.classList.add("typing"));
  keypad.addEventListener("focusout", (event) => {
    if (keypad.contains(event.relatedTarget)) return;
    keypad.classList.remove("typing");
    for (const name of [...down]) edge(name, false);
  });
  window.addEventListener("blur", () => {
    for (const name of [...down]) edge(name, false);
  });

  settingsForm.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
    const values = {};
    for (const element of settingsForm.elements) if (element.name) values[element.name] = element.value;
    localStorage.setItem("t9phone.settings", JSON.stringify(values));
    leaveReplay();
    startPhone(storedState());
  });
  settingsForm.elements.palette.addEventListener("change", () => (replaying ? showReplayFrame(replaying.shown) : draw()));

  // Scenarios: replayed by the module as `t9phone test` runs them.
  const readFile = (input) =>
    input.files.length ? input.files[0].text() : Promise.resolve(null);
  const scenarioInput = $("scenario-file");
  scenarioInput.addEventListener("change", () => {
    $("replay-paced").disabled = $("replay-now").disabled = !scenarioInput.files.length;
  });
  const replay = (file, text, contacts, paced) => {
    const sections = [[`scenario ${file}`, encoder.encode(text)]];
    if (contacts !== null) sections.push(["contacts", encoder.encode(contacts)]);
    const lines = takenText(X.t9_replay(put(bundle([...sections, ...dictionarySections()])))).split("\n");
    const frames = [];
    const checks = [];
    const outcome = [];
    for (const line of lines) {
      const words = line.split(" ");
      if (words[0] === "frame") frames.push(Number(words[2]) / 1000);
      else if (words[0] === "check") {
        checks.push({ line: Number(words[1]), time: Number(words[2]) / 1000, passed: words[3] === "pass", frame: words[4] === "-" ? 0 : Number(words[4]) });
      } else if (line) outcome.push(line);
    }
    clearTimeout(timer);
    replaying = { file, frames, checks, shown: 0, source: text.split("\n"), timers: [] };
    $("replay-outcome").textContent = outcome.join(" — ");
    const slider = $("replay-frame");
    slider.max = Math.max(0, frames.length - 1);
    slider.disabled = frames.length === 0;
    $("replay-leave").disabled = false;
    const list = $("replay-checks");
    list.textContent = "";
    const reveal = (check) => {
      const item = document.createElement("li");
      item.className = check.passed ? "pass" : "fail";
      const button = document.createElement("button");
      const source = (replaying.source[check.line - 1] || "").trim();
      button.textContent = `${check.passed ? "passed" : "FAILED"} · line ${check.line} · ${(check.time / 1000).toFixed(3)} s · ${source}`;
      button.addEventListener("click", () => showReplayFrame(check.frame));
      item.append(button);
      list.append(item);
    };
    if (!paced) {
      checks.forEach(reveal);
      const failed = checks.find((check) => !check.passed);
      showReplayFrame(failed ? failed.frame : frames.length - 1);
      return;
    }
    // At the scenario's own pace: each frame and check at its time.
    frames.forEach((time, index) => replaying.timers.push(setTimeout(() => showReplayFrame(index), time)));
    checks.forEach((check) => replaying.timers.push(setTimeout(() => reveal(check), check.time)));
  };
  const showReplayFrame = (index) => {
    if (!replaying || index < 0 || index >= replaying.frames.length) return;
    replaying.shown = index;
    paint(X.t9_replay_draw(index, scale, palette()));
    showText(takenText(X.t9_replay_text(index)));
    $("replay-frame").value = index;
    $("replay-time").textContent = `frame ${index + 1} of ${replaying.frames.length}, ${(replaying.frames[index] / 1000).toFixed(3)} s`;
  };
  const leaveReplay = () => {
    if (!replaying) return;
    replaying.timers.forEach(clearTimeout);
    replaying = null;
    $("replay-leave").disabled = true;
    $("replay-frame").disabled = true;
    draw();
    schedule();
  };
  $("replay-frame").addEventListener("input", (event) => showReplayFrame(Number(event.target.value)));
  const replayChosen = async (paced) => {
    leaveReplay();
    const text = await readFile(scenarioInput);
    if (text === null) return;
    replay(scenarioInput.files[0].name, text, await readFile($("scenario-contacts")), paced);
  };
  $("replay-paced").addEventListener("click", () => replayChosen(true));
  $("replay-now").addEventListener("click", () => replayChosen(false));
  $("replay-leave").addEventListener("click", leaveReplay);

  // Recording what is typed, as `t9phone sim --record` writes it.
  const download = (name, text) => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  $("record-start").addEventListener("click", () => {
    leaveReplay();
    save();
    // A fresh phone with the contacts and nothing learned: the recording
    // replays from the same start.
    const contacts = storedState().filter(([head]) => head === "contacts");
    if (!startPhone(contacts)) return;
    recording = { contacts: contacts.length ? decoder.decode(contacts[0][1]) : null };
    X.t9_record(60);
    $("record-save").disabled = false;
    $("status").textContent = "Recording: type, then save the recording.";
  });
  $("record-save").addEventListener("click", () => {
    X.t9_advance(now());
    const text = takenText(X.t9_recording());
    if (text !== null) download("recording.scenario", text);
    if (recording && recording.contacts !== null) download("contacts.vcf", recording.contacts);
    recording = null;
    $("record-save").disabled = true;
    $("status").textContent = "";
    startPhone(storedState());
  });

  // The network panel: scenario `network` lines, run on the phone's
  // simulated network.
  const quoted = (text) => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
  const perform = (lines) => {
    leaveReplay();
    X.t9_advance(now());
    const status = X.t9_perform(put(encoder.encode(lines + "\n")));
    $("network-outcome").textContent =
      status === 0
        ? `Done: ${lines.replace(/\n/g, "; ")}`
        : status === 2
          ? "The phone is not running."
          : takenText(X.t9_output_length());
    draw();
    schedule();
    return status;
  };
  const networkForm = (id, lines) =>
    $(id).addEventListener("submit", (event) => {
      event.preventDefault();
      perform(lines(event.target.elements));
    });
  networkForm("network-sms", (form) => `network sms ${form.from.value.trim()} ${quoted(form.text.value)}`);
  networkForm("network-call", (form) => `network call ${form.from.value.trim() || "withheld"}`);
  networkForm("network-ussd", (form) =>
    `network ussd ${quoted(form.request.value)} ${quoted(form.reply.value)} ${form.menu.checked ? "menu" : "end"}`);
  networkForm("network-levels", (form) => `network signal ${form.signal.value}\nnetwork battery ${form.battery.value}`);
  networkForm("network-line", (form) => form.line.value);
  for (const button of document.querySelectorAll("#network-call [data-line]")) {
    button.addEventListener("click", () => perform(button.dataset.line));
  }

  // Storage.
  $("contacts-import").addEventListener("change", async (event) => {
    const text = await readFile(event.target);
    if (text === null) return;
    save();
    const state = storedState();
    const old = state.find(([head]) => head === "contacts");
    const merged = (old ? decoder.decode(old[1]) + "\n" : "") + text;
    const others = state.filter(([head]) => head !== "contacts");
    leaveReplay();
    if (startPhone([...others, ["contacts", encoder.encode(merged)]])) {
      save();
      $("storage-outcome").textContent = `Imported ${event.target.files[0].name}.`;
    } else {
      $("storage-outcome").textContent = `${event.target.files[0].name} could not be imported.`;
      startPhone(state);
    }
  });
  $("contacts-export").addEventListener("click", () => {
    const text = takenText(X.t9_contacts());
    if (text === null) $("storage-outcome").textContent = "The phone has no contacts.";
    else download("contacts.vcf", text);
  });
  $("storage-clear").addEventListener("click", () => {
    localStorage.removeItem("t9phone.state");
    localStorage.removeItem("t9phone.settings");
    recording = null;
    startPhone([]);
    $("storage-outcome").textContent = "Forgotten.";
  });

  startPhone(storedState());

  // A page built with a scenario (scripts/web/make-page.py --scenario)
  // shows its replay at once.
  const preloaded = JSON.parse($("preloaded").textContent || "null");
  if (preloaded) replay(preloaded.file, preloaded.text, preloaded.contacts, false);

  // What the browser test and the budgets read.
  window.t9phone = {
    started,
    firstFrame: () => firstFrame,
    marks,
    keyTimes,
    keyAllocations,
    clockAllocations: () => clockAllocations,
    allocations: () => X.t9_allocations(),
    exports: X,
    moduleBytes: () => fromBase64($("module").textContent).length,
  };
  document.body.dataset.ready = "yes";
})();
