#!/usr/bin/env python3
"""Reference intrinsic widths from headless Chromium and from Pango 1.50.

usage: intrinsic_reference.py chromium CASES.jsonl OUT.jsonl [--chunk N] [--workdir DIR]
       intrinsic_reference.py pango    CASES.jsonl OUT.jsonl [--build DIR]
       intrinsic_reference.py chromium CASES.jsonl --screenshot out.png [--window-size W,H]

One record per case, in case order:
  {"id", "min_content", "max_content", "widest_line", "line_widths"}  or {"id", "error"}
in CSS px = pt (Pango: Pango units / 1024).  min_content and max_content are
of the unclamped text.  At the case's width, Chromium's line_widths lists every
line of the unclamped text (the first line_limit of them are the lines
-webkit-line-clamp keeps; its ellipsis is not measured); Pango's lists the lines
of its own clamp (pango_layout_set_height(-N), PANGO_ELLIPSIZE_END, then the
first N lines of the text, as pango_reference.c), whose ellipsized line Pango
widens to the layout's width.  Styled cases (styles.py) are laid out as the line
references lay them out (chromium_reference.py: FontFace families and
spans; pango_reference.py: style records; word spacing is an error in Pango).

Chromium (the page settings of chromium_reference.py: the case's face via
FontFace, its size, white-space: pre-wrap; overflow-wrap: break-word;
line-height: normal; <html lang> = the case's language, else none):
  min_content = getBoundingClientRect().width of a block with width: min-content
  max_content = the same with width: max-content
  line_widths = a block of the case's width; the text is walked code point by
    code point with Range.getClientRects(), lines found as chromium_reference.py
    finds them (a character's lowest box starts a new line when it lies below the
    previous line); every box is given to the line it lies on (so the hyphen
    generated at a soft-hyphen break, reported by the character after it, counts
    in the line above), and a line's width is right - left of the union of the
    boxes of its characters up to its last character that is not a space (U+0020),
    tab, CR or LF: spaces and tabs at a line's end (hanging under pre-wrap) are
    left out, spaces inside or at the start of a line are in.
  widest_line = max(line_widths), 0 for empty text.
Pango (pango_intrinsic.c; the settings of pango_reference.c):
  max_content = widest logical line width (pango_layout_line_get_extents) with
    width -1, PANGO_WRAP_WORD_CHAR;
  widest_line = widest logical line width at the case's width, WRAP_WORD_CHAR,
    under the case's line limit as Pango clamps it;
  min_content = widest logical line width at width 0 with PANGO_WRAP_WORD;
  line_widths = logical width of each line at the case's width.
The largest line is used rather than pango_layout_get_extents' logical
rectangle, which spans more than the widest line when left-aligned LTR and
right-aligned RTL paragraphs share a layout at a width; the script counts the
cases where the two differ.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import chromium_reference as cr  # noqa: E402
import styles  # noqa: E402
from pango_reference import build, byte_to_utf16  # noqa: E402,F401

PAGE = r"""<!DOCTYPE html>
<html__LANG__><head><meta charset="utf-8">
<style>
html, body { margin: 0; padding: 0; }
.c { white-space: pre-wrap; overflow-wrap: break-word; line-height: normal;
     padding: 0; margin: 0; border: 0; }
.mn { width: min-content; }
.mx { width: max-content; }
</style></head><body>
<div id="out">PENDING</div>
<div id="stage"></div>
<script>
const FONTS = __FONTS__;
const CASES = __CASES__;
const SUB = __SUB__;
function isHanging(c) { return c === 0x20 || c === 0x09 || c === 0x0A || c === 0x0D; }
function lineWidths(el, text) {
  // The text nodes in order (one, or one per run's span).
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode);
  if (!nodes.length) return [];
  const range = document.createRange();
  const n = text.length;
  const lines = [];        // {top, bottom, first, last}: UTF-16 indices
  const chars = [];        // [index, line, rects]
  let lastBottom = -1e9;
  let ni = 0, base = 0;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    const len = (c >= 0xD800 && c <= 0xDBFF && i + 1 < n) ? 2 : 1;
    while (ni < nodes.length - 1 && i >= base + nodes[ni].length) { base += nodes[ni].length; ni++; }
    const node = nodes[ni];
    range.setStart(node, i - base); range.setEnd(node, i - base + len);
    const rects = Array.from(range.getClientRects());
    if (rects.length > 0) {
      let r = rects[0];
      for (let k = 1; k < rects.length; k++) if (rects[k].top > r.top) r = rects[k];
      if (lines.length === 0 || r.top >= lastBottom - 0.01) {
        lines.push({top: r.top, bottom: r.bottom, lastSolid: -1});
        lastBottom = r.bottom;
      }
      const li = lines.length - 1;
      chars.push([i, li, rects]);
      if (!isHanging(c)) lines[li].lastSolid = i;
    }
    i += len;
  }
  const left = lines.map(() => Infinity), right = lines.map(() => -Infinity);
  for (const [i, li, rects] of chars) {
    for (const r of rects) {
      const mid = (r.top + r.bottom) / 2;
      let L = li;
      if (!(mid >= lines[li].top - 0.01 && mid <= lines[li].bottom + 0.01))
        for (let k = li - 1; k >= 0; k--)
          if (mid >= lines[k].top - 0.01 && mid <= lines[k].bottom + 0.01) { L = k; break; }
      // A box on the character's own line counts up to the line's last
      // non-space character; a box a later character draws on an earlier line
      // (a soft hyphen's generated hyphen) counts there.
      if (L === li && i > lines[L].lastSolid) continue;
      if (L > li) continue;
      left[L] = Math.min(left[L], r.left);
      right[L] = Math.max(right[L], r.right);
    }
  }
  return lines.map((_, k) => right[k] > left[k] ? right[k] - left[k] : 0);
}
function caseError(c, status) {
  if (c.err) return c.err;
  for (const k of (c.need || [c.fam])) if (status[k]) return status[k];
  return null;
}
async function main() {
  const status = {};
  await Promise.all(FONTS.map(async (f) => {
    try {
      const face = f.desc ? new FontFace(f.name, f.src, f.desc)
                          : new FontFace(f.name, 'url("' + f.url + '")');
      await face.load();
      document.fonts.add(face);
      status[f.key || f.name] = null;
    } catch (e) {
      status[f.key || f.name] = 'font load failed: ' + f.path + ': ' + e;
    }
  }));
  const stage = document.getElementById('stage');
  const results = [];
  function block(c, cls, width) {
    const el = document.createElement('div');
    el.className = cls;
    if (width !== null) el.style.width = width + 'px';
    el.style.fontSize = c.size + 'px';
    if (c.fam) el.style.fontFamily = '"' + c.fam + '"';
    if (c.st) Object.assign(el.style, c.st);
    if (!c.runs) {
      if (c.text.length) el.appendChild(document.createTextNode(c.text));
    } else {
      for (const r of c.runs) {
        const span = document.createElement('span');
        Object.assign(span.style, r.st);
        if (r.text.length) span.appendChild(document.createTextNode(r.text));
        el.appendChild(span);
      }
    }
    stage.appendChild(el);
    return el;
  }
  for (let s = 0; s < CASES.length; s += SUB) {
    const batch = CASES.slice(s, s + SUB);
    const els = [];
    for (const c of batch) {
      if (caseError(c, status)) { els.push(null); continue; }
      els.push([block(c, 'c mn', null), block(c, 'c mx', null), block(c, 'c', c.width)]);
    }
    for (let j = 0; j < batch.length; j++) {
      const c = batch[j], e = els[j];
      if (!e) { results.push({id: c.id, error: caseError(c, status)}); continue; }
      try {
        const widths = lineWidths(e[2], c.text);
        results.push({id: c.id, min_content: e[0].getBoundingClientRect().width,
                      max_content: e[1].getBoundingClientRect().width,
                      widest_line: widths.length ? Math.max(...widths) : 0,
                      line_widths: widths});
      } catch (err) {
        results.push({id: c.id, error: 'measure failed: ' + err});
      }
    }
    __CLEAR__
  }
  document.getElementById('out').textContent =
      'RESULT:' + encodeURIComponent(JSON.stringify(results)) + ':END';
}
main().catch(e => {
  document.getElementById('out').textContent =
      'FATAL:' + encodeURIComponent(String(e)) + ':END';
});
</script></body></html>
"""


def write(out, records):
    with open(out, "w", encoding="utf-8") as f:
        for r in records:
            if "error" in r:
                # Paths in messages from the repository's root, the same anywhere.
                r = dict(r, error=r["error"].replace(REPO + "/", ""))
            f.write(json.dumps(r, ensure_ascii=True, separators=(",", ":")) + "\n")


def run_chromium(a, cases):
    cr.PAGE = PAGE.replace("__CLEAR__", "stage.textContent = '';")
    cr.page_lang, cr.browser_lang = a.page_lang, a.browser_lang
    cr.device_scale_factor = a.device_scale_factor
    workdir = a.workdir or tempfile.mkdtemp(prefix="tm-intrinsic-")
    os.makedirs(workdir, exist_ok=True)
    if a.screenshot:
        cr.screenshot_size = a.window_size
        cr.PAGE = (PAGE.replace("__CLEAR__", "")
                   .replace(".c { ", ".c { outline: 1px solid #f88; margin-bottom: 4px; "))
        langs = {c.get("language") or None for c in cases}
        cr.run_chunk(cases, workdir, "shot", screenshot=os.path.abspath(a.screenshot),
                     lang=langs.pop() if len(langs) == 1 else None)
        return
    groups = {}
    for i, c in enumerate(cases):
        groups.setdefault(c.get("language") or None, []).append(i)
    results = [None] * len(cases)
    t0 = time.time()
    for lang, idx in groups.items():
        for k in range(0, len(idx), a.chunk):
            part = idx[k:k + a.chunk]
            t1 = time.time()
            tag = "i%d" % (k // a.chunk) if lang is None else "i%s-%d" % (lang, k // a.chunk)
            res = cr.run_chunk([cases[i] for i in part], workdir, tag, lang=lang)
            for i, r in zip(part, res):
                results[i] = r
            print("chromium intrinsic: %s%s cases %d-%d in %.1fs" % (
                os.path.basename(a.cases), "" if lang is None else " [%s]" % lang,
                part[0], part[-1], time.time() - t1), file=sys.stderr)
    write(a.out, results)
    errs = sum(1 for r in results if "error" in r)
    print("chromium intrinsic: %d cases, %d errors, %.1fs -> %s" % (
        len(results), errs, time.time() - t0, a.out), file=sys.stderr)


def run_pango(a, cases):
    if "FONTCONFIG_FILE" not in os.environ:
        sys.exit("FONTCONFIG_FILE is not set (run Scripts/reference/generate)")
    exe = build(a.build or tempfile.mkdtemp(prefix="tm-pango-"), "pango_intrinsic")
    t0 = time.time()
    chunks = []
    skipped = {}
    for c in cases:
        # Styled cases (styles.py): checked, and word spacing, which Pango 1.50
        # lacks, answered here.
        recs, why = styles.pango_case_records(c)
        if why:
            skipped[c["id"]] = why
            continue
        data = c["text"].encode("utf-8", "surrogatepass")
        chunks.append(("%s\t%s\t%r\t%r\t%d\t%s\t%d\t%d\n" % (
            c["id"], os.path.join(REPO, c["font"]) if "font" in c else "-", float(c["size"]),
            float(c["width"]), c.get("line_limit") or 0, c.get("language") or "en",
            len(recs), len(data))).encode() + data + b"\n" + styles.pango_records_text(recs))
    proc = subprocess.run([exe], input=b"".join(chunks), capture_output=True)
    sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
    if proc.returncode != 0:
        sys.exit("pango_intrinsic failed (rc=%d)" % proc.returncode)
    results = {}
    for line in proc.stdout.decode("utf-8").splitlines():
        p = line.split("\t")
        results[p[1]] = p
    recs, errs, extents_wider = [], 0, []
    for c in cases:
        p = results.get(c["id"])
        if c["id"] in skipped:
            rec = {"id": c["id"], "error": skipped[c["id"]]}
        elif p is None:
            rec = {"id": c["id"], "error": "no result from pango_intrinsic"}
        elif p[0] == "ERR":
            rec = {"id": c["id"], "error": p[2]}
        else:
            u = lambda s: int(s) / 1024.0  # noqa: E731
            rec = {"id": c["id"], "min_content": u(p[2]), "max_content": u(p[3]),
                   "widest_line": u(p[4]),
                   "line_widths": [u(x) for x in p[5].split(",")] if p[5] else []}
            if (p[6], p[7], p[8]) != (p[2], p[3], p[4]):
                extents_wider.append(c["id"])
        if "error" in rec:
            errs += 1
        recs.append(rec)
    write(a.out, recs)
    print("pango intrinsic: %d cases, %d errors, %d where the layout's logical rect is wider "
          "than its widest line%s, %.1fs -> %s" % (
              len(cases), errs, len(extents_wider),
              (" (" + ", ".join(extents_wider[:8]) + ("..." if len(extents_wider) > 8 else "")
               + ")") if extents_wider else "", time.time() - t0, a.out), file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("renderer", choices=["chromium", "pango"])
    ap.add_argument("cases")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--chunk", type=int, default=2000)
    ap.add_argument("--workdir")
    ap.add_argument("--build")
    ap.add_argument("--screenshot", help="Chromium: render the blocks to this PNG instead")
    ap.add_argument("--window-size", default="800,600")
    ap.add_argument("--page-lang", default="")
    ap.add_argument("--browser-lang", default="en-US")
    ap.add_argument("--device-scale-factor", type=float, default=1.0,
                    help="Chromium: the device pixel ratio (--force-device-scale-factor)")
    a = ap.parse_args()
    with open(a.cases, encoding="utf-8") as f:
        cases = [json.loads(l) for l in f if l.strip()]
    if a.renderer == "chromium":
        run_chromium(a, cases)
    else:
        run_pango(a, cases)


if __name__ == "__main__":
    main()
