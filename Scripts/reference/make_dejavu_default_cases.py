#!/usr/bin/env python3
"""Builds Corpus/cases/dejavu-default.jsonl: cases measured in the font set
"debian-fonts-no-inter" (Corpus/fontsets/debian-fonts-no-inter.txt), where the
page's default font in Chromium is DejaVu Sans (issue 34, item 5).

Blink tries the page's default font (the standard family of the page
language's script, else the face Fontconfig matches for no family) right
after the CSS families, for every character they lack, before character
fallback: there DejaVu Sans draws ☕, ⚡, ☔ and 😀 (monochrome, 21.52 px at
24 px for ☕, not Noto Color Emoji's 29.95), Hebrew and Arabic, and symbols
beside Han and Arabic text. U+FE0F still asks for the color face.

Texts: the emoji, Hebrew, Arabic, Chinese, Japanese and mixed texts of
Corpus/texts/texts.jsonl in 1 (face, size, width, limit) combination, and
short texts written for Typometer (CC0, ids `dd01`..., category `written`) in
4 each; every case under no language and under "en", the written ones also
under "he" and "ja". Primaries DejaVu Serif, Liberation Sans, Liberation Serif,
Noto Sans; sizes, widths and limits as make_debian_fonts_cases.py (seed 5555).

usage: python3 Scripts/reference/make_dejavu_default_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line
from make_debian_fonts_cases import SIZES, WIDTHS, LIMITS

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 5555
FACES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "Fonts/NotoSans-Regular.ttf",
]
CATEGORIES = {"emoji", "hebrew", "arabic", "chinese", "japanese", "mixed-direction"}
# Written for Typometer, CC0.
WRITTEN = [
    "☕", "☕☕☕☕☕☕", "☕ coffee ☕ break", "☕\ufe0f and ☕\ufe0e", "⚡ fast ☔ rain 😀 happy",
    "⌚ ✅ ⭐ ☕", "Morning ☕, then ⚡ work", "שלום ☕ עולם", "مرحبا ☕ بالعالم",
    "天气很好 ☀ 我们去公园 ✓", "中文★测试❤好", "مرحبا ☀ بالعالم ❤ ★",
]


def main():
    texts = []
    with open(os.path.join(REPO, "Corpus", "texts", "texts.jsonl"), encoding="utf-8") as f:
        texts += [json.loads(l) for l in f if l.strip()]
    rng = random.Random(SEED)
    chosen = [(t, 1, [None, "en"]) for t in texts if t["category"] in CATEGORIES]
    chosen += [({"id": "dd%02d" % (i + 1), "text": text, "category": "written"}, 4, [None, "en", "he", "ja"])
               for i, text in enumerate(WRITTEN)]
    cases = []
    for text, count, languages in chosen:
        combos = []
        while len(combos) < count:
            combo = (rng.choice(FACES), rng.choice(SIZES), rng.choice(WIDTHS), rng.choice(LIMITS))
            if combo not in combos:
                combos.append(combo)
        for language in languages:
            for face, size, width, limit in combos:
                case = {"id": "ddef-%04d" % (len(cases) + 1), "text": text["text"], "font": face, "size": size,
                        "width": width, "line_limit": limit, "text_id": text["id"], "category": text["category"]}
                if language:
                    case["language"] = language
                cases.append(case)
    with open(os.path.join(REPO, "Corpus", "cases", "dejavu-default.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(case))
    print("dejavu-default: %d cases" % len(cases))


if __name__ == "__main__":
    main()
