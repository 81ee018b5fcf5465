#!/usr/bin/env python3
"""Seeded mutation fuzzer for the scrollscript CLI (see docs/robustness.md).

Mutates the shipped scenario files (scenarios/*.scroll, Tests/**/*.scroll) and a
catalogue of extreme inputs, runs `check`, `run` and `fmt` on each case with a
timeout, and flags:

  - an exit status other than 0, 1 or 2 (a signal shows as >= 128 or negative),
  - a timeout (a hang, or a run slower than --timeout seconds),
  - "Fatal error", "Illegal instruction", "Segmentation fault" or a stack dump on stderr,
  - a diagnostic FILE:LINE:COL whose line or column is outside the file,
  - `fmt` output that does not format to itself, or checks differently from the input,
  - `run`/`check` disagreeing (check exits 2 but run does not, or the reverse),
  - `run` giving different output on a second run in another locale (LC_ALL=C, then
    ja_JP.UTF-8), with --determinism.

Usage:
  python3 tools/fuzz/fuzz.py --bin .build/debug/scrollscript --cases 2000 --seed 1
  python3 tools/fuzz/fuzz.py --bin ... --only-catalogue      # the fixed extreme cases

Failing inputs are saved under --out (default /tmp/scrollscript-fuzz) with a
report.txt listing input -> symptom. Exit status 1 when anything was flagged.
"""
import argparse
import glob
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

CRASH_MARKERS = [b"Fatal error", b"Illegal instruction", b"Segmentation fault",
                 b"Stack dump", b"Trace/breakpoint", b"Aborted", b"Current stack trace",
                 b"Swift runtime failure"]

NUMBERS = ["0", "1", "-1", "0.5", "1e308", "1e-320", "0e0", "9999999999999999999",
           "1e300", "1e18", "1e9", "100000", "100001", "10000", "10001", "1000", "1001",
           "0.0001", "0.9999999", "0.000001", "2147483648", "9223372036854775807",
           "18446744073709551616", "1e15", "4.5e15", "1e16", "(1/3)", "(0-0)", "-0",
           "1e-9", "86400", "86401", "86400s", "86401s", "1ms", "0ms", "1e9ms", "1e300s",
           "1e300pt", "0pt", "-1e308", "(1e308*10)", "(1e308+1e308)", "(0/1)", "1.",
           "1..2", "1e", "1e+", "0x10", "1_000", "12px", "3h"]

WEIRD = ["\x00", "\r", "\r\n", "\t", "\u3000", "\u00a0", "\U0001F600", "e\u0301",
         "\u202e", "\u200b", "\ufeff", "山手線", "\\", "\"", "#", "{", "}", "[", "]",
         "(", ")", ";", ",", ".", "~", "=", "!", "<", ">", "~=", "==", "\\u{110000}",
         "\\u{D800}", "\\u{", "\\u{1F600}"]

INVALID_UTF8 = [b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe3\x81",
                b"\x80", b"\xf0\x9f\x98", b"\xfe\xfe"]

STATEMENTS = [
    "screen 1 x 1", "screen 10000 x 10000", "screen 375x667", "fps 1", "fps 1000", "fps 7",
    "sections 10000 rows 10", "sections 1 rows 100000", "sections 0 rows 0",
    "header 10000 pin 10000", "header 1 pin 0 parallax 1 toggle 10000",
    "header 240 pin 60 parallax 0.2128", "header 50 toggle 100 nostretch",
    "toolbar", "toolbar 10000", "toolbar 0.0001", "accordion", "accordion single",
    "section rows 0", "section \"a\" rows 0 closed", "section \"x\" rows \"a\" \"b\" closed",
    "set bounce.damping 0.0001", "set bounce.damping 100", "set bounce.stiffness 1000000",
    "set bounce.stiffness 0.000001", "set snapback.damping 0.0001", "set snapback.damping 100",
    "set snapback.stiffness 1000000", "set snapback.stiffness 0.000001",
    "set deceleration.stopVelocity 0.1", "set deceleration.stopVelocity 1000", "set deceleration 0.000001", "set deceleration 0.9999999",
    "set deceleration fast", "set rubberband 1", "set rubberband 0.000001",
    "set inset.top 10000", "set row.height 0.0001", "set row.height 10000",
    "set section.height 10000", "set drag.speed 0.0001", "set drag.speed 100000",
    "set fling.duration 10", "set fling.duration 0.0001", "set toolbar.duration 60",
    "set toolbar.duration 0.0001", "set header.duration 0.0001", "set accordion.duration 60",
    "set header.bodyFollows false", "set toolbar.showVelocity 0", "set toolbar.hideDistance 0",
    "pull 120", "pull 1e9", "pull 0.0001", "drag -300 in 0.5s", "drag 1e9 in 1ms",
    "drag -1e9 in 1ms", "drag 1e306 in 1ms", "drag -1e306 in 1ms", "drag 1e308 in 1ms",
    "drag 100 in 86400s", "release", "fling 100000", "fling -100000", "fling 0",
    "fling 1", "tap header", "tap header 0", "tap header 9999", "tap toolbar", "tap 0 0",
    "tap 374.99 666.99", "tap -1 -1", "tap 1e308 1e308", "wait 0", "wait 86400s",
    "wait 86000s", "wait 60s", "tick", "tick 0", "tick 1000000", "settle", "frames",
    "print offset, velocity, phase, time", "print header.frame, toolbar.frame",
    "print section[0].y, row[0,0].y, row[0,0].visible, section[0].title, row[0,0].title",
    "print section[9999].y", "print row[0,99999].y", "print content.height / 0",
    "print offset / (offset - offset)", "print 1e308 * 10", "print -1e308 * 10",
    "print (1e308 * 10) - (1e308 * 10)", "expect always offset >= -1e308",
    "expect always time < 1e9", "expect within 86400s offset == 1",
    "expect within 1s phase == idle", "expect offset ~= 0 within 1e308",
    "expect header.scale ~= 1", "expect toolbar.state == hidden",
    "repeat 10000000 { tick 0 }", "repeat 3 { fling -300; settle }",
    "repeat 2 { repeat 2 { pull 10; release; settle } }", "header.height", "section[0].y",
    "tick (offset * 1e300)", "wait (offset + 1e300)", "repeat (time + 1e18) { tick }",
    "tap header (time * 1e30)", "print section[(offset + 1e30)].y",
    "print row[(0 - 1 + time), 0].y", "print section[(time + 0.5)].y",
    "drag (offset + 1e308) in 1ms", "fling (offset + 1e308)", "pull (offset + 1e-320)",
    "wait (time - 1)", "tick (time - 1)", "expect within (time + 1e300) true",
    "tap (time + 1e308) 0",
    # words: swipe, tap row, tap header "TITLE", recording, new names
    "swipe -100000 in 1ms", "swipe 1e308", "swipe (offset + 1e308) in 86400s", "swipe -300 in 0.2s",
    "tap row 0 0", "tap row 99999 99999", "tap row (time + 1e30) 0", "tap row 0 (offset - 1)",
    "tap header \"山手線\"", "tap header \"\"", "expect offset ~= ?", "expect phase == ? and offset == ?",
    "repeat 3 { tick; expect time == ? }", "expect tap.target == ?", "print offset.min, offset.max, tap.target",
    "expect offset <= offset.max + 1e308", "tap section 0", "expect eventually true", "expect true && false",
    "set toolbar.threshold 30", "\uff30\uff35\uff2c\uff2c 50", "pu\u200bll 50", "\u0440ull 50",
    "tick 99999999999999999999", "fling 1e400",
]


def seeds():
    files = sorted(glob.glob(os.path.join(ROOT, "scenarios", "*.scroll")))
    files += sorted(glob.glob(os.path.join(ROOT, "Tests", "**", "*.scroll"), recursive=True))
    out = []
    for f in files:
        with open(f, "rb") as h:
            out.append(h.read())
    return out


def tokens_of(line):
    return re.findall(rb'"(?:[^"\\]|\\.)*"|\S+|\s+', line)


def mutate(rng, data):
    """One random mutation of the file's bytes."""
    lines = data.split(b"\n")
    k = rng.randrange(16)
    if k == 0 and len(lines) > 1:                       # delete a line
        del lines[rng.randrange(len(lines))]
    elif k == 1:                                        # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif k == 2 and len(lines) > 1:                     # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif k in (3, 4, 5):                                # token-level edit
        i = rng.randrange(len(lines))
        toks = tokens_of(lines[i])
        if toks:
            t = rng.randrange(len(toks))
            op = rng.randrange(4)
            if op == 0:
                del toks[t]
            elif op == 1:
                toks.insert(t, toks[rng.randrange(len(toks))])
            elif op == 2:
                toks[t] = rng.choice(NUMBERS).encode()
            else:
                u = rng.randrange(len(toks))
                toks[t], toks[u] = toks[u], toks[t]
            lines[i] = b"".join(toks)
    elif k == 6:                                        # insert weird text
        i = rng.randrange(len(lines))
        p = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:p] + rng.choice(WEIRD).encode() + lines[i][p:]
    elif k == 7:                                        # insert invalid UTF-8
        i = rng.randrange(len(lines))
        p = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:p] + rng.choice(INVALID_UTF8) + lines[i][p:]
    elif k in (8, 9, 10):                               # insert a statement
        i = rng.randrange(len(lines) + 1)
        lines.insert(i, rng.choice(STATEMENTS).encode())
    elif k == 11:                                       # deep nesting
        depth = rng.choice([200, 255, 256, 257, 300, 2000, 100000])
        kind = rng.randrange(8)
        if kind == 5:
            s = "print " + "section[" * depth + "0" + "].rows" * depth
        elif kind == 6:
            s = "print " + "row[0," * depth + "0" + "].visible" * depth
        elif kind == 7:
            s = "tick " + "-(" * depth + "1" + ")" * depth
        elif kind == 0:
            s = "repeat 1 {" * depth + "tick" + "}" * depth
        elif kind == 1:
            s = "print " + "(" * depth + "1" + ")" * depth
        elif kind == 2:
            s = "print " + "-" * depth + "1"
        elif kind == 3:
            s = "print 1" + "+1" * depth
        else:
            s = "expect " + "not " * depth + "true"
        lines.insert(rng.randrange(len(lines) + 1), s.encode())
    elif k == 12:                                       # long line
        n = rng.choice([9999, 10000, 10001, 50000])
        s = rng.choice(["#", "print \"", "tick ", "print offset"]) + "x" * n
        lines.insert(rng.randrange(len(lines) + 1), s.encode())
    elif k == 13:                                       # truncate
        return data[:rng.randrange(len(data) + 1)]
    elif k == 14:                                       # random bytes
        p = rng.randrange(len(data) + 1)
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 8)))
        return data[:p] + junk + data[p:]
    else:                                               # flip braces
        b = bytearray(data)
        if b:
            p = rng.randrange(len(b))
            b[p] = rng.choice(b"{}()[]\"#;\n")
        return bytes(b)
    return b"\n".join(lines)


def generated(rng):
    """A small scenario from the statement catalogue (no seed)."""
    n = rng.randrange(1, 8)
    body = [rng.choice(STATEMENTS) for _ in range(n)]
    if rng.random() < 0.5:
        cfg = [s for s in STATEMENTS[:45]]
        body = rng.sample(cfg, rng.randrange(0, 4)) + body
    return ("\n".join(body) + "\n").encode()


def catalogue():
    """Fixed extreme cases, one per line of the brief."""
    cases = [s.encode() + b"\n" for s in STATEMENTS]
    cases += [
        b"fps 1000\nwait 86000s\n",
        b"fps 1000\nwait 86400s\nprint time\n",
        b"fps 1000\nexpect within 86400s offset == 1\n",
        b"fps 1000\nexpect always time >= 0\nwait 86400s\n",
        b"fps 1000\nset deceleration 0.9999999\nfling -100000\nwait 86000s\n",
        b"fps 1000\nset bounce.damping 0.0001\nset bounce.stiffness 0.000001\npull 100\nrelease\nwait 86000s\n",
        # v1.3: a release past an edge rings on the snap-back spring
        b"fps 1000\nset snapback.damping 0.0001\nset snapback.stiffness 0.000001\npull 100\nrelease\nwait 86000s\n",
        b"fps 1000\nset deceleration.stopVelocity 0.1\nset deceleration 0.9999999\nfling -100000\nwait 86000s\n",
        b"sections 10000 rows 10\nframes\nfling -100000\nsettle\nframes\n",
        b"sections 10000 rows 10\naccordion\nrepeat 1000 { tap header 0 }\nsettle\n",
        b"sections 10000 rows 10\nexpect always section[9999].y > -1e308\nfps 1000\nwait 60s\n",
        b"repeat 10000000 { tick 0 }\n",
        b"repeat 10000000 { repeat 10000000 { tick 0 } }\n",
        b"repeat 10000000 { print offset }\n",
        b"\xef\xbb\xbfpull 10\r\nrelease\r\n",
        b"scenario \"a\" {\n",
        b"scenario \"a\" { pull 10 \n scenario \"b\" {\n",
        b"\"" * 3,
        b"",
        b"\n" * 100000,
        b"#" * 70000,
        b"print \"" + b"\xe3\x81\x82" * 20000 + b"\"\n",
        b"pull 10\nfps 30\n",
        b"tap 100 -20\nheader 100\n",
        b"tap header 9\nsection \"a\" rows 1\n",
        b"section rows 1\ntap header 0\n",
        b"print " + b",".join([b"offset"] * 5000) + b"\n",
        b"print 1" + b" and true" * 300 + b"\n",
        b"x" * 100 + b"\n",
        b"scenario \"" + "山".encode() * 3000 + b"\" { tick }\n",
    ]
    # Nesting at and just past the limit (256), every recursive construct.
    for n in (256, 257):
        cases += [
            b"print " + b"section[" * n + b"0" + b"].rows" * n + b"\n",
            b"print " + b"(" * n + b"1" + b")" * n + b"\n",
            b"expect " + b"(" * (n - 1) + b"true" + b")" * (n - 1) + b" == true\n",
            b"print " + b"-" * n + b"1\n",
            b"tick " + b"-" * n + b"1\n",
            b"expect " + b"not " * n + b"true\n",
            b"print 1" + b" + 1" * n + b"\n",
            b"expect true" + b" and true" * n + b"\n",
            b"repeat 1 {\n" * n + b"tick\n" + b"}\n" * n,
            b"scenario \"s\" {\n" + b"repeat 1 {\n" * (n - 1) + b"tick\n" + b"}\n" * n,
        ]
    return cases


def outside_file(data, stderr, name):
    """Diagnostics whose line:col is outside the file (line count, line length + 1)."""
    lines = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    lines = lines.split(b"\n")
    bad = []
    for m in re.finditer(re.escape(name.encode()) + rb":(\d+):(\d+): ", stderr):
        ln, col = int(m.group(1)), int(m.group(2))
        if ln < 1 or ln > len(lines):
            bad.append("line %d of %d" % (ln, len(lines)))
            continue
        text = lines[ln - 1]
        if text.endswith(b"\r"):
            text = text[:-1]
        scalars = len(text.decode("utf-8", "replace"))
        if col < 1 or col > scalars + 1 and col != 10001:
            bad.append("%d:%d (line has %d characters)" % (ln, col, scalars))
    return bad


def run_one(binary, args, path, timeout, locale="C"):
    t0 = time.monotonic()
    try:
        p = subprocess.run([binary] + args + [path], capture_output=True, timeout=timeout,
                           env={"PATH": "/usr/bin:/bin", "LC_ALL": locale, "LANG": locale})
        return p.returncode, p.stdout, p.stderr, time.monotonic() - t0
    except subprocess.TimeoutExpired:
        return None, b"", b"", time.monotonic() - t0


def check_case(binary, data, workdir, timeout, determinism):
    path = os.path.join(workdir, "case.scroll")
    with open(path, "wb") as h:
        h.write(data)
    problems = []
    results = {}
    for cmd in (["check"], ["run"], ["fmt"]):
        rc, out, err, dt = run_one(binary, cmd, path, timeout)
        results[cmd[0]] = (rc, out, err)
        tag = cmd[0]
        if rc is None:
            problems.append("%s: timeout (> %ss)" % (tag, timeout))
            continue
        if rc not in (0, 1, 2):
            problems.append("%s: exit %d" % (tag, rc))
        for m in CRASH_MARKERS:
            if m in err:
                problems.append("%s: stderr has %r" % (tag, m.decode()))
        bad = outside_file(data, err + b"\n" + out, path)
        if bad:
            problems.append("%s: diagnostic outside the file: %s" % (tag, ", ".join(bad[:3])))
        if tag == "check" and rc == 1:
            problems.append("check: exit 1")
    f = results.get("fmt")
    if f and f[0] == 0:
        # The layout must be stable: formatting the output again gives it back, and it
        # checks the same way as the input.
        path2 = os.path.join(workdir, "case-fmt.scroll")
        with open(path2, "wb") as h:
            h.write(f[1])
        rc3, out3, _, _ = run_one(binary, ["fmt"], path2, timeout)
        if rc3 != 0 or out3 != f[1]:
            problems.append("fmt: not idempotent (second fmt exit %s)" % rc3)
        rc4, _, _, _ = run_one(binary, ["check"], path2, timeout)
        c0 = results.get("check")
        if c0 and c0[0] is not None and rc4 is not None and (rc4 == 2) != (c0[0] == 2):
            problems.append("fmt: the formatted file checks differently (exit %s, was %s)" % (rc4, c0[0]))
    c, r = results.get("check"), results.get("run")
    if c and r and c[0] is not None and r[0] is not None:
        if (c[0] == 2) != (r[0] == 2):
            problems.append("check exit %d but run exit %d" % (c[0], r[0]))
    if determinism and r and r[0] is not None:
        # A second run, in another locale: the output must be byte-identical.
        rc2, out2, err2, _ = run_one(binary, ["run"], path, timeout, locale="ja_JP.UTF-8")
        if rc2 is not None and (rc2, out2, err2) != r:
            problems.append("run: output differs between two runs (LC_ALL=C, then ja_JP.UTF-8)")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "debug", "scrollscript"))
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--out", default="/tmp/scrollscript-fuzz")
    ap.add_argument("--only-catalogue", action="store_true")
    ap.add_argument("--no-catalogue", action="store_true")
    ap.add_argument("--determinism", action="store_true")
    ap.add_argument("--max-mutations", type=int, default=4)
    a = ap.parse_args()

    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    work = os.path.join(a.out, "work-%d" % a.seed)
    os.makedirs(work, exist_ok=True)
    pool = seeds()
    cases = [] if a.no_catalogue else [("catalogue-%d" % i, c) for i, c in enumerate(catalogue())]
    if not a.only_catalogue:
        for i in range(a.cases):
            if rng.random() < 0.2:
                data = generated(rng)
            else:
                data = rng.choice(pool)
                for _ in range(rng.randrange(1, a.max_mutations + 1)):
                    data = mutate(rng, data)
            cases.append(("seed%d-case%d" % (a.seed, i), data))

    flagged = 0
    report = open(os.path.join(a.out, "report-%d.txt" % a.seed), "w")
    t0 = time.monotonic()
    for n, (name, data) in enumerate(cases):
        problems = check_case(a.bin, data, work, a.timeout, a.determinism)
        if problems:
            flagged += 1
            with open(os.path.join(a.out, name + ".scroll"), "wb") as h:
                h.write(data)
            line = "%s: %s" % (name, "; ".join(problems))
            print(line, flush=True)
            report.write(line + "\n")
            report.flush()
        if (n + 1) % 200 == 0:
            print("... %d/%d cases, %d flagged, %.0fs" % (n + 1, len(cases), flagged, time.monotonic() - t0),
                  flush=True)
    print("%d cases x (check, run, fmt), %d flagged" % (len(cases), flagged))
    report.write("%d cases, %d flagged\n" % (len(cases), flagged))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
