// What a user behaviour's code runs inside, per thread: the animation runtime of the
// behaviour being called (so that `View.animate`, a static function as in UIKit, knows the
// simulated clock and where to keep its animations), and whether views answer with what is
// on screen (their presentation, when the tool reads observables and frames) or with what the
// code last set (their model, inside delegate methods, as in UIKit).
//
// Per thread because scenarios run on several threads at once (`run --jobs`); C thread-local
// cells holding plain values (CThreadContext), because a delegate call sets and restores the
// runtime every frame: no object, no retain, no allocation, no call.
import CThreadContext

package enum ThreadContext {
    /// The runtime of the call in progress on this thread (its pointer, unretained).
    @inline(__always)
    static var runtimePointer: UnsafeMutableRawPointer? { scrollscript_context_get_runtime() }

    /// Makes `p` (an `AnimationRuntime`, unretained, or null) the current one.
    @inline(__always)
    package static func setRuntime(_ p: UnsafeMutableRawPointer?) { scrollscript_context_set_runtime(p) }

    /// The runtime of the call in progress on this thread, if any.
    static var runtime: AnimationRuntime? {
        runtimePointer.map { Unmanaged<AnimationRuntime>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The time views answer their presentation at on this thread; nil: their model.
    static var presentationTime: Double? {
        @inline(__always) get {
            let t = scrollscript_context_get_presentation_time()
            return t.isNaN ? nil : t
        }
        set { scrollscript_context_set_presentation_time(newValue ?? .nan) }
    }

    /// A delegate method's default (empty) implementation ran since the flag was cleared.
    static var defaultMethodRan: Bool {
        @inline(__always) get { scrollscript_context_get_default_ran() != 0 }
        @inline(__always) set { scrollscript_context_set_default_ran(newValue ? 1 : 0) }
    }

    /// The type whose default `init(_:)` runs now (it calls `init()`), if any.
    static var defaultSceneInit: UnsafeRawPointer? {
        get { scrollscript_context_get_default_init() }
        set { scrollscript_context_set_default_init(newValue) }
    }

    /// `type`, as `defaultSceneInit` holds it.
    package static func key(_ type: Any.Type) -> UnsafeRawPointer { unsafeBitCast(type, to: UnsafeRawPointer.self) }
}
