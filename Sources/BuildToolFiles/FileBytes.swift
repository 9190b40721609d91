// What the package's tools (import-layering-check, embed-web-assets, healthlog-fuzz's replay)
// share: reading a whole file with the C library alone, so a tool needs no Foundation.

#if canImport(Glibc)
    import Glibc
#endif

/// The whole file at `path`, or nil when it cannot be opened or a read fails.
public func fileBytes(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[0..<count]
    }
    return ferror(file) == 0 ? bytes : nil
}
