// The behaviours this module registers, in one list: the classes stay internal (their
// delegate methods need no `public`), and the command and the tests take the list.
import ScrollScript

/// The two ported delegates, for `ScrollScriptCommand.main(behaviours:)` and
/// `runScrollScenarios(_:behaviours:)`.
public let portedBehaviours: [any ScrollBehaviour.Type] = [TitleFadeController.self, FeedPager.self]

/// A behaviour with a bug (DimmedHeader.swift), for the tests that must see it caught.
public let faultyBehaviours: [any ScrollBehaviour.Type] = [DimmedHeader.self]
