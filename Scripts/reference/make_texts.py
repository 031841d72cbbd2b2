#!/usr/bin/env python3
"""Builds Corpus/texts/texts.jsonl: the texts of the fidelity corpus.

Two kinds of text:
  * real translated sentences taken from gettext catalogues (.mo files) that
    Debian packages install under /usr/share/locale (the translations carry
    the licence of their package, recorded per text with the package name and
    the msgid's catalogue), and English paragraphs of the GPL-3 text from
    /usr/share/common-licenses (verbatim copying is permitted);
  * texts written for Typometer (licence CC0-1.0), for what catalogues do not
    carry: social-media posts, emoji, URLs, numbers, special spaces...

The committed texts.jsonl is the source of truth (a fresh machine may lack
these catalogues); this script documents and reproduces how it was made on
Debian 12 with the packages listed in DOMAINS installed.  Selection is
deterministic (sorted by SHA-1 of the text).

Each line: {"id","category","language","source","license","text"}.
"""
import gettext
import glob
import hashlib
import json
import os
import re
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "Corpus", "texts", "texts.jsonl")
CC0 = "CC0-1.0"
MINE = "written for Typometer, CC0"

# gettext domain -> (Debian package, licence of the package and its translations)
DOMAINS = {
    "gtk30": ("libgtk-3-common", "LGPL-2.1-or-later"),
    "gtk30-properties": ("libgtk-3-common", "LGPL-2.1-or-later"),
    "gtk20": ("libgtk2.0-common", "LGPL-2.0-or-later"),
    "glib20": ("libglib2.0-data", "LGPL-2.1-or-later"),
    "apt": ("apt", "GPL-2.0-or-later"),
    "libapt-pkg6.0": ("libapt-pkg6.0", "GPL-2.0-or-later"),
    "dpkg": ("dpkg", "GPL-2.0-or-later"),
    "coreutils": ("coreutils", "GPL-3.0-or-later"),
    "grep": ("grep", "GPL-3.0-or-later"),
    "PackageKit": ("packagekit", "GPL-2.0-or-later"),
    "appstream": ("appstream", "LGPL-2.1-or-later"),
    "software-properties": ("software-properties-common", "GPL-2.0-or-later"),
    "libpq5-15": ("libpq5", "PostgreSQL"),
    "git": ("git", "GPL-2.0-only"),
    "gnupg2": ("gnupg-l10n", "GPL-3.0-or-later"),
    "libsecret": ("libsecret-common", "LGPL-2.1-or-later"),
    "Linux-PAM": ("libpam-runtime", "BSD-3-Clause OR GPL-2.0-or-later"),
    "avahi": ("libavahi-common-data", "LGPL-2.1-or-later"),
    "diffutils": ("diffutils", "GPL-3.0-or-later"),
    "findutils": ("findutils", "GPL-3.0-or-later"),
}
BAD = re.compile(r"[%<>_${}\\\t|]|https?:|--|\.\.\.|^\s|\s$|  ")


def h(s):
    return hashlib.sha1(s.encode("utf-8")).hexdigest()


def catalog(lang):
    out = []
    for dom in sorted(DOMAINS):
        f = "/usr/share/locale/%s/LC_MESSAGES/%s.mo" % (lang, dom)
        if not os.path.exists(f):
            continue
        if lang == "he" and dom == "sed":
            continue  # visual-order Hebrew, not logical
        try:
            t = gettext.GNUTranslations(open(f, "rb"))
        except Exception:
            continue
        for k, v in t._catalog.items():
            if isinstance(k, tuple):
                k = k[0]
            if isinstance(v, str) and v and k and v != k:
                out.append((dom, k, v))
    return out


def pick(lang, n, lo=40, hi=400, need=None, allow_nl=False, seen=None):
    cands = []
    for dom, k, v in catalog(lang):
        t = v.strip("\n") if not allow_nl else v
        if not (lo <= len(t) <= hi):
            continue
        if BAD.search(t.replace("\n", "")) or (not allow_nl and "\n" in t):
            continue
        if need and not re.search(need, t):
            continue
        if seen is not None and t in seen:
            continue
        cands.append((h(t), dom, k, t))
    cands.sort()
    res = []
    # spread lengths: alternate short and long candidates
    short = [c for c in cands if len(c[3]) < 110]
    long_ = [c for c in cands if len(c[3]) >= 110]
    while len(res) < n and (short or long_):
        for pool in (short, long_):
            if pool and len(res) < n:
                res.append(pool.pop(0))
    for _, dom, k, t in res:
        if seen is not None:
            seen.add(t)
    return [(dom, k, t) for _, dom, k, t in res]


texts = []


def add(category, language, text, source=MINE, license=CC0):
    texts.append({"id": "t%03d" % (len(texts) + 1), "category": category,
                  "language": language, "source": source, "license": license,
                  "text": text})


def add_mo(category, lang, picked):
    for dom, k, t in picked:
        pkg, lic = DOMAINS[dom]
        add(category, lang, t, "Debian package %s, /usr/share/locale/%s/LC_MESSAGES/%s.mo "
            "(translation of msgid %r)" % (pkg, lang, dom, k[:60]), lic)


# ---------------------------------------------------------------- English posts
EN = [
    "Good morning!",
    "New blog post is up.",
    "Can't believe it's already Friday.",
    "Coffee first, then emails, then maybe the world.",
    "Shipped the new release today. Huge thanks to everyone who tested the beta and sent feedback.",
    "Rain all day, so we stayed in, baked bread and finally finished that thousand-piece puzzle.",
    "Reminder: the community meetup moves to the library's second floor next week. Same time, bigger room, better chairs.",
    "Just finished a long walk along the river this morning and the light was perfect, so I took far too many photos of the old bridge before coffee. Sharing a few later today.",
    "Hot take: the best part of any conference is the hallway track. The talks are recorded; the conversations are not. Go talk to the person standing alone by the coffee urn.",
    "We are hiring! Looking for a backend engineer who enjoys databases, careful code review and writing things down. Remote friendly, four-day week, kind people. Details in the link below.",
    "Thread on what I learned moving a ten-year-old app to a new framework: estimates are always wrong, tests are worth more than you think, and the migration is never just technical. Teams need time to learn, to grieve the old patterns and to trust the new ones.",
    "Today our little library turned five. When we started, it was a shelf in a cafe and a notebook for loans. Now there are three thousand books, a reading club every Tuesday, homework help for kids and a repair corner where neighbours fix lamps, bikes and toasters together. Thank you to every volunteer, donor and reader who made this happen. Come by on Saturday for cake and a very short speech.",
    "Does anyone know why my sourdough starter smells like nail polish remover?",
    "Train delayed again. Forty minutes on the platform with no announcement and no heating.",
    "Long read, but worth it: a careful look at how small towns are rebuilding their high streets after the pandemic, with interviews from shop owners, planners and residents who refused to give up on the place they love. The photos alone are worth the click.",
    "Ok.",
    "Three things that made my week: a letter from an old friend, the first tomatoes from the balcony, and finally understanding how monads work (for about ten minutes).",
    "PSA: back up your photos. Not tomorrow, today. My laptop died this morning and I lost two months of pictures because I kept saying I would do it later. Learn from my mistakes, friends.",
    "I have been thinking about how we measure progress in software teams. Story points, velocity, lines of code, tickets closed: all of them are easy to count and easy to game. The things that matter most, like whether the product got simpler to change, whether people trust each other enough to ask for help, and whether users actually solved their problems, are slow and messy to observe. Maybe that is the point. Maybe the job of a lead is to keep looking at the messy things even when the dashboard looks green, and to protect the time people need to do careful work.",
    "Sunset from the ferry tonight.",
]
for t in EN:
    add("english", "en", t)

# GPL-3 preamble paragraphs (verbatim copying permitted)
try:
    gpl = open("/usr/share/common-licenses/GPL-3", encoding="utf-8").read()
    paras = [re.sub(r"\s+", " ", p).strip() for p in gpl.split("\n\n")]
    paras = [p for p in paras if 150 <= len(p) <= 700][:4]
    for p in paras:
        add("english", "en", p, "GNU General Public License v3 text, "
            "/usr/share/common-licenses/GPL-3 (Debian package base-files)",
            "verbatim copying permitted (GPL-3 licence text)")
except OSError:
    pass

seen = set()
# ------------------------------------------------------- other Latin languages
for lang in ("fr", "de", "es", "vi", "pl", "tr", "it", "pt_BR", "nl", "cs", "sv", "ro"):
    add_mo("latin", lang, pick(lang, 3, seen=seen))
add_mo("nbsp", "fr", pick("fr", 4, need="[\u00a0\u202f]", seen=seen))
# ----------------------------------------------------------- Cyrillic / Greek
for lang in ("ru", "uk", "bg", "sr"):
    add_mo("cyrillic", lang, pick(lang, 3, seen=seen))
add_mo("greek", "el", pick("el", 5, seen=seen))
# ------------------------------------------------------------------------ CJK
add_mo("chinese", "zh_CN", pick("zh_CN", 5, lo=15, need="[\u4e00-\u9fff]", seen=seen))
add_mo("chinese", "zh_TW", pick("zh_TW", 3, lo=15, need="[\u4e00-\u9fff]", seen=seen))
add_mo("japanese", "ja", pick("ja", 7, lo=20, need="[、。「」]", seen=seen))
add_mo("korean", "ko", pick("ko", 6, lo=20, seen=seen))
# --------------------------------------------------------------- RTL scripts
add_mo("arabic", "ar", pick("ar", 6, need="^[^A-Za-z]*$", seen=seen))
add_mo("arabic", "fa", pick("fa", 2, need="^[^A-Za-z]*$", seen=seen))
add_mo("hebrew", "he", pick("he", 6, need="^[^A-Za-z]*$", seen=seen))
add_mo("mixed-direction", "ar", pick("ar", 4, need="^(?=.*[\u0600-\u06ff])(?=.*[A-Za-z]{3,})", seen=seen))
add_mo("mixed-direction", "he", pick("he", 4, need="^(?=.*[\u0590-\u05ff])(?=.*[A-Za-z]{3,})", seen=seen))
# ------------------------------------------------------- Thai and Devanagari
add_mo("thai", "th", pick("th", 7, lo=25, seen=seen))
add_mo("devanagari", "hi", pick("hi", 5, seen=seen))
add_mo("devanagari", "mr", pick("mr", 2, seen=seen))
add_mo("devanagari", "ne", pick("ne", 2, seen=seen))
# ---------------------------------------------------- hard breaks (real ones)
for lang in ("en", "de", "ja", "ru"):
    got = [p for p in pick(lang if lang != "en" else "en_GB", 1, lo=40, hi=300,
                           need="\\S\n\\S", allow_nl=True, seen=seen)]
    add_mo("hard-breaks", lang, got)

# ------------------------------------------------------ written for Typometer
MIXED = [
    "The Arabic word كتاب (kitāb) means book, and مكتبة means library.",
    "Meeting notes: שלום לכולם was the opening line, then we discussed the Q3 roadmap.",
    "قال المدير: \"We ship on Monday\" ثم غادر الاجتماع مبكرا.",
    "הזמנתי iPhone 15 ו-AirPods מהחנות ב-12 במרץ, המשלוח יגיע תוך 3 ימים.",
]
for t in MIXED:
    add("mixed-direction", "mul", t)

EMOJI = [
    "Family day 👨‍👩‍👧‍👦 at the beach 🏖️",
    "Congrats to the team! 🎉🎉🎉",
    "Trip recap: 🇫🇷 → 🇩🇪 → 🇨🇭 → 🇮🇹 in ten days 🚆",
    "Thanks everyone 👍🏽👍🏿👍🏻 for the support",
    "Rate your week: 1️⃣ 2️⃣ 3️⃣ 4️⃣ 5️⃣",
    "🔥🔥🔥",
    "Love is love 👩‍❤️‍👩 👨‍❤️‍👨 🏳️‍🌈",
    "New hire onboarding ✅ laptop ✅ badge ✅ coffee ☕ not yet ❌",
    "Weather today: ☀️ then 🌧️ then ⛈️ then ☀️ again. Classic.",
    "👩🏽‍💻 coding late again, send snacks 🍕🍩",
    "Dinner was 😋😋 and dessert was 🤯",
    "Press #️⃣ then *️⃣ then 0️⃣ to reach a human ☎️",
    "🧑‍🚀 🧑🏾‍🍳 🧑🏻‍🎨 🧑🏿‍🔬 🧑🏼‍🏫",
]
for t in EMOJI:
    add("emoji", "en", t)

URLS = [
    "Read the full story at https://example.com/some/long/path?query=1",
    "https://www.example.org/articles/2024/05/typography-and-line-breaking-in-browsers.html#section-3",
    "Docs: https://docs.example.net/v2/reference/api/endpoints/users/{id}/preferences?lang=en&format=json",
    "Download checksum sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "Supercalifragilisticexpialidocious",
    "Pneumonoultramicroscopicsilicovolcanoconiosis is the longest word in many English dictionaries.",
    "Follow #TypographyMatters2024 and @very_long_username_for_testing_breaks",
    "Contact jane.doe+newsletter@subdomain.example.co.uk for press inquiries.",
    "Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz",
    "git clone git@github.example.com:organisation/repository-with-a-long-name.git",
]
for t in URLS:
    add("url-token", "en", t)

BREAKS = [
    "First line\nSecond line",
    "Dear team,\n\nThe office is closed on Monday.\n\nBest,\nSam",
    "Shopping list:\n- eggs\n- milk\n- bread\n",
    "Line one\r\nLine two\r\nLine three",
    "Ends with a blank line\n\n",
    "\nStarts with a newline",
    "Roses are red\nViolets are blue\nText wraps on screens\nAnd so should you",
    "Poem\n\n\nwith three blank lines",
]
for t in BREAKS:
    add("hard-breaks", "en", t)

NUMBERS = [
    "Revenue grew 12.5% to $1,299,000.00 in Q3 2024 (vs. $1,154,670.45).",
    "Call +1 (555) 123-4567 ext. 890 between 09:00–17:30 CET.",
    "Version 3.14.159-rc.2 fixes issues #1024, #2048 and #4096.",
    "Temperature: −12 °C / 10.4 °F; wind 35 km/h; humidity 87%.",
    "Order #A-2024-00017 shipped on 2024-05-12T14:30:00Z.",
    "1,000,000 + 2,500,000 = 3,500,000; 3.5 × 10⁶ ≈ π × 1.114 × 10⁶",
]
for t in NUMBERS:
    add("numbers", "en", t)

SPECIAL = [
    "Prices from 100\u00a0km to 200\u00a0km and 300\u00a0km to 400\u00a0km.",
    "Il a dit\u00a0: «\u00a0Bonjour\u00a0!\u00a0» Puis il est parti\u00a0?",
    "Long\u200bcompound\u200bwith\u200bzero\u200bwidth\u200bspace\u200bbreak\u200bopportunities",
    "extra\u00adordinary in\u00adcompre\u00adhensi\u00adbility of hyphen\u00adation",
    "Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschafts\u00adkapitän",
    "Mr.\u00a0Smith met Dr.\u00a0Jones at 10\u00a0a.m. on 5\u00a0May.",
    "Zero\u2060width\u2060joiner\u2060test and narrow\u202fno-break\u202fspaces.",
]
for t in SPECIAL:
    add("special-spaces", "mul", t)

COMBINING = [
    "Cafe\u0301, re\u0301sume\u0301, nai\u0308ve and Zo\u0308e (decomposed accents)",
    "Tie\u0302\u0301ng Vie\u0323\u0302t vie\u0302\u0301t ba\u0306\u0300ng da\u0302\u0301u thanh to\u0302\u0309 ho\u031b\u0323p",
    "Z\u0351\u0352\u0357a\u0300\u0301\u0302\u0303\u0304l\u0305\u0306\u0307\u0308g\u0309\u030a\u030bo\u030c\u030d\u030e text is here",
    "H\u0336e\u0336l\u0336l\u0336o\u0336 strikethrough with combining long stroke",
    "a\u0308\u0301\u0323 o\u0302\u0303\u0309 u\u031b\u0300\u0323 stacked marks",
    "\u0928\u092e\u0938\u094d\u0924\u0947 and \u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f conjuncts in a Latin sentence",
]
for t in COMBINING:
    add("combining", "mul", t)

SHORT_SCRIPT = [
    ("chinese", "zh", "今天天气很好，我们一起去公园散步吧！"),
    ("japanese", "ja", "「ありがとう。」と彼女は言った。今日は、とても良い一日でした。"),
    ("korean", "ko", "오늘 점심 뭐 먹을까요? 저는 김치찌개가 좋아요."),
    ("thai", "th", "วันนี้อากาศดีมากเราไปเดินเล่นที่สวนสาธารณะด้วยกัน"),
    ("arabic", "ar", "صباح الخير! كيف حالك اليوم؟"),
    ("hebrew", "he", "בוקר טוב! מה שלומך היום?"),
    ("devanagari", "hi", "आज मौसम बहुत अच्छा है, चलो पार्क में घूमने चलते हैं।"),
    ("cyrillic", "ru", "Доброе утро! Сегодня отличная погода для прогулки по парку."),
    ("greek", "el", "Καλημέρα! Σήμερα ο καιρός είναι υπέροχος για βόλτα."),
]
for cat, lang, t in SHORT_SCRIPT:
    add(cat, lang, t)


def jsonl_line(obj):
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    for ch in "\u2028\u2029\u0085":
        s = s.replace(ch, "\\u%04x" % ord(ch))
    return s + "\n"


os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, "w", encoding="utf-8") as f:
    for t in texts:
        f.write(jsonl_line(t))
cats = {}
for t in texts:
    cats[t["category"]] = cats.get(t["category"], 0) + 1
print("texts: %d -> %s" % (len(texts), OUT))
print(" ".join("%s=%d" % kv for kv in sorted(cats.items())))
