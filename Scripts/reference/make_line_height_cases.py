#!/usr/bin/env python3
"""Writes Corpus/cases/line-height.jsonl: texts under a set line height (issue 18,
"Line height as CSS sets it").

Every case carries "line_height": a JSON number is a multiple of the font size
(CSS `line-height: 1.4`; Pango's pango_attr_line_height_new(1.4)), a string
"<N>px" a length (CSS `line-height: 22px`; Pango's
pango_attr_line_height_new_absolute(N * 1024)). Values: 0.8, 1, 1.2, 1.4, 1.5, 2
and 12px, 18px, 22px, 30px, 40px -- several below the faces' normal line
heights (0.8 and 1 always; 12px and 18px at most sizes).

Three parts, drawn with a fixed seed (1818):
- probes: the single-line text "Hxgy" (written for Typometer, CC0) in each face
  at 15, 20 and 32 pt, width 480, no limit, under every line height: the height
  of one line of the primary face;
- written: 24 short texts written for Typometer (CC0, WRITTEN below) mixing a
  word of the primary face with words that fall back to faces of other ascents
  and descents (Arabic, Devanagari, Thai, Hebrew, CJK, Hangul, emoji), each
  under every line height in two random combinations (widths from 60 to 480, so
  some lines wrap and some texts stay on one line);
- texts: every text of Corpus/texts/texts.jsonl of the categories in CATEGORIES
  (Latin, English, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Chinese,
  Japanese, Korean, emoji, mixed-direction, hard breaks) in 6 combinations, each
  with a line height drawn from all eleven.
Combinations: faces Inter, Noto Sans, Noto Serif; sizes 11-40; widths 60-480;
limits none/1/3.

usage: python3 Scripts/reference/make_line_height_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [11, 13, 15, 17, 20, 24, 28, 32, 40]
WIDTHS = [60, 90, 120, 160, 220, 320, 480]
LIMITS = [None, 1, 3]
LINE_HEIGHTS = [0.8, 1, 1.2, 1.4, 1.5, 2, "12px", "18px", "22px", "30px", "40px"]
CATEGORIES = ["latin", "english", "cyrillic", "greek", "arabic", "hebrew", "devanagari", "thai",
              "chinese", "japanese", "korean", "emoji", "mixed-direction", "hard-breaks"]
TEXT_COMBOS = 6
WRITTEN_COMBOS = 2
SEED = 1818

PROBE = ("lhp01", "Hxgy")
# Written for Typometer, CC0: (id, text).
WRITTEN = [
    ("lhw01", "Hello مرحبا"),
    ("lhw02", "Hi नमस्ते"),
    ("lhw03", "ok 你好"),
    ("lhw04", "Yes 👍"),
    ("lhw05", "Hello مرحبا and goodbye"),
    ("lhw06", "Say नमस्ते to everyone here"),
    ("lhw07", "ok 你好 ok 再见 ok"),
    ("lhw08", "Thai สวัสดี means hello"),
    ("lhw09", "Shalom שלום friends"),
    ("lhw10", "Tokyo 東京 and Seoul 서울"),
    ("lhw11", "Party 🎉🎂 tonight at nine"),
    ("lhw12", "مرحبا Hello"),
    ("lhw13", "नमस्ते Hi"),
    ("lhw14", "你好 ok"),
    ("lhw15", "👍"),
    ("lhw16", "Go 🚀 now"),
    ("lhw17", "Latin العربية हिन्दी 中文 ไทย 🙂 mixed on one line"),
    ("lhw18", "こんにちは world"),
    ("lhw19", "A word, then بالعربية, then more words in Latin letters"),
    ("lhw20", "Rows of हिन्दी शब्द between plain words keep wrapping here"),
    ("lhw21", "x ก y ข z"),
    ("lhw22", "Emoji 😀 in 😎 every 🎈 other word 🌍 of a long line"),
    ("lhw23", "Hello\nمرحبا\nनमस्ते\n你好"),
    ("lhw24", "Ünïcödé Ég ÅÇ ñ — عربي"),
]


def main():
    rng = random.Random(SEED)
    with open(os.path.join(REPO, "Corpus", "texts", "texts.jsonl"), encoding="utf-8") as f:
        texts = [json.loads(line) for line in f if line.strip()]
    cases = []

    def add(text, text_id, category, face, size, width, limit, lh):
        cases.append({"id": "lh-%05d" % (len(cases) + 1), "text": text, "font": face,
                      "size": size, "width": width, "line_limit": limit, "line_height": lh,
                      "text_id": text_id, "category": category})

    for face in FACES:
        for size in (15, 20, 32):
            for lh in LINE_HEIGHTS:
                add(PROBE[1], PROBE[0], "written-probe", face, size, 480, None, lh)
    for wid, text in WRITTEN:
        for lh in LINE_HEIGHTS * WRITTEN_COMBOS:
            add(text, wid, "written-mixed", rng.choice(FACES), rng.choice(SIZES),
                rng.choice(WIDTHS), rng.choice(LIMITS), lh)
    for t in texts:
        if t["category"] not in CATEGORIES:
            continue
        for _ in range(TEXT_COMBOS):
            add(t["text"], t["id"], t["category"], rng.choice(FACES), rng.choice(SIZES),
                rng.choice(WIDTHS), rng.choice(LIMITS), rng.choice(LINE_HEIGHTS))
    with open(os.path.join(REPO, "Corpus", "cases", "line-height.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(stated_language(case)))
    print("line-height: %d cases" % len(cases))


if __name__ == "__main__":
    main()
