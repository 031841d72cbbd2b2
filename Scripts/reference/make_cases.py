#!/usr/bin/env python3
"""Writes Corpus/cases/fidelity.jsonl from Corpus/texts/texts.jsonl.

Matrix: faces Inter, Noto Sans, Noto Serif; sizes 11..53; widths 60..640;
line limits null,1,2,3,5.  For every text, PER_TEXT distinct combinations
(face, size, width, limit) are drawn from the full cross product (3*8*8*5 =
960) with a fixed seed, so every text, face, size, width and limit appears
widely and every category is represented in proportion to its texts.
Reproducible: same texts + same seed -> same file.

usage: python3 Scripts/reference/make_cases.py [--per-text N] [--seed S]
"""
import argparse
import itertools
import json
import os
import random

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [11, 13, 15, 17, 20, 24, 32, 53]
WIDTHS = [60, 90, 120, 160, 220, 320, 480, 640]
LIMITS = [None, 1, 2, 3, 5]


def stated_language(case):
    """The case with its language stated: "en" where it names none. A case
    without "language" is laid out in a page without `lang` (Chromium then
    falls back in the browser's locale, en-US); the committed sets were laid
    out in lang="en" and say so (issue 34)."""
    return case if "language" in case else dict(case, language="en")


def jsonl_line(obj):
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    for ch in "\u2028\u2029\u0085":
        s = s.replace(ch, "\\u%04x" % ord(ch))
    return s + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-text", type=int, default=50)
    ap.add_argument("--seed", type=int, default=20240531)
    a = ap.parse_args()
    with open(os.path.join(REPO, "Corpus", "texts", "texts.jsonl"), encoding="utf-8") as f:
        texts = [json.loads(l) for l in f if l.strip()]
    combos = list(itertools.product(FACES, SIZES, WIDTHS, LIMITS))
    rng = random.Random(a.seed)
    cases = []
    for t in texts:
        for face, size, width, limit in rng.sample(combos, a.per_text):
            cases.append({"id": "fid-%05d" % (len(cases) + 1), "text": t["text"], "font": face,
                          "size": size, "width": width, "line_limit": limit,
                          "text_id": t["id"], "category": t["category"]})
    out = os.path.join(REPO, "Corpus", "cases", "fidelity.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for c in cases:
            f.write(jsonl_line(stated_language(c)))
    print("fidelity: %d cases from %d texts -> %s" % (len(cases), len(texts), out))


if __name__ == "__main__":
    main()
