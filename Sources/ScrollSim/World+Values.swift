import Foundation

/// Observables (spec §5). Never traps: a bad index gives a zero/false/empty value.
extension World {
    public func value(_ id: ObservableID, section: Int = 0, row: Int = 0) -> Value {
        switch id {
        case .time: return .number(time, .seconds)
        case .offset: return pt(scroll.offset)
        case .offsetMin: return pt(bounds.min)
        case .offsetMax: return pt(bounds.max)
        case .tapTarget: return .string(tapTarget.text)
        case .velocity: return .number(scroll.velocity, .velocity)
        case .phase: return .state(scroll.phase.state)
        case .contentHeight: return pt(table.contentHeight)
        case .contentRemaining: return pt(bounds.max - scroll.offset)
        case .screenWidth: return pt(screenWidth)
        case .screenHeight: return pt(screenHeight)
        case .fingerDown: return .bool(finger.isDown)
        case .fingerTranslation: return pt(finger.translation)
        case .fingerVelocity: return .number(finger.velocity, .velocity)
        case .headerY, .headerHeight, .headerBottom, .headerScale, .headerFrame,
             .headerImageY, .headerImageHeight, .headerExpanded:
            return headerValue(id)
        case .toolbarY, .toolbarHeight, .toolbarState, .toolbarFrame:
            return toolbarValue(id)
        case .sectionY, .sectionHeight, .sectionOpen, .sectionRows, .sectionTitle, .sectionFrame:
            return sectionValue(id, section)
        case .rowY, .rowHeight, .rowVisible, .rowTitle, .rowFrame:
            return rowValue(id, section, row)
        }
    }

    /// `tap.target` as ids and indexes (`.noTap` before the first tap).
    public var tapTarget: TapTargetName { lastTap?.target ?? .noTap }

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

    private func headerValue(_ id: ObservableID) -> Value {
        let r = headerFrame() ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let layoutHeight = headerHeight ?? 0
        switch id {
        case .headerY: return pt(r.y)
        case .headerHeight: return pt(r.height)
        case .headerBottom: return pt(r.y + r.height)
        case .headerScale: return .number(layoutHeight > 0 ? r.height / layoutHeight : 0, .number)
        case .headerFrame: return .rect(r)
        case .headerImageY: return pt(r.y * (1 - (config.header?.parallax ?? 0)))
        case .headerImageHeight: return pt(r.height)
        default: return .bool(headerToggle?.expanded ?? false)
        }
    }

    private func toolbarValue(_ id: ObservableID) -> Value {
        let r = toolbarFrame() ?? Rect(x: 0, y: screenHeight, width: 0, height: 0)
        switch id {
        case .toolbarY: return pt(r.y)
        case .toolbarHeight: return pt(r.height)
        case .toolbarState: return .state((toolbar?.mode ?? .hidden).state)
        default: return .rect(r)
        }
    }

    private func sectionValue(_ id: ObservableID, _ i: Int) -> Value {
        let valid = i >= 0 && i < table.sectionCount
        let r = sectionFrame(i) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        switch id {
        case .sectionY: return pt(r.y)
        case .sectionHeight: return pt(r.height)
        case .sectionOpen: return .bool(valid && accordion.open[i])
        case .sectionRows: return .number(valid ? Double(table.rowCounts[i]) : 0, .count)
        case .sectionTitle: return .string(valid ? sectionTitles[i] ?? "" : "")
        default: return .rect(r)
        }
    }

    private func rowValue(_ id: ObservableID, _ i: Int, _ j: Int) -> Value {
        let r = rowFrame(i, j) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        switch id {
        case .rowY: return pt(r.y)
        case .rowHeight: return pt(r.height)
        case .rowVisible: return .bool(isOnScreen(r))
        case .rowTitle: return .string(rowTitle(i, j) ?? "")
        default: return .rect(r)
        }
    }
}
