#!/usr/bin/env python3
"""Differential fuzzer: `scrollscript trace` against tools/refmodel.py, frame by frame.

A seeded generator draws scenarios over the configuration space of spec §3 (screen, fps
30/60/120, every header form, toolbar, titled and untitled sections, open and closed,
accordion and `single`, refresh, the tunables within their ranges) and 3-12 actions of §4,
each drawn only where it is valid in the state the model has reached. Each scenario is run
twice: by the Swift tool (`scrollscript trace FILE --format jsonl --columns ...`) and by
the independent Python model (tools/refmodel.py) driven by the same steps. Every column is
compared at every frame: numbers within 1e-6 absolute or 1e-9 relative, states, booleans
and text exactly, the same number of rows, and the tool must exit 0.

Ties are skipped and counted, never compared: a scenario whose model trace moves when
every threshold of the model is nudged by +1e-7 and by -1e-7 (refmodel.NUDGE: a threshold
hit exactly, which two correct implementations may break either way), or that releases
within 1e-9 of a bound.

Each scenario with a toolbar is also written a second time with the repository's declared
toolbar (scenarios/declared/toolbar.scroll, spec §9) in place of the built-in, and the tool's
two traces must give the same offset, y and state at every frame (within 1e-9): spec §9's
identity, on random scenarios (see "The declared toolbar's twin" below).

A disagreement is shrunk (actions, then configuration lines) to a minimal scenario that
still disagrees in the same column, and printed with its first differing frame, column and
both values. The last lines are `twins N, identical I, differ D, skipped S` and
`compared N, agree A, differ D, skipped S`; the exit status is 1 when either D > 0 (2 on
a usage error or a tool that cannot run).

    python3 tools/difffuzz.py --seed 1 --count 300            # what CI runs (.ci/run)
    python3 tools/difffuzz.py --seed 7 --count 5000           # before/after a refactor
    python3 tools/difffuzz.py --seed 1 --only 42 --show       # one scenario, its text
    python3 tools/difffuzz.py --selftest                      # a planted slip is caught

Options: --bin PATH (default .build/debug/scrollscript, else .build/release/...),
--no-refresh / --only-refresh (restrict the configurations), --keep DIR (write every
minimal disagreement there as a .scroll file), --plant NAME (plant a slip, for the
self-test: in the model, `toolbar-late`, the toolbar's tracking one frame late; in the
declared toolbar, `twin-ease`, its show and hide eased), --twins N (compare the declared
toolbar's twins of the first N scenarios only; 0: none).

Python 3.11 standard library only; it shares no code with the Swift tool.
"""

import argparse
import copy
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import refmodel  # noqa: E402
from refmodel import World, ScenarioError  # noqa: E402

ABS_TOL = 1e-6
REL_TOL = 1e-9
NUDGE = 1e-7
# A scenario's model run stops drawing actions past this much simulated time (a settle can
# take many seconds; the Python model is the slow side).
MAX_SECONDS = 30.0

# ---------------------------------------------------------------------------
# Configuration lines (spec §3)
# ---------------------------------------------------------------------------
# Each line is a tuple; `render_line` writes it as the scenario language does and
# `world_kwargs` turns a list of them into refmodel.World's arguments.
#   ("screen", W, H)   ("fps", N)   ("header", H, pin, parallax, toggle, nostretch)
#   ("toolbar", H|None)   ("section", title|None, rows:int|list, open)   ("sections", N, M)
#   ("accordion", single)   ("refresh",)   ("set", name, text)


class Invalid(Exception):
    """A configuration (or a shrunk candidate) that is not a valid scenario."""


def num(x):
    """A number as the scenario writes it: whole numbers without a point."""
    if isinstance(x, str):
        return x
    if float(x) == int(x):
        return str(int(x))
    return repr(float(x))


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_line(line):
    kind = line[0]
    if kind == "screen":
        return "screen %s x %s" % (num(line[1]), num(line[2]))
    if kind == "fps":
        return "fps %d" % line[1]
    if kind == "header":
        _, h, pin, par, tog, nostretch = line
        out = "header %s" % num(h)
        if pin is not None:
            out += " pin %s" % num(pin)
        if par is not None:
            out += " parallax %s" % num(par)
        if tog is not None:
            out += " toggle %s" % num(tog)
        if nostretch:
            out += " nostretch"
        return out
    if kind == "toolbar":
        return "toolbar" if line[1] is None else "toolbar %s" % num(line[1])
    if kind == "section":
        _, title, rows, is_open = line
        out = "section"
        if title is not None:
            out += " " + quote(title)
        if isinstance(rows, int):
            out += " rows %d" % rows
        else:
            out += " rows " + " ".join(quote(r) for r in rows)
        if not is_open:
            out += " closed"
        return out
    if kind == "sections":
        return "sections %d rows %d" % (line[1], line[2])
    if kind == "accordion":
        return "accordion single" if line[1] else "accordion"
    if kind == "refresh":
        return "refresh"
    if kind == "set":
        return "set %s %s" % (line[1], line[2])
    raise ValueError(kind)


# Which declaration a tunable's name needs (a `toolbar.*` name without a toolbar is an
# error in the tool; the model would silently accept it).
def tunable_needs(name):
    if name.startswith("toolbar."):
        return "toolbar"
    if name.startswith("header."):
        return "toggle"
    if name.startswith("accordion."):
        return "accordion"
    if name.startswith("refresh."):
        return "refresh"
    return None


def world_kwargs(lines):
    kw = {"tunables": {}}
    sections = None
    have = set()
    for line in lines:
        kind = line[0]
        if kind == "screen":
            kw["screen"] = (float(line[1]), float(line[2]))
        elif kind == "fps":
            kw["fps"] = line[1]
        elif kind == "header":
            _, h, pin, par, tog, nostretch = line
            kw["header"] = dict(height=float(h), pin=None if pin is None else float(pin),
                                parallax=None if par is None else float(par),
                                toggle=None if tog is None else float(tog), stretch=not nostretch)
            have.add("header")
            if tog is not None:
                have.add("toggle")
        elif kind == "toolbar":
            kw["toolbar"] = 44.0 if line[1] is None else float(line[1])
            have.add("toolbar")
        elif kind == "section":
            sections = (sections or []) + [(line[1], line[2], line[3])]
        elif kind == "sections":
            sections = (sections or []) + [("Section %d" % i, line[2], True) for i in range(line[1])]
        elif kind == "accordion":
            kw["accordion"] = "single" if line[1] else "multiple"
            have.add("accordion")
        elif kind == "refresh":
            kw["refresh"] = True
            have.add("refresh")
        elif kind == "set":
            text = line[2]
            kw["tunables"][line[1]] = {"true": True, "false": False}.get(text, None)
            if kw["tunables"][line[1]] is None:
                kw["tunables"][line[1]] = float(text)
    for name in kw["tunables"]:
        need = tunable_needs(name)
        if need is not None and need not in have:
            raise Invalid("set %s without %s" % (name, need))
    if kw.get("refresh") and "header" in kw and kw["header"]["stretch"]:
        raise Invalid("refresh with a stretchy header")
    if "header" in kw and kw["header"]["pin"] is not None and kw["header"]["pin"] > kw["header"]["height"]:
        raise Invalid("pin above the header's height")
    kw["sections"] = sections
    return kw


def make_world(lines, world_class=World):
    kw = world_kwargs(lines)
    tunables = kw.pop("tunables")
    return world_class(**kw, **tunables)


# ---------------------------------------------------------------------------
# Actions (spec §4)
# ---------------------------------------------------------------------------
# ("pull", D) ("drag", D, T|None) ("release",) ("fling", V) ("swipe", D, T|None)
# ("tap header", None|I|"TITLE") ("tap row", I, J) ("tap toolbar",) ("tap", X, Y)
# ("wait", T) ("tick", N) ("settle",)

def render_step(step):
    kind = step[0]
    if kind == "pull":
        return "pull %s" % num(step[1])
    if kind in ("drag", "swipe"):
        out = "%s %s" % (kind, num(step[1]))
        if step[2] is not None:
            out += " in %ss" % num(step[2])
        return out
    if kind == "release":
        return "release"
    if kind == "fling":
        return "fling %s" % num(step[1])
    if kind == "tap header":
        if step[1] is None:
            return "tap header"
        if isinstance(step[1], str):
            return "tap header " + quote(step[1])
        return "tap header %d" % step[1]
    if kind == "tap row":
        return "tap row %d %d" % (step[1], step[2])
    if kind == "tap toolbar":
        return "tap toolbar"
    if kind == "tap":
        return "tap %s %s" % (num(step[1]), num(step[2]))
    if kind == "wait":
        return "wait %ss" % num(step[1])
    if kind == "tick":
        return "tick %d" % step[1]
    if kind == "settle":
        return "settle"
    raise ValueError(kind)


def apply_step(w, step):
    """Runs one action on the model. Returns the tap's receiver for a tap, else None;
    raises ScenarioError where the action is not valid in this state."""
    kind = step[0]
    if kind == "pull":
        w.pull(float(step[1]))
    elif kind == "drag":
        w.drag(float(step[1]), None if step[2] is None else float(step[2]))
    elif kind == "release":
        w.release()
    elif kind == "fling":
        w.fling(float(step[1]))
    elif kind == "swipe":
        w.swipe(float(step[1]), None if step[2] is None else float(step[2]))
    elif kind == "tap header":
        if isinstance(step[1], str):
            return w.tap_header_titled(step[1])
        if step[1] is not None and not isinstance(step[1], int):
            raise ScenarioError("bad section")
        return w.tap_header(step[1])
    elif kind == "tap row":
        return w.tap_row(step[1], step[2])
    elif kind == "tap toolbar":
        if w.tb_h is None:
            raise ScenarioError("no toolbar")
        return w.tap_toolbar()
    elif kind == "tap":
        if w.finger_down:
            raise ScenarioError("tap while a finger is down")
        return w.tap(float(step[1]), float(step[2]))
    elif kind == "wait":
        w.wait(float(step[1]))
    elif kind == "tick":
        w.tick(step[1])
    elif kind == "settle":
        w.settle()
    else:
        raise ValueError(kind)
    return None


ACTS_AT_ONCE = ("release", "tap header", "tap row", "tap toolbar", "tap")

# ---------------------------------------------------------------------------
# Columns: the tool's names and the model's values
# ---------------------------------------------------------------------------


def columns_for(w):
    """[(name, getter)] for a world built from the configuration; getter(world, tap)."""
    cols = [
        ("frame", lambda w, tap: w.k),
        ("time", lambda w, tap: w.k / w.fps),
        ("phase", lambda w, tap: w.phase),
        ("offset", lambda w, tap: w.offset),
        ("velocity", lambda w, tap: w.vel),
        ("content.height", lambda w, tap: w.content_height()),
        ("finger.down", lambda w, tap: w.finger_down),
        ("finger.translation", lambda w, tap: w.p),
        ("finger.velocity", lambda w, tap: w.fv),
        ("offset.min", lambda w, tap: w.min_bound()),
        ("offset.max", lambda w, tap: w.max_bound()),
        ("tap.target", lambda w, tap: tap),
    ]
    if w.header is not None:
        cols += [
            ("header.y", lambda w, tap: w.header_y()),
            ("header.height", lambda w, tap: w.header_height()),
            ("header.bottom", lambda w, tap: w.header_bottom()),
            ("header.scale", lambda w, tap: w.header_scale()),
            ("header.image.y", lambda w, tap: w.header_image_y()),
            ("header.image.height", lambda w, tap: w.header_height()),
        ]
        if w.header["toggle"] is not None:
            cols.append(("header.expanded", lambda w, tap: w.expanded))
    if w.tb_h is not None:
        cols += [
            ("toolbar.y", lambda w, tap: w.tb_y),
            ("toolbar.state", lambda w, tap: w.tb_state),
            ("toolbar.height", lambda w, tap: w.tb_h),
        ]
    if w.refresh:
        cols += [
            ("refresh.state", lambda w, tap: w.rf_state),
            ("refresh.progress", lambda w, tap: w.rf_progress()),
            ("refresh.inset", lambda w, tap: w.rf_inset),
            ("refresh.count", lambda w, tap: w.rf_count),
        ]
    for i, sec in enumerate(w.sections):
        if sec["title"] is not None:
            cols.append(("section[%d].y" % i, lambda w, tap, i=i: w.section_y(i)))
        cols += [
            ("section[%d].height" % i, lambda w, tap, i=i: w.section_header_h(i)),
            ("section[%d].open" % i, lambda w, tap, i=i: w.sections[i]["open"]),
        ]
        if sec["rows"] > 0:
            for j in sorted({0, sec["rows"] - 1}):
                cols += [
                    ("row[%d,%d].y" % (i, j), lambda w, tap, i=i, j=j: w.row_y(i, j)),
                    ("row[%d,%d].height" % (i, j), lambda w, tap, i=i: w.row_height(i)),
                    ("row[%d,%d].visible" % (i, j), lambda w, tap, i=i, j=j: row_visible(w, i, j)),
                ]
    return cols


def row_visible(w, i, j):
    y, h = w.row_y(i, j), w.row_height(i)
    return h > 0 and y < w.H and y + h > 0


class ModelRun:
    """The model's trace of a scenario: rows of values in column order."""

    def __init__(self, rows, names, tie):
        self.rows, self.names, self.tie = rows, names, tie


def run_model(lines, steps, nudge=0.0, world_class=World):
    """Runs the scenario on the model; raises ScenarioError/Invalid if it is not valid."""
    refmodel.NUDGE = nudge
    try:
        w = make_world(lines, world_class)
        cols = columns_for(w)
        names = [c[0] for c in cols]
        getters = [c[1] for c in cols]
        rows = []
        state = {"tap": "", "after": False}

        def snap(world):
            rows.append([g(world, state["tap"]) for g in getters])

        def on_frame(world):
            state["after"] = False
            snap(world)

        snap(w)
        w.on_frame = on_frame
        for step in steps:
            before = w.k
            receiver = apply_step(w, step)
            if step[0] in ("fling", "swipe") and w.k > before:
                # The finger lifts at the end of the gesture's last frame, after step 5: the
                # tool's row for that frame is the world after the lift.
                rows[-1] = [g(w, state["tap"]) for g in getters]
            if step[0] in ACTS_AT_ONCE:
                state["tap"] = World.tap_target(receiver) if receiver is not None else state["tap"]
                if w.k == before:
                    state["after"] = True
        if state["after"]:
            snap(w)
        return ModelRun(rows, names, w.released_at_bound)
    finally:
        refmodel.NUDGE = 0.0


def same_value(a, b):
    """The comparison rule: numbers within 1e-6 absolute / 1e-9 relative; else equal."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b or (isinstance(a, bool) and isinstance(b, bool) and a == b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) or math.isnan(b):
            return False
        d = abs(a - b)
        return d <= ABS_TOL or d <= REL_TOL * max(abs(a), abs(b))
    return a == b


def first_difference(rows_a, rows_b, names):
    """(frame row index, column, a, b) of the first difference, or None. A row count that
    differs is reported at the first row one side lacks, column `rows`."""
    for r, (ra, rb) in enumerate(zip(rows_a, rows_b)):
        for k, name in enumerate(names):
            if not same_value(ra[k], rb[k]):
                return (r, name, ra[k], rb[k])
    if len(rows_a) != len(rows_b):
        n = min(len(rows_a), len(rows_b))
        return (n, "rows", len(rows_a), len(rows_b))
    return None


def is_tie(lines, steps, base, world_class=World):
    """The model's trace moves when every threshold is nudged by +-1e-7 (or it released
    within 1e-9 of a bound): a tie."""
    if base.tie:
        return True
    for n in (NUDGE, -NUDGE):
        try:
            other = run_model(lines, steps, n, world_class)
        except (ScenarioError, Invalid, ValueError, IndexError, ZeroDivisionError):
            return True
        if other.tie or first_difference(base.rows, other.rows, base.names) is not None:
            return True
    return False


# ---------------------------------------------------------------------------
# The tool
# ---------------------------------------------------------------------------

def scenario_text(lines, steps):
    return "".join(render_line(l) + "\n" for l in lines) + "".join(render_step(s) + "\n" for s in steps)


class ToolRun:
    def __init__(self, rc, rows, stderr):
        self.rc, self.rows, self.stderr = rc, rows, stderr


class Tool:
    def __init__(self, binary, workdir, declared=None):
        """`declared`: the declared toolbar's text, written beside the scenario for the
        twins to import (None: the repository's, scenarios/declared/toolbar.scroll)."""
        self.binary = binary
        self.path = os.path.join(workdir, "fuzz.scroll")
        self.calls = 0
        self.seconds = 0.0
        if declared is None and os.path.exists(DECLARED_TOOLBAR_FILE):
            with open(DECLARED_TOOLBAR_FILE, encoding="utf-8") as f:
                declared = f.read()
        if declared is not None:
            with open(os.path.join(workdir, DECLARED_TOOLBAR_NAME), "w", encoding="utf-8") as f:
                f.write(declared)

    def trace(self, text, names):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(text)
        start = time.monotonic()
        p = subprocess.run([self.binary, "trace", self.path, "--format", "jsonl", "--columns", ",".join(names)],
                           capture_output=True, text=True)
        self.seconds += time.monotonic() - start
        self.calls += 1
        rows = []
        if p.returncode == 0:
            for line in p.stdout.splitlines():
                obj = json.loads(line)
                rows.append([obj.get(n) for n in names])
        return ToolRun(p.returncode, rows, p.stderr.strip())


# ---------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------

TITLES = ["Section A", "山手線", "B", "Fruit", "x y", "Section 3", "中央線", "Z"]


def pick(rng, lo, hi, places=0):
    """A number in [lo, hi] on a grid of 10^-places, as text-exact as a float."""
    if places == 0:
        return rng.randint(int(lo), int(hi))
    scale = 10 ** places
    return round(rng.randint(int(round(lo * scale)), int(round(hi * scale))) / scale, places)


TUNABLE_DRAWS = {
    "row.height": (20, 80, 0), "section.height": (10, 50, 0), "deceleration": (0.99, 0.999, 3),
    "rubberband": (0.3, 0.8, 2), "bounce.stiffness": (50, 400, 0), "bounce.damping": (0.5, 2.0, 1),
    "snapback.stiffness": (500, 4000, 0), "snapback.damping": (0.8, 4.0, 1),
    "deceleration.stopVelocity": (0.1, 50, 1), "drag.speed": (100, 2000, 0),
    "fling.duration": (0.05, 0.3, 2), "toolbar.showVelocity": (200, 2000, 0),
    "toolbar.hideDistance": (0, 80, 0), "toolbar.duration": (0.05, 0.5, 2),
    "header.duration": (0.05, 0.5, 2), "accordion.duration": (0.05, 0.5, 2),
    "inset.top": (0, 100, 0), "refresh.trigger": (20, 200, 0), "refresh.height": (0, 100, 0),
    "refresh.duration": (0, 2, 2), "refresh.endDuration": (0, 0.6, 2),
}


def gen_config(rng, refresh_mode):
    lines = []
    if rng.random() < 0.5:
        lines.append(("screen", pick(rng, 200, 1000), pick(rng, 300, 1400)))
    if rng.random() < 0.6:
        lines.append(("fps", rng.choice([30, 60, 120])))
    want_refresh = {"any": rng.random() < 0.3, "none": False, "only": True}[refresh_mode]
    if rng.random() < 0.6:
        h = pick(rng, 30, 400)
        pin = pick(rng, 0, h) if rng.random() < 0.4 else None
        par = pick(rng, 0, 1, 2) if rng.random() < 0.3 else None
        tog = pick(rng, 20, 400) if rng.random() < 0.35 else None
        nostretch = want_refresh or rng.random() < 0.25
        lines.append(("header", h, pin, par, tog, nostretch))
    if rng.random() < 0.55:
        lines.append(("toolbar", None if rng.random() < 0.5 else pick(rng, 10, 120)))
    r = rng.random()
    if r < 0.25:
        pass                                   # one untitled section of 30 rows
    elif r < 0.45:
        lines.append(("sections", rng.randint(1, 6), rng.randint(0, 25)))
    else:
        titles = list(TITLES)
        rng.shuffle(titles)
        for i in range(rng.randint(1, 6)):
            title = titles[i] if rng.random() < 0.75 else None
            if rng.random() < 0.15:
                rows = ["r%d" % k for k in range(rng.randint(1, 4))]
            else:
                rows = rng.randint(0, 30)
            lines.append(("section", title, rows, rng.random() < 0.75))
    if rng.random() < 0.45:
        lines.append(("accordion", rng.random() < 0.4))
    if want_refresh:
        lines.append(("refresh",))
    have = {l[0] for l in lines}
    if any(l[0] == "header" and l[4] is not None for l in lines):
        have.add("toggle")
    for name, (lo, hi, places) in TUNABLE_DRAWS.items():
        need = tunable_needs(name)
        if need is not None and need not in have:
            continue
        if rng.random() < 0.12:
            lines.append(("set", name, num(pick(rng, lo, hi, places))))
    if "toggle" in have and rng.random() < 0.15:
        lines.append(("set", "header.bodyFollows", "false"))
    rng.shuffle(lines)
    # `section` lines are numbered in the order written: keep their relative order.
    secs = [l for l in lines if l[0] == "section"]
    it = iter(secs)
    return [next(it) if l[0] == "section" else l for l in lines]


def draw_step(rng, w, last=None):
    """One action of §4 drawn for world w (validity is checked by trying it). Edges are
    drawn more often than a uniform draw would: tiny distances and speeds (a release
    slower than 1 pt/s), short waits, and a tap repeated at once (the first one may only
    stop the motion)."""
    H, W = w.H, w.W
    if last is not None and last[0] in ACTS_AT_ONCE and last[0] != "release" and rng.random() < 0.3:
        return last
    choices = ["pull", "drag", "fling", "swipe", "wait", "tick"]
    weights = [3, 5, 5, 4, 4, 2]
    if w.finger_down:
        choices.append("release")
        weights.append(8)
    else:
        choices += ["tap", "settle"]
        weights += [3, 3]
        if w.header is not None:
            choices.append("tap header")
            weights.append(2)
        if any(s["title"] is not None for s in w.sections):
            choices.append("tap section")
            weights.append(3)
        if any(s["rows"] > 0 for s in w.sections):
            choices.append("tap row")
            weights.append(2)
        if w.tb_h is not None:
            choices.append("tap toolbar")
            weights.append(3)
    kind = rng.choices(choices, weights)[0]
    dur = (lambda: pick(rng, 0.01, 2.0, 2)) if rng.random() < 0.5 else (lambda: None)
    small = rng.random() < 0.15
    if kind == "pull":
        return ("pull", pick(rng, 1, 5 if small else H))
    if kind in ("drag", "swipe"):
        d = pick(rng, 1, 5 if small else H) * rng.choice([-1, 1])
        return (kind, d, dur())
    if kind == "fling":
        v = pick(rng, 1, 30 if small else 8000) * rng.choice([-1, 1])
        return ("fling", v)
    if kind == "wait":
        return ("wait", pick(rng, 0.01, 0.05 if small else 2.0, 2))
    if kind == "tick":
        return ("tick", rng.randint(1, 20))
    if kind == "release":
        return ("release",)
    if kind == "settle":
        return ("settle",)
    if kind == "tap":
        return ("tap", pick(rng, 0, W - 0.01, 2), pick(rng, 0, H - 0.01, 2))
    if kind == "tap header":
        return ("tap header", None)
    if kind == "tap section":
        titled = [i for i, s in enumerate(w.sections) if s["title"] is not None]
        i = rng.choice(titled)
        if rng.random() < 0.3:
            return ("tap header", w.sections[i]["title"])
        return ("tap header", i)
    if kind == "tap row":
        i = rng.choice([i for i, s in enumerate(w.sections) if s["rows"] > 0])
        return ("tap row", i, rng.randrange(w.sections[i]["rows"]))
    if kind == "tap toolbar":
        return ("tap toolbar",)
    raise ValueError(kind)


def gen_scenario(seed, index, refresh_mode):
    """Scenario `index` of `seed`: (lines, steps), each action valid where the model is."""
    rng = random.Random("%s:%d" % (seed, index))
    for _ in range(100):
        lines = gen_config(rng, refresh_mode)
        try:
            w = make_world(lines)
        except Invalid:
            continue
        break
    want = rng.randint(3, 12)
    steps = []
    tries = 0
    while len(steps) < want and tries < 200 and w.time < MAX_SECONDS:
        tries += 1
        step = draw_step(rng, w, steps[-1] if steps else None)
        trial = copy.deepcopy(w)
        try:
            apply_step(trial, step)
        except (ScenarioError, ZeroDivisionError, IndexError, ValueError):
            continue
        w = trial
        steps.append(step)
    return lines, steps


# ---------------------------------------------------------------------------
# Comparing, shrinking
# ---------------------------------------------------------------------------

class Outcome:
    """agree / differ (with the difference) / skip (a tie) / invalid (not a scenario)."""

    def __init__(self, kind, diff=None, model=None, tool=None):
        self.kind, self.diff, self.model, self.tool = kind, diff, model, tool


def compare(tool, lines, steps, world_class=World):
    try:
        base = run_model(lines, steps, 0.0, world_class)
    except (ScenarioError, Invalid, ValueError, IndexError, ZeroDivisionError):
        return Outcome("invalid")
    if is_tie(lines, steps, base, world_class):
        return Outcome("skip", model=base)
    t = tool.trace(scenario_text(lines, steps), base.names)
    if t.rc != 0:
        return Outcome("differ", diff=(0, "exit status", t.rc, 0), model=base, tool=t)
    d = first_difference(t.rows, base.rows, base.names)
    if d is None:
        return Outcome("agree", model=base, tool=t)
    return Outcome("differ", diff=d, model=base, tool=t)


def shrink(tool, lines, steps, column, world_class=World, comparison=compare):
    """Removes actions, then configuration lines, while the scenario still disagrees in
    `column` (and is valid and no tie) by `comparison` (compare: the tool against the
    model; compare_twin: the built-in toolbar against the declared one). Returns (lines,
    steps, outcome)."""
    best = comparison(tool, lines, steps, world_class)

    def still(l, s):
        o = comparison(tool, l, s, world_class)
        return o if o.kind == "differ" and o.diff[1] == column else None

    for part in ("steps", "lines"):
        if part == "lines":
            # every line of one kind at once (all the sections: the default table; all sets)
            for kind in ("section", "set", "sections"):
                cand = [l for l in lines if l[0] != kind]
                if len(cand) < len(lines):
                    o = still(cand, steps)
                    if o is not None:
                        lines, best = cand, o
        changed = True
        while changed:
            changed = False
            seq = steps if part == "steps" else lines
            # chunks first (halves, quarters, ...), then one at a time, from the end
            size = max(1, len(seq) // 2)
            while size >= 1:
                i = len(seq) - size
                while i >= 0:
                    cand = seq[:i] + seq[i + size:]
                    o = still(lines, cand) if part == "steps" else still(cand, steps)
                    if o is not None:
                        seq = cand
                        best = o
                        changed = True
                        if part == "steps":
                            steps = seq
                        else:
                            lines = seq
                    i -= 1
                    i = min(i, len(seq) - size)
                size //= 2
    # Simpler numbers where they still disagree: each action's numbers halved toward 0.
    for k in range(len(steps)):
        for _ in range(6):
            s = steps[k]
            if s[0] not in ("pull", "drag", "swipe", "fling", "wait", "tick"):
                break
            v = s[1]
            nv = int(v / 2) if isinstance(v, int) else round(v / 2, 2)
            if nv == 0 or nv == v:
                break
            cand = steps[:k] + [(s[0], nv) + tuple(s[2:])] + steps[k + 1:]
            o = still(lines, cand)
            if o is None:
                break
            steps, best = cand, o
    return lines, steps, best


def fmt_value(v):
    return json.dumps(v, ensure_ascii=False)


def report(index, lines, steps, outcome, orig_steps, orig_lines):
    r, column, tv, mv = outcome.diff
    rows = outcome.model.rows
    if column == "exit status":
        where = "the tool exited %s: %s" % (tv, (outcome.tool.stderr or "").splitlines()[:3])
    else:
        frame = rows[min(r, len(rows) - 1)][0] if rows else 0
        where = "first differing row %d (frame %s), column %s: tool %s, model %s" % (
            r, frame, column, fmt_value(tv), fmt_value(mv))
    out = ["DIFFER scenario #%d (%d actions, %d configuration lines; shrunk to %d and %d)"
           % (index, len(orig_steps), len(orig_lines), len(steps), len(lines)),
           "  " + where]
    out += ["  | " + l for l in scenario_text(lines, steps).splitlines()]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Planted slips (the self-test): the model made wrong on purpose
# ---------------------------------------------------------------------------

class ToolbarLate(World):
    """The toolbar's tracking one frame late: it reads the previous frame's finger."""

    def frame(self, finger=None):
        self._late = (self.p, self.fv)
        World.frame(self, finger)

    def tb_tracking(self):
        now = (self.p, self.fv)
        self.p, self.fv = getattr(self, "_late", now)
        try:
            World.tb_tracking(self)
        finally:
            self.p, self.fv = now


PLANTS = {"toolbar-late": ToolbarLate}
# Slips planted in the declared toolbar (the twin's side), as text edits of its declaration.
TWIN_PLANTS = {
    # its show and hide ease in and out instead of running linearly
    "twin-ease": lambda text: text.replace(" over duration linear then", " over duration easeInOut then"),
}

# ---------------------------------------------------------------------------
# The declared toolbar's twin (item 6 of issue 35; spec §9's last paragraph)
# ---------------------------------------------------------------------------
# Each scenario with a toolbar is written a second time with the repository's declared
# toolbar (scenarios/declared/toolbar.scroll, behaviour `bar`) in place of the built-in,
# and both run by the tool: offset, y and state must be identical at every frame (within
# 1e-9), the same rows, and both must exit 0. No model in the comparison: tool against
# tool. The model only says, at each `tap toolbar`, what the built-in aims at, to write
# the tap that is exactly the same for the declared one.

DECLARED_TOOLBAR_FILE = os.path.join(os.path.dirname(HERE), "scenarios", "declared", "toolbar.scroll")
# The declaration is copied next to the scenario the tool reads (Tool.workdir) under this
# name, and imported relative to it (so a planted variant can stand in its place).
DECLARED_TOOLBAR_NAME = "declared-toolbar.scroll"
# (import line, use line): the twin's first line and the toolbar line's replacement.
DECLARED_TOOLBAR = ('import "%s"' % DECLARED_TOOLBAR_NAME, "use bar")
TWIN_COLUMNS = (["frame", "offset", "toolbar.y", "toolbar.state"], ["frame", "offset", "bar.y", "bar.state"])
TWIN_NAMES = ["frame", "offset", "y", "state"]
TWIN_TOL = 1e-9


def has_toolbar(lines):
    return any(l[0] == "toolbar" for l in lines)


def toolbar_taps(lines, steps, world_class=World):
    """What each `tap toolbar` of the scenario becomes for the declared toolbar, in order:
    `tap bar` where the built-in's toolbar has a visible part (§4: the centre of that part;
    a targeted `tap bar` is the centre of its on-screen part, the same view and the same
    `reveal`), `tap bar.zone` where it has none and is hidden or hiding (§4's redirect to
    the reveal zone, present then), None where it has none and is `showing` (the built-in
    taps the toolbar itself, which changes nothing but may stop a motion; the declared bar
    has no view to take that tap: no exact equivalent). Decided on the model's world
    just before each tap; raises ScenarioError/Invalid where the scenario is not valid."""
    out = []
    if not any(s[0] == "tap toolbar" for s in steps):
        return out
    refmodel.NUDGE = 0.0
    w = make_world(lines, world_class)
    for step in steps:
        if step[0] == "tap toolbar":
            if min(w.H, w.tb_y + w.tb_h) > max(0.0, w.tb_y):
                out.append("tap bar")
            elif w.tb_state in ("hidden", "hiding"):
                out.append("tap bar.zone")
            else:
                out.append(None)
        apply_step(w, step)
    return out


def declared_twin(lines, steps, taps=None):
    """The scenario with the declared toolbar in place of the built-in: `toolbar [H]` →
    `use bar` and `set bar.height H` (44 without H), `set toolbar.X V` → `set bar.X V`,
    each `tap toolbar` → `taps`' words (toolbar_taps). None without a toolbar, or when a
    `tap toolbar` has no exact equivalent."""
    if DECLARED_TOOLBAR is None or not has_toolbar(lines):
        return None
    if taps is None:
        taps = toolbar_taps(lines, steps)
    if any(t is None for t in taps):
        return None
    imp, use = DECLARED_TOOLBAR
    out = [imp]
    for l in lines:
        if l[0] == "toolbar":
            out += [use, "set bar.height %s" % num(44 if l[1] is None else l[1])]
        elif l[0] == "set" and l[1].startswith("toolbar."):
            out.append("set bar.%s %s" % (l[1][len("toolbar."):], l[2]))
        else:
            out.append(render_line(l))
    it = iter(taps)
    for s in steps:
        out.append(next(it) if s[0] == "tap toolbar" else render_step(s))
    return "\n".join(out) + "\n"


def twin_same(a, b):
    """Twins' values: numbers within 1e-9 (absolute or relative), everything else equal."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) or math.isnan(b):
            return False
        d = abs(a - b)
        return d <= TWIN_TOL or d <= TWIN_TOL * max(abs(a), abs(b))
    return a == b


def twin_difference(rows_a, rows_b):
    """(row, column, built-in, declared) of the first difference, or None."""
    for r, (ra, rb) in enumerate(zip(rows_a, rows_b)):
        for k, name in enumerate(TWIN_NAMES):
            if not twin_same(ra[k], rb[k]):
                return (r, name, ra[k], rb[k])
    if len(rows_a) != len(rows_b):
        return (min(len(rows_a), len(rows_b)), "rows", len(rows_a), len(rows_b))
    return None


def compare_twin(tool, lines, steps, world_class=World, builtin=None, tie=None):
    """The built-in's trace against the declared twin's. Outcome kinds: none (no toolbar),
    invalid (not a scenario on the model), skip (a `tap toolbar` with no exact equivalent,
    or one in a tie: the model may not know what it aims at), identical, differ.
    `builtin`: the built-in's ToolRun if one was made with TWIN_COLUMNS[0] among its columns
    (`names`); `tie`: whether the model found the scenario a tie, if known."""
    if not has_toolbar(lines):
        return Outcome("none")
    try:
        taps = toolbar_taps(lines, steps, world_class)
    except (ScenarioError, Invalid, ValueError, IndexError, ZeroDivisionError):
        return Outcome("invalid")
    if any(t is None for t in taps):
        return Outcome("skip")
    if taps:
        if tie is None:
            try:
                tie = is_tie(lines, steps, run_model(lines, steps, 0.0, world_class), world_class)
            except (ScenarioError, Invalid, ValueError, IndexError, ZeroDivisionError):
                return Outcome("invalid")
        if tie:
            return Outcome("skip")
    if builtin is None:
        builtin = tool.trace(scenario_text(lines, steps), TWIN_COLUMNS[0])
    else:
        run, names = builtin
        idx = [names.index(n) for n in TWIN_COLUMNS[0]]
        builtin = ToolRun(run.rc, [[row[i] for i in idx] for row in run.rows], run.stderr)
    twin = tool.trace(declared_twin(lines, steps, taps), TWIN_COLUMNS[1])
    if builtin.rc != 0 or twin.rc != 0:
        return Outcome("differ", diff=(0, "exit status", builtin.rc, twin.rc), model=builtin, tool=twin)
    d = twin_difference(builtin.rows, twin.rows)
    if d is None:
        return Outcome("identical", model=builtin, tool=twin)
    return Outcome("differ", diff=d, model=builtin, tool=twin)


def report_twin(index, lines, steps, outcome, orig_steps, orig_lines):
    r, column, bv, dv = outcome.diff
    if column == "exit status":
        bad = outcome.tool if dv != 0 else outcome.model
        where = "exit status: built-in %s, declared %s: %s" % (bv, dv, (bad.stderr or "").splitlines()[:3])
    else:
        rows = outcome.model.rows
        frame = rows[min(r, len(rows) - 1)][0] if rows else 0
        where = "first differing row %d (frame %s), column %s: built-in %s, declared %s" % (
            r, frame, column, fmt_value(bv), fmt_value(dv))
    out = ["TWIN DIFFERS scenario #%d (%d actions, %d configuration lines; shrunk to %d and %d)"
           % (index, len(orig_steps), len(orig_lines), len(steps), len(lines)),
           "  " + where]
    out += ["  | " + l for l in scenario_text(lines, steps).splitlines()]
    twin = declared_twin(lines, steps) or ""
    out += ["  twin: " + l for l in twin.splitlines()]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def find_binary(arg):
    if arg:
        return arg
    root = os.path.dirname(HERE)
    for kind in ("debug", "release"):
        p = os.path.join(root, ".build", kind, "scrollscript")
        if os.path.exists(p):
            return p
    return None


def planted(args):
    """(the model's class, the declared toolbar's text or None for the repository's)."""
    if args.plant in TWIN_PLANTS:
        with open(DECLARED_TOOLBAR_FILE, encoding="utf-8") as f:
            return World, TWIN_PLANTS[args.plant](f.read())
    return (PLANTS[args.plant] if args.plant else World), None


def twin_wanted(args, index):
    return args.twins is None or index < args.twins


def fuzz(args, out=sys.stdout):
    binary = find_binary(args.bin)
    if binary is None or not os.path.exists(binary):
        print("difffuzz: no scrollscript binary (swift build, or --bin PATH)", file=sys.stderr)
        return 2, None
    world_class, declared = planted(args)
    mode = "none" if args.no_refresh else ("only" if args.only_refresh else "any")
    counts = {"agree": 0, "differ": 0, "skip": 0, "invalid": 0}
    twins = {"none": 0, "identical": 0, "differ": 0, "skip": 0, "invalid": 0}
    found = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="difffuzz-") as tmp:
        tool = Tool(binary, tmp, declared)
        indexes = [args.only] if args.only is not None else range(args.count)
        jobs = max(1, args.jobs)
        if jobs > 1 and len(indexes) > 1:
            import multiprocessing
            pool = multiprocessing.get_context("fork").Pool(
                jobs, initializer=_worker_init, initargs=(binary, tmp, args.plant, declared))
            results = pool.imap(_worker, [(args.seed, i, mode, twin_wanted(args, i)) for i in indexes],
                                chunksize=4)
        else:
            pool = None
            results = ((gen_scenario(args.seed, i, mode), None) for i in indexes)
        for index, ((lines, steps), pre) in zip(indexes, results):
            if args.show:
                print("# scenario #%d" % index, file=out)
                print(scenario_text(lines, steps), end="", file=out)
            if pre is not None:
                kind, twin_kind, calls, seconds = pre
                tool.calls += calls
                tool.seconds += seconds
                # only a disagreement is compared again here, to shrink it
                o = compare(tool, lines, steps, world_class) if kind == "differ" else Outcome(kind)
                if twin_kind == "differ":
                    to = compare_twin(tool, lines, steps, world_class)
                else:
                    to = Outcome(twin_kind)
            else:
                o = compare(tool, lines, steps, world_class)
                to = twin_of(tool, lines, steps, o, world_class) if twin_wanted(args, index) else Outcome("none")
            counts[o.kind] += 1
            twins[to.kind] += 1
            if o.kind == "differ":
                sl, ss, so = shrink(tool, lines, steps, o.diff[1], world_class)
                text = report(index, sl, ss, so, steps, lines)
                print(text, file=out, flush=True)
                found.append((index, sl, ss, so))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, "differ-%d-%d.scroll" % (args.seed, index)), "w",
                              encoding="utf-8") as f:
                        f.write(scenario_text(sl, ss))
            if to.kind == "differ":
                sl, ss, so = shrink(tool, lines, steps, to.diff[1], world_class, compare_twin)
                print(report_twin(index, sl, ss, so, steps, lines), file=out, flush=True)
                found.append((index, sl, ss, so))
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    keep_twin(args.keep, "twin-%s-%d" % (args.seed, index), sl, ss, declared)
            if args.first and found:
                break
        if pool is not None:
            pool.terminate()
            pool.join()
        elapsed = time.monotonic() - start
        compared = counts["agree"] + counts["differ"]
        print("seed %s: %d scenarios in %.1f s (%d tool runs, %.1f s of them)%s" % (
            args.seed, sum(counts.values()), elapsed, tool.calls, tool.seconds,
            "; %d generated invalid" % counts["invalid"] if counts["invalid"] else ""), file=out)
        print("twins %d, identical %d, differ %d, skipped %d"
              % (twins["identical"] + twins["differ"], twins["identical"], twins["differ"], twins["skip"]),
              file=out)
        print("compared %d, agree %d, differ %d, skipped %d"
              % (compared, counts["agree"], counts["differ"], counts["skip"]), file=out, flush=True)
    return (1 if counts["differ"] or twins["differ"] else 0), found


def twin_of(tool, lines, steps, o, world_class):
    """The twin comparison of a scenario whose comparison with the model gave `o` (its
    built-in trace is reused when it has one)."""
    if o.kind == "invalid":
        return Outcome("invalid")
    builtin = (o.tool, o.model.names) if o.tool is not None and o.tool.rc == 0 else None
    return compare_twin(tool, lines, steps, world_class, builtin=builtin, tie=(o.kind == "skip"))


def keep_twin(folder, stem, lines, steps, declared):
    """The built-in scenario and its twin, the twin importing the declaration it ran."""
    with open(os.path.join(folder, stem + ".scroll"), "w", encoding="utf-8") as f:
        f.write(scenario_text(lines, steps))
    twin = declared_twin(lines, steps) or ""
    if declared is None:
        target = os.path.relpath(DECLARED_TOOLBAR_FILE, folder)
    else:
        target = stem + "-declared.scroll"
        with open(os.path.join(folder, target), "w", encoding="utf-8") as f:
            f.write(declared)
    twin = twin.replace(DECLARED_TOOLBAR[0], 'import %s' % quote(target), 1)
    with open(os.path.join(folder, stem + "-twin.scroll"), "w", encoding="utf-8") as f:
        f.write(twin)


_WORKER = {}


def _worker_init(binary, tmp, plant, declared):
    d = tempfile.mkdtemp(prefix="job-", dir=tmp)
    _WORKER["tool"] = Tool(binary, d, declared)
    _WORKER["class"] = PLANTS.get(plant, World) if plant else World


def _worker(job):
    """One scenario in a worker process: its text and what the comparisons found."""
    seed, index, mode, twin = job
    tool = _WORKER["tool"]
    calls, seconds = tool.calls, tool.seconds
    lines, steps = gen_scenario(seed, index, mode)
    o = compare(tool, lines, steps, _WORKER["class"])
    to = twin_of(tool, lines, steps, o, _WORKER["class"]) if twin else Outcome("none")
    return (lines, steps), (o.kind, to.kind, tool.calls - calls, tool.seconds - seconds)


def selftest(args):
    """The fuzzer's own checks: the comparison rule, the tie rule, and a planted one-frame
    slip (the toolbar's tracking one frame late) found and shrunk to <= 3 actions."""
    assert same_value(1.0, 1.0 + 5e-7) and not same_value(1.0, 1.0 + 2e-6)
    assert same_value(1e6, 1e6 * (1 + 5e-10)) and not same_value(1e6, 1e6 + 0.01)
    assert not same_value(True, 1) and same_value("idle", "idle") and not same_value(None, 0.0)
    assert first_difference([[0, 1.0]], [[0, 1.0], [1, 2.0]], ["frame", "offset"]) == (1, "rows", 1, 2)
    # A tie: a toolbar hideDistance hit exactly by the finger (drag -22 is p = -22 at its last
    # frame, and the rule is p < -22) moves under the nudge.
    lines = [("toolbar", None)]
    steps = [("drag", -23, None)]
    assert not is_tie(lines, steps, run_model(lines, steps))
    lines = [("toolbar", None), ("set", "toolbar.hideDistance", "22")]
    steps = [("drag", -22, None)]
    assert is_tie(lines, steps, run_model(lines, steps)), "an exact threshold is a tie"
    # The twin's text and its `tap toolbar`s (spec §4, §9): a visible toolbar is `tap bar`;
    # hidden (a drag of -100 hid it, it went on hiding in the settle) the reveal zone; a second
    # tap in the instant the show starts (`showing`, nothing on screen) has no equivalent.
    lines = [("fps", 30), ("toolbar", 60), ("set", "toolbar.duration", "0.3")]
    steps = [("tap toolbar",), ("drag", -100, None), ("release",), ("settle",), ("tap toolbar",)]
    assert toolbar_taps(lines, steps) == ["tap bar", "tap bar.zone"]
    assert declared_twin(lines, steps) == (
        DECLARED_TOOLBAR[0] + "\nfps 30\nuse bar\nset bar.height 60\nset bar.duration 0.3\n"
        "tap bar\ndrag -100\nrelease\nsettle\ntap bar.zone\n"), declared_twin(lines, steps)
    assert declared_twin([("toolbar", None)], [("wait", 1)]).splitlines()[1:3] == ["use bar", "set bar.height 44"]
    assert toolbar_taps(lines, steps + [("tap toolbar",)])[-1] is None
    assert declared_twin(lines, steps + [("tap toolbar",)]) is None
    assert declared_twin([("fps", 30)], steps[1:4]) is None
    assert twin_same(600.0, 600.0 + 1e-10) and not twin_same(1.0, 1.0 + 1e-8) and not twin_same("shown", "hiding")
    assert twin_difference([[0, 0.0, 607.0, "shown"]], [[0, 0.0, 607.0, "shown"]]) is None
    assert twin_difference([[0, 0.0, 607.0, "shown"]], [[0, 0.0, 607.5, "shown"]]) == (0, "y", 607.0, 607.5)
    # The planted slips: found, shrunk, in the right column.
    args.first = True
    args.only = None
    for plant, twins, column in (("toolbar-late", 0, "toolbar."), ("twin-ease", None, "y")):
        args.plant, args.twins = plant, twins
        buf = _Buffer()
        rc, found = fuzz(args, out=buf)
        sys.stdout.write(buf.text)
        assert rc == 1 and found, "the planted slip %s was not found" % plant
        index, sl, ss, so = found[0]
        assert len(ss) <= 3, "%s: shrunk to %d actions" % (plant, len(ss))
        assert so.diff[1].startswith(column), (plant, so.diff)
        if plant == "twin-ease":
            assert "TWIN DIFFERS" in buf.text, buf.text
        print("difffuzz selftest: ok (the planted slip %s found in scenario #%d, shrunk to %d actions)"
              % (plant, index, len(ss)))
    return 0


class _Buffer:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="1")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--only", type=int)
    ap.add_argument("--show", action="store_true", help="print each scenario's text")
    ap.add_argument("--bin")
    ap.add_argument("--no-refresh", action="store_true")
    ap.add_argument("--only-refresh", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("--plant", choices=sorted(PLANTS) + sorted(TWIN_PLANTS))
    ap.add_argument("--twins", type=int, metavar="N",
                    help="compare the declared toolbar's twin of the first N scenarios only (default: all; 0: none)")
    ap.add_argument("--first", action="store_true", help="stop at the first disagreement")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="scenarios compared at once (default: the cores); the output is the same")
    ap.add_argument("--selftest", action="store_true")
    args = ap.parse_args(argv)
    if args.selftest:
        if args.count == 200:
            args.count = 300
        return selftest(args)
    rc, _ = fuzz(args)
    return rc


if __name__ == "__main__":
    sys.exit(main())
