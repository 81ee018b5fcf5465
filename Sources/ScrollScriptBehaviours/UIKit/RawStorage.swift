// A value kept at a fixed address, owned by a class: the UIKit-shaped objects read and
// write their per-call state through a pointer, because a class's stored properties cost a
// dynamic exclusivity check at each access and these are touched every frame.

/// One `T` in memory of its own, freed with this object.
package final class RawStorage<T> {
    package let pointer: UnsafeMutablePointer<T>

    package init(_ value: T) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
