#!/usr/bin/env python3
"""Writes Corpus/cases/spaces.jsonl: words broken between characters next
to spaces and no-break spaces.

Short texts written for Typometer (CC0) whose first word is too wide for
the line, followed by a space, a no-break space (French typography among
them) or two spaces, in Latin, Cyrillic, Hebrew and Arabic, in the three
faces at 32 and 53 pt and seven widths from 40 to 100 pt: where a renderer
lets the white space after a broken piece hang past the line's end. 420
cases.

usage: python3 Scripts/reference/make_space_cases.py
"""
import json
import os

from make_cases import stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEXTS = ["abcdefghij klm", "abcdefghij\u00a0klm", "abc\u00a0!\u00a0» Puis", "jour\u00a0!\u00a0» Puis", "فرض نسبة",
         "فرض\u00a0نسبة", "abcdefghij  klm", "אבגדהוזחטי כלמ", "абвгдежзий клм", "فرضفرضفرض نسبة"]
FACES = ["Fonts/NotoSerif-Regular.ttf", "Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf"]
SIZES = [32, 53]
WIDTHS = [40, 50, 60, 70, 80, 90, 100]


def main():
    cases = []
    for number, text in enumerate(TEXTS, 1):
        for face in FACES:
            for size in SIZES:
                for width in WIDTHS:
                    cases.append({"id": "space-%04d" % (len(cases) + 1), "text": text, "font": face, "size": size,
                                  "width": width, "line_limit": None, "category": "text %d" % number})
    with open(os.path.join(REPO, "Corpus", "cases", "spaces.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(json.dumps(stated_language(case), ensure_ascii=False, separators=(",", ":")) + "\n")
    print("spaces: %d cases" % len(cases))


if __name__ == "__main__":
    main()
