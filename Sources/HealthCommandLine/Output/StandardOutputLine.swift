#if canImport(Glibc)
    import Glibc
#endif

/// One line to standard output at once, from any thread (the page engine's request lines).
package enum StandardOutputLine {
    package static func write(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
