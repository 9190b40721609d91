#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import BuildToolFiles
import CFuzzerDriver
import HealthFuzzTargets

// One fuzzing executable for every parser; HEALTHLOG_FUZZ_TARGET chooses which
// (quick-entry, when, csv, omron, withings, apple-health, fhir, json-backup, template).
//
// Built with `-sanitize=fuzzer -DFUZZING` it hands over to libFuzzer's driver.
// Built normally it replays the files named on its command line, to turn a crash into a test.

nonisolated(unsafe) private var selectedTarget: FuzzTarget?
nonisolated(unsafe) private var scratchDirectory = ""

private func prepare() -> FuzzTarget {
    if let selectedTarget { return selectedTarget }
    let name = getenv("HEALTHLOG_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        complain("set HEALTHLOG_FUZZ_TARGET to one of: \(names)")
        exit(64)
    }
    var template = Array("/tmp/healthlog-fuzz-\(String(repeating: "X", count: 6))".utf8CString)
    scratchDirectory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    selectedTarget = target
    return target
}

private func complain(_ message: String) {
    let line = "healthlog-fuzz: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let target = prepare()
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = target.run(bytes, scratchDirectory: scratchDirectory)
    return 0
}

@main
struct FuzzMain {
    static func main() {
        #if FUZZING
            _ = prepare()
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
            replayFiles()
        #endif
    }

    /// Runs each file named on the command line through the target once.
    static func replayFiles() {
            let target = prepare()
            var accepted = 0
            let files = CommandLine.arguments.dropFirst()
            for path in files {
                guard let bytes = fileBytes(path) else {
                    complain("cannot read \(path)")
                    exit(66)
                }
                if target.run(bytes, scratchDirectory: scratchDirectory) { accepted += 1 }
            }
            print("\(target.rawValue): \(files.count) inputs replayed, \(accepted) accepted, no crash")
    }
}
