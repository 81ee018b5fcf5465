// A behaviour with a bug the tool must catch (spec §8: a value that is not finite fails
// the scenario): an ease-out curve whose input is not clamped. Past `length` points of
// scrolling, the square root of a negative number is NaN. Not a ported delegate: the CLI
// and runner tests use it to see `run` fail at the statement during which alpha became NaN.
import ScrollScript

final class DimmedHeader: ScrollBehaviour {
    static let declaration = BehaviourSpec<DimmedHeader>(
        name: "dim", summary: "a header dimmed with an ease-out curve (its input unclamped: a bug)",
        observables: [.number("alpha", summary: "sqrt(1 - offset / 100)") { $0.alpha }])

    var alpha: CGFloat = 1

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        alpha = (1 - scrollView.contentOffset.y / 100).squareRoot()
    }
}
