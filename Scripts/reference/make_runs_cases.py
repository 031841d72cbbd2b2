#!/usr/bin/env python3
"""Writes Corpus/cases/runs.jsonl: styled paragraphs shaped like feed cards,
ids run-00001...  Every case has "runs" (see Corpus/README.md): the block's
own fields are the style every run inherits, each run overrides some.

Bodies are texts of Corpus/texts/texts.jsonl and holdout-texts.jsonl (Latin,
Cyrillic, Greek, and the other scripts); names, handles, URLs, code and
labels below were written for Typometer (CC0). Categories:
- author-bold: an author's name in weight 700 (or 600), then " · " or a space
  or a hard break, then the body;
- link-mention: URLs and @mentions in weight 500 put between the body's words;
- inline-code: code spans in "Noto Sans Mono CJK SC" (size the block's, or
  one pt smaller) between the body's words;
- big-first-word: the first word at 1.5x or 2x the size;
- mixed-sizes: three to six runs of sizes 11-30 on the same lines;
- italic-phrase: two to five words in italic (sometimes bold italic);
- letter-spaced: a label or a word with letter spacing (-0.5, 0.2, 1, 2.5);
- script-runs: a phrase of another script (Arabic, Hebrew, Thai, Devanagari,
  CJK, emoji) in bold, italic or another size inside a Latin body, or a
  Latin name in bold before a body of another script;
- mid-word: run boundaries inside words (a bold or italic or larger part of a
  word; same-style boundaries such as A|V): no break may fall there;
- word-spacing: a run with word spacing (Pango 1.50 has none: error);
- card: author in bold, a mention, a link and inline code in one paragraph.
Block: family Inter, Noto Sans or Noto Serif (a font file in a fifth of the
inline-code, big-first-word and mixed-sizes cases, whose runs keep weight
and slant), size
11-17, width 120-480, limit none/2/3; seed 4242.

usage: python3 Scripts/reference/make_runs_cases.py
"""
import json
import os
import random

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = 4242
FAMILIES = ["Inter", "Noto Sans", "Noto Serif"]
FILES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [11, 13, 15, 17]
WIDTHS = [120, 160, 200, 260, 320, 400, 480]
LIMITS = [None, None, None, 2, 3]
LETTER_SPACINGS = [-0.5, 0.2, 1, 2.5]
MONO = "Noto Sans Mono CJK SC"

# Written for Typometer, CC0.
AUTHORS = ["Ada Park", "Zoë Müller", "Jonas Lindqvist", "María José Fernández", "Sam O'Neil",
           "Priya Raman", "Li Wei", "Kofi Mensah", "Ingrid Østergaard", "Tomás Ruiz",
           "Дарья Волкова", "Νίκος Παππάς", "Anh Nguyễn", "Wojciech Żółć", "Fatima Zahra",
           "A", "TheVeryLongUsernameWithoutSpaces", "dr. who", "Åsa Ek", "Kenji"]
AUTHORS_OTHER = ["محمد علي", "שירה כהן", "田中 さくら", "김민준", "สมชาย ใจดี", "प्रिया शर्मा",
                 "王小明", "نور 🌙"]
MENTIONS = ["@ada", "@zoe_mueller", "@jlindqvist", "@typometer", "@a", "@very_long_handle_2024",
            "@kofi.mensah", "@li"]
URLS = ["https://example.com", "https://example.org/blog/2024/05/31/shipping-typometer",
        "http://a.co/x", "https://docs.example.net/api/v2/reference?lang=en&page=3",
        "example.com/feed", "https://例え.jp/パス", "https://github.com/example/typometer/pull/1234"]
CODE = ["npm install", "git rebase -i HEAD~3", "x = f(y)", "let n = 0", "ls -la", "fi",
        "SELECT * FROM posts;", "pango_layout_set_width()", "a→b", "TODO", "0xFF", "{}",
        "ffi fl", "代码 ok"]
LABELS = ["NEW", "Sponsored", "LIVE", "Pinned", "BREAKING", "via", "EDITED", "Ad"]
OTHER = ["مرحبا بالعالم", "شكرا جزيلا", "שלום לכולם", "תודה רבה", "สวัสดีครับ", "ขอบคุณมาก",
         "नमस्ते दुनिया", "धन्यवाद", "你好世界", "ありがとうございます", "감사합니다", "🎉🎂",
         "👍", "🇯🇵 東京", "Ünïcödé", "ﬁne ﬂow"]
WORDS_SPLIT = ["AVATAR", "Typometer", "wonderful", "WAVE", "office", "affluent", "To", "Yesterday",
               "internationalization", "AWAY", "Ta", "LT", "fjord"]
BODY_CATS = {"english", "latin", "nbsp", "cyrillic", "greek", "numbers", "url-token", "combining",
             "de", "fr", "es", "it", "nl", "pl", "cs", "tr", "vi", "ru", "uk", "el", "fi", "hu",
             "pt_BR", "ca", "ro", "sk", "lt", "bg", "sr", "kk", "id"}
OTHER_CATS = {"arabic", "hebrew", "thai", "devanagari", "chinese", "japanese", "korean",
              "emoji", "mixed-direction", "ar", "he", "th", "hi", "ja", "zh_CN", "ko", "fa"}


# (id, runs, width, line limit): runs starting with a hard break (issue 34, item 6).
BREAK_RUNS = [
    ("br01", [{"text": "Hello"}, {"text": "\nWorld", "size": 30}], 300, None),
    ("br02", [{"text": "Hello"}, {"text": "\nWorld", "family": "Inter", "size": 30}], 300, None),
    ("br03", [{"text": "Hello"}, {"text": "\n\nWorld", "size": 30}], 300, None),
    ("br04", [{"text": "Hello world"}, {"text": "\nWorld", "size": 30}], 40, None),
    ("br05", [{"text": "Hello"}, {"text": "\n", "size": 30}, {"text": "World"}], 300, None),
    ("br07", [{"text": "Hello"}, {"text": "\nWorld", "size": 11}], 300, None),
    ("br08", [{"text": "Hello"}, {"text": "\nWorld", "family": "Noto Serif", "size": 22}], 300, None),
    ("br09", [{"text": "Priya Raman", "weight": 700}, {"text": "\nNew blog post is up.", "size": 24}], 200, 2),
    ("br10", [{"text": "Hello"}, {"text": "\nWorld again", "size": 30}], 300, 1),
    ("br11", [{"text": "Hi"}, {"text": "\n你好世界", "size": 20}], 300, None),
    ("br12", [{"text": "Notes: one two three"}, {"text": "\nfour", "size": 24}, {"text": "\nfive six"}], 90, None),
]


def main():
    rng = random.Random(SEED)
    texts = []
    for name in ("texts.jsonl", "holdout-texts.jsonl"):
        with open(os.path.join(REPO, "Corpus", "texts", name), encoding="utf-8") as f:
            texts += [json.loads(line) for line in f]
    bodies = [t for t in texts if t["category"] in BODY_CATS and " " in t["text"]]
    others = [t for t in texts if t["category"] in OTHER_CATS]
    cases = []

    def draw(n):
        return [rng.choice(bodies) for _ in range(n)]

    def add(runs, category, text_id, block=None):
        runs = [r for r in runs if r["text"]]
        # Neighbouring runs of the same style are one run.
        merged = []
        for r in runs:
            if merged and {k: v for k, v in merged[-1].items() if k != "text"} == \
                    {k: v for k, v in r.items() if k != "text"}:
                merged[-1] = dict(merged[-1], text=merged[-1]["text"] + r["text"])
            else:
                merged.append(dict(r))
        c = {"id": "run-%05d" % (len(cases) + 1), "text": "".join(r["text"] for r in merged)}
        c.update(block or base())
        c["runs"] = merged
        c["text_id"] = text_id
        c["category"] = category
        cases.append(c)

    def base(size=None, allow_file=False):
        # A font file only where no run asks for another weight or slant (a
        # file is one face: Chromium would embolden it, Pango take the
        # family's Bold file).
        b = {}
        if allow_file and rng.random() < 0.2:
            b["font"] = rng.choice(FILES)
        else:
            b["family"] = rng.choice(FAMILIES)
        b.update({"size": size or rng.choice(SIZES), "width": rng.choice(WIDTHS),
                  "line_limit": rng.choice(LIMITS)})
        return b

    def body_words(t, maxw=40):
        words = t["text"].split(" ")
        if len(words) > maxw:
            start = rng.randrange(0, len(words) - maxw)
            words = words[start:start + maxw]
        return words

    def interleave(words, inserts, style):
        """Runs: the words with each insert placed after a random word (a
        space either side), the inserts styled."""
        pos = sorted(rng.sample(range(len(words) + 1), min(len(inserts), len(words) + 1)))
        runs, last = [], 0
        for p, ins in zip(pos, inserts):
            chunk = " ".join(words[last:p])
            if chunk:
                runs.append({"text": chunk + " "})
            runs.append(dict(style, text=ins))
            if p < len(words):
                runs.append({"text": " "})
            last = p
        tail = " ".join(words[last:])
        if tail:
            runs.append({"text": tail})
        return runs

    for t in bodies + draw(60):
        sep = rng.choice([" · ", " ", "\n", ": "])
        w = rng.choice([700, 700, 600])
        add([{"text": rng.choice(AUTHORS), "weight": w}, {"text": sep + " ".join(body_words(t))}],
            "author-bold", t["id"])
    for t in rng.sample(others, 40):
        add([{"text": rng.choice(AUTHORS), "weight": 700}, {"text": " " + t["text"]}],
            "script-runs", t["id"])
    for t in rng.sample(others, 30):
        add([{"text": rng.choice(AUTHORS_OTHER), "weight": 700}, {"text": " · "},
             {"text": " ".join(body_words(rng.choice(bodies), 20))}], "script-runs", t["id"])
    for t in bodies + draw(60):
        ins = [rng.choice(MENTIONS + URLS) for _ in range(rng.randint(1, 3))]
        add(interleave(body_words(t), ins, {"weight": 500}), "link-mention", t["id"])
    for t in draw(200):
        b = base(allow_file=True)
        st = {"family": MONO}
        if rng.random() < 0.4:
            st["size"] = b["size"] - 1
        ins = [rng.choice(CODE) for _ in range(rng.randint(1, 2))]
        add(interleave(body_words(t), ins, st), "inline-code", t["id"], b)
    for t in draw(200):
        b = base(allow_file=True)
        words = body_words(t)
        f = rng.choice([1.5, 2])
        add([{"text": words[0], "size": b["size"] * f}, {"text": " " + " ".join(words[1:])}],
            "big-first-word", t["id"], b)
    for t in draw(200):
        words = body_words(t, 24)
        n = rng.randint(3, 6)
        cuts = sorted(rng.sample(range(1, len(words)), min(n - 1, len(words) - 1))) if len(words) > 1 else []
        runs, last = [], 0
        for cpos in cuts + [len(words)]:
            runs.append({"text": " ".join(words[last:cpos]) + (" " if cpos < len(words) else ""),
                         "size": rng.choice([11, 13, 15, 17, 22, 30])})
            last = cpos
        add(runs, "mixed-sizes", t["id"], base(allow_file=True))
    for t in draw(200):
        words = body_words(t)
        n = rng.randint(2, 5)
        i = rng.randrange(0, max(1, len(words) - n))
        st = {"italic": True} if rng.random() < 0.75 else {"italic": True, "weight": 700}
        runs = []
        if i:
            runs.append({"text": " ".join(words[:i]) + " "})
        runs.append(dict(st, text=" ".join(words[i:i + n])))
        if i + n < len(words):
            runs.append({"text": " " + " ".join(words[i + n:])})
        add(runs, "italic-phrase", t["id"])
    for t in draw(200):
        words = body_words(t)
        ls = rng.choice(LETTER_SPACINGS)
        if rng.random() < 0.5:
            add([{"text": rng.choice(LABELS), "letter_spacing": ls, "weight": rng.choice([400, 600])},
                 {"text": " " + " ".join(words)}], "letter-spaced", t["id"])
        else:
            add(interleave(words, [rng.choice(words)], {"letter_spacing": ls}), "letter-spaced", t["id"])
    for t in draw(200):
        words = body_words(t, 25)
        phrase = rng.choice(OTHER)
        st = rng.choice([{"weight": 700}, {"italic": True}, {"size": rng.choice([11, 22])}, {}])
        add(interleave(words, [phrase], st), "script-runs", t["id"])
    for t in draw(160):
        words = body_words(t, 20)
        w = rng.choice(WORDS_SPLIT)
        k = rng.randint(1, len(w) - 1)
        st = rng.choice([{"weight": 700}, {"italic": True}, {"size": 22}, {"letter_spacing": 1},
                         {"weight": 400}])  # weight 400: a boundary of no change
        i = rng.randrange(0, len(words) + 1)
        head = " ".join(words[:i])
        tail = " ".join(words[i:])
        add([{"text": (head + " " if head else "") + w[:k]}, dict(st, text=w[k:]),
             {"text": (" " + tail) if tail else ""}], "mid-word", t["id"])
    for t in draw(60):
        words = body_words(t)
        i = rng.randrange(0, len(words))
        add([{"text": " ".join(words[:i]) + " "}, {"text": " ".join(words[i:i + 4]),
                                                  "word_spacing": rng.choice([2, 8])},
             {"text": " " + " ".join(words[i + 4:])}], "word-spacing", t["id"])
    for t in draw(200):
        words = body_words(t, 25)
        runs = [{"text": rng.choice(AUTHORS), "weight": 700},
                {"text": " " + rng.choice(MENTIONS), "weight": 500}, {"text": "\n"}]
        runs += interleave(words, [rng.choice(URLS)], {"weight": 500})
        runs += [{"text": " "}, {"text": rng.choice(CODE), "family": MONO}]
        add(runs, "card", t["id"])

    # Issue 34, item 6 (written for Typometer, CC0): a run that starts with a
    # hard break, whose style the line that break ends takes in Chromium; each
    # in three blocks, after every drawn case so that those stay as they were.
    for text_id, runs, width, limit in BREAK_RUNS:
        for family, size in (("Noto Sans", 15), ("Noto Serif", 13), ("Inter", 17)):
            add(runs, "break-run", text_id,
                {"family": family, "size": size, "width": width, "line_limit": limit})

    with open(os.path.join(REPO, "Corpus", "cases", "runs.jsonl"), "w", encoding="utf-8") as f:
        for c in cases:
            f.write(jsonl_line(stated_language(c)))
    counts = {}
    for c in cases:
        counts[c["category"]] = counts.get(c["category"], 0) + 1
    print("runs: %d cases %s" % (len(cases), counts))


if __name__ == "__main__":
    main()
