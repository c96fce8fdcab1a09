#!/usr/bin/python3
"""picture_check.py - a mail with the board's picture, read as a reader's
programs read it (tests/e2e/mail-pictures.sh).

  picture_check.py mail FILE DIR
      Python's email parser reads FILE: multipart/alternative of text/plain
      and multipart/related (type text/html) of the HTML and an image/png
      whose Content-ID the HTML's <img> names by cid:, above the <pre>.
      Writes DIR/page.html with cid: resolved to DIR/board.png, as a mail
      client shows it, and prints the picture's width, height and the
      mail's size.
  picture_check.py bare FILE
      The mail carries no picture: no image part, no cid:.
  picture_check.py shot SCREENSHOT PICTURE
      The screenshot shows the picture 1:1 near its top left corner: prints
      where, the share of its pixels that match and how many colours the
      region holds.

PNGs are decoded here with zlib alone (8-bit RGB or RGBA, not interlaced).
"""
import email
import struct
import sys
import zlib
from email import policy


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def png_size(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        fail("not a PNG")
    return struct.unpack(">II", data[16:24])


def png_pixels(data):
    """(width, height, rows of (r, g, b) tuples)."""
    i, idat, w = 8, b"", 0
    while i < len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        kind = data[i + 4:i + 8]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", data[i + 8:i + 21])
            if depth != 8 or colour not in (2, 6) or interlace:
                fail("a PNG this reader does not read (depth %d, colour %d)" % (depth, colour))
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += data[i + 8:i + 8 + n]
        i += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    rows, p = [], 0
    for _ in range(h):
        f = raw[p]
        line = bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        if f == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif f == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif f == 3:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((a + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                q = a + b - c
                pa, pb, pc = abs(q - a), abs(q - b), abs(q - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([bytes(line[x:x + 3]) for x in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def check_mail(path, outdir):
    raw = open(path, "rb").read()
    m = email.message_from_bytes(raw, policy=policy.default)
    if m.defects:
        fail("%s: the parser found defects: %s" % (path, m.defects))
    if m.get_content_type() != "multipart/alternative":
        fail("top is %s, not multipart/alternative" % m.get_content_type())
    parts = list(m.iter_parts())
    if [p.get_content_type() for p in parts] != ["text/plain", "multipart/related"]:
        fail("alternatives: %s" % [p.get_content_type() for p in parts])
    text, rel = parts
    if "cid:" in text.get_content():
        fail("the text part names the picture")
    if rel.get_param("type") != "text/html":
        fail("related type %s" % rel.get_param("type"))
    inner = list(rel.iter_parts())
    if [p.get_content_type() for p in inner] != ["text/html", "image/png"]:
        fail("related parts: %s" % [p.get_content_type() for p in inner])
    html, img = inner
    cid = img["Content-ID"].strip()
    if not (cid.startswith("<") and cid.endswith(">")):
        fail("Content-ID %r" % cid)
    cid = cid[1:-1]
    page = html.get_content()
    at = page.find('src="cid:%s"' % cid)
    if at < 0 or at > page.find("<pre"):
        fail("the HTML does not show the picture by cid: above the report")
    png = img.get_payload(decode=True)
    w, h = png_size(png)
    open(outdir + "/board.png", "wb").write(png)
    open(outdir + "/page.html", "w").write(page.replace("cid:" + cid, "board.png"))
    print(w, h, len(raw))


def check_bare(path):
    m = email.message_from_bytes(open(path, "rb").read(), policy=policy.default)
    kinds = [p.get_content_type() for p in m.walk()]
    if "image/png" in kinds:
        fail("a picture in %s: %s" % (path, kinds))
    for p in m.walk():
        if p.get_content_type() == "text/html" and "cid:" in p.get_content():
            fail("the HTML names a picture it lacks")
    print(" ".join(kinds))


def check_shot(shot, picture):
    sw, sh, srows = png_pixels(open(shot, "rb").read())
    pw, ph, prows = png_pixels(open(picture, "rb").read())
    if pw > sw or ph > sh:
        fail("the screenshot (%dx%d) is smaller than the picture (%dx%d)" % (sw, sh, pw, ph))
    # Where the picture's first row lies: its title band's left end.
    best = None
    for oy in range(0, min(80, sh - ph + 1)):
        for ox in range(0, min(40, sw - pw + 1)):
            hits = sum(1 for x in range(0, pw, 7) if srows[oy][ox + x] == prows[0][x])
            if best is None or hits > best[0]:
                best = (hits, ox, oy)
    _, ox, oy = best
    same, total, colours = 0, 0, set()
    for y in range(0, ph, 3):
        for x in range(0, pw, 3):
            total += 1
            s = srows[oy + y][ox + x]
            colours.add(s)
            same += s == prows[y][x]
    print(ox, oy, "%.4f" % (same / total), len(colours))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "mail":
        check_mail(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "bare":
        check_bare(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "shot":
        check_shot(sys.argv[2], sys.argv[3])
    else:
        fail("usage: picture_check.py mail FILE DIR | bare FILE | shot SCREENSHOT PICTURE")
