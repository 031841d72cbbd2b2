#!/usr/bin/env python3
"""Builds Corpus/cases/debian-fonts.jsonl: the fidelity cases measured in the
"debian-fonts" font set (Corpus/fontsets/debian-fonts.txt), where several
faces cover the same scripts: DejaVu Sans, Noto Sans Hebrew and Miriam CLM
have Hebrew; DejaVu Sans, Noto Sans Arabic and KACST Book have Arabic; Noto
Sans CJK, WenQuanYi Micro Hei and the Korean NanumGothic have Han, kana or
Hangul.

Every text of Corpus/texts/texts.jsonl and Corpus/texts/holdout-texts.jsonl in
5 (face, size, width, limit) combinations drawn with a fixed seed, and 5 more
for texts whose script the primaries lack (Hebrew, Arabic, CJK, Thai,
Devanagari, emoji, mixed), from the six primary faces of the set and sizes,
widths and limits spanning those of the other sets. `font` is the primary's
file as the font set list names it: relative to the repository root for the
bundled Fonts/, absolute for the Debian packages' files.

usage: python3 Scripts/reference/make_debian_fonts_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    "Fonts/Inter-Regular.otf",
    "Fonts/NotoSans-Regular.ttf",
]
SIZES = [11, 12, 13, 14, 15, 16, 17, 19, 20, 24, 28, 32, 40]
WIDTHS = [60, 75, 90, 100, 120, 140, 160, 200, 220, 260, 320, 400, 480, 640]
LIMITS = [None, None, 1, 2, 3, 4, 5]
PER_TEXT = 5
FALLBACK_EXTRA = 5
# Categories (texts.jsonl) and language codes (holdout-texts.jsonl) whose
# text needs faces other than the primaries.
FALLBACK = {"arabic", "hebrew", "chinese", "japanese", "korean", "mixed-direction", "emoji", "thai",
            "devanagari", "ar", "fa", "ps", "ug", "ckb", "he", "ja", "ko", "zh_CN", "zh_TW", "th", "hi",
            "mr", "ne", "mix"}
SEED = 2121
# Written for Typometer, CC0 (issue 34): (id, text, languages, given combinations).
NOTO_SANS = "Fonts/NotoSans-Regular.ttf"
LIBERATION_SERIF = "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"
WRITTEN = [
    ("ds01", "天气很好 ☀ 我们去公园 ✓", ["en"], [(LIBERATION_SERIF, 20, 120, None)]),
    ("ds02", "一‧二‧三‧四", ["en"], [(NOTO_SANS, 20, 60, None)]),
    ("ds03", "→ 下一步 → 完成", ["en"], []),
    ("ds04", "مرحبا ☀ بالعالم ❤ ★", ["en"], [(LIBERATION_SERIF, 24, 140, None)]),
    ("ds05", "مرحبا ✓ → عالم", ["en"], []),
    ("ds06", "中文★测试❤好", ["en"], []),
    ("ds07", "漢字‧かな", ["en"], []),
    ("dk01", "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字", ["ko", "en"],
     [(NOTO_SANS, 20, 390, None)]),
    ("dk02", "안녕하세요 ← 세계 ≈ ⑩ Ⓐ ∀ ⚠", ["ko", "en"], []),
    ("dk03", "한국어 텍스트 漢字 ≈ 10", ["ko", "en"], []),
    ("dk04", "서울 → 부산 ⑩시간 ∀ 경로", ["ko", "en"], []),
]
LIBERATION_SANS = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
# Written for Typometer, CC0 (issue 34, item 3): spaces that start the text or a
# line after a hard break, before a letter the face kerns a space with, which
# Blink shapes apart (no kerning). (id, text, Chromium 156's max-content in px at
# each (face, size), measured once); each laid out at that width and 1/8 px
# narrower, where the kerned width would still fit.
LEADING_SPACES = [
    ("ls01", " Tea",
     {(LIBERATION_SERIF, 24): 40.296875, (LIBERATION_SERIF, 64): 107.4375, (LIBERATION_SANS, 24): 45.375, (LIBERATION_SANS, 64): 120.96875}),
    ("ls02", "  Yes, Tom",
     {(LIBERATION_SERIF, 24): 102.140625, (LIBERATION_SERIF, 64): 272.375, (LIBERATION_SANS, 24): 110.75, (LIBERATION_SANS, 64): 295.28125}),
    ("ls03", "Ok\n Tea time",
     {(LIBERATION_SERIF, 24): 88.953125, (LIBERATION_SERIF, 64): 237.1875, (LIBERATION_SANS, 24): 97.375, (LIBERATION_SANS, 64): 259.65625}),
    ("ls04", " A Typical Year",
     {(LIBERATION_SERIF, 24): 148.546875, (LIBERATION_SERIF, 64): 396.09375, (LIBERATION_SANS, 24): 157.015625, (LIBERATION_SANS, 64): 418.6875}),
    ("ls05", "Yard\n\n  Town Tea",
     {(LIBERATION_SERIF, 24): 106.171875, (LIBERATION_SERIF, 64): 283.125, (LIBERATION_SANS, 24): 114.3125, (LIBERATION_SANS, 64): 304.78125}),
    ("ls06", " Vast Waves",
     {(LIBERATION_SERIF, 24): 116.28125, (LIBERATION_SERIF, 64): 310.0625, (LIBERATION_SANS, 24): 132.046875, (LIBERATION_SANS, 64): 352.09375}),
]


def corpus_texts():
    """The texts of Corpus/texts/texts.jsonl and holdout-texts.jsonl, in order."""
    texts = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            texts += [json.loads(l) for l in f if l.strip()]
    return texts


def drawn_combinations(rng, count):
    """`count` distinct (face, size, width, limit) combinations drawn from `rng`, in draw order."""
    seen = []
    while len(seen) < count:
        combo = (rng.choice(FACES), rng.choice(SIZES), rng.choice(WIDTHS), rng.choice(LIMITS))
        if combo not in seen:
            seen.append(combo)
    return seen


def main():
    texts = corpus_texts()
    rng = random.Random(SEED)
    cases = []
    for text in texts:
        count = PER_TEXT + (FALLBACK_EXTRA if text["category"] in FALLBACK else 0)
        for face, size, width, limit in drawn_combinations(rng, count):
            cases.append({"id": "deb-%05d" % (len(cases) + 1), "text": text["text"], "font": face,
                          "size": size, "width": width, "line_limit": limit, "text_id": text["id"],
                          "category": text["category"]})
    # Issue 34: symbols of no script the primary lacks beside Arabic and Han
    # (item 4), and Korean under ko and ko-KR, where Noto Sans CJK KR, the
    # page's default font, takes every character it has before NanumGothic
    # (item 2); each text in 4 drawn combinations and those given, under each
    # of its languages.
    rng = random.Random(SEED + 34)
    for text_id, text, languages, given in WRITTEN:
        combos = list(given)
        while len(combos) < len(given) + 4:
            combo = (rng.choice(FACES), rng.choice(SIZES), rng.choice(WIDTHS), rng.choice(LIMITS))
            if combo not in combos:
                combos.append(combo)
        for language in languages:
            for face, size, width, limit in combos:
                cases.append({"id": "deb-%05d" % (len(cases) + 1), "text": text, "font": face, "size": size,
                              "width": width, "line_limit": limit, "text_id": text_id, "category": "written",
                              "language": language})
    # Issue 34, item 3: leading spaces shaped apart from the word after them.
    for text_id, text, widths in LEADING_SPACES:
        for (face, size), width in widths.items():
            for narrower in (0.125, 0):
                cases.append({"id": "deb-%05d" % (len(cases) + 1), "text": text, "font": face, "size": size,
                              "width": width - narrower, "line_limit": None, "text_id": text_id,
                              "category": "written", "language": "en"})
    with open(os.path.join(REPO, "Corpus", "cases", "debian-fonts.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(stated_language(case)))
    print("debian-fonts: %d texts, %d cases" % (len(texts), len(cases)))


if __name__ == "__main__":
    main()
