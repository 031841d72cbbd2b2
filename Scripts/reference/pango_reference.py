#!/usr/bin/env python3
"""Reference line counts, line starts and heights from Pango 1.50.

usage: pango_reference.py CASES.jsonl OUT.jsonl [--build DIR]

Builds pango_reference.c with gcc + pkg-config (pangocairo pangoft2
fontconfig) into DIR (default: a temp dir), feeds it the cases and converts
its byte offsets to UTF-16 offsets and its heights from Pango units to pt
(units / 1024, a float).  A case's "language" (BCP 47 tag) becomes the
context language for that case (pango_context_set_language); cases without
one are laid out in "en".  A case's "line_height" (a number: a multiple of the
size; "<N>px": a length) becomes a line-height attribute over the whole text
(pango_attr_line_height_new(factor) or pango_attr_line_height_new_absolute(N *
1024)); without one, none (normal).  Styled cases (styles.py): the block's
"family" (else the file's family), "weight" and "italic" go into the layout's
font description (a family must resolve to a face of that family, a file to
that very file under the weight and style asked, or the case is an error);
its "letter_spacing" (pango_attr_letter_spacing_new(v * 1024)) and
"features" (pango_attr_font_features_new, CSS syntax) become attributes over
the whole text, and each of "runs" gets family, absolute size, weight, style,
letter spacing and features attributes over its byte range.  Pango 1.50 has
no word spacing: a case that sets one is {"id", "error": "unsupported:
word_spacing"}.  FONTCONFIG_FILE must point at the private config
made by `generate`.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import styles  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def build(builddir, program="pango_reference"):
    """Compiles Scripts/reference/<program>.c into builddir (again when it or
    pango_common.h is newer than the executable); returns the executable."""
    src = os.path.join(HERE, program + ".c")
    exe = os.path.join(builddir, program)
    newest = max(os.path.getmtime(src), os.path.getmtime(os.path.join(HERE, "pango_common.h")))
    if os.path.exists(exe) and os.path.getmtime(exe) >= newest:
        return exe
    os.makedirs(builddir, exist_ok=True)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "pangocairo", "pangoft2",
                            "fontconfig"], check=True, capture_output=True,
                           text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-Wall", "-o", exe, src] + flags, check=True)
    return exe


def byte_to_utf16(text):
    """Map each UTF-8 byte offset at a code point boundary to a UTF-16 offset."""
    m = {}
    b = u = 0
    for ch in text:
        m[b] = u
        b += len(ch.encode("utf-8"))
        u += 2 if ord(ch) > 0xFFFF else 1
    m[b] = u
    return m


def pango_line_height(case):
    """The case's "line_height" for pango_reference.c: "-" (normal), "f<factor>"
    for a number (pango_attr_line_height_new) or "a<Pango units>" for a length
    "<N>px" (pango_attr_line_height_new_absolute, N * 1024)."""
    v = case.get("line_height")
    if v is None:
        return "-"
    if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0:
        return "f%r" % float(v)
    if isinstance(v, str) and v.endswith("px") and float(v[:-2]) > 0:
        return "a%d" % round(float(v[:-2]) * 1024)
    raise ValueError("%s: bad line_height %r" % (case["id"], v))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cases")
    ap.add_argument("out")
    ap.add_argument("--build")
    a = ap.parse_args()
    if "FONTCONFIG_FILE" not in os.environ:
        sys.exit("FONTCONFIG_FILE is not set (run Scripts/reference/generate)")
    exe = build(a.build or tempfile.mkdtemp(prefix="tm-pango-"))
    with open(a.cases, encoding="utf-8") as f:
        cases = [json.loads(l) for l in f if l.strip()]
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
        limit = c.get("line_limit") or 0
        chunks.append(("%s\t%s\t%r\t%r\t%d\t%s\t%s\t%d\t%d\n" % (
            c["id"], os.path.join(REPO, c["font"]) if "font" in c else "-", float(c["size"]),
            float(c["width"]), limit, c.get("language") or "en",
            pango_line_height(c), len(recs), len(data))).encode() + data + b"\n"
            + styles.pango_records_text(recs))
    proc = subprocess.run([exe], input=b"".join(chunks), capture_output=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        sys.exit("pango_reference failed (rc=%d)" % proc.returncode)
    sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
    outl = proc.stdout.decode("utf-8").splitlines()
    results = {}
    for line in outl:
        parts = line.split("\t")
        if parts[0] == "OK":
            results[parts[1]] = ("OK", int(parts[2]), int(parts[3]),
                                 [int(x) for x in parts[4].split(",")] if parts[4] else [])
        else:
            results[parts[1]] = ("ERR", parts[2])
    errs = 0
    with open(a.out, "w", encoding="utf-8") as f:
        for c in cases:
            r = results.get(c["id"])
            if c["id"] in skipped:
                rec = {"id": c["id"], "error": skipped[c["id"]]}
            elif r is None:
                rec = {"id": c["id"], "error": "no result from pango_reference"}
            elif r[0] == "ERR":
                rec = {"id": c["id"], "error": r[1]}
            else:
                m = byte_to_utf16(c["text"])
                try:
                    starts = [m[b] for b in r[3]]
                    rec = {"id": c["id"], "lines": r[1], "height": r[2] / 1024.0,
                           "line_starts": starts}
                except KeyError as e:
                    rec = {"id": c["id"], "error": "line start %s not at a code point" % e}
            if "error" in rec:
                errs += 1
                # Paths in messages from the repository's root, the same anywhere.
                rec["error"] = rec["error"].replace(REPO + "/", "")
            f.write(json.dumps(rec, ensure_ascii=True, separators=(",", ":")) + "\n")
    print("pango: %d cases, %d errors, %.1fs -> %s" % (
        len(cases), errs, time.time() - t0, a.out), file=sys.stderr)


if __name__ == "__main__":
    main()
