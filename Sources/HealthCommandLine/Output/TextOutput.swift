#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
public import HealthCore

/// Why an output stopped taking text.
public enum OutputFailure: Equatable, Sendable {
    /// The reader went away (`healthlog list | head -1`): the program ends quietly, as `ls` does.
    case readerGone
    /// Writing failed: a full disk, a closed descriptor, an I/O error.
    case failed(Phrase)
}

/// Where a command writes text: the process's stdout or stderr, or a buffer in tests.
public protocol TextOutput: AnyObject {
    /// Appends `text` as is.
    func write(_ text: String)
    /// Appends bytes as they are (a PDF written to standard output).
    func write(bytes: [UInt8])
    /// True when the output is an interactive terminal (colour and progress are allowed).
    var isTerminal: Bool { get }
    /// Writes out anything held back.
    func flush()
    /// The first write that failed, if any; later writes are dropped.
    var failure: OutputFailure? { get }
    /// The terminal's width in columns, when it says (TIOCGWINSZ).
    var terminalColumns: Int? { get }
    /// The terminal's height in rows, when it says (TIOCGWINSZ).
    var terminalRows: Int? { get }
}

extension TextOutput {
    public func flush() {}
    public var failure: OutputFailure? { nil }
    public var terminalColumns: Int? { nil }
    public var terminalRows: Int? { nil }
}

extension TextOutput {
    /// Appends `text` and a line break.
    public func line(_ text: String = "") { write(text + "\n") }

    /// Appends a data format (CSV) exactly, except on a terminal: there, text from people and
    /// files must not act on the screen, so controls are shown as escapes.
    public func writeData(_ text: String) {
        write(isTerminal ? text.visibleControls(lineBreaks: .keep) : text)
    }
}

/// A file descriptor such as stdout, buffered and flushed when full or on ``flush()``. Every
/// write is checked: the first failure is kept in ``failure`` and later text is dropped.
public final class FileDescriptorOutput: TextOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    public let isTerminal: Bool
    public private(set) var failure: OutputFailure?

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        self.isTerminal = isatty(descriptor) == 1
        buffer.reserveCapacity(64 * 1024)
    }

    deinit { flush() }

    public var terminalColumns: Int? { isTerminal ? Terminal.columns(descriptor: descriptor) : nil }
    public var terminalRows: Int? { isTerminal ? Terminal.rows(descriptor: descriptor) : nil }

    public func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        flushWhenDue(lineEnded: text.utf8.last == 10)
    }

    public func write(bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer.append(contentsOf: bytes)
        flushWhenDue(lineEnded: bytes.last == 10)
    }

    /// A terminal gets each line as it ends (as C's stdio does), so lines on standard output and
    /// standard error appear in the order they were said; a file or pipe gets 64 KiB at a time.
    private func flushWhenDue(lineEnded: Bool) {
        if buffer.count >= 64 * 1024 || (isTerminal && lineEnded) { flush() }
    }

    /// Writes out everything buffered.
    public func flush() {
        var offset = 0
        while offset < buffer.count, failure == nil {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno == EPIPE ? .readerGone : .failed(OutputError.reason(errno))
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Collects output in memory, for tests and for callers that post-process it.
public final class CapturedOutput: TextOutput {
    public private(set) var text = ""
    /// Everything written, as bytes.
    public private(set) var bytes: [UInt8] = []
    public let isTerminal: Bool
    public let terminalColumns: Int?

    public init(isTerminal: Bool = false, terminalColumns: Int? = nil) {
        self.isTerminal = isTerminal
        self.terminalColumns = terminalColumns
    }

    public func write(_ text: String) {
        self.text += text
        bytes += Array(text.utf8)
    }

    public func write(bytes: [UInt8]) {
        self.bytes += bytes
        text += String(decoding: bytes, as: UTF8.self)
    }
}
