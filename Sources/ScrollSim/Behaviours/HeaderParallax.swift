// The header image of post 001: it moves at (1 − F) of the scroll speed (spec §6.3).
// Configured by `parallax F` on the `header` line; present whenever a header is (F = 0
// without the option: the image moves with the header).

/// `header H parallax F`.
public struct HeaderParallax: BuiltInBehaviour, Equatable {
    /// Its members, by name: the declaration below lists them in this order.
    public enum Option: Int, BehaviourMember { case parallax }
    public enum Observable: Int, BehaviourMember { case imageY, imageHeight }
    public enum View: Int, BehaviourMember { case image }

    public static let declaration = BehaviourDeclaration(
        name: "parallax", namespace: "header",
        configuration: .options(of: "header", Option.allCases.map {
            switch $0 {
            case .parallax:
                ConfigOption("parallax", ConfigArgument(name: "parallax", placeholder: "F", quantity: .number,
                                                        range: .within(TunableRange(0, 1))),
                             summary: "the header image moves at (1 − F) of the scroll speed (post 001 uses 1/4.7 = 0.2128)")
            }
        }),
        observables: Observable.allCases.map {
            switch $0 {
            case .imageY:
                ObservableDeclaration("image.y", .quantity(.points), summary: "the header image's y: header.y × (1 − parallax)",
                                      prominence: 10, trace: .always)
            case .imageHeight:
                ObservableDeclaration("image.height", .quantity(.points), summary: "the header image's height (the header's height)",
                                      prominence: 11, trace: .always)
            }
        },
        views: View.allCases.map {
            switch $0 {
            case .image:
                // Drawn inside the header by the pictures; not listed by `frames`, takes no taps.
                ViewDeclaration("header.image", noun: "header image", layer: .content, listed: false, takesTaps: false,
                                style: .headerImage)
            }
        })

    let factor: Double
    let pin: Double?
    let stretches: Bool

    public init(_ setup: BehaviourSetup, _ adjustments: inout Adjustments) {
        factor = setup.settings.option(Option.parallax) ?? 0
        pin = setup.host?.option(StretchyHeader.Option.pin)
        stretches = !(setup.host?.has(StretchyHeader.Option.nostretch) ?? false)
    }

    @inline(__always)  // into the protocol witness: the reaction is written once (Behaviour.reduce)
    public mutating func reduce(_ event: BehaviourEvent, _ scroll: ScrollFacts, _ adjustments: inout Adjustments) -> Reaction {
        Reaction(animating: false)
    }

    public func value(of observable: Observable, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Value {
        let r = image(scroll, adjustments)
        switch observable {
        case .imageY: return .number(r.y, .points)
        case .imageHeight: return .number(r.height, .points)
        }
    }

    public func frame(of view: View, _ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect? {
        switch view {
        case .image: image(scroll, adjustments)
        }
    }

    /// The image's frame: y = header.y·(1 − F), the header's height.
    private func image(_ scroll: ScrollFacts, _ adjustments: Adjustments) -> Rect {
        let r = StretchyHeader.visibleFrame(scroll, adjustments, pin: pin, stretches: stretches)
        return Rect(x: 0, y: r.y * (1 - factor), width: r.width, height: r.height)
    }
}
