import ScrollSim

/// The REPL's one spelling of a simulated time: "t=1.250 s" (three decimals, the
/// printer's fixed form). Every REPL line that shows the clock uses this.
public func replTimeLabel(_ time: Double) -> String {
    "t=" + formatFixed(time, 3) + " s"
}
