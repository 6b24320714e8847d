// Two browser pages (a desktop window and a phone-sized one) join one room
// of a real `gomoku serve` and play to a win by clicking the board; then the
// history page replays the game. Screenshots go to $SCREENSHOT_DIR.
//
//   GOMOKU_BIN=target/debug/gomoku node --test browser.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const here = new URL(".", import.meta.url).pathname;
const bin = resolve(process.env.GOMOKU_BIN ?? join(here, "../../target/debug/gomoku"));
const shots = resolve(process.env.SCREENSHOT_DIR ?? join(here, "../../target/web-test"));

function startServer(db) {
  const child = spawn(bin, ["serve", "--listen", "127.0.0.1:0", "--db", db], {
    env: { ...process.env, RUST_LOG: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((done, fail) => {
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`gomoku serve exited with ${code}`)));
    createInterface({ input: child.stderr }).on("line", (line) => {
      const m = /open (http:\/\/\S+)\//.exec(line);
      if (m) done({ child, url: m[1] });
    });
  });
}

test("two pages play a room to a win by clicking, then replay it", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "gomoku-web-"));
  mkdirSync(shots, { recursive: true });
  const { child, url } = await startServer(join(dir, "games.sqlite"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // Separate contexts: each player keeps their own seat token.
    const ann = await (await browser.newContext({ viewport: { width: 900, height: 1000 } })).newPage();
    const bob = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    for (const page of [ann, bob]) page.on("pageerror", (e) => assert.fail(`page error: ${e}`));

    await ann.goto(url + "/");
    await ann.waitForSelector("#rule option[value=renju]", { state: "attached" });
    await ann.fill("#name", "Ann");
    await ann.selectOption("#rule", "renju");
    await ann.selectOption("select[name=color]", "black");
    await ann.click("#create");
    await ann.waitForSelector("#room:not([hidden])");
    const link = await ann.inputValue("#share-link");
    assert.match(link, /#room=[A-Z0-9]{8}$/);

    await bob.goto(url + "/");
    await bob.waitForSelector("#size option", { state: "attached" });
    await bob.screenshot({ path: join(shots, "browser-lobby-phone.png"), fullPage: true });
    await bob.fill("#name", "Bob");
    await bob.goto(link);
    await bob.waitForSelector("#room:not([hidden])");
    await ann.waitForFunction(() => document.querySelector("#white-player .pname").textContent.startsWith("Bob"));

    const moves = ["h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7", "l8"];
    for (const [i, point] of moves.entries()) {
      const [mover, other] = i % 2 === 0 ? [ann, bob] : [bob, ann];
      await mover.click(`[data-point="${point}"]`);
      await other.waitForSelector(`[data-stone="${point}"]`, { state: "attached" });
    }
    await ann.waitForFunction(() => document.querySelector("#status").textContent.startsWith("You won"));
    await bob.waitForFunction(() => document.querySelector("#status").textContent.startsWith("You lost"));
    assert.equal(await ann.locator("#board .win").count(), 1, "the winning line is drawn");
    assert.equal(await bob.locator("#board [data-stone]").count(), moves.length);
    await ann.screenshot({ path: join(shots, "browser-win.png"), fullPage: true });
    await bob.screenshot({ path: join(shots, "browser-win-phone.png"), fullPage: true });

    await ann.goto(url + "/#history");
    await ann.waitForSelector("#games tbody tr");
    await ann.click("#games tbody tr");
    await ann.waitForFunction(() => /move 9 of 9/.test(document.querySelector("#replay-status").textContent));
    await ann.click("#replay-prev");
    await ann.waitForFunction(() => /move 8 of 9/.test(document.querySelector("#replay-status").textContent));
    await ann.screenshot({ path: join(shots, "browser-replay.png"), fullPage: true });
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
});
