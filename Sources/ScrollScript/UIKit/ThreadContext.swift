// What a user behaviour's code runs inside, per thread: the animation runtime of the
// behaviour being called (so that `View.animate`, a static function as in UIKit, knows the
// simulated clock and where to keep its animations), and whether views answer with what is
// on screen (their presentation, when the tool reads observables and frames) or with what the
// code last set (their model, inside delegate methods, as in UIKit).
//
// Per thread because scenarios run on several threads at once (`run --jobs`); pthread keys
// holding plain pointers, because a delegate call sets and restores the runtime every frame:
// no object, no retain, no allocation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ThreadContext {
    /// The runtime whose behaviour's code runs now (unretained), null outside its calls.
    private static let runtimeKey: pthread_key_t = makeKey()
    /// A pointer to this thread's presentation time cell (made on first use, freed when the
    /// thread ends); NaN in it: views answer their model.
    private static let timeKey: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Glibc)
        pthread_key_create(&key) { p in p?.assumingMemoryBound(to: Double.self).deallocate() }
        #else
        pthread_key_create(&key) { p in p.assumingMemoryBound(to: Double.self).deallocate() }
        #endif
        return key
    }()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }

    /// The runtime of the call in progress on this thread (its pointer, unretained).
    @inline(__always)
    static var runtimePointer: UnsafeMutableRawPointer? { pthread_getspecific(runtimeKey) }

    /// Makes `p` (an `AnimationRuntime`, unretained, or null) the current one.
    @inline(__always)
    static func setRuntime(_ p: UnsafeMutableRawPointer?) { pthread_setspecific(runtimeKey, p) }

    /// The runtime of the call in progress on this thread, if any.
    static var runtime: AnimationRuntime? {
        runtimePointer.map { Unmanaged<AnimationRuntime>.fromOpaque($0).takeUnretainedValue() }
    }

    private static var timeCell: UnsafeMutablePointer<Double> {
        if let p = pthread_getspecific(timeKey) { return p.assumingMemoryBound(to: Double.self) }
        let cell = UnsafeMutablePointer<Double>.allocate(capacity: 1)
        cell.initialize(to: .nan)
        pthread_setspecific(timeKey, cell)
        return cell
    }

    /// The time views answer their presentation at on this thread; nil: their model.
    static var presentationTime: Double? {
        get {
            guard let p = pthread_getspecific(timeKey) else { return nil }
            let t = p.assumingMemoryBound(to: Double.self).pointee
            return t.isNaN ? nil : t
        }
        set { timeCell.pointee = newValue ?? .nan }
    }
}
