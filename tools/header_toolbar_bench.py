#!/usr/bin/env python3
"""Writes a large file of header/toolbar scenarios for timing `scrollscript check`.

One scene (a pinned header, titled sections, a toolbar) and then small scenarios until
the file reaches the size asked for: every third declares a header and a toolbar of its
own, the others run on the scene's. Each scenario drags or flings and checks a few
observables, so `check` reads configuration, actions and expectations in every one.
Nothing is random: the same size gives the same bytes.

    python3 tools/header_toolbar_bench.py 20 > /tmp/ht.scroll     # about 20 MB
    scrollscript check /tmp/ht.scroll
"""
import sys

SCENE = """scene {
  header 240 pin 60
  sections 5 rows 8
  toolbar
}

"""


def scenario(i: int) -> str:
    lines = [f'scenario "header and toolbar {i}" {{']
    if i % 3 == 0:
        lines.append(f"  header {200 + i % 50} pin {40 + i % 20}")
        lines.append(f"  toolbar {44 + i % 10}")
    if i % 5 == 0:
        lines.append(f"  set drag.speed {300 + i % 200}")
    lines.append("  expect toolbar.state == shown")
    lines.append(f"  pull {20 + i % 60}")
    lines.append("  expect header.height >= 200")
    lines.append("  release")
    lines.append("  settle")
    lines.append("  expect offset == 0")
    lines.append(f"  fling -{600 + i % 400}")
    lines.append("  expect toolbar.state == hiding or toolbar.state == hidden")
    lines.append("  settle")
    lines.append("  expect header.bottom >= 0")
    lines.append("}")
    return "\n".join(lines) + "\n\n"


def main() -> None:
    megabytes = float(sys.argv[1]) if len(sys.argv) > 1 else 20
    limit = int(megabytes * 1_000_000)
    out = sys.stdout
    out.write(SCENE)
    size = len(SCENE)
    i = 0
    while size < limit:
        s = scenario(i)
        out.write(s)
        size += len(s.encode())
        i += 1


if __name__ == "__main__":
    main()
