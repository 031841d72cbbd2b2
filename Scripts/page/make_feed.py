#!/usr/bin/env python3
"""A deterministic multilingual feed for Scripts/test-page.

usage: make_feed.py OUT.jsonl [COUNT]   (default 10,000 cards, seed 20)

Cards draw their texts from Corpus/texts/texts.jsonl (Latin, Cyrillic,
Greek, Arabic, Hebrew, Thai, Devanagari, Chinese, Japanese, Korean, emoji,
URLs, hard breaks, special spaces) and Corpus/texts/holdout-texts.jsonl
(60 languages), keeping only the texts whose every character a bundled
face in Fonts/ has (fc-scan reads their character maps): Amharic, Bengali,
Tamil and the other scripts without a bundled face would be drawn as boxes.
A card holds one text, or two joined by a newline. Around them: chrome
(24 or 32 px), some images, some line limits, some sizes, weights and
italics of their own, a few empty texts, and on half the texts in CJK,
Devanagari, Arabic, Hebrew or Thai a page language (`lang`)."""
import json
import os
import random
import subprocess
import sys
import unicodedata

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def bundled_coverage():
    """Every code point some face in Fonts/ maps."""
    out = subprocess.run(["fc-scan", "--format", "%{charset}\n", os.path.join(REPO, "Fonts")],
                         capture_output=True, text=True, check=True).stdout
    covered = set()
    for line in out.splitlines():
        for span in line.split():
            first, _, last = span.partition("-")
            covered.update(range(int(first, 16), int(last or first, 16) + 1))
    return covered


def drawable(text, covered):
    """Whether every character of text is in a bundled face; controls, format
    characters (joiners, marks of direction, tags) and variation selectors
    need none."""
    for ch in text:
        code = ord(ch)
        if code < 0x20 or unicodedata.category(ch) == "Cf" or 0xFE00 <= code <= 0xFE0F \
                or 0xE0100 <= code <= 0xE01EF:
            continue
        if code not in covered:
            return False
    return True


def texts():
    covered = bundled_coverage()
    out = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            out += [t for t in (json.loads(line)["text"] for line in f if line.strip()) if drawable(t, covered)]
    return out


def language(text, rng):
    """The language a page would tag the text with, for half of the texts
    in a script with a language of its own (the rest stay untagged): kana
    ja, Hangul ko, other Han zh-Hans or zh-Hant, Devanagari hi, Arabic ar,
    Hebrew he, Thai th."""
    codes = [ord(ch) for ch in text]
    def has(low, high):
        return any(low <= c <= high for c in codes)
    if has(0x3040, 0x30FF):
        tag = "ja"
    elif has(0xAC00, 0xD7AF):
        tag = "ko"
    elif has(0x4E00, 0x9FFF):
        tag = rng.choice(("zh-Hans", "zh-Hant"))
    elif has(0x0900, 0x097F):
        tag = "hi"
    elif has(0x0600, 0x06FF):
        tag = "ar"
    elif has(0x0590, 0x05FF):
        tag = "he"
    elif has(0x0E00, 0x0E7F):
        tag = "th"
    else:
        return None
    return tag if rng.random() < 0.5 else None


def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    rng = random.Random(20)
    # A generator of its own, so the cards are those of seed 20 as before.
    languages = random.Random(21)
    pool = texts()
    with open(path, "w", encoding="utf-8") as f:
        for n in range(count):
            card = {"id": "c%05d" % n}
            roll = rng.random()
            if roll < 0.003:
                card["text"] = ""
            elif roll < 0.78:
                card["text"] = rng.choice(pool)
            else:
                card["text"] = rng.choice(pool) + "\n" + rng.choice(pool)
            card["chrome"] = rng.choice((24, 24, 32))
            if rng.random() < 0.08:
                card["image_aspect_ratio"] = rng.choice((1.25, 1.5, 16 / 9, 2.0))
            if rng.random() < 0.15:
                card["line_limit"] = rng.randint(1, 4)
            style = rng.random()
            if style < 0.06:
                card["size"] = rng.choice((13, 18))
            elif style < 0.09:
                card["weight"] = 700
            elif style < 0.11:
                card["italic"] = True
            tag = language(card["text"], languages)
            if tag:
                card["lang"] = tag
            f.write(json.dumps(card, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
