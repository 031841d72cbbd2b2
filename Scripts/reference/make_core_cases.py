#!/usr/bin/env python3
"""Writes Corpus/cases/core.jsonl: hand-picked behaviour cases, each with a note.

All texts here were written for Typometer (CC0).  Run from anywhere:
    python3 Scripts/reference/make_core_cases.py
"""
import json
import os

from make_cases import stated_language

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SANS = "Fonts/NotoSans-Regular.ttf"
SERIF = "Fonts/NotoSerif-Regular.ttf"
INTER = "Fonts/Inter-Regular.otf"

POST = ("Just finished a long walk along the river this morning and the light was "
        "perfect, so I took far too many photos of the old bridge before coffee. "
        "Sharing a few later today.")  # 30 words
LONG = (POST + " ") * 4
cases = []


def jsonl_line(obj):
    """Compact JSON, UTF-8, with line/paragraph separators and NEL escaped so
    that readers splitting on any Unicode newline still see one case a line."""
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    for ch in "\u2028\u2029\u0085\u000b\u000c\u001c\u001d\u001e":
        s = s.replace(ch, "\\u%04x" % ord(ch))
    return s + "\n"


def add(note, text, font=SANS, size=15, width=320, limit=None):
    cases.append({"id": "core-%04d" % (len(cases) + 1), "text": text, "font": font,
                  "size": size, "width": width, "line_limit": limit, "note": note})


# --- the basic post, widths, sizes, faces
add("30-word English post, Noto Sans 15px at 320px (the reference case)", POST)
for w in (60, 120, 200, 240, 280, 375, 480, 640):
    add("30-word post, Noto Sans 15px, width %d" % w, POST, width=w)
for s in (11, 13, 17, 20, 24, 32, 53):
    add("30-word post, Noto Sans size %d at 320px" % s, POST, size=s)
for font, name in ((INTER, "Inter"), (SERIF, "Noto Serif")):
    for s, w in ((15, 320), (11, 320), (53, 320), (15, 200), (20, 480)):
        add("30-word post, %s %dpx at %dpx" % (name, s, w), POST, font=font, size=s, width=w)
add("single short line, Noto Sans 15px: expect one line, 20px in Chromium", "Hello world")
add("single short line, Inter 15px: one line (19px in Chromium)", "Hello world", font=INTER)
add("single short line, Noto Serif 15px", "Hello world", font=SERIF)

# --- scripts
add("Arabic paragraph (fallback Noto Sans Arabic, RTL)",
    "مرحبا بكم جميعا، هذا نص تجريبي قصير باللغة العربية لاختبار التفاف الأسطر وقياس ارتفاع النص في المتصفح.")
add("Arabic paragraph at narrow width 120",
    "مرحبا بكم جميعا، هذا نص تجريبي قصير باللغة العربية لاختبار التفاف الأسطر.", width=120)
add("Hebrew paragraph (fallback Noto Sans Hebrew, RTL)",
    "שלום לכולם, זהו טקסט קצר בעברית שנועד לבדוק את שבירת השורות ואת גובה הטקסט בדפדפן.")
add("Chinese paragraph (no spaces, break between any ideographs)",
    "今天天气很好，我们一起去公园散步，看到了很多美丽的花。晚上回家以后，我写了一篇关于这次旅行的文章。")
add("Chinese paragraph at width 100", "今天天气很好，我们一起去公园散步，看到了很多美丽的花。", width=100)
add("Japanese with kinsoku punctuation 、。「」 (no line may start with 、。」)",
    "今日は「とても良い天気」ですね。公園へ行き、友達と話しました。明日も晴れるでしょう。そう思います、たぶん。")
add("Japanese kinsoku at width 90 (forces breaks near punctuation)",
    "「こんにちは。」と彼は言った。今日は、とても、暑い日だ。", width=90)
add("Japanese small kana and long vowel mark ー ッ ャ",
    "コーヒーショップでチョコレートケーキとミルクティーを注文しました。", width=150)
add("Korean (Hangul, spaces between words: breaks at spaces under CSS word-break normal)",
    "안녕하세요 여러분, 오늘은 날씨가 정말 좋네요. 공원에서 산책을 하고 커피를 마셨습니다.")
add("Korean at width 100", "안녕하세요 여러분, 오늘은 날씨가 정말 좋네요.", width=100)
add("Thai without spaces (dictionary line breaks)",
    "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำทำให้การตัดบรรทัดต้องใช้พจนานุกรม")
add("Thai at width 120 (dictionary breaks)",
    "วันนี้อากาศดีมากเราไปเดินเล่นที่สวนสาธารณะด้วยกัน", width=120)
add("Devanagari (Hindi) paragraph with conjuncts and matras",
    "नमस्ते दुनिया, यह हिंदी में एक छोटा सा परीक्षण पाठ है जो पंक्ति विभाजन की जाँच करता है।")
add("Devanagari at width 100", "नमस्ते दुनिया, यह हिंदी में एक छोटा सा परीक्षण पाठ है।", width=100)

# --- emoji
add("emoji ZWJ family sequence is one grapheme", "Family day 👨‍👩‍👧‍👦 at the park")
add("emoji flags (regional indicator pairs)", "Trip: 🇫🇷 🇩🇪 🇯🇵 🇧🇷 🇨🇦 🇺🇸 🇬🇧 🇮🇹")
add("emoji skin tone modifiers", "Great job 👍🏽 👋🏿 🙌🏻 👏🏼")
add("emoji keycaps", "Steps 1️⃣ 2️⃣ 3️⃣ #️⃣ *️⃣ done")
add("emoji-only text (line height grows with emoji face)", "😀😃😄😁😆😅🤣😂🙂🙃😉😊😇")
add("emoji run at narrow width 60 (break between emoji)", "😀😃😄😁😆😅🤣😂🙂🙃", width=60)
add("ZWJ families at width 30 (no break inside a sequence)", "👨‍👩‍👧‍👦👩‍❤️‍👨🏳️‍🌈", width=30)
add("emoji at size 11 and 53", "Party 🎉🎂🥳 tonight!", size=11)
add("emoji at size 53", "Party 🎉🎂🥳 tonight!", size=53)

# --- mixed direction
add("English with Arabic words inside (bidi)",
    "The word مرحبا means hello, and شكرا جزيلا means thank you very much in Arabic.")
add("English with Hebrew inside (bidi) at 200",
    "She said שלום עליכם to everyone at the door, then sat down.", width=200)
add("Arabic with English and digits inside",
    "اشتريت iPhone 15 Pro من المتجر يوم 12 مارس بسعر 999 دولار.")

# --- URLs and long words
URL = "https://example.com/some/long/path?query=1"
add("URL at width 320 (fits)", "Read more at " + URL)
add("URL at narrow width 120 (break-word inside; Pango breaks after /)", URL, width=120)
add("URL at width 60", URL, width=60)
add("long URL with fragments at 200",
    "https://www.example.org/articles/2024/05/typography-and-line-breaking-in-browsers.html#section-3", width=200)
add("long unbreakable word at 100 (break-word at grapheme boundaries)",
    "Supercalifragilisticexpialidocious_and_even_longer_identifier_here", width=100)
add("long unbreakable word at 20", "Pneumonoultramicroscopicsilicovolcanoconiosis", width=20)
add("long hash token at 160", "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", width=160)
add("email and hashtag tokens", "Contact jane.doe+news@example.co.uk or follow #TypographyMatters2024 now", width=160)

# --- combining marks
add("combining acute e\u0301 (decomposed) vs é", "Cafe\u0301 and café, re\u0301sume\u0301 and résumé")
add("Zalgo-ish combining stack (tall marks) at 200",
    "Z\u0351\u0352\u0357a\u0300\u0301\u0302\u0303\u0304l\u0305\u0306\u0307\u0308g\u0309\u030a\u030bo\u030c\u030d\u030e text", width=200)
add("combining marks at width 10 (never split from base)", "a\u0301b\u0302c\u0303d\u0304", width=10)

# --- punctuation
add("French guillemets «word,» no break inside", "Il a dit «\u00a0bonjour\u00a0» puis «merci,» et il est parti.", width=160)
add("quotes and parentheses: no break before ) ! ?",
    "He said \"(text)\" and then (another thing)! Really? Yes (really)!", width=120)
add("closing punctuation at exact narrow width", "word) word! word? word, word.", width=45)
add("ellipsis and dashes", "Wait\u2026 what\u2014really\u2013no way", width=100)

# --- hard breaks
add("hard break \\n", "First line\nSecond line")
add("hard break \\r\\n", "First line\r\nSecond line")
add("line separator U+2028", "First line\u2028Second line")
add("paragraph separator U+2029", "First line\u2029Second line")
add("double \\n (blank line counts)", "First paragraph\n\nSecond paragraph")
add("trailing \\n (Chromium: no extra line; Pango: extra line)", "Ends with newline\n")
add("trailing double \\n", "Ends with two newlines\n\n")
add("leading \\n", "\nStarts with newline")
add("only \\n", "\n")
add("three blank lines in the middle", "a\n\n\n\nb")
add("\\n inside wrapped text", POST[:80] + "\n" + POST[80:], width=200)

# --- whitespace
add("leading spaces (preserved under pre-wrap)", "     indented text here")
add("trailing spaces (hang under pre-wrap)", "trailing spaces here          ")
add("trailing spaces at narrow width", "word word word           ", width=80)
add("multiple spaces between words", "one    two      three        four", width=120)
add("whitespace-only text", "     ")
add("long whitespace-only text at narrow width", " " * 60, width=40)
add("empty text (Chromium: 0 lines, height 0; Pango: 1 line)", "")
add("tab characters (pre-wrap keeps tabs, tab-size 8)", "a\tb\tc\td\te\tf", width=200)
add("leading tab", "\tindented with a tab")
add("NBSP joins words (no break at \\u00a0)", "100\u00a0km and 200\u00a0km and 300\u00a0km and 400\u00a0km", width=80)
add("ZWSP allows break in a long word", "long\u200bword\u200bwith\u200bzero\u200bwidth\u200bspaces\u200binside", width=80)
add("soft hyphen \\u00ad (break with visible hyphen in Chromium)",
    "extra\u00adordinary in\u00adcompre\u00adhensi\u00adbility", width=90)
add("soft hyphen unused at wide width", "extra\u00adordinary in\u00adcompre\u00adhensi\u00adbility")

# --- widths
add("width 0 (every grapheme on its own line)", "abc def")
cases[-1]["width"] = 0
add("width 5", "Hello world", width=5)
add("width 20", "Hello world, how are you", width=20)
add("width 20 with CJK", "今天天气很好", width=20)
add("huge width 100000 (one line)", LONG, width=100000)
add("huge width with \\n", "line one\nline two", width=100000)

# --- line limits
for lim in (1, 2, 3):
    add("line limit %d on long text, Noto Sans 15 at 320" % lim, LONG, limit=lim)
add("line limit 2 on long text, Inter 15", LONG, font=INTER, limit=2)
add("line limit 3 on long text, Noto Serif 20 at 240", LONG, font=SERIF, size=20, width=240, limit=3)
add("line limit 5 larger than line count", "short text", limit=5)
add("line limit 2 with hard breaks (limit is for the whole text)", "a\nb\nc\nd", limit=2)
add("line limit 1 with emoji on line 2", "first line text\n😀 emoji line", limit=1)
add("line limit 2 with emoji on line 2", "first line text\n😀 emoji line\nthird", limit=2)

# --- sizes 11, 53 on scripts
for s in (11, 53):
    add("mixed scripts at size %d" % s,
        "Hello مرحبا שלום 你好 こんにちは 안녕 สวัสดี नमस्ते 👋", size=s, width=320)
add("mixed scripts Noto Sans 15 at 320 (line height grows per fallback face)",
    "Hello مرحبا שלום 你好 こんにちは 안녕 สวัสดี नमस्ते 👋")
add("mixed scripts Inter 15", "Hello مرحبا שלום 你好 こんにちは 안녕 สวัสดี नमस्ते 👋", font=INTER)
add("mixed scripts Noto Serif 15", "Hello مرحبا שלום 你好 こんにちは 안녕 สวัสดี नमस्ते 👋", font=SERIF)
add("numbers with punctuation", "Price: $1,299.99 (−15%) on 2024-05-12 at 09:30, ref #A-1234/B.", width=160)
add("Cyrillic and Greek (in Noto Sans, no fallback)",
    "Привет, мир! Это короткий текст. Γεια σου κόσμε, αυτό είναι ένα κείμενο.", width=200)
add("Vietnamese with stacked diacritics", "Tiếng Việt có nhiều dấu thanh: ấ ầ ẩ ẫ ậ ế ề ể ễ ệ", width=200)
add("primary face Noto Sans Arabic (non-Latin primary)",
    "مرحبا بكم جميعا، هذا نص تجريبي", font="Fonts/NotoSansArabic-Regular.ttf")
add("primary face from the CJK collection (index 0: Noto Sans CJK JP)",
    "日本語のテキストとEnglish text", font="Fonts/NotoSansCJK-Regular.ttc")

# --- fallback order where several faces have a character the primary lacks
# U+2E41 and U+25CC are in Noto Sans, Noto Sans Arabic and Noto Sans Hebrew,
# not in Inter; the faces differ in height, so the line height tells which won.
add("U+2E41 in Inter 15: Chromium's locale sort puts the newer Arabic face before Noto Sans",
    "x\u2E41y", font=INTER)
add("U+2E41 in Inter 40 (Arabic face in both renderers)", "x\u2E41y", font=INTER, size=40)
add("U+25CC in an Arabic run: Pango sorts by the run's language (ar), Chromium by en-US",
    "مرحبا " + "\u25CC" * 8, font=INTER, size=24, width=60)
add("U+2E41 in a Hebrew run: Pango's he order, Chromium's en-US order",
    "שלום " + "\u2E41" * 6, font=INTER, size=24, width=40)
add("U+25CC before Hebrew words (leading script-less text takes the next run's language)",
    "\u25CC\u25CC\u25CC שלום", font=INTER, size=20)
# Blink shapes a run's holes with the faces it already tried in the run
# (Noto Sans Arabic here) before looking for each character's own fallback
# (Noto Sans Hebrew first for U+25CC); the dotted circles between Arabic
# words are at the Arabic words' bidi level, so they stay in that run.
RUN = "\u0645" + "\u25CC" * 6 + " " + "\u25CC" * 6 + " " + "\u25CC" * 6 + "\u0645"
add("U+25CC between Arabic words at 100: drawn from the Arabic run's face", RUN, font=INTER, size=20, width=100)
add("U+25CC between Arabic words at 60 (broken between clusters)", RUN, font=INTER, size=20, width=60)
add("U+25CC in a Devanagari run", "\u0915" + "\u25CC" * 6 + " " + "\u25CC" * 6 + "\u0915",
    font=INTER, size=20, width=60)
# A space before a hard break: Pango lets no space hang there (the last
# space of the text does hang); Chromium lets it hang.
add("space before a hard break at 109 (does not fit with the space in Pango)", "Hello world \nnext", size=20,
    width=109)
add("space at the end of the text at 109 (hangs in both)", "Hello world ", size=20, width=109)
# Pango: spaces, tabs and no-break spaces take no face of their own; at the
# start of a chunk they go on with the item before them (the Thai face here),
# which then counts in the line's height.
add("no-break space after a tab, in the Thai item before it (Pango)", "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22 \t\u00a0example",
    font=SERIF, size=28, width=160)
add("no-break space after a space, in the Thai item before it (Pango)", "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22 \u00a0example",
    font=SERIF, size=28, width=160)
add("no-break space after a tab, in the Hebrew item before it (Pango)", "\u05e9\u05dc\u05d5\u05dd \t\u00a0example",
    font=SERIF, size=28, width=120)
# Pango lets a run of white space after a line's content hang, tabs
# included, except before a hard break.
add("tab and space after a word hang at a line's end (Pango)", "Hi \t there \t friend", size=16, width=78)
add("tab and space before a hard break do not hang (Pango)", "Hi \t there \t \nfriend", size=16, width=78)
# A word too wide for the line before a hard break: Pango gives its space a
# line of its own rather than letting it hang.
add("space after an overflowing character before a hard break (Pango)", "\u00bb \nnext", size=53, width=30)
add("space after a word before a hard break, broken inside (Pango)", "rate \nnext", font=INTER, size=20, width=44)
# Pango picks faces character by character: a bidi embedding (U+202A) that
# starts a line stays in the Arabic item before it.
add("embedding at a line start in Persian text (Pango keeps it in the Arabic item)",
    "\u067e\u0633 \u202a(?-", font=INTER, size=17, width=30)
# Pango: a closing bracket takes the script of its opener's run, and the run
# goes on after it: '123' after '（括弧）' opened in Latin text is Latin, so the
# next line sets its runs on the alphabetic baseline.
add("run after a closing bracket opened in Latin text, on the next line (Pango)",
    "(test)\u03c3\u03bf\u03c5 \U0001F600 a\u0308\u0301 \u201cquoted\u201d\uff08\u62ec\u5f27\uff09 123\u00a0{x} "
    "\uc548\ub155\ud558\uc138\uc694 Hello "
    "\u0e20\u0e32\u0e29\u0e32\u0e44\u0e17\u0e22 \u30ab\u30bf\u30ab\u30ca", font=SERIF, size=18, width=320)
# Chromium draws the hyphen of a soft hyphen that ends a line's content even
# when spaces follow it.
add("soft hyphen followed by a space at a line's end (Chromium draws its hyphen)",
    "snake_case_identifier\u00ad \u043c\u0438\u0440 1\ufe0f\u20e3", size=40, width=40)
# Blink restarts its break iterator at each line's start, so ICU divides
# the rest of a Thai run from there: after a word broken between characters,
# or at a word boundary inside the run. (Thai messages from Debian's gettext
# catalogs.)
add("Thai word broken between characters: ICU divides the rest of the run anew (Chromium)",
    "\u0e43\u0e0a\u0e49\u0e41\u0e08\u0e49\u0e07\u0e40\u0e2b\u0e15\u0e38\u0e40\u0e21\u0e37\u0e48\u0e2d"
    "\u0e1b\u0e49\u0e32\u0e22\u0e1a\u0e23\u0e23\u0e22\u0e32\u0e22\u0e15\u0e32\u0e23\u0e32\u0e07"
    "\u0e21\u0e35\u0e01\u0e32\u0e23\u0e40\u0e1b\u0e25\u0e35\u0e48\u0e22\u0e19\u0e41\u0e1b\u0e25\u0e07",
    font=SERIF, size=31, width=60)
add("Thai run after Latin words, lines starting inside it (Chromium restarts ICU there)",
    "\u0e2d\u0e2d\u0e01\u0e2b\u0e25\u0e31\u0e07\u0e08\u0e32\u0e01 engine "
    "\u0e16\u0e39\u0e01\u0e40\u0e23\u0e35\u0e22\u0e01\u0e41\u0e25\u0e49\u0e27", size=40, width=60)
# Khmer words that Chromium's ICU 78 dictionary divides and Debian's ICU 72
# dictionary does not: Typometer puts ICU 78's Khmer dictionary first on
# ICU's data path. (Debian's iso-codes, Khmer.)
add("Khmer words divided by ICU 78's Khmer dictionary (Chromium)",
    "\u179f\u17b6\u1792\u17b6\u179a\u178e\u179a\u178a\u17d2\u178b\u200b\u1794\u17d2\u179a\u1787\u17b6\u1792\u17b7\u1794\u178f\u17c1\u1799\u17d2\u1799\u200b\u200b\u1791\u17b8\u1798\u17d0\u179a", font=INTER, size=24, width=180)
# Blink asks for a fallback face once per script run: when no face has
# the Assamese letters, the danda after them (Noto Sans Devanagari has it)
# stays in the primary face, and the line keeps the primary face's height.
# (Debian's gtk30 Assamese translation.)
add("danda in a run of Assamese no face has: no Devanagari face for it (Chromium)",
    "\u099f\u09c1\u09b2 \u0986\u0987\u099f\u09c7\u09ae\u09f0 \u09a8\u09bf\u09af\u09c1\u0995\u09cd\u09a4\u0995\u0995 \u09a6\u09c7\u0996\u09c1\u09f1\u09be \u09b9\u09af\u09bc \u0964 \u09b6\u09c1\u09a7\u09c1\u09ae\u09be\u09a4\u09cd\u09f0", font=SERIF, size=12, width=640)
# A closing bracket takes its opener's script in Blink's script runs: the
# danda after "(...)" opened in Latin text starts a run of its own, which
# asks for a face afresh and gets Noto Sans Devanagari, though no face drew
# the Oriya letters before it. (Debian's gtk30 Oriya translation.)
add("danda after a bracket closing a run of Oriya no face has: Devanagari face (Chromium)",
    "NULL (\u0b06\u0b2d\u0b4d\u0b5f\u0b28\u0b4d\u0b24\u0b30\u0b40\u0b23 \u0b2c\u0b4d\u0b5f\u0b2c\u0b39\u0b3e\u0b30 \u0b2a\u0b3e\u0b07\u0b01)\u0964", font=INTER, size=31, width=640)
# Blink restarts its break iterator at each line's start: after a word
# broken between characters, a hyphen that now starts the text keeps the
# letter (LB20a) or digit after it. (Debian's iso-codes, Russian; iso-codes
# and gtk30, Tatar.)
add("hyphen starting a line after a word broken between characters, before a letter (Chromium)",
    "Эссекибо-Айлендс-Уэст-Демерара", font=INTER, size=53, width=85)
add("hyphen starting a line after a word broken between characters, before a digit (Chromium)",
    "Госман (1500-1928) Bu yazmanı", font=INTER, size=40, width=40)
# Pango breaks an item too wide for the line between characters when it has
# two or more: a CJK character wider than the line goes alone, and the space
# after it (in the same item) takes a line of its own. An emoji keeps its
# space (core cases above). (Debian's zh_CN catalogue.)
add("CJK character wider than the line, a space after it (Pango: the space alone)",
    "\u7f57\u6280 Cordless", font=SERIF, size=53, width=40)
# Unicode 15.1's LB21a and Unicode 16's maqaf (a hyphen, HH), as Chromium's
# ICU 78 has them: a maqaf between Hebrew letters allows a break after it,
# and one that starts a line (after a word broken between characters)
# keeps the letter after it. (Debian's gtk30 Yiddish translation.)
add("maqaf between Hebrew letters: a break after it (Chromium)",
    "\u05d1\u05d0\u05b7\u05e9\u05d8\u05e2\u05d8\u05d9\u05e7 \u05d3\u05d9 \u05e9\u05e8\u05d9\u05e4\u05bf\u05d8 \u05f0\u05d0\u05b8\u05d2 \u05d1\u05e8\u05f2\u05d8 \u05e4\u05bf\u05d5\u05df \u05e6\u05d0\u05b7\u05de\u05e8\u05d9\u05e0\u05e2 \u05d0\u05b7\u05e8\u05d5\u05dd \u05d3\u05d9\u05b4\u05d0\u05b7\u05dc\u05d0\u05b8\u05d2\u05be\u05e9\u05d8\u05d7 \u05d1\u05e8\u05d0\u05b8\u05e9 \u05d8\u05d0\u05b7\u05d8\u05e2\u05be\u05de\u05d0\u05b7\u05de\u05e2 \u05e6\u05e2\u05e4\u05bc\u05d9\u05db\u05e2\u05e1\u05dc", font=SERIF, size=13, width=100)
add("maqaf starting a line after a word broken between characters (Chromium)",
    "\u05d3\u05d9 \u05d0\u05d9\u05e6\u05d8\u05d9\u05e7\u05e2\u05be\u05e1\u05e2\u05dc\u05e2\u05e7\u05d8\u05d9\u05e8\u05d8\u05e2 Gdk \u05e9\u05e8\u05d9\u05e4\u05bf\u05d8", font=INTER, size=31, width=120)
# Chromium trims the 「 after 、, not the 、: a line ending after 「右」、
# (its 「 trimmed by the 、 before it) gives nothing back at its end, only
# its start. (After Debian's zh_TW gtk30 catalogue.)
add("line ending at 、 before 「, its own 「 trimmed after a 、 (Chromium)",
    "\u65b9\u5411 \u300c\u5de6\u300d\u3001\u300c\u53f3\u300d\u3001\u300c\u4e0a\u300d\u3001\u300c\u4e0b\u300d\u3002", font=INTER, size=24, width=212)
# A word broken between characters: the piece that ends a line may set
# its closing bracket half-width to fit, as a whole word may. (Debian's
# zh_TW gnome-session catalogue.)
add("piece of a broken word ending in a closing bracket, set half-width to fit (Chromium)",
    "\u5df2\u77e5\u7684\u6578\u503c\u6709\u300cgnome-fallback\u300d\u3002", font=INTER, size=24, width=60)
# C0 control characters other than tab, line feed, form feed and carriage
# return are drawn: Chromium as the face's .notdef box, Pango as a hex box.
# (Terminal escapes, as in Debian's en@boldquot catalogues.)
add("escape sequences in text: control characters drawn as boxes",
    "Use \u001b[1mbold\u001b[0m text here and there", font=INTER, size=20, width=80)
add("C1 control characters (NEL, PAD, APC) drawn as boxes",
    "Use \u0085next \u0080line \u009fhere and there", size=20, width=100)
# Chromium patches ICU's Khmer engine to join a stretch that starts no
# dictionary word to a word of up to 9 characters before it (upstream: 2):
# "ឲ្យវា" and "រយ៉ាង" stay whole, where Debian's ICU breaks inside them.
# (Debian's gtk30 Khmer translation.)
add("Khmer words joined as Chromium's patched Khmer engine joins them (Chromium)",
    "\u178a\u17be\u1798\u17d2\u1794\u17b8\u1792\u17d2\u179c\u17be\u17b2\u17d2\u1799\u179c\u17b6\u1798\u17b6\u1793\u1798\u17bb\u1781\u1784\u17b6\u179a\u1799\u17c9\u17b6\u1784\u178f\u17d2\u179a\u17b9\u1798\u178f\u17d2\u179a\u17bc\u179c", font=INTER, size=24, width=160)
# Chromium's Lao dictionary divides country names that Debian's keeps
# whole. (Debian's iso-codes, Lao.)
add("Lao words divided by Chromium's Lao dictionary (Chromium)",
    "\u0e9b\u0eb0\u0ec0\u0e97\u0e94\u0e9b\u0ead\u0e81\u0e95\u0eb8\u0e8d\u0e81\u0eb2\u0e99", font=INTER, size=24, width=120)
# Blink places a character inside a HarfBuzz cluster at the cluster's
# start: a Myanmar syllable of .notdef boxes (no bundled face has Myanmar)
# breaks between its grapheme clusters, each piece reshaped, so "ယား" takes
# three lines of one box each. (Debian's iso-codes, Burmese.)
add("Myanmar syllables no face has, broken between grapheme clusters inside a HarfBuzz cluster (Chromium)",
    "\u1018\u102d\u102f\u101c\u102e\u1038\u1017\u102e\u1038\u101a\u102c\u1038\u1014\u102d\u102f\u1004\u103a\u1004\u1036", font=INTER, size=24, width=40)
# A line that starts inside a HarfBuzz cluster is shaped anew from there
# in Blink: "ား", the end of the cluster "စား", takes two boxes and fits.
# (Debian's gtk30 Burmese translation.)
add("line starting inside a HarfBuzz cluster, the rest shaped anew (Chromium)",
    "ICO \u101b\u102f\u1015\u103a\u1015\u102f\u1036 \u1021\u1019\u103b\u102d\u1038\u1021\u1005\u102c\u1038", font=INTER, size=40, width=80)
# Burmese words restarted after a broken word divide "က္|ခရာ" after the
# virama, inside a grapheme cluster: the segments are measured apart.
# (Debian's gtk30 Burmese translation.)
add("line break opportunity inside a grapheme cluster, after a Myanmar virama (Chromium)",
    "\u1021\u1000\u1039\u1001\u101b\u102c\u1019\u103b\u102c\u1038 \u1021\u1000\u103b\u101a\u103a", font=INTER, size=53, width=120)
# Blink shapes each script run with a fallback of its own: Katakana right
# after Sinhala that no face draws still finds the CJK face (Typometer had
# kept the whole stretch in the primary face's .notdef boxes, narrower).
# (Words from Debian's iso-codes, Sinhala and Japanese.)
add("Katakana after a Sinhala word no face draws: a fallback of its own (Chromium)",
    "\u0dad\u0dca\u30de\u30b0\u30c0\u30ec\u30ca", font=SERIF, size=53, width=80)
# A piece of a word that fits without the hyphen of the soft hyphen it
# ends at, and not with it: Blink breaks the line again with the hyphen's
# width taken off, before the soft hyphen, which then starts a line.
add("word broken between characters where a soft hyphen's hyphen would overflow (Chromium)",
    "co\u00adop\u00aderate", font=SERIF, size=53, width=40)
# Blink cuts a line's width down to its LayoutUnit (1/64 px) before it
# compares it with the line's: a word 0.64/64 px wider than the line still
# fits. (Widths from Typometer; the line is the word's width cut down.)
add("word 0.64/64 pt wider than the line: fits, the width cut down to 1/64 (Chromium)",
    "Amacuro", font=INTER, size=24, width=100.796875)
add("two words 0.65/64 pt wider than the line: fit (Chromium)",
    "Hawke suite", font=SERIF, size=17, width=99.796875)
# Blink trims a closing bracket at a line's end to half its width at a wrap
# and at the end of the text, not where a hard break ends the line: there
# the bracket keeps its width and its word goes to the next line. (Kana and
# brackets written for Typometer.)
add("fullwidth closing bracket before a newline: not trimmed (Chromium)",
    "\u3042\u3044\u3046\uff09\n\u3048", font=SANS, size=20, width=75)
add("fullwidth closing bracket before a final newline: not trimmed (Chromium)",
    "\u3042\u3044\u3046\uff09\n", font=SANS, size=20, width=75)
add("corner bracket before a newline: not trimmed (Chromium)",
    "\u3042\u3044\u3046\u300d\n\u3048", font=SANS, size=20, width=75)
add("fullwidth closing bracket at the end of the text: trimmed to fit (Chromium)",
    "\u3042\u3044\u3046\uff09", font=SANS, size=20, width=75)
# Unicode 15.1's LB19a in Chromium's ICU: an opening curly quote between
# East Asian characters may start a line after a fullwidth colon or stop
# (not after an opening bracket); a closing one may end a line before an
# opening bracket (not before a comma). (Written for Typometer.)
add("break before an opening curly quote after a fullwidth colon (Chromium)",
    "\u4ed6\u8bf4\uff1a\u201c\u6211\u4eec\u8d70", font=INTER, size=20, width=65)
add("break before an opening curly quote after an ideographic full stop (Chromium)",
    "\u4ed6\u8bf4\u3002\u201c\u6211\u4eec\u8d70", font=INTER, size=20, width=65)
add("no break between an opening bracket and an opening curly quote (Chromium)",
    "\u4ed6\u8bf4\u300c\u201c\u6211\u4eec\u8d70", font=INTER, size=20, width=65)
add("break after a closing curly quote before an opening bracket (Chromium)",
    "\u6211\u4eec\u201d\u300c\u8d70\u5427", font=INTER, size=20, width=55)
add("no break between a closing curly quote and a fullwidth comma (Chromium)",
    "\u6211\u4eec\u201d\uff0c\u8d70\u5427", font=INTER, size=20, width=55)
# A closing bracket trimmed at a line's end must fit without the slack an
# untrimmed line has: at 16 px Noto Sans CJK's advances are a little over
# 16 px, so the trimmed line is 88.0002 px and goes to the next line at 88;
# at 20 px (advances a little under 20) it fits 110.
add("closing bracket trimmed at a line's end, 0.0002 px over: no fit (Chromium)",
    "\u3044\u3044\u3044\u3044\u3044\uff09\u306f\u3044", font=SERIF, size=16, width=88)
add("closing bracket trimmed at a line's end, a little under: fits (Chromium)",
    "\u3044\u3044\u3044\u3044\u3044\uff09\u306f\u3044", font=SERIF, size=20, width=110)

with open(os.path.join(REPO, "Corpus", "cases", "core.jsonl"), "w", encoding="utf-8") as f:
    for c in cases:
        f.write(jsonl_line(stated_language(c)))
print("core: %d cases" % len(cases))
