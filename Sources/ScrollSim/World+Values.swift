import Foundation

/// Observables (spec §5). Never traps: a bad index gives a zero/false/empty value.
extension World {
    public func value(_ id: ObservableID, section: Int = 0, row: Int = 0) -> Value {
        switch id {
        case .time: return .number(time, .seconds)
        case .offset: return pt(scroll.offset)
        case .offsetMin: return pt(bounds.min)
        case .offsetMax: return pt(bounds.max)
        case .tapTarget: return .string(lastTap?.targetName ?? "")
        case .velocity: return .number(scroll.velocity, .velocity)
        case .phase: return .state(scroll.phase.state)
        case .contentHeight: return pt(table.contentHeight)
        case .contentRemaining: return pt(bounds.max - scroll.offset)
        case .screenWidth: return pt(screenWidth)
        case .screenHeight: return pt(screenHeight)
        case .fingerDown: return .bool(finger.isDown)
        case .fingerTranslation: return pt(finger.translation)
        case .fingerVelocity: return .number(finger.velocity, .velocity)
        case .headerY: return pt(headerRect().y)
        case .headerHeight: return pt(headerRect().height)
        case .headerBottom: let r = headerRect(); return pt(r.y + r.height)
        case .headerScale:
            let layoutHeight = headerHeight ?? 0
            return .number(layoutHeight > 0 ? headerRect().height / layoutHeight : 0, .number)
        case .headerFrame: return .rect(headerRect())
        case .headerImageY: return pt(headerRect().y * (1 - (config.header?.parallax ?? 0)))
        case .headerImageHeight: return pt(headerRect().height)
        case .headerExpanded: return .bool(headerToggle?.expanded ?? false)
        case .toolbarY: return pt(toolbarRect().y)
        case .toolbarHeight: return pt(toolbarRect().height)
        case .toolbarState: return .state((toolbar?.mode ?? .hidden).state)
        case .toolbarFrame: return .rect(toolbarRect())
        case .sectionY: return pt(sectionRect(section).y)
        case .sectionHeight: return pt(sectionRect(section).height)
        case .sectionOpen: return .bool(validSection(section) && accordion.open[section])
        case .sectionRows: return .number(validSection(section) ? Double(table.rowCounts[section]) : 0, .count)
        case .sectionTitle: return .string(validSection(section) ? sectionTitles[section] ?? "" : "")
        case .sectionFrame: return .rect(sectionRect(section))
        case .rowY: return pt(rowRect(section, row).y)
        case .rowHeight: return pt(rowRect(section, row).height)
        case .rowVisible: return .bool(isOnScreen(rowRect(section, row)))
        case .rowTitle: return .string(rowTitle(section, row) ?? "")
        case .rowFrame: return .rect(rowRect(section, row))
        }
    }

    /// A tunable's value in this world.
    public func value(_ id: TunableID) -> Value {
        let x = config.tunables[id]
        switch id.kind {
        case .bool: return .bool(x != 0)
        case .quantity(let q): return .number(x, q)
        default: return .number(x, .number)
        }
    }

    private func pt(_ x: Double) -> Value { .number(x, .points) }

    private static let zeroRect = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The header's visible frame; zero without a header.
    private func headerRect() -> Rect { headerFrame() ?? World.zeroRect }

    /// The toolbar's frame; below the screen, zero-sized, without a toolbar.
    private func toolbarRect() -> Rect { toolbarFrame() ?? Rect(x: 0, y: screenHeight, width: 0, height: 0) }

    private func validSection(_ i: Int) -> Bool { i >= 0 && i < table.sectionCount }

    private func sectionRect(_ i: Int) -> Rect { sectionFrame(i) ?? World.zeroRect }

    private func rowRect(_ i: Int, _ j: Int) -> Rect { rowFrame(i, j) ?? World.zeroRect }
}
