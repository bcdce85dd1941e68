#!/usr/bin/python3
"""Fails the build when a lesson file uses a character the lesson fonts lack.

usage: check-glyphs.py STAMP FONT... -- TEXT...
Every character of every TEXT file (the lesson files of every locale, comments aside) must be in
every FONT's character map: the widget draws a missing one as a box. Prints one line per missing
character, FILE:LINE: the character, its code point and the font, and exits 1; otherwise writes
STAMP. scripts/subset-fonts decides which characters the fonts keep.
"""
import sys

from fontTools.ttLib import TTFont


def main(argv):
    if '--' not in argv or len(argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    split = argv.index('--')
    stamp, fonts, texts = argv[1], argv[2:split], argv[split + 1:]
    maps = [(font, set(TTFont(font).getBestCmap())) for font in fonts]
    missing = 0
    for path in texts:
        with open(path, encoding='utf-8') as text:
            for number, line in enumerate(text, 1):
                if line.lstrip().startswith('#'):
                    continue
                for char in dict.fromkeys(line.rstrip('\r\n')):
                    if char in '\t':
                        continue
                    for font, cmap in maps:
                        if ord(char) not in cmap:
                            missing += 1
                            print(f'{path}:{number}: "{char}" (U+{ord(char):04X}) is not in {font}: '
                                  'the widget would draw it as a box; use another character or add it '
                                  'to the fonts (scripts/subset-fonts)', file=sys.stderr)
    if missing:
        return 1
    with open(stamp, 'w', encoding='utf-8') as out:
        out.write('every character of the lesson files is in the fonts\n')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
