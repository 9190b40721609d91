import Foundation

/// A poppler tool (pdftotext, pdfinfo, pdftoppm) that did not finish well.
public struct PopplerFailure: Error, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    public var description: String { "\(arguments.joined(separator: " ")) failed with status \(status)" }
}

/// Runs a poppler tool and returns its standard output: one helper for every test target that
/// reads a PDF back.
public func poppler(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw PopplerFailure(arguments: [tool] + arguments, status: process.terminationStatus) }
    return String(decoding: data, as: UTF8.self)
}

/// ``poppler(_:_:)`` with the tool first in `arguments`: `poppler(["pdftotext", path, "-"])`.
public func poppler(_ arguments: [String]) throws -> String {
    try poppler(arguments[0], Array(arguments.dropFirst()))
}
