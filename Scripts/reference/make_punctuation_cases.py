#!/usr/bin/env python3
"""Writes Corpus/cases/punctuation.jsonl: CJK punctuation at line ends.

Short texts written for Typometer (CC0) that put each fullwidth punctuation
mark and curly quotation mark at the end of a line in six contexts (before
more ideographs, at the paragraph's end, after a closing bracket, before a
space, after an ASCII parenthesis and a corner bracket, doubled), in each of
the three faces at 20 pt and six widths around three and a half ems, where
Chromium's text-spacing-trim and Unicode 15.1's quotation rules decide
whether the mark fits: 1,836 cases.

usage: python3 Scripts/reference/make_punctuation_cases.py
"""
import json
import os

from make_cases import stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARKS = ["、", "。", "，", "．", "）", "」", "』", "】", "〉", "》", "：", "；", "！", "？", "〕", "’", "”"]
FACES = ["Fonts/NotoSans-Regular.ttf", "Fonts/Inter-Regular.otf", "Fonts/NotoSerif-Regular.ttf"]
WIDTHS = [60, 70, 75, 79, 85, 90]


def contexts(mark):
    return [("一二三" + mark + "四五六", "mid"), ("一二三" + mark, "end"), ("一二」" + mark + "四五", "afterclose"),
            ("一二三" + mark + " 四五", "space"), ("(「左」" + mark + "「右", "paren"),
            ("一二三" + mark + mark + "四", "double")]


def main():
    cases = []
    for face in FACES:
        for mark in MARKS:
            for text, context in contexts(mark):
                for width in WIDTHS:
                    cases.append({"id": "punct-%04d" % (len(cases) + 1), "text": text, "font": face, "size": 20,
                                  "width": width, "line_limit": None, "category": "%s %s" % (context, mark)})
    with open(os.path.join(REPO, "Corpus", "cases", "punctuation.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(json.dumps(stated_language(case), ensure_ascii=False, separators=(",", ":")) + "\n")
    print("punctuation: %d cases" % len(cases))


if __name__ == "__main__":
    main()
