// The checker, configuration (spec §3): scene and scenario settings, sections, header, set.

extension Checker {
    /// A constant number for a configuration value, with its dimension checked.
    mutating func configNumber(_ e: Expr, _ what: Operand, _ want: Quantity) -> Double? {
        guard let c = constValue(e) else {
            if hasOverflowedLiteral(e) { return nil }   // the lexer said "too large" already
            if case .bool = e {
                error(e.location, .configNotBool(what, want))
            } else if case .name(let n, _) = e {
                error(e.location, .configNotName(what, want, name: n))
            } else {
                error(e.startLocation, .configNotConstant(what))
            }
            return nil
        }
        if !c.dim.compatible(.quantity(want)) || (c.dim.dimensioned != nil && want != .points && want != .seconds && want != .velocity) {
            error(e.startLocation, .wrongKind(what, want: want, found: .num(c.dim)))
            return nil
        }
        guard c.value.isFinite else { return nil }
        return c.value
    }

    mutating func wholeConfigNumber(_ e: Expr, _ what: Operand) -> Int? {
        guard let v = configNumber(e, what, .count) else { return nil }
        guard let n = wholeNumber(v) else {
            error(e.startLocation, .notWholeCount(what, v))
            return nil
        }
        return n
    }

    mutating func applyConfig(_ s: Stmt, to cfg: inout SceneConfig, sections: inout [SectionConfig]?) {
        if stopsForTooManyErrors(s) { return }
        let errorsBefore = diagnostics.count
        defer {
            switch s.kind {
            case .section, .sections: if diagnostics.count > errorsBefore { tableUnknown = true }
            default: break
            }
        }
        switch s.kind {
        case .screen(let w, let h):
            if let v = configNumber(w, .screenWidth, .points) {
                if Limits.screenSide.contains(v) { cfg.screenWidth = v } else {
                    error(w.startLocation, .screenSideOutOfRange(.screenWidth, v))
                }
            }
            if let v = configNumber(h, .screenHeight, .points) {
                if Limits.screenSide.contains(v) { cfg.screenHeight = v } else {
                    error(h.startLocation, .screenSideOutOfRange(.screenHeight, v))
                }
            }
        case .fps(let e):
            if let v = configNumber(e, .fps, .count) {
                if let n = wholeNumber(v), Limits.fpsRange.contains(n) { cfg.fps = n } else {
                    error(e.startLocation, .fpsOutOfRange(v))
                }
            }
        case .header(let he, let options):
            applyHeader(he, options, &cfg)
        case .toolbar(let he):
            var h = SceneConfig.defaultToolbarHeight
            if let he, let v = configNumber(he, .toolbarHeight, .points) {
                if Limits.toolbarHeight.contains(v) { h = v } else {
                    error(he.startLocation, .outOfRange(.toolbarHeight, v, Limits.toolbarHeight))
                }
            }
            cfg.toolbarHeight = h
        case .section(let title, let rows, let open):
            var sec = SectionConfig(title: title?.value, rowCount: 0, open: open ?? true)
            switch rows {
            case .count(let e):
                if let n = wholeConfigNumber(e, .sectionRowCount) { sec.rowCount = n }
            case .titles(let ts):
                sec.rowCount = ts.count
                sec.rowTitles = ts.map { $0.value }
            }
            appendSections([sec], s.location, &sections)
        case .sections(let ne, let me):
            guard let n = wholeConfigNumber(ne, .sectionCount),
                  let m = wholeConfigNumber(me, .rowCount) else { return }
            if n > Limits.maxSections {
                error(ne.startLocation, .tooManySectionsDeclared(n))
                return
            }
            if m > Limits.maxRows {
                error(me.startLocation, .tooManyRowsDeclared(m))
                return
            }
            let list = (0..<n).map { SectionConfig(title: "Section \($0)", rowCount: m) }
            appendSections(list, s.location, &sections)
        case .accordion(let single):
            cfg.accordion = single ? .single : .multiple
        case .set(let name, let nameLoc, let value):
            applySet(name, nameLoc, value, &cfg)
        default:
            break
        }
    }

    mutating func appendSections(_ list: [SectionConfig], _ l: SourceLocation, _ sections: inout [SectionConfig]?) {
        let wasNil = sections == nil
        var all = sections ?? []
        sections = nil  // `all` is now the only reference: appending does not copy
        // On an error the list stays as it was (nil stays nil: the scene's list applies).
        defer { sections = wasNil && all.isEmpty ? nil : all }
        let before = all.count
        if sectionRowsCache.count != before {
            sectionRowsCache = (before, all.reduce(0) { $0 &+ $1.rowCount })
        }
        let rowsBefore = sectionRowsCache.rows
        let rowsAdded = list.reduce(0) { $0 &+ $1.rowCount }
        if before + list.count > Limits.maxSections {
            error(l, .tooManySections)
            return
        }
        if rowsBefore + rowsAdded > Limits.maxRows {
            error(l, .tooManyRows)
            return
        }
        all.append(contentsOf: list)
        sectionRowsCache = (all.count, rowsBefore &+ rowsAdded)
    }

    mutating func applyHeader(_ he: Expr, _ options: [HeaderOption], _ cfg: inout SceneConfig) {
        // A header whose height is wrong is still declared: one error at the value, and
        // nothing further about the header (`header.height`, `tap header` were reported as
        // "needs a header, and this scenario declares none"). A file with errors never runs,
        // so the stand-in height below is never simulated.
        var known: Double?
        if let v = configNumber(he, .headerHeight, .points) {
            if Limits.headerHeight.contains(v) {
                known = v
            } else {
                error(he.startLocation, .outOfRange(.headerHeight, v, Limits.headerHeight))
            }
        }
        let h = known ?? 1
        var header = HeaderConfig(height: h)
        for o in options {
            switch o {
            case .pin(let e, _):
                if let p = configNumber(e, .pin, .points) {
                    // With the height unknown only the lower bound can be checked.
                    if p >= 0 && p <= (known ?? .infinity) { header.pin = min(p, h) } else {
                        error(e.startLocation, .pinOutOfRange(p, headerHeight: known))
                    }
                }
            case .parallax(let e, _):
                if let f = configNumber(e, .parallax, .number) {
                    if f >= 0 && f <= 1 { header.parallax = f } else {
                        error(e.startLocation, .parallaxOutOfRange(f))
                    }
                }
            case .toggle(let e, _):
                if let t = configNumber(e, .toggleHeight, .points) {
                    if Limits.headerHeight.contains(t) { header.toggle = t } else {
                        error(e.startLocation, .outOfRange(.toggleHeight, t, Limits.headerHeight))
                    }
                }
            case .nostretch:
                header.stretches = false
            }
        }
        cfg.header = header
    }

    mutating func applySet(_ name: String, _ nameLoc: SourceLocation, _ value: Expr, _ cfg: inout SceneConfig) {
        guard let id = TunableID(rawValue: name) else {
            error(nameLoc, .unknownTunable(name))
            return
        }
        let named = id.namedValues
        if case .name(let n, let l) = value {
            if let v = named.first(where: { $0.name == n }) {
                cfg.tunables[id] = v.value
            } else if named.isEmpty {
                error(l, .tunableNotName(id, name: n))
            } else {
                error(l, .notANamedValue(id, name: n))
            }
            return
        }
        if case .bool(let b, let l) = value {
            if id.kind == .bool { cfg.tunables[id] = b ? 1 : 0 } else {
                error(l, .tunableNotBool(id))
            }
            return
        }
        guard case .quantity(let q) = id.kind else {
            error(value.startLocation, .tunableTakesBool(id))
            return
        }
        guard let v = configNumber(value, .tunable(id), q) else { return }
        guard id.range.contains(v) else {
            error(value.startLocation, .outOfRange(.tunable(id), v, id.range))
            return
        }
        cfg.tunables[id] = v
    }

}
