"""Copies an OpenType font under another family name, for the page check
with hostile names (Scripts/test-page): the table directory's `name` record
points at a new `name` table appended to the file (family, subfamily
"Regular", full and PostScript names; Windows Unicode English records).
Checksums stay as they were: FreeType and Fontconfig do not check them.
The same construction as Tests/TypometerToolTests/Support/RenamedFont.swift.

usage: renamed_font.py SOURCE FAMILY DESTINATION
"""
import struct
import sys


def renamed(data, family):
    names = [(1, family), (2, "Regular"), (4, family), (6, "Renamed-Regular")]
    records, strings = b"", b""
    for name_id, text in names:
        encoded = text.encode("utf-16-be")
        records += struct.pack(">6H", 3, 1, 0x409, name_id, len(encoded), len(strings))
        strings += encoded
    table = struct.pack(">3H", 0, len(names), 6 + 12 * len(names)) + records + strings
    data = bytearray(data) + b"\0" * (-len(data) % 4)
    offset = len(data)
    (count,) = struct.unpack_from(">H", data, 4)
    for record in range(12, 12 + 16 * count, 16):
        if data[record:record + 4] == b"name":
            struct.pack_into(">2I", data, record + 8, offset, len(table))
    return bytes(data + table)


if __name__ == "__main__":
    source, family, destination = sys.argv[1:4]
    with open(source, "rb") as f:
        data = f.read()
    with open(destination, "wb") as f:
        f.write(renamed(data, family))
