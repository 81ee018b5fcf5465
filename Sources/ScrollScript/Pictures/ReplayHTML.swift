// `scrollscript replay`: one self-contained HTML page that plays a recording on a drawn
// phone screen (docs/pictures.md). The tool computes every frame and embeds them as JSON
// (JSONWriter, script-safe: no title can end the <script> element); the page's script only
// positions elements. No network, no other file.
import ScrollSim

public enum ReplayHTML {
    public static func render(_ r: PictureRecording) -> String {
        var page = ""
        let title = "\(r.scenarioName) — \(r.file)"
        page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(xmlAttribute(title))</title>\n<style>\n\(css)</style>\n</head>\n<body>\n"
        page += "<div id=\"top\"><h1>\(xmlAttribute(quoteString(r.scenarioName)))</h1>"
        var sub = "\(r.file) · \(r.fps) fps · \(formatFixed(r.duration, 3)) s"
        if r.stride > 1 { sub += " · every \(r.stride)th frame" }
        page += "<div class=\"sub\">\(xmlAttribute(sub))"
        if let f = r.failure {
            page += " · <span class=\"bad\">FAILED at " + timeText(f.time) + "</span>"
        } else {
            page += " · <span class=\"good\">passed</span>"
        }
        page += "</div></div>\n"
        page += body
        page += "<script type=\"application/json\" id=\"data\">\n"
        page += data(r)
        page += "\n</script>\n<script>\n\(script)</script>\n"
        // A pull-to-refresh indicator (a view of that style) is drawn only in a scene that
        // declares one: its own style and script, which follow the frame the page shows.
        if drawn(r, .indicator) != nil { page += "<style>\n\(indicatorCSS)</style>\n<script>\n\(indicatorScript)</script>\n" }
        // A user behaviour's views of the box style: the same, only in a scene that declares one.
        if !boxes(r).isEmpty { page += "<style>\n\(boxCSS)</style>\n<script>\n\(boxScript)</script>\n" }
        page += "</body>\n</html>\n"
        return page
    }

    /// The recording as JSON: the scene, the statements, then the frames column by column;
    /// geometry as `svgNumber` writes it, strings safe inside the page's `<script>` element.
    static func data(_ r: PictureRecording) -> String {
        func number(_ x: Double) -> JSONValue { .formatted(svgNumber(x)) }
        func flag(_ b: Bool) -> JSONValue { .int(b ? 1 : 0) }
        var j: [JSONMember] = []
        func add(_ key: String, _ value: JSONValue) { j.append(JSONMember(key, value)) }
        add("file", .string(r.file))
        add("scenario", .string(r.scenarioName))
        add("fps", .int(r.fps))
        add("stride", .int(r.stride))
        add("screen", [number(r.config.screenWidth), number(r.config.screenHeight)])
        // The page draws a table header (with its image) and a toolbar, each from the first
        // declared view of that style: the header's word as written, the toolbar's height.
        add("header", drawn(r, .tableHeader).map { wordJSON(r, $0.view) } ?? .null)
        add("toolbar", toolbarHeight(r).map(number) ?? .null)
        if drawn(r, .indicator) != nil { add("indicator", true) }
        let bx = boxes(r)
        if !bx.isEmpty {
            let registry = r.config.registry
            add("boxes", .array(bx.map { k in
                let v = registry.view(r.drawnViews[k])
                return .ordered(["name": .string(v.name), "layer": .string(String(describing: v.layer))])
            }))
        }
        add("rowHeight", number(r.config.tunables[.rowHeight]))
        add("sections", .array(r.config.effectiveSections.map { s in
            .ordered(["title": s.title.map(JSONValue.string) ?? .null, "rows": .array(s.rowTitles.map(JSONValue.string))])
        }))
        add("statements", .array(r.statements.map { .ordered(["line": .int($0.line), "text": .string($0.text)]) }))
        add("panel", .array(r.panelColumns.map { .string($0.name) }))
        if let f = r.failure, let c = r.checks.last(where: { $0.failed }) {
            add("failure", .ordered(["time": .string(formatFixed(f.time, 3)), "frame": .int(c.frame), "message": .string(c.message)]))
        } else {
            add("failure", .null)
        }
        add("checks", .array(r.checks.map { [.int($0.frame), flag($0.failed)] }))
        // Statements that take no time (taps, release): shown for a moment after they ran.
        let instants = r.spans.filter { $0.startFrame == $0.endFrame && !r.statements[$0.statement].isExpectation }
        add("instants", .array(instants.map {
            [.int($0.startFrame), .int($0.statement), .string($0.note), $0.tapX.map(number) ?? .null, $0.tapY.map(number) ?? .null]
        }))
        let fs = r.frames
        var columns: [JSONMember] = []
        func column(_ name: String, _ value: (FrameSample) -> JSONValue) {
            columns.append(JSONMember(name, .array(fs.map(value))))
        }
        column("frame") { .int($0.frame) }
        column("stmt") { .int($0.statement) }
        column("fd") { flag($0.fingerDown) }
        column("ft") { number($0.fingerTranslation) }
        func frames(_ style: ViewStyle, _ part: @escaping (Rect) -> Double) -> (FrameSample) -> JSONValue {
            let k = drawn(r, style)?.index
            return { f in k.flatMap { f.views[$0] }.map { number(part($0)) } ?? .int(0) }
        }
        column("hy", frames(.tableHeader) { $0.y })
        column("hh", frames(.tableHeader) { $0.height })
        column("iy", frames(.headerImage) { $0.y })
        column("ty", frames(.toolbar) { $0.y })
        if drawn(r, .indicator) != nil {
            column("ry", frames(.indicator) { $0.y })
            column("rh", frames(.indicator) { $0.height })
        }
        if !bx.isEmpty {
            // Each box's frame and opacity per frame: [x, y, width, height, alpha], null when none.
            column("bx") { f in
                .array(bx.map { k in
                    f.views[k].map { [number($0.x), number($0.y), number($0.width), number($0.height),
                                      number(f.opacities.indices.contains(k) ? f.opacities[k] : 1)] } ?? .null
                })
            }
        }
        column("sec") { f in
            .array(f.sections.map { s in
                [.int(s.index), number(s.headerY), number(s.headerHeight), number(s.rowsTop), number(s.rowHeight),
                 .int(s.firstRow), .int(s.lastRow), flag(s.headerOnScreen)]
            })
        }
        column("panel") { f in .array(f.panel.map(JSONValue.string)) }
        add("f", .members(columns))
        return JSONWriter.text(.members(j), scriptSafe: true)
    }

    /// The places in `r.drawnViews` of the declared views drawn as boxes.
    static func boxes(_ r: PictureRecording) -> [Int] {
        r.drawnViews.indices.filter { r.config.declares(r.drawnViews[$0].behaviour) && r.config.registry.view(r.drawnViews[$0]).style == .box }
    }

    /// The toolbar's height: its word's argument (`toolbar 60`), or, for a behaviour with
    /// no argument (a user's), its view's height in the first frame it has one.
    static func toolbarHeight(_ r: PictureRecording) -> Double? {
        guard let t = drawn(r, .toolbar) else { return nil }
        if let a = r.config.settings(t.view.behaviour)?.argument { return a }
        return r.frames.lazy.compactMap { $0.views[t.index]?.height }.first
    }

    /// The first drawn view of `style` whose behaviour the scene declares, and its place
    /// in `r.drawnViews` (each frame's `views`).
    static func drawn(_ r: PictureRecording, _ style: ViewStyle) -> (index: Int, view: ViewID)? {
        for (k, v) in r.drawnViews.enumerated() where r.config.declares(v.behaviour) && r.config.registry.view(v).style == style {
            return (k, v)
        }
        return nil
    }

    /// The configuration word of `v`'s behaviour as written, as JSON: its argument as
    /// `height`, then each option that takes a number (null when not written); distances to
    /// hundredths, plain numbers exact.
    static func wordJSON(_ r: PictureRecording, _ v: ViewID) -> JSONValue {
        let registry = r.config.registry
        guard let word = registry.word(of: v.behaviour) else { return .null }
        func number(_ x: Double?, _ q: Quantity) -> JSONValue {
            guard let x else { return .null }
            return .formatted(q == .points ? svgNumber(x) : String(x))
        }
        var members: [JSONMember] = []
        if let a = word.argument { members.append(JSONMember("height", number(r.config.settings(word.owner)?.argument, a.quantity))) }
        for o in word.options {
            guard let a = o.option.argument else { continue }
            members.append(JSONMember(o.option.word, number(r.config.settings(o.owner)?.option(o.index), a.quantity)))
        }
        return .members(members)
    }

    static let body = """
    <div id="main">
    <div id="stage"><div id="phone"><div id="screen">
    <div id="rows"></div><div id="heads"></div>
    <div id="hdr"><div id="img"><svg viewBox="0 0 375 240" preserveAspectRatio="xMidYMid slice" width="100%" height="100%" aria-hidden="true"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5aa9e6"/><stop offset="1" stop-color="#cde8f6"/></linearGradient></defs><rect width="375" height="240" fill="url(#sky)"/><circle cx="290" cy="70" r="30" fill="#ffd166"/><path d="M0 190 L70 110 L130 170 L200 90 L290 180 L340 140 L375 165 L375 240 L0 240 Z" fill="#3d6b4f"/><path d="M0 215 L90 170 L170 210 L260 160 L375 205 L375 240 L0 240 Z" fill="#2a4d38"/></svg></div><div id="hdrlabel"></div></div>
    <div id="toolbar"><span>‹</span><span>›</span><span>↑</span><span>▢</span><span>☰</span></div>
    <div id="finger"></div><div id="tap"></div>
    </div></div></div>
    <div id="side">
    <div id="controls">
    <button id="play" type="button" title="play / pause (space)">▶</button>
    <button id="back" type="button" title="one frame back (←)">◀︎ frame</button>
    <button id="fwd" type="button" title="one frame forward (→)">frame ▶︎</button>
    <label>speed <select id="speed"><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option></select></label>
    </div>
    <div id="track"><input id="scrub" type="range" min="0" max="0" value="0" step="1" aria-label="time"><div id="marks"></div></div>
    <div id="now"></div>
    <div id="stmt"></div>
    <div id="fail"></div>
    <table id="obs"><tbody></tbody></table>
    <p class="hint">← → step a frame · space plays · add #t=0.4 to the address to open at 0.4 s</p>
    </div>
    </div>

    """

    static let boxCSS = """
    .box{position:absolute;display:none;align-items:center;justify-content:center;overflow:hidden;background:rgba(255,159,10,.35);border:1px solid rgba(191,90,0,.8);font-size:13px;color:#5a2d00;box-sizing:border-box}

    """

    /// Draws the boxes (column `bx`) at their layers: background ones under the rows,
    /// content ones over the sections, screen ones over the toolbar, for the frame the page
    /// shows (`body.dataset.frame`).
    static let boxScript = frameScript(setup: #"""
        var screen = document.getElementById("screen"), els = [];
        var before = {background: document.getElementById("rows"), content: document.getElementById("hdr"), screen: document.getElementById("finger")};
        for (var b = 0; b < D.boxes.length; b++) {
          var el = document.createElement("div");
          el.className = "box";
          el.dataset.name = D.boxes[b].name;
          el.textContent = D.boxes[b].name;
          screen.insertBefore(el, before[D.boxes[b].layer] || before.screen);
          els.push(el);
        }
        """#, draw: #"""
          for (var b = 0; b < els.length; b++) {
            var q = F.bx[i][b], el = els[b];
            if (q === null) { el.style.display = "none"; continue; }
            el.style.display = "flex";
            el.style.left = q[0] + "px"; el.style.top = q[1] + "px";
            el.style.width = q[2] + "px"; el.style.height = q[3] + "px";
            el.style.opacity = String(q[4]);
            el.dataset.y = Number(q[1]).toFixed(2); el.dataset.alpha = Number(q[4]).toFixed(3);
          }
        """#)

    static let indicatorCSS = """
    #indicator{position:absolute;left:0;width:100%;display:none;align-items:center;justify-content:center;overflow:hidden;background:#f2f2f7}
    #indicator .spin{width:22px;height:22px;border-radius:50%;border:3px solid #c7c7cc;border-top-color:#636366}

    """

    /// Draws the indicator (columns `ry`, `rh`) under the rows for the frame the page shows
    /// (`body.dataset.frame`, which the page's script sets for every frame it draws).
    static let indicatorScript = frameScript(setup: #"""
        var el = document.createElement("div");
        el.id = "indicator";
        el.innerHTML = '<div class="spin"></div>';
        var screen = document.getElementById("screen");
        screen.insertBefore(el, screen.firstChild);
        """#, draw: #"""
          var h = F.rh[i];
          el.style.top = F.ry[i] + "px";
          el.style.height = h + "px";
          el.style.display = h > 0 ? "flex" : "none";
          el.dataset.height = Number(h).toFixed(2);
        """#)

    /// A page script that draws a layer for the frame the page shows: `setup` runs once
    /// (with `D`, the page's data, and `F`, its frame columns), `draw` at every frame (with
    /// `i`, the frame's index in `F`), when the page's script sets `body.dataset.frame`.
    static func frameScript(setup: String, draw: String) -> String {
        #"""
        (function(){
        "use strict";
        var D = JSON.parse(document.getElementById("data").textContent);
        var F = D.f, at = {};
        for (var k = 0; k < F.frame.length; k++) at[F.frame[k]] = k;
        \#(setup)
        function draw(){
          var i = at[document.body.dataset.frame];
          if (i === undefined) return;
        \#(draw)
        }
        new MutationObserver(draw).observe(document.body, {attributes: true, attributeFilter: ["data-frame"]});
        draw();
        })();

        """#
    }

    static let css = """
    *{box-sizing:border-box}
    body{margin:0;font-family:-apple-system,"Segoe UI","DejaVu Sans",Verdana,"Noto Sans CJK JP","VL Gothic",sans-serif;background:#eef0f3;color:#1d1d1f}
    #top{padding:10px 16px 6px}
    h1{font-size:18px;margin:0 0 2px;word-break:break-word}
    .sub{font-size:13px;color:#555;word-break:break-all}
    .bad{color:#c62828;font-weight:bold}.good{color:#1a7f37;font-weight:bold}
    #main{display:flex;gap:16px;padding:8px 16px 16px;align-items:flex-start}
    #stage{flex:0 0 auto}
    #phone{background:#1c1c1e;border-radius:28px;padding:14px;box-shadow:0 4px 18px rgba(0,0,0,.25);overflow:hidden}
    #screen{position:relative;overflow:hidden;background:#fff;transform-origin:0 0}
    #rows,#heads{position:absolute;left:0;top:0;width:100%;height:100%}
    .row{position:absolute;left:0;width:100%;border-bottom:1px solid #d9d9de;background:#fff;font-size:15px;overflow:hidden;white-space:nowrap}
    .row .in{display:flex;align-items:center;padding-left:16px}
    .row .ix{color:#8e8e93;font-size:11px;margin-left:auto;padding-right:10px}
    .sec{position:absolute;left:0;width:100%;background:#f2f2f7;border-bottom:1px solid #c8c8cd;font-size:13px;font-weight:600;color:#3a3a3c;padding-left:16px;display:flex;align-items:center;overflow:hidden;white-space:nowrap}
    #hdr{position:absolute;left:0;width:100%;overflow:hidden;background:#5aa9e6}
    #img{position:absolute;left:0;width:100%}
    #img svg{display:block}
    #hdrlabel{position:absolute;left:10px;bottom:6px;font-size:12px;color:#fff;text-shadow:0 1px 2px rgba(0,0,0,.6)}
    #toolbar{position:absolute;left:0;width:100%;background:rgba(248,248,250,.96);border-top:1px solid #c8c8cd;display:flex;justify-content:space-around;align-items:center;font-size:22px;color:#0a84ff}
    #finger{position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;background:rgba(255,59,48,.35);border:2px solid rgba(255,59,48,.9);display:none;pointer-events:none}
    #tap{position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;border-radius:50%;border:3px solid rgba(10,132,255,.9);background:rgba(10,132,255,.18);display:none;pointer-events:none}
    #side{flex:1 1 320px;min-width:0;max-width:560px}
    #controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
    button,select{font-size:15px;padding:6px 10px;border-radius:8px;border:1px solid #b0b0b8;background:#fff}
    #play{min-width:48px}
    #track{position:relative;margin:12px 0 4px}
    #scrub{width:100%;margin:0}
    #marks{position:relative;height:12px;margin:0 8px}
    .mark{position:absolute;top:0;width:2px;height:10px;background:#1a7f37}
    .mark.bad{background:#c62828;width:4px;height:12px}
    .mark.tap{background:#4a6fa5;height:6px;top:6px}
    #now{font-size:16px;font-variant-numeric:tabular-nums;margin:6px 0}
    #stmt{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:14px;background:#fff;border:1px solid #d0d0d6;border-radius:6px;padding:6px 8px;margin:6px 0;white-space:pre-wrap;word-break:break-word}
    #fail{display:none;white-space:pre-wrap;font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px;color:#b71c1c;background:#fdecea;border:1px solid #f5c2c0;border-radius:6px;padding:6px 8px;margin:6px 0;word-break:break-word}
    #obs{border-collapse:collapse;font-size:13px;width:100%;background:#fff;border:1px solid #d0d0d6}
    #obs td{padding:2px 8px;border-bottom:1px solid #eee;font-variant-numeric:tabular-nums}
    #obs td:first-child{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;color:#444;white-space:nowrap}
    #obs td:last-child{text-align:right;word-break:break-all}
    .hint{font-size:12px;color:#666}
    @media (max-width:700px){#main{flex-direction:column;padding:6px}#stage{align-self:center}#side{width:100%;max-width:none}#phone{border-radius:18px;padding:8px}}

    """

    static let script = #"""
    (function(){
    "use strict";
    var D = JSON.parse(document.getElementById("data").textContent);
    var F = D.f, N = F.frame.length, W = D.screen[0], H = D.screen[1];
    var $ = function(id){ return document.getElementById(id); };
    var screen = $("screen"), rowsEl = $("rows"), headsEl = $("heads"), hdr = $("hdr"), img = $("img"),
        tb = $("toolbar"), finger = $("finger"), scrub = $("scrub");
    screen.style.width = W + "px"; screen.style.height = H + "px";
    scrub.max = String(Math.max(0, N - 1));
    if (!D.header) hdr.style.display = "none";
    if (D.toolbar === null) tb.style.display = "none"; else tb.style.height = D.toolbar + "px";
    function fix(x, d){ var s = Number(x).toFixed(d); return s === "-" + (0).toFixed(d) ? (0).toFixed(d) : s; }
    function text(el, s){ if (el.textContent !== s) el.textContent = s; }

    // Fit the phone to the window (a phone-sized window too).
    var scale = 1;
    function fit(){
      var narrow = window.innerWidth <= 700;
      var availW = narrow ? window.innerWidth - 12 - 16 : Math.max(240, window.innerWidth - 400);
      var availH = (narrow ? window.innerHeight * 0.62 : window.innerHeight - $("top").offsetHeight - 24) - 2 * (narrow ? 8 : 14);
      scale = Math.max(0.2, Math.min(availW / W, availH / H, 1.5));
      screen.style.transform = "scale(" + scale + ")";
      var pad = narrow ? 8 : 14, phone = $("phone");
      phone.style.width = (W * scale + 2 * pad) + "px";
      phone.style.height = (H * scale + 2 * pad) + "px";
    }

    // Where the finger dot starts for each touch: centred on the touch's range of travel.
    var fingerY = new Array(N);
    (function(){
      var i = 0;
      while (i < N) {
        if (!F.fd[i]) { fingerY[i] = null; i++; continue; }
        var j = i, lo = Infinity, hi = -Infinity;
        while (j < N && F.fd[j]) { lo = Math.min(lo, F.ft[j]); hi = Math.max(hi, F.ft[j]); j++; }
        var start = Math.min(Math.max(H / 2 - (lo + hi) / 2, 30 - lo), H - 30 - hi);
        for (var k = i; k < j; k++) fingerY[k] = Math.min(Math.max(start + F.ft[k], 22), H - 22);
        i = j;
      }
    })();

    // Failure box, marks along the scrubber.
    if (D.failure) { var fb = $("fail"); fb.style.display = "block"; fb.textContent = "failed at t = " + D.failure.time + " s\n" + D.failure.message; }
    var last = N > 0 ? F.frame[N - 1] : 0;
    D.instants.forEach(function(c){
      var m = document.createElement("div");
      m.className = "mark tap";
      m.style.left = "calc(" + (last > 0 ? 100 * c[0] / last : 0) + "% - 1px)";
      $("marks").appendChild(m);
    });
    D.checks.forEach(function(c){
      var m = document.createElement("div");
      m.className = "mark" + (c[1] ? " bad" : "");
      m.style.left = "calc(" + (last > 0 ? 100 * c[0] / last : 0) + "% - " + (c[1] ? 2 : 1) + "px)";
      $("marks").appendChild(m);
    });

    // A pool of elements reused frame to frame.
    function pool(parent, cls){
      var items = [];
      return { get: function(n){ while (items.length <= n) { var e = document.createElement("div"); e.className = cls; parent.appendChild(e); items.push(e); } return items[n]; },
               hide: function(from){ for (var i = from; i < items.length; i++) items[i].style.display = "none"; } };
    }
    var rowPool = pool(rowsEl, "row"), secPool = pool(headsEl, "sec");
    var obsBody = $("obs").tBodies[0];

    var cur = 0;
    function draw(i){
      if (N === 0) return;
      i = Math.max(0, Math.min(N - 1, i)); cur = i;
      var r = 0, s = 0;
      var secs = F.sec[i];
      for (var n = 0; n < secs.length; n++) {
        var q = secs[n], ix = q[0], sec = D.sections[ix] || {title: null, rows: []};
        if (q[5] >= 0) for (var j = q[5]; j <= q[6]; j++) {
          var e = rowPool.get(r++);
          e.style.display = "block"; e.style.top = (q[3] + j * q[4]) + "px"; e.style.height = q[4] + "px";
          var label = (sec.rows && j < sec.rows.length) ? sec.rows[j] : "Row " + j;
          if (e.dataset.key !== ix + "," + j) {
            // The row's content keeps its full height; a row closing or opening clips it.
            e.dataset.key = ix + "," + j; e.innerHTML = "";
            var inner = document.createElement("div"); inner.className = "in"; inner.style.height = D.rowHeight + "px";
            var t = document.createElement("span"); t.textContent = label;
            var k = document.createElement("span"); k.className = "ix"; k.textContent = "[" + ix + "," + j + "]";
            inner.appendChild(t); inner.appendChild(k); e.appendChild(inner);
          }
        }
        if (q[7] && q[2] > 0) {
          var h = secPool.get(s++);
          h.style.display = "flex"; h.style.top = q[1] + "px"; h.style.height = q[2] + "px";
          h.dataset.section = ix; h.dataset.y = fix(q[1], 2);
          text(h, sec.title === null ? "" : sec.title);
        }
      }
      rowPool.hide(r); secPool.hide(s);
      if (D.header) {
        hdr.style.top = F.hy[i] + "px"; hdr.style.height = F.hh[i] + "px";
        hdr.dataset.y = fix(F.hy[i], 2); hdr.dataset.height = fix(F.hh[i], 2);
        img.style.top = (F.iy[i] - F.hy[i]) + "px"; img.style.height = F.hh[i] + "px";
        text($("hdrlabel"), "header " + fix(F.hh[i], 2) + " pt");
      }
      if (D.toolbar !== null) { tb.style.top = F.ty[i] + "px"; tb.dataset.y = fix(F.ty[i], 2); }
      if (fingerY[i] !== null) { finger.style.display = "block"; finger.style.left = (W * 0.62) + "px"; finger.style.top = fingerY[i] + "px"; }
      else finger.style.display = "none";
      var t = F.frame[i] / D.fps;
      // A sample that repeats its frame is the world after the statements that took no
      // time there (a release, a tap at the end): the state the scenario ended with.
      var after = i > 0 && F.frame[i - 1] === F.frame[i];
      text($("now"), "t = " + fix(t, 3) + " s · frame " + F.frame[i] + " of " + last + (after ? " · after the statements at this time" : ""));
      var st = F.stmt[i] >= 0 ? D.statements[F.stmt[i]] : null;
      var shown = st ? "line " + st.line + ": " + st.text : "(start: no statement has run yet)";
      // What ran without taking time just before this frame (for 0.3 s); a tap as a ring
      // that fades where it touched.
      var f0 = F.frame[i], ring = $("tap");
      ring.style.display = "none";
      for (var q = 0; q < D.instants.length; q++) {
        var ins = D.instants[q];
        if ((ins[0] < f0 || (after && ins[0] === f0)) && ins[0] >= f0 - 0.3 * D.fps) {
          if (ins[3] !== null) {
            ring.style.display = "block"; ring.style.left = ins[3] + "px"; ring.style.top = ins[4] + "px";
            ring.style.opacity = String(1 - (f0 - ins[0]) / (0.3 * D.fps + 1));
            ring.dataset.x = fix(ins[3], 2); ring.dataset.y = fix(ins[4], 2);
          }
          var is = D.statements[ins[1]];
          shown += "\njust ran, line " + is.line + ": " + is.text + (ins[2] ? " → " + ins[2] : "") + " (t = " + fix(ins[0] / D.fps, 3) + " s)";
        }
      }
      text($("stmt"), shown);
      while (obsBody.rows.length) obsBody.deleteRow(0);
      function add(name, value){ var tr = obsBody.insertRow(); var a = tr.insertCell(); a.textContent = name; var b = tr.insertCell(); b.textContent = value; }
      for (var c = 0; c < D.panel.length; c++) add(D.panel[c], F.panel[i][c]);
      for (n = 0; n < secs.length; n++) if (secs[n][7]) add("section[" + secs[n][0] + "].y", fix(secs[n][1], 2));
      scrub.value = String(i);
      document.body.dataset.frame = String(F.frame[i]);
    }

    // Playback.
    var playing = false, speed = 1, simT = 0, lastNow = 0;
    function indexAt(t){
      var f = Math.round(t * D.fps), lo = 0, hi = N - 1;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (F.frame[mid] <= f) lo = mid; else hi = mid - 1; }
      return lo;
    }
    // Timed with performance.now() and driven by setTimeout (not requestAnimationFrame,
    // which a hidden or headless window may not run): simulated time advances by the
    // wall time elapsed × speed, and the frame shown is the one at that time.
    var timer = null;
    function setPlaying(p){
      playing = p; text($("play"), p ? "❚❚" : "▶");
      if (timer !== null) { clearTimeout(timer); timer = null; }
      if (p) { if (cur >= N - 1) cur = 0; simT = F.frame[cur] / D.fps; lastNow = performance.now(); timer = setTimeout(tick, 1000 / 60); }
    }
    function tick(){
      timer = null;
      if (!playing) return;
      var now = performance.now();
      simT += (now - lastNow) / 1000 * speed;
      lastNow = now;
      var i = indexAt(simT);
      if (i !== cur) draw(i);
      if (i >= N - 1) { setPlaying(false); return; }
      timer = setTimeout(tick, 1000 / 60);
    }
    $("play").onclick = function(){ setPlaying(!playing); };
    $("back").onclick = function(){ setPlaying(false); draw(cur - 1); };
    $("fwd").onclick = function(){ setPlaying(false); draw(cur + 1); };
    $("speed").onchange = function(){ speed = Number(this.value); };
    scrub.oninput = function(){ setPlaying(false); draw(Number(scrub.value)); };
    document.addEventListener("keydown", function(e){
      if (e.target && e.target.tagName === "SELECT") return;
      if (e.key === "ArrowLeft") { setPlaying(false); draw(cur - 1); e.preventDefault(); }
      else if (e.key === "ArrowRight") { setPlaying(false); draw(cur + 1); e.preventDefault(); }
      else if (e.key === " ") { setPlaying(!playing); e.preventDefault(); }
      else if (e.key === "Home") { setPlaying(false); draw(0); }
      else if (e.key === "End") { setPlaying(false); draw(N - 1); }
    });
    function fromHash(){
      var m = /(?:^#|&)t=([0-9]*\.?[0-9]+)/.exec(location.hash);
      if (!m) return false;
      setPlaying(false); draw(indexAt(Number(m[1]))); return true;
    }
    window.addEventListener("hashchange", fromHash);
    window.addEventListener("resize", fit);
    fit();
    draw(0);
    if (!fromHash()) setPlaying(true);
    })();

    """#
}
