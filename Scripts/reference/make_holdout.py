#!/usr/bin/env python3
"""Builds the holdout set: Corpus/texts/holdout-texts.jsonl and
Corpus/cases/holdout.jsonl.

Texts Typometer was not tuned on, to check that it holds for the general
case: up to 6 real translated messages in each of 60 languages (scripts
with and without a bundled face) from gettext catalogues that
Scripts/reference/make_texts.py does not use, plus 10 mixed texts written
for Typometer (CC0). Cases draw face, size, width and line limit from values
the main matrix does not use (sizes 12..40, widths 75..400, limits
none/1/2/4), 12 per text, with a fixed seed.

Like texts.jsonl, the committed holdout-texts.jsonl is the source of truth;
this script documents how it was made on Debian 12 with the packages listed
in DOMAINS installed. Selection is deterministic (sorted by SHA-1 of the
text).

usage: python3 Scripts/reference/make_holdout.py
"""
import gettext
import hashlib
import json
import os
import random
import re

from make_cases import jsonl_line, stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CC0 = "CC0-1.0"
MINE = "written for Typometer, CC0"

# gettext domain -> (Debian package, licence of the package and its translations)
DOMAINS = {
    "shared-mime-info": ("shared-mime-info", "GPL-2.0-or-later"),
    "gdk-pixbuf": ("libgdk-pixbuf2.0-common", "LGPL-2.1-or-later"),
    "system-config-printer": ("system-config-printer-common", "GPL-2.0-or-later"),
    "xdg-user-dirs": ("xdg-user-dirs", "GPL-2.0-or-later"),
    "python-apt": ("python-apt-common", "GPL-2.0-or-later"),
    "gsettings-desktop-schemas": ("gsettings-desktop-schemas", "LGPL-2.1-or-later"),
    "at-spi2-core": ("at-spi2-common", "LGPL-2.1-or-later"),
    "notification-daemon": ("notification-daemon", "GPL-2.0-or-later"),
    "gtk30-properties": ("libgtk-3-common", "LGPL-2.1-or-later"),
    "PackageKit": ("packagekit", "GPL-2.0-or-later"),
    "Linux-PAM": ("libpam-runtime", "BSD-3-Clause OR GPL-2.0-or-later"),
    "software-properties": ("software-properties-common", "GPL-2.0-or-later"),
    "libsecret": ("libsecret-common", "LGPL-2.1-or-later"),
    "appstream": ("appstream", "LGPL-2.1-or-later"),
}
LANGS = ["vi", "bn", "ta", "ka", "hy", "fa", "ur", "ja", "zh_CN", "zh_TW", "ko", "th", "hi", "mr", "ne",
         "ar", "he", "el", "ru", "uk", "pl", "tr", "de", "fr", "es", "pt_BR", "lo", "km", "my", "si", "am",
         "gu", "pa", "te", "kn", "ml", "or", "sr", "bg", "kk", "ug", "cs", "fi", "hu", "ro", "nl", "it",
         "ca", "eu", "gl", "lt", "lv", "et", "sk", "sl", "id", "ms", "tl", "sw", "ky", "mn", "ps", "dz",
         "bo", "ckb"]
BAD = re.compile(r"[%<>_${}\\\t|]|https?:|\.\.\.|^\s|\s$|  ")
MIXED = [
    "「東京」と『大阪』の（比較）について、話しましょう。「はい」、そうです！",
    "他说：“我们明天去北京（首都）吧。”然后，他走了。",
    "Café ☕️ + croissant 🥐 = ❤️‍🔥 — #Paris 🇫🇷 @ 8:00 a.m.",
    "The price is $1,234.56 (≈ €1.100,00) — see https://example.com/a/very/long/path?x=1&y=2 for details.",
    "שלום! Version 3.2.1 (בטא) released on 2024-05-31 — עדכון 👍",
    "مرحبا 123 بالعالم (test) — اختبار ٤٥٦!",
    "Tab\there\tand\tthere, then a line\nbreak and\n\ntwo more.",
    "Ελληνικά και English μαζί: «καλημέρα», “good morning”.",
    "Việt Nam: Tiếng Việt có dấu — xin chào thế giới!",
    "한국어 문장입니다. (괄호) 그리고 “인용”도 있습니다.",
]
FACES = ["Fonts/Inter-Regular.otf", "Fonts/NotoSans-Regular.ttf", "Fonts/NotoSerif-Regular.ttf"]
SIZES = [12, 14, 16, 19, 28, 40]
WIDTHS = [75, 100, 140, 200, 260, 400]
LIMITS = [None, 1, 2, 4]
PER_TEXT = 12


def main():
    with open(os.path.join(REPO, "Corpus", "texts", "texts.jsonl"), encoding="utf-8") as f:
        existing = {json.loads(l)["text"] for l in f if l.strip()}
    texts = []
    for lang in LANGS:
        cands = {}
        for dom in DOMAINS:
            path = "/usr/share/locale/%s/LC_MESSAGES/%s.mo" % (lang, dom)
            if not os.path.exists(path):
                continue
            try:
                catalog = gettext.GNUTranslations(open(path, "rb"))._catalog
            except Exception:
                continue
            for k, v in catalog.items():
                if isinstance(k, tuple):
                    k = k[0]
                if (isinstance(v, str) and v and v != k and 15 <= len(v) <= 400 and not BAD.search(v)
                        and v not in existing and "\n" not in v and v not in cands):
                    cands[v] = (dom, k, path)
        for v in sorted(cands, key=lambda s: hashlib.sha1(s.encode()).hexdigest())[:6]:
            dom, k, path = cands[v]
            package, licence = DOMAINS[dom]
            texts.append({"category": lang, "language": lang,
                          "source": "Debian package %s, %s (translation of msgid %r)" % (package, path, k[:60]),
                          "license": licence, "text": v})
    for text in MIXED:
        texts.append({"category": "mix", "language": "mul", "source": MINE, "license": CC0, "text": text})
    for number, text in enumerate(texts, 1):
        text["id"] = "h%03d" % number
    rng = random.Random(7)
    cases = []
    for text in texts:
        for _ in range(PER_TEXT):
            cases.append({"id": "hold-%05d" % (len(cases) + 1), "text": text["text"], "font": rng.choice(FACES),
                          "size": rng.choice(SIZES), "width": rng.choice(WIDTHS),
                          "line_limit": rng.choice(LIMITS), "text_id": text["id"], "category": text["category"]})
    with open(os.path.join(REPO, "Corpus", "texts", "holdout-texts.jsonl"), "w", encoding="utf-8") as f:
        for text in texts:
            f.write(jsonl_line({k: text[k] for k in ("id", "category", "language", "source", "license", "text")}))
    with open(os.path.join(REPO, "Corpus", "cases", "holdout.jsonl"), "w", encoding="utf-8") as f:
        for case in cases:
            f.write(jsonl_line(stated_language(case)))
    print("holdout: %d texts, %d cases" % (len(texts), len(cases)))


if __name__ == "__main__":
    main()
