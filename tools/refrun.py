#!/usr/bin/env python3
"""Run .scroll scenario files against the reference model (tools/refmodel.py).

A cross-check of the hand-written expectations, not the product: it understands the
subset of the language the shipped scenarios use (scene/scenario blocks, the
configuration statements, the actions -- pull, drag, swipe and fling with an expression
argument and `in T`, release, wait, tick, settle, tap X Y, tap header [I | "TITLE"],
tap row I J, tap toolbar --, expect / expect within / expect always, ~= with within,
and/or/not, + - * /, `tap.target`; a record placeholder `?` fails its expectation, as
`run` does), and reports each scenario's first failing expectation or runtime error
with its line. A statement or file outside that subset is reported (BAD, exit status
1), never passed. It shares no code with the Swift tool. Every shipped scenario runs
(CI runs the first command below, .ci/run).

    python3 tools/refrun.py scenarios/*.scroll
    python3 tools/refrun.py --expect-fail Tests/scrollscriptTests/Scenarios/fail/*.scroll
"""

import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from refmodel import World, ScenarioError  # noqa: E402

STATES = {"idle", "dragging", "decelerating", "bouncing", "shown", "hidden", "showing", "hiding",
          "pulling", "refreshing", "ending"}
TOKEN = re.compile(r'\s*(?:(\d+(?:\.\d+)?(?:e[+-]?\d+)?)(ms|s|pt)?|("(?:[^"\\]|\\.)*")|'
                   r'([A-Za-z_.][A-Za-z0-9_.]*)|(~=|==|!=|<=|>=|[<>+\-*/(),\[\]{};?]))')


TUNABLE_KINDS = {"row.height": "points", "section.height": "points", "deceleration": "number",
                 "rubberband": "number", "bounce.stiffness": "number", "bounce.damping": "number",
                 "snapback.stiffness": "number", "snapback.damping": "number",
                 "deceleration.stopVelocity": "velocity",
                 "drag.speed": "velocity", "fling.duration": "seconds",
                 "toolbar.showVelocity": "velocity", "toolbar.hideDistance": "points",
                 "toolbar.duration": "seconds", "header.duration": "seconds",
                 "header.bodyFollows": "bool", "accordion.duration": "seconds", "inset.top": "points",
                 "refresh.trigger": "points", "refresh.height": "points", "refresh.duration": "seconds",
                 "refresh.endDuration": "seconds"}


class Fail(Exception):
    pass


def tokenize(text):
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise SyntaxError("cannot read %r" % text[pos:])
        pos = m.end()
        num, unit, string, word, op = m.groups()
        if num is not None:
            v = float(num)
            if unit == "ms":
                v /= 1000
            out.append(("num", v, "s" if unit in ("s", "ms") else None))
        elif string is not None:
            out.append(("str", bytes(string[1:-1], "utf-8").decode("unicode_escape")
                        if "\\" in string else string[1:-1], None))
        elif word is not None:
            out.append(("word", word, None))
        else:
            out.append(("op", op, None))
    return out


# -- expressions ------------------------------------------------------------------

class Expr:
    """Parses one expression to a closure world -> (value, kind)."""

    def __init__(self, tokens):
        self.t, self.i = tokens, 0

    def peek(self, v=None):
        if self.i < len(self.t) and (v is None or self.t[self.i][1] == v):
            return self.t[self.i]
        return None

    def take(self):
        tok = self.t[self.i]
        self.i += 1
        return tok

    def parse(self):
        e = self.or_()
        if self.i != len(self.t):
            raise SyntaxError("trailing %r" % (self.t[self.i:],))
        return e

    def or_(self):
        a = self.and_()
        while self.peek("or"):
            self.take()
            b, a0 = self.and_(), a
            a = (lambda a0, b: lambda w: (a0(w)[0] or b(w)[0], "bool"))(a0, b)
        return a

    def and_(self):
        a = self.not_()
        while self.peek("and"):
            self.take()
            b, a0 = self.not_(), a
            a = (lambda a0, b: lambda w: (a0(w)[0] and b(w)[0], "bool"))(a0, b)
        return a

    def not_(self):
        if self.peek("not"):
            self.take()
            a = self.not_()
            return lambda w: (not a(w)[0], "bool")
        return self.cmp()

    def cmp(self):
        a = self.add()
        tok = self.peek()
        if tok and tok[1] in ("==", "!=", "<", "<=", ">", ">=", "~="):
            op = self.take()[1]
            b = self.add()
            tol = None
            if op == "~=" and self.peek("within"):
                self.take()
                tol = self.add()

            def f(w, a=a, b=b, op=op, tol=tol):
                (x, kx), (y, _) = a(w), b(w)
                if op == "~=":
                    if tol is not None:
                        eps = tol(w)[0]
                    else:
                        eps = {"points": 0.5, "velocity": 0.5, "seconds": 0.5 / w.fps,
                               "number": 0.005}.get(kx, 0.5)
                    return abs(x - y) <= eps + 1e-12, "bool"
                return {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y,
                        ">": x > y, ">=": x >= y}[op], "bool"
            return f
        return a

    def add(self):
        a = self.mul()
        while self.peek() and self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            op = self.take()[1]
            b, a0 = self.mul(), a
            a = (lambda a0, b, op: lambda w: ((a0(w)[0] + b(w)[0]) if op == "+" else (a0(w)[0] - b(w)[0]),
                                               a0(w)[1]))(a0, b, op)
        return a

    def mul(self):
        a = self.unary()
        while self.peek() and self.peek()[1] in ("*", "/") and self.peek()[0] == "op":
            op = self.take()[1]
            b, a0 = self.unary(), a
            a = (lambda a0, b, op: lambda w: ((a0(w)[0] * b(w)[0]) if op == "*" else (a0(w)[0] / b(w)[0]),
                                               a0(w)[1]))(a0, b, op)
        return a

    def unary(self):
        if self.peek("-") and self.peek()[0] == "op":
            self.take()
            a = self.unary()
            return lambda w: (-a(w)[0], a(w)[1])
        return self.primary()

    def primary(self):
        kind, v, unit = self.take()
        if kind == "num":
            return lambda w: (v, "seconds" if unit == "s" else "points")
        if kind == "str":
            return lambda w: (v, "string")
        if kind == "op" and v == "?":
            def placeholder(w):
                raise Fail("a '?' has no value until 'run --update' writes one (t=%.3f)" % w.time)
            return placeholder
        if kind == "op" and v == "(":
            e = self.or_()
            assert self.take()[1] == ")"
            return e
        if kind == "word":
            if v in ("true", "false"):
                return lambda w: (v == "true", "bool")
            if v in STATES:
                return lambda w: (v, "state")
            if v in ("section", "row") and self.peek("["):
                self.take()
                idx = [self.add()]
                while self.peek(","):
                    self.take()
                    idx.append(self.add())
                assert self.take()[1] == "]"
                member = self.take()[1]
                assert member.startswith(".")
                return observable(v + member, idx)
            return observable(v, [])
        raise SyntaxError("unexpected %r" % (v,))


def observable(name, idx):
    def ints(w):
        return [int(e(w)[0]) for e in idx]

    table = {
        "time": lambda w: (w.time, "seconds"),
        "offset": lambda w: (w.offset, "points"),
        "velocity": lambda w: (w.vel, "velocity"),
        "phase": lambda w: (w.phase, "state"),
        "content.height": lambda w: (w.content_height(), "points"),
        "finger.down": lambda w: (w.finger_down, "bool"),
        "finger.translation": lambda w: (w.p, "points"),
        "finger.velocity": lambda w: (w.fv, "velocity"),
        "header.y": lambda w: (w.header_y(), "points"),
        "header.height": lambda w: (w.header_height(), "points"),
        "header.bottom": lambda w: (w.header_bottom(), "points"),
        "header.scale": lambda w: (w.header_scale(), "number"),
        "header.image.y": lambda w: (w.header_image_y(), "points"),
        "header.image.height": lambda w: (w.header_height(), "points"),
        "header.expanded": lambda w: (w.expanded, "bool"),
        "toolbar.y": lambda w: (w.tb_y, "points"),
        "toolbar.state": lambda w: (w.tb_state, "state"),
        "toolbar.height": lambda w: (w.tb_h, "points"),
        "offset.min": lambda w: (w.offset_min(), "points"),
        "offset.max": lambda w: (w.offset_max(), "points"),
        "refresh.state": lambda w: (w.rf_state, "state"),
        "refresh.progress": lambda w: (w.rf_progress(), "number"),
        "refresh.inset": lambda w: (w.rf_inset, "points"),
        "refresh.count": lambda w: (w.rf_count, "count"),
        "tap.target": lambda w: (getattr(w, "last_tap", ""), "string"),
        "screen.width": lambda w: (w.W, "points"),
        "screen.height": lambda w: (w.H, "points"),
        "section.y": lambda w: (w.section_y(ints(w)[0]), "points"),
        "section.open": lambda w: (w.sections[ints(w)[0]]["open"], "bool"),
        "section.rows": lambda w: (w.sections[ints(w)[0]]["rows"], "count"),
        "section.title": lambda w: (w.sections[ints(w)[0]]["title"] or "", "string"),
        "row.y": lambda w: (w.row_y(*ints(w)), "points"),
        "row.height": lambda w: (w.row_height(ints(w)[0]), "points"),
        "row.visible": lambda w: (w.row_height(ints(w)[0]) > 0 and
                                  -w.row_height(ints(w)[0]) < w.row_y(*ints(w)) < w.H, "bool"),
        "row.title": lambda w: (w.row_titles[ints(w)[0]][ints(w)[1]], "string"),
    }
    if not idx and name in TUNABLE_KINDS:
        # a tunable by its name (spec §5): its value in this scenario
        return lambda w: (w.t[name], TUNABLE_KINDS[name])
    if name not in table:
        raise SyntaxError("unknown observable %s" % name)
    return table[name]


# -- files ------------------------------------------------------------------------

def split_statements(text):
    """(line number, tokens) per statement; `{` ends the statement it opens, `}` and
    `;` are statements of their own / separators."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        cur = []
        for tok in tokenize(strip_comment(line)):
            if tok[1] == ";" and tok[0] == "op":
                if cur:
                    out.append((n, cur))
                cur = []
            elif tok[1] == "{" and tok[0] == "op":
                out.append((n, cur + [tok]))
                cur = []
            elif tok[1] == "}" and tok[0] == "op":
                if cur:
                    out.append((n, cur))
                out.append((n, [tok]))
                cur = []
            else:
                cur.append(tok)
        if cur:
            out.append((n, cur))
    return out


def strip_comment(line):
    inside = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            inside = not inside
        if ch == "#" and not inside:
            return line[:i]
    return line


def parse_blocks(stmts):
    """scene statements, [(name, line, body)]; a body is a list of (line, tokens) and
    ("repeat", line, count, body) items. A file without blocks: all in `scene`."""
    scene, scenarios = [], []
    stack = [scene]
    for n, toks in stmts:
        if toks[-1][1] == "{":
            if toks[0][1] == "scene":
                stack.append(scene)
            elif toks[0][1] == "scenario":
                body = []
                scenarios.append((toks[1][1], n, body))
                stack.append(body)
            else:   # repeat N {
                body = []
                stack[-1].append(("repeat", n, int(toks[1][1]), body))
                stack.append(body)
            continue
        if toks[0][1] == "}":
            stack.pop()
            continue
        stack[-1].append((n, toks))
    return scene, scenarios


CONFIG = {"screen", "fps", "header", "toolbar", "section", "sections", "accordion", "refresh", "set"}


def build_world(config):
    kw = dict(header=None, toolbar=None, sections=None, accordion=None, fps=60, screen=(375, 667))
    tun, secs, titles = {}, [], []
    for n, toks in config:
        w = [t[1] for t in toks]
        head = w[0]
        if head == "screen":
            nums = [x for x in w[1:] if x != "x"]
            if len(nums) == 2 and isinstance(nums[1], str) and nums[1].startswith("x"):
                nums[1] = float(nums[1][1:])      # "320x480": the lexer read 320 then x480
            kw["screen"] = (nums[0], nums[1])
        elif head == "fps":
            kw["fps"] = int(w[1])
        elif head == "header":
            h = dict(height=w[1])
            i = 2
            while i < len(w):
                if w[i] == "nostretch":
                    h["stretch"] = False
                    i += 1
                else:
                    h[w[i]] = w[i + 1]
                    i += 2
            kw["header"] = h
        elif head == "toolbar":
            kw["toolbar"] = w[1] if len(w) > 1 else 44.0
        elif head == "accordion":
            kw["accordion"] = "single" if len(w) > 1 else "multiple"
        elif head == "refresh":
            kw["refresh"] = True
        elif head == "sections":
            for i in range(int(w[1])):
                secs.append(("Section %d" % i, int(w[3]), True))
                titles.append([])
        elif head == "section":
            title = w[1] if toks[1][0] == "str" else None
            rest = w[2:] if title is not None else w[1:]
            is_open = rest[-1] != "closed"
            rest = [x for x in rest[1:] if x not in ("open", "closed")]
            if rest and isinstance(rest[0], float):
                secs.append((title, int(rest[0]), is_open))
                titles.append([])
            else:
                secs.append((title, len(rest), is_open))
                titles.append(rest)
        elif head == "set":
            val = w[2]
            val = {"fast": 0.99, "normal": 0.998, "true": True, "false": False}.get(val, val)
            tun[w[1].replace(".", "_")] = val
    kw["sections"] = secs or None
    world = World(**kw, **tun)
    world.row_titles = titles or [[]]
    return world


def run_scenario(scene, body):
    def is_config(s):
        return s[0] != "repeat" and s[1][0][1] in CONFIG and not (
            s[1][0][1] in ("header", "section", "toolbar") and len(s[1]) > 1 and s[1][1][1] in (".", "["))
    config = [s for s in scene if is_config(s)]
    own = [s for s in body if is_config(s) and not (s[1][0][1] in ("header", "section", "toolbar")
                                                            and len(s[1]) > 1 and s[1][1][1] in (".", "["))]
    if any(s[1][0][1] in ("section", "sections") for s in own):
        config = [s for s in config if s[1][0][1] not in ("section", "sections")]
    w = build_world(config + own)
    always = []

    def check_always():
        for line, e in always:
            if not e(w)[0]:
                raise Fail("line %d: expect always failed at t=%.3f" % (line, w.time))

    w.check_invariants = check_always
    registered = set()
    execute([s for s in body if not is_config(s)], w, always, registered, check_always)


def execute(body, w, always, registered, check_always):
    for item in body:
        if item[0] == "repeat":
            for _ in range(item[2]):
                execute(item[3], w, always, registered, check_always)
            continue
        n, toks = item
        words = [t[1] for t in toks]
        try:
            head = words[0]
            if head == "expect":
                if words[1] == "always":
                    if n not in registered:
                        registered.add(n)
                        always.append((n, Expr(toks[2:]).parse()))
                    check_always()
                elif words[1] == "within":
                    limit = w.frames(words[2])
                    e = Expr(toks[3:]).parse()
                    k = 0
                    while not e(w)[0]:
                        if k >= limit:
                            raise Fail("line %d: expect within never held (t=%.3f)" % (n, w.time))
                        w.frame()
                        k += 1
                else:
                    e = Expr(toks[1:]).parse()
                    if not e(w)[0]:
                        raise Fail("line %d: expect failed at t=%.3f" % (n, w.time))
            elif head == "pull":
                w.pull(argument(toks[1:], w)[0])
            elif head in ("drag", "swipe"):
                d, t = argument(toks[1:], w)
                (w.drag if head == "drag" else w.swipe)(d, t)
            elif head == "fling":
                w.fling(argument(toks[1:], w)[0])
            elif head == "release":
                w.release()
            elif head == "wait":
                w.wait(words[1])
            elif head == "tick":
                w.tick(int(words[1]) if len(words) > 1 else 1)
            elif head == "settle":
                w.settle()
            elif head == "tap":
                if len(words) > 1 and words[1] == "header":
                    if len(toks) > 2 and toks[2][0] == "str":
                        if w.finger_down:
                            raise ScenarioError("tap while a finger is down")
                        w.last_tap = w.tap_target(w.tap_header_titled(words[2]))
                    elif len(words) > 2:
                        if int(words[2]) >= len(w.sections):
                            raise ScenarioError("no section %d" % int(words[2]))
                        if w.finger_down:
                            raise ScenarioError("tap while a finger is down")
                        w.last_tap = w.tap_target(w.tap_header(int(words[2])))
                    else:
                        w.last_tap = w.tap_target(w.tap_header())
                elif words[1] == "row":
                    w.last_tap = w.tap_target(w.tap_row(int(words[2]), int(words[3])))
                elif words[1] == "toolbar":
                    w.last_tap = w.tap_target(w.tap_toolbar())
                else:
                    nums, sign = [], 1.0
                    for word in words[1:]:
                        if word == "-":
                            sign = -sign
                        else:
                            nums.append(sign * float(word))
                            sign = 1.0
                    w.last_tap = w.tap_target(w.tap(nums[0], nums[1]))
            elif head == "print":
                pass
            else:
                raise SyntaxError("unknown statement %r" % head)
        except ScenarioError as err:
            raise Fail("line %d: runtime error at t=%.3f: %s" % (n, w.time, err))


def argument(toks, w):
    """An action's argument, an expression (`drag -(offset.max + 50) in 1s`), and its
    `in T` duration or None."""
    cut = next((i for i, t in enumerate(toks) if t[0] == "word" and t[1] == "in"), len(toks))
    value = Expr(toks[:cut]).parse()(w)[0]
    duration = Expr(toks[cut + 1:]).parse()(w)[0] if cut < len(toks) else None
    return value, duration


def main(argv):
    expect_fail = "--expect-fail" in argv
    paths = [a for a in argv if not a.startswith("--")]
    bad = ran = unread = 0
    for path in paths:
        try:
            text = open(path, encoding="utf-8").read()
            scene, scenarios = parse_blocks(split_statements(text))
        except (OSError, UnicodeDecodeError, SyntaxError, IndexError, ValueError) as err:
            # outside the subset this runner reads: never a pass, whatever the mode
            unread += 1
            print("BAD  %s: cannot run it here: %s" % (path, err))
            continue
        if not scenarios:
            scenarios = [(os.path.basename(path), 1, scene)]
            scene = [s for s in scene if False]
        for name, line, body in scenarios:
            ran += 1
            try:
                run_scenario(scene, body)
                result = "PASS"
            except Fail as f:
                result = "FAIL " + str(f)
            except (SyntaxError, AssertionError, IndexError, KeyError, TypeError, ValueError) as err:
                bad += 1
                print("BAD  %s:%d %s: cannot run it here: %s" % (path, line, name, err or type(err).__name__))
                continue
            ok = result.startswith("FAIL") if expect_fail else result == "PASS"
            bad += 0 if ok else 1
            print("%s %s:%d %s: %s" % ("ok  " if ok else "BAD ", path, line, name, result))
    print("refrun: %d scenarios, %d as expected, %d not; %d files not read" % (ran, ran - bad, bad, unread))
    return 1 if bad or unread else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
