import Foundation
import HealthQRCode
@_exported import HealthLogTestSupport

/// What zbarimg (Debian's zbar-tools), a decoder independent of libqrencode, reads in `code`
/// drawn as a black-on-white image with a 4-module quiet zone; nil when it finds no QR code.
func decodedByZbar(_ code: QRCode) throws -> String? {
    let directory = TemporaryDirectory()
    let scale = 4
    let margin = 4
    let side = (code.size + 2 * margin) * scale
    var image = "P1\n\(side) \(side)\n"
    for y in 0..<side {
        let row = (0..<side).map { x in code[y / scale - margin, x / scale - margin] ? "1" : "0" }
        image += row.joined(separator: " ") + "\n"
    }
    let path = directory.file("code.pbm")
    try image.write(toFile: path, atomically: false, encoding: .ascii)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
    process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
}
