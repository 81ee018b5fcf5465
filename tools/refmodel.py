#!/usr/bin/env python3
"""Independent reference model of ScrollScript's semantics (spec §4 and §6).

This is the oracle the numbers in `scenarios/*.scroll` and in
`Tests/scrollscriptTests/Scenarios/` were derived from. It is written from the
spec's formulas only (it shares no code with the Swift simulator), in plain
Python 3 with the standard library.

It is not an interpreter: derivation scripts build a `World`, call its actions
(`pull`, `drag`, `release`, `fling`, `tap_*`, `wait`, `tick`, `settle`) and read
its observables (`offset`, `header_height()`, `section_y(i)`, ...).

    python3 tools/refmodel.py --selftest    # the published figures
    python3 tools/refmodel.py --derive      # every number quoted in scenarios/
    python3 tools/refmodel.py --bounce      # the fitted bounces of docs/fidelity.md

Conventions are the spec's: screen y down, offset increases when content moves
up, finger distances positive downward, times in seconds, distances in points.
"""

import math
import sys

# Every threshold the model compares a computed value with (spec §4, §6) is written as
# `T + NUDGE`. It is 0 except in tools/difffuzz.py, which runs a scenario again with it
# at +1e-7 and -1e-7: a scenario whose trace moves then hit a threshold exactly (a tie
# that two correct implementations may break either way), and is skipped, not compared.
# (Geometry is not nudged: a view's extent and "a visible part" are where the layout puts
# them -- a toolbar clamped at y = screen.height has none, exactly, by definition.)
NUDGE = 0.0

# ---------------------------------------------------------------------------
# Pure formulas (spec §4, §6.2, §6.3)
# ---------------------------------------------------------------------------


def frame_count(duration, fps):
    """n = floor(T*fps + 0.5 + 1e-9): the nearest frame, halves up (spec §4)."""
    return int(math.floor(duration * fps + 0.5 + 1e-9))


def rubber_band(x, c, d):
    """b(x) = x*c*d / (d + c*x): how far past a bound an overscroll of x shows."""
    return x * c * d / (d + c * x)


def rubber_band_inverse(e, c, d):
    """b^-1(e) = e*d / (c*(d - e)), e capped just below d."""
    e = min(e, d * (1 - 1e-9))
    return e * d / (c * (d - e))


def decel_k(rate):
    """k = 1000 * ln r (negative for r < 1)."""
    return 1000.0 * math.log(rate)


def decel_offset(o0, v, rate, tau):
    """o(tau) = o0 + v*(r^(1000 tau) - 1)/k."""
    k = decel_k(rate)
    return o0 + v * (rate ** (1000.0 * tau) - 1.0) / k


def decel_velocity(v, rate, tau):
    """v(tau) = v * r^(1000 tau)."""
    return v * rate ** (1000.0 * tau)


def decel_destination(o0, v, rate, vs=0.0):
    """Where a deceleration ends (spec v1.3 §6.2): where its speed falls to vs,
    o0 + sign(v)*(|v| - vs)/|k|; with vs = 0 the limit o0 - v/k."""
    return o0 + math.copysign(abs(v) - vs, v) / abs(decel_k(rate))


def decel_end_time(v, rate, vs):
    """tau_e = ln(vs/|v|)/k: when the speed |v|*r^(1000 tau) falls to vs (spec v1.3)."""
    return math.log(vs / abs(v)) / decel_k(rate)


def decel_bound_time(o0, v, rate, bound):
    """tau_b = ln(1 + k*(bound - o0)/v)/k, the exact time a deceleration reaches bound."""
    k = decel_k(rate)
    return math.log(1.0 + k * (bound - o0) / v) / k


def spring(x0, v0, stiffness, damping, tau):
    """Displacement and its velocity of a mass-1 spring (spec §6.2 bounce)."""
    w = math.sqrt(stiffness)
    z = damping
    if abs(z - 1.0) < 1e-12:
        a, b = x0, v0 + w * x0
        e = math.exp(-w * tau)
        return (a + b * tau) * e, (b - w * (a + b * tau)) * e
    if z < 1.0:
        wd = w * math.sqrt(1 - z * z)
        a = x0
        b = (v0 + z * w * x0) / wd
        e = math.exp(-z * w * tau)
        c, s = math.cos(wd * tau), math.sin(wd * tau)
        x = e * (a * c + b * s)
        dx = -z * w * x + e * (-a * wd * s + b * wd * c)
        return x, dx
    q = w * math.sqrt(z * z - 1)
    r1, r2 = -z * w + q, -z * w - q
    c2 = (v0 - r1 * x0) / (r2 - r1)
    c1 = x0 - c2
    return (c1 * math.exp(r1 * tau) + c2 * math.exp(r2 * tau),
            c1 * r1 * math.exp(r1 * tau) + c2 * r2 * math.exp(r2 * tau))


def spring_crossing(x0, v0, stiffness, damping, horizon):
    """First tau in (0, horizon] where a (zeta >= 1) spring crosses 0, or None."""
    if x0 == 0:
        return None
    if abs(damping - 1.0) < 1e-12:
        b = v0 + math.sqrt(stiffness) * x0
        if b == 0:
            return None
        tau = -x0 / b
        return tau if 0 < tau <= horizon else None
    # over-damped: at most one crossing, x = c1*e^(r1 t) + c2*e^(r2 t) = 0 at
    # t = ln(-c2/c1)/(r1 - r2) (closed form; it was a bracket-and-bisect per frame, the
    # same root to ~1e-15 s, and most of tools/difffuzz.py's time)
    w = math.sqrt(stiffness)
    q = w * math.sqrt(damping * damping - 1)
    r1, r2 = -damping * w + q, -damping * w - q
    c2 = (v0 - r1 * x0) / (r2 - r1)
    c1 = x0 - c2
    if c1 == 0 or -c2 / c1 <= 0:
        return None
    tau = math.log(-c2 / c1) / (r1 - r2)
    return tau if 0 < tau <= horizon else None


def spring_crossing_bisect(x0, v0, stiffness, damping, horizon):
    """The over-damped crossing by bracketing and bisection (what spring_crossing did
    before its closed form; kept to check it in the self-test)."""
    def f(t):
        return spring(x0, v0, stiffness, damping, t)[0]
    steps = 2000
    prev_t, prev = 0.0, x0
    for i in range(1, steps + 1):
        t = horizon * i / steps
        cur = f(t)
        if (cur > 0) != (prev > 0):
            lo, hi = prev_t, t
            for _ in range(100):
                mid = (lo + hi) / 2
                if (f(mid) > 0) == (prev > 0):
                    lo = mid
                else:
                    hi = mid
            return hi
        prev_t, prev = t, cur
    return None


def ease_in_out(p):
    """cubic-bezier(0.42, 0, 0.58, 1) at progress p: solve x(s) = p, return y(s)."""
    if p <= 0:
        return 0.0
    if p >= 1:
        return 1.0
    def bx(s):
        return 3 * (1 - s) ** 2 * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bx(mid) < p:
            lo = mid
        else:
            hi = mid
    s = (lo + hi) / 2
    return 3 * (1 - s) * s * s + s ** 3


# ---------------------------------------------------------------------------
# The world
# ---------------------------------------------------------------------------

TUNABLES = {
    "row.height": 44.0, "section.height": 28.0, "deceleration": 0.998,
    "rubberband": 0.55, "bounce.stiffness": 120.0, "bounce.damping": 1.0,
    "snapback.stiffness": 2000.0, "snapback.damping": 2.8,
    "deceleration.stopVelocity": 10.0,
    "drag.speed": 300.0, "fling.duration": 0.1, "toolbar.showVelocity": 800.0,
    "toolbar.hideDistance": 22.0, "toolbar.duration": 0.2,
    "header.duration": 0.25, "header.bodyFollows": True,
    "accordion.duration": 0.3, "inset.top": 0.0,
    "refresh.trigger": 100.0, "refresh.height": 60.0, "refresh.duration": 1.0,
    "refresh.endDuration": 0.3,
}


class ScenarioError(Exception):
    """A runtime error of spec §4 (tap while a finger is down, release with none, ...)."""


class Anim:
    """A value animated from `a` to `b` starting at t0 over `dur`, eased or linear."""

    def __init__(self, a, b, t0, dur, eased):
        self.a, self.b, self.t0, self.dur, self.eased = a, b, t0, dur, eased

    def progress(self, t):
        # An animation whose end falls on a frame ends at that frame: (t - t0)/dur is
        # computed in floating point and 12/60/0.2 may come out as 0.99999999999.
        if self.dur <= 0:
            return 1.0
        p = (t - self.t0) / self.dur
        if p >= 1.0 - 1e-9:
            return 1.0
        return max(0.0, p)

    def value(self, t):
        p = self.progress(t)
        f = ease_in_out(p) if self.eased else p
        return self.a + (self.b - self.a) * f


class World:
    """One scenario's world. Configuration mirrors spec §3.

    header: dict(height=H, pin=P|None, parallax=F|None, toggle=H2|None, stretch=True)
    toolbar: height (44 when declared) or None
    sections: list of (title|None, rows:int or list of titles, open:bool); None = default
    accordion: None, "multiple" or "single"
    refresh: True for a pull-to-refresh control (spec v1.4 §6.7; v1.5: one refresh per
             pull, re-armed within trigger / 10 of the top; the drag re-based whenever the
             top inset changes under a finger)
    """

    def __init__(self, screen=(375.0, 667.0), fps=60, header=None, toolbar=None,
                 sections=None, accordion=None, refresh=False, **tunables):
        self.W, self.H = float(screen[0]), float(screen[1])
        self.fps = fps
        self.t = dict(TUNABLES)
        for key, val in tunables.items():
            name = key.replace("_", ".")
            if name not in self.t:
                raise KeyError(name)
            self.t[name] = val
        self.header = None
        if header is not None:
            self.header = dict(pin=None, parallax=None, toggle=None, stretch=True)
            self.header.update(header)
            self.header_h = float(self.header["height"])   # at rest
            self.header_anim = None
            self.expanded = False
        self.tb_h = toolbar
        if sections is None:
            sections = [(None, 30, True)]
        self.sections = []
        for title, rows, is_open in sections:
            n = rows if isinstance(rows, int) else len(rows)
            self.sections.append(dict(title=title, rows=n, open=is_open,
                                      frac=1.0 if is_open else 0.0, anim=None))
        self.accordion = accordion
        self.k = 0                  # frame index; time = k / fps
        self.frozen_max = None      # step 2 of a frame sees the bounds of the last layout
        self.offset = -self.t["inset.top"]
        self.vel = 0.0
        self.phase = "idle"
        self.motion = None          # ("decel", t0, o0, v) or ("bounce", t0, bound, x0, v0, s, z)
        self.finger_down = False
        self.p = 0.0                # finger translation
        self.fv = 0.0               # finger velocity
        self.u0 = 0.0
        if toolbar is not None:
            self.tb_y = self.H - toolbar
            self.tb_state = "shown"
            self.tb_anim = None
        self.log = []               # reaction log, for derivations
        # Pull to refresh (spec §6.7): its state, the extra top inset, refreshes started,
        # when the one in progress started, the inset's return while ending, and the frame
        # whose step 3 ended a refresh (no other refresh rule runs in it). (v1.5) Armed:
        # a refresh may start; one that starts disarms it until q <= trigger / 10.
        self.refresh = refresh
        self.rf_armed = True
        self.rf_state = "idle"
        self.rf_inset = 0.0
        self.rf_count = 0
        self.rf_t0 = 0.0
        self.rf_end = None
        self.rf_ended_k = -1
        # Observers (tools/difffuzz.py): on_frame(world) after every frame; a release
        # within 1e-9 of a bound sets released_at_bound (a tie).
        self.on_frame = None
        self.released_at_bound = False

    # -- clock ------------------------------------------------------------
    @property
    def time(self):
        return self.k / self.fps

    def frames(self, duration):
        return frame_count(duration, self.fps)

    # -- layout -----------------------------------------------------------
    def min_bound(self):
        """min = -(inset.top + refresh.inset) (spec §6.7; the edge E stays inset.top)."""
        return -(self.t["inset.top"] + self.rf_inset)

    def edge(self):
        return self.t["inset.top"]

    def header_visible_h(self):
        """The header's own (possibly animating) layout height."""
        if self.header is None:
            return 0.0
        if self.header_anim is not None:
            return self.header_anim.value(self.time)
        return self.header_h

    def body_top(self):
        """Where section 0 starts in content: the header height the body uses."""
        if self.header is None:
            return 0.0
        if self.header_anim is not None and not self.t["header.bodyFollows"]:
            return self.header_anim.a
        return self.header_visible_h()

    def frac(self, i):
        s = self.sections[i]
        return s["anim"].value(self.time) if s["anim"] is not None else s["frac"]

    def section_header_h(self, i):
        return self.t["section.height"] if self.sections[i]["title"] is not None else 0.0

    def section_content_y(self, i):
        y = self.body_top()
        for j in range(i):
            y += self.section_header_h(j) + self.sections[j]["rows"] * self.t["row.height"] * self.frac(j)
        return y

    def content_height(self):
        return self.section_content_y(len(self.sections))

    def max_bound(self):
        if self.frozen_max is not None:
            return self.frozen_max
        return max(self.min_bound(), self.content_height() - self.H)

    # -- observables --------------------------------------------------------
    def header_frame(self):
        """(y, height) of the header's visible frame (spec §6.3)."""
        hv = self.header_visible_h()
        mn = self.min_bound()
        if self.offset < mn and self.header["stretch"]:
            return self.edge(), hv + (mn - self.offset)
        if self.offset < mn:
            return -self.offset, hv
        if self.header["pin"] is not None:
            # a toggle height below the pin keeps the whole header: P' = min(P, H)
            return max(-self.offset, self.edge() - (hv - min(self.header["pin"], hv))), hv
        return -self.offset, hv

    def header_y(self):
        return self.header_frame()[0]

    def header_height(self):
        return self.header_frame()[1]

    def header_bottom(self):
        y, h = self.header_frame()
        return y + h

    def header_scale(self):
        return self.header_height() / self.header_visible_h()

    def header_image_y(self):
        f = self.header["parallax"] or 0.0
        return self.header_y() * (1 - f)

    def sticky_top(self):
        pin = self.header["pin"] if self.header is not None and self.header["pin"] is not None else 0.0
        if pin:
            pin = min(pin, self.header_visible_h())
        return self.edge() + pin

    def section_y(self, i):
        natural = self.section_content_y(i) - self.offset
        if natural >= self.sticky_top():
            return natural
        hs = self.section_header_h(i)
        end = self.section_content_y(i + 1) - self.offset
        return min(self.sticky_top(), end - hs)

    def row_y(self, i, j):
        return (self.section_content_y(i) + self.section_header_h(i)
                + j * self.t["row.height"] * self.frac(i) - self.offset)

    def row_height(self, i):
        return self.t["row.height"] * self.frac(i)

    def animating(self):
        if self.header is not None and self.header_anim is not None:
            return True
        if any(s["anim"] is not None for s in self.sections):
            return True
        if self.refresh and self.rf_state in ("refreshing", "ending"):
            return True
        return self.tb_h is not None and self.tb_anim is not None

    # -- toolbar (spec §6.4) --------------------------------------------------
    def tb_shown_y(self):
        return self.H - self.tb_h

    def tb_show(self, why):
        if self.tb_state == "showing" or (self.tb_state == "shown" and self.tb_y == self.tb_shown_y()):
            return
        self.tb_anim = Anim(self.tb_y, self.tb_shown_y(), self.time, self.t["toolbar.duration"], False)
        self.tb_state = "showing"
        self.log.append((self.time, "toolbar show (%s) from y=%.4f" % (why, self.tb_y)))

    def tb_hide(self, why):
        if self.tb_state in ("hidden", "hiding"):
            return
        self.tb_anim = Anim(self.tb_y, self.H, self.time, self.t["toolbar.duration"], False)
        self.tb_state = "hiding"
        self.log.append((self.time, "toolbar hide (%s) from y=%.4f" % (why, self.tb_y)))

    def tb_release_rules(self, why):
        if self.tb_h is None:
            return
        if self.offset >= self.max_bound() - 0.5 + NUDGE:
            self.tb_show("at bottom, " + why)
        elif self.tb_state == "shown" and self.tb_y != self.tb_shown_y():
            self.tb_show("displaced, " + why)

    def tb_tracking(self):
        if self.fv > self.t["toolbar.showVelocity"] + NUDGE:
            self.tb_show("fast downward finger %.1f" % self.fv)
        if self.p <= -1 + NUDGE and self.tb_state == "shown":
            self.tb_y = min(self.tb_shown_y() - self.p, self.H)
            if self.p < -self.t["toolbar.hideDistance"] + NUDGE:
                self.tb_hide("finger past hideDistance, p=%.3f" % self.p)

    # -- physics (spec §6.2) ---------------------------------------------------
    def banded(self, u):
        mn, mx = self.min_bound(), self.max_bound()
        c, d = self.t["rubberband"], self.H
        if u < mn:
            return mn - rubber_band(mn - u, c, d)
        if u > mx:
            return mx + rubber_band(u - mx, c, d)
        return u

    def unbanded(self, o):
        mn, mx = self.min_bound(), self.max_bound()
        c, d = self.t["rubberband"], self.H
        if o < mn:
            return mn - rubber_band_inverse(mn - o, c, d)
        if o > mx:
            return mx + rubber_band_inverse(o - mx, c, d)
        return o

    def start_decel(self, t0, o0, v):
        self.motion = ("decel", t0, o0, v)
        self.phase = "decelerating"

    def start_bounce(self, t0, bound, x0, v0, spring_name="bounce"):
        """spring_name: "bounce" where a deceleration reaches a bound (or its bound moved
        behind it), "snapback" for a bounce that starts past a bound (a release there, a
        tap that stops motion there) -- spec v1.3 §6.2."""
        s = self.t[spring_name + ".stiffness"]
        z = self.t[spring_name + ".damping"]
        self.motion = ("bounce", t0, bound, x0, v0, s, z)
        self.phase = "bouncing"

    def come_to_rest(self, where):
        self.offset = where
        self.vel = 0.0
        self.motion = None
        self.phase = "idle"
        self.log.append((self.time, "deceleration ended at %.4f" % where))
        self.tb_release_rules("deceleration ended")

    def step_motion(self):
        """Evaluate the deceleration/bounce at this frame's time (closed forms)."""
        t = self.time
        rate = self.t["deceleration"]
        vs = self.t["deceleration.stopVelocity"]
        for _ in range(10):   # a frame may see decel -> bounce -> decel hand-overs
            m = self.motion
            if m[0] == "decel":
                _, t0, o0, v = m
                tau = t - t0
                dest = decel_destination(o0, v, rate, vs)
                mn, mx = self.min_bound(), self.max_bound()
                bound = mx if dest > mx else (mn if dest < mn else None)
                if bound is not None and (o0 > bound if dest > mx else o0 < bound):
                    # The bound moved past where this deceleration began (content shrank),
                    # whichever way it moves (spec §6.2: "o0 itself is already past it"):
                    # tau_b does not exist. Bounce toward it from where the content is now.
                    x = decel_offset(o0, v, rate, tau)
                    self.start_bounce(t, bound, x - bound, decel_velocity(v, rate, tau))
                    self.log.append((t, "bound %.2f moved past the deceleration's origin" % bound))
                    continue
                if bound is not None:
                    tb = decel_bound_time(o0, v, rate, bound)
                    if tau >= tb + NUDGE:
                        self.start_bounce(t0 + tb, bound, 0.0, decel_velocity(v, rate, tb))
                        self.log.append((t0 + tb, "decel reaches bound %.2f at tau_b=%.6f, v=%.4f"
                                         % (bound, tb, decel_velocity(v, rate, tb))))
                        continue
                    self.offset = decel_offset(o0, v, rate, tau)
                    self.vel = decel_velocity(v, rate, tau)
                    return
                # v1.3: it ends at the first frame at or after tau_e, where the speed
                # falls to vs, and the offset is set to the destination.
                if tau >= decel_end_time(v, rate, vs) + NUDGE:
                    self.come_to_rest(dest)
                    return
                o = decel_offset(o0, v, rate, tau)
                self.offset = o
                self.vel = decel_velocity(v, rate, tau)
                return
            _, t0, bound, x0, v0, s, z = m
            tau = t - t0
            if z >= 1:       # the exact zeta decides: an under-damped spring oscillates
                tc = spring_crossing(x0, v0, s, z, tau)
                if tc is not None:
                    vc = spring(x0, v0, s, z, tc)[1]
                    self.log.append((t0 + tc, "bounce crosses bound inward, v=%.4f" % vc))
                    if abs(vc) <= vs + NUDGE:
                        # v1.3: a hand-over whose crossing speed is <= vs rests at the bound
                        self.come_to_rest(bound)
                        return
                    self.start_decel(t0 + tc, bound, vc)
                    continue
            x, dx = spring(x0, v0, s, z, tau)
            if abs(x) < 0.5 + NUDGE and abs(dx) < 5 + NUDGE:
                self.come_to_rest(bound)
                return
            self.offset = bound + x
            self.vel = dx
            return

    def frame(self, finger=None):
        """One display frame (spec §6.1). finger = (translation, velocity) of a move."""
        # Spec §6.1: physics (step 2) runs before the animations advance (step 3) and the
        # layout re-reads the bounds (step 4), so step 2 sees the last frame's max bound.
        last_max = self.max_bound()
        self.k += 1
        t = self.time
        # 1. finger
        if finger is not None:
            self.p, self.fv = finger
        elif self.finger_down:
            self.fv = 0.0
        # 2. physics
        self.frozen_max = last_max
        if self.phase == "dragging":
            prev = self.offset
            self.offset = self.banded(self.u0 - self.p)
            self.vel = (self.offset - prev) * self.fps
        elif self.motion is not None:
            self.step_motion()
        self.frozen_max = None
        # 3. animations
        if self.header is not None and self.header_anim is not None:
            if self.header_anim.progress(t) >= 1:
                self.header_h = self.header_anim.b
                self.header_anim = None
        for sec in self.sections:
            if sec["anim"] is not None and sec["anim"].progress(t) >= 1:
                sec["frac"] = sec["anim"].b
                sec["anim"] = None
        if self.tb_h is not None and self.tb_anim is not None:
            self.tb_y = self.tb_anim.value(t)
            if self.tb_anim.progress(t) >= 1:
                self.tb_y = self.tb_anim.b
                self.tb_state = "shown" if self.tb_anim.b < self.H else "hidden"
                self.tb_anim = None
        if self.refresh:
            self.rf_animate(t)
        # 4. layout: clamp when idle past a bound that moved
        if self.phase == "idle":
            mn, mx = self.min_bound(), self.max_bound()
            if self.offset > mx:
                self.offset = mx
            elif self.offset < mn:
                self.offset = mn
        # 5. toolbar tracking; the refresh control's rules (re-arming runs with the finger
        # up too, spec v1.5 §6.7)
        if self.finger_down and self.tb_h is not None:
            self.tb_tracking()
        if self.refresh:
            self.rf_tracking(t)
        self.check_invariants()
        if self.on_frame is not None:
            self.on_frame(self)

    # -- pull to refresh (spec §6.7) ---------------------------------------------
    def rf_pull(self):
        """q = min - offset: how far the content is past the top bound (<= 0: not pulled)."""
        return self.min_bound() - self.offset

    def rf_rebase(self):
        """(v1.5) The top inset changed while a finger is down: the drag is re-based as a
        touch that begins here would be (its unbanded position from the offset now, under
        the new bound), so the offset does not move under a still finger; the translation
        keeps counting from the touch-down."""
        if self.finger_down:
            self.u0 = self.unbanded(self.offset) + self.p

    def rf_animate(self, t):
        """Step 3: refreshing -> ending at t0 + duration (the end animation starts there
        exactly); ending -> idle when the inset's ease-in-out return to 0 completes. (v1.5)
        Every change of the inset here re-bases a drag in progress."""
        if self.rf_state == "refreshing" and Anim(0, 1, self.rf_t0, self.t["refresh.duration"], False).progress(t) >= 1:
            self.rf_state = "ending"
            self.rf_end = Anim(self.t["refresh.height"], 0.0, self.rf_t0 + self.t["refresh.duration"],
                               self.t["refresh.endDuration"], True)
            self.log.append((t, "refresh ending"))
        if self.rf_state == "ending":
            before = self.rf_inset
            self.rf_inset = self.rf_end.value(t)
            if self.rf_end.progress(t) >= 1:
                self.rf_inset = 0.0
                self.rf_state = "idle"
                self.rf_end = None
                self.rf_ended_k = self.k
                self.log.append((t, "refresh ended"))
            if self.rf_inset != before:
                self.rf_rebase()

    def rf_tracking(self, t):
        """Step 5 of every frame (spec v1.5 §6.7). Nothing in the frame where `ending`
        ended, nor while refreshing or ending. While a finger is down: idle <-> pulling.
        Re-armed (finger down or not) when q <= trigger / 10. While a finger is down, an
        armed control pulled to q >= trigger starts a refresh and disarms: the inset
        becomes refresh.height at once and the drag is re-based so the offset does not
        jump (a touch beginning here past the new bound)."""
        if self.rf_ended_k == self.k or self.rf_state not in ("idle", "pulling"):
            return
        q = self.rf_pull()
        trigger = self.t["refresh.trigger"]
        if q <= trigger / 10 + NUDGE:
            if not self.rf_armed:
                self.log.append((t, "refresh re-armed, q=%.4f" % q))
            self.rf_armed = True
        if not self.finger_down:
            return
        if self.rf_armed and q >= trigger + NUDGE:
            self.rf_state = "refreshing"
            self.rf_armed = False
            self.rf_t0 = t
            self.rf_count += 1
            self.rf_inset = self.t["refresh.height"]
            self.rf_rebase()
            self.log.append((t, "refresh starts, q=%.4f, offset=%.4f" % (q, self.offset)))
        else:
            self.rf_state = "pulling" if q > 0 + NUDGE else "idle"

    def rf_progress(self):
        if self.rf_state == "pulling":
            return min(1.0, max(0.0, self.rf_pull()) / self.t["refresh.trigger"])
        return 1.0 if self.rf_state in ("refreshing", "ending") else 0.0

    def rf_indicator(self):
        """(x, y, width, height): the gap above the content, from the edge E."""
        e = self.edge()
        return (0.0, e, self.W, max(0.0, -self.offset - e))

    def always(self, name, predicate):
        """Register an `expect always`: predicate(world) is checked now and after every frame;
        the first failing frame's time is kept in self.violations[name]."""
        if not hasattr(self, "invariants"):
            self.invariants = []
            self.violations = {}
        self.invariants.append((name, predicate))
        self.check_invariants()

    def check_invariants(self):
        for name, predicate in getattr(self, "invariants", ()):
            if name not in self.violations and not predicate(self):
                self.violations[name] = (self.k, self.time)

    # -- actions (spec §4) -----------------------------------------------------
    def touch_down(self):
        if self.finger_down:
            return
        self.motion = None
        self.finger_down = True
        self.phase = "dragging"
        self.p = 0.0
        self.fv = 0.0
        self.u0 = self.unbanded(self.offset)

    def move(self, d, n):
        self.touch_down()
        start = self.p
        for i in range(1, n + 1):
            self.frame((start + d * i / n, d * self.fps / n))

    def pull(self, d):
        self.move(d, max(1, self.frames(d / self.t["drag.speed"])))

    def drag(self, d, duration=None):
        if duration is None:
            duration = abs(d) / self.t["drag.speed"]
        self.move(d, max(1, self.frames(duration)))

    def lift(self, fv):
        if not self.finger_down:
            raise ScenarioError("release with no finger down")
        self.finger_down = False
        self.fv = fv              # spec §4: `finger.velocity` reads the lift's (0 after `release`)
        if self.refresh and self.rf_state == "pulling":
            self.rf_state = "idle"
        # Spec §6.2 has no threshold below stopVelocity: a release past a bound bounces
        # "with the release velocity", however slow (the model used to zero |v| < 1, as
        # the tool did: `swipe 1 in 1.93s` then lifts at -0.518 pt/s, not 0).
        v = -fv
        mn, mx = self.min_bound(), self.max_bound()
        t0 = self.time
        if min(abs(self.offset - mn), abs(self.offset - mx)) <= 1e-9:
            self.released_at_bound = True   # a tie for tools/difffuzz.py: not compared
        if self.offset < mn or self.offset > mx:
            bound = mn if self.offset < mn else mx
            self.start_bounce(t0, bound, self.offset - bound, v, "snapback")
            self.vel = v              # `velocity` reads the release velocity at the lift
        elif abs(v) <= self.t["deceleration.stopVelocity"] + NUDGE:
            # v1.3: a fling no faster than stopVelocity does not coast
            self.phase = "idle"       # interpretation: nothing to decelerate
            self.vel = 0.0
            self.motion = None
        else:
            self.start_decel(t0, self.offset, v)
            self.vel = v
        self.tb_release_rules("release")

    def release(self):
        self.lift(0.0)
        self.fv = 0.0                 # spec §4: `finger.velocity` reads 0 after it

    def swipe(self, d, duration=None):
        """(v1.2) A drag whose finger lifts at the end of its last frame with velocity
        d*fps/n (spec §4), instead of being held."""
        if duration is None:
            duration = abs(d) / self.t["drag.speed"]
        n = max(1, self.frames(duration))
        self.move(d, n)
        self.lift(d * self.fps / n)

    def fling(self, v):
        n = max(1, self.frames(self.t["fling.duration"]))
        self.move(v * n / self.fps, n)
        self.lift(v)

    def wait(self, duration):
        for _ in range(self.frames(duration)):
            self.frame()

    def tick(self, n=1):
        for _ in range(n):
            self.frame()

    def settle(self, limit=60.0):
        if self.finger_down:
            raise ScenarioError("settle with a finger down")
        start = self.time
        while self.phase != "idle" or self.animating():
            if self.time - start > limit:
                raise ScenarioError("settle took over 60 s")
            self.frame()

    # -- taps (spec §6.6) --------------------------------------------------------
    def tap(self, x, y):
        """Returns the receiver's name."""
        if self.finger_down:
            raise ScenarioError("tap while a finger is down")
        if self.phase in ("decelerating", "bouncing"):
            self.motion = None
            self.phase = "idle"
            self.vel = 0.0
            # Where the spec is silent (docs/semantics.md): a tap that stops a bounce past a
            # bound leaves the content overscrolled; as in UIKit when that finger lifts, it
            # bounces back from there with velocity 0.
            mn, mx = self.min_bound(), self.max_bound()
            if self.offset < mn or self.offset > mx:
                bound = mn if self.offset < mn else mx
                self.start_bounce(self.time, bound, self.offset - bound, 0.0, "snapback")
            return "stop"
        if not (0 <= x < self.W and 0 <= y < self.H):
            return "nothing"              # no view outside the screen (docs/semantics.md §9)
        if self.tb_h is not None:
            if self.tb_y < self.H and self.tb_y <= y < self.tb_y + self.tb_h:
                if self.tb_state == "hiding":
                    self.tb_show("tap")
                return "toolbar"
            if self.tb_state in ("hidden", "hiding") and y >= self.H - self.tb_h:
                self.tb_show("tap on reveal zone")
                return "toolbar reveal zone"
        if self.header is not None:
            hy, hh = self.header_frame()
            if hy <= y < hy + hh:
                if self.header["toggle"] is not None:
                    self.toggle_header()
                return "header"
        for i in range(len(self.sections)):
            hs = self.section_header_h(i)
            sy = self.section_y(i)
            if hs > 0 and sy <= y < sy + hs:
                if self.accordion:
                    self.toggle_section(i)
                return "section[%d]" % i
        for i in range(len(self.sections)):
            rh = self.row_height(i)
            if rh <= 0:
                continue
            for j in range(self.sections[i]["rows"]):
                ry = self.row_y(i, j)
                if ry <= y < ry + rh:
                    return "row[%d,%d]" % (i, j)
        return "nothing"

    def visible_centre_y(self, top, height):
        lo, hi = max(0.0, top), min(self.H, top + height)
        if hi <= lo:
            raise ScenarioError("no visible part")
        return (lo + hi) / 2

    def tap_header(self, i=None):
        if self.finger_down:
            raise ScenarioError("tap while a finger is down")
        if i is not None and not (0 <= i < len(self.sections) and self.sections[i]["title"] is not None):
            raise ScenarioError("no titled section %r" % i)
        if i is None and self.header is None:
            raise ScenarioError("no header")
        if self.phase in ("decelerating", "bouncing"):
            # As the Swift tool (docs/semantics.md §9): the motion stops before the target's
            # visible part is looked for, so a header scrolled off screen is no error here.
            return self.tap(0.0, 0.0)
        if i is None:
            y, h = self.header_frame()
        else:
            y, h = self.section_y(i), self.section_header_h(i)
        self.visible_centre_y(y, h)
        # A targeted tap (spec §4) goes to the header itself, not to whatever covers its
        # centre (the model used to hit-test the centre, so a toolbar over it took the tap).
        if i is None:
            if self.header["toggle"] is not None:
                self.toggle_header()
            return "header"
        if self.accordion:
            self.toggle_section(i)
        return "section[%d]" % i

    def tap_row(self, i, j):
        """(v1.2) A targeted tap on row j of section i: it needs a visible part; a row
        covered by another view still receives it (spec §4)."""
        if self.finger_down:
            raise ScenarioError("tap while a finger is down")
        if not (0 <= i < len(self.sections)) or not (0 <= j < self.sections[i]["rows"]):
            raise ScenarioError("no such row")
        if self.phase in ("decelerating", "bouncing"):
            return self.tap(0.0, 0.0)
        self.visible_centre_y(self.row_y(i, j), self.row_height(i))
        return "row[%d,%d]" % (i, j)

    def tap_header_titled(self, title):
        """(v1.2) `tap header "TITLE"`: the first section with that title."""
        for i, sec in enumerate(self.sections):
            if sec.get("title") == title:
                return self.tap_header(i)
        raise ScenarioError("no section titled %r" % title)

    # -- observables of v1.2 ---------------------------------------------------
    def offset_min(self):
        return self.min_bound()

    def offset_max(self):
        return self.max_bound()

    @staticmethod
    def tap_target(receiver):
        """`tap.target` for what `tap`/`tap_header`/`tap_row` returned (spec §5)."""
        return {"stop": "nothing", "toolbar reveal zone": "toolbar.zone"}.get(receiver, receiver)

    def tap_toolbar(self):
        """Spec §4: the centre of the toolbar's visible part; with none, of its reveal zone
        while hidden or hiding, else (`showing` with nothing on screen yet) the toolbar
        itself, which changes nothing. (The model used to aim at the zone whenever the
        toolbar was hiding, even with part of it still on screen.)"""
        if self.finger_down:
            raise ScenarioError("tap while a finger is down")
        if self.phase in ("decelerating", "bouncing"):
            return self.tap(0.0, 0.0)
        if min(self.H, self.tb_y + self.tb_h) > max(0.0, self.tb_y):
            return self.tap(self.W / 2, self.visible_centre_y(self.tb_y, self.tb_h))
        if self.tb_state in ("hidden", "hiding"):
            return self.tap(self.W / 2, self.H - self.tb_h / 2)
        return "toolbar"

    def toggle_header(self):
        hd = self.header
        a = self.header_visible_h()
        self.expanded = not self.expanded
        b = hd["toggle"] if self.expanded else hd["height"]
        self.header_anim = Anim(a, b, self.time, self.t["header.duration"], True)

    def toggle_section(self, i):
        targets = [s["open"] for s in self.sections]
        targets[i] = not targets[i]
        if self.accordion == "single" and targets[i]:
            targets = [j == i for j in range(len(self.sections))]
        for j, sec in enumerate(self.sections):
            if targets[j] != sec["open"] or j == i:
                cur = self.frac(j)
                sec["open"] = targets[j]
                sec["anim"] = Anim(cur, 1.0 if targets[j] else 0.0, self.time,
                                   self.t["accordion.duration"], True)


# ---------------------------------------------------------------------------
# The bounce after a fling into an edge, against recordings (spec v1.4 §6.2)
# ---------------------------------------------------------------------------

def _samples(text):
    return [float(x) for x in text.split()]


# ../shared/reference/uikit-recordings.md §6 (LevisonNN/LNCustomScrollView,
# Demo/BouncesOptimization/BouncesOptimizationDataList.m, commit 6f0a738): the overshoot
# past the top edge, pt, once per 60 Hz frame, the first sample one frame or less after
# the content crossed the edge. Traces 1 and 2 are flings into the edge; trace 3 is a
# release from rest about 394 pt past it.
BOUNCE_TRACES = {
    1: _samples("""35.67 84.00 115.33 133.67 142.67 145.00 142.33 136.67 129.00 120.00 110.67
        101.00 91.33 82.33 73.67 65.67 58.00 51.33 45.33 40.00 35.00 30.67 26.67 23.33 20.33
        17.67 15.33 13.33 11.33 10.00 8.67 7.33 6.33 5.33 4.67 4.00 3.33 3.00 2.67 2.33 2.00
        1.67 1.33 1.33 1.00 1.00 0.67 0.67 0.67"""),
    2: _samples("""9.5 37.5 56.0 67.5 73.0 75.0 74.5 72.0 68.5 64.0 59.0 54.0 49.0 44.0 39.5
        35.0 31.5 27.5 24.5 21.5 19.0 16.5 14.5 12.5 11.0 9.5 8.0 7.0 6.0 5.5 4.5 4.0 3.5 3.0
        2.5 2.0 2.0 1.5 1.5 1.0 1.0 1.0 0.5 0.5 0.5"""),
    3: _samples("""393.5 384.5 367.5 345.5 320.5 294.5 268.0 242.5 218.0 195.0 173.5 154.0
        136.0 119.5 105.0 92.0 80.5 70.5 61.0 53.0 46.0 40.0 34.5 30.0 26.0 22.5 19.5 16.5
        14.5 12.5 10.5 9.0 8.0 6.5 5.5 5.0 4.0 3.5 3.0 2.5 2.0 2.0 1.5 1.5 1.0 1.0 1.0 0.5
        0.5 0.5"""),
}


def golden_min(f, lo, hi, steps=60):
    """The minimum of a unimodal f on [lo, hi] by golden-section search (fixed steps)."""
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return (a + b) / 2


def edge_bounce_worst(trace, stiffness, damping, v, lag, fps=60):
    """The largest |model - sample|: a spring from the edge (x0 = 0) with edge speed v,
    sample i taken lag + i/fps after the crossing."""
    return max(abs(spring(0.0, v, stiffness, damping, lag + i / fps)[0] - y)
               for i, y in enumerate(trace))


def fit_edge_bounce(trace, stiffness, damping, fps=60, grid=200):
    """The edge speed and crossing time that suit a spring best (smallest largest
    difference): the lag from the crossing to the first sample on a grid of `grid` steps
    in (0, 1/fps]; for each lag the edge speed by golden section on [0, 20000] pt/s (the
    largest difference is convex in v). Returns (worst, v, lag)."""
    best = None
    for j in range(1, grid + 1):
        lag = j / (grid * fps)
        v = golden_min(lambda s: edge_bounce_worst(trace, stiffness, damping, s, lag, fps), 0.0, 20000.0)
        worst = edge_bounce_worst(trace, stiffness, damping, v, lag, fps)
        if best is None or worst < best[0]:
            best = (worst, v, lag)
    return best


def fit_release_bounce(trace, stiffness, damping, fps=60, grid=100):
    """A spring released from rest x0 past the edge (trace 3): the lag from the release to
    the first sample on a grid in [0, 1/fps], x0 by golden section
    between the first sample and 100 pt beyond it (a release from rest only moves toward
    the edge; the largest difference is convex in x0). Returns (worst, x0, lag)."""
    def worst(x0, lag):
        return max(abs(spring(x0, 0.0, stiffness, damping, lag + i / fps)[0] - y)
                   for i, y in enumerate(trace))
    best = None
    for j in range(0, grid + 1):
        lag = j / (grid * fps)
        x0 = golden_min(lambda x: worst(x, lag), trace[0], trace[0] + 100)
        w = worst(x0, lag)
        if best is None or w < best[0]:
            best = (w, x0, lag)
    return best


def bounce_report():
    """The figures docs/fidelity.md quotes for uikit-recordings.md §6 (--bounce)."""
    s, z = TUNABLES["bounce.stiffness"], TUNABLES["bounce.damping"]
    for n in (1, 2):
        tr = BOUNCE_TRACES[n]
        w, v, lag = fit_edge_bounce(tr, s, z)
        w100, v100, lag100 = fit_edge_bounce(tr, 100.0, 1.0)
        at = edge_bounce_worst(tr, 100.0, 1.0, v, lag)
        print("trace %d: %d samples, peak %.2f" % (n, len(tr), max(tr)))
        print("  stiffness %g: v %.1f pt/s, lag %.2f ms, worst %.3f pt, peak %.2f"
              % (s, v, lag * 1000, w, v / math.sqrt(s) / math.e))
        print("  stiffness 100 fitted: v %.1f, lag %.2f ms, worst %.3f; at the 120 fit: worst %.2f, peak %.2f"
              % (v100, lag100 * 1000, w100, at, v / 10 / math.e))
        print("| frame | t after crossing (ms) | recorded | stiffness %g | difference | stiffness 100 (its own fit) | its difference |" % s)
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for i, y in enumerate(tr):
            m = spring(0.0, v, s, z, lag + i / 60)
            o = spring(0.0, v100, 100.0, 1.0, lag100 + i / 60)
            print("| %d | %.1f | %.2f | %.2f | %+.2f | %.2f | %+.2f |"
                  % (i, (lag + i / 60) * 1000, y, m[0], m[0] - y, o[0], o[0] - y))
    tr = BOUNCE_TRACES[3]
    fits = []
    for ss, zz in ((s, z), (TUNABLES["snapback.stiffness"], TUNABLES["snapback.damping"])):
        w, x0, lag = fit_release_bounce(tr, ss, zz)
        fits.append((ss, zz, x0, lag))
        print("trace 3, stiffness %g, damping %g: x0 %.2f, lag %.2f ms, worst %.3f pt" % (ss, zz, x0, lag * 1000, w))
    at_first = max(abs(spring(tr[0], 0.0, fits[1][0], fits[1][1], i / 60)[0] - y) for i, y in enumerate(tr))
    print("  the snap-back released from rest at the first sample: worst %.2f pt" % at_first)
    print("| frame | recorded | bounce spring (%g, critical) | difference | snap-back (%g, ζ %g) | its difference |"
          % (s, fits[1][0], fits[1][1]))
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for i, y in enumerate(tr):
        a, b = (spring(x0, 0.0, ss, zz, lag + i / 60)[0] for ss, zz, x0, lag in fits)
        print("| %d | %.2f | %.2f | %+.2f | %.2f | %+.2f |" % (i, y, a, a - y, b, b - y))


# ---------------------------------------------------------------------------
# Self-test: the published figures the brief quotes
# ---------------------------------------------------------------------------

def selftest():
    k = decel_k(0.998)
    travel = -900 / k
    assert round(travel, 2) == 449.55, travel
    first = decel_offset(0, 900, 0.998, 0.1)
    assert abs(first - 81.56) < 0.01, first
    assert round(rubber_band(120, 0.55, 667), 2) == 60.06
    assert round(rubber_band(240, 0.55, 667), 2) == 110.19
    assert abs(rubber_band_inverse(rubber_band(120, 0.55, 667), 0.55, 667) - 120) < 1e-9
    assert round(spring(100, 0, 100, 1, 0.1)[0], 2) == 73.58
    assert abs(ease_in_out(0.5) - 0.5) < 1e-12
    assert frame_count(0.125, 60) == 8 and frame_count(0.1, 60) == 6 and frame_count(0.4, 60) == 24
    # the world reproduces the same figures through its actions
    w = World(header=dict(height=240, pin=60))
    w.pull(120)
    assert abs(w.header_height() - 300.06) < 0.005, w.header_height()
    w = World()
    w.fling(-900)                       # finger up 90 pt in 6 frames, lifts at t=0.1
    assert abs(w.offset - 90) < 1e-9
    w.wait(0.1)
    assert abs(w.offset - (90 + 81.56)) < 0.01, w.offset
    # v1.3 (spec §6.2): a deceleration ends where its speed falls to 10 pt/s. UIKit's own
    # targetContentOffset for twelve recorded flings (docs/fidelity.md; the recording is in
    # Tests/ScrollSimTests/UIKitRecordingTests.swift) lies within 0.16 pt of that destination.
    recorded = [(0.998, 400.0, 0.480834, 635.3333), (0.998, 1244.67, 0.495222, 1487.0),
                (0.998, 1755.67, 0.30776, 1904.3334), (0.998, 2010.0, 0.262579, 2136.0),
                (0.998, 2315.67, 0.677054, 2649.0), (0.998, 2912.67, 1.381048, 3597.6667),
                (0.998, 4029.0, 2.530246, 5288.0), (0.998, 5686.67, 5.613967, 8486.0),
                (0.99, 8662.33, 0.756662, 8736.667), (0.99, 9000.33, 1.193017, 9118.0),
                (0.99, 9549.33, 2.347413, 9782.0), (0.99, 10180.67, 5.991895, 10776.0)]
    worst = max(abs(decel_destination(o0, v * 1000, r, 10.0) - target) for r, o0, v, target in recorded)
    assert worst < 0.17, worst
    assert abs(decel_end_time(900, 0.998, 10) - math.log(10 / 900) / (1000 * math.log(0.998))) < 1e-15
    w = World()
    w.fling(-900)
    w.settle()
    assert abs(w.offset - (90 + 890 / -decel_k(0.998))) < 1e-9, w.offset
    # v1.4 (spec §6.2): the two recorded flings into an edge (uikit-recordings.md §6),
    # each with its edge speed and crossing time fitted, follow the default bounce spring
    # within 0.5 pt at every sample; the v1.3 spring (stiffness 100) cannot get within it.
    assert TUNABLES["bounce.stiffness"] == 120.0 and TUNABLES["bounce.damping"] == 1.0
    fits = []
    for n in (1, 2):
        w, v, lag = fit_edge_bounce(BOUNCE_TRACES[n], TUNABLES["bounce.stiffness"], TUNABLES["bounce.damping"])
        assert w <= 0.5 and 0 < lag <= 1 / 60, (n, w, v, lag)
        w100 = fit_edge_bounce(BOUNCE_TRACES[n], 100.0, 1.0)[0]
        assert w100 > 0.5, (n, w100)
        fits.append((w, v, w100))
    assert abs(fits[0][1] - 4320) < 5 and abs(fits[1][1] - 2243) < 5, fits
    # The over-damped crossing's closed form against bracket-and-bisect.
    crossings = 0
    for x0, v0 in ((-100.0, 3000.0), (-100.0, 30000.0), (50.0, -40000.0), (30.0, -1000.0), (1.0, -400.0)):
        for s, z in ((2000.0, 2.8), (120.0, 1.5)):
            a = spring_crossing(x0, v0, s, z, 2.0)
            b = spring_crossing_bisect(x0, v0, s, z, 2.0)
            assert (a is None and b is None) or abs(a - b) < 1e-12, (x0, v0, s, z, a, b)
            crossings += a is not None
    assert crossings == 8, crossings
    refresh_selftest()
    print("refmodel selftest: ok (449.55, 81.56, 60.06, 110.19, 73.58; recorded targets within %.3f pt; "
          "flings into an edge within %.2f / %.2f pt at %.0f / %.0f pt/s, stiffness 100 at best %.2f / %.2f pt)"
          % (worst, fits[0][0], fits[1][0], fits[0][1], fits[1][1], fits[0][2], fits[1][2]))


def refresh_selftest():
    """Spec v1.5 §6.7: one refresh per pull, re-armed within trigger / 10 of the top, and
    no movement under a still finger while the top inset changes."""
    c, d = TUNABLES["rubberband"], 667.0
    # A held pull: p = 215 in 43 frames of 5 pt, q = b(215) = 100.44 >= 100 at frame 43.
    w = World(refresh=True)
    w.pull(215)
    assert w.k == 43 and w.rf_state == "refreshing" and w.rf_count == 1 and not w.rf_armed
    start = w.offset
    assert abs(start + rubber_band(215, c, d)) < 1e-9, start
    # Held still for longer than refresh.duration + refresh.endDuration (1 + 0.3 s): the
    # offset never moves, not at the start (the frames after it) nor in any frame of the
    # end animation (frames 103..121); one refresh only, `pulling` after it ends.
    states = set()
    for _ in range(w.frames(1.0 + 0.3 + 0.5)):
        w.frame()
        states.add(w.rf_state)
        assert abs(w.offset - start) < 1e-9, (w.k, w.offset, start)     # a rounding at most
        assert abs(w.vel) < 1e-6, (w.k, w.vel)
    assert states == {"refreshing", "ending", "idle", "pulling"}, states   # idle: frame 121 only
    assert w.rf_count == 1 and w.rf_state == "pulling" and w.rf_inset == 0.0, (w.rf_count, w.rf_state)
    assert abs(w.rf_progress() - 1.0) < 1e-12            # q = 100.44 past the top: capped at 1
    # The frame where ending ends runs no other rule; the next one reads `pulling`.
    w = World(refresh=True)
    w.pull(215)
    w.wait(1.3)                                            # frame 121 = t0 + 1 + 0.3: ended
    assert w.k == 121 and w.rf_state == "idle" and w.rf_ended_k == 121, (w.k, w.rf_state)
    w.tick()
    assert w.rf_state == "pulling" and w.rf_count == 1
    # Re-arm: the content back within trigger / 10 = 10 of the top, then a second pull.
    # After the end, min = 0 again and the drag was re-based under it: the unbanded
    # position is b^-1(b(215)) = 215 past the top. 210 pt up leave 5: q = b(5) = 2.74 <= 10.
    w.drag(-210)
    assert abs(w.rf_pull() - rubber_band(5, c, d)) < 1e-9, w.rf_pull()
    assert w.rf_armed and w.rf_state == "pulling" and w.rf_count == 1
    w.drag(215)                                            # unbanded 220: b(215) >= 100 on the way
    assert w.rf_count == 2 and w.rf_state == "refreshing", (w.rf_count, w.rf_state)
    # Not re-armed short of trigger / 10: back to 30 past the top, q = b(30) = 16.10 > 10.
    w = World(refresh=True)
    w.pull(215)
    w.wait(1.35)
    w.drag(-185)
    assert abs(w.rf_pull() - rubber_band(30, c, d)) < 1e-9 and not w.rf_armed
    w.drag(185)
    assert w.rf_count == 1 and w.rf_state == "pulling", (w.rf_count, w.rf_state)
    # Released and pulled again: the snap-back reaches the top, the control re-arms with
    # the finger up, and the next pull starts a second refresh.
    w = World(refresh=True)
    w.pull(215)
    w.release()
    w.settle()
    assert w.rf_state == "idle" and w.rf_count == 1 and w.offset == 0.0
    w.tick()
    assert w.rf_armed
    w.pull(215)
    assert w.rf_count == 2 and w.rf_state == "refreshing"


if __name__ == "__main__":
    if "--selftest" in sys.argv:
        selftest()
    elif "--bounce" in sys.argv:
        bounce_report()
    elif "--derive" in sys.argv:
        import runpy, os
        runpy.run_path(os.path.join(os.path.dirname(__file__), "derive_scenarios.py"), run_name="__main__")
    else:
        print(__doc__)
