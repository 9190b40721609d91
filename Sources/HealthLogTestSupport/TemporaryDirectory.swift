#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private temporary directory for a test, removed with everything in it when the value goes away.
public final class TemporaryDirectory {
    public let path: String

    public init() {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/healthlog-test-\(String(repeating: "X", count: 6))".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        // Folders a test made read-only are made writable again so they can go.
        _ = "chmod -R u+rwx '\(path)' && rm -rf '\(path)'".withCString { system($0) }
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) -> String {
        let target = file(name)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor >= 0 {
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        return target
    }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
}

/// splitmix64: a small deterministic generator, so seeded tests repeat exactly.
public struct SplitMixGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
