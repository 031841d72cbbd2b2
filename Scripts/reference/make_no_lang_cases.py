#!/usr/bin/env python3
"""Builds Corpus/cases/no-lang.jsonl: cases WITHOUT a "language", laid out in
pages without a lang attribute, in the "debian-fonts" font set
(Corpus/fontsets/debian-fonts.txt), measured as Typometer's TextStyle with no
language (issue 34, item 1).

A block without `lang` falls back in the browser's locale: Blink asks
Fontconfig for `en-US` (LayoutLocale::GetDefault), to which Fontconfig
appends `en`, and that puts DejaVu Sans before Noto Sans Hebrew, where
lang="en" (every other set) puts Noto Sans Hebrew first.

Texts: those of Corpus/texts/texts.jsonl and holdout-texts.jsonl whose script
the primaries lack (Hebrew, Arabic, CJK, Thai, Devanagari, emoji, mixed), in
2 (face, size, width, limit) combinations; 12 Latin, English or Cyrillic
texts in 1; and short texts written for Typometer (CC0, ids `nl01`...,
category `written`) in 4 each: Hebrew words and sentences, Hebrew beside
Latin, Arabic, Hangul; issue 34's Hebrew examples in Inter at 15 and 24 px. Faces, sizes,
widths and limits as make_debian_fonts_cases.py (seed 3434).

usage: python3 Scripts/reference/make_no_lang_cases.py
"""
import os
import random

from make_cases import jsonl_line
from make_debian_fonts_cases import FALLBACK, corpus_texts, drawn_combinations

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 3434
LATIN = {"latin", "english", "cyrillic"}
# Written for Typometer, CC0: texts, each in 4 drawn combinations and the
# combinations given (issue 34's examples).
INTER = "Fonts/Inter-Regular.otf"
WRITTEN = [
    ("שלום עולם", [(INTER, 15, 400, None), (INTER, 15, 60, None)]),
    ("הספרייה הקטנה שלנו חגגה היום חמש שנים ואנחנו מודים לכל מי שבא לבקר", [(INTER, 24, 258, None)]),
    ("Hello שלום world", []),
    ("ברוכים הבאים (Welcome) לאתר", []),
    ("תודה רבה!", []),
    ("Meeting at 10:00 — פגישה בעשר", []),
    ("مرحبا بالعالم", []),
    ("שלום مرحبا hello", []),
    ("안녕하세요 세계", []),
    ("日本語のテキストと한국어", []),
]


def main():
    texts = corpus_texts()
    rng = random.Random(SEED)
    latin = [t for t in texts if t["category"] in LATIN]
    chosen = [(t, 2) for t in texts if t["category"] in FALLBACK] + [(t, 1) for t in rng.sample(latin, 12)]
    chosen += [({"id": "nl%02d" % (i + 1), "text": text, "category": "written"}, 4, given)
               for i, (text, given) in enumerate(WRITTEN)]
    cases = []
    for entry in chosen:
        text, count, given = entry if len(entry) == 3 else entry + ([],)
        for face, size, width, limit in given:
            cases.append({"id": "nolang-%04d" % (len(cases) + 1), "text": text["text"], "font": face,
                          "size": size, "width": width, "line_limit": limit, "text_id": text["id"],
                          "category": text["category"]})
        for face, size, width, limit in drawn_combinations(rng, count):
            cases.append({"id": "nolang-%04d" % (len(cases) + 1), "text": text["text"], "font": face,
                          "size": size, "width": width, "line_limit": limit, "text_id": text["id"],
                          "category": text["category"]})
    with open(os.path.join(REPO, "Corpus", "cases", "no-lang.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(case))
    print("no-lang: %d cases" % len(cases))


if __name__ == "__main__":
    main()
