#!/usr/bin/env python3
"""Checks attention_stills: runs it on the lesson text and checks each scene's still against
what stills_expected computes through the scenes' own compute functions.

For every scene of the registry: the still is well-formed XML, an <svg role="img"> labelled by
its <title> (the scene's title) and <desc> (the scene's accessible-mirror description as it
opens); no "nan", "inf" or "undefined" anywhere, every coordinate a finite number inside the
drawing; colours only through classes that web/lesson.css styles; and the numbers and words it
shows are the scene's: each expected text is the whole text of a <text> or <tspan>, and where the
expectation lists the still's numbers, they are exactly those, in order.

usage: check_stills.py ATTENTION_STILLS STILLS_EXPECTED LESSON_TXT LESSON_CSS OUT_DIR
"""
import json
import math
import os
import re
import subprocess
import sys
import xml.dom.minidom

NUMERIC_ATTRIBUTES = {"x", "y", "width", "height", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "dy"}
NUMBER = re.compile(r"^[\u2212-]?\d+(\.\d+)?(e[+-]?\d+)?$")


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


def check_scene(scene, svg_text, expected, css_classes):
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

    for element in svg.getElementsByTagName("*"):
        for name in ("style", "fill", "stroke", "color", "stop-color"):
            if element.hasAttribute(name):
                fail(scene, f"<{element.tagName}> sets {name}= instead of a class")
        for css_class in element.getAttribute("class").split():
            if css_class not in css_classes:
                fail(scene, f"class {css_class!r} is not styled by lesson.css")
        for name, value in element.attributes.items():
            if name in NUMERIC_ATTRIBUTES or name in ("points", "transform"):
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

    texts = [normalize(text_of(t)) for t in svg.getElementsByTagName("text")]
    spans = [normalize(text_of(t)) for t in svg.getElementsByTagName("tspan")]
    shown = set(texts) | set(spans)
    for text in expected["texts"]:
        if normalize(text) not in shown:
            fail(scene, f"shows no text {text!r}; its texts: {texts}")
    if expected["numbers"]:
        numbers = [normalize(text_of(t)) for t in svg.getElementsByTagName("*")
                   if t.tagName in ("text", "tspan") and NUMBER.match(normalize(text_of(t)))]
        if numbers != expected["numbers"]:
            fail(scene, f"shows the numbers {numbers}, expected {expected['numbers']}")
    if expected["strong"]:
        strong = [normalize(text_of(t)) for t in svg.getElementsByTagName("text")
                  if "still-strong" in t.getAttribute("class").split()]
        if normalize(expected["strong"]) not in strong:
            fail(scene, f"does not mark {expected['strong']!r}; marked: {strong}")
        others = set(normalize(t) for t in expected["texts"]) - {normalize(expected["strong"])}
        if others & set(strong):
            fail(scene, f"marks more than {expected['strong']!r}: {sorted(others & set(strong))}")


def main():
    if len(sys.argv) != 6:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    tool, expect, lesson_txt, lesson_css, out_dir = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    output = os.path.join(out_dir, "stills.json")
    subprocess.run([tool, lesson_txt, output], check=True)
    with open(output, encoding="utf-8") as f:
        stills = json.load(f)
    expected = json.loads(subprocess.run([expect, lesson_txt], check=True, capture_output=True, text=True).stdout)
    with open(lesson_css, encoding="utf-8") as f:
        css_classes = set(re.findall(r"\.([a-z][a-z0-9-]*)", f.read()))

    failures = 0
    if list(stills) != list(expected):
        print(f"not ok - the stills are {list(stills)}, the scenes {list(expected)}")
        failures += 1
    for scene, want in expected.items():
        try:
            if scene not in stills:
                fail(scene, "has no still")
            check_scene(scene, stills[scene], want, css_classes)
            with open(os.path.join(out_dir, f"{scene}.svg"), "w", encoding="utf-8") as f:
                f.write(stills[scene])
            print(f"ok - {scene}")
        except AssertionError as error:
            print(f"not ok - {error}")
            failures += 1
    print(f"stills: {failures} failed" if failures else "stills: all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
