// The series of `scrollscript plot`: by default the observables that show the motion
// (offset, the header's height and bottom, the toolbar's y; the plot leaves out those that
// never move), or those named with `--columns` (numbers only: a plot has one y axis).
import ScrollSim

/// Why a `plot --columns` list was refused: the trace's reasons, or a column that is not a
/// number.
public enum PlotColumnError: Error, Equatable, Sendable {
    case column(TraceColumnError)
    /// A state, boolean or text (`phase`), or a trace field (`frame`): nothing to draw
    /// against points.
    case notANumber(String)

    public var message: String {
        switch self {
        case .column(let e): return e.message
        case .notANumber(let name): return "column '\(name)' is not a number; plot draws numbers (offset, header.bottom, velocity, section[2].y, ...)"
        }
    }
}

public enum PlotColumns {
    /// offset, then the observables the declared behaviours mark as plotted, in registration
    /// order: with a header `header.height` and `header.bottom` (a pinned header's height
    /// stays put while its bottom moves; a stretched or toggling one changes both); with a
    /// toolbar `toolbar.y`.
    public static func defaults(for config: SceneConfig) -> [TraceColumn] {
        let registry = config.registry
        var cols = [TraceColumn(.core(.offset), registry)]
        for o in registry.observables where o.plotted && o.owner != nil && registry.missing(for: o.id, in: config) == nil {
            cols.append(TraceColumn(o.id, registry))
        }
        return cols
    }

    /// `--columns offset,header.bottom,velocity`: as `trace --columns` reads them, each a
    /// number (a distance, a speed, seconds, a plain number or a count).
    public static func parse(_ list: String, config: SceneConfig) -> Result<[TraceColumn], PlotColumnError> {
        switch TraceColumns.parse(list, config: config) {
        case .failure(let e): return .failure(.column(e))
        case .success(let cols):
            var out: [TraceColumn] = []
            for c in cols where c.source != .field(.failure) {
                guard case .observable(let id, _, _) = c.source, case .quantity = config.registry.observable(id).kind else {
                    return .failure(.notANumber(c.name))
                }
                out.append(c)
            }
            return .success(out)
        }
    }
}
