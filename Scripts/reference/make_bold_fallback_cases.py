#!/usr/bin/env python3
"""Builds Corpus/cases/bold-fallback.jsonl: bold and italic text whose
characters fall back to families that have a Bold file, measured in the font set
"noto-bold" (Corpus/fontsets/noto-bold.txt; issue 34, item 7).

Blink draws a fallback character in the file Fontconfig's order gives it (the
Regular) with synthetic bold, even when the family's Bold file is in the set
(FontCache::PlatformFallbackFontForCharacter, font_cache_linux.cc), so bold
Devanagari, Thai, Arabic and Hebrew keep their regular advances.

Texts: the Devanagari, Thai, Arabic, Hebrew, Chinese and mixed-direction texts
of Corpus/texts/texts.jsonl in families Inter and Noto Sans at weight 700 (2
(size, width, limit) combinations) and 400 (1); and
styled paragraphs written for Typometer (CC0, ids `bf01`..., category
`written-runs`): a Latin body with a bold phrase of another script, in 3
combinations. Sizes 13-24, widths 120-480, limits none/2/3 (seed 7777).

usage: python3 Scripts/reference/make_bold_fallback_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 7777
FAMILIES = ["Inter", "Noto Sans"]
SIZES = [13, 15, 17, 20, 24]
WIDTHS = [120, 160, 200, 260, 320, 480]
LIMITS = [None, None, 2, 3]
CATEGORIES = {"devanagari", "thai", "arabic", "hebrew", "chinese", "mixed-direction"}
# Written for Typometer, CC0: (body before, bold phrase, body after).
WRITTEN = [
    ("", "नमस्ते दुनिया", ""),
    ("Posted by ", "राहुल शर्मा", " yesterday"),
    ("Today: ", "สวัสดีชาวโลก", " and more"),
    ("Welcome ", "مرحبا بالعالم", " everyone"),
    ("Shalom: ", "שלום עולם", " from Tel Aviv"),
    ("Title ", "你好世界", " again"),
    ("Mixed ", "नमस्ते สวัสดี مرحبا", " line"),
]


def main():
    with open(os.path.join(REPO, "Corpus", "texts", "texts.jsonl"), encoding="utf-8") as f:
        texts = [json.loads(l) for l in f if l.strip()]
    rng = random.Random(SEED)
    cases = []

    def add(case):
        case["id"] = "bold-%04d" % (len(cases) + 1)
        cases.append(dict(sorted(case.items(), key=lambda kv: kv[0] != "id")))

    for text in texts:
        if text["category"] not in CATEGORIES:
            continue
        for family in FAMILIES:
            for weight in (700, 400):
                for _ in range(2 if weight == 700 else 1):
                    case = {"text": text["text"], "family": family, "size": rng.choice(SIZES),
                            "width": rng.choice(WIDTHS), "line_limit": rng.choice(LIMITS), "weight": weight,
                            "text_id": text["id"], "category": text["category"]}
                    rng.random()  # (italic cases left out: see Docs/fidelity.md)
                    add(case)
    # The example: two Devanagari words at 24 px in bold.
    add({"text": WRITTEN[0][1], "family": "Inter", "size": 24, "width": 480, "line_limit": None, "weight": 700,
         "text_id": "bf01", "category": "written"})
    for number, (before, phrase, after) in enumerate(WRITTEN):
        for _ in range(3):
            family = rng.choice(FAMILIES)
            runs = ([{"text": before}] if before else []) + [{"text": phrase, "weight": 700}] + (
                [{"text": after}] if after else [])
            add({"text": before + phrase + after, "family": family, "size": rng.choice(SIZES),
                 "width": rng.choice(WIDTHS), "line_limit": rng.choice(LIMITS), "runs": runs,
                 "text_id": "bf%02d" % (number + 1), "category": "written-runs"})
    with open(os.path.join(REPO, "Corpus", "cases", "bold-fallback.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(case))
    print("bold-fallback: %d cases" % len(cases))


if __name__ == "__main__":
    main()
