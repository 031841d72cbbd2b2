"""Text styles of a case for the reference scripts: the optional case fields
"family", "weight", "italic", "letter_spacing", "word_spacing", "features" and
"runs" (see Corpus/README.md), the faces of a family found in the font
directory, and what Chromium and Pango are told for them.

A case's own fields are the block's style; each run of "runs" (a list of
{"text", and any of "family", "font", "size", "weight", "italic",
"letter_spacing", "word_spacing", "features"}) is a span inside the block that
inherits the block's style and overrides what it sets. The case's "text" must
be the concatenation of the runs' texts.
"""
import os
import re
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

STYLE_KEYS = ("weight", "italic", "letter_spacing", "word_spacing", "features")
RUN_KEYS = ("family", "font", "size") + STYLE_KEYS

_FEATURE = re.compile(r"^([+-]?)([A-Za-z0-9]{4})(?:=(\d+))?$")


def parse_feature(s):
    """A HarfBuzz feature string ("tnum", "+kern", "-liga", "kern=0") -> (tag, value)."""
    m = _FEATURE.match(s)
    if not m:
        raise ValueError("bad feature %r (HarfBuzz syntax: tnum, -liga, kern=0)" % s)
    sign, tag, val = m.groups()
    if val is not None:
        if sign:
            raise ValueError("bad feature %r" % s)
        return tag, int(val)
    return tag, 0 if sign == "-" else 1


def css_features(features):
    """The feature list in CSS font-feature-settings syntax: '"tnum" 1, "liga" 0'
    (also what pango_attr_font_features_new is given)."""
    return ", ".join('"%s" %d' % parse_feature(f) for f in features)


def has_style(case):
    """Whether the case uses any of the style fields (else it is laid out as before)."""
    return any(k in case for k in ("family", "runs") + STYLE_KEYS)


def check_case(case):
    """Raises ValueError for an inconsistent case."""
    if ("font" in case) == ("family" in case):
        raise ValueError("%s: exactly one of font and family" % case["id"])
    check_style(case, case["id"])
    runs = case.get("runs")
    if runs is not None:
        if "".join(r["text"] for r in runs) != case["text"]:
            raise ValueError("%s: the runs' texts do not make up the text" % case["id"])
        for r in runs:
            extra = set(r) - set(RUN_KEYS) - {"text"}
            if extra:
                raise ValueError("%s: unknown run fields %s" % (case["id"], sorted(extra)))
            if "font" in r and "family" in r:
                raise ValueError("%s: a run has both font and family" % case["id"])
            check_style(r, case["id"])


def check_style(d, cid):
    w = d.get("weight")
    if w is not None and (isinstance(w, bool) or not isinstance(w, int) or not 1 <= w <= 1000):
        raise ValueError("%s: bad weight %r" % (cid, w))
    if "italic" in d and not isinstance(d["italic"], bool):
        raise ValueError("%s: bad italic %r" % (cid, d["italic"]))
    for k in ("letter_spacing", "word_spacing", "size"):
        v = d.get(k)
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float))):
            raise ValueError("%s: bad %s %r" % (cid, k, v))
    for f in d.get("features") or []:
        parse_feature(f)


def _os2(path, index):
    """(usWeightClass, italic) from the OS/2 table of face `index` of a font file."""
    with open(path, "rb") as f:
        data = f.read()
    off = 0
    if data[:4] == b"ttcf":
        n = struct.unpack(">I", data[8:12])[0]
        if index >= n:
            raise ValueError("%s has no face %d" % (path, index))
        off = struct.unpack(">I", data[12 + 4 * index:16 + 4 * index])[0]
    ntables = struct.unpack(">H", data[off + 4:off + 6])[0]
    for i in range(ntables):
        rec = off + 12 + 16 * i
        tag = data[rec:rec + 4]
        if tag == b"OS/2":
            t = struct.unpack(">I", data[rec + 8:rec + 12])[0]
            weight = struct.unpack(">H", data[t + 4:t + 6])[0]
            fs_selection = struct.unpack(">H", data[t + 62:t + 64])[0]
            return weight, bool(fs_selection & 1)
    return 400, False


_FACES = {}


def faces(fonts_dir=None):
    """{family: [face, ...]} for every face Fontconfig finds in fonts_dir
    (default: $FONTS_DIR, else the repo's Fonts/), a face being
    {"path", "index", "weight" (OS/2 usWeightClass), "italic" (OS/2 fsSelection
    bit 0), "postscript"}; every family name of a face (fc-scan) maps to it."""
    fonts_dir = fonts_dir or os.environ.get("FONTS_DIR") or os.path.join(REPO, "Fonts")
    if fonts_dir in _FACES:
        return _FACES[fonts_dir]
    out = subprocess.run(["fc-scan", "--format",
                          "%{file}\t%{index}\t%{family}\t%{postscriptname}\n", fonts_dir],
                         check=True, capture_output=True, text=True).stdout
    fams = {}
    for line in sorted(set(out.splitlines())):
        path, index, families, ps = line.split("\t")
        index = int(index)
        weight, italic = _os2(path, index)
        face = {"path": path, "index": index, "weight": weight, "italic": italic,
                "postscript": ps}
        for fam in families.split(","):
            fams.setdefault(fam.replace("\\-", "-"), []).append(face)
    for fam in fams:
        fams[fam].sort(key=lambda f: (f["weight"], f["italic"], f["path"], f["index"]))
    _FACES[fonts_dir] = fams
    return fams


def css_style(d, fonts_of_path):
    """The CSS declarations (a dict of style properties, camelCase) for the
    style fields of a case or run; fonts_of_path maps a font file path to its
    FontFace family name."""
    s = {}
    if "font" in d:
        s["fontFamily"] = '"%s"' % fonts_of_path[d["font"]]
    if "family" in d:
        s["fontFamily"] = '"%s"' % d["family"]
    if "size" in d:
        s["fontSize"] = "%spx" % _num(d["size"])
    if "weight" in d:
        s["fontWeight"] = str(d["weight"])
    if "italic" in d:
        s["fontStyle"] = "italic" if d["italic"] else "normal"
    if "letter_spacing" in d:
        s["letterSpacing"] = "%spx" % _num(d["letter_spacing"])
    if "word_spacing" in d:
        s["wordSpacing"] = "%spx" % _num(d["word_spacing"])
    if "features" in d:
        s["fontFeatureSettings"] = css_features(d["features"]) if d["features"] else "normal"
    return s


def _num(v):
    return repr(float(v)) if isinstance(v, float) else str(v)


def pango_unsupported(case):
    """Why Pango 1.50 cannot lay the case out, or None: it has no word spacing."""
    for d in [case] + (case.get("runs") or []):
        if d.get("word_spacing"):
            return "unsupported: word_spacing"
    return None


def pango_records(case):
    """The style records pango_reference.c / pango_intrinsic.c read after the
    text (see pango_common.h): (start byte or -1 for the block, end byte,
    kind, value)."""
    recs = []

    def style(d, start, end):
        if "family" in d and start >= 0:
            recs.append((start, end, "F", d["family"]))
        if "font" in d and start >= 0:
            recs.append((start, end, "P", os.path.join(REPO, d["font"])))
        if "size" in d and start >= 0:
            recs.append((start, end, "S", repr(float(d["size"]))))
        if "weight" in d:
            recs.append((start, end, "W", str(d["weight"])))
        if "italic" in d:
            recs.append((start, end, "I", "1" if d["italic"] else "0"))
        if d.get("letter_spacing") is not None:
            recs.append((start, end, "L", repr(float(d["letter_spacing"]))))
        if d.get("features"):
            recs.append((start, end, "X", css_features(d["features"])))

    if "family" in case:
        recs.append((-1, -1, "F", case["family"]))
    style(case, -1, -1)
    b = 0
    for r in case.get("runs") or []:
        n = len(r["text"].encode("utf-8", "surrogatepass"))
        if n:
            style(r, b, b + n)
        b += n
    return recs


def pango_case_records(case):
    """(records, None) for the case's style records (none for an unstyled
    case), or (None, why) when Pango cannot lay it out or it is malformed."""
    if not has_style(case):
        return [], None
    try:
        check_case(case)
        why = pango_unsupported(case)
    except ValueError as e:
        why = "bad case: %s" % e
    return (None, why) if why else (pango_records(case), None)


def pango_records_text(recs):
    return "".join("%d\t%d\t%s\t%s\n" % r for r in recs).encode("utf-8")
