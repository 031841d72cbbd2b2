#!/usr/bin/env python3
"""SkParagraph (Skia's paragraph layout, through skia-python) over a feed.

typometer-bench runs this in the same run as its own rows, on the same feed,
font and width:

    python3 Benchmarks/SkParagraph/skparagraph_pass.py --fonts Fonts --size 15 \
        --width 320 --runs 3 FEED.jsonl

Each run lays out every post of the feed (`{"text": ...}` per line) with a
fresh FontCollection (SkParagraph caches whole paragraphs per collection, so a
second run over the same posts would only hit that cache): a ParagraphBuilder,
one style, the text, Build, layout(width), Height. Fonts: every face in
--fonts registered with a TypefaceFontProvider, the style naming Noto Sans and
then the bundled fallback families, so no system font takes part. One run is
a warm-up. Writes one JSON line per timed run, {"run":N,"seconds":S,
"posts":P,"height_sum":H}, or {"skipped":"why"} when skia-python is missing.
"""
import argparse
import glob
import json
import os
import sys
import time

FAMILIES = [
    "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
    "Noto Sans Devanagari", "Noto Sans CJK JP", "Noto Color Emoji",
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fonts", required=True)
    parser.add_argument("--size", type=float, default=15)
    parser.add_argument("--width", type=float, default=320)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("feed")
    arguments = parser.parse_args()
    try:
        import skia
    except ImportError:
        print(json.dumps({"skipped": f"skia-python is not installed for {sys.executable}: "
                                     "pip install skia-python"}, separators=(",", ":")))
        return
    layout = skia.textlayout
    with open(arguments.feed, encoding="utf-8") as feed:
        posts = [json.loads(line)["text"] for line in feed if line.strip()]

    provider = layout.TypefaceFontProvider()
    for path in sorted(glob.glob(os.path.join(arguments.fonts, "*.tt[fc]")) +
                       glob.glob(os.path.join(arguments.fonts, "*.otf"))):
        typeface = skia.Typeface.MakeFromFile(path)
        if typeface is not None:
            provider.registerTypeface(typeface)
    style = layout.TextStyle()
    style.setFontFamilies(FAMILIES)
    style.setFontSize(arguments.size)
    paragraph_style = layout.ParagraphStyle()
    paragraph_style.setTextStyle(style)
    unicode = skia.Unicode()
    width = arguments.width

    for run in range(-1, arguments.runs):
        collection = layout.FontCollection()
        collection.setDefaultFontManager(provider)
        height_sum = 0.0
        start = time.perf_counter()
        for text in posts:
            builder = layout.ParagraphBuilder(paragraph_style, collection, unicode)
            builder.pushStyle(style)
            builder.addText(text)
            paragraph = builder.Build()
            paragraph.layout(width)
            height_sum += paragraph.Height
        seconds = time.perf_counter() - start
        if run >= 0:
            print(json.dumps({"run": run, "seconds": seconds, "posts": len(posts), "height_sum": height_sum},
                             separators=(",", ":")),
                  flush=True)


if __name__ == "__main__":
    main()
