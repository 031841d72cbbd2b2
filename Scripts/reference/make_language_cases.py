#!/usr/bin/env python3
"""Builds Corpus/cases/languages.jsonl: texts measured under a text's language
(issue 21). Each case may carry "language", a BCP 47 tag (absent: the default,
English): the page's `lang` in Chromium, the context language in Pango.

Languages: zh-Hans, zh-Hant, ja, ko, he, ar, th, hi and none (default).

Texts:
- from Corpus/texts/texts.jsonl and Corpus/texts/holdout-texts.jsonl, those in
  the scripts of these languages (Chinese, Japanese, Korean, Hebrew, Arabic,
  Persian, Pashto, Uyghur, Sorani, Thai, Hindi, Marathi, Nepali), the mixed
  texts, and a few Latin and emoji texts;
- short texts written for Typometer (CC0, WRITTEN below) that exercise
  language-dependent behaviour: CJK punctuation runs at line ends (Noto Sans CJK
  centres the punctuation of its TC/HK forms, so Chromium's text-spacing-trim
  differs between zh-Hans, zh-Hant and ja), wave dash U+301C and double hyphen
  U+30A0 between kana (ICU's line-break locale: ja breaks before them, en not),
  Han characters whose glyphs differ by region, and Han among other scripts.

Which texts each language gets (every text is measured in the same
(face, size, width, limit) combinations under each language it appears in, so
a difference between two languages comes from the language alone):
- CJK texts, mixed texts and the written texts: under all nine languages,
  in 2 combinations (written texts: 3, at widths around whole and half ems);
- texts of Hebrew, Arabic-script, Thai and Devanagari languages: 3 combinations
  under their own language and the default, the first of them under the
  other seven languages;
- Latin and emoji texts (a sample of 12): 1 combination under every language.

Faces Inter, Noto Sans, Noto Serif as primaries (the other bundled faces come
from fallback); sizes, widths and limits drawn like make_holdout.py, with a
fixed seed.

usage: python3 Scripts/reference/make_language_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 2121021
LANGUAGES = [None, "zh-Hans", "zh-Hant", "ja", "ko", "he", "ar", "th", "hi"]
FACES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [12, 14, 16, 19, 28, 40]
WIDTHS = [75, 100, 140, 200, 260, 400]
LIMITS = [None, 1, 2, 4]
# Written texts: sizes and widths in ems where a mark at a line's end fits
# only when it is set half-width, or a break before 〜/゠ decides the line.
W_SIZES = [16, 20, 24]
W_EMS = [2, 2.5, 2.55, 3, 3.5, 3.55, 4, 4.5, 4.55, 5, 5.5, 6]

# Texts in the script of one of LANGUAGES, by the text's "language" field.
OWN = {"zh_CN": "zh-Hans", "zh": "zh-Hans", "zh_TW": "zh-Hant", "ja": "ja", "ko": "ko", "he": "he",
       "ar": "ar", "fa": "ar", "ps": "ar", "ug": "ar", "ckb": "ar", "th": "th", "hi": "hi", "mr": "hi",
       "ne": "hi"}
CJK = {"zh-Hans", "zh-Hant", "ja", "ko"}
MIXED = {"mixed-direction", "mix"}
LATIN_SAMPLE = 12

# Written for Typometer, CC0: (id, category, text).
WRITTEN = [
    # CJK punctuation at line ends and in runs (text-spacing-trim, regional glyphs).
    ("lw01", "punct", "一二三，四五六。七八九、十"),
    ("lw02", "punct", "我们说：「你好」，然后（笑）。"),
    ("lw03", "punct", "他說：「你好」，然後（笑）。"),
    ("lw04", "punct", "「東京」、「大阪」。（比較）"),
    ("lw05", "punct", "今日は、晴れ。明日は（たぶん）雨。"),
    ("lw06", "punct", "一二三。"),
    ("lw07", "punct", "一二三，"),
    ("lw08", "punct", "一二三、四五"),
    ("lw09", "punct", "一二」。四五"),
    ("lw10", "punct", "這是「測試」。那是（範例）。"),
    ("lw11", "punct", "你好，世界。你好，世界。你好！"),
    ("lw12", "punct", "一二三）」。四五六"),
    ("lw13", "punct", "（一）（二）（三）「四」『五』"),
    ("lw14", "punct", "一二三：四五六；七八九？十！"),
    ("lw15", "punct", "ABC，DEF。GHI、JKL"),
    ("lw16", "punct", "他说：“我们走吧。”然后‘笑’了。"),
    ("lw17", "punct", "한국어，문장。그리고「인용」。"),
    ("lw31", "punct", "「はい。」「いいえ。」「はい。」"),
    ("lw32", "punct", "他說：「好。」然後走了。「對。」"),
    ("lw33", "punct", "「一」、「二」、「三」。（四）、"),
    ("lw34", "punct", "一二。」三四、「五六。」七八"),
    # Wave dash and double hyphen between kana (ICU line-break locale).
    ("lw18", "kana", "アイウ〜エオカ〜キク"),
    ("lw19", "kana", "カタカナ゠ヒラガナ゠テスト"),
    ("lw20", "kana", "ああ〜いい〜うう〜ええ〜おお"),
    ("lw21", "kana", "東京〜大阪〜京都〜奈良"),
    ("lw22", "kana", "コーヒー゠カップ゠セット"),
    ("lw23", "kana", "十時〜十二時まで、会議〜昼食。"),
    ("lw24", "kana", "キャッシュ・メモリー、ショッピング"),
    ("lw25", "kana", "人々、時々、色々、ゝゞヽヾ"),
    # Han whose glyphs differ by region; Han among other scripts.
    ("lw26", "han", "直骨角今令化次海写画遍述歩清青具真説"),
    ("lw27", "han", "门关说话误边过还这"),
    ("lw28", "han", "Version 3 版本 バージョン 버전 גרסה"),
    ("lw29", "han", "漢字 한자 かんじ Kanji ตัวอักษร हिन्दी"),
    ("lw30", "han", "東京 2024 — 北京（首都）, 서울 🙂"),
]


def combos(rng, count):
    seen = []
    while len(seen) < count:
        c = (rng.choice(FACES), rng.choice(SIZES), rng.choice(WIDTHS), rng.choice(LIMITS))
        if c not in seen:
            seen.append(c)
    return seen


def written_combos(rng, count):
    seen = []
    while len(seen) < count:
        size = rng.choice(W_SIZES)
        c = (rng.choice(FACES), size, round(size * rng.choice(W_EMS), 2), rng.choice([None, None, 1, 2]))
        if c not in seen:
            seen.append(c)
    return seen


def main():
    texts = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            texts += [json.loads(l) for l in f if l.strip()]
    rng = random.Random(SEED)
    latin = [t for t in texts if t["category"] in ("latin", "english", "emoji")]
    latin = rng.sample(latin, LATIN_SAMPLE)
    latin_ids = {t["id"] for t in latin}
    # (text record, {language: combos})
    plan = []
    for t in texts:
        own = OWN.get(t["language"])
        if t["category"] in MIXED or own in CJK:
            cs = combos(rng, 2)
            plan.append((t, {lang: cs for lang in LANGUAGES}))
        elif own is not None:
            cs = combos(rng, 3)
            plan.append((t, {lang: (cs if lang in (None, own) else cs[:1]) for lang in LANGUAGES}))
        elif t["id"] in latin_ids:
            cs = combos(rng, 1)
            plan.append((t, {lang: cs for lang in LANGUAGES}))
    for wid, category, text in WRITTEN:
        cs = written_combos(rng, 3)
        plan.append(({"id": wid, "category": "written-" + category, "text": text},
                     {lang: cs for lang in LANGUAGES}))
    cases = []
    for lang in LANGUAGES:
        for t, per in plan:
            for face, size, width, limit in per[lang]:
                case = {"id": "lang-%05d" % (len(cases) + 1), "text": t["text"], "font": face, "size": size,
                        "width": width, "line_limit": limit}
                if lang is not None:
                    case["language"] = lang
                case["text_id"] = t["id"]
                case["category"] = t["category"]
                cases.append(case)
    with open(os.path.join(REPO, "Corpus", "cases", "languages.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(stated_language(case)))
    counts = {}
    for c in cases:
        counts[c.get("language", "default")] = counts.get(c.get("language", "default"), 0) + 1
    print("languages: %d texts, %d cases: %s" % (len(plan), len(cases), counts))


if __name__ == "__main__":
    main()
