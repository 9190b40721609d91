import HealthCore

/// Standard output as a ``ByteSink``: a data format goes out exactly, except on a terminal,
/// where text from people and files must not act on the screen (controls are shown as escapes).
package final class StandardOutputSink: ByteSink {
    private let output: any TextOutput

    package init(_ output: any TextOutput) { self.output = output }

    package func write(_ bytes: UnsafeRawBufferPointer) {
        if output.isTerminal {
            output.write(String(decoding: bytes, as: UTF8.self).visibleControls(lineBreaks: .keep))
        } else {
            output.write(bytes: Array(bytes))
        }
    }
}
