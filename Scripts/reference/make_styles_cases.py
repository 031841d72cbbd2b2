#!/usr/bin/env python3
"""Writes Corpus/cases/styles.jsonl: texts under one uniform style (weight,
italic, letter spacing, word spacing, OpenType features), ids st-00001...

Texts: Corpus/texts/texts.jsonl (all categories: Latin, scripts that fall back
to other faces -- Arabic, Hebrew, Thai, Devanagari, CJK, emoji --, URLs,
numbers, short and long) and the texts of Corpus/texts/holdout-texts.jsonl in
languages the bundled faces cover. Each case starts from a plain base
(family Inter / Noto Sans / Noto Serif, or a font file; size 11, 15 or 22;
width 120, 200, 320 or 480; no limit, or 1 or 3 lines) and varies one or two
style dimensions, named by its "category":
- baseline: no style field but "family" (a family case against the file cases
  of the other sets);
- weight: weight 100, 300, 500, 600, 700, 800 or 900 of a family;
- italic, bold-italic: italic at 400, italic at 700;
- letter-spacing: -0.5, 0.2, 1 or 2.5 px (family or font file);
- word-spacing: 2 or 8 px (Pango 1.50 has none: its reference is an error);
- features: ["tnum"], ["-liga"], ["-kern"], ["kern=0", "-liga"];
- weight-letter-spacing: a weight and a letter spacing together;
- synthetic-bold: a face with no bold asked in bold: a font file of a
  one-face family (Noto Sans Arabic, Hebrew, Thai, Devanagari, CJK) with a text
  of its script at 600/700/900, or a family whose text falls back to such faces
  (Arabic, Hebrew, Thai, Devanagari, CJK, emoji, mixed texts) at 700;
- synthetic-bold-file: Fonts/NotoSans-Regular.ttf, Inter-Regular.otf or
  NotoSerif-Regular.ttf (a file, so one face) at 700: Chromium emboldens that
  face; Pango can only ask the family for bold, gets the Bold file, and reports
  an error (the primary face is not the case's file);
- synthetic-italic: the same faces with italic (files of one-face families;
  fallback texts under a family);
- mono: the family "Noto Sans Mono CJK SC" (face 7 of the CJK collection),
  plain or with one style field.

usage: python3 Scripts/reference/make_styles_cases.py   (seed 5150)
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 5150
FAMILIES = ["Inter", "Noto Sans", "Noto Serif"]
FILES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [11, 15, 22]
WIDTHS = [120, 200, 320, 480]
LIMITS = [None, None, None, 1, 3]
WEIGHTS = [100, 300, 500, 600, 700, 800, 900]
LETTER_SPACINGS = [-0.5, 0.2, 1, 2.5]
WORD_SPACINGS = [2, 8]
FEATURES = [["tnum"], ["-liga"], ["-kern"], ["kern=0", "-liga"]]
# Holdout languages whose scripts the bundled faces cover.
HOLDOUT = {"vi", "fa", "ja", "zh_CN", "zh_TW", "ko", "th", "hi", "mr", "ne", "ar", "he", "el",
           "ru", "uk", "pl", "tr", "de", "fr", "es", "pt_BR", "sr", "bg", "kk", "ug", "cs", "fi",
           "hu", "ro", "nl", "it", "ca", "lt", "sk", "id", "ps", "ckb", "mix"}
# One-face families and the text categories of their script.
SCRIPT_FILES = {
    "Fonts/NotoSansArabic-Regular.ttf": {"arabic", "fa", "ar", "ug", "ps", "ckb"},
    "Fonts/NotoSansHebrew-Regular.ttf": {"hebrew", "he"},
    "Fonts/NotoSansThai-Regular.ttf": {"thai", "th"},
    "Fonts/NotoSansDevanagari-Regular.ttf": {"devanagari", "hi", "mr", "ne"},
    "Fonts/NotoSansCJK-Regular.ttc": {"chinese", "japanese", "korean", "ja", "zh_CN", "zh_TW", "ko"},
}
FALLBACK = {"arabic", "hebrew", "thai", "devanagari", "chinese", "japanese", "korean", "emoji",
            "mixed-direction", "fa", "ar", "he", "th", "hi", "ja", "zh_CN", "ko", "mix"}
LATIN = {"english", "latin", "nbsp", "url-token", "numbers", "special-spaces", "combining",
         "de", "fr", "es", "it", "nl", "pl", "cs", "tr", "vi", "fi", "hu"}


def main():
    rng = random.Random(SEED)
    texts = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            for line in f:
                t = json.loads(line)
                if name == "texts.jsonl" or t["category"] in HOLDOUT:
                    texts.append(t)
    by_cat = {}
    for t in texts:
        by_cat.setdefault(t["category"], []).append(t)
    pool = lambda cats: [t for t in texts if t["category"] in cats]  # noqa: E731
    latin = pool(LATIN)
    fallback = pool(FALLBACK)
    numbers = pool({"numbers", "url-token"})
    cases = []

    def add(t, category, face, **style):
        c = {"id": "st-%05d" % (len(cases) + 1), "text": t["text"]}
        if face.startswith("Fonts/"):
            c["font"] = face
        else:
            c["family"] = face
        c.update({"size": rng.choice(SIZES), "width": rng.choice(WIDTHS),
                  "line_limit": rng.choice(LIMITS)})
        c.update(style)
        c["text_id"] = t["id"]
        c["category"] = category
        cases.append(c)

    # baseline: every text once under a family, nothing else.
    for t in texts[::2]:
        add(t, "baseline", rng.choice(FAMILIES))
    # weight: every texts.jsonl text in two weights, holdout texts in one.
    for t in texts:
        for w in rng.sample(WEIGHTS, 2 if t["id"].startswith("t") else 1):
            add(t, "weight", rng.choice(FAMILIES), weight=w)
    for t in rng.sample(texts, 220):
        add(t, "italic", rng.choice(FAMILIES), italic=True)
    for t in rng.sample(texts, 120):
        add(t, "bold-italic", rng.choice(FAMILIES), weight=700, italic=True)
    for t in rng.sample(texts, 320):
        face = rng.choice(FILES if rng.random() < 0.3 else FAMILIES)
        add(t, "letter-spacing", face, letter_spacing=rng.choice(LETTER_SPACINGS))
    for t in rng.sample(latin, 60) + rng.sample(fallback, 40):
        for ls in LETTER_SPACINGS:
            if rng.random() < 0.5:
                add(t, "letter-spacing", rng.choice(FAMILIES), letter_spacing=ls)
    for t in rng.sample(texts, 200):
        face = rng.choice(FILES if rng.random() < 0.3 else FAMILIES)
        add(t, "word-spacing", face, word_spacing=rng.choice(WORD_SPACINGS))
    for t in rng.sample(texts, 200) + numbers + rng.sample(latin, 40):
        face = rng.choice(FILES if rng.random() < 0.3 else FAMILIES)
        add(t, "features", face, features=rng.choice(FEATURES))
    for t in rng.sample(texts, 100):
        add(t, "weight-letter-spacing", rng.choice(FAMILIES), weight=rng.choice(WEIGHTS),
            letter_spacing=rng.choice(LETTER_SPACINGS))
    # synthetic bold / italic of faces without such a face.
    for path, cats in SCRIPT_FILES.items():
        for t in pool(cats):
            add(t, "synthetic-bold", path, weight=rng.choice([600, 700, 700, 900]))
            if rng.random() < 0.6:
                add(t, "synthetic-italic", path, italic=True)
    for t in fallback:
        add(t, "synthetic-bold", rng.choice(FAMILIES), weight=700)
        if rng.random() < 0.5:
            add(t, "synthetic-italic", rng.choice(FAMILIES), italic=True)
    for t in rng.sample(latin, 40):
        add(t, "synthetic-bold-file", rng.choice(FILES), weight=700)
    # mono: Noto Sans Mono CJK SC.
    for t in rng.sample(latin, 30) + rng.sample(numbers, 10) + rng.sample(pool({"chinese", "zh_CN"}), 8):
        style = rng.choice([{}, {"weight": 700}, {"italic": True},
                            {"letter_spacing": rng.choice(LETTER_SPACINGS)}, {"features": ["-kern"]}])
        add(t, "mono", "Noto Sans Mono CJK SC", **style)

    with open(os.path.join(REPO, "Corpus", "cases", "styles.jsonl"), "w", encoding="utf-8") as f:
        for c in cases:
            f.write(jsonl_line(stated_language(c)))
    counts = {}
    for c in cases:
        counts[c["category"]] = counts.get(c["category"], 0) + 1
    print("styles: %d cases %s" % (len(cases), counts))


if __name__ == "__main__":
    main()
