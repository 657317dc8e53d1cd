import Glibc

// A stand-in for the three Darwin calls an App Group queue store makes by their module's name
// (Darwin.open, Darwin.close, Darwin.flock); its constants (O_CREAT, LOCK_EX …) come from
// Foundation as on Apple platforms. Swift imports C's `flock` as the struct of that name only, so
// the function cannot be called (on Darwin either): this one takes the same exclusive whole-file
// lock through lockf (per process; such a store adds a lock per process itself).
public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
public func close(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
public func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    operation & LOCK_UN != 0 ? lockf(descriptor, F_ULOCK, 0) : lockf(descriptor, F_LOCK, 0)
}
