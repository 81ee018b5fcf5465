import ScrollSim

/// The REPL's spelling of a simulated time: "t=1.250 s" (`timeText`, unspaced). Every
/// REPL line that shows the clock uses this.
public func replTimeLabel(_ time: Double) -> String {
    timeText(time, spaced: false)
}
