#!/usr/bin/env python3
"""Scrolls a page written by `typometer page` from top to bottom in headless
Chromium and checks, at every step, every card in the DOM.

usage: check_page.py PAGE_DIR [--step-fraction 0.5] [--width 1200] [--height 900]
                              [--device-scale-factor R] [--switch-to R2 ...] [--screenshot PNG]

Serves PAGE_DIR over HTTP on 127.0.0.1 (browsers refuse fetch() and fonts
from file://) and drives Chromium, launched on a screen of device pixel ratio
R (--force-device-scale-factor), over the DevTools protocol on
--remote-debugging-pipe (plain Python, no packages). The page must take the
frames feed.json has for R. A PerformanceObserver
for `layout-shift` entries (buffered) is installed before the page's own
script runs. At each scroll step (window.scrollTo, half a viewport by
default) every card in the DOM must:
  - be one the visibility rule wants (its frame meets the viewport widened by
    the page's overscan), and every such card must be there;
  - sit at its frame for R from feed.json (within 1/64 px);
  - have a .tm-text whose rendered height (getBoundingClientRect) equals
    data-text-height, Typometer's text height, within 0.01 px;
  - hold its image, text and chrome inside its box, filling it exactly;
  - be followed in its column by the next card exactly `spacing` lower;
and the sum of layout-shift values must stay 0. Prints the number of cards
checked, the largest text-height difference and the time taken; exits 1 on
any mismatch (the first few are printed), 2 when the page does not load.

Environment: CHROMIUM (default /usr/lib/chromium/chromium). The page
carries every face its text is drawn in: the heights must hold with
FONTCONFIG_FILE pointing at a configuration that lists only the fonts
Typometer measured with, and with the system's whole font set."""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import base64
import math

CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
TEXT_TOLERANCE = 0.01
FRAME_TOLERANCE = 1 / 64 + 1e-6


def tolerance(*values):
    """FRAME_TOLERANCE, widened by the single-precision ulp of the largest of
    `values`: Chromium reports boxes as floats, 1/32 px apart past 262,144 px."""
    largest = max(abs(v) for v in values)
    return FRAME_TOLERANCE + (2.0 ** (math.floor(math.log2(largest)) - 23) if largest > 0 else 0)

OBSERVER = """
window.__typometerShift = 0;
window.__typometerShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__typometerShift += entry.value;
    window.__typometerShifts.push({value: entry.value, time: entry.startTime,
      sources: (entry.sources || []).map(s => s.node ? (s.node.dataset && s.node.dataset.id) || s.node.nodeName : '?')});
  }
}).observe({type: 'layout-shift', buffered: true});
"""

STEP = """
(async (y) => {
  window.scrollTo(0, y);
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const feed = document.getElementById('feed').getBoundingClientRect();
  const cards = [];
  for (const card of document.querySelectorAll('#feed > .tm-card')) {
    const box = card.getBoundingClientRect();
    const text = card.querySelector('.tm-text');
    const textBox = text.getBoundingClientRect();
    let filled = 0, inside = true;
    for (const child of card.children) {
      const r = child.getBoundingClientRect();
      filled += r.height;
      if (r.top < box.top - 0.01 || r.bottom > box.bottom + 0.01 ||
          r.left < box.left - 0.01 || r.right > box.right + 0.01) inside = false;
    }
    cards.push([+card.dataset.index, card.dataset.id, +card.dataset.textHeight,
                box.left - feed.left, box.top - feed.top, box.width, box.height,
                textBox.height, filled, inside, text.scrollWidth - text.clientWidth]);
  }
  return JSON.stringify({scrollY: window.scrollY, innerHeight: window.innerHeight,
                         feedTop: feed.top + window.scrollY, shift: window.__typometerShift,
                         shifts: window.__typometerShifts.slice(0, 5), cards});
})(%s)
"""


class Browser:
    """Chromium on --remote-debugging-pipe: JSON messages ending in NUL, fd 3
    into the browser, fd 4 out of it."""

    def __init__(self, width, height, profile, scale):
        to_browser = os.pipe()    # non-inheritable, so nothing else leaks
        from_browser = os.pipe()
        args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                "--force-device-scale-factor=%r" % scale, "--hide-scrollbars", "--lang=en-US",
                "--remote-debugging-pipe", "--user-data-dir=" + profile,
                "--window-size=%d,%d" % (width, height), "--no-first-run",
                "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                "about:blank"]
        # posix_spawn's dup2 puts the pipe ends at fds 3 and 4 in the child
        # only, whatever this process holds there.
        self.pid = os.posix_spawn(CHROMIUM, args, os.environ, file_actions=[
            (os.POSIX_SPAWN_DUP2, to_browser[0], 3),
            (os.POSIX_SPAWN_DUP2, from_browser[1], 4),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
        ])
        os.close(to_browser[0])
        os.close(from_browser[1])
        self.out = to_browser[1]
        self.inp = from_browser[0]
        self.buffer = b""
        self.next_id = 0

    def send(self, method, params=None, session=None, timeout=120):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" not in self.buffer:
                if time.time() > deadline:
                    raise RuntimeError("no reply to %s" % method)
                chunk = os.read(self.inp, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe during %s" % method)
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        for _ in range(100):
            if os.waitpid(self.pid, os.WNOHANG) != (0, 0):
                break
            time.sleep(0.1)
        else:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        os.close(self.out)
        os.close(self.inp)


def serve(directory):
    handler = functools.partial(QuietHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def evaluate(browser, session, expression):
    result = browser.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                               "returnByValue": True}, session)
    if "exceptionDetails" in result:
        raise RuntimeError("page script failed: %s" % json.dumps(result["exceptionDetails"])[:500])
    return result["result"].get("value")


ANCHOR = """
(() => {
  const cards = [...document.querySelectorAll('#feed > .tm-card')]
    .map(card => [card.dataset.id, card.getBoundingClientRect().top, card.getBoundingClientRect().bottom])
    .filter(([id, top, bottom]) => bottom > 0).sort((x, y) => x[1] - y[1]);
  return JSON.stringify({ratio: window.devicePixelRatio, shown: +document.documentElement.dataset.tmRatio,
                         status: document.getElementById('status').textContent, first: cards[0] || null,
                         cards: cards.map(c => [c[0], c[1]])});
})()
"""


def switch(browser, session, a, ratio, ratios):
    """Scrolls to the middle, then changes the screen's ratio to `ratio`
    (Emulation.setDeviceMetricsOverride and the resize event a zoom sends,
    as a zoom changes window.devicePixelRatio): the page must take the frames
    of the nearest ratio it has, say so when it has none for `ratio`, and
    keep the card at the top of the viewport where it was (within 1 px).
    The text is not checked: emulating a ratio does not lay the page out
    again in device pixels as a browser launched at it does."""
    failures = []
    evaluate(browser, session, "window.scrollTo(0, document.body.scrollHeight / 2); 0")
    time.sleep(0.3)
    before = json.loads(evaluate(browser, session, ANCHOR))
    browser.send("Emulation.setDeviceMetricsOverride", {
        "width": a.width, "height": a.height, "deviceScaleFactor": ratio, "mobile": False}, session)
    # Emulation fires neither the resize event of a zoom nor the media
    # query change of a move to another screen: send the former.
    evaluate(browser, session, "window.dispatchEvent(new Event('resize')); 0")
    time.sleep(0.5)
    after = json.loads(evaluate(browser, session, ANCHOR))
    nearest = min(ratios, key=lambda r: abs(r - ratio))
    if abs(after["ratio"] - ratio) > 1e-6 or after["shown"] != nearest:
        failures.append("switched to ratio %s: window.devicePixelRatio %s, frames of %s shown, expected %s" % (
            ratio, after["ratio"], after["shown"], nearest))
    if (nearest != ratio) != ("no frames for it" in after["status"]):
        failures.append("switched to ratio %s: status '%s'" % (ratio, after["status"]))
    anchor = before["first"]
    moved = [top for ident, top in after["cards"] if anchor and ident == anchor[0]]
    if not anchor or not moved or abs(moved[0] - anchor[1]) > 1:
        failures.append("switched to ratio %s: the card at the top (%s) moved to %s" % (
            ratio, anchor, moved[:1]))
    print("ratio %s -> %s: frames of %s, '%s', card %s at %.2f px, then %s" % (
        before["ratio"], ratio, after["shown"], after["status"], anchor[0] if anchor else None,
        anchor[1] if anchor else float("nan"), ("%.2f px" % moved[0]) if moved else "gone"))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--step-fraction", type=float, default=0.5)
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--device-scale-factor", type=float, default=1.0)
    ap.add_argument("--switch-to", type=float, action="append", default=[],
                    help="after the scroll check, change the ratio to this one and check the page follows")
    ap.add_argument("--screenshot")
    a = ap.parse_args()

    with open(os.path.join(a.page, "feed.json"), encoding="utf-8") as f:
        feed = json.load(f)
    ratios = feed["device_pixel_ratios"]
    if a.device_scale_factor not in ratios:
        print("feed.json has no frames for ratio %s (only %s)" % (a.device_scale_factor, ratios), file=sys.stderr)
        return 2
    screen = ratios.index(a.device_scale_factor)
    frames = [{"x": c["x"][screen], "y": c["y"][screen], "width": c["width"], "height": c["height"][screen]}
              for c in feed["cards"]]
    text_heights = [c["text_height"][screen] for c in feed["cards"]]
    spacing, overscan = feed["spacing"], feed["overscan"]
    # The cards of each column in order, to find a card's successor.
    column_of, next_in_column = {}, {}
    columns = {}
    for i, fr in enumerate(frames):
        columns.setdefault(fr["x"], []).append(i)
    for x, items in columns.items():
        items.sort(key=lambda i: frames[i]["y"])
        for k, i in enumerate(items):
            next_in_column[i] = items[k + 1] if k + 1 < len(items) else None

    started = time.time()
    server = serve(a.page)
    profile = tempfile.mkdtemp(prefix="typometer-page-profile-")
    browser = Browser(a.width, a.height, profile, a.device_scale_factor)
    failures = []
    checked, checks, largest, steps, shift = set(), 0, 0.0, 0, 0.0
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.send("Emulation.setDeviceMetricsOverride", {
            "width": a.width, "height": a.height, "deviceScaleFactor": a.device_scale_factor, "mobile": False}, session)
        browser.send("Page.enable", {}, session)
        browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER}, session)
        url = "http://127.0.0.1:%d/index.html" % server.server_address[1]
        browser.send("Page.navigate", {"url": url}, session)
        deadline = time.time() + 60
        state = None
        while time.time() < deadline:
            state = evaluate(browser, session,
                             "JSON.stringify([document.documentElement?.dataset.tmReady || null,"
                             " document.documentElement?.dataset.tmError || null])")
            state = json.loads(state) if state else [None, None]
            if state[0] or state[1]:
                break
            time.sleep(0.1)
        if not state or not state[0]:
            print("page did not load: %s" % (state[1] if state else "timeout"), file=sys.stderr)
            return 2
        ratio, shown = evaluate(browser, session,
                                "[window.devicePixelRatio, +document.documentElement.dataset.tmRatio]")
        if ratio != a.device_scale_factor or shown != ratios[screen]:
            failures.append("window.devicePixelRatio %s, frames of %s shown; expected %s" % (
                ratio, shown, a.device_scale_factor))
        loaded = time.time() - started
        if a.screenshot:
            shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)
            with open(a.screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))

        y, last = 0, None
        while True:
            data = json.loads(evaluate(browser, session, STEP % y))
            steps += 1
            scroll = data["scrollY"]
            top = scroll - data["feedTop"]
            low_edge, high_edge = top - overscan, top + data["innerHeight"] + overscan
            wanted = {i for i, fr in enumerate(frames)
                      if fr["y"] < high_edge and (fr["y"] + fr["height"] > low_edge or fr["y"] >= low_edge)}
            shown = {}
            for (index, ident, text_height, x, fy, w, h, rendered, filled, inside, overflow_x) in data["cards"]:
                shown[index] = (x, fy, w, h)
                checks += 1
                checked.add(index)
                card = feed["cards"][index]
                fr = frames[index]
                where = "card %s at scrollY %s" % (ident, scroll)
                difference = abs(rendered - text_height)
                largest = max(largest, difference)
                if difference > TEXT_TOLERANCE:
                    failures.append("%s: text %.4f px tall, Typometer says %.4f" % (where, rendered, text_height))
                if text_height != text_heights[index] or ident != str(card["id"]):
                    failures.append("%s: data attributes differ from feed.json" % where)
                if max(abs(x - fr["x"]), abs(fy - fr["y"]), abs(w - fr["width"]), abs(h - fr["height"])) > tolerance(fy):
                    failures.append("%s: box %r, frame %r" % (where, (x, fy, w, h), fr))
                if not inside or abs(filled - h) > 2 * FRAME_TOLERANCE:
                    failures.append("%s: contents %s its box (%.4f px of %.4f)" % (
                        where, "fill" if inside else "overflow", filled, h))
                if overflow_x > 0:
                    failures.append("%s: text %d px wider than its block" % (where, overflow_x))
            for index, (x, fy, w, h) in shown.items():
                following = next_in_column.get(index)
                if following in shown:
                    gap = shown[following][1] - (fy + h)
                    if abs(gap - spacing) > 2 * tolerance(fy):
                        failures.append("cards %s and %s at scrollY %s: gap %.4f px, spacing %s" % (
                            feed["cards"][index]["id"], feed["cards"][following]["id"], scroll, gap, spacing))
            if set(shown) != wanted:
                failures.append("scrollY %s: DOM has %d cards, missing %s, extra %s" % (
                    scroll, len(shown), sorted(wanted - set(shown))[:5], sorted(set(shown) - wanted)[:5]))
            shift = data["shift"]
            if shift != 0:
                failures.append("scrollY %s: layout shift %s: %s" % (scroll, data["shift"], data["shifts"]))
                break
            if len(failures) > 50 or scroll == last:
                break
            last = scroll
            y = scroll + max(1, int(data["innerHeight"] * a.step_fraction))
        for other in a.switch_to:
            failures += switch(browser, session, a, other, ratios)
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)

    elapsed = time.time() - started
    print("page check at device pixel ratio %s: %d of %d cards checked (%d checks in %d scroll steps), "
          "largest text-height difference %.4f px, layout shift %g, %.1f s (page ready in %.1f s)" % (
              a.device_scale_factor, len(checked), len(frames), checks, steps, largest, shift, elapsed, loaded))
    if len(checked) != len(frames) and not failures:
        failures.append("%d cards never came into the DOM" % (len(frames) - len(checked)))
    for failure in failures[:20]:
        print("  " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
