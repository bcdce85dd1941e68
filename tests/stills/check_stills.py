#!/usr/bin/env python3
"""Checks attention_stills: runs it on the lesson text, in English and in every locale beside it
(LESSON_DIR/CODE/lesson.txt), and checks each scene's still against what stills_expected computes
through the scenes' own compute functions in the same words.

For every scene of the registry: the still is well-formed XML, an <svg role="img"> labelled by
its <title> (the scene's title) and <desc> (the scene's accessible-mirror description as it
opens); no "nan", "inf" or "undefined" anywhere, every coordinate a finite number inside the
drawing; colours only through classes, each styled by web/lesson.css or by the stills' own
style sheet (stills.css, never an inline <style>), whose rules all stay inside .still and which gives the dark scheme every colour it gives
the light one; the numbers and words it shows are the scene's: each expected text is the whole
text of a <text> or <tspan>, the numbers shown on their own are exactly the expected ones in
order, and the texts expected bold (or not) are drawn so.

usage: check_stills.py ATTENTION_STILLS STILLS_EXPECTED LESSON_TXT LESSON_CSS OUT_DIR
"""
import json
import math
import os
import re
import subprocess
import sys
import xml.dom.minidom

NUMERIC_ATTRIBUTES = {"x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "dy",
                      "stroke-width"}
# A number on its own, with either decimal mark (English "0.25", Spanish "0,25") and either minus.
NUMBER = re.compile(r"^[\u2212-]?\d+([.,]\d+)?(e[+-]?\d+)?$")
BOLD = {"still-b", "still-strong"}


def fail(scene, message):
    raise AssertionError(f"{scene}: {message}")


def text_of(node):
    if node.nodeType == node.TEXT_NODE:
        return node.data
    return "".join(text_of(child) for child in node.childNodes)


def normalize(text):
    return re.sub(r"\s+", " ", text).strip()


def finite_numbers(value):
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?", value)]


def classes(node):
    return set(node.getAttribute("class").split()) if node.nodeType == node.ELEMENT_NODE else set()


def check_style(scene, css):
    """The still's own style sheet: its classes, all of its rules inside .still, and a dark
    scheme that sets every custom property the light one sets."""
    if re.search(r"[<>&]", css):
        fail(scene, "its <style> holds <, > or &")
    body = re.sub(r"@media[^{]*\{((?:[^{}]*\{[^{}]*\})*)\s*\}", r"\1", css)
    for selectors in re.findall(r"([^{}]+)\{[^{}]*\}", body):
        for selector in selectors.split(","):
            if not selector.strip().startswith(".still"):
                fail(scene, f"its <style> reaches outside the still: {selector.strip()!r}")
    light = re.match(r"\s*\.still\{([^{}]*)\}", css)
    dark = re.search(r"@media \(prefers-color-scheme: dark\)\{\.still\{([^{}]*)\}\}", css)
    if not light or not dark:
        fail(scene, "its <style> does not open with the light colours and then the dark ones")
    names = lambda block: set(re.findall(r"(--[a-z0-9-]+):", block))
    if names(light.group(1)) != names(dark.group(1)):
        fail(scene, f"the dark scheme misses {sorted(names(light.group(1)) - names(dark.group(1)))}")
    return set(re.findall(r"\.([a-z][a-z0-9-]*)", css))


def check_scene(scene, svg_text, expected, css_classes, stylesheet):
    if re.search(r"(?i)(?<![a-z])(nan|inf|infinity|undefined)(?![a-z])", svg_text):
        fail(scene, "holds nan, inf or undefined")
    try:
        document = xml.dom.minidom.parseString(svg_text)
    except Exception as error:  # noqa: BLE001 - any parse error fails the check
        fail(scene, f"is not well-formed XML: {error}")
    svg = document.documentElement
    if svg.tagName != "svg" or svg.getAttribute("role") != "img":
        fail(scene, f"the root is <{svg.tagName} role={svg.getAttribute('role')!r}>, not <svg role='img'>")
    view = finite_numbers(svg.getAttribute("viewBox"))
    if len(view) != 4 or view[2] <= 0 or view[3] <= 0:
        fail(scene, f"viewBox {svg.getAttribute('viewBox')!r}")
    width, height = view[2], view[3]

    children = [c for c in svg.childNodes if c.nodeType == c.ELEMENT_NODE]
    if len(children) < 3 or children[0].tagName != "title" or children[1].tagName != "desc":
        fail(scene, "does not open with <title> then <desc>")
    title, desc = normalize(text_of(children[0])), normalize(text_of(children[1]))
    if title != normalize(expected["title"]):
        fail(scene, f"title {title!r}, expected {expected['title']!r}")
    if desc != normalize(expected["desc"]):
        fail(scene, f"desc {desc!r}, expected the scene's mirror description {expected['desc']!r}")
    labels = svg.getAttribute("aria-labelledby").split()
    if labels != [children[0].getAttribute("id"), children[1].getAttribute("id")] or not all(labels):
        fail(scene, f"aria-labelledby {labels} does not name its title and desc")
    if svg.getElementsByTagName("style"):
        fail(scene, "holds a <style>: a strict Content-Security-Policy would refuse it (stills.css has the stills' styles)")
    known = set(css_classes) | check_style(scene, stylesheet)

    for element in svg.getElementsByTagName("*"):
        for name in ("style", "fill", "stroke", "color", "stop-color"):
            if element.hasAttribute(name):
                fail(scene, f"<{element.tagName}> sets {name}= instead of a class")
        for css_class in classes(element):
            if css_class not in known:
                fail(scene, f"class {css_class!r} is styled neither by lesson.css nor by the still's <style>")
        for name, value in element.attributes.items():
            if name in NUMERIC_ATTRIBUTES or name in ("points", "transform", "d"):
                numbers = finite_numbers(value)
                if not numbers or not all(math.isfinite(n) for n in numbers):
                    fail(scene, f"<{element.tagName} {name}={value!r}> is not a finite number")
        inside = {"x": width, "cx": width, "x1": width, "x2": width, "y": height, "cy": height, "y1": height,
                  "y2": height}
        for name, limit in inside.items():
            if element.hasAttribute(name) and element.tagName != "tspan":
                value = float(element.getAttribute(name))
                if value < 0 or value > limit:
                    fail(scene, f"<{element.tagName} {name}={value}> lies outside the drawing (0..{limit})")
        for name in ("points", "d"):
            coordinates = finite_numbers(element.getAttribute(name))
            for x, y in zip(coordinates[0::2], coordinates[1::2]):
                if not (0 <= x <= width and 0 <= y <= height):
                    fail(scene, f"<{element.tagName} {name}=...> reaches ({x}, {y}), outside the drawing")

    texts = [normalize(text_of(t)) for t in svg.getElementsByTagName("text")]
    spans = [normalize(text_of(t)) for t in svg.getElementsByTagName("tspan")]
    shown = set(texts) | set(spans)
    for text in expected["texts"]:
        if normalize(text) not in shown:
            fail(scene, f"shows no text {text!r}; its texts: {texts}")
    numbers = [normalize(text_of(t)) for t in svg.getElementsByTagName("*")
               if t.tagName in ("text", "tspan") and NUMBER.match(normalize(text_of(t)))]
    if numbers != expected["numbers"]:
        fail(scene, f"shows the numbers {numbers}, expected {expected['numbers']}")
    # A <text> is bold by its own class; a <tspan> by its own or its <text>'s.
    bold = set()
    regular = set()
    for t in list(svg.getElementsByTagName("text")) + list(svg.getElementsByTagName("tspan")):
        is_bold = bool((classes(t) | (classes(t.parentNode) if t.tagName == "tspan" else set())) & BOLD)
        (bold if is_bold else regular).add(normalize(text_of(t)))
    for text in expected["strong"]:
        if normalize(text) not in bold:
            fail(scene, f"does not draw {text!r} bold")
    for text in expected["plain"]:
        if normalize(text) not in regular:
            fail(scene, f"draws {text!r} bold, or not at all")


def locales(lesson_txt):
    """English (None), then each locale's lesson file beside it: LESSON_DIR/CODE/lesson.txt."""
    folder = os.path.dirname(os.path.abspath(lesson_txt))
    found = [None]
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry, "lesson.txt")
        if os.path.isfile(path):
            found.append((entry, path))
    return found


def main():
    if len(sys.argv) != 6:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    tool, expect, lesson_txt, lesson_css, out_dir = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    with open(lesson_css, encoding="utf-8") as f:
        css_classes = set(re.findall(r"\.([a-z][a-z0-9-]*)", f.read()))

    failures = 0
    for locale in locales(lesson_txt):
        code, translation = locale if locale else ("en", None)
        words = [lesson_txt] + ([translation] if translation else [])
        output = os.path.join(out_dir, "stills.json" if code == "en" else f"stills-{code}.json")
        subprocess.run([tool, *words, output], check=True)
        with open(output, encoding="utf-8") as f:
            stills = json.load(f)
        expected = json.loads(subprocess.run([expect, *words], check=True, capture_output=True, text=True).stdout)
        stylesheet = stills.pop("stylesheet", "")
        if list(stills) != list(expected):
            print(f"not ok - {code}: the stills are {list(stills)}, the scenes {list(expected)}")
            failures += 1
        for scene, want in expected.items():
            try:
                if scene not in stills:
                    fail(scene, "has no still")
                check_scene(scene, stills[scene], want, css_classes, stylesheet)
                name = f"{scene}.svg" if code == "en" else f"{code}-{scene}.svg"
                with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
                    f.write(stills[scene])
                print(f"ok - {code} {scene}")
            except AssertionError as error:
                print(f"not ok - {code} {error}")
                failures += 1
    print(f"stills: {failures} failed" if failures else "stills: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
