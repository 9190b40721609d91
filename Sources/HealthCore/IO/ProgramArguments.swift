import CSystem

/// The program's arguments, as the C library handed them to it before `main`.
///
/// Swift's `CommandLine` finds them through `/proc` on Linux, and holds none where `/proc` is
/// not mounted (a freshly made chroot), so a range over them traps; these are always there.
public enum ProgramArguments {
    /// Every argument's bytes, the program's own name first; a byte that is not UTF-8 is kept.
    public static var raw: [UnsafeMutablePointer<CChar>] {
        guard let argv = healthlog_argv() else { return [] }
        return (0..<Int(healthlog_argc())).compactMap { argv[$0] }
    }
}
