#!/usr/bin/env python3
"""Writes Corpus/cases/mixed.jsonl: paragraphs mixing words of every script.

600 texts of 2 to 14 words drawn at random (seed 11) from the words of
Corpus/texts/texts.jsonl and Corpus/texts/holdout-texts.jsonl (so each word
carries its text's source and licence), which puts scripts, directions,
emoji, brackets and control characters side by side as the corpora's
single-language texts do not; random faces, sizes 11-45 pt, widths 55-350
pt and limits none/2/3.

usage: python3 Scripts/reference/make_mixed_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACES = ["Fonts/NotoSans-Regular.ttf", "Fonts/Inter-Regular.otf", "Fonts/NotoSerif-Regular.ttf"]


def main():
    rng = random.Random(11)
    words = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            for line in f:
                words += [w for w in json.loads(line)["text"].replace("\n", " ").split(" ") if w]
    cases = []
    for number in range(600):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(2, 14)))
        cases.append({"id": "mix-%04d" % number, "text": text, "font": rng.choice(FACES),
                      "size": rng.choice([11, 14, 18, 22, 30, 45]), "width": rng.choice([55, 85, 130, 180, 250, 350]),
                      "line_limit": rng.choice([None, None, 2, 3]), "category": "mixed"})
    with open(os.path.join(REPO, "Corpus", "cases", "mixed.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(stated_language(case)))
    print("mixed: %d cases" % len(cases))


if __name__ == "__main__":
    main()
