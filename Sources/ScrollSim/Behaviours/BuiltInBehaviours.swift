// The built-in behaviours, registered in the order the world calls them each frame
// (docs/architecture.md, "Adding a behaviour"): a new built-in is one line here.

extension BehaviourRegistry {
    /// The header (post 000), its parallax (001) and toggle (002), the toolbar (003), the
    /// accordion (004), pull to refresh (§6.7).
    public static let builtIn = BehaviourRegistry([
        StretchyHeader.entry,
        HeaderParallax.entry,
        HeaderToggle.entry,
        Toolbar.entry,
        Accordion.entry,
        PullToRefresh.entry,
    ])
}
