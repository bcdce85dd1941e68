#!/usr/bin/python3
"""Rewrites a subset CFF (.otf) font with TrueType (glyf) outlines.

Usage: cff-to-glyf.py IN.otf OUT.ttf

Why: stb_truetype, which builds ImGui's font atlas, interprets CFF charstrings twice per glyph
(bounds, then shape); quadratic glyf outlines are read directly. Natively the lesson's four font
sizes build in ~3 ms instead of ~7.5 ms, and the web widget's first frame waits on that build.
The cubic curves become quadratic ones within MAX_ERROR font units (Inter has 2048 per em, so
one unit is under 0.02 px at the sizes the widget draws). Hinting is not kept (the subset has none).
"""
import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

MAX_ERROR = 1.0


def convert(source, target):
    font = TTFont(source)
    if "CFF " not in font:
        sys.exit(f"{source}: no CFF table to convert")
    order = font.getGlyphOrder()
    outlines = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # CFF contours run counter-clockwise, TrueType ones clockwise.
        outlines[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000  # version 1.0 carries the TrueType limits; compile recalculates them
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: nothing reads them
    font.sfntVersion = "\x00\x01\x00\x00"
    font.save(target)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    convert(sys.argv[1], sys.argv[2])
