// What a user behaviour's code runs inside, per thread: the animation runtime of the
// behaviour being called (so that `View.animate`, a static function as in UIKit, knows the
// simulated clock and where to keep its animations), and whether views answer with what is
// on screen (their presentation, when the tool reads observables and frames) or with what the
// code last set (their model, inside delegate methods, as in UIKit).
//
// Per thread because scenarios run on several threads at once (`run --jobs`); a pthread key
// because it costs a load, not an allocation, on each delegate call.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class ThreadContext {
    /// The runtime of the behaviour whose code runs now, nil outside its calls.
    var runtime: AnimationRuntime?
    /// Views answer their presentation at this time (the tool reads observables and
    /// frames); nil: their model.
    var presentationTime: Double?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Glibc)
        pthread_key_create(&key) { p in
            if let p { Unmanaged<ThreadContext>.fromOpaque(p).release() }
        }
        #else
        pthread_key_create(&key) { p in Unmanaged<ThreadContext>.fromOpaque(p).release() }
        #endif
        return key
    }()

    /// This thread's context (made on first use, released when the thread ends).
    static var current: ThreadContext {
        if let p = pthread_getspecific(key) { return Unmanaged<ThreadContext>.fromOpaque(p).takeUnretainedValue() }
        let c = ThreadContext()
        pthread_setspecific(key, Unmanaged.passRetained(c).toOpaque())
        return c
    }

    /// This thread's context if it has one (views ask on every read of an animated property).
    static var existing: ThreadContext? {
        pthread_getspecific(key).map { Unmanaged<ThreadContext>.fromOpaque($0).takeUnretainedValue() }
    }
}
