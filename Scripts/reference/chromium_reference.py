#!/usr/bin/env python3
"""Reference line counts, line starts and heights from headless Chromium.

usage: chromium_reference.py CASES.jsonl OUT.jsonl [--chunk N] [--workdir DIR]
                             [--page-lang TAG] [--browser-lang TAG]
                             [--device-scale-factor R]

Each case becomes a <div> with
  white-space: pre-wrap; overflow-wrap: break-word; line-height: normal
  (or the case's "line_height": a number, a multiple of the font size, or a
  length such as "22px"); width: <width>px; font-size: <size>px; font-family: <only the face loaded
  from the case's font file with the FontFace API>
(plus display:-webkit-box; -webkit-box-orient:vertical; overflow:hidden;
-webkit-line-clamp:N for a line limit).  Everything the face lacks comes from
Fontconfig fallback, which FONTCONFIG_FILE (set by `generate`) restricts to
the bundled Fonts/ directory.

Reported per case: height = getBoundingClientRect().height of the block;
lines and line_starts (UTF-16 offsets) from walking the text code point by
code point with Range.getClientRects() and starting a new line whenever the
top of a character's box moves down.  For a clamped case only the first
line_limit lines are reported.  Cases whose face fails to load, or whose chunk
does not finish, get {"id":..., "error":...}.

A case without a "language" is laid out in a page without a lang attribute
(--page-lang, '' by default, names one for them): Blink then asks fallback for
the browser's --lang, en-US by default, which is FontSet's `locale` (Typometer's
TextStyle.language nil; issue 34).  Chromium's fallback order depends on that
language: en-US orders faces otherwise than lang="en".
A case with a "language" (BCP 47 tag, Typometer's TextStyle.language) is laid
out in a page of its own language, <html lang="TAG">: each language gets its own
launches (Chromium reuses a character's fallback face across a page), and the
element's language picks the fallback order, HarfBuzz's language, the Han
kerning glyphs and ICU's line-break locale.  Cases without one go to pages in
--page-lang as before; results keep the order of the cases.

Styled cases (styles.py; fields "family", "weight", "italic",
"letter_spacing", "word_spacing", "features", "runs"): a "family" is declared
with every face of that family in the font directory (fc-scan; FONTS_DIR or
Fonts/), each a FontFace under the family name with its OS/2 weight and
italic flag as `weight` and `style` descriptors (a face of a collection past
index 0 through local(<PostScript name>)), all awaited; the block gets
font-family: <family> instead of a file's face. The block's weight, italic,
letter spacing, word spacing and features become font-weight, font-style,
letter-spacing, word-spacing and font-feature-settings. "runs" become one
<span> per run inside the block, each styled with its own fields (a run's
"font" is that file's FontFace family, as for a case); line starts are
UTF-16 offsets into the whole text (all text nodes walked in order).
"""
import argparse
import html
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import styles  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/lib/chromium/chromium")
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PAGE = r"""<!DOCTYPE html>
<html__LANG__><head><meta charset="utf-8">
<style>
html, body { margin: 0; padding: 0; }
.c { white-space: pre-wrap; overflow-wrap: break-word; line-height: normal;
     padding: 0; margin: 0; border: 0; }
.k { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
</style></head><body>
<div id="out">PENDING</div>
<div id="stage"></div>
<script>
const FONTS = __FONTS__;
const CASES = __CASES__;
const SUB = __SUB__;
function lineInfo(el, text, lh) {
  // Returns [tops-based line starts] for the text node inside el.  Under a
  // set line height (lh > 0, in px) the boxes of consecutive lines may
  // overlap (line height below the face's ascent + descent): a line then
  // starts where a character's top lies at least half a line below the top
  // of the line before.
  // The text nodes in order (one, or one per run's span): offsets are
  // UTF-16 offsets into their concatenation.
  const nodes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const starts = [];
  if (!nodes.length) return starts;
  const range = document.createRange();
  let lastBottom = -1e9, lastTop = -1e9;
  const n = text.length;
  let ni = 0, base = 0;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    const len = (c >= 0xD800 && c <= 0xDBFF && i + 1 < n) ? 2 : 1;
    while (ni < nodes.length - 1 && i >= base + nodes[ni].length) { base += nodes[ni].length; ni++; }
    const node = nodes[ni];
    range.setStart(node, i - base); range.setEnd(node, i - base + len);
    const rects = range.getClientRects();
    if (rects.length > 0) {
      // A character right after a soft-hyphen break also reports the
      // generated hyphen's box on the previous line: the lowest box is the
      // character's own.
      let r = rects[0];
      for (let k = 1; k < rects.length; k++) if (rects[k].top > r.top) r = rects[k];
      if (starts.length === 0 ||
          (lh > 0 ? r.top >= lastTop + lh / 2 : r.top >= lastBottom - 0.01)) {
        starts.push(i); lastBottom = r.bottom; lastTop = r.top;
      }
    }
    i += len;
  }
  return starts;
}
function caseError(c, status) {
  // The first face the case needs that failed to load, or an error the page
  // maker found (an unknown family).
  if (c.err) return c.err;
  for (const k of (c.need || [c.fam])) if (status[k]) return status[k];
  return null;
}
function appendText(el, c) {
  // The case's text: one text node, or one <span> per run styled with the
  // run's own fields.
  if (!c.runs) {
    if (c.text.length) el.appendChild(document.createTextNode(c.text));
    return;
  }
  for (const r of c.runs) {
    const span = document.createElement('span');
    Object.assign(span.style, r.st);
    if (r.text.length) span.appendChild(document.createTextNode(r.text));
    el.appendChild(span);
  }
}
async function main() {
  const status = {};
  await Promise.all(FONTS.map(async (f) => {
    try {
      // A face of a case's "family" carries its weight and style
      // descriptors; a face of a "font" file none (it stands for every
      // weight and style, so bold and italic are synthesized).
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
  for (let s = 0; s < CASES.length; s += SUB) {
    const batch = CASES.slice(s, s + SUB);
    const els = [];
    for (const c of batch) {
      const err = caseError(c, status);
      if (err) { els.push(null); continue; }
      const el = document.createElement('div');
      el.className = c.limit ? 'c k' : 'c';
      el.style.width = c.width + 'px';
      el.style.fontSize = c.size + 'px';
      if (c.fam) el.style.fontFamily = '"' + c.fam + '"';
      if (c.st) Object.assign(el.style, c.st);
      if (c.limit) el.style.webkitLineClamp = String(c.limit);
      if (c.lh) el.style.lineHeight = c.lh;
      appendText(el, c);
      stage.appendChild(el);
      els.push(el);
    }
    for (let j = 0; j < batch.length; j++) {
      const c = batch[j], el = els[j];
      if (!el) { results.push({id: c.id, error: caseError(c, status)}); continue; }
      try {
        const h = el.getBoundingClientRect().height;
        const lh = c.lh ? parseFloat(getComputedStyle(el).lineHeight) : 0;
        if (c.lh && !(lh > 0)) throw new Error('line-height resolved to ' + getComputedStyle(el).lineHeight);
        let starts = lineInfo(el, c.text, lh);
        if (c.limit && starts.length > c.limit) starts = starts.slice(0, c.limit);
        results.push({id: c.id, lines: starts.length, height: h, line_starts: starts});
      } catch (e) {
        results.push({id: c.id, error: 'measure failed: ' + e});
      }
    }
    stage.textContent = '';
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


def js_json(obj):
    return json.dumps(obj, ensure_ascii=True).replace("</", "<\\/")


def css_line_height(case):
    """The case's "line_height" as a CSS value, or None for `normal`.

    A JSON number is a multiple of the font size (CSS `line-height: 1.4`), a
    string such as "22px" a length (CSS `line-height: 22px`)."""
    v = case.get("line_height")
    if v is None:
        return None
    if isinstance(v, bool):
        raise ValueError("%s: bad line_height %r" % (case["id"], v))
    if isinstance(v, (int, float)):
        if not v > 0:
            raise ValueError("%s: bad line_height %r" % (case["id"], v))
        return repr(float(v)) if isinstance(v, float) else str(v)
    if isinstance(v, str) and v.endswith("px") and float(v[:-2]) > 0:
        return v
    raise ValueError("%s: bad line_height %r" % (case["id"], v))


def run_chunk(cases, workdir, tag, screenshot=None, lang=None):
    """Lays out cases in one page (one launch) in lang (default: page_lang)."""
    if lang is None:
        lang = page_lang
    fonts = {}
    families = {}
    for c in cases:
        for d in [c] + (c.get("runs") or []):
            if "font" in d and d["font"] not in fonts:
                fonts[d["font"]] = "tmface%d" % len(fonts)
            if "family" in d:
                families.setdefault(d["family"], None)
    font_list = []
    for path, name in fonts.items():
        absp = os.path.join(REPO, path)
        font_list.append({"name": name, "path": path,
                          "url": "file://" + urllib.parse.quote(absp)})
    # Every face of a named family in the font directory, under that family
    # name with its OS/2 weight and italic flag as descriptors. A face of a
    # collection past index 0 is loaded with local(<PostScript name>), which
    # Blink resolves through Fontconfig (FONTCONFIG_FILE: the same directory).
    all_faces = styles.faces() if families else {}
    for fam in families:
        keys = []
        for i, face in enumerate(all_faces.get(fam, [])):
            key = "fam:%s:%d" % (fam, i)
            src = ('local("%s")' % face["postscript"] if face["index"] else
                   'url("file://%s")' % urllib.parse.quote(face["path"]))
            font_list.append({"name": fam, "key": key, "path": "%s#%d" % (face["path"], face["index"]),
                              "src": src, "desc": {"weight": str(face["weight"]),
                                                   "style": "italic" if face["italic"] else "normal"}})
            keys.append(key)
        families[fam] = keys
    page_cases = []
    for c in cases:
        pc = {"id": c["id"], "text": c["text"], "size": c["size"], "width": c["width"],
              "limit": c.get("line_limit")}
        if "font" in c:
            pc["fam"] = fonts[c["font"]]
        if styles.has_style(c):
            try:
                styles.check_case(c)
            except ValueError as e:
                pc["err"] = "bad case: %s" % e
            need = []
            for d in [c] + (c.get("runs") or []):
                if "font" in d:
                    need.append(fonts[d["font"]])
                if "family" in d:
                    if not families[d["family"]]:
                        pc["err"] = "no face of family %s in the font directory" % d["family"]
                    need += families[d["family"]]
            pc["need"] = need
            st = styles.css_style({k: v for k, v in c.items() if k in styles.RUN_KEYS
                                   and k not in ("font", "size")}, fonts)
            if st:
                pc["st"] = st
            if "runs" in c:
                pc["runs"] = [{"text": r["text"], "st": styles.css_style(r, fonts)}
                              for r in c["runs"]]
        lh = css_line_height(c)
        if lh is not None:
            pc["lh"] = lh
        page_cases.append(pc)
    doc = (PAGE.replace("__FONTS__", js_json(font_list))
                .replace("__CASES__", js_json(page_cases))
                .replace("__SUB__", "250")
                .replace("__LANG__", ' lang="%s"' % html.escape(lang) if lang else ""))
    page = os.path.join(workdir, "page-%s.html" % tag)
    with open(page, "w", encoding="utf-8") as f:
        f.write(doc)
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
            "--force-device-scale-factor=%r" % device_scale_factor, "--allow-file-access-from-files",
            "--user-data-dir=" + os.path.join(workdir, "profile"),
            "--lang=" + browser_lang, "--hide-scrollbars",
            "--virtual-time-budget=30000"]
    if screenshot:
        args += ["--screenshot=" + screenshot, "--window-size=%s" % screenshot_size]
    else:
        args += ["--dump-dom"]
    args.append("file://" + urllib.parse.quote(page))
    proc = subprocess.run(args, capture_output=True, timeout=900)
    if screenshot:
        return None
    out = proc.stdout.decode("utf-8", "replace")
    a = out.find("RESULT:")
    if a < 0:
        b = out.find("FATAL:")
        msg = "chromium chunk did not finish"
        if b >= 0:
            msg += ": " + urllib.parse.unquote(out[b + 6:out.find(":END", b)])
        else:
            msg += " (rc=%d): %s" % (proc.returncode,
                                     proc.stderr.decode("utf-8", "replace")[-300:])
        return [{"id": c["id"], "error": msg} for c in cases]
    end = out.find(":END", a)
    res = json.loads(urllib.parse.unquote(out[a + 7:end]))
    assert [r["id"] for r in res] == [c["id"] for c in cases]
    return res


screenshot_size = "800,600"
page_lang = ""
browser_lang = "en-US"
# The screen's device pixel ratio (window.devicePixelRatio): Chromium lays the
# page out in device pixels at this ratio; boxes are still read in CSS px.
device_scale_factor = 1.0


def main():
    global screenshot_size, page_lang, browser_lang, device_scale_factor
    ap = argparse.ArgumentParser()
    ap.add_argument("cases")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--chunk", type=int, default=2500)
    ap.add_argument("--workdir")
    ap.add_argument("--screenshot", help="render the cases to this PNG instead")
    ap.add_argument("--window-size", default="800,600")
    ap.add_argument("--page-lang", default="", help="the lang attribute of pages of cases without a language (default '': none)")
    ap.add_argument("--browser-lang", default="en-US", help="Chromium's --lang")
    ap.add_argument("--device-scale-factor", type=float, default=1.0,
                    help="Chromium's --force-device-scale-factor (the device pixel ratio)")
    a = ap.parse_args()
    page_lang, browser_lang = a.page_lang, a.browser_lang
    device_scale_factor = a.device_scale_factor
    with open(a.cases, encoding="utf-8") as f:
        cases = [json.loads(l) for l in f if l.strip()]
    workdir = a.workdir or tempfile.mkdtemp(prefix="tm-chromium-")
    os.makedirs(workdir, exist_ok=True)
    if a.screenshot:
        screenshot_size = a.window_size
        # Render visibly: reuse the page but keep the blocks (no measuring).
        global PAGE
        PAGE = PAGE.replace("stage.textContent = '';", "")
        PAGE = PAGE.replace(".c { ", ".c { outline: 1px solid #f88; margin-bottom: 6px; ")
        langs = {c.get("language") or None for c in cases}
        run_chunk(cases, workdir, "shot", screenshot=os.path.abspath(a.screenshot),
                  lang=langs.pop() if len(langs) == 1 else None)
        return
    # Cases with a "language" go to pages of their own per language (Chromium
    # reuses a character's fallback face across a page), in <html lang=...>;
    # cases without one to pages in --page-lang.  Results keep the cases' order.
    groups = {}
    for i, c in enumerate(cases):
        groups.setdefault(c.get("language") or None, []).append(i)
    results = [None] * len(cases)
    t0 = time.time()
    for lang, idx in groups.items():
        for k in range(0, len(idx), a.chunk):
            part = idx[k:k + a.chunk]
            t1 = time.time()
            tag = str(k // a.chunk) if lang is None else "%s-%d" % (lang, k // a.chunk)
            res = run_chunk([cases[i] for i in part], workdir, tag, lang=lang)
            for i, r in zip(part, res):
                results[i] = r
            print("chromium: %s%s cases %d-%d in %.1fs" % (
                os.path.basename(a.cases), "" if lang is None else " [%s]" % lang,
                part[0], part[-1], time.time() - t1), file=sys.stderr)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(r, ensure_ascii=True, separators=(",", ":")) + "\n")
    errs = sum(1 for r in results if "error" in r)
    print("chromium: %d cases, %d errors, %.1fs -> %s" % (
        len(results), errs, time.time() - t0, a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
